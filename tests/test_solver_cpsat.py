"""The exact solver against the CP-SAT model of ``paleowidgets.solver.cpsat``.

OR-Tools comes with the ``test`` extra: if it cannot be imported, this module fails (it
does not skip). The model covers the full rules (stars and their bonuses, switches, One
Squares, bonus timing, the forced draw), so the puzzles here have all of them.
"""

from __future__ import annotations

import random

import pytest
from ortools.sat.python import cp_model  # (a missing OR-Tools is a failure)

from paleowidgets.core.rules import Game
from paleowidgets.solver.cpsat import solve_cpsat
from paleowidgets.solver.exact import Engine, replay_score, solve
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


@pytest.mark.parametrize("i", range(8))
def test_midgame_states_match_the_engine(i: int) -> None:
    """From every state along a line (mid-game: cells drawn with their dig types, fossils
    dug, bonuses held and gained), CP-SAT's optimum is the engine's; with the engine's
    line as hint, its bound as a cap and its value as a floor, too; every line CP-SAT
    returns is a real line from that state, and a floor above the optimum is infeasible
    (the bound then says so)."""
    puzzle = small_puzzle(random.Random(f"cpsat-mid-{i}"))
    game, rolls = Game.from_puzzle(puzzle), tuple(puzzle.rolls)
    engine = Engine(game, rolls, switch_shape=True)
    line = engine.solve(game.initial_state()).turns
    s = game.initial_state()
    for turn in line:
        ours = engine.solve(s)
        assert ours.proven
        cold = solve_cpsat((game, rolls), start=s, time_limit=120)
        hinted = solve_cpsat((game, rolls), start=s, time_limit=120, hint=ours.turns,
                             cap=ours.bound, floor=ours.optimum)
        above = solve_cpsat((game, rolls), start=s, time_limit=120, floor=ours.optimum + 1)
        assert cold.proven and hinted.proven, (cold.status, hinted.status)
        assert cold.optimum == hinted.optimum == ours.optimum
        assert cold.bound == hinted.bound == ours.optimum
        assert above.status == "INFEASIBLE" and above.bound == ours.optimum
        for res in (cold, hinted):
            assert len(res.turns) == game.rounds - s.round
            end = s
            for t in res.turns:
                end = end.apply(rolls[end.round], t)
            assert end.is_terminal and end.score().total == res.optimum
        s = s.apply(rolls[s.round], turn)


def test_a_cut_cpsat_brackets_the_optimum() -> None:
    """A CP-SAT solve cut at once still returns a bound at least the optimum (or none)."""
    puzzle = small_puzzle(random.Random("cpsat-cut"))
    ours = solve(puzzle)
    cut = solve_cpsat(puzzle, time_limit=0.0)
    assert cut.bound == -1 or cut.bound >= ours.optimum
    assert cut.optimum <= ours.optimum


@pytest.mark.parametrize("i", range(6))
def test_the_hint_is_the_line(i: int) -> None:
    """The hint written from a line is a whole solution of the model: with every hinted
    variable fixed to its hint, CP-SAT finds it, and it scores the line's value."""
    from paleowidgets.solver import cpsat

    puzzle = small_puzzle(random.Random(f"cpsat-hint-{i}"))
    game, rolls = Game.from_puzzle(puzzle), tuple(puzzle.rolls)
    engine = Engine(game, rolls, switch_shape=True)
    s = game.initial_state()
    line = engine.solve(s).turns
    s = s.apply(rolls[0], line[0])          # from a mid-game state
    rest = line[1:]
    end = s
    for t in rest:
        end = end.apply(rolls[end.round], t)
    built = cpsat._build(cp_model, game, rolls, s)
    built.hint(rest)
    solver = cp_model.CpSolver()
    solver.parameters.fix_variables_to_their_hinted_value = True
    solver.parameters.num_workers = 1
    status = solver.Solve(built.model)
    assert status == cp_model.OPTIMAL
    assert round(solver.ObjectiveValue()) == end.score().total
    assert built.turns(solver) == tuple(rest)
