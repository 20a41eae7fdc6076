"""Honest bounds: every answer of the solver, proven or not, carries an upper bound that no
real line beats.

The bound of an unproven answer comes from :meth:`Tables.bound` at the start and from the
goals of the planner's descending search (each an upper bound of the may-pass optimum, so
of every real line). Both are checked here against references that know nothing of them:
the brute force (real game and may-pass relaxation) on small puzzles and on states along
random games, and real lines (a bot's game) on the 20-round dig site.
"""

from __future__ import annotations

import random

import pytest
from helpers import may_pass_case, random_midgame

from paleowidgets.core.rules import Game, State
from paleowidgets.data import load_map
from paleowidgets.solver.bots import GreedyBot, play_game
from paleowidgets.solver.brute import checked_case
from paleowidgets.solver.exact import Engine, replay_score, solve
from paleowidgets.solver.puzzlegen import crowded_puzzle, tiny_puzzle


def assert_bracket(sol_optimum: int, bound: int, optimum: int, proven: bool) -> None:
    assert sol_optimum <= optimum <= bound
    if proven:
        assert sol_optimum == bound == optimum


@pytest.mark.parametrize("limit", [0.0, 0.02])
@pytest.mark.parametrize("i", range(20))
def test_cut_solves_bound_the_optimum(i: int, limit: float) -> None:
    """Cut by the clock at once (only the first line and the bound of the start) or soon
    after: the answer is a bracket around the brute force's optimum; without a limit the
    bracket closes."""
    make = tiny_puzzle if i % 2 else crowded_puzzle
    puzzle, optimum = checked_case(make, f"bound-{i}", 15_000)
    cut = solve(puzzle, time_limit=limit)
    assert_bracket(cut.optimum, cut.bound, optimum, cut.proven)
    assert replay_score(puzzle, cut.turns) == cut.optimum
    full = solve(puzzle)
    assert full.proven and full.bound == full.optimum == optimum


def _goals(start: State, rolls: tuple[tuple[int, int], ...], floor: int) -> tuple[list[int], int]:
    engine = Engine(start.game, rolls, switch_shape=start.held[1] > 0)
    seen: list[int] = []
    value, _line = engine.planner.solve(start, floor, on_bound=seen.append)
    return seen, value


@pytest.mark.parametrize("i", range(24))
def test_planner_goals_bound_the_may_pass_optimum(i: int) -> None:
    """Every goal the planner reports is at least the may-pass optimum (brute force with
    the extra pass), and so at least every real line; the goals only fall."""
    make = tiny_puzzle if i % 2 else crowded_puzzle
    puzzle, game, relaxed = may_pass_case(make, f"goals-{i}")
    seen, value = _goals(game.initial_state(), tuple(puzzle.rolls), 0)
    assert all(g >= relaxed for g in seen), (seen, relaxed)
    assert seen == sorted(seen, reverse=True)
    if relaxed > 0:
        assert value == relaxed


@pytest.mark.parametrize("i", range(20))
def test_bounds_along_random_games(i: int) -> None:
    """States after some random rounds (squares included): the bound of a cut solve from
    the state is at least the brute force's optimum from it."""
    rng = random.Random(f"along-{i}")
    puzzle, s, optimum = random_midgame(rng, max_fossils=2)
    cut = solve(puzzle, start=s, time_limit=0.0)
    assert_bracket(cut.optimum, cut.bound, optimum, cut.proven)
    seen, _ = _goals(s, tuple(puzzle.rolls), 0)
    assert all(g >= optimum for g in seen)


def test_dig_site_bounds_are_above_real_lines() -> None:
    """A 20-round game on the dig site: along a greedy game, the bound from each state is
    at least the score the game itself reached from there (a real line) and the line the
    solver found; the last state is proven, and its bound is then the optimum."""
    game = Game(load_map("dig-site"))
    rng = random.Random(101)
    rolls = tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(game.rounds))
    final, turns = play_game(game, rolls, GreedyBot(), random.Random(101))
    engine = Engine(game, rolls)
    s = game.initial_state()
    states = [s]
    for roll, turn in zip(rolls, turns, strict=True):
        s = s.apply(roll, turn)
        states.append(s)
    for r in (0, 8, 16, 19):
        sol = engine.solve(states[r], time_limit=1.0)
        assert sol.bound >= final.score().total
        assert sol.bound >= sol.optimum
        if sol.proven:
            assert sol.bound == sol.optimum
    assert engine.solve(states[19]).proven
