"""Whole 20-round games on the shipped maps: our solver at 10 s and 60 s against the exact
CP-SAT model at 600 s, in the same run.

    .venv/bin/python benchmarks/bench_fullgame.py                      # the full run (hours)
    .venv/bin/python benchmarks/bench_fullgame.py --games 2 --maps dig-site snow-map \\
        --cpsat-limit 300                                              # a reduced run

Game ``i`` of a map rolls the dice of ``random.Random(seed + i)``, two ``randint(1, 6)`` a
round (as issue 12 states its game), for the map's rounds. Every solve runs in a fresh
child process, one at a time, so that its peak resident memory (``ru_maxrss`` of the
child) is its own; the load average is printed at the start and the end (the machine may
be shared). Each row: the best line found, the upper bound, proven or not, the seconds
and the peak memory of each solver. Our lines and CP-SAT's are replayed by the core.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import resource
import statistics
import sys
import time
from typing import Any

MAPS = ("dig-site", "snow-map", "first-dig", "ring-school")


def rolls_of(seed: int, rounds: int) -> tuple[tuple[int, int], ...]:
    rng = random.Random(seed)
    return tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(rounds))


def _run(kind: str, map_name: str, seed: int, limit: float, queue: Any) -> None:
    from paleowidgets.core.logs import replay_turns
    from paleowidgets.core.rules import Game
    from paleowidgets.data import load_map

    game = Game(load_map(map_name))
    rolls = rolls_of(seed, game.rounds)
    t0 = time.perf_counter()
    if kind == "ours":
        from paleowidgets.solver.exact import solve

        sol = solve((game, rolls), time_limit=limit)
        found, bound, proven, turns = sol.optimum, sol.bound, sol.proven, sol.turns
    else:
        from paleowidgets.solver.cpsat import solve_cpsat

        res = solve_cpsat((game, rolls), time_limit=limit)
        found, proven, turns = res.optimum, res.proven, res.turns
        bound = res.bound
    seconds = time.perf_counter() - t0
    if turns:
        replayed = replay_turns(game, rolls, turns)[-1].score().total
        if replayed != found:
            raise AssertionError(f"{kind} line replays to {replayed}, not {found}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024      # MB (Linux: KB)
    queue.put((found, bound, proven, seconds, peak))


def run(kind: str, map_name: str, seed: int, limit: float) -> tuple[Any, ...]:
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    proc = ctx.Process(target=_run, args=(kind, map_name, seed, limit, queue))
    proc.start()
    out = queue.get()
    proc.join()
    return tuple(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--maps", nargs="+", default=list(MAPS), choices=MAPS)
    ap.add_argument("--games", type=int, default=10, help="games per map")
    ap.add_argument("--seed", type=int, default=101, help="seed of the first game")
    ap.add_argument("--ours", type=float, nargs="+", default=[10.0, 60.0],
                    help="our time limits (seconds)")
    ap.add_argument("--cpsat-limit", type=float, default=600.0,
                    help="CP-SAT's time limit (seconds); 0: CP-SAT is not run")
    args = ap.parse_args(argv)
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{os.cpu_count()} cores", flush=True)
    head = "| map | seed |"
    for lim in args.ours:
        head += f" ours {lim:g} s: found / bound | MB |"
    if args.cpsat_limit > 0:
        head += f" CP-SAT {args.cpsat_limit:g} s: found / bound | s | MB |"
    print(head, flush=True)
    print("|" + "---|" * (head.count("|") - 1), flush=True)
    gaps: dict[float, list[int]] = {lim: [] for lim in args.ours}
    for map_name in args.maps:
        for i in range(args.games):
            seed = args.seed + i
            row = f"| {map_name} | {seed} |"
            ours = []
            for lim in args.ours:
                found, bound, proven, sec, mb = run("ours", map_name, seed, lim)
                ours.append(found)
                mark = " (proven)" if proven else ""
                row += f" {found} / {bound}{mark} in {sec:.1f} s | {mb:.0f} |"
            if args.cpsat_limit > 0:
                found, bound, proven, sec, mb = run("cpsat", map_name, seed, args.cpsat_limit)
                mark = " (proven)" if proven else ""
                row += f" {found} / {bound}{mark} | {sec:.0f} | {mb:.0f} |"
                for lim, v in zip(args.ours, ours, strict=True):
                    gaps[lim].append(v - found)
            print(row, flush=True)
    for lim, g in gaps.items():
        if g:
            print(f"ours {lim:g} s minus CP-SAT {args.cpsat_limit:g} s: median "
                  f"{statistics.median(g):+g}, at least as good on {sum(x >= 0 for x in g)} "
                  f"of {len(g)}", flush=True)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
          flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
