"""Good real lines quickly on long games: a beam search over rounds (the solver's anytime part).

The exact search (``exact.py``) proves optima, but on a whole 20-round game on a 13x13 map
its first lines are poor and stay so for minutes. This module only *finds lines*; it
proves nothing. :func:`beam_line` walks the rounds in order under the real rules and
keeps, after each round, the ``width`` states that look best by :class:`Outlook`, a
heuristic value of a state (points banked, plus what each fossil not yet dug may still
give with the rolls left, plus what the bonuses held may still be worth). It runs again
with a wider beam while the clock allows, so the line found keeps improving until the
time limit; every line is handed to the caller, which replays it through the core before
returning it (``Engine.solve``).

Every move is one the core allows: placements from ``Game.placements`` that meet no drawn
cell, (shape, dig type) pairs and their switches from ``Game.choices`` (through
``_Search._pair_switches``), star bonuses from ``State.star_options``; a pass only when
``State.must_draw`` says the roll forces nothing; the last round is the exact
``_Search.last_round``. The beams spend One Squares only in the last round (a
restriction of the lines searched, never of their legality).

:func:`anytime` is what ``Engine.solve`` calls: a narrow beam first (a line within a
second), then beams with each outlook of a small portfolio (the best outlook differs from
game to game by up to 15 points on the dig site, so several cheap beams beat one wide
beam), then, turn about, fresh beams and a large neighbourhood search on the best line
(:func:`improve_windows`: keep the line up to a random round, search the rest again with
a wider beam), each with an outlook of random parameters, the widths doubling as time
goes. Measured and dropped: keeping the rest of the line fixed (its later moves replayed
where still legal) and searching only a window of 2-4 rounds in it. For 20 s from the
same width-8 line on three games it gained +1, 0 and +2 points, against +11, +1, +8 for
the line's end searched again and +12, 0, +6 for fresh beams (benchmarks/README.md).
"""

from __future__ import annotations

import heapq
import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..core.geometry import LETTERS
from ..core.rules import State
from ._moves import NO_GAINS, Move
from ._tables import Tables, bits_of

if TYPE_CHECKING:   # the search only lends its move machinery; no import at run time
    from .exact import _Search

__all__ = ["Outlook", "Stop", "anytime", "beam_line", "improve_windows"]

Line = list[Move]
Report = Callable[[int, Line], None]


class _Node(NamedTuple):
    state: State
    fit: int            # placements meeting no drawn cell
    value: float        # the outlook's value of the state
    parent: _Node | None
    move: Move | None


class Outlook:
    """A heuristic value of a state of one game with known rolls: what a good line from
    it may end with. Not a bound (it may be above or below the truth); it only ranks
    states of the same round.

    Per fossil not yet dug: its points, plus its same-dig-type bonus while its ring is
    still of one dig type and some round left offers that dig type, minus a square's worth
    for each open ring cell no placement of a shape still to come can reach (a star among
    them: nothing), times (ring cells drawn / ring size) to the power ``exponent``, times
    the share of the open ring the rounds left can draw at ``cells_per_round`` cells a
    round. Bonuses held are worth a little while rounds remain."""

    def __init__(self, tables: Tables, *, exponent: float = 1.6, cells_per_round: float = 2.5,
                 square_cost: float = 1.5, held_scale: float = 1.0,
                 dead: dict[tuple[int, int, int], int] | None = None) -> None:
        """``dead``: a cache of :meth:`dead` to share between outlooks of one game."""
        t = tables
        self.t = t
        self.exponent = exponent
        self.cells_per_round = cells_per_round
        self.square_cost = square_cost
        self.held_worth = (1.2 * held_scale, 1.0 * held_scale, 0.6 * held_scale)
        self.size = [ring.bit_count() for ring in t.rings]
        self.ring_cells = [bits_of(ring) for ring in t.rings]
        self._dead: dict[tuple[int, int, int], int] = {} if dead is None else dead
        # The fossils whose rings each placement touches.
        self.touch: dict[int, tuple[int, ...]] = {}
        for shapes in t.useful_by_shape:
            for m in shapes:
                fs = tuple(f for f, ring in enumerate(t.rings) if m & ring)
                if fs:
                    self.touch[m] = fs
        # dig_rounds[r][d]: the rounds >= r whose roll offers dig type d without switches.
        self.dig_rounds = [[0, 0, 0] for _ in range(t.R + 1)]
        for r in range(t.R - 1, -1, -1):
            offered = {d for _, d in t.pairs[r][(False, False)]}
            self.dig_rounds[r] = [self.dig_rounds[r + 1][d] + (d in offered)
                                  for d in range(3)]

    def dead(self, f: int, drawn: int, fit: int, r: int) -> int:
        """The open ring cells of fossil ``f`` that no placement of rounds >= ``r``
        (shapes of the rolls, or any shape once a switch-shape may be held) can reach."""
        t = self.t
        # fit is the fit set of ``drawn`` (Tables.fit_of): the answer reads drawn cells
        # only inside the fossil's zone (its ring and every placement touching it).
        key = (f, drawn & t.zone[f], -1 if t.switch_shape_ever else r)
        out = self._dead.get(key)
        if out is None:
            live = fit & t.future_pl[r]
            out = 0
            for c in self.ring_cells[f]:
                if not drawn >> c & 1 and not t.cell_pl.get(c, 0) & live:
                    out |= 1 << c
            if len(self._dead) > 200_000:
                self._dead.clear()
            self._dead[key] = out
        return out

    def fossil(self, f: int, s: State, fit: int, r: int) -> float:
        """What fossil ``f`` (not dug in ``s``) may still give, seen from round ``r``."""
        t = self.t
        ring = t.rings[f]
        drawn = s.drawn
        have = ring & drawn
        covered = have.bit_count()
        if not covered:
            return 0.0
        size = self.size[f]
        left = t.R - r
        dead = self.dead(f, drawn, fit, r)
        if dead & t.stars:
            return 0.0
        n_dead = dead.bit_count()
        value = t.points[f] - self.square_cost * n_dead
        if t.bonus[f] and not n_dead:
            d0, d1, d2 = s.digs
            for d, dm in enumerate((d0, d1, d2)):
                if have & dm == have:
                    if self.dig_rounds[r][d] * self.cells_per_round >= size - covered:
                        value += t.bonus[f]
                    break
        if value <= 0:
            return 0.0
        reach = min(1.0, left * self.cells_per_round / (size - covered))
        return float(value * (covered / size) ** self.exponent * reach)

    def value(self, s: State, fit: int) -> float:
        """The state's value: its score, what its fossils may still give, its bonuses."""
        t = self.t
        r = s.round
        v = float(t.score(s))
        if r >= t.R:
            return v
        for f in range(t.nf):
            if not s.dug >> f & 1:
                v += self.fossil(f, s, fit, r)
        left = t.R - r
        if left > 1:
            h = s.held
            w = self.held_worth
            v += (h[0] * w[0] + h[1] * w[1] + h[2] * w[2]) * min(1.0, (left - 1) / 4)
        return v

    def quick_table(self, s: State) -> dict[int, tuple[int, int, float, float, int, int]]:
        """Per fossil not dug in ``s``: (ring, ring cells drawn, (drawn / size) ** exponent,
        worth, the dig type its ring is pure in (-1: nothing drawn, -2: mixed), size),
        for :meth:`quick`."""
        t = self.t
        out = {}
        drawn = s.drawn
        for f in range(t.nf):
            if s.dug >> f & 1:
                continue
            ring = t.rings[f]
            have = ring & drawn
            pure = -1
            if have:
                pure = next((d for d in range(3) if have & s.digs[d] == have), -2)
            n = have.bit_count()
            out[f] = (ring, n, (n / self.size[f]) ** self.exponent, float(t.points[f]),
                      pure, self.size[f])
        return out

    def quick(self, table: dict[int, tuple[int, int, float, float, int, int]], drawn: int,
              m: int, di: int) -> float:
        """A cheap estimate of what drawing ``m`` in dig type ``di`` adds (for choosing
        which moves to value in full): ring cells drawn, weighted by what their fossils
        are worth, a fossil finished counted twice."""
        t = self.t
        v = 0.0
        e = self.exponent
        for f in self.touch.get(m, ()):
            info = table.get(f)
            if info is None:
                continue
            ring, n0, base, val, pure, size = info
            if pure == -1 or pure == di:
                val += t.bonus[f]
            n = n0 + (ring & m & ~drawn).bit_count()
            if n == size:
                v += 2 * val
            else:
                v += val * ((n / size) ** e - base)
        return v + (m & t.stars & ~drawn).bit_count() * 0.8


def _line(node: _Node) -> Line:
    out: Line = []
    n: _Node | None = node
    while n is not None and n.move is not None:
        out.append(n.move)
        n = n.parent
    out.reverse()
    return out


def _key(t: Tables, s: State) -> tuple[object, ...]:
    ru = t.ring_union
    d0, d1, d2 = s.digs
    return (s.drawn, d0 & ru, d1 & ru, d2 & ru, s.held, s.gained)


def _children(search: _Search, outlook: Outlook, node: _Node, per_node: int
              ) -> list[_Node]:
    """The ``per_node`` best-looking legal children of a node (before the last round)."""
    t = outlook.t
    s, fit = node.state, node.fit
    r = s.round
    drawn = s.drawn
    ring_open = search._undug(s.dug) & ~drawn
    stars_open = t.stars & ~drawn
    interesting = ring_open | stars_open
    forced = s.must_draw(t.rolls[r])
    table = outlook.quick_table(s)
    quick = outlook.quick
    # Per shape, each dig type the roll allows with its first minimal switch set.
    by_shape: dict[int, list[tuple[int, bool, bool]]] = {}
    for (si, di), variants in search._pair_switches(s).items():
        by_shape.setdefault(si, []).append((di, *variants[0]))
    cands: list[tuple[float, int, int, int, int, bool, bool]] = []
    for si, digs in by_shape.items():
        for m in t.useful_by_shape[si]:
            if m & drawn or not m & interesting:
                continue
            on_ring = m & ring_open
            done: set[tuple[bool, bool]] = set()
            for di, v0, v1 in digs:
                if not on_ring:
                    # Away from open rings the dig type cannot matter: one per switch set.
                    if (v0, v1) in done:
                        continue
                    done.add((v0, v1))
                q = quick(table, drawn, m, di) - 0.4 * (v0 + v1)
                cands.append((q, -len(cands), m, si, di, v0, v1))
    moves = [Move(m, si, di, v0, v1, NO_GAINS, 0, False)
             for _, _, m, si, di, v0, v1 in heapq.nlargest(per_node * 2, cands)]
    if forced:
        null = _null_draw(search, s, fit, interesting)
        if null is not None:
            moves.append(null)
    else:
        moves.append(Move(0, -1, 0, False, False, NO_GAINS, 0, False))
    out: list[_Node] = []
    for mv in moves:
        n_stars = (mv.mask & stars_open).bit_count()
        gains_opts = search._gain_options(s, n_stars) if n_stars else [NO_GAINS]
        for gains in gains_opts[:3]:
            mv2 = mv._replace(gains=gains)
            child, cfit = search.apply(s, fit, mv2)
            out.append(_Node(child, cfit, outlook.value(child, cfit), node, mv2))
    out.sort(key=lambda n: -n.value)
    return out[:per_node]


def _null_draw(search: _Search, s: State, fit: int, interesting: int) -> Move | None:
    """A draw of the roll (no switch) touching no open ring cell or star, the one that
    blocks the fewest placements that could still matter; None when every draw of the
    roll touches something (the touching ones are then listed already)."""
    t = search.t
    r = s.round
    best: tuple[int, Move] | None = None
    useful = fit & t.useful_pl & t.future_pl[r + 1]
    for si in t.roll_shapes[r]:
        di = min(d for s2, d in t.pairs[r][(False, False)] if s2 == si)
        for m in t.game.placements[LETTERS[si]]:
            if m & s.drawn or m & interesting:
                continue
            cost = (t.block(m) & useful).bit_count()
            if best is None or cost < best[0]:
                best = (cost, Move(m, si, di, False, False, NO_GAINS, 0, False))
    return None if best is None else best[1]


class Stop(Exception):
    """The anytime phase's own time is up (the solve goes on with its other parts)."""


def beam_line(search: _Search, outlook: Outlook, start: State, width: int,
              stop_at: float | None = None, per_node: int | None = None) -> tuple[int, Line]:
    """One beam search from ``start`` to the end of the game: (score, line). Raises
    Timeout when the search's clock runs out and :class:`Stop` past ``stop_at``
    (``time.perf_counter()`` seconds)."""
    t = outlook.t
    per = per_node or max(4, min(24, width))
    fit0 = t.fit_of(start.drawn)
    beam = [_Node(start, fit0, outlook.value(start, fit0), None, None)]
    # Checked here too: from the last round on there is no node to check it in (the
    # anytime phase's loop would never end there).
    search.clock.check()
    if stop_at is not None and time.perf_counter() >= stop_at:
        raise Stop
    while beam[0].state.round < t.R - 1:
        pool: dict[tuple[object, ...], _Node] = {}
        for node in beam:
            search.clock.check()
            if stop_at is not None and time.perf_counter() >= stop_at:
                raise Stop
            for child in _children(search, outlook, node, per):
                k = _key(t, child.state)
                old = pool.get(k)
                if old is None or child.value > old.value:
                    pool[k] = child
        beam = sorted(pool.values(), key=lambda n: -n.value)[:width]
    best_v, best_line = -1, []
    for node in beam:
        if node.state.round == t.R:
            v, line = t.score(node.state), _line(node)
        else:
            gain, mv = search.last_round(node.state, False)
            v, line = t.score(node.state) + gain, [*_line(node), mv]
        if v > best_v:
            best_v, best_line = v, line
    return best_v, best_line


# Parameter sets of the outlook tried first, in this order, at width 8 (then random ones):
# the best of them differs from game to game, by up to 15 points on the dig site.
PORTFOLIO: tuple[dict[str, float], ...] = (
    {"exponent": 1.0}, {"exponent": 1.2}, {"exponent": 1.6}, {"exponent": 0.8},
    {"exponent": 1.4}, {"exponent": 1.2, "cells_per_round": 2.0},
    {"exponent": 1.2, "held_scale": 0.5}, {"exponent": 1.0, "held_scale": 1.6},
)


def anytime(search: _Search, start: State, report: Report, best: Callable[[], Line | None],
            stop_at: float | None, *, seed: int = 0) -> None:
    """The anytime phase, until ``stop_at`` (or the search's clock) runs out: a beam of
    width 2 (a line at once), then beams of width 8 with each outlook of
    :data:`PORTFOLIO`, then, turn about, a fresh beam and a search of the best line's end
    from a random round (:func:`improve_windows`), each with an outlook of random
    parameters, the widths doubling every 12 beams. Every line found is reported;
    ``report`` may raise ``Done`` (a line reached a bound: the caller stops)."""
    t = search.t
    dead: dict[tuple[int, int, int], int] = {}
    rng = random.Random(seed)
    try:
        v, line = beam_line(search, Outlook(t, dead=dead), start, 2, stop_at)
        report(v, line)
        for params in PORTFOLIO:
            v, line = beam_line(search, Outlook(t, dead=dead, **params), start, 8, stop_at)
            report(v, line)
        width, i = 8, 0
        while True:
            outlook = Outlook(t, dead=dead, exponent=rng.uniform(0.7, 1.8),
                              cells_per_round=rng.uniform(1.8, 3.2),
                              held_scale=rng.uniform(0.4, 1.8))
            line0 = best()
            if i % 2 or line0 is None or len(line0) < 4:
                v, line = beam_line(search, outlook, start, width, stop_at)
                report(v, line)
            else:
                a = rng.randrange(1, len(line0) - 2)
                improve_windows(search, outlook, start, line0, report, width=2 * width,
                                stop_at=stop_at, rounds=(a,))
            i += 1
            if i % 12 == 0:
                width *= 2
    except Stop:
        return


def improve_windows(search: _Search, outlook: Outlook, start: State, line: Line,
                    report: Report, *, width: int, stop_at: float | None = None,
                    rounds: Sequence[int] | None = None) -> None:
    """Large neighbourhood search on ``line``: for each a of ``rounds`` (by default from
    the end of the game to its start, every other round), keep the first a moves of the
    line and search the rest again by a beam of ``width``; a better line replaces it (and
    is reported)."""
    states = _states(start, line)
    value = search.t.score(states[-1])
    if rounds is None:
        rounds = range(max(0, len(line) - 3), -1, -2)
    for a in rounds:
        v, tail = beam_line(search, outlook, states[a], width, stop_at)
        if v > value:
            value, line = v, [*line[:a], *tail]
            report(value, line)
            states = [*states[:a], *_states(states[a], tail)]


def _states(start: State, line: Line) -> list[State]:
    """The states along ``line`` from ``start``, ``start`` first."""
    out = [start]
    for mv in line:
        out.append(out[-1].play(mv.mask, mv.dig, spend_shape=mv.spend_shape,
                                spend_dig=mv.spend_dig, gains=mv.gains, squares=mv.squares))
    return out
