"""The teacher editions with nbgrader itself: ``generate_assignment`` gives the pupil editions
of ``lessons/`` (what ``paleo lessons student`` writes), and ``autograde`` gives full marks to
a copy filled in with the worked answers and none to one left as the pupils get it.

nbgrader runs as a teacher runs it: its command, in a course folder with the configuration
shipped in ``lessons/teacher/nbgrader_config.py``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from paleowidgets.editions import REGIONS, pupil_edition

ROOT = Path(__file__).resolve().parent.parent
TEACHER = ROOT / "lessons" / "teacher"
BIN = Path(sys.executable).parent          # nbgrader calls `alembic` from PATH
GRADED = "02-pentominoes"                  # the lesson autograded (a short one to run)


def teacher_editions() -> list[Path]:
    return sorted(TEACHER.glob("*.ipynb"))


def nbgrader(course: Path, *args: str) -> str:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("PALEOWIDGETS_LANG", None)
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                          capture_output=True, text=True, timeout=600)
    log = done.stdout + done.stderr
    assert done.returncode == 0 and "ERROR" not in log, f"nbgrader {' '.join(args)}:\n{log}"
    return log


def read(path: Path) -> dict[str, Any]:
    nb: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return nb


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else str(text)


def shown(nb: dict[str, Any]) -> list[tuple[str, str]]:
    """What a pupil sees of a notebook: each cell's kind and text, empty text cells left out
    (nbgrader keeps a teacher's note cell, emptied; the pupil edition drops it)."""
    return [(c["cell_type"], source(c).strip()) for c in nb["cells"]
            if c["cell_type"] == "code" or source(c).strip()]


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A course folder: every teacher edition as assignment ``lessons``, released; the
    collection of puzzles beside it, as the lessons read it."""
    course = tmp_path_factory.mktemp("course")
    shutil.copy(TEACHER / "nbgrader_config.py", course)
    (course / "source" / "lessons").mkdir(parents=True)
    for path in teacher_editions():
        shutil.copy(path, course / "source" / "lessons" / path.name)
    shutil.copytree(ROOT / "puzzles", course / "puzzles")
    nbgrader(course, "generate_assignment", "lessons", "--force")
    return course


def test_there_are_teacher_editions_with_checks() -> None:
    """The checks below would pass on nothing without them."""
    assert len(teacher_editions()) >= 9
    graded = [p for p in teacher_editions()
              if any(c["metadata"].get("nbgrader", {}).get("grade") for c in read(p)["cells"])]
    assert len(graded) >= 8, [p.name for p in graded]


def test_generate_assignment_gives_the_pupil_editions(course: Path) -> None:
    for path in teacher_editions():
        released = read(course / "release" / "lessons" / path.name)
        ours = read(ROOT / "lessons" / path.name)
        assert shown(released) == shown(ours), path.name
        # and paleo lessons student (pupil_edition) gives the same from the teacher edition
        assert shown(pupil_edition(read(path), path.name)) == shown(released), path.name


def filled_in(released: dict[str, Any], teacher: dict[str, Any]) -> dict[str, Any]:
    """The released notebook with every answer cell given the teacher's worked answer."""
    solution = REGIONS[0]
    worked = {}
    for cell in teacher["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("solution"):
            lines = source(cell).split("\n")
            first = next(i for i, line in enumerate(lines) if solution.begin in line)
            last = next(i for i, line in enumerate(lines) if solution.end in line)
            worked[cell["metadata"]["nbgrader"]["grade_id"]] = "\n".join(lines[first + 1:last])
    nb = json.loads(json.dumps(released))
    for cell in nb["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
        if grade_id in worked:
            assert source(cell) == "answer = None", grade_id
            cell["source"] = worked.pop(grade_id)
    assert not worked, f"answer cells missing from the release: {sorted(worked)}"
    return nb


def test_autograde_marks_the_worked_answers_right_and_empty_ones_wrong(course: Path) -> None:
    from nbgrader.api import Gradebook

    name = f"{GRADED}.ipynb"
    released = read(course / "release" / "lessons" / name)
    pupils = {"filled": filled_in(released, read(TEACHER / name)), "untouched": released}
    for pupil, nb in pupils.items():
        folder = course / "submitted" / pupil / "lessons"
        folder.mkdir(parents=True)
        # only the graded lesson: autograde runs every notebook of a submission
        (folder / name).write_text(json.dumps(nb), encoding="utf-8")
    nbgrader(course, "autograde", "lessons", "--force")
    checks = sum(1 for c in released["cells"] if c["metadata"].get("nbgrader", {}).get("grade"))
    assert checks >= 5
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        filled = gb.find_submission_notebook(GRADED, "lessons", "filled")
        untouched = gb.find_submission_notebook(GRADED, "lessons", "untouched")
        assert filled.max_score == checks
        assert filled.score == checks, [(g.name, g.score) for g in filled.grades]
        assert untouched.score == 0, [(g.name, g.score) for g in untouched.grades]
