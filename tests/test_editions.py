"""The pupil edition of a teacher notebook (paleowidgets.editions, `paleo lessons student`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from paleowidgets.cli import main
from paleowidgets.editions import CODE_STUB, EditionError, pupil_cell, pupil_edition


def cell(kind: str, source: str, **nbgrader: Any) -> dict[str, Any]:
    c: dict[str, Any] = {"cell_type": kind, "source": source,
                         "metadata": {"nbgrader": nbgrader} if nbgrader else {}}
    if kind == "code":
        c.update(outputs=[{"output_type": "stream", "name": "stdout", "text": "✔ Right"}],
                 execution_count=4)
    return c


def teacher() -> dict[str, Any]:
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {"widgets": {"x": 1}}, "cells": [
        cell("markdown", "# Lesson"),
        cell("markdown", "<!-- BEGIN MARK SCHEME -->\n## Teacher's note\n<!-- END MARK SCHEME -->",
             task=True, points=0),
        cell("code", "x = 1"),
        cell("code", "### BEGIN SOLUTION\nanswer = 4    # the reason\n### END SOLUTION",
             solution=True),
        cell("code", "### BEGIN HIDDEN TESTS\nassert check(answer)\n### END HIDDEN TESTS\n"
             "check(answer)", grade=True, points=1),
        cell("code", "def f():\n    ### BEGIN SOLUTION\n    return 2\n    ### END SOLUTION",
             solution=True),
    ]}


def test_the_pupil_edition_empties_answers_drops_tests_notes_and_outputs() -> None:
    nb = teacher()
    before = json.dumps(nb)
    pupil = pupil_edition(nb, "t.ipynb")
    assert json.dumps(nb) == before                       # the teacher edition is untouched
    assert [c["source"] for c in pupil["cells"]] == [
        "# Lesson", "x = 1", CODE_STUB, "check(answer)", "def f():\n    answer = None"]
    code = [c for c in pupil["cells"] if c["cell_type"] == "code"]
    assert all(c["outputs"] == [] and c["execution_count"] is None for c in code)
    assert "widgets" not in pupil["metadata"]
    assert pupil["cells"][2]["metadata"]["nbgrader"]["solution"]   # nbgrader can still grade


def test_source_as_a_list_of_lines_as_jupyter_stores_it() -> None:
    c = cell("code", "", solution=True)
    c["source"] = ["### BEGIN SOLUTION\n", "answer = 4\n", "### END SOLUTION"]
    assert pupil_cell(c, "t.ipynb", 3)["source"] == CODE_STUB


@pytest.mark.parametrize(("source", "flags", "message"), [
    ("### BEGIN SOLUTION\nanswer = 4", {"solution": True}, "never closed"),
    ("answer = 4\n### END SOLUTION", {"solution": True}, "without"),
    ("### BEGIN SOLUTION\n### BEGIN SOLUTION\n### END SOLUTION", {"solution": True},
     "inside another"),
    ("### BEGIN SOLUTION\nanswer = 4\n### END SOLUTION", {}, "not marked as an answer cell"),
    ("### BEGIN HIDDEN TESTS\nassert x\n### END HIDDEN TESTS", {"solution": True},
     "not marked as a check cell"),
])
def test_broken_regions_are_refused_naming_the_file_and_cell(
        source: str, flags: dict[str, Any], message: str) -> None:
    with pytest.raises(EditionError, match=rf"t\.ipynb, cell 7.*{message}"):
        pupil_cell(cell("code", source, **flags), "t.ipynb", 7)


def test_paleo_lessons_student_writes_the_pupil_edition(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "02-x.ipynb"
    src.write_text(json.dumps(teacher()), encoding="utf-8")
    out = tmp_path / "class"
    out.mkdir()
    assert main(["lessons", "student", str(src), "-o", str(out)]) == 0
    written = json.loads((out / "02-x.ipynb").read_text(encoding="utf-8"))
    assert written == pupil_edition(teacher())
    assert f"wrote {out / '02-x.ipynb'}" in capsys.readouterr().out
    # to a file name, and with --json
    assert main(["lessons", "student", str(src), "-o", str(tmp_path / "p.ipynb"),
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["output"] == str(tmp_path / "p.ipynb")


def test_paleo_lessons_student_refuses_bad_input_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.ipynb"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["lessons", "student", str(bad), "-o", str(tmp_path / "o.ipynb")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.ipynb: not a notebook" in err
    good = tmp_path / "good.ipynb"
    good.write_text(json.dumps(teacher()), encoding="utf-8")
    # several notebooks need a folder; the teacher edition is never overwritten
    assert main(["lessons", "student", str(good), str(good), "-o", str(bad)]) == 2
    assert "not a folder" in capsys.readouterr().err
    assert main(["lessons", "student", str(good), "-o", str(good)]) == 2
    assert "would overwrite the teacher edition" in capsys.readouterr().err
    assert main(["lessons", "student", str(tmp_path / "none.ipynb"), "-o", str(tmp_path)]) == 2
    assert "none.ipynb: cannot read it" in capsys.readouterr().err
    assert main(["lessons"]) == 2
    assert "paleo lessons: a command is required" in capsys.readouterr().err


def test_paleo_lessons_student_output_folder_is_made_when_it_ends_in_a_slash(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "02-x.ipynb"
    src.write_text(json.dumps(teacher()), encoding="utf-8")
    # a missing folder named with a trailing /, nested: created, the notebook inside it
    target = tmp_path / "school" / "my-class"
    assert main(["lessons", "student", str(src), str(src), "-o", f"{target}/"]) == 0
    assert target.is_dir() and json.loads((target / "02-x.ipynb").read_text("utf-8")) \
        == pupil_edition(teacher())
    assert not (tmp_path / "school" / "my-class.ipynb").exists()
    capsys.readouterr()
    # an existing folder without the slash is a folder too
    assert main(["lessons", "student", str(src), "-o", str(target)]) == 0
    assert f"wrote {target / '02-x.ipynb'}" in capsys.readouterr().out


@pytest.mark.parametrize(("output", "message"), [
    ("new-class", "neither a folder nor a notebook: end a folder's name with /"),
    ("missing/p.ipynb", "no folder"),
    ("file.txt/", "not a folder: a file of that name is in the way"),
])
def test_paleo_lessons_student_output_that_is_neither_is_one_clear_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], output: str, message: str) -> None:
    src = tmp_path / "02-x.ipynb"
    src.write_text(json.dumps(teacher()), encoding="utf-8")
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    before = sorted(p.name for p in tmp_path.iterdir())
    assert main(["lessons", "student", str(src), "-o", str(tmp_path / output)
                 + ("/" if output.endswith("/") else "")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and output.rstrip("/") in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before     # nothing written
