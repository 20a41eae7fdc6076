"""The large neighbourhood search on whole games (``solver/lns.py``, issue 12 item 3): per
game, the solver's line with the beams alone and with the beams then the LNS, at each
time limit, in the same run.

    .venv/bin/python benchmarks/bench_lns.py                          # 5 games a map, 10 s, 60 s
    .venv/bin/python benchmarks/bench_lns.py --maps dig-site --games 1 --limits 10
    .venv/bin/python benchmarks/bench_lns.py --beam-limits 10       # beams alone at 10 s only

The games are ``bench_fullgame.py``'s (game ``i`` rolls ``random.Random(seed + i)``). Each
solve runs in a fresh child process (``paleo solve``'s path: ``exact.solve`` with a time
limit); "beams" sets ``lns.BEAM_SHARE = 1`` (the anytime phase as it was), "LNS" keeps
the default (the beams for half the anytime phase, then the LNS on the best line). For an
LNS solve the row also gives the line the LNS started from, its sub-solves (CP-SAT closed
/ all), the lines it improved, and the lines the core refused (must be 0). Every line
is replayed by the core.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from typing import Any

from bench_fullgame import in_child, rolls_of


def _run(map_name: str, seed: int, limit: float, share: float, queue: Any) -> None:
    from paleowidgets.core.logs import replay_turns
    from paleowidgets.core.rules import Game
    from paleowidgets.data import load_map
    from paleowidgets.solver import lns
    from paleowidgets.solver.exact import solve

    lns.BEAM_SHARE = share
    game = Game(load_map(map_name))
    rolls = rolls_of(seed, game.rounds)
    t0 = time.perf_counter()
    sol = solve((game, rolls), time_limit=limit)
    seconds = time.perf_counter() - t0
    replayed = replay_turns(game, rolls, sol.turns)[-1].score().total
    if replayed != sol.optimum:
        raise AssertionError(f"line replays to {replayed}, not {sol.optimum}")
    st = lns.last_stats
    info = None
    if st is not None:
        info = (st.history[0][1], st.optimal, st.solves, st.improved, st.rejected)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    queue.put((sol.optimum, sol.bound, seconds, peak, info))


def run(map_name: str, seed: int, limit: float, share: float) -> tuple[Any, ...]:
    return in_child(_run, map_name, seed, limit, share)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--maps", nargs="+", default=["dig-site", "snow-map"])
    ap.add_argument("--games", type=int, default=5, help="games per map")
    ap.add_argument("--seed", type=int, default=101, help="seed of the first game")
    ap.add_argument("--limits", type=float, nargs="+", default=[10.0, 60.0])
    ap.add_argument("--beam-limits", type=float, nargs="*", default=None,
                    help="the limits at which the beams alone are run too (default: every "
                         "limit; none: no run of the beams alone)")
    args = ap.parse_args(argv)
    beam_limits = args.limits if args.beam_limits is None else args.beam_limits
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{os.cpu_count()} cores", flush=True)
    head = "| map | seed |"
    for lim in args.limits:
        if lim in beam_limits:
            head += f" beams {lim:g} s: found / bound |"
        head += (f" LNS {lim:g} s: from -> found / bound | sub-solves closed / all, "
                 "improved, refused | MB |")
    print(head, flush=True)
    print("|" + "---|" * (head.count("|") - 1), flush=True)
    gains: dict[float, list[int]] = {lim: [] for lim in args.limits}
    for map_name in args.maps:
        for i in range(args.games):
            seed = args.seed + i
            row = f"| {map_name} | {seed} |"
            for lim in args.limits:
                found_b = None
                if lim in beam_limits:
                    found_b, bound_b, sec_b, _, _ = run(map_name, seed, lim, 1.0)
                    row += f" {found_b} / {bound_b} in {sec_b:.1f} s |"
                found, bound, sec, mb, info = run(map_name, seed, lim, 0.5)
                if info is None:
                    row += f" (no LNS) {found} / {bound} in {sec:.1f} s | | {mb:.0f} |"
                else:
                    start_v, closed, solves, improved, refused = info
                    row += (f" {start_v} -> {found} / {bound} in {sec:.1f} s | "
                            f"{closed} / {solves}, {improved}, {refused} | {mb:.0f} |")
                    if found_b is not None:
                        gains[lim].append(found - found_b)
            print(row, flush=True)
    for lim, g in gains.items():
        if g:
            print(f"{lim:g} s, LNS minus beams alone: {sum(g):+d} in all, better on "
                  f"{sum(x > 0 for x in g)}, worse on {sum(x < 0 for x in g)} of {len(g)}",
                  flush=True)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
          flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
