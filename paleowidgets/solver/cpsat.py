"""A CP-SAT model of a fixed-dice puzzle, under the full rules: a cross-check and a yardstick.

OR-Tools is not a runtime dependency of the package (it comes with the ``test`` extra);
it is imported when :func:`solve_cpsat` is called, never when this module is imported.

The model is a direct transcription of RULES.md, with none of the exact solver's
reasoning (so that the two can check each other):

- per round ``t``: a boolean per placement of every shape the round may draw
  (``z[t, p]``), a pass boolean, a dig type (``w[t, d]``), the switches spent
  (``ss[t]``, ``sd[t]``), a boolean per One-Square cell (``q[t, c]``) and the bonuses
  the covered stars give (``g[t, k]``);
- exactly one of "pass" and the placements; a draw's (shape, dig) must be a choice of the
  roll with the switches spent (``Game.choices``); a pass spends no switch;
- every cell is drawn at most once (pre-drawn cells never); ``D[t, c]``, "cell c is drawn
  at the start of round t", is the running sum;
- the forced-draw rule: a round may pass only if every placement of the roll's own shapes
  meets a cell drawn at the start of the round (``pass[t] <= sum D[t, c] over its cells``);
- bonuses: held at the start of each round (start bonuses + gains of earlier rounds - spent),
  squares and switches spent at most as held, star gains: one per covered star while any
  kind is under its cap (``sum_k g[t, k] = min(stars covered, caps left)``), each kind's
  gains at most 4;
- a fossil is dug when every ring cell is drawn at the end; its same-dig bonus needs a dig
  type ``d`` such that every ring cell was drawn by a shape of a round whose dig is ``d``
  (no square, no pre-drawn cell);
- the score: points and bonuses of the fossils dug, plus start and gained +1 Points.

Solver parameters follow the issue's advice: ``linearization_level=2`` and the
``default_lp`` and ``max_lp`` subsolvers.

From a mid-game state (``start=``), the same model covers the rounds left: the state's
drawn cells are constants (placements meeting them are left out), a drawn ring cell counts
for the dig type that drew it (none for squares and pre-drawn cells), the bonuses held
and gained start where the state has them, and the fossils dug count as they stand. A
line of turns from the state can be given as the solution hint, a proven upper bound as a
cap and a line's value as a floor.

Measured on the middle states of a 20-round game's analysis (benchmarks/README.md,
"CP-SAT on the analysis' middle states"): with our line as hint and our bound as cap, it
improves lines but proves none of the states with 8-13 rounds left in 60 s, where our
engine proves the dig site's state with 8 left in seconds; so it is not part of the
analysis' proofs, and OR-Tools stays a test dependency.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.geometry import LETTERS
from ..core.maps import Puzzle, Roll
from ..core.rules import Game, State
from ..core.terms import BONUS_CAP, BONUS_KINDS, DIG_TYPES
from ..core.turns import Turn

__all__ = ["CpsatResult", "solve_cpsat"]


@dataclass(frozen=True)
class CpsatResult:
    optimum: int
    proven: bool
    turns: tuple[Turn, ...]
    seconds: float
    status: str
    bound: int = -1     # CP-SAT's upper bound of the optimum (-1: none known)


def solve_cpsat(puzzle_or_game_and_rolls: Puzzle | tuple[Game, Sequence[Roll]], *,
                time_limit: float | None = None, workers: int = 2,
                log: bool = False, start: State | None = None,
                hint: Sequence[Turn] = (), cap: int | None = None,
                floor: int | None = None,
                on_bound: Callable[[float, int, int], object] | None = None) -> CpsatResult:
    """Solve a puzzle with OR-Tools CP-SAT (imported here: a test/benchmark dependency).

    ``start``: a state of the game to solve from (mid-game; None: the game's start); the
    line returned has one turn for each round left. ``hint``: a line of turns from
    ``start`` (legal, ``State.apply`` took it) given to CP-SAT as its solution hint.
    ``cap``: a known upper bound of the optimum, added as a constraint (with a cap below
    the optimum the model is wrong: only a proven bound may be given); ``floor``: the
    score of a known line, added as a lower bound of the objective (the hint's value,
    say). With a floor, "no solution" (``INFEASIBLE``) means no line scores ``floor`` or
    more: :attr:`CpsatResult.bound` is then ``floor - 1``. ``on_bound(seconds, best,
    bound)`` is called on each new line or bound CP-SAT reports (for benchmarks).
    """
    from ortools.sat.python import cp_model

    if isinstance(puzzle_or_game_and_rolls, Puzzle):
        game = Game.from_puzzle(puzzle_or_game_and_rolls)
        rolls = tuple(puzzle_or_game_and_rolls.rolls)
    else:
        game, rolls_in = puzzle_or_game_and_rolls
        rolls = tuple(rolls_in)
    t0 = time.perf_counter()
    state = game.initial_state() if start is None else start
    built = _build(cp_model, game, rolls, state)
    if hint:
        built.hint(hint)
    if cap is not None:
        built.model.Add(built.objective <= cap)
    if floor is not None:
        built.model.Add(built.objective >= floor)
    solver = cp_model.CpSolver()
    p = solver.parameters
    p.num_workers = workers
    p.linearization_level = 2
    p.subsolvers.extend(["default_lp", "max_lp"])
    if time_limit is not None:
        p.max_time_in_seconds = time_limit     # the search's: the model's build not counted
    p.log_search_progress = log
    if on_bound is not None:
        def report(best: int | None, bound: float) -> None:
            on_bound(time.perf_counter() - t0, -1 if best is None else best, _floor(bound))

        solver.best_bound_callback = lambda bound: report(None, bound)
        status = solver.Solve(built.model, _Progress(cp_model, report))
    else:
        status = solver.Solve(built.model)
    seconds = time.perf_counter() - t0
    if status == cp_model.INFEASIBLE and floor is not None:
        # Infeasible above the floor: every line scores less than it.
        return CpsatResult(-1, False, (), seconds, "INFEASIBLE", floor - 1)
    name = solver.StatusName(status)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # No line: a bound only when the search got far enough to have one (0 is what it
        # says before; a puzzle whose best is 0 gets a line at once).
        bound = _floor(solver.BestObjectiveBound()) if status == cp_model.UNKNOWN else -1
        if bound > 0 and cap is not None:
            bound = min(bound, cap)
        if bound > 0 and floor is not None:
            bound = max(bound, floor - 1)   # below the floor: no line reaches the floor
        return CpsatResult(-1, False, (), seconds, name, bound if bound > 0 else -1)
    turns = built.turns(solver)
    bound = _floor(solver.BestObjectiveBound())
    if cap is not None:
        bound = min(bound, cap)     # CP-SAT does not always fold the cap into its bound
    return CpsatResult(round(solver.ObjectiveValue()), status == cp_model.OPTIMAL, turns,
                       seconds, name, bound)


class _Progress:
    """A solution callback that reports each line's value and the bound at that time."""

    def __new__(cls, cp_model: Any, report: Callable[[int | None, float], None]) -> Any:
        class Callback(cp_model.CpSolverSolutionCallback):  # type: ignore[misc]
            def on_solution_callback(self) -> None:
                report(round(self.ObjectiveValue()), self.BestObjectiveBound())

        return Callback()


def _floor(value: float) -> int:
    """An objective bound as an integer (the objective is integral): rounded down, with
    a little room for the solver's floating-point tolerance."""
    import math

    return math.floor(value + 1e-6) if math.isfinite(value) else -1


class _Built:
    """The model and what is needed to read a line of turns back from a solution (and to
    write one in as a hint). Lists are per round modelled: ``rounds[i]`` is the round."""

    def __init__(self, model: Any, game: Game, rolls: tuple[Roll, ...], start: State
                 ) -> None:
        self.model = model
        self.game = game
        self.rolls = rolls
        self.start = start
        self.objective: Any = 0
        self.pas: list[Any] = []
        self.z: list[dict[int, tuple[str, Any]]] = []      # per round: mask -> (shape, var)
        self.w: list[list[Any]] = []
        self.ss: list[Any] = []
        self.sd: list[Any] = []
        self.q: list[dict[int, Any]] = []                  # per round: cell bit -> var
        self.g: list[list[Any]] = []

    def turns(self, solver: Any) -> tuple[Turn, ...]:
        g = self.game
        out = []
        for t in range(len(self.z)):
            squares = [g.cells_of(1 << c) for c, v in self.q[t].items() if solver.Value(v)]
            sq_cells = [c for cs in squares for c in cs]
            drawn = [(m, shape) for m, (shape, v) in self.z[t].items() if solver.Value(v)]
            if not drawn:
                out.append(Turn.pass_(sq_cells))
                continue
            mask, shape = drawn[0]
            dig = next(DIG_TYPES[d] for d in range(3) if solver.Value(self.w[t][d]))
            switch = [n for n, v in (("shape", self.ss[t]), ("dig", self.sd[t]))
                      if solver.Value(v)]
            stars = [k for k, v in zip(BONUS_KINDS, self.g[t], strict=True)
                     for _ in range(solver.Value(v))]
            out.append(Turn.draw(shape, dig, g.cells_of(mask), switch=switch, stars=stars,
                                 squares=sq_cells))
        return tuple(out)

    def hint(self, line: Sequence[Turn]) -> None:
        """A line of turns from the start (one a round left) as CP-SAT's solution hint:
        every decision of every round (the placements, pass, dig types, switches, squares,
        star bonuses); the rest follows from them."""
        g, m = self.game, self.model

        variables = m.Proto().variables
        seen: set[int] = set()

        def put(var: Any, value: int) -> None:
            if isinstance(var, int) or var.Index() in seen:
                return
            seen.add(var.Index())
            domain = variables[var.Index()].domain
            if len(domain) == 2 and domain[0] == domain[1]:
                return          # a constant (NewConstant): no hint
            m.AddHint(var, value)

        for t, turn in enumerate(line[:len(self.z)]):
            mask = 0 if turn.passed else g.mask_of(turn.cells)
            put(self.pas[t], int(turn.passed))
            for mk, (_, v) in self.z[t].items():
                put(v, int(mk == mask))
            dig = -1 if turn.passed else DIG_TYPES.index(turn.dig or "")
            for d in range(3):
                put(self.w[t][d], int(d == dig))
            put(self.ss[t], int("shape" in turn.switch))
            put(self.sd[t], int("dig" in turn.switch))
            sq = g.mask_of(turn.squares)
            for c, v in self.q[t].items():
                put(v, sq >> c & 1)
            for k, v in zip(BONUS_KINDS, self.g[t], strict=True):
                put(v, turn.stars.count(k))


def bits_of(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first (the model's own copy: it
    shares nothing with the exact solver's tables)."""
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def _build(cp_model: Any, game: Game, rolls: tuple[Roll, ...], start: State) -> _Built:
    g = game
    r0 = start.round
    n_cells = g.width * g.height
    m = cp_model.CpModel()
    b = _Built(m, g, rolls, start)
    drawn0 = start.drawn
    stars = [c for c in range(n_cells) if g.star_mask >> c & 1 and not drawn0 >> c & 1]
    blocked = g.fossil_mask | drawn0
    square_cells = [c for c in range(n_cells) if not (blocked | g.star_mask) >> c & 1]
    any_stars = bool(stars)

    def may_hold(kind: int, t: int) -> bool:
        return start.held[kind] > 0 or (any_stars and t > r0)

    # D[t][c]: drawn at the start of round r0 + t (0/1 constants for cells drawn at the
    # start, and for cells nothing can draw).
    D: list[list[Any]] = [[drawn0 >> c & 1 for c in range(n_cells)]]
    # Per cell and dig type: what says "a shape of that dig type drew it" (the start's
    # drawn cells are constants: 1 in their own dig type, none for squares and
    # pre-drawn cells).
    shape_cells: list[list[list[Any]]] = [
        [[1] if start.digs[d] >> c & 1 else [] for d in range(3)] for c in range(n_cells)]
    held: list[list[Any]] = [list(start.held)]     # at the start of each round modelled
    gained: list[Any] = list(start.gained)
    for t, roll in enumerate(rolls[r0:]):
        rnd = r0 + t
        roll_shapes = set(g.roll_shapes(roll))
        ss_ok, sd_ok = may_hold(1, rnd), may_hold(2, rnd)
        base = set(g.choices(roll))
        with_s = set(g.choices(roll, frozenset({"shape"}))) if ss_ok else set()
        with_d = set(g.choices(roll, frozenset({"dig"}))) if sd_ok else set()
        with_sd = set(g.choices(roll, frozenset({"shape", "dig"}))) if ss_ok and sd_ok else set()
        pairs = base | with_s | with_d | with_sd
        shapes = sorted({s for s, _ in pairs}, key=LETTERS.index)
        digs = sorted({DIG_TYPES.index(d) for _, d in pairs})
        pas = m.NewBoolVar(f"pass{rnd}")
        ss = m.NewBoolVar(f"ss{rnd}") if ss_ok else m.NewConstant(0)
        sd = m.NewBoolVar(f"sd{rnd}") if sd_ok else m.NewConstant(0)
        w = [m.NewBoolVar(f"w{rnd}_{d}") if d in digs else m.NewConstant(0) for d in range(3)]
        zt: dict[int, tuple[str, Any]] = {}
        u: dict[str, list[Any]] = {s: [] for s in shapes}
        cover: list[list[Any]] = [[] for _ in range(n_cells)]
        for s in shapes:
            for mask in g.placements[s]:
                if mask & drawn0:
                    continue            # meets a cell drawn at the start: never drawable
                v = m.NewBoolVar(f"z{rnd}_{s}_{mask}")
                zt[mask] = (s, v)
                u[s].append(v)
                for c in bits_of(mask):
                    cover[c].append(v)
        m.Add(sum(v for _, v in zt.values()) + pas == 1)
        m.Add(sum(w) + pas == 1)
        m.Add(ss + pas <= 1)
        m.Add(sd + pas <= 1)
        # (shape, dig) must be a choice of the roll with the switches spent.
        for s in shapes:
            us = sum(u[s])
            for d in digs:
                pair = (s, DIG_TYPES[d])
                if pair in base:
                    continue
                if pair in with_s and pair in with_d:
                    m.Add(us + w[d] <= 1 + ss + sd)
                elif pair in with_s:
                    m.Add(us + w[d] <= 1 + ss)
                elif pair in with_d:
                    m.Add(us + w[d] <= 1 + sd)
                elif pair in with_sd:
                    m.Add(us + w[d] <= 1 + ss)
                    m.Add(us + w[d] <= 1 + sd)
                else:
                    m.Add(us + w[d] <= 1)
        # Squares.
        qt: dict[int, Any] = {}
        if may_hold(0, rnd):
            for c in square_cells:
                qt[c] = m.NewBoolVar(f"q{rnd}_{c}")
        m.Add(sum(qt.values()) <= held[t][0])
        m.Add(ss <= held[t][1])
        m.Add(sd <= held[t][2])
        # The forced-draw rule (placements meeting a cell drawn at the start never fit).
        for s in roll_shapes:
            for mask in g.placements[s]:
                if not mask & drawn0:
                    m.Add(pas <= sum(D[t][c] for c in bits_of(mask)))
        # Drawn cells, and which dig type drew them.
        nxt: list[Any] = []
        for c in range(n_cells):
            if drawn0 >> c & 1:
                nxt.append(1)
                continue
            if cover[c] or c in qt:
                dv = m.NewBoolVar(f"D{rnd + 1}_{c}")
                m.Add(dv == D[t][c] + sum(cover[c]) + qt.get(c, 0))
                nxt.append(dv)
            else:
                nxt.append(D[t][c])
            if cover[c]:
                # x = this round draws c with dig d
                for d in digs:
                    x = m.NewBoolVar(f"x{rnd}_{c}_{d}")
                    m.Add(x <= w[d])
                    m.Add(x <= sum(cover[c]))
                    m.Add(x >= w[d] + sum(cover[c]) - 1)
                    shape_cells[c][d].append(x)
        D.append(nxt)
        # Stars: one bonus per covered star while some kind is under its cap.
        gt = [m.NewIntVar(0, BONUS_CAP, f"g{rnd}_{k}") for k in range(4)]
        if stars:
            n_star = m.NewIntVar(0, 5, f"nstar{rnd}")
            m.Add(n_star == sum(v for c in stars for v in cover[c]))
            caps_left = m.NewIntVar(0, 4 * BONUS_CAP, f"caps{rnd}")
            m.Add(caps_left == 4 * BONUS_CAP - sum(gained))
            got = m.NewIntVar(0, 5, f"got{rnd}")
            m.AddMinEquality(got, [n_star, caps_left])
            m.Add(sum(gt) == got)
        else:
            for v in gt:
                m.Add(v == 0)
        new_gained = []
        for k in range(4):
            gk = m.NewIntVar(0, BONUS_CAP, f"G{rnd + 1}_{k}")
            m.Add(gk == gained[k] + gt[k])
            new_gained.append(gk)
        gained = new_gained
        spent = [sum(qt.values()), ss, sd, 0]
        new_held = []
        for k in range(4):
            hk = m.NewIntVar(0, 100, f"H{rnd + 1}_{k}")
            m.Add(hk == held[t][k] - spent[k] + gt[k])
            new_held.append(hk)
        held.append(new_held)
        b.pas.append(pas)
        b.z.append(zt)
        b.w.append(w)
        b.ss.append(ss)
        b.sd.append(sd)
        b.q.append(qt)
        b.g.append(gt)
    # Fossils: those dug at the start count as they stand.
    objective: list[Any] = [held[-1][3]]
    for i, (f, ring) in enumerate(zip(g.map.fossils, g.rings, strict=True)):
        if start.dug >> i & 1:
            objective.append(f.points + (f.bonus if start.same >> i & 1 else 0))
            continue
        cells = list(bits_of(ring))
        dug = m.NewBoolVar(f"dug_{f.id}")
        for c in cells:
            m.Add(dug <= D[-1][c])
        objective.append(f.points * dug)
        if f.bonus:
            same = m.NewBoolVar(f"same_{f.id}")
            m.Add(same <= dug)
            ys = []
            for d in range(3):
                y = m.NewBoolVar(f"y_{f.id}_{d}")
                for c in cells:
                    m.Add(y <= sum(shape_cells[c][d]))
                ys.append(y)
            m.Add(same <= sum(ys))
            objective.append(f.bonus * same)
    b.objective = sum(objective)
    m.Maximize(b.objective)
    return b
