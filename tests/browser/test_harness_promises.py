"""The harness keeps the promises it waits for (``harness.kept``).

Chromium's inspector holds the promise a ``page.evaluate`` waits for weakly: if nothing in
the page refers to it, a garbage collection fails the call with "Resulting promise was
garbage collected" (it failed a 2 s kernel call once in CI). Here a promise nothing refers
to is awaited while the page collects garbage: bare, the call failed in the Chromium of
November 2026 (so the hazard was real; a later build keeps it); wrapped in ``kept``, it is
still waiting.

Playwright's async API runs in its own thread with its own browser, so it never meets the
session's sync API.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import harness as h
import pytest

pytestmark = pytest.mark.browser

# The promise's only resolver is dropped once the call has started.
ORPHAN = """async (x) => { await new Promise(r => { window.__resolve = r; }); return x; }"""


async def _outcome(page: Any, js: str) -> str:
    task = asyncio.ensure_future(page.evaluate(js, 7))
    await asyncio.sleep(0.3)
    await page.evaluate("() => { window.__resolve = null; }")
    for _ in range(5):
        await page.request_gc()
    try:
        return f"answered {await asyncio.wait_for(task, 2)}"
    except TimeoutError:
        return "waiting"
    except Exception as e:
        return "garbage collected" if "garbage collected" in str(e) else f"error {e}"


async def _both() -> dict[str, str]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=h.CHROMIUM, args=h.CHROMIUM_ARGS)
        try:
            page = await browser.new_page()
            return {"bare": await _outcome(page, ORPHAN),
                    "kept": await _outcome(page, h.kept(ORPHAN))}
        finally:
            await browser.close()


def test_a_kept_promise_outlives_a_garbage_collection() -> None:
    """Kept, the promise is still waiting after the collections. Bare, the Chromium of the
    CI runs until 2 December failed the call; Debian's 156.0.8078.114 (3 December) keeps
    it waiting too: the hazard depends on the build, so the bare call may end either way,
    never otherwise."""
    found: dict[str, object] = {}
    thread = threading.Thread(target=lambda: found.update(asyncio.run(_both())))
    thread.start()
    thread.join(60)
    assert found.get("kept") == "waiting", found
    assert found.get("bare") in ("garbage collected", "waiting"), found
