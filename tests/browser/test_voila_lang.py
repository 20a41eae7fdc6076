"""The Voila demo in French and in Korean speaks that language only: served as ``./kit voila``
serves it (``lessons/demo-play.ipynb``, ``PALEOWIDGETS_LANG`` set), at 1366x768, the page
(its words, tooltips and picture descriptions), after a roll and with the pointer on a
fossil, holds no phrase of the English catalog and no shell command."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import harness as h
import pytest

from paleowidgets.data import load_map
from paleowidgets.i18n import catalog, t
from paleowidgets.widgets import PlayWidget

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "lessons" / "demo-play.ipynb"
SCREEN = {"width": 1366, "height": 768}

# Everything a pupil can read: the text, and what tooltips and screen readers say.
JS_WORDS = """() => {
    const out = [document.body.innerText];
    for (const el of document.querySelectorAll('[title], [aria-label], img[alt], [placeholder]'))
        for (const a of ['title', 'aria-label', 'alt', 'placeholder'])
            out.push(el.getAttribute(a) || '');
    return out.join('\\n');
}"""


def english_phrases(lang: str) -> set[str]:
    """The phrases of the English catalog a page in ``lang`` must not hold: the literal
    parts of each English text (between its ``{fields}`` and its stops: . : ; · ! ?) that
    differ from ``lang``'s,
    at least four characters with a word in them, and found nowhere in ``lang``'s
    catalog (a shared word, like "Bonus" or the game's name, is not English only)."""
    en, other = catalog("en"), catalog(lang)
    theirs = "\n".join(other.values())
    phrases = set()
    for key, text in en.items():
        if other.get(key) == text:
            continue
        for part in re.split(r"\{[^}]*\}|[.:;·!?\n]\s", text + " "):
            part = part.strip(" .,:;·()!?–—-'\"✓✗")
            if len(part) >= 4 and re.search(r"[A-Za-z]{3}", part) and part not in theirs:
                phrases.add(part)
    return phrases


def found(phrase: str, words: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)", words) is not None


@pytest.fixture(scope="module", params=["fr", "ko"])
def page(request: Any, browser: Any, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[tuple[str, Any]]:
    lang = request.param
    h.require_chromium()
    root = tmp_path_factory.mktemp(f"voila-{lang}")
    before = {k: os.environ.get(k) for k in ("PALEOWIDGETS_LANG", "PALEOWIDGETS_SAVE")}
    os.environ["PALEOWIDGETS_LANG"] = lang          # the server's (and kernel's) setting
    os.environ["PALEOWIDGETS_SAVE"] = str(root / "saves")     # the pupils' games go here
    try:
        with h.voila(DEMO, root) as server:
            ctx = browser.new_context(viewport=SCREEN, device_scale_factor=1)
            page = ctx.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)[:300]))
            try:
                page.goto(f"{server.url}/", wait_until="domcontentloaded", timeout=90_000)
                page.wait_for_selector(".paleo-play canvas.paleo-board", state="visible",
                                       timeout=90_000)
                yield lang, page
            finally:
                page.screenshot(path=str(root / f"voila-{lang}.png"), full_page=True)
                ctx.close()
            assert errors == [], errors
    finally:
        for key, value in before.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def test_the_english_catalog_is_checked_for_real() -> None:
    """The phrases looked for are the English widget words (not a list emptied by the
    filters): the roll button and the keys help are among them, in both languages."""
    for lang in ("fr", "ko"):
        phrases = english_phrases(lang)
        assert len(phrases) > 300
        assert "Roll the dice" in phrases and "Keys on the board" in phrases
        assert found("Roll the dice", "Roll the dice now") and not found("Roll", "Rolling")


def test_the_page_speaks_its_language_only(page: tuple[str, Any]) -> None:
    lang, p = page
    site = load_map("dig-site")
    asked = p.evaluate(JS_WORDS)                                # the name question first
    english = sorted(ph for ph in english_phrases(lang) if found(ph, asked))
    assert english == [], english
    p.locator(".paleo-play .paleo-name input").fill("Ada")
    p.locator(".paleo-play .paleo-start").click()
    p.locator(".paleo-play .paleo-roll").click()                # a roll: dice, shapes
    p.locator(".paleo-play img.paleo-die").first.wait_for(timeout=20_000)
    canvas = p.locator(".paleo-play canvas.paleo-board").element_handle()
    board = PlayWidget(site, seed="TREX-4821").board      # the demo's board geometry
    skull = min(site.fossil("A").cells)
    p.mouse.move(*h.page_point(p, canvas, h.inside(board.plan, skull)))
    info = p.locator(".paleo-play .paleo-fossil-info")
    info.wait_for(timeout=20_000)
    words = p.evaluate(JS_WORDS)
    assert t("demo.title", lang) in words                         # title and intro ...
    assert t("demo.intro", lang) in words
    assert site.name_in(lang) in words                            # ... the map's name ...
    assert site.fossil("A").name_in(lang) in info.inner_text()    # ... a fossil's
    english = sorted(ph for ph in english_phrases(lang) if found(ph, words))
    assert english == [], english
    assert not re.search(r"\./kit|PALEOWIDGETS_LANG|\.venv|pip install", words)


# The parts of a turn, each of which must lie inside the window as the page opens.
JS_TURN_BOXES = """() => {
    const out = {};
    for (const [name, sel] of [['board', '.paleo-play canvas.paleo-board'],
                               ['roll', '.paleo-play .paleo-roll'],
                               ['message', '.paleo-play .paleo-message']]) {
        const r = document.querySelector(sel).getBoundingClientRect();
        out[name] = [r.left, r.top, r.right, r.bottom];
    }
    return out;
}"""

# Whether every part of the turn lies inside a window of [width, height].
JS_INSIDE = f"""([width, height]) => Object.values(({JS_TURN_BOXES})()).every(
    ([left, top, right, bottom]) => left >= 0 && top >= 0 && right <= width
                                    && bottom <= height)"""

# The page as it opens: the window and every area that scrolls (Voila's page scrolls in an
# element of its own) at their tops; how far any of them was from it.
TO_THE_TOP = """() => { let moved = window.scrollY; window.scrollTo(0, 0);
    for (let el = document.querySelector('.paleo-play'); el; el = el.parentElement) {
        moved += el.scrollTop; el.scrollTop = 0; }
    return moved; }"""


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)], ids=["1366x768", "1024x768"])
def test_the_page_opens_with_the_whole_board(page: tuple[str, Any], size: tuple[int, int]
                                             ) -> None:
    """At the top of the page (title and intro above the widget), the whole board, the roll
    button and the message show without scrolling (events.js' fit leaves room for what
    stands above a widget near the top), and the board is not shrunk to make room for more
    than that. At 1366x768 the height limits the board (at 1024x768 in these languages the
    width of the side panel does)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    _, p = page
    width, height = size
    try:
        p.set_viewport_size({"width": width, "height": height})
        p.evaluate(TO_THE_TOP)
        # The page fits its widget on the window's resize event, which comes a frame
        # after the new size (at 1366x768 the board's bottom was inside already): wait
        # for every part of the turn to be inside, then check (and say which one is not).
        with contextlib.suppress(PlaywrightTimeout):
            p.wait_for_function(JS_INSIDE, arg=[width, height], timeout=10_000)
        assert p.evaluate(TO_THE_TOP) == 0                # still at the top: nothing moved
        boxes = p.evaluate(JS_TURN_BOXES)
        for name, (left, top, right, bottom) in boxes.items():
            assert left >= 0 and top >= 0 and right <= width and bottom <= height, (name, boxes)
        board = boxes["board"]
        assert board[3] - board[1] >= 0.7 * height, boxes
    finally:
        p.set_viewport_size(SCREEN)
