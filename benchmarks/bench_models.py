"""How many widget models each widget holds, and how much state a page load asks for
(not a test: run it by hand; ``tests/test_models_count.py`` bounds the counts).

    python benchmarks/bench_models.py                 # every widget, each in a fresh process
    python benchmarks/bench_models.py --kinds         # and which model classes they are
    python benchmarks/bench_models.py --lessons       # each lesson notebook, run in a kernel
    python benchmarks/bench_models.py --explorers     # the explorer browser test's notebook

Why it matters: when a JupyterLab page loads (or is reloaded), ipywidgets asks the kernel
for the state of every widget model and gives up after 4 s (``CONTROL_COMM_TIMEOUT`` in
jupyterlab_widgets 3.0.17, jupyter-widgets/ipywidgets#3633); on a busy machine the pupil
then reads "Error displaying widget: model not found". The kernel's answer grows with the
number of models and the size of their state.

A widget's models are those that building it adds to ipywidgets' instances in a
fresh process (the page hooks, shared by every widget of a kernel, are counted with the
first widget that shows them); its state is the JSON of the kernel's answer to the page's
state request (``update_states``, as ``Widget._handle_control_comm_msg`` builds it) for
those models, binary buffers apart. A lesson's count is every model its kernel holds after
its last cell, and the cell that added the most.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = ROOT / "puzzles" / "1-beginner" / "01-first-ring.toml"

PRELUDE = """\
import random
from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.logs import GameLog, PlayerLog
from paleowidgets.core.maps import parse_document
from paleowidgets.core.rules import TINY, Game
from paleowidgets.core.turns import Turn
from paleowidgets.data import load_map
from paleowidgets.solver.bots import GreedyBot, play_game
from paleowidgets.widgets import (BoardWidget, ClassGameWidget, EnclosureWidget, PlayWidget,
    PuzzleEditor, PuzzleWidget, ReplayWidget, SnowmanWidget, SolveProgress, TransformExplorer,
    replay_with_analysis)
TURNS = [Turn.from_dict(d) for d in [
    {"shape": "L", "dig": "chevron", "cells": ["A5", "A6", "B6", "C6", "D6"]},
    {"shape": "X", "dig": "dot", "cells": ["E3", "D4", "E4", "F4", "E5"]}]]
TWO_ROLLS = TINY + '[puzzle]\\ntitle = "Two rolls"\\nrolls = [[2, 5], [1, 4]]\\n'
def greedy_log(map_name, seed):
    m = load_map(map_name)
    rolls = roll_sequence(seed, m.rounds)
    final, turns = play_game(Game(m), rolls, GreedyBot(), random.Random(seed))
    return GameLog(m, tuple(rolls), (PlayerLog("Robot", tuple(turns)),)), final
"""

# name -> the code that builds ``w`` (after PRELUDE, in a scratch folder, saving off)
WIDGETS = {
    "board (dig-site)": 'w = BoardWidget(Game(load_map("dig-site")).initial_state())',
    "play (dig-site)": 'w = PlayWidget(load_map("dig-site"), seed="BENCH-1")',
    "play (tiny)": 'w = PlayWidget(parse_document(TINY), seed=7)',
    "puzzle": f"w = PuzzleWidget({str(PUZZLE)!r}, time_limit=2)",
    "class game, 1 player": 'w = ClassGameWidget(load_map("dig-site"), "BENCH-1")',
    "class game, 2 players": ('w = ClassGameWidget(load_map("dig-site"), "BENCH-1", '
                              'player=["Ada", "Bo"])'),
    "replay": 'w = ReplayWidget(greedy_log("dig-site", "BENCH-2")[0])',
    "replay with analysis": ('w = replay_with_analysis(GameLog(parse_document(TWO_ROLLS), '
                             '((2, 5), (1, 4)), (PlayerLog("Ada", tuple(TURNS)),)))'),
    "enclosure": 'w = EnclosureWidget(parse_document(TINY), fossil="A")',
    "transform explorer": 'w = TransformExplorer("F")',
    "snowman": ('w = SnowmanWidget(greedy_log("snow-map", "SNOWY-2024")[1], '
                'name="Frosty")'),
    "puzzle editor": "w = PuzzleEditor()",
    "solve progress": "w = SolveProgress(time_limit=2)",
}

# The kernel's answer to a page's state request, for the models in ``ids`` (ipywidgets 8,
# Widget._handle_control_comm_msg, method 'request_states').
MEASURE = """
import json as _json, collections as _co
from ipywidgets.widgets.widget import _instances, _remove_buffers
def _state_of(ids):
    full = {}
    for i in ids:
        w = _instances[i]
        full[i] = {"model_name": w._model_name, "model_module": w._model_module,
                   "model_module_version": w._model_module_version,
                   "state": w.get_state(drop_defaults=False)}
    full, _paths, buffers = _remove_buffers(full)
    kinds = _co.Counter(_instances[i]._model_name for i in ids)
    return {"models": len(ids),
            "json": len(_json.dumps({"method": "update_states", "states": full,
                                     "buffer_paths": _paths})),
            "buffers": sum(len(b) for b in buffers), "kinds": dict(kinds)}
"""


def measure_one(name: str) -> dict[str, Any]:
    """Build the widget ``name`` in this (fresh) process; its models and state."""
    ns: dict[str, Any] = {}
    exec(PRELUDE + MEASURE, ns)
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    exec(WIDGETS[name], ns)
    result: dict[str, Any] = ns["_state_of"]([i for i in _instances if i not in before])
    return result


def in_fresh_process(name: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as scratch:
        env = {**os.environ, "PALEOWIDGETS_SAVE": "off"}
        out = subprocess.run([sys.executable, __file__, "--one", name], cwd=scratch, env=env,
                             capture_output=True, text=True, check=True).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


# -- notebooks ---------------------------------------------------------------------------------

FIRST_CELL = """\
from ipywidgets.widgets.widget import _instances as _paleo_instances
_paleo_counts = []
def _paleo_count(result=None):
    _paleo_counts.append(len(_paleo_instances))
get_ipython().events.register("post_run_cell", _paleo_count)
"""
LAST_CELL = MEASURE + """
print("PALEO-MODELS", _json.dumps({**_state_of(list(_instances)),
                                   "cells": _paleo_counts}))
"""


def measure_notebook(path: Path, cwd: Path) -> dict[str, Any]:
    """Run the notebook in a fresh kernel from ``cwd``; the models its kernel holds at the
    end, their state, and the most any one cell added."""
    import nbclient
    import nbformat

    nb = nbformat.read(path, as_version=4)
    nb.cells = [nbformat.v4.new_code_cell(FIRST_CELL), *nb.cells,
                nbformat.v4.new_code_cell(LAST_CELL)]
    env_save = os.environ.get("PALEOWIDGETS_SAVE")
    os.environ["PALEOWIDGETS_SAVE"] = "off"
    try:
        nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                resources={"metadata": {"path": str(cwd)}}).execute()
    finally:
        if env_save is None:
            os.environ.pop("PALEOWIDGETS_SAVE", None)
        else:
            os.environ["PALEOWIDGETS_SAVE"] = env_save
    text = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
    line = next(x for x in text.splitlines() if x.startswith("PALEO-MODELS"))
    result: dict[str, Any] = json.loads(line.split(" ", 1)[1])
    counts = [0, *result.pop("cells")[:-1]]
    result["most in a cell"] = max(b - a for a, b in itertools.pairwise(counts))
    return result


def explorer_notebook(folder: Path) -> Path:
    """The explorer browser test's notebook (tests/browser/test_explorers_lab.py), written
    into ``folder`` with the puzzle it opens."""
    import shutil

    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    import harness as h
    import test_explorers_lab as ex

    shutil.copy(ex.PUZZLE, folder / ex.PUZZLE.name)
    return Path(h.write_notebook(folder / ex.NOTEBOOK, ex.notebook_cells(list(ex.WIDGETS), "en")))


# -- the table ---------------------------------------------------------------------------------

def row(name: str, r: dict[str, Any], kinds: bool) -> str:
    line = f"{name:<34} {r['models']:>7} {r['json'] / 1000:>9.1f} {r['buffers'] / 1000:>9.1f}"
    if "most in a cell" in r:
        line += f" {r['most in a cell']:>8}"
    if kinds:
        top = collections.Counter(r["kinds"]).most_common()
        line += "\n    " + ", ".join(f"{k.removesuffix('Model')} {n}" for k, n in top)
    return line


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--one", help=argparse.SUPPRESS)
    ap.add_argument("--kinds", action="store_true", help="the model classes of each widget")
    ap.add_argument("--lessons", action="store_true", help="run each lesson notebook")
    ap.add_argument("--lang", default="", help="the lessons' language suffix: fr, ko")
    ap.add_argument("--explorers", action="store_true",
                    help="run the explorer browser test's notebook")
    ap.add_argument("--json", action="store_true", help="one JSON object per line")
    args = ap.parse_args()
    if args.one:
        print(json.dumps(measure_one(args.one)))
        return
    results: dict[str, dict[str, Any]] = {}
    if args.lessons or args.explorers:
        if args.explorers:
            with tempfile.TemporaryDirectory() as scratch:
                path = explorer_notebook(Path(scratch))
                results["explorers notebook"] = measure_notebook(path, Path(scratch))
        if args.lessons:
            suffix = f".{args.lang}.ipynb" if args.lang else ".ipynb"
            for path in sorted((ROOT / "lessons").glob(f"[0-9]*{suffix}")):
                if not args.lang and path.suffixes[-2:-1] in ([".fr"], [".ko"]):
                    continue
                results[path.name] = measure_notebook(path, ROOT / "lessons")
    else:
        for name in WIDGETS:
            results[name] = in_fresh_process(name)
    if args.json:
        for name, r in results.items():
            print(json.dumps({"name": name, **r}))
        return
    extra = " per cell" if args.lessons or args.explorers else ""
    print(f"{'widget':<34} {'models':>7} {'state kB':>9} {'bufs kB':>9}{extra}")
    for name, r in results.items():
        print(row(name, r, args.kinds))


if __name__ == "__main__":
    main()
