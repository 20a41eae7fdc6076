"""Build the lesson notebooks from their sources, run them, and store their outputs.

Each lesson is written as a plain Python file in ``lessons/src/`` in the "percent" format
(``# %%`` starts a code cell, ``# %% [markdown]`` a text cell whose lines start with ``# ``).
This script turns each into its two editions (lessons/README.md), executes each top to
bottom in a fresh kernel (nbclient) and saves it with its outputs, so ``pytest --nbval``
compares real outputs and GitHub/nbviewer show the boards as SVG:

- the **teacher edition** ``lessons/teacher/<name>.ipynb``: every cell, in nbgrader's
  conventions (a teacher with nbgrader puts it in its ``source/`` folder);
- the **pupil edition** ``lessons/<name>.ipynb``: the teacher edition through
  ``paleowidgets.editions.pupil_edition`` (what ``paleo lessons student`` and nbgrader's
  ``generate_assignment`` do): answers emptied to ``answer = None``, hidden tests and the
  teacher's cells left out. A lesson without teacher cells has only this edition.

Three more cell markers say which cells are the teacher's:

- ``# %% [markdown] teacher``: a text for the teacher only (the note, a worked answer's
  explanation): an nbgrader task cell of 0 points, its text in a mark-scheme region;
- ``# %% answer``: an answer cell (nbgrader's "autograded answer"): the worked answer
  between ``### BEGIN SOLUTION`` and ``### END SOLUTION``, which the pupil edition
  replaces with ``answer = None``;
- ``# %% check``: a check cell (nbgrader's "autograded tests", 1 point): the check the
  pupil sees, after an ``assert`` between ``### BEGIN HIDDEN TESTS`` and
  ``### END HIDDEN TESTS`` that only the teacher edition and nbgrader's autograde run.

    python tools/build_lessons.py            # build and run every lesson
    python tools/build_lessons.py 01 03      # only lessons whose name starts so
    python tools/build_lessons.py --check    # sources and notebooks agree? (no kernel)

A lesson translated into another language sits beside the English one as
``<name>.<lang>.py`` (``01-first-game.fr.py`` -> ``lessons/01-first-game.fr.ipynb``): the
same folder keeps the lessons' relative paths and the teacher sees the versions side by
side. A translation keeps the English lesson's cells and code; only its text, strings and
comments change (tests/test_lessons.py checks that); the teacher's cells may wait.

The kernels run without ``PALEOWIDGETS_LANG``: a developer's language setting must not
leak into the stored outputs (each lesson chooses its language itself).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from paleowidgets.core.saves import SAVE_ENV
from paleowidgets.editions import pupil_edition

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
TEACHER = LESSONS / "teacher"
SOURCES = LESSONS / "src"
LANG_VAR = "PALEOWIDGETS_LANG"      # paleowidgets.i18n.ENV_VAR
# The cells' roles: (kind, role) of each marker line; role "" for an ordinary cell.
MARKERS = {"# %%": ("code", ""), "# %% [markdown]": ("markdown", ""),
           "# %% [markdown] teacher": ("markdown", "teacher"),
           "# %% answer": ("code", "answer"), "# %% check": ("code", "check")}
BEGIN_NOTE, END_NOTE = "<!-- BEGIN MARK SCHEME -->", "<!-- END MARK SCHEME -->"
POINTS = 1                          # each check cell's points in nbgrader


def read_cells(path: Path) -> list[tuple[str, str]]:
    """(kind, source) for each cell of a percent-format file."""
    return [(kind, source) for kind, _, source in read_roles(path)]


def read_roles(path: Path) -> list[tuple[str, str, str]]:
    """(kind, role, source) for each cell of a percent-format file."""
    cells: list[tuple[str, str, list[str]]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("# %%"):
            if line.rstrip() not in MARKERS:
                raise SystemExit(f"{path.name}, line {number}: unknown cell marker {line!r} "
                                 f"(the markers: {', '.join(MARKERS)})")
            cells.append((*MARKERS[line.rstrip()], []))
        elif cells:
            kind, _, body = cells[-1]
            if kind == "markdown":
                body.append(line[2:] if line.startswith("# ") else line.lstrip("#"))
            else:
                body.append(line)
    return [(kind, role, "\n".join(body).strip("\n")) for kind, role, body in cells]


def nbgrader_cell(cell: nbformat.NotebookNode, role: str, number: int, where: str) -> None:
    """Give a teacher's cell its nbgrader metadata (schema 3) and, for a note, its region."""
    meta = {"grade": role == "check", "grade_id": f"{role}-{number}",
            "locked": role != "answer", "schema_version": 3, "solution": role == "answer",
            "task": role == "teacher"}
    if role == "check":
        meta["points"] = POINTS
    elif role == "teacher":
        meta["points"] = 0
        cell.source = f"{BEGIN_NOTE}\n{cell.source}\n{END_NOTE}"
    need = {"answer": "BEGIN SOLUTION", "check": "BEGIN HIDDEN TESTS"}.get(role)
    if need and need not in cell.source:
        raise SystemExit(f"{where}: an {role} cell without its '### {need}' region")
    cell.metadata["nbgrader"] = meta


def has_teacher_cells(path: Path) -> bool:
    return any(role for _, role, _ in read_roles(path))


def notebook_of(path: Path) -> nbformat.NotebookNode:
    """The teacher edition of a source (the only edition of a lesson without teacher cells)."""
    nb = new_notebook()
    counts: dict[str, int] = {}
    for i, (kind, role, source) in enumerate(read_roles(path)):
        cell = new_markdown_cell(source) if kind == "markdown" else new_code_cell(source)
        if role:
            counts[role] = counts.get(role, 0) + 1
            nbgrader_cell(cell, role, counts[role], f"{path.name}, cell {i}")
        nb.cells.append(cell)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for i, cell in enumerate(nb.cells):
        # Stable ids (no churn between builds), in nbformat's alphabet: no "." of ".fr".
        cell["id"] = f"{re.sub(r'[^A-Za-z0-9_-]', '-', path.stem)[:20]}-{i:02d}"
    return nb


def kernel_env() -> dict[str, str]:
    """The environment of the lesson kernels: this one without the language setting, and
    with no saved games (a game played in lessons/ must not go on in the stored outputs)."""
    env = {k: v for k, v in os.environ.items() if k != LANG_VAR}
    env[SAVE_ENV] = "off"
    return env


def pupil_of(teacher: nbformat.NotebookNode, path: Path) -> nbformat.NotebookNode:
    return nbformat.from_dict(pupil_edition(teacher, path.name))


def editions(path: Path) -> dict[Path, nbformat.NotebookNode]:
    """The stored notebook of each edition of a source, unexecuted: pupil first."""
    teacher = notebook_of(path)
    if not has_teacher_cells(path):
        return {LESSONS / f"{path.stem}.ipynb": teacher}
    return {LESSONS / f"{path.stem}.ipynb": pupil_of(teacher, path),
            TEACHER / f"{path.stem}.ipynb": teacher}


def run(nb: nbformat.NotebookNode, out: Path, path: Path) -> None:
    """Execute ``nb`` where it will be stored (its relative paths hold) and store it."""
    out.parent.mkdir(parents=True, exist_ok=True)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(out.parent)}}).execute(env=kernel_env())
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                raise SystemExit(f"{out.relative_to(ROOT)}: a cell raised {output['ename']}: "
                                 f"{output['evalue']}")
    nb.metadata.pop("widgets", None)   # widget state holds random model ids
    for cell in nb.cells:              # run times: churn in every diff, no use to readers
        cell.metadata.pop("execution", None)
    nbformat.write(nb, out)


def build(path: Path) -> list[Path]:
    written = []
    for out, nb in editions(path).items():
        run(nb, out, path)
        written.append(out)
    return written


def sources_match(path: Path) -> bool:
    """Are the stored editions of this source (and only they) built from it as it is?"""
    wanted = editions(path)
    if not has_teacher_cells(path) and (TEACHER / f"{path.stem}.ipynb").exists():
        return False
    for out, nb in wanted.items():
        if not out.exists():
            return False
        stored = nbformat.read(out, as_version=4)
        want = [(c.cell_type, c.source, c.id, c.metadata.get("nbgrader")) for c in nb.cells]
        if [(c.cell_type, c.source, c.get("id"), c.metadata.get("nbgrader"))
                for c in stored.cells] != want:
            return False
    return True


def orphans() -> list[Path]:
    """Stored notebooks whose source is gone (renamed or removed): nbval would still run them."""
    sources = {p.stem for p in SOURCES.glob("*.py")}
    teacher = {p.stem for p in SOURCES.glob("*.py") if has_teacher_cells(p)}
    return sorted([p for p in LESSONS.glob("*.ipynb") if p.stem not in sources]
                  + [p for p in TEACHER.glob("*.ipynb") if p.stem not in teacher])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("prefixes", nargs="*", help="only lessons whose name starts so")
    ap.add_argument("--check", action="store_true", help="only check sources and notebooks")
    args = ap.parse_args(argv)
    paths = sorted(p for p in SOURCES.glob("*.py")
                   if not args.prefixes or any(p.stem.startswith(x) for x in args.prefixes))
    bad = 0
    for p in paths:
        if args.check:
            ok = sources_match(p)
            bad += not ok
            print(f"{'ok' if ok else 'OUT OF DATE'}: {p.stem}.ipynb")
        else:
            for out, nb in editions(p).items():
                t0 = time.monotonic()
                run(nb, out, p)
                print(f"built: {out.relative_to(ROOT)} ({time.monotonic() - t0:.1f} s)",
                      flush=True)
    if args.check and not args.prefixes:
        for orphan in orphans():
            bad += 1
            print(f"NO SOURCE: {orphan.relative_to(ROOT)} (no lessons/src/{orphan.stem}.py "
                  "with teacher cells)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
