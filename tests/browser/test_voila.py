"""The PlayWidget in Voila: the board is drawn once the page connects, a click places."""

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


@pytest.fixture(scope="module")
def page(browser: Any, browser_root: Path) -> Iterator[Any]:
    h.require_chromium()
    notebook = h.write_notebook(browser_root / "voila.ipynb")
    with h.voila(notebook, browser_root) as server:
        page = h.new_page(browser)
        try:
            page.goto(f"{server.url}/", wait_until="domcontentloaded", timeout=90_000)
            yield page
        finally:
            page.screenshot(path=str(browser_root / "voila-last.png"))
            errors = page.errors
            page.context.close()
    assert errors == [], errors


def test_voila_board_is_drawn(page: Any, geometry: tuple[Any, Any]) -> None:
    plan = geometry[0]
    canvas = page.wait_for_selector(".paleo-play canvas.paleo-board", state="visible",
                                    timeout=90_000)
    h.wait_pixel(page, canvas, h.inside(plan, (2, 2), 0.15, 0.45), FOSSIL)
    h.wait_pixel(page, canvas, h.inside(plan, (0, 0)), OPEN)


def test_voila_click_places(page: Any, geometry: tuple[Any, Any]) -> None:
    plan = geometry[0]
    canvas = page.wait_for_selector(".paleo-play canvas.paleo-board", state="visible")
    page.locator(".paleo-play .paleo-roll").click()
    page.locator(".paleo-play .paleo-shapes").get_by_role("button", name="U",
                                                          exact=True).click()
    page.mouse.click(*h.page_point(page, canvas, h.inside(plan, h.U_ANCHOR)))
    page.locator(".paleo-play .paleo-score-label", has_text="Score 3").wait_for()
    h.wait_pixel(page, canvas, h.inside(plan, (1, 3), 0.15, 0.45), OPEN, same=False)
    h.wait_pixel(page, canvas, h.inside(plan, (2, 2), 0.15, 0.45), DUG)
