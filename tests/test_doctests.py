"""The examples in the package's docstrings run, and show what they say.

A docstring example that drifts from the code misleads the next reader; running them all
keeps them honest (``>>>`` lines in every module of ``paleowidgets``).
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import paleowidgets

MODULES = sorted(m.name for m in pkgutil.walk_packages(paleowidgets.__path__, "paleowidgets.")
                 if not m.name.endswith("__main__"))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                             verbose=False, report=False)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed " \
                               "(run python -m doctest -v on the module to see them)"


def test_every_module_is_listed() -> None:
    assert "paleowidgets.core.rules" in MODULES and "paleowidgets.solver.exact" in MODULES
