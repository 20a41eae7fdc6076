"""The pupil edition of a lesson, written from its teacher edition (nbgrader's conventions).

A lesson notebook is kept in two editions (``lessons/README.md``): the **teacher edition**
(``lessons/teacher/<name>.ipynb``) holds the worked answers, the teacher's note and the
autograder's tests; the **pupil edition** (``lessons/<name>.ipynb``) is the same lesson
without them. The teacher edition follows nbgrader's conventions, so a teacher with nbgrader
puts it in ``source/`` and ``nbgrader generate_assignment`` makes the pupil edition; without
nbgrader, :func:`pupil_edition` does the same steps (``paleo lessons student``):

- in an answer cell (nbgrader's "autograded answer", ``metadata.nbgrader.solution``), the
  region from ``### BEGIN SOLUTION`` to ``### END SOLUTION`` becomes :data:`CODE_STUB`,
  ``answer = None``: what the pupil replaces;
- in a check cell (nbgrader's "autograded tests", ``metadata.nbgrader.grade``), the region
  from ``### BEGIN HIDDEN TESTS`` to ``### END HIDDEN TESTS`` goes: the ``assert`` the
  autograder runs, while the pupil sees only the check's feedback;
- in a teacher's cell (nbgrader's "manually graded task" of 0 points,
  ``metadata.nbgrader.task``), the region from ``<!-- BEGIN MARK SCHEME -->`` to
  ``<!-- END MARK SCHEME -->`` goes: the teacher's note, a worked answer explained (the
  HTML comments keep the delimiters out of sight in the teacher edition); a text cell left
  empty goes too (nbgrader leaves it, empty);
- outputs and execution counts are cleared: the pupil runs the lesson.

As in nbgrader, a delimiter is found anywhere in its line, and a region in a cell that is
not marked for it is an error. Notebooks are handled as the JSON dictionaries of nbformat 4
(no Jupyter import).

>>> cell = {"cell_type": "code", "source": "### BEGIN SOLUTION\\nanswer = 4\\n### END SOLUTION",
...         "metadata": {"nbgrader": {"solution": True}}, "outputs": [], "execution_count": 3}
>>> pupil_cell(cell, "x.ipynb", 0)["source"]
'answer = None'
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

from .core.errors import PaleoError

__all__ = ["CODE_STUB", "REGIONS", "EditionError", "Region", "pupil_cell", "pupil_edition",
           "write_pupil_edition", "write_pupil_editions"]

CODE_STUB = "answer = None"
# nbgrader's ClearSolutions must write the same stub: lessons/teacher/nbgrader_config.py.


class Region(NamedTuple):
    """A region the pupil edition replaces (``stub``) or removes (``stub`` is None)."""

    begin: str
    end: str
    stub: str | None
    marked: str          # the nbgrader metadata flag the cell must carry


REGIONS = (
    Region("BEGIN SOLUTION", "END SOLUTION", CODE_STUB, "solution"),
    Region("BEGIN HIDDEN TESTS", "END HIDDEN TESTS", None, "grade"),
    Region("BEGIN MARK SCHEME", "END MARK SCHEME", None, "task"),
)
_KIND = {"solution": "an answer cell", "grade": "a check cell", "task": "a teacher's cell"}


class EditionError(PaleoError):
    """A teacher edition that cannot be turned into a pupil edition (names file and cell)."""


Notebook = dict[str, Any]
Cell = dict[str, Any]


def _source(cell: Cell) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _nbgrader(cell: Cell) -> dict[str, Any]:
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return meta if isinstance(meta, dict) else {}


def _cut(lines: list[str], region: Region, where: str) -> tuple[list[str], int]:
    """``lines`` with each of ``region`` replaced by its stub (indented as its first line)."""
    out: list[str] = []
    inside, found = False, 0
    for number, line in enumerate(lines, start=1):
        if region.begin in line:
            if inside:
                raise EditionError(f"{where}, line {number}: {region.begin!r} inside another")
            inside, found = True, found + 1
            if region.stub is not None:
                indent = line[: len(line) - len(line.lstrip())]
                out.extend(indent + s for s in region.stub.split("\n"))
        elif region.end in line:
            if not inside:
                raise EditionError(f"{where}, line {number}: {region.end!r} without "
                                   f"{region.begin!r}")
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise EditionError(f"{where}: {region.begin!r} is never closed by {region.end!r}")
    return out, found


def pupil_cell(cell: Cell, path: str, index: int) -> Cell:
    """The pupil's copy of one cell of a teacher edition (``path``, ``index`` for errors)."""
    where = f"{path}, cell {index}"
    new = copy.deepcopy(cell)
    lines = _source(cell).split("\n")
    meta = _nbgrader(cell)
    for region in REGIONS:
        lines, found = _cut(lines, region, where)
        if found and not meta.get(region.marked):
            raise EditionError(f"{where}: {region.begin!r} in a cell not marked as "
                               f"{_KIND[region.marked]} (metadata nbgrader.{region.marked}): "
                               "nbgrader would refuse it")
    new["source"] = "\n".join(lines).strip("\n")
    if new.get("cell_type") == "code":
        new["outputs"] = []
        new["execution_count"] = None
    return new


def pupil_edition(nb: Notebook, path: str = "notebook") -> Notebook:
    """The pupil edition of the teacher edition ``nb`` (a new dictionary; ``nb`` unchanged)."""
    if not isinstance(nb.get("cells"), list):
        raise EditionError(f"{path}: not a notebook (no list of cells)")
    new = {k: copy.deepcopy(v) for k, v in nb.items() if k != "cells"}
    cells = (pupil_cell(cell, path, i) for i, cell in enumerate(nb["cells"]))
    new["cells"] = [c for c in cells if c["source"].strip() or c.get("cell_type") == "code"]
    new.get("metadata", {}).pop("widgets", None)
    return new


def read_notebook(path: Path) -> Notebook:
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise EditionError(f"{path}: cannot read it ({e.strerror})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise EditionError(f"{path}: not a notebook (not JSON: {e})") from None
    if not isinstance(nb, dict):
        raise EditionError(f"{path}: not a notebook (not a JSON object)")
    return nb


def write_pupil_edition(source: Path, output: Path) -> Path:
    """Write the pupil edition of the teacher notebook ``source`` to ``output`` (a file or
    a folder, where it keeps its name); returns the file written."""
    nb = pupil_edition(read_notebook(source), str(source))
    target = output / source.name if output.is_dir() else output
    if target.resolve() == source.resolve():
        raise EditionError(f"{source}: the pupil edition would overwrite the teacher edition")
    target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return target


def write_pupil_editions(sources: Iterable[Path], output: Path) -> list[Path]:
    """Each teacher notebook of ``sources`` into the folder ``output``."""
    output.mkdir(parents=True, exist_ok=True)
    return [write_pupil_edition(source, output) for source in sources]
