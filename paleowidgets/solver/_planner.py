"""The may-pass relaxation, solved exactly by covering ring cells: the *planner*.

Two searches share the machinery below. The exact one (:meth:`_Run.by_targets`) splits
the lines by *target*: the fossils a line completes and the dig types of the same-dig-type
bonuses it earns. It works down from the top in *goals*: at goal g every target's bound is
at most g, and each target still at g is asked for a line of at least g. First a
relaxation solved by dynamic programming over the rounds (:meth:`_Run._dp_plus`: draws
reduced to the ring cells and stars they cover, so the many placements that differ only
elsewhere count once; the states are numpy arrays), asked only about lines with the +1
Points the goal needs (``at_least``: it cuts far more then), which proves that none
exists or bounds the target below g; when it allows one, a few of its paths are drawn as
real placements (:meth:`_Run._realise`), and only then is the target searched exactly
(:meth:`_Run.dfs_req`: every open ring cell of the target must be drawn, so there is no
"stays open" branch and the bounds are cheap). The first line found at goal g is
optimal. On row 9 of the solver benchmark (11x11, 6 rounds, 5 fossils, 2 stars) the
relaxation disposes of every target above the optimum but one (it was unproven after 28
minutes of the cell-branching search alone); on row 11 (12x12, 8 rounds, 6 fossils) it
settles every target above 27 and a path of it, drawn, is the line of 27: 14 s (unproven
by CP-SAT in 120 s, and by the search without goals in 28 minutes). The second search,
:meth:`_Run.dfs` (everything below up to "Which cell"), branches on cells with fossils
optional and a knapsack bound; it is used for the quick dives that find good lines first.

If a pass were always allowed, a round that draws nothing useful would simply pass, and
the order of the rounds would only matter for bonus timing. So the planner does not walk
the rounds in order. It picks an open ring cell of a fossil it still aims for, and
branches on how that cell gets drawn: a placement containing it, drawn in a round whose
roll allows it (with switches if needed, in each dig type when a bonus can still depend
on it), or a One Square; or the cell stays open, and every fossil whose ring holds it is
given up. When no fossil is aimed for any more, spare rounds collect stars. This
partitions the lines by what happens to each chosen cell, so every may-pass line is
reached (a line that completes a fossil the search gave up is still counted at its real
value).

Which cell: if some open ring cell can be drawn in no way at all, that one (its fossils
are then given up, the only branch); else the fossil already started, or the one worth
most per open ring cell, and in it the cell with the fewest fitting placements. Any
choice keeps the partition; this one finds good lines early. When the start holds a
switch-shape, every round offers every shape and that cell can still have 600 children
(9x9 board of the bench, row 5): then the cell with the fewest fitting placements over
every fossil (the started ones first) is taken instead, which halved that row's time
(elsewhere it costs: 11 -> 1,804 nodes on ``3-advanced/01-full-snowman``).

Rounds are resources. Rounds whose rolls offer the same (shape, dig) pairs form a class;
a draw that neither covers a star nor spends a switch ("neutral") only takes one round of
its class, which round being left open: such draws are interchangeable between the rounds
of a class (nothing about them depends on when they happen). Draws that gain or spend
bonuses take a specific round, and every free round of the class is tried (which one
matters: a star gained earlier can pay for more, and two draws of a class gaining
different numbers of stars are not interchangeable), except when no star bonus can ever
pay for anything (only +1 Points): then timing does not matter and one round is tried.
One Squares are placed in the last round (see ``exact.py`` for why waiting is always as
good without the forced-draw rule). At the end, a small matching decides which kind each
star gives: every switch or square spent beyond the start bonuses needs a star gained in
an earlier round, per-kind caps hold, and the remaining stars give +1 Points up to the
cap. If no matching exists the line is not counted.

Why the other shortcuts are safe:

- A (shape, dig) pair is tried only with its smallest switch sets, and a draw whose dig
  type no bonus can depend on (it touches no ring of a fossil still aimed for whose bonus
  is still possible) with one dig type: as in ``exact.py``.
- A switch spent in round t must be paid by a start bonus or a star gained before t.
  Options whose spends cannot be paid even if every free earlier round collected as many
  stars as one placement can cover are not generated (``timing_possible``, a necessary
  condition); the exact check is the matching at the leaf.
- In the star phase, collectors covering the same stars in the same round with the same
  switches and blocking the same star-covering placements are interchangeable (fossils
  no longer matter there), so one of each is tried.
- The transposition table maps (drawn cells, dig types, fossils aimed for, free rounds per
  class, rounds taken, bonus events, neutral spends) to an upper bound of the best score
  below; the squares are the drawn cells in no dig type, so everything the subtree depends
  on is in the key.

The bound at each node is :meth:`Tables.stars_and_fossils` over the free rounds of every
class, with the switches and squares that are held or can still be gained. A node computes
the bound of each of its children first and searches them highest bound first (the
bound sees the rings' geometry, so good lines come early; each child gets its bound
handed down instead of computing it again).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

import numpy as np
import numpy.typing as npt

from ..core.rules import Bonuses, State
from ..core.terms import BONUS_CAP, PLUS_ONE
from ._moves import NO_GAINS, NONE, PASS, Clock, Move
from ._tables import COVER_BUDGET, N_SHAPES, Slot, Tables, Variant, bits_of

# A draw record: (round or -1 for a neutral draw, class, mask, shape, dig, spend shape,
# spend dig); an event: (round, stars covered, spends shape, spends dig).
Draw = tuple[int, int, int, int, int, bool, bool]
Event = tuple[int, int, bool, bool]
# A planner node: (drawn, digs, active, free, rel, events, nss, nsd, sqm, draws, fit).
_Node = tuple[int, tuple[int, int, int], int, tuple[int, ...], int, tuple[Event, ...], int,
              int, int, tuple[Draw, ...], int]


DP_STATES = 3_000_000   # beyond this _Run._dp_plus gives up
MAX_TARGETS = 5_000     # beyond this _Run.by_targets leaves it to _Run.dfs
DP_PATHS = 20           # paths of the relaxation _Run._realise tries to draw
# The weight of a cell that the largest usable set through it covers with k cells: 1/k,
# counted in 60ths (k = 0: a cell only a square can take, a whole round's worth).
_WEIGHT = (60, 60, 30, 20, 15, 12)
_VARIANTS: tuple[tuple[Variant, int], ...] = (((False, False), 0), ((True, False), 1),
                                              ((False, True), 1), ((True, True), 2))


class Planner:
    """Exact optimum of the may-pass relaxation from any state."""

    def __init__(self, tables: Tables, clock: Clock) -> None:
        self.t = tables
        self.clock = clock
        g = tables.game
        n_cells = g.width * g.height
        lists: list[list[list[int]]] = [[[] for _ in range(N_SHAPES)] for _ in range(n_cells)]
        for m, si in zip(tables.pl_mask, tables.pl_shape, strict=True):
            for c in bits_of(m):
                lists[c][si].append(m)
        self.cell_shape: list[tuple[tuple[int, ...], ...]] = [
            tuple(tuple(x) for x in per) for per in lists]
        self.star_pl = 0
        for i, m in enumerate(tables.pl_mask):
            if m & tables.stars:
                self.star_pl |= 1 << i

    def solve(self, s0: State, floor: int,
              on_improve: Callable[[int, list[Move]], None] | None = None,
              on_bound: Callable[[int], None] | None = None
              ) -> tuple[int, list[Move] | None]:
        """The may-pass optimum from ``s0`` if it is above ``floor``, with a line reaching
        it (one Move per round left); else ``(ub, None)`` with ``ub <= floor`` an upper
        bound. Raises Timeout when the clock runs out. ``on_bound`` is told upper bounds
        of the may-pass optimum as they are learnt (each goal of :meth:`_Run.by_targets`,
        taken with ``floor``), so that a search cut by the clock still has one."""
        run = _Run(self, s0, floor, on_improve)
        run.on_bound = on_bound
        ub = run.go()
        if run.best_line is not None:
            return run.best, run.best_line
        return min(ub, floor), None

    def dive(self, s0: State, floor: int, on_improve: Callable[[int, list[Move]], None],
             *, width: int, nodes: int) -> None:
        """A quick, incomplete search for good may-pass lines (reported to ``on_improve``):
        only the ``width`` best-looking ways to draw each cell, at most ``nodes`` nodes.
        It proves nothing; it finds lines for the exact searches to beat."""
        run = _Run(self, s0, floor, on_improve)
        run.width = width
        run.budget = nodes
        with contextlib.suppress(_OutOfBudget):
            run.go()


class _OutOfBudget(Exception):
    pass


class _Run:
    """One planner search from one state."""

    def __init__(self, planner: Planner, s0: State, floor: int,
                 on_improve: Callable[[int, list[Move]], None] | None) -> None:
        t = planner.t
        self.p = planner
        self.t = t
        self.s0 = s0
        self.best = floor
        self.best_line: list[Move] | None = None
        self.on_improve = on_improve
        self.on_bound: Callable[[int], None] | None = None
        self.width: int | None = None            # dives: options tried per node
        self.budget = -1                          # dives: nodes left (-1: no limit)
        index: dict[frozenset[tuple[int, int]], int] = {}
        self.class_rounds: list[list[int]] = []
        self.class_first: list[int] = []
        for rd in range(s0.round, t.R):
            sig = t.pairs[rd][(False, False)]
            ci = index.get(sig)
            if ci is None:
                index[sig] = len(self.class_rounds)
                self.class_rounds.append([rd])
                self.class_first.append(rd)
            else:
                self.class_rounds[ci].append(rd)
        self.held0 = s0.held
        self.caps0 = tuple(BONUS_CAP - g for g in s0.gained)
        self.cap_total0 = sum(self.caps0)
        self.timing = bool(t.stars & ~s0.drawn) and self.cap_total0 > 0
        # Whether a star's bonus can ever pay for something (a square or a switch): if
        # not, only +1 Points come from stars and the rounds of gains do not matter.
        self.gains_pay = self.timing and any(self.caps0[k] for k in range(3))
        self.star_list = bits_of(t.stars & ~s0.drawn)
        self.tt: dict[tuple[object, ...], int] = {}
        self.tt_req: dict[tuple[object, ...], int] = {}
        self._switch_cache: dict[tuple[int, bool, bool],
                                 dict[tuple[int, int], list[Variant]]] = {}
        self._shape_bits_cache: dict[tuple[int, Variant], int] = {}

    # -- bonuses ---------------------------------------------------------------------

    def _spent(self, events: tuple[Event, ...], nss: int, nsd: int) -> tuple[int, int]:
        return (nss + sum(1 for e in events if e[2]), nsd + sum(1 for e in events if e[3]))

    def _can_switch(self, events: tuple[Event, ...], nss: int, nsd: int) -> tuple[bool, bool]:
        """Whether a switch-shape / switch-dig may still be spent (held, or a star might
        give one: then the matching at the end decides)."""
        ss, sd = self._spent(events, nss, nsd)
        return (self.held0[1] - ss > 0 or (self.timing and self.caps0[1] > 0),
                self.held0[2] - sd > 0 or (self.timing and self.caps0[2] > 0))

    def _can_square(self, nsq: int) -> bool:
        return self.held0[0] - nsq > 0 or (self.timing and self.caps0[0] > 0)

    def _pair_switches(self, ci: int, v: Variant) -> dict[tuple[int, int], list[Variant]]:
        """(shape, dig) pairs of class ``ci`` with their minimal switch sets, when the
        switches of ``v`` may be spent (a switch a pair does not need is never spent:
        the same draw holding more bonuses is at least as good)."""
        key = (ci, v[0], v[1])
        hit = self._switch_cache.get(key)
        if hit is not None:
            return hit
        pairs = self.t.pairs[self.class_first[ci]]
        out: dict[tuple[int, int], list[Variant]] = {p: [(False, False)]
                                                     for p in pairs[(False, False)]}
        for w in ((True, False), (False, True)):
            if (w[0] and v[0]) or (w[1] and v[1]):
                for p in pairs[w]:
                    if out.get(p) != [(False, False)]:
                        out.setdefault(p, []).append(w)
        if v[0] and v[1]:
            for p in pairs[(True, True)]:
                out.setdefault(p, [(True, True)])
        self._switch_cache[key] = out
        return out

    def _class_shape_bits(self, ci: int, v: Variant) -> int:
        hit = self._shape_bits_cache.get((ci, v))
        if hit is None:
            hit = 0
            for si in self.t.shapes_for[self.class_first[ci]][v][0]:
                hit |= self.t.shape_bits[si]
            self._shape_bits_cache[(ci, v)] = hit
        return hit

    def _free_shape_bits(self, free: tuple[int, ...], v: Variant) -> int:
        """The placements of a shape some free round offers (with the switches ``v``)."""
        allowed = 0
        for ci, n in enumerate(free):
            if n:
                allowed |= self._class_shape_bits(ci, v)
        return allowed

    def timing_plus(self, events: tuple[Event, ...], nsq: int) -> int | None:
        """The most +1 Points the stars of ``events`` can give while paying for every
        switch spent and every square (placed in the last round) beyond the bonuses held
        at the start; None when they cannot pay."""
        assignment = self._assign(events, nsq)
        if assignment is None:
            return None
        return sum(g[PLUS_ONE] for g in assignment.values())

    def _assign(self, events: tuple[Event, ...], nsq: int) -> dict[int, Bonuses] | None:
        t = self.t
        cap_total = self.cap_total0
        gains: list[int] = []                     # the round of each star bonus gained
        for rd, n, _ss, _sd in sorted(events):
            got = min(n, cap_total)
            cap_total -= got
            gains += [rd] * got
        spends: list[list[int]] = [[t.R - 1] * nsq,
                                   sorted(e[0] for e in events if e[2]),
                                   sorted(e[0] for e in events if e[3])]
        need: list[tuple[int, int]] = []
        for k in range(3):
            extra = spends[k][self.held0[k]:]
            if len(extra) > self.caps0[k]:
                return None
            need += [(tm, k) for tm in extra]
        kind: list[int] = [-1] * len(gains)
        for tm, k in sorted(need):
            i = next((i for i, rd in enumerate(gains) if kind[i] < 0 and rd < tm), None)
            if i is None:
                return None
            kind[i] = k
        used = [sum(1 for x in kind if x == k) for k in range(4)]
        for i in range(len(gains)):
            if kind[i] < 0:
                k = next(k for k in (PLUS_ONE, 0, 1, 2) if used[k] < self.caps0[k])
                kind[i] = k
                used[k] += 1
        out: dict[int, Bonuses] = {}
        for rd, k in zip(gains, kind, strict=True):
            g = list(out.get(rd, NO_GAINS))
            g[k] += 1
            out[rd] = (g[0], g[1], g[2], g[3])
        return out

    def _timing_memo(self, events: tuple[Event, ...], nsq: int, free: tuple[int, ...],
                     rel: int, drawn: int) -> Callable[[int, int, int, Variant], bool]:
        """``timing_possible`` of one more draw (class, round, stars, switches) from this
        node, memoised on those four. It is asked with the node's ``drawn``, not with the
        draw's cells added: with fewer cells drawn, at least as many placements fit and
        stars are open, so the stars collectable can only be over-estimated and the
        condition stays necessary (the exact check is still the matching at the leaf);
        and then it depends on the draw only through these four."""
        memo: dict[tuple[int, int, int, Variant], bool] = {}

        def ok(ci: int, rd: int, nst: int, w: Variant) -> bool:
            key = (ci, rd, nst, w)
            hit = memo.get(key)
            if hit is None:
                hit = memo[key] = self.timing_possible(
                    (*events, (rd, nst, w[0], w[1])), nsq,
                    (*free[:ci], free[ci] - 1, *free[ci + 1:]), rel | 1 << rd, drawn)
            return hit

        return ok

    def timing_possible(self, events: tuple[Event, ...], nsq: int, free: tuple[int, ...],
                        rel: int, drawn: int) -> bool:
        """A necessary condition for the matching at the end: every spend beyond the start
        bonuses needs a star bonus from an earlier round, gained already or collectable by
        the free rounds before it (at most the stars one placement covers, per round)."""
        t = self.t
        times: list[int] = []
        for k, spent in enumerate(([t.R - 1] * nsq, sorted(e[0] for e in events if e[2]),
                                   sorted(e[0] for e in events if e[3]))):
            extra = spent[self.held0[k]:]
            if len(extra) > self.caps0[k]:
                return False
            times += extra
        if not times:
            return True
        times.sort()
        cap_total = self.cap_total0
        got: list[tuple[int, int]] = []
        for rd, n, _a, _b in sorted(events):
            g = min(n, cap_total)
            cap_total -= g
            got.append((rd, g))
        smost = t.star_info(drawn)
        open_stars = (t.stars & ~drawn).bit_count()
        per_class = [max((smost[si] for si in t.shapes_for[self.class_first[ci]][(True, True)][0]),
                         default=0) for ci in range(len(free))]
        for i, tau in enumerate(times):
            before = sum(g for rd, g in got if rd < tau)
            more = 0
            for ci, n in enumerate(free):
                if n and per_class[ci]:
                    k = sum(1 for rd in self.class_rounds[ci] if rd < tau and not rel >> rd & 1)
                    more += min(n, k) * per_class[ci]
            if min(self.cap_total0, before + min(open_stars, more)) < i + 1:
                return False
        return True

    # -- values and bounds -------------------------------------------------------------

    def fossil_value(self, drawn: int, digs: tuple[int, int, int]) -> int:
        t = self.t
        v = 0
        d0, d1, d2 = digs
        for f, ring in enumerate(t.rings):
            if not ring & ~drawn:
                v += t.points[f]
                if t.bonus[f] and (ring & d0 == ring or ring & d1 == ring or ring & d2 == ring):
                    v += t.bonus[f]
        return v

    def _slots(self, free: tuple[int, ...], v: Variant) -> list[Slot]:
        t = self.t
        out: list[Slot] = []
        for ci, n in enumerate(free):
            if n:
                first = self.class_first[ci]
                out.append((t.shapes_for[first][(False, False)], t.shapes_for[first][v], n))
        return out

    def _star_reach(self, drawn: int, slots: list[Slot]) -> int:
        get = self.t.star_info(drawn).__getitem__
        return sum(n * max(map(get, up[0]), default=0) for _, up, n in slots)

    def bound(self, drawn: int, digs: tuple[int, int, int], active: int,
              free: tuple[int, ...], events: tuple[Event, ...], nss: int, nsd: int,
              nsq: int, enough: int | None = None) -> int:
        v = self._can_switch(events, nss, nsd)
        slots = self._slots(free, v)
        value = self.fossil_value(drawn, digs) + self.held0[PLUS_ONE]
        gains = 0
        ss, sd = self._spent(events, nss, nsd)
        held_sw = max(0, self.held0[1] - ss) + max(0, self.held0[2] - sd)
        owed = max(0, ss - self.held0[1]) + max(0, sd - self.held0[2])
        sw_cap = 0
        if self.timing:
            committed = sum(e[1] for e in events)
            open_stars = (self.t.stars & ~drawn).bit_count()
            gains = min(self.cap_total0,
                        committed + min(open_stars, self._star_reach(drawn, slots)))
            sw_cap = self.caps0[1] + self.caps0[2]
            if not any(e[1] for e in events):
                # No star gained yet: the earliest free round has no earlier round to
                # gain a switch in, so at most all the other free rounds can spend one.
                sw_cap = min(sw_cap, max(0, sum(free) - 1))
        return value + self.t.stars_and_fossils(
            drawn, digs, bits_of(active), slots, held_sq=self.held0[0], used_sq=nsq,
            gains=gains, sq_cap=self.caps0[0] if self.timing else 0,
            plus_cap=self.caps0[PLUS_ONE], held_sw=held_sw, sw_cap=sw_cap, owed_sw=owed,
            enough=None if enough is None else enough - value)

    # -- the search ------------------------------------------------------------------

    def go(self) -> int:
        s0 = self.s0
        t = self.t
        fit = t.all_pl & ~t.block(s0.drawn)
        active = 0
        for f, ring in enumerate(t.rings):
            if ring & ~s0.drawn:
                active |= 1 << f
        free = tuple(len(rs) for rs in self.class_rounds)
        if self.width is None:
            return self.by_targets(active, free, fit)
        return self.dfs(s0.drawn, s0.digs, active, free, 0, (), 0, 0, 0, (), fit)

    # -- exact: one search per target ------------------------------------------------------

    def by_targets(self, open_fossils: int, free: tuple[int, ...], fit: int) -> int:
        """The may-pass optimum, one search per *target*: a set S of fossils not yet dug
        to complete, and for some of them the dig type their same-dig-type bonus is to be
        earned in (``want``: per dig type, the fossils). Every may-pass line has exactly
        one target (the fossils it completes, the bonuses it earns and their dig types),
        and is reached by that target's search (:meth:`dfs_req`), whose bounds count
        that target's value; so the best over the targets is the optimum. Each target
        has a bound, at first its value (with the stars it could still collect); a target
        not above the best line found is never searched, nor one holding a target found
        impossible (its lines would reach that one too). The goal is the highest bound
        left: each target at the goal is asked for a line of at least the goal
        (:meth:`_at_goal`, with the best line taken as goal - 1, so every cut is at its
        strongest); a line found then is optimal, as no target's bound is above the goal;
        a target without one gets a bound below the goal. When the goal is not above the
        best line found before, that line is optimal."""
        s0 = self.s0
        t = self.t
        empty = (0, 0, 0)
        v = self._can_switch((), 0, 0)
        spend = self.cap_total0 if self.timing else 0
        n_sw = sum(self.held0[1:3]) + spend
        n_sq = self.held0[0] + spend
        base, _spare = self.req_bound(s0.drawn, s0.digs, 0, empty, free, (), 0, 0, 0)
        if base == NONE:
            return NONE

        def possible(sub: int, want: tuple[int, int, int]) -> bool:
            return self._reachable(s0.drawn, sub, want, fit, free, v, n_sw, n_sq)

        # Per fossil, what it can be in a target: completed without a wanted bonus (-1),
        # or with it in dig type d (the cells drawn on its ring already all in d).
        fossils = bits_of(open_fossils)
        choices: dict[int, list[tuple[int, int]]] = {}
        for f in fossils:
            ch: list[tuple[int, int]] = []
            if possible(1 << f, empty):
                ch.append((-1, t.points[f]))
                if t.bonus[f]:
                    done = t.rings[f] & s0.drawn
                    for d in range(3):
                        want = (1 << f if d == 0 else 0, 1 << f if d == 1 else 0,
                                1 << f if d == 2 else 0)
                        if done & s0.digs[d] == done and possible(1 << f, want):
                            ch.append((d, t.points[f] + t.bonus[f]))
            choices[f] = ch
        usable = [f for f in fossils if choices[f]]
        rest_max = [0] * (len(usable) + 1)
        for j in range(len(usable) - 1, -1, -1):
            rest_max[j] = rest_max[j + 1] + max(x for _, x in choices[usable[j]])
        targets: list[tuple[int, int, tuple[int, int, int]]] = []
        floor = self.best

        def gen(j: int, sub: int, want: tuple[int, int, int], value: int) -> None:
            if value + rest_max[j] <= floor:
                return
            if j == len(usable):
                targets.append((value, sub, want))
                if len(targets) > MAX_TARGETS:
                    raise _OutOfBudget
                return
            f = usable[j]
            gen(j + 1, sub, want, value)
            for d, x in choices[f]:
                w2 = want if d < 0 else (want[0] | (1 << f if d == 0 else 0),
                                         want[1] | (1 << f if d == 1 else 0),
                                         want[2] | (1 << f if d == 2 else 0))
                gen(j + 1, sub | 1 << f, w2, value + x)

        try:
            gen(0, 0, empty, base)
        except _OutOfBudget:
            # Too many targets (many fossils, a low best line): the cell-branching search,
            # which decides the fossils as it goes, is exact too.
            return self.dfs(s0.drawn, s0.digs, open_fossils, free, 0, (), 0, 0, 0, (), fit)
        targets.sort(key=lambda x: (-x[0], -x[1].bit_count()))
        # Descending goals: at goal g every target's bound is at most g, and the targets
        # at g are asked for a line of at least g (the relaxation with ``at_least``, then
        # the exact search as if the best line were g - 1: both cut hardest then). The
        # first line found at goal g is optimal; a target that has none gets a bound
        # below g; when none is left at g, the goal drops to the highest bound left.
        incumbent = self.best
        bounds = [value for value, _, _ in targets]
        parts: dict[int, int] = {}                      # target -> its fossil part
        exact_plus: dict[int, int] = {}                 # target -> its relaxation's answer
        dead: list[tuple[int, int, int, int]] = []
        base_plus: dict[int, int] = {}                  # fossil set -> +1 Points bound
        base_asked: dict[int, int] = {}                 # fossil set -> its at_least
        base_gave_up: dict[int, int] = {}               # fossil set -> at_least it gave up
        goal = max(bounds, default=NONE)
        while goal > incumbent:
            if self.on_bound is not None:
                # Every target's bound is at most the goal, and the lines of no target
                # (their value, with every star) are at most the floor: so is every line.
                self.on_bound(goal)
            self.best = goal - 1
            for i, (_value, sub, want) in enumerate(targets):
                if bounds[i] < goal:
                    continue
                got = self._at_goal(goal, i, sub, want, free, fit, parts, exact_plus,
                                    dead, (base_plus, base_asked, base_gave_up), possible)
                if self.best >= goal:
                    return self.best            # every target's bound is at most goal
                # Every search above is exact for lines above ``self.best``, so no line of
                # this target reaches the goal (a bound it returned may be looser).
                bounds[i] = min(got, goal - 1)
            goal = max(bounds, default=NONE)
        self.best = incumbent
        return max(goal, incumbent)

    def _at_goal(self, goal: int, i: int, sub: int, want: tuple[int, int, int],
                 free: tuple[int, ...], fit: int, parts: dict[int, int],
                 exact_plus: dict[int, int], dead: list[tuple[int, int, int, int]],
                 base: tuple[dict[int, int], dict[int, int], dict[int, int]],
                 possible: Callable[[int, tuple[int, int, int]], bool]) -> int:
        """A bound on the lines of target ``i`` (fossils ``sub``, bonuses ``want``),
        whose bound was ``goal``, with ``self.best`` at ``goal - 1``: a line of at least
        ``goal`` is recorded if there is one."""
        s0 = self.s0
        empty = (0, 0, 0)
        if any(d[0] & sub == d[0] and all(d[1 + k] & want[k] == d[1 + k] for k in range(3))
               for d in dead):
            return NONE                         # its lines would complete a dead one
        fp = parts.get(i)
        if fp is None:
            if not possible(sub, want):
                dead.append((sub, *want))
                return NONE
            fp = parts[i] = self.req_bound(s0.drawn, s0.digs, sub, want, free, (), 0, 0,
                                           0, stars=False)[0]
        need = goal - fp                        # +1 Points a line must get
        if want != empty:
            base_plus, base_asked, base_gave_up = base
            # One relaxation without the bonuses bounds every dig type at once: a line of
            # (sub, want) is a line of (sub, no bonus wanted) too, with the same +1
            # Points. Its answer to ``at_least`` a is exact if at least a, else a bound
            # below a; it is asked again only when that cannot settle this variant, and
            # not with a weaker cut than one it gave up under (more states still).
            bp = base_plus.get(sub)
            unsettled = bp is None or need <= bp < base_asked[sub]
            if unsettled and base_gave_up.get(sub, NONE) < need:
                got = self._dp_plus(sub, empty, free, at_least=need)
                if got is None:
                    base_gave_up[sub] = need
                else:
                    bp = base_plus[sub] = got
                    base_asked[sub] = need
                    if got == NONE:
                        dead.append((sub, 0, 0, 0))
            if bp is not None and bp < need:
                return NONE if bp == NONE else fp + bp
        plus = exact_plus.get(i)
        if plus is None:
            plus = self._dp_plus(sub, want, free, at_least=need, lines=True)
            if self.best >= goal:
                return self.best                # a path of the relaxation was drawn
            if plus == NONE:
                dead.append((sub, *want))       # no line completes it (nor holds it)
                return NONE
            if plus is not None and plus < need:
                return fp + plus
            if plus is not None:
                exact_plus[i] = plus            # at least ``need``: exact
        elif plus < need:
            return fp + plus
        return self.dfs_req(s0.drawn, s0.digs, sub, want, free, 0, (), 0, 0, 0, (), fit)

    def _dp_plus(self, sub: int, want: tuple[int, int, int], free: tuple[int, ...],
                 limit: int = DP_STATES, at_least: int = 0, lines: bool = False
                 ) -> int | None:
        """The most +1 Points a line completing ``sub`` with the bonuses of ``want`` can
        get from stars (NONE: no such line), in a relaxation where draws may overlap each
        other outside the cells that matter (the open ring cells of ``sub`` and the open
        stars). A draw is then only the set of those cells it covers, and the rounds are
        taken in order, each drawing one such set or passing. States: (cells covered,
        switches spent); of two states with the same cells the one that spent fewer
        switches is kept (it can do all the other can). A round's sets come from the
        placements fitting now (fits only shrink) of a (shape, dig) pair its roll offers,
        with a switch otherwise (two for both kinds), in the wanted dig type where they
        meet a wanted ring, and meeting at most one wanted dig type. A switch is paid by
        one held or by a star bonus gained in an earlier round (one per star covered, up to
        the caps); squares go in the last round on open cells off stars and wanted rings,
        paid the same way by stars gained before it; the stars left give +1 Points up to
        the cap. A state is dropped when the rounds left cannot draw the cells left:
        some cell no set of a later round holds (and no square may take), or more weight
        than the rounds left carry (a cell's weight is 1/k, k the largest set of a later
        round holding it; a set carries at most 1; squares take the heaviest cells).
        Every real line maps to a path here, so the answer bounds every real line's +1
        Points. None: more than ``limit`` states kept after some round, or twice that many
        made in one (nothing is known).

        ``at_least`` > 0 asks only about lines with at least that many +1 Points: each
        switch or square beyond the held ones then costs one of the ``cap - at_least``
        star bonuses that may be spent, and a state is dropped when even every star still
        coverable by a later round could not leave ``at_least``. The answer is then exact
        if it is at least ``at_least``, and else an upper bound below it (``at_least - 1``,
        or the cap if that is lower): no line was proven impossible, only not good
        enough.

        ``lines``: when the answer is at least ``at_least``, also try to turn paths of
        the relaxation into may-pass lines (:meth:`_realise`) and record them."""
        t = self.t
        drawn0 = self.s0.drawn
        need = self._open_rings(sub, drawn0)
        stars = t.stars & ~drawn0
        universe = need | stars
        wanted = self._want_cells(drawn0, sub, want)
        no_square = t.stars | wanted[0] | wanted[1] | wanted[2]
        squarable = need & ~no_square
        fit0 = t.fit_of(drawn0)
        touch = fit0 & t.block(universe)
        h_sw = self.held0[1] + self.held0[2]
        h_sq = self.held0[0]
        # Star bonuses still to come: one per open star, up to the caps.
        cap_total = min(self.cap_total0, stars.bit_count()) if self.timing else 0
        plus_cap = self.caps0[PLUS_ONE]
        top = min(plus_cap, cap_total)
        if at_least > top:
            return top
        at_least = max(0, at_least)
        spendable = cap_total - at_least       # star bonuses that may pay for spends
        sq_most = h_sq + spendable
        rounds = sorted(rd for rs in self.class_rounds for rd in rs)
        per_round: list[dict[int, int]] = []
        for rd in rounds:
            pats: dict[int, int] = {}
            for var, cost in _VARIANTS:
                if cost > h_sw + spendable:
                    continue
                for si, d in t.pairs[rd][var]:
                    for i in bits_of(touch & t.shape_bits[si]):
                        m = t.pl_mask[i]
                        wd = self._want_dig(m, wanted)
                        if wd == -2 or (wd >= 0 and wd != d):
                            continue
                        x = m & universe
                        if pats.get(x, 99) > cost:
                            pats[x] = cost
            per_round.append(pats)
        n = len(rounds)
        # Per round j: the weight levels of the need cells over the sets of rounds >= j
        # (level[k]: largest set through the cell has k need cells; 0: none).
        levels: list[list[int]] = []
        by_k = [0] * 6
        star_later = [0] * (n + 1)      # the stars some set of a round >= j holds
        for j in range(n, -1, -1):
            if j < n:
                star_later[j] = star_later[j + 1]
                for x in per_round[j]:
                    xn = x & need
                    by_k[xn.bit_count()] |= xn
                    star_later[j] |= x & stars
            levels.append(_weight_levels(by_k, need))
        levels.reverse()
        weight = _WEIGHT
        fail = NONE if at_least == 0 else at_least - 1
        if universe.bit_count() > 63:
            return None              # the states are 64-bit words (never met in the bench)
        # The states as arrays: the cells of the universe renumbered 0..62.
        pos = {c: i for i, c in enumerate(bits_of(universe))}

        def packed(mask: int) -> int:
            out = 0
            for c in bits_of(mask & universe):
                out |= 1 << pos[c]
            return out

        u64 = np.uint64
        p_need, p_stars, p_sq = u64(packed(need)), u64(packed(stars)), u64(packed(squarable))
        p_nosq = u64(packed(need & no_square))
        p_levels = [[u64(packed(m)) for m in lv] for lv in levels]
        p_later = [u64(packed(m)) for m in star_later]

        def count(a: npt.NDArray[np.uint64]) -> npt.NDArray[np.int32]:
            return np.bitwise_count(a).astype(np.int32)

        def w_of(cells: int, lv: list[int]) -> int:
            return sum(weight[k] * (lv[k] & cells).bit_count() for k in range(6))

        def w_arr(a: npt.NDArray[np.uint64], lv: list[np.uint64]) -> npt.NDArray[np.int32]:
            return sum((weight[k] * count(a & lv[k]) for k in range(6)),
                       start=np.zeros(len(a), np.int32))

        def alive(cov: npt.NDArray[np.uint64], used: npt.NDArray[np.int32], j: int
                  ) -> npt.NDArray[np.bool_]:
            """The states from which rounds j.. may still finish: the cells left are
            not too heavy for the rounds left and the squares (the squares take the
            heaviest squarable cells), no cell left is out of reach of them, and every
            star still coverable could pay for the switches spent and leave
            ``at_least``."""
            lv = p_levels[j]
            rest = p_need & ~cov
            ok: npt.NDArray[np.bool_] = (lv[0] & rest & ~p_sq) == 0
            total = w_arr(rest, lv)
            left = np.full(len(cov), sq_most, np.int32)
            for k in range(6):
                q = np.minimum(left, count(lv[k] & rest & p_sq))
                total -= q * weight[k]
                left -= q
            ok &= total <= 60 * (n - j)
            got = np.minimum(cap_total, count(cov & p_stars) + count(p_later[j] & ~cov))
            ok &= got - np.maximum(0, used - h_sw) >= at_least
            return ok

        check = t.check
        cov = np.zeros(1, u64)
        used = np.zeros(1, np.int32)
        if not alive(cov, used, 0)[0]:
            return fail
        history = [(cov, used)]               # the states after each round, by cells
        for j in range(n - 1):
            # Weights at round j + 1: a state's cells left must weigh at most what the
            # rounds after j carry, plus the squares; so the set drawn now must weigh at
            # least ``thr``. The states are sorted by ``thr``: those a set may extend
            # are a prefix.
            lv = levels[j + 1]
            sq_ws = sorted((weight[k] for k in range(6)
                            for _ in range((lv[k] & squarable).bit_count())), reverse=True)
            slack = 60 * (n - j - 1) + sum(sq_ws[:sq_most])
            thr = w_of(need, lv) - w_arr(cov & p_need, p_levels[j + 1]) - slack
            room = h_sw + np.minimum(cap_total, count(cov & p_stars)) - used
            order = np.argsort(thr, kind="stable")
            cov, used, thr, room = cov[order], used[order], thr[order], room[order]
            ranked = sorted(((w_of(x & need, lv), packed(x), c) for x, c in per_round[j].items()),
                            reverse=True)
            k0 = int(np.searchsorted(thr, 0, side="right"))
            parts_c, parts_u = [cov[:k0]], [used[:k0]]      # the round passes
            made = k0
            for idx, (wx, x, c) in enumerate(ranked):
                k = int(np.searchsorted(thr, wx, side="right"))
                if not k:
                    break
                if check is not None and not idx & 15:
                    check()                    # the time limit, and progress
                px = u64(x)
                take = ((cov[:k] & px) == 0) & (room[:k] >= c)
                parts_c.append(cov[:k][take] | px)
                parts_u.append(used[:k][take] + c)
                made += len(parts_c[-1])
                if made > 4 * limit:
                    return None
            new_c = np.concatenate(parts_c)
            new_u = np.concatenate(parts_u)
            # Of the states with the same cells, the one that spent fewest switches.
            order = np.lexsort((new_u, new_c))
            new_c, new_u = new_c[order], new_u[order]
            first = np.ones(len(new_c), np.bool_)
            first[1:] = new_c[1:] != new_c[:-1]
            cov, used = new_c[first], new_u[first]
            if len(cov) > 2 * limit:
                return None
            keep = alive(cov, used, j + 1)
            cov, used = cov[keep], used[keep]
            if len(cov) > limit:
                return None
            if lines:
                history.append((cov, used))
        # The last round: its draw (or a pass), its squares paid by held ones or by stars
        # gained before it, and the +1 Points left.
        best = NONE
        before = np.minimum(cap_total, count(cov & p_stars))
        room = h_sw + before - used
        last = per_round[n - 1] if n else {}
        end: tuple[int, int, int, int] | None = None    # (cells, switches, set, cost)
        for x, c in [(0, 0), *last.items()]:
            px = u64(packed(x))
            take = ((cov & px) == 0) & (room >= c)
            got = cov[take] | px
            rest = p_need & ~got
            sw = np.maximum(0, used[take] + c - h_sw)
            sq = np.maximum(0, count(rest) - h_sq)
            ok = ((rest & p_nosq) == 0) & (sw + sq <= before[take])
            plus = np.minimum(plus_cap,
                              np.minimum(cap_total, count(got & p_stars)) - sw - sq)[ok]
            if len(plus) and int(plus.max()) > best:
                best = int(plus.max())
                at = int(np.flatnonzero(take)[np.flatnonzero(ok)[int(plus.argmax())]])
                end = (int(cov[at]), int(used[at]), x, c)
                if best >= top:
                    break
        if best < at_least:
            return fail
        if lines and end is not None and n:
            unpack = list(bits_of(universe))
            paths = _dp_paths(history, [{packed(x): c for x, c in pr.items()}
                                        for pr in per_round[:-1]],
                              end[0], end[1], h_sw, cap_total, int(p_stars))
            best0 = self.best
            for k, path in enumerate(paths):
                if k >= DP_PATHS or self.best > best0:
                    break
                sets = [(rounds[j], sum(1 << unpack[b] for b in bits_of(x)), c)
                        for j, x, c in path]
                sets.append((rounds[n - 1], end[2], end[3]))
                self._realise(sets, universe, need, wanted, touch)
        return best

    def _realise(self, sets: list[tuple[int, int, int]], universe: int, need: int,
                 wanted: tuple[int, int, int], touch: int) -> None:
        """Record the may-pass line of a path of :meth:`_dp_plus`, if one exists that
        is found quickly: per round (round, cells of the universe drawn, switches), a
        placement drawing exactly those cells of the universe with at most those switches
        (in the wanted dig type where it meets a wanted ring), all disjoint; the open
        cells of ``need`` left take One Squares. The relaxation let draws overlap outside
        the universe, so there may be none; the line is checked as every line is."""
        t = self.t
        options: list[tuple[int, list[tuple[int, int, int, Variant]]]] = []
        for rd, x, c in sets:
            if not x:
                continue                          # the round passes
            seen: set[int] = set()
            opts: list[tuple[int, int, int, Variant]] = []
            for var, cost in _VARIANTS:
                if cost > c:
                    continue
                for si, d in t.pairs[rd][var]:
                    for i in bits_of(touch & t.shape_bits[si]):
                        m = t.pl_mask[i]
                        if m & universe != x or m in seen:
                            continue
                        wd = self._want_dig(m, wanted)
                        if wd == -2 or (wd >= 0 and wd != d):
                            continue
                        seen.add(m)
                        opts.append((m, si, d, var))
            if not opts:
                return
            options.append((rd, opts))
        options.sort(key=lambda e: len(e[1]))
        chosen: list[tuple[int, int, int, int, Variant]] = []
        budget = [5_000]

        def place(k: int, cells: int) -> bool:
            if k == len(options):
                return True
            rd, opts = options[k]
            for m, si, d, var in opts:
                budget[0] -= 1
                if m & cells or budget[0] < 0:
                    continue
                chosen.append((rd, m, si, d, var))
                if place(k + 1, cells | m):
                    return True
                chosen.pop()
            return False

        if not place(0, 0):
            return
        drawn = self.s0.drawn
        for _, m, _, _, _ in chosen:
            drawn |= m
        sqm = need & ~drawn
        ci_of = {rd: ci for ci, rs in enumerate(self.class_rounds) for rd in rs}
        draws = tuple((rd, ci_of[rd], m, si, d, var[0], var[1])
                      for rd, m, si, d, var in chosen)
        events = tuple(sorted((rd, (m & t.stars & ~self.s0.drawn).bit_count(), var[0], var[1])
                              for rd, m, _, _, var in chosen))
        if self._assign(events, sqm.bit_count()) is not None:
            self._record(None, events, sqm, draws, drawn | sqm)

    def req_bound(self, drawn: int, digs: tuple[int, int, int], active: int,
                  want: tuple[int, int, int], free: tuple[int, ...], events: tuple[Event, ...],
                  nss: int, nsd: int, nsq: int, *, stars: bool = True) -> tuple[int, int]:
        """An upper bound on a line of the target (``active`` still to complete, with the
        bonuses of ``want``): the fossils completed already at their real value, those of
        ``active`` with their wanted bonuses, the +1 Points held, and the star bonuses
        still to come as in :meth:`bound` less the switches and squares already spent
        beyond the start bonuses (each needs a star bonus), the rest +1 Points up to the
        cap; and how many star bonuses beyond those +1 Points could still be spent. NONE
        when the spends cannot be paid."""
        t = self.t
        value = self.fossil_value(drawn, digs) + self.held0[PLUS_ONE]
        wanted = want[0] | want[1] | want[2]
        for f in bits_of(active):
            value += t.points[f]
            if wanted >> f & 1:
                value += t.bonus[f]
        if not stars:
            return value, 0                     # without what stars may still give
        ss, sd = self._spent(events, nss, nsd)
        owed = (max(0, ss - self.held0[1]) + max(0, sd - self.held0[2])
                + max(0, nsq - self.held0[0]))
        if not self.timing:
            return (NONE, 0) if owed else (value, 0)
        v = self._can_switch(events, nss, nsd)
        committed = sum(e[1] for e in events)
        open_stars = (t.stars & ~drawn).bit_count()
        gains = min(self.cap_total0,
                    committed + min(open_stars, self._star_reach(drawn, self._slots(free, v))))
        spare = gains - owed
        if spare < 0:
            return NONE, 0
        plus = min(self.caps0[PLUS_ONE], spare)
        return value + plus, spare - plus

    def _open_rings(self, fossils: int, drawn: int) -> int:
        """The open ring cells of ``fossils``."""
        t = self.t
        out = 0
        for f in bits_of(fossils):
            out |= t.rings[f] & ~drawn
        return out

    @staticmethod
    def _want_dig(m: int, want: tuple[int, int, int]) -> int:
        """The dig type a draw ``m`` must have to meet the wanted cells ``want`` (per dig
        type): d, -1 when it meets none, -2 when it meets two dig types (impossible)."""
        d = -1
        for k in range(3):
            if m & want[k]:
                if d >= 0:
                    return -2
                d = k
        return d

    def _want_cells(self, drawn: int, active: int, want: tuple[int, int, int]
                    ) -> tuple[int, int, int]:
        t = self.t
        out = [0, 0, 0]
        for d in range(3):
            for f in bits_of(want[d] & active):
                out[d] |= t.rings[f] & ~drawn
        return out[0], out[1], out[2]

    def _reachable(self, drawn: int, active: int, want: tuple[int, int, int], fit: int,
                   free: tuple[int, ...], v: Variant, n_sw: int, n_sq: int,
                   stars: int = 0) -> bool:
        """Necessary conditions for the free rounds to complete ``active`` with the
        bonuses of ``want`` (and draw the cells ``stars``): :meth:`_coverable`, then
        :meth:`Tables.cover_rounds` (the rings only)."""
        t = self.t
        need = stars | self._open_rings(active, drawn)
        if not need:
            return True
        if need.bit_count() > 5 * sum(free) + n_sq:
            return False                       # five cells a round, one a square
        wc = self._want_cells(drawn, active, want)
        if wc[0] & wc[1] or wc[0] & wc[2] or wc[1] & wc[2]:
            return False                       # one cell, two dig types
        if not self._coverable(need, wc, fit, free, v, n_sw, n_sq):
            return False
        targets = tuple((f, next((1 + d for d in range(3) if want[d] >> f & 1), 0))
                        for f in bits_of(active))
        return t.cover_rounds(targets, drawn, tuple(self._slots(free, v)), n_sw, n_sq, 0,
                              possible=True, budget=[COVER_BUDGET]) is not None

    def dfs_req(self, drawn: int, digs: tuple[int, int, int], active: int,
                want: tuple[int, int, int], free: tuple[int, ...], rel: int,
                events: tuple[Event, ...], nss: int, nsd: int, sqm: int,
                draws: tuple[Draw, ...], fit: int, known_b: int | None = None) -> int:
        """An upper bound on the best line of the target below this node (the lines
        completing ``active`` and earning the bonuses of ``want``; others found on the way
        are recorded at their real value too). The branching is :meth:`dfs`'s without the
        "cell stays open" branch: an open ring cell of ``active`` with the fewest ways to
        be drawn, and every way, a cell of a wanted bonus's ring only in its dig type
        and never by a square (so every line of the target is reached: its draw on that
        cell is one of the children; the dig type of a draw meeting no wanted ring
        matters to no bound here, so one is tried: the line with another is of another
        target, or of this one with the same value). A node is cut when
        :meth:`req_bound` is not above the best line, or when :meth:`_reachable` says the
        free rounds cannot complete the target, with as many switches and squares as
        could be paid for and leave a line above the best one. (Spending one beyond the
        start bonuses costs a star bonus; a line spending more is not above the best,
        which the answer then covers.)"""
        self.p.clock.tick()
        t = self.t
        key = (drawn, digs, active, want, free, rel, events, nss, nsd)
        known = self.tt_req.get(key)
        if known is not None and known <= self.best:
            return known
        nsq = sqm.bit_count()
        b, spare = self.req_bound(drawn, digs, active, want, free, events, nss, nsd, nsq)
        if known_b is not None:
            b = min(b, known_b)
        if b <= self.best:
            self.tt_req[key] = b
            return b
        spend = spare + (b - self.best - 1)
        ss, sd = self._spent(events, nss, nsd)
        left_ss = max(0, self.held0[1] - ss)
        left_sd = max(0, self.held0[2] - sd)
        left_sq = max(0, self.held0[0] - nsq)
        star_ok = self.timing and spend > 0
        v = (left_ss > 0 or (star_ok and self.caps0[1] > 0),
             left_sd > 0 or (star_ok and self.caps0[2] > 0))
        can_square = left_sq > 0 or (star_ok and self.caps0[0] > 0)
        cut = self.best if self.timing else NONE
        need = self._open_rings(active, drawn)
        if not need:
            ub = self.stars_phase(drawn, digs, free, rel, events, nss, nsd, sqm, draws, fit, 0)
            ub = min(ub, b)
            self.tt_req[key] = ub
            return ub
        n_sw = left_ss + left_sd + (spend if star_ok else 0)
        n_sq = left_sq + (spend if star_ok else 0)
        # When the line needs every open star's bonus to beat the best one (each as a +1
        # Point or to pay for a spend already made), the open stars must be drawn too.
        stars_needed = 0
        open_stars = t.stars & ~drawn
        if self.timing and open_stars:
            fossils_b = self.req_bound(drawn, digs, active, want, free, events, nss, nsd,
                                       nsq, stars=False)[0]
            gained = sum(e[1] for e in events)
            owed = (max(0, ss - self.held0[1]) + max(0, sd - self.held0[2])
                    + max(0, nsq - self.held0[0]))
            if self.best + 1 - fossils_b + owed >= gained + open_stars.bit_count():
                stars_needed = open_stars
        if not self._reachable(drawn, active, want, fit, free, v, n_sw, n_sq, stars_needed):
            self.tt_req[key] = cut
            return cut
        wc = self._want_cells(drawn, active, want)
        allowed = self._free_shape_bits(free, v)
        c, n_opts = self._fewest_cell(need | stars_needed, fit & allowed, can_square,
                                      wc[0] | wc[1] | wc[2])
        ub = cut
        if n_opts:
            options = self._options(c, drawn, digs, active, free, rel, v, events, nsq,
                                    can_square, wc)
            ranked: list[tuple[int, int, _Node]] = []
            for i, (_, opt) in enumerate(options):
                ch = self._child(opt, c, drawn, digs, active, free, rel, events, nss, nsd,
                                 sqm, draws, fit)
                known_c = self.tt_req.get((*ch[:3], want, *ch[3:8]))
                if known_c is None or known_c > self.best:
                    known_c, _ = self.req_bound(ch[0], ch[1], ch[2], want, ch[3], ch[5],
                                                ch[6], ch[7], ch[8].bit_count())
                ranked.append((known_c, i, ch))
            ranked.sort(key=lambda x: (-x[0], x[1]))
            for bc, _i, ch in ranked:
                if bc <= self.best:
                    ub = max(ub, bc)
                    continue
                d0, dg, ac, fr, rl, ev, s1, s2, sq2, dr, ft = ch
                sub = self.dfs_req(d0, dg, ac, want, fr, rl, ev, s1, s2, sq2, dr, ft,
                                   known_b=bc)
                if sub > ub:
                    ub = sub
        ub = min(ub, b)
        self.tt_req[key] = ub
        return ub

    def _coverable(self, need: int, want: tuple[int, int, int], fit: int,
                   free: tuple[int, ...], v: Variant, upgrades: int, squares: int) -> bool:
        """A necessary condition for the free rounds, with at most ``upgrades`` switches
        and ``squares`` One Squares, to draw every cell of ``need`` with disjoint draws,
        the cells of ``want[d]`` in dig type d (no square there). A usable placement
        fits, meets the cells of at most one wanted dig type d, and has a shape some free
        round offers (in dig type d if it meets those cells). For each cell x, let k(x)
        be the most cells of ``need`` one usable placement through x covers. Then:

        - rounds: give x the weight 1/k(x). A placement m covers at most 1 in weight
          (each of its |m & need| cells has k >= |m & need|), a square one cell; so the
          rounds needed are at least the total weight less the ``squares`` heaviest
          cells a square may take (the covering problem's dual, with a feasible
          solution). Likewise the cells of the wanted dig types D need at least their
          weight in rounds that offer a dig type of D (with a switch-dig, any round, in
          at most ``upgrades`` more). Weights are counted in 60ths.
        - cells: per round, the most cells one usable placement of a shape it offers
          covers, summed (switches in at most ``upgrades`` rounds), plus the squares.

        All of it holds for overlapping draws too, so for any real line."""
        t = self.t
        cand = 0
        for c in bits_of(need):
            cand |= t.cell_pl.get(c, 0)
        cand &= fit
        allowed = [[False] * N_SHAPES for _ in range(4)]     # any dig, dig 0, 1, 2
        offers = [0, 0, 0]                # free rounds offering dig d without switch-dig
        n_free = 0
        for ci, n in enumerate(free):
            if n:
                n_free += n
                sf = t.shapes_for[self.class_first[ci]]
                for k in range(4):
                    for si in sf[v][k]:
                        allowed[k][si] = True
                no_sd = sf[(v[0], False)]
                for d in range(3):
                    if no_sd[1 + d]:
                        offers[d] += n
        most = [0] * N_SHAPES
        # by_k[k]: the cells some usable placement covering k cells of ``need`` holds.
        by_k = [0, 0, 0, 0, 0, 0]
        pl_mask, pl_shape = t.pl_mask, t.pl_shape
        w0, w1, w2 = want
        for i in bits_of(cand):
            m = pl_mask[i]
            si = pl_shape[i]
            wd = self._want_dig(m, want)
            if wd == -2 or not allowed[1 + wd][si]:
                continue
            x = m & need
            k = x.bit_count()
            if k > most[si]:
                most[si] = k
            by_k[k] |= x
        no_square = t.stars | w0 | w1 | w2
        # level[k]: the cells with k(x) = k (level[0]: no placement, only a square).
        level = _weight_levels(by_k, need)
        if level[0] & no_square:
            return False
        weight = _WEIGHT
        total_w = sum(weight[k] * level[k].bit_count() for k in range(6))
        left = squares
        for k in range(6):                       # the heaviest cells a square may take
            if left <= 0:
                break
            n = min(left, (level[k] & ~no_square).bit_count())
            total_w -= n * weight[k]
            left -= n
        if total_w > 60 * n_free:
            return False
        if w0 | w1 | w2:
            per = [sum(weight[k] * (level[k] & wd).bit_count() for k in range(6))
                   for wd in want]
            for dset in range(1, 8):
                wsum = sum(per[d] for d in range(3) if dset >> d & 1)
                if not wsum:
                    continue
                rounds = sum(offers[d] for d in range(3) if dset >> d & 1)
                rounds = min(n_free, rounds)
                if v[1]:
                    rounds = min(n_free, rounds + upgrades)
                if wsum > 60 * rounds:
                    return False
        total = 0
        better: list[tuple[int, int]] = []
        for ci, n in enumerate(free):
            if n:
                sf = t.shapes_for[self.class_first[ci]]
                b = max((most[si] for si in sf[(False, False)][0]), default=0)
                u = max((most[si] for si in sf[v][0]), default=0)
                total += n * b
                if u > b:
                    better.append((u - b, n))
        for gain, n in sorted(better, reverse=True):
            if upgrades <= 0:
                break
            take = min(n, upgrades)
            total += gain * take
            upgrades -= take
        return total + squares >= need.bit_count()

    def _fewest_cell(self, need: int, usable: int, can_square: bool, no_square: int
                     ) -> tuple[int, int]:
        """The open cell of ``need`` with the fewest ways to be drawn (fitting placements
        of a shape some free round offers, and a square where one may go), and that number
        (0: it cannot be drawn)."""
        t = self.t
        no_square |= t.stars
        best_c, best_n = -1, 1 << 30
        for c in bits_of(need):
            n = (usable & t.cell_pl.get(c, 0)).bit_count()
            if can_square and not no_square >> c & 1:
                n += 1
            if n < best_n:
                best_c, best_n = c, n
                if n == 0:
                    break
        return best_c, best_n

    def dfs(self, drawn: int, digs: tuple[int, int, int], active: int, free: tuple[int, ...],
            rel: int, events: tuple[Event, ...], nss: int, nsd: int, sqm: int,
            draws: tuple[Draw, ...], fit: int, known_b: int | None = None) -> int:
        """An upper bound on the best score below this node (the best found is recorded).
        ``known_b``: an upper bound already computed for this node (by its parent, to
        order its children), used instead of computing it again."""
        self.p.clock.tick()
        if self.budget >= 0:
            if self.budget == 0:
                raise _OutOfBudget
            self.budget -= 1
        t = self.t
        key = (drawn, digs, active, free, rel, events, nss, nsd)
        known = self.tt.get(key)
        if known is not None and known <= self.best:
            return known
        nsq = sqm.bit_count()
        b = (known_b if known_b is not None
             else self.bound(drawn, digs, active, free, events, nss, nsd, nsq, self.best))
        if b <= self.best:
            self.tt[key] = b
            return b
        need = self._open_rings(active, drawn)
        if not need:
            ub = self.stars_phase(drawn, digs, free, rel, events, nss, nsd, sqm, draws, fit, 0)
            ub = min(ub, b)
            self.tt[key] = ub
            return ub
        v = self._can_switch(events, nss, nsd)
        allowed = self._free_shape_bits(free, v)
        can_square = self._can_square(nsq)
        c, n_opts = self._pick_cell(active, drawn, digs, fit & allowed, can_square)
        ub = NONE
        if n_opts:
            options = self._options(c, drawn, digs, active, free, rel, v, events, nsq)
            if self.width is not None:
                options = options[:self.width]
            children = [self._child(opt, c, drawn, digs, active, free, rel, events, nss, nsd,
                                    sqm, draws, fit) for _, opt in options]
            # Children in the order of their bounds, highest first (ties: the heuristic's
            # order): the bound sees the geometry, so the best lines come early. Each
            # child's bound is computed once, here, and handed to it; an upper bound
            # stays one however the best line moves afterwards.
            ranked: list[tuple[int, int, int | None]] = []
            for i, ch in enumerate(children):
                known_c = self.tt.get(ch[:8])
                if known_c is not None and known_c <= self.best:
                    ranked.append((known_c, i, None))
                    continue
                bc = self.bound(ch[0], ch[1], ch[2], ch[3], ch[5], ch[6], ch[7],
                                ch[8].bit_count(), self.best)
                ranked.append((bc, i, bc))
            ranked.sort(key=lambda x: (-x[0], x[1]))
            for bc, i, kb in ranked:
                if bc <= self.best:
                    ub = max(ub, bc)
                    continue
                sub = self.dfs(*children[i], known_b=kb)
                if sub > ub:
                    ub = sub
        # The cell stays open: every fossil whose ring holds it is given up.
        drop = 0
        for f in bits_of(active):
            if t.rings[f] >> c & 1:
                drop |= 1 << f
        sub = self.dfs(drawn, digs, active & ~drop, free, rel, events, nss, nsd, sqm, draws, fit)
        ub = min(max(ub, sub), b)
        self.tt[key] = ub
        return ub

    def _child(self, opt: tuple[int, int, int, int, int, bool, bool, int], c: int, drawn: int,
               digs: tuple[int, int, int], active: int, free: tuple[int, ...], rel: int,
               events: tuple[Event, ...], nss: int, nsd: int, sqm: int,
               draws: tuple[Draw, ...], fit: int) -> _Node:
        """The node after drawing option ``opt`` (mask 0: a One Square on ``c``)."""
        t = self.t
        m, si, di, ci, rd, w0, w1, nst = opt
        if m:
            d = [digs[0], digs[1], digs[2]]
            d[di] |= m
            digs2 = (d[0], d[1], d[2])
            free2 = (*free[:ci], free[ci] - 1, *free[ci + 1:])
            if rd >= 0:
                rel2 = rel | 1 << rd
                events2 = tuple(sorted((*events, (rd, nst, w0, w1))))
                nss2, nsd2 = nss, nsd
            else:
                rel2, events2 = rel, events
                nss2, nsd2 = nss + w0, nsd + w1
            sqm2 = sqm
            draws2 = (*draws, (rd, ci, m, si, di, w0, w1))
        else:                            # a One Square on c
            digs2, free2, rel2, events2, nss2, nsd2 = digs, free, rel, events, nss, nsd
            sqm2 = sqm | 1 << c
            m = 1 << c
            draws2 = draws
        drawn2 = drawn | m
        active2 = active
        for f in bits_of(active):
            if not t.rings[f] & ~drawn2:
                active2 &= ~(1 << f)
        return (drawn2, digs2, active2, free2, rel2, events2, nss2, nsd2, sqm2, draws2,
                fit & ~t.block(m))

    def _pick_cell(self, active: int, drawn: int, digs: tuple[int, int, int], usable: int,
                   can_square: bool) -> tuple[int, int]:
        """The ring cell to branch on, and how many ways it has to be drawn (0: none, its
        fossils must be given up). Any cell that cannot be drawn at all comes first; else
        the fossil already started (or the most valuable per open ring cell), and in it
        the cell with the fewest fitting placements; with a switch-shape held at the start,
        the fossil whose best cell has the fewest (see the module docstring)."""
        t = self.t
        fewest_first = self.held0[1] > 0
        best_key: tuple[int, float, float] | None = None
        best_c, best_n = -1, 0
        started = drawn & ~self.s0.drawn
        for f in bits_of(active):
            ring = t.rings[f]
            open_ring = ring & ~drawn
            cell, count = -1, 1 << 30
            for c in bits_of(open_ring):
                n = (usable & t.cell_pl.get(c, 0)).bit_count()
                if n == 0:
                    if not can_square or t.stars >> c & 1:
                        return c, 0
                    n = 1
                elif can_square and not t.stars >> c & 1:
                    n += 1
                if n < count:
                    cell, count = c, n
            done = ring & drawn
            value = t.points[f]
            if t.bonus[f] and (not done or any(done & d == done for d in digs)):
                value += t.bonus[f]
            per_cell = value / open_ring.bit_count()
            key = ((1 if ring & started else 0, -count, per_cell) if fewest_first
                   else (1 if ring & started else 0, per_cell, 0.0))
            if best_key is None or key > best_key:
                best_key, best_c, best_n = key, cell, count
        return best_c, best_n

    def _options(self, c: int, drawn: int, digs: tuple[int, int, int], active: int,
                 free: tuple[int, ...], rel: int, v: Variant, events: tuple[Event, ...],
                 nsq: int, can_square: bool | None = None,
                 want: tuple[int, int, int] | None = None
                 ) -> list[tuple[float, tuple[int, int, int, int, int, bool, bool, int]]]:
        """Ways to draw cell ``c``, best-looking first: (mask, shape, dig, class, round or
        -1, spend shape, spend dig, stars covered); mask 0 is a One Square on ``c``.
        With ``want`` (the open ring cells that must be drawn in dig type 0, 1, 2), a draw
        meeting those cells has that dig type (none if it meets two), and any other draw
        is tried in one dig type per smallest switch set (its dig type is not wanted)."""
        t = self.t
        open_stars = t.stars & ~drawn
        per_shape: dict[int, list[tuple[int, dict[int, list[Variant]]]]] = {}
        for ci, n in enumerate(free):
            if not n:
                continue
            by_shape: dict[int, dict[int, list[Variant]]] = {}
            for (si, di), ws in self._pair_switches(ci, v).items():
                by_shape.setdefault(si, {})[di] = ws
            for si, dm in by_shape.items():
                per_shape.setdefault(si, []).append((ci, dm))
        targets = []
        for f in bits_of(active):
            ring = t.rings[f]
            open_ring = ring & ~drawn
            done = ring & drawn
            dig = -1
            bonus = t.bonus[f]
            if done:
                dig = next((d for d in range(3) if done & digs[d] == done), -2)
                if dig == -2:
                    bonus = 0
            n_open = open_ring.bit_count()
            targets.append((open_ring, dig, t.points[f] / n_open, bonus / n_open, f))
        out: list[tuple[float, tuple[int, int, int, int, int, bool, bool, int]]] = []
        timing_ok = self._timing_memo(events, nsq, free, rel, drawn)
        for si, entries in per_shape.items():
            for m in self.p.cell_shape[c][si]:
                if m & drawn:
                    continue
                nst = (m & open_stars).bit_count()
                base = 0.5 * nst
                bonus_dep = False
                for open_ring, _dig, pp, bp, _f in targets:
                    k = (m & open_ring).bit_count()
                    if k:
                        base += k * pp
                        if bp:
                            bonus_dep = True
                wd = -1
                if want is not None:
                    bonus_dep = False
                    wd = self._want_dig(m, want)
                    if wd == -2:
                        continue
                for ci, dm in entries:
                    if wd >= 0:
                        combos = [(wd, w) for w in dm.get(wd, [])]
                    elif bonus_dep:
                        combos = [(di, w) for di, ws in dm.items() for w in ws]
                    else:
                        # No bonus can depend on this draw's dig type: one dig per
                        # minimal switch set.
                        first: dict[Variant, int] = {}
                        for di, ws in sorted(dm.items()):
                            for w in ws:
                                first.setdefault(w, di)
                        combos = [(di, w) for w, di in first.items()
                                  if not any(x != w and x[0] <= w[0] and x[1] <= w[1]
                                             for x in first)]
                    for di, w in combos:
                        h = base - 0.3 * (w[0] + w[1])
                        if bonus_dep:
                            for open_ring, dig, _pp, bp, _f in targets:
                                k = (m & open_ring).bit_count()
                                if k and bp and dig in (-1, di):
                                    h += k * bp
                        relevant = self.timing and (nst > 0 or w[0] or w[1])
                        if not relevant:
                            out.append((h, (m, si, di, ci, -1, w[0], w[1], nst)))
                            continue
                        rounds = [rd for rd in self.class_rounds[ci] if not rel >> rd & 1]
                        if not (w[0] or w[1]) and not self.gains_pay:
                            rounds = rounds[:1]      # timing cannot matter: any one will do
                        for rd in rounds:
                            if (w[0] or w[1]) and not timing_ok(ci, rd, nst, w):
                                continue
                            out.append((h, (m, si, di, ci, rd, w[0], w[1], nst)))
        out.sort(key=lambda x: -x[0])
        if can_square is None:
            can_square = self._can_square(nsq)
        if want is not None and (want[0] | want[1] | want[2]) >> c & 1:
            can_square = False               # a square spoils a wanted bonus
        if (can_square and not t.stars >> c & 1
                and (not self.timing or self.timing_possible(events, nsq + 1, free, rel,
                                                            drawn | 1 << c))):
            out.append((0.0, (0, -1, 0, -1, -1, False, False, 0)))
        return out

    # -- stars and leaves ----------------------------------------------------------------

    def stars_phase(self, drawn: int, digs: tuple[int, int, int], free: tuple[int, ...],
                    rel: int, events: tuple[Event, ...], nss: int, nsd: int, sqm: int,
                    draws: tuple[Draw, ...], fit: int, start: int) -> int:
        """No fossil left to aim for: spare rounds may still collect stars (for +1
        Points, or to pay for bonuses spent). Returns an upper bound; records lines."""
        self.p.clock.tick()
        nsq = sqm.bit_count()
        value = self.fossil_value(drawn, digs) + self.held0[PLUS_ONE]
        ub = NONE
        if self.timing:
            plus = self.timing_plus(events, nsq)
        else:
            plus = 0
            if nss > self.held0[1] or nsd > self.held0[2] or nsq > self.held0[0]:
                return NONE
        if plus is not None:
            self._record(value + plus, events, sqm, draws, drawn)
            ub = value + plus
            if not self.timing or plus >= self.caps0[PLUS_ONE]:
                return ub
        v = self._can_switch(events, nss, nsd)
        slots = self._slots(free, v)
        committed = sum(e[1] for e in events)
        open_stars = (self.t.stars & ~drawn).bit_count()
        pot = value + min(self.caps0[PLUS_ONE], self.cap_total0,
                          committed + min(open_stars, self._star_reach(drawn, slots)))
        if pot <= self.best:
            return max(ub, pot)
        t = self.t
        for j in range(start, len(self.star_list)):
            x = self.star_list[j]
            if drawn >> x & 1:
                continue
            seen: set[tuple[int, int, bool, bool, int]] = set()
            timing_ok = self._timing_memo(events, nsq, free, rel, drawn)
            for ci, n in enumerate(free):
                if not n:
                    continue
                by_shape: dict[int, list[Variant]] = {}
                for (si, _di), ws in self._pair_switches(ci, v).items():
                    for w in ws:
                        if w not in by_shape.setdefault(si, []):
                            by_shape[si].append(w)
                rounds_all = [rd for rd in self.class_rounds[ci] if not rel >> rd & 1]
                for si, ws in by_shape.items():
                    minimal = [w for w in ws if not any(x2 != w and x2[0] <= w[0]
                                                        and x2[1] <= w[1] for x2 in ws)]
                    for m in self.p.cell_shape[x][si]:
                        if m & drawn:
                            continue
                        nst = (m & t.stars & ~drawn).bit_count()
                        sig = t.block(m) & fit & self.p.star_pl
                        for w in minimal:
                            di = next(d for (s2, d), ws2 in self._pair_switches(ci, v).items()
                                      if s2 == si and w in ws2)
                            rounds = (rounds_all if (w[0] or w[1]) or self.gains_pay
                                      else rounds_all[:1])
                            for rd in rounds:
                                k = (m & t.stars, rd, w[0], w[1], sig)
                                if k in seen:
                                    continue
                                if (w[0] or w[1]) and not timing_ok(ci, rd, nst, w):
                                    continue
                                seen.add(k)
                                d = [digs[0], digs[1], digs[2]]
                                d[di] |= m
                                sub = self.stars_phase(
                                    drawn | m, (d[0], d[1], d[2]),
                                    (*free[:ci], free[ci] - 1, *free[ci + 1:]),
                                    rel | 1 << rd, tuple(sorted((*events, (rd, nst, w[0], w[1])))),
                                    nss, nsd, sqm, (*draws, (rd, ci, m, si, di, w[0], w[1])),
                                    fit & ~t.block(m), j + 1)
                                ub = max(ub, sub)
        return max(ub, min(pot, ub if ub != NONE else pot))

    def _record(self, value: int | None, events: tuple[Event, ...], sqm: int,
                draws: tuple[Draw, ...], drawn: int) -> None:
        """Record the line of a leaf if it beats the best one. ``value``: what it must
        score (checked), or None to take its score."""
        if value is not None and value <= self.best:
            return
        line = self._line(events, sqm, draws)
        s = self.s0
        for mv in line:
            s = s.play(mv.mask, mv.dig, spend_shape=mv.spend_shape, spend_dig=mv.spend_dig,
                       gains=mv.gains, squares=mv.squares)
        got = self.t.score(s)
        if value is None:
            if got <= self.best:
                return
            value = got
        if got != value:
            raise AssertionError(f"planner line scores {got}, expected {value}")
        self.best = value
        self.best_line = line
        if self.on_improve is not None:
            self.on_improve(value, line)

    def _line(self, events: tuple[Event, ...], sqm: int, draws: tuple[Draw, ...]
              ) -> list[Move]:
        """The may-pass line of a leaf: one Move per round from the start state's round."""
        t = self.t
        r0 = self.s0.round
        gains = self._assign(events, sqm.bit_count()) or {}
        taken = {d[0] for d in draws if d[0] >= 0}
        spare = [[rd for rd in rs if rd not in taken] for rs in self.class_rounds]
        line = [PASS] * (t.R - r0)
        for rd, ci, m, si, di, w0, w1 in draws:
            if rd < 0:
                rd = spare[ci].pop(0)
            line[rd - r0] = Move(m, si, di, w0, w1, gains.get(rd, NO_GAINS), 0, False)
        if sqm:
            line[-1] = line[-1]._replace(squares=sqm)
        return line


def _dp_paths(history: list[tuple[npt.NDArray[np.uint64], npt.NDArray[np.int32]]],
              pats: list[dict[int, int]], cells: int, spent: int, held_sw: int,
              cap_total: int, stars: int) -> Iterator[list[tuple[int, int, int]]]:
    """The paths of :meth:`_Run._dp_plus` (per round before the last: round index, set
    drawn, its switches) from the start to a state (``cells``, ``spent``) after the
    round before the last, walking back through ``history`` (the states kept after each
    round, sorted by cells, with their fewest switches). A predecessor found there is
    reachable from the start with those switches, so every walk back succeeds."""

    def back(j: int, s: int, u: int) -> Iterator[list[tuple[int, int, int]]]:
        if j < 0:
            yield []
            return
        h_cov, h_used = history[j]
        for x, c in [(0, 0), *pats[j].items()]:
            if x & ~s:
                continue
            s2 = s & ~x
            i = int(np.searchsorted(h_cov, np.uint64(s2)))
            if i == len(h_cov) or int(h_cov[i]) != s2:
                continue
            u2 = int(h_used[i])
            if u2 + c > u or c > held_sw + min(cap_total, (s2 & stars).bit_count()) - u2:
                continue
            for head in back(j - 1, s2, u2):
                yield [*head, (j, x, c)]

    yield from back(len(pats) - 1, cells, spent)


def _weight_levels(by_k: list[int], need: int) -> list[int]:
    """Per k, the cells of ``need`` whose largest usable set covers k of them, from
    ``by_k[k]`` (the cells of the usable sets covering k): level[0] the cells in none."""
    level = [0] * 6
    seen = 0
    for k in (5, 4, 3, 2, 1):
        level[k] = by_k[k] & ~seen
        seen |= level[k]
    level[0] = need & ~seen
    return level
