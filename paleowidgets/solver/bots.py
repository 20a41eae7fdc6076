"""Bots that play whole games through the core rules: a random beginner and a greedy player.

A bot chooses a :class:`Move` (masks, as :meth:`State.play` wants them) for a state and a
roll; :func:`play_game` plays a roll sequence and records each move as a FORMATS turn, so a
bot's game can be saved as a log and replayed through the checked :meth:`State.apply`.

Bots only ever play what the core offers: placements come from ``Game.placements`` (the
fast path) or :meth:`State.placements`, shape/dig choices from :meth:`Game.choices`, star
bonuses from :meth:`State.star_options`, the pass only when :meth:`State.must_draw` allows.

>>> from paleowidgets.core.dice import roll_sequence
>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY, Game
>>> import random
>>> game = Game(parse_document(TINY))
>>> final, turns = play_game(game, roll_sequence(1, game.rounds), GreedyBot(), random.Random(1))
>>> len(turns) == game.rounds and final.is_terminal
True
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..core.geometry import LETTERS
from ..core.maps import Roll
from ..core.rules import NO_BONUSES, Bonuses, Game, State
from ..core.terms import (
    BONUS_CAP,
    BONUS_KINDS,
    DIG_TYPES,
    ONE_SQUARE,
    PLUS_ONE,
    SWITCH_DIG,
    SWITCH_SHAPE,
)
from ..core.turns import Turn

__all__ = [
    "Bot",
    "GreedyBot",
    "Move",
    "RandomBot",
    "play_fast",
    "play_game",
    "random_move",
    "random_turn",
]


@dataclass(frozen=True, slots=True)
class Move:
    """One round in masks: ``shape`` None is a pass; ``dig`` indexes DIG_TYPES; ``gains`` are
    the bonuses the covered stars give (by kind); ``squares`` the One-Square cells.

    ``move.apply(state)`` is the unchecked fast path; ``move.turn(state)`` the file notation.
    """

    shape: str | None
    dig: int = 0
    mask: int = 0
    spend_shape: bool = False
    spend_dig: bool = False
    gains: Bonuses = NO_BONUSES
    squares: int = 0

    @property
    def passed(self) -> bool:
        return self.shape is None

    def apply(self, state: State) -> State:
        """The state after this move, unchecked (State.play)."""
        return state.play(self.mask, self.dig, spend_shape=self.spend_shape,
                          spend_dig=self.spend_dig, gains=self.gains, squares=self.squares)

    def turn(self, state: State) -> Turn:
        """This move as a FORMATS turn, played from ``state``."""
        if self.shape is None:
            return Turn.pass_(state.game.cells_of(self.squares))
        switch = [name for name, spent in (("shape", self.spend_shape), ("dig", self.spend_dig))
                  if spent]
        stars = [BONUS_KINDS[k] for k in range(4) for _ in range(self.gains[k])]
        return state.turn_of(self.shape, DIG_TYPES[self.dig], self.mask, switch=switch,
                             stars=stars, squares=self.squares)


PASS = Move(None)


class Bot(Protocol):
    """Anything that chooses a legal move for a state and a roll."""

    name: str

    def choose(self, state: State, roll: Roll, rng: random.Random) -> Move: ...


# ---------------------------------------------------------------------------------------
# Playing whole games


def play_game(game: Game, rolls: Sequence[Roll], bot: Bot,
              rng: random.Random) -> tuple[State, list[Turn]]:
    """Play one roll a round from the start; the final state and the turns (FORMATS), which
    replay through ``State.apply`` to the same state."""
    state = game.initial_state()
    turns: list[Turn] = []
    for roll in rolls[:game.rounds]:
        move = bot.choose(state, roll, rng)
        turns.append(move.turn(state))
        state = move.apply(state)
    return state, turns


def play_fast(game: Game, rolls: Sequence[Roll], bot: Bot, rng: random.Random) -> State:
    """Like :func:`play_game` without recording turns: only the final state (benchmarks)."""
    state = game.initial_state()
    for roll in rolls[:game.rounds]:
        state = bot.choose(state, roll, rng).apply(state)
    return state


def _gains_of(kinds: Sequence[str]) -> Bonuses:
    if not kinds:
        return NO_BONUSES
    c = [0, 0, 0, 0]
    for k in kinds:
        c[BONUS_KINDS.index(k)] += 1
    return c[0], c[1], c[2], c[3]


# ---------------------------------------------------------------------------------------
# The random bot

_RollTable = tuple[tuple[tuple[str, int, tuple[int, ...]], ...], int]
_TABLES: dict[int, tuple[Game, dict[Roll, _RollTable]]] = {}
_TRIES = 12


def _roll_table(game: Game, roll: Roll) -> _RollTable:
    """(shape, dig index, every placement of the shape) for each choice of the roll, and the
    number of placements in all; cached per game (by identity) and roll."""
    entry = _TABLES.get(id(game))
    if entry is None or entry[0] is not game:
        if len(_TABLES) >= 16:
            _TABLES.clear()
        entry = (game, {})
        _TABLES[id(game)] = entry
    table = entry[1].get(roll)
    if table is None:
        rows = tuple((shape, DIG_TYPES.index(dig), game.placements[shape])
                     for shape, dig in game.choices(roll))
        table = (rows, sum(len(r[2]) for r in rows))
        entry[1][roll] = table
    return table


def random_move(state: State, roll: Roll, rng: random.Random) -> Move:
    """A draw chosen uniformly among the roll's legal draws (shape, dig type, cells), no
    bonuses spent; star bonuses chosen uniformly among the legal choices. When nothing of
    the roll fits: a uniform draw among those the held switches allow, else a pass. Never
    spends One Square.

    Rejection sampling over the game's precomputed placements (uniform, and quick while the
    board is open), falling back to filtering every placement when it keeps missing."""
    drawn = state.drawn
    rows, total = _roll_table(state.game, roll)
    for _ in range(_TRIES if total else 0):
        r = int(rng.random() * total)
        for shape, dig, masks in rows:
            if r < len(masks):
                m = masks[r]
                if not m & drawn:
                    return _draw(state, shape, dig, m, False, False, rng)
                break
            r -= len(masks)
    fitting = [(shape, dig, m) for shape, dig, masks in rows for m in masks if not m & drawn]
    if fitting:
        shape, dig, m = fitting[int(rng.random() * len(fitting))]
        return _draw(state, shape, dig, m, False, False, rng)
    if state.must_draw(roll):  # cannot happen: the roll's choices cover its shapes
        raise AssertionError("a roll shape fits but no placement was found")
    return _random_switch_draw(state, roll, rng)


def _random_switch_draw(state: State, roll: Roll, rng: random.Random) -> Move:
    g = state.game
    drawn = state.drawn
    fitting: dict[str, list[int]] = {}
    options: list[tuple[str, int, int, bool, bool]] = []
    for sw in state.switch_sets()[1:]:
        for shape, dig in g.choices(roll, sw):
            if shape not in fitting:
                fitting[shape] = [m for m in g.placements[shape] if not m & drawn]
            d = DIG_TYPES.index(dig)
            options.extend((shape, d, m, "shape" in sw, "dig" in sw) for m in fitting[shape])
    if not options:
        return PASS
    shape, d, m, spend_shape, spend_dig = options[int(rng.random() * len(options))]
    return _draw(state, shape, d, m, spend_shape, spend_dig, rng)


def _draw(state: State, shape: str, dig: int, mask: int, spend_shape: bool, spend_dig: bool,
          rng: random.Random) -> Move:
    gains = NO_BONUSES
    stars = mask & state.game.star_mask
    if stars:
        gains = _gains_of(rng.choice(list(state.star_options(stars.bit_count()))))
    return Move(shape, dig, mask, spend_shape, spend_dig, gains)


def random_turn(state: State, roll: Roll, rng: random.Random) -> Turn:
    """:func:`random_move` as a FORMATS turn."""
    return random_move(state, roll, rng).turn(state)


class RandomBot:
    """The beginner: any legal draw, uniformly (see :func:`random_move`)."""

    name = "random"

    def choose(self, state: State, roll: Roll, rng: random.Random) -> Move:
        return random_move(state, roll, rng)

    def __repr__(self) -> str:
        return "RandomBot()"


# ---------------------------------------------------------------------------------------
# The greedy bot


class _Tables:
    """What the greedy bot asks about a map over and over, computed once per game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        fossils = game.map.fossils
        self.n = len(fossils)
        self.points = tuple(f.points for f in fossils)
        self.bonus = tuple(f.bonus for f in fossils)
        self.ring_size = tuple(r.bit_count() for r in game.rings)
        w, h = game.width, game.height
        # Each cell's orthogonal neighbours inside the grid, as a mask.
        self.neighbours: dict[int, int] = {}
        for y in range(h):
            for x in range(w):
                self.neighbours[1 << (y * w + x)] = game.mask_of(
                    (x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if 0 <= x + dx < w and 0 <= y + dy < h)
        covers: dict[int, list[int]] = {}
        for letter in LETTERS:
            for m in game.placements[letter]:
                rest = m
                while rest:
                    low = rest & -rest
                    covers.setdefault(low, []).append(m)
                    rest ^= low
        # For each ring cell (a bit): every placement covering it, and their union.
        self.cover: dict[int, tuple[int, ...]] = {}
        self.reach: dict[int, int] = {}
        self.ring_cells: list[list[int]] = []
        for ring in game.rings:
            bits = []
            rest = ring
            while rest:
                low = rest & -rest
                bits.append(low)
                ms = tuple(covers.get(low, ()))
                self.cover[low] = ms
                u = 0
                for m in ms:
                    u |= m
                self.reach[low] = u
                rest ^= low
            self.ring_cells.append(bits)


@dataclass(slots=True)
class _Fossil:
    """A fossil not yet dug, as the greedy bot sees it this round."""

    index: int
    ring: int
    size: int
    points: int
    bonus: int
    covered: int        # ring cells drawn
    pure: int           # -1 nothing drawn yet, 0-2 all drawn in that dig type, -2 mixed
    dead: int           # open ring cells no placement can reach any more (need One Square)
    lost: bool          # a dead ring cell is a star: no square can fill it
    before: float = 0.0  # its potential now


@dataclass(slots=True)
class _Round:
    """One round as the greedy bot evaluates it."""

    state: State
    tables: _Tables
    fossils: list[_Fossil]
    rounds_left: int     # after this round
    star_gain: float     # the worth of a star that can still give a bonus
    capacity: int        # stars that can still give a bonus
    near: dict[int, int]  # open cell next to open ring cells -> those ring cells
    near_mask: int        # the cells of ``near``


class GreedyBot:
    """Maximises, each round, the score gained now plus the progress on rings.

    Progress is a potential per undug fossil: its value (points, plus the same-dig-type
    bonus while its ring is still of one dig type) times (ring cells drawn / ring size) to
    the power ``exponent``, scaled down when too few rounds remain to close the ring. A move
    is worth the score it gains plus the change of potential, plus ``star_value`` a star,
    minus ``crowding`` for each cell it draws next to a ring cell that it leaves open. The
    best few moves are re-checked for ring cells they leave unreachable by any pentomino
    (only a One Square can still fill those, and never when the cell is a star).

    Bonuses: stars are taken as One Square first (while few are held), then Switch Shape,
    then +1 Point (always +1 Point near the end); a switch is spent when it improves the
    move by more than ``switch_cost`` (almost free near the end: an unspent switch is worth
    nothing); One Squares fill the last missing cells of a ring when waiting for a shape of
    the ring's dig type is not worth it (the ring is mixed, a cell is unreachable, or few
    rounds remain).
    """

    name = "greedy"

    def __init__(self, *, exponent: float = 1.6, cells_per_round: float = 2.5,
                 switch_cost: float = 2.5, square_cost: float = 1.5, star_value: float = 0.25,
                 crowding: float = 0.25, refine: int = 12) -> None:
        self.exponent = exponent
        self.cells_per_round = cells_per_round
        self.switch_cost = switch_cost
        self.square_cost = square_cost
        self.star_value = star_value
        self.crowding = crowding
        self.refine = refine
        self._tables: _Tables | None = None

    def __repr__(self) -> str:
        return "GreedyBot()"

    def tables(self, game: Game) -> _Tables:
        if self._tables is None or self._tables.game is not game:
            self._tables = _Tables(game)
        return self._tables

    def potential(self, f: _Fossil, covered: int, pure: bool, dead: int, lost: bool,
                  rounds_left: int) -> float:
        """What an undug fossil is worth now: value x progress x reachability in time."""
        if lost:
            return 0.0
        value = f.points + (f.bonus if pure and not dead else 0) - self.square_cost * dead
        missing = f.size - covered
        if value <= 0 or missing <= 0:
            return 0.0
        reach = min(1.0, rounds_left * self.cells_per_round / missing)
        return float(value * (covered / f.size) ** self.exponent * reach)

    # -- one round ---------------------------------------------------------------------

    def choose(self, state: State, roll: Roll, rng: random.Random) -> Move:
        r = self._round(state)
        g = state.game
        # For each shape the roll (and the switches held) allow: each dig type with the
        # cheapest switch set that allows it.
        by_shape: dict[str, dict[int, tuple[float, bool, bool]]] = {}
        for spend_shape, spend_dig, cost in self._switch_costs(state, r.rounds_left):
            sw = frozenset(n for n, s in (("shape", spend_shape), ("dig", spend_dig)) if s)
            for shape, dig in g.choices(roll, sw):
                digs = by_shape.setdefault(shape, {})
                d = DIG_TYPES.index(dig)
                if d not in digs or digs[d][0] > cost:
                    digs[d] = (cost, spend_shape, spend_dig)
        scored: list[tuple[float, int, str, int, int]] = []
        for shape, digs in by_shape.items():
            dig_costs = [(d, c[0]) for d, c in sorted(digs.items())]
            for m in state.placements(shape):
                for d, v in self._values(r, m, dig_costs):
                    scored.append((v, -len(scored), shape, d, m))
        if not scored:
            return self._with_squares(r, PASS)
        best = max((self._refined(r, m, d, by_shape[shape][d][0]), o, shape, d, m)
                   for _, o, shape, d, m in heapq.nlargest(self.refine, scored))
        value, _, shape, d, m = best
        if value <= 0 and not state.must_draw(roll):
            return self._with_squares(r, PASS)
        _, spend_shape, spend_dig = by_shape[shape][d]
        move = Move(shape, d, m, spend_shape, spend_dig, self._star_gains(r, m))
        return self._with_squares(r, move)

    def _round(self, state: State) -> _Round:
        g = state.game
        t = self.tables(g)
        rounds_left = g.rounds - state.round - 1
        drawn = state.drawn
        fossils = []
        open_rings = 0
        for i in range(t.n):
            if state.dug >> i & 1:
                continue
            ring = g.rings[i]
            have = ring & drawn
            pure = -1 if not have else next(
                (k for k in range(3) if have & state.digs[k] == have), -2)
            dead = self._dead_cells(t, i, drawn, 0)
            f = _Fossil(i, ring, t.ring_size[i], t.points[i], t.bonus[i], have.bit_count(),
                        pure, dead.bit_count(), bool(dead & g.star_mask))
            f.before = self.potential(f, f.covered, pure != -2, f.dead, f.lost, rounds_left)
            fossils.append(f)
            open_rings |= ring & ~drawn & ~dead
        # Open cells next to an open ring cell, each with the ring cells it touches.
        near: dict[int, int] = {}
        rest = open_rings
        while rest:
            low = rest & -rest
            around = t.neighbours[low] & ~drawn & ~g.fossil_mask & ~open_rings
            while around:
                b = around & -around
                near[b] = near.get(b, 0) | low
                around ^= b
            rest ^= low
        near_mask = 0
        for b in near:
            near_mask |= b
        capacity = state.star_capacity()
        star_gain = self.star_value if capacity else 0.0
        if rounds_left == 0:    # a bonus gained now can only be spent later: only +1 counts
            star_gain = 1.0 if state.gained[PLUS_ONE] < BONUS_CAP else 0.0
        return _Round(state, t, fossils, rounds_left, star_gain, capacity, near, near_mask)

    def _switch_costs(self, state: State, rounds_left: int) -> list[tuple[bool, bool, float]]:
        """(spend shape, spend dig, cost in points) for each switch set held."""
        held = state.held
        late = rounds_left < held[SWITCH_SHAPE] + held[SWITCH_DIG] + 1
        c = 0.05 if late else self.switch_cost
        return [("shape" in sw, "dig" in sw, c * len(sw)) for sw in state.switch_sets()]

    @staticmethod
    def _dead_cells(t: _Tables, i: int, drawn: int, mask: int) -> int:
        """The open ring cells of fossil ``i`` that no placement reaches once ``mask`` is
        drawn too; with a mask, only the cells it can block (others are unchanged)."""
        after = drawn | mask
        dead = 0
        for b in t.ring_cells[i]:
            if b & after or (mask and not t.reach[b] & mask):
                continue
            if not any(not p & after for p in t.cover[b]):
                dead |= b
        return dead

    def _base(self, r: _Round, m: int) -> float:
        stars = m & r.state.game.star_mask
        # Crowding: drawing next to a ring cell that stays open makes it harder to reach.
        crowd = m & r.near_mask
        n = 0
        while crowd:
            low = crowd & -crowd
            if r.near[low] & ~m:
                n += 1
            crowd ^= low
        v = -self.crowding * n
        if stars:
            v += r.star_gain * min(stars.bit_count(), r.capacity)
        return v

    def _values(self, r: _Round, m: int,
                dig_costs: list[tuple[int, float]]) -> list[tuple[int, float]]:
        """Quick value of drawing ``m`` in each allowed dig type (dead cells unchecked)."""
        drawn2 = r.state.drawn | m
        base = self._base(r, m)
        touched = [f for f in r.fossils if m & f.ring]
        out = []
        for d, cost in dig_costs:
            v = base - cost
            for f in touched:
                v += self._delta(f, drawn2, f.pure == -1 or f.pure == d, f.dead, f.lost,
                                 r.rounds_left)
            out.append((d, v))
        return out

    def _delta(self, f: _Fossil, drawn2: int, pure: bool, dead: int, lost: bool,
               rounds_left: int) -> float:
        """The change of ``f``'s worth (score gained plus potential) once ``drawn2`` is drawn."""
        covered = (f.ring & drawn2).bit_count()
        if covered == f.size:
            return f.points + (f.bonus if pure else 0) - f.before
        return self.potential(f, covered, pure, dead, lost, rounds_left) - f.before

    def _refined(self, r: _Round, m: int, d: int, cost: float) -> float:
        """The value of a move with the ring cells it makes unreachable counted."""
        drawn = r.state.drawn
        drawn2 = drawn | m
        star_mask = r.state.game.star_mask
        v = self._base(r, m) - cost
        for f in r.fossils:
            touches = bool(m & f.ring)
            pure = (f.pure == -1 or f.pure == d) if touches else f.pure != -2
            if f.ring & drawn2 == f.ring:
                v += self._delta(f, drawn2, pure, 0, False, r.rounds_left)
                continue
            dead = self._dead_cells(r.tables, f.index, drawn, m)
            if dead and f.dead:
                dead &= ~self._dead_cells(r.tables, f.index, drawn, 0)
            if touches or dead:
                v += self._delta(f, drawn2, pure, f.dead + dead.bit_count(),
                                 f.lost or bool(dead & star_mask), r.rounds_left)
        return v

    # -- bonuses -----------------------------------------------------------------------

    def _star_gains(self, r: _Round, m: int) -> Bonuses:
        state = r.state
        stars = (m & state.game.star_mask).bit_count()
        if not stars:
            return NO_BONUSES
        held = state.held
        want = {
            "one-square": 3.0 if held[ONE_SQUARE] < 2 else 1.2,
            "switch-shape": 2.0 if held[SWITCH_SHAPE] < 1 else 0.8,
            "switch-dig": 1.1 if held[SWITCH_DIG] < 1 else 0.5,
            "plus-one": 1.5,
        }
        if r.rounds_left <= 2:
            want["plus-one"] = 10.0
        options = list(state.star_options(stars))
        best = max(options, key=lambda kinds: (self._kinds_value(kinds, want), kinds))
        return _gains_of(best)

    @staticmethod
    def _kinds_value(kinds: tuple[str, ...], want: dict[str, float]) -> float:
        # Each further bonus of a kind is worth a little less than the one before.
        v = 0.0
        seen: dict[str, int] = {}
        for k in kinds:
            n = seen.get(k, 0)
            v += want[k] * (0.6 ** n)
            seen[k] = n + 1
        return v

    def _with_squares(self, r: _Round, move: Move) -> Move:
        """Spend One Squares on rings they finish, when waiting is not worth it."""
        state = r.state
        left = state.held[ONE_SQUARE]
        if not left:
            return move
        g = state.game
        drawn = state.drawn | move.mask
        digs = list(state.digs)
        if move.shape is not None:
            digs[move.dig] |= move.mask
        squares = 0
        choices = []
        for f in r.fossils:
            missing = f.ring & ~drawn
            n = missing.bit_count()
            if not missing or missing & g.star_mask or n > left:
                continue
            have = f.ring & drawn
            pure = any(have & dk == have for dk in digs)
            dead = self._dead_cells(r.tables, f.index, drawn, 0)
            wait = pure and f.bonus > 0 and not dead and r.rounds_left >= 3
            if not wait:
                choices.append((-(f.points / n), n, missing))
        for _, n, missing in sorted(choices, key=lambda c: (c[0], c[1])):
            if n <= left and not missing & squares:
                squares |= missing
                left -= n
        if not squares:
            return move
        return Move(move.shape, move.dig, move.mask, move.spend_shape, move.spend_dig,
                    move.gains, squares)
