"""The large neighbourhood search on whole-game lines (``solver/lns.py``): it only finds
lines, so everything here checks that those lines are real and never claim more than the
game allows, and that it finds the optimum where the optimum is known.

- Every line the LNS reports replays through the core's checked ``State.apply`` to the
  score it claims; the core never refuses a line the sub-model gave (``Stats.rejected``).
- On small puzzles (the brute force's optimum) and on the puzzle collection (proven
  optima), the LNS from the greedy line never scores above the optimum, and reaches it on
  most.
- ``replay`` refuses a line that breaks a rule (a pass while the roll fits).
- On a 20-round game, ``solve`` runs the LNS after the beams; ``paleo solve --json`` keeps
  its names (docs/FORMATS.md).
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from paleowidgets.core.logs import replay_turns
from paleowidgets.core.maps import Puzzle, load_document
from paleowidgets.core.rules import Game, State
from paleowidgets.core.turns import Turn
from paleowidgets.data import load_map
from paleowidgets.solver import lns
from paleowidgets.solver._moves import PASS, Clock, Move
from paleowidgets.solver.brute import checked_case
from paleowidgets.solver.exact import Engine, solve
from paleowidgets.solver.puzzlegen import crowded_puzzle, tiny_puzzle

ROOT = Path(__file__).resolve().parent.parent
COLLECTION = sorted((ROOT / "puzzles").glob("*/*.toml"))


def _rolls(seed: int, rounds: int) -> tuple[tuple[int, int], ...]:
    rng = random.Random(seed)           # as benchmarks/bench_fullgame.py and issue 12
    return tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(rounds))


def _greedy(map_name: str, seed: int) -> tuple[Engine, State, list[Move]]:
    """An engine for game ``seed`` of a shipped map, its start and its greedy line."""
    game = Game(load_map(map_name))
    engine = Engine(game, _rolls(seed, game.rounds))
    engine.search.clock = Clock(None, None)
    start = game.initial_state()
    return engine, start, engine.search.greedy(start)


def _improve(game: Game, rolls: Any, tries: int, *, seed: int = 0,
             sub_limit: float = 0.1) -> tuple[int, int, lns.Stats]:
    """The greedy line's score, the LNS's from it after ``tries`` neighbourhoods of at
    most ``sub_limit`` units of CP-SAT's deterministic time each (the same lines on a busy
    machine as on a quiet one: the counts below were measured so), and its stats; every
    line reported is replayed here too."""
    engine = Engine(game, rolls)
    engine.search.clock = Clock(None, None)
    start = game.initial_state()
    line = engine.search.greedy(start)
    first = lns.replay(engine.tables, start, line)
    assert first is not None
    seen: list[int] = []

    def report(value: int, new: list[Move]) -> None:
        turns = lns.line_turns(engine.tables, start, new)
        assert replay_turns(game, engine.rolls, turns)[-1].score().total == value
        assert not seen or value > seen[-1]
        seen.append(value)

    stats = lns.improve(engine.tables, start, line, first, report,
                        time.perf_counter() + 600, seed=seed, sub_limit=sub_limit,
                        max_tries=tries)
    assert stats.rejected == 0
    return first, seen[-1] if seen else first, stats


@pytest.mark.parametrize("i", range(24))
def test_lns_on_small_puzzles_is_real_and_below_the_optimum(i: int) -> None:
    """Tiny and crowded puzzles (passes, squares that unforce a round, start bonuses):
    the LNS's lines replay to what they claim and never beat the brute force."""
    make = tiny_puzzle if i % 2 else crowded_puzzle
    puzzle, optimum = checked_case(make, f"lns-{i}", 15_000)
    game = Game.from_puzzle(puzzle)
    first, found, _ = _improve(game, puzzle.rolls, 4, seed=i)
    assert first <= found <= optimum


def test_lns_reaches_the_optimum_on_most_small_puzzles() -> None:
    """From the greedy line, 4 neighbourhoods of LNS (0.1 units each) reach the brute
    force's optimum on at least 20 of 24 small puzzles (measured: 24 of 24), and beat the
    greedy line on some."""
    reached = beaten = 0
    for i in range(24):
        make = tiny_puzzle if i % 2 else crowded_puzzle
        puzzle, optimum = checked_case(make, f"lns-{i}", 15_000)
        first, found, _ = _improve(Game.from_puzzle(puzzle), puzzle.rolls, 4, seed=i)
        reached += found == optimum
        beaten += found > first
    assert reached >= 20, reached
    assert beaten >= 1


def test_lns_on_the_puzzle_collection() -> None:
    """Every fourth puzzle of the collection (2 to 10 rounds, maps up to 13x13), 5
    neighbourhoods of LNS (0.2 units each) from the greedy line: its lines never beat the
    proven optimum (the file's), and reach it on more than half (measured: 13 of 16, the
    same on a quiet and a busy machine; with 2 s of wall time each it was 11 of 16 on a
    quiet machine and 8 of 16 under load)."""
    reached = total = 0
    for path in COLLECTION[::4]:
        puzzle = load_document(path)
        assert isinstance(puzzle, Puzzle) and puzzle.optimum is not None
        _, found, _ = _improve(Game.from_puzzle(puzzle), puzzle.rolls, 5, sub_limit=0.2)
        assert found <= puzzle.optimum, path
        reached += found == puzzle.optimum
        total += 1
    assert reached * 2 > total, (reached, total)


def test_replay_refuses_a_broken_line() -> None:
    """A line that passes while the roll's shapes fit is no line: ``replay`` says None,
    where the same line with its draw scores."""
    engine, start, line = _greedy("dig-site", 101)
    t = engine.tables
    assert lns.replay(t, start, line) is not None
    assert lns.replay(t, start, [PASS, *line[1:]]) is None
    assert lns.replay(t, start, line[:-1]) is None          # the game does not end


def test_a_submodel_with_nothing_freed_keeps_the_line() -> None:
    """With no round freed (only dig types, switches and star bonuses of the fixed draws,
    and the last round's squares to choose), the sub-model's optimum is at least the
    line's score and its line replays to what the model says."""
    from ortools.sat.python import cp_model

    engine, start, line = _greedy("snow-map", 102)
    value = lns.replay(engine.tables, start, line)
    assert value is not None
    sub = lns._SubModel(cp_model, engine.tables, start, line, [])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 20
    assert solver.Solve(sub.m) == cp_model.OPTIMAL
    claimed = round(solver.ObjectiveValue()) + sub.const_score
    assert claimed >= value
    assert lns.replay(engine.tables, start, sub.line_of(solver)) == claimed


@pytest.mark.parametrize(("map_name", "seed"), [("dig-site", 101), ("snow-map", 103)])
def test_lns_on_a_whole_game_is_real(map_name: str, seed: int) -> None:
    """3 neighbourhoods of LNS (0.5 units each) from the greedy line of a 20-round game:
    it improves the line, every line replays (checked in ``_improve``), and the core
    refuses none."""
    game = Game(load_map(map_name))
    first, found, stats = _improve(game, _rolls(seed, game.rounds), 3, sub_limit=0.5)
    assert found > first
    assert stats.solves >= 1


def test_solve_runs_the_lns_on_a_whole_game() -> None:
    """``solve`` with a time limit on a 20-round game: the LNS ran after the beams (from
    the beams' best line), the core refused none of its lines, and the answer replays."""
    game = Game(load_map("dig-site"))
    rolls = _rolls(102, game.rounds)
    sol = solve((game, rolls), time_limit=6.0)
    stats = lns.last_stats
    assert stats is not None and stats.rejected == 0
    assert stats.history[0][1] <= sol.optimum
    assert replay_turns(game, rolls, sol.turns)[-1].score().total == sol.optimum
    assert sol.optimum <= sol.bound


def test_paleo_solve_json_names_on_a_whole_game(paleo: Any, tmp_path: Path) -> None:
    """``paleo solve --json`` on a 20-round draft of the dig site (the path with the LNS):
    the names of docs/FORMATS.md, a line of 20 turns that replays to the optimum."""
    game = Game(load_map("dig-site"))
    rolls = _rolls(101, game.rounds)
    text = (ROOT / "paleowidgets" / "data" / "maps" / "dig-site.toml").read_text("utf-8")
    path = tmp_path / "game.toml"
    path.write_text(text + f"\n[puzzle]\nrolls = {[list(r) for r in rolls]}\n", "utf-8")
    run = paleo("solve", "--json", path, "--time-limit", "5")
    assert run.code == 0, run.err
    result = run.json()
    assert set(result) == {"optimum", "proven", "bound", "solution", "nodes", "seconds"}
    assert len(result["solution"]) == 20
    assert result["optimum"] <= result["bound"]
    turns = [Turn.from_dict(t) for t in result["solution"]]
    assert replay_turns(game, rolls, turns)[-1].score().total == result["optimum"]
    assert lns.last_stats is not None and lns.last_stats.rejected == 0
