"""The relaxation: a dynamic program over the rounds that bounds the +1 Points of a target.

The target search (:mod:`.targets`) asks :func:`dp_plus` whether a target (the fossils a
line completes, the dig types of the bonuses it earns) allows a line with at least the +1
Points its goal needs. Draws are reduced to the cells that matter (the open ring cells of
the target and the open stars), so the many placements that differ only elsewhere count
once; the states of each round are numpy arrays of 64-bit cell sets. The answer proves
that no line of the target exists, or bounds its +1 Points below the goal; when it allows
the goal, a few of its paths (:func:`dp_paths`) are drawn as real placements
(:func:`.lines.realise`), which often finds the line that proves the goal.

Calls :mod:`.lines` (to record the lines of its paths); :func:`weight_levels` is shared
with the target search's covering bound (:func:`.targets.coverable`).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from ...core.terms import ONE_SQUARE, PLUS_ONE, SWITCH_DIG, SWITCH_SHAPE
from .._moves import NONE
from .._tables import bits_of
from .lines import realise
from .run import VARIANT_COSTS, Run, want_dig

DP_STATES = 3_000_000   # beyond this dp_plus gives up
DP_PATHS = 20           # paths of the relaxation realise tries to draw
# The weight of a cell that the largest usable set through it covers with k cells: 1/k,
# counted in 60ths (k = 0: a cell only a square can take, a whole round's worth).
WEIGHT = (60, 60, 30, 20, 15, 12)


def dp_plus(run: Run, sub: int, want: tuple[int, int, int], free: tuple[int, ...],
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
    the relaxation into may-pass lines (:func:`.lines.realise`) and record them."""
    t = run.t
    drawn0 = run.s0.drawn
    need = run.open_rings(sub, drawn0)
    stars = t.stars & ~drawn0
    universe = need | stars
    wanted = run.want_cells(drawn0, sub, want)
    no_square = t.stars | wanted[0] | wanted[1] | wanted[2]
    squarable = need & ~no_square
    fit0 = t.fit_of(drawn0)
    touch = fit0 & t.block(universe)
    h_sw = run.held0[SWITCH_SHAPE] + run.held0[SWITCH_DIG]
    h_sq = run.held0[ONE_SQUARE]
    # Star bonuses still to come: one per open star, up to the caps.
    cap_total = min(run.cap_total0, stars.bit_count()) if run.timing else 0
    plus_cap = run.caps0[PLUS_ONE]
    top = min(plus_cap, cap_total)
    if at_least > top:
        return top
    at_least = max(0, at_least)
    spendable = cap_total - at_least       # star bonuses that may pay for spends
    sq_most = h_sq + spendable
    rounds = sorted(rd for rs in run.class_rounds for rd in rs)
    per_round = _patterns(run, rounds, touch, universe, wanted, h_sw + spendable)
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
        levels.append(weight_levels(by_k, need))
    levels.reverse()
    weight = WEIGHT
    fail = NONE if at_least == 0 else at_least - 1
    if universe.bit_count() > 63:
        return None              # the states are 64-bit words: nothing is known
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
    # Switches spent never pass those held and the star bonuses (``room``): so many bits.
    used_bits = max(1, (h_sw + cap_total).bit_length())
    if universe.bit_count() + used_bits > 64:
        used_bits = 0                     # no room to sort (cells, spent) as one word
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
        made = _Made(used_bits)
        made.add(cov[:k0], used[:k0])                   # the round passes
        ks = np.searchsorted(thr, [wx for wx, _, _ in ranked], side="right").tolist()
        for idx, (_wx, x, c) in enumerate(ranked):
            k = ks[idx]
            if not k:
                break
            if check is not None and not idx & 15:
                check()                    # the time limit, and progress
            px = u64(x)
            take = ((cov[:k] & px) == 0) & (room[:k] >= c)
            made.add(cov[:k][take] | px, used[:k][take] + c)
            if made.count > 4 * limit:
                return None
        cov, used = made.fewest_spent()
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
        paths = dp_paths(history, [{packed(x): c for x, c in pr.items()}
                                    for pr in per_round[:-1]],
                          end[0], end[1], h_sw, cap_total, int(p_stars))
        best0 = run.best
        for k, path in enumerate(paths):
            if k >= DP_PATHS or run.best > best0:
                break
            sets = [(rounds[j], sum(1 << unpack[b] for b in bits_of(x)), c)
                    for j, x, c in path]
            sets.append((rounds[n - 1], end[2], end[3]))
            realise(run, sets, universe, need, wanted, touch)
    return best


def fewest_spent(cells: npt.NDArray[np.uint64], spent: npt.NDArray[np.int32], bits: int
                 ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int32]]:
    """Of the states (``cells``, ``spent``) with the same cells, the one that spent the
    fewest switches, sorted by cells. With ``bits`` > 0 (the spent counts fit in that
    many bits below the cells in one 64-bit word) a state is sorted as that one word:
    numpy sorts words several times faster than it sorts two keys (``lexsort``; 6
    million states: 0.14 s against 2.8 s), with the same answer.

    >>> c = np.array([5, 3, 5, 3], np.uint64); u = np.array([2, 1, 0, 4], np.int32)
    >>> [a.tolist() for a in fewest_spent(c, u, 3)] == [a.tolist() for a in fewest_spent(c, u, 0)]
    True
    >>> [a.tolist() for a in fewest_spent(c, u, 3)]
    [[3, 5], [1, 0]]
    """
    if bits:
        shift = np.uint64(bits)
        words = np.sort((cells << shift) | spent.astype(np.uint64))
        cells = words >> shift
        spent = (words & np.uint64((1 << bits) - 1)).astype(np.int32)
    else:
        order = np.lexsort((spent, cells))
        cells, spent = cells[order], spent[order]
    first = np.ones(len(cells), np.bool_)
    first[1:] = cells[1:] != cells[:-1]
    return cells[first], spent[first]


class _Made:
    """The states a round of :func:`dp_plus` makes, until :meth:`fewest_spent` keeps
    one per cells. With ``bits`` > 0 each state is kept as the one 64-bit word
    :func:`fewest_spent` sorts (cells above, switches spent in the low ``bits``): 8
    bytes a state instead of 12, joined once and sorted in place. A round may make 12
    million states; kept as two arrays, joined, then packed and sorted into new
    arrays, they held about 600 MB at once (the analysis' peak: the dig site's greedy
    game of seed 103, 880 MB in all); benchmarks/README.md has the numbers."""

    def __init__(self, bits: int) -> None:
        self.bits = bits
        self.count = 0
        self.parts: list[npt.NDArray[np.uint64]] = []
        self.spent: list[npt.NDArray[np.int32]] = []    # bits == 0: beside the cells

    def add(self, cells: npt.NDArray[np.uint64], spent: npt.NDArray[np.int32]) -> None:
        self.count += len(cells)
        if self.bits:
            word = cells << np.uint64(self.bits)
            word |= spent.astype(np.uint64)
            self.parts.append(word)
        else:
            self.parts.append(cells)
            self.spent.append(spent)

    def fewest_spent(self) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int32]]:
        """:func:`fewest_spent` of every state added (the same arrays), the parts let go
        as soon as they are joined."""
        if not self.bits:
            cells, spent = np.concatenate(self.parts), np.concatenate(self.spent)
            self.parts, self.spent = [], []
            return fewest_spent(cells, spent, 0)
        words = np.concatenate(self.parts)
        self.parts = []
        words.sort()
        cells = words >> np.uint64(self.bits)
        first = np.ones(len(words), np.bool_)
        first[1:] = cells[1:] != cells[:-1]
        spent = (words[first] & np.uint64((1 << self.bits) - 1)).astype(np.int32)
        return cells[first], spent


def _patterns(run: Run, rounds: list[int], touch: int, universe: int,
              wanted: tuple[int, int, int], most_cost: int) -> list[dict[int, int]]:
    """Per round of ``rounds``, the sets :func:`dp_plus` may draw: the cells of
    ``universe`` a placement of ``touch`` covers, with the fewest switches (at most
    ``most_cost``) for which the round's roll offers its shape in a dig type it may
    have (the wanted one where it meets a wanted ring; none when it meets two).

    Each shape's placements are reduced once to their distinct (cells of the universe,
    wanted dig type) pairs, and rounds whose rolls offer the same pairs share their sets
    (the same values as going over every placement of every pair of every round)."""
    t = run.t
    reduced: dict[int, list[tuple[int, int]]] = {}

    def of_shape(si: int) -> list[tuple[int, int]]:
        got = reduced.get(si)
        if got is None:
            seen: set[tuple[int, int]] = set()
            for i in bits_of(touch & t.shape_bits[si]):
                m = t.pl_mask[i]
                wd = want_dig(m, wanted)
                if wd != -2:
                    seen.add((m & universe, wd))
            got = reduced[si] = list(seen)
        return got

    variants = [(var, cost) for var, cost in VARIANT_COSTS if cost <= most_cost]
    by_offer: dict[tuple[frozenset[tuple[int, int]], ...], dict[int, int]] = {}
    out: list[dict[int, int]] = []
    for rd in rounds:
        offer = tuple(t.pairs[rd][var] for var, _ in variants)
        pats = by_offer.get(offer)
        if pats is None:
            pats = by_offer[offer] = {}
            for (_var, cost), pairs in zip(variants, offer, strict=True):
                for si, d in pairs:
                    for x, wd in of_shape(si):
                        if wd >= 0 and wd != d:
                            continue
                        if pats.get(x, 99) > cost:
                            pats[x] = cost
        out.append(pats)
    return out


def dp_paths(history: list[tuple[npt.NDArray[np.uint64], npt.NDArray[np.int32]]],
             pats: list[dict[int, int]], cells: int, spent: int, held_sw: int,
             cap_total: int, stars: int) -> Iterator[list[tuple[int, int, int]]]:
    """The paths of :func:`dp_plus` (per round before the last: round index, set
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


def weight_levels(by_k: list[int], need: int) -> list[int]:
    """Per k, the cells of ``need`` whose largest usable set covers k of them, from
    ``by_k[k]`` (the cells of the usable sets covering k): level[0] the cells in none."""
    level = [0] * 6
    seen = 0
    for k in (5, 4, 3, 2, 1):
        level[k] = by_k[k] & ~seen
        seen |= level[k]
    level[0] = need & ~seen
    return level
