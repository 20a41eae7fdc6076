"""The rules of RULES.md, in one place: the immutable Game, a player's State, legal turns.

Two ways to play a turn, as in python-chess: :meth:`State.apply` checks the turn and raises
:class:`IllegalTurnError` naming the rule broken; :meth:`State.play` trusts its arguments
(for search and bots, which only play what :meth:`State.placements` produced).

Cells are bits of one integer (bit ``y * width + x``), so a board is an ``int`` and "fits"
is one ``&``.

>>> from paleowidgets.core.maps import parse_document
>>> m = parse_document(TINY)
>>> s = Game(m).initial_state()
>>> s = s.apply((2, 5), Turn.from_dict({"shape": "L", "dig": "chevron",
...                                      "cells": ["B2", "B3", "B4", "B5", "C5"]}))
>>> s.round, s.score().total
(1, 0)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

from .errors import IllegalTurnError
from .geometry import FIXED_BY_LETTER, LETTERS, Cell, cell_name, normalise, recognise
from .maps import Dice, Map, Puzzle, Roll
from .terms import BONUS_CAP, BONUS_KINDS, DIG_TYPES, ONE_SQUARE, PLUS_ONE, SWITCH_DIG, SWITCH_SHAPE
from .turns import Turn

Bonuses = tuple[int, int, int, int]
NO_BONUSES: Bonuses = (0, 0, 0, 0)

TINY = '''[map]
name = "Tiny quarry"
grid = """
. . . . . . .
. . . . * . .
. . A A . . .
. . A . . . .
. . . . . B .
. . . . . . .
"""
[fossils.A]
points = 4
bonus = 2
[fossils.B]
points = 1
bonus = 1
'''


def popcount(mask: int) -> int:
    return mask.bit_count()


def _square_sets(n: int, free: list[tuple[Cell, int]], taken: int
                 ) -> Iterator[frozenset[Cell]]:
    """Every set of at most ``n`` One-Square cells among ``free`` outside ``taken``."""
    yield frozenset()
    if n:
        cells = [c for c, b in free if not b & taken]
        for k in range(1, n + 1):
            for combo in combinations(cells, k):
                yield frozenset(combo)


@functools.cache
def _form_table(width: int, height: int) -> dict[str, dict[tuple[Cell, ...], tuple[int, ...]]]:
    """Every placement of each pentomino on an empty ``width`` x ``height`` board, as a
    mask, by letter and fixed orientation (the form at the top left, as
    ``FIXED_BY_LETTER``), then row, then column: one form's mask at the top left, shifted.
    Computed once per board size."""
    table: dict[str, dict[tuple[Cell, ...], tuple[int, ...]]] = {}
    for letter in LETTERS:
        by_form = table[letter] = {}
        for form in FIXED_BY_LETTER[letter]:
            fw = 1 + max(x for x, _ in form)
            fh = 1 + max(y for _, y in form)
            base = 0
            for x, y in form:
                base |= 1 << (y * width + x)
            masks: list[int] = []
            for dy in range(height - fh + 1):
                row = base << (dy * width)
                masks.extend(row << dx for dx in range(width - fw + 1))
            by_form[form] = tuple(masks)
    return table


@functools.cache
def _placement_table(width: int, height: int) -> dict[str, tuple[int, ...]]:
    """Every placement of each pentomino on an empty board: by fixed orientation, then row,
    then column (the order the bots' choices rely on)."""
    return {letter: tuple(m for masks in by_form.values() for m in masks)
            for letter, by_form in _form_table(width, height).items()}


class Game:
    """The immutable part of a game: the map, its dice tables, the rounds, start bonuses.

    It also holds what the rules ask over and over, computed once: every placement of every
    shape on the open cells, each fossil's ring, the star cells, as bit masks.
    """

    __slots__ = (
        "_cells_cache",
        "_forms",
        "all_mask",
        "dice",
        "fossil_mask",
        "height",
        "map",
        "placements",
        "predrawn_mask",
        "rings",
        "rounds",
        "star_mask",
        "start_bonuses",
        "width",
    )

    def __init__(self, game_map: Map, *, rounds: int | None = None,
                 start_bonuses: Bonuses = NO_BONUSES) -> None:
        self.map = game_map
        self.dice: Dice = game_map.dice
        self.rounds = game_map.rounds if rounds is None else rounds
        self.start_bonuses = start_bonuses
        self.width = game_map.width
        self.height = game_map.height
        self.all_mask = (1 << (self.width * self.height)) - 1
        self.fossil_mask = self.mask_of(c for f in game_map.fossils for c in f.cells)
        self.star_mask = self.mask_of(game_map.stars)
        self.predrawn_mask = self.mask_of(game_map.predrawn)
        self.rings = tuple(self.mask_of(f.ring) for f in game_map.fossils)
        blocked = self.fossil_mask | self.predrawn_mask
        self.placements: dict[str, tuple[int, ...]] = {
            letter: tuple(m for m in masks if not m & blocked)
            for letter, masks in _placement_table(self.width, self.height).items()
        }
        self._cells_cache: dict[int, frozenset[Cell]] = {}
        self._forms: dict[tuple[str, tuple[Cell, ...]], tuple[int, ...]] = {}

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle) -> Game:
        return cls(puzzle.map, rounds=len(puzzle.rolls), start_bonuses=puzzle.bonuses)

    def __repr__(self) -> str:
        return f"<Game on {self.map!r}, {self.rounds} rounds>"

    def _key(self) -> tuple[Map, int, Bonuses]:
        return self.map, self.rounds, self.start_bonuses

    def __eq__(self, other: object) -> bool:
        # Two games with the same map, rounds and start bonuses play identically, so their
        # states compare equal (a replay builds its own Game).
        return self is other or (isinstance(other, Game) and self._key() == other._key())

    def __hash__(self) -> int:
        return hash(self._key())

    # -- cells and masks ---------------------------------------------------------------

    def bit(self, cell: Cell) -> int:
        x, y = cell
        return 1 << (y * self.width + x)

    def mask_of(self, cells: Iterable[Cell]) -> int:
        m = 0
        for x, y in cells:
            m |= 1 << (y * self.width + x)
        return m

    def cells_of(self, mask: int) -> frozenset[Cell]:
        cached = self._cells_cache.get(mask)
        if cached is None:
            out = []
            m = mask
            while m:
                low = m & -m
                i = low.bit_length() - 1
                out.append((i % self.width, i // self.width))
                m ^= low
            cached = frozenset(out)
            if len(self._cells_cache) < 100_000:
                self._cells_cache[mask] = cached
        return cached

    def inside(self, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height

    def form_placements(self, letter: str, form: Iterable[Cell]) -> tuple[int, ...]:
        """The placements of ``letter`` in one fixed orientation (``form``: its cells, e.g.
        ``Symmetry.apply`` of the pentomino's) on the open cells, as masks: the part of
        :attr:`placements` that keeps the shape turned as it is."""
        key = (letter, normalise(form))
        masks = self._forms.get(key)
        if masks is None:
            by_form = _form_table(self.width, self.height)[letter]
            if key[1] not in by_form:
                raise ValueError(f"{key[1]} is not a form of the {letter} pentomino")
            blocked = self.fossil_mask | self.predrawn_mask
            masks = self._forms[key] = tuple(m for m in by_form[key[1]] if not m & blocked)
        return masks

    def _all_placements(self, letter: str) -> Iterator[int]:
        yield from _placement_table(self.width, self.height)[letter]

    # -- states ------------------------------------------------------------------------

    def initial_state(self) -> State:
        return State(self, 0, self.predrawn_mask, (0, 0, 0), 0, self.start_bonuses,
                     NO_BONUSES, 0, 0)

    def roll_shapes(self, roll: Roll) -> tuple[str, ...]:
        """The shapes a roll offers without switches (either die may give the shape)."""
        a, b = roll
        return tuple(dict.fromkeys(self.dice.shapes_of(a) + self.dice.shapes_of(b)))

    def choices(self, roll: Roll, switch: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
        """Every (shape, dig type) the roll allows with these switches spent."""
        a, b = roll
        pairs: dict[tuple[str, str], None] = {}
        for shape_die, dig_die in ((a, b), (b, a)):
            shapes = LETTERS if "shape" in switch else self.dice.shapes_of(shape_die)
            digs = DIG_TYPES if "dig" in switch else (self.dice.dig_of(dig_die),)
            for s in shapes:
                for d in digs:
                    pairs[(s, d)] = None
        return list(pairs)


@dataclass(frozen=True)
class FossilScore:
    id: str
    points: int
    bonus: int       # the same-dig-type bonus earned, 0 when not


@dataclass(frozen=True)
class Score:
    """A score with its breakdown: fossils dug up (in id order) and +1 Point bonuses."""

    total: int
    fossils: tuple[FossilScore, ...]
    plus_one: int

    def to_dict(self) -> dict[str, object]:
        return {"score": self.total,
                "fossils": [{"id": f.id, "points": f.points, "bonus": f.bonus}
                            for f in self.fossils],
                "plus_one": self.plus_one}


@dataclass(frozen=True, slots=True)
class State:
    """One player's sheet after ``round`` rounds. Immutable: a turn makes a new State.

    ``drawn`` holds every drawn cell (pre-drawn, shapes and single squares); ``digs`` the
    shape cells of each dig type; ``held`` the bonuses held by kind (BONUS_KINDS order),
    ``gained`` how many of each were gained from stars (the cap of 4 counts these);
    ``dug`` and ``same`` are bit sets over the map's fossils (same-dig bonus earned).
    """

    game: Game
    round: int
    drawn: int
    digs: tuple[int, int, int]
    squares: int
    held: Bonuses
    gained: Bonuses
    dug: int
    same: int

    def __repr__(self) -> str:
        return (f"<State round {self.round}/{self.game.rounds}, score {self.score().total}, "
                f"held {dict(zip(BONUS_KINDS, self.held, strict=True))}>")

    def _repr_svg_(self) -> str:
        from ..render.svg import render_svg  # lazily: the rules never load rendering

        return render_svg(self)._repr_svg_()

    # -- questions ---------------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        return self.round >= self.game.rounds

    def fits(self, shape: str) -> bool:
        drawn = self.drawn
        return any(not m & drawn for m in self.game.placements[shape])

    def fits_as(self, shape: str, form: Iterable[Cell]) -> bool:
        """:meth:`fits` for one fixed orientation of the shape (its cells, ``form``)."""
        drawn = self.drawn
        return any(not m & drawn for m in self.game.form_placements(shape, form))

    def placements(self, shape: str) -> Iterator[int]:
        """The masks where ``shape`` can be drawn now, lazily."""
        drawn = self.drawn
        return (m for m in self.game.placements[shape] if not m & drawn)

    def must_draw(self, roll: Roll) -> bool:
        """The forced-draw rule: some shape of the roll fits on the board as it stands."""
        return any(self.fits(s) for s in self.game.roll_shapes(roll))

    def star_capacity(self) -> int:
        """How many more stars can still give a bonus this game."""
        return sum(BONUS_CAP - g for g in self.gained)

    def star_options(self, n_stars: int) -> Iterator[tuple[str, ...]]:
        """Each legal choice of bonus kinds for ``n_stars`` covered stars (sorted tuples)."""
        k = min(n_stars, self.star_capacity())
        for combo in combinations_with_replacement(range(4), k):
            if all(self.gained[i] + combo.count(i) <= BONUS_CAP for i in set(combo)):
                yield tuple(BONUS_KINDS[i] for i in combo)

    def open_square_cells(self, extra: int = 0) -> list[Cell]:
        """Cells a One Square can fill: open, not a star, not a fossil (and not in ``extra``)."""
        g = self.game
        blocked = self.drawn | g.fossil_mask | g.star_mask | extra
        return sorted(g.cells_of(g.all_mask & ~blocked), key=lambda c: (c[1], c[0]))

    def ring_state(self, fossil_index: int) -> tuple[int, int]:
        """(ring cells drawn, ring size) of a fossil."""
        ring = self.game.rings[fossil_index]
        return popcount(ring & self.drawn), popcount(ring)

    def dig_at(self, cell: Cell) -> str | None:
        """The dig type of a drawn shape cell; None for open, square and pre-drawn cells."""
        b = self.game.bit(cell)
        for name, mask in zip(DIG_TYPES, self.digs, strict=True):
            if mask & b:
                return name
        return None

    def score(self) -> Score:
        fossils = []
        total = self.held[PLUS_ONE]
        for i, f in enumerate(self.game.map.fossils):
            if self.dug >> i & 1:
                bonus = f.bonus if self.same >> i & 1 else 0
                fossils.append(FossilScore(f.id, f.points, bonus))
                total += f.points + bonus
        return Score(total, tuple(fossils), self.held[PLUS_ONE])

    # -- legal turns -------------------------------------------------------------------

    def switch_sets(self) -> list[frozenset[str]]:
        """The switch combinations this player can spend this round (none first)."""
        sets: list[frozenset[str]] = [frozenset()]
        if self.held[SWITCH_SHAPE]:
            sets.append(frozenset({"shape"}))
        if self.held[SWITCH_DIG]:
            sets.append(frozenset({"dig"}))
        if self.held[SWITCH_SHAPE] and self.held[SWITCH_DIG]:
            sets.append(frozenset({"shape", "dig"}))
        return sets

    def legal_turns(self, roll: Roll, *, max_squares: int | None = None) -> Iterator[Turn]:
        """Every legal turn for this roll, lazily: draws without switches first, then with
        switches (a switch that changes nothing is legal, and spent), then the pass when the
        forced-draw rule allows it; each with every choice of star bonuses and One-Square
        cells (``max_squares`` caps the squares per turn, for callers that must be quick)."""
        if self.is_terminal:
            return
        n_sq = self.held[ONE_SQUARE] if max_squares is None else min(max_squares,
                                                                      self.held[ONE_SQUARE])
        g = self.game
        # The square candidates, listed once: each placement only filters out its own cells.
        free = [(c, g.bit(c)) for c in self.open_square_cells()] if n_sq else []
        for switch in self.switch_sets():
            for shape, dig in g.choices(roll, switch):
                for mask in self.placements(shape):
                    cells = g.cells_of(mask)
                    for stars in self.star_options(popcount(mask & g.star_mask)):
                        for squares in _square_sets(n_sq, free, mask):
                            yield Turn(shape, dig, cells, False, switch, stars, squares)
        if not self.must_draw(roll):
            for squares in _square_sets(n_sq, free, 0):
                yield Turn.pass_(squares)

    # -- playing -----------------------------------------------------------------------

    def play(self, mask: int, dig: int, *, spend_shape: bool = False, spend_dig: bool = False,
             gains: Bonuses = NO_BONUSES, squares: int = 0) -> State:
        """Apply a turn WITHOUT checking it: ``mask`` is the shape's cells (0 for a pass),
        ``dig`` an index into DIG_TYPES, ``gains`` the bonuses the covered stars give, by
        kind, ``squares`` the One-Square cells. For search; use :meth:`apply` otherwise."""
        g = self.game
        drawn = self.drawn | mask | squares
        d0, d1, d2 = self.digs
        if dig == 0:
            d0 |= mask
        elif dig == 1:
            d1 |= mask
        else:
            d2 |= mask
        dug, same = self.dug, self.same
        for i, ring in enumerate(g.rings):
            if not dug >> i & 1 and ring & drawn == ring:
                dug |= 1 << i
                if ring & d0 == ring or ring & d1 == ring or ring & d2 == ring:
                    same |= 1 << i
        h0, h1, h2, h3 = self.held
        n_sq = popcount(squares) if squares else 0
        if gains is NO_BONUSES:
            held: Bonuses = (h0 - n_sq, h1 - spend_shape, h2 - spend_dig, h3)
            gained = self.gained
        else:
            held = (h0 - n_sq + gains[0], h1 - spend_shape + gains[1],
                    h2 - spend_dig + gains[2], h3 + gains[3])
            q = self.gained
            gained = (q[0] + gains[0], q[1] + gains[1], q[2] + gains[2], q[3] + gains[3])
        return State(g, self.round + 1, drawn, (d0, d1, d2), self.squares | squares, held,
                     gained, dug, same)

    def apply(self, roll: Roll, turn: Turn) -> State:
        """Check ``turn`` against every rule and apply it. Raises IllegalTurnError naming
        the round and the rule id (FORMATS.md)."""
        try:
            return self._apply_checked(roll, turn)
        except IllegalTurnError as e:
            raise e.with_context(round=self.round + 1) from None

    def _apply_checked(self, roll: Roll, turn: Turn) -> State:
        g = self.game
        if self.is_terminal:
            raise IllegalTurnError("extra-turn", f"the game is over after {g.rounds} rounds")
        self._check_spending(turn)
        squares = self._check_squares(turn)
        if turn.passed:
            if turn.switch or turn.stars or turn.cells or turn.shape or turn.dig:
                raise IllegalTurnError("malformed-turn", "a pass carries no draw, switch or stars")
            if self.must_draw(roll):
                fitting = [s for s in g.roll_shapes(roll) if self.fits(s)]
                raise IllegalTurnError(
                    "pass-when-fits", f"cannot pass: roll {roll[0]}-{roll[1]} offers "
                    f"{', '.join(fitting)}, which fit{'s' if len(fitting) == 1 else ''} "
                    "on the board")
            return self.play(0, 0, squares=squares)
        mask = self._check_draw(roll, turn)
        gains = self._check_stars(turn, mask)
        return self.play(mask, DIG_TYPES.index(turn.dig or ""), spend_shape="shape" in turn.switch,
                         spend_dig="dig" in turn.switch, gains=gains, squares=squares)

    def _check_spending(self, turn: Turn) -> None:
        spend = [(SWITCH_SHAPE, 1 if "shape" in turn.switch else 0),
                 (SWITCH_DIG, 1 if "dig" in turn.switch else 0),
                 (ONE_SQUARE, len(turn.squares))]
        for kind, n in spend:
            if n > self.held[kind]:
                name = BONUS_KINDS[kind]
                if n <= self.held[kind] + turn.stars.count(name):
                    raise IllegalTurnError(
                        "bonus-gained-this-round", f"{name} gained this round can only be spent "
                        "from the next round on")
                raise IllegalTurnError(
                    "bonus-not-held", f"spends {n} {name} but holds {self.held[kind]}")

    def _check_draw(self, roll: Roll, turn: Turn) -> int:
        g = self.game
        if turn.shape is None or turn.dig is None or len(turn.cells) == 0:
            raise IllegalTurnError("malformed-turn", "a draw needs shape, dig and cells")
        allowed = g.choices(roll, turn.switch)
        if not any(s == turn.shape for s, _ in allowed):
            raise IllegalTurnError(
                "shape-not-allowed", f"{turn.shape} is not a shape of roll {roll[0]}-{roll[1]} "
                f"(it offers {', '.join(g.roll_shapes(roll))})")
        if (turn.shape, turn.dig) not in allowed:
            raise IllegalTurnError(
                "dig-not-allowed", f"{turn.dig} cannot go with {turn.shape} on roll "
                f"{roll[0]}-{roll[1]}: the dig type comes from the other die")
        for c in sorted(turn.cells, key=lambda c: (c[1], c[0])):
            if not g.inside(c):
                raise IllegalTurnError("cell-outside-grid", f"cell {cell_name(c)} is outside "
                                       f"the {g.width}x{g.height} grid",
                                       details={"cell": cell_name(c)})
            if g.bit(c) & g.fossil_mask:
                f = g.map.fossil_at(c)
                fid = f.id if f else "?"
                raise IllegalTurnError("cell-on-fossil", f"cell {cell_name(c)} is part of "
                                       f"fossil {fid}",
                                       details={"cell": cell_name(c), "fossil": fid})
            if g.bit(c) & self.drawn:
                raise IllegalTurnError("cell-already-drawn",
                                       f"cell {cell_name(c)} is already drawn",
                                       details={"cell": cell_name(c)})
        if recognise(turn.cells) != turn.shape:
            formed = recognise(turn.cells)
            names = " ".join(cell_name(c) for c in sorted(turn.cells, key=lambda c: (c[1], c[0])))
            raise IllegalTurnError(
                "cells-not-shape", f"cells {names} do not form {turn.shape}"
                + (f" (they form {formed})" if formed else ""))
        return g.mask_of(turn.cells)

    def _check_squares(self, turn: Turn) -> int:
        g = self.game
        mask = 0
        for c in sorted(turn.squares, key=lambda c: (c[1], c[0])):
            name = cell_name(c)
            if not g.inside(c):
                raise IllegalTurnError("square-outside-grid", f"square {name} is outside the grid",
                                       details={"cell": name})
            b = g.bit(c)
            if b & g.fossil_mask:
                raise IllegalTurnError("square-on-fossil", f"square {name} is on a fossil",
                                       details={"cell": name})
            if b & self.drawn or c in turn.cells:
                raise IllegalTurnError("square-not-open", f"square {name} is not open",
                                       details={"cell": name})
            if b & g.star_mask:
                raise IllegalTurnError("square-on-star", f"square {name} is on a star",
                                       details={"cell": name})
            mask |= b
        return mask

    def _check_stars(self, turn: Turn, mask: int) -> Bonuses:
        covered = popcount(mask & self.game.star_mask)
        expected = min(covered, self.star_capacity())
        if len(turn.stars) != expected:
            raise IllegalTurnError(
                "stars-count", f"the shape covers {covered} star{'s' if covered != 1 else ''}, "
                f"which give{'s' if expected == 1 else ''} {expected} bonus"
                f"{'es' if expected != 1 else ''}; the turn names {len(turn.stars)}")
        gains = [turn.stars.count(k) for k in BONUS_KINDS]
        for i, n in enumerate(gains):
            if n and self.gained[i] + n > BONUS_CAP:
                raise IllegalTurnError(
                    "star-kind-exhausted", f"{BONUS_KINDS[i]} has been gained "
                    f"{self.gained[i]} times; at most {BONUS_CAP} a game")
        return gains[0], gains[1], gains[2], gains[3]

    # -- conversions -------------------------------------------------------------------

    def turn_of(self, shape: str, dig: str, mask: int, *, switch: Iterable[str] = (),
                stars: Iterable[str] = (), squares: int = 0) -> Turn:
        """The file-notation Turn for a move given as masks."""
        g = self.game
        return Turn.draw(shape, dig, g.cells_of(mask), switch=switch, stars=stars,
                         squares=g.cells_of(squares))
