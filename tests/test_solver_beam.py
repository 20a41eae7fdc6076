"""The anytime phase (``solver/beam.py``): beams and the large neighbourhood search only
find lines, so everything here checks that those lines are real, that no line claims more
than the game allows, and that the time limit holds by the wall clock.

- Every beam line replays through the core's checked ``State.apply`` to the score the
  beam claims, and never scores above the optimum (the brute force's on small and
  crowded puzzles, where the forced-draw rule bites).
- On 20-round games of the shipped maps: ``solve`` with a time limit returns a line that
  replays to its optimum, below its bound, in about the time asked (by the wall clock,
  the engine's tables included), and the anytime phase beats the quick first line.
"""

from __future__ import annotations

import random
import time

import pytest

from paleowidgets.core.logs import replay_turns
from paleowidgets.core.rules import Game
from paleowidgets.data import load_map
from paleowidgets.solver._moves import Clock, Done
from paleowidgets.solver.beam import Outlook, anytime, beam_line
from paleowidgets.solver.brute import checked_case
from paleowidgets.solver.exact import Engine, _turns, solve
from paleowidgets.solver.puzzlegen import crowded_puzzle, tiny_puzzle


def _rolls(seed: int, rounds: int) -> tuple[tuple[int, int], ...]:
    rng = random.Random(seed)           # as benchmarks/bench_fullgame.py and issue 12
    return tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(rounds))


def _replayed(engine: Engine, line: list) -> int:   # type: ignore[type-arg]
    start = engine.game.initial_state()
    turns = _turns(engine.tables, start, line)
    return replay_turns(engine.game, engine.rolls, turns)[-1].score().total


@pytest.mark.parametrize("i", range(30))
def test_beam_lines_are_real_and_below_the_optimum(i: int) -> None:
    """Beams of widths 1, 3 and 12 on tiny and crowded puzzles: each line has one move a
    round, replays through ``State.apply`` to the score the beam claims, and that score
    is at most the brute force's optimum."""
    make = tiny_puzzle if i % 2 else crowded_puzzle
    puzzle, optimum = checked_case(make, f"beam-{i}", 15_000)
    game = Game.from_puzzle(puzzle)
    engine = Engine(game, puzzle.rolls)
    engine.search.clock = Clock(None, None)
    outlook = Outlook(engine.tables)
    for width in (1, 3, 12):
        value, line = beam_line(engine.search, outlook, game.initial_state(), width)
        assert len(line) == game.rounds
        assert _replayed(engine, line) == value <= optimum


@pytest.mark.parametrize("map_name", ["dig-site", "snow-map"])
def test_anytime_lines_on_whole_games_are_real(map_name: str) -> None:
    """Every line the anytime phase reports on a 20-round game (beams, then windows of
    the best line searched again) replays through the core to the score it claims, and
    stays at most the bound of the start."""
    game = Game(load_map(map_name))
    rolls = _rolls(103, game.rounds)
    engine = Engine(game, rolls)
    engine.search.clock = Clock(None, None)
    start = game.initial_state()
    bound = engine.tables.bound(start)
    seen: list[int] = []
    best: list[list] = [[]]     # type: ignore[type-arg]

    def report(value: int, line: list) -> None:   # type: ignore[type-arg]
        assert _replayed(engine, line) == value <= bound
        seen.append(value)
        if not best[0] or value > _replayed(engine, best[0]):
            best[0] = line
        if len(seen) >= 5:
            raise Done

    with pytest.raises(Done):
        anytime(engine.search, start, report, lambda: best[0], None)
    assert len(seen) == 5


@pytest.mark.parametrize(("map_name", "seed"), [("dig-site", 101), ("snow-map", 102)])
def test_whole_game_solve_is_real_bounded_and_on_time(map_name: str, seed: int) -> None:
    """``solve`` on a 20-round game with 3 s: it returns within the limit by the wall
    clock (building the engine included; 1 s of slack for the last node and the replay),
    its line replays to its optimum, the bound is above it, and the anytime phase found
    more than the quick first line (the greedy line of the exact search)."""
    game = Game(load_map(map_name))
    rolls = _rolls(seed, game.rounds)
    t0 = time.perf_counter()
    sol = solve((game, rolls), time_limit=3.0)
    wall = time.perf_counter() - t0
    assert wall < 3.0 + 1.0, wall
    assert replay_turns(game, rolls, sol.turns)[-1].score().total == sol.optimum
    assert sol.optimum <= sol.bound
    engine = Engine(game, rolls)
    start = game.initial_state()
    first = engine.search.greedy(start)
    s = start
    for mv in first:
        s = s.play(mv.mask, mv.dig, spend_shape=mv.spend_shape, spend_dig=mv.spend_dig,
                   gains=mv.gains, squares=mv.squares)
    assert sol.optimum > engine.tables.score(s)


def test_time_limit_holds_for_short_limits() -> None:
    """Very short limits on a 20-round game: the answer (a real line) comes by the wall
    clock within the limit plus 1 s, however far the anytime phase got."""
    game = Game(load_map("dig-site"))
    rolls = _rolls(104, game.rounds)
    for limit in (0.0, 0.3, 1.0):
        t0 = time.perf_counter()
        sol = solve((game, rolls), time_limit=limit)
        assert time.perf_counter() - t0 < limit + 1.0
        assert replay_turns(game, rolls, sol.turns)[-1].score().total == sol.optimum
