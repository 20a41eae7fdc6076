"""Build the lesson notebooks from their sources, run them, and store their outputs.

Each lesson is written as a plain Python file in ``lessons/src/`` in the "percent" format
(``# %%`` starts a code cell, ``# %% [markdown]`` a text cell whose lines start with ``# ``).
This script turns each into ``lessons/<name>.ipynb``, executes it top to bottom in a fresh
kernel (nbclient) and saves it with its outputs, so ``pytest --nbval`` compares real outputs
and GitHub/nbviewer show the boards as SVG.

    python tools/build_lessons.py            # build and run every lesson
    python tools/build_lessons.py 01 03      # only lessons whose name starts so
    python tools/build_lessons.py --check    # sources and notebooks agree? (no kernel)

A lesson translated into another language sits beside the English one as
``<name>.<lang>.py`` (``01-first-game.fr.py`` -> ``lessons/01-first-game.fr.ipynb``): the
same folder keeps the lessons' relative paths (``../puzzles``) and the teacher sees the
versions side by side. A translation keeps the English lesson's cells and code; only its
text, strings and comments change (tests/test_lessons.py checks that).

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

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
SOURCES = LESSONS / "src"
LANG_VAR = "PALEOWIDGETS_LANG"      # paleowidgets.i18n.ENV_VAR (not imported: no package needed)


def read_cells(path: Path) -> list[tuple[str, str]]:
    """(kind, source) for each cell of a percent-format file."""
    cells: list[tuple[str, list[str]]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# %%"):
            cells.append(("markdown" if "[markdown]" in line else "code", []))
        elif cells:
            kind, body = cells[-1]
            if kind == "markdown":
                body.append(line[2:] if line.startswith("# ") else line.lstrip("#"))
            else:
                body.append(line)
    return [(kind, "\n".join(body).strip("\n")) for kind, body in cells]


def notebook_of(path: Path) -> nbformat.NotebookNode:
    nb = new_notebook()
    for kind, source in read_cells(path):
        nb.cells.append(new_markdown_cell(source) if kind == "markdown"
                        else new_code_cell(source))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for i, cell in enumerate(nb.cells):
        # Stable ids (no churn between builds), in nbformat's alphabet: no "." of ".fr".
        cell["id"] = f"{re.sub(r'[^A-Za-z0-9_-]', '-', path.stem)[:20]}-{i:02d}"
    return nb


def kernel_env() -> dict[str, str]:
    """The environment of the lesson kernels: this one without the language setting."""
    return {k: v for k, v in os.environ.items() if k != LANG_VAR}


def build(path: Path) -> Path:
    nb = notebook_of(path)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(LESSONS)}}).execute(env=kernel_env())
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                raise SystemExit(f"{path.name}: a cell raised {out['ename']}: {out['evalue']}")
    nb.metadata.pop("widgets", None)   # widget state holds random model ids
    for cell in nb.cells:              # run times: churn in every diff, no use to readers
        cell.metadata.pop("execution", None)
    out = LESSONS / f"{path.stem}.ipynb"
    nbformat.write(nb, out)
    return out


def sources_match(path: Path) -> bool:
    built = LESSONS / f"{path.stem}.ipynb"
    if not built.exists():
        return False
    nb = nbformat.read(built, as_version=4)
    want = [(c.cell_type, c.source, c.id) for c in notebook_of(path).cells]
    return [(c.cell_type, c.source, c.get("id")) for c in nb.cells] == want


def orphans() -> list[Path]:
    """Stored notebooks whose source is gone (renamed or removed): nbval would still run them."""
    sources = {p.stem for p in SOURCES.glob("*.py")}
    return sorted(p for p in LESSONS.glob("*.ipynb") if p.stem not in sources)


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
            t0 = time.monotonic()
            out = build(p)
            print(f"built: {out.relative_to(ROOT)} ({time.monotonic() - t0:.1f} s)", flush=True)
    if args.check and not args.prefixes:
        for orphan in orphans():
            bad += 1
            print(f"NO SOURCE: {orphan.name} (no lessons/src/{orphan.stem}.py)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
