"""The puzzle studio in a real browser (headless Chromium, JupyterLab, 1366x768): draw a
small puzzle with the mouse and the keys, see a broken map rule outlined on the board and
said in words, type the rolls, prove it, save it, change it, open the saved file again.

Every step is checked three ways: the canvas pixels change where they should, the words
in the page say what the same steps say without a browser, and the kernel's editor holds
the same draft (read through the kernel). The expected pictures and texts come from an
editor built here and driven through its Python API by the same steps.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import harness as h
import pytest

from paleowidgets.cli import main
from paleowidgets.core.files import load_file
from paleowidgets.core.maps import Puzzle
from paleowidgets.widgets.editor import PuzzleEditor

pytestmark = pytest.mark.browser

NOTEBOOK = "editor.ipynb"
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
SCOPE = f"{PANEL} .paleo-editor"
SETUP = "from paleowidgets.widgets.editor import PuzzleEditor\n"
MAKE = 'ed = PuzzleEditor(width=7, height=7, lang="en", cell_size=40, time_limit=60)'
C3, D3, F5 = (2, 2), (3, 2), (5, 4)


@pytest.fixture(scope="module")
def page(browser: Any, lab: h.Server, browser_root: Path) -> Iterator[Any]:
    from nbformat.v4 import new_code_cell

    cells = [new_code_cell(SETUP + MAKE + "\ned"), new_code_cell(f"print({h.DONE!r})")]
    h.write_notebook(browser_root / NOTEBOOK, cells)
    with h.lab_notebook_page(browser, lab, NOTEBOOK, viewport={"width": 1366, "height": 768},
                             screenshot=browser_root / "editor-last.png") as page:
        yield page


def kernel(page: Any, expr: str) -> str:
    return h.kernel_run(page, f"print({expr})").strip()


def cell_types(page: Any) -> list[str]:
    types: list[str] = page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.content.widgets.map(w => w.model.type)")
    return types


def status(page: Any, local: PuzzleEditor, words: str | None = None) -> None:
    """Wait until the page's status line says ``words``, by default what the local
    editor's says (up to the first parenthesis: the seconds a proof took differ)."""
    if words is None:
        words = h.html_text(local.status.value).split(" (")[0]
    page.locator(f"{SCOPE} .widget-html-content p", has_text=words).wait_for(timeout=90_000)


def test_draw_prove_save_reopen(page: Any, browser_root: Path) -> None:
    local = eval(MAKE.split("= ", 1)[1], {"PuzzleEditor": PuzzleEditor})
    plan = local.board.plan
    canvas = page.wait_for_selector(f"{SCOPE} canvas.paleo-board", state="visible",
                                    timeout=60_000)
    h.wait_drawn(page, canvas)
    box = canvas.bounding_box()
    assert box is not None and box["width"] <= 1366
    cells_before = cell_types(page)

    # mouse: a press on C3 paints fossil A (the brush it starts with)
    region = {c: h.cell_region(plan, c) for c in (C3, D3, F5)}
    shown = {c: h.fingerprint(page, canvas, r) for c, r in region.items()}
    page.mouse.click(*h.page_point(page, canvas, h.inside(plan, C3)))
    local.paint(C3)
    assert kernel(page, "sorted(ed.draft.cells.items())") == "[((2, 2), 'A')]"
    h.wait_fingerprint(page, canvas, shown[C3], box=region[C3])

    # keys (the board has the focus from the press): → then "b" paints fossil B on D3,
    # side by side with A: the rule is outlined on the board and said in words
    page.keyboard.press("ArrowRight")
    page.keyboard.press("b")
    local.key("ArrowRight")
    local.key("b")
    assert kernel(page, "[p.rule for p in ed.problems()]") == \
        str([p.rule for p in local.problems()])
    assert "fossils-adjacent" in [p.rule for p in local.problems()]
    page.wait_for_selector(f"{SCOPE} li.paleo-editor-problem[data-rule='fossils-adjacent']",
                           timeout=20_000)
    h.wait_fingerprint(page, canvas, shown[D3], box=region[D3])
    # "a" then Space: A again on D3; the problem goes
    page.keyboard.press("a")
    local.key("a")
    page.wait_for_selector(f"{SCOPE} li.paleo-editor-problem[data-rule='fossils-adjacent']",
                           state="detached", timeout=20_000)
    assert cell_types(page) == cells_before          # no key leaked to the notebook

    # the star brush, then a click on F5
    page.locator(f"{SCOPE} button", has_text="Star ★").click()
    page.mouse.click(*h.page_point(page, canvas, h.inside(plan, F5)))
    local.set_brush("*")
    local.paint(F5)
    assert kernel(page, "sorted(ed.draft.cells.items())") == \
        str(sorted(local.draft.cells.items()))
    h.wait_fingerprint(page, canvas, shown[F5], box=region[F5])

    # the rolls, typed in the Puzzle tab
    page.locator(f"{SCOPE} .lm-TabBar-tab", has_text="Puzzle").click()
    page.locator(f"{SCOPE} input[placeholder='25 14 63']").fill("25 14 63")
    local.set_rolls("25 14 63")
    assert kernel(page, "ed.draft.rolls") == "[(2, 5), (1, 4), (6, 3)]"
    page.wait_for_selector(f"{SCOPE} .paleo-editor-ok", timeout=20_000)
    drawn = h.fingerprint(page, canvas)

    # Prove: the progress bar and the proven optimum
    page.locator(f"{SCOPE} button", has_text="Prove").click()
    solution = local.prove()
    assert solution is not None and solution.proven
    status(page, local)
    assert kernel(page, "ed.draft.optimum") == str(solution.optimum)
    page.wait_for_selector(f"{SCOPE} .progress-bar-success", timeout=20_000)

    # Save it
    page.locator(f"{SCOPE} input[placeholder='my-puzzle.toml']").fill("made.toml")
    page.locator(f"{SCOPE} button", has_text="Save").click()
    saved = browser_root / "made.toml"
    local.save(saved)
    status(page, local, local.t("editor.save.done", path="made.toml"))
    back = load_file(saved)
    assert isinstance(back, Puzzle) and back == local.puzzle()
    assert back.optimum == solution.optimum and not back.is_draft
    assert main(["puzzles", "verify", str(saved)]) == 0

    # change it (a star on C5), then Open the saved file: the board is as it was saved
    page.locator(f"{SCOPE} .lm-TabBar-tab", has_text="Paint").click()
    page.mouse.click(*h.page_point(page, canvas, h.inside(plan, (2, 4))))
    local.paint((2, 4))
    assert kernel(page, "ed.draft.optimum") == "None"     # a change forgets the proof
    h.wait_fingerprint(page, canvas, drawn)
    page.locator(SCOPE).get_by_role("button", name="Open", exact=True).click()
    local.load(saved)
    status(page, local)
    assert h.kernel_run(page, "from paleowidgets.core.files import load_file\n"
                        "print(ed.puzzle() == load_file('made.toml'))").strip() == "True"
    # the cursor stayed on C5: three steps right bring it back to F5, as when it was saved
    canvas.focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
        local.key("ArrowRight")
    assert kernel(page, "ed.cursor") == str(local.cursor) == "(5, 4)"
    h.wait_fingerprint(page, canvas, drawn, same=True)
    assert cell_types(page) == cells_before
