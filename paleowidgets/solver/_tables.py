"""What the exact solver asks over and over about one puzzle, computed once, and its bound.

Everything here is *about* a :class:`~paleowidgets.core.rules.Game` and its fixed rolls; no
rule is decided here (the moves come from the core: ``Game.placements``, ``Game.choices``,
``State.play``). Boards are bit masks over cells, as in the core; in addition every
placement of every shape has an index, and a *fit set* is a bit mask over placement
indices (bit ``i`` set when placement ``i`` still fits). Fit sets are how the solver tells
which drawn cells still matter (see ``exact.py``).

The upper bound (:meth:`Tables.bound`) is admissible for the real game *and* for the
may-pass relaxation, because it never looks at the forced-draw rule: every quantity in it
over-estimates what any line from the state can still do. The argument is written next to
each piece.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Generic, TypeVar

import numpy as np

from ..core.geometry import LETTERS
from ..core.maps import Roll
from ..core.rules import Game, State
from ..core.terms import BONUS_CAP, DIG_TYPES, PLUS_ONE

V = TypeVar("V")
N_SHAPES = len(LETTERS)
ALL_SHAPES = tuple(range(N_SHAPES))
NEG = -(10**9)
KNAPSACK_NODES = 60_000    # beyond this a bound falls back to a weaker one (_knapsack)
COVER_NODES = 600          # beyond this an exact ring cover gives up (Tables.cover_rounds)
COVER_BUDGET = 2_000       # ring-cover nodes one fossil bound may spend in all
# Weights of a cell that one candidate covers with j target cells at most: 1/j in 60ths
# (j = 0: only a square can take it, a whole round's worth). Tables.cover_rounds(weighted).
_WEIGHT = (60, 60, 30, 20, 15, 12)
UNIT = 12          # weights of shared ring cells are 1/1, 1/2, 1/3 or 1/4: scaled by 12

# A switch variant: (switch-shape may be spent, switch-dig may be spent).
Variant = tuple[bool, bool]
Shapes = tuple[tuple[int, ...], ...]   # (all shapes, shapes usable with dig 0, 1, 2)
# bits_of goes through numpy for ints longer than this many bits with more set bits than
# BITS_NUMPY_COUNT (a fixed cost of some 18 us against some 0.6 us a bit on 4,000-bit
# ints: benchmarks/README.md, session 19).
BITS_NUMPY = 1024
BITS_NUMPY_COUNT = 40
Slot = tuple[Shapes, Shapes, int]       # (without switches, with switches, how many rounds)
# The ring covers' setups and bases (Tables.cover_rounds) kept at most: the least recently
# used go first. An entry holds some 24 KB (setups) and 8 KB (bases): a 60 s analysis
# made 16,000 and 12,000 of them (375 and 88 MB; benchmarks/README.md, session 23).
COVER_SETUPS = 3_000
COVER_BASES = 6_000
VARIANTS: tuple[Variant, ...] = ((False, False), (True, False), (False, True), (True, True))


def bits_of(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    if mask.bit_length() > BITS_NUMPY and mask.bit_count() > BITS_NUMPY_COUNT:
        # Many bits of a long int (placement sets: some 4,000 bits): numpy unpacks its
        # bytes at once, where each step below costs the whole int's length.
        raw = np.frombuffer(mask.to_bytes((mask.bit_length() + 7) // 8, "little"),
                            dtype=np.uint8)
        out: list[int] = np.flatnonzero(np.unpackbits(raw, bitorder="little")).tolist()
        return out
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Tables:
    """Precomputed masks, placement indices and per-round choices for one puzzle."""

    def __init__(self, game: Game, rolls: Sequence[Roll], *, switch_shape: bool = False) -> None:
        """``switch_shape``: some state searched from holds a switch-shape (a start state
        not reachable from the game's own start may hold one the map can never give)."""
        g = game
        self.game = g
        # Called now and then inside long bounds: the search sets it to its clock's check.
        self.check: Callable[[], None] | None = None
        self.rolls: tuple[Roll, ...] = tuple(rolls)
        self.R = len(self.rolls)
        fossils = g.map.fossils
        self.nf = len(fossils)
        self.rings: tuple[int, ...] = g.rings
        self.points = tuple(f.points for f in fossils)
        self.bonus = tuple(f.bonus for f in fossils)
        self.stars = g.star_mask
        self.ring_union = 0
        for ring in self.rings:
            self.ring_union |= ring
        self.shape_index = {letter: i for i, letter in enumerate(LETTERS)}

        # -- placements with indices -------------------------------------------------
        self.pl_mask: list[int] = []
        self.pl_shape: list[int] = []
        self.shape_bits = [0] * N_SHAPES
        for si, letter in enumerate(LETTERS):
            for m in g.placements[letter]:
                i = len(self.pl_mask)
                self.pl_mask.append(m)
                self.pl_shape.append(si)
                self.shape_bits[si] |= 1 << i
        self.all_pl = (1 << len(self.pl_mask)) - 1
        per_cell: dict[int, list[int]] = {}
        for i, m in enumerate(self.pl_mask):
            for c in bits_of(m):
                per_cell.setdefault(c, []).append(i)
        self.cell_pl: dict[int, int] = {c: sum(1 << i for i in idx) for c, idx in per_cell.items()}
        self._block: dict[int, int] = {}

        # Placements touching some ring or star, per shape (the only ones that can score).
        interesting = self.ring_union | self.stars
        self.useful_by_shape: tuple[tuple[int, ...], ...] = tuple(
            tuple(m for m in g.placements[letter] if m & interesting) for letter in LETTERS)
        self.useful_pl = 0
        for i, m in enumerate(self.pl_mask):
            if m & interesting:
                self.useful_pl |= 1 << i

        # -- rounds --------------------------------------------------------------------
        self.roll_shapes: list[tuple[int, ...]] = []
        # pairs[r][variant] = allowed (shape index, dig index) pairs
        self.pairs: list[dict[Variant, frozenset[tuple[int, int]]]] = []
        # shapes_for[r][variant] = (all shapes, shapes usable with dig 0, 1, 2)
        self.shapes_for: list[dict[Variant, tuple[tuple[int, ...], ...]]] = []
        for roll in self.rolls:
            self.roll_shapes.append(tuple(self.shape_index[s] for s in g.roll_shapes(roll)))
            pr: dict[Variant, frozenset[tuple[int, int]]] = {}
            sf: dict[Variant, tuple[tuple[int, ...], ...]] = {}
            for v in VARIANTS:
                switch = frozenset(n for n, on in zip(("shape", "dig"), v, strict=True) if on)
                ps = frozenset((self.shape_index[s], DIG_TYPES.index(d))
                               for s, d in g.choices(roll, switch))
                pr[v] = ps
                sf[v] = (tuple(sorted({s for s, _ in ps})),
                         *(tuple(sorted({s for s, d in ps if d == dd})) for dd in range(3)))
            self.pairs.append(pr)
            self.shapes_for.append(sf)
        # Placement-index masks of the roll shapes of round r, and the most of them
        # one cell lies in (a square meets at most that many).
        self.roll_pl = [sum(self.shape_bits[si] for si in shapes) for shapes in self.roll_shapes]
        self.max_degree = [max(((cp & rp).bit_count() for cp in self.cell_pl.values()),
                               default=0) for rp in self.roll_pl]
        # Placement-index masks of the roll shapes of rounds >= r (r = R: none).
        self.roll_bits_from = [0] * (self.R + 1)
        for r in range(self.R - 1, -1, -1):
            acc = self.roll_bits_from[r + 1]
            for si in self.roll_shapes[r]:
                acc |= self.shape_bits[si]
            self.roll_bits_from[r] = acc
        # Shapes that may be drawn in rounds >= r: any shape once a switch-shape can be
        # held (held at the start, or gained from a star), else the roll shapes.
        self.switch_shape_ever = switch_shape or g.start_bonuses[1] > 0 or self.stars != 0
        self.future_pl = [self.all_pl if self.switch_shape_ever else self.roll_bits_from[r]
                          for r in range(self.R + 1)]

        # -- per fossil: placements touching its ring, and the zone they cover --------------
        self.touchers: list[list[tuple[int, int]]] = []
        self.touch_by_shape: list[tuple[tuple[int, ...], ...]] = []
        self.zone: list[int] = []
        for ring in self.rings:
            ts = [(m, si) for si, letter in enumerate(LETTERS) for m in g.placements[letter]
                  if m & ring]
            self.touchers.append(ts)
            self.touch_by_shape.append(tuple(tuple(m for m, s in ts if s == si)
                                             for si in ALL_SHAPES))
            z = ring
            for m, _ in ts:
                z |= m
            self.zone.append(z)
        self.star_touch_by_shape = tuple(tuple(m for m in g.placements[letter] if m & self.stars)
                                         for letter in LETTERS)
        # Groups: placements touching the rings of two or more fossils, by that set.
        groups: dict[tuple[int, ...], list[tuple[int, int]]] = {}
        for si, letter in enumerate(LETTERS):
            for m in g.placements[letter]:
                touched = tuple(f for f, ring in enumerate(self.rings) if m & ring)
                if len(touched) >= 2:
                    groups.setdefault(touched, []).append((m, si))
        self.groups: list[tuple[tuple[int, ...], list[tuple[int, int]], int]] = []
        for members, pls in groups.items():
            z = 0
            for f in members:
                z |= self.rings[f]
            for m, _ in pls:
                z |= m
            self.groups.append((members, pls, z))
        # How many rings share each cell (weights for the cell-capacity bound).
        self.mult_masks = [0, 0, 0, 0, 0]     # cells in exactly 1, 2, 3, 4 rings
        for c in bits_of(self.ring_union):
            n = sum(1 for ring in self.rings if ring >> c & 1)
            self.mult_masks[min(n, 4)] |= 1 << c
        self._fossil_cache: list[dict[int, tuple[list[int], list[int]]]] = [
            {} for _ in self.rings]
        self._group_cache: list[dict[int, list[list[tuple[int, ...]]]]] = [
            {} for _ in self.groups]
        self.star_zone = self.stars
        for shapes in self.star_touch_by_shape:
            for m in shapes:
                self.star_zone |= m
        self._star_cache: dict[int, list[int]] = {}
        self._fb_cache: dict[tuple[object, ...], tuple[int, bool]] = {}
        self._cover_cache: dict[tuple[object, ...], tuple[int | None]] = {}
        self._cover_bases: _Recent[tuple[int, int, int, dict[int, list[int]]] | None] = (
            _Recent(COVER_BASES))
        self._cover_setup: _Recent[tuple[dict[int, list[tuple[int, int]]],
                                         dict[int, int], list[int]]] = _Recent(COVER_SETUPS)

    # -- fit sets ----------------------------------------------------------------------

    def block(self, cells: int) -> int:
        """The placement indices that contain some cell of ``cells``."""
        b = self._block.get(cells)
        if b is None:
            b = 0
            for c in bits_of(cells):
                b |= self.cell_pl.get(c, 0)
            if len(self._block) < 400_000:
                self._block[cells] = b
        return b

    def fit_of(self, drawn: int) -> int:
        """The fit set of a board: the placements meeting no drawn cell. (A search from a
        mid-game state starts from this, so that a fit set is always a function of the
        board and transposition keys agree between searches from different states.)"""
        return self.all_pl & ~self.block(drawn)

    def masks_of(self, pl_bits: int) -> list[int]:
        return [self.pl_mask[i] for i in bits_of(pl_bits)]

    # -- score -------------------------------------------------------------------------

    def score(self, s: State) -> int:
        """``s.score().total`` without building the breakdown."""
        total = s.held[3]
        dug, same = s.dug, s.same
        i = 0
        while dug >> i:
            if dug >> i & 1:
                total += self.points[i] + (self.bonus[i] if same >> i & 1 else 0)
            i += 1
        return total

    def quick_bound(self, s: State) -> int:
        """A loose upper bound on the final score reachable from ``s``, in microseconds:
        the score now, plus every fossil not dug yet with its same-dig-type bonus, plus
        one +1 Point per open star within the cap (a star gives one bonus, once). For
        answers cut by the clock before :meth:`bound` finished."""
        total = self.score(s)
        for f in range(self.nf):
            if not s.dug >> f & 1:
                total += self.points[f] + self.bonus[f]
        open_stars = (self.stars & ~s.drawn).bit_count()
        return total + min(open_stars, BONUS_CAP - s.gained[PLUS_ONE])

    def undug_rings(self, dug: int) -> int:
        m = 0
        for f, ring in enumerate(self.rings):
            if not dug >> f & 1:
                m |= ring
        return m

    # -- the bound ---------------------------------------------------------------------

    def fossil_info(self, f: int, drawn: int) -> tuple[list[int], list[int]]:
        """Per shape: the most open ring cells of fossil ``f`` one fitting placement covers,
        and the union of the open ring cells fitting placements cover. Depends only on the
        drawn cells in the fossil's zone (its ring and every placement touching it)."""
        key = drawn & self.zone[f]
        cache = self._fossil_cache[f]
        hit = cache.get(key)
        if hit is not None:
            return hit
        open_ring = self.rings[f] & ~drawn
        most = [0] * N_SHAPES
        cover = [0] * N_SHAPES
        for m, si in self.touchers[f]:
            if m & drawn:
                continue
            x = m & open_ring
            n = x.bit_count()
            if n > most[si]:
                most[si] = n
            cover[si] |= x
        if len(cache) > 200_000:
            cache.clear()
        cache[key] = (most, cover)
        return most, cover

    def group_info(self, gi: int, drawn: int) -> list[list[tuple[int, ...]]]:
        """Per shape: the distinct vectors (open ring cells covered, per member fossil)
        of the fitting placements of group ``gi`` (placements touching several rings)."""
        members, pls, zone = self.groups[gi]
        key = drawn & zone
        cache = self._group_cache[gi]
        hit = cache.get(key)
        if hit is not None:
            return hit
        vecs: list[set[tuple[int, ...]]] = [set() for _ in ALL_SHAPES]
        for m, si in pls:
            if m & drawn:
                continue
            vecs[si].add(tuple((m & self.rings[f] & ~drawn).bit_count() for f in members))
        # Only the vectors no other vector covers matter: every use is monotone in them.
        out = [sorted(x for x in v if not any(y != x and _covers(y, x) for y in v))
               for v in vecs]
        if len(cache) > 200_000:
            cache.clear()
        cache[key] = out
        return out

    def star_info(self, drawn: int) -> list[int]:
        """Per shape: the most open stars one fitting placement covers."""
        key = drawn & self.star_zone
        hit = self._star_cache.get(key)
        if hit is not None:
            return hit
        most = [0] * N_SHAPES
        open_stars = self.stars & ~drawn
        for si in ALL_SHAPES:
            for m in self.star_touch_by_shape[si]:
                if not m & drawn:
                    n = (m & open_stars).bit_count()
                    if n > most[si]:
                        most[si] = n
        if len(self._star_cache) > 200_000:
            self._star_cache.clear()
        self._star_cache[key] = most
        return most

    def bound(self, s: State, enough: int | None = None) -> int:
        """An upper bound on the final score reachable from ``s`` (real game or may-pass).
        With ``enough``, any answer not above it may be returned once that is known (it is
        still an upper bound: see :meth:`stars_and_fossils`).

        Why it is admissible, piece by piece:
        - Fits only shrink: a placement that does not fit now never fits later, and open
          ring cells only close; so "the most open ring cells of fossil f that one placement
          of shape X covers" computed now bounds every later round's draw.
        - A round can draw the shapes its roll offers, or any shape if a switch-shape can be
          held by then (held now, or gained from a star in an earlier round: gains are usable
          from the next round on). Same for dig types with switch-dig.
        - A fossil not yet dug needs every open ring cell covered, by shapes or by One
          Squares (not on stars). Squares available: held + those stars can still give
          (at most the stars the rounds before the last can cover, within the kind's cap).
        - Its same-dig-type bonus needs every ring cell drawn by shapes of one dig type d,
          no square, no pre-drawn cell; so only the rounds that can pair some shape with d
          count towards it.
        - Rounds: a fossil completed from here needs at least ``n_f`` more rounds whose
          draw touches its ring (greedy on the best per-round coverage). One draw touches at
          most ``touch`` rings (1, or the size of the largest group of rings one fitting
          placement reaches), so the rounds' sum bounds the sum of the ``n_f``.
        - Round units: with ``a_f`` the most open ring cells of f one draw of the remaining
          rounds covers, a set S of fossils completed needs sum(need_f / a_f) units; one
          draw gives at most max over fitting placements of sum_f (cells of f) / a_f
          units (1 for a placement touching one ring), one square 1 / min a_f.
        - Cells: the cells still to draw for a set of fossils are at least the sum of their
          open ring cells weighted 1/(number of rings holding the cell); one draw covers at
          most ``min(5, most ring cells one placement covers)``, one square one cell.
        - +1 Points: at most one per open star, within the kind's cap, and at most the
          stars the remaining rounds' draws can cover.
        - Geometry: a fossil needs at least :meth:`cover_rounds` rounds (the fewest whose
          draws, one fitting placement per round of a shape it offers, cover the open
          ring), and a set of fossils completed together needs one cover of all their
          rings (with their bonuses' dig types); a set with none is never chosen.
        The best set of fossils under these capacities is found exactly (a small knapsack).
        """
        t = self
        r = s.round
        cur = t.score(s)
        R = t.R
        k = R - r
        if k <= 0:
            return cur
        drawn = s.drawn
        held, gained = s.held, s.gained
        n_open_stars = (t.stars & ~drawn).bit_count()
        later_stars = n_open_stars > 0 and k >= 2
        ss_now, sd_now = held[1] > 0, held[2] > 0
        ss_later = ss_now or (later_stars and gained[1] < BONUS_CAP)
        sd_later = sd_now or (later_stars and gained[2] < BONUS_CAP)
        rounds: list[Slot] = [(t.shapes_for[r][(False, False)],
                               t.shapes_for[r][(ss_now, sd_now)], 1)]
        rounds += [(t.shapes_for[rr][(False, False)], t.shapes_for[rr][(ss_later, sd_later)], 1)
                   for rr in range(r + 1, R)]
        gains = sq_gains = sw_gains = 0
        if n_open_stars:
            smost = t.star_info(drawn)
            per_round_stars = [max((smost[si] for si in up[0]), default=0)
                               for _, up, _n in rounds]
            reach = sum(per_round_stars)
            gains = min(n_open_stars, t.cap_total(gained), reach)
            if later_stars:
                # Bonuses gained in the last round can never be spent.
                before_last = reach - per_round_stars[-1]
                sq_gains = min(BONUS_CAP - gained[0], before_last)
                sw_gains = min(2 * BONUS_CAP - gained[1] - gained[2], before_last)
        undug = [f for f in range(t.nf) if not s.dug >> f & 1]
        return cur + t.stars_and_fossils(
            drawn, s.digs, undug, rounds, held_sq=held[0], used_sq=0, gains=gains,
            sq_cap=sq_gains, plus_cap=BONUS_CAP - gained[3], held_sw=held[1] + held[2],
            sw_cap=sw_gains, enough=None if enough is None else enough - cur)

    @staticmethod
    def cap_total(gained: tuple[int, int, int, int]) -> int:
        return sum(BONUS_CAP - g for g in gained)

    def stars_and_fossils(self, drawn: int, digs: tuple[int, int, int], fossils: Sequence[int],
                          rounds: Sequence[Slot], *, held_sq: int,
                          used_sq: int, gains: int, sq_cap: int, plus_cap: int, held_sw: int,
                          sw_cap: int, owed_sw: int = 0, enough: int | None = None) -> int:
        """The fossil bound plus +1 Points. Each of the ``gains`` star bonuses still to come
        is one of: a +1 Point (at most ``plus_cap``), a One Square (at most ``sq_cap``), a
        switch (at most ``sw_cap``), never two. ``owed_sw`` switches already spent must
        be paid from them, and so must the ``used_sq`` squares already placed beyond the
        ``held_sq`` held. ``held_sw`` switches are held. Returns a very negative number
        when the bonuses spent cannot be paid for. With ``enough``, any answer not above it
        may be returned as soon as that is known."""
        free = gains - owed_sw
        lo = max(0, used_sq - held_sq)
        if free < lo:
            return NEG
        cache: dict[tuple[int, int], int] = {}
        hi_u = max(lo, min(sq_cap, free))
        # Every answer below is (+1 Points of a split) + (fossil bound of the split), the
        # +1 Points at most min(plus_cap, free - lo). So the fossil bounds need only be
        # known above ``floor``: max(floor, true fossil bound) keeps each term an upper
        # bound, and a term is not above ``enough`` whenever its true value is not.
        floor = NEG if enough is None else enough - min(plus_cap, free - lo)

        def fb(u: int, w: int) -> int:
            hit = cache.get((u, w))
            if hit is None:
                hit = cache[(u, w)] = self.fossil_bound(
                    drawn, digs, fossils, rounds, held_sq + u - used_sq, held_sw + w,
                    floor=floor)
            return hit

        # No split beats "every bonus a +1 Point, and also a square and a switch" (the
        # fossil bound only grows with squares and switches).
        quick = min(plus_cap, free - lo) + fb(hi_u, min(sw_cap, free))
        if (enough is not None and quick <= enough) or (hi_u == lo and sw_cap == 0):
            return quick
        # Every split (u squares, w switches, the rest +1 Points). For one u, the fossil
        # bound grows with w: when it is the same at both ends it is the same throughout.
        # (No such shortcut across u: one square and one switch can beat two of either.)
        best = NEG
        for u in range(lo, hi_u + 1):
            rest = free - u
            hi_w = min(sw_cap, rest)
            if fb(u, 0) == fb(u, hi_w):
                best = max(best, min(plus_cap, rest) + fb(u, 0))
            else:
                for w in range(hi_w + 1):
                    best = max(best, min(plus_cap, rest - w) + fb(u, w))
            if best >= quick:
                break
        return best

    def fossil_bound(self, drawn: int, digs: tuple[int, int, int], fossils: Sequence[int],
                     rounds: Sequence[Slot], sq: int, upgrades: int, *, floor: int = NEG
                     ) -> int:
        """:meth:`_fossil_bound`, memoised. It reads ``drawn`` only inside the zones of
        ``fossils`` (their rings and every placement touching them: the zones of groups
        lie inside these too) and ``digs`` only on rings, so the key keeps just those. An
        answer not above its floor is stored as "at most that floor", and reused only
        for a floor at least as high."""
        zone = 0
        for f in fossils:
            zone |= self.zone[f]
        ru = self.ring_union
        key = (drawn & zone, digs[0] & ru, digs[1] & ru, digs[2] & ru, tuple(fossils),
               tuple(rounds), sq, upgrades)
        hit = self._fb_cache.get(key)
        if hit is not None:
            value, exact = hit
            if exact:
                return max(value, floor)
            if value <= floor:
                return floor
        value = self._fossil_bound(drawn, digs, fossils, rounds, sq, upgrades, floor=floor)
        if len(self._fb_cache) >= 300_000:
            self._fb_cache.clear()
        self._fb_cache[key] = (value, value > floor or floor <= 0)
        return value

    def _cover_base(self, targets: tuple[tuple[int, int], ...], drawn: int
                    ) -> tuple[int, int, int, dict[int, list[int]]] | None:
        """For :meth:`cover_rounds`: (the open ring cells of the targets, the drawn cells
        it depends on, the cells a square may cover, and per kind ``shape * 4 + k`` the
        maximal sets of target cells one fitting placement covers), or None when two
        targets need different dig types on one cell. Memoised."""
        zone = 0
        for f, _k in targets:
            zone |= self.zone[f]
        local = drawn & zone
        key = (targets, local)
        known = self._cover_bases.get(key)
        if known is not None:
            return known[0]
        target = 0
        need = [0, 0, 0, 0]                       # cells needing dig type k - 1
        for f, k in targets:
            open_f = self.rings[f] & ~drawn
            target |= open_f
            need[k] |= open_f
        out: tuple[int, int, int, dict[int, list[int]]] | None = None
        if not (need[1] & need[2] or need[1] & need[3] or need[2] & need[3]):
            free_sq = target & ~self.stars & ~(need[1] | need[2] | need[3])
            raw: dict[int, set[int]] = {}
            for sk, _m, x in self.draws_by_kind(targets, drawn, target, need):
                raw.setdefault(sk, set()).add(x)
            kinds: dict[int, list[int]] = {}
            for sk, subs in raw.items():
                kept: list[int] = []
                for x in sorted(subs, key=lambda y: -y.bit_count()):
                    if not any(x & y == x for y in kept):
                        kept.append(x)
                kinds[sk] = kept
            out = (target, local, free_sq, kinds)
        self._cover_bases.put(key, out)
        return out

    def draws_by_kind(self, targets: tuple[tuple[int, int], ...], drawn: int, target: int,
                      need: list[int]) -> Iterator[tuple[int, int, int]]:
        """The fitting placements touching the rings of the fossils of ``targets`` that
        cover cells of ``target``, as (kind ``shape * 4 + k``, the placement's cells, its
        cells of ``target``): k is 1 + the dig type of the cells of ``need[k]`` it meets,
        0 when it meets none; one meeting two of them is left out (one draw has one dig
        type)."""
        for f, _k in targets:
            for m, si in self.touchers[f]:
                x = m & target
                if m & drawn or not x:
                    continue
                ks = [k for k in (1, 2, 3) if x & need[k]]
                if len(ks) <= 1:
                    yield si * 4 + (ks[0] if ks else 0), m, x

    def cover_rounds(self, targets: tuple[tuple[int, int], ...], drawn: int,
                     rounds: tuple[Slot, ...], upgrades: int, sq: int, lo: int, *,
                     possible: bool = False, budget: list[int] | None = None,
                     max_nodes: int = COVER_NODES, weighted: bool = False) -> int | None:
        """The fewest rounds of ``rounds`` whose draws, with ``sq`` One Squares, can cover
        every open ring cell of the fossils of ``targets`` together (None: no way at all),
        found exactly by a small search over the fitting placements touching those rings;
        ``lo`` is a known lower bound. A target is (fossil, k): k = 0 any dig, k = 1 + d
        every ring cell in dig type d (its same-dig-type bonus: no square on that ring). A
        search past ``max_nodes`` nodes (:data:`COVER_NODES`) gives up and returns ``lo``.
        With ``possible``, only whether some cover exists is asked: the answer is 0 or
        None. ``budget``, a one-item list shared by several calls, is decremented per
        node; at 0 the search gives up too (and that answer is not remembered).

        Why it is a lower bound on the rounds any line completing those fossils (with
        those bonuses) needs: every open cell of their rings must end up drawn, by a shape
        or by a square (not on a star, not on a bonus ring). The shapes drawn in the
        remaining rounds fit now (fits only shrink), one per round, of a shape the round
        offers in the dig type the rings it touches need (one dig per draw: a draw
        touching two rings needing different dig types is impossible), or offers with
        switches in at most ``upgrades`` rounds (as in :func:`_min_rounds`: more freedom
        than the real switches give); only draws touching the rings matter here. The
        search relaxes the rest: draws may overlap (a real line's draws are disjoint), so
        a draw is only its shape, dig need and the ring cells it covers, and of two such
        draws of one shape and dig need, one covering a subset of the other's ring cells
        is never needed (swap in the larger one: still a cover). It tries every such
        assignment, so the minimum it finds is at most the rounds of any real line.
        Squares cost no round.

        ``weighted`` adds a cut (the same answers, found in fewer nodes): give each target
        cell x the weight 1/k(x), k(x) the most target cells one candidate through x
        covers (over the candidates the rounds accept); a draw covers at most 1 in weight
        of any cells left (each of its j cells left has k >= j), a square one cell, so a
        node needs at least the weight of its cells left, less the ``sql`` heaviest a
        square may take, in rounds."""
        if self.check is not None:
            self.check()
        total = sum(n for _b, _u, n in rounds)
        upgrades = min(upgrades, total)
        # Rounds offering the same shapes are interchangeable here: one slot with a count.
        merged: dict[tuple[Shapes, Shapes], int] = {}
        for b, u, n in rounds:
            merged[(b, u)] = merged.get((b, u), 0) + n
        rounds = tuple(sorted((b, u, n) for (b, u), n in merged.items()))
        base = self._cover_base(targets, drawn)
        if base is None:
            return None                           # one cell, two dig types
        target, local, free_sq, kinds = base
        n_sq = min(sq, free_sq.bit_count())
        key = (targets, local, rounds, upgrades, n_sq, possible)
        hit = self._cover_cache.get(key)
        if hit is not None:
            return hit[0] if hit[0] is None or hit[0] >= lo else lo
        # The candidates the rounds can draw at all, per target cell.
        slots = [(b, u) for b, u, _n in rounds]
        accept: dict[int, list[tuple[int, int]]] = {}
        for sk in kinds:
            si, k = sk >> 2, sk & 3
            acc = [(j, 0) if si in b[k] else (j, 1) for j, (b, u) in enumerate(slots)
                   if si in b[k] or (upgrades and si in u[k])]
            if acc:
                accept[sk] = acc
        skey = (targets, local, frozenset(accept))
        known = self._cover_setup.get(skey)
        if known is None:
            per_cell: dict[int, list[tuple[int, int]]] = {c: [] for c in bits_of(target)}
            for sk in accept:
                for x in kinds[sk]:
                    for c in bits_of(x):
                        per_cell[c].append((x, sk))
            # Per target cell: every cell some candidate covers with it. Cells no
            # candidate covers together need one draw (or square) each: a lower bound.
            reach = {c: 0 for c in per_cell}
            for c, opts in per_cell.items():
                for x, _sk in opts:
                    reach[c] |= x
            order = sorted(per_cell, key=lambda c: len(per_cell[c]))
            setup = (per_cell, reach, order)
            self._cover_setup.put(skey, setup)
        else:
            setup = known[0]
        per_cell, reach, order = setup
        # For ``weighted``: level[j], the target cells whose k(x) is j (0: no candidate).
        level = [0] * 6
        if weighted:
            for c, opts in per_cell.items():
                level[max((x.bit_count() for x, _sk in opts), default=0)] |= 1 << c
        sq_level = [m & free_sq for m in level]
        counts0 = tuple(n for _b, _u, n in rounds)
        failed: set[tuple[int, tuple[int, ...], int, int, int]] = set()
        nodes = 0

        def feasible(left_cells: int, counts: tuple[int, ...], upg: int,
                     sql: int, left: int) -> bool:
            nonlocal nodes
            if not left_cells:
                return True
            # Every call counts (a node's children are many, most cut at once).
            nodes += 1
            if nodes > max_nodes:
                raise _TooLong
            if budget is not None:
                budget[0] -= 1
                if budget[0] < 0:
                    raise _TooLong
            if nodes & 127 == 0 and self.check is not None:
                self.check()
            fkey = (left_cells, counts, upg, sql, left)
            if fkey in failed:
                return False
            if weighted:
                total_w, q = 0, sql
                for j in range(6):                # heaviest first: 60, 60, 30, 20, ...
                    total_w += _WEIGHT[j] * (level[j] & left_cells).bit_count()
                    took = min(q, (sq_level[j] & left_cells).bit_count())
                    total_w -= _WEIGHT[j] * took
                    q -= took
                if total_w > 60 * left:
                    failed.add(fkey)
                    return False
            lone, lone_sq, seen_cells, c = 0, 0, 0, -1
            for x in order:
                if left_cells >> x & 1 and not seen_cells >> x & 1:
                    if c < 0:
                        c = x                  # the open cell with the fewest candidates
                    seen_cells |= reach[x] | 1 << x
                    if free_sq >> x & 1:
                        lone_sq += 1
                    else:
                        lone += 1
            if lone + max(0, lone_sq - sql) > left:
                failed.add(fkey)
                return False
            if left:
                for m, sk in per_cell[c]:
                    rest = left_cells & ~m
                    for j, cost in accept[sk]:
                        if not counts[j] or cost > upg:
                            continue
                        c2 = (*counts[:j], counts[j] - 1, *counts[j + 1:])
                        if feasible(rest, c2, upg - cost, sql, left - 1):
                            return True
            if sql and free_sq >> c & 1 and feasible(left_cells & ~(1 << c), counts, upg,
                                                     sql - 1, left):
                return True
            failed.add(fkey)
            return False

        answer: int | None = None
        try:
            if possible:
                answer = 0 if feasible(target, counts0, upgrades, n_sq, total) else None
            else:
                for n in range(max(lo, 0), total + 1):
                    if feasible(target, counts0, upgrades, n_sq, n):
                        answer = n
                        break
        except _TooLong:
            # Gave up: ``lo`` is still a lower bound.
            if nodes <= max_nodes:
                return lo      # the shared budget ran out: another call may do better
            answer = lo
        if len(self._cover_cache) >= 300_000:
            self._cover_cache.clear()
        # ``lo`` never exceeds the true minimum, so the first n found is the minimum and
        # None means no n up to ``total`` works; either is stored as a lower bound.
        self._cover_cache[key] = (answer,)
        return answer

    def _fossil_bound(self, drawn: int, digs: tuple[int, int, int], fossils: Sequence[int],
                      rounds: Sequence[Slot], sq: int, upgrades: int, *, floor: int = NEG
                      ) -> int:
        """An upper bound on the points and bonuses the ``fossils`` (not dug) can still
        earn with the draws of ``rounds`` and ``sq`` One Squares. An entry is (choices
        without switches, choices with the switches that may be spent, how many rounds
        offer them); at most ``upgrades`` rounds use the second (each spends a switch).
        See :meth:`bound` for why it is admissible."""
        t = self
        if not fossils or (not rounds and not sq):
            return 0
        infos = {f: t.fossil_info(f, drawn) for f in fossils}
        rt = tuple(rounds)
        budget = [COVER_BUDGET]     # ring-cover nodes this bound may spend (cover_rounds)
        union_shapes: set[int] = set()
        for _base, up, _n in rounds:
            union_shapes.update(up[0])
        # The dig types some fossil can still earn its same-dig-type bonus in.
        bonus_digs: dict[int, list[int]] = {}
        for f in fossils:
            if t.bonus[f]:
                done = t.rings[f] & drawn
                ok = [d for d in range(3) if done & digs[d] == done]
                if ok:
                    bonus_digs[f] = ok
        wanted = [*sorted({d for ds in bonus_digs.values() for d in ds}), 3]
        # Per fossil: per round, the most open ring cells one draw covers, without and
        # with switches, any dig (index 3) or in dig type d (only where a bonus needs it).
        cov: dict[int, dict[int, tuple[list[int], list[int]]]] = {}
        a: list[dict[int, int]] = [{}, {}, {}, {}]
        for f in fossils:
            get = infos[f][0].__getitem__
            lists = {}
            for d in [*bonus_digs.get(f, []), 3]:
                k = 0 if d == 3 else 1 + d
                lb: list[int] = []
                lu: list[int] = []
                for base, up, n in rounds:
                    lb += [max(map(get, base[k]), default=0)] * n
                    lu += [max(map(get, up[k]), default=0)] * n
                lists[d] = (lb, lu)
                a[d][f] = max(lu, default=0)
            cov[f] = lists
        # Per shape: most ring cells one placement covers (all rings), most rings touched,
        # most round units any dig / per dig (scaled by 60: every x / a, a <= 5, is whole).
        cells_by_shape = [0] * N_SHAPES
        touch_by_shape = [0] * N_SHAPES
        units_by_shape = [[0] * N_SHAPES for _ in range(4)]
        # Per shape: the sets of candidate fossils one fitting placement touches together;
        # and every (cells, fossil) vector of such a placement.
        together: list[set[int]] = [set() for _ in ALL_SHAPES]
        joint: set[tuple[tuple[int, int], ...]] = set()
        seen: set[tuple[int, tuple[tuple[int, int], ...]]] = set()
        for f in fossils:
            most = infos[f][0]
            for si in ALL_SHAPES:
                if most[si]:
                    touch_by_shape[si] = 1
                    for d in wanted:
                        units_by_shape[d][si] = 60
                    if most[si] > cells_by_shape[si]:
                        cells_by_shape[si] = most[si]
        for gi, (members, _pls, _zone) in enumerate(t.groups):
            idx = [j for j, f in enumerate(members) if f in cov]
            if len(idx) < 2:
                continue      # touches at most one candidate: the single terms cover it
            gvecs = t.group_info(gi, drawn)
            for si in union_shapes:
                for vec in gvecs[si]:
                    xs = [(vec[j], members[j]) for j in idx if vec[j]]
                    if len(xs) < 2:
                        continue
                    total = sum(x for x, _ in xs)
                    if total > cells_by_shape[si]:
                        cells_by_shape[si] = total
                    key = tuple(xs)
                    if (si, key) in seen:
                        continue
                    seen.add((si, key))
                    joint.add(key)
                    together[si].add(sum(1 << f for _, f in xs))
                    for d in wanted:
                        ad = a[d]
                        units = sum(60 * x // ad[f] for x, f in xs if ad.get(f))
                        if units > units_by_shape[d][si]:
                            units_by_shape[d][si] = units

        def capacity(per_shape: list[int], k: int, limit: int) -> int:
            """Sum over rounds of the best per-shape value (capped at ``limit``), the
            ``upgrades`` largest improvements with switches included."""
            get = per_shape.__getitem__
            total = 0
            better: list[tuple[int, int]] = []
            for base, up, n in rounds:
                b = min(limit, max(map(get, base[k]), default=0))
                u = min(limit, max(map(get, up[k]), default=0))
                total += b * n
                if u > b:
                    better.append((u - b, n))
            left = upgrades
            for gain, n in sorted(better, reverse=True):
                if left <= 0:
                    break
                take = min(n, left)
                total += gain * take
                left -= take
            return total

        cell_cap = capacity(cells_by_shape, 0, 5) + sq
        round_cap = capacity(touch_by_shape, 0, 99)

        def extra_touch(k: int) -> list[tuple[int, list[int]]]:
            """Per round entry: (rounds, sets of fossils one draw touches together)."""
            out = []
            for _base, up, n in rounds:
                masks: set[int] = set()
                for si in up[k]:
                    masks |= together[si]
                if masks:
                    out.append((n, sorted(masks)))
            return out

        multi = [extra_touch(1 + d) for d in range(3)] + [extra_touch(0)]
        unit_caps = [capacity(units_by_shape[d], 1 + d, 10**6) if d in wanted else 0
                     for d in range(3)]
        unit_caps.append(capacity(units_by_shape[3], 0, 10**6))
        dig_caps = [capacity(touch_by_shape, 1 + d, 99) for d in range(3)]
        cell_cap *= UNIT

        mm = t.mult_masks
        # Per fossil, its options: (value, rounds, weight, units, dig, units in dig): dig
        # -1 without the bonus, d for the bonus in dig type d.
        items: list[tuple[int, list[tuple[int, int, int, int, int, int]]]] = []
        a_min = 5
        for f in fossils:
            most, cover = infos[f]
            ring = t.rings[f]
            open_ring = ring & ~drawn
            need = open_ring.bit_count()
            weight = (UNIT * (open_ring & mm[1]).bit_count()
                      + (UNIT // 2) * (open_ring & mm[2]).bit_count()
                      + (UNIT // 3) * (open_ring & mm[3]).bit_count()
                      + (UNIT // 4) * (open_ring & mm[4]).bit_count())
            squarable = open_ring & ~t.stars
            sq_f = min(sq, squarable.bit_count())
            coverable = squarable if sq_f else 0
            for si in union_shapes:
                coverable |= cover[si]
            if open_ring & ~coverable:
                continue
            lb, lu = cov[f][3]
            n_f = _min_rounds(lb, lu, upgrades, need - sq_f)
            if n_f is None:
                continue
            # The geometry: disjoint placements, one per round (cover_rounds says why).
            n_f = t.cover_rounds(((f, 0),), drawn, rt, upgrades, sq, n_f, budget=budget)
            if n_f is None:
                continue
            af = a[3][f]
            units = 60 * need // af if af else 0
            if af:
                a_min = min(a_min, af)
            options = [(t.points[f], n_f, weight, units, -1, 0)]
            if t.bonus[f]:
                for d in bonus_digs.get(f, []):
                    covd = 0
                    for si in union_shapes:
                        if any(si in up[1 + d] for _, up, _n in rounds):
                            covd |= cover[si]
                    if open_ring & ~covd:
                        continue
                    lb, lu = cov[f][d]
                    nb = _min_rounds(lb, lu, upgrades, need)
                    if nb is not None:
                        nb = t.cover_rounds(((f, 1 + d),), drawn, rt, upgrades, 0, nb,
                                            budget=budget)
                    if nb is not None:
                        options.append((t.points[f] + t.bonus[f], nb, weight, units, d,
                                        60 * need // a[d][f]))
            items.append((f, options))
        # One square takes 60 / a <= 60 / a_min units off each ring holding its cell.
        share = 1
        open_cells = 0
        for f, _ in items:
            open_cells |= t.rings[f] & ~drawn
        for k in (4, 3, 2):
            if open_cells & mm[k]:
                share = k
                break
        unit_caps[3] += 60 * sq * share // a_min
        # Fossils whose open rings share a cell: their bonuses need the same dig type.
        shared = {f: 0 for f, _ in items}
        for i, (f, _) in enumerate(items):
            of = t.rings[f] & ~drawn
            for g, _ in items[i + 1:]:
                if of & t.rings[g]:
                    shared[f] |= 1 << g
                    shared[g] |= 1 << f
        # Fossils one draw can touch together; per such draw, its units per fossil.
        linked = {f: 0 for f, _ in items}
        joint_units = []
        for pairs_fx in joint:
            mask = sum(1 << f for _, f in pairs_fx)
            for _, f in pairs_fx:
                if f in linked:
                    linked[f] |= mask & ~(1 << f)
            joint_units.append((mask, tuple((f, 60 * x // a[3][f]) for x, f in pairs_fx)))
        groups = _Groups(linked, joint_units, 60 * sq * share)
        # The same per dig type, for the bonuses (no square on a bonus ring).
        dig_groups = [_Groups(linked, [(mask, tuple((f, 60 * x // a[d][f])
                                                    for x, f in pairs_fx if a[d].get(f)))
                                       for pairs_fx in joint
                                       for mask in [sum(1 << f for _, f in pairs_fx)]], 0)
                      for d in range(3)]

        def cover_ok(targets: tuple[tuple[int, int], ...]) -> bool:
            # Fossils completed together need one cover of all their rings, with their
            # bonuses' dig types, by disjoint draws of the rounds (cover_rounds says why).
            return t.cover_rounds(targets, drawn, rt, upgrades, sq, 0, possible=True,
                                  budget=budget) is not None

        return _knapsack(items, round_cap, cell_cap, unit_caps, dig_caps, shared, multi, groups,
                         dig_groups, floor, self.check, cover_ok)


class _Recent(Generic[V]):
    """At most ``size`` entries, the least recently used dropped first (a dict keeps its
    order of insertion: a hit moves its entry to the end). ``get`` answers a one-item
    tuple, so that a stored None is told from a miss."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: dict[object, V] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, key: object) -> tuple[V] | None:
        entries = self.entries
        if key not in entries:
            return None
        value = entries.pop(key)
        entries[key] = value
        return (value,)

    def put(self, key: object, value: V) -> None:
        entries = self.entries
        entries.pop(key, None)
        if len(entries) >= self.size:
            del entries[next(iter(entries))]
        entries[key] = value


def _min_rounds(base: list[int], up: list[int], upgrades: int, need: int) -> int | None:
    """Fewest rounds whose coverage adds up to ``need`` (None: impossible), each round
    giving its ``base`` value or, for at most ``upgrades`` of them, its ``up`` value. The
    best j rounds are over-estimated by the top u of ``up`` plus the top j - u of
    ``base`` (a round may be counted twice), which keeps the answer a lower bound."""
    if need <= 0:
        return 0
    sb = sorted(base, reverse=True)
    su = sorted(up, reverse=True)
    pb = [0]
    for x in sb:
        pb.append(pb[-1] + x)
    pu = [0]
    for x in su:
        pu.append(pu[-1] + x)
    for j in range(1, len(base) + 1):
        best = max(pu[u] + pb[j - u] for u in range(min(upgrades, j) + 1))
        if best >= need:
            return j
    return None


class _Groups:
    """Rounds needed by a set of fossils: split it into the groups that some draw touches
    together (a draw serves one group only); a lone fossil needs its own rounds, a group
    at least its largest member's and its units over the most units one draw gives it."""

    def __init__(self, linked: dict[int, int],
                 joint_units: list[tuple[int, tuple[tuple[int, int], ...]]],
                 square_units: int) -> None:
        self.linked = linked
        self.joint_units = joint_units
        self.square_units = square_units
        self._rho: dict[int, int] = {}

    def rho(self, comp: int) -> int:
        hit = self._rho.get(comp)
        if hit is None:
            hit = 60
            for mask, per in self.joint_units:
                if (mask & comp).bit_count() >= 2:
                    hit = max(hit, sum(u for f, u in per if comp >> f & 1))
            self._rho[comp] = hit
        return hit

    def rounds(self, need: dict[int, tuple[int, int]]) -> int:
        """``need``: fossil -> (rounds alone, units)."""
        total = 0
        left = set(need)
        while left:
            f = left.pop()
            comp, todo = 1 << f, [f]
            while todo:
                g = todo.pop()
                for h in bits_of(self.linked.get(g, 0)):
                    if h in left:
                        left.discard(h)
                        comp |= 1 << h
                        todo.append(h)
            if comp == 1 << f:
                total += need[f][0]
                continue
            members = bits_of(comp)
            units = max(0, sum(need[g][1] for g in members) - self.square_units)
            rho = self.rho(comp)
            total += max(max(need[g][0] for g in members), -(-units // rho))
        return total


def _knapsack(items: list[tuple[int, list[tuple[int, int, int, int, int, int]]]],
              round_cap: int, cell_cap: int, unit_caps: list[int], dig_caps: list[int],
              shared: dict[int, int], multi: list[list[tuple[int, list[int]]]],
              groups: _Groups, dig_groups: list[_Groups], floor: int = NEG,
              check: Callable[[], None] | None = None,
              joint: Callable[[tuple[tuple[int, int], ...]], bool] | None = None) -> int:
    """Best total value choosing at most one option per fossil within the capacities: the
    rounds, cells and units of every option, the rounds and units of bonus options per dig
    type, and one dig type for the bonuses of fossils whose open rings share a cell.

    Rounds: each round touches one ring, plus, when one fitting placement touches several
    chosen fossils' rings together (``multi``), one more per extra ring; so the rounds the
    chosen fossils need may exceed the rounds only by those extras.

    Returns max(``floor``, the best total): starting the search from ``floor`` prunes
    every branch that cannot beat it, and the answer stays an upper bound. A search that
    runs past ``KNAPSACK_NODES`` nodes stops and returns the sum of every fossil's best
    option (an upper bound of any choice: weaker, still safe). ``check`` is called now and
    then (the search's clock: a time limit must also stop a long bound). ``joint``
    (targets as in :meth:`Tables.cover_rounds`) says whether two or more fossils can be
    completed together with those dig types for their bonuses; a set it rejects is
    never chosen (no line completes it), nor is any set containing it."""
    items = sorted(items, key=lambda it: -max(o[0] for o in it[1]))
    suffix = [0] * (len(items) + 1)
    for i in range(len(items) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + max(o[0] for o in items[i][1])
    best = max(0, floor)
    nodes = 0
    bonus_dig: dict[int, int] = {}
    extra_memo: dict[tuple[int, int], int] = {}

    def extra(k: int, chosen: int) -> int:
        key = (k, chosen)
        hit = extra_memo.get(key)
        if hit is None:
            hit = 0
            for n, masks in multi[k]:
                most = max((m & chosen).bit_count() for m in masks)
                if most > 1:
                    hit += n * (most - 1)
            extra_memo[key] = hit
        return hit

    need: dict[int, tuple[int, int]] = {}
    need_d: list[dict[int, tuple[int, int]]] = [{}, {}, {}]
    choice: dict[int, int] = {}          # chosen fossil -> k (0, or 1 + the bonus dig)

    def together(f: int, k: int, gain: int) -> bool:
        # Asked last and only for a choice that could still beat the best (else the
        # branch below is cut at once anyway): the cover search is the costly check.
        if joint is None or not choice or gain <= best:
            return True
        return joint(tuple(sorted([*choice.items(), (f, k)])))

    def go(i: int, value: int, chosen: int, rounds: int, cells_left: int, units_left: int,
           per_dig: tuple[int, int, int, int, int, int]) -> None:
        nonlocal best, nodes
        if value > best:
            best = value
        if i == len(items) or value + suffix[i] <= best:
            return
        nodes += 1
        if nodes & 1023 == 0:
            if nodes > KNAPSACK_NODES:
                raise _TooLong
            if check is not None:
                check()
        f, options = items[i]
        now = chosen | 1 << f
        for v, n, w, u, d, ud in sorted(options, reverse=True):
            if rounds + n > round_cap + extra(3, now) or w > cells_left or u > units_left:
                continue
            need[f] = (n, u)
            fits = groups.rounds(need) <= round_cap
            del need[f]
            if not fits:
                continue
            if d >= 0:
                if per_dig[d] + n > dig_caps[d] + extra(d, now) or ud > per_dig[3 + d]:
                    continue
                need_d[d][f] = (n, ud)
                fits = dig_groups[d].rounds(need_d[d]) <= dig_caps[d]
                del need_d[d][f]
                if not fits:
                    continue
                if any(bonus_dig.get(g, d) != d for g in _bits(shared[f])):
                    continue
                if not together(f, 1 + d, value + v + suffix[i + 1]):
                    continue
                bonus_dig[f] = d
                choice[f] = 1 + d
                need[f] = (n, u)
                need_d[d][f] = (n, ud)
                pd = list(per_dig)
                pd[d] += n
                pd[3 + d] -= ud
                go(i + 1, value + v, now, rounds + n, cells_left - w, units_left - u,
                   (pd[0], pd[1], pd[2], pd[3], pd[4], pd[5]))
                del bonus_dig[f]
                del choice[f]
                del need[f]
                del need_d[d][f]
            else:
                if not together(f, 0, value + v + suffix[i + 1]):
                    continue
                need[f] = (n, u)
                choice[f] = 0
                go(i + 1, value + v, now, rounds + n, cells_left - w, units_left - u, per_dig)
                del choice[f]
                del need[f]
        go(i + 1, value, chosen, rounds, cells_left, units_left, per_dig)

    try:
        go(0, 0, 0, 0, cell_cap, unit_caps[3],
           (0, 0, 0, unit_caps[0], unit_caps[1], unit_caps[2]))
    except _TooLong:
        return max(best, suffix[0])
    return best


class _TooLong(Exception):
    """A knapsack search ran past its node budget."""


def _covers(y: tuple[int, ...], x: tuple[int, ...]) -> bool:
    return all(q >= p for p, q in zip(x, y, strict=True))


def _bits(mask: int) -> list[int]:
    return bits_of(mask)


def best_square_completion(tables: Tables, drawn: int, dug: int, squares: int
                           ) -> tuple[int, int]:
    """The most points One Squares can still add by completing rings, and the cells.

    Squares score nothing except by completing a ring (and a ring with a square earns no
    same-dig-type bonus), so the best use of ``squares`` squares on the last round is a
    set of fossils whose open ring cells (none a star) fit in the budget together."""
    if squares <= 0:
        return 0, 0
    cands = []
    for f, ring in enumerate(tables.rings):
        if dug >> f & 1:
            continue
        left = ring & ~drawn
        if left & tables.stars or left.bit_count() > squares:
            continue
        cands.append((tables.points[f], left))
    best, best_cells = 0, 0
    for n in range(1, len(cands) + 1):
        for combo in combinations(cands, n):
            cells = 0
            value = 0
            for v, left in combo:
                cells |= left
                value += v
            if value > best and cells.bit_count() <= squares:
                best, best_cells = value, cells
    return best, best_cells
