"""The LP relaxation of ``benchmarks/fullgame_relax.py`` (the measure of how low a bound
over fractional placements can go on a 20-round game) is an upper bound, as its docstring
argues: never below the brute force's optimum from random mid-game states, nor below the
solver's proven optimum on small puzzles with stars, switches and squares.

OR-Tools comes with the ``test`` extra: a missing OR-Tools fails this module."""

from __future__ import annotations

import random

import pytest
from helpers import load_script, random_midgame
from ortools.linear_solver import pywraplp  # noqa: F401  (a missing OR-Tools is a failure)

from paleowidgets.core.rules import Game
from paleowidgets.solver._tables import Tables
from paleowidgets.solver.exact import solve
from paleowidgets.solver.puzzlegen import random_puzzle, small_puzzle

relax = load_script("benchmarks/fullgame_relax.py")
EPS = 1e-6


def _lp_upper(game: Game, rolls: tuple, s: object) -> float:
    t = Tables(game, rolls, switch_shape=True)
    value, _, _ = relax.lp_bound(t, s, stars=True)
    return t.score(s) + value + relax.plus_cap(t, s)


@pytest.mark.parametrize("i", range(16))
def test_lp_is_above_the_brute_force(i: int) -> None:
    puzzle, s, optimum = random_midgame(random.Random(f"relax-lp-{i}"), max_fossils=3)
    game = Game.from_puzzle(puzzle)
    assert _lp_upper(game, tuple(puzzle.rolls), s) >= optimum - EPS


@pytest.mark.parametrize("i", range(12))
def test_lp_is_above_the_optimum(i: int) -> None:
    puzzle = small_puzzle(random.Random(f"relax-lp-small-{i}"))
    game = Game.from_puzzle(puzzle)
    sol = solve(puzzle)
    assert sol.proven
    s = game.initial_state()
    upper = _lp_upper(game, tuple(puzzle.rolls), s)
    assert upper >= sol.optimum - EPS
    # Without stars it is a bound of a smaller game: never above the one with them.
    t = Tables(game, tuple(puzzle.rolls), switch_shape=True)
    assert relax.lp_bound(t, s, stars=False)[0] <= upper - t.score(s) + EPS


@pytest.mark.parametrize("i", range(12))
def test_fossil_covers_is_above_the_optimum(i: int) -> None:
    """The fossil covers' Lagrangean (no stars: puzzles without stars or bonuses, nothing
    pre-drawn) is never below the proven optimum."""
    rng = random.Random(f"relax-covers-{i}")
    puzzle = random_puzzle(rng, width=rng.randint(6, 8), height=rng.randint(6, 8),
                           fossils=rng.randint(1, 3), rounds=rng.randint(2, 5))
    sol = solve(puzzle)
    assert sol.proven
    t = Tables(Game.from_puzzle(puzzle), tuple(puzzle.rolls))
    bound, options = relax.fossil_covers(t)
    assert bound >= sol.optimum - EPS, (bound, options, sol.optimum)
