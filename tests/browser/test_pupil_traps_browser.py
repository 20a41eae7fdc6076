"""The traps of a pupil's first minutes (issue 11), in headless Chromium at 1366x768.

JupyterLab, on a notebook laid out as the demo (the game, then the rules summary) and run
whole: one Tab from command mode reaches the board (it took 17 before: the cell's toolbar,
the side bars, the status bar, the menus); a shape that fits only turned says so on the
message line, with the keys; the Save button answers beside itself in a plain sentence, the
path only in its tooltip. Voila with touch emulation, in French: the message line and the
keys line speak of tapping (the main pointer is a finger), and with a mouse of keys.
The headless half is tests/test_pupil_traps.py."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import harness as h
import pytest
from nbformat.v4 import new_code_cell
from test_pupil_traps import TALL

from paleowidgets import i18n

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "lessons" / "demo-play.ipynb"
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
SCREEN = {"width": 1366, "height": 768}
ON_BOARD = ("() => !!document.activeElement"
            " && document.activeElement.classList.contains('paleo-board')")


def tall_cell(lang: str) -> str:
    return ("from paleowidgets.core.maps import parse_document\n"
            f"tall = PlayWidget(parse_document({TALL!r}), seed='TREX-1', lang={lang!r}, "
            "save=False)\n"
            "tall.add_class('test-tall')\n"
            "tall")


def done_cell(lang: str) -> str:
    """A game on the pit played out to its end (the summary, Save, Download, Replay)."""
    return ("from paleowidgets.core.maps import parse_document\n"
            f"done = PlayWidget(parse_document({h.PIT!r}), player='Ada', lang={lang!r}, "
            "save='traps-saves', ask_name=False)\n"
            "while not done.state.is_terminal:\n"
            "    done.roll_dice()\n"
            "    done.play_turn(next(done.state.legal_turns(done.roll, max_squares=0)))\n"
            "done.add_class('test-done')\n"
            "done")


def traps_notebook(path: Path) -> Path:
    """The demo's cells (the game, the rules summary), then a widget whose I fits only
    turned, one whose game is played out to its end, and the line the harness waits for."""
    nb = json.loads(DEMO.read_text(encoding="utf-8"))
    cells = [new_code_cell("".join(c["source"])) for c in nb["cells"]]
    cells += [new_code_cell(tall_cell("en")), new_code_cell(done_cell("en")),
              new_code_cell(f"print({h.DONE!r})")]
    return h.write_notebook(path, cells)


@pytest.fixture(scope="module")
def lab_page(browser: Any, lab: h.Server, browser_root: Path) -> Iterator[Any]:
    traps_notebook(browser_root / "traps.ipynb")
    page = h.new_page(browser)
    try:
        page.set_viewport_size(SCREEN)
        h.open_lab_notebook(page, lab, "traps.ipynb")
        for scope in (".test-tall", ".test-done"):
            h.wait_drawn(page, page.wait_for_selector(f"{PANEL} {scope} canvas.paleo-board",
                                                      state="attached"))
        yield page
    finally:
        page.screenshot(path=str(browser_root / "traps-lab-last.png"))
        errors = page.errors
        page.context.close()
    assert errors == [], errors


def test_lab_one_tab_from_command_mode_reaches_the_board(lab_page: Any,
                                                         browser_root: Path) -> None:
    page = lab_page
    # as after Run All: the last cell active, the notebook in command mode
    page.locator(f"{PANEL} .jp-Cell").last.locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    assert page.evaluate("() => document.activeElement.classList.contains('jp-Cell')")
    types = page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.content.widgets.map(w => w.model.type)")
    page.keyboard.press("Tab")
    page.wait_for_function(ON_BOARD, timeout=5_000)
    # the nearest board above the cell just run, shown and with its focus ring
    assert page.evaluate("() => !!document.activeElement.closest('.test-done')")
    board = page.locator(f"{PANEL} .test-done canvas.paleo-board")
    box = board.bounding_box()
    assert box is not None and box["y"] < SCREEN["height"] and box["y"] + box["height"] > 0
    page.screenshot(path=str(browser_root / "traps-lab-tab.png"))
    # from the demo's own cell, its board; Shift+Tab still leaves it the usual way
    page.locator(f"{PANEL} .jp-Cell").first.locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    page.wait_for_function(ON_BOARD, timeout=5_000)
    assert page.evaluate(f"""() => document.activeElement.closest('.jp-Cell')
        === document.querySelector('{PANEL} .jp-Cell')""")
    page.keyboard.press("Shift+Tab")
    page.wait_for_function(f"() => !({ON_BOARD})()", timeout=5_000)
    assert page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.content.widgets.map(w => w.model.type)"
    ) == types


def test_lab_a_shape_that_fits_only_turned_says_so_on_the_message_line(lab_page: Any) -> None:
    page = lab_page
    tall = f"{PANEL} .test-tall"
    page.locator(f"{tall} .paleo-roll").first.click()
    page.locator(f"{tall} button.paleo-pass:disabled").wait_for()
    line = page.locator(f"{tall} .paleo-message").first     # (made anew at every change)
    want = i18n.t("fits.rotated", "en", shape="I")
    # shown as it is (the words for a finger are in the line too, hidden from a mouse)
    page.wait_for_function("([sel, want]) => Array.from(document.querySelectorAll(sel)).some("
                           "e => e.innerText.trim() === want)",
                           arg=[f"{tall} .paleo-message", want], timeout=20_000)
    assert line.inner_text().strip() == want and line.is_visible()
    canvas = page.wait_for_selector(f"{tall} canvas.paleo-board", state="visible")
    size = canvas.evaluate("el => [el.width, el.height]")
    at = h.page_point(page, canvas, (size[0] / 2, size[1] / 2))   # in view, still, hit
    page.mouse.move(5, 5)
    page.mouse.move(*at)
    page.wait_for_function(ON_BOARD, timeout=5_000)
    page.keyboard.press("r")                                # standing: it fits there
    page.locator(f"{tall} .paleo-message.paleo-legal").wait_for()
    assert want not in line.inner_text()


def test_lab_save_answers_beside_its_button_without_a_path(lab_page: Any,
                                                          browser_root: Path) -> None:
    page = lab_page
    done = f"{PANEL} .test-done"
    save = page.locator(f"{done} .paleo-save").first
    save.scroll_into_view_if_needed()
    save.click()
    note = page.locator(f"{done} .paleo-save-note").first
    note.wait_for()
    text = note.inner_text().strip()
    assert text == i18n.t("saved.pupil", "en")
    assert "/" not in text and ".json" not in text
    assert "Ada.json" in (note.get_attribute("title") or "")        # for the teacher
    # beside the button: on its line, not in the column beside the board
    sb, nb = save.bounding_box(), note.bounding_box()
    assert sb is not None and nb is not None
    assert nb["y"] < sb["y"] + sb["height"] and sb["y"] < nb["y"] + nb["height"], (sb, nb)
    assert page.locator(f"{done} .paleo-side .paleo-save-note").count() == 0
    page.screenshot(path=str(browser_root / "traps-lab-saved.png"))


# -- Voila, a finger and a mouse ------------------------------------------------------------------

@pytest.fixture(scope="module")
def voila_fr(browser_root: Path) -> Iterator[h.Server]:
    site = browser_root / "traps-voila"
    site.mkdir(exist_ok=True)
    h.write_notebook(site / "tall-fr.ipynb", [
        new_code_cell("from paleowidgets import PlayWidget\n" + tall_cell("fr")),
        new_code_cell(done_cell("fr")),
        new_code_cell(f"asks = PlayWidget(parse_document({h.PIT!r}), lang='fr', "
                      "save='traps-saves', ask_name=True)\n"
                      "asks.add_class('test-asks')\n"
                      "asks")])
    with h.voila(site / "tall-fr.ipynb", browser_root) as server:
        yield server


@pytest.mark.parametrize("touch", [True, False], ids=["finger", "mouse"])
def test_voila_words_for_a_finger_or_a_mouse(browser: Any, voila_fr: h.Server, touch: bool,
                                             browser_root: Path) -> None:
    ctx = browser.new_context(viewport=SCREEN, device_scale_factor=1, has_touch=touch)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)[:300]))
    try:
        page.goto(f"{voila_fr.url}/", wait_until="domcontentloaded", timeout=90_000)
        h.wait_drawn(page, page.wait_for_selector(".test-tall canvas.paleo-board",
                                                  state="visible", timeout=90_000))
        roll = page.locator(".test-tall .paleo-roll").first
        roll.tap() if touch else roll.click()
        page.locator(".test-tall button.paleo-roll:disabled").wait_for()
        key = "fits.rotated.touch" if touch else "fits.rotated"
        want = i18n.t(key, "fr", shape="I")
        line = page.locator(".test-tall .paleo-message").first
        page.wait_for_function("([el, want]) => el.innerText.trim() === want",
                               arg=[line.element_handle(), want], timeout=20_000)
        keys = page.locator(".test-tall .paleo-keys-help").first.inner_text().strip()
        assert keys == i18n.t("keys.touch" if touch else "keys", "fr")
        name = "finger" if touch else "mouse"
        page.screenshot(path=str(browser_root / f"traps-voila-fr-{name}.png"))
    finally:
        ctx.close()
    assert errors == [], errors


def test_the_demo_is_the_notebook_measured() -> None:
    """The Tab count above is the demo's layout: its cells are the game, then the rules."""
    nb = json.loads(DEMO.read_text(encoding="utf-8"))
    sources = ["".join(c["source"]) for c in nb["cells"]]
    assert "PlayWidget(" in sources[0] and "rules_summary()" in sources[-1]


# Every control a finger may use: buttons, links, text fields, at least 44 px by 44 px
# (a text field as tall; its width is for the words).
JS_SMALL = """() => Array.from(document.querySelectorAll(
    '.paleo-widget button, .paleo-widget a, .paleo-widget input'))
    .filter(el => el.offsetParent !== null).map(el => {
        const r = el.getBoundingClientRect();
        return [Math.round(r.width), Math.round(r.height), el.tagName,
                (el.textContent || el.placeholder || '').trim().slice(0, 30)]; })
    .filter(([w, h, tag]) => h < 44 || (tag !== 'INPUT' && w < 44))"""


def test_voila_every_control_is_finger_sized(browser: Any, voila_fr: h.Server,
                                             browser_root: Path) -> None:
    ctx = browser.new_context(viewport=SCREEN, device_scale_factor=1, has_touch=True)
    page = ctx.new_page()
    try:
        page.goto(f"{voila_fr.url}/", wait_until="domcontentloaded", timeout=90_000)
        for scope in (".test-tall", ".test-done", ".test-asks"):
            page.wait_for_selector(f"{scope} canvas.paleo-board", state="visible",
                                   timeout=90_000)
        page.locator(".test-done .paleo-download").wait_for()
        page.locator(".test-asks .paleo-name input").wait_for()
        small = page.evaluate(JS_SMALL)
        page.screenshot(path=str(browser_root / "traps-voila-fr-finger-sizes.png"),
                        full_page=True)
        assert small == [], f"controls under 44 px for a finger: {small}"
    finally:
        ctx.close()
