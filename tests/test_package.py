"""What README promises of the package itself: the widgets importable from ``paleowidgets``
without ``import paleowidgets`` loading Jupyter, and puzzle paths that work from a lesson."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import paleowidgets
from paleowidgets import widgets
from paleowidgets.core.errors import FormatError
from paleowidgets.core.files import find_file

ROOT = Path(__file__).resolve().parents[1]
JUPYTER = ("ipywidgets", "ipycanvas", "IPython", "traitlets", "comm", "ipykernel")


def modules_after(code: str) -> set[str]:
    """The top-level modules loaded by ``code`` in a fresh interpreter."""
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys, json\n"
                          "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))"],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_importing_the_package_loads_no_jupyter_module() -> None:
    loaded = modules_after("import paleowidgets\nfrom paleowidgets import load_map, Game\n"
                           "Game(load_map('first-dig')).initial_state()")
    assert "paleowidgets" in loaded
    assert not loaded & set(JUPYTER), loaded & set(JUPYTER)


def test_a_widget_import_loads_the_widgets() -> None:
    loaded = modules_after("from paleowidgets import PuzzleWidget")
    assert {"ipywidgets", "ipycanvas"} <= loaded


def test_every_widget_is_exported_lazily() -> None:
    assert set(paleowidgets.WIDGETS) <= set(widgets.__all__)
    for name in paleowidgets.WIDGETS:
        assert getattr(paleowidgets, name) is getattr(widgets, name)
        assert name in paleowidgets.__all__ and name in dir(paleowidgets)
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        paleowidgets.Nope  # noqa: B018


def test_a_puzzle_path_works_from_the_lessons_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT / "lessons")
    path = "puzzles/1-beginner/01-first-ring.toml"
    assert find_file(path) == ROOT / path
    w = paleowidgets.PuzzleWidget(path)
    assert w.puzzle.source == str(ROOT / path)
    assert find_file("demo-play.ipynb") == Path("demo-play.ipynb")     # here first


def test_a_missing_puzzle_names_the_path_and_where_it_looked(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FormatError) as e:
        paleowidgets.PuzzleWidget("puzzles/1-beginner/no-such-puzzle.toml")
    text = str(e.value)
    assert text.startswith("puzzles/1-beginner/no-such-puzzle.toml: no such file")
    assert str(tmp_path.resolve()) in text and str(ROOT) in text
