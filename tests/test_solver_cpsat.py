"""The exact solver against the CP-SAT model of ``paleowidgets.solver.cpsat``.

OR-Tools comes with the ``test`` extra: if it cannot be imported, this module fails (it
does not skip). The model covers the full rules (stars and their bonuses, switches, One
Squares, bonus timing, the forced draw), so the puzzles here have all of them.
"""

from __future__ import annotations

import random

import pytest
from ortools.sat.python import cp_model  # noqa: F401  (a missing OR-Tools is a failure)

from paleowidgets.solver.cpsat import solve_cpsat
from paleowidgets.solver.exact import replay_score, solve
from paleowidgets.solver.puzzlegen import small_puzzle


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
    # Bounds: ours equals the optimum when proven, CP-SAT's too; a search cut at once
    # still brackets CP-SAT's optimum.
    assert ours.bound == ours.optimum == theirs.bound
    cut = solve(puzzle, time_limit=0.0)
    assert cut.optimum <= theirs.optimum <= cut.bound
