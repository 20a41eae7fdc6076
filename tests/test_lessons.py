"""The stored lesson notebooks are built from their sources (nbval then checks outputs)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("build_lessons", ROOT / "tools/build_lessons.py")
assert spec and spec.loader
build_lessons = importlib.util.module_from_spec(spec)
sys.modules["build_lessons"] = build_lessons
spec.loader.exec_module(build_lessons)


def test_every_lesson_source_has_an_up_to_date_notebook() -> None:
    sources = sorted((ROOT / "lessons/src").glob("*.py"))
    assert sources
    stale = [p.name for p in sources if not build_lessons.sources_match(p)]
    assert not stale, f"rebuild with tools/build_lessons.py: {stale}"


def test_stored_notebooks_have_outputs_and_no_errors() -> None:
    for path in sorted((ROOT / "lessons").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        code = [c for c in nb.cells if c.cell_type == "code"]
        assert all(c.execution_count for c in code), f"{path.name}: run it before storing"
        outputs = [o for c in code for o in c.outputs]
        assert not [o for o in outputs if o.output_type == "error"], path.name
        # every lesson shows at least one board as a static picture
        assert any("image/svg+xml" in o.get("data", {}) for o in outputs), path.name


def test_percent_format_reader(tmp_path: Path) -> None:
    src = tmp_path / "x.py"
    src.write_text("# %% [markdown]\n# # Title\n# text\n\n# %%\nx = 1\nx\n", encoding="utf-8")
    assert build_lessons.read_cells(src) == [("markdown", "# Title\ntext"), ("code", "x = 1\nx")]
