"""The play widget as a pupil meets it, in headless Chromium (issue 11, items 1 to 3).

JupyterLab at 1366x768 and 1280x800: keys pressed while the pointer is on the board, with
no click first, act on the board and leave the notebook's cells alone (no cell changes
type, none is added or deleted); the board shows its focus ring; the widget, from its top
to the score, the message and the star choice, fits the notebook panel; the wheel over the
board scrolls the notebook. Voila at 1024x768 (and at 1366x768), in English, French and
Korean: everything a turn needs fits the window; a whole game played by keyboard alone
(Tab to the controls, keys on the board); with touch emulation, a tap shows the preview,
a second tap places it once, a drag moves it, every button is at least 44 px.

What the kernel must do is known here from a :class:`PlaySession` on the same map and
rolls (the mirror), driven by the same keys.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import harness as h
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell

from paleowidgets.core.geometry import Cell
from paleowidgets.core.maps import parse_document
from paleowidgets.core.session import PlaySession
from paleowidgets.data import load_map
from paleowidgets.render.canvas import BoardPlan, plan_board
from paleowidgets.render.sheet import sheet_of
from paleowidgets.render.style import sheet_labels
from paleowidgets.widgets.board import resolution_for, unit_for
from paleowidgets.widgets.keeping import play_robot

pytestmark = pytest.mark.browser

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
SCROLLER = f"{PANEL} .jp-WindowedPanel-outer"
SEED = "TREX-1"
LAB_SIZES = [(1366, 768), (1280, 800)]
CELL_TYPES = "() => window.jupyterapp.shell.currentWidget.content.widgets.map(w => w.model.type)"
ACTIVE = """() => { const a = document.activeElement;
    return {tag: a.tagName, cls: a.className || '', text: (a.textContent || '').trim(),
            outline: getComputedStyle(a).outlineStyle,
            width: parseFloat(getComputedStyle(a).outlineWidth)}; }"""
# Every key JupyterLab's command mode binds that a pupil may hit on the board: cell types,
# insert, delete, cut, copy, paste, undo, run.
LAB_KEYS = ["r", "m", "y", "a", "b", "d", "d", "x", "c", "v", "z", "Shift+Enter",
            "Enter", "Escape"]


def play_cell(lang: str) -> str:
    return ("from paleowidgets.core.maps import parse_document\n"
            "from paleowidgets.data import load_map\n"
            "from paleowidgets.widgets import PlayWidget\n"
            f"play = PlayWidget(load_map('dig-site'), seed={SEED!r}, lang={lang!r})\n"
            "play")


def pit_cell(lang: str) -> str:
    return (f"pit = PlayWidget(parse_document({h.PIT!r}), lang={lang!r})\n"
            "pit.add_class('test-pit')\n"
            "pit")


def notebook(lang: str) -> list[Any]:
    return [new_markdown_cell("# Dig site"), new_code_cell(play_cell(lang)),
            new_code_cell(pit_cell(lang)), new_code_cell(f"print({h.DONE!r})"),
            new_code_cell("1 + 1")]


def dig_site_plan(lang: str = "en") -> BoardPlan:
    session = PlaySession(load_map("dig-site"), seed=SEED)
    # the board's own unit (cell_size 48, at resolution 1 on these pages of device scale
    # factor 1): board.py's plan
    return plan_board(sheet_of(session.state), cell_size=unit_for(48, resolution_for(1)),
                      labels=sheet_labels(lang))


# -- geometry checks -----------------------------------------------------------------------------

def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return dict(found)


def within(inner: dict[str, float], outer: dict[str, float], what: str) -> None:
    """``inner`` lies inside ``outer`` (1 px of rounding allowed)."""
    assert inner["x"] >= outer["x"] - 1 and inner["y"] >= outer["y"] - 1, (what, inner, outer)
    assert inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 1, (what, inner, outer)
    assert inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 1, (what, inner, outer)


def turn_parts(scope: str) -> dict[str, str]:
    """What a turn needs on screen, by selector."""
    return {"board": f"{scope} canvas.paleo-board", "roll": f"{scope} .paleo-roll",
            "shapes": f"{scope} .paleo-shapes", "digs": f"{scope} .paleo-digs",
            "message": f"{scope} .paleo-message", "score": f"{scope} .paleo-score-total",
            "pass": f"{scope} .paleo-pass", "undo": f"{scope} .paleo-undo"}


def assert_turn_fits(page: Any, scope: str, area: dict[str, float]) -> dict[str, Any]:
    """Every part of a turn inside ``area``; the board undistorted. Returns the boxes."""
    boxes = {name: box(page, sel) for name, sel in turn_parts(scope).items()}
    for name, b in boxes.items():
        within(b, area, name)
    canvas = page.locator(f"{scope} canvas.paleo-board").first
    w, hgt = canvas.evaluate("el => [el.width, el.height]")
    board = boxes["board"]
    assert abs(board["width"] / board["height"] - w / hgt) < 0.02, (board, w, hgt)
    return boxes


def settle(page: Any, selector: str) -> None:
    """Wait until the element stops moving (Lab scrolls after a run, fonts load...)."""
    last = None
    for _ in range(50):
        now = page.locator(selector).first.bounding_box()
        if now == last:
            return
        last = now
        page.wait_for_timeout(100)


# -- JupyterLab ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def lab_page(browser: Any, lab: h.Server, browser_root: Path) -> Iterator[Any]:
    h.write_notebook(browser_root / "classroom.ipynb", notebook("en"))
    page = h.new_page(browser)
    try:
        page.set_viewport_size({"width": 1366, "height": 768})
        h.open_lab_notebook(page, lab, "classroom.ipynb")
        h.wait_drawn(page, page.wait_for_selector(f"{PANEL} .paleo-play canvas.paleo-board",
                                                  state="visible"))
        yield page
    finally:
        page.screenshot(path=str(browser_root / "classroom-lab-last.png"))
        errors = page.errors
        page.context.close()
    assert errors == [], errors


def command_mode_on_last_cell(page: Any) -> None:
    """As after running a cell: the notebook has the focus, in command mode."""
    page.locator(f"{PANEL} .jp-Cell").last.locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    assert "jp-Cell" in page.evaluate(ACTIVE)["cls"]


def top_of(page: Any, selector: str) -> None:
    page.locator(selector).first.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page, selector)


def kernel_table(page: Any) -> tuple[str, str, str]:
    """The play widget's anchor, orientation and roll, read in the kernel."""
    out = h.kernel_run(page, "t = play.session.table\n"
                             "print(t.anchor, '|', t.orientation, '|', t.roll)")
    anchor, orientation, roll = (part.strip() for part in out.split("|"))
    return anchor, orientation, roll


@pytest.mark.parametrize("size", LAB_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_lab_keys_on_the_hovered_board_never_reach_the_notebook(
        lab_page: Any, size: tuple[int, int], browser_root: Path) -> None:
    page = lab_page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    play = f"{PANEL} .paleo-play"
    canvas = page.locator(f"{play} canvas.paleo-board").first
    command_mode_on_last_cell(page)
    top_of(page, play)
    types = page.evaluate(CELL_TYPES)
    anchor, orientation, roll = kernel_table(page)
    b = box(page, f"{play} canvas.paleo-board")
    page.mouse.move(b["x"] + b["width"] * 0.45, b["y"] + b["height"] * 0.45)   # no click
    page.wait_for_function("() => document.activeElement.classList.contains('paleo-board')")
    focus = page.evaluate(ACTIVE)
    assert focus["outline"] == "solid" and focus["width"] >= 3, focus          # the ring
    page.screenshot(path=str(browser_root / f"classroom-lab-hover-{size[0]}x{size[1]}.png"))
    for k in LAB_KEYS:
        page.keyboard.press(k)
    page.keyboard.press("ArrowRight")
    after = kernel_table(page)          # the kernel has handled every key sent before
    assert page.evaluate(CELL_TYPES) == types, "a key reached the notebook"
    assert after[1] != orientation or after[0] != anchor or after[2] != roll, (
        "the keys did nothing on the board")
    # the pointer leaves: the notebook gets its focus back (its own keys work again)
    page.mouse.move(5, size[1] // 2)
    page.wait_for_function("() => !document.activeElement.classList.contains('paleo-board')")
    assert "jp-Cell" in page.evaluate(ACTIVE)["cls"]
    assert canvas.evaluate("el => el.closest('[data-lm-suppress-shortcuts]') !== null")


@pytest.mark.parametrize("size", LAB_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_lab_a_turn_fits_the_notebook_panel(lab_page: Any, size: tuple[int, int],
                                             browser_root: Path) -> None:
    page = lab_page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    play = f"{PANEL} .paleo-play"
    if page.locator(f"{play} .paleo-roll").first.is_enabled():
        page.locator(f"{play} .paleo-roll").first.click()
    page.locator(f"{play} span.paleo-dice").first.wait_for()
    top_of(page, play)
    settle(page, f"{play} canvas.paleo-board")
    panel = box(page, SCROLLER)
    boxes = assert_turn_fits(page, play, panel)
    # the board uses the height it has: at least 80 % of the panel's
    assert boxes["board"]["height"] >= 0.8 * panel["height"], (boxes["board"], panel)
    page.screenshot(path=str(browser_root / f"classroom-lab-{size[0]}x{size[1]}.png"))


def test_lab_star_choice_fits_and_a_digit_takes_it(lab_page: Any) -> None:
    page = lab_page
    page.set_viewport_size({"width": 1366, "height": 768})
    play = f"{PANEL} .paleo-play"
    # in the kernel's own game, wherever the tests above left it: a legal placement on a
    # star that offers a choice of bonuses (the same search as here, on its session)
    source = inspect.getsource(star_placement)
    out = h.kernel_run(page, "from __future__ import annotations\n"
                             "from paleowidgets.core.geometry import IDENTITY\n"
                             "play.cancel()\n"
                             "for i in range(8):\n"
                             "    if play.session.table.orientation == IDENTITY: break\n"
                             "    play.rotate()\n"
                             "    if i == 3: play.flip()\n"
                             "play.roll_dice()\n"
                             f"{source}\n"
                             "cell, shape = star_placement(play.session)\n"
                             "play.hover(None)\nplay.select(shape)\nplay.click(cell)\n"
                             "print(play.state.round, play.session.table.pending is not None)")
    round_, pending = out.split()
    assert pending == "True", out
    page.locator(f"{play} .paleo-stars .jupyter-button").first.wait_for()
    top_of(page, play)
    panel = box(page, SCROLLER)
    # (in en, fr and ko, beside the file browser or not: test_screen_fit.py)
    for name, sel in {**turn_parts(play), "star choice": f"{play} .paleo-stars"}.items():
        within(box(page, sel), panel, name)
    b = box(page, f"{play} canvas.paleo-board")
    page.mouse.move(b["x"] + 40, b["y"] + 40)
    page.wait_for_function("() => document.activeElement.classList.contains('paleo-board')")
    page.keyboard.press("1")                             # the first bonus, by its number
    out = h.kernel_run(page, "print(play.state.round, play.session.table.pending)")
    assert out.split() == [str(int(round_) + 1), "None"], out


def star_placement(session: PlaySession) -> tuple[Cell, str]:
    """A cell and shape of the roll whose placement is legal, covers a star and offers more
    than one bonus."""
    g = session.game
    for shape in dict.fromkeys(s for s, _ in session.choices()):
        session.select(shape)
        for y in range(g.height):
            for x in range(g.width):
                session.hover((x, y))
                c = session.candidate()
                if c is not None and c.legal and c.stars and len(session.star_options(c)) > 1:
                    return (x, y), shape
    raise AssertionError("no placement on a star with this roll")


def test_lab_the_wheel_over_the_board_scrolls_the_notebook(lab_page: Any) -> None:
    page = lab_page
    play = f"{PANEL} .paleo-play"
    top_of(page, play)
    b = box(page, f"{play} canvas.paleo-board")
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    before = page.locator(SCROLLER).evaluate("el => el.scrollTop")
    page.mouse.wheel(0, 240)
    page.wait_for_function(f"() => document.querySelector({SCROLLER!r}).scrollTop > {before}")


# -- Voila -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def voila_site(browser_root: Path) -> Iterator[h.Server]:
    """One Voila server for the folder of the three pages (en, fr, ko)."""
    site = browser_root / "classroom-voila"
    site.mkdir(exist_ok=True)
    for lang in ("en", "fr", "ko"):
        h.write_notebook(site / f"classroom-{lang}.ipynb", notebook(lang))
    with h.voila(site, browser_root) as server:
        yield server


def open_voila(browser: Any, server: h.Server, lang: str, size: tuple[int, int], *,
               touch: bool = False) -> Any:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]},
                              device_scale_factor=1, has_touch=touch)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)[:300]))
    page.goto(f"{server.url}/voila/render/classroom-{lang}.ipynb",
              wait_until="domcontentloaded", timeout=90_000)
    for scope in (".paleo-play:not(.test-pit)", ".test-pit"):
        h.wait_drawn(page, page.wait_for_selector(f"{scope} canvas.paleo-board",
                                                  state="visible", timeout=90_000))
    return page


def close(page: Any) -> None:
    errors = page.errors
    page.context.close()
    assert errors == [], errors


@pytest.mark.parametrize(("lang", "size"), [("en", (1024, 768)), ("fr", (1024, 768)),
                                            ("ko", (1024, 768)), ("en", (1366, 768))],
                         ids=["en-1024x768", "fr-1024x768", "ko-1024x768", "en-1366x768"])
def test_voila_a_turn_fits_the_window(browser: Any, voila_site: h.Server, lang: str,
                                      size: tuple[int, int], browser_root: Path) -> None:
    page = open_voila(browser, voila_site, lang, size)
    try:
        play = ".paleo-play:not(.test-pit)"
        page.locator(f"{play} .paleo-roll").first.click()
        page.locator(f"{play} span.paleo-dice").first.wait_for()
        top_of(page, play)
        window = {"x": 0, "y": 0, "width": size[0], "height": size[1]}
        boxes = assert_turn_fits(page, play, window)
        assert boxes["board"]["height"] >= 0.75 * size[1], boxes["board"]
        page.screenshot(path=str(browser_root / f"classroom-voila-{lang}-{size[0]}x{size[1]}"
                                                ".png"))
    finally:
        close(page)


ON_PIT_BOARD = """() => { const a = document.activeElement;
    return !!a && a.classList.contains('paleo-board') && !!a.closest('.test-pit'); }"""
ON_BUTTON = """([sel, text]) => { const a = document.activeElement;
    return !!a && a.matches(sel) && a.textContent.trim() === text; }"""
FOCUSED = """() => { const a = document.activeElement; if (!a || !a.closest('.test-pit'))
    return null; return a.tagName + ' ' + (a.className || '') + ' ' + a.textContent.trim(); }"""


def tab_until(page: Any, js: str, arg: Any = None, *, back: bool = False,
              limit: int = 80) -> int:
    """Press Tab (Shift+Tab with ``back``) until ``js`` holds; how many presses it took."""
    for n in range(limit):
        if page.evaluate(js, arg):
            return n
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {js} {arg}; at {page.evaluate(FOCUSED)}")


def legal_move(session: PlaySession) -> tuple[str, Cell] | None:
    """A shape of the roll (the chosen one first) and an anchor where it may be drawn,
    unturned; one covering no star when there is one."""
    g = session.game
    shapes = list(dict.fromkeys([session.shape, *(s for s, _ in session.choices())]))
    found: list[tuple[int, str, Cell]] = []
    keep, anchor = session.shape, session.table.anchor      # put back after the search
    for shape in shapes:
        if shape is None:
            continue
        session.select(shape)
        for y in range(g.height):
            for x in range(g.width):
                session.hover((x, y))
                c = session.candidate()
                if c is not None and c.legal:
                    found.append((c.stars, shape, (x, y)))
    session.select(keep)
    session.hover(anchor)
    if not found:
        return None
    _, shape, cell = min(found, key=lambda f: (f[0], shapes.index(f[1])))
    return shape, cell


def press(page: Any, mirror: PlaySession, key: str) -> None:
    """A key on the board, and the same key to the mirror."""
    page.keyboard.press(key)
    mirror.key(key)


def test_voila_a_whole_game_by_keyboard_alone(browser: Any, voila_site: h.Server,
                                              browser_root: Path) -> None:
    page = open_voila(browser, voila_site, "en", (1024, 768))
    pit = ".test-pit"
    try:
        puzzle = parse_document(h.PIT)
        mirror = PlaySession(puzzle)
        # from the top of the page, Tab alone reaches the board
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        tab_until(page, ON_PIT_BOARD)
        # ... and every control that can be used now: Tab from the board through the rest
        enabled = page.evaluate(f"""() => Array.from(document.querySelectorAll(
            '{pit} button:not(:disabled)')).filter(b => b.offsetParent !== null).length""")
        seen = set()
        for _ in range(enabled + 5):
            page.keyboard.press("Tab")
            now = page.evaluate(FOCUSED)
            if now is None:
                break
            seen.add(now)
        assert len(seen) >= enabled, (seen, enabled)
        tab_until(page, ON_PIT_BOARD, back=True)
        for round_ in range(1, mirror.game.rounds + 1):
            press(page, mirror, "Enter")                          # Enter on the board rolls
            page.locator(f"{pit} button.paleo-roll:disabled").wait_for()
            move = legal_move(mirror)
            if move is None:                                      # no shape fits: pass
                tab_until(page, ON_BUTTON, [f"{pit} .paleo-pass", "Pass"])
                page.keyboard.press("Enter")
                mirror.pass_round()
                tab_until(page, ON_PIT_BOARD, back=True)
            else:
                shape, (tx, ty) = move
                if shape != mirror.shape:                         # Tab to the shape, Space
                    tab_until(page, ON_BUTTON, [f"{pit} .paleo-shapes button", shape])
                    page.keyboard.press("Space")
                    mirror.select(shape)
                    page.locator(f"{pit} .paleo-shapes button.mod-active",
                                 has_text=shape).wait_for()
                    tab_until(page, ON_PIT_BOARD, back=True)
                if mirror.table.anchor is None:
                    press(page, mirror, "ArrowUp")                # the ghost starts mid-board
                ax, ay = mirror.table.anchor or (0, 0)
                for _ in range(abs(tx - ax)):
                    press(page, mirror, "ArrowRight" if tx > ax else "ArrowLeft")
                for _ in range(abs(ty - ay)):
                    press(page, mirror, "ArrowDown" if ty > ay else "ArrowUp")
                assert mirror.table.anchor == (tx, ty)
                press(page, mirror, "Enter")
                if mirror.table.pending is not None:
                    press(page, mirror, "1")                      # the first bonus
            assert mirror.state.round == round_
            h.wait_text(page, f"{pit} .paleo-score-label",
                        f"Score {mirror.state.score().total}")
            page.locator(f"{pit} .paleo-message", has_text=f"Round {round_}:").wait_for()
        assert mirror.state.is_terminal
        page.locator(f"{pit} .paleo-summary").wait_for()
        # the robot's score on the same dice follows (it plays in a thread of the kernel)
        robot = play_robot(mirror.game, mirror.rolls)
        page.locator(f"{pit} .paleo-summary",
                     has_text=f"the robot scores {robot} point").wait_for(timeout=60_000)
        assert page.evaluate(ON_PIT_BOARD)                       # the keys stayed on the board
    finally:
        page.screenshot(path=str(browser_root / "classroom-voila-keyboard-last.png"))
        close(page)


def test_voila_touch_tap_shows_tap_again_places_drag_moves(
        browser: Any, voila_site: h.Server, geometry: tuple[Any, Any],
        browser_root: Path) -> None:
    plan = geometry[0]                       # the notebook's pit board, built here
    page = open_voila(browser, voila_site, "en", (1024, 768), touch=True)
    pit = ".test-pit"
    try:
        small = page.evaluate(f"""() => Array.from(document.querySelectorAll(
            '{pit} .jupyter-button')).filter(b => b.offsetParent !== null).map(b => {{
            const r = b.getBoundingClientRect();
            return [Math.round(r.width), Math.round(r.height), b.textContent.trim()]; }})
            .filter(([w, h]) => w < 44 || h < 44)""")
        assert small == [], f"buttons smaller than 44 px for a finger: {small}"
        page.locator(f"{pit} .paleo-roll").first.tap()
        page.locator(f"{pit} button.paleo-roll:disabled").wait_for()
        page.locator(f"{pit} .paleo-shapes").get_by_role("button", name="U", exact=True).tap()
        page.locator(f"{pit} .paleo-shapes button.mod-active", has_text="U").wait_for()
        canvas = page.wait_for_selector(f"{pit} canvas.paleo-board", state="visible")
        b3 = h.inside(plan, (1, 2))
        empty = h.pixel(page, canvas, b3)
        at = h.page_point(page, canvas, h.inside(plan, h.U_ANCHOR))
        page.touchscreen.tap(*at)                                    # one tap: the preview
        h.wait_pixel(page, canvas, b3, empty, same=False)
        page.locator(f"{pit} .paleo-legal").wait_for()
        page.wait_for_timeout(500)        # time for a stray (emulated) mouse press to land
        assert page.locator(f"{pit} .paleo-score-label").inner_text() == "Score 0"
        page.screenshot(path=str(browser_root / "classroom-voila-touch-preview.png"))
        page.touchscreen.tap(*at)                                    # again: placed, once
        h.wait_text(page, f"{pit} .paleo-score-label", "Score 3")
        page.locator(f"{pit} .paleo-message", has_text="Round 1:").wait_for()
        # round 2: a finger down on one cell, dragged to another: the preview follows
        page.locator(f"{pit} .paleo-roll").first.tap()
        page.locator(f"{pit} button.paleo-roll:disabled").wait_for()
        mirror = PlaySession(parse_document(h.PIT))         # the same game, here
        mirror.roll_dice()
        mirror.select("U")
        mirror.click(h.U_ANCHOR)
        mirror.roll_dice()                                   # round 2, its first shape
        start, end = (1, 1), (4, 3)
        shown = {}
        for cell in (start, end):
            mirror.hover(cell)
            ghost = mirror.ghost()
            assert ghost is not None
            shown[cell] = ghost[0]
        leaves = sorted(shown[start] - shown[end])[0]
        joins = sorted(shown[end] - shown[start])[0]
        region = {c: h.cell_region(plan, c) for c in (leaves, joins)}
        clean = {c: h.fingerprint(page, canvas, region[c]) for c in region}
        p0 = h.page_point(page, canvas, h.inside(plan, start))
        p1 = h.page_point(page, canvas, h.inside(plan, end))
        cdp = page.context.new_cdp_session(page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                              "touchPoints": [{"x": p0[0], "y": p0[1]}]})
        h.wait_fingerprint(page, canvas, clean[leaves], box=region[leaves])   # shown there
        steps = 6
        for i in range(1, steps + 1):
            x = p0[0] + (p1[0] - p0[0]) * i / steps
            y = p0[1] + (p1[1] - p0[1]) * i / steps
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                                  "touchPoints": [{"x": x, "y": y}]})
        h.wait_fingerprint(page, canvas, clean[joins], box=region[joins])     # moved here
        h.wait_fingerprint(page, canvas, clean[leaves], box=region[leaves], same=True)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_timeout(500)
        assert page.locator(f"{pit} .paleo-score-label").inner_text() == "Score 3"
        assert page.locator(f"{pit} .paleo-message", has_text="Round 2:").count() == 0
    finally:
        close(page)
