"""Benchmark of the bots' strength: does the expectation bot beat greedy? (Not a test: run it
by hand, see README.md.)

    python benchmarks/bench_bots.py                         # 200 games on each standard map
    python benchmarks/bench_bots.py --games 400 --seed 5000
    python benchmarks/bench_bots.py --maps first-dig --bots random greedy expectation

Every bot plays the same games: game ``i`` rolls ``roll_sequence(seed + i)`` and the bot gets
``random.Random(seed + i)`` (what ``paleo simulate`` does), so the bots can be compared game
by game. Printed per map and bot: mean score, standard deviation, seconds a game (and the
ratio to greedy's, which travels between machines better than the seconds); then, for
each bot against greedy, the paired difference: its mean with a 95 % confidence interval
(normal approximation, fine from about 30 games), and the games won, tied and lost.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from paleowidgets.core.rules import Game
from paleowidgets.data import MAP_NAMES, load_map
from paleowidgets.solver.bots import BOT_NAMES, bot_named, simulate

Z95 = statistics.NormalDist().inv_cdf(0.975)


@dataclass(frozen=True)
class Result:
    bot: str
    scores: list[int]
    seconds: float

    @property
    def per_game(self) -> float:
        return self.seconds / len(self.scores)


def play(game: Game, bot_names: Sequence[str], games: int, seed: int) -> dict[str, Result]:
    """Every bot plays games ``seed`` ... ``seed + games - 1``, game by game in turn, so a
    change of the machine's load slows all bots alike and the time ratios hold."""
    bots = {name: bot_named(name) for name in bot_names}
    scores: dict[str, list[int]] = {name: [] for name in bot_names}
    seconds = dict.fromkeys(bot_names, 0.0)
    for i in range(games):
        for name, bot in bots.items():
            t = time.perf_counter()
            (final,) = simulate(game, bot, 1, seed=seed + i, replay_stored=False)
            seconds[name] += time.perf_counter() - t
            scores[name].append(final.score().total)
    return {name: Result(name, scores[name], seconds[name]) for name in bot_names}


def paired(a: Sequence[int], b: Sequence[int]) -> tuple[float, float, float, int, int, int]:
    """Mean of ``b - a`` game by game, its 95 % interval, and games won, tied, lost by b."""
    d = [y - x for x, y in zip(a, b, strict=True)]
    mean = statistics.fmean(d)
    half = Z95 * statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else float("inf")
    won = sum(1 for x in d if x > 0)
    lost = sum(1 for x in d if x < 0)
    return mean, mean - half, mean + half, won, len(d) - won - lost, lost


def bench_map(name: str, bots: Sequence[str], games: int, seed: int) -> bool:
    """Print the table of one map; True when every bot stronger than greedy in the list
    (those after it) beats it with the whole 95 % interval above zero."""
    game = Game(load_map(name))
    print(f"{game.map.name} ({name}), {games} games, seeds {seed}..{seed + games - 1}")
    results = play(game, bots, games, seed)
    base = results.get("greedy")
    print(f"  {'bot':12} {'mean':>6} {'sd':>6} {'min':>4} {'max':>4} {'s/game':>8} "
          f"{'x greedy':>8}")
    for r in results.values():
        ratio = f"{r.per_game / base.per_game:8.1f}" if base else f"{'':8}"
        print(f"  {r.bot:12} {statistics.fmean(r.scores):6.2f} {statistics.stdev(r.scores):6.2f} "
              f"{min(r.scores):4d} {max(r.scores):4d} {r.per_game:8.3f} {ratio}")
    ok = True
    if base is not None:
        for r in results.values():
            if r.bot == "greedy":
                continue
            mean, lo, hi, won, tied, lost = paired(base.scores, r.scores)
            print(f"  {r.bot} - greedy: {mean:+.2f} points a game, 95% CI [{lo:+.2f}, {hi:+.2f}]"
                  f"; won {won}, tied {tied}, lost {lost}")
            if BOT_NAMES.index(r.bot) > BOT_NAMES.index("greedy") and lo <= 0:
                ok = False
    return ok


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--maps", nargs="+", default=["dig-site", "snow-map"], choices=MAP_NAMES)
    p.add_argument("--bots", nargs="+", default=["greedy", "expectation"], choices=BOT_NAMES)
    p.add_argument("--games", type=int, default=200, help="games per map and bot")
    p.add_argument("--seed", type=int, default=10_000, help="first seed")
    args = p.parse_args(argv)
    print(f"python {sys.version.split()[0]}, one core")
    verdicts = [bench_map(name, args.bots, args.games, args.seed) for name in args.maps]
    if "greedy" in args.bots and "expectation" in args.bots:
        print("expectation beats greedy on every map (95% CI above 0):",
              "yes" if all(verdicts) else "NO")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
