"""The puzzle collection in puzzles/: every puzzle re-proved, graded and described.

One run of `paleo puzzles verify --grade --json puzzles` (through the CLI function) re-proves
every optimum and replays every witness; the other tests read its result and the files.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from paleowidgets.cli import main
from paleowidgets.core.maps import DIFFICULTIES, Puzzle, load_document
from paleowidgets.solver.puzzlegen import collection_table

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"
FILES = sorted(PUZZLES.rglob("*.toml"))
PLACEHOLDER_STORY = "Write a one-line story here."


@pytest.fixture(scope="module")
def verified() -> dict[str, Any]:
    """``paleo puzzles verify --grade --json puzzles``: exit code, one object per file, time."""
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["puzzles", "verify", "--grade", "--json", str(PUZZLES)])
    seconds = time.perf_counter() - start
    results = {Path(r["file"]).resolve(): r for r in map(json.loads, out.getvalue().splitlines())}
    print(f"verified {len(results)} puzzles in {seconds:.1f} s")
    return {"code": code, "stderr": err.getvalue(), "results": results, "seconds": seconds}


@pytest.fixture(scope="module")
def puzzles() -> dict[Path, Puzzle]:
    docs = {p.resolve(): load_document(p) for p in FILES}
    assert all(isinstance(d, Puzzle) for d in docs.values())
    return {k: v for k, v in docs.items() if isinstance(v, Puzzle)}


def test_every_puzzle_is_proven(verified: dict[str, Any]) -> None:
    assert verified["code"] == 0, verified["stderr"]
    assert set(verified["results"]) == {p.resolve() for p in FILES}
    assert all(r["ok"] and r["proven"] for r in verified["results"].values())


def test_every_puzzle_is_non_trivial_and_graded_as_filed(verified: dict[str, Any],
                                                         puzzles: dict[Path, Puzzle]) -> None:
    for path, r in verified["results"].items():
        g = r["grade"]
        assert g["greedy"] < g["optimum"] == puzzles[path].optimum, path
        assert g["optimum"] > 0
        if not g["agrees"]:   # a file may keep another tier, saying why
            assert re.search(r"^# tier: \S", path.read_text(encoding="utf-8"), re.M), \
                f"{path}: graded {g['tier']} but the file says {g['difficulty']}"


def test_the_collection_is_complete(puzzles: dict[Path, Puzzle]) -> None:
    assert len(puzzles) >= 30
    tiers = {p.difficulty for p in puzzles.values()}
    assert tiers == set(DIFFICULTIES)
    for path, p in puzzles.items():
        folder = path.parent.name          # e.g. 2-intermediate
        assert folder == f"{DIFFICULTIES.index(p.difficulty) + 1}-{p.difficulty}", path
        assert re.fullmatch(r"\d\d-[a-z0-9-]+\.toml", path.name), path
        assert p.title.strip() and not p.title.startswith("Puzzle "), path
        assert p.story.strip() and p.story != PLACEHOLDER_STORY, path
        assert "\n" not in p.story, path
    all_p = list(puzzles.values())
    assert {p.map.theme for p in all_p} == {"paleontologists", "snowman"}
    assert sum(bool(p.map.stars) for p in all_p) >= 3
    assert sum(any(p.bonuses) for p in all_p) >= 3
    assert sum(bool(p.map.predrawn) for p in all_p) >= 3
    assert sum(not p.map.dice.is_default() for p in all_p) >= 2
    sizes = [min(p.map.width, p.map.height) for p in all_p]
    rounds = [len(p.rolls) for p in all_p]
    assert min(sizes) <= 6 and max(p.map.width for p in all_p) >= 12
    assert min(rounds) == 2 and max(rounds) >= 10


def test_snowman_puzzles_speak_snowman(puzzles: dict[Path, Puzzle]) -> None:
    fossil_words = re.compile(r"\b(fossils?|dig site|stars?)\b", re.I)
    for path, p in puzzles.items():
        if p.map.theme == "snowman":
            assert not fossil_words.search(f"{p.title} {p.story}"), path


def test_beginners_are_small(puzzles: dict[Path, Puzzle]) -> None:
    for path, p in puzzles.items():
        if p.difficulty == "beginner":
            assert len(p.rolls) <= 3 and p.map.width * p.map.height <= 64, path


def test_readme_table_matches_the_files() -> None:
    readme = (PUZZLES / "README.md").read_text(encoding="utf-8")
    table = collection_table(PUZZLES)
    assert table in readme, "rerun: .venv/bin/python tools/make_puzzles.py readme"
    assert table.count("\n| [") == len(FILES)
