"""The packing bound: can the rounds left close the rings of a fossil set at all?

The relaxation (:mod:`.relaxation`) decides a target cell by cell over the rounds, and
gives up on the large fossil sets of the middle of a long game (7-9 fossils, no bonus:
benchmarks/README.md). :meth:`Packing.plus_bound` decides those sets without per-cell states:

- Split the fossils of the set into *clusters*: two fossils are linked when one fitting
  placement touches the open rings of both, and a cluster is a connected part of that
  graph restricted to the set. A draw touches the rings of one cluster at most.
- Per cluster C and number q of One Squares, :meth:`.Tables.cover_rounds` gives the
  fewest rounds whose draws (one fitting placement per round, of a shape the round
  offers, with the switches that may be paid for) and q squares cover every open ring
  cell of C: ``P_C(q)``.
- The clusters share the rounds: a line completing the set uses at least the sum of
  ``P_C(q_C)`` rounds with ``q_C`` squares in cluster C. The fewest squares ``q*`` with
  which that sum fits the rounds left is what the set costs in squares; each square
  beyond those held is a star bonus, as is each +1 Point the line gets.
- Stars: a star no candidate placement of the set's clusters covers (a *far* star) can
  only be drawn by a round left over by the clusters, and one draw covers at most the
  most far stars one fitting placement holds.

Why it is an upper bound on the +1 Points of every (may-pass) line completing the set
(so on every real line): the line draws at most one placement per round, each fitting
now (fits only shrink) and of a shape its round offers (with switches as
:meth:`.Tables.cover_rounds` allows them: in at most as many rounds as there are switches
that could be held or gained). Its draws touching the rings of cluster C, with the
squares it puts on C's rings, cover C's open ring cells; so they are at least
``P_C(q_C)`` rounds (``cover_rounds`` returns the minimum, or a lower bound when it gives
up). A draw touching two clusters' rings would link them, so each draw counts for one
cluster at most, and the rounds add up: the sum is at most the rounds left. More squares
never need more rounds, so the line's squares are at least ``q*``. Squares beyond the
``h`` held are One Square bonuses gained from stars, at most the kind's cap, and the
star bonuses the line gains are at most ``cap_total`` (one per open star, within the
caps); so its +1 Points are at most ``min(+1 cap, cap_total - max(0, q* - h))``, and no
line exists when ``q* - h`` is more than the squares that can still be gained (or no
``q*`` fits). Finer, per number q of squares the line puts on the clusters' rings (at
most the ``q_max`` held or gainable): its other draws are at most ``n - best[q]``
rounds (``best[q]``: the least sum of ``P_C(q_C)`` with squares adding up to q), each
covering at most ``per_round`` far stars (a draw covering a far star touches no
cluster's ring: else it would be a candidate of that cluster); so it covers at most the
near stars and those, and gains at most that many star bonuses (and ``cap_total``), of
which ``max(0, q - h)`` pay for squares and the rest at most are +1 Points. The bound is
the most over q. Switches spent beyond those held cost star bonuses too; leaving them
out only loosens the bound.

With the bonuses of a target (``want``: per dig type d, the fossils whose same-dig-type
bonus the line earns in d), the lines are fewer, and the same argument holds with
stricter covers: every open ring cell of a fossil wanted in d is drawn by a shape in
dig type d (no square, and a draw touching rings wanted in two dig types is
impossible), which :meth:`.Tables.cover_rounds` takes as the target ``(f, 1 + d)``; so
``P_C(q)`` is the cover of C with those needs (at least the one without, which it starts
from), and the rest of the argument is unchanged.

:meth:`Packing.usage_bound` refines this by *which* rounds and switches the clusters use
(benchmarks/README.md: on 20-round games with 9-10 rounds left it rules out most targets
the bound above lets through). A cover of cluster C has a *usage*: per class of rounds
(:class:`.run.Run`'s classes: rounds offering the same pairs), how many of its draws are
in rounds of that class, and how many switch-shapes, switch-digs and squares it spends.
A line's draws touching C and its squares on C's rings form such a cover, and its usage
is at most the line's: each draw has a shape (and, where it meets a wanted ring, the dig
type) its round offers with the switches the line spends there, and the search charges
a draw the fewest switches that make its kind available in its class (none for a kind
the roll offers; one of either sort where that suffices; both only where neither alone
does). Per cluster, the Pareto-minimal usages of its covers are found by a search like
:meth:`.Tables.cover_rounds`' (branch on the open cell with the fewest candidates: some
draw of the line covers it, whose ring cells lie in one of the maximal candidate sets of
its kind, or a square where one may go, never on a star or a wanted ring; so, by
induction on the cells left, some branch ends in a usage at most the line's), cut by the
cells' weights (at most 1 a draw) as there. The clusters' draws are distinct draws in
distinct rounds, so the line's usage is at least a sum of one usage per cluster, so
some sum of Pareto-minimal ones is at most the line's and within its limits: per class
at most its free rounds, switches and squares at most those held plus the star bonuses
of that kind still to be gained. The line's rounds touching no cluster are then at most
``n`` less that sum's rounds, with the far stars as above, and every switch or square
beyond those held is a star bonus of that kind (``owed``): so its +1 Points are at most
``min(plus cap, gains - owed)`` at that sum (``gains``: the star bonuses of the near
stars and of the far ones its spare rounds reach, within ``cap_total``), which only
grows as the usage shrinks; the bound is the most over the sums. Asked whether a line
gets ``need`` +1 Points, the search may keep to the usages such a line can afford
(``owed`` at most ``cap_total - need``, each kind at most its held ones plus that, and
rounds leaving enough spare ones for the far stars the ``need`` Points take beyond the
near ones; with ``need`` 0, owing at most ``cap_total``): a line outside those limits
gets fewer (or is no line), and as a cluster's part of a usage owes at most what the
whole owes, each cluster's search keeps to them too. The classes are first merged into
one (a usage counts only the rounds: cheap), and only where that allows ``need`` are
they counted apart, within :data:`USAGE_NODES` search nodes per cluster (past them, the
merged answer stands).

Third, only where the classes counted apart still allow ``need``: the stars the clusters'
own draws can cover (``stars``; benchmarks/README.md, order17: most targets left at the
lowest goals need every star bonus, from draws that must also close the rings). A usage
then also holds, per open star, whether its draws may cover it. The search charges a
draw a maximal pair (cells of the cluster's open rings, open stars) that one fitting
placement of its kind covers (:meth:`Packing.star_kinds`); the line's draw's own pair
is within one of them, so by the same induction some branch ends in a usage with costs
at most those of the line's draws it charged and with every star those draws cover
among its covered ones. The line's other draws (uncharged ones touching the cluster,
draws touching no cluster) are at most ``n`` less the usage's rounds, each covering at
most ``per_all`` open stars (the most one fitting placement covers); so the stars the
line covers are at most the usage's covered ones plus ``min(the other open stars, (n -
rounds) * per_all)``, and its star bonuses at most that (within ``cap_total``, and the
count above). The clusters' covered stars unite (a sum's star bit is uncovered only
when uncovered in every part: two draws of one line never cover one star, and the bits
only over-count); a usage covering more stars is the smaller one (its uncovered bits
are a subset: each star a 2-bit field, 1 when uncovered), so the Pareto-minimal sums
still hold one at most the line's, and the bound only grows as the usage shrinks. A
draw without a switch owes what the usage it extends owes, so only draws with one are
checked against ``owe_max`` inside the search. The stage is skipped (the answer without
it stands) where a sum of the classes apart allows ``need`` even with no star covered
by its draws (it cannot cut there), and its search gives up past :data:`STAR_NODES`
nodes a cluster (then too the answer without it stands: never a tighter one).

The usage searches do less for the same answers (benchmarks/README.md, star18): they
branch only on the draws (cells, stars, way) no other one dominates (a superset of its
cells and stars, a way at most its own in every field; the line's draw within the one is
within the other, which costs no more and leaves a subset of the cells to cover, so the
induction above holds with it); a search's table (cells left, draws left) serves every
budget of the same cluster, caps and stars (what it holds does not depend on the
budget; dropped past :data:`MEMO_USAGES` usages in all); large Pareto filters run in
numpy.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from ...core.terms import ONE_SQUARE, PLUS_ONE, SWITCH_DIG, SWITCH_SHAPE
from .._moves import NONE
from .._tables import bits_of
from .relaxation import WEIGHT, weight_levels
from .run import Run
from .timing import may_switch

# Nodes one cluster's cover search may spend (per number of squares); past it the
# search gives up with a lower bound (the answer for one more square).
PACK_NODES = 20_000
# Nodes one cluster's usage search may spend (Packing.usage_bound); past it that search
# gives up (with the classes merged: no cut; apart: the merged answer stands).
USAGE_NODES = 4_000
# The same with the stars (the third stage; past it, the answer without them stands).
STAR_NODES = 4_000
# A usage is packed in one int, USAGE_BITS a field (the top bit a guard): per class (or
# one for all) the rounds, then switch-shapes, switch-digs, squares.
USAGE_BITS = 6
_FIELD = (1 << USAGE_BITS) - 1
# The usages the usage searches' tables may hold in all (Packing._usages) before they
# are dropped (some 100 bytes each).
MEMO_USAGES = 500_000
# Past this many usages, _pareto compares them in numpy (so many at a time).
PARETO_NUMPY = 128


class _GaveUp(Exception):
    """A usage search went past USAGE_NODES."""


class Packing:
    """The packing bound of one planner search (its start state), memoised by cluster
    and by fossil set."""

    def __init__(self, run: Run) -> None:
        t = run.t
        s0 = run.s0
        self.run = run
        drawn = s0.drawn
        self.drawn = drawn
        open_f = [f for f in range(t.nf) if t.rings[f] & ~drawn]
        rings = {f: t.rings[f] & ~drawn for f in open_f}
        # link[f]: the open fossils one candidate of cover_rounds touching f's open ring
        # also touches (its candidates: the placements of t.touchers meeting no drawn cell).
        self.link = {f: 1 << f for f in open_f}
        for f in open_f:
            for m, _si in t.touchers[f]:
                if m & drawn or not m & rings[f]:
                    continue
                for g in open_f:
                    if m & rings[g]:
                        self.link[f] |= 1 << g
        free = tuple(len(rs) for rs in run.class_rounds)
        self.n_rounds = sum(free)
        v = may_switch(run, (), 0, 0)
        spend = run.cap_total0 if run.timing else 0
        self.upgrades = run.held0[SWITCH_SHAPE] + run.held0[SWITCH_DIG] + spend
        self.slots = tuple(run.slots(free, v))
        self.stars = t.stars & ~drawn
        self.cap_total = min(run.cap_total0, self.stars.bit_count()) if run.timing else 0
        self.plus_cap = min(run.caps0[PLUS_ONE], self.cap_total)
        self.held_sq = run.held0[ONE_SQUARE]
        self.sq_gain = min(run.caps0[ONE_SQUARE], self.cap_total)
        self.q_max = self.held_sq + self.sq_gain
        # near[f]: the open stars some candidate touching f's open ring covers; the star
        # cells of every fitting placement (for the stars no such candidate covers).
        stars = self.stars
        self.near = {f: 0 for f in open_f}
        for f in open_f:
            for m, _si in t.touchers[f]:
                if m & stars and not m & drawn:
                    self.near[f] |= m & stars
        self.star_parts = {t.pl_mask[i] & stars for i in bits_of(t.fit_of(drawn))
                           if t.pl_mask[i] & stars}
        self._rounds: dict[tuple[tuple[tuple[int, int], ...], int], int | None] = {}
        self._plus: dict[tuple[int, int, int, int], int] = {}
        # For usage_bound: the free rounds per class, the switches of each sort that may
        # be spent (held, or gained from stars) and the fewest-switch ways per class.
        self.free = free
        self.v = v
        self.held = run.held0
        ct = self.cap_total
        self.sw_max = (run.held0[SWITCH_SHAPE] + min(run.caps0[SWITCH_SHAPE], ct) if v[0] else 0,
                       run.held0[SWITCH_DIG] + min(run.caps0[SWITCH_DIG], ct) if v[1] else 0)
        self._usage: dict[tuple[int, ...], int] = {}
        self._cluster_usage: dict[tuple[object, ...], list[int] | None] = {}
        # The usage searches by cluster, caps and stars, each with its table (any budget),
        # and how many usages those tables hold (past MEMO_USAGES they are dropped).
        self._searches: dict[tuple[object, ...], Callable[[int], list[int]]] = {}
        self._memo_size = 0
        # For usage_bound's stars: each open star's index (its bit in a usage), and the
        # most open stars one fitting placement covers.
        self.star_index = {c: j for j, c in enumerate(bits_of(self.stars))}
        self.with_stars = True          # the third stage of usage_bound (tests turn it off)
        self.prune_draws = True         # branch only on undominated draws (tests: off)
        self.per_all = max((x.bit_count() for x in self.star_parts), default=0)
        self._star_kinds: dict[tuple[tuple[int, int], ...], dict[int, list[tuple[int, int]]]] = {}

    def clusters(self, sub: int) -> list[int]:
        """The fossils of ``sub`` split into the connected parts of the link graph."""
        out: list[int] = []
        left = sub
        while left:
            comp = left & -left
            todo = comp
            while todo:
                f = (todo & -todo).bit_length() - 1
                todo &= todo - 1
                new = self.link.get(f, 1 << f) & left & ~comp
                comp |= new
                todo |= new
            out.append(comp)
            left &= ~comp
        return out

    def rounds(self, comp: int, q: int, want: tuple[int, int, int] = (0, 0, 0)
               ) -> int | None:
        """A lower bound on the rounds whose draws, with ``q`` squares, cover the open
        rings of the cluster ``comp``, those of the fossils of ``want[d]`` in dig type d
        (None: none do)."""
        needs = tuple((f, next((1 + d for d in range(3) if want[d] >> f & 1), 0))
                      for f in bits_of(comp))
        key = (needs, q)
        if key in self._rounds:
            return self._rounds[key]
        # With dig types, the same cover without them is one of fewer constraints.
        with_digs = any(k for _f, k in needs)
        lo = self.rounds(comp, q) if with_digs else self.weight_rounds(comp, q)
        if lo is not None and q < self.q_max:
            more = self.rounds(comp, q + 1, want)   # one more square never needs more
            lo = None if more is None else max(lo, more)
        if lo is None:
            self._rounds[key] = None
            return None
        got = self.run.t.cover_rounds(needs, self.drawn, self.slots, self.upgrades, q, lo,
                                      max_nodes=PACK_NODES, weighted=True)
        self._rounds[key] = got
        return got

    def weight_rounds(self, comp: int, q: int) -> int:
        """A quick lower bound on :meth:`rounds` (what it falls back to when the cover
        search gives up): give each open ring cell x of the cluster the weight 1/k(x), k(x)
        the most of those cells one candidate placement through x covers; a draw covers
        at most 1 in weight, so the rounds are at least the total weight less the ``q``
        heaviest cells a square may take (not stars)."""
        t = self.run.t
        drawn = self.drawn
        target = 0
        for f in bits_of(comp):
            target |= t.rings[f] & ~drawn
        by_k = [0] * 6
        for f in bits_of(comp):
            for m, _si in t.touchers[f]:
                if not m & drawn:
                    x = m & target
                    by_k[x.bit_count()] |= x
        level = weight_levels(by_k, target)
        squarable = target & ~t.stars
        weights = sorted((WEIGHT[k] for k in range(6) for _ in bits_of(level[k])),
                         reverse=True)
        sq_weights = sorted((WEIGHT[k] for k in range(6)
                             for _ in bits_of(level[k] & squarable)), reverse=True)
        total = sum(weights) - sum(sq_weights[:q])
        return max(0, -(-total // 60))

    def plus_bound(self, sub: int, want: tuple[int, int, int] = (0, 0, 0)) -> int:
        """An upper bound on the +1 Points from stars of every line completing the
        fossils ``sub`` and earning the same-dig-type bonus of each fossil of ``want[d]``
        in dig type d (NONE: no line does); the module's docstring says why."""
        want = (want[0] & sub, want[1] & sub, want[2] & sub)
        key = (sub, *want)
        hit = self._plus.get(key)
        if hit is not None:
            return hit
        out = self._plus[key] = self._plus_bound(sub, want)
        return out

    def _plus_bound(self, sub: int, want: tuple[int, int, int]) -> int:
        big = self.n_rounds + 1
        # best[q]: the fewest rounds of the clusters so far with at most q squares.
        best = [0] * (self.q_max + 1)
        for comp in self.clusters(sub):
            costs = [self.rounds(comp, q, want) for q in range(self.q_max + 1)]
            per = [big if c is None else min(c, big) for c in costs]
            best = [min(best[q - k] + per[k] for k in range(q + 1))
                    for q in range(self.q_max + 1)]
        n_near, n_far, per_round = self.star_counts(sub)
        out = NONE
        for q in range(self.q_max + 1):
            if best[q] > self.n_rounds:
                continue
            owed = max(0, q - self.held_sq)     # squares gained from stars
            spare = self.n_rounds - best[q]     # rounds whose draws touch no cluster
            covered = n_near + min(n_far, spare * per_round)
            gains = min(self.cap_total, covered)
            if owed <= gains:
                out = max(out, min(self.plus_cap, gains - owed))
        return out

    def star_counts(self, sub: int) -> tuple[int, int, int]:
        """The near stars of ``sub`` (some candidate of its clusters covers them), the far
        ones, and the most far stars one fitting placement covers."""
        near = 0
        for f in bits_of(sub):
            near |= self.near.get(f, 0)
        far = self.stars & ~near
        per_round = max(((x & far).bit_count() for x in self.star_parts), default=0)
        return near.bit_count(), far.bit_count(), per_round

    def usage_bound(self, sub: int, want: tuple[int, int, int] = (0, 0, 0),
                    need: int = 0) -> int:
        """An upper bound on the +1 Points of the lines completing ``sub`` with the
        bonuses of ``want`` (per dig type) that get at least ``need`` of them: each such
        line gets at most the answer, and an answer below ``need`` says none gets
        ``need`` (NONE with ``need`` at most 0: no line completes the target). Counts the
        rounds per class and the switches the clusters' covers use; the module's
        docstring says why. ``usage_bound(s, w, 1) < 1``: no line gets a +1 Point."""
        want = (want[0] & sub, want[1] & sub, want[2] & sub)
        need = max(need, 0)
        key = (sub, *want, need)
        hit = self._usage.get(key)
        if hit is None:
            hit = self._usage[key] = self._usage_bound(sub, want, need)
        return hit

    def _usage_bound(self, sub: int, want: tuple[int, int, int], need: int) -> int:
        try:
            merged = self._usage_plus(sub, want, need, False)
        except _GaveUp:
            return self.plus_bound(sub, want)
        if merged < need or merged == NONE:
            return merged
        # The most +1 Points of the sums with the classes apart if their draws covered
        # no star: at least ``need``, the stars of the draws cannot rule the target out.
        blind = [NONE]
        try:
            apart = min(merged, self._usage_plus(sub, want, need, True, blind=blind))
        except _GaveUp:
            return merged
        if apart < need or not (self.with_stars and self.star_index) or blind[0] >= need:
            return apart
        try:
            return min(apart, self._usage_plus(sub, want, need, True, True))
        except _GaveUp:
            return apart

    def _usage_plus(self, sub: int, want: tuple[int, int, int], need: int,
                    apart: bool, stars: bool = False, blind: list[int] | None = None) -> int:
        """:meth:`usage_bound` with the classes counted apart, or merged into one; with
        ``stars``, the stars the clusters' own draws can cover too. ``blind[0]``, when
        given: the answer with stars if the usages' draws covered no star."""
        n = self.n_rounds
        comps = self.clusters(sub)
        mins: list[int] = []
        for comp in comps:
            r = self.rounds(comp, self.q_max, want)
            if r is None:
                return NONE
            mins.append(r)
        n_near, n_far, per_round = self.star_counts(sub)
        held_ss, held_sd = self.held[SWITCH_SHAPE], self.held[SWITCH_DIG]
        n_cls = len(self.free) if apart else 1
        caps = [*(self.free if apart else (n,)), *self.sw_max, self.q_max]
        rounds_cap = n
        if need > 0:
            # A line with ``need`` +1 Points owes at most ``cap_total - need`` star
            # bonuses, and its spare rounds reach the far stars the near ones lack.
            slack = self.cap_total - need
            if slack < 0:
                return need - 1
            caps[n_cls] = min(caps[n_cls], held_ss + slack)
            caps[n_cls + 1] = min(caps[n_cls + 1], held_sd + slack)
            caps[n_cls + 2] = min(caps[n_cls + 2], self.held_sq + slack)
            if need > n_near:
                if not per_round:
                    return need - 1
                rounds_cap = n - (-(-(need - n_near) // per_round))
        # With ``stars``, a usage holds one 2-bit field per open star after the others:
        # 1 while no draw of the usage covers it (``smask``: those bits).
        smask = self.star_mask(n_cls) if stars else 0
        cost = (1 << (USAGE_BITS * len(caps))) - 1
        capv = _pack(caps) | smask
        guard = _pack([1 << (USAGE_BITS - 1)] * len(caps)) | smask << 1
        top = capv | guard
        # Star bonuses a line may owe (each switch or square beyond those held): at most
        # those it gains, and with ``need`` +1 Points at most ``cap_total - need``.
        owe_max = self.cap_total - need
        sums = [smask]
        for i in sorted(range(len(comps)), key=lambda i: -mins[i]):
            budget = rounds_cap - (sum(mins) - mins[i])
            if budget < 0:
                sums = []
                break
            us = self.cluster_usage(comps[i], want, apart, budget, capv, owe_max, stars)
            # Costs add up; a star is uncovered while no cluster's draws cover it.
            both = [(x & cost) + (y & cost) | (x & y & smask) for x in sums for y in us]
            sums = _pareto([w for w in both if (top - w) & guard == guard
                            and self._owed(w, n_cls) <= owe_max], guard)
            if not sums:
                break
        n_stars = len(self.star_index)
        out = NONE
        for u in sums:
            f = _fields(u, len(caps))
            rounds = sum(f[:n_cls])
            if rounds > n:
                continue
            owed = self._owed(u, n_cls)
            covered = n_near + min(n_far, (n - rounds) * per_round)
            if stars:
                # The usage's draws cover at most the stars it holds as covered; the
                # line's other draws, at most n - rounds, at most per_all each.
                mine = n_stars - (u & smask).bit_count()
                covered = min(covered, mine + min(n_stars - mine, (n - rounds) * self.per_all))
            gains = min(self.cap_total, covered)
            if owed <= gains:
                out = max(out, min(self.plus_cap, gains - owed))
            if blind is not None:
                least = min(self.cap_total, covered, (n - rounds) * self.per_all)
                if owed <= least:
                    blind[0] = max(blind[0], min(self.plus_cap, least - owed))
        if need > 0 and out < need:
            return need - 1
        return out

    def _owed(self, u: int, n_cls: int) -> int:
        """The star bonuses the usage ``u`` owes: its switches and squares beyond those
        held."""
        b = USAGE_BITS * n_cls
        return (max(0, (u >> b & _FIELD) - self.held[SWITCH_SHAPE])
                + max(0, (u >> (b + USAGE_BITS) & _FIELD) - self.held[SWITCH_DIG])
                + max(0, (u >> (b + 2 * USAGE_BITS) & _FIELD) - self.held_sq))

    def star_mask(self, n_cls: int) -> int:
        """The value bits of the stars' fields in a usage of ``n_cls`` classes."""
        start = USAGE_BITS * (n_cls + 3)
        return sum(1 << (start + 2 * j) for j in range(len(self.star_index)))

    def star_bits(self, cells: int, n_cls: int) -> int:
        """The stars' bits in a usage of ``n_cls`` classes of the open stars of ``cells``."""
        start = USAGE_BITS * (n_cls + 3)
        return sum(1 << (start + 2 * self.star_index[c]) for c in bits_of(cells & self.stars))

    def star_kinds(self, needs: tuple[tuple[int, int], ...], target: int
                   ) -> dict[int, list[tuple[int, int]]]:
        """Per kind ``shape * 4 + k`` (as :meth:`.Tables._cover_base`), the maximal pairs
        (cells of ``target``, open stars) one fitting placement touching ``target``
        covers: every other such placement's pair is within one of them."""
        hit = self._star_kinds.get(needs)
        if hit is not None:
            return hit
        t = self.run.t
        drawn, stars = self.drawn, self.stars
        wanted = [0, 0, 0, 0]
        for f, k in needs:
            wanted[k] |= t.rings[f] & ~drawn
        raw: dict[int, set[tuple[int, int]]] = {}
        for sk, m, x in t.draws_by_kind(needs, drawn, target, wanted):
            raw.setdefault(sk, set()).add((x, m & stars))
        out: dict[int, list[tuple[int, int]]] = {}
        for sk, pairs in raw.items():
            kept: list[tuple[int, int]] = []
            for x, s in sorted(pairs, key=lambda p: -(p[0].bit_count() + p[1].bit_count())):
                if not any(x & y == x and s & z == s for y, z in kept):
                    kept.append((x, s))
            out[sk] = kept
        self._star_kinds[needs] = out
        return out

    def cluster_usage(self, comp: int, want: tuple[int, int, int], apart: bool,
                      budget: int, capv: int, owe_max: int, stars: bool = False
                      ) -> list[int]:
        """The Pareto-minimal usages (packed, :data:`USAGE_BITS` a field) of the covers
        of the cluster ``comp`` (with the dig types of ``want``) of at most ``budget``
        draws, within the caps ``capv`` and owing at most ``owe_max`` star bonuses
        (with ``stars``, the stars their draws may cover too, fewer uncovered being
        less); raises _GaveUp past :data:`USAGE_NODES`."""
        needs = tuple((f, next((1 + d for d in range(3) if want[d] >> f & 1), 0))
                      for f in bits_of(comp))
        key = (needs, apart, budget, capv, owe_max, stars)
        if key in self._cluster_usage:
            hit = self._cluster_usage[key]
            if hit is None:
                raise _GaveUp
            return hit
        if stars and not any(self.near.get(f, 0) for f in bits_of(comp)):
            # No draw touching the cluster covers a star: its usages without the stars,
            # each with every star uncovered.
            smask = self.star_mask(len(self.free) if apart else 1)
            plain = self.cluster_usage(comp, want, apart, budget, capv & ~smask, owe_max)
            out = self._cluster_usage[key] = [u | smask for u in plain]
            return out
        self._cluster_usage[key] = None
        out = self._cluster_usage[key] = self._usages(needs, apart, budget, capv, owe_max,
                                                      stars)
        return out

    def _usages(self, needs: tuple[tuple[int, int], ...], apart: bool, budget: int,
                capv: int, owe_max: int, stars: bool) -> list[int]:
        key = (needs, apart, capv, owe_max, stars)
        search = self._searches.get(key)
        if search is None:
            search = self._searches[key] = self._usage_search(needs, apart, capv, owe_max,
                                                              stars)
        return search(budget)

    def _usage_search(self, needs: tuple[tuple[int, int], ...], apart: bool, capv: int,
                      owe_max: int, stars: bool) -> Callable[[int], list[int]]:
        """The search of :meth:`_usages` for any budget: its table of the cells left and
        draws left is kept between calls (what it holds does not depend on the budget)."""
        t = self.run.t
        base = t._cover_base(needs, self.drawn)
        if base is None:
            return lambda _budget: []              # one cell, two dig types
        target, _local, free_sq, kinds = base
        n_cls = len(self.free) if apart else 1
        # Per kind, its maximal (cells, stars) pairs; without ``stars``, its maximal cell
        # sets with no star (a draw's stars then count nowhere).
        pairs = (self.star_kinds(needs, target) if stars
                 else {sk: [(x, 0) for x in xs] for sk, xs in kinds.items()})
        smask = self.star_mask(n_cls) if stars else 0
        n_fields = n_cls + 3
        ss_unit = 1 << (USAGE_BITS * n_cls)
        sd_unit = ss_unit << USAGE_BITS
        sq_shift = USAGE_BITS * (n_cls + 2)
        # Per kind (shape, dig need), its usage per class with the fewest switches.
        accept: dict[int, list[int]] = {}
        v = self.v
        for sk in kinds:
            si, k = sk >> 2, sk & 3
            acc: set[int] = set()
            for j, first in enumerate(self.run.class_first):
                sf = t.shapes_for[first]
                unit = 1 << (USAGE_BITS * j) if apart else 1
                if si in sf[(False, False)][k]:
                    acc.add(unit)
                    continue
                by_ss = v[0] and si in sf[(True, False)][k]
                by_sd = v[1] and si in sf[(False, True)][k]
                if by_ss:
                    acc.add(unit + ss_unit)
                if by_sd:
                    acc.add(unit + sd_unit)
                if not (by_ss or by_sd) and v[0] and v[1] and si in sf[(True, True)][k]:
                    acc.add(unit + ss_unit + sd_unit)
            if acc:
                accept[sk] = sorted(acc)
        # The draws to branch on: (cells, stars, way) of every kind, less those another
        # one dominates (a superset of its cells and stars, a way at most its own in
        # every field: the line's draw within the one is within the other, at a cost at
        # most its, and leaves fewer cells to cover, so the induction above still holds).
        draws = {(x, s, a) for sk, ways in accept.items() for x, s in pairs[sk] for a in ways}
        kept = (_undominated(draws, _pack([1 << (USAGE_BITS - 1)] * n_fields))
                if self.prune_draws else sorted(draws))
        # Per open cell, the draws through it: (cells, the usage's bits less the stars
        # covered, ways).
        by_pair: dict[tuple[int, int], list[int]] = {}
        for x, s, a in kept:
            by_pair.setdefault((x, s), []).append(a)
        per_cell: dict[int, list[tuple[int, int, list[int]]]] = {c: [] for c in bits_of(target)}
        for (x, s), ways in by_pair.items():
            keep = ~self.star_bits(s, n_cls)
            for c in bits_of(x):
                per_cell[c].append((x, keep, ways))
        order = sorted(per_cell, key=lambda c: len(per_cell[c]))
        level = [0] * 6
        for c, opts in per_cell.items():
            level[max((x.bit_count() for x, _k, _a in opts), default=0)] |= 1 << c
        sq_max = (capv >> sq_shift) & _FIELD
        sq_level = [m & free_sq for m in level]
        guard = _pack([1 << (USAGE_BITS - 1)] * n_fields) | smask << 1
        top = capv | guard
        sq_unit = 1 << sq_shift
        memo: dict[tuple[int, int], list[int]] = {}
        nodes = 0
        max_nodes = STAR_NODES if stars else USAGE_NODES
        ss_shift = USAGE_BITS * n_cls
        # owes[x]: whether a usage whose switch and square fields are x (within the caps)
        # owes at most ``owe_max`` star bonuses.
        h_ss, h_sd, h_sq = self.held[SWITCH_SHAPE], self.held[SWITCH_DIG], self.held_sq
        c_ss, c_sd = (capv >> ss_shift) & _FIELD, (capv >> (ss_shift + USAGE_BITS)) & _FIELD
        owes = bytearray((sq_max + 1) << (2 * USAGE_BITS))
        for a_ss in range(c_ss + 1):
            for a_sd in range(c_sd + 1):
                for a_sq in range(sq_max + 1):
                    if (max(0, a_ss - h_ss) + max(0, a_sd - h_sd) + max(0, a_sq - h_sq)
                            <= owe_max):
                        owes[a_ss | a_sd << USAGE_BITS | a_sq << (2 * USAGE_BITS)] = 1
        sw_bits = (1 << (3 * USAGE_BITS)) - 1

        def usages(left: int, bud: int) -> list[int]:
            """The Pareto-minimal usages covering the cells ``left`` in ``bud`` draws."""
            nonlocal nodes
            if not left:
                return [smask]                     # no cell left, no star covered
            hit = memo.get((left, bud))
            if hit is not None:
                return hit
            nodes += 1
            if nodes > max_nodes:
                raise _GaveUp
            if nodes & 127 == 0 and t.check is not None:
                t.check()
            total_w, q = 0, sq_max
            for j in range(6):                 # heaviest first, less the squares'
                total_w += WEIGHT[j] * (level[j] & left).bit_count()
                took = min(q, (sq_level[j] & left).bit_count())
                total_w -= WEIGHT[j] * took
                q -= took
            res: set[int] = set()
            if total_w <= 60 * bud:
                c = next(x for x in order if left >> x & 1)
                if bud > 0:
                    for m, keep, acc in per_cell[c]:
                        for u in usages(left & ~m, bud - 1):
                            for a in acc:
                                w = (u + a) & keep
                                # A draw without switches owes what ``u`` owes.
                                if (top - w) & guard == guard and (
                                        a < ss_unit or owes[w >> ss_shift & sw_bits]):
                                    res.add(w)
                if free_sq >> c & 1:
                    for u in usages(left & ~(1 << c), bud):
                        w = u + sq_unit
                        if (u >> sq_shift) & _FIELD < sq_max and owes[w >> ss_shift & sw_bits]:
                            res.add(w)
            out = memo[(left, bud)] = _pareto(list(res), guard)
            self._memo_size += len(out)
            return out

        def search(budget: int) -> list[int]:
            nonlocal nodes
            nodes = 0
            if self._memo_size > MEMO_USAGES:
                self._searches.clear()             # this search's table stays with it
                self._memo_size = 0
            return usages(target, budget)

        return search


def _pack(values: list[int] | tuple[int, ...]) -> int:
    """Small numbers packed in one int, :data:`USAGE_BITS` each, the first lowest."""
    out = 0
    for i, x in enumerate(values):
        out |= x << (USAGE_BITS * i)
    return out


def _fields(u: int, n: int) -> list[int]:
    """The ``n`` fields of a packed usage."""
    return [(u >> (USAGE_BITS * i)) & _FIELD for i in range(n)]


def _undominated(draws: set[tuple[int, int, int]], guard: int) -> list[tuple[int, int, int]]:
    """The draws (cells, stars, way) no other one dominates: a superset of its cells and
    of its stars with a way at most its own in every field (``guard``: the ways' fields'
    top bits). Sorted so that a draw's dominators come before it."""
    kept: list[tuple[int, int, int]] = []
    for x, s, a in sorted(draws, key=lambda d: (-d[0].bit_count() - d[1].bit_count(), d)):
        ag = a | guard
        if not any(x & y == x and s & z == s and (ag - b) & guard == guard
                   for y, z, b in kept):
            kept.append((x, s, a))
    return kept


def _pareto(usages: list[int] | set[int], guard: int) -> list[int]:
    """The usages no other one is at most in every field (``guard``: the fields' top
    bits; ``(b | guard) - a`` keeps every guard bit exactly when a <= b in every field,
    and then a <= b as numbers too: so sorted, a usage's dominators come before it).
    Past :data:`PARETO_NUMPY` usages, the same comparisons in numpy."""
    usages = sorted(set(usages))
    if len(usages) > PARETO_NUMPY:
        return _pareto_numpy(usages, guard)
    kept: list[int] = []
    for u in usages:
        ug = u | guard
        for w in kept:
            if (ug - w) & guard == guard:
                break
        else:
            kept.append(u)
    return kept


def _pareto_numpy(usages: list[int], guard: int) -> list[int]:
    """:func:`_pareto` of the sorted distinct ``usages``, a block of
    :data:`PARETO_NUMPY` at a time against those kept before it and the earlier ones
    of the block (a usage dominated by a dropped one is dominated by a kept one). The
    packed ints are cut in 60-bit words, which no field straddles (fields of 6 and 2
    bits from bit 0), so the guard's test holds word by word."""
    n = len(usages)
    words = (guard.bit_length() + 59) // 60
    mask = (1 << 60) - 1
    guards = [np.uint64((guard >> (60 * k)) & mask) for k in range(words)]
    cols = [np.fromiter(((u >> (60 * k)) & mask for u in usages), dtype=np.uint64, count=n)
            for k in range(words)]
    kept_cols = [c[:0] for c in cols]
    out: list[int] = []
    for start in range(0, n, PARETO_NUMPY):
        end = min(n, start + PARETO_NUMPY)
        low: npt.NDArray[np.bool_] | None = None
        for col, kept, g in zip(cols, kept_cols, guards, strict=True):
            block = col[start:end]
            cand = np.concatenate([kept, block])
            ok = (((block | g)[:, None] - cand[None, :]) & g) == g
            low = ok if low is None else low & ok
        assert low is not None
        k0 = len(kept_cols[0])
        low[:, k0:] = np.tril(low[:, k0:], -1)    # within the block, only earlier ones
        new = np.flatnonzero(~low.any(axis=1)) + start
        out.extend(usages[i] for i in new.tolist())
        kept_cols = [np.concatenate([kept, col[new]])
                     for col, kept in zip(cols, kept_cols, strict=True)]
    return out
