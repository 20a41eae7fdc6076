"""The widgets in JupyterLab, in headless Chromium: drawn, hover, rotate, click, replay,
and a page reload that draws the board again from the kernel."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import harness as h
import pytest

from paleowidgets.render import style as st

pytestmark = pytest.mark.browser

THEME = st.THEMES["paleontologists"]
OPEN, FOSSIL, DUG = h.rgba(THEME.open), h.rgba(THEME.fossil), h.rgba(THEME.dug)
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
PLAY, REPLAY = f"{PANEL} .paleo-play", f"{PANEL} .paleo-replay"


@pytest.fixture(scope="module")
def page(browser: Any, lab: h.Server, browser_root: Path) -> Iterator[Any]:
    page = h.new_page(browser)
    try:
        h.open_lab_notebook(page, lab, "widgets.ipynb")
        yield page
    finally:
        page.screenshot(path=str(browser_root / "lab-last.png"))
        assert page.errors == [], page.errors
        page.context.close()


def board(page: Any, scope: str) -> Any:
    return page.wait_for_selector(f"{scope} canvas.paleo-board", state="visible",
                                  timeout=60_000)


def test_board_is_drawn(page: Any, geometry: tuple[Any, Any]) -> None:
    plan = geometry[0]
    canvas = board(page, PLAY)
    h.wait_pixel(page, canvas, h.inside(plan, (2, 2), 0.15, 0.45), FOSSIL)   # fossil A
    h.wait_pixel(page, canvas, h.inside(plan, (0, 0)), OPEN)
    size = canvas.evaluate("el => [el.width, el.height, el.getBoundingClientRect().width]")
    assert size[:2] == [plan.width, plan.height]
    assert 0 < size[2] <= plan.width                  # CSS-scaled to its container


def test_hover_shows_the_ghost(page: Any, geometry: tuple[Any, Any]) -> None:
    plan = geometry[0]
    page.locator(f"{PLAY} .paleo-roll").click()
    u_button = page.locator(f"{PLAY} .paleo-shapes").get_by_role("button", name="U", exact=True)
    u_button.click()
    # its picture comes from the stylesheet in a hidden widget (play.py's ``pictures``)
    assert "data:image/svg+xml" in u_button.evaluate("b => getComputedStyle(b).backgroundImage")
    canvas = board(page, PLAY)
    b3 = h.inside(plan, (1, 2))
    assert h.pixel(page, canvas, b3) == OPEN
    page.mouse.move(*h.page_point(page, canvas, h.inside(plan, h.U_ANCHOR)))
    h.wait_pixel(page, canvas, b3, OPEN, same=False)
    page.locator(f"{PLAY} .paleo-legal", has_text="U chevron on B3 D3 B4 C4 D4").wait_for()
    # the outline is the legal green, on the left edge of B3
    x, y, _, _ = plan.cell_box((1, 2))
    edge = h.pixel(page, canvas, (x, y + plan.cell / 2))
    assert all(abs(a - b) < 40 for a, b in zip(edge, h.rgba("#009E73"), strict=True)), edge


def test_r_rotates_the_ghost(page: Any, geometry: tuple[Any, Any]) -> None:
    plan = geometry[0]
    canvas = board(page, PLAY)
    b3, d5 = h.inside(plan, (1, 2)), h.inside(plan, (3, 4))
    canvas.focus()
    page.keyboard.press("r")          # the U turns round C4: B3 leaves the ghost, D5 joins
    h.wait_pixel(page, canvas, b3, OPEN)
    h.wait_pixel(page, canvas, d5, OPEN, same=False)
    page.locator(f"{PLAY} .paleo-illegal", has_text="cell C3 is part of fossil A").wait_for()
    for _ in range(3):
        page.keyboard.press("r")
    h.wait_pixel(page, canvas, b3, OPEN, same=False)
    h.wait_pixel(page, canvas, d5, OPEN)


def test_click_places_and_the_score_changes(page: Any, geometry: tuple[Any, Any]) -> None:
    plan = geometry[0]
    canvas = board(page, PLAY)
    label = page.locator(f"{PLAY} .paleo-score-label")
    assert label.inner_text() == "Score 0"
    page.mouse.click(*h.page_point(page, canvas, h.inside(plan, h.U_ANCHOR)))
    page.locator(f"{PLAY} .paleo-score-label", has_text="Score 3").wait_for()
    page.locator(f"{PLAY} .paleo-done", has_text="Round 1: U drawn with chevrons").wait_for()
    page.mouse.move(0, 0)
    h.wait_pixel(page, canvas, h.inside(plan, (2, 2), 0.15, 0.45), DUG)     # dug up
    assert h.pixel(page, canvas, h.inside(plan, (1, 3), 0.15, 0.45)) != OPEN


def test_replay_step_changes_the_board(page: Any, geometry: tuple[Any, Any]) -> None:
    plan = geometry[1]
    canvas = board(page, REPLAY)
    b4 = h.inside(plan, (1, 3), 0.15, 0.45)
    h.wait_pixel(page, canvas, b4, OPEN)
    page.locator(f"{REPLAY} .paleo-next").click()
    h.wait_pixel(page, canvas, b4, OPEN, same=False)
    page.locator(f"{REPLAY} .paleo-replay-status", has_text="Round 1 of 2").wait_for()


def test_reload_draws_the_board_again(page: Any, geometry: tuple[Any, Any]) -> None:
    plan = geometry[0]
    h.save_lab_notebook(page)         # the outputs (widget views) survive the reload
    h.reload_lab_until_restored(page, f"{PLAY} canvas.paleo-board")
    canvas = board(page, PLAY)
    # the new client starts blank; the kernel redraws from the model when it is ready
    h.wait_pixel(page, canvas, h.inside(plan, (2, 2), 0.15, 0.45), DUG)
    h.wait_pixel(page, canvas, h.inside(plan, (1, 3), 0.15, 0.45), OPEN, same=False)
    h.wait_pixel(page, canvas, h.inside(plan, (0, 0)), OPEN)
    page.locator(f"{PLAY} .paleo-score-label", has_text="Score 3").wait_for()
