"""The `paleo` command (FORMATS.md): outputs, exit codes and one clear stderr line per failure.

Most tests call ``main([...])`` in-process (capsys); a few run the real command in a
subprocess (``python -m paleowidgets.cli``, so any venv works). Fixtures live in
tests/data/good (a hand-scored game) and tests/data/bad (one defect per file; the header
comment of each says which).
"""

from __future__ import annotations

import json
import subprocess
import sys
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from helpers import Run

from paleowidgets.cli import main
from paleowidgets.core.turns import Turn

DATA = Path(__file__).parent / "data"
GOOD = DATA / "good"
BAD = DATA / "bad"


def line_of(path: Path, needle: str, *, exact: bool = False) -> int:
    """The 1-based line of ``path`` holding ``needle`` (the whole stripped line if exact)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if (line.strip() == needle) if exact else (needle in line):
            assert number > 1   # every fixture starts with a comment saying what is wrong
            return number
    raise AssertionError(f"{needle!r} not in {path}")


def assert_one_line_failure(run: Run, code: int, path: Path, *parts: str) -> str:
    assert run.code == code, (run.code, run.err)
    assert len(run.err_lines) == 1, run.err
    line = run.err_lines[0]
    assert line.startswith("paleo: ")
    assert str(path) in line
    for part in parts:
        assert part in line, (part, line)
    return line


# ---------------------------------------------------------------------------------------
# Good files


def test_validate_good_files_one_line_each(paleo: Any) -> None:
    files = [GOOD / "quarry.toml", GOOD / "puzzle.toml", GOOD / "draft.toml", GOOD / "game.json"]
    run = paleo("validate", *files)
    assert run.code == 0
    assert run.err == ""
    assert run.out.splitlines() == [
        f"ok: {files[0]} (map 'Little quarry', 7x7, 2 fossils)",
        f"ok: {files[1]} (puzzle 'Ring around the ammonite', 7x7, 2 rolls, optimum 7)",
        f"ok: {files[2]} (puzzle draft: unsolved, 'Ring around the ammonite', 7x7, 2 rolls)",
        f"ok: {files[3]} (game log, 2 players, 3 rounds)",
    ]


def test_validate_json_one_object_per_file(paleo: Any) -> None:
    run = paleo("validate", "--json", GOOD / "quarry.toml", GOOD / "draft.toml",
                GOOD / "game.json")
    assert run.code == 0
    m, d, g = run.json_lines()
    assert m == {"file": str(GOOD / "quarry.toml"), "ok": True, "kind": "map",
                 "name": "Little quarry", "width": 7, "height": 7, "fossils": 2, "stars": 1,
                 "rounds": 3}
    assert d["kind"] == "puzzle" and d["draft"] is True and d["optimum"] is None
    assert g["kind"] == "log" and g["players"] == ["Ada", "Bob"] and g["rounds"] == 3


# The hand-computed game (tests/data/good/game.json on quarry.toml, 3 rounds):
# fossil A (C3, 4 points, +2) has the ring C2 B3 D3 C4. Round 1 (roll 2-1): both draw a
# U chevron B3 D3 B4 C4 D4, three ring cells. Round 2 (roll 1-3): Ada a V chevron (shape
# from the 3, dig from the 1) through C2 and the star B2: ring complete, all chevron -> 4+2,
# and the star's +1 -> 7. Bob an I dot (shape from the 1, dig from the 3) through C2 and
# B2: ring complete with two dig types -> 4, +1 -> 5. Round 3 (5-6): the same L hatch.
EXPECTED_SCORES = [
    {"name": "Ada", "score": 7, "fossils": [{"id": "A", "points": 4, "bonus": 2}],
     "plus_one": 1},
    {"name": "Bob", "score": 5, "fossils": [{"id": "A", "points": 4, "bonus": 0}],
     "plus_one": 1},
]


def test_score_json_hand_computed(paleo: Any) -> None:
    run = paleo("score", "--json", GOOD / "game.json")
    assert run.code == 0 and run.err == ""
    data = run.json()
    assert data["players"] == EXPECTED_SCORES
    assert data["winners"] == ["Ada"]


def test_score_text_table(paleo: Any) -> None:
    run = paleo("score", GOOD / "game.json")
    assert run.code == 0 and run.err == ""
    lines = run.out.splitlines()
    assert lines[0] == "Little quarry: final score"
    assert lines[1].split()[:2] == ["player", "score"]
    assert lines[2].split() == ["Ada", "7", "Ammonite", "(A)", "4+2", "1"]
    assert lines[3].split() == ["Bob", "5", "Ammonite", "(A)", "4", "1"]
    assert lines[4] == "winner: Ada with 7 points"


def _write_log(tmp_path: Path, players: list[dict[str, Any]], rolls: list[list[int]]) -> Path:
    log = json.loads((GOOD / "game.json").read_text())
    log["map"] = str(GOOD / "quarry.toml")
    log["players"] = players
    log["rolls"] = rolls
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    return path


def test_score_shared_win(paleo: Any, tmp_path: Path) -> None:
    log = json.loads((GOOD / "game.json").read_text())
    ada = log["players"][0]["turns"]
    path = _write_log(tmp_path, [{"name": "Ada", "turns": ada}, {"name": "Cy", "turns": ada}],
                      log["rolls"])
    run = paleo("score", "--json", path)
    assert [p["score"] for p in run.json()["players"]] == [7, 7]
    assert run.json()["winners"] == ["Ada", "Cy"]
    run = paleo("score", path)
    assert run.out.splitlines()[-1] == "winners (shared): Ada, Cy with 7 points"


def test_game_in_progress(paleo: Any, tmp_path: Path) -> None:
    log = json.loads((GOOD / "game.json").read_text())
    players = [{"name": p["name"], "turns": p["turns"][:2]} for p in log["players"]]
    path = _write_log(tmp_path, players, log["rolls"][:2])
    run = paleo("validate", path)
    assert run.out == f"ok: {path} (game log, 2 players, 2 rounds of 3 (game in progress))\n"
    run = paleo("score", path)
    assert run.out.splitlines()[0] == "Little quarry: after 2 of 3 rounds"
    assert [p["score"] for p in paleo("score", "--json", path).json()["players"]] == [7, 5]


def test_version(paleo: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("paleo ")


def test_no_command_is_a_usage_error(paleo: Any) -> None:
    for argv in ([], ["puzzles"]):
        run = paleo(*argv)
        assert run.code == 2 and len(run.err_lines) == 1


def test_usage_errors_exit_2(paleo: Any) -> None:
    assert paleo("validate").code == 2
    assert paleo("render", GOOD / "quarry.toml").code == 2          # -o is required
    assert paleo("solve", GOOD / "puzzle.toml", "--time-limit", "-1").code == 2


# ---------------------------------------------------------------------------------------
# Bad files: each gives one stderr line naming the file and the place, and the right code.
# (file, exit code, what the line says, the needle locating the expected line number)

TOML_CASES = [
    ("ragged_row.toml", 2, ["grid row 4 has 6 cells"], (". . . . . .", True)),
    ("unknown_symbol.toml", 2, ["'x'", "D2"], (". * . x . . .", True)),
    ("letter_without_fossil.toml", 2, ["grid letter C", "[fossils.C]"], ('. . . . B . C', True)),
    ("fossil_without_cells.toml", 2, ["[fossils.C] has no cells"], ("[fossils.C]", True)),
    ("fossil_on_edge.toml", 2, ["fossil A", "edge", "A3"], ("[fossils.A]", True)),
    ("fossils_adjacent.toml", 2, ["fossil A", "fossil B", "D3"], ("[fossils.A]", True)),
    ("fossil_disconnected.toml", 2, ["fossil A", "not orthogonally connected"],
     ("[fossils.A]", True)),
    ("dice_missing_face.toml", 2, ["shapes", "missing 6"], ("shapes =", False)),
    ("dice_unknown_shape.toml", 2, ["face 3", "'Q'"], ("shapes =", False)),
    ("dice_unknown_dig.toml", 2, ["face 5", "'stripes'"], ("digs =", False)),
    ("roll_out_of_range.toml", 2, ["roll 2", "[7, 3]"], ("[7, 3],", True)),
    ("roll_zero.toml", 2, ["roll 1", "[0, 1]"], ("[0, 1],", True)),
    ("bonus_unknown_kind.toml", 2, ["'double-dig'"], ("bonuses =", False)),
    ("bonus_negative.toml", 2, ["switch-shape", "-1"], ("bonuses =", False)),
    ("bad_points.toml", 2, ["points", "-4"], ("points = -4", True)),
    ("unknown_key_map.toml", 2, ["unknown key 'colour'", "[map]"], ("colour =", False)),
    ("unknown_key_fossil.toml", 2, ["unknown key 'age'", "[fossils.B]"], ("age =", False)),
    ("unknown_key_puzzle.toml", 2, ["unknown key 'author'", "[puzzle]"], ("author =", False)),
    ("unknown_table.toml", 2, ["unknown key 'extras'"], None),
    ("names_bad_language.toml", 2, ["[fossils.B] names", "'french'", "language code"],
     ("names =", False)),
    ("names_empty.toml", 2, ["[map] names", "ko name", "non-empty"], ("names =", False)),
    ("hash_in_map.toml", 2, ["'#'", "C5", "only puzzles"], (". . # . . . .", True)),
    ("ring_complete_at_start.toml", 2, ["fossil A", "already complete"], ("[fossils.A]", True)),
    ("fossil_never_dug_up.toml", 2, ["fossil A", "C3", "[fossil-never-dug-up]"],
     ("[fossils.A]", True)),
    ("fossil_never_dug_up_predrawn.toml", 2, ["fossil A", "E2", "[fossil-never-dug-up]"],
     ("[fossils.A]", True)),
    ("invalid_toml.toml", 2, ["not valid TOML"], ("points = = 1", True)),
    ("solution_illegal.toml", 1, ["round 2", "fossil A", "[cell-on-fossil]"],
     ('"C1", "C2", "C3"', False)),
    ("solution_short.toml", 1, ["round 2", "[missing-turn]"], None),
    ("solution_wrong_optimum.toml", 2, ["scores 7", "optimum says 9"],
     ('{ shape = "U"', False)),
]


@pytest.mark.parametrize(("name", "code", "parts", "where"), TOML_CASES,
                         ids=[c[0] for c in TOML_CASES])
def test_bad_toml(paleo: Any, name: str, code: int, parts: list[str],
                  where: tuple[str, bool] | None) -> None:
    path = BAD / name
    run = paleo("validate", path)
    line = assert_one_line_failure(run, code, path, *parts)
    assert run.out == ""
    if where is not None:
        n = line_of(path, where[0], exact=where[1])
        assert line.startswith(f"paleo: {path}:{n}:") or line.startswith(f"paleo: {path}:{n},"), \
            (n, line)
    run = paleo("validate", "--json", path)
    assert run.code == code and len(run.err_lines) == 1
    (obj,) = run.json_lines()
    assert obj["file"] == str(path) and obj["ok"] is False
    if where is not None:
        assert obj["error"]["line"] == line_of(path, where[0], exact=where[1])
    if code == 1:
        assert set(obj["error"]) >= {"player", "round", "rule", "message"}
    if "map rule" in line or "[ring-complete-at-start]" in line:
        assert obj["error"]["rule"] == line.rsplit("[", 1)[1].rstrip("]")


def test_invalid_toml_names_line_and_column(paleo: Any) -> None:
    path = BAD / "invalid_toml.toml"
    n = line_of(path, "points = = 1", exact=True)
    line = assert_one_line_failure(paleo("validate", path), 2, path)
    assert f"line {n}, column 10" in line


LOG_CASES = [
    # (file, player, round, rule, what the line says)
    ("log_illegal_turn.json", "Bob", 2, "cell-on-fossil", "cell C3 is part of fossil A"),
    ("log_missing_turn.json", "Ada", 3, "missing-turn", "no turn for roll 5-6"),
    ("log_extra_turn.json", "Bob", 3, "extra-turn", "3 turns for 2 rolls"),
    ("log_malformed_turn.json", "Bob", 2, "malformed-turn", "unknown key 'rotation'"),
    ("log_pass_with_stars.json", "Bob", 2, "malformed-turn", "a pass carries no stars"),
]


@pytest.mark.parametrize("command", ["validate", "score", "render"])
@pytest.mark.parametrize(("name", "player", "round_", "rule", "says"), LOG_CASES,
                         ids=[c[0] for c in LOG_CASES])
def test_illegal_turn_in_log(paleo: Any, tmp_path: Path, command: str, name: str, player: str,
                             round_: int, rule: str, says: str) -> None:
    path = BAD / name
    extra = ["-o", str(tmp_path / "sheet.svg")] if command == "render" else []
    run = paleo(command, path, *extra)
    assert_one_line_failure(run, 1, path, f"player '{player}'", f"round {round_}",
                            f"[{rule}]", says)
    assert run.out == ""
    run = paleo(command, "--json", path, *extra)
    assert_one_line_failure(run, 1, path, f"[{rule}]")
    (obj,) = run.json_lines()
    error = obj["error"]
    assert error["player"] == player and error["round"] == round_ and error["rule"] == rule
    assert says in error["message"]
    if command != "validate":
        assert set(obj) == {"error"}      # FORMATS.md: {"error": {...}} on stdout
    assert not (tmp_path / "sheet.svg").exists()


def test_solution_illegal_json_error(paleo: Any) -> None:
    path = BAD / "solution_illegal.toml"
    (obj,) = paleo("validate", "--json", path).json_lines()
    assert obj["error"]["rule"] == "cell-on-fossil" and obj["error"]["round"] == 2
    assert obj["error"]["line"] == line_of(path, '"C1", "C2", "C3"')


def test_invalid_json_names_line(paleo: Any) -> None:
    path = BAD / "invalid_json.json"
    # The comma is missing after Bob's first turn: JSON notices at the next turn.
    n = line_of(path, '{"shape": "I", "dig": "dot"')
    line = assert_one_line_failure(paleo("score", path), 2, path, "not valid JSON")
    assert line.startswith(f"paleo: {path}:{n}:4:")
    obj = paleo("score", "--json", path).json()
    assert obj["error"]["line"] == n and obj["error"]["column"] == 4


LOG_FORMAT_CASES = [
    ("log_roll_out_of_range.json", ["roll 3", "[5, 7]"]),
    ("log_unknown_key.json", ["unknown key 'date'"]),
    ("log_missing_map.json", ["no_such_map.toml", "cannot read"]),
    ("log_broken_map.json", ["ragged_row.toml:", "grid row 4 has 6 cells"]),
]


@pytest.mark.parametrize(("name", "parts"), LOG_FORMAT_CASES, ids=[c[0] for c in LOG_FORMAT_CASES])
def test_bad_log_format(paleo: Any, name: str, parts: list[str]) -> None:
    path = BAD / name
    assert_one_line_failure(paleo("score", path), 2, path, *parts)
    obj = paleo("score", "--json", path).json()
    assert set(obj) == {"error"} and obj["error"]["message"]


def test_log_broken_map_names_the_map_line(paleo: Any) -> None:
    path = BAD / "log_broken_map.json"
    n = line_of(BAD / "ragged_row.toml", ". . . . . .", exact=True)
    line = assert_one_line_failure(paleo("validate", path), 2, path)
    assert f"ragged_row.toml:{n}:" in line


@pytest.mark.parametrize("command", ["validate", "score", "render", "solve"])
def test_nonexistent_file(paleo: Any, tmp_path: Path, command: str) -> None:
    path = tmp_path / "no_such_file.json"
    extra = ["-o", str(tmp_path / "x.svg")] if command == "render" else []
    run = paleo(command, path, *extra)
    assert_one_line_failure(run, 2, path, "No such file")
    assert run.out == ""
    assert list(tmp_path.iterdir()) == []


def test_validate_many_files_reports_each_and_worst_code(paleo: Any) -> None:
    files = [GOOD / "quarry.toml", BAD / "log_illegal_turn.json", GOOD / "game.json"]
    run = paleo("validate", *files)
    assert run.code == 1
    assert run.out.splitlines() == [f"ok: {files[0]} (map 'Little quarry', 7x7, 2 fossils)",
                                    f"ok: {files[2]} (game log, 2 players, 3 rounds)"]
    assert len(run.err_lines) == 1
    run = paleo("validate", *files, BAD / "ragged_row.toml", BAD / "solution_illegal.toml")
    assert run.code == 2
    bad = ["log_illegal_turn.json", "ragged_row.toml", "solution_illegal.toml"]
    assert len(run.err_lines) == 3
    for line, name in zip(run.err_lines, bad, strict=True):
        assert line.startswith(f"paleo: {BAD / name}")
    objs = paleo("validate", "--json", *files).json_lines()
    assert [o["ok"] for o in objs] == [True, False, True]


def test_score_of_a_map_is_refused(paleo: Any) -> None:
    path = GOOD / "quarry.toml"
    assert_one_line_failure(paleo("score", path), 2, path, "not a game log")


# ---------------------------------------------------------------------------------------
# render: nothing half-written


@pytest.mark.parametrize("out_name", ["sheet.txt", "sheet", "sheet.svg.bak"])
def test_render_bad_suffix_writes_nothing(paleo: Any, tmp_path: Path, out_name: str) -> None:
    out = tmp_path / out_name
    run = paleo("render", GOOD / "quarry.toml", "-o", out)
    assert_one_line_failure(run, 2, out, ".svg")
    assert list(tmp_path.iterdir()) == []


def test_render_into_missing_directory_writes_nothing(paleo: Any, tmp_path: Path) -> None:
    out = tmp_path / "no" / "such" / "dir" / "sheet.svg"
    run = paleo("render", GOOD / "quarry.toml", "-o", out)
    assert_one_line_failure(run, 2, out, "does not exist")
    assert list(tmp_path.iterdir()) == []
    obj = paleo("render", "--json", GOOD / "quarry.toml", "-o", out).json()
    assert obj["error"]["file"] == str(out)


def test_render_onto_a_directory_leaves_no_temporary_file(paleo: Any, tmp_path: Path) -> None:
    out = tmp_path / "sheet.svg"
    out.mkdir()
    run = paleo("render", GOOD / "quarry.toml", "-o", out)
    assert run.code == 2 and len(run.err_lines) == 1 and "sheet.svg" in run.err
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.svg"]
    assert list(out.iterdir()) == []


def test_render_unknown_player(paleo: Any, tmp_path: Path) -> None:
    path = GOOD / "game.json"
    run = paleo("render", path, "-o", tmp_path / "s.svg", "--player", "Zed")
    assert_one_line_failure(run, 2, path, "no player 'Zed'", "Ada, Bob")
    assert list(tmp_path.iterdir()) == []
    run = paleo("render", GOOD / "quarry.toml", "-o", tmp_path / "s.svg", "--player", "Ada")
    assert_one_line_failure(run, 2, GOOD / "quarry.toml", "--player")


@pytest.mark.parametrize(("source", "player", "kind"), [
    ("quarry.toml", None, "map"), ("puzzle.toml", None, "puzzle"), ("draft.toml", None, "puzzle"),
    ("game.json", None, "game"), ("game.json", "Bob", "game")])
@pytest.mark.parametrize("suffix", [".svg", ".png", ".pdf"])
def test_render_writes_sheet(paleo: Any, tmp_path: Path, source: str, player: str | None,
                             kind: str, suffix: str) -> None:
    out = tmp_path / f"sheet{suffix}"
    extra = ["--player", player] if player else []
    run = paleo("render", "--json", GOOD / source, "-o", out, *extra)
    assert run.code == 0, run.err
    assert run.err == ""
    info = run.json()
    assert info["output"] == str(out) and info["kind"] == kind and info["format"] == suffix[1:]
    if kind == "game":
        assert info["player"] == (player or "Ada")
    magic = {".svg": b"<svg", ".png": b"\x89PNG", ".pdf": b"%PDF"}[suffix]
    data = out.read_bytes()
    assert magic in data[:200]
    assert [p.name for p in tmp_path.iterdir()] == [out.name]     # no temporary file left


def test_render_text_output(paleo: Any, tmp_path: Path) -> None:
    out = tmp_path / "bob.svg"
    run = paleo("render", GOOD / "game.json", "-o", out, "--player", "Bob")
    assert run.code == 0
    assert run.out == f"wrote {out}: game {GOOD / 'game.json'} (player Bob)\n"


# ---------------------------------------------------------------------------------------
# Hooks for the exact solver: `paleo solve` and `paleo puzzles verify`, with a stand-in


@dataclass
class FakeSolution:
    optimum: int
    proven: bool
    turns: tuple[Turn, ...]
    nodes: int
    seconds: float


PUZZLE_LINE = (
    Turn.from_dict({"shape": "U", "dig": "chevron", "cells": ["B3", "D3", "B4", "C4", "D4"]}),
    Turn.from_dict({"shape": "V", "dig": "chevron", "cells": ["A2", "B2", "C2", "A3", "A4"],
                    "stars": ["plus-one"]}),
)


def install_fake_solver(monkeypatch: pytest.MonkeyPatch, solution: FakeSolution) -> list[Any]:
    calls: list[Any] = []
    module = types.ModuleType("paleowidgets.solver.exact")

    def solve(puzzle: Any, *, time_limit: float | None = None, progress: Any = None) -> Any:
        calls.append((puzzle, time_limit))
        return solution

    module.solve = solve  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "paleowidgets.solver.exact", module)
    return calls


def test_solve_json_with_solver(paleo: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = install_fake_solver(monkeypatch, FakeSolution(7, True, PUZZLE_LINE, 1234, 0.25))
    run = paleo("solve", "--json", GOOD / "draft.toml", "--time-limit", "5")
    assert run.code == 0 and run.err == ""
    assert run.json() == {
        "optimum": 7, "proven": True, "bound": 7, "nodes": 1234, "seconds": 0.25,
        "solution": [t.to_dict() for t in PUZZLE_LINE]}
    assert calls[0][1] == 5.0


def test_solve_text_prints_pasteable_toml(paleo: Any, monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    install_fake_solver(monkeypatch, FakeSolution(7, False, PUZZLE_LINE, 99, 1.5))
    run = paleo("solve", GOOD / "draft.toml")
    assert run.code == 0
    assert "optimum 7 NOT proven" in run.out.splitlines()[0]
    pasted = tmp_path / "solved.toml"
    toml_part = run.out.split("# paste into the [puzzle] table:\n")[1]
    pasted.write_text((GOOD / "draft.toml").read_text() + toml_part)
    assert paleo("validate", pasted).out.startswith(f"ok: {pasted} (puzzle 'Ring")


def test_solve_line_that_does_not_replay_is_an_internal_error(
        paleo: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    install_fake_solver(monkeypatch, FakeSolution(8, True, PUZZLE_LINE, 1, 0.0))
    run = paleo("solve", GOOD / "draft.toml")
    assert run.code == 3 and len(run.err_lines) == 1 and "internal error" in run.err


def test_solve_a_map_is_refused(paleo: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    install_fake_solver(monkeypatch, FakeSolution(7, True, PUZZLE_LINE, 1, 0.0))
    path = GOOD / "quarry.toml"
    assert_one_line_failure(paleo("solve", path), 2, path, "not a puzzle")


def test_verify_with_solver(paleo: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    install_fake_solver(monkeypatch, FakeSolution(7, True, PUZZLE_LINE, 10, 0.5))
    run = paleo("puzzles", "verify", GOOD / "puzzle.toml")
    assert run.code == 0 and run.err == ""
    assert run.out.startswith(f"ok: {GOOD / 'puzzle.toml'} (optimum 7 proven")
    # a directory: every *.toml under it, sorted; the draft is refused (exit 1, named)
    folder = tmp_path / "puzzles"
    folder.mkdir()
    for name in ("puzzle.toml", "draft.toml"):
        (folder / name).write_text((GOOD / name).read_text())
    run = paleo("puzzles", "verify", "--json", folder)
    assert run.code == 1
    draft, solved = run.json_lines()
    assert draft["file"] == str(folder / "draft.toml") and draft["ok"] is False
    assert solved["ok"] is True and solved["optimum"] == 7
    assert_one_line_failure(run, 1, folder / "draft.toml", "draft")


def test_verify_catches_a_wrong_or_unproven_optimum(paleo: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = GOOD / "puzzle.toml"
    install_fake_solver(monkeypatch, FakeSolution(8, True, PUZZLE_LINE, 10, 0.5))
    assert_one_line_failure(paleo("puzzles", "verify", path), 1, path,
                            "optimum says 7 but the solver proves 8")
    install_fake_solver(monkeypatch, FakeSolution(7, False, PUZZLE_LINE, 10, 0.5))
    assert_one_line_failure(paleo("puzzles", "verify", path, "--time-limit", "0.5"), 1, path,
                            "could not prove")


def test_verify_replays_the_solution_first(paleo: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = install_fake_solver(monkeypatch, FakeSolution(7, True, PUZZLE_LINE, 10, 0.5))
    bad = BAD / "solution_illegal.toml"
    assert_one_line_failure(paleo("puzzles", "verify", bad), 1, bad, "[cell-on-fossil]")
    wrong = BAD / "solution_wrong_optimum.toml"
    assert_one_line_failure(paleo("puzzles", "verify", wrong), 2, wrong, "optimum says 9")
    assert calls == []


@pytest.mark.parametrize("argv", [["solve", "draft.toml"], ["puzzles", "verify", "puzzle.toml"]])
def test_solver_missing_exits_2(paleo: Any, monkeypatch: pytest.MonkeyPatch,
                                argv: list[str]) -> None:
    monkeypatch.setitem(sys.modules, "paleowidgets.solver.exact", None)  # import fails
    run = paleo(*argv[:-1], GOOD / argv[-1])
    assert run.code == 2 and len(run.err_lines) == 1
    assert "paleowidgets.solver.exact" in run.err
    run = paleo(*argv[:-1], "--json", GOOD / argv[-1])
    assert "error" in run.json_lines()[0]


def test_real_solver_solve_and_verify(paleo: Any) -> None:
    run = paleo("solve", "--json", GOOD / "draft.toml", "--time-limit", "60")
    assert run.code == 0, run.err
    result = run.json()
    assert set(result) == {"optimum", "proven", "bound", "solution", "nodes", "seconds"}
    assert result["bound"] == result["optimum"]
    assert result["optimum"] == 7 and result["proven"] is True   # 4+2 and the star's +1
    assert len(result["solution"]) == 2
    run = paleo("puzzles", "verify", GOOD / "puzzle.toml")
    assert run.code == 0, run.err
    assert run.out.startswith(f"ok: {GOOD / 'puzzle.toml'} (optimum 7 proven, solution replays")


# Inputs that crashed core when this was written (tests/test_fuzz.py pins them): whatever
# core does, the command answers with one line and no traceback.
CORE_CRASHERS = {
    "turn_without_shape.json": json.dumps({
        "format": 1, "map": str(GOOD / "quarry.toml"), "rolls": [[2, 1]],
        "players": [{"name": "Ada", "turns": [{"cells": ["B3", "D3", "B4", "C4", "D4"]}]}]}),
    "nul_in_map_path.json": json.dumps({
        "format": 1, "map": "quarry\u0000.toml", "rolls": [], "players": [
            {"name": "Ada", "turns": []}]}),
    "huge_integer.json": '{"format": ' + "1" * 5000 + "}",
    "deep_nesting.json": "[" * 100_000,
}


@pytest.mark.parametrize("name", sorted(CORE_CRASHERS))
def test_no_traceback_even_when_core_breaks(paleo: Any, tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text(CORE_CRASHERS[name], encoding="utf-8")
    for argv in (["validate", path], ["score", path], ["score", "--json", path]):
        run = paleo(*argv)
        assert run.code in (1, 2, 3) and len(run.err_lines) == 1, run.err
        assert str(path) in run.err


# ---------------------------------------------------------------------------------------
# The real command, in subprocesses


def run_paleo(*argv: str | Path, cwd: Path | None = None) -> Run:
    proc = subprocess.run([sys.executable, "-m", "paleowidgets.cli", *map(str, argv)],
                          capture_output=True, text=True, cwd=cwd, timeout=120, check=False)
    for stream in (proc.stdout, proc.stderr):
        assert "Traceback" not in stream
    return Run(proc.returncode, proc.stdout, proc.stderr)


def test_subprocess_good_and_bad() -> None:
    run = run_paleo("validate", "quarry.toml", "game.json", cwd=GOOD)
    assert run.code == 0 and run.out.startswith("ok: quarry.toml (map 'Little quarry'")
    run = run_paleo("validate", "ragged_row.toml", cwd=BAD)
    n = line_of(BAD / "ragged_row.toml", ". . . . . .", exact=True)
    assert run.code == 2 and run.err_lines == [
        f"paleo: ragged_row.toml:{n}: grid row 4 has 6 cells but row 1 has 7 (rows must be "
        "equal; cells are separated by single spaces)"]


def test_subprocess_illegal_turn_json() -> None:
    run = run_paleo("score", "--json", "log_illegal_turn.json", cwd=BAD)
    assert run.code == 1
    assert run.json() == {"error": {"player": "Bob", "round": 2, "rule": "cell-on-fossil",
                                    "message": "cell C3 is part of fossil A",
                                    "file": "log_illegal_turn.json"}}
    assert run.err == ("paleo: log_illegal_turn.json, player 'Bob', round 2: "
                       "cell C3 is part of fossil A [cell-on-fossil]\n")


def test_subprocess_score_nonexistent_and_version(tmp_path: Path) -> None:
    run = run_paleo("score", "missing.json", cwd=tmp_path)
    assert run.code == 2 and len(run.err_lines) == 1 and "missing.json" in run.err
    run = run_paleo("--version")
    assert run.code == 0 and run.out.startswith("paleo ")
    run = run_paleo()
    assert run.code == 2 and len(run.err_lines) == 1


def test_subprocess_score_text() -> None:
    run = run_paleo("score", "game.json", cwd=GOOD)
    assert run.code == 0
    assert "winner: Ada with 7 points" in run.out
