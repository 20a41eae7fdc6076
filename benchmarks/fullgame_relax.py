"""Where the gap on a 20-round game is: upper bounds of relaxations that drop some rules.

    .venv/bin/python benchmarks/fullgame_relax.py --maps dig-site snow-map --games 5
    .venv/bin/python benchmarks/fullgame_relax.py --maps dig-site --games 1 --midgame
    .venv/bin/python benchmarks/fullgame_relax.py --maps dig-site --games 1 --mip 150 \\
        --free 60 --order-free 120

Game ``i`` of a map rolls ``random.Random(seed + i)`` as in ``bench_fullgame.py``. Each
relaxation is a model handed to OR-Tools (the ``test`` extra; GLOP for the LPs, SCIP for the
MIP, CP-SAT for the integral ones), built from the solver's ``Tables`` (placements, the
rolls' (shape, dig type) choices, rings). None of this runs in the package: it measures
how far a bound of each kind could come down, to choose which to build.

- **LP**: per round at most one (shape, dig type, placement) in all, fractional, among the
  roll's choices; every cell drawn at most once; a fossil's share at most every open ring
  cell's cover; its bonus's share (one dig type) at most every open ring cell's cover by
  draws of that dig type, and none when a drawn ring cell has another dig type or none.
  ``stars=False``: no switches, squares or +1 Points (a restricted game: its LP is at most
  the LP of any relaxation of the whole game that keeps the placements, so it says how low
  such a bound can go at best). ``stars=True``: an upper bound of the whole game from the
  state: every star still open may give a square *and* a switch *and* a +1 Point (over-
  counted), switches let at most that many rounds use any choice (both switches in one
  round count once), squares cover open ring cells that are not stars and carry no dig
  type, +1 Points at most the open stars within the cap; the bonuses' timing and the
  forced draw are dropped. Each is a relaxation, so the LP's value plus the score now is
  an upper bound of every real line.
- **MIP**: the LP with the rounds' choices integral (the placements stay fractional).
- **Free placements** (CP-SAT): at most R placements of any shapes, none overlapping, every
  fossil dug scores its bonus too: geometry alone.
- **Fossil covers**: a Lagrangean over fossils with one price on every round, each
  fossil's cover of whole placements (:func:`fossil_covers`).
- **Order-free** (CP-SAT): the rolls' own choices integral and placements integral, round
  order, stars, switches and squares dropped (its bound is not a bound of the game: the
  stars are left out; its line says how much the rolls' shapes cost against geometry).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any

from paleowidgets.core.geometry import LETTERS
from paleowidgets.core.rules import Game, State
from paleowidgets.core.terms import BONUS_CAP, PLUS_ONE
from paleowidgets.data import load_map
from paleowidgets.solver._tables import Tables, bits_of


def lp_bound(t: Tables, s: State, *, stars: bool, integral_rounds: bool = False,
             time_limit: float = 600.0) -> tuple[float, float, float]:
    """(the relaxation's value found, its bound, seconds) from state ``s``: the fossils'
    part only (add the score now and, with ``stars``, :func:`plus_cap`). See the module's
    docstring for the model and why it is a relaxation."""
    from ortools.linear_solver import pywraplp

    g = t.game
    solver = pywraplp.Solver.CreateSolver("SCIP" if integral_rounds else "GLOP")
    solver.SetTimeLimit(int(time_limit * 1000))
    drawn = s.drawn
    open_stars = (t.stars & ~drawn).bit_count()
    gains = min(open_stars, t.cap_total(s.gained)) if stars else 0
    switches = (s.held[1] + s.held[2] + gains) if stars else 0
    squares = (s.held[0] + gains) if stars else 0
    pls = [(m, si) for si, letter in enumerate(LETTERS) for m in g.placements[letter]
           if m & t.ring_union and not m & drawn]
    by_shape: dict[int, list[int]] = {}
    for m, si in pls:
        by_shape.setdefault(si, []).append(m)
    cells: dict[int, list[Any]] = {}
    by_dig: dict[tuple[int, int], list[Any]] = {}
    upgraded: list[Any] = []
    new_var = solver.BoolVar if integral_rounds else (lambda name: solver.NumVar(0, 1, name))
    for r in range(s.round, t.R):
        base = t.pairs[r][(False, False)]
        full = t.pairs[r][(True, True)] if switches else base
        here: list[Any] = []
        for si, d in full:
            choice = new_var("")
            here.append(choice)
            if (si, d) not in base:
                upgraded.append(choice)
            ys = []
            for m in by_shape.get(si, ()):
                y = solver.NumVar(0, 1, "")
                ys.append(y)
                for c in bits_of(m):
                    cells.setdefault(c, []).append(y)
                    by_dig.setdefault((c, d), []).append(y)
            if ys:
                solver.Add(sum(ys) <= choice)
        if here:
            solver.Add(sum(here) <= 1)
    if upgraded:
        solver.Add(sum(upgraded) <= switches)
    sq_vars = []
    if squares:
        for c in bits_of(t.ring_union & ~drawn & ~t.stars):
            v = solver.NumVar(0, 1, "")
            sq_vars.append(v)
            cells.setdefault(c, []).append(v)
        solver.Add(sum(sq_vars) <= squares)
    for vs in cells.values():
        solver.Add(sum(vs) <= 1)
    obj: Any = 0
    for f, ring in enumerate(t.rings):
        if s.dug >> f & 1:
            continue
        x = solver.NumVar(0, 1, "")
        zs = [(d, solver.NumVar(0, 1, "")) for d in range(3)
              if ring & drawn & ~s.digs[d] == 0]
        if zs:
            solver.Add(sum(z for _, z in zs) <= x)
        for c in bits_of(ring & ~drawn):
            solver.Add(x <= sum(cells.get(c, [])))
            for d, z in zs:
                solver.Add(z <= sum(by_dig.get((c, d), [])))
        obj += t.points[f] * x + t.bonus[f] * sum(z for _, z in zs)
    solver.Maximize(obj)
    t0 = time.perf_counter()
    solver.Solve()
    seconds = time.perf_counter() - t0
    value = solver.Objective().Value()
    bound = solver.Objective().BestBound() if integral_rounds else value
    return value, bound, seconds


def plus_cap(t: Tables, s: State) -> int:
    """The most +1 Points still to gain: one per open star, within the cap."""
    return min((t.stars & ~s.drawn).bit_count(), BONUS_CAP - s.gained[PLUS_ONE])


def free_placements(t: Tables, limit: float) -> tuple[float, float, float]:
    """CP-SAT: at most R placements of any shapes from the start, none overlapping, a
    fossil dug scores points + bonus: (found, bound, seconds)."""
    from ortools.sat.python import cp_model

    g = t.game
    model = cp_model.CpModel()
    pls = [m for letter in LETTERS for m in g.placements[letter] if m & t.ring_union]
    ys = [model.NewBoolVar("") for _ in pls]
    on: dict[int, list[Any]] = {}
    for v, m in zip(ys, pls, strict=True):
        for c in bits_of(m):
            on.setdefault(c, []).append(v)
    for vs in on.values():
        model.AddAtMostOne(vs)
    model.Add(sum(ys) <= t.R)
    terms = []
    for f, ring in enumerate(t.rings):
        x = model.NewBoolVar("")
        for c in bits_of(ring):
            model.AddBoolOr(on[c]).OnlyEnforceIf(x)
        terms.append((t.points[f] + t.bonus[f]) * x)
    model.Maximize(sum(terms))
    return _cpsat(model, limit)


def order_free(t: Tables, limit: float) -> tuple[float, float, float]:
    """CP-SAT: each round one of the roll's own (shape, dig type) choices or nothing, as
    many placements of each choice as rounds chose it, none overlapping; bonuses need one
    dig type on the whole ring. No stars, switches or squares: (found, bound, seconds)."""
    from ortools.sat.python import cp_model

    g = t.game
    model = cp_model.CpModel()
    chosen: dict[tuple[int, int], list[Any]] = {}
    for r in range(t.R):
        here = []
        for pair in t.pairs[r][(False, False)]:
            v = model.NewBoolVar("")
            here.append(v)
            chosen.setdefault(pair, []).append(v)
        model.AddAtMostOne(here)
    drawn_by: dict[tuple[int, int], list[Any]] = {}
    cells: dict[int, list[Any]] = {}
    for (si, d), vs in chosen.items():
        ys = []
        for m in g.placements[LETTERS[si]]:
            if m & t.ring_union:
                y = model.NewBoolVar("")
                ys.append(y)
                for c in bits_of(m):
                    cells.setdefault(c, []).append(y)
                    drawn_by.setdefault((c, d), []).append(y)
        model.Add(sum(ys) <= sum(vs))
    for vs in cells.values():
        model.AddAtMostOne(vs)
    terms = []
    for f, ring in enumerate(t.rings):
        x = model.NewBoolVar("")
        for c in bits_of(ring):
            model.AddBoolOr(cells.get(c, [model.NewConstant(0)])).OnlyEnforceIf(x)
        for d in range(3):
            z = model.NewBoolVar("")
            model.AddImplication(z, x)
            for c in bits_of(ring):
                model.AddBoolOr(drawn_by.get((c, d), [model.NewConstant(0)])).OnlyEnforceIf(z)
            terms.append(t.bonus[f] * z)
        terms.append(t.points[f] * x)
    model.Maximize(sum(terms))
    return _cpsat(model, limit)


def fossil_covers(t: Tables, most: int = 5) -> tuple[float, list[list[tuple[int, float]]]]:
    """A Lagrangean bound over fossils with one price on all rounds, no stars, from the
    start: each fossil's cheapest cover of its ring by whole, non-overlapping placements
    of at most ``most`` (fitting distinct rounds that offer their shapes, with the bonus's
    dig type for the bonus), a placement costing the fossil its share of the placement's
    ring cells (so that the fossils a placement serves pay at most one round in all).
    The bound is min over the price p of R * p + the sum over fossils of max(0, best
    option's value - p * its cost). Limiting covers to ``most`` placements can only raise
    the costs and lower this; whatever it gives, the true one is at least that.
    Returns (the bound, per fossil the (value, cost) of its options)."""
    rounds_of: dict[tuple[int, int | None], set[int]] = {}
    for r in range(t.R):
        for si, d in t.pairs[r][(False, False)]:
            rounds_of.setdefault((si, d), set()).add(r)
            rounds_of.setdefault((si, None), set()).add(r)

    def matched(shapes: list[int], d: int | None) -> bool:
        owner: dict[int, int] = {}

        def augment(i: int, seen: set[int]) -> bool:
            for r in rounds_of.get((shapes[i], d), ()):
                if r not in seen:
                    seen.add(r)
                    if r not in owner or augment(owner[r], seen):
                        owner[r] = i
                        return True
            return False
        return all(augment(i, set()) for i in range(len(shapes)))

    def cheapest(f: int, d: int | None) -> float:
        ring = t.rings[f]
        by_cell: dict[int, list[tuple[float, int, int]]] = {}
        for m, si in t.touchers[f]:
            if (si, d) in rounds_of:
                share = (m & ring).bit_count() / sum((m & g).bit_count() for g in t.rings)
                for c in bits_of(m & ring):
                    by_cell.setdefault(c, []).append((share, m, si))
        if set(bits_of(ring)) - set(by_cell):
            return float("inf")
        for v in by_cell.values():
            v.sort()
        low = min(x[0] for v in by_cell.values() for x in v)
        wide = max((x[1] & ring).bit_count() for v in by_cell.values() for x in v)
        best = [float("inf")]

        def go(left: int, used: int, cost: float, shapes: list[int]) -> None:
            if not left:
                if cost < best[0] and matched(shapes, d):
                    best[0] = cost
                return
            need = -(-left.bit_count() // wide)
            if len(shapes) + need > most or cost + need * low >= best[0] - 1e-9:
                return
            c = (left & -left).bit_length() - 1
            for share, m, si in by_cell[c]:
                if cost + share + (need - 1) * low >= best[0] - 1e-9:
                    break
                if not m & used:
                    go(left & ~m, used | m, cost + share, [*shapes, si])
        go(ring, 0, 0.0, [])
        return best[0]

    options = []
    for f in range(t.nf):
        opts = [(t.points[f], cheapest(f, None))]
        opts += [(t.points[f] + t.bonus[f], cheapest(f, d)) for d in range(3)]
        options.append([(v, c) for v, c in opts if c < float("inf")])
    bound = min(t.R * p + sum(max([0.0, *(v - p * c for v, c in opts)]) for opts in options)
                for p in (k / 100 for k in range(1001)))
    return bound, options


def _cpsat(model: Any, limit: float) -> tuple[float, float, float]:
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = limit
    solver.parameters.num_workers = 2
    t0 = time.perf_counter()
    status = solver.Solve(model)
    found = solver.ObjectiveValue() if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) else -1
    return found, solver.BestObjectiveBound(), time.perf_counter() - t0


def start_row(map_name: str, seed: int, args: argparse.Namespace) -> str:
    from bench_fullgame import rolls_of

    game = Game(load_map(map_name))
    t = Tables(game, rolls_of(seed, game.rounds))
    s0 = game.initial_state()
    t0 = time.perf_counter()
    b = t.bound(s0)
    row = f"| {map_name} | {seed} | {b} ({time.perf_counter() - t0:.1f} s) |"
    plain = [(t.shapes_for[r][(False, False)], t.shapes_for[r][(False, False)], 1)
             for r in range(t.R)]
    row += f" {t.fossil_bound(s0.drawn, s0.digs, list(range(t.nf)), plain, 0, 0)} |"
    v, _, sec = lp_bound(t, s0, stars=False)
    row += f" {v:.1f} ({sec:.1f} s) |"
    v, _, sec = lp_bound(t, s0, stars=True)
    row += f" {v + plus_cap(t, s0):.1f} ({sec:.1f} s) |"
    for limit, fn in ((args.mip, lambda lim: lp_bound(t, s0, stars=False,
                                                       integral_rounds=True,
                                                       time_limit=lim)),
                      (args.free, lambda lim: free_placements(t, lim)),
                      (args.order_free, lambda lim: order_free(t, lim))):
        if limit > 0:
            found, bound, sec = fn(limit)
            row += f" {found:.1f} / {bound:.1f} ({sec:.0f} s) |"
        else:
            row += " - |"
    return row


def midgame_rows(map_name: str, seed: int, bot: str) -> list[str]:
    """Along the bot's game of ``seed``: each state's score, ``Tables.bound`` and the
    LP with stars (plus the score and the +1 Points cap): upper bounds both."""
    from bench_fullgame import rolls_of

    from paleowidgets.solver.bots import bot_named

    game = Game(load_map(map_name))
    rolls = rolls_of(seed, game.rounds)
    t = Tables(game, rolls)
    player = bot_named(bot)
    rng = random.Random(seed)
    s = game.initial_state()
    rows = []
    for roll in rolls:
        left = t.R - s.round
        if 4 <= left <= 16:
            cur = t.score(s)
            t0 = time.perf_counter()
            b = t.bound(s)
            tb = time.perf_counter() - t0
            v, _, sec = lp_bound(t, s, stars=True)
            rows.append(f"| {map_name} | {seed} | {left} | {cur} | {b} ({tb:.2f} s) | "
                        f"{cur + v + plus_cap(t, s):.1f} ({sec:.1f} s) |")
        s = player.choose(s, roll, rng).apply(s)
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--maps", nargs="+", default=["dig-site", "snow-map"])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--mip", type=float, default=0.0, metavar="SECONDS",
                    help="also the MIP with integral rounds (SCIP), this long")
    ap.add_argument("--free", type=float, default=0.0, metavar="SECONDS",
                    help="also free placements by CP-SAT, this long")
    ap.add_argument("--order-free", type=float, default=0.0, metavar="SECONDS",
                    help="also the order-free integral model by CP-SAT, this long")
    ap.add_argument("--covers", action="store_true",
                    help="instead: the fossil covers' Lagrangean bound of the start")
    ap.add_argument("--midgame", action="store_true",
                    help="instead: Tables.bound and the LP along the bot's game")
    ap.add_argument("--bot", default="greedy")
    args = ap.parse_args(argv)
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
          flush=True)
    if args.covers:
        from bench_fullgame import rolls_of

        for map_name in args.maps:
            for i in range(args.games):
                game = Game(load_map(map_name))
                t = Tables(game, rolls_of(args.seed + i, game.rounds))
                t0 = time.perf_counter()
                bound, options = fossil_covers(t)
                costs = " ".join(f"{min(c for _, c in o):.2f}" for o in options)
                print(f"| {map_name} | {args.seed + i} | {bound:.2f} | {costs} | "
                      f"{time.perf_counter() - t0:.0f} s |", flush=True)
    elif args.midgame:
        print("| map | seed | rounds left | score | Tables.bound | LP with stars |")
        print("|---|---|---|---|---|---|", flush=True)
        for map_name in args.maps:
            for i in range(args.games):
                for row in midgame_rows(map_name, args.seed + i, args.bot):
                    print(row, flush=True)
    else:
        print("| map | seed | Tables.bound | its fossil part, no stars | LP, no stars | "
              "LP with stars | MIP, integral rounds, no stars: found / bound | "
              "free placements: found / bound | order-free, no stars: found / bound |")
        print("|---|---|---|---|---|---|---|---|---|", flush=True)
        for map_name in args.maps:
            for i in range(args.games):
                print(start_row(map_name, args.seed + i, args), flush=True)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
          flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
