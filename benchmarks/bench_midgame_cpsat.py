"""CP-SAT against our engine on the middle states of a whole-game analysis (issue 12 item 4).

    .venv/bin/python benchmarks/bench_midgame_cpsat.py --maps dig-site snow-map \\
        --left 8 9 10 11 12 13 --limit 60

For each map and seed, the greedy bot's game of ``random.Random(seed)`` on the rolls of
game ``seed`` (as ``bench_fullgame.py --analyse`` builds it) is analysed first with
``analysis.analyse(total_time=--analyse)``, recording every solve the analysis makes (its
line, found, bound, seconds). Then, for each state with ``--left`` rounds left, each in a
fresh child process:

- ``cold``: CP-SAT alone from the state (``solve_cpsat(start=state)``);
- ``hinted``: CP-SAT with the analysis' line from that state as its solution hint, the
  analysis' bound as a cap and its line's value as a floor;
- ``ours`` (``--ours S``): ``Engine.solve(state, lines_first=False)`` seeded with the
  analysis' line, S seconds, the later states solved first as the analysis does (their
  solves are not timed).

Each prints the time to prove (or the found / bound at the limit) and CP-SAT's (seconds,
best, bound) reports over time. Every CP-SAT line is replayed by the core.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(__file__))

from bench_fullgame import in_child, rolls_of


def _game(map_name: str, seed: int) -> tuple[Any, Any, Any, Any]:
    from paleowidgets.core.logs import replay_turns
    from paleowidgets.core.rules import Game
    from paleowidgets.data import load_map
    from paleowidgets.solver.bots import bot_named, play_game

    game = Game(load_map(map_name))
    rolls = rolls_of(seed, game.rounds)
    _, turns = play_game(game, rolls, bot_named("greedy"), random.Random(seed))
    return game, rolls, turns, replay_turns(game, rolls, turns)


def _analysis(map_name: str, seed: int, total: float, queue: Any) -> None:
    """The analysis' solve of each state: {round: (found, bound, seconds, line dicts)}."""
    from paleowidgets.solver import analysis, exact

    game, rolls, turns, _ = _game(map_name, seed)
    record: dict[int, tuple[int, int, float, list[dict[str, object]]]] = {}
    solve = exact.Engine.solve

    def recording(self: Any, start: Any, **kw: Any) -> Any:
        sol = solve(self, start, **kw)
        record[start.round] = (sol.optimum, sol.bound, sol.seconds,
                               [t.to_dict() for t in sol.turns])
        return sol

    exact.Engine.solve = recording  # type: ignore[method-assign]
    a = analysis.analyse(game, rolls, turns, total_time=total)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    queue.put((record, sum(r.proven for r in a.rounds), peak))


def _cpsat(map_name: str, seed: int, rnd: int, limit: float, workers: int,
           hinted: tuple[int, int, list[dict[str, object]]] | None, above: bool,
           queue: Any) -> None:
    from paleowidgets.core.turns import Turn
    from paleowidgets.solver.cpsat import solve_cpsat

    game, rolls, _, states = _game(map_name, seed)
    start = states[rnd]
    trace: list[tuple[float, int, int]] = []
    kw: dict[str, Any] = {}
    if hinted is not None:
        found, bound, line = hinted
        kw = {"hint": [Turn.from_dict(d) for d in line], "cap": bound,
              "floor": found + 1 if above else found}
    res = solve_cpsat((game, rolls), start=start, time_limit=limit, workers=workers,
                      on_bound=lambda s, b, u: trace.append((round(s, 1), b, u)), **kw)
    if res.turns:
        s = start
        for turn in res.turns:
            s = s.apply(rolls[s.round], turn)
        assert s.score().total == res.optimum, (s.score().total, res.optimum)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    queue.put((res.optimum, res.bound, res.proven, res.status, res.seconds, trace, peak))


def _ours(map_name: str, seed: int, rnd: int, limit: float, total: float,
          line: list[dict[str, object]], queue: Any) -> None:
    """Our engine on the state of round ``rnd`` seeded with ``line``, after the analysis'
    solves of the later states (as the analysis runs them, untimed here)."""
    from paleowidgets.core.turns import Turn
    from paleowidgets.solver.exact import Engine

    game, rolls, turns, states = _game(map_name, seed)
    engine = Engine(game, rolls, switch_shape=any(s.held[1] for s in states))
    after: list[Any] = []
    for r in range(len(turns) - 1, rnd, -1):
        sol = engine.solve(states[r], time_limit=10.0,
                           seed=[engine.move_of(states[r], turns[r]), *after],
                           lines_first=False)
        after = _moves(engine, states[r], sol.turns)
    seed_line = _moves(engine, states[rnd], [Turn.from_dict(d) for d in line])
    sol = engine.solve(states[rnd], time_limit=limit, seed=seed_line, lines_first=False)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    queue.put((sol.optimum, sol.bound, sol.proven, sol.seconds, peak,
               [t.to_dict() for t in sol.turns]))


def _moves(engine: Any, start: Any, turns: Any) -> list[Any]:
    out, s = [], start
    for turn in turns:
        mv = engine.move_of(s, turn)
        out.append(mv)
        s = s.apply(engine.rolls[s.round], turn)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--maps", nargs="+", default=["dig-site", "snow-map"])
    ap.add_argument("--seeds", nargs="+", type=int, default=[101])
    ap.add_argument("--left", nargs="+", type=int, default=[8, 9, 10, 11, 12, 13])
    ap.add_argument("--limit", type=float, default=60.0, help="CP-SAT's seconds a state")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--analyse", type=float, default=60.0,
                    help="the analysis' total seconds (its lines and bounds are the hints)")
    ap.add_argument("--ours", type=float, default=0.0,
                    help="also our engine on each state, this many seconds")
    ap.add_argument("--cold", action="store_true", help="also CP-SAT without hint or cap")
    ap.add_argument("--no-hinted", dest="hinted", action="store_false",
                    help="leave out CP-SAT hinted with the analysis' line")
    ap.add_argument("--above", action="store_true",
                    help="with --ours, where ours is not proven: CP-SAT hinted with our "
                         "line, capped by our bound, asked for a line above it "
                         "(infeasible: ours is proven)")
    args = ap.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f}, {time.strftime('%H:%M:%S')} UTC",
          flush=True)
    for map_name in args.maps:
        for seed in args.seeds:
            record, proven, peak = in_child(_analysis, map_name, seed, args.analyse)
            print(f"{map_name} {seed}: analysis {args.analyse:.0f} s, {proven} of 20 "
                  f"proven, {peak:.0f} MB", flush=True)
            rounds = max(record) + 1
            for left in args.left:
                rnd = rounds - left
                found, bound, sec, line = record[rnd]
                print(f"  {left} left (round {rnd + 1}): analysis {found} / {bound} in "
                      f"{sec:.1f} s", flush=True)
                variants: list[tuple[str, Any]] = []
                if args.hinted:
                    variants.append(("hinted", (found, bound, line)))
                if args.cold:
                    variants.insert(0, ("cold", None))
                if args.ours:
                    opt, ub, ok, s, mb, our_line = in_child(
                        _ours, map_name, seed, rnd, args.ours, args.analyse, line)
                    what = f"{opt} proven" if ok else f"{opt} / {ub}"
                    print(f"    ours: {what} in {s:.1f} s, {mb:.0f} MB", flush=True)
                    if args.above and not ok:
                        # CP-SAT asked only for the proof: a line above ours' (cap: our bound)
                        variants.append(("above ours", (opt, ub, our_line)))
                for name, hinted in variants:
                    opt, ub, ok, status, s, trace, mb = in_child(
                        _cpsat, map_name, seed, rnd, args.limit, args.workers, hinted,
                        name == "above ours")
                    what = f"{opt} proven" if ok else f"{opt} / {ub} ({status})"
                    if status == "INFEASIBLE" and hinted is not None:
                        what = f"nothing above {hinted[0]} (the floor {ub + 1}): proven"
                    print(f"    CP-SAT {name}, {args.workers} workers: {what} in {s:.1f} s, "
                          f"{mb:.0f} MB; trace {trace[-12:]}", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}, {time.strftime('%H:%M:%S')} UTC")
    return 0


if __name__ == "__main__":
    sys.exit(main())
