"""The planner's bound on the middle states of a greedy 20-round game: its goals over time
and the relaxations it asks.

    .venv/bin/python benchmarks/bench_midgame_planner.py --maps dig-site --left 8 9 10 11
    .venv/bin/python benchmarks/bench_midgame_planner.py --maps snow-map --seconds 30

The greedy bot's game of ``random.Random(seed)`` on the rolls of game ``seed`` (as
``bench_fullgame.py --analyse`` builds it); for each state with ``--left`` rounds left, a
floor from ``Engine.solve(state, time_limit=--floor-seconds)`` (a real line), then, above
that floor, ``Planner.solve`` for ``--seconds`` (a fresh ``Engine``: no table is shared
with the floor's solve). Printed: the goals as they fall (``on_bound``) with their
seconds, whether the planner finished, and the relaxations (``dp_plus``) asked, with
their seconds. (Commit 9abe0ed had modes comparing a variant of the target search in the
same process; benchmarks/README.md, "Fossil sets shared between targets".)
Run it under ``flock /work/cpu.lock``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(__file__))
from bench_fullgame import rolls_of


def planner_run(game: Any, rolls: Any, state: Any, floor: int, seconds: float
                ) -> dict[str, Any]:
    """``Planner.solve`` from ``state`` above ``floor`` for at most ``seconds``."""
    from paleowidgets.solver._moves import Clock, Timeout
    from paleowidgets.solver._planner import targets
    from paleowidgets.solver.exact import Engine

    eng = Engine(game, rolls)
    clock = Clock(seconds, None)
    eng.clock = eng.planner.clock = eng.search.clock = clock
    eng.tables.check = clock.check
    goals: list[tuple[float, int]] = []
    calls = [0, 0.0]
    real = targets.dp_plus

    def counted(*a: Any, **kw: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return real(*a, **kw)
        finally:
            calls[0] += 1
            calls[1] += time.perf_counter() - t0

    targets.dp_plus = counted
    done = False
    value = None
    try:
        value, _ = eng.planner.solve(state, floor, None,
                                     lambda g: goals.append((clock.seconds, g)))
        done = True
    except Timeout:
        pass
    finally:
        targets.dp_plus = real
    return dict(goals=goals, done=done, value=value, seconds=clock.seconds, calls=calls)


def main(argv: list[str] | None = None) -> int:
    from paleowidgets.core.logs import replay_turns
    from paleowidgets.core.rules import Game
    from paleowidgets.data import load_map
    from paleowidgets.solver.bots import bot_named, play_game
    from paleowidgets.solver.exact import Engine

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--maps", nargs="+", default=["dig-site", "snow-map"])
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--left", type=int, nargs="+", default=[8, 9, 10, 11])
    ap.add_argument("--seconds", type=float, default=30.0, help="the planner's limit")
    ap.add_argument("--floor-seconds", type=float, default=10.0,
                    help="Engine.solve's limit for the floor's line")
    args = ap.parse_args(argv)
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
          flush=True)
    for map_name in args.maps:
        game = Game(load_map(map_name))
        rolls = rolls_of(args.seed, game.rounds)
        _, turns = play_game(game, rolls, bot_named("greedy"), random.Random(args.seed))
        states = replay_turns(game, rolls, turns)
        for left in args.left:
            state = states[game.rounds - left]
            line = Engine(game, rolls).solve(state, time_limit=args.floor_seconds)
            floor = line.optimum
            print(f"{map_name} {args.seed}, {left} rounds left (score {state.score().total}):"
                  f" floor {floor} (a line in {line.seconds:.1f} s, bound {line.bound})",
                  flush=True)
            r = planner_run(game, rolls, state, floor, args.seconds)
            goals = ", ".join(f"{g}@{t:.1f}" for t, g in r["goals"]) or "-"
            end = (f"finished in {r['seconds']:.1f} s: {r['value']}" if r["done"]
                   else f"stopped at {r['seconds']:.1f} s")
            n, sec = r["calls"]
            print(f"  goals {goals}; {end}; relaxations {n} ({sec:.1f} s)", flush=True)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
