"""The parts of a game sheet, each planned at its own origin as a :class:`Block`:
the grid with its margins, the bonus track, the round track, the fossil table, the dice
table, the score box and the title. :mod:`paleowidgets.render.plan` lays them out.

Every item carries a ``cls`` (and ``data``) saying what it shows, which the SVG keeps as
``class`` and ``data-*`` attributes: ``cell drawn dig-chevron``, ``fossil dug``, ``star``.
"""

from __future__ import annotations

import functools
import math

from ..core.geometry import PENTOMINOES, Cell, cell_name
from ..core.maps import Dice, Fossil
from ..core.rules import Game, State
from ..core.terms import BONUS_CAP, BONUS_KINDS, DIG_TYPES, PLUS_ONE
from ..core.turns import Turn
from . import style as st
from .glyphs import check_mark, pip_centres, snowflake_lines, star_points
from .primitives import (
    Block,
    Circle,
    Group,
    Item,
    Paint,
    Path,
    PatternSpec,
    Point,
    Rect,
    Text,
    fit_text,
    fitted,
    outline_loops,
    pieces,
    text_width,
)
from .sheet import Ctx, Sheet

WHITE = "#FFFFFF"


def reading_order(cell: Cell) -> tuple[int, int]:
    """Sort key: row by row from the top, left to right."""
    return cell[1], cell[0]


def baseline(centre: float, size: float) -> float:
    """The baseline that centres a line of text of ``size`` on ``centre`` (cap height)."""
    return centre + 0.36 * size


# -- dig patterns --------------------------------------------------------------------------

def pattern_id(dig: str, ctx: Ctx) -> str:
    """A pattern id fixed by what the pattern looks like, so that several sheets on one
    page (a notebook) may share it without clashing: ``pw-snowman-36-dot``."""
    return f"pw-{ctx.theme.name}-{ctx.u:g}-{dig}"


def dig_paint(dig: str, ctx: Ctx, stroke: str | None = None, width: float = 0.0) -> Paint:
    return Paint(fill=st.tint(ctx.theme.digs[dig]), stroke=stroke, width=width,
                 pattern=pattern_id(dig, ctx))


def predrawn_pattern(ctx: Ctx) -> PatternSpec:
    """The tile of a puzzle's '#' cells: pencil cross-hatching, no dig type."""
    t = ctx(0.25)
    colour = st.tint(ctx.theme.ink, 0.35)
    lines = (((0, t), (t, 0)), ((0, 0), (t, t)))
    return PatternSpec(pattern_id("predrawn", ctx), t, ctx.theme.predrawn,
                       (Path(lines, Paint(stroke=colour, width=ctx(0.03)), closed=False),),
                       "predrawn-pattern")


def dig_pattern(dig: str, ctx: Ctx) -> PatternSpec:
    """The tile of a dig type: V shapes (chevron), dots, or diagonal lines (hatch)."""
    colour = ctx.theme.digs[dig]
    t = ctx(st.TILE[dig])
    line = Paint(stroke=colour, width=ctx(0.055))
    items: tuple[Item, ...]
    if dig == "chevron":
        items = (Path((((0.14 * t, 0.3 * t), (0.5 * t, 0.7 * t), (0.86 * t, 0.3 * t)),),
                      line, closed=False),)
    elif dig == "dot":
        items = (Circle(t / 2, t / 2, ctx(0.055), Paint(fill=colour)),)
    else:
        h = t / 2
        items = (Path((((0, t), (t, 0)), ((-h, h), (h, -h)), ((h, t + h), (t + h, h))),
                      line, closed=False),)
    return PatternSpec(pattern_id(dig, ctx), t, st.tint(colour), items, "dig-pattern",
                       {"dig": dig})


# -- the grid ------------------------------------------------------------------------------

def grid_block(sheet: Sheet, ctx: Ctx) -> Block:
    """The dig site: cells, fossils, shape outlines, stars, with column letters on top and
    row numbers on the left."""
    g = sheet.game
    ox, oy = ctx(st.MARGIN_LEFT), ctx(st.MARGIN_TOP)
    border = Rect(0, 0, ctx(g.width), ctx(g.height),
                  Paint(stroke=ctx.theme.ink, width=ctx(st.MEDIUM)), "grid-border")
    board: tuple[Item, ...] = (*cells(sheet, ctx), *fossils(sheet, ctx),
                               *shape_outlines(sheet, ctx), *stars(sheet, ctx), border)
    return Block((*margins(sheet, ctx), Group(board, "board", ox, oy)),
                 ox + ctx(g.width), oy + ctx(g.height))


def margins(sheet: Sheet, ctx: Ctx) -> list[Text]:
    g = sheet.game
    ox, oy = ctx(st.MARGIN_LEFT), ctx(st.MARGIN_TOP)
    size, colour = ctx(st.TEXT_SIZE), ctx.theme.muted
    out = [Text(ox + ctx(x + 0.5), oy - ctx(0.2), cell_name((x, 0))[0], size, colour,
                "margin column-name", "middle", data={"column": cell_name((x, 0))[0]})
           for x in range(g.width)]
    out += [Text(ox - ctx(0.15), baseline(oy + ctx(y + 0.5), size), str(y + 1), size, colour,
                 "margin row-name", "end", data={"row": str(y + 1)})
            for y in range(g.height)]
    return out


def cells(sheet: Sheet, ctx: Ctx) -> list[Rect]:
    """One square per cell, in reading order, ``data-cell`` holding its name.

    A board is planned again after every click, so each cell's square is made once per
    look (size, theme, class) and shared: the same object, equal to a new one."""
    state, u, theme = sheet.state, ctx.u, ctx.theme
    return [_cell_rect(u, theme, x, y, cell_class(state, info))
            for (x, y), info in _cell_info(sheet.game)]


def cell_infos(game: Game) -> tuple[tuple[Cell, tuple[int, bool, bool, int]], ...]:
    """Every cell in reading order with what it is before play: its fossil's index (-1:
    none), whether it is pre-drawn, whether it holds a star, and its bit."""
    return _cell_info(game)


def cell_rect(ctx: Ctx, x: int, y: int, cls: str) -> Rect:
    """The square of cell ``(x, y)`` with classes ``cls`` (:func:`cell_class`), shared."""
    return _cell_rect(ctx.u, ctx.theme, x, y, cls)


# What a cell is before play: its fossil's index (-1: none), whether it is pre-drawn, whether
# it holds a star, and its bit.
_Info = tuple[int, bool, bool, int]


@functools.lru_cache(maxsize=16)
def _cell_info(g: Game) -> tuple[tuple[Cell, _Info], ...]:
    index = {c: i for i, f in reversed(list(enumerate(g.map.fossils))) for c in f.cells}
    out = []
    for y in range(g.height):
        for x in range(g.width):
            bit = g.bit((x, y))
            out.append(((x, y), (index.get((x, y), -1), bool(bit & g.predrawn_mask),
                                 bool(bit & g.star_mask), bit)))
    return tuple(out)


def cell_class(state: State, info: _Info) -> str:
    """The classes of a cell: open, star, fossil (dug or not), drawn (by dig type), square
    (One Square Anywhere: solid, no dig type) or predrawn (a puzzle's '#'), in that order
    of precedence from the last."""
    fossil, predrawn, star, bit = info
    if fossil >= 0:
        return "cell fossil dug" if state.dug >> fossil & 1 else "cell fossil"
    if predrawn:
        return "cell predrawn"
    if bit & state.squares:
        return "cell square"
    for dig, mask in zip(DIG_TYPES, state.digs, strict=True):
        if mask & bit:
            return f"cell drawn dig-{dig}" + (" has-star" if star else "")
    return "cell star" if star else "cell open"


@functools.lru_cache(maxsize=8192)
def _cell_rect(u: float, theme: st.Theme, x: int, y: int, cls: str) -> Rect:
    ctx = Ctx(u, theme, {})
    return Rect(ctx(x), ctx(y), ctx(1), ctx(1), cell_paint(cls, ctx), cls,
                {"cell": cell_name((x, y))})


def cell_paint(cls: str, ctx: Ctx) -> Paint:
    """The paint of a cell of classes ``cls`` (:func:`cell_class`)."""
    th = ctx.theme
    kind = cls.split()[1]
    if kind == "predrawn":
        return Paint(fill=th.predrawn, stroke=th.grid, width=ctx(st.THIN),
                     pattern=pattern_id("predrawn", ctx))
    if kind == "drawn":
        return dig_paint(cls.split()[2].removeprefix("dig-"), ctx, th.grid, ctx(st.THIN))
    fill = {"fossil": th.dug if cls.endswith(" dug") else th.fossil,
            "square": th.square}.get(kind, th.open)
    return Paint(fill=fill, stroke=th.grid, width=ctx(st.THIN))


def scaled(loops: list[tuple[Cell, ...]], ctx: Ctx) -> tuple[tuple[Point, ...], ...]:
    return tuple(tuple((ctx(x), ctx(y)) for x, y in loop) for loop in loops)


def fossils(sheet: Sheet, ctx: Ctx) -> list[Group]:
    return [fossil_mark(sheet, ctx, i, f) for i, f in enumerate(sheet.game.map.fossils)]


def fossil_mark(sheet: Sheet, ctx: Ctx, index: int, fossil: Fossil) -> Group:
    """A fossil's outline, letter and ``points +bonus``; a check mark once dug up (made
    once per look, as the cells are)."""
    state = sheet.state
    # the names in other languages are no part of a fossil's equality, but the tooltip's
    return _fossil_mark(ctx.u, ctx.theme, ctx.lang, fossil, tuple(fossil.names.items()),
                        bool(state.dug >> index & 1), bool(state.same >> index & 1))


@functools.lru_cache(maxsize=1024)
def _fossil_mark(u: float, theme: st.Theme, lang: str, fossil: Fossil,
                 names: tuple[tuple[str, str], ...], dug: bool, same: bool) -> Group:
    ctx = Ctx(u, theme, {}, lang)
    th = ctx.theme
    outline = Path(scaled(outline_loops(fossil.cells), ctx),
                   Paint(stroke=th.fossil_edge, width=ctx(st.THICK if dug else st.MEDIUM)),
                   cls="fossil-outline")
    items: list[Item] = [outline, *fossil_labels(ctx, fossil, same)]
    if dug:
        ax, ay = min(fossil.cells, key=reading_order)
        items.append(Path((check_mark(ctx(ax + 0.82), ctx(ay + 0.22), ctx(0.12)),),
                          Paint(stroke=th.ink, width=ctx(0.06)), closed=False, cls="check"))
    cls = "fossil" + (" dug" if dug else "") + (" same" if same else "")
    tip = f"{st.fossil_name(fossil, th.name, ctx.lang)}: {fossil.points} +{fossil.bonus}"
    return Group(tuple(items), cls, data={"fossil": fossil.id}, tooltip=tip)


def fossil_labels(ctx: Ctx, fossil: Fossil, same: bool) -> tuple[Text, Text]:
    """The letter in the fossil's first cell; its value in a neighbouring cell (or under
    the letter, for a one-cell fossil). The bonus turns bold once earned."""
    colour = ctx.theme.fossil_edge
    ax, ay = min(fossil.cells, key=reading_order)
    value = f"{fossil.points} +{fossil.bonus}"
    value_cls = "fossil-value earned" if same else "fossil-value"
    if len(fossil.cells) == 1:
        return (Text(ctx(ax + 0.5), ctx(ay + 0.52), fossil.id, ctx(0.42), colour,
                     "fossil-letter", "middle", True),
                Text(ctx(ax + 0.5), ctx(ay + 0.87), value, ctx(0.22), colour, value_cls,
                     "middle", same))
    vx, vy = value_cell(fossil)
    return (Text(ctx(ax + 0.5), baseline(ctx(ay + 0.5), ctx(0.5)), fossil.id, ctx(0.5), colour,
                 "fossil-letter", "middle", True),
            Text(ctx(vx + 0.5), baseline(ctx(vy + 0.5), ctx(0.27)), value, ctx(0.27), colour,
                 value_cls, "middle", same))


def value_cell(fossil: Fossil) -> Cell:
    """The cell right of (or else below) the fossil's first cell, else its second cell."""
    ordered = sorted(fossil.cells, key=reading_order)
    ax, ay = ordered[0]
    for cell in ((ax + 1, ay), (ax, ay + 1)):
        if cell in fossil.cells:
            return cell
    return ordered[1]


def shape_outlines(sheet: Sheet, ctx: Ctx) -> list[Path]:
    """The outline of every drawn shape. The state does not remember which cells made one
    shape, so the turns (when given) outline each shape; the cells no turn explains are
    outlined by connected pieces of one dig type."""
    state = sheet.state
    explained: set[Cell] = set()
    out = []
    for number, turn in enumerate(sheet.turns[:state.round], start=1):
        if turn_drawn(sheet, turn):
            explained |= turn.cells
            out.append(outline_path(ctx, turn.cells, {"shape": turn.shape or "",
                                                      "dig": turn.dig or "",
                                                      "round": str(number)}))
    for i, dig in enumerate(DIG_TYPES):
        rest = set(sheet.game.cells_of(state.digs[i])) - explained
        out += [outline_path(ctx, piece, {"dig": dig}) for piece in pieces(rest)]
    return out


def turn_drawn(sheet: Sheet, turn: Turn) -> bool:
    """Whether the sheet shows this turn's shape (its cells drawn with its dig type)."""
    return (not turn.passed and bool(turn.cells)
            and all(sheet.game.inside(c) and sheet.state.dig_at(c) == turn.dig
                    for c in turn.cells))


def outline_path(ctx: Ctx, shape: frozenset[Cell] | set[Cell], data: dict[str, str]) -> Path:
    return _outline_path(ctx.u, ctx.theme, frozenset(shape), tuple(data.items()))


@functools.lru_cache(maxsize=2048)
def _outline_path(u: float, theme: st.Theme, shape: frozenset[Cell],
                  data: tuple[tuple[str, str], ...]) -> Path:
    ctx = Ctx(u, theme, {})
    return Path(scaled(outline_loops(shape), ctx),
                Paint(stroke=ctx.theme.outline, width=ctx(0.075)), cls="shape-outline",
                data=dict(data))


def stars(sheet: Sheet, ctx: Ctx) -> list[Group]:
    g = sheet.game
    snow = ctx.theme.name == "snowman"
    return [_star_mark(ctx.u, ctx.theme, c, bool(g.bit(c) & sheet.state.drawn), snow)
            for c in sorted(g.map.stars, key=reading_order)]


@functools.lru_cache(maxsize=1024)
def _star_mark(u: float, theme: st.Theme, cell: Cell, covered: bool, snow: bool) -> Group:
    return star_mark(Ctx(u, theme, {}), cell, covered, snow=snow)


def star_mark(ctx: Ctx, cell: Cell, covered: bool, *, snow: bool) -> Group:
    """A bonus star (a snowflake in the Snowman Edition), with a white halo once a shape
    covers it, so that it still shows on the pattern."""
    th = ctx.theme
    cx, cy = ctx(cell[0] + 0.5), ctx(cell[1] + 0.5)
    halo = Paint(stroke=WHITE, width=ctx(0.15))
    if snow:
        lines = snowflake_lines(cx, cy, ctx(0.36))
        glyph = Path(lines, Paint(stroke=th.accent, width=ctx(0.07)), closed=False,
                     cls="glyph")
        halo_path = Path(lines, halo, closed=False, cls="halo")
    else:
        points = (star_points(cx, cy, ctx(0.38)),)
        glyph = Path(points, Paint(fill=th.accent, stroke=th.fossil_edge, width=ctx(0.03)),
                     cls="glyph")
        halo_path = Path(points, halo, cls="halo")
    items = (halo_path, glyph) if covered else (glyph,)
    cls = ("star snowflake" if snow else "star") + (" covered" if covered else "")
    return Group(items, cls, data={"cell": cell_name(cell)})


# -- the tracks ----------------------------------------------------------------------------

def heading(ctx: Ctx, text: str, x: float = 0.0, anchor: str = "start",
            y: float | None = None) -> Text:
    size = ctx(st.HEADING_SIZE)
    return Text(x, size if y is None else y, text, size, ctx.theme.ink, "heading", anchor, True)


HEADING_ROOM = 0.6   # cells between a block's top and its first row


def bonus_block(sheet: Sheet, ctx: Ctx) -> Block:
    """Four rows, one per bonus kind, of four circles (the cap): filled when gained from
    a star, struck through when spent; and how many are held now."""
    top = ctx(HEADING_ROOM)
    label = bonus_label_width(ctx)
    items: list[Item] = [heading(ctx, ctx.text("bonuses"))]
    for i, kind in enumerate(BONUS_KINDS):
        data = {"bonus": kind, "gained": str(sheet.state.gained[i]),
                "held": str(sheet.state.held[i])}
        items.append(bonus_row(sheet, ctx, i, label).at(0, top + ctx(i * st.BONUS_ROW),
                                                        "bonus-row", data))
    width = ctx(label + BONUS_CAP * st.BONUS_PITCH + 1.3)
    return Block(tuple(items), width, top + ctx(len(BONUS_KINDS) * st.BONUS_ROW))


def crossed_out(sheet: Sheet, kind: int) -> int:
    """How many gained circles of a kind to strike through: the bonuses spent, counting
    those held at the start (a puzzle's) as spent first. +1 Points are never spent."""
    state = sheet.state
    if kind == PLUS_ONE:
        return 0
    start = sheet.game.start_bonuses[kind]
    spent = start + state.gained[kind] - state.held[kind]
    return max(0, min(state.gained[kind], spent - start))


def bonus_label_width(ctx: Ctx) -> float:
    """The width of the bonus names' column, in cells: wider than the default when a
    language's names are longer (French), up to a limit past which they are set smaller."""
    longest = max(text_width(ctx.text(f"bonus.{kind}"), st.TEXT_SIZE) for kind in BONUS_KINDS)
    return max(st.BONUS_LABEL, min(st.BONUS_LABEL_MAX, longest + 0.15))


def bonus_row(sheet: Sheet, ctx: Ctx, kind: int, label: float = st.BONUS_LABEL) -> Block:
    """One bonus kind: its name in a column ``label`` cells wide, then its circles."""
    th, state = ctx.theme, sheet.state
    cy, r = ctx(st.BONUS_ROW / 2), ctx(st.BONUS_RADIUS)
    name, size = fitted(ctx.text(f"bonus.{BONUS_KINDS[kind]}"), ctx(st.TEXT_SIZE),
                        ctx(label - 0.15), ctx(st.SMALL_SIZE * 0.85))
    items: list[Item] = [Text(0, baseline(cy, size), name, size, th.ink, "bonus-name")]
    gained, crossed = state.gained[kind], crossed_out(sheet, kind)
    for j in range(BONUS_CAP):
        cx = ctx(label + (j + 0.5) * st.BONUS_PITCH)
        cls = "bonus-circle" + (" gained" if j < gained else "") + (" spent" if j < crossed
                                                                    else "")
        items.append(Circle(cx, cy, r, Paint(fill=th.accent if j < gained else th.open,
                                             stroke=th.ink if j < gained else th.muted,
                                             width=ctx(0.04)), cls))
        if j < crossed:
            d = 0.75 * r
            items.append(Path((((cx - d, cy + d), (cx + d, cy - d)),),
                              Paint(stroke=th.ink, width=ctx(0.06)), closed=False,
                              cls="spent-mark"))
    held = state.held[kind]
    if held or not sheet.blank:
        x = ctx(label + BONUS_CAP * st.BONUS_PITCH + 0.15)
        items.append(Text(x, baseline(cy, ctx(st.SMALL_SIZE)), ctx.text("held", n=held),
                          ctx(st.SMALL_SIZE), th.ink if held else th.muted, "bonus-held",
                          bold=bool(held)))
    return Block(tuple(items), ctx(label + BONUS_CAP * st.BONUS_PITCH), ctx(st.BONUS_ROW))


def round_block(sheet: Sheet, ctx: Ctx, *, per_row: int = st.ROUNDS_PER_ROW,
                swatches: bool = False) -> Block:
    """One box per round, ``per_row`` to a row: the round number, the roll, the shape
    drawn (with ``swatches``, on a patch of its dig type's pattern: not by colour alone)."""
    rounds = sheet.game.rounds
    top = ctx(HEADING_ROOM)
    pitch_x, pitch_y = ctx(st.ROUND_BOX + st.ROUND_GAP), ctx(st.ROUND_BOX_HEIGHT + st.ROUND_GAP)
    items: list[Item] = [heading(ctx, ctx.text("rounds"))]
    for r in range(rounds):
        row, col = divmod(r, per_row)
        box, data = round_box(sheet, ctx, r, swatches)
        played = " played" if r < sheet.state.round else ""
        items.append(box.at(col * pitch_x, top + row * pitch_y, "round" + played, data))
    cols = min(rounds, per_row)
    rows = math.ceil(rounds / per_row)
    return Block(tuple(items), cols * pitch_x - ctx(st.ROUND_GAP),
                 top + rows * pitch_y - ctx(st.ROUND_GAP))


def round_box(sheet: Sheet, ctx: Ctx, r: int, swatches: bool = False
              ) -> tuple[Block, dict[str, str]]:
    th = ctx.theme
    played = r < sheet.state.round
    w, h = ctx(st.ROUND_BOX), ctx(st.ROUND_BOX_HEIGHT)
    fill = st.tint(th.accent, 0.75) if played else th.open
    items: list[Item] = [
        Rect(0, 0, w, h, Paint(fill=fill, stroke=th.muted, width=ctx(0.04)), "round-box",
             rx=ctx(0.08)),
        Text(ctx(0.09), ctx(0.25), str(r + 1), ctx(0.2), th.muted, "round-number")]
    data = {"round": str(r + 1)}
    if r < len(sheet.rolls):
        a, b = sheet.rolls[r]
        data["roll"] = f"{a}-{b}"
        items.append(Text(w / 2, ctx(0.6), f"{a}-{b}", ctx(0.32), th.ink, "roll", "middle",
                          True))
    if played and r < len(sheet.turns):
        turn = sheet.turns[r]
        if swatches and turn.dig is not None and not turn.passed:
            patch = Rect(0, 0, ctx(0.36), ctx(0.26), dig_paint(turn.dig, ctx, th.ink,
                                                                ctx(0.02)),
                         f"dig-swatch dig-{turn.dig}", {"dig": turn.dig})
            items.append(Group((patch,), "swatch", ctx(0.12), ctx(0.66)))
            note = turn_note(ctx, turn, ctx(0.72))
            items.append(Text(note.x, note.y, note.text, note.size, th.ink, note.cls,
                              note.anchor, note.bold))
        else:
            items.append(turn_note(ctx, turn, w / 2))
    return Block(tuple(items), w, h), data


def turn_note(ctx: Ctx, turn: Turn, x: float) -> Text:
    """The shape drawn in a round (in its dig type's colour), or 'pass'."""
    if turn.passed or turn.shape is None or turn.dig is None:
        return Text(x, ctx(0.86), ctx.text("pass"), ctx(0.2), ctx.theme.muted, "round-turn",
                    "middle")
    return Text(x, ctx(0.86), turn.shape, ctx(0.22), ctx.theme.digs[turn.dig],
                f"round-turn dig-{turn.dig}", "middle", True)


# -- the tables ----------------------------------------------------------------------------

def fossil_block(sheet: Sheet, ctx: Ctx) -> Block:
    """The scoring list: each fossil's letter, name, points and same-dig bonus, circled
    when dug up and earned (as on the paper sheet)."""
    found = sheet.game.map.fossils
    top = ctx(HEADING_ROOM)
    items: list[Item] = [heading(ctx, ctx.text(f"fossils.{ctx.theme.name}"))]
    per_column = max(st.FOSSIL_ROWS, math.ceil(len(found) / st.FOSSIL_COLUMNS))
    for i, fossil in enumerate(found):
        col, row = divmod(i, per_column)
        entry, cls = fossil_entry(sheet, ctx, i, fossil)
        items.append(entry.at(ctx(col * st.FOSSIL_COLUMN), top + ctx(row * st.FOSSIL_ROW), cls,
                              {"fossil": fossil.id}))
    cols = max(1, math.ceil(len(found) / per_column))
    rows = min(len(found), per_column)
    return Block(tuple(items), ctx(cols * st.FOSSIL_COLUMN - 0.3),
                 top + ctx(rows * st.FOSSIL_ROW))


def fossil_entry(sheet: Sheet, ctx: Ctx, index: int, fossil: Fossil) -> tuple[Block, str]:
    th = ctx.theme
    dug = bool(sheet.state.dug >> index & 1)
    same = bool(sheet.state.same >> index & 1)
    mid, chip = ctx(st.FOSSIL_ROW / 2), ctx(0.46)
    size = ctx(st.TEXT_SIZE)
    right = ctx(st.FOSSIL_COLUMN - 0.3)
    # a long name (in French, say) is set smaller, as small as the bonus names, before
    # it is cut
    name, name_size = fitted(st.fossil_name(fossil, th.name, ctx.lang), size,
                             right - ctx(2.1), ctx(st.SMALL_SIZE * 0.85))
    items: list[Item] = [
        Rect(0, mid - chip / 2, chip, chip,
             Paint(fill=th.dug if dug else th.fossil, stroke=th.fossil_edge, width=ctx(0.04)),
             "fossil-chip", rx=ctx(0.06)),
        Text(chip / 2, baseline(mid, size), fossil.id, size, th.fossil_edge, "fossil-letter",
             "middle", True),
        Text(chip + ctx(0.16), baseline(mid, name_size), name, name_size, th.ink,
             "fossil-name"),
        *value_circle(ctx, right - ctx(1.05), mid, ctx(0.26), str(fossil.points),
                      "points", dug),
        *value_circle(ctx, right - ctx(0.3), mid, ctx(0.23), f"+{fossil.bonus}",
                      "bonus", same)]
    cls = "fossil-entry" + (" dug" if dug else "") + (" same" if same else "")
    return Block(tuple(items), right, ctx(st.FOSSIL_ROW)), cls


def value_circle(ctx: Ctx, cx: float, cy: float, r: float, text: str, kind: str,
                 marked: bool) -> tuple[Circle, Text]:
    """A number in a circle; ``marked`` (dug up, bonus earned) circles it boldly."""
    th = ctx.theme
    paint = (Paint(fill=th.dug, stroke=th.ink, width=ctx(0.07)) if marked
             else Paint(fill=th.open, stroke=th.muted, width=ctx(0.03)))
    cls = f"{kind} {'dug' if kind == 'points' else 'earned'}" if marked else kind
    size = min(ctx(0.26), 2.6 * r / max(2, len(text)))
    return (Circle(cx, cy, r, paint, cls),
            Text(cx, baseline(cy, size), text, size, th.ink, f"{kind}-value", "middle", marked))


def dice_block(sheet: Sheet, ctx: Ctx) -> Block:
    """The dice tables: for each face, its pips, the shapes it gives and its dig type."""
    dice = sheet.game.dice
    top = ctx(HEADING_ROOM)
    items: list[Item] = [heading(ctx, ctx.text("dice"))]
    height = 0.0
    for face in range(1, 7):
        column = die_column(ctx, dice, face)
        height = max(height, column.height)
        items.append(column.at(ctx((face - 1) * st.DICE_COLUMN), top, "die-face",
                               {"face": str(face), "dig": dice.dig_of(face)}))
    return Block(tuple(items), ctx(6 * st.DICE_COLUMN - 0.2), top + height)


def die_column(ctx: Ctx, dice: Dice, face: int) -> Block:
    th = ctx.theme
    w = ctx(st.DICE_COLUMN - 0.2)
    die = ctx(0.5)
    items: list[Item] = [Rect(w / 2 - die / 2, 0, die, die,
                              Paint(fill=WHITE, stroke=th.ink, width=ctx(0.04)), "die",
                              rx=ctx(0.08))]
    items += [Circle(x, y, ctx(0.045), Paint(fill=th.ink), "pip")
              for x, y in pip_centres(face, w / 2, die / 2, die / 2)]
    shapes = mini_shapes(ctx, dice.shapes_of(face), w)
    items.append(shapes.at(0, ctx(0.65), "die-shapes"))
    y = ctx(0.65) + shapes.height
    items.append(Text(w / 2, y + ctx(0.28), " ".join(dice.shapes_of(face)), ctx(0.24), th.ink,
                      "shape-names", "middle", True))
    dig = dice.dig_of(face)
    swatch = Rect(0, 0, ctx(1), ctx(0.5), dig_paint(dig, ctx, th.ink, ctx(0.03)),
                  f"dig-swatch dig-{dig}", {"dig": dig})
    # In its own group, so that the pattern's tiles start at the swatch's corner.
    items.append(Group((swatch,), "swatch", w / 2 - ctx(0.5), y + ctx(0.4)))
    dig_name, size = fitted(ctx.text(f"dig.{dig}"), ctx(0.22), w, ctx(0.16))
    items.append(Text(w / 2, y + ctx(1.15), dig_name, size, th.muted, "dig-name", "middle"))
    return Block(tuple(items), w, y + ctx(1.2))


def mini_shapes(ctx: Ctx, letters: tuple[str, ...], width: float) -> Block:
    """Small pictures of pentominoes side by side, shrunk to fit ``width``."""
    pictures = [PENTOMINOES[letter].cells for letter in letters]
    spans = [1 + max(x for x, _ in cells) for cells in pictures]
    tall = 4   # the tallest picture (L, N, Y): every face's shapes take the same room
    gap = 0.7
    s = min(ctx(st.MINI_CELL), width / (sum(spans) + gap * (len(spans) - 1)))
    x0 = (width - s * (sum(spans) + gap * (len(spans) - 1))) / 2
    items: list[Item] = []
    paint = Paint(fill=st.tint(ctx.theme.ink, 0.7), stroke=ctx.theme.ink, width=ctx(0.015))
    for letter, cells_, span in zip(letters, pictures, spans, strict=True):
        high = 1 + max(y for _, y in cells_)
        y0 = (tall - high) * s / 2
        squares = tuple(Rect(x0 + x * s, y0 + y * s, s, s, paint) for x, y in cells_)
        items.append(Group(squares, "mini-shape", data={"shape": letter}))
        x0 += (span + gap) * s
    return Block(tuple(items), width, tall * s)


def score_block(sheet: Sheet, ctx: Ctx) -> Block:
    """The score box: the total, and how it is made (fossils, same-dig bonuses, +1s).
    Empty on a blank sheet, for the player to fill in."""
    th = ctx.theme
    w, h = ctx(st.SCORE_WIDTH), ctx(st.SCORE_HEIGHT)
    items: list[Item] = [
        Rect(0, 0, w, h, Paint(fill=th.open, stroke=th.ink, width=ctx(st.MEDIUM)),
             "score-frame", rx=ctx(0.12)),
        heading(ctx, ctx.text("score"), w / 2, "middle", ctx(0.5))]
    if not sheet.blank:
        score = sheet.state.score()
        points = sum(f.points for f in score.fossils)
        bonus = sum(f.bonus for f in score.fossils)
        items.append(Text(w / 2, ctx(1.45), str(score.total), ctx(0.9), th.ink, "score-total",
                          "middle", True))
        note, size = fitted(ctx.text("breakdown", points=points, bonus=bonus,
                                     plus=score.plus_one), ctx(0.2), w - ctx(0.2), ctx(0.15))
        items.append(Text(w / 2, ctx(1.95), note, size, th.muted, "score-breakdown", "middle"))
    return Block(tuple(items), w, h)


def snowman_block(ctx: Ctx) -> Block:
    """A blank snowman (Snowman Edition): after the game the player places the items
    they dug up on it, and names it."""
    th = ctx.theme
    body = Paint(fill=WHITE, stroke=th.ink, width=ctx(0.05))
    w = ctx(2.0)
    items: list[Item] = [
        Circle(w / 2, ctx(2.25), ctx(0.62), body, "snowman-body"),
        Circle(w / 2, ctx(1.3), ctx(0.45), body, "snowman-body"),
        Circle(w / 2, ctx(0.62), ctx(0.33), body, "snowman-head"),
        Path((((w / 2 - ctx(0.4), ctx(2.9)), (w / 2 + ctx(0.4), ctx(2.9))),),
             Paint(stroke=th.muted, width=ctx(0.04)), closed=False, cls="snowman-ground")]
    return Block(tuple(items), w, ctx(2.95))


# -- the title -----------------------------------------------------------------------------

def subtitle(sheet: Sheet, ctx: Ctx) -> str:
    edition = ctx.text(f"edition.{ctx.theme.name}")
    rounds = sheet.game.rounds
    if not sheet.blank:
        status = ctx.text("progress", round=sheet.state.round, rounds=rounds)
    elif sheet.puzzle:
        status = ctx.text("puzzle", n=rounds)
    else:
        status = ctx.text("blank", rounds=rounds)
    seed = f" · {ctx.text('seed', seed=sheet.seed)}" if sheet.seed else ""
    return f"{edition} · {status}{seed}"


def title_block(sheet: Sheet, ctx: Ctx, width: float) -> Block:
    """The map's (or puzzle's) name and edition on the left; the name lines on the right
    (the Snowman Edition adds a line to name the snowman)."""
    th = ctx.theme
    keys = ("name", "snowman-name") if th.name == "snowman" else ("name",)
    line = ctx(3.6)
    room = width - line - ctx(3.4)
    items: list[Item] = [
        Text(0, ctx(st.TITLE_SIZE), fit_text(sheet.title, ctx(st.TITLE_SIZE), room),
             ctx(st.TITLE_SIZE), th.ink, "title", bold=True),
        Text(0, ctx(st.TITLE_SIZE + 0.5), fit_text(subtitle(sheet, ctx), ctx(st.SUBTITLE_SIZE),
                                                   room), ctx(st.SUBTITLE_SIZE), th.muted,
             "subtitle")]
    for k, key in enumerate(keys):
        y = ctx(0.5 + 0.6 * k)
        text, size = fitted(ctx.text(key), ctx(st.TEXT_SIZE), ctx(3.2), ctx(st.SMALL_SIZE))
        items.append(Text(width - line - ctx(0.12), y, text, size, th.muted, "name-label",
                          "end"))
        items.append(Path((((width - line, y + ctx(0.06)), (width, y + ctx(0.06))),),
                          Paint(stroke=th.muted, width=ctx(0.03)), closed=False,
                          cls="name-line"))
        if k == 0 and sheet.player:
            items.append(Text(width - line + ctx(0.1), y - ctx(0.03),
                              fit_text(sheet.player, ctx(0.34), line - ctx(0.2)), ctx(0.34),
                              th.ink, "player-name", bold=True))
    return Block(tuple(items), width, ctx(st.TITLE_SIZE + 0.75))
