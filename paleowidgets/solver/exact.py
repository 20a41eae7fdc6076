"""The exact fixed-dice puzzle solver: the highest score, proven, and a line that reaches it.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> puzzle = parse_document(TINY + '[puzzle]\\nrolls = [[2, 5], [1, 4]]\\n')
>>> sol = solve(puzzle)
>>> sol.proven, sol.optimum == replay_score(puzzle, sol.turns)
(True, True)

How it works
============
Three steps, all on the core's own states (``State.play``, the fast unchecked path, with
moves built from ``Game.placements``, ``Game.choices``, ``State.switch_sets``,
``State.star_options`` and the forced-draw test ``State.must_draw``):

1. **A quick real line**: every round, the best-looking legal move. Its score is the
   first lower bound.
2. **The may-pass optimum** ``U`` (``_planner/``). Allow a pass in every round. Then a
   draw that touches no open ring cell of a fossil not yet dug and no open star (a "null
   draw") is never better than the pass, squares can wait for the last round, and round
   order only matters for bonus timing; the planner solves this relaxation exactly by
   covering ring cells (see its package docstring). Every real line is a may-pass line, so
   ``U`` bounds the real optimum. Each may-pass line the planner finds is *realised*: replayed
   under the real rules, and where it passes but the roll forces a draw, the roll's shape
   is drawn on cells the line never uses later and no star (which changes nothing the line
   relies on). A realised line scores at least as much, so when one reaches ``U`` it is
   optimal: "a real line that reaches the may-pass optimum is a proof". If the planner
   finds nothing above the quick line, that line is optimal. Before all that, the bound
   of the start (:meth:`Tables.bound`) is computed once: a real line reaching it (the
   quick line, or a realised planner line) is optimal, and the solve stops there.
3. **Otherwise, the real game** (``_Search``): a depth-first branch and bound over rounds
   under the full rules, forced draw included, stopping as soon as it reaches ``U``. Its
   bound at a node is :meth:`Tables.bound`, then the may-pass optimum from the node
   (memoised), which the planner computes only as far as needed to know whether it beats
   the best line.

On a long game (12 rounds or more left: whole class games, not the puzzle collection;
8 or more in a game of 12 rounds or more, with a time limit) an **anytime phase** comes
between steps 1 and 2 (``lns.anytime``): beam searches over the rounds under the real rules
(``beam.py``), ranked by a heuristic outlook, then, when OR-Tools is installed, a large
neighbourhood search on the best line (``lns.py``), for
most of the time limit (:func:`anytime_budget`). It only finds lines (each is replayed,
and must score what it claims); on a 20-round dig site the exact steps alone stayed at
the quick line for minutes. The bound of the start is computed after it, above the
better line (which makes it quicker).

Pruning in the real search, and why each piece is safe (the code says it again)
-------------------------------------------------------------------------------
- **Bounds.** :meth:`Tables.bound` never over-states what a state can still reach (its
  docstring argues each piece), nor does the may-pass optimum; a node whose bound is not
  above the best line found is cut. The bound sees the geometry: the fewest rounds whose
  draws can cover a fossil's open ring (:meth:`Tables.cover_rounds`, a small search over
  the fitting placements touching it, one per round, of the shapes each round offers;
  draws may overlap there, a relaxation), and whether the fossils a choice completes can
  be covered together at all. Those searches have node budgets; one that runs out
  answers the weaker bound.
- **Switch sets.** A (shape, dig type) pair is only generated with the smallest switch
  sets that allow it: spending a switch the pair does not need leaves the same board with
  fewer bonuses held, and holding more bonuses never hurts (spending them is optional).
- **Dig type.** When a draw touches no open ring cell of a fossil not yet dug, its dig type
  can never matter again (only rings read dig types), so one dig type is tried.
- **Star bonuses in the last round.** A bonus gained in the last round can never be
  spent, so only the choices with the most +1 Points are kept.
- **Squares.** Moving a One Square from round r to round r+1 (same cell) leaves the board
  at the end of round r+1 the same and keeps every draw of round r+1 legal (the cell was
  not drawn on in that round). The only thing it can change is the forced-draw test at the
  start of round r+1, and only when round r+1 passes. So every square can be delayed,
  except squares that make the next round passable; those are searched as *minimal*
  hitting sets of the next roll's fitting placements (a square of a non-minimal set can be
  delayed), and the next round must then pass (if it draws, the squares could have
  waited). Squares elsewhere are NOT dropped for "changing nothing": one could unforce a
  later round, which is exactly the case kept. In the last round, squares only matter for
  completing rings, and the best completion is computed directly. A forced draw in the
  last round never lowers the score (drawing only adds drawn cells, and squares can still
  finish what they could before), so no squares are spent to make the last round passable.
- **Null draws.** They are NOT dropped when the roll forces a draw: a useless placement
  still has to be drawn, and where it goes can block later draws or unforce later
  rounds. What is safe: two null draws that block exactly the same fitting placements
  (among those that can still be drawn later) lead to the same future, so one is
  searched; within a group blocking the same placements of later rolls' own shapes, one
  blocking nothing else dominates the others (it leaves a superset of the fits with the
  same later forced-draw tests). In a round that does not force a draw (a null draw then
  needs a switch-shape), a null draw that blocks no fitting placement of a later roll's
  own shapes is dominated by the pass: the pass keeps more bonuses and more room, and
  every later forced-draw test comes out the same (a later roll shape that fits after
  the pass but not after the draw would have to meet the null draw's cells). The whole
  group of null draws is cut at once when the bound of the state with nothing drawn (and
  the may-pass optimum there) is not above the best line: a null draw cannot do better.
- **Transpositions.** States are keyed by what the future can see: the round, which of
  the placements that can still be drawn fit (a bit set over placement indices: cells no
  such placement can reach are forgotten), the drawn cells and their dig types on rings
  of fossils not yet dug, which fossils are dug, bonuses held (except +1 Points, which
  only add to the score) and gained (the caps). Two states with the same key have the
  same legal futures and the same future gains, so the table stores future gains: an upper
  bound, and the best move when the value is exact.

From any state
==============
``solve(..., start=state)`` searches from a mid-game state: round ``r`` plays
``rolls[r]``, and everything above reads the state, not the game's start (the bonuses held
and gained, the drawn cells with their dig types, the fossils dug). Fit sets start from
:meth:`Tables.fit_of` (the placements meeting no drawn cell), so a fit set, and with it a
transposition key, is a function of the state alone. :class:`Engine` keeps the tables, the
planner and the transposition tables of one ``(game, rolls)`` for several solves: the game
analysis (``analysis.py``) solves every state of a game with one engine, last first, each
solve seeded with the line "turn played, then the best line after it".

Bounds that only need to be known above the best line (``enough``)
-----------------------------------------------------------------------
Every bound is only compared with the best line found so far. So the bound's knapsack
(``_tables.py``) starts from that value: it prunes every choice of fossils that cannot
beat it and returns max(best line, true bound), still an upper bound, and the same
comparison outcome. Fossil bounds are memoised on the part of the state they read.

Every line returned is replayed through the core's checked ``State.apply`` and must score
the optimum reported (an ``AssertionError`` otherwise).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.geometry import LETTERS
from ..core.logs import replay_turns
from ..core.maps import Puzzle, Roll
from ..core.rules import Bonuses, Game, State
from ..core.terms import BONUS_CAP, BONUS_KINDS, DIG_TYPES, PLUS_ONE
from ..core.turns import Turn
from ._moves import INF, NO_GAINS, NONE, Clock, Done, Move, Timeout
from ._planner import Planner
from ._tables import Tables, Variant, best_square_completion, bits_of
from .lns import anytime

# The anytime phase (lns.anytime: beam.py, then lns.py) runs when at least
# ANYTIME_ROUNDS rounds are left (the puzzle collection has at most 10 rounds, and its
# answers stay what they were), for anytime_budget(time limit) seconds.
ANYTIME_ROUNDS = 12
# Within a long game, a solve with a time limit from a state with fewer rounds left (a
# hint or the analysis of a middle round) runs it too from this many: the exact parts
# do not prove those in seconds (dig site: 7 rounds left, not in 20 s), and the beams
# find better lines there (an analysis of the dig site: rounds 10-13 from 52, 50, 50,
# 50 to 53 each).
ANYTIME_MID_ROUNDS = 8
ANYTIME_NO_LIMIT = 7.0      # seconds, when the solve has no time limit


def anytime_budget(time_limit: float | None) -> float:
    """The anytime phase's seconds: 70 % of the limit, or all but 15 % of it and at least
    3 s when that is more (on a whole game the rest of the solve only computes the bound
    of the start, about a second above a good line)."""
    if time_limit is None:
        return ANYTIME_NO_LIMIT
    return max(0.7 * time_limit, time_limit - max(3.0, 0.15 * time_limit))

Key = tuple[object, ...]

__all__ = ["Solution", "replay_score", "solve"]


@dataclass(frozen=True)
class Solution:
    """The answer to a puzzle: the optimum (proven or not), a line reaching it, effort."""

    optimum: int
    proven: bool
    turns: tuple[Turn, ...]
    nodes: int
    seconds: float
    bound: int          # no line scores more; equal to ``optimum`` when proven

    def to_dict(self) -> dict[str, object]:
        """The ``paleo solve --json`` object."""
        return {"optimum": self.optimum, "proven": self.proven, "bound": self.bound,
                "solution": [t.to_dict() for t in self.turns], "nodes": self.nodes,
                "seconds": round(self.seconds, 3)}


class _Search:
    """The branch and bound over rounds under the real rules (forced draw included)."""

    def __init__(self, tables: Tables, *, clock: Clock, planner: Planner | None = None) -> None:
        self.t = tables
        self.clock = clock
        self.planner = planner
        self.relaxed_memo: dict[Key, tuple[int, bool]] = {}   # (future ub, exact)
        self.tt: dict[Key, tuple[int, int, Move | None]] = {}
        self.best = NONE
        self.best_line: list[Move] | None = None
        self.path: list[Move] = []
        self.cap = INF                                 # stop when best reaches it
        self.on_improve: Callable[[int, list[Move]], None] | None = None
        self._undug_cache: dict[int, int] = {}

    # -- running -----------------------------------------------------------------------

    def run(self, start: State) -> None:
        """Search from ``start``; returns when the whole tree is settled. Raises Done when
        the best line reaches ``cap`` and Timeout when the clock runs out."""
        if self.best >= self.cap:
            return
        self._dfs(start, self.t.fit_of(start.drawn), False)

    def _improve(self, value: int, line: list[Move]) -> None:
        if value <= self.best:
            return
        self.best = value
        self.best_line = line
        if self.on_improve is not None:
            self.on_improve(value, line)
        if self.best >= self.cap:
            raise Done

    # -- states ------------------------------------------------------------------------

    def _undug(self, dug: int) -> int:
        m = self._undug_cache.get(dug)
        if m is None:
            m = self._undug_cache[dug] = self.t.undug_rings(dug)
        return m

    def key(self, s: State, fit: int, must_pass: bool, *, relaxed: bool = False) -> Key:
        """What the future can see of a state (see the module docstring)."""
        t = self.t
        r = s.round
        ru = self._undug(s.dug)
        fk = fit & t.future_pl[r]
        if relaxed:
            # The may-pass game only ever draws placements touching rings or stars.
            fk &= t.useful_pl
        d0, d1, d2 = s.digs
        h = s.held
        return (r, fk, s.drawn & ru, d0 & ru, d1 & ru, d2 & ru, s.dug, h[0], h[1], h[2],
                s.gained, must_pass)

    def apply(self, s: State, fit: int, mv: Move) -> tuple[State, int]:
        child = s.play(mv.mask, mv.dig, spend_shape=mv.spend_shape, spend_dig=mv.spend_dig,
                       gains=mv.gains, squares=mv.squares)
        cells = mv.cells
        return child, (fit & ~self.t.block(cells) if cells else fit)

    # -- the search --------------------------------------------------------------------

    def _dfs(self, s: State, fit: int, must_pass: bool) -> tuple[int, int]:
        """Returns (an upper bound on the gains still to come from ``s``, the best gains
        found below it or NONE). They are equal when the value is exact."""
        t = self.t
        cur = t.score(s)
        if s.round == t.R:
            self._improve(cur, list(self.path))
            return 0, 0
        self.clock.tick()
        key = self.key(s, fit, must_pass)
        ent = self.tt.get(key)
        hint: Move | None = None
        ub_known = INF
        if ent is not None:
            ub_e, found_e, mv_e = ent
            if found_e == ub_e and mv_e is not None:
                if cur + ub_e <= self.best:
                    return ub_e, ub_e
                line = self.reconstruct(s, fit, must_pass)
                if line is not None:
                    self._improve(cur + ub_e, self.path + line)
                    return ub_e, ub_e
            if cur + ub_e <= self.best:
                return ub_e, NONE
            ub_known, hint = ub_e, mv_e
        b = min(ub_known, t.bound(s, self.best) - cur)
        if cur + b > self.best:
            b = min(b, self._relaxed_bound(s, fit, cur))
        if cur + b <= self.best:
            self._store(key, b, NONE, None)
            return b, NONE
        if s.round == t.R - 1:
            gain, mv = self.last_round(s, must_pass)
            self.path.append(mv)
            self._improve(cur + gain, list(self.path))
            self.path.pop()
            self._store(key, gain, gain, mv)
            return gain, gain
        moves, ub = self.moves(s, fit, must_pass, cur, hint)
        found, best_mv = NONE, None
        for mv in moves:
            child, cfit = self.apply(s, fit, mv)
            imm = t.score(child) - cur
            self.path.append(mv)
            try:
                cub, cfound = self._dfs(child, cfit, mv.block_next)
            finally:
                self.path.pop()
            if imm + cub > ub:
                ub = imm + cub
            if cfound != NONE and imm + cfound > found:
                found, best_mv = imm + cfound, mv
        ub = min(ub, b)
        self._store(key, ub, found, best_mv)
        return ub, found

    def _store(self, key: Key, ub: int, found: int, mv: Move | None) -> None:
        old = self.tt.get(key)
        if old is not None and old[0] == old[1]:
            return
        if len(self.tt) >= 1_500_000:
            self.tt.clear()
        self.tt[key] = (ub, found, mv)

    def _relaxed_bound(self, s: State, fit: int, cur: int) -> int:
        """An upper bound on the gains still to come from ``s``: the may-pass optimum from
        it (the real game's futures are may-pass futures), found by the planner only as
        far as needed to know whether it beats the best line (memoised)."""
        if self.planner is None or s.round >= self.t.R - 1:
            return INF
        key = self.key(s, fit, False, relaxed=True)
        known = self.relaxed_memo.get(key)
        if known is not None and (known[1] or cur + known[0] <= self.best):
            return known[0]
        value, line = self.planner.solve(s, self.best)
        self.relaxed_memo[key] = (value - cur, line is not None)
        return value - cur

    def reconstruct(self, s: State, fit: int, must_pass: bool) -> list[Move] | None:
        """The line below an exact table entry, following the stored best moves."""
        line: list[Move] = []
        while s.round < self.t.R:
            ent = self.tt.get(self.key(s, fit, must_pass))
            if ent is None or ent[0] != ent[1] or ent[2] is None:
                return None
            mv = ent[2]
            line.append(mv)
            s, fit = self.apply(s, fit, mv)
            must_pass = mv.block_next
        return line

    # -- moves -------------------------------------------------------------------------

    def _pair_switches(self, s: State) -> dict[tuple[int, int], list[Variant]]:
        """Each (shape, dig) the roll allows, with its minimal switch sets (a pair that
        needs no switch is never generated with one: the same draw holding more bonuses
        is at least as good)."""
        t = self.t
        r = s.round
        held = s.held
        pairs = t.pairs[r]
        out: dict[tuple[int, int], list[Variant]] = {p: [(False, False)]
                                                     for p in pairs[(False, False)]}
        extra: list[Variant] = []
        if held[1]:
            extra.append((True, False))
        if held[2]:
            extra.append((False, True))
        for v in extra:
            for p in pairs[v]:
                if p not in out or out[p] != [(False, False)]:
                    out.setdefault(p, []).append(v)
        if held[1] and held[2]:
            for p in pairs[(True, True)]:
                out.setdefault(p, [(True, True)])
        return out

    def _gain_options(self, s: State, n_stars: int) -> list[Bonuses]:
        if not n_stars:
            return [NO_GAINS]
        out = []
        for combo in s.star_options(n_stars):
            out.append((combo.count(BONUS_KINDS[0]), combo.count(BONUS_KINDS[1]),
                        combo.count(BONUS_KINDS[2]), combo.count(BONUS_KINDS[3])))
        out.sort(key=lambda gns: -gns[PLUS_ONE])
        return out or [NO_GAINS]

    def moves(self, s: State, fit: int, must_pass: bool, cur: int,
              hint: Move | None) -> tuple[list[Move], int]:
        """The moves to search at ``s`` (rounds before the last), best-looking first, and
        an upper bound on the gains of any legal move left out (NONE when none is)."""
        t = self.t
        r = s.round
        drawn = s.drawn
        ring_open = self._undug(s.dug) & ~drawn
        stars_open = t.stars & ~drawn
        interesting = ring_open | stars_open
        if must_pass:
            return self._pass_moves(s, fit), NONE
        forced = s.must_draw(t.rolls[r])
        weights = self._weights(s, ring_open)
        scored: list[tuple[float, Move]] = []
        by_shape: dict[int, dict[int, list[Variant]]] = {}
        for (si, di), vs in self._pair_switches(s).items():
            by_shape.setdefault(si, {})[di] = vs
        for si, digs in by_shape.items():
            # Dig types can only matter for a draw touching an open ring: elsewhere one
            # dig per minimal switch set is enough.
            any_dig: dict[Variant, int] = {}
            for di, vs in sorted(digs.items()):
                for v in vs:
                    any_dig.setdefault(v, di)
            cheapest = _minimal_variants(any_dig)
            for m in t.useful_by_shape[si]:
                if m & drawn or not m & interesting:
                    continue
                touch = m & ring_open
                n_stars = (m & stars_open).bit_count()
                gains_opts = self._gain_options(s, n_stars)
                if touch:
                    combos = [(di, v) for di, vs in digs.items() for v in vs]
                else:
                    combos = [(any_dig[v], v) for v in cheapest]
                for di, v in combos:
                    h = self._progress(m, di, weights, s) + n_stars - 0.3 * (v[0] + v[1])
                    for gains in gains_opts:
                        for sq, blk in self._square_options(s, fit, m):
                            mv = Move(m, si, di, v[0], v[1], gains, sq, blk)
                            scored.append((h - 0.1 * sq.bit_count(), mv))
        scored.sort(key=lambda hm: -hm[0])
        out = [mv for _, mv in scored]
        left_out = NONE
        if forced or s.held[1]:
            nulls, left_out = self._null_moves(s, fit, forced, interesting, cur)
            out.extend(nulls)
        if not forced:
            out.extend(self._pass_moves(s, fit))
        if hint is not None and hint in out:
            out.remove(hint)
            out.insert(0, hint)
        return out, left_out

    def _weights(self, s: State, ring_open: int) -> list[tuple[int, int, float, float, int]]:
        """Per fossil not yet dug: (open ring, dig type drawn or -1, value per cell of
        points, of bonus, fossil index), for move ordering."""
        t = self.t
        out = []
        for f, ring in enumerate(t.rings):
            if s.dug >> f & 1:
                continue
            open_ring = ring & ring_open
            need = open_ring.bit_count()
            done = ring & ~open_ring
            dig = -1
            bonus_ok = True
            if done:
                bonus_ok = False
                for d in range(3):
                    if done & s.digs[d] == done:
                        dig, bonus_ok = d, True
            out.append((open_ring, dig, t.points[f] / need,
                        t.bonus[f] / need if bonus_ok else 0.0, f))
        return out

    @staticmethod
    def _progress(m: int, di: int, weights: list[tuple[int, int, float, float, int]],
                  s: State) -> float:
        h = 0.0
        for open_ring, dig, per_point, per_bonus, _f in weights:
            n = (m & open_ring).bit_count()
            if n:
                h += n * per_point
                if per_bonus and (dig < 0 or dig == di):
                    h += n * per_bonus
        return h

    def _square_options(self, s: State, fit: int, m: int) -> list[tuple[int, bool]]:
        """Squares to place in this round after drawing ``m`` (0 for a pass): none, or
        (real game) a minimal set making the next round passable, which it must then be.
        See the module docstring for why no other squares are needed before the last
        round."""
        out: list[tuple[int, bool]] = [(0, False)]
        t = self.t
        h = s.held[0]
        r = s.round
        if not h or r + 1 >= t.R - 1:
            return out
        after = fit & ~t.block(m) if m else fit
        for sq in self._blocking_sets(r + 1, after, h):
            out.append((sq, True))
        return out

    def _blocking_sets(self, rn: int, fit: int, budget: int) -> list[int]:
        """Minimal sets of at most ``budget`` open non-star cells that meet every fitting
        placement of round ``rn``'s roll shapes (empty list: none, or none needed)."""
        t = self.t
        qbits = fit & t.roll_pl[rn]
        if not qbits or qbits.bit_count() > budget * t.max_degree[rn]:
            return []
        qs = t.masks_of(qbits)
        stars = t.stars
        found: set[int] = set()

        def rec(chosen: int, left: int) -> None:
            first = next((q for q in qs if not q & chosen), None)
            if first is None:
                found.add(chosen)
                return
            if left == 0:
                return
            used, count = 0, 0
            for q in qs:
                if not q & chosen and not q & used:
                    used |= q
                    count += 1
                    if count > left:
                        return
            for c in bits_of(first & ~stars):
                rec(chosen | 1 << c, left - 1)

        rec(0, budget)

        def hits_all(cells: int) -> bool:
            return all(q & cells for q in qs)

        return sorted(sq for sq in found
                      if all(not hits_all(sq & ~(1 << c)) for c in bits_of(sq)))

    def _pass_moves(self, s: State, fit: int) -> list[Move]:
        return [Move(0, -1, 0, False, False, NO_GAINS, sq, blk)
                for sq, blk in self._square_options(s, fit, 0)]

    def _null_moves(self, s: State, fit: int, forced: bool, interesting: int,
                    cur: int) -> tuple[list[Move], int]:
        """Real game: draws touching no open ring cell and no open star. Returns the ones
        worth searching and an upper bound for those left out (NONE: none left out)."""
        t = self.t
        r = s.round
        # Every null draw leaves rings, stars and gains as they are and draws more cells,
        # so the bound (and the relaxed value) of the state with nothing drawn bounds them
        # all: cut the whole group at once when that is not above the best line.
        passed = s.play(0, 0)
        # (No best line yet, as in greedy(): nothing to cut, so no bound to compute.)
        nb = INF if self.best == NONE else t.bound(passed, self.best) - cur
        if cur + nb > self.best:
            nb = min(nb, self._relaxed_bound(passed, fit, cur))
        if cur + nb <= self.best:
            return [], nb
        drawn = s.drawn
        held, gained = s.held, s.gained
        later_roll = t.roll_bits_from[r + 1]
        stars_open = (t.stars & ~drawn) != 0
        pairs = t.pairs[r]
        options: list[tuple[int, int, Variant]] = []       # (shape, dig, switches)
        if forced:
            for si in t.roll_shapes[r]:
                di = min(d for s2, d in pairs[(False, False)] if s2 == si)
                options.append((si, di, (False, False)))
        if held[1]:
            roll = set(t.roll_shapes[r])
            for si in range(len(LETTERS)):
                if si in roll and forced:
                    continue
                di = min(d for s2, d in pairs[(True, False)] if s2 == si)
                options.append((si, di, (True, False)))
        groups: dict[tuple[int, Variant], list[tuple[int, int, Move]]] = {}
        seen: set[tuple[int, Variant]] = set()
        for si, di, v in options:
            switch_later = held[1] - v[0] > 0 or (stars_open and gained[1] < BONUS_CAP
                                                  and r + 2 <= t.R - 1)
            later_all = t.all_pl if switch_later else later_roll
            for m in t.game.placements[LETTERS[si]]:
                if m & drawn or m & interesting:
                    continue
                blk = t.block(m) & fit
                sig_all = blk & later_all
                sig_roll = blk & later_roll
                if not forced and not sig_roll:
                    continue       # dominated by the pass (module docstring)
                if (sig_all, v) in seen:
                    continue       # the same future as a draw already listed
                seen.add((sig_all, v))
                groups.setdefault((sig_roll, v), []).append(
                    (sig_all, (sig_all & t.useful_pl).bit_count(),
                     Move(m, si, di, v[0], v[1], NO_GAINS, 0, False)))
        scored: list[tuple[int, Move]] = []
        for (sig_roll, _v), members in groups.items():
            # A member blocking nothing but later roll placements blocks a subset of what
            # every other member of its group blocks, with the same later roll fits:
            # it dominates the group.
            pick = next((mem for mem in members if mem[0] == sig_roll), None)
            for mem in ([pick] if pick is not None else members):
                scored.append((mem[1], mem[2]))
        scored.sort(key=lambda x: x[0])
        out: list[Move] = []
        for _, mv in scored:
            for sq, blk in self._square_options(s, fit, mv.mask):
                out.append(mv._replace(squares=sq, block_next=blk))
        return out, NONE

    # -- the last round ------------------------------------------------------------------

    def last_round(self, s: State, must_pass: bool) -> tuple[int, Move]:
        """The exact best gain of the last round and a move reaching it.

        Any draw is worth at least the pass with the same squares (it only adds drawn
        cells), so the forced-draw rule cannot lower this round's value: the value is the
        best of the pass and every draw touching an open ring or star, and when the roll
        forces a draw but the pass is best, any fitting draw of the roll does as well."""
        t = self.t
        r = s.round
        drawn, dug = s.drawn, s.dug
        h0 = s.held[0]
        sq_value, sq_cells = best_square_completion(t, drawn, dug, h0)
        best_gain = sq_value
        best_mv = Move(0, -1, 0, False, False, NO_GAINS, sq_cells, False)
        if must_pass:
            return best_gain, best_mv
        ring_open = self._undug(dug) & ~drawn
        stars_open = t.stars & ~drawn
        near = [f for f in range(t.nf) if not dug >> f & 1
                and (t.rings[f] & ~drawn).bit_count() <= 5 + h0]
        switches = self._pair_switches(s)
        by_shape: dict[int, list[int]] = {}
        for si, di in switches:
            by_shape.setdefault(si, []).append(di)
        plus_left = BONUS_CAP - s.gained[PLUS_ONE]
        if near or (stars_open and plus_left > 0):
            for si, digs in by_shape.items():
                cands: set[int] = set()
                for f in near:
                    cands.update(t.touch_by_shape[f][si])
                if plus_left > 0:
                    cands.update(t.star_touch_by_shape[si])
                for m in cands:
                    if m & drawn or not m & (ring_open | stars_open):
                        continue
                    gain, di, sq = self._last_gain(s, m, digs, near)
                    if gain > best_gain:
                        best_gain = gain
                        best_mv = self._last_move(s, m, si, di, switches[(si, di)][0], sq)
        if best_mv.shape < 0 and s.must_draw(t.rolls[r]):
            # Forced, and nothing beats the pass: draw any fitting shape of the roll.
            for si in t.roll_shapes[r]:
                m = next((m for m in t.game.placements[LETTERS[si]] if not m & drawn), 0)
                if m:
                    digs = [d for s2, d in t.pairs[r][(False, False)] if s2 == si]
                    gain, di, sq = self._last_gain(s, m, digs, near)
                    assert gain >= best_gain
                    return gain, self._last_move(s, m, si, di, (False, False), sq)
        return best_gain, best_mv

    def _last_gain(self, s: State, m: int, digs: list[int], near: list[int]
                   ) -> tuple[int, int, int]:
        """Gain of drawing ``m`` in the last round (best dig of ``digs``, best squares)."""
        t = self.t
        drawn = s.drawn | m
        plus = min((m & t.stars).bit_count(), BONUS_CAP - s.gained[PLUS_ONE])
        points = 0
        dug = s.dug
        bonus_by_dig = [0, 0, 0]
        for f in near:
            ring = t.rings[f]
            if ring & ~drawn:
                continue
            dug |= 1 << f
            points += t.points[f]
            if t.bonus[f]:
                for d in range(3):
                    if ring & (s.digs[d] | m) == ring:
                        bonus_by_dig[d] += t.bonus[f]
        di = max(digs, key=lambda d: bonus_by_dig[d])
        sq_value, sq_cells = best_square_completion(t, drawn, dug, s.held[0])
        return points + bonus_by_dig[di] + plus + sq_value, di, sq_cells

    def _last_move(self, s: State, m: int, si: int, di: int, v: Variant, sq: int) -> Move:
        gains = self._gain_options(s, (m & self.t.stars).bit_count())[0]
        return Move(m, si, di, v[0], v[1], gains, sq, False)

    # -- lines of play -------------------------------------------------------------------

    def greedy(self, start: State) -> list[Move]:
        """A legal real line, quickly: the first (best-looking) move every round."""
        s, fit, must_pass = start, self.t.fit_of(start.drawn), False
        line: list[Move] = []
        while s.round < self.t.R:
            if s.round == self.t.R - 1:
                mv = self.last_round(s, must_pass)[1]
            else:
                saved, self.best = self.best, NONE    # list every move group
                planner, self.planner = self.planner, None
                try:
                    moves, _ = self.moves(s, fit, must_pass, self.t.score(s), None)
                finally:
                    self.best = saved
                    self.planner = planner
                mv = moves[0]
            line.append(mv)
            s, fit = self.apply(s, fit, mv)
            must_pass = mv.block_next
        return line

    def realise(self, start: State, plan: Sequence[Move]) -> list[Move] | None:
        """A real line doing what the may-pass ``plan`` does: where it passes but the roll
        forces a draw, draw the roll's shape on cells the plan never uses later (nor a
        star), which changes nothing the plan relies on. None when no such cells exist."""
        t = self.t
        later = [0] * (len(plan) + 1)
        for i in range(len(plan) - 1, -1, -1):
            later[i] = later[i + 1] | plan[i].cells
        s, fit = start, t.fit_of(start.drawn)
        line: list[Move] = []
        for i, mv in enumerate(plan):
            r = start.round + i                    # the plan starts at the start's round
            if mv.cells & s.drawn:
                return None
            if mv.shape < 0 and s.must_draw(t.rolls[r]):
                avoid = later[i] | t.stars | s.drawn
                dump = None
                for si in t.roll_shapes[r]:
                    m = next((m for m in t.game.placements[LETTERS[si]] if not m & avoid), 0)
                    if m:
                        di = min(d for s2, d in t.pairs[r][(False, False)] if s2 == si)
                        dump = Move(m, si, di, False, False, NO_GAINS, mv.squares, False)
                        break
                if dump is None:
                    return None
                mv = dump
            line.append(mv)
            s, fit = self.apply(s, fit, mv)
        return line


def _minimal_variants(options: dict[Variant, int]) -> list[Variant]:
    vs = list(options)
    return [v for v in vs if not any(w != v and w[0] <= v[0] and w[1] <= v[1] for w in vs)]


# ---------------------------------------------------------------------------------------
# The public entry point


def solve(puzzle_or_game_and_rolls: Puzzle | tuple[Game, Sequence[Roll]], *,
          time_limit: float | None = None,
          progress: Callable[[int, int], object] | None = None,
          start: State | None = None) -> Solution:
    """The highest score of a fixed-dice puzzle and a line of turns reaching it.

    ``puzzle_or_game_and_rolls`` is a :class:`Puzzle` or ``(game, rolls)`` with
    ``game.rounds == len(rolls)``. With ``start`` (a state of that game, e.g. mid-game),
    the search starts there: its round ``r`` plays ``rolls[r]``, and the line returned has
    one turn for each round left. With ``time_limit`` (seconds) the search stops there
    and returns the best line found, ``proven=False``; so does Ctrl-C (KeyboardInterrupt)
    during the search. ``progress`` is called about twice a second with (nodes searched,
    best score of a real line found so far). The line returned has been replayed through
    ``State.apply`` and scores ``optimum``.
    """
    t0 = time.perf_counter()
    game, rolls = _unpack(puzzle_or_game_and_rolls)
    engine = Engine(game, rolls, switch_shape=start is not None and start.held[1] > 0)
    if time_limit is not None:      # the limit is the caller's wall clock: tables included
        time_limit = max(0.0, time_limit - (time.perf_counter() - t0))
    return engine.solve(engine.check_start(start), time_limit=time_limit, progress=progress)


class Engine:
    """One puzzle's tables, planner and search memory, for several solves from states of
    the same game (a game analysis solves every state of a game: the later solves find
    the earlier ones' subtrees in the transposition table).

    Sharing is safe because every table entry is a fact about a state, whatever search
    found it: transposition keys are functions of the state (fit sets always start from
    :meth:`Tables.fit_of`), stored values are upper bounds that hold whatever the best line
    was, and exact values are exact.
    """

    def __init__(self, game: Game, rolls: Sequence[Roll], *, switch_shape: bool = False
                 ) -> None:
        self.game = game
        self.rolls = tuple(rolls)
        self.tables = Tables(game, self.rolls, switch_shape=switch_shape)
        self.clock = Clock(None, None)
        self.planner = Planner(self.tables, self.clock)
        self.search = _Search(self.tables, clock=self.clock, planner=self.planner)
        self.interrupted = False    # the last solve was cut by Ctrl-C (KeyboardInterrupt)

    def check_start(self, start: State | None) -> State:
        """``start``, or the game's initial state; a state of another game is an error."""
        if start is None:
            return self.game.initial_state()
        if start.game != self.game:
            raise ValueError(f"the start state is a state of {start.game!r}, "
                             f"not of {self.game!r}")
        if start.held[1] and not self.tables.switch_shape_ever:
            raise ValueError("the start state holds a switch-shape: build the engine with "
                             "switch_shape=True")
        return start

    def solve(self, start: State, *, time_limit: float | None = None,
              progress: Callable[[int, int], object] | None = None,
              seed: Sequence[Move] = (), lines_first: bool = True,
              outside: Callable[[], Sequence[Sequence[Move]]] | None = None) -> Solution:
        """The optimum from ``start`` (see :func:`solve`). ``seed``, a real line from
        ``start`` known to be legal, is a first lower bound (its value, not its moves, is
        trusted: the line returned is always replayed). ``lines_first=False`` leaves out
        the searches for lines only (the anytime phase and the planner's dives): for a
        caller that wants a proof and already holds a good line (the game analysis
        near the end of a game: the dig site's state with 8 rounds left of the greedy
        game of seed 101 is proven in 5 s without them, and not in 60 s with them, where
        the beams took 70 % of the limit). ``outside``, when given, is asked for the real
        lines from ``start`` found elsewhere since it was last asked (another process: a
        game analysis' lines worker, :mod:`.lines_worker`), first at once and then before the
        planner's last goals and each of their targets (:func:`._planner.targets.settle`):
        a better one raises the floor those goals are searched above."""
        t = self.tables
        clock = Clock(time_limit, progress)
        self.interrupted = False
        # The planner and the search read the clock through these attributes.
        self.clock = self.planner.clock = self.search.clock = clock
        t.check = None          # the first line below is always finished
        real = self.search
        real.best, real.best_line, real.cap, real.path = NONE, None, INF, []
        clock.best = lambda: max(real.best, 0)
        if start.is_terminal:
            return Solution(t.score(start), True, (), 0, clock.seconds, t.score(start))
        # A legal line first (quick, no search): from here on there is always one to return.
        line0 = real.greedy(start)
        real.best, real.best_line = _line_value(t, real, start, line0), line0
        def take(line: Sequence[Move]) -> None:
            v = _line_value(t, real, start, line)
            if v > real.best:
                real.best, real.best_line = v, list(line)

        def more_lines() -> int:
            for line in outside() if outside is not None else ():
                take(line)
            return real.best

        if seed:
            take(seed)
        more_lines()
        planner = self.planner
        proven = False
        # Every answer, proven or not, carries an upper bound: a quick one at once, then
        # the least of those learnt before the clock runs out.
        upper = [t.quick_bound(start)]

        def on_bound(value: int) -> None:
            upper[0] = min(upper[0], value)

        t.check = clock.check   # from here on, long bounds watch the time limit too
        try:
            # On a long game, good real lines first (lns.anytime): the exact parts below
            # find poor ones there, slowly. Their value raises the floor the bounds
            # prune with (the bound of the start takes seconds there, fewer above a
            # good line).
            left = t.R - start.round
            if lines_first and (left >= ANYTIME_ROUNDS
                                or (time_limit is not None and t.R >= ANYTIME_ROUNDS
                                    and left >= ANYTIME_MID_ROUNDS)):
                stop_at = clock.start + anytime_budget(time_limit)

                def on_line(value: int, line: list[Move]) -> None:
                    v = _line_value(t, real, start, line)
                    assert v == value, (v, value)
                    if v > real.best:
                        real.best, real.best_line = v, line
                        if v >= upper[0]:
                            raise Done

                anytime(real, start, on_line, lambda: real.best_line, stop_at)
            # A real line reaching the bound of the start is optimal: stop there.
            root_ub = t.bound(start, real.best)
            on_bound(root_ub)
            if real.best >= root_ub:
                raise Done

            def on_plan(value: int, plan: list[Move]) -> None:
                line = real.realise(start, plan)
                if line is not None:
                    v = _line_value(t, real, start, line)
                    if v > real.best:
                        real.best, real.best_line = v, line
                        if v >= root_ub:
                            raise Done

            # Quick dives for good may-pass lines (tried as real lines), then the may-pass
            # optimum, if it beats the real line found so far; every may-pass line the
            # planner finds on the way is tried as a real line too.
            # (Not when the caller holds a good line and wants a proof: with 8 rounds
            # left on the dig site, the dives took half of the 24 s of a proof, and
            # without them it took 5 s.)
            for width in (1, 2, 3) if lines_first else ():
                planner.dive(start, real.best, on_plan, width=width, nodes=400 * width)
            # Its goals bound the may-pass optimum, hence every real line, as they fall.
            relaxed, plan = planner.solve(start, real.best, on_plan, on_bound,
                                          None if outside is None else more_lines)
            if plan is not None and real.best < relaxed:
                on_bound(relaxed)
                real.cap = relaxed
                real.run(start)
            proven = True
        except Done:
            proven = True
        except Timeout:
            proven = False
        except KeyboardInterrupt:
            proven, self.interrupted = False, True
        finally:
            real.path = []
        assert real.best_line is not None
        turns = _turns(t, start, real.best_line)
        s = start
        for turn in turns:
            s = s.apply(self.rolls[s.round], turn)
        final = s.score().total
        if final != real.best or not s.is_terminal:
            raise AssertionError(f"solver line scores {final}, not {real.best}")
        # Proven: the best line is optimal. Otherwise the least bound learnt, never below
        # the line found (which is a real line, so it is below every true bound too).
        bound = real.best if proven else max(real.best, upper[0])
        return Solution(real.best, proven, turns, clock.nodes, clock.seconds, bound)

    def find_lines(self, start: State, seconds: float, *, seed: Sequence[Move] = (),
                   on_line: Callable[[int, list[Move]], object] | None = None,
                   stop: Callable[[], bool] | None = None) -> tuple[int, list[Move]]:
        """Good real lines from ``start`` for ``seconds``: the anytime phase of
        :meth:`solve` alone (``lns.anytime``: the beams, then the LNS), from ``seed`` (a
        real line known to be legal) or a quick one. Proves nothing, but ends early on a
        line reaching the quick bound of the start, or when ``stop()`` (asked about twice
        a second) is true. ``on_line`` is told each line better than those before, as it
        is found (a game analysis' lines worker sends them on at once:
        :mod:`.lines_worker`). Returns the best line found and its value."""
        t = self.tables

        def check(_nodes: int, _best: int) -> None:
            if stop is not None and stop():
                raise Done

        clock = Clock(seconds, check)
        self.clock = self.planner.clock = self.search.clock = clock
        t.check = None
        real = self.search
        real.best, real.best_line, real.cap, real.path = NONE, None, INF, []
        line0 = real.greedy(start)
        real.best, real.best_line = _line_value(t, real, start, line0), line0
        if seed:
            v = _line_value(t, real, start, seed)
            if v > real.best:
                real.best, real.best_line = v, list(seed)

        upper = t.quick_bound(start)

        def report(value: int, line: list[Move]) -> None:
            v = _line_value(t, real, start, line)
            assert v == value, (v, value)
            if v > real.best:
                real.best, real.best_line = v, line
                if on_line is not None:
                    on_line(v, line)
                if v >= upper:
                    raise Done

        t.check = clock.check
        if not start.is_terminal and real.best < upper:
            with contextlib.suppress(Timeout, Done, KeyboardInterrupt):
                anytime(real, start, report, lambda: real.best_line, clock.start + seconds)
        real.path = []
        return real.best, real.best_line

    def move_of(self, state: State, turn: Turn) -> Move:
        """A turn as the search's Move (not checked: give it a turn ``State.apply`` took)."""
        g = self.game
        if turn.passed:
            return Move(0, -1, 0, False, False, NO_GAINS, g.mask_of(turn.squares), False)
        gains = tuple(turn.stars.count(k) for k in BONUS_KINDS)
        return Move(g.mask_of(turn.cells), LETTERS.index(turn.shape or ""),
                    DIG_TYPES.index(turn.dig or ""), "shape" in turn.switch,
                    "dig" in turn.switch, (gains[0], gains[1], gains[2], gains[3]),
                    g.mask_of(turn.squares), False)


def replay_score(puzzle: Puzzle, turns: Sequence[Turn]) -> int:
    """The score a line of turns reaches on a puzzle, checked turn by turn by the core."""
    return replay_turns(Game.from_puzzle(puzzle), puzzle.rolls, turns)[-1].score().total


def _unpack(arg: Puzzle | tuple[Game, Sequence[Roll]]) -> tuple[Game, tuple[Roll, ...]]:
    if isinstance(arg, Puzzle):
        return Game.from_puzzle(arg), tuple(arg.rolls)
    game, rolls = arg
    rolls = tuple((int(a), int(b)) for a, b in rolls)
    if game.rounds != len(rolls):
        raise ValueError(f"the game lasts {game.rounds} rounds but {len(rolls)} rolls "
                         "were given")
    return game, rolls


def _line_value(t: Tables, search: _Search, start: State, line: Sequence[Move]) -> int:
    s, fit = start, t.fit_of(start.drawn)
    for mv in line:
        s, fit = search.apply(s, fit, mv)
    return t.score(s)


def _turns(t: Tables, start: State, line: Sequence[Move]) -> tuple[Turn, ...]:
    """The file-notation turns of a line (``State.turn_of`` and ``Turn.pass_``)."""
    out = []
    s = start
    g = t.game
    for mv in line:
        if mv.shape < 0:
            out.append(Turn.pass_(g.cells_of(mv.squares)))
        else:
            switch = [n for n, on in (("shape", mv.spend_shape), ("dig", mv.spend_dig)) if on]
            stars = [k for k, n in zip(BONUS_KINDS, mv.gains, strict=True) for _ in range(n)]
            out.append(s.turn_of(LETTERS[mv.shape], DIG_TYPES[mv.dig], mv.mask, switch=switch,
                                 stars=stars, squares=mv.squares))
        s = s.play(mv.mask, mv.dig, spend_shape=mv.spend_shape, spend_dig=mv.spend_dig,
                   gains=mv.gains, squares=mv.squares)
    return tuple(out)
