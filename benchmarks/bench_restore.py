"""How long a JupyterLab page load takes to restore the widgets (not a test: run it by hand).

    python benchmarks/bench_restore.py                          # this checkout, 3 reloads
    python benchmarks/bench_restore.py --base ../other -n 5     # and another, same session

When a page loads (or a pupil reloads it), ipywidgets asks the kernel for the state of
every widget model and gives up after 4 s (``CONTROL_COMM_TIMEOUT``, jupyterlab_widgets
3.0.17, jupyter-widgets/ipywidgets#3633). For the explorer browser test's notebook
(tests/browser/test_explorers_lab.py) and a lesson, in JupyterLab at 1366x768, after the
notebook has run, the page is reloaded ``-n`` times; each time:

* restore: from the page's navigation start (``performance.now()``) until every widget
  output of the notebook shows a widget view (a failed restore, "model not found", is
  counted and the page reloaded);
* kernel: the time the kernel took to answer the page's state request (ipywidgets'
  ``Widget._handle_control_comm_msg``, timed by a wrapper installed before the reloads);
* models: how many widget models the kernel held.

``--base DIR``: also measure the paleowidgets of the checkout DIR (its folder on the
kernel's PYTHONPATH, ahead of this one's editable install), one run each, in turn: a
before/after in the same session. The machine's load average is printed with each row.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))

import harness as h
from nbformat.v4 import new_code_cell

ROOT = Path(__file__).resolve().parent.parent

SCREEN = {"width": 1366, "height": 768}
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"

# every output that holds a widget view shows one (the view's root element inside it)
VIEW = "application/vnd.jupyter.widget-view+json"
JS_VIEWS = f"""() => {{
    const outs = Array.from(document.querySelectorAll(
        '{PANEL} .jp-OutputArea-output[data-mime-type="{VIEW}"]'));
    const shown = outs.filter(o => {{
        const v = o.querySelector('.jupyter-widgets');
        return v && v.getBoundingClientRect().height > 0; }}).length;
    const failed = outs.some(o => o.textContent.includes('model not found'));
    return {{outputs: outs.length, shown: shown, failed: failed, now: performance.now()}};
}}"""
JS_ALL_SHOWN = f"""(n) => {{ const r = ({JS_VIEWS})();
    return r.failed || (r.outputs >= n && r.shown >= n); }}"""

TIMER = """
import time as _time
from ipywidgets import Widget as _Widget
from ipywidgets.widgets.widget import _instances as _paleo_instances
_paleo_answer = _Widget._handle_control_comm_msg.__func__
_paleo_times = []
def _paleo_timed(cls, msg):
    t = _time.perf_counter()
    try:
        _paleo_answer(cls, msg)
    finally:
        _paleo_times.append((_time.perf_counter() - t, len(_paleo_instances)))
_Widget._handle_control_comm_msg = classmethod(_paleo_timed)
print("timer on")
"""


def explorers(folder: Path) -> str:
    import test_explorers_lab as ex

    shutil.copy(ex.PUZZLE, folder / ex.PUZZLE.name)
    h.write_notebook(folder / ex.NOTEBOOK, ex.notebook_cells(list(ex.WIDGETS), "en"))
    return ex.NOTEBOOK


def lesson(folder: Path, name: str) -> str:
    """The lesson ``name``, in a copy of lessons/ (beside a copy of puzzles/), with a last
    cell that says it is done."""
    import nbformat

    shutil.copytree(ROOT / "lessons", folder / "lessons")
    shutil.copytree(ROOT / "puzzles", folder / "puzzles")
    path = folder / "lessons" / name
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(new_code_cell(f"print({h.DONE!r})"))
    nbformat.write(nb, str(path))
    return f"lessons/{name}"


def measure(browser: Any, notebook: str, root: Path, reloads: int) -> dict[str, Any]:
    with h.jupyter_lab(root) as lab:
        ctx = browser.new_context(viewport=SCREEN, device_scale_factor=1)
        page = ctx.new_page()
        try:
            h.open_lab_notebook(page, lab, notebook)
            page.wait_for_timeout(2_000)          # the last outputs are drawn
            expected = page.evaluate(JS_VIEWS)["outputs"]
            assert "timer on" in h.kernel_run(page, TIMER)
            restore: list[float] = []
            kernel: list[float] = []
            failed = models = 0
            while len(restore) < reloads and failed < 2 * reloads:
                page.reload(wait_until="domcontentloaded")
                page.wait_for_function(JS_ALL_SHOWN, arg=expected, timeout=120_000,
                                       polling=50)
                r = page.evaluate(JS_VIEWS)
                page.wait_for_function(h.JS_KERNEL_READY, timeout=90_000)
                times = json.loads(h.kernel_run(
                    page, "import json; print(json.dumps(_paleo_times))"))
                if r["failed"]:
                    failed += 1
                    page.wait_for_timeout(5_000)
                    continue
                restore.append(r["now"] / 1000)
                if times:
                    kernel.append(times[-1][0])
                    models = times[-1][1]
            return {"views": expected, "models": models, "restore": restore,
                    "kernel": kernel, "failed": failed}
        finally:
            ctx.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=3, help="page reloads per notebook")
    ap.add_argument("--base", type=Path, help="another checkout to measure in turn")
    ap.add_argument("--lesson", default="08-puzzles.ipynb", help="the lesson to load")
    args = ap.parse_args()
    variants: list[tuple[str, str | None]] = [("this", None)]
    if args.base:
        variants.insert(0, ("base", str(args.base.resolve())))
    print(f"{'notebook':<22} {'code':<5} {'views':>5} {'models':>6} {'restore s':>22} "
          f"{'kernel s':>20} {'failed':>6} load")
    with tempfile.TemporaryDirectory() as scratch, h.chromium(Path(scratch)) as browser:
        for name in ("explorers", args.lesson):
            for label, path in variants:
                root = Path(scratch) / f"{label}-{name}"
                root.mkdir()
                notebook = explorers(root) if name == "explorers" else lesson(root, name)
                old = os.environ.pop("PYTHONPATH", None)
                if path:
                    os.environ["PYTHONPATH"] = path
                try:
                    r = measure(browser, notebook, root, args.n)
                finally:
                    os.environ.pop("PYTHONPATH", None)
                    if old is not None:
                        os.environ["PYTHONPATH"] = old

                def spread(xs: list[float]) -> str:
                    if not xs:
                        return "-"
                    return (f"{statistics.median(xs):.2f} ({min(xs):.2f}-{max(xs):.2f})")

                print(f"{name:<22} {label:<5} {r['views']:>5} {r['models']:>6} "
                      f"{spread(r['restore']):>22} {spread(r['kernel']):>20} "
                      f"{r['failed']:>6} {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()
