"""The teacher editions with nbgrader itself: ``generate_assignment`` gives the pupil editions
of ``lessons/`` (what ``paleo lessons student`` writes), and ``autograde`` gives, in every
lesson with exercises, full marks to a copy filled in with the worked answers and none to
one left as the pupils get it (which still runs to its end).

nbgrader runs as a teacher runs it: its command, in a course folder with the configuration
shipped in ``lessons/teacher/nbgrader_config.py``; one course folder and one autograde run
serve every lesson. And the JupyterLab of ``./kit lessons`` shows nothing of nbgrader,
although ``./kit test`` installs it into the same ``.venv``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from paleowidgets.editions import REGIONS, pupil_edition

ROOT = Path(__file__).resolve().parent.parent
TEACHER = ROOT / "lessons" / "teacher"
BIN = Path(sys.executable).parent          # nbgrader calls `alembic` from PATH


def teacher_editions() -> list[Path]:
    return sorted(TEACHER.glob("*.ipynb"))


# A kernel shut down while its output thread is already closing logs a traceback from
# ipykernel's control handler (its stdout flush) ending in this ZMQError: seen in one
# autograde run of several with ipykernel 7.4.0, the notebook graded and written all the
# same. It is the kernel's teardown, not the grading: only such a block is left out of the
# check below, and every other ERROR still fails the run.
TRACEBACK = re.compile(r"ERROR:tornado\.general:Uncaught exception in ZMQStream callback\n"
                       r"Traceback \(most recent call last\):\n(?:[ \t].*\n)*\S.*\n?")


def without_teardown_noise(log: str) -> str:
    """``log`` without the tracebacks of a kernel's shutdown flush (see above)."""
    def noise(m: re.Match[str]) -> str:
        block = m.group(0)
        return "" if ("in process_control" in block and "iostream.py" in block
                      and "ZMQError: Socket operation on non-socket" in block) else block

    return TRACEBACK.sub(noise, log)


def nbgrader(course: Path, *args: str) -> str:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("PALEOWIDGETS_LANG", None)
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                          capture_output=True, text=True, timeout=600)
    log = done.stdout + done.stderr
    errors = without_teardown_noise(log)
    assert done.returncode == 0 and "ERROR" not in errors, f"nbgrader {' '.join(args)}:\n{log}"
    return log


def read(path: Path) -> dict[str, Any]:
    nb: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return nb


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else str(text)


def shown(nb: dict[str, Any]) -> list[tuple[str, str]]:
    """What a pupil sees of a notebook: each cell's kind and text."""
    return [(c["cell_type"], source(c).strip()) for c in nb["cells"]]


def graded_cells(nb: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("grade")]


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
        # the teacher's note leaves no empty cell behind (nbgrader_config.py drops it)
        assert all(text for kind, text in shown(released) if kind != "code"), path.name
    assert any(c["metadata"].get("nbgrader", {}).get("task") for p in teacher_editions()
               for c in read(p)["cells"]), "no teacher's note: the check above proves nothing"


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


# The English editions: a translation has the same code cells, so the same answers and
# hidden tests (test_lessons.py checks that), and autograde runs every notebook it grades.
GRADED = [p.stem for p in teacher_editions() if "." not in p.stem and graded_cells(read(p))]
PUPILS = ("filled", "untouched")


@pytest.fixture(scope="module")
def autograded(course: Path) -> dict[tuple[str, str], tuple[float, float]]:
    """Every lesson with check cells, autograded in one run for two pupils: one filled in
    with the worked answers, one as the pupils get it; (score, max score) of each."""
    from nbgrader.api import Gradebook

    for lesson in GRADED:
        name = f"{lesson}.ipynb"  # (the translations are released, not submitted)
        released = read(course / "release" / "lessons" / name)
        copies = {"filled": filled_in(released, read(TEACHER / name)), "untouched": released}
        for pupil in PUPILS:
            folder = course / "submitted" / pupil / "lessons"
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(json.dumps(copies[pupil]), encoding="utf-8")
    nbgrader(course, "autograde", "lessons", "--force")
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        return {(lesson, pupil): (nb.score, nb.max_score)
                for lesson in GRADED for pupil in PUPILS
                for nb in [gb.find_submission_notebook(lesson, "lessons", pupil)]}


def test_every_lesson_with_exercises_is_autograded() -> None:
    assert len(GRADED) >= 8, GRADED


@pytest.mark.parametrize("lesson", GRADED)
def test_autograde_marks_the_worked_answers_right_and_empty_ones_wrong(
        course: Path, autograded: dict[tuple[str, str], tuple[float, float]],
        lesson: str) -> None:
    checks = len(graded_cells(read(TEACHER / f"{lesson}.ipynb")))
    assert checks >= 3
    assert autograded[lesson, "filled"] == (checks, checks)
    assert autograded[lesson, "untouched"] == (0, checks)
    # Left as the pupils get it, the lesson still runs to its end: its only errors are the
    # hidden asserts of its check cells.
    done = read(course / "autograded" / "untouched" / "lessons" / f"{lesson}.ipynb")
    for cell in done["cells"]:
        for out in cell.get("outputs", []):
            if out["output_type"] == "error":
                assert cell in graded_cells(done) and out["ename"] == "AssertionError", (
                    lesson, source(cell), out["ename"], out["evalue"])
    code = [c for c in done["cells"] if c["cell_type"] == "code" and source(c).strip()]
    assert all(c.get("execution_count") for c in code), lesson


# -- ./kit lessons: no nbgrader in Lab ---------------------------------------------------

def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, ""
    except OSError:                 # not listening yet
        return 0, ""


def test_the_kits_jupyterlab_shows_no_nbgrader(tmp_path: Path) -> None:
    """JupyterLab started as ``./kit lessons`` starts it (JUPYTER_CONFIG_PATH=jupyter-config)
    in the .venv where nbgrader is installed: its page config disables nbgrader's Lab
    extension (no menu, no panels) and nbgrader's server extensions are not loaded."""
    labext = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyter" / "nbgrader"
    server_on = Path(sys.prefix) / "etc" / "jupyter" / "jupyter_server_config.d" / "nbgrader.json"
    assert labext.is_dir() and server_on.is_file(), "nbgrader is not installed: nothing to hide"
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    home = tmp_path / "home"
    env = {**os.environ, "HOME": str(home), "JUPYTER_CONFIG_DIR": str(home / ".jupyter"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "JUPYTERLAB_SETTINGS_DIR": str(home / "lab-settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
           "JUPYTER_CONFIG_PATH": str(ROOT / "jupyter-config")}      # as ./kit lessons
    token = "paleo-nbgrader-test"
    log = tmp_path / "lab.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [str(BIN / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
             f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={tmp_path}",
             "--LabApp.news_url=None", "--allow-root"],
            stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while get(f"{base}/api/status?token={token}")[0] != 200:
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.3)
        status, page = get(f"{base}/lab?token={token}")
        assert status == 200
        found = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)'
                          r"</script>", page, re.S)
        assert found, page[:500]
        config = json.loads(found.group(1))
        assert "@jupyter/nbgrader" in config["disabledExtensions"], config["disabledExtensions"]
        assert "@jupyter/nbgrader" in {e["name"] for e in config["federated_extensions"]}
        for name in ("formgrader", "assignments", "formgraders"):
            assert get(f"{base}/{name}?token={token}")[0] == 404, name
        assert "nbgrader" not in log.read_text(errors="replace"), log.read_text()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
