"""No game is lost in Voilà, as pupils meet it: each tab is a kernel of its own in one folder,
so the board first asks the name; the game is saved after every turn; a reload (a new
kernel) and the same name go on from it; another pupil on the same seed gets a game and a
file of their own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import harness as h
import pytest

from paleowidgets.core.saves import SAVE_ENV

pytestmark = pytest.mark.browser


def start(page: Any, url: str, name: str) -> Any:
    """Open the page, answer the name question with ``name`` and Enter (no click first)."""
    page.goto(url, wait_until="domcontentloaded", timeout=90_000)
    field = page.locator(".paleo-play .paleo-name input")
    field.wait_for(timeout=90_000)
    assert page.locator(".paleo-play .paleo-roll").is_disabled()
    field.fill(name)
    field.press("Enter")
    page.locator(".paleo-play .paleo-name").wait_for(state="hidden")
    # the answered question goes away under the keyboard: the board takes the keys (events.js)
    page.wait_for_function("() => document.activeElement.classList.contains('paleo-board')")
    return page.wait_for_selector(".paleo-play canvas.paleo-board", state="visible")


def test_voila_asks_the_name_saves_and_goes_on_after_a_reload(
        browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        geometry: tuple[Any, Any]) -> None:
    h.require_chromium()
    plan = geometry[0]
    saves = tmp_path / "saves"
    monkeypatch.setenv(SAVE_ENV, str(saves))      # the server's kernels inherit it
    notebook = h.write_notebook(tmp_path / "voila.ipynb")
    with h.voila(notebook, tmp_path) as server:
        page = h.new_page(browser)
        try:
            canvas = start(page, f"{server.url}/", "Ada")
            page.locator(".paleo-play .paleo-roll").click()
            page.locator(".paleo-play .paleo-shapes").get_by_role(
                "button", name="U", exact=True).click()
            page.mouse.click(*h.page_point(page, canvas, h.inside(plan, h.U_ANCHOR)))
            page.locator(".paleo-play .paleo-score-label", has_text="Score 3").wait_for()
            # the widget's live region (events.js) says it
            page.locator(".paleo-play .paleo-live[role=status][aria-live=polite]",
                         has_text="Ammonite dug up: +3").wait_for(state="attached")
            (path,) = saves.glob("*/*/Ada.json")
            log = json.loads(path.read_text())
            assert log["players"][0]["name"] == "Ada" and len(log["players"][0]["turns"]) == 1
            # a reload is a new kernel: the same name goes on from the saved game
            start(page, f"{server.url}/", "Ada")
            page.locator(".paleo-play .paleo-score-label", has_text="Score 3").wait_for()
            page.locator(".paleo-play .paleo-message", has_text="Welcome back").wait_for()
            # another pupil in another tab: a game and a file of their own
            other = h.new_page(browser)
            try:
                start(other, f"{server.url}/", "Bo")
                other.locator(".paleo-play .paleo-score-label", has_text="Score 0").wait_for()
                other.locator(".paleo-play .paleo-roll").click()
                other.locator(".paleo-play .paleo-pass, .paleo-play .paleo-roll").first \
                    .wait_for()
                assert other.errors == []
            finally:
                other.context.close()
            assert page.errors == []
        finally:
            page.screenshot(path=str(tmp_path / "voila-saving-last.png"))
            page.context.close()
    assert sorted(p.name for p in saves.glob("*/*/*.json")) == ["Ada.json"]   # Bo: no turn
