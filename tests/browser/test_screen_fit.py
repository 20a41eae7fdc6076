"""Everything a turn needs on one school screen, during the hardest turn: the star (bonus)
choice, in English, French and Korean (their words are longer), in headless Chromium.

JupyterLab at 1366x768 and 1280x800, with the file browser open and closed, and Voila at
1024x768: with the widget's top at the top of the scrolling area, the bounding box of the
roll, the dice, the shapes, the dig types, the board, the score, the message and the star
choice each lies inside the notebook panel (the window in Voila). The bonuses show once,
as the bonus track.

A press on the widget's words (the score, the message) keeps the keys off the notebook.
And the screen reader's live region (events.js): one element per widget that stays the
same across moves while the message line under it is re-created, its text following the
message.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import harness as h
import pytest
from nbformat.v4 import new_code_cell

pytestmark = pytest.mark.browser

LANGS = ("en", "fr", "ko")
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
SCROLLER = f"{PANEL} .jp-WindowedPanel-outer"
# A play widget on the dig site whose first placement on a star that offers a choice of
# bonuses is made (in the kernel, before the widget is shown): the star choice is on show.
STAR_READY = '''
from paleowidgets.core.maps import parse_document
from paleowidgets.data import load_map
from paleowidgets.widgets import PlayWidget

def star_ready(lang):
    play = PlayWidget(load_map("dig-site"), seed="TREX-1", lang=lang, save=False)
    s, g = play.session, play.game
    for _ in range(g.rounds):
        play.roll_dice()
        for shape in dict.fromkeys(sp for sp, _ in s.choices()):
            s.select(shape)
            for cell in ((x, y) for y in range(g.height) for x in range(g.width)):
                s.hover(cell)
                c = s.candidate()
                if c is not None and c.legal and c.stars and len(s.star_options(c)) > 1:
                    play.hover(None)
                    play.select(shape)
                    play.click(cell)
                    assert play.session.table.pending is not None
                    play.add_class(f"test-{lang}")
                    return play
        play.pass_round()
    raise AssertionError("no placement on a star in the whole game")
'''
LIVE_CELL = (f"live = PlayWidget(parse_document({h.PIT!r}), save=False)\n"
             "live.add_class('test-live')\n"
             "live")


def notebook() -> list[Any]:
    return [new_code_cell(STAR_READY),
            *(new_code_cell(f"star_ready({lang!r})") for lang in LANGS),
            new_code_cell(LIVE_CELL), new_code_cell(f"print({h.DONE!r})")]


def parts(scope: str) -> dict[str, str]:
    """What the star choice's turn needs on screen, by selector."""
    return {"roll": f"{scope} .paleo-roll", "dice": f"{scope} span.paleo-dice",
            "shapes": f"{scope} .paleo-shapes", "digs": f"{scope} .paleo-digs",
            "board": f"{scope} canvas.paleo-board", "score": f"{scope} .paleo-score-total",
            "message": f"{scope} .paleo-message", "star choice": f"{scope} .paleo-stars"}


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return dict(found)


def top_of(page: Any, selector: str) -> None:
    """Scroll the element's top to the top of its scrolling area; wait until it stays."""
    page.locator(selector).first.evaluate("el => el.scrollIntoView({block: 'start'})")
    last = None
    for _ in range(50):
        now = [page.locator(selector).first.bounding_box(),
               page.locator(f"{selector} canvas.paleo-board").first.bounding_box()]
        if now == last:
            return
        last = now
        page.wait_for_timeout(100)


def assert_inside(page: Any, scope: str, area: dict[str, float], what: str) -> None:
    """Each part's box inside ``area`` (1 px of rounding), all failures named at once."""
    out = []
    for name, selector in parts(scope).items():
        b = box(page, selector)
        if not (b["x"] >= area["x"] - 1 and b["y"] >= area["y"] - 1
                and b["x"] + b["width"] <= area["x"] + area["width"] + 1
                and b["y"] + b["height"] <= area["y"] + area["height"] + 1):
            out.append(f"{name} {b}")
    assert out == [], f"{what}: outside {area}: {out}"


def assert_bonuses_once(page: Any, scope: str) -> None:
    """The bonus track shows the bonuses; the score panel no longer lists them."""
    assert page.locator(f"{scope} img.paleo-bonus-track").count() == 1
    assert page.locator(f"{scope} .paleo-score b").count() == 1     # only "Score N"


@pytest.fixture(scope="module")
def fit_notebook(browser_root: Path) -> str:
    h.write_notebook(browser_root / "screen-fit.ipynb", notebook())
    return "screen-fit.ipynb"


@pytest.fixture(scope="module")
def lab_page(browser: Any, lab: h.Server, fit_notebook: str,
             browser_root: Path) -> Iterator[Any]:
    page = h.new_page(browser)
    try:
        page.set_viewport_size({"width": 1366, "height": 768})
        h.open_lab_notebook(page, lab, fit_notebook)
        for lang in LANGS:
            page.locator(f"{PANEL} .test-{lang} .paleo-stars .jupyter-button").first.wait_for()
        yield page
    finally:
        page.screenshot(path=str(browser_root / "screen-fit-lab-last.png"))
        errors = page.errors
        page.context.close()
    assert errors == [], errors


def file_browser(page: Any, shown: bool) -> None:
    if shown:
        page.evaluate("() => window.jupyterapp.shell.activateById('filebrowser')")
        page.locator("#filebrowser").wait_for(state="visible")
        assert box(page, "#filebrowser")["width"] >= 200
    else:
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        page.locator("#filebrowser").wait_for(state="hidden")


@pytest.mark.parametrize("browser_open", [True, False], ids=["file-browser", "no-side-bar"])
@pytest.mark.parametrize("size", [(1366, 768), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_lab_the_star_choice_turn_fits_the_panel(lab_page: Any, size: tuple[int, int],
                                                 browser_open: bool,
                                                 browser_root: Path) -> None:
    page = lab_page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    file_browser(page, browser_open)
    for lang in LANGS:
        scope = f"{PANEL} .test-{lang}"
        top_of(page, scope)
        panel = box(page, SCROLLER)
        name = f"lab-{size[0]}x{size[1]}-{'files' if browser_open else 'bare'}-{lang}"
        page.screenshot(path=str(browser_root / f"screen-fit-{name}.png"))
        assert_inside(page, scope, panel, name)
        assert_bonuses_once(page, scope)


def test_lab_the_live_region_stays_while_the_message_line_is_recreated(
        lab_page: Any) -> None:
    page = lab_page
    page.set_viewport_size({"width": 1366, "height": 768})
    scope = f"{PANEL} .test-live"
    top_of(page, scope)
    live = page.locator(f"{scope} .paleo-live")
    assert live.count() == 1
    assert live.evaluate("el => [el.getAttribute('role'), el.getAttribute('aria-live')]") \
        == ["status", "polite"]
    region = live.element_handle()
    b = box(page, f"{scope} canvas.paleo-board")
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)     # no click
    page.wait_for_function("() => document.activeElement.classList.contains('paleo-board')")
    said = []
    for key in ("Enter", "ArrowRight"):         # roll, then move the ghost: two new messages
        message = page.locator(f"{scope} .paleo-message").element_handle()
        before = message.evaluate("el => el.textContent.trim()")
        page.keyboard.press(key)
        page.wait_for_function("([m, t]) => !m.isConnected || m.textContent.trim() !== t",
                               arg=[message, before])
        now = page.locator(f"{scope} .paleo-message").element_handle()
        # ipywidgets made a new message line (why it cannot be the live region) ...
        assert not now.evaluate("(el, old) => el === old", message)
        # (the words shown: a line may also hold the words for a finger, hidden here)
        text = now.evaluate("el => el.innerText.replace(/\\s+/g, ' ').trim()")
        # ... and the live region is the same element, saying the new message
        page.wait_for_function("([r, t]) => r.textContent === t", arg=[region, text])
        assert live.evaluate("(el, r) => el === r", region)
        said.append(text)
    assert said[0] != said[1] and all(said), said


CELL_TYPES = "() => window.jupyterapp.shell.currentWidget.content.widgets.map(w => w.model.type)"
ON_BOARD = "() => document.activeElement.classList.contains('paleo-board')"


def test_lab_a_press_on_the_widgets_words_keeps_the_keys_off_the_notebook(
        lab_page: Any) -> None:
    """A click on the score (text, no control) used to focus the cell in command mode,
    where M made it a Markdown cell and the widget vanished: the board takes the focus."""
    page = lab_page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.mouse.move(5, 400)                              # the pointer on no board
    scope = f"{PANEL} .test-live"
    top_of(page, scope)
    types = page.evaluate(CELL_TYPES)
    for words in (".paleo-score-label", ".paleo-message"):
        page.locator(f"{scope} {words}").first.click()
        page.wait_for_function(ON_BOARD)
        for key in ("m", "y", "r", "a", "b"):
            page.keyboard.press(key)
        h.kernel_run(page, "pass")                       # the kernel has had the keys
        assert page.evaluate(CELL_TYPES) == types, f"a key after a press on {words}"
        page.keyboard.press("Escape")


# -- Voila -----------------------------------------------------------------------------------

def test_voila_the_star_choice_turn_fits_the_window(browser: Any, fit_notebook: str,
                                                    browser_root: Path) -> None:
    size = {"width": 1024, "height": 768}
    with h.voila(browser_root / fit_notebook, browser_root) as server:
        ctx = browser.new_context(viewport=size, device_scale_factor=1)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)[:300]))
        try:
            page.goto(f"{server.url}/", wait_until="domcontentloaded", timeout=90_000)
            for lang in LANGS:
                page.locator(f".test-{lang} .paleo-stars .jupyter-button").first.wait_for(
                    timeout=90_000)
            window = {"x": 0, "y": 0, **size}
            for lang in LANGS:
                scope = f".test-{lang}"
                top_of(page, scope)
                page.screenshot(path=str(browser_root / f"screen-fit-voila-{lang}.png"))
                assert_inside(page, scope, window, f"voila-1024x768-{lang}")
                assert_bonuses_once(page, scope)
            hints = key_hints(page)                          # a mouse: the keys 1, 2 ...
            assert len(hints) == 2 and all("counter(paleo-key)" in c for c in hints), hints
        finally:
            ctx.close()
        # a finger: no key to press, the buttons' words alone (play.py, events.css)
        ctx = browser.new_context(viewport=size, device_scale_factor=1, has_touch=True)
        page = ctx.new_page()
        try:
            page.goto(f"{server.url}/", wait_until="domcontentloaded", timeout=90_000)
            page.locator(".test-en .paleo-stars .jupyter-button").first.wait_for(
                timeout=90_000)
            assert key_hints(page) == ["none", "none"]
        finally:
            ctx.close()
    assert errors == [], errors


def key_hints(page: Any) -> list[str]:
    """What shows before the words of the first two star choices (CSS generated content:
    events.css numbers them with a counter)."""
    hints: list[str] = page.evaluate("""() => Array.from(document.querySelectorAll(
        '.test-en .paleo-stars .jupyter-button')).slice(0, 2)
        .map(b => getComputedStyle(b, '::before').content)""")
    return hints
