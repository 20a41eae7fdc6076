"""Keys belong to the board in Notebook 7 too (``jupyter notebook``, issue 11 item 1).

Notebook 7 is built on JupyterLab's parts, but its application reads keys on their way
down (no ``bubblingKeydown``): its shortcuts see a key before the board's canvas does, so
only Lumino's ``data-lm-suppress-shortcuts`` keeps them off (events.js). With the notebook
in command mode, as after running a cell, the pointer is put on the board (no click) and
every key a pupil may press there is pressed: R, F, the arrows, Enter, Esc, and the
notebook's own command keys Z X C V A B D D M Y and 1 to 9. No cell changes type, none is
added or deleted, and the keys act on the board (read in the kernel: the roll, the
rotation, the flip, the ghost's moves).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import harness as h
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell

pytestmark = pytest.mark.browser

CELL_TYPES = "() => window.jupyterapp.shell.currentWidget.content.widgets.map(w => w.model.type)"
ON_BOARD = "() => document.activeElement.classList.contains('paleo-board')"
# Notebook 7 (7.6.5) itself reports this on opening any notebook, one without a widget too
# (seen here with a notebook holding only `1+1`): not an error of ours.
NOTEBOOK7_OWN = "Cannot read properties of undefined (reading 'schema')"
COMMAND_KEYS = ["z", "x", "c", "v", "a", "b", "d", "d", "m", "y",
                "1", "2", "3", "4", "5", "6", "7", "8", "9"]


@contextmanager
def notebook7(root: Path) -> Iterator[h.Server]:
    """``jupyter notebook`` (Notebook 7) with the app on ``window.jupyterapp``."""
    port = h.free_port()
    cmd = [str(h.VENV_BIN / "jupyter"), "notebook", "--no-browser", "--ip=127.0.0.1",
           f"--port={port}", f"--IdentityProvider.token={h.TOKEN}",
           f"--ServerApp.root_dir={root}", "--JupyterNotebookApp.expose_app_in_browser=True",
           "--allow-root"]
    base = f"http://127.0.0.1:{port}"
    with h.serve(cmd, f"{base}/api/status?token={h.TOKEN}", base, root, "notebook7") as server:
        yield server


def board(page: Any) -> tuple[str, str, str, str]:
    """The play widget's anchor, orientation, roll and shape, read in the kernel."""
    out = h.kernel_run(page, "t = play.session.table\n"
                             "print(t.anchor, t.orientation, t.roll, t.shape, sep='|')")
    anchor, orientation, roll, shape = out.strip().split("|")
    return anchor, orientation, roll, shape


def offset(a: str, b: str) -> tuple[int, int]:
    """How far the anchor moved, from two printed cells like ``(5, 5)``."""
    (x0, y0), (x1, y1) = (map(int, c.strip("()").split(",")) for c in (a, b))
    return x1 - x0, y1 - y0


def test_notebook7_keys_on_the_hovered_board_never_reach_the_notebook(
        browser: Any, browser_root: Path) -> None:
    root = browser_root / "notebook7"
    root.mkdir()
    h.write_notebook(root / "keys.ipynb", [
        new_markdown_cell("# Keys"),
        new_code_cell("from paleowidgets.data import load_map\n"
                      "from paleowidgets.widgets import PlayWidget\n"
                      "play = PlayWidget(load_map('dig-site'), seed='TREX-1', save=False)\n"
                      "play"),
        new_code_cell(f"print({h.DONE!r})"),
        new_code_cell("1 + 1")])
    with notebook7(root) as server:
        page = h.new_page(browser)
        page.set_viewport_size({"width": 1366, "height": 768})
        try:
            page.goto(f"{server.url}/notebooks/keys.ipynb?token={h.TOKEN}",
                      wait_until="domcontentloaded")
            page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
            page.wait_for_function(h.JS_KERNEL_READY, timeout=90_000)
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            page.locator(".jp-OutputArea-output", has_text=h.DONE).first.wait_for(
                timeout=90_000)
            canvas = page.locator(".paleo-play canvas.paleo-board").first
            h.wait_drawn(page, canvas.element_handle())
            # command mode on the last cell, as after running it
            page.locator(".jp-Cell").last.locator(".jp-InputPrompt").click()
            page.keyboard.press("Escape")
            assert "jp-Cell" in page.evaluate("() => document.activeElement.className")
            page.locator(".paleo-play").first.evaluate(
                "el => el.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(300)
            types = page.evaluate(CELL_TYPES)
            b = canvas.bounding_box()
            assert b is not None
            page.mouse.move(b["x"] + b["width"] * 0.45, b["y"] + b["height"] * 0.45)
            page.wait_for_function(ON_BOARD)                   # no click: pointing is enough
            start = board(page)

            def press(key: str) -> tuple[str, str, str, str]:
                page.keyboard.press(key)
                now = board(page)          # the kernel has handled the key by now
                assert page.evaluate(CELL_TYPES) == types, f"{key} reached the notebook"
                assert page.evaluate(ON_BOARD), f"{key} took the keyboard off the board"
                return now

            rolled = press("Enter")                             # Enter rolls
            assert rolled[2] != start[2] and rolled[2] != "None", (start, rolled)
            moved = press("ArrowRight")                         # the ghost shows, moves
            assert moved[0] != rolled[0], (rolled, moved)
            turned = press("r")
            assert turned[1] != moved[1], (moved, turned)       # rotated
            flipped = press("f")
            assert flipped[1] != turned[1], (turned, flipped)   # flipped
            last = flipped
            for key, step in (("ArrowLeft", (-1, 0)), ("ArrowDown", (0, 1)),
                              ("ArrowUp", (0, -1)), ("ArrowRight", (1, 0))):
                now = press(key)
                assert offset(last[0], now[0]) == step, (key, last, now)
                last = now
            hidden = press("Escape")                            # Esc hides the ghost
            assert hidden[0] == "None", hidden
            for key in COMMAND_KEYS:
                press(key)
            assert board(page)[2] == rolled[2]                  # still the same round
            # the pointer leaves: the notebook has its keys back
            page.mouse.move(5, 400)
            page.wait_for_function(f"() => !({ON_BOARD})()")
            assert page.evaluate(CELL_TYPES) == types
        finally:
            page.screenshot(path=str(root / "notebook7-last.png"))
            errors = page.errors
            page.context.close()
    assert [e for e in errors if e != NOTEBOOK7_OWN] == [], errors
