"""What the target search shares between targets (``_planner.targets.Known``): the bounds
learnt of a fossil set serve every target holding it, and the star-free relaxation
(``dp_plus(star_free=True)``) asks once per fossil set whether it can be completed at
all. Checked against references that know nothing of them: real lines (the star-free
relaxation must admit each), the full relaxation (the star-free one is weaker), the brute
force of the may-pass relaxation (every goal the planner reports is at least it), and
the planner with the sharing off (the same optimum).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import random_midgame

from paleowidgets.core.logs import replay_turns
from paleowidgets.core.rules import Game, State
from paleowidgets.solver._moves import NONE, Clock
from paleowidgets.solver._planner import Planner, Run, targets
from paleowidgets.solver._planner.relaxation import dp_plus
from paleowidgets.solver._tables import Tables
from paleowidgets.solver.brute import TooBig, brute_force
from paleowidgets.solver.exact import Engine, solve
from paleowidgets.solver.puzzlegen import crowded_puzzle, random_puzzle, tiny_puzzle

RELAX_CASES: list[dict[str, Any]] = [
    dict(width=7, height=7, fossils=2, rounds=3, stars=2),
    dict(width=8, height=8, fossils=3, rounds=4, stars=2, bonuses={"switch-shape": 1}),
    dict(width=8, height=8, fossils=3, rounds=5, stars=1, bonuses={"one-square": 1}),
    dict(width=9, height=9, fossils=4, rounds=5, stars=2, bonuses={"switch-dig": 1}),
]


def _run(game: Game, rolls: Any, s0: State) -> tuple[Run, tuple[int, ...]]:
    t = Tables(game, rolls, switch_shape=True)
    run = Run(Planner(t, Clock(None, None)), s0, -1, None)
    return run, tuple(len(rs) for rs in run.class_rounds)


@pytest.mark.parametrize("i", range(16))
def test_star_free_relaxation_admits_every_real_line(i: int) -> None:
    """A real line completes every subset of the fossils it dug, with its +1 Points: the
    star-free relaxation must allow each of them (never NONE) with at least those +1
    Points."""
    puzzle = random_puzzle(random.Random(f"star-free-{i}"), **RELAX_CASES[i % 4])
    game = Game.from_puzzle(puzzle)
    s0 = game.initial_state()
    sol = solve(puzzle, time_limit=1.5)            # any real line will do
    final = replay_turns(game, puzzle.rolls, sol.turns)[-1]
    run, free = _run(game, puzzle.rolls, s0)
    dug = final.dug & ~s0.dug
    checked = 0
    sub = dug
    while True:                                    # every subset of ``dug``
        got = dp_plus(run, sub, (0, 0, 0), free, star_free=True)
        assert got is not None and got != NONE
        assert got >= final.held[3] - s0.held[3]
        checked += 1
        if not sub:
            break
        sub = (sub - 1) & dug
    assert checked >= 1


@pytest.mark.parametrize("i", range(8))
def test_star_free_relaxation_is_weaker(i: int) -> None:
    """For every fossil set: the star-free answer is NONE only where the full relaxation's
    is, and otherwise at least the full one's +1 Points; and it does rule some sets out
    on these puzzles (counted over all of them below)."""
    puzzle = random_puzzle(random.Random(f"weaker-{i}"), **RELAX_CASES[i % 4])
    game = Game.from_puzzle(puzzle)
    run, free = _run(game, puzzle.rolls, game.initial_state())
    for sub in range(1, 1 << len(run.t.rings)):
        full = dp_plus(run, sub, (0, 0, 0), free)
        free_of_stars = dp_plus(run, sub, (0, 0, 0), free, star_free=True)
        assert full is not None and free_of_stars is not None
        if free_of_stars == NONE:
            assert full == NONE
        elif full != NONE:
            assert free_of_stars >= full


def _planner(start: State, rolls: Any, floor: int, shared: bool,
             monkeypatch: pytest.MonkeyPatch) -> tuple[list[int], int]:
    monkeypatch.setattr(targets, "SET_BOUNDS", shared)
    engine = Engine(start.game, rolls)
    seen: list[int] = []
    value, _line = engine.planner.solve(start, floor, on_bound=seen.append)
    return seen, value


def _cases() -> list[tuple[str, int]]:
    return [("tiny", i) for i in range(10)] + [("crowded", i) for i in range(10)]


@pytest.mark.parametrize(("kind", "i"), _cases())
def test_shared_bounds_match_the_brute_force(kind: str, i: int,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """With the sharing on and off, every goal the planner reports is at least the
    may-pass optimum (the brute force with the extra pass, hence every real line), the
    goals only fall, and both end on the same value (the may-pass optimum when it is
    above the floor 0)."""
    make = tiny_puzzle if kind == "tiny" else crowded_puzzle
    rng = random.Random(f"sets-{kind}-{i}")
    while True:
        puzzle = make(rng)
        game = Game.from_puzzle(puzzle)
        try:
            relaxed = brute_force(game, puzzle.rolls, budget=15_000, may_pass=True)
        except TooBig:
            continue
        break
    s0 = game.initial_state()
    on, v_on = _planner(s0, tuple(puzzle.rolls), 0, True, monkeypatch)
    off, v_off = _planner(s0, tuple(puzzle.rolls), 0, False, monkeypatch)
    assert all(g >= relaxed for g in on + off), (on, off, relaxed)
    assert on == sorted(on, reverse=True)
    assert v_on == v_off
    if relaxed > 0:
        assert v_on == relaxed


@pytest.mark.parametrize("i", range(16))
def test_shared_bounds_along_random_games(i: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """States after some random rounds (squares included, up to 3 fossils): every goal
    is at least the brute force's real optimum from the state, with the sharing on and
    off, and both end on the same value."""
    puzzle, s, optimum = random_midgame(random.Random(f"sets-along-{i}"), max_fossils=3)
    on, v_on = _planner(s, tuple(puzzle.rolls), 0, True, monkeypatch)
    off, v_off = _planner(s, tuple(puzzle.rolls), 0, False, monkeypatch)
    assert all(g >= optimum for g in on + off)
    assert v_on == v_off


def test_the_sharing_is_exercised(monkeypatch: pytest.MonkeyPatch) -> None:
    """Puzzles drawn as the test above draws them reach what it checks: fossil sets the
    star-free relaxation rules out, and targets for which a smaller target's bound on
    the +1 Points is known (:meth:`.targets.Known.cap`; its NONE answers, a smaller
    target with no line, were shared before it too)."""
    ruled_out = [0]
    capped = [0]
    closable = targets.Known.closable
    cap = targets.Known.cap

    def counting_closable(self: targets.Known, *a: Any) -> bool:
        got = closable(self, *a)
        ruled_out[0] += not got
        return got

    def counting_cap(self: targets.Known, *a: Any) -> int | None:
        got = cap(self, *a)
        capped[0] += got is not None and got != NONE
        return got

    monkeypatch.setattr(targets.Known, "closable", counting_closable)
    monkeypatch.setattr(targets.Known, "cap", counting_cap)
    for kind, i in _cases():
        make = tiny_puzzle if kind == "tiny" else crowded_puzzle
        puzzle = make(random.Random(f"sets-{kind}-{i}"))
        game = Game.from_puzzle(puzzle)
        _planner(game.initial_state(), tuple(puzzle.rolls), 0, True, monkeypatch)
    assert ruled_out[0] >= 1 and capped[0] >= 1, (ruled_out, capped)
