"""Enclosure: a fossil's ring, what is still missing, a flood fill that shows the gaps, and
whether the same-dig-type bonus holds, with the reason why not.

Everything here explains the rules of RULES.md ("Dig up") in terms a student can check on
the sheet; it decides nothing the rules do not: a fossil is dug up exactly when the fill
poured on it cannot leave it, and the tests prove that :class:`Enclosure` agrees with
:class:`~paleowidgets.core.rules.State` (``dug`` and ``same``) on random games.

* the **ring** is the cells orthogonally next to the fossil (the map's ``Fossil.ring``);
  each is *covered* (drawn) or *missing*;
* the **diagonal** neighbours touch the fossil only at a corner: not needed, because the
  fill moves orthogonally and cannot squeeze between two cells that meet at a corner;
* the **fill** starts on the fossil's cells and spreads, one step at a time, to every
  orthogonal neighbour that is not drawn. Step 1 is exactly the missing ring cells: the
  gaps it leaks out through. A fossil is dug up when the fill has no step 1.

The second half measures shapes in general, for the lesson on area and perimeter:
:func:`ring_of`, :func:`perimeter`, :func:`contacts`, :func:`free_polyominoes`,
:func:`fewest_ring_cells` and :func:`fewest_shapes`.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY, Game
>>> e = enclosure(Game(parse_document(TINY)).initial_state(), "B")
>>> sorted(cell_name(c) for c in e.ring), e.dug_up, len(e.diagonal)
(['E5', 'F4', 'F6', 'G5'], False, 4)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from .geometry import (
    FIXED_BY_LETTER,
    Cell,
    canonical,
    cell_name,
    diagonal_neighbours,
    orthogonal_neighbours,
    polyominoes,
)
from .maps import Fossil
from .rules import Game, State
from .terms import DIG_TYPES

# Why a same-dig-type bonus does not hold (i18n keys ``enclosure.why.<reason>``).
NOT_DUG_UP = "not-dug-up"     # some ring cells are still missing
MIXED_DIGS = "mixed-digs"     # the ring holds two or three dig types
ONE_SQUARE = "one-square"     # a One-Square cell (no dig type) is in the ring
PREDRAWN = "predrawn"         # a puzzle's pre-drawn '#' cell (no dig type) is in the ring
REASONS = (NOT_DUG_UP, MIXED_DIGS, ONE_SQUARE, PREDRAWN)

MAX_POLYOMINO = 10            # polyominoes() enumerates up to this size (36,446 fixed at 10)


def reading_order(cell: Cell) -> tuple[int, int]:
    """Sort key: row by row from the top, left to right."""
    return cell[1], cell[0]


def names(cells: Iterable[Cell]) -> list[str]:
    """Cell names in reading order: ``names({(1, 0), (0, 1)}) == ['B1', 'A2']``."""
    return [cell_name(c) for c in sorted(cells, key=reading_order)]


# -- the bonus ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class BonusCheck:
    """The same-dig-type bonus of one fossil, with the evidence.

    ``holds``: dug up with every ring cell drawn by shapes of one dig type. ``possible``:
    not decided yet and nothing spoils it so far (the drawn ring cells share one dig type
    and none is a One Square or pre-drawn). ``reasons`` say why it does not hold (empty
    when it does), in the order of :data:`REASONS`. ``digs`` maps each dig type found in
    the ring to its cells; ``squares`` and ``predrawn`` are the ring cells with no dig type.
    """

    holds: bool
    possible: bool
    reasons: tuple[str, ...]
    digs: Mapping[str, frozenset[Cell]] = field(default_factory=dict)
    squares: frozenset[Cell] = frozenset()
    predrawn: frozenset[Cell] = frozenset()

    @property
    def dig(self) -> str | None:
        """The one dig type of the ring's drawn cells, when there is exactly one."""
        return next(iter(self.digs)) if len(self.digs) == 1 else None


def bonus_check(state: State, ring: frozenset[Cell], missing: frozenset[Cell]) -> BonusCheck:
    """Sort the drawn ring cells by what drew them, and say whether the bonus holds."""
    g = state.game
    by_dig: dict[str, set[Cell]] = {}
    squares, predrawn = set(), set()
    for cell in ring - missing:
        bit = g.bit(cell)
        dig = state.dig_at(cell)
        if dig is not None:
            by_dig.setdefault(dig, set()).add(cell)
        elif bit & g.predrawn_mask:
            predrawn.add(cell)
        elif bit & state.squares:
            squares.add(cell)
    spoilers = [MIXED_DIGS] if len(by_dig) > 1 else []
    spoilers += [ONE_SQUARE] if squares else []
    spoilers += [PREDRAWN] if predrawn else []
    reasons = ([NOT_DUG_UP] if missing else []) + spoilers
    digs = {d: frozenset(by_dig[d]) for d in DIG_TYPES if d in by_dig}
    return BonusCheck(holds=not reasons, possible=bool(missing) and not spoilers,
                      reasons=tuple(reasons), digs=digs, squares=frozenset(squares),
                      predrawn=frozenset(predrawn))


# -- one fossil's enclosure --------------------------------------------------------------------

@dataclass(frozen=True)
class Enclosure:
    """One fossil on one sheet: its ring (covered and missing cells), its diagonal
    neighbours (not needed), the flood fill step by step and the same-dig-type bonus.

    ``fill[k]`` holds the cells the fill reaches at step ``k``: ``fill[0]`` is the fossil,
    ``fill[1]`` the gaps (the missing ring cells), later steps what lies beyond them.
    """

    fossil: Fossil
    index: int
    ring: frozenset[Cell]
    covered: frozenset[Cell]
    missing: frozenset[Cell]
    diagonal: frozenset[Cell]
    fill: tuple[frozenset[Cell], ...]
    bonus: BonusCheck
    width: int
    height: int

    def __repr__(self) -> str:
        return (f"<Enclosure of fossil {self.fossil.id}: ring {len(self.covered)}/"
                f"{len(self.ring)} drawn, {'dug up' if self.dug_up else 'not dug up'}>")

    @property
    def dug_up(self) -> bool:
        """Every ring cell is drawn: the fill cannot leave the fossil."""
        return not self.missing

    @property
    def gaps(self) -> frozenset[Cell]:
        """The cells the fill leaks out through (the missing ring cells)."""
        return self.fill[1] if len(self.fill) > 1 else frozenset()

    @property
    def steps(self) -> int:
        """The last step of the fill (0 when it cannot leave the fossil)."""
        return len(self.fill) - 1

    def reached(self, step: int | None = None) -> frozenset[Cell]:
        """Every cell the fill has reached after ``step`` steps (all of them by default)."""
        last = self.steps if step is None else max(0, min(step, self.steps))
        return frozenset().union(*self.fill[:last + 1])

    @property
    def escaped(self) -> frozenset[Cell]:
        """The cells the fill reaches beyond the ring."""
        return self.reached() - self.fossil.cells - self.ring

    @property
    def reaches_edge(self) -> bool:
        """Whether the fill gets to a cell on the edge of the map."""
        return any(x in (0, self.width - 1) or y in (0, self.height - 1)
                   for x, y in self.reached())


def fossil_index(state: State, fossil: str | int) -> int:
    """The index of a fossil given by id (``"A"``) or index; a ValueError names the ids."""
    fossils = state.game.map.fossils
    if isinstance(fossil, int):
        if not 0 <= fossil < len(fossils):
            raise ValueError(f"fossil index {fossil} out of range: the map has "
                             f"{len(fossils)} fossils")
        return fossil
    for i, f in enumerate(fossils):
        if f.id == fossil:
            return i
    raise ValueError(f"no fossil {fossil!r} on this map (fossils: "
                     f"{', '.join(f.id for f in fossils) or 'none'})")


def enclosure(state: State, fossil: str | int) -> Enclosure:
    """The enclosure of one fossil (by id or index) on a player's sheet.

    >>> from paleowidgets.core.maps import parse_document
    >>> from paleowidgets.core.rules import TINY, Game
    >>> e = enclosure(Game(parse_document(TINY)).initial_state(), "A")
    >>> len(e.ring), len(e.gaps), e.bonus.reasons
    (7, 7, ('not-dug-up',))
    """
    g = state.game
    i = fossil_index(state, fossil)
    f = g.map.fossils[i]
    ring = f.ring
    covered = g.cells_of(g.rings[i] & state.drawn)
    missing = ring - covered
    return Enclosure(fossil=f, index=i, ring=ring, covered=covered, missing=missing,
                     diagonal=diagonal_only(f.cells, g.width, g.height),
                     fill=flood_fill(f.cells, g.cells_of(state.drawn), g.width, g.height),
                     bonus=bonus_check(state, ring, missing), width=g.width, height=g.height)


def enclosures(state: State) -> tuple[Enclosure, ...]:
    """The enclosure of every fossil of the map, in id order."""
    return tuple(enclosure(state, i) for i in range(len(state.game.map.fossils)))


def flood_fill(start: Iterable[Cell], walls: Iterable[Cell], width: int,
               height: int) -> tuple[frozenset[Cell], ...]:
    """Breadth-first fill of a ``width`` x ``height`` grid from ``start``, moving
    orthogonally through every cell that is not a wall: the cells reached at each step
    (step 0 is ``start``). A cell reached at step k is k orthogonal moves away.

    >>> [len(s) for s in flood_fill({(1, 1)}, {(1, 0), (0, 1), (2, 1)}, 3, 3)]
    [1, 1, 2]
    """
    blocked = set(walls)
    seen = set(start)
    layers = [frozenset(seen)]
    while True:
        nxt = {n for c in layers[-1] for n in orthogonal_neighbours(c)
               if n not in seen and n not in blocked
               and 0 <= n[0] < width and 0 <= n[1] < height}
        if not nxt:
            return tuple(layers)
        seen |= nxt
        layers.append(frozenset(nxt))


# -- shapes in general: rings, perimeter, area -------------------------------------------------

def ring_of(cells: Iterable[Cell], width: int | None = None,
            height: int | None = None) -> frozenset[Cell]:
    """The cells orthogonally next to ``cells`` and not among them; with a grid size, only
    those inside the grid (a side on the map's border needs no ring cell).

    >>> len(ring_of({(0, 0), (1, 0)})), len(ring_of({(0, 0), (1, 0)}, 5, 5))
    (6, 3)
    """
    cs = set(cells)
    ring = {n for c in cs for n in orthogonal_neighbours(c) if n not in cs}
    if width is not None and height is not None:
        ring = {(x, y) for x, y in ring if 0 <= x < width and 0 <= y < height}
    return frozenset(ring)


def diagonal_only(cells: Iterable[Cell], width: int | None = None,
                  height: int | None = None) -> frozenset[Cell]:
    """The cells that touch ``cells`` only at a corner (not needed to enclose them).

    >>> len(diagonal_only({(1, 1)}))
    4
    """
    cs = set(cells)
    ring = ring_of(cs)
    out = {d for c in cs for d in diagonal_neighbours(c) if d not in cs and d not in ring}
    if width is not None and height is not None:
        out = {(x, y) for x, y in out if 0 <= x < width and 0 <= y < height}
    return frozenset(out)


def contacts(cells: Iterable[Cell]) -> dict[Cell, int]:
    """Each ring cell with the number of its sides that touch ``cells`` (1 to 4). They add
    up to the perimeter: a ring cell in a corner or a pocket counts once in the ring but
    two, three or four times in the perimeter.

    >>> sorted(contacts({(0, 0), (1, 0), (0, 1)}).values())
    [1, 1, 1, 1, 1, 1, 2]
    """
    cs = set(cells)
    out: dict[Cell, int] = {}
    for c in cs:
        for n in orthogonal_neighbours(c):
            if n not in cs:
                out[n] = out.get(n, 0) + 1
    return out


def perimeter(cells: Iterable[Cell]) -> int:
    """The number of cell sides on the outline of ``cells`` (holes included).

    >>> perimeter({(0, 0), (1, 0), (2, 0)}), perimeter({(0, 0), (1, 0), (0, 1), (1, 1)})
    (8, 8)
    """
    return sum(contacts(cells).values())


@functools.cache
def free_polyominoes(n: int) -> tuple[tuple[Cell, ...], ...]:
    """Every free polyomino of ``n`` cells (1 to :data:`MAX_POLYOMINO`; turns and flips
    count as the same), each in its :func:`~paleowidgets.core.geometry.canonical` form,
    sorted: the fixed ones of :func:`~paleowidgets.core.geometry.polyominoes`, one per orbit.

    >>> [len(free_polyominoes(n)) for n in range(1, 7)]
    [1, 1, 2, 5, 12, 35]
    """
    if not 1 <= n <= MAX_POLYOMINO:
        raise ValueError(f"polyominoes are enumerated for 1 to {MAX_POLYOMINO} cells, not {n}")
    return tuple(sorted({canonical(f) for f in polyominoes(n)}))


def fewest_ring_cells(n: int) -> int:
    """The fewest ring cells any shape of ``n`` cells can have: ``ceil(sqrt(8n - 4)) + 2``
    (the tests check it against every polyomino up to 8 cells). Diamonds reach it.

    >>> [fewest_ring_cells(n) for n in (1, 2, 3, 4, 5, 13)]
    [4, 6, 7, 8, 8, 12]
    """
    if n < 1:
        raise ValueError(f"a shape has at least one cell, not {n}")
    return math.isqrt(8 * n - 5) + 1 + 2   # ceil(sqrt(m)) == isqrt(m - 1) + 1 for m >= 1


def most_ring_cells(n: int) -> int:
    """The most ring cells a shape of ``n`` cells can have: ``2n + 2``, and only a straight
    line has it (any bend makes an inside corner, a ring cell touching two sides). Each
    added cell was a ring cell and brings at most 3 new ones.

    >>> most_ring_cells(5)
    12
    """
    if n < 1:
        raise ValueError(f"a shape has at least one cell, not {n}")
    return 2 * n + 2


# -- how many pentominoes a ring needs ----------------------------------------------------------

@dataclass(frozen=True)
class ShapeCover:
    """The fewest pentominoes that draw a whole ring on an empty sheet: ``count``, one way
    to do it (``shapes``: letter and cells), the simple bound ``ceil(ring / 5)`` and the
    most ring cells one pentomino can cover there."""

    count: int
    shapes: tuple[tuple[str, frozenset[Cell]], ...]
    ring: int
    bound: int
    best_single: int


def fewest_shapes(game: Game, fossil: str | int, *, max_nodes: int = 2_000_000) -> ShapeCover:
    """The fewest non-overlapping pentominoes (any of the 12, any dig type) that cover every
    ring cell of ``fossil`` on the game's blank sheet, by iterative deepening: each level
    covers the first ring cell still missing, and a level is cut when the cells left
    cannot be covered by the shapes left at the best single-shape coverage.
    Raises RuntimeError past ``max_nodes`` search nodes.

    >>> from paleowidgets.core.maps import parse_document
    >>> from paleowidgets.core.rules import TINY
    >>> fewest_shapes(Game(parse_document(TINY)), "B").count
    2
    """
    i = fossil_index(game.initial_state(), fossil)
    ring = game.rings[i]
    size = ring.bit_count()
    shapes = [(letter, m) for letter in FIXED_BY_LETTER for m in game.placements[letter]
              if m & ring]
    best = max((m & ring).bit_count() for _, m in shapes)
    by_cell: dict[int, list[tuple[str, int]]] = {}
    for bit in _bits(ring):
        # the shapes covering most ring cells first, so a solution is met early
        by_cell[bit] = sorted(((s, m) for s, m in shapes if m & bit),
                              key=lambda sm: -(sm[1] & ring).bit_count())
    nodes = 0

    def search(left: int, used: int, depth: int) -> list[tuple[str, int]] | None:
        nonlocal nodes
        if not left:
            return []
        if depth == 0 or left.bit_count() > depth * best:
            return None
        nodes += 1
        if nodes > max_nodes:
            raise RuntimeError(f"fewest_shapes: more than {max_nodes} search nodes")
        for letter, m in by_cell[left & -left]:
            if not m & used:
                rest = search(left & ~m, used | m, depth - 1)
                if rest is not None:
                    return [(letter, m), *rest]
        return None

    depth = -(-size // best)
    while (found := search(ring, 0, depth)) is None:
        depth += 1
    return ShapeCover(len(found), tuple((s, game.cells_of(m)) for s, m in found), size,
                      -(-size // 5), best)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


__all__ = [
    "MAX_POLYOMINO", "MIXED_DIGS", "NOT_DUG_UP", "ONE_SQUARE", "PREDRAWN", "REASONS",
    "BonusCheck", "Enclosure", "ShapeCover", "bonus_check", "contacts", "diagonal_only",
    "enclosure", "enclosures", "fewest_ring_cells", "fewest_shapes", "flood_fill",
    "fossil_index", "free_polyominoes", "most_ring_cells", "names", "perimeter",
    "reading_order", "ring_of",
]
