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
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.geometry import LETTERS
from ..core.maps import Puzzle, Roll
from ..core.rules import Game
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
                log: bool = False) -> CpsatResult:
    """Solve a puzzle with OR-Tools CP-SAT (imported here: a test/benchmark dependency)."""
    from ortools.sat.python import cp_model

    if isinstance(puzzle_or_game_and_rolls, Puzzle):
        game = Game.from_puzzle(puzzle_or_game_and_rolls)
        rolls = tuple(puzzle_or_game_and_rolls.rolls)
    else:
        game, rolls_in = puzzle_or_game_and_rolls
        rolls = tuple(rolls_in)
    start = time.perf_counter()
    built = _build(cp_model, game, rolls)
    solver = cp_model.CpSolver()
    p = solver.parameters
    p.num_workers = workers
    p.linearization_level = 2
    p.subsolvers.extend(["default_lp", "max_lp"])
    if time_limit is not None:
        p.max_time_in_seconds = time_limit
    p.log_search_progress = log
    status = solver.Solve(built.model)
    seconds = time.perf_counter() - start
    name = solver.StatusName(status)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # No line: a bound only when the search got far enough to have one (0 is what it
        # says before; a puzzle whose best is 0 gets a line at once).
        bound = _floor(solver.BestObjectiveBound()) if status == cp_model.UNKNOWN else -1
        return CpsatResult(-1, False, (), seconds, name, bound if bound > 0 else -1)
    turns = built.turns(solver)
    return CpsatResult(round(solver.ObjectiveValue()), status == cp_model.OPTIMAL, turns,
                       seconds, name, _floor(solver.BestObjectiveBound()))


def _floor(value: float) -> int:
    """An objective bound as an integer (the objective is integral): rounded down, with
    a little room for the solver's floating-point tolerance."""
    import math

    return math.floor(value + 1e-6) if math.isfinite(value) else -1


class _Built:
    """The model and what is needed to read a line of turns back from a solution."""

    def __init__(self, model: Any, game: Game, rolls: tuple[Roll, ...]) -> None:
        self.model = model
        self.game = game
        self.rolls = rolls
        self.z: list[dict[int, tuple[str, Any]]] = []      # per round: mask -> (shape, var)
        self.w: list[list[Any]] = []
        self.ss: list[Any] = []
        self.sd: list[Any] = []
        self.q: list[dict[int, Any]] = []                  # per round: cell bit -> var
        self.g: list[list[Any]] = []

    def turns(self, solver: Any) -> tuple[Turn, ...]:
        g = self.game
        out = []
        for t in range(len(self.rolls)):
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


def _build(cp_model: Any, game: Game, rolls: tuple[Roll, ...]) -> _Built:
    g = game
    R = len(rolls)
    n_cells = g.width * g.height
    m = cp_model.CpModel()
    b = _Built(m, g, rolls)
    start = g.start_bonuses
    stars = [c for c in range(n_cells) if g.star_mask >> c & 1]
    blocked = g.fossil_mask | g.predrawn_mask
    square_cells = [c for c in range(n_cells) if not (blocked | g.star_mask) >> c & 1]
    any_stars = bool(stars)

    def may_hold(kind: int, t: int) -> bool:
        return start[kind] > 0 or (any_stars and t >= 1)

    # D[t][c]: drawn at the start of round t (0/1 expressions for pre-drawn cells).
    D: list[list[Any]] = [[1 if g.predrawn_mask >> c & 1 else 0 for c in range(n_cells)]]
    shape_cells: list[list[list[Any]]] = [[[] for _ in range(3)] for _ in range(n_cells)]
    held = [[start[k] for k in range(4)]]        # expressions / ints at the start of round t
    gained: list[Any] = [0, 0, 0, 0]
    for t, roll in enumerate(rolls):
        roll_shapes = set(g.roll_shapes(roll))
        ss_ok, sd_ok = may_hold(1, t), may_hold(2, t)
        base = set(g.choices(roll))
        with_s = set(g.choices(roll, frozenset({"shape"}))) if ss_ok else set()
        with_d = set(g.choices(roll, frozenset({"dig"}))) if sd_ok else set()
        with_sd = set(g.choices(roll, frozenset({"shape", "dig"}))) if ss_ok and sd_ok else set()
        pairs = base | with_s | with_d | with_sd
        shapes = sorted({s for s, _ in pairs}, key=LETTERS.index)
        digs = sorted({DIG_TYPES.index(d) for _, d in pairs})
        pas = m.NewBoolVar(f"pass{t}")
        ss = m.NewBoolVar(f"ss{t}") if ss_ok else m.NewConstant(0)
        sd = m.NewBoolVar(f"sd{t}") if sd_ok else m.NewConstant(0)
        w = [m.NewBoolVar(f"w{t}_{d}") if d in digs else m.NewConstant(0) for d in range(3)]
        zt: dict[int, tuple[str, Any]] = {}
        u: dict[str, list[Any]] = {s: [] for s in shapes}
        cover: list[list[Any]] = [[] for _ in range(n_cells)]
        for s in shapes:
            for mask in g.placements[s]:
                v = m.NewBoolVar(f"z{t}_{s}_{mask}")
                zt[mask] = (s, v)
                u[s].append(v)
                for c in range(n_cells):
                    if mask >> c & 1:
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
        if may_hold(0, t):
            for c in square_cells:
                qt[c] = m.NewBoolVar(f"q{t}_{c}")
        m.Add(sum(qt.values()) <= held[t][0])
        m.Add(ss <= held[t][1])
        m.Add(sd <= held[t][2])
        # The forced-draw rule.
        for s in roll_shapes:
            for mask in g.placements[s]:
                cells = [c for c in range(n_cells) if mask >> c & 1]
                m.Add(pas <= sum(D[t][c] for c in cells))
        # Drawn cells, and which dig type drew them.
        nxt = []
        for c in range(n_cells):
            if not isinstance(D[t][c], int) or D[t][c] == 0:
                expr = D[t][c] + sum(cover[c]) + (qt.get(c, 0))
                if cover[c] or c in qt:
                    dv = m.NewBoolVar(f"D{t + 1}_{c}")
                    m.Add(dv == expr)
                    nxt.append(dv)
                else:
                    nxt.append(D[t][c])
            else:
                if cover[c] or c in qt:
                    m.Add(sum(cover[c]) + (qt.get(c, 0)) == 0)
                nxt.append(1)
            if cover[c]:
                # x = this round draws c with dig d
                for d in digs:
                    x = m.NewBoolVar(f"x{t}_{c}_{d}")
                    m.Add(x <= w[d])
                    m.Add(x <= sum(cover[c]))
                    m.Add(x >= w[d] + sum(cover[c]) - 1)
                    shape_cells[c][d].append(x)
        D.append(nxt)
        # Stars: one bonus per covered star while some kind is under its cap.
        gt = [m.NewIntVar(0, BONUS_CAP, f"g{t}_{k}") for k in range(4)]
        if stars:
            n_star = m.NewIntVar(0, 5, f"nstar{t}")
            m.Add(n_star == sum(v for c in stars for v in cover[c]))
            caps_left = m.NewIntVar(0, 4 * BONUS_CAP, f"caps{t}")
            m.Add(caps_left == 4 * BONUS_CAP - sum(gained))
            got = m.NewIntVar(0, 5, f"got{t}")
            m.AddMinEquality(got, [n_star, caps_left])
            m.Add(sum(gt) == got)
        else:
            for v in gt:
                m.Add(v == 0)
        new_gained = []
        for k in range(4):
            gk = m.NewIntVar(0, BONUS_CAP, f"G{t + 1}_{k}")
            m.Add(gk == gained[k] + gt[k])
            new_gained.append(gk)
        gained = new_gained
        spent = [sum(qt.values()), ss, sd, 0]
        new_held = []
        for k in range(4):
            hk = m.NewIntVar(0, 100, f"H{t + 1}_{k}")
            m.Add(hk == held[t][k] - spent[k] + gt[k])
            new_held.append(hk)
        held.append(new_held)
        b.z.append(zt)
        b.w.append(w)
        b.ss.append(ss)
        b.sd.append(sd)
        b.q.append(qt)
        b.g.append(gt)
    # Fossils.
    objective: list[Any] = [held[R][3]]
    for f, ring in zip(g.map.fossils, g.rings, strict=True):
        cells = [c for c in range(n_cells) if ring >> c & 1]
        dug = m.NewBoolVar(f"dug_{f.id}")
        for c in cells:
            m.Add(dug <= D[R][c])
        objective.append(f.points * dug)
        if f.bonus and not ring & g.predrawn_mask:
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
    m.Maximize(sum(objective))
    return b
