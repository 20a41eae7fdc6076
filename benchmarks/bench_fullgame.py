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
    missed = ""
    if turns:
        final = replay_turns(game, rolls, turns)[-1]
        replayed = final.score().total
        if replayed != found:
            raise AssertionError(f"{kind} line replays to {replayed}, not {found}")
        missed = _missed(game, final)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024      # MB (Linux: KB)
    queue.put((found, bound, proven, seconds, peak, missed))


def _missed(game: Any, final: Any) -> str:
    """What a line's final state leaves of the most a map can give (every fossil with its
    bonus, and 4 +1 Points): the fossils left buried (points + bonus), the bonuses missed
    on fossils dug, the +1 Points short of 4, and what the stars gave instead (squares,
    switch-shape, switch-dig gained)."""
    buried = missed = 0
    for f, fossil in enumerate(game.map.fossils):
        if not final.dug >> f & 1:
            buried += fossil.points + fossil.bonus
        elif not final.same >> f & 1:
            missed += fossil.bonus
    sq, ss, sd, _plus = final.gained
    return (f"buried {buried}, bonuses missed {missed}, +1 short {4 - final.held[3]} "
            f"(stars gave {sq} squares, {ss + sd} switches)")


def _relaxations(map_name: str, seed: int, limit: float, queue: Any) -> None:
    """Upper bounds of the start of game ``seed`` from relaxations that drop some rules
    (where the gap between the best line and the bound is; the models are in
    ``fullgame_relax.py``): see ``--gap``."""
    from fullgame_relax import free_placements, lp_bound

    from paleowidgets.core.rules import Game
    from paleowidgets.data import load_map
    from paleowidgets.solver._tables import Tables

    game = Game(load_map(map_name))
    t = Tables(game, rolls_of(seed, game.rounds))
    s0 = game.initial_state()
    out: list[str] = []
    t0 = time.perf_counter()
    b = t.bound(s0)
    out.append(f"Tables.bound {b} ({time.perf_counter() - t0:.1f} s)")
    plain = [(t.shapes_for[r][(False, False)], t.shapes_for[r][(False, False)], 1)
             for r in range(t.R)]
    fb = t.fossil_bound(s0.drawn, s0.digs, list(range(t.nf)), plain, 0, 0)
    out.append(f"its fossil part without stars {fb}")
    value, _, seconds = lp_bound(t, s0, stars=False)
    out.append(f"LP without stars {value:.1f} ({seconds:.1f} s)")
    found, bound, seconds = free_placements(t, limit)
    out.append(f"{t.R} free placements, every bonus free: {found:.0f} / {bound:.0f} "
               f"({seconds:.0f} s)")
    queue.put(("; ".join(out),))


def _analyse(map_name: str, seed: int, limit: float, bot: str, share: float | None,
             workers: int | None, jump: int | None, queue: Any) -> None:
    """The bot's game of ``random.Random(seed)`` on the rolls of game ``seed``, analysed
    with ``analyse(total_time=limit)``; each round's bracket and seconds are printed."""
    from paleowidgets.core.rules import Game, State
    from paleowidgets.data import load_map
    from paleowidgets.solver import analysis
    from paleowidgets.solver.bots import bot_named, play_game
    from paleowidgets.solver.exact import Engine, Solution

    if share is not None:
        analysis.PROOF_SHARE = share
    if jump is not None:
        from paleowidgets.solver._planner import targets
        targets.JUMP_GAP = jump

    game = Game(load_map(map_name))
    rolls = rolls_of(seed, game.rounds)
    _, turns = play_game(game, rolls, bot_named(bot), random.Random(seed))
    # The seconds of this process's solves, by state; the rounds whose state the lines
    # worker proved or solved show "worker".
    spent: dict[int, float] = {}
    real = Engine.solve

    def timed(self: Engine, s: State, **kw: Any) -> Solution:
        t = time.perf_counter()
        try:
            return real(self, s, **kw)
        finally:
            spent[s.round + 1] = spent.get(s.round + 1, 0.0) + time.perf_counter() - t

    Engine.solve = timed  # type: ignore[method-assign]
    t0 = time.perf_counter()
    a = analysis.analyse(game, rolls, turns, total_time=limit, workers=workers)
    seconds = time.perf_counter() - t0
    for r in a.rounds:
        mark = "proven" if r.bound_before == r.best_before else ""
        took = f"{spent[r.round]:5.1f} s" if r.round in spent else " worker"
        print(f"    round {r.round:2}: best {r.best_before} / {r.bound_before} "
              f"{mark:6} {took}", flush=True)
    # This process's peak, and the lines worker's (its only child), added: an upper
    # bound of the two together.
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    worker = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    peak = f"{own + worker:.0f} ({own:.0f} + {worker:.0f})" if worker else f"{own:.0f}"
    proven = sum(r.proven for r in a.rounds)
    queue.put((a.final, a.best, a.bound, f"{proven} of {len(a.rounds)}", seconds, peak))


def in_child(target: Any, *args: Any) -> tuple[Any, ...]:
    """``target(*args, queue)`` in a fresh spawned process (its own peak memory, no
    tables left over from the run before); what it puts on the queue."""
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    proc = ctx.Process(target=target, args=(*args, queue))
    proc.start()
    out = queue.get()
    proc.join()
    return tuple(out)


def run(kind: str, map_name: str, seed: int, limit: float,
        bot: str = "greedy", share: float | None = None,
        workers: int | None = None, jump: int | None = None) -> tuple[Any, ...]:
    if kind == "analyse":
        return in_child(_analyse, map_name, seed, limit, bot, share, workers, jump)
    if kind == "relax":
        return in_child(_relaxations, map_name, seed, limit)
    return in_child(_run, kind, map_name, seed, limit)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--maps", nargs="+", default=list(MAPS), choices=MAPS)
    ap.add_argument("--games", type=int, default=10, help="games per map")
    ap.add_argument("--seed", type=int, default=101, help="seed of the first game")
    ap.add_argument("--ours", type=float, nargs="+", default=[10.0, 60.0],
                    help="our time limits (seconds)")
    ap.add_argument("--cpsat-limit", type=float, default=600.0,
                    help="CP-SAT's time limit (seconds); 0: CP-SAT is not run")
    ap.add_argument("--analyse", type=float, default=0.0, metavar="SECONDS",
                    help="instead: analyse the bot's game of each seed (analysis.analyse "
                         "with total_time=SECONDS), rounds proven and brackets")
    ap.add_argument("--bot", default="greedy", help="the bot whose game --analyse analyses")
    ap.add_argument("--proof-share", type=float, default=None,
                    help="--analyse with this analysis.PROOF_SHARE (0: equal shares)")
    ap.add_argument("--jump-gap", type=int, nargs="+", default=[None], metavar="N",
                    help="--analyse with each of these targets.JUMP_GAP in the analysis' "
                         "own process, one after the other on each game (an A/B run)")
    ap.add_argument("--workers", type=int, nargs="+", default=[0], metavar="N",
                    help="--analyse with analyse(workers=N) (0: as the machine allows); "
                         "several: each game with each, one after the other (A/B)")
    ap.add_argument("--gap", type=float, default=0.0, metavar="SECONDS",
                    help="also print, per game, what our last line leaves (fossils buried, "
                         "bonuses missed, +1 Points short) and relaxations' bounds of the "
                         "start (the LP, free placements by CP-SAT for SECONDS)")
    args = ap.parse_args(argv)
    if args.analyse > 0:
        return analyse_games(args)
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
    gap_rows: list[str] = []
    for map_name in args.maps:
        for i in range(args.games):
            seed = args.seed + i
            row = f"| {map_name} | {seed} |"
            ours = []
            missed = ""
            for lim in args.ours:
                found, bound, proven, sec, mb, missed = run("ours", map_name, seed, lim)
                ours.append(found)
                mark = " (proven)" if proven else ""
                row += f" {found} / {bound}{mark} in {sec:.1f} s | {mb:.0f} |"
            if args.cpsat_limit > 0:
                found, bound, proven, sec, mb, _ = run("cpsat", map_name, seed,
                                                       args.cpsat_limit)
                mark = " (proven)" if proven else ""
                row += f" {found} / {bound}{mark} | {sec:.0f} | {mb:.0f} |"
                for lim, v in zip(args.ours, ours, strict=True):
                    gaps[lim].append(v - found)
            print(row, flush=True)
            if args.gap > 0:
                gap_rows.append(f"| {map_name} | {seed} | {ours[-1]}: {missed} | "
                                f"{run('relax', map_name, seed, args.gap)[0]} |")
    if gap_rows:
        print(f"| map | seed | ours {args.ours[-1]:g} s: what the line leaves | "
              "bounds of relaxations |", flush=True)
        print("|---|---|---|---|", flush=True)
        for line in gap_rows:
            print(line, flush=True)
    for lim, g in gaps.items():
        if g:
            print(f"ours {lim:g} s minus CP-SAT {args.cpsat_limit:g} s: median "
                  f"{statistics.median(g):+g}, at least as good on {sum(x >= 0 for x in g)} "
                  f"of {len(g)}", flush=True)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
          flush=True)
    return 0


def analyse_games(args: argparse.Namespace) -> int:
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{os.cpu_count()} cores", flush=True)
    print(f"| map | seed | workers | {args.bot} game | best / bound | rounds proven | s "
          "| MB |", flush=True)
    print("|---|---|---|---|---|---|---|---|", flush=True)
    for map_name in args.maps:
        for i in range(args.games):
            seed = args.seed + i
            for workers in args.workers:
                for jump in args.jump_gap:
                    final, best, bound, proven, sec, mb = run(
                        "analyse", map_name, seed, args.analyse, args.bot, args.proof_share,
                        workers or None, jump)
                    gap = "" if jump is None else f" (jump gap {jump})"
                    print(f"| {map_name} | {seed}{gap} | {workers or 'auto'} | {final} | "
                          f"{best} / {bound} | {proven} | {sec:.1f} | {mb} |", flush=True)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
          flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
