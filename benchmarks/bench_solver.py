"""Benchmark: the exact solver against the CP-SAT model, on a fixed suite of puzzles.

    .venv/bin/python benchmarks/bench_solver.py               # the whole suite
    .venv/bin/python benchmarks/bench_solver.py --only 3 5    # some instances
    .venv/bin/python benchmarks/bench_solver.py --no-cpsat    # ours only (or --ours-only)
    .venv/bin/python benchmarks/bench_solver.py --only 2 --ours-only --profile
        # where our time goes (cProfile, the 30 costliest functions by cumulative time)
    .venv/bin/python benchmarks/bench_solver.py --dig-site --analysis-limit 5
        # the 20-round dig-site game of the greedy bot: hindsight optimum, then analysis

Every puzzle comes from :func:`paleowidgets.solver.puzzlegen.random_puzzle` with a fixed
seed, so the suite is the same on every machine. Both solvers run in the same process, one
after the other; CP-SAT gets ``--cpsat-limit`` seconds and two workers (the tuned
parameters of ``paleowidgets.solver.cpsat``). The table gives each solver's time and
optimum, the ratio CP-SAT time / our time, and our search nodes; a time limit reached
is marked ``>``. The summary line gives the median ratio and our slowest instance.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

from paleowidgets.solver.exact import solve
from paleowidgets.solver.puzzlegen import random_puzzle

# (name, random_puzzle arguments, seed)
SUITE: list[tuple[str, dict[str, Any], int]] = [
    ("7x7 r3 f2 s2", dict(width=7, height=7, fossils=2, rounds=3, stars=2), 100),
    ("7x7 r5 f1 s3 +sq", dict(width=7, height=7, fossils=1, rounds=5, stars=3,
                              bonuses={"one-square": 1}), 111),
    ("8x8 r4 f3 s2", dict(width=8, height=8, fossils=3, rounds=4, stars=2), 101),
    ("8x8 r5 f3", dict(width=8, height=8, fossils=3, rounds=5, stars=0), 102),
    ("8x8 r6 f2 s1 pre12", dict(width=8, height=8, fossils=2, rounds=6, stars=1,
                                predrawn=12), 112),
    ("9x9 r5 f4 s1 +ss", dict(width=9, height=9, fossils=4, rounds=5, stars=1,
                              bonuses={"switch-shape": 1}), 103),
    ("9x9 r6 f3 s1 pre20", dict(width=9, height=9, fossils=3, rounds=6, stars=1,
                                predrawn=20), 110),
    ("10x10 r6 f4 s2", dict(width=10, height=10, fossils=4, rounds=6, stars=2), 104),
    ("10x10 r8 f3", dict(width=10, height=10, fossils=3, rounds=8, stars=0), 105),
    ("11x11 r6 f5 s2", dict(width=11, height=11, fossils=5, rounds=6, stars=2), 106),
    ("12x12 r4 f8", dict(width=12, height=12, fossils=8, rounds=4, stars=0), 107),
    ("12x12 r8 f6 s2", dict(width=12, height=12, fossils=6, rounds=8, stars=2), 108),
    ("12x12 r12 f2 s2", dict(width=12, height=12, fossils=2, rounds=12, stars=2), 109),
    ("12x12 r10 f4 s1 +dig", dict(width=12, height=12, fossils=4, rounds=10, stars=1,
                                  bonuses={"switch-dig": 1}), 113),
]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", type=int, nargs="*", help="instance numbers to run")
    ap.add_argument("--ours-limit", type=float, default=60.0)
    ap.add_argument("--cpsat-limit", type=float, default=300.0)
    ap.add_argument("--no-cpsat", "--ours-only", action="store_true", dest="no_cpsat")
    ap.add_argument("--profile", action="store_true",
                    help="profile our solver (cProfile, by cumulative time)")
    ap.add_argument("--dig-site", action="store_true",
                    help="the moonshot instead: a greedy 20-round game on the dig site")
    ap.add_argument("--seed", type=int, default=1, help="--dig-site: the game's seed")
    ap.add_argument("--analysis-limit", type=float, default=None,
                    help="--dig-site: seconds per solve of the analysis (default: none)")
    args = ap.parse_args(argv)
    if args.dig_site:
        return dig_site(args.seed, args.ours_limit, args.analysis_limit)
    chosen = args.only if args.only else range(len(SUITE))
    head = (f"{'#':>2}  {'instance':<22}{'ours s':>9}{'opt':>5}{'CP-SAT s':>10}{'opt':>5}"
            f"{'ratio':>8}{'nodes':>9}")
    print(head)
    print("-" * len(head))
    ratios: list[float] = []
    ours_times: list[float] = []
    for i in chosen:
        name, spec, seed = SUITE[i]
        puzzle = random_puzzle(random.Random(seed), **spec)
        t0 = time.perf_counter()
        if args.profile:
            import cProfile
            import pstats

            prof = cProfile.Profile()
            sol = prof.runcall(solve, puzzle, time_limit=args.ours_limit)
        else:
            sol = solve(puzzle, time_limit=args.ours_limit)
        ours = time.perf_counter() - t0
        ours_times.append(ours)
        mark = "" if sol.proven else ">"
        line = f"{i:>2}  {name:<22}{mark + f'{ours:.2f}':>9}{sol.optimum:>5}"
        if args.no_cpsat:
            print(line + f"{'':>10}{'':>5}{'':>8}{sol.nodes:>9}", flush=True)
            if args.profile:
                pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
            continue
        from paleowidgets.solver.cpsat import solve_cpsat

        t0 = time.perf_counter()
        cp = solve_cpsat(puzzle, time_limit=args.cpsat_limit)
        theirs = time.perf_counter() - t0
        cmark = "" if cp.proven else ">"
        ratio = theirs / max(ours, 1e-3)
        ratios.append(ratio)
        rmark = ">" if not cp.proven and sol.proven else "<" if cp.proven and not sol.proven \
            else "?" if not cp.proven else ""
        agree = "" if sol.optimum == cp.optimum or not (sol.proven and cp.proven) else "  DIFFER"
        print(line + f"{cmark + f'{theirs:.2f}':>10}{cp.optimum:>5}"
              f"{rmark + f'{ratio:.1f}':>8}{sol.nodes:>9}{agree}", flush=True)
    print("-" * len(head))
    summary = f"ours: slowest {max(ours_times):.2f} s, median {statistics.median(ours_times):.2f} s"
    if ratios:
        summary += f"; CP-SAT/ours median ratio {statistics.median(ratios):.1f}"
    print(summary)
    return 0


def dig_site(seed: int, limit: float, analysis_limit: float | None) -> int:
    """The hindsight optimum of a whole greedy game on the standard map (``limit``
    seconds), then the analysis of that game (``analysis_limit`` seconds per solve)."""
    from paleowidgets.core.dice import roll_sequence
    from paleowidgets.core.rules import Game
    from paleowidgets.data import load_map
    from paleowidgets.solver.analysis import analyse
    from paleowidgets.solver.bots import GreedyBot, play_game

    game = Game(load_map("dig-site"))
    rolls = roll_sequence(seed, game.rounds)
    final, turns = play_game(game, rolls, GreedyBot(), random.Random(seed))
    print(f"dig-site, {game.rounds} rounds, seed {seed}: greedy scores {final.score().total}")
    t0 = time.perf_counter()
    sol = solve((game, rolls), time_limit=limit)
    print(f"hindsight optimum: {sol.optimum} ({'proven' if sol.proven else 'not proven'}) "
          f"in {time.perf_counter() - t0:.1f} s, {sol.nodes} nodes", flush=True)
    t0 = time.perf_counter()

    def progress(k: int, n: int) -> None:
        print(f"  analysed {k}/{n} rounds, {time.perf_counter() - t0:.1f} s", flush=True)

    a = analyse(game, rolls, turns, time_limit=analysis_limit, progress=progress)
    print(f"analysis ({analysis_limit} s per solve): {time.perf_counter() - t0:.1f} s, "
          f"best {a.best}, final {a.final}, proven {a.proven}; regrets "
          + " ".join(str(r.regret) for r in a.rounds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
