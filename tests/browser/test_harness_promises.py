"""The harness's ``settled``: a page's promise run to its end with no ``page.evaluate``
waiting on it.

``page.evaluate`` of a pending promise fails with "Resulting promise was garbage
collected" when Chromium collects garbage meanwhile: seen in CI on a kernel call of 2 s
(November 2026) and on opening a lesson (4 December, session 22), the second time with
the promise held in a page global (the harness's former ``kept``): the promise the
inspector waits on is Playwright's own. ``settled`` starts the promise, the page stores
its outcome, and the test polls for it (``page.wait_for_function``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import harness as h
import pytest

pytestmark = pytest.mark.browser

LATER = """(x) => new Promise(r => setTimeout(() => r(x * 6), 800))"""


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    p = h.new_page(browser)
    try:
        yield p
    finally:
        p.context.close()


def test_settled_gives_what_the_promise_resolves_to(page: Any) -> None:
    assert h.settled(page, LATER, 7) == 42
    assert h.settled(page, "(o) => ({...o, b: 2})", {"a": 1}) == {"a": 1, "b": 2}
    assert page.evaluate("() => Object.keys(window.__paleoSettled)") == []   # taken


def test_settled_raises_what_the_promise_rejects_with(page: Any) -> None:
    with pytest.raises(AssertionError, match="in the page: Error: boom"):
        h.settled(page, "async () => { throw new Error('boom'); }")
    with pytest.raises(Exception, match="Timeout"):
        h.settled(page, "() => new Promise(() => {})", timeout=500)


def test_settled_outlives_garbage_collections(page: Any) -> None:
    """Collections while the promise is pending: its outcome is there after them (no
    evaluate was waiting to be failed)."""
    page.evaluate(h.settle_start(LATER), ["gc", 5])
    for _ in range(5):
        page.request_gc()
    page.wait_for_function(h.SETTLE_DONE, arg="gc", timeout=10_000, polling=100)
    assert page.evaluate(h.SETTLE_TAKE, "gc") == {"value": 30}
