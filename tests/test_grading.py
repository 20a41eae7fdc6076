"""Puzzle grading (solver/grading.py) and authoring (`paleo puzzles new`, `grade`)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from paleowidgets.cli import main
from paleowidgets.core.errors import FormatError
from paleowidgets.core.maps import Puzzle, load_document, parse_document
from paleowidgets.core.rules import Game, State
from paleowidgets.solver.bots import GreedyBot, play_game
from paleowidgets.solver.exact import solve
from paleowidgets.solver.grading import (
    breadth_points,
    depth_points,
    effort_points,
    first_round,
    grade,
    open_cells,
    tier_of,
    trap_points,
)
from paleowidgets.solver.puzzlegen import Spec, candidate, puzzle_toml

ROOT = Path(__file__).resolve().parent.parent
FIRST_RING = ROOT / "puzzles" / "1-beginner" / "01-first-ring.toml"

SMALL = '''[map]
name = "Grading test"
grid = """
. . . . .
. A . . .
. . . * .
. . . B .
. . . . .
"""
[fossils.A]
points = 2
bonus = 1
[fossils.B]
points = 3
bonus = 2
[puzzle]
rolls = [[5, 4], [2, 3]]
'''


def small(rolls: str = "[[5, 4], [2, 3]]") -> Puzzle:
    p = parse_document(SMALL.replace("[[5, 4], [2, 3]]", rolls), file="small.toml")
    assert isinstance(p, Puzzle)
    return p


@dataclass(frozen=True)
class FakeSolution:
    optimum: int
    proven: bool = True
    nodes: int = 0
    seconds: float = 0.0


# ---------------------------------------------------------------------------------------
# The rule


def test_rule_thresholds() -> None:
    assert [depth_points(r) for r in (1, 3, 4, 5, 6, 7, 8, 20)] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [effort_points(n) for n in (0, 39, 40, 79, 80, 399, 400)] == \
        [0, 0, 1, 1, 2, 2, 3]
    assert [breadth_points(n) for n in (0, 69, 70, 500)] == [0, 0, 1, 1]
    # A quarter of the optimum missed is a trap point, half of it two.
    assert [trap_points(8, g) for g in (8, 7, 6, 5, 4, 0)] == [0, 0, 1, 1, 2, 2]
    assert trap_points(0, 0) == 0
    assert [tier_of(p) for p in range(8)] == ["beginner"] * 2 + ["intermediate"] * 2 + \
        ["advanced"] * 2 + ["expert"] * 2


def test_grade_of_a_solved_puzzle() -> None:
    p = small()
    sol = solve(p)
    g = grade(p, sol)
    final, _ = play_game(Game.from_puzzle(p), p.rolls, GreedyBot(), random.Random(0))
    assert g.greedy == final.score().total
    assert g.optimum == sol.optimum and g.gap == sol.optimum - g.greedy
    assert g.nodes == sol.nodes and g.rounds == 2
    assert open_cells(p) == 25 - 2
    expected = depth_points(2) + effort_points(sol.nodes) + trap_points(sol.optimum, g.greedy)
    assert g.points == expected and g.tier == tier_of(expected)
    assert grade(p, sol) == g                      # pure: the same inputs, the same grade
    assert g.to_dict()["gap"] == g.gap and len(g.reasons) == 4
    assert g.first_moves is None and g.to_dict()["first_moves"] is None


def test_effort_moves_the_tier() -> None:
    p = small()
    opt = solve(p).optimum
    easy, hard = grade(p, FakeSolution(opt, nodes=10)), grade(p, FakeSolution(opt, nodes=10**6))
    assert hard.points == easy.points + 3
    assert tier_of(hard.points) == hard.tier != easy.tier


def test_grade_needs_a_proof() -> None:
    with pytest.raises(ValueError, match="proven"):
        grade(small(), FakeSolution(5, proven=False))


def _best_final(state: State, rolls: tuple[tuple[int, int], ...]) -> int:
    """The best final score from ``state``: every legal turn (squares included), checked."""
    if state.is_terminal:
        return state.score().total
    roll = rolls[state.round]
    return max(_best_final(state.apply(roll, t), rolls) for t in state.legal_turns(roll))


def test_first_round_against_brute_force() -> None:
    p = small("[[1, 1], [2, 2]]")
    opt = solve(p).optimum
    counted = first_round(p, opt)
    assert counted is not None
    start = Game.from_puzzle(p).initial_state()
    roll = p.rolls[0]
    children = {start.apply(roll, t) for t in start.legal_turns(roll, max_squares=0)}
    good = sum(_best_final(c, p.rolls) == opt for c in children)
    assert counted == (len(children), good)
    assert 0 < good < len(children)
    assert first_round(p, opt, cap=len(children) - 1) is None   # too many: not analysed


def test_grade_with_first_moves() -> None:
    p = small("[[1, 1], [2, 2]]")
    g = grade(p, solve(p), first_moves=True)
    assert g.first_moves is not None and g.optimal_first_moves is not None
    assert "first turns keep it" in str(g)


# ---------------------------------------------------------------------------------------
# The difficulty key


def test_difficulty_must_be_a_tier() -> None:
    text = SMALL.replace("[puzzle]\n", '[puzzle]\ndifficulty = "easy"\n')
    with pytest.raises(FormatError) as e:
        parse_document(text, file="d.toml")
    line = text.splitlines().index('difficulty = "easy"') + 1
    assert e.value.line == line and "beginner, intermediate, advanced, expert" in str(e.value)
    assert "'easy'" in str(e.value)
    for tier in ("beginner", "expert"):
        doc = parse_document(text.replace('"easy"', f'"{tier}"'))
        assert isinstance(doc, Puzzle) and doc.difficulty == tier


def test_puzzle_toml_round_trip() -> None:
    p = load_document(FIRST_RING)
    assert isinstance(p, Puzzle)
    again = parse_document(puzzle_toml(p))
    assert isinstance(again, Puzzle)
    assert (again.map, again.rolls, again.solution, again.optimum, again.title, again.story,
            again.difficulty) == (p.map, p.rolls, p.solution, p.optimum, p.title, p.story,
                                  p.difficulty)


# ---------------------------------------------------------------------------------------
# paleo puzzles new / grade


@pytest.fixture
def paleo(capsys: pytest.CaptureFixture[str]) -> Any:
    def run(*argv: str | Path) -> tuple[int, str, list[str]]:
        code = main([str(a) for a in argv])
        out, err = capsys.readouterr()
        return code, out, err.splitlines()
    return run


NEW = ("puzzles", "new", "--size", "6x6", "--fossils", "2", "--rounds", "2", "--stars", "1",
       "--seed", "2")


def test_new_is_deterministic_and_not_trivial(paleo: Any, tmp_path: Path) -> None:
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    assert paleo(*NEW, "--title", "Twins", "-o", a)[0] == 0
    code, out, _ = paleo(*NEW, "--title", "Twins", "-o", b, "--json")
    assert code == 0
    assert a.read_bytes() == b.read_bytes()
    info = json.loads(out)
    p = load_document(a)
    assert isinstance(p, Puzzle) and not p.is_draft
    assert p.title == "Twins" and p.optimum == info["optimum"] == info["grade"]["optimum"]
    assert p.difficulty == info["grade"]["tier"]
    assert info["grade"]["greedy"] < p.optimum
    assert "--seed 2" in a.read_text().splitlines()[0]
    # The file's proof holds: verify re-proves it.
    assert paleo("puzzles", "verify", a)[0] == 0


def test_new_rejects_trivial_candidates(paleo: Any) -> None:
    code, out, _ = paleo(*NEW, "--json")
    info = json.loads(out)
    assert code == 0 and info["file"] is None and info["toml"].startswith("# Made by")
    trivial = [r for r in info["rejected"] if r["reason"].startswith("trivial")]
    assert trivial and info["candidates"] == len(info["rejected"]) + 1
    # Independently: the first candidate drawn from the seed is one the greedy bot solves.
    rng = random.Random("paleowidgets:new:2")
    first = candidate(Spec(6, 6, 2, 2, stars=1), rng)
    final, _ = play_game(Game.from_puzzle(first), first.rolls, GreedyBot(), random.Random(0))
    assert final.score().total == solve(first).optimum


def test_new_refuses_to_overwrite(paleo: Any, tmp_path: Path) -> None:
    target = tmp_path / "mine.toml"
    target.write_text("my own puzzle\n")
    code, out, err = paleo(*NEW, "-o", target)
    assert code == 2 and out == "" and len(err) == 1
    assert str(target) in err[0] and "--force" in err[0]
    assert target.read_text() == "my own puzzle\n"
    assert paleo(*NEW, "-o", target, "--force")[0] == 0
    assert isinstance(load_document(target), Puzzle)


@pytest.mark.parametrize("args", [
    ("--size", "2x9"), ("--size", "8by8"), ("--size", "27x8"), ("--fossils", "0"),
    ("--rounds", "21"), ("--bonus", "gold=1"), ("--bonus", "plus-one"),
    ("--theme", "jungle"), ("--seed", "-1"),
])
def test_new_bad_arguments_exit_2(paleo: Any, args: tuple[str, ...]) -> None:
    argv = dict(zip(NEW[2::2], NEW[3::2], strict=True)) | dict(zip(args[::2], args[1::2],
                                                                     strict=True))
    code, out, err = paleo("puzzles", "new", *[x for kv in argv.items() for x in kv])
    assert code == 2 and out == ""
    assert not any("Traceback" in line for line in err)


@pytest.mark.parametrize(("args", "says"), [
    (("--size", "5x5", "--fossils", "9"), "cannot place 9 fossils"),
    (("--size", "6x6", "--fossils", "1", "--stars", "30"), "do not fit"),
    (("--size", "6x6", "--fossils", "1", "--stars", "0", "--tries", "3"),
     "no puzzle kept among 3"),
    (("--bonus", "plus-one=1", "--bonus", "plus-one=2"), "once"),
])
def test_new_impossible_requests_one_line(paleo: Any, args: tuple[str, ...],
                                          says: str) -> None:
    argv = dict(zip(NEW[2::2], NEW[3::2], strict=True))
    for k, v in zip(args[::2], args[1::2], strict=True):
        argv[k] = v
    flat = [x for kv in argv.items() for x in kv]
    if args[0] == "--bonus":
        flat += list(args)
    code, out, err = paleo("puzzles", "new", *flat)
    assert code == 2 and out == "" and len(err) == 1 and says in err[0], err


def test_grade_command(paleo: Any) -> None:
    code, out, _ = paleo("puzzles", "grade", "--json", FIRST_RING)
    g = json.loads(out)
    assert code == 0 and g["ok"] and g["tier"] == g["difficulty"] == "beginner"
    assert g["agrees"] and g["greedy"] < g["optimum"] == 6
    code, out, _ = paleo("puzzles", "grade", FIRST_RING)
    assert code == 0 and out.startswith(f"{FIRST_RING}: beginner (")


def test_verify_grade_says_when_the_file_disagrees(paleo: Any, tmp_path: Path) -> None:
    p = load_document(FIRST_RING)
    assert isinstance(p, Puzzle)
    wrong = tmp_path / "wrong-tier.toml"
    wrong.write_text(puzzle_toml(p, difficulty="expert"))
    code, out, _ = paleo("puzzles", "verify", "--grade", wrong)
    assert code == 0 and "the file says expert" in out
    code, out, _ = paleo("puzzles", "verify", "--grade", "--json", wrong)
    assert json.loads(out)["grade"]["agrees"] is False
