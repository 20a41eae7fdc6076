"""The exact solver against the CP-SAT model of ``paleowidgets.solver.cpsat``.

OR-Tools comes with the ``test`` extra: if it cannot be imported, this module fails (it
does not skip). The model covers the full rules (stars and their bonuses, switches, One
Squares, bonus timing, the forced draw), so the puzzles here have all of them.
"""

from __future__ import annotations

import random

import pytest
from ortools.sat.python import cp_model  # noqa: F401  (a missing OR-Tools is a failure)

from paleowidgets.core.maps import Puzzle
from paleowidgets.core.terms import BONUS_KINDS
from paleowidgets.solver.cpsat import solve_cpsat
from paleowidgets.solver.exact import replay_score, solve
from paleowidgets.solver.puzzlegen import random_puzzle


def small_puzzle(rng: random.Random) -> Puzzle:
    w, h = rng.randint(6, 7), rng.randint(6, 7)
    bonuses = {k: rng.randint(1, 2) for k in BONUS_KINDS if rng.random() < 0.3}
    return random_puzzle(rng, width=w, height=h, fossils=rng.randint(1, 3),
                         rounds=rng.randint(2, 3), stars=rng.randint(0, 2),
                         predrawn=rng.choice((0, 0, 4, 8, 14)), bonuses=bonuses,
                         custom_dice=rng.random() < 0.2)


@pytest.mark.parametrize("i", range(24))
def test_matches_cpsat(i: int) -> None:
    puzzle = small_puzzle(random.Random(f"cpsat-{i}"))
    ours = solve(puzzle)
    theirs = solve_cpsat(puzzle, time_limit=120)
    assert theirs.proven, theirs.status
    assert ours.proven
    assert ours.optimum == theirs.optimum, "\n".join(puzzle.map.grid_rows()) + str(puzzle.rolls)
    # Both lines are real lines: the core's checked replay scores them.
    assert replay_score(puzzle, ours.turns) == ours.optimum
    assert replay_score(puzzle, theirs.turns) == theirs.optimum
