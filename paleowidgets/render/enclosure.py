"""The enclosure inspector's picture: a board with one fossil's ring, its diagonal
neighbours and the flood fill up to a step, as canvas overlay items and as a static SVG.

The board itself is the drawing plan of :mod:`paleowidgets.render.canvas` (the same one the
canvas widget paints); this module adds the top layer and, for the SVG, a legend and the
inspector's sentences. Nothing is told by colour alone:

* a drawn ring cell: a solid outline and a check mark (``ring covered``);
* a missing ring cell, a gap: a dashed outline and an open circle (``ring missing``);
* a diagonal neighbour, not needed: a dotted outline and a small diamond (``diagonal``);
* a cell the fill has reached: a light wash with wave marks (``fill``); the cells reached
  at the step shown are outlined twice (``fill-front``);
* the fossil inspected: a thick outline (``inspected``).

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY, Game
>>> svg = render_enclosure(Game(parse_document(TINY)).initial_state(), "B", step=1)
>>> svg.count('class="ring missing"'), svg.count('class="diagonal"')   # and one in the legend
(5, 5)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from .. import i18n
from ..core.enclosure import (
    MIXED_DIGS,
    NOT_DUG_UP,
    ONE_SQUARE,
    PREDRAWN,
    BonusCheck,
    Enclosure,
    enclosure,
    names,
    reading_order,
)
from ..core.geometry import Cell, cell_name
from ..core.maps import Fossil
from ..core.rules import State
from ..core.turns import Turn
from . import style as st
from .canvas import BoardPlan, plan_board
from .glyphs import check_mark
from .primitives import Group, Item, Paint, Path, Plan, Point, Rect, Text, outline_loops, wrap
from .sheet import sheet_of
from .style import fossil_name, themed
from .svg import SvgDocument, plan_to_svg

COVERED = st.OKABE_ITO["bluish-green"]
MISSING = st.OKABE_ITO["vermillion"]
FILL = st.OKABE_ITO["sky-blue"]
WAVE = st.OKABE_ITO["blue"]
FRONT = st.OKABE_ITO["blue"]
WHITE = "#FFFFFF"


# -- words -------------------------------------------------------------------------------------

def cell_list(cells: frozenset[Cell] | set[Cell]) -> str:
    return ", ".join(names(cells))


def plural(n: int) -> str:
    return "" if n == 1 else "s"


def describe(enc: Enclosure, step: int, *, theme: str = "paleontologists",
             lang: str | None = None) -> tuple[tuple[str, str], ...]:
    """The inspector's sentences for the fill at ``step``, each with its topic: ``ring``,
    ``fill`` or ``bonus``.

    >>> from paleowidgets.core.maps import parse_document
    >>> from paleowidgets.core.rules import TINY, Game
    >>> e = enclosure(Game(parse_document(TINY)).initial_state(), "B")
    >>> describe(e, 1, lang="en")[3]
    ('fill', 'Step 1: it leaks out through the gaps F4, E5, G5, F6.')
    """
    return (*ring_lines(enc, theme, lang), *fill_lines(enc, step, theme, lang),
            *bonus_lines(enc, lang))


def ring_lines(enc: Enclosure, theme: str, lang: str | None) -> list[tuple[str, str]]:
    n = len(enc.ring)
    name = fossil_name(enc.fossil, theme, lang)
    lines = [i18n.t("enclosure.ring", lang, n=n, s=plural(n), fossil=name,
                    drawn=len(enc.covered))]
    lines.append(i18n.t("enclosure.missing", lang, cells=cell_list(enc.missing)) if enc.missing
                 else i18n.t(themed("enclosure.complete", theme), lang))
    if enc.diagonal:
        lines.append(i18n.t("enclosure.diagonal", lang, cells=cell_list(enc.diagonal)))
    return [("ring", line) for line in lines]


def fill_lines(enc: Enclosure, step: int, theme: str, lang: str | None) -> list[tuple[str, str]]:
    step = max(0, min(step, enc.steps))
    lines = []
    if step == 0:
        n = len(enc.fossil.cells)
        lines.append(i18n.t(themed("enclosure.fill.start", theme), lang, n=n, s=plural(n)))
        if enc.steps == 0:
            lines.append(i18n.t("enclosure.fill.shut", lang))
    elif step == 1:
        lines.append(i18n.t("enclosure.fill.leak", lang, cells=cell_list(enc.gaps),
                            s=plural(len(enc.gaps))))
    else:
        n = len(enc.fill[step])
        lines.append(i18n.t("enclosure.fill.spread", lang, step=step, n=n, s=plural(n)))
    if 0 < step == enc.steps:
        n = len(enc.escaped)
        lines.append(i18n.t("enclosure.fill.end", lang, steps=enc.steps, n=n, s=plural(n)))
        if enc.reaches_edge:
            lines.append(i18n.t("enclosure.fill.edge", lang))
    return [("fill", line) for line in lines]


def bonus_lines(enc: Enclosure, lang: str | None) -> list[tuple[str, str]]:
    b, bonus = enc.bonus, enc.fossil.bonus
    if b.holds:
        head = i18n.t("enclosure.bonus.holds", lang, bonus=bonus,
                      dig=i18n.t(f"dig.{b.dig}", lang))
    elif b.possible:
        head = (i18n.t("enclosure.bonus.possible", lang, bonus=bonus,
                       dig=i18n.t(f"dig.{b.dig}", lang)) if b.dig
                else i18n.t("enclosure.bonus.possible.any", lang, bonus=bonus))
    elif enc.dug_up:
        head = i18n.t("enclosure.bonus.no", lang, bonus=bonus)
    else:
        head = i18n.t("enclosure.bonus.lost", lang, bonus=bonus)
    # "still possible" and "lost already" say that the ring is not complete; the lines
    # below say what spoils the bonus, with the cells that show it.
    lines = [head, *(reason_text(enc, r, lang) for r in b.reasons if r != NOT_DUG_UP)]
    return [("bonus", line) for line in lines]


def reason_text(enc: Enclosure, reason: str, lang: str | None) -> str:
    """One reason why the bonus does not hold, with the cells that show it."""
    b = enc.bonus
    if reason == MIXED_DIGS:
        parts = "; ".join(i18n.t("enclosure.why.part", lang, dig=i18n.t(f"dig.{d}", lang),
                                 cells=cell_list(cells)) for d, cells in b.digs.items())
        return i18n.t("enclosure.why.mixed-digs", lang, parts=parts)
    if reason == ONE_SQUARE:
        return i18n.t("enclosure.why.one-square", lang, cells=cell_list(b.squares))
    if reason == PREDRAWN:
        return i18n.t("enclosure.why.predrawn", lang, cells=cell_list(b.predrawn))
    return i18n.t("enclosure.why.not-dug-up", lang)


# -- the overlay -------------------------------------------------------------------------------

def overlay(plan: BoardPlan, enc: Enclosure, step: int) -> tuple[Item, ...]:
    """The inspector's top layer over a board plan (one group in grid coordinates)."""
    u = plan.cell
    step = max(0, min(step, enc.steps))
    items: list[Item] = [*fill_items(u, enc, step), *ring_items(u, enc),
                         *diagonal_items(u, enc, plan.theme.muted)]
    loops = _loops(u, enc.fossil.cells)
    items.append(Path(loops, Paint(stroke=WHITE, width=0.2 * u), cls="inspected-halo"))
    items.append(Path(loops, Paint(stroke=plan.theme.ink, width=0.1 * u), cls="inspected",
                      data={"fossil": enc.fossil.id}))
    if step > 0:
        front = _loops(u, enc.fill[step])
        items.append(Path(front, Paint(stroke=WHITE, width=0.14 * u), cls="fill-front-halo"))
        items.append(Path(front, Paint(stroke=FRONT, width=0.07 * u), cls="fill-front",
                          data={"step": str(step)}))
    return (Group(tuple(items), "enclosure", plan.x, plan.y,
                  {"fossil": enc.fossil.id, "step": str(step)}),)


def _loops(u: float, cells: frozenset[Cell]) -> tuple[tuple[Point, ...], ...]:
    return tuple(tuple((x * u, y * u) for x, y in loop) for loop in outline_loops(cells))


def _sorted(cells: frozenset[Cell]) -> list[Cell]:
    return sorted(cells, key=reading_order)


def fill_items(u: float, enc: Enclosure, step: int) -> list[Item]:
    """A wash and two wave marks in every cell the fill has reached by ``step``."""
    wash = Paint(fill=FILL, opacity=0.35)
    items: list[Item] = []
    for k in range(step + 1):
        for x, y in _sorted(enc.fill[k]):
            waves = tuple(_wave(x * u + 0.18 * u, y * u + h * u, 0.64 * u, 0.06 * u)
                          for h in (0.36, 0.64))
            items.append(Group((Rect(x * u, y * u, u, u, wash),
                                Path(waves, Paint(stroke=WAVE, width=0.04 * u),
                                     closed=False)),
                               "fill", data={"cell": cell_name((x, y)), "step": str(k)}))
    return items


def _wave(x: float, y: float, length: float, amp: float) -> tuple[Point, ...]:
    """A zigzag line from ``(x, y)``, ``length`` long, four ups and downs."""
    return tuple((x + length * i / 8, y + (amp if i % 2 else -amp)) for i in range(9))


def ring_items(u: float, enc: Enclosure) -> list[Item]:
    """Drawn ring cells: a solid outline and a check; gaps: a dashed outline and a circle."""
    items: list[Item] = []
    inset = 0.09 * u
    for x, y in _sorted(enc.covered):
        left, top = x * u + inset, y * u + inset
        side = u - 2 * inset
        tick = check_mark(x * u + 0.74 * u, y * u + 0.26 * u, 0.12 * u)
        items.append(Group((
            Rect(left, top, side, side, Paint(stroke=WHITE, width=0.12 * u)),
            Rect(left, top, side, side, Paint(stroke=COVERED, width=0.07 * u)),
            Path((tick,), Paint(stroke=WHITE, width=0.12 * u), closed=False),
            Path((tick,), Paint(stroke=COVERED, width=0.06 * u), closed=False)),
            "ring covered", data={"cell": cell_name((x, y))}))
    for x, y in _sorted(enc.missing):
        dashes = dashed_square(x * u + inset, y * u + inset, u - 2 * inset, 3)
        ring = circle_points(x * u + 0.5 * u, y * u + 0.5 * u, 0.16 * u)
        items.append(Group((
            Path(dashes, Paint(stroke=WHITE, width=0.13 * u), closed=False),
            Path(dashes, Paint(stroke=MISSING, width=0.08 * u), closed=False),
            Path((ring,), Paint(stroke=WHITE, width=0.11 * u)),
            Path((ring,), Paint(stroke=MISSING, width=0.06 * u))),
            "ring missing", data={"cell": cell_name((x, y))}))
    return items


def diagonal_items(u: float, enc: Enclosure, colour: str) -> list[Item]:
    """Diagonal neighbours: a dotted outline and a small hollow diamond."""
    items: list[Item] = []
    for x, y in _sorted(enc.diagonal):
        dots = dashed_square(x * u + 0.16 * u, y * u + 0.16 * u, 0.68 * u, 6)
        cx, cy, r = x * u + 0.5 * u, y * u + 0.5 * u, 0.13 * u
        diamond = ((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy))
        items.append(Group((Path(dots, Paint(stroke=colour, width=0.04 * u), closed=False),
                            Path((diamond,), Paint(stroke=colour, width=0.04 * u))),
                           "diagonal", data={"cell": cell_name((x, y))}))
    return items


def dashed_square(x: float, y: float, side: float, per_side: int) -> tuple[tuple[Point, ...], ...]:
    """The sides of a square as ``per_side`` dashes each, half as long as their pitch and
    centred on it (so the corners stay open and the dashes are even)."""
    pitch = side / per_side
    corners = ((x, y), (x + side, y), (x + side, y + side), (x, y + side))
    out: list[tuple[Point, ...]] = []
    for (x0, y0), (x1, y1) in zip(corners, (*corners[1:], corners[0]), strict=True):
        dx, dy = (x1 - x0) / side, (y1 - y0) / side
        for i in range(per_side):
            a, b = (i + 0.25) * pitch, (i + 0.75) * pitch
            out.append(((x0 + dx * a, y0 + dy * a), (x0 + dx * b, y0 + dy * b)))
    return tuple(out)


def circle_points(cx: float, cy: float, r: float, n: int = 16) -> tuple[Point, ...]:
    """A circle as a closed polygon (so it is a Path like the other marks)."""
    return tuple((cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n))
                 for i in range(n))


# -- the static picture ------------------------------------------------------------------------

LEGEND = ("covered", "missing", "diagonal", "fill", "front")


def legend_items(u: float, ink: str, muted: str, lang: str | None) -> tuple[list[Item], float]:
    """One row per mark: a small cell drawn as on the board, then its words."""
    s = 0.7 * u
    items: list[Item] = []
    for i, key in enumerate(LEGEND):
        y = i * 0.85 * u
        cell = frozenset({(0, 0)})
        if key == "covered":
            marks = ring_items(s, _one(covered=cell))
        elif key == "missing":
            marks = ring_items(s, _one(missing=cell))
        elif key == "diagonal":
            marks = diagonal_items(s, _one(diagonal=cell), muted)
        elif key == "fill":
            marks = fill_items(s, _one(fill=(cell,)), 0)
        else:
            marks = [*fill_items(s, _one(fill=(cell,)), 0),
                     Path(_loops(s, cell), Paint(stroke=FRONT, width=0.07 * u), cls="fill-front")]
        items.append(Group((Rect(0, 0, s, s, Paint(fill=WHITE, stroke=muted, width=0.03 * u)),
                            *marks), f"legend-mark legend-{key}", 0, y))
        items.append(Text(s + 0.25 * u, y + 0.5 * s + 0.36 * 0.3 * u,
                          i18n.t(f"enclosure.legend.{key}", lang), 0.3 * u, ink,
                          f"legend-text legend-{key}"))
    return items, len(LEGEND) * 0.85 * u


def _one(*, covered: frozenset[Cell] = frozenset(), missing: frozenset[Cell] = frozenset(),
         diagonal: frozenset[Cell] = frozenset(),
         fill: tuple[frozenset[Cell], ...] = (frozenset(),)) -> Enclosure:
    """A stand-in enclosure holding one legend cell, for the mark functions."""
    blank = Fossil("?", 0, 0, frozenset(), frozenset())
    return Enclosure(blank, 0, covered | missing, covered, missing, diagonal, fill,
                     BonusCheck(False, False, ()), 1, 1)


def render_enclosure(state: State, fossil: str | int, *, step: int | None = None,
                     turns: Sequence[Turn] = (), cell_size: float = 36,
                     labels: Mapping[str, str] | None = None,
                     lang: str | None = None) -> SvgDocument:
    """The inspector's view as SVG: the board with the overlay at ``step`` (the whole
    fill by default), the inspector's sentences and a legend, in ``lang``."""
    code = i18n.get_language() if lang is None else i18n.normalize(lang)
    enc = enclosure(state, fossil)
    shown = enc.steps if step is None else max(0, min(step, enc.steps))
    words = st.sheet_labels(code, labels)
    board = plan_board(sheet_of(state, turns=turns), cell_size=cell_size, labels=words,
                       lang=code)
    th, u = board.theme, board.cell
    pad = 0.3 * u
    width = max(board.width, 12 * u)
    size = 0.32 * u
    y = board.height + 0.2 * u
    title = i18n.t("enclosure.title", code, fossil=fossil_name(enc.fossil, th.name, code))
    step_text = i18n.t("enclosure.step", code, step=shown, steps=enc.steps)
    texts: list[Item] = [Text(pad, y + size, f"{title} · {step_text}", size * 1.1, th.ink,
                              "enclosure-title", bold=True)]
    y += 1.6 * size
    for topic, sentence in describe(enc, shown, theme=th.name, lang=code):
        for line in wrap(sentence, size, width - 2 * pad):
            y += 1.35 * size
            texts.append(Text(pad, y, line, size, th.ink, f"enclosure-text {topic}"))
    legend, legend_height = legend_items(u, th.ink, th.muted, code)
    y += 0.6 * u
    height = y + legend_height + pad
    items: tuple[Item, ...] = (
        Rect(0, 0, width, height, Paint(fill=th.paper), "paper"),
        *board.static, *board.marks, *overlay(board, enc, shown), *texts,
        Group(tuple(legend), "legend", pad, y))
    plan = Plan(width, height, items, board.patterns, title,
                f"paleo-enclosure theme-{th.name}", code)
    return SvgDocument(plan_to_svg(plan))
