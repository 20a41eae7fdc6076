"""The board draws as many pixels as the screen shows (issue 11 item 10): in Voila at device
scale factor 1 (a school laptop) the board's canvas has one pixel per CSS pixel, at 2 (a
tablet) it is planned again at 1.5 once the page has said so; at both, a click lands on the
cell pointed at and the shape is drawn there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import harness as h
import pytest

from paleowidgets.render import style as st
from paleowidgets.widgets.board import resolution_for

pytestmark = pytest.mark.browser

THEME = st.THEMES["paleontologists"]
OPEN, DUG = h.rgba(THEME.open), h.rgba(THEME.dug)
JS_SIZE = """el => [el.width, el.height, el.getBoundingClientRect().width]"""


@pytest.fixture(scope="module")
def server(browser_root: Path) -> Iterator[h.Server]:
    h.require_chromium()
    notebook = h.write_notebook(browser_root / "resolution.ipynb")
    with h.voila(notebook, browser_root) as server:
        yield server


@pytest.mark.parametrize("scale", [1, 2])
def test_the_board_has_the_pixels_of_the_screen_and_a_click_lands(
        browser: Any, server: h.Server, scale: int) -> None:
    play, _ = h.local_widgets()
    resolution = resolution_for(scale)
    play.board.set_resolution(resolution)
    plan = play.board.plan
    ctx = browser.new_context(viewport=h.VIEWPORT, device_scale_factor=scale)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)[:300]))
    try:
        page.goto(f"{server.url}/", wait_until="domcontentloaded", timeout=90_000)
        canvas = page.wait_for_selector(".paleo-play canvas.paleo-board", state="visible",
                                        timeout=90_000)
        page.wait_for_function(f"el => el.width === {plan.width}", arg=canvas,
                               timeout=30_000)
        width, height, shown = canvas.evaluate(JS_SIZE)
        assert (width, height) == (plan.width, plan.height)
        assert width / shown == pytest.approx(resolution, abs=0.03), (width, shown)
        h.wait_pixel(page, canvas, h.inside(plan, (0, 0)), OPEN)
        page.locator(".paleo-play .paleo-roll").click()
        page.locator(".paleo-play .paleo-shapes").get_by_role("button", name="U",
                                                              exact=True).click()
        page.mouse.click(*h.page_point(page, canvas, h.inside(plan, h.U_ANCHOR)))
        page.locator(".paleo-play .paleo-score-label", has_text="Score 3").wait_for()
        h.wait_pixel(page, canvas, h.inside(plan, (2, 2), 0.15, 0.45), DUG)
    finally:
        ctx.close()
    assert errors == [], errors
