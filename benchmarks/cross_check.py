"""Cross-checks at scale: the exact solver against the brute force and the CP-SAT model.

    .venv/bin/python benchmarks/cross_check.py                       # 1,000 + 1,000 + 500
    .venv/bin/python benchmarks/cross_check.py --brute 100 --cpsat 50
    .venv/bin/python benchmarks/cross_check.py --first 5000          # other puzzles

The test suite runs a few hundred of these on fixed seeds; this runs thousands, on seeds
the tests do not use (``bench-tiny-i``, ``bench-crowded-i``, ``bench-cpsat-i`` from
``--first``). Each puzzle is solved by our solver, and by an independent method:

- the brute force (``paleowidgets.solver.brute``) on tiny puzzles (5x5-6x6, 1-3 rounds)
  and crowded ones (a third to a half of the cells drawn: the forced-draw rule bites);
- the CP-SAT model (``paleowidgets.solver.cpsat``) on small ones (6x6-7x7, 2-3 rounds,
  1-3 fossils, stars, start bonuses, pre-drawn cells, custom dice).

Both optima must be proven and equal, and our line, replayed by the core's checked
``State.apply``, must score the optimum; our bound must equal it, and the answers of two
searches cut by the clock (at once, and after 0.02 s) must bracket it [found, bound].
The anytime phase's beams (``solver/beam.py``, widths 1, 3 and 12) run on every puzzle
too: each line must replay to the score the beam claims, at most the optimum.

``--long N`` adds N seeded 20-round games on each of ``dig-site`` and ``snow-map`` (the
rolls of ``random.Random(seed)`` as in ``bench_fullgame.py``, seeds 1001...), solved
with ``--long-limit`` seconds: the line must replay to the score claimed, at most the
bound, and the answer must come within the limit plus 1 s by the wall clock.
``--settle G`` runs everything with the target search's one-pass end (``settle`` in
``solver/_planner/targets.py``, on by default only on games of 12 rounds or more) on
every puzzle, once the goal is within G of the best line (a large G: from the first goal).
Every disagreement is printed with its seed, and the exit status is 1 if there is any. A
summary line per kind gives the count and the time each method took in all.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from paleowidgets.core.logs import replay_turns
from paleowidgets.core.maps import Puzzle
from paleowidgets.core.rules import Game
from paleowidgets.data import load_map
from paleowidgets.solver._moves import Clock
from paleowidgets.solver.beam import Outlook, beam_line
from paleowidgets.solver.brute import checked_case
from paleowidgets.solver.exact import Engine, _turns, replay_score, solve
from paleowidgets.solver.puzzlegen import crowded_puzzle, small_puzzle, tiny_puzzle

BRUTE_BUDGET = 15_000          # applied turns, as in the tests


def check(kind: str, seed: str, puzzle: Puzzle, optimum: int, proven: bool,
          totals: dict[str, list[float]], t_ref: float) -> bool:
    t0 = time.perf_counter()
    ours = solve(puzzle)
    t_ours = time.perf_counter() - t0
    totals[kind][0] += 1
    totals[kind][2] += t_ours
    totals[kind][3] += t_ref
    problems = []
    if not proven:
        problems.append("the reference did not prove its optimum")
    if not ours.proven:
        problems.append("ours is not proven")
    if ours.optimum != optimum:
        problems.append(f"ours {ours.optimum}, reference {optimum}")
    replayed = replay_score(puzzle, ours.turns)
    if replayed != ours.optimum:
        problems.append(f"our line replays to {replayed}, not {ours.optimum}")
    if ours.bound != ours.optimum:
        problems.append(f"proven, but our bound is {ours.bound}, not {ours.optimum}")
    # A search cut at once (the first line and the bound of the start) and one cut soon
    # after (the planner's goals too): each answer brackets the reference's optimum.
    for limit in (0.0, 0.02):
        cut = solve(puzzle, time_limit=limit)
        if not cut.optimum <= optimum <= cut.bound:
            problems.append(f"cut at {limit} s: [{cut.optimum}, {cut.bound}] misses {optimum}")
    problems += check_beams(puzzle, optimum)
    if problems:
        totals[kind][1] += 1
        print(f"DISAGREE {kind} {seed}: " + "; ".join(problems), flush=True)
        print("\n".join(puzzle.map.grid_rows()), puzzle.rolls, flush=True)
    return not problems


def check_beams(puzzle: Puzzle, optimum: int) -> list[str]:
    """Beams of widths 1, 3 and 12 from the start: each line replays to its claimed score,
    which is at most the optimum."""
    game = Game.from_puzzle(puzzle)
    engine = Engine(game, puzzle.rolls)
    engine.search.clock = Clock(None, None)
    outlook = Outlook(engine.tables)
    start = game.initial_state()
    out = []
    for width in (1, 3, 12):
        value, line = beam_line(engine.search, outlook, start, width)
        replayed = replay_score(puzzle, _turns(engine.tables, start, line))
        if not replayed == value <= optimum:
            out.append(f"beam {width}: claims {value}, replays to {replayed}, "
                       f"optimum {optimum}")
    return out


def check_long(n: int, limit: float) -> bool:
    """Seeded 20-round games on the two standard maps, solved with ``limit`` seconds."""
    ok = True
    for map_name in ("dig-site", "snow-map"):
        game = Game(load_map(map_name))
        for i in range(n):
            seed = 1001 + i
            rng = random.Random(seed)
            rolls = tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(game.rounds))
            t0 = time.perf_counter()
            sol = solve((game, rolls), time_limit=limit)
            wall = time.perf_counter() - t0
            replayed = replay_turns(game, rolls, sol.turns)[-1].score().total
            problems = []
            if not replayed == sol.optimum <= sol.bound:
                problems.append(f"found {sol.optimum}, replays to {replayed}, "
                                f"bound {sol.bound}")
            if wall > limit + 1.0:
                problems.append(f"took {wall:.1f} s for a limit of {limit:g} s")
            print(f"    long {map_name} {seed}: {sol.optimum} / {sol.bound} in {wall:.1f} s"
                  + ("; DISAGREE: " + "; ".join(problems) if problems else ""), flush=True)
            ok &= not problems
    return ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--brute", type=int, default=1000,
                    help="puzzles of each brute-force kind (tiny, crowded)")
    ap.add_argument("--cpsat", type=int, default=500, help="puzzles against CP-SAT")
    ap.add_argument("--first", type=int, default=0, help="first seed index")
    ap.add_argument("--cpsat-limit", type=float, default=120.0)
    ap.add_argument("--long", type=int, default=0,
                    help="seeded 20-round games per standard map, solved with --long-limit")
    ap.add_argument("--long-limit", type=float, default=10.0)
    ap.add_argument("--settle", type=int, default=None, metavar="GAP",
                    help="the one-pass end of the target search on every puzzle, from a "
                         "goal GAP above the best line")
    args = ap.parse_args(argv)
    if args.settle is not None:
        from paleowidgets.solver._planner import targets

        targets.LONG_GAME, targets.JUMP_GAP = 0, args.settle
    # per kind: puzzles, disagreements, our seconds, the reference's seconds
    totals: dict[str, list[float]] = {k: [0, 0, 0.0, 0.0]
                                      for k in ("tiny", "crowded", "cpsat")}
    ok = True
    makers: list[tuple[str, Callable[[random.Random], Puzzle]]] = [
        ("tiny", tiny_puzzle), ("crowded", crowded_puzzle)]
    for kind, make in makers:
        for i in range(args.first, args.first + args.brute):
            seed = f"bench-{kind}-{i}"
            t0 = time.perf_counter()
            puzzle, optimum = checked_case(make, seed, BRUTE_BUDGET)
            ok &= check(kind, seed, puzzle, optimum, True, totals, time.perf_counter() - t0)
        report(kind, "brute force", totals[kind])
    if args.cpsat:
        from paleowidgets.solver.cpsat import solve_cpsat

        for i in range(args.first, args.first + args.cpsat):
            seed = f"bench-cpsat-{i}"
            puzzle = small_puzzle(random.Random(seed))
            t0 = time.perf_counter()
            theirs = solve_cpsat(puzzle, time_limit=args.cpsat_limit)
            t_ref = time.perf_counter() - t0
            if theirs.proven and replay_score(puzzle, theirs.turns) != theirs.optimum:
                print(f"DISAGREE cpsat {seed}: the CP-SAT line does not replay", flush=True)
                totals["cpsat"][1] += 1
                ok = False
            ok &= check("cpsat", seed, puzzle, theirs.optimum, theirs.proven, totals, t_ref)
        report("cpsat", "CP-SAT", totals["cpsat"])
    if args.long:
        ok &= check_long(args.long, args.long_limit)
    n = sum(int(v[0]) for v in totals.values())
    print(f"{n} puzzles: " + ("all agree" if ok else "DISAGREEMENTS above"))
    return 0 if ok else 1


def report(kind: str, ref: str, tot: list[float]) -> None:
    n, bad, ours, theirs = tot
    print(f"{kind:>8}: {int(n)} puzzles, {int(bad)} disagreements; ours {ours:.1f} s in all, "
          f"{ref} {theirs:.1f} s", flush=True)


if __name__ == "__main__":
    sys.exit(main())
