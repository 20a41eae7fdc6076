"""Large neighbourhood search on whole-game lines: free some rounds, re-solve them exactly.

The beams (``beam.py``) find good lines on a 20-round game quickly, but what they leave is
mostly same-dig-type bonuses (benchmarks/README.md, "Where the gap is"): a fossil's ring
drawn in two dig types, which no round-by-round beam repairs once the rounds are past.
:func:`improve` takes the best line and, again and again, frees a *neighbourhood* of its
rounds, keeps every other round's draw as it is, and solves the freed rounds exactly by
CP-SAT (OR-Tools) on a sub-model (:func:`_SubModel`): the rounds of a window of
consecutive rounds, the rounds whose placements touch the rings of one or two fossils (and
the cells around them), the rounds of one dig type, or rounds drawn at random.

The sub-model is the full rules with the fixed rounds' cells as constants (the model of
``cpsat.py``, restricted): in a freed round, one placement of a shape the roll allows with
the switches spent (minimal switch sets only), or a pass when every placement of the roll's
own shapes meets a cell drawn at the start of the round; every round that passes (fixed or
free) keeps that forced-draw test, with the freed rounds' draws before it; star bonuses of
*every* round are variables (one per covered star while some kind is under its cap of 4,
each kind at most 4, a bonus spent only from the round after it is gained); One Squares
are re-chosen in the last round only (squares of other rounds stay where the line had them)
among the open ring cells; a fossil is dug when its ring is drawn at the end and earns its
bonus when every ring cell was drawn by shapes of one dig type. The incumbent (the line's
own moves) is a solution of the sub-model, given as the hint, so a sub-solve never returns
worse.

Nothing the sub-model says is trusted: every new line is replayed through the core's
checked :meth:`State.apply` (``replay``) and must score what the model claims; a line that
does not is dropped (and counted in :attr:`Stats.rejected`, which the tests require to stay
0). The search proves nothing: it only raises the best line found.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.errors import IllegalTurnError
from ..core.geometry import LETTERS
from ..core.rules import Game, State
from ..core.terms import BONUS_CAP, DIG_TYPES, PLUS_ONE
from ..core.turns import Turn
from ._moves import NO_GAINS, Move
from ._tables import Tables, bits_of

if TYPE_CHECKING:   # the search only lends its clock and tables; no import at run time
    from .exact import _Search

__all__ = ["Stats", "anytime", "available", "improve", "line_turns", "replay"]

Line = list[Move]
Report = Callable[[int, Line], None]

# Per sub-solve: CP-SAT's time limit (seconds) and the freed rounds, adapted as it goes
# (a neighbourhood solved to optimality in well under its time grows, one cut by the
# time limit shrinks).
SUB_LIMIT = 1.0
MIN_FREE, MAX_FREE = 2, 12
NULLS: int | None = 4


def available() -> bool:
    """Whether OR-Tools' CP-SAT can be imported here."""
    try:
        from ortools.sat.python import cp_model  # noqa: F401
    except ImportError:
        return False
    return True


@dataclass
class Stats:
    """What one :func:`improve` did (for tests and benchmarks)."""

    solves: int = 0
    improved: int = 0
    optimal: int = 0            # sub-solves CP-SAT closed (the neighbourhood's optimum)
    rejected: int = 0           # lines the model claimed that the core refused or scored
    seconds_model: float = 0.0
    seconds_solve: float = 0.0
    by_kind: dict[str, int] = field(default_factory=dict)   # improvements per neighbourhood
    history: list[tuple[float, int]] = field(default_factory=list)   # (seconds, value)
    # per sub-solve: (kind, rounds freed, closed, seconds)
    trace: list[tuple[str, int, bool, float]] = field(default_factory=list)


# -- replaying ---------------------------------------------------------------------------

def line_turns(t: Tables, start: State, line: Sequence[Move]) -> tuple[Turn, ...]:
    """The file-notation turns of ``line`` from ``start`` (not checked)."""
    from .exact import _turns  # exact imports this module: here, not at the top

    return _turns(t, start, line)


def replay(t: Tables, start: State, line: Sequence[Move]) -> int | None:
    """The score of ``line`` from ``start`` replayed through the core's checked
    ``State.apply`` (every rule, the forced draw included); None when a turn is illegal or
    the line does not end the game."""
    s = start
    try:
        for turn in line_turns(t, start, line):
            s = s.apply(t.rolls[s.round], turn)
    except (IllegalTurnError, IndexError):
        return None
    return s.score().total if s.is_terminal else None


# -- the sub-model -----------------------------------------------------------------------

class _SubModel:
    """The rounds ``free`` of ``line`` (from ``start``) as a CP-SAT model, the others fixed."""

    def __init__(self, cp_model: Any, t: Tables, start: State, line: Sequence[Move],
                 free: Sequence[int], nulls: int | None = None, passes: bool = True
                 ) -> None:
        """``nulls``: in a freed round, at most this many placements a shape that touch no
        open ring cell of a fossil not dug and no open star (besides the line's own
        draw); None: every placement."""
        g: Game = t.game
        self.t, self.start, self.line = t, start, list(line)
        r0, R = start.round, t.R
        self.r0 = r0
        self.passes = passes

        def mv_of(r: int) -> Move:
            return line[r - r0]
        self.free = sorted(free)
        free_set = set(self.free)
        last = R - 1
        m = self.m = cp_model.CpModel()
        stars = t.stars
        # Constant cells: drawn at the start, every fixed round's shape and squares, and the
        # squares of the freed rounds before the last (they stay where the line had them).
        fixed_at: list[int] = []            # cells fixed by round r (shape + squares kept)
        for r in range(r0, R):
            mv = line[r - r0]
            cells = mv.squares if r != last else 0
            if r not in free_set:
                cells |= mv.mask
            fixed_at.append(cells)
        const = start.drawn
        for c in fixed_at:
            const |= c
        self.const = const
        blocked = const | g.fossil_mask | g.predrawn_mask
        # D_const[r]: drawn at the start of round r by constants.
        d_const = [start.drawn]
        for r in range(r0, R):
            d_const.append(d_const[-1] | fixed_at[r - r0])
        held0, gained0 = start.held, start.gained
        stars_left = (stars & ~start.drawn).bit_count()
        cap_binds = stars_left > 4 * BONUS_CAP - sum(gained0)
        may_gain = stars_left > 0 and sum(gained0) < 4 * BONUS_CAP

        interesting = stars
        for f in range(t.nf):
            if not start.dug >> f & 1:
                interesting |= t.rings[f]
        interesting &= ~const
        # Every round that draws gets its (shape, dig type, switches) as options: a freed
        # round any the roll allows, and its placement; a fixed draw keeps its cells and
        # shape but may change its dig type (and the switches that needs).
        self.z: dict[int, dict[int, tuple[int, Any]]] = {}     # r -> mask -> (shape, var)
        self.opts: dict[int, list[tuple[int, int, bool, bool, Any]]] = {}
        self.pas: dict[int, Any] = {}
        cover: dict[int, list[tuple[int, Any]]] = {}           # cell -> [(round, var)]
        w_of: dict[int, list[Any]] = {}                        # r -> dig expressions
        owner: dict[int, int] = {}                             # fixed draw's cell -> round
        for r in range(r0, R):
            mv = line[r - r0]
            if r not in free_set and not mv.mask:
                continue
            roll = t.rolls[r]
            before = r - r0
            hs = held0[1] > 0 or (may_gain and before > 0)
            hd = held0[2] > 0 or (may_gain and before > 0)
            sets = [(False, False)]
            if hs:
                sets.append((True, False))
            if hd:
                sets.append((False, True))
            if hs and hd:
                sets.append((True, True))
            allowed: dict[tuple[int, int], list[tuple[bool, bool]]] = {}
            for vs, vd in sets:
                switch = frozenset(n for n, on in (("shape", vs), ("dig", vd)) if on)
                for s_name, d_name in g.choices(roll, switch):
                    key = (LETTERS.index(s_name), DIG_TYPES.index(d_name))
                    allowed.setdefault(key, []).append((vs, vd))
            opts = []
            for (si, di), variants in allowed.items():
                if r not in free_set and si != mv.shape:
                    continue
                for vs, vd in variants:
                    # minimal switch sets only
                    if any((a <= vs and b <= vd) and (a, b) != (vs, vd) for a, b in variants):
                        continue
                    opts.append((si, di, vs, vd, m.NewBoolVar(f"o{r}_{si}_{di}_{vs}_{vd}")))
            self.opts[r] = opts
            w_of[r] = [sum(o[4] for o in opts if o[1] == d) for d in range(3)]
            if r not in free_set:
                m.AddExactlyOne([o[4] for o in opts])
                for c in bits_of(mv.mask):
                    owner[c] = r
                continue
            pass_r = m.NewBoolVar(f"pass{r}")
            m.AddExactlyOne([o[4] for o in opts] + [pass_r])
            zr: dict[int, tuple[int, Any]] = {}
            for si in sorted({o[0] for o in opts}):
                vars_s = []
                n_null = 0
                for mask in g.placements[LETTERS[si]]:
                    if mask & blocked:
                        continue
                    if (nulls is not None and not mask & interesting and mask != mv.mask):
                        # a draw that can only matter by where it blocks: a few a shape
                        if n_null >= nulls:
                            continue
                        n_null += 1
                    v = m.NewBoolVar(f"z{r}_{mask}")
                    zr[mask] = (si, v)
                    vars_s.append(v)
                    for c in bits_of(mask):
                        cover.setdefault(c, []).append((r, v))
                m.Add(sum(vars_s) == sum(o[4] for o in opts if o[0] == si))
            self.z[r], self.pas[r] = zr, pass_r

        # End squares: open ring cells of fossils not dug at the start, in the last round.
        ring_open = 0
        for f in range(t.nf):
            if not start.dug >> f & 1:
                ring_open |= t.rings[f]
        ring_open &= ~(const | stars)
        self.q: dict[int, Any] = {c: m.NewBoolVar(f"q{c}") for c in bits_of(ring_open)}
        # Every cell at most once.
        for c, lst in cover.items():
            extra = [self.q[c]] if c in self.q else []
            if len(lst) + len(extra) > 1:
                m.AddAtMostOne([v for _, v in lst] + extra)

        d_memo: dict[tuple[int, int], Any] = {}
        self.d_vars: list[tuple[Any, int, int]] = []

        before_memo: dict[tuple[int, int], list[Any]] = {}

        def drawn_before(r: int, cell: int) -> list[Any]:
            """[a literal: ``cell`` drawn by a freed round before ``r``], or []: asked for
            each cell of each placement of each round's shapes, so kept per (r, cell)."""
            got = before_memo.get((r, cell))
            if got is None:
                got = before_memo[r, cell] = _drawn_before(r, cell)
            return got

        def _drawn_before(r: int, cell: int) -> list[Any]:
            lits = [v for rr, v in cover.get(cell, ()) if rr < r]
            if len(lits) <= 1:
                return lits
            # A sum of at most one (each cell is drawn once) as one literal, so that the
            # forced-draw tests stay short.
            key = (sum(1 for rr in self.free if rr < r), cell)
            dv = d_memo.get(key)
            if dv is None:
                dv = d_memo[key] = m.NewBoolVar(f"D{r}_{cell}")
                m.Add(dv == sum(lits))
                self.d_vars.append((dv, r, cell))
            return [dv]

        # The forced-draw test of every round that passes (or may).
        for r in range(r0, R):
            if r in free_set:
                pas: Any = self.pas[r]
                if not self.passes and mv_of(r).mask:
                    # a freed round that drew keeps drawing (a restriction of the
                    # neighbourhood: no forced-draw test to write)
                    m.Add(pas == 0)
                    continue
            elif line[r - r0].mask == 0:
                pas = 1
            else:
                continue
            dc = d_const[r - r0]
            for s_name in g.roll_shapes(t.rolls[r]):
                for mask in g.placements[s_name]:
                    if mask & dc:
                        continue
                    hit = [v for c in bits_of(mask) for v in drawn_before(r, c)]
                    if hit:
                        m.Add(pas <= sum(hit))
                    else:
                        # Nothing freed can block it: the round cannot pass (a fixed
                        # pass never gets here, its line being legal).
                        if isinstance(pas, int):
                            m.AddBoolOr([])         # infeasible
                        else:
                            m.Add(pas == 0)
        # Stars and bonuses, round by round.
        self.gv: dict[int, list[Any]] = {}
        gained_tot: list[Any] = [gained0[k] for k in range(4)]
        held: list[Any] = [held0[k] for k in range(4)]
        for r in range(r0, R):
            mv = line[r - r0]
            if r in free_set:
                n_star: Any = sum((mask & stars).bit_count() * v
                                  for mask, (_, v) in self.z[r].items() if mask & stars)
                ss: Any = sum(o[4] for o in self.opts[r] if o[2])
                sd: Any = sum(o[4] for o in self.opts[r] if o[3])
                has_star = any(mask & stars for mask in self.z[r])
            else:
                n_star = (mv.mask & stars).bit_count()
                ss, sd = 0, 0
                if mv.mask:
                    ss = sum(o[4] for o in self.opts[r] if o[2])
                    sd = sum(o[4] for o in self.opts[r] if o[3])
                has_star = n_star > 0
            sq_spent: Any = (mv.squares.bit_count() if r != last
                             else sum(self.q.values()))
            # Spend only what is held at the start of the round.
            for k, spent in ((0, sq_spent), (1, ss), (2, sd)):
                if not isinstance(spent, int) or spent:
                    m.Add(spent <= held[k])
            if has_star and may_gain:
                gk = [m.NewIntVar(0, min(5, BONUS_CAP), f"g{r}_{k}") for k in range(4)]
                if cap_binds:
                    caps = m.NewIntVar(0, 4 * BONUS_CAP, f"caps{r}")
                    m.Add(caps == 4 * BONUS_CAP - sum(gained_tot))
                    got = m.NewIntVar(0, 5, f"got{r}")
                    ns = m.NewIntVar(0, 5, f"ns{r}")
                    m.Add(ns == n_star)
                    m.AddMinEquality(got, [ns, caps])
                    m.Add(sum(gk) == got)
                else:
                    m.Add(sum(gk) == n_star)
                self.gv[r] = gk
            else:
                gk = [0, 0, 0, 0]
            for k in range(4):
                gained_tot[k] = gained_tot[k] + gk[k]
            held = [held[0] - sq_spent + gk[0], held[1] - ss + gk[1], held[2] - sd + gk[2],
                    held[3] + gk[3]]
        for k in range(4):
            if not isinstance(gained_tot[k], int):
                m.Add(gained_tot[k] <= BONUS_CAP)
        # Fossils.
        objective: list[Any] = [held[PLUS_ONE]]
        const_score = 0
        x_memo: dict[tuple[int, int, int], Any] = {}
        self.x_memo = x_memo
        self.fossil_vars: list[tuple[int, Any, Any, dict[int, Any]]] = []   # f, dug, same, ys

        def dig_terms(cell: int, d: int) -> list[Any]:
            out = []
            for rr, _ in cover.get(cell, ()):
                key = (rr, cell, d)
                x = x_memo.get(key)
                if x is None:
                    x = x_memo[key] = m.NewBoolVar(f"x{rr}_{cell}_{d}")
                    cov = [vv for r2, vv in cover[cell] if r2 == rr]
                    m.Add(x <= sum(cov))
                    m.Add(x <= w_of[rr][d])
                out.append(x)
            return out

        for f in range(t.nf):
            if start.dug >> f & 1:
                const_score += t.points[f] + (t.bonus[f] if start.same >> f & 1 else 0)
                continue
            ring = t.rings[f]
            ring_cells = bits_of(ring)
            open_cells = [c for c in ring_cells if not const >> c & 1]
            if any(c not in cover and c not in self.q for c in open_cells):
                continue        # a ring cell nothing can draw: buried
            dug = m.NewBoolVar(f"dug{f}")
            for c in open_cells:
                m.Add(dug <= sum(v for _, v in cover.get(c, ())) + self.q.get(c, 0))
            objective.append(t.points[f] * dug)
            if t.bonus[f]:
                ys: dict[int, Any] = {}
                for d in range(3):
                    # Drawn at the start: its dig type; a fixed draw's: its round's
                    # choice; a fixed square: none; an open cell: a freed draw's.
                    if any(not start.digs[d] >> c & 1 for c in ring_cells
                           if start.drawn >> c & 1):
                        continue
                    if any(const >> c & 1 and c not in owner for c in ring_cells
                           if not start.drawn >> c & 1):
                        continue
                    y = m.NewBoolVar(f"y{f}_{d}")
                    for c in ring_cells:
                        if c in owner:
                            m.Add(y <= w_of[owner[c]][d])
                    for c in open_cells:
                        m.Add(y <= sum(dig_terms(c, d)))
                    ys[d] = y
                if ys:
                    same = m.NewBoolVar(f"same{f}")
                    m.Add(same <= dug)
                    m.Add(same <= sum(ys.values()))
                    objective.append(t.bonus[f] * same)
                    self.fossil_vars.append((f, dug, same, ys))
                    continue
            self.fossil_vars.append((f, dug, None, {}))
        self.const_score = const_score
        m.Maximize(sum(objective))
        self._hint()

    def _hint(self) -> None:
        """The line's own moves as the solver's hint (a solution of this model)."""
        m, r0, last = self.m, self.r0, self.t.R - 1
        for r in self.free:
            mv = self.line[r - r0]
            for mask, (_, v) in self.z[r].items():
                m.AddHint(v, int(mask == mv.mask))
            m.AddHint(self.pas[r], int(mv.mask == 0))
        for r, opts in self.opts.items():
            mv = self.line[r - r0]
            for si, di, vs, vd, o in opts:
                m.AddHint(o, int(mv.mask != 0 and si == mv.shape and di == mv.dig
                                 and vs == mv.spend_shape and vd == mv.spend_dig))
        sq = self.line[last - r0].squares
        for c, v in self.q.items():
            m.AddHint(v, sq >> c & 1)
        for r, gk in self.gv.items():
            for k in range(4):
                m.AddHint(gk[k], self.line[r - r0].gains[k])
        for dv, r, c in self.d_vars:
            m.AddHint(dv, int(any(self.line[rr - r0].mask >> c & 1
                                  for rr in self.free if rr < r)))
        for (rr, c, d), x in self.x_memo.items():
            mv = self.line[rr - r0]
            m.AddHint(x, int(bool(mv.mask >> c & 1) and mv.dig == d))
        final = self.start
        for mv in self.line:
            final = final.play(mv.mask, mv.dig, spend_shape=mv.spend_shape,
                               spend_dig=mv.spend_dig, gains=mv.gains, squares=mv.squares)
        for f, dug, same, ys in self.fossil_vars:
            m.AddHint(dug, final.dug >> f & 1)
            if same is not None:
                m.AddHint(same, final.same >> f & 1)
            ring = self.t.rings[f]
            for d, y in ys.items():
                m.AddHint(y, int(ring & final.digs[d] == ring))

    def line_of(self, solver: Any) -> Line:
        """The line the solution describes (every round, in order from the start)."""
        r0, last = self.r0, self.t.R - 1
        out: Line = []
        for r in range(r0, self.t.R):
            mv = self.line[r - r0]
            gains = NO_GAINS
            if r in self.gv:
                g0, g1, g2, g3 = (int(solver.Value(v)) for v in self.gv[r])
                gains = (g0, g1, g2, g3)
            if r in self.z:
                mask = next((mk for mk, (_, v) in self.z[r].items() if solver.Value(v)), 0)
            else:
                mask = mv.mask
            if mask:
                si, di, vs, vd, _ = next(o for o in self.opts[r] if solver.Value(o[4]))
                mv = Move(mask, si, di, vs, vd, NO_GAINS, mv.squares, False)
            else:
                mv = Move(0, -1, 0, False, False, NO_GAINS, mv.squares, False)
            mv = mv._replace(gains=gains if mv.mask else NO_GAINS, block_next=False)
            if r == last:
                sq = sum(1 << c for c, v in self.q.items() if solver.Value(v))
                mv = mv._replace(squares=sq)
            out.append(mv)
        return out


# -- neighbourhoods ----------------------------------------------------------------------

KINDS = ("window", "fossil", "repair", "dig", "random")


def _final(start: State, line: Sequence[Move]) -> State:
    s = start
    for mv in line:
        s = s.play(mv.mask, mv.dig, spend_shape=mv.spend_shape, spend_dig=mv.spend_dig,
                   gains=mv.gains, squares=mv.squares)
    return s


def _neighbourhood(t: Tables, start: State, line: Sequence[Move], rng: random.Random,
                   size: int, kind: str) -> list[int]:
    """The rounds (about ``size``) of one neighbourhood of ``kind`` (:data:`KINDS`)."""
    r0, R = start.round, t.R
    rounds = list(range(r0, R))
    size = min(size, len(rounds))
    if kind == "window":
        a = rng.randrange(r0, R - size + 1)
        return list(range(a, a + size))
    if kind == "random":
        return sorted(rng.sample(rounds, size))
    if kind == "dig":
        d = rng.randrange(3)
        pick = [r for r in rounds if line[r - r0].mask and line[r - r0].dig == d]
        rng.shuffle(pick)
        return sorted(pick[:size])
    # A fossil that misses something (its bonus, or itself), weighted by what it misses.
    final = _final(start, line)
    weights = []
    for f in range(t.nf):
        miss = 0 if final.same >> f & 1 else t.bonus[f] + (0 if final.dug >> f & 1
                                                          else t.points[f])
        weights.append((1 if kind == "fossil" else 0) + miss)
    if not any(weights):
        return []
    fs = rng.choices(range(t.nf), weights=weights, k=rng.choice((1, 2)) if kind == "fossil"
                     else 1)
    if kind == "fossil":
        # the rounds whose placement touches the fossils' zones (ring and around)
        zone = 0
        for f in fs:
            zone |= t.zone[f]
        pick = [r for r in rounds if line[r - r0].mask & zone]
        rng.shuffle(pick)
        pick = pick[:size]
    else:
        # repair: the rounds that drew the ring in another dig type than one chosen (by
        # its share of the ring), with rounds whose roll offers that dig type
        f = fs[0]
        ring = t.rings[f]
        shares = [(ring & final.digs[d]).bit_count() for d in range(3)]
        d = rng.choices(range(3), weights=[1 + x for x in shares])[0]
        pick = [r for r in rounds if line[r - r0].mask & ring and line[r - r0].dig != d]
        pick = pick[:size]
        offer = [r for r in rounds if r not in pick
                 and any(di == d for _, di in t.pairs[r][(False, False)])]
        rng.shuffle(offer)
        pick += offer[:max(0, size - len(pick))]
    while len(pick) < min(size, 3):
        r = rng.choice(rounds)
        if r not in pick:
            pick.append(r)
    return sorted(pick)


def improve(t: Tables, start: State, line: Sequence[Move], value: int, report: Report,
            stop_at: float, *, seed: int = 0, sub_limit: float = SUB_LIMIT,
            upper: int | None = None, check: Callable[[], None] | None = None,
            kinds: Sequence[str] = KINDS, nulls: int | None = NULLS,
            passes: bool = True, stats: Stats | None = None,
            max_tries: int | None = None) -> Stats:
    """Large neighbourhood search on ``line`` (a legal line from ``start`` scoring
    ``value``) until ``time.perf_counter()`` reaches ``stop_at``, or the line reaches
    ``upper``. Every better line is replayed through the core and then handed to
    ``report(value, line)``. ``check`` is called between sub-solves (a clock's check may
    raise to stop). Returns what it did.

    ``max_tries``: stop after that many neighbourhoods (an empty one counts: a line
    missing nothing has no "fossil" neighbourhood), each sub-solve limited by CP-SAT's
    deterministic time (``sub_limit`` units, about seconds on this machine) instead of
    the clock, so that the same call finds the same lines however busy the machine is
    (the tests; ``stop_at`` still stops it)."""
    from ortools.sat.python import cp_model

    if stats is None:
        stats = Stats(history=[(0.0, value)])
    rng = random.Random(seed)
    best, best_v = list(line), value
    size = 4
    t0 = time.perf_counter()
    tries = 0
    while True:
        now = time.perf_counter()
        if now >= stop_at - 0.2 or (upper is not None and best_v >= upper):
            break
        if max_tries is not None and tries >= max_tries:
            break
        tries += 1
        if check is not None:
            check()
        kind = rng.choice(kinds)
        free = _neighbourhood(t, start, best, rng, size, kind)
        if not free:
            continue
        a = time.perf_counter()
        sub = _SubModel(cp_model, t, start, best, free, nulls, passes)
        b = time.perf_counter()
        stats.seconds_model += b - a
        solver = cp_model.CpSolver()
        p = solver.parameters
        p.num_workers = 1
        p.random_seed = rng.randrange(1 << 30)
        left = stop_at - time.perf_counter()
        if left <= 0.05:
            break
        if max_tries is None:
            p.max_time_in_seconds = min(sub_limit, left)
        else:
            p.max_deterministic_time = sub_limit
            p.max_time_in_seconds = left
        p.max_memory_in_mb = 1000
        # Measured on dig-site 101's neighbourhoods of 3-5 rounds (benchmarks/README.md):
        # the LP at level 2 closes most in under 2 s, the default level 1 in 3 s closes
        # few, and probing and symmetries cost more than they save at this size.
        p.linearization_level = 2
        p.cp_model_probing_level = 0
        p.symmetry_level = 0
        status = solver.Solve(sub.m)
        stats.seconds_solve += time.perf_counter() - b
        stats.solves += 1
        stats.trace.append((kind, len(free), status == cp_model.OPTIMAL,
                            round(time.perf_counter() - b, 2)))
        if status == cp_model.OPTIMAL:
            stats.optimal += 1
            # closed well within its time: a larger neighbourhood next time
            took = (time.perf_counter() - b if max_tries is None
                    else solver.deterministic_time)
            if took < 0.4 * sub_limit or rng.random() < 0.5:
                size = min(MAX_FREE, size + 1)
        else:
            size = max(MIN_FREE, size - 1)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            continue
        # The model's objective is at most the line's score (a dug or bonus variable left
        # at 0 by a solution not optimal); the core's replay decides.
        claimed = round(solver.ObjectiveValue()) + sub.const_score
        new = sub.line_of(solver)
        got = replay(t, start, new)
        if got is None or got < claimed:
            stats.rejected += 1
            continue
        if got < best_v:
            continue
        if got > best_v:
            stats.improved += 1
            stats.by_kind[kind] = stats.by_kind.get(kind, 0) + 1
            best, best_v = new, got
            stats.history.append((time.perf_counter() - t0, got))
            report(got, list(new))
        else:
            best = new          # a line as good: move on the plateau
    return stats


# The share of the anytime phase the beams get before the neighbourhood search takes the
# best line over (benchmarks/README.md, "Large neighbourhood search").
BEAM_SHARE = 0.5
# What the last :func:`anytime` in this process did (benchmarks read it; None: no LNS).
last_stats: Stats | None = None
# Only from this many rounds left (whole games; the analysis' later rounds and the puzzle
# collection keep the beams alone).
LNS_ROUNDS = 12
# Nor with less than this many seconds for it (importing OR-Tools and a first sub-model
# take a few tenths).
MIN_SECONDS = 1.0


def anytime(search: _Search, start: State, report: Report, best: Callable[[], Line | None],
            stop_at: float | None, *, seed: int = 0) -> Stats | None:
    """The anytime phase of ``Engine.solve`` on a long game: the beams of ``beam.anytime``
    for :data:`BEAM_SHARE` of the time, then :func:`improve` on the best line until
    ``stop_at`` (with no ``stop_at``, or without OR-Tools, the beams alone). ``report``
    may raise ``Done`` (a line reached a bound)."""
    from .beam import anytime as beams

    global last_stats
    last_stats = None
    if (stop_at is None or BEAM_SHARE >= 1 or search.t.R - start.round < LNS_ROUNDS
            or (1 - BEAM_SHARE) * (stop_at - time.perf_counter()) < MIN_SECONDS
            or not available()):
        beams(search, start, report, best, stop_at, seed=seed)
        return None
    now = time.perf_counter()
    beams(search, start, report, best, now + BEAM_SHARE * (stop_at - now), seed=seed)
    line = best()
    if line is None:
        return None
    t = search.t
    value = replay(t, start, line)
    if value is None:       # never: the caller's lines are replayed lines
        return None
    last_stats = Stats(history=[(0.0, value)])     # kept if a report stops the search
    return improve(t, start, line, value, report, stop_at, seed=seed,
                   check=search.clock.check, stats=last_stats)
