"""The layer rules of README (For developers) as import-linter contracts (pyproject.toml,
``[tool.importlinter]``): core imports nothing of the drawing, the solver, the widgets, the
words or Jupyter; the solver imports core only; the drawing imports core and the words; the
words import core only; the widgets may import the rest."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).parent.parent
PYPROJECT = ROOT / "pyproject.toml"


def test_the_layer_contracts_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    contracts = tomllib.loads(PYPROJECT.read_text())["tool"]["importlinter"]["contracts"]
    sources = {c["source_modules"][0] for c in contracts}
    assert sources == {"paleowidgets.core", "paleowidgets.solver", "paleowidgets.render",
                       "paleowidgets.i18n"}
    core = next(c for c in contracts if c["source_modules"] == ["paleowidgets.core"])
    assert {"ipywidgets", "ipycanvas", "paleowidgets.i18n", "paleowidgets.widgets"} <= set(
        core["forbidden_modules"])
    assert lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True) == 0


def test_a_broken_layer_is_caught(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The same tool on a rule the code breaks on purpose (the play widget imports the
    session of the core) reports it: the contracts above are really checked."""
    monkeypatch.chdir(ROOT)
    config = tmp_path / "broken.toml"
    config.write_text('[tool.importlinter]\nroot_package = "paleowidgets"\n'
                      '[[tool.importlinter.contracts]]\nname = "widgets without core"\n'
                      'type = "forbidden"\nsource_modules = ["paleowidgets.widgets.play"]\n'
                      'forbidden_modules = ["paleowidgets.core.session"]\n')
    assert lint_imports(config_filename=str(config), no_cache=True, no_logo=True) == 1
