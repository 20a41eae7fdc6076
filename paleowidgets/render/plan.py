"""The drawing plan of a game sheet: where each block goes, as backend-free primitives.

:func:`plan_sheet` lays a :class:`~paleowidgets.render.sheet.Sheet` out as a
:class:`~paleowidgets.render.primitives.Plan`; :mod:`paleowidgets.render.svg` writes it as
SVG and a canvas widget can paint the same plan.

    title                                   name line
    bonus track                             round track
                      grid (with margins)
    fossil table        dice table   (snowman)   score box

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> from .sheet import sheet_of
>>> plan = plan_sheet(sheet_of(parse_document(TINY)))
>>> [p.id.removeprefix("pw-paleontologists-36-") for p in plan.patterns]
['chevron', 'dot', 'hatch', 'predrawn']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from .. import i18n
from ..core.terms import DIG_TYPES
from . import sections
from . import style as st
from .primitives import Block, Group, Item, Paint, Plan, Rect
from .sheet import Ctx, Sheet


def plan_sheet(sheet: Sheet, *, cell_size: float = 36, show_track: bool = True,
               labels: Mapping[str, str] | None = None, lang: str | None = None) -> Plan:
    """The whole sheet; ``show_track=False`` leaves out the bonus and round tracks. Its
    words are in ``lang`` (by default the language set in :mod:`paleowidgets.i18n`), with
    ``labels`` replacing some of them."""
    if cell_size <= 0:
        raise ValueError(f"cell_size must be positive, not {cell_size!r}")
    code = i18n.get_language() if lang is None else i18n.normalize(lang)
    ctx = Ctx(float(cell_size), sheet.theme, st.sheet_labels(code, labels), code)
    if sheet.titles:                           # a puzzle's own title: in the sheet's language
        sheet = replace(sheet, title=sheet.titles.get(code, sheet.title))
    elif sheet.title == sheet.game.map.name:   # the map's own name: in the sheet's language
        sheet = replace(sheet, title=sheet.game.map.name_in(code))
    top = ([(sections.bonus_block(sheet, ctx), "bonus-track"),
            (sections.round_block(sheet, ctx), "round-track")] if show_track else [])
    grid = sections.grid_block(sheet, ctx)
    snowman = ([(sections.snowman_block(ctx), "snowman")] if ctx.theme.name == "snowman"
               else [])
    bottom = [(sections.fossil_block(sheet, ctx), "fossil-table"),
              (sections.dice_block(sheet, ctx), "dice-table"), *snowman,
              (sections.score_block(sheet, ctx), "score-box")]
    pad, gap = ctx(st.PAD), ctx(st.GAP)
    width = max(grid.width, row_width(top, gap), row_width(bottom, gap))
    title = sections.title_block(sheet, ctx, width)
    items: list[Item] = [title.at(pad, pad, "title-block")]
    y = pad + title.height + gap
    for row in (top, [(grid, "grid")], bottom):
        if row:
            items += spread(row, pad, y, width)
            y += max(block.height for block, _ in row) + gap
    height = y - gap + pad
    paper = Rect(0, 0, width + 2 * pad, height, Paint(fill=ctx.theme.paper), "paper")
    return Plan(width + 2 * pad, height, (paper, *items),
                (*(sections.dig_pattern(d, ctx) for d in DIG_TYPES),
                 sections.predrawn_pattern(ctx)), sheet.title,
                f"paleo-sheet theme-{ctx.theme.name}", code)


def row_width(row: Sequence[tuple[Block, str]], gap: float) -> float:
    return sum(block.width for block, _ in row) + gap * max(0, len(row) - 1)


def spread(row: Sequence[tuple[Block, str]], x: float, y: float, width: float) -> list[Group]:
    """Blocks side by side across ``width``: the first at the left, the last at the right,
    the space shared evenly between them (a single block is centred)."""
    if len(row) == 1:
        block, cls = row[0]
        return [block.at(x + (width - block.width) / 2, y, cls)]
    space = (width - sum(block.width for block, _ in row)) / (len(row) - 1)
    out = []
    for block, cls in row:
        out.append(block.at(x, y, cls))
        x += block.width + space
    return out
