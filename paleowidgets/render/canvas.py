"""The board of a sheet on an HTML canvas: the same plan, colours and dig patterns as the SVG.

Pure drawing, no Jupyter import: :func:`plan_board` lays out the grid of a
:class:`~paleowidgets.render.sheet.Sheet` (margins, cells, fossils, outlines, stars) in two
layers, and :class:`Painter` turns plan items into canvas calls on anything that has the
HTML-canvas methods of ipycanvas' ``Canvas`` (:class:`CanvasLike`).

* the *static* layer never changes during a game: the paper, the cell names in the
  margins, every cell as handed out (open, fossil, star, a puzzle's ``#``) and the stars;
* the *marks* layer is what play adds: the cells that look different from the blank sheet,
  the fossils' outlines and values (on top, so that drawn ring cells never hide them; thick
  with a check mark once dug up), the shape outlines, covered stars and the grid border.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> from .sheet import sheet_of
>>> board = plan_board(sheet_of(parse_document(TINY)), cell_size=48)
>>> board.cell_at(board.x + 1.5 * 48, board.y + 0.2 * 48)
(1, 0)
>>> rec = Recorder()
>>> Painter(rec).paint(board.marks)
>>> rec.calls[0][0]
'set'
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .. import i18n
from ..core.geometry import Cell
from ..core.rules import Game
from ..core.terms import DIG_TYPES
from . import sections
from . import style as st
from .primitives import Circle, Group, Item, Paint, Path, PatternSpec, Plan, Rect, Text
from .sheet import Ctx, Sheet
from .style import FONT_FAMILY

BOARD_PAD = 0.3        # room round the grid block, in cells


@dataclass(frozen=True)
class BoardPlan:
    """The board of one sheet, in canvas pixels: its size, where the grid is, two layers.

    ``x``, ``y`` is the top-left corner of cell A1 and ``cell`` the side of a cell, so a
    pixel turns into a cell with :meth:`cell_at` and back with :meth:`cell_box`.
    """

    width: int
    height: int
    cell: float
    x: float
    y: float
    columns: int
    rows: int
    static: tuple[Item, ...]
    marks: tuple[Item, ...]
    patterns: tuple[PatternSpec, ...]
    theme: st.Theme

    def cell_at(self, px: float, py: float) -> Cell | None:
        """The cell under canvas pixel ``(px, py)``, or None outside the grid."""
        cx = math.floor((px - self.x) / self.cell)
        cy = math.floor((py - self.y) / self.cell)
        if 0 <= cx < self.columns and 0 <= cy < self.rows:
            return cx, cy
        return None

    def cell_box(self, cell: Cell) -> tuple[float, float, float, float]:
        """``(x, y, w, h)`` of a cell in canvas pixels (cells outside the grid too)."""
        return (self.x + cell[0] * self.cell, self.y + cell[1] * self.cell,
                self.cell, self.cell)

    def cell_centre(self, cell: Cell) -> tuple[float, float]:
        x, y, w, h = self.cell_box(cell)
        return x + w / 2, y + h / 2


@dataclass(frozen=True)
class _GridParts:
    margins: tuple[Item, ...]
    cells: tuple[Item, ...]
    fossils: tuple[Item, ...]
    outlines: tuple[Item, ...]
    stars: tuple[Item, ...]
    border: tuple[Item, ...]
    origin: tuple[float, float]
    width: float
    height: float


def _grid_parts(sheet: Sheet, ctx: Ctx) -> _GridParts:
    """The grid block of :mod:`.sections`, sorted by what each item shows (its class)."""
    block = sections.grid_block(sheet, ctx)
    board = block.items[-1]
    assert isinstance(board, Group) and board.cls == "board"
    kinds: dict[str, list[Item]] = {"cell": [], "fossil": [], "shape-outline": [],
                                    "star": [], "grid-border": []}
    for item in board.items:
        kinds[item.cls.split()[0]].append(item)
    return _GridParts(tuple(block.items[:-1]), tuple(kinds["cell"]), tuple(kinds["fossil"]),
                      tuple(kinds["shape-outline"]), tuple(kinds["star"]),
                      tuple(kinds["grid-border"]), (board.x, board.y), block.width,
                      block.height)


@functools.lru_cache(maxsize=32)
def _blank_parts(game: Game, u: float, theme: str,
                 labels: tuple[tuple[str, str], ...], lang: str) -> _GridParts:
    """The grid of a game's blank sheet (the static layer), computed once per look."""
    blank = Sheet(game.initial_state(), blank=True)
    assert blank.theme.name == theme
    return _grid_parts(blank, Ctx(u, blank.theme, dict(labels), lang))


def plan_board(sheet: Sheet, *, cell_size: float = 48,
               labels: Mapping[str, str] | None = None, lang: str | None = None) -> BoardPlan:
    """The board of ``sheet`` as a static layer and a marks layer (see the module doc); the
    names the map gives (fossils' tooltips) in ``lang``, the language in force by default.

    A board is planned again at every click, so only what play changes is made again
    (:func:`_marked_cells`, the fossils, outlines and stars); the margins, the border and
    the geometry are the blank sheet's, made once per look. :func:`plan_whole` plans the
    same board from the whole grid block; ``tests/test_board_commands.py`` checks they
    agree."""
    code, ctx = _plan_ctx(sheet, cell_size, labels, lang)
    blank = _blank_parts(sheet.game, ctx.u, ctx.theme.name, tuple(sorted(ctx.labels.items())),
                         code)
    return _assemble(sheet, ctx, blank, _marked_cells(sheet, ctx, blank),
                     (*sections.fossils(sheet, ctx), *sections.shape_outlines(sheet, ctx)),
                     sections.stars(sheet, ctx), blank.border)


def plan_whole(sheet: Sheet, *, cell_size: float = 48,
               labels: Mapping[str, str] | None = None, lang: str | None = None) -> BoardPlan:
    """:func:`plan_board` made from the sheet's whole grid block (every cell compared with
    the blank sheet's): slower, and the reference it is checked against."""
    code, ctx = _plan_ctx(sheet, cell_size, labels, lang)
    now = _grid_parts(sheet, ctx)
    blank = _blank_parts(sheet.game, ctx.u, ctx.theme.name, tuple(sorted(ctx.labels.items())),
                         code)
    assert (now.origin, now.width, now.height) == (blank.origin, blank.width, blank.height)
    # the cells are shared per look (sections.cells): a cell as handed out is the same object
    changed = tuple(c for c, b in zip(now.cells, blank.cells, strict=True)
                    if c is not b and c != b)
    return _assemble(sheet, ctx, blank, changed, (*now.fossils, *now.outlines), now.stars,
                     now.border)


def _plan_ctx(sheet: Sheet, cell_size: float, labels: Mapping[str, str] | None,
              lang: str | None) -> tuple[str, Ctx]:
    if cell_size <= 0:
        raise ValueError(f"cell_size must be positive, not {cell_size!r}")
    code = i18n.get_language() if lang is None else i18n.normalize(lang)
    return code, Ctx(float(cell_size), sheet.theme, st.LABELS if labels is None else labels,
                     code)


def _assemble(sheet: Sheet, ctx: Ctx, blank: _GridParts, changed: tuple[Item, ...],
              marks: tuple[Item, ...], stars: Sequence[Item],
              border: tuple[Item, ...]) -> BoardPlan:
    pad = ctx(BOARD_PAD)
    width = math.ceil(blank.width + 2 * pad)
    height = math.ceil(blank.height + 2 * pad)
    ox, oy = blank.origin
    covered = tuple(s for s in stars if "covered" in s.cls.split())
    paper = Rect(0, 0, width, height, Paint(fill=sheet.theme.paper), "paper")
    static = (paper, Group((*blank.margins,
                            Group((*blank.cells, *blank.stars), "board", ox, oy)),
                           "grid", pad, pad))
    marks_layer = (Group((Group((*changed, *marks, *covered, *border), "board", ox, oy),),
                         "grid", pad, pad),)
    g = sheet.game
    return BoardPlan(width, height, ctx.u, pad + ox, pad + oy, g.width, g.height, static,
                     marks_layer, _patterns(ctx.u, ctx.theme), sheet.theme)


@functools.lru_cache(maxsize=32)
def _patterns(u: float, theme: st.Theme) -> tuple[PatternSpec, ...]:
    ctx = Ctx(u, theme, {})
    return (*(sections.dig_pattern(d, ctx) for d in DIG_TYPES),
            sections.predrawn_pattern(ctx))


def _marked_cells(sheet: Sheet, ctx: Ctx, blank: _GridParts) -> tuple[Item, ...]:
    """The cells of ``sheet`` that look different from the blank sheet's, in reading order.

    A cell's look (:func:`~.sections.cell_class`) follows from its dig type, whether it is
    a single square and whether its fossil is dug up: only cells where one of those differs
    from the blank state can differ, and only those are looked at."""
    state, g = sheet.state, sheet.game
    start = g.initial_state()
    mask = state.squares ^ start.squares
    for now, then in zip(state.digs, start.digs, strict=True):
        mask |= now ^ then
    dug = state.dug ^ start.dug
    if dug:
        mask |= _fossil_cells(g, dug)
    if not mask:
        return ()
    out: list[Item] = []
    for i, ((x, y), info) in enumerate(sections.cell_infos(g)):
        if info[3] & mask:
            cls = sections.cell_class(state, info)
            if cls != blank.cells[i].cls:      # a cell's square follows from its classes
                out.append(sections.cell_rect(ctx, x, y, cls))
    return tuple(out)


def _fossil_cells(game: Game, fossils: int) -> int:
    """The cells of the fossils in the bit set ``fossils``, as a bit set."""
    mask = 0
    for i, f in enumerate(game.map.fossils):
        if fossils >> i & 1:
            mask |= game.mask_of(f.cells)
    return mask


def tile_svg(spec: PatternSpec) -> str:
    """One tile of a pattern as a small SVG picture (to turn into a canvas pattern)."""
    from .svg import plan_to_svg

    back = Rect(0, 0, spec.size, spec.size, Paint(fill=spec.background))
    return plan_to_svg(Plan(spec.size, spec.size, (back, *spec.items)))


def tile_png(spec: PatternSpec) -> bytes:
    """One tile of a pattern as PNG bytes, ``spec.size`` pixels square (through CairoSVG)."""
    return _png(tile_svg(spec), round(spec.size))


@functools.lru_cache(maxsize=64)
def _png(svg: str, size: int) -> bytes:
    import cairosvg  # lazily, as in .export

    out: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=size,
                                  output_height=size)
    return out


# -- painting ------------------------------------------------------------------------------

class CanvasLike(Protocol):
    """The part of ipycanvas' ``Canvas`` the painter uses. Style attributes (``fill_style``,
    ``stroke_style``, ``line_width``, ``font``, ...) are set with ``setattr``."""

    def clear(self) -> None: ...
    def clear_rect(self, x: float, y: float, width: float, height: float) -> None: ...
    def save(self) -> None: ...
    def restore(self) -> None: ...
    def translate(self, x: float, y: float) -> None: ...
    def reset_transform(self) -> None: ...
    def fill_rect(self, x: float, y: float, width: float, height: float) -> None: ...
    def stroke_rect(self, x: float, y: float, width: float, height: float) -> None: ...
    def fill_circle(self, x: float, y: float, radius: float) -> None: ...
    def stroke_circle(self, x: float, y: float, radius: float) -> None: ...
    def begin_path(self) -> None: ...
    def close_path(self) -> None: ...
    def move_to(self, x: float, y: float) -> None: ...
    def line_to(self, x: float, y: float) -> None: ...
    def arc_to(self, x1: float, y1: float, x2: float, y2: float, radius: float) -> None: ...
    def rect(self, x: float, y: float, width: float, height: float) -> None: ...
    def fill(self) -> None: ...
    def stroke(self) -> None: ...
    def clip(self) -> None: ...
    def set_line_dash(self, segments: list[float]) -> None: ...
    def fill_text(self, text: str, x: float, y: float) -> None: ...


_ALIGN = {"start": "left", "middle": "center", "end": "right"}
_UNSET = object()


def font(size: float, bold: bool = False) -> str:
    """A CSS font for a Text item: ``font(12, True) == 'bold 12px DejaVu Sans, ...'``."""
    return f"{'bold ' if bold else ''}{_n(size)}px {FONT_FAMILY}"


@functools.lru_cache(maxsize=1 << 16)
def _n(v: float) -> float:
    """Coordinates to 1/100 pixel: short messages, no visible difference. (A board repeats
    the same few hundred coordinates in every message, and ``round`` is slow on floats.)"""
    r = round(v, 2)
    return int(r) if r == int(r) else r


@dataclass
class Painter:
    """Paints plan items on one canvas, setting each style attribute only when it changes.

    ``patterns`` maps a :class:`PatternSpec` id to a canvas pattern object (ipycanvas
    ``Pattern``); a pattern fill without one is drawn tile by tile with strokes (clipped to
    the item), so the dig types read the same either way. Patterns are anchored at the
    origin of the group the item is in, as SVG's ``userSpaceOnUse`` patterns are.
    """

    canvas: CanvasLike
    patterns: Mapping[str, object] = field(default_factory=dict)
    specs: Mapping[str, PatternSpec] = field(default_factory=dict)
    _known: dict[str, object] = field(default_factory=dict, init=False, repr=False)
    _saved: list[tuple[dict[str, object], tuple[float, float]]] = field(
        default_factory=list, init=False, repr=False)
    _shift: tuple[float, float] = field(default=(0.0, 0.0), init=False, repr=False)

    def paint(self, items: Iterable[Item], x: float = 0.0, y: float = 0.0) -> None:
        """Paint ``items`` with their group origin at ``(x, y)``; the canvas transform is
        back to identity afterwards (a later ``clear()`` clears the whole canvas)."""
        for item in items:
            self.item(item, x, y)
        self.anchor(0.0, 0.0)

    # -- state ---------------------------------------------------------------------------

    def set(self, name: str, value: object) -> None:
        old = self._known.get(name, _UNSET)
        if old is not value and old != value:
            setattr(self.canvas, name, value)
            self._known[name] = value

    def dash(self, segments: Sequence[float]) -> None:
        key = tuple(segments)
        if self._known.get("dash") != key:
            self.canvas.set_line_dash(list(segments))
            self._known["dash"] = key

    def save(self) -> None:
        self.canvas.save()
        self._saved.append((dict(self._known), self._shift))

    def restore(self) -> None:
        self.canvas.restore()
        self._known, self._shift = self._saved.pop()

    def anchor(self, x: float, y: float) -> tuple[float, float]:
        """Move the canvas origin to ``(x, y)`` (where a pattern starts); returns the
        translation, which every coordinate then subtracts.

        The canvas is translated from the identity, never from where it was: its transform
        is then exactly ``(_n(x), _n(y))`` whatever was painted before, so an item painted
        again alone (:func:`paint_leaves`) lands on the very same pixels."""
        if self._shift != (x, y):
            if self._shift != (0.0, 0.0):
                self.canvas.reset_transform()
            if (x, y) != (0.0, 0.0):
                self.canvas.translate(_n(x), _n(y))
            self._shift = (x, y)
        return self._shift

    # -- items ---------------------------------------------------------------------------

    def item(self, item: Item, x: float, y: float) -> None:
        match item:
            case Group():
                for child in item.items:
                    self.item(child, x + item.x, y + item.y)
            case Rect():
                self.rect(item, x, y)
            case Circle():
                self.circle(item, x, y)
            case Path():
                self.path(item, x, y)
            case Text():
                self.text(item, x, y)

    def alpha(self, paint: Paint) -> None:
        self.set("global_alpha", paint.opacity)

    def fill_with(self, paint: Paint, x: float, y: float) -> tuple[float, float] | None:
        """Set the fill for ``paint``; the coordinate shift to use, or None when the fill
        is a pattern the caller must draw tile by tile."""
        if paint.pattern and paint.pattern in self.patterns:
            shift = self.anchor(x, y)
            self.set("fill_style", self.patterns[paint.pattern])
            return shift
        if paint.pattern and paint.pattern in self.specs:
            self.set("fill_style", self.specs[paint.pattern].background)
            return None
        self.set("fill_style", paint.fill or "#000000")
        return self._shift

    def stroke_with(self, paint: Paint, join: str) -> None:
        self.set("stroke_style", paint.stroke)
        self.set("line_width", _n(paint.width))
        self.set("line_join", join)
        self.set("line_cap", "round" if join == "round" else "butt")
        self.dash(())

    def rect(self, r: Rect, x: float, y: float) -> None:
        self.alpha(r.paint)
        if r.paint.fill or r.paint.pattern:
            shift = self.fill_with(r.paint, x, y)
            sx, sy = shift or self._shift
            if r.rx:
                self.rounded(r, x - sx, y - sy)
                self.canvas.fill()
            else:
                self.canvas.fill_rect(_n(x + r.x - sx), _n(y + r.y - sy), _n(r.w), _n(r.h))
            if shift is None and r.paint.pattern:
                self.tiles(self.specs[r.paint.pattern], r, x, y)
        if r.paint.stroke:
            self.stroke_with(r.paint, "miter")
            sx, sy = self._shift
            if r.rx:
                self.rounded(r, x - sx, y - sy)
                self.canvas.stroke()
            else:
                self.canvas.stroke_rect(_n(x + r.x - sx), _n(y + r.y - sy), _n(r.w), _n(r.h))

    def rounded(self, r: Rect, x: float, y: float) -> None:
        """A rounded rectangle as the current path."""
        c = self.canvas
        left, top, right, bottom = x + r.x, y + r.y, x + r.x + r.w, y + r.y + r.h
        rad = min(r.rx, r.w / 2, r.h / 2)
        c.begin_path()
        c.move_to(_n(left + rad), _n(top))
        for (x1, y1), (x2, y2) in (((right, top), (right, bottom)),
                                   ((right, bottom), (left, bottom)),
                                   ((left, bottom), (left, top)),
                                   ((left, top), (right, top))):
            c.arc_to(_n(x1), _n(y1), _n(x2), _n(y2), _n(rad))
        c.close_path()

    def tiles(self, spec: PatternSpec, r: Rect, x: float, y: float) -> None:
        """A pattern drawn tile by tile, clipped to the rectangle (no canvas pattern)."""
        self.save()
        sx, sy = self._shift
        c = self.canvas
        c.begin_path()
        c.rect(_n(x + r.x - sx), _n(y + r.y - sy), _n(r.w), _n(r.h))
        c.clip()
        t = spec.size
        for i in range(math.floor(r.x / t), math.ceil((r.x + r.w) / t)):
            for j in range(math.floor(r.y / t), math.ceil((r.y + r.h) / t)):
                for item in spec.items:
                    self.item(item, x + i * t, y + j * t)
        self.restore()

    def circle(self, c: Circle, x: float, y: float) -> None:
        self.alpha(c.paint)
        sx, sy = self._shift
        cx, cy, r = _n(x + c.cx - sx), _n(y + c.cy - sy), _n(c.r)
        if c.paint.fill:
            self.set("fill_style", c.paint.fill)
            self.canvas.fill_circle(cx, cy, r)
        if c.paint.stroke:
            self.stroke_with(c.paint, "miter")
            self.canvas.stroke_circle(cx, cy, r)

    def path(self, p: Path, x: float, y: float) -> None:
        self.alpha(p.paint)
        sx, sy = self._shift
        c = self.canvas
        c.begin_path()
        for loop in p.loops:
            (x0, y0), *rest = loop
            c.move_to(_n(x + x0 - sx), _n(y + y0 - sy))
            for px, py in rest:
                c.line_to(_n(x + px - sx), _n(y + py - sy))
            if p.closed:
                c.close_path()
        if p.closed and (p.paint.fill or p.paint.pattern):
            self.set("fill_style", p.paint.fill or "#000000")
            c.fill()
        if p.paint.stroke:
            self.stroke_with(p.paint, "round")
            c.stroke()

    def text(self, t: Text, x: float, y: float) -> None:
        sx, sy = self._shift
        self.set("global_alpha", 1.0)
        self.set("font", font(t.size, t.bold))
        self.set("text_align", _ALIGN.get(t.anchor, "left"))
        self.set("text_baseline", "alphabetic")
        self.set("fill_style", t.fill)
        self.canvas.fill_text(t.text, _n(x + t.x - sx), _n(y + t.y - sy))


def paint_layer(canvas: CanvasLike, items: Iterable[Item], *,
                patterns: Mapping[str, object] | None = None,
                specs: Sequence[PatternSpec] = ()) -> None:
    """Clear ``canvas`` and paint ``items`` on it."""
    canvas.clear()
    Painter(canvas, patterns or {}, {s.id: s for s in specs}).paint(items)


# -- where items paint ---------------------------------------------------------------------

Box = tuple[int, int, int, int]        # x0, y0, x1, y1 in whole canvas pixels


def item_boxes(items: Iterable[Item], x: float = 0.0, y: float = 0.0) -> list[Box]:
    """For each drawn item (groups opened, their origins added as :meth:`Painter.paint`
    does), whole canvas pixels that hold everything it paints: its geometry, its stroke (a
    whole width round it: more than half a width and a mitred right angle need), a text's
    line at a width of one em per letter and one more, and two pixels of antialiasing.

    >>> item_boxes([Group((Rect(1, 2, 10, 10, Paint(fill="#000")),), "g", 100, 0)])
    [(99, 0, 113, 14)]
    """
    out: list[Box] = []
    for item in items:
        pad = 2.0
        match item:
            case Group():
                out += item_boxes(item.items, x + item.x, y + item.y)
                continue
            case Rect():
                x0, y0, x1, y1 = item.x, item.y, item.x + item.w, item.y + item.h
            case Circle():
                x0, y0, x1, y1 = (item.cx - item.r, item.cy - item.r, item.cx + item.r,
                                  item.cy + item.r)
            case Path():
                xs = [p[0] for loop in item.loops for p in loop]
                ys = [p[1] for loop in item.loops for p in loop]
                x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
            case Text():
                wide = item.size * (len(item.text) + 1)      # no glyph is wider than 1 em
                left = {"start": 0.0, "middle": wide / 2, "end": wide}.get(item.anchor, wide)
                x0, x1 = item.x - left, item.x - left + wide
                y0, y1 = item.y - 1.5 * item.size, item.y + 0.75 * item.size
            case _:
                raise TypeError(f"no box for {type(item).__name__}")
        if not isinstance(item, Text) and item.paint.stroke:
            pad += item.paint.width
        out.append((math.floor(x + x0 - pad), math.floor(y + y0 - pad),
                    math.ceil(x + x1 + pad), math.ceil(y + y1 + pad)))
    return out


@dataclass(slots=True, eq=False)
class Leaf:
    """A drawn item of a layer, with the origin of its group and the canvas origin the
    whole layer's :class:`Painter` has while it draws it (where the last canvas-pattern
    fill before it anchored the canvas): the same item at the same place painted with
    another canvas origin does not land on exactly the same pixels. ``box`` is its
    :func:`item_boxes` box, worked out once (and handed on by :func:`changed_boxes` to
    the same leaf of the next plan)."""

    item: Item
    x: float
    y: float
    shift: tuple[float, float]
    _box: Box | None = None

    @property
    def box(self) -> Box:
        if self._box is None:
            self._box = item_boxes((self.item,), self.x, self.y)[0]
        return self._box


def layer_leaves(items: Iterable[Item], patterns: Mapping[str, object]) -> list[Leaf]:
    """The drawn items of a layer, back to front, as :meth:`Painter.paint` meets them (the
    same group origins, added in the same order) with ``patterns`` as its canvas patterns."""
    out: list[Leaf] = []
    shift = (0.0, 0.0)

    def walk(group: Iterable[Item], x: float, y: float) -> None:
        nonlocal shift
        for item in group:
            if isinstance(item, Group):
                walk(item.items, x + item.x, y + item.y)
                continue
            if isinstance(item, Rect) and item.paint.pattern in patterns:
                shift = (x, y)                       # Painter.fill_with anchors here
            out.append(Leaf(item, x, y, shift))

    walk(items, 0.0, 0.0)
    return out


def changed_boxes(before: Sequence[Leaf], after: Sequence[Leaf]) -> list[Box]:
    """The boxes of the leaves drawn in one layer and not in the other (as many times; a
    leaf is the same when its item is the same object or an equal one, at the same place
    and with the same canvas origin), overlapping ones merged. Painting again every leaf
    that meets them turns the pixels of ``before`` into those of ``after`` there; outside
    them the two are the same."""
    def key(leaf: Leaf) -> tuple[int, float, float, tuple[float, float]]:
        return id(leaf.item), leaf.x, leaf.y, leaf.shift

    old: dict[tuple[int, float, float, tuple[float, float]], list[Leaf]] = {}
    for leaf in before:
        old.setdefault(key(leaf), []).append(leaf)
    new: list[Leaf] = []
    for leaf in after:
        same = old.get(key(leaf))
        if same:
            leaf._box = same.pop()._box
        else:
            new.append(leaf)
    gone = [leaf for leaves in old.values() for leaf in leaves]
    boxes: list[Box] = []
    for leaf in new:            # an equal item made again (not shared) is no change
        twin = next((i for i, g in enumerate(gone)
                     if (g.x, g.y, g.shift) == (leaf.x, leaf.y, leaf.shift)
                     and g.item == leaf.item), None)
        if twin is None:
            boxes.append(leaf.box)
        else:
            leaf._box = gone.pop(twin)._box
    boxes += [leaf.box for leaf in gone]
    return merge_boxes(boxes)


def paint_leaves(painter: Painter, leaves: Sequence[Leaf], boxes: Sequence[Box]) -> None:
    """Every leaf that meets one of ``boxes``, once, in order, each with the canvas origin
    and coordinates the whole layer's painter gives it; no clip (Chromium antialiases
    edges under a clip differently). On a canvas cleared inside the boxes, the pixels
    there are then those of the whole layer painted by :func:`paint_layer`."""
    for leaf in leaves:
        if any(_meets(leaf.box, box) for box in boxes):
            painter.anchor(*leaf.shift)
            painter.item(leaf.item, leaf.x, leaf.y)
    painter.anchor(0.0, 0.0)


def merge_boxes(boxes: Iterable[Box]) -> list[Box]:
    """Boxes that overlap replaced by the box round both, until none overlap.

    >>> merge_boxes([(0, 0, 10, 10), (20, 0, 30, 10), (5, 5, 25, 8)])
    [(0, 0, 30, 10)]
    """
    out: list[Box] = []
    for box in boxes:
        while True:
            hit = next((i for i, b in enumerate(out) if _meets(b, box)), None)
            if hit is None:
                break
            b = out.pop(hit)
            box = (min(b[0], box[0]), min(b[1], box[1]), max(b[2], box[2]),
                   max(b[3], box[3]))
        out.append(box)
    return out


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class Recorder:
    """A stand-in canvas that records every call and attribute set (for tests, doctests):
    ``calls`` holds ``(name, args)``; attribute sets are ``('set', (name, value))``."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __setattr__(self, name: str, value: object) -> None:
        if name == "calls":
            object.__setattr__(self, name, value)
        else:
            self.calls.append(("set", (name, value)))

    def __getattr__(self, name: str) -> Any:
        def record(*args: Any) -> None:
            self.calls.append((name, args))
        return record
