"""Small pictures for the play widgets, drawn as the sheet draws: a pentomino for a shape
button, a die face, and the round and bonus tracks of a game in progress.

Pure functions of their arguments, built as drawing plans (:mod:`.primitives`) and written
by :func:`~paleowidgets.render.svg.plan_to_svg`, so they look like the printed sheet and
can be tested by their ``class`` and ``data-*`` attributes. A widget shows them, as inline
SVG or through :func:`data_uri` (an ``<img>`` or a CSS background).

>>> svg = shape_picture("L")
>>> svg.count('class="shape-cell"')
5
>>> die_picture(5).count('class="pip"')
5
"""

from __future__ import annotations

import base64
import functools
from collections.abc import Mapping, Sequence

from .. import i18n
from ..core.geometry import PENTOMINOES
from ..core.maps import Roll
from ..core.rules import State
from ..core.terms import BONUS_CAP, BONUS_KINDS, DIG_TYPES
from ..core.turns import Turn
from . import sections
from . import style as st
from .glyphs import pip_centres
from .primitives import Block, Circle, Group, Item, Paint, PatternSpec, Plan, Rect, Text, text_width
from .sheet import Ctx, Sheet
from .svg import SvgDocument, plan_to_svg

SHAPE_BOX = 5          # a shape picture is 5 cells square, whatever the shape: one scale


@functools.lru_cache(maxsize=512)
def shape_picture(letter: str, *, cell: float = 8, theme: str = "paleontologists",
                  dig: str | None = None, label: bool = False) -> SvgDocument:
    """The pentomino ``letter`` in its reference drawing, centred in a square of
    ``5 * cell`` pixels; filled with ``dig``'s pattern when given, else in ink tint.
    ``label`` writes the letter in a corner too (the picture then reads without words).

    >>> shape_picture("I", cell=10).startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    True
    """
    if letter not in PENTOMINOES:
        raise ValueError(f"no pentomino {letter!r} (letters: {''.join(PENTOMINOES)})")
    th = st.THEMES[theme]
    ctx = Ctx(float(cell), th, st.LABELS)
    cells = PENTOMINOES[letter].cells
    w = 1 + max(x for x, _ in cells)
    h = 1 + max(y for _, y in cells)
    ox, oy = ctx((SHAPE_BOX - w) / 2), ctx((SHAPE_BOX - h) / 2)
    paint = (sections.dig_paint(dig, ctx, th.outline, ctx(0.08)) if dig is not None else
             Paint(fill=st.tint(th.ink, 0.6), stroke=th.outline, width=ctx(0.08)))
    squares = tuple(Rect(ctx(x), ctx(y), ctx(1), ctx(1), paint, "shape-cell",
                         {"cell": f"{x},{y}"}) for x, y in cells)
    items: list[Item] = [Group(squares, "shape", ox, oy, {"shape": letter})]
    if label:
        items.append(Text(ctx(0.1), ctx(1.1), letter, ctx(1.2), th.ink, "shape-letter",
                          bold=True))
    patterns = (sections.dig_pattern(dig, ctx),) if dig is not None else ()
    size = ctx(SHAPE_BOX)
    return SvgDocument(plan_to_svg(Plan(size, size, tuple(items), patterns, letter,
                                        f"shape-picture shape-{letter}")))


@functools.lru_cache(maxsize=512)
def die_picture(face: int, *, size: float = 44, theme: str = "paleontologists",
                dig: str | None = None) -> SvgDocument:
    """A die showing ``face`` (1-6) as pips, ``size`` pixels square. With ``dig`` the die
    is the dig die: a band of that dig type's pattern along its bottom edge, under the
    pips (the pattern, not the colour, tells the dig types apart)."""
    if not 1 <= face <= 6:
        raise ValueError(f"a die face is 1 to 6, not {face!r}")
    th = st.THEMES[theme]
    u = size / 2                      # pattern tiles scale with the die
    ctx = Ctx(u, th, st.LABELS)
    edge = max(1.5, size * 0.05)
    half = size / 2
    items: list[Item] = [Rect(edge / 2, edge / 2, size - edge, size - edge,
                              Paint(fill="#FFFFFF", stroke=th.ink, width=edge), "die",
                              rx=size * 0.16)]
    patterns: tuple[PatternSpec, ...] = ()
    if dig is not None:
        band = Rect(0, 0, size - 3 * edge, size * 0.2, sections.dig_paint(dig, ctx),
                    f"die-dig dig-{dig}", {"dig": dig})
        items.append(Group((band,), "die-band", 1.5 * edge, size * 0.76))
        patterns = (sections.dig_pattern(dig, ctx),)
    cy = half * (0.86 if dig is not None else 1)
    spread = half * (0.74 if dig is not None else 0.9)
    items += [Circle(x, y, size * 0.085, Paint(fill=th.ink), "pip")
              for x, y in pip_centres(face, half, cy, spread)]
    return SvgDocument(plan_to_svg(Plan(size, size, tuple(items), patterns, str(face),
                                        f"die-picture face-{face}")))


@functools.lru_cache(maxsize=512)
def dig_patch(dig: str, *, size: float = 40, theme: str = "paleontologists") -> SvgDocument:
    """A square of ``dig``'s pattern in an outline, ``size`` pixels: a dig button's
    picture (the pattern, as on the sheet; its colour is not what tells it apart)."""
    th = st.THEMES[theme]
    ctx = Ctx(size / 1.5, th, st.LABELS)      # the tiles of a cell of 1.5 x the patch
    edge = max(1.0, size * 0.04)
    square = Rect(edge / 2, edge / 2, size - edge, size - edge,
                  sections.dig_paint(dig, ctx, th.outline, edge), f"dig-patch dig-{dig}",
                  {"dig": dig})
    return SvgDocument(plan_to_svg(Plan(size, size, (square,), (sections.dig_pattern(dig, ctx),),
                                        dig, f"dig-picture dig-{dig}")))


def tracks_svg(state: State, *, rolls: Sequence[Roll] = (), turns: Sequence[Turn] = (),
               lang: str | None = None, cell_size: float = 36, per_row: int = 5,
               labels: Mapping[str, str] | None = None) -> SvgDocument:
    """The round track of a game in progress as on the sheet (:mod:`.sections`): one box
    per round (number, roll, shape drawn on a patch of its dig pattern), ``per_row``
    boxes a row, in ``lang``. The rolls shown are ``rolls``: those so far in a seeded
    game, all of them in a puzzle."""
    sheet, ctx = _sheet_ctx(state, rolls, turns, lang, cell_size, labels)
    block = sections.round_block(sheet, ctx, per_row=per_row, swatches=True)
    return _framed(block, ctx, "round-track", "paleo-round-track",
                   tuple(sections.dig_pattern(d, ctx) for d in DIG_TYPES))


def bonus_track_svg(state: State, *, lang: str | None = None, cell_size: float = 36,
                    labels: Mapping[str, str] | None = None) -> SvgDocument:
    """The bonus track of a game in progress, narrow: each kind's name on its own line
    above its four circles (filled when gained from a star, struck through when spent)
    and how many are held, in ``lang``."""
    sheet, ctx = _sheet_ctx(state, (), (), lang, cell_size, labels)
    top = ctx(sections.HEADING_ROOM)
    line = ctx(st.TEXT_SIZE) * 1.25
    pitch = line + ctx(st.BONUS_ROW)
    items: list[Item] = [sections.heading(ctx, ctx.text("bonuses"))]
    for i, kind in enumerate(BONUS_KINDS):
        y = top + i * pitch
        name = Text(0, ctx(st.TEXT_SIZE), ctx.text(f"bonus.{kind}"), ctx(st.TEXT_SIZE),
                    ctx.theme.ink, "bonus-name")
        row = sections.bonus_row(sheet, ctx, i, label=0)
        circles = tuple(item for item in row.items if item.cls != "bonus-name")
        data = {"bonus": kind, "gained": str(state.gained[i]), "held": str(state.held[i])}
        items.append(Group((name, Group(circles, "", 0, line)), "bonus-row", 0, y, data))
    width = max(ctx(BONUS_CAP * st.BONUS_PITCH + 2.2),
                max(text_width(ctx.text(f"bonus.{k}"), ctx(st.TEXT_SIZE)) for k in BONUS_KINDS))
    return _framed(Block(tuple(items), width, top + len(BONUS_KINDS) * pitch), ctx,
                   "bonus-track", "paleo-bonus-track", ())


def _sheet_ctx(state: State, rolls: Sequence[Roll], turns: Sequence[Turn], lang: str | None,
               cell_size: float, labels: Mapping[str, str] | None) -> tuple[Sheet, Ctx]:
    code = i18n.get_language() if lang is None else i18n.normalize(lang)
    sheet = Sheet(state, tuple(rolls), tuple(turns))
    return sheet, Ctx(float(cell_size), sheet.theme, st.sheet_labels(code, labels), code)


def _framed(block: Block, ctx: Ctx, cls: str, plan_cls: str,
            patterns: tuple[PatternSpec, ...]) -> SvgDocument:
    """A block alone on a picture of its size, with a small margin."""
    pad = ctx(0.15)
    return SvgDocument(plan_to_svg(Plan(block.width + 2 * pad, block.height + 2 * pad,
                                        (block.at(pad, pad, cls),), patterns, "", plan_cls,
                                        ctx.lang)))


def data_uri(svg: str) -> str:
    """``svg`` as a ``data:`` URI, for an ``<img src>`` or a CSS ``url()``.

    >>> data_uri("<svg/>")
    'data:image/svg+xml;base64,PHN2Zy8+'
    """
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
