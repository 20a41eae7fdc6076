"""Static figures of pentominoes for the lessons and the transform explorer, as SVG.

Each figure is a pure function of the geometry in :mod:`paleowidgets.core.geometry`: it is
planned with the primitives of :mod:`.primitives` and written by :func:`.svg.plan_to_svg`,
so a canvas can paint the very same items (:func:`plan_explorer` is what the transform
explorer widget paints). The figures:

- :func:`shape_svg`: one shape, its cells numbered if asked;
- :func:`shapes_svg` / :func:`pentominoes_svg` / :func:`dice_svg`: many shapes in a grid,
  the 12 free pentominoes, the shapes on each face of the shape die;
- :func:`orbit_svg`: a shape's 8 images under the symmetries of the square, the images
  that coincide drawn once with every symmetry that gives them;
- :func:`transform_svg`: a shape before and after a symmetry on a coordinate grid, with
  every cell's coordinates before and after.

Nothing is told by colour alone: cells carry numbers, panels carry titles, a mirror line
is dashed and a centre of turn is ringed. Words come from :mod:`paleowidgets.i18n`.

>>> svg = pentominoes_svg()
>>> svg.count('class="shape"'), svg._repr_svg_() == svg
(12, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .. import i18n
from ..core.geometry import (
    IDENTITY,
    LETTERS,
    PENTOMINOES,
    SYMMETRIES,
    Cell,
    Symmetry,
    normalise,
    orbit_groups,
    slid_to_corner,
    stabiliser,
)
from ..core.maps import Dice
from . import style as st
from .primitives import (
    Circle,
    Group,
    Item,
    Paint,
    Path,
    Plan,
    Point,
    Rect,
    Text,
    fitted,
    outline_loops,
    wrap,
)
from .primitives import text_width as width_of
from .svg import DISPLAY_WIDTH, SvgDocument, plan_to_svg

Shape = str | Iterable[Cell]        # a pentomino letter, or the cells of any shape

INK = "#1E1A16"
MUTED = "#5F5A54"
GRID = "#CFCAC2"
AXIS = "#6F6A64"
PAPER = "#FFFFFF"
# Okabe-Ito blue and orange, lightened: the before and the after shape (they also stand in
# separate, titled panels, so the colour is never the only difference).
BEFORE = Paint(fill=st.tint(st.OKABE_ITO["sky-blue"], 0.45), stroke=INK)
AFTER = Paint(fill=st.tint(st.OKABE_ITO["orange"], 0.45), stroke=INK)
PLAIN = Paint(fill=st.tint(st.OKABE_ITO["sky-blue"], 0.6), stroke=INK)
RADIUS = 4             # the coordinate grid runs from -RADIUS to RADIUS on both axes
PAD = 0.5              # sizes in cells
TITLE = 0.55
SMALL = 0.36
TICKS = 0.7            # the margin that holds the axes' numbers


def shape_cells(shape: Shape) -> tuple[Cell, ...]:
    """The cells of ``shape``: a letter's reference drawing, or the cells as given (their
    order is the order of the numbers drawn in them).

    >>> shape_cells("I")
    ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))
    """
    if isinstance(shape, str):
        if shape not in PENTOMINOES:
            raise ValueError(f"unknown pentomino {shape!r}: the letters are {LETTERS}")
        return PENTOMINOES[shape].cells
    cells = tuple(shape)
    if not cells:
        raise ValueError("a shape needs at least one cell")
    return cells


def coordinates(cell: Cell) -> str:
    """``(-1, 2)``, as the lessons write a cell's coordinates."""
    return f"({cell[0]}, {cell[1]})"


def symmetry_name(symmetry: Symmetry | str, lang: str | None = None) -> str:
    """The name of a symmetry for a student: ``symmetry_name("rotate-180") == 'half turn'``."""
    name = symmetry if isinstance(symmetry, str) else symmetry.name
    return i18n.t(f"symmetry.{name}", lang)


def key_of(symmetry: Symmetry) -> int:
    """The number 1-8 of a symmetry (its place in :data:`SYMMETRIES`, a key of the explorer)."""
    return list(SYMMETRIES).index(symmetry.name) + 1


# -- items ----------------------------------------------------------------------------------

def shape_items(cells: Sequence[Cell], u: float, *, paint: Paint = PLAIN, numbers: bool = False,
                cls: str = "shape", data: dict[str, str] | None = None,
                x: float = 0.0, y: float = 0.0) -> Group:
    """A shape whose cell ``(cx, cy)`` stands at ``(x + cx*u, y + cy*u)``: the cells, one
    outline round them, and the numbers 1, 2, ... in the cells in the order given."""
    fill = Paint(fill=paint.fill, stroke=GRID if paint.stroke else None, width=0.03 * u)
    items: list[Item] = [Rect(cx * u, cy * u, u, u, fill, "cell",
                              {"x": str(cx), "y": str(cy)}) for cx, cy in cells]
    loops = tuple(tuple((px * u, py * u) for px, py in loop) for loop in outline_loops(cells))
    items.append(Path(loops, Paint(stroke=paint.stroke or INK, width=0.09 * u), cls="outline"))
    if numbers:
        size = 0.5 * u
        items += [Text((cx + 0.5) * u, (cy + 0.5) * u + 0.36 * size, str(i), size, INK,
                       "number", "middle", True) for i, (cx, cy) in enumerate(cells, start=1)]
    return Group(tuple(items), cls, x, y, data or {})


def dashes(start: Point, end: Point, on: float, off: float) -> tuple[tuple[Point, ...], ...]:
    """A straight line cut into dashes ``on`` long with gaps ``off`` (open polylines, so a
    backend without dash support draws it too).

    >>> dashes((0, 0), (10, 0), 4, 2)
    (((0.0, 0.0), (4.0, 0.0)), ((6.0, 0.0), (10.0, 0.0)))
    """
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    out = []
    pos = 0.0
    while pos < length - 1e-9:
        stop = min(pos + on, length)
        out.append(((x0 + (x1 - x0) * pos / length, y0 + (y1 - y0) * pos / length),
                     (x0 + (x1 - x0) * stop / length, y0 + (y1 - y0) * stop / length)))
        pos = stop + off
    return tuple(out)


# Where each mirror lies, in cell-centre coordinates: through the origin along this vector.
_MIRRORS: dict[str, Point] = {"flip-horizontal": (0, 1), "flip-vertical": (1, 0),
                              "flip-diagonal": (1, 1), "flip-antidiagonal": (1, -1)}


def plane_items(u: float, symmetry: Symmetry | None = None) -> list[Item]:
    """A coordinate grid with cell ``(0, 0)`` in the middle: the cells from ``-RADIUS`` to
    ``RADIUS``, the numbers of the columns (x, to the right) and rows (y, downwards), the
    axes through the middle of cell ``(0, 0)``; for a mirror its line (dashed), for a turn
    its centre (a ring). The grid's top-left corner is at ``(TICKS*u, TICKS*u)``."""
    n = 2 * RADIUS + 1
    m = TICKS * u
    line = Paint(stroke=GRID, width=0.03 * u)
    items: list[Item] = [Rect(m, m, n * u, n * u, Paint(fill=PAPER), "plane")]
    grid = tuple(((m + i * u, m), (m + i * u, m + n * u)) for i in range(n + 1)) + tuple(
        ((m, m + i * u), (m + n * u, m + i * u)) for i in range(n + 1))
    items.append(Path(grid, line, closed=False, cls="grid"))
    size = SMALL * u
    for i in range(-RADIUS, RADIUS + 1):
        centre = m + (i + RADIUS + 0.5) * u
        items.append(Text(centre, m - 0.2 * u, str(i), size, MUTED, "tick x", "middle"))
        items.append(Text(m - 0.12 * u, centre + 0.35 * size, str(i), size, MUTED, "tick y",
                          "end"))
    o = m + (RADIUS + 0.5) * u
    end = m + n * u
    axes = (((m, o), (end + 0.25 * u, o)), ((o, m), (o, end + 0.25 * u)))
    items.append(Path(axes, Paint(stroke=AXIS, width=0.05 * u), closed=False, cls="axes"))
    items.append(Text(end + 0.3 * u, o + 0.35 * size, "x", size, AXIS, "axis-name"))
    items.append(Text(o, end + 0.3 * u + size, "y", size, AXIS, "axis-name", "middle"))
    if symmetry is not None and symmetry.is_reflection:
        dx, dy = _MIRRORS[symmetry.name]
        reach = (RADIUS + 0.5) / max(abs(dx), abs(dy))
        items.append(Path(dashes((o - dx * reach * u, o - dy * reach * u),
                                 (o + dx * reach * u, o + dy * reach * u), 0.35 * u, 0.2 * u),
                          Paint(stroke=INK, width=0.08 * u), closed=False, cls="mirror",
                          data={"symmetry": symmetry.name}))
    elif symmetry is not None and symmetry != IDENTITY:
        # a ring, not a dot: the number of the cell at the centre stays readable
        items.append(Circle(o, o, 0.44 * u, Paint(stroke=INK, width=0.07 * u),
                            "turn-centre", {"symmetry": symmetry.name}))
    return items


def panel_size(u: float) -> tuple[float, float]:
    """The width and height of a coordinate panel (title, grid, five coordinate lines)."""
    grid = (2 * RADIUS + 1) * u
    return TICKS * u + grid + 0.6 * u, TITLE * 1.6 * u + TICKS * u + grid + 0.5 * u + 5 * 0.6 * u


def panel(title: str, cells: Sequence[Cell], lines: Sequence[str], u: float, paint: Paint,
          cls: str, x: float, y: float, symmetry: Symmetry | None = None) -> Group:
    """A titled coordinate grid holding a numbered shape, with lines of text under it."""
    top = TITLE * 1.6 * u
    grid_at = TICKS * u + RADIUS * u
    # a longer title in another language is set smaller rather than cut
    room = TICKS * u + (2 * RADIUS + 1) * u + 0.6 * u
    shown, size = fitted(title, TITLE * u, room, 0.34 * u)
    items: list[Item] = [Text(0, TITLE * u * 1.1, shown, size, INK, "title", bold=True)]
    plane = plane_items(u, symmetry)
    shape = shape_items(cells, u, paint=paint, numbers=True, x=grid_at, y=grid_at)
    mirror = [i for i in plane if i.cls in ("mirror", "turn-centre")]
    body = [i for i in plane if i not in mirror]
    # the mirror line goes over the shape, so it shows where the shape is folded
    items.append(Group((*body, shape, *mirror), "coordinate-plane", 0, top))
    text_y = top + TICKS * u + (2 * RADIUS + 1) * u + 0.7 * u + 0.45 * u
    items += [Text(TICKS * u, text_y + i * 0.6 * u, line, 0.42 * u, INK, "coordinates",
                   data={"n": str(i + 1)}) for i, line in enumerate(lines)]
    return Group(tuple(items), cls, x, y)


# -- the transform figure ----------------------------------------------------------------------

def transform_panels(cells: Sequence[Cell], symmetry: Symmetry, u: float, x: float, y: float,
                     lang: str | None = None) -> tuple[Group, Group]:
    """The before and after panels of :func:`transform_svg`, side by side from ``(x, y)``."""
    after = [symmetry(c) for c in cells]
    w, _ = panel_size(u)
    before_lines = [i18n.t("figure.cell", lang, n=i, before=coordinates(c))
                    for i, c in enumerate(cells, start=1)]
    after_lines = [i18n.t("figure.cell-coordinates", lang, n=i, before=coordinates(c),
                          after=coordinates(a))
                   for i, (c, a) in enumerate(zip(cells, after, strict=True), start=1)]
    first = panel(i18n.t("figure.before", lang), cells, before_lines, u, BEFORE, "before", x, y)
    second = panel(i18n.t("figure.after", lang, name=symmetry_name(symmetry, lang)), after,
                   after_lines, u, AFTER, "after", x + w + u, y, symmetry)
    return first, second


def transform_svg(shape: Shape, symmetry: Symmetry | str, *, cell_size: float = 22,
                  lang: str | None = None) -> SvgDocument:
    """``shape`` before and after ``symmetry`` on the same coordinate grid, the cells
    numbered, each cell's coordinates before and after listed under the grids. The matrix
    acts on the cells' coordinates (cell ``(0, 0)`` stays where it is); the shape is not
    slid back to the corner.

    >>> svg = transform_svg("L", "rotate-90")
    >>> "1: (0, 0) → (0, 0)" in svg and "2: (0, 1) → (-1, 0)" in svg
    True
    """
    sym = SYMMETRIES[symmetry] if isinstance(symmetry, str) else symmetry
    cells = _fits(shape_cells(shape))
    u = cell_size
    code = _lang(lang)
    w, h = panel_size(u)
    panels = transform_panels(cells, sym, u, PAD * u, PAD * u, code)
    return _svg(Plan(2 * w + u + 2 * PAD * u, h + 2 * PAD * u, (_paper(2 * w + u + 2 * PAD * u,
                h + 2 * PAD * u), *panels), title=_title(cells, sym, code), cls="figure transform",
                lang=code))


# -- many shapes ---------------------------------------------------------------------------------

def shapes_svg(shapes: Sequence[Shape], *, labels: Sequence[str] | None = None,
               columns: int = 6, cell_size: float = 16, title: str = "",
               lang: str | None = None) -> SvgDocument:
    """Shapes in a grid, ``columns`` to a row, each (slid to the corner) in a box big
    enough for the largest, with its label under it.

    >>> shapes_svg([[(0, 0), (1, 0)], [(0, 0), (0, 1)]], labels=["a", "b"]).count('class="shape"')
    2
    """
    forms = [normalise(shape_cells(s)) for s in shapes]
    if labels is not None and len(labels) != len(forms):
        raise ValueError(f"{len(labels)} labels for {len(forms)} shapes")
    u = cell_size
    side = max(max(max(x, y) for x, y in f) for f in forms) + 1
    label_size = 0.9 * u
    box_w = max([side * u + u, *(width_of(lb, label_size) + u for lb in labels or ())])
    box_h = side * u + (1.6 * u if labels else 0.8 * u)
    cols = max(1, min(columns, len(forms)))
    rows = -(-len(forms) // cols)
    top = PAD * u + (1.4 * u if title else 0)
    items: list[Item] = []
    if title:
        items.append(Text(PAD * u, PAD * u + 0.9 * u, title, 0.9 * u, INK, "title", bold=True))
    for i, form in enumerate(forms):
        bx = PAD * u + (i % cols) * box_w
        by = top + (i // cols) * box_h
        fw = (max(x for x, _ in form) + 1) * u
        label = labels[i] if labels else ""
        group = shape_items(form, u, x=bx + (box_w - fw) / 2, y=by,
                            data={"label": label} if label else None)
        items.append(group)
        if label:
            items.append(Text(bx + box_w / 2, by + side * u + 1.1 * u, label, label_size, INK,
                              "label", "middle", True))
    width = 2 * PAD * u + cols * box_w
    height = top + rows * box_h + PAD * u
    return _svg(Plan(width, height, (_paper(width, height), *items), title=title,
                     cls="figure shapes", lang=_lang(lang)))


def shape_svg(shape: Shape, *, label: str = "", numbers: bool = False, cell_size: float = 24,
              lang: str | None = None) -> SvgDocument:
    """One shape (slid to the corner), its cells numbered in order if ``numbers``, with a
    label under it.

    >>> shape_svg("P", numbers=True).count('class="number"')
    5
    """
    cells = slid_to_corner(shape_cells(shape))
    u = cell_size
    w = (max(x for x, _ in cells) + 1) * u
    h = (max(y for _, y in cells) + 1) * u
    width = max(w, width_of(label, 0.7 * u)) + 2 * PAD * u
    height = h + 2 * PAD * u + (1.1 * u if label else 0)
    items: list[Item] = [_paper(width, height), shape_items(
        cells, u, numbers=numbers, x=(width - w) / 2, y=PAD * u,
        data={"label": label} if label else None)]
    if label:
        items.append(Text(width / 2, PAD * u + h + 0.9 * u, label, 0.7 * u, INK, "label",
                          "middle", True))
    return _svg(Plan(width, height, tuple(items), title=label, cls="figure shape",
                     lang=_lang(lang)))


def pentominoes_svg(*, cell_size: float = 16, columns: int = 6,
                    lang: str | None = None) -> SvgDocument:
    """The 12 free pentominoes, each drawn once with its letter (Golomb's names)."""
    return shapes_svg(list(LETTERS), labels=list(LETTERS), columns=columns,
                      cell_size=cell_size, lang=lang)


def dice_svg(dice: Dice | None = None, *, cell_size: float = 14,
             lang: str | None = None) -> SvgDocument:
    """The shape die: each face with the shapes it offers (the standard dice by default)."""
    dice = dice or Dice()
    shapes = [s for face in dice.shapes for s in face]
    labels = [f"{i18n.t('figure.face', lang, face=f)}: {s}"
              for f, face in enumerate(dice.shapes, start=1) for s in face]
    per_face = max(len(face) for face in dice.shapes)
    return shapes_svg(shapes, labels=labels, columns=2 * per_face if per_face <= 3 else per_face,
                      cell_size=cell_size, lang=lang)


# -- the orbit figure ------------------------------------------------------------------------

def orbit_svg(shape: Shape, *, cell_size: float = 16, columns: int = 4,
              max_width: float = DISPLAY_WIDTH, lang: str | None = None) -> SvgDocument:
    """The images of ``shape`` under the 8 symmetries, each distinct image drawn once with
    the names of every symmetry that gives it; the title says orbit x stabiliser = 8.

    The images stand ``columns`` to a row and the figure is at most ``max_width`` pixels
    wide (a notebook's output): a long name is wrapped onto more lines in its box, and
    only when a box cannot be that narrow do fewer images stand in a row. The words keep
    their size in every language.

    >>> svg = orbit_svg("T")
    >>> svg.count('class="shape orientation"'), svg.count('class="symmetry-name"')
    (4, 8)
    """
    cells = shape_cells(shape)
    code = _lang(lang)
    groups = orbit_groups(cells)
    u = cell_size
    size = 0.75 * u
    side = max(max(max(x, y) for x, y in image) for image, _ in groups) + 1
    names = [[symmetry_name(s, code) for s in syms] for _, syms in groups]
    cols, box_w, lines = orbit_columns(names, side, u, size,
                                       max(1, min(columns, len(groups))), max_width)
    gap = 0.6 * size                        # between two names in a box
    text_h = max(sum(len(n) for n in ns) * 1.2 * size + (len(ns) - 1) * gap for ns in lines)
    box_h = side * u + 0.6 * u + text_h + 0.8 * u
    rows = -(-len(groups) // cols)
    what = i18n.t(f"shape.{shape}", code) if isinstance(shape, str) else "shape"
    title = i18n.t("figure.orbit", code, shape=what, orbit=len(groups),
                   stabiliser=len(stabiliser(cells)))
    shown, title_size = fitted(title, 0.9 * u, max_width - 2 * PAD * u, 0.6 * u)
    top = PAD * u + 1.5 * u
    items: list[Item] = [Text(PAD * u, PAD * u + title_size, shown, title_size, INK, "title",
                              bold=True)]
    for i, ((image, syms), ns) in enumerate(zip(groups, lines, strict=True)):
        bx = PAD * u + (i % cols) * box_w
        by = top + (i // cols) * box_h
        fw = (max(x for x, _ in image) + 1) * u
        items.append(Rect(bx + 0.15 * u, by, box_w - 0.3 * u, box_h - 0.3 * u,
                          Paint(stroke=GRID, width=0.05 * u), "orientation-box", rx=0.2 * u))
        items.append(shape_items(image, u, cls="shape orientation", x=bx + (box_w - fw) / 2,
                                 y=by + 0.4 * u,
                                 data={"symmetries": " ".join(s.name for s in syms)}))
        ty = by + 0.4 * u + side * u + 0.5 * u + size
        for name_lines, s in zip(ns, syms, strict=True):
            texts = tuple(Text(bx + box_w / 2, ty + j * 1.2 * size, line, size, INK,
                               "symmetry-name-line", "middle")
                          for j, line in enumerate(name_lines))
            items.append(Group(texts, "symmetry-name", data={"symmetry": s.name}))
            ty += len(name_lines) * 1.2 * size + gap
    width = max(2 * PAD * u + cols * box_w, 2 * PAD * u + width_of(shown, title_size))
    height = top + rows * box_h + PAD * u
    return _svg(Plan(width, height, (_paper(width, height), *items), title=title,
                     cls="figure orbit", lang=code))


def orbit_columns(names: Sequence[Sequence[str]], side: int, u: float, size: float,
                  columns: int, max_width: float) -> tuple[int, float, list[list[list[str]]]]:
    """How :func:`orbit_svg` lays out its boxes: how many to a row (at most ``columns``),
    how wide each is, and each box's names cut into lines, so that a row fits in
    ``max_width`` pixels (one box to a row if even that cannot fit).

    >>> cols, box_w, lines = orbit_columns([["half turn"]] * 8, 2, 16, 12, 4, 250)
    >>> cols, box_w, lines[0]
    (4, 48, [['half', 'turn']])
    """
    for cols in range(columns, 0, -1):
        room = (max_width - 2 * PAD * u) / cols         # the widest a box may be here
        lines = [[wrap(n, size, room - u) for n in ns] for ns in names]
        box_w = max([side * u + u, *(width_of(line, size) + u
                                     for ns in lines for n in ns for line in n)])
        if box_w <= room:
            return cols, box_w, lines
    return 1, box_w, lines


# -- the explorer's picture ------------------------------------------------------------------

@dataclass(frozen=True)
class ExplorerPlan:
    """What the transform explorer shows, in pixels: the shape before (``static``: it
    changes only with the shape, as does the orbit strip) and after its symmetry with the
    current orientation framed in the orbit strip (``dynamic``). ``slots`` are the boxes
    of the orbit strip, one per distinct orientation, as ``(x, y, w, h)``."""

    width: float
    height: float
    static: tuple[Item, ...]
    dynamic: tuple[Item, ...]
    slots: tuple[tuple[float, float, float, float], ...]
    title: str = ""
    lang: str = "en"

    def slot_at(self, px: float, py: float) -> int | None:
        """The orbit slot under pixel ``(px, py)``, or None."""
        for i, (x, y, w, h) in enumerate(self.slots):
            if x <= px < x + w and y <= py < y + h:
                return i
        return None

    def plan(self) -> Plan:
        return Plan(self.width, self.height, (*self.static, *self.dynamic), title=self.title,
                    cls="figure explorer", lang=self.lang)

    def svg(self) -> SvgDocument:
        return _svg(self.plan())


def plan_explorer(shape: Shape, symmetry: Symmetry = IDENTITY, *, cell_size: float = 22,
                  lang: str | None = None) -> ExplorerPlan:
    """The explorer's picture of ``shape`` after ``symmetry``: the two coordinate panels
    of :func:`transform_svg` and, under them, the orbit strip (each distinct orientation
    once, labelled with the numbers 1-8 of the symmetries that give it; the one
    ``symmetry`` gives is framed thick with a marker above it).

    >>> p = plan_explorer("F", SYMMETRIES["rotate-90"])
    >>> len(p.slots), p.slot_at(p.slots[1][0] + 1, p.slots[1][1] + 1)
    (8, 1)
    """
    cells = _fits(shape_cells(shape))
    code = _lang(lang)
    u = cell_size
    w, h = panel_size(u)
    width = 2 * w + u + 2 * PAD * u
    before, after = transform_panels(cells, symmetry, u, PAD * u, PAD * u, code)
    groups = orbit_groups(cells)
    strip_y = PAD * u + h + 0.3 * u
    what = i18n.t(f"shape.{shape}", code) if isinstance(shape, str) else "shape"
    words = i18n.t("figure.orbit.short", code, shape=what, orbit=len(groups))
    shown, size = fitted(words, 0.45 * u, width - 2 * PAD * u, 0.3 * u)
    strip_title = Text(PAD * u, strip_y + TITLE * u, shown, size, INK, "title", bold=True)
    slot_w = (width - 2 * PAD * u) / 8
    mini = min(0.42 * u, (slot_w - 0.4 * u) / 5)
    slot_h = 5 * mini + 1.3 * u
    slot_top = strip_y + 1.4 * u
    slots = tuple((PAD * u + i * slot_w, slot_top, slot_w, slot_h) for i in range(len(groups)))
    strip: list[Item] = [strip_title]
    for (x, y, sw, sh), (image, syms) in zip(slots, groups, strict=True):
        fw = (max(cx for cx, _ in image) + 1) * mini
        fh = (max(cy for _, cy in image) + 1) * mini
        strip.append(Rect(x + 0.1 * u, y, sw - 0.2 * u, sh, Paint(stroke=GRID, width=0.04 * u),
                          "orientation-box", rx=0.15 * u))
        strip.append(shape_items(image, mini, cls="shape orientation",
                                 x=x + (sw - fw) / 2, y=y + 0.25 * u + (5 * mini - fh) / 2,
                                 data={"symmetries": " ".join(s.name for s in syms)}))
        strip.append(Text(x + sw / 2, y + sh - 0.35 * u, " ".join(str(key_of(s)) for s in syms),
                          0.38 * u, INK, "symmetry-keys", "middle"))
    height = slot_top + slot_h + PAD * u
    now = next(i for i, (_, syms) in enumerate(groups) if symmetry in syms)
    x, y, sw, sh = slots[now]
    frame: list[Item] = [
        Rect(x + 0.04 * u, y - 0.06 * u, sw - 0.08 * u, sh + 0.12 * u,
             Paint(stroke=INK, width=0.12 * u), "current", {"slot": str(now)}, rx=0.15 * u),
        Path((((x + sw / 2 - 0.25 * u, y - 0.45 * u), (x + sw / 2 + 0.25 * u, y - 0.45 * u),
               (x + sw / 2, y - 0.12 * u)),), Paint(fill=INK), cls="current-marker")]
    return ExplorerPlan(width, height, (_paper(width, height), before, *strip),
                        (after, *frame), slots, _title(cells, symmetry, code), code)


# -- inside ----------------------------------------------------------------------------------

def _fits(cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """Refuse a shape whose images would leave the coordinate grid."""
    if any(max(abs(x), abs(y)) > RADIUS for x, y in cells):
        raise ValueError(f"cells must have coordinates from -{RADIUS} to {RADIUS}: {cells}")
    return cells


def _lang(lang: str | None) -> str:
    return i18n.get_language() if lang is None else i18n.normalize(lang)


def _paper(width: float, height: float) -> Rect:
    return Rect(0, 0, width, height, Paint(fill=PAPER), "paper")


def _title(cells: Sequence[Cell], symmetry: Symmetry, lang: str) -> str:
    return (f"{i18n.t('figure.before', lang)} {' '.join(map(coordinates, cells))}; "
            f"{i18n.t('figure.after', lang, name=symmetry_name(symmetry, lang))}")


def _svg(plan: Plan) -> SvgDocument:
    return SvgDocument(plan_to_svg(plan))
