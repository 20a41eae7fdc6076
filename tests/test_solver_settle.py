"""The target search's one-pass end (``_planner.targets.settle``): on a long game, once
the goal is within ``JUMP_GAP`` of the best line, every target left is searched once
above the best line instead of goal by goal. Checked here against references that know
nothing of it: with the jump forced from the first goal on every puzzle (``LONG_GAME``
0), the solver's optimum is the brute force's, the planner's answer is the brute force of
the may-pass relaxation, and it agrees with the goal-by-goal search from states of a
20-round game (where the jump is on by default and is taken).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from helpers import may_pass_case, random_midgame

from paleowidgets.core.rules import Game, State
from paleowidgets.data import load_map
from paleowidgets.solver._moves import Move
from paleowidgets.solver._planner import targets
from paleowidgets.solver.bots import GreedyBot, play_game
from paleowidgets.solver.brute import brute_force, checked_case
from paleowidgets.solver.exact import Engine, replay_score, solve
from paleowidgets.solver.exact import _turns as turns_of
from paleowidgets.solver.lines_worker import moves_of
from paleowidgets.solver.puzzlegen import crowded_puzzle, tiny_puzzle


def count_calls(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    """``targets.<name>`` counted: the number of its calls so far (one item, counting
    on)."""
    calls = [0]
    real = getattr(targets, name)

    def counting(*a, **kw):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return real(*a, **kw)

    monkeypatch.setattr(targets, name, counting)
    return calls


def greedy_dig_site(played: int) -> tuple[Game, tuple[tuple[int, int], ...], State, int]:
    """The dig site's 20-round game of seed 101 played by the greedy bot: the game, its
    rolls, the state after ``played`` rounds and the bot's final score."""
    game = Game(load_map("dig-site"))
    rng = random.Random(101)
    rolls = tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(game.rounds))
    final, turns = play_game(game, rolls, GreedyBot(), random.Random(101))
    s = game.initial_state()
    for roll, turn in zip(rolls[:played], turns[:played], strict=True):
        s = s.apply(roll, turn)
    return game, rolls, s, final.score().total


def force_settle(monkeypatch: pytest.MonkeyPatch, gap: int) -> list[int]:
    """Every game long, ``settle`` taken once the goal is within ``gap`` of the best
    line; returns the number of settle calls so far (one item, counting on)."""
    monkeypatch.setattr(targets, "LONG_GAME", 0)
    monkeypatch.setattr(targets, "JUMP_GAP", gap)
    return count_calls(monkeypatch, "settle")


@pytest.fixture(params=[10_000, 1, 2])
def jump_always(request: pytest.FixtureRequest,
                monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every game long: ``settle`` from the first goal (gap 10,000), or after some goals
    (gaps 1 and 2; the best line is then no longer the goal before's less one). Yields
    the number of settle calls so far (one item)."""
    yield force_settle(monkeypatch, request.param)


@pytest.mark.parametrize("i", range(24))
def test_settled_solves_agree_with_the_brute_force(i: int, jump_always: list[int]) -> None:
    """With the one-pass end everywhere, the proven optimum is the brute force's, and the
    line replays to it."""
    make = tiny_puzzle if i % 2 else crowded_puzzle
    puzzle, optimum = checked_case(make, f"settle-{i}", 15_000)
    sol = solve(puzzle)
    assert sol.proven and sol.optimum == sol.bound == optimum
    assert replay_score(puzzle, sol.turns) == optimum


@pytest.mark.parametrize("i", range(12))
def test_settled_planner_is_the_may_pass_optimum(i: int, jump_always: list[int]) -> None:
    """The planner with the one-pass end, from floors below, at and above the may-pass
    optimum (brute force of the relaxation): above a floor below it, the optimum and a
    line; from a floor at or above it, no line and an answer not above the floor."""
    make = tiny_puzzle if i % 2 else crowded_puzzle
    puzzle, game, relaxed = may_pass_case(make, f"settle-goals-{i}", positive=True)
    start = game.initial_state()
    for floor in (0, relaxed - 1, relaxed, relaxed + 1):
        engine = Engine(game, tuple(puzzle.rolls), switch_shape=False)
        value, line = engine.planner.solve(start, floor)
        if floor < relaxed:
            assert value == relaxed and line is not None
        else:
            assert value <= floor and line is None


@pytest.mark.parametrize("gap", [10_000, 1])
@pytest.mark.parametrize("i", range(8))
def test_settled_and_goal_by_goal_agree_mid_game(i: int, gap: int,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """States after some random rounds: the may-pass optimum above floors 0 and the
    brute force's optimum less one is the same with the one-pass end and goal by goal."""
    rng = random.Random(f"settle-along-{i}")
    puzzle, s, optimum = random_midgame(rng, max_fossils=3)
    rolls = tuple(puzzle.rolls)
    for floor in (0, max(0, optimum - 1)):
        answers = []
        for long_game in (10_000, 0):
            monkeypatch.setattr(targets, "LONG_GAME", long_game)
            monkeypatch.setattr(targets, "JUMP_GAP", gap)
            engine = Engine(s.game, rolls, switch_shape=s.held[1] > 0)
            value, line = engine.planner.solve(s, floor)
            answers.append((value if line is not None else None, line is not None))
            assert line is None or value >= optimum
        assert answers[0] == answers[1], answers
    sol = solve(puzzle, start=s)
    assert sol.proven and sol.optimum == optimum


def test_a_long_game_takes_the_one_pass_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the 20-round dig site (a greedy game, 5 rounds left) the jump is taken by
    default, and the proven optimum is the one goal by goal finds, at least the score the
    game itself reached."""
    game, rolls, s, final = greedy_dig_site(15)
    calls = count_calls(monkeypatch, "settle")
    jumped = Engine(game, rolls).solve(s)
    assert calls[0] > 0
    monkeypatch.setattr(targets, "LONG_GAME", 10_000)
    stepped = Engine(game, rolls).solve(s)
    assert jumped.proven and stepped.proven
    assert jumped.optimum == stepped.optimum >= final


@pytest.mark.parametrize("gap", [10_000, 1, 2])
def test_the_one_pass_end_is_exercised(gap: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The puzzles above do reach ``settle`` with each gap (else they check nothing)."""
    calls = force_settle(monkeypatch, gap)
    for i in range(12):
        make = tiny_puzzle if i % 2 else crowded_puzzle
        puzzle, optimum = checked_case(make, f"settle-{i}", 15_000)
        assert solve(puzzle).optimum == optimum
    assert calls[0] >= 2


@pytest.mark.parametrize("i", range(12))
def test_settled_planner_above_a_callers_line(i: int, jump_always: list[int]) -> None:
    """Before its last goals and each of their targets the planner asks the caller for a
    real line found meanwhile (``more_lines``, e.g. another process's); that line's value
    (the brute force's real optimum, or the floor: nothing better found) becomes the
    floor. Above it, the may-pass optimum and a line; at or below it, no line and an
    answer not above it."""
    make = tiny_puzzle if i % 2 else crowded_puzzle
    puzzle, optimum = checked_case(make, f"settle-lines-{i}", 15_000)
    game = Game.from_puzzle(puzzle)
    relaxed = brute_force(game, puzzle.rolls, budget=60_000, may_pass=True)
    assert relaxed >= optimum
    start = game.initial_state()
    asked = [0]
    for floor in (0, max(0, optimum - 2)):
        for found in (floor, optimum):
            def more_lines(found: int = found) -> int:
                asked[0] += 1
                return found

            engine = Engine(game, tuple(puzzle.rolls), switch_shape=False)
            value, line = engine.planner.solve(start, floor, more_lines=more_lines)
            if relaxed > max(floor, found):
                assert value == relaxed and line is not None
            elif line is not None:
                assert value == relaxed > floor     # found at a goal, before the ask
            else:
                assert value <= max(floor, found)
                assert value >= found               # the caller's line is a floor
    assert asked[0] > 0 or jump_always[0] == 0


@pytest.mark.parametrize("i", range(12))
def test_a_proof_takes_the_lines_found_elsewhere(i: int, jump_always: list[int]) -> None:
    """``Engine.solve(outside=...)``: the real lines another process found (here the
    optimal line, handed over on the second ask, as if it came during the search) raise
    the proof's floor; the answer is still the brute force's optimum, proven, and the
    line returned replays to it."""
    make = tiny_puzzle if i % 2 else crowded_puzzle
    puzzle, optimum = checked_case(make, f"settle-outside-{i}", 15_000)
    game = Game.from_puzzle(puzzle)
    best = solve(puzzle).turns
    engine = Engine(game, tuple(puzzle.rolls), switch_shape=False)
    start = game.initial_state()
    asked = [0]

    def outside() -> list[list[Move]]:
        asked[0] += 1
        return [moves_of(engine, start, best)] if asked[0] == 2 else []

    sol = engine.solve(start, lines_first=False, outside=outside)
    assert sol.proven and sol.optimum == sol.bound == optimum
    assert replay_score(puzzle, sol.turns) == optimum
    assert asked[0] >= 1


@pytest.mark.parametrize("i", range(6))
def test_lines_alone_are_real_lines_that_only_rise(i: int) -> None:
    """``Engine.find_lines`` (the lines worker's first pass): every line it reports is
    better than the one before and replays to its value, never above the optimum; it
    returns the best, at least its seed's value."""
    make = tiny_puzzle if i % 2 else crowded_puzzle
    puzzle, optimum = checked_case(make, f"settle-find-{i}", 15_000)
    game = Game.from_puzzle(puzzle)
    engine = Engine(game, tuple(puzzle.rolls), switch_shape=False)
    start = game.initial_state()
    seed = list(engine.search.greedy(start))
    told: list[int] = []

    def on_line(value: int, line: list[Move]) -> None:
        told.append(value)
        turns = tuple(turns_of(engine.tables, start, line))
        assert replay_score(puzzle, turns) == value

    value, line = engine.find_lines(start, 0.3, seed=seed, on_line=on_line)
    assert told == sorted(set(told)) and all(v <= optimum for v in told)
    assert value == max([*told, value]) <= optimum
    assert replay_score(puzzle, turns_of(engine.tables, start, line)) == value


@pytest.mark.parametrize("i", range(12))
def test_a_line_from_elsewhere_ends_the_goals_it_reaches(i: int,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """On a long game the caller's lines are asked at every goal, not only at the last
    ones: given the optimum's value from the first ask (where it is also the may-pass
    optimum), no target is asked for a line at a goal that line reaches; the answer is
    no line of the planner's own and that value. (Before, with a floor of 0, every goal
    down to the optimum was searched first.)"""
    force_settle(monkeypatch, 1)
    make = tiny_puzzle if i % 2 else crowded_puzzle
    puzzle, optimum = checked_case(make, f"settle-goals-{i}", 15_000)
    game = Game.from_puzzle(puzzle)
    if brute_force(game, puzzle.rolls, budget=60_000, may_pass=True) != optimum:
        pytest.skip("the may-pass optimum is above the real one: no real line reaches it")
    goals: list[int] = []
    real = targets.at_goal

    def at_goal(run, goal, *a, **kw):  # type: ignore[no-untyped-def]
        goals.append(goal)
        return real(run, goal, *a, **kw)

    monkeypatch.setattr(targets, "at_goal", at_goal)
    engine = Engine(game, tuple(puzzle.rolls), switch_shape=False)
    value, line = engine.planner.solve(game.initial_state(), 0,
                                       more_lines=lambda: optimum)
    assert line is None and value == optimum
    assert all(g > optimum for g in goals), goals


def test_a_long_game_asks_its_targets_fewest_fossils_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On the 20-round dig site (a greedy game, 7 rounds left) the targets of each goal
    are asked fewest fossils first (a dead small target rules out the larger ones holding
    it); the proven optimum is the one the puzzle collection's order finds."""
    game, rolls, s, _final = greedy_dig_site(13)
    asked: list[tuple[int, int]] = []
    real = targets.at_goal

    def at_goal(run, goal, i, sub, *a, **kw):  # type: ignore[no-untyped-def]
        asked.append((goal, sub.bit_count()))
        return real(run, goal, i, sub, *a, **kw)

    monkeypatch.setattr(targets, "at_goal", at_goal)
    long_order = Engine(game, rolls).solve(s, lines_first=False)
    runs: list[list[int]] = []
    for k, (goal, n) in enumerate(asked):
        if k == 0 or goal != asked[k - 1][0]:
            runs.append([])
        runs[-1].append(n)
    assert all(run == sorted(run) for run in runs), runs
    assert any(len(set(run)) > 1 for run in runs)      # else the order checks nothing
    monkeypatch.setattr(targets, "LONG_GAME", 10_000)
    monkeypatch.setattr(targets, "PACK_GAME", 10_000)
    short_order = Engine(game, rolls).solve(s, lines_first=False)
    assert long_order.proven and short_order.proven
    assert long_order.optimum == short_order.optimum


@pytest.mark.parametrize("max_targets", [0, 1_000_000])
def test_too_many_targets_hands_the_state_to_the_cell_search(
        max_targets: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``MAX_TARGETS`` targets (here always, or never) the planner leaves the state to
    the cell search, which is exact too: from a floor of 0 and one below it, the planner's
    answer is the brute force's may-pass optimum either way, with a line; the cell search
    is taken only when the targets are too many."""
    monkeypatch.setattr(targets, "MAX_TARGETS", max_targets)
    calls = count_calls(monkeypatch, "dfs")
    for i in range(6):
        make = tiny_puzzle if i % 2 else crowded_puzzle
        puzzle, game, relaxed = may_pass_case(make, f"settle-many-{i}", positive=True)
        for floor in (0, relaxed - 1):
            engine = Engine(game, tuple(puzzle.rolls), switch_shape=False)
            value, line = engine.planner.solve(game.initial_state(), floor)
            assert value == relaxed and line is not None
    assert (calls[0] > 0) == (max_targets == 0)
