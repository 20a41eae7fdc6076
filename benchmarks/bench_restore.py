"""How long a JupyterLab page load takes to restore the widgets (not a test: run it by hand).

    python benchmarks/bench_restore.py                          # this checkout, 3 reloads
    python benchmarks/bench_restore.py --base ../other -n 5     # and another, same session

When a page loads (or a pupil reloads it), ipywidgets asks the kernel for the state of
every widget model and gives up after 4 s (``CONTROL_COMM_TIMEOUT``, jupyterlab_widgets
3.0.17, jupyter-widgets/ipywidgets#3633). For the explorer browser test's notebook
(tests/browser/test_explorers_lab.py) and a lesson, in JupyterLab at 1366x768, after the
notebook has run, the page is reloaded ``-n`` times; each time:

* restore: from the page's navigation start (``performance.now()``) until every output
  that showed a widget view after the run shows one again (polled every 50 ms). A load
  that reads "model not found", or still misses a view after 60 s, is counted as failed
  (what the outputs without a view read is printed) and the page reloaded;
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
from contextlib import suppress
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))

import harness as h
from nbformat.v4 import new_code_cell
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parent.parent

SCREEN = {"width": 1366, "height": 768}
WAIT = 60_000          # ms: a view not shown by then is not coming (the load failed)
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"

# the outputs that show a widget view (its root element inside them, of some height); the
# views shown after the notebook ran are those a page load must restore
JS_VIEWS = f"""() => {{
    const outs = Array.from(document.querySelectorAll('{PANEL} .jp-OutputArea-output'));
    const shown = outs.filter(o => {{
        const v = o.querySelector('.jupyter-widgets');
        return v && v.getBoundingClientRect().height > 0; }}).length;
    const failed = outs.some(o => o.textContent.includes('model not found'));
    const unshown = outs.filter(o => !o.querySelector('.jupyter-widgets')
        && !o.querySelector('img, svg, pre')).map(o => o.textContent.slice(0, 60));
    return {{shown: shown, failed: failed, unshown: unshown, now: performance.now()}};
}}"""
JS_ALL_SHOWN = f"""(n) => {{ const r = ({JS_VIEWS})(); return r.failed || r.shown >= n; }}"""

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
    # every cell in the page, not only those in sight (JupyterLab 4's windowing), so that
    # every widget view is restored at each load
    tracker = root / "home" / "lab-settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True, exist_ok=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    with h.jupyter_lab(root) as lab:
        ctx = browser.new_context(viewport=SCREEN, device_scale_factor=1)
        page = ctx.new_page()
        try:
            h.open_lab_notebook(page, lab, notebook)
            page.wait_for_timeout(2_000)          # the last outputs are drawn
            h.save_lab_notebook(page)             # the outputs (widget views) survive a load
            expected = page.evaluate(JS_VIEWS)["shown"]
            assert expected > 0, "no widget view on show after the run"
            assert "timer on" in h.kernel_run(page, TIMER)
            restore: list[float] = []
            kernel: list[float] = []
            failed = models = 0
            missing: list[str] = []
            while len(restore) < reloads and failed < 2 * reloads:
                page.reload(wait_until="domcontentloaded")
                with suppress(PlaywrightTimeout):       # a view that never comes: failed
                    page.wait_for_function(JS_ALL_SHOWN, arg=expected, timeout=WAIT,
                                           polling=50)
                r = page.evaluate(JS_VIEWS)
                page.wait_for_function(h.JS_KERNEL_READY, timeout=90_000)
                times = json.loads(h.kernel_run(
                    page, "import json; print(json.dumps(_paleo_times))"))
                if r["failed"] or r["shown"] < expected:
                    failed += 1
                    missing.append(f"{r['shown']}/{expected} {r['unshown'][:3]}")
                    page.wait_for_timeout(5_000)
                    continue
                restore.append(r["now"] / 1000)
                if times:
                    kernel.append(times[-1][0])
                    models = times[-1][1]
            return {"views": expected, "models": models, "restore": restore,
                    "kernel": kernel, "failed": failed, "missing": missing}
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
                for m in r["missing"]:
                    print(f"    a load that did not show every view: {m}", flush=True)


if __name__ == "__main__":
    main()
