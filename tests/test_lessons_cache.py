"""Lessons 7 and 8 ask load_tier for several tiers, each read from the whole puzzles/
folder: each file is read and checked once per process while it is unchanged."""

from __future__ import annotations

import shutil
from pathlib import Path

from paleowidgets.core.files import load_file
from paleowidgets.exercises.lesson08 import TIERS, load_tier, puzzle_files

ROOT = Path(__file__).resolve().parent.parent


def test_load_tier_reads_what_the_files_hold_and_sees_a_changed_file(tmp_path: Path) -> None:
    folder = tmp_path / "puzzles"
    shutil.copytree(ROOT / "puzzles" / "1-beginner", folder / "1-beginner")
    files = puzzle_files(folder)
    assert [p.title for p in load_tier("beginner", folder)] == [
        load_file(f).title for f in files if load_file(f).difficulty == "beginner"]
    assert load_tier("beginner", folder) == load_tier("beginner", folder)
    assert load_tier("intermediate", folder) == []
    first = files[0]
    text = first.read_text(encoding="utf-8")
    assert 'difficulty = "beginner"' in text
    first.write_text(text.replace('difficulty = "beginner"', 'difficulty = "intermediate"'),
                     encoding="utf-8")
    assert [p.title for p in load_tier("intermediate", folder)] == [load_file(first).title]
    assert len(load_tier("beginner", folder)) == len(files) - 1
    assert set(TIERS) >= {"beginner", "intermediate"}
