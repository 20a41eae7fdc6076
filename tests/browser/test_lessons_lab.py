"""Every lesson notebook in JupyterLab, in headless Chromium: Run All in a fresh kernel,
no error output, no traceback on stderr, no widget that fails to display, and every
canvas of every widget view drawn.

The notebooks run as COPIES in the session's scratch folder, outputs stripped (so what is
checked is what this run produced, and JupyterLab's autosave never writes into the repo).
One JupyterLab server (the session's) and one page serve the whole module: each notebook
is opened in that page, run, checked, then its kernel is shut down and its tab closed.
The lessons are found when the tests are collected, so new ones are picked up by
themselves.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import harness as h
import nbformat
import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
# PALEO_LESSONS points the check at another folder of notebooks (a draft, a fork's).
LESSONS = Path(os.environ.get("PALEO_LESSONS", ROOT / "lessons")).resolve()
# Folders of the repository the lessons read through relative paths ("../puzzles/..."):
# copied beside the lesson copies so those paths hold there too.
SIBLINGS = ("puzzles",)
RUN_TIMEOUT = 240_000      # ms for one notebook's Run All (the solver lesson is the longest)
DRAW_TIMEOUT = 30_000      # ms for every canvas to show its drawing once the run is over


def lesson_notebooks() -> list[Path]:
    """Every stored lesson notebook, language folders included, checkpoints excluded."""
    skip = {".ipynb_checkpoints", "src"}
    return sorted(p for p in LESSONS.rglob("*.ipynb")
                  if not skip & set(p.relative_to(LESSONS).parts))


def language_of(path: Path) -> str:
    """``fr`` for ``02-pentominoes.fr.ipynb`` (either edition), ``en`` without a suffix."""
    parts = path.name.split(".")
    return parts[-2] if len(parts) > 2 else "en"


def lessons_in(lang: str) -> list[Path]:
    """The lessons of one language, both editions. Each language has its own test module
    (test_lessons_lab_fr.py, ...), so ./kit test's two workers share the languages out."""
    return [p for p in lesson_notebooks() if language_of(p) == lang]


def stripped_copy(src: Path, dest: Path) -> None:
    """``src`` without outputs or execution counts: the browser run starts from nothing."""
    nb = nbformat.read(src, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.pop("widgets", None)
    dest.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, dest)


@pytest.fixture(scope="module")
def lesson_root(browser_root: Path) -> Path:
    """``<scratch>/lessons``: stripped copies, laid out as in the repository."""
    root = browser_root / "lessons"
    for path in lesson_notebooks():
        stripped_copy(path, root / path.relative_to(LESSONS))
    for name in SIBLINGS:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, browser_root / name, dirs_exist_ok=True)
    return root


@pytest.fixture(scope="module")
def lab_page(browser: Any, lab: h.Server, lesson_root: Path, browser_root: Path
             ) -> Iterator[Any]:
    page = h.new_page(browser)
    try:
        page.goto(f"{lab.url}/lab?token={h.TOKEN}&reset", wait_until="domcontentloaded")
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started "
                               "&& document.querySelector('.jp-LabShell')", timeout=90_000)
        page.evaluate("() => window.jupyterapp.started")
        yield page
    finally:
        page.screenshot(path=str(browser_root / "lessons-last.png"))
        page.context.close()


# -- the page's side -----------------------------------------------------------------------------

JS_OPEN = """async (path) => {
    const app = window.jupyterapp;
    window.__paleoRun = null;
    const w = await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
    window.__paleoNb = w;
    app.shell.activateById(w.id);
    await w.context.ready;
    return w.id;
}"""

JS_KERNEL_IDLE = """() => {
    const sc = window.__paleoNb && window.__paleoNb.sessionContext;
    const k = sc && sc.session && sc.session.kernel;
    return !!(sc && sc.isReady && k && k.status === 'idle' && k.connectionStatus === 'connected');
}"""

# Run All acts on the current notebook; its promise settles once the last cell has run (or
# the run stopped at an error), which is when the test may look.
JS_RUN_ALL = """() => {
    const app = window.jupyterapp;
    app.shell.activateById(window.__paleoNb.id);
    app.commands.execute('notebook:run-all-cells').then(
        ok => { window.__paleoRun = {ok: ok !== false}; },
        e => { window.__paleoRun = {ok: false, error: String(e)}; });
}"""

JS_CELLS = """() => {
    const cells = window.__paleoNb.content.model.cells;
    const found = [];
    for (let i = 0; i < cells.length; i++) {
        const c = cells.get(i);
        if (c.type !== 'code') continue;
        const outs = c.outputs.toJSON().map(o => ({
            type: o.output_type, name: o.name || '',
            text: Array.isArray(o.text) ? o.text.join('') : (o.text || ''),
            ename: o.ename || '', evalue: o.evalue || '',
            widget: !!(o.data && o.data['application/vnd.jupyter.widget-view+json'])}));
        found.push({index: i, count: c.executionCount, source: c.sharedModel.getSource(),
                    outputs: outs});
    }
    return found;
}"""

# A canvas is drawn when its pixels hold more than one colour: a blank one is all
# transparent (or all one fill); a board has at least paper and grid lines.
JS_CANVASES = """() => {
    const node = window.__paleoNb.content.node;
    return Array.from(node.querySelectorAll('.jp-OutputArea-output canvas')).map((c, i) => {
        const ctx = c.getContext('2d');
        if (!ctx || !c.width || !c.height) return {i, drawn: false, size: [c.width, c.height]};
        const d = new Uint32Array(ctx.getImageData(0, 0, c.width, c.height).data.buffer);
        let drawn = false;
        for (let j = 1; j < d.length; j++) { if (d[j] !== d[0]) { drawn = true; break; } }
        const cls = c.className || (c.parentElement && c.parentElement.className) || '';
        return {i, drawn, size: [c.width, c.height], cls: String(cls).slice(0, 80)};
    });
}"""

JS_ALL_DRAWN = f"() => ({JS_CANVASES})().every(c => c.drawn)"

# A widget output says "Loading widget..." until it holds the view or the words of its
# failure (ipywidgets' placeholder; a missing model fails only after a while).
JS_WIDGETS_SETTLED = """() => Array.from(window.__paleoNb.content.node.querySelectorAll(
        '.jp-OutputArea-output')).every(o => !(o.innerText || '').startsWith('Loading widget'))"""

JS_WIDGET_ERRORS = """() => Array.from(window.__paleoNb.content.node.querySelectorAll(
        '.jp-OutputArea-output')).map(o => o.innerText || '')
        .filter(t => t.includes('Error displaying widget')).map(t => t.slice(0, 200))"""

# The static pictures (a sheet, a chart: JupyterLab shows image/svg+xml as an <img>) that
# stick out of their output area: a sheet cut at its right edge on a narrow notebook (this
# page is 1100 px wide, the file browser open). The widgets' page style keeps them in
# (events.css), so this holds on a page that shows a widget of ours; a lesson with no
# widget (02-pentominoes: its orbit strips are 886 px wide) is not checked.
JS_PICTURES_TOO_WIDE = """() => !document.querySelector('.paleo-page-hooks') ? [] :
        Array.from(window.__paleoNb.content.node.querySelectorAll(
        '.jp-OutputArea-output img')).map(img => {
            const out = img.closest('.jp-OutputArea-output').getBoundingClientRect();
            const r = img.getBoundingClientRect();
            return [Math.round(r.width), Math.round(out.width), Math.round(r.right - out.right)];
        }).filter(([w, ow, over]) => over > 1)"""

JS_CLOSE = """async () => {
    const w = window.__paleoNb;
    if (!w || w.isDisposed) return;
    try { await w.sessionContext.shutdown(); } catch (e) { /* already gone */ }
    w.context.model.dirty = false;      // closing never asks to save the copy
    w.dispose();
    window.__paleoNb = null;
}"""


# -- the tests -----------------------------------------------------------------------------------

def lesson_id(path: Path) -> str:
    return str(path.relative_to(LESSONS))


def test_there_are_lessons_to_check() -> None:
    """An empty list would make the checks below pass by checking nothing; and every
    language of the lessons has its module of this check."""
    assert len(lessons_in("en")) >= 2, LESSONS
    modules = {p.stem.removeprefix("test_lessons_lab_")
               for p in Path(__file__).parent.glob("test_lessons_lab_*.py")}
    assert {language_of(p) for p in lesson_notebooks()} - {"en"} <= modules


@pytest.mark.parametrize("lesson", lessons_in("en"), ids=lesson_id)
def test_lesson_runs_in_jupyterlab(lab_page: Any, lesson_root: Path, lesson: Path) -> None:
    check_lesson(lab_page, lesson_root, lesson)


def check_lesson(page: Any, lesson_root: Path, lesson: Path) -> None:
    """Open ``lesson`` in the page's JupyterLab, Run All, check it, close it."""
    page.errors.clear()
    path = f"lessons/{lesson.relative_to(LESSONS).as_posix()}"
    t0 = time.monotonic()
    try:
        h.settled(page, JS_OPEN, path)
        page.wait_for_function(JS_KERNEL_IDLE, timeout=90_000)
        page.evaluate(JS_RUN_ALL)
        page.wait_for_function("() => window.__paleoRun !== null", timeout=RUN_TIMEOUT,
                               polling=250)
        page.wait_for_function(JS_KERNEL_IDLE, timeout=60_000)
        run = page.evaluate("() => window.__paleoRun")
        cells = page.evaluate(JS_CELLS)
        check_outputs(lesson, cells)
        assert run["ok"], f"{lesson.name}: Run All did not finish: {run}"
        page.wait_for_function(JS_WIDGETS_SETTLED, timeout=DRAW_TIMEOUT, polling=250)
        canvases = check_canvases(page, lesson)
        wide = page.evaluate(JS_PICTURES_TOO_WIDE)
        assert wide == [], f"{lesson.name}: pictures wider than their output {wide}"
        assert page.evaluate(JS_WIDGET_ERRORS) == [], f"{lesson.name}: a widget failed"
        assert page.errors == [], f"{lesson.name}: page errors {page.errors}"
    except Exception:
        page.screenshot(path=str(lesson_root / f"{lesson.stem}-failed.png"))
        raise
    finally:
        h.settled(page, JS_CLOSE, None)
    print(f"{lesson.name}: {time.monotonic() - t0:.1f} s, {canvases} canvases drawn")


def check_outputs(lesson: Path, cells: list[dict[str, Any]]) -> None:
    """Every code cell ran; none raised; nothing wrote a traceback on stderr."""
    for cell in cells:
        where = f"{lesson.name} cell {cell['index']} ({cell['source'][:60]!r})"
        errors = [f"{o['ename']}: {o['evalue']}" for o in cell["outputs"] if o["type"] == "error"]
        assert not errors, f"{where} raised {errors}"
        stderr = "".join(o["text"] for o in cell["outputs"]
                         if o["type"] == "stream" and o["name"] == "stderr")
        assert "Traceback" not in stderr, f"{where} wrote a traceback:\n{stderr[-800:]}"
        assert cell["count"] is not None, f"{where} never ran"


def check_canvases(page: Any, lesson: Path) -> int:
    """Every canvas in the outputs shows a drawing (waiting for late ones); how many."""
    try:
        page.wait_for_function(JS_ALL_DRAWN, timeout=DRAW_TIMEOUT, polling=250)
    except Exception:
        blank = [c for c in page.evaluate(JS_CANVASES) if not c["drawn"]]
        pytest.fail(f"{lesson.name}: canvases still blank: {blank}")
    return len(page.evaluate(JS_CANVASES))
