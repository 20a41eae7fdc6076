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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..core.dice import roll_sequence
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
    "BOT_NAMES",
    "DISTINCT_ROLLS",
    "Bot",
    "ExpectationBot",
    "GreedyBot",
    "Move",
    "RandomBot",
    "bot_named",
    "play_fast",
    "play_game",
    "random_move",
    "random_turn",
    "simulate",
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

#: The bots by name, weakest first (``paleo simulate --bot NAME``).
BOT_NAMES: tuple[str, ...] = ("random", "greedy", "expectation")


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


def simulate(game: Game, bot: Bot, games: int, *, seed: int = 0,
             rolls: Sequence[Roll] | None = None,
             progress: Callable[[int, int], None] | None = None,
             replay_stored: bool = True) -> list[State]:
    """The final states of ``games`` games of ``bot``: game ``i`` rolls
    ``roll_sequence(seed + i)`` (or plays ``rolls`` every game, e.g. a puzzle's) and gives
    the bot ``random.Random(seed + i)``, so the same seed gives the same games.
    ``progress(done, games)`` is called after each game. A game the package stores
    (lesson 6's, :mod:`.played`) is replayed instead of played, unless ``replay_stored``
    is False (to time the bot).

    >>> from paleowidgets.core.maps import parse_document
    >>> from paleowidgets.core.rules import TINY, Game
    >>> [s.score().total for s in simulate(Game(parse_document(TINY)), GreedyBot(), 3)]
    [8, 5, 5]
    """
    from .played import stored_final
    finals = []
    for i in range(games):
        # a game played once and stored (lesson 6's) replays: solver/played.py
        stored = stored_final(game, bot, seed + i) if rolls is None and replay_stored else None
        finals.append(stored if stored is not None else play_fast(
            game, rolls if rolls is not None else roll_sequence(seed + i, game.rounds),
            bot, random.Random(seed + i)))
        if progress is not None:
            progress(i + 1, games)
    return finals


def bot_named(name: str) -> Bot:
    """A new bot by its name (:data:`BOT_NAMES`): ``bot_named("greedy")``."""
    makers: dict[str, type[RandomBot] | type[GreedyBot]] = {
        "random": RandomBot, "greedy": GreedyBot, "expectation": ExpectationBot}
    if name not in makers:
        raise ValueError(f"no bot named {name!r} (bots: {', '.join(BOT_NAMES)})")
    return makers[name]()


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
        r, ranked = self._ranked(state, roll, self.refine)
        if not ranked:
            return self._with_squares(r, PASS)
        value, move = ranked[0]
        if value <= 0 and not state.must_draw(roll):
            return self._with_squares(r, PASS)
        return self._with_squares(r, move)

    def _ranked(self, state: State, roll: Roll, refine: int
                ) -> tuple[_Round, list[tuple[float, Move]]]:
        """The round as evaluated, and the ``refine`` best draws by quick value, re-valued
        with unreachable ring cells counted, best first (ties: the first one generated).
        Moves carry their switches and star bonuses, not yet their One Squares."""
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
        refined = sorted(((self._refined(r, m, d, by_shape[shape][d][0]), o, shape, d, m)
                          for _, o, shape, d, m in heapq.nlargest(refine, scored)),
                         reverse=True)
        ranked = []
        for value, _, shape, d, m in refined:
            _, spend_shape, spend_dig = by_shape[shape][d]
            ranked.append((value, Move(shape, d, m, spend_shape, spend_dig,
                                       self._star_gains(r, m))))
        return r, ranked

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


# ---------------------------------------------------------------------------------------
# The expectation bot

#: The 21 distinct rolls of two dice with their chances out of 36 (a double 1, others 2).
DISTINCT_ROLLS: tuple[tuple[Roll, int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))
_NOTHING = float("-inf")   # the value of a choice with no placement that fits


class _Outlook:
    """What the expectation bot asks about a map over and over, computed once per game:
    each placement with the fossils whose rings it touches, and for each distinct roll and
    switch set the (shape, dig index) pairs it allows."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.placements: dict[str, tuple[tuple[int, tuple[int, ...]], ...]] = {
            shape: tuple((m, tuple(i for i, ring in enumerate(game.rings) if m & ring))
                         for m in game.placements[shape])
            for shape in LETTERS}
        sets = [frozenset(), frozenset({"shape"}), frozenset({"dig"}),
                frozenset({"shape", "dig"})]
        self.pairs: dict[tuple[Roll, frozenset[str]], tuple[tuple[str, int], ...]] = {
            (roll, sw): tuple((shape, DIG_TYPES.index(dig)) for shape, dig in
                              game.choices(roll, sw))
            for roll, _ in DISTINCT_ROLLS for sw in sets}


class ExpectationBot(GreedyBot):
    """Greedy's evaluation with one round of look-ahead over the dice, which it does not
    know: each of the ``candidates`` best greedy moves is valued as its greedy value plus
    ``weight`` times the *expected* greedy value of the best move of the next round, the
    expectation taken exactly over the 21 distinct rolls (weighted 1/36 for a double, 2/36
    otherwise). So it prefers the move that leaves good follow-ups for the likely rolls:
    a ring that many shapes (or the likely dig types) can close, over one that needs one
    exact shape.

    The next round is valued once for all rolls: for each shape and dig type, the best
    placement by greedy's quick value (a placement that touches no open ring cell, no cell
    next to one and no star is worth exactly 0, so only the others are valued), then
    re-valued with the ring cells it would make unreachable (``refine_next``); held
    switches count at greedy's cost of spending them. With ``horizon``, the potential of
    the unfinished rings is counted at the horizon of the next round (one round fewer to
    finish them), so a ring's progress is not counted twice, now and in the look-ahead.

    Measured with benchmarks/bench_bots.py (200 seeded games a map): about 2.5 points a
    game more than greedy on both standard maps, in 5 to 10 times greedy's time (about half
    a second a 20-round game on a busy machine). Deterministic: it never uses ``rng``.

    >>> from paleowidgets.core.dice import roll_sequence
    >>> from paleowidgets.core.maps import parse_document
    >>> from paleowidgets.core.rules import TINY, Game
    >>> game = Game(parse_document(TINY))
    >>> final = play_fast(game, roll_sequence(1, game.rounds), ExpectationBot(), random.Random(1))
    >>> final.is_terminal
    True
    """

    name = "expectation"

    def __init__(self, *, candidates: int = 6, weight: float = 1.0, horizon: bool = True,
                 refine_next: bool = True, **greedy: float) -> None:
        super().__init__(**greedy)  # type: ignore[arg-type]
        self.candidates = candidates
        self.weight = weight
        self.horizon = horizon
        self.refine_next = refine_next
        self._outlook: _Outlook | None = None

    def __repr__(self) -> str:
        return (f"ExpectationBot(candidates={self.candidates}, weight={self.weight}, "
                f"horizon={self.horizon}, refine_next={self.refine_next})")

    def outlook(self, game: Game) -> _Outlook:
        if self._outlook is None or self._outlook.game is not game:
            self._outlook = _Outlook(game)
        return self._outlook

    def choose(self, state: State, roll: Roll, rng: random.Random) -> Move:
        r, ranked = self._ranked(state, roll, max(self.refine, self.candidates))
        options = [(v + self._square_gain(state, m, r), self._with_squares(r, m))
                   for v, m in ranked[:self.candidates]]
        if not state.must_draw(roll):
            options.append((0.0, self._with_squares(r, PASS)))
        if not options:
            return self._with_squares(r, PASS)
        if len(options) == 1 or r.rounds_left == 0:   # nothing to look ahead to
            return max(options, key=lambda o: o[0])[1]
        best = options[0][1]
        best_value = float("-inf")
        for value, move in options:
            total = value + self.weight * self.expected_next(move.apply(state),
                                                             horizon=self.horizon)
            if total > best_value:     # ties: greedy's order
                best, best_value = move, total
        return best

    def _square_gain(self, state: State, move: Move, r: _Round) -> float:
        """The score the One Squares that greedy adds to ``move`` gain now (the greedy value
        leaves them out, as greedy adds the same squares to every move)."""
        if not state.held[ONE_SQUARE]:
            return 0.0
        with_squares = self._with_squares(r, move)
        if not with_squares.squares:
            return 0.0
        return float(with_squares.apply(state).score().total - move.apply(state).score().total)

    def expected_next(self, state: State, *, horizon: bool = False) -> float:
        """The expected greedy value of the best move of the next round from ``state``,
        over the 36 equally likely rolls (0 for a roll where nothing fits: a pass); with
        ``horizon``, plus the change of the unfinished rings' potential from this round's
        horizon to the next one's (a loss: one round fewer to finish them)."""
        r = self._round(state)
        shift = 0.0
        if horizon:
            for f in r.fossils:
                shift += f.before - self.potential(f, f.covered, f.pure != -2, f.dead, f.lost,
                                                   r.rounds_left + 1)
        g = state.game
        outlook = self.outlook(g)
        best = self._best_by_choice(r, outlook)
        switches = [(frozenset(n for n, s in (("shape", a), ("dig", b)) if s), c)
                    for a, b, c in self._switch_costs(state, r.rounds_left)]
        total = 0.0
        for roll, weight in DISTINCT_ROLLS:
            value = max(best[p] for p in outlook.pairs[(roll, frozenset())])
            if value == _NOTHING:      # nothing of the roll fits: a switch, or a pass
                value = 0.0
            for sw, cost in switches[1:]:
                value = max(value, max(best[p] for p in outlook.pairs[(roll, sw)]) - cost)
            total += weight * value
        return total / 36 + shift

    def _best_by_choice(self, r: _Round, outlook: _Outlook) -> dict[tuple[str, int], float]:
        """For each (shape, dig index): greedy's quick value of its best placement in the
        round ``r`` (``_NOTHING`` when no placement fits), as :meth:`GreedyBot._values`
        computes it, from tables of each fossil's change of worth by new ring cells."""
        state = r.state
        drawn = state.drawn
        # gains[i][d][k]: fossil i's change of worth when k more ring cells are drawn in
        # dig type d (None for a fossil dug up).
        gains: list[list[list[float]] | None] = [None] * r.tables.n
        for f in r.fossils:
            rows = {}
            for pure in (True, False):
                rows[pure] = [self._delta_by_count(f, f.covered + k, pure, r.rounds_left)
                              for k in range(6)]
            gains[f.index] = [rows[f.pure == -1 or f.pure == d] for d in range(3)]
        star_mask = state.game.star_mask if r.star_gain else 0
        near, near_mask, crowding = r.near, r.near_mask, self.crowding
        star_gain, capacity = r.star_gain, r.capacity
        rings = state.game.rings
        best: dict[tuple[str, int], float] = {}
        tops: list[tuple[str, int, int, float]] = []
        for shape, placements in outlook.placements.items():
            t0 = t1 = t2 = _NOTHING
            m0 = m1 = m2 = 0
            for m, touched in placements:
                if m & drawn:
                    continue
                base = 0.0
                if m & near_mask:
                    crowd = m & near_mask
                    while crowd:
                        low = crowd & -crowd
                        if near[low] & ~m:
                            base -= crowding
                        crowd ^= low
                if m & star_mask:
                    base += star_gain * min((m & star_mask).bit_count(), capacity)
                v0 = v1 = v2 = base
                for i in touched:
                    g = gains[i]
                    if g is not None:
                        k = (m & rings[i]).bit_count()
                        v0 += g[0][k]
                        v1 += g[1][k]
                        v2 += g[2][k]
                if v0 > t0:
                    t0, m0 = v0, m
                if v1 > t1:
                    t1, m1 = v1, m
                if v2 > t2:
                    t2, m2 = v2, m
            best[(shape, 0)], best[(shape, 1)], best[(shape, 2)] = t0, t1, t2
            tops.extend((shape, d, m, t) for d, m, t in ((0, m0, t0), (1, m1, t1), (2, m2, t2))
                        if t > 0)
        if self.refine_next:
            # The best placement of each choice, re-valued with the ring cells it leaves
            # unreachable (as greedy re-checks its own best moves); the same placement is
            # often best in several dig types, and its unreachable cells are found once.
            digs_of: dict[int, list[tuple[str, int]]] = {}
            for shape, d, m, _ in tops:
                digs_of.setdefault(m, []).append((shape, d))
            for m, choices in digs_of.items():
                values = self._refined_digs(r, m, sorted({d for _, d in choices}))
                for shape, d in choices:
                    best[(shape, d)] = values[d]
        return best

    def _refined_digs(self, r: _Round, m: int, digs: Sequence[int]) -> dict[int, float]:
        """:meth:`GreedyBot._refined` (no switch cost) of drawing ``m`` in each of ``digs``."""
        drawn = r.state.drawn
        drawn2 = drawn | m
        star_mask = r.state.game.star_mask
        base = self._base(r, m)
        values = dict.fromkeys(digs, base)
        for f in r.fossils:
            touches = bool(m & f.ring)
            if f.ring & drawn2 == f.ring:
                for d in digs:
                    pure = (f.pure == -1 or f.pure == d) if touches else f.pure != -2
                    values[d] += self._delta(f, drawn2, pure, 0, False, r.rounds_left)
                continue
            dead = self._dead_cells(r.tables, f.index, drawn, m)
            if dead and f.dead:
                dead &= ~self._dead_cells(r.tables, f.index, drawn, 0)
            if touches or dead:
                n_dead = f.dead + dead.bit_count()
                lost = f.lost or bool(dead & star_mask)
                for d in digs:
                    pure = (f.pure == -1 or f.pure == d) if touches else f.pure != -2
                    values[d] += self._delta(f, drawn2, pure, n_dead, lost, r.rounds_left)
        return values

    def _delta_by_count(self, f: _Fossil, covered: int, pure: bool, rounds_left: int) -> float:
        """:meth:`GreedyBot._delta` with the count of ring cells drawn given."""
        if covered >= f.size:
            return f.points + (f.bonus if pure else 0) - f.before
        return self.potential(f, covered, pure, f.dead, f.lost, rounds_left) - f.before
