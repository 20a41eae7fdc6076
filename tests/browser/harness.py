"""Jupyter servers, a notebook and canvas pixels for the real-browser tests (and the
benchmark): JupyterLab and Voila started in their own process group and stopped by PID,
Debian's Chromium driven through Playwright's sync API (never ``playwright install``).

The notebook plays the puzzle :data:`PIT`: fossil A (one cell, C3) has C2 pre-drawn, so a
U drawn round it (B3 D3 B4 C4 D4) digs it up in one click and the score goes 0 -> 3.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

CHROMIUM = os.environ.get("PALEO_CHROMIUM", "/usr/bin/chromium")   # Debian's, by default
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
VIEWPORT = {"width": 1100, "height": 1500}
VENV_BIN = Path(sys.executable).parent
TOKEN = "paleo-browser-test"

PIT = '''[map]
name = "Browser pit"
grid = """
. . . . . . .
. . # . . * .
. . A . . . .
. . . . . . .
. . . . . B .
. . . . . . .
"""
[fossils.A]
name = "Ammonite"
points = 3
bonus = 2
[fossils.B]
name = "Tooth"
points = 1
bonus = 1
[puzzle]
title = "Browser pit"
rolls = [[2, 2], [1, 3], [5, 6], [4, 4], [2, 5]]
'''
# The replayed game: a U round fossil A, then an I along the top row.
REPLAY_TURNS = [
    {"shape": "U", "dig": "chevron", "cells": ["B3", "D3", "B4", "C4", "D4"]},
    {"shape": "I", "dig": "dot", "cells": ["A1", "B1", "C1", "D1", "E1"]},
]
U_ANCHOR = (2, 3)             # C4: the U's middle cell
U_CELLS = [(1, 2), (3, 2), (1, 3), (2, 3), (3, 3)]
DONE = "notebook done"


def notebook_cells() -> list[Any]:
    """The test notebook: a PlayWidget on the pit, a ReplayWidget of a two-round log."""
    return [
        new_markdown_cell("# Paleontologists widgets in a browser"),
        new_code_cell(
            "from paleowidgets.core.logs import GameLog, PlayerLog\n"
            "from paleowidgets.core.maps import parse_document\n"
            "from paleowidgets.core.turns import Turn\n"
            "from paleowidgets.widgets import PlayWidget, ReplayWidget\n"
            f"PIT = {PIT!r}\n"
            "puzzle = parse_document(PIT)\n"
            "play = PlayWidget(puzzle)\n"
            "play"),
        new_code_cell(
            f"TURNS = [Turn.from_dict(d) for d in {REPLAY_TURNS!r}]\n"
            "log = GameLog(puzzle, puzzle.rolls[:2], (PlayerLog('Ada', tuple(TURNS)),))\n"
            "replay = ReplayWidget(log)\n"
            "replay"),
        new_code_cell(f"print({DONE!r}, play.state.round)"),
    ]


def write_notebook(path: Path, cells: Sequence[Any] | None = None) -> Path:
    nb = new_notebook(cells=list(cells if cells is not None else notebook_cells()))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.validate(nb)
    nbformat.write(nb, str(path))
    return path


def local_widgets() -> tuple[Any, Any]:
    """The notebook's two widgets built here (no browser), for their board geometry."""
    from paleowidgets.core.logs import GameLog, PlayerLog
    from paleowidgets.core.maps import Puzzle, parse_document
    from paleowidgets.core.turns import Turn
    from paleowidgets.widgets import PlayWidget, ReplayWidget

    puzzle = parse_document(PIT)
    assert isinstance(puzzle, Puzzle)
    turns = tuple(Turn.from_dict(d) for d in REPLAY_TURNS)
    log = GameLog(puzzle, puzzle.rolls[:2], (PlayerLog("Ada", turns),))
    return PlayWidget(puzzle), ReplayWidget(log)


# -- processes ---------------------------------------------------------------------------------

def require_chromium() -> None:
    """Fail (not skip): CI installs Chromium, so its absence is an error to see."""
    if not (os.path.exists(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        import pytest

        pytest.fail(f"{CHROMIUM} is missing: install it with `apt-get install -y chromium` "
                    "(the browser tests drive Debian's Chromium; never `playwright install`)",
                    pytrace=False)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_http(url: str, proc: subprocess.Popen[bytes], timeout: float = 90) -> None:
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early (rc={proc.returncode}); see its log")
        with suppress(Exception), urllib.request.urlopen(url, timeout=2) as r:
            if r.status == 200:
                return
        time.sleep(0.2)
    raise TimeoutError(f"no answer from {url} in {timeout} s")


def scratch_env(root: Path) -> dict[str, str]:
    """HOME and Jupyter's folders in ``root``: nothing is read from or written to the real
    home; the JupyterLab news toast is switched off (it covers cells)."""
    home = root / "home"
    settings = home / "lab-settings"
    (settings / "@jupyterlab" / "apputils-extension").mkdir(parents=True, exist_ok=True)
    (settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
     ).write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    return dict(os.environ, HOME=str(home), JUPYTERLAB_SETTINGS_DIR=str(settings),
                JUPYTERLAB_WORKSPACES_DIR=str(home / "lab-workspaces"),
                JUPYTER_CONFIG_DIR=str(home / ".jupyter"),
                JUPYTER_RUNTIME_DIR=str(home / "runtime"), IPYTHONDIR=str(home / ".ipython"))


def enable_nodelay(root: Path) -> None:
    """Config files that switch Nagle's algorithm off on the kernel websockets of the
    servers started in ``root`` (see :mod:`paleowidgets.widgets.nodelay`)."""
    config = root / "home" / ".jupyter"
    config.mkdir(parents=True, exist_ok=True)
    line = "import paleowidgets.widgets.nodelay as nodelay\nnodelay.install()\n"
    for name in ("jupyter_server_config.py", "voila.py"):   # Lab, standalone Voila
        (config / name).write_text(line)


@dataclass
class Server:
    """A Jupyter server in its own process group; :meth:`stop` ends it by its PID."""

    proc: subprocess.Popen[bytes]
    url: str
    log: Path

    def stop(self) -> None:
        if self.proc.poll() is not None:
            return
        # SIGTERM first: the server shuts its kernels down (they run in their own session).
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def tail(self, n: int = 30) -> str:
        with suppress(OSError):
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        return ""


def _die_with_parent() -> None:
    """In the child, before exec: be killed when the test process dies, however it dies
    (Linux), so a killed test run leaves no server behind. SIGKILL, because a server told
    to stop while it is still starting can hang; its kernels notice that their parent is
    gone and exit by themselves (ipykernel's parent poller)."""
    with suppress(Exception):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


@contextmanager
def serve(cmd: list[str], ready: str, base: str, root: Path, name: str) -> Iterator[Server]:
    log = root / f"{name}.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=root,
                                env=scratch_env(root), start_new_session=True,
                                preexec_fn=_die_with_parent if sys.platform == "linux" else None)
    server = Server(proc, base, log)
    try:
        wait_http(ready, proc)
        yield server
    finally:
        server.stop()


@contextmanager
def jupyter_lab(root: Path) -> Iterator[Server]:
    port = free_port()
    cmd = [str(VENV_BIN / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1",
           f"--port={port}", f"--IdentityProvider.token={TOKEN}",
           f"--ServerApp.root_dir={root}", "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
           "--LabApp.expose_app_in_browser=True", "--allow-root"]
    base = f"http://127.0.0.1:{port}"
    with serve(cmd, f"{base}/api/status?token={TOKEN}", base, root, "lab") as server:
        yield server


@contextmanager
def voila(notebook: Path, root: Path) -> Iterator[Server]:
    port = free_port()
    cmd = [str(VENV_BIN / "voila"), str(notebook), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--show_tracebacks=True",
           f"--Voila.connection_dir_root={root / 'voila-conn'}"]
    (root / "voila-conn").mkdir(exist_ok=True)
    base = f"http://127.0.0.1:{port}"
    with serve(cmd, f"{base}/voila/static/voila.js", base, root, "voila") as server:
        yield server


@contextmanager
def chromium(root: Path) -> Iterator[Any]:
    """A headless Chromium (Playwright sync API); closed inside the Playwright block."""
    from playwright.sync_api import sync_playwright

    require_chromium()
    with sync_playwright() as p:
        # launch() (not a persistent context) gives each run a fresh temporary profile
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def new_page(browser: Any) -> Any:
    ctx = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)[:300]))
    # the browser console's warnings and errors, kept to explain a failure (not checked:
    # JupyterLab logs harmless ones)
    page.console = []
    page.on("console", lambda m: m.type in ("warning", "error")
            and page.console.append(f"{m.type}: {m.text[:300]}"))
    return page


# -- JupyterLab ----------------------------------------------------------------------------------

JS_KERNEL_READY = """() => {
    const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const sc = w && w.sessionContext;
    const k = sc && sc.session && sc.session.kernel;
    return !!(sc && sc.isReady && k && k.status === 'idle' && k.connectionStatus === 'connected');
}"""


def open_lab_notebook(page: Any, server: Server, name: str, *, run: bool = True) -> None:
    """Open a notebook in JupyterLab, wait for a live kernel, run every cell."""
    page.goto(f"{server.url}/lab/tree/{name}?token={TOKEN}&reset",
              wait_until="domcontentloaded")
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
    page.wait_for_function(JS_KERNEL_READY, timeout=90_000)
    if run:
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.locator(".jp-OutputArea-output", has_text=DONE).first.wait_for(timeout=90_000)


@contextmanager
def lab_notebook_page(browser: Any, server: Server, name: str, *,
                      viewport: dict[str, int] | None = None,
                      screenshot: Path | None = None) -> Iterator[Any]:
    """A page with the notebook ``name`` open in JupyterLab and every cell run (a module's
    page fixture). On the way out: a screenshot if asked (to explain a failure), the
    kernel shut down (the modules after this one do not need it), the page closed, and no
    error may have reached the page."""
    page = new_page(browser)
    if viewport is not None:
        page.set_viewport_size(viewport)
    try:
        open_lab_notebook(page, server, name)
        yield page
    finally:
        if screenshot is not None:
            page.screenshot(path=str(screenshot))
        errors = page.errors
        with suppress(Exception):
            page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext"
                          ".shutdown()")
        page.context.close()
    assert errors == [], errors


def save_lab_notebook(page: Any) -> None:
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !document.querySelector('.lm-TabBar-tab.jp-mod-dirty')",
                           timeout=15_000)


JS_RESTORE_FAILED = """() => Array.from(document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output'))
    .some(o => o.textContent.includes('model not found'))"""


def reload_lab_until_restored(page: Any, first: str, attempts: int = 3) -> int:
    """Reload the JupyterLab page until ipywidgets restores the kernel's widget models (the
    element ``first`` shows); the number of page loads it took (more than one is reported as
    a warning in pytest's summary). ipywidgets (8.1.9, jupyterlab_widgets 3.0.17) asks the
    kernel for every model's state and gives up after 4 s (``CONTROL_COMM_TIMEOUT``,
    jupyter-widgets/ipywidgets#3633): on a loaded machine it can miss (the explorer notebook's
    700 models took 0.9 s of kernel time alone at load 8), and every view then reads "Error
    displaying widget: model not found" for good. The kernel's widgets are unharmed (the
    fallback only asks existing comms for their state), so a new page restores them: that is
    what a pupil does, and what the tests then check."""
    for n in range(1, attempts + 1):
        page.reload(wait_until="domcontentloaded")
        page.wait_for_function(JS_KERNEL_READY, timeout=90_000)
        page.wait_for_function(f"""() => {{
            const c = document.querySelector({first!r});
            return (c && c.getBoundingClientRect().width > 0) || ({JS_RESTORE_FAILED})();
        }}""", timeout=90_000)
        if not page.evaluate(JS_RESTORE_FAILED):
            if n > 1:
                warnings.warn(f"ipywidgets restored the widget models at page load {n}",
                              stacklevel=2)
            return n
        page.wait_for_timeout(5_000)     # the kernel answers the late request first
    raise AssertionError(f"ipywidgets restored no widget model in {attempts} page loads; "
                         f"console: {getattr(page, 'console', [])[-10:]}")


# -- canvas pixels -------------------------------------------------------------------------------

JS_PIXEL = "([el, x, y]) => Array.from(el.getContext('2d').getImageData(x, y, 1, 1).data)"
JS_PIXEL_IS = """([el, x, y, rgba, same]) => {
    const d = el.getContext('2d').getImageData(x, y, 1, 1).data;
    const eq = [0, 1, 2, 3].every(i => Math.abs(d[i] - rgba[i]) <= 2);
    return same ? eq : !eq;
}"""
JS_POINT = """([el, x, y]) => { const r = el.getBoundingClientRect();
    const p = {x: r.left + x * r.width / el.width, y: r.top + y * r.height / el.height};
    p.hit = document.elementFromPoint(p.x, p.y) === el;
    p.rect = [r.left, r.top, r.width, r.height];
    return p; }"""


def rgba(colour: str) -> list[int]:
    """``'#E4D3AE'`` -> ``[228, 211, 174, 255]``."""
    return [int(colour[i:i + 2], 16) for i in (1, 3, 5)] + [255]


def pixel(page: Any, canvas: Any, xy: tuple[float, float]) -> list[int]:
    result: list[int] = page.evaluate(JS_PIXEL, [canvas, round(xy[0]), round(xy[1])])
    return result


def wait_pixel(page: Any, canvas: Any, xy: tuple[float, float], colour: list[int], *,
               same: bool = True, timeout: float = 20_000) -> None:
    """Wait until the canvas pixel is (``same``) or is no longer (not ``same``) ``colour``."""
    page.wait_for_function(JS_PIXEL_IS, arg=[canvas, round(xy[0]), round(xy[1]), colour, same],
                           timeout=timeout)


def page_point(page: Any, canvas: Any, xy: tuple[float, float],
               tries: int = 60) -> tuple[float, float]:
    """Viewport coordinates of canvas pixel ``xy``, once the canvas stopped moving (Lab
    keeps scrolling after a run) and is what the pointer would hit there."""
    canvas.evaluate("el => el.scrollIntoView({block: 'center', inline: 'center'})")
    last = None
    for _ in range(tries):
        p = page.evaluate(JS_POINT, [canvas, xy[0], xy[1]])
        if last is not None and p["rect"] == last["rect"] and p["hit"]:
            return p["x"], p["y"]
        last = p
        page.wait_for_timeout(100)
    raise RuntimeError(f"canvas never stable and hit-testable: {last}")


def inside(plan: Any, cell: tuple[int, int], fx: float = 0.5,
           fy: float = 0.5) -> tuple[float, float]:
    """A canvas pixel inside ``cell``, at fraction ``(fx, fy)`` of it."""
    x, y, w, h = plan.cell_box(cell)
    return x + fx * w, y + fy * h


# -- whole-canvas and region checks, words, the kernel (the explorer widgets' tests) ------------

# FNV-1a over the RGBA words of a box of the canvas (the whole canvas by default), and how
# many colours it holds (counted up to 64): a blank canvas has one colour, a drawing many.
JS_FINGERPRINT = """([el, box]) => {
    const [x, y, w, h] = box || [0, 0, el.width, el.height];
    if (!w || !h) return {hash: 0, colours: 0};
    const d = new Uint32Array(el.getContext('2d').getImageData(x, y, w, h).data.buffer);
    let hash = 2166136261;
    const seen = new Set();
    for (let i = 0; i < d.length; i++) {
        hash = Math.imul(hash ^ d[i], 16777619) >>> 0;
        if (seen.size < 64) seen.add(d[i]);
    }
    return {hash, colours: seen.size};
}"""
JS_FINGERPRINT_IS = f"""([el, box, hash, same]) => {{
    const h = ({JS_FINGERPRINT})([el, box]).hash;
    return same ? h === hash : h !== hash;
}}"""
JS_DRAWN = f"([el, box, least]) => ({JS_FINGERPRINT})([el, box]).colours >= least"
Box = tuple[int, int, int, int]


def fingerprint(page: Any, canvas: Any, box: Box | None = None) -> int:
    """A hash of the canvas pixels in ``box`` (x, y, w, h; the whole canvas by default)."""
    found: dict[str, int] = page.evaluate(JS_FINGERPRINT, [canvas, box])
    return found["hash"]


def settled_fingerprint(page: Any, canvas: Any, *, quiet: float = 600,
                        timeout: float = 20_000) -> int:
    """The canvas' fingerprint once it has stopped changing for ``quiet`` ms. The browser
    draws a canvas message after a chain of promises (ipycanvas), so a kernel's answer sent
    after a drawing can be handled before that drawing shows: under load, a read right
    after it can catch the pixels of before."""
    step = 150
    last, since = fingerprint(page, canvas), 0.0
    for _ in range(int(timeout // step)):
        page.wait_for_timeout(step)
        now = fingerprint(page, canvas)
        if now != last:
            last, since = now, 0.0
        else:
            since += step
            if since >= quiet:
                return last
    raise AssertionError(f"canvas still changing after {timeout:.0f} ms")


def wait_fingerprint(page: Any, canvas: Any, hash_: int, *, box: Box | None = None,
                     same: bool = False, timeout: float = 20_000) -> None:
    """Wait until the pixels in ``box`` are no longer (or, ``same``, again) those that
    hashed to ``hash_``."""
    page.wait_for_function(JS_FINGERPRINT_IS, arg=[canvas, box, hash_, same], polling=100,
                           timeout=timeout)


def wait_drawn(page: Any, canvas: Any, *, box: Box | None = None, least: int = 3,
               timeout: float = 30_000) -> None:
    """Wait until the canvas (or ``box`` of it) holds at least ``least`` colours."""
    page.wait_for_function(JS_DRAWN, arg=[canvas, box, least], polling=100, timeout=timeout)


def cell_region(plan: Any, cell: tuple[int, int], inset: int = 3) -> Box:
    """The canvas pixels of a board cell, ``inset`` pixels in from its edges (so the
    neighbours' anti-aliasing stays out)."""
    x, y, w, h = plan.cell_box(cell)
    return (round(x) + inset, round(y) + inset, round(w) - 2 * inset, round(h) - 2 * inset)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def squash(text: str) -> str:
    """Runs of white space (no-break spaces too) made one space, ends trimmed."""
    return re.sub(r"\s+", " ", text).strip()


def html_text(value: str) -> str:
    """What the browser's ``textContent`` of an HTML widget's value reads, squashed."""
    parser = _Text()
    parser.feed(value)
    parser.close()
    return squash("".join(parser.parts))


JS_TEXT_IS = """([sel, want]) => Array.from(document.querySelectorAll(sel)).some(
    e => e.textContent.replace(/\\s+/g, ' ').trim() === want)"""
JS_TEXTS = """(sel) => Array.from(document.querySelectorAll(sel)).map(
    e => e.textContent.replace(/\\s+/g, ' ').trim())"""


def wait_text(page: Any, selector: str, text: str, timeout: float = 20_000) -> None:
    """Wait until an element matching ``selector`` reads exactly ``text`` (white space
    squashed); on a timeout, say what those elements read instead."""
    want = squash(text)
    try:
        page.wait_for_function(JS_TEXT_IS, arg=[selector, want], polling=100, timeout=timeout)
    except Exception as e:
        found = page.evaluate(JS_TEXTS, selector)
        raise AssertionError(f"{selector!r}: no element reads {want!r}; found {found}") from e


# ``settled``: a promise of the page run to its end without a page.evaluate waiting on it.
# settle_start(js) starts it and stores its outcome in window.__paleoSettled[key]; the
# test polls SETTLE_DONE (page.wait_for_function), then takes the outcome (SETTLE_TAKE).
def settle_start(js: str) -> str:
    """The page function ``([key, arg]) => ...`` that starts ``js(arg)`` and stores its
    outcome, ``{value}`` or ``{error}``, under ``key``."""
    return f"""([key, arg]) => {{
    const box = window.__paleoSettled || (window.__paleoSettled = {{}});
    box[key] = null;
    const run = {js};
    Promise.resolve().then(() => run(arg)).then(
        value => {{ box[key] = {{value}}; }},
        e => {{ box[key] = {{error: String(e && e.stack || e)}}; }});
}}"""


SETTLE_DONE = """(key) => !!(window.__paleoSettled && window.__paleoSettled[key])"""
SETTLE_TAKE = """(key) => { const out = window.__paleoSettled[key];
                              delete window.__paleoSettled[key]; return out; }"""
_settle_keys = itertools.count()


def settled(page: Any, js: str, arg: Any = None, timeout: float = 120_000) -> Any:
    """What the promise of ``js`` (the source of a JavaScript function of one argument)
    resolves to, run in ``page``; its rejection is raised here as an AssertionError.

    ``page.evaluate`` of a promise fails with "Resulting promise was garbage collected"
    when Chromium collects garbage while it waits (seen in CI on kernel calls of 2 s and
    on opening a lesson; holding the page's promise in a global did not help: the promise
    the inspector waits on is Playwright's own). Here no evaluate waits: the page runs
    the promise and stores its outcome, and the test polls for it."""
    key = f"k{next(_settle_keys)}"
    page.evaluate(settle_start(js), [key, arg])
    page.wait_for_function(SETTLE_DONE, arg=key, timeout=timeout, polling=100)
    out = page.evaluate(SETTLE_TAKE, key)
    if "error" in out:
        raise AssertionError(f"in the page: {out['error']}")
    return out.get("value")


# Run code in the kernel of the notebook on show (JupyterLab) and return what it printed:
# the kernel handles messages in order, so this also waits for the widget events sent
# before it (a key, a click) to be handled.
JS_KERNEL_RUN = """async ([code, ms]) => {
    const w = window.jupyterapp.shell.currentWidget;
    const kernel = w.sessionContext.session.kernel;
    let out = '', error = null;
    const future = kernel.requestExecute({code, silent: false, store_history: false});
    future.onIOPub = (msg) => {
        const t = msg.header.msg_type, c = msg.content;
        if (t === 'stream') out += c.text;
        else if (t === 'error') error = c.ename + ': ' + c.evalue;
    };
    const late = new Promise((_, fail) => setTimeout(() => fail(new Error('kernel: no reply in '
                                                                          + ms + ' ms')), ms));
    await Promise.race([future.done, late]);
    if (error) throw new Error(error);
    return out;
}"""


def kernel_run(page: Any, code: str, timeout: float = 30_000) -> str:
    """What ``code`` prints when run in the kernel of the JupyterLab notebook on show."""
    out: str = settled(page, JS_KERNEL_RUN, [code, timeout], timeout + 10_000)
    return out
