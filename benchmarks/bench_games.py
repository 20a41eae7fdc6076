"""Benchmarks of the rules core and the bots (not a test: run it by hand, see README.md).

    python benchmarks/bench_games.py                    # both speed benchmarks
    python benchmarks/bench_games.py legal --states 200
    python benchmarks/bench_games.py games --games 10000 --profile
    python benchmarks/bench_games.py distribution --bot greedy --map snow-map --games 1000

Every figure is measured in this process on one core, with a baseline measured the same
way next to it, so ratios stay meaningful on another machine.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.maps import Roll
from paleowidgets.core.rules import Game, State
from paleowidgets.core.terms import BONUS_CAP, ONE_SQUARE
from paleowidgets.core.turns import Turn
from paleowidgets.data import MAP_NAMES, load_map
from paleowidgets.solver.bots import Bot, GreedyBot, Move, RandomBot, play_fast

TARGET_GAMES = 10_000
TARGET_SECONDS = 60.0


def make_bot(name: str) -> Bot:
    return GreedyBot() if name == "greedy" else RandomBot()


def timed(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def rate(n: float, seconds: float) -> str:
    return f"{n / seconds:,.0f}/s" if seconds > 0 else "inf/s"


# ---------------------------------------------------------------------------------------
# Legal-turn generation


def mid_game_states(game: Game, n: int, seed: int, bot: Bot) -> list[tuple[State, Roll]]:
    """``n`` (state, roll) pairs from games of ``bot``, taken after 5 to 14 rounds: the
    positions a player (or a search) actually meets in the middle of a game."""
    rng = random.Random(seed)
    out: list[tuple[State, Roll]] = []
    g = 0
    while len(out) < n:
        rolls = roll_sequence(f"bench-{seed}-{g}", game.rounds)
        g += 1
        state = game.initial_state()
        take = {rng.randint(5, 14), rng.randint(5, 14)}
        for r, roll in enumerate(rolls):
            if r in take and len(out) < n:
                out.append((state, roll))
            state = bot.choose(state, roll, rng).apply(state)
    return out


def count_fast(state: State, roll: Roll) -> int:
    """The number of draws (choice x placement x star choice) counted on masks only, the
    way a search would: no Turn objects (switches and squares left out)."""
    g = state.game
    n = 0
    for shape, _ in g.choices(roll):
        drawn = state.drawn
        for m in g.placements[shape]:
            if not m & drawn:
                stars = (m & g.star_mask).bit_count()
                n += 1 if not stars else sum(1 for _ in state.star_options(stars))
    return n


def bench_legal(game: Game, n_states: int, seed: int, bot_name: str, heavy: int) -> None:
    states = mid_game_states(game, n_states, seed, make_bot(bot_name))
    light = [(s, r) for s, r in states if s.held[ONE_SQUARE] <= 1]
    heavy_states = [(s, r) for s, r in states if s.held[ONE_SQUARE] > 1]
    print(f"legal turns: {n_states} mid-game states (rounds 5-14) of {bot_name} games on "
          f"{game.map.name}: {len(light)} hold at most one One Square, "
          f"{len(heavy_states)} hold two or more")

    def trivial(n: int) -> float:
        def loop() -> None:
            for _ in range(n):
                pass
        return timed(loop)

    def enumerate_turns(sample: list[tuple[State, Roll]], label: str,
                        max_squares: int | None = None) -> tuple[int, float]:
        counts: list[int] = []

        def run() -> None:
            for s, roll in sample:
                counts.append(sum(1 for _ in s.legal_turns(roll, max_squares=max_squares)))

        t = timed(run)
        total = sum(counts)
        if sample:
            print(f"  {label:34s} {t:8.3f} s  {rate(total, t):>12s} turns  "
                  f"{rate(len(sample), t):>8s} states  (mean {statistics.mean(counts):,.0f}, "
                  f"max {max(counts):,} turns a state)")
        return total, t

    total, t_full = enumerate_turns(light, "legal_turns, <=1 One Square held")
    enumerate_turns(heavy_states[:heavy], f"legal_turns, 2+ held ({min(heavy, len(heavy_states))}"
                    " states)")
    n_draws, t_draws = enumerate_turns(states, "legal_turns(max_squares=0), all", 0)
    fast: list[int] = []

    def count_masks() -> None:
        for s, roll in states:
            fast.append(count_fast(s, roll))

    t_fast = timed(count_masks)
    print(f"  {'draws counted on masks, all':34s} {t_fast:8.3f} s  {rate(sum(fast), t_fast):>12s}"
          f" draws  {rate(len(states), t_fast):>8s} states")
    t_loop = trivial(total)
    print(f"  {'trivial loop, same count':34s} {t_loop:8.3f} s  {rate(total, t_loop):>12s}"
          " iterations")
    if total and t_loop and n_draws and t_fast:
        speedup = (sum(fast) / t_fast) / (n_draws / t_draws)
        print(f"  ratios: a legal turn costs {(t_full / total) / (t_loop / total):.0f}x a loop "
              f"iteration; counting draws on masks is {speedup:.1f}x faster per draw than "
              "legal_turns(max_squares=0)")


# ---------------------------------------------------------------------------------------
# Whole random games


def bench_games(game: Game, n_games: int, seed: int, bot_name: str, profile: bool) -> None:
    bot = make_bot(bot_name)
    rolls = [roll_sequence(f"bench-{seed}-{i}", game.rounds) for i in range(n_games)]
    print(f"full games: {n_games} {bot_name} games of {game.rounds} rounds on "
          f"{game.map.name} (one core)")

    def fast() -> None:
        rng = random.Random(seed)
        for r in rolls:
            play_fast(game, r, bot, rng)

    t_fast = timed(fast)
    n_rec = max(1, n_games // 10)
    recorded: list[tuple[Sequence[Roll], list[Move], list[Turn]]] = []

    def record() -> None:
        rng = random.Random(seed)
        for r in rolls[:n_rec]:
            state = game.initial_state()
            moves, turns = [], []
            for roll in r:
                move = bot.choose(state, roll, rng)
                moves.append(move)
                turns.append(move.turn(state))
                state = move.apply(state)
            recorded.append((r, moves, turns))

    t_rec = timed(record)

    def apply_fast() -> None:
        for _, moves, _ in recorded:
            state = game.initial_state()
            for move in moves:
                state = move.apply(state)

    def apply_checked() -> None:
        for r, _, turns in recorded:
            state = game.initial_state()
            for roll, turn in zip(r, turns, strict=True):
                state = state.apply(roll, turn)

    t_play = timed(apply_fast)
    t_apply = timed(apply_checked)

    def trivial() -> None:
        for r in rolls:
            for _roll in r:
                pass

    t_loop = timed(trivial)
    per_game = t_fast / n_games
    print(f"  play_fast (State.play):         {t_fast:7.3f} s  {rate(n_games, t_fast)} games, "
          f"{per_game * 1e3:.3f} ms/game, {per_game / game.rounds * 1e6:.1f} us/round")
    print(f"  choose + record Turns:          {t_rec:7.3f} s  {rate(n_rec, t_rec)} games "
          f"({n_rec} games)")
    print(f"  replay moves, State.play:       {t_play:7.3f} s  {rate(n_rec, t_play)} games "
          "(fast, unchecked)")
    print(f"  replay turns, State.apply:      {t_apply:7.3f} s  {rate(n_rec, t_apply)} games "
          "(checked)")
    print(f"  trivial loop over the rolls:    {t_loop:7.3f} s")
    print(f"  ratios: the checked path costs {t_apply / t_play:.1f}x the fast path; recording "
          f"Turns costs {(t_rec / n_rec) / per_game:.2f}x play_fast; choosing (the bot) is "
          f"{1 - (t_play / n_rec) / per_game:.0%} of a fast game")
    projected = TARGET_GAMES * per_game
    verdict = "met" if projected < TARGET_SECONDS else "MISSED"
    print(f"  target {TARGET_GAMES:,} games < {TARGET_SECONDS:.0f} s: {projected:.1f} s "
          f"projected -> {verdict}")
    if profile or projected >= TARGET_SECONDS:
        prof = cProfile.Profile()
        rng = random.Random(seed)
        prof.enable()
        for r in rolls[:max(1, min(n_games, 2000))]:
            play_fast(game, r, bot, rng)
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
        print(out.getvalue())


# ---------------------------------------------------------------------------------------
# Score distribution


def distribution(game: Game, n_games: int, seed: int, bot_name: str) -> None:
    bot = make_bot(bot_name)
    m = game.map
    everything = (1 << len(m.fossils)) - 1
    available = sum(f.points + f.bonus for f in m.fossils) + min(BONUS_CAP, len(m.stars))
    scores: list[int] = []
    dug_count = [0] * len(m.fossils)
    all_dug = 0
    t = time.perf_counter()
    for i in range(n_games):
        s = seed + i
        final = play_fast(game, roll_sequence(s, game.rounds), bot, random.Random(s))
        scores.append(final.score().total)
        all_dug += final.dug == everything
        for k in range(len(m.fossils)):
            dug_count[k] += final.dug >> k & 1
    elapsed = time.perf_counter() - t
    mean = statistics.mean(scores)
    q = statistics.quantiles(scores, n=10) if len(scores) > 1 else [scores[0]] * 9
    print(f"{bot_name} on {m.name} ({m.width}x{m.height}, {len(m.fossils)} fossils, "
          f"{len(m.stars)} stars, {game.rounds} rounds): {n_games} games, seeds "
          f"{seed}..{seed + n_games - 1}, {elapsed:.1f} s")
    print(f"  total available {available} (fossils {sum(f.points for f in m.fossils)} + "
          f"bonuses {sum(f.bonus for f in m.fossils)} + {min(BONUS_CAP, len(m.stars))} "
          "+1 Point stars)")
    print(f"  score mean {mean:.2f}  sd {statistics.pstdev(scores):.2f}  min {min(scores)}  "
          f"p10 {q[0]:.0f}  median {statistics.median(scores):.0f}  p90 {q[-1]:.0f}  "
          f"max {max(scores)}")
    print(f"  fraction of available: {mean / available:.1%}   dug everything: "
          f"{all_dug} games ({all_dug / n_games:.1%})")
    print("  dug up: " + ", ".join(f"{f.id} {f.name or ''} {c / n_games:.0%}"
                                   for f, c in zip(m.fossils, dug_count, strict=True)))
    width = 5 if max(scores) > 40 else 2
    lo = min(scores) // width * width
    print("  histogram:")
    for start in range(lo, max(scores) + 1, width):
        n = sum(start <= s < start + width for s in scores)
        print(f"    {start:3d}-{start + width - 1:<3d} {n:6d} {'#' * round(60 * n / n_games)}")


# ---------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", nargs="?", default="all",
                   choices=("all", "legal", "games", "distribution"),
                   help="what to measure (default: legal and games)")
    p.add_argument("--map", default="dig-site", choices=MAP_NAMES, help="shipped map")
    p.add_argument("--bot", default=None, choices=("random", "greedy"),
                   help="bot (default: random for games/distribution, greedy for the "
                        "mid-game states of 'legal')")
    p.add_argument("--games", type=int, default=TARGET_GAMES, help="games to play")
    p.add_argument("--states", type=int, default=200, help="mid-game states for 'legal'")
    p.add_argument("--heavy", type=int, default=3,
                   help="'legal': how many states holding 2+ One Squares to enumerate (each "
                        "has millions of turns: every choice of square cells)")
    p.add_argument("--seed", type=int, default=0, help="first seed")
    p.add_argument("--profile", action="store_true", help="cProfile the games")
    p.add_argument("--distribution", action="store_true",
                   help="same as the 'distribution' mode")
    args = p.parse_args(argv)
    game = Game(load_map(args.map))
    mode = "distribution" if args.distribution else args.mode
    print(f"python {sys.version.split()[0]}, map {args.map}")
    if mode == "distribution":
        distribution(game, args.games, args.seed, args.bot or "random")
        return 0
    if mode in ("all", "legal"):
        bench_legal(game, args.states, args.seed, args.bot or "greedy", args.heavy)
    if mode in ("all", "games"):
        bench_games(game, args.games, args.seed, args.bot or "random", args.profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
