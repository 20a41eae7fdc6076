"""The analysis' proof-first solves (issue 12 item 4): ``Engine.solve(lines_first=False)``
leaves out the searches that only find lines (the anytime phase and the planner's dives),
and the relaxation's sets are built once per shape and per roll
(``_planner.relaxation._patterns``). Checked against references that know nothing of
either: the brute force's optimum, and the sets built placement by placement.
"""

from __future__ import annotations

import random

import pytest
from test_solver import RELAX_CASES

from paleowidgets.core.rules import Game
from paleowidgets.solver._moves import Clock
from paleowidgets.solver._planner import Planner, Run
from paleowidgets.solver._planner.relaxation import _patterns
from paleowidgets.solver._planner.run import VARIANT_COSTS, want_dig
from paleowidgets.solver._tables import Tables, bits_of
from paleowidgets.solver.brute import checked_case
from paleowidgets.solver.exact import Engine, replay_score
from paleowidgets.solver.puzzlegen import crowded_puzzle, random_puzzle, tiny_puzzle


def naive_patterns(run: Run, rounds: list[int], touch: int, universe: int,
                   wanted: tuple[int, int, int], most_cost: int) -> list[dict[int, int]]:
    """The relaxation's sets as they were built before: every placement of every pair
    of every round."""
    t = run.t
    out = []
    for rd in rounds:
        pats: dict[int, int] = {}
        for var, cost in VARIANT_COSTS:
            if cost > most_cost:
                continue
            for si, d in t.pairs[rd][var]:
                for i in bits_of(touch & t.shape_bits[si]):
                    m = t.pl_mask[i]
                    wd = want_dig(m, wanted)
                    if wd == -2 or (wd >= 0 and wd != d):
                        continue
                    x = m & universe
                    if pats.get(x, 99) > cost:
                        pats[x] = cost
        out.append(pats)
    return out


@pytest.mark.parametrize("i", range(12))
def test_patterns_are_the_placements_sets(i: int) -> None:
    """For every fossil set, dig types wanted of each fossil and switch budget 0-2, the
    sets (and their fewest switches) are the ones built placement by placement."""
    puzzle = random_puzzle(random.Random(f"patterns-{i}"), **RELAX_CASES[i % len(RELAX_CASES)])
    game = Game.from_puzzle(puzzle)
    t = Tables(game, puzzle.rolls, switch_shape=True)
    run = Run(Planner(t, Clock(None, None)), game.initial_state(), -1, None)
    rounds = sorted(rd for rs in run.class_rounds for rd in rs)
    rng = random.Random(i)
    checked = 0
    for sub in range(1, 1 << len(t.rings)):
        want = [0, 0, 0]
        for f in bits_of(sub):
            d = rng.randrange(4)
            if d < 3:
                want[d] |= 1 << f
        wanted = run.want_cells(0, sub, (want[0], want[1], want[2]))
        universe = run.open_rings(sub, 0) | t.stars
        touch = t.fit_of(0) & t.block(universe)
        for most in range(3):
            got = _patterns(run, rounds, touch, universe, wanted, most)
            assert got == naive_patterns(run, rounds, touch, universe, wanted, most)
            checked += 1
    assert checked >= 9


@pytest.mark.parametrize("i", range(16))
def test_proof_first_solves_agree_with_the_brute_force(i: int) -> None:
    """Without the line searches, from the start and seeded with the quick line of a
    mid-game state, the proven optimum is the brute force's; cut at once, the bracket
    holds it."""
    make = tiny_puzzle if i % 2 else crowded_puzzle
    puzzle, optimum = checked_case(make, f"proof-first-{i}", 15_000)
    game = Game.from_puzzle(puzzle)
    engine = Engine(game, puzzle.rolls, switch_shape=True)
    start = game.initial_state()
    cut = engine.solve(start, time_limit=0.0, lines_first=False)
    assert cut.optimum <= optimum <= cut.bound
    sol = engine.solve(start, lines_first=False)
    assert sol.proven and sol.optimum == sol.bound == optimum
    assert replay_score(puzzle, sol.turns) == optimum
    # Seeded with a real line (the one just found, as the analysis seeds its solves).
    seed = engine.search.greedy(start)
    again = Engine(game, puzzle.rolls, switch_shape=True).solve(start, seed=seed,
                                                                lines_first=False)
    assert again.proven and again.optimum == optimum
