"""The planner's modules import one way, as ``paleowidgets/solver/_planner/__init__.py``
says: each imports only the modules before it in ``ORDER``, so they can be read in that
order and a job never reaches back into one that builds on it."""

from __future__ import annotations

import ast
from pathlib import Path

import paleowidgets.solver._planner as planner

ORDER = ["run", "timing", "lines", "relaxation", "cells", "packing", "disjoint", "targets"]
ROOT = Path(planner.__file__).parent


def test_planner_has_a_module_per_job() -> None:
    assert sorted(p.stem for p in ROOT.glob("*.py") if p.stem != "__init__") == sorted(ORDER)


def test_planner_modules_import_one_way() -> None:
    for i, name in enumerate(ORDER):
        tree = ast.parse((ROOT / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                target = node.module.split(".")[0]
                assert target in ORDER[:i], f"_planner/{name}.py imports .{target}"
