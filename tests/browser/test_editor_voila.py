"""The puzzle studio in Voila, in French and in Korean, by touch and by the keyboard
(headless Chromium at 1366x768 with a touch screen): the page holds no phrase of the
English catalog (the theme list and the dig die's line included), every button and tab
is at least 44 px for a finger, a tap paints, the keys
paint and show a broken map rule in the page's language, the rolls are typed, and Prove,
Save and Open are pressed with Enter (no mouse at all). The saved file is checked on
disk (it loads equal to the same steps' puzzle and ``paleo puzzles verify`` accepts it).

The expected texts and pictures come from an editor built here and driven through its
Python API by the same steps (tests/browser/test_editor_lab.py does the same in English
with the mouse in JupyterLab)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import harness as h
import pytest
from nbformat.v4 import new_code_cell
from test_voila_lang import JS_WORDS, english_phrases, found

from paleowidgets.cli import main
from paleowidgets.core.files import load_file
from paleowidgets.core.maps import Puzzle
from paleowidgets.widgets.editor import PuzzleEditor

pytestmark = pytest.mark.browser

SCOPE = ".paleo-editor"
C3, D3, F5, C5 = (2, 2), (3, 2), (5, 4), (2, 4)


def make(lang: str) -> str:
    return f'PuzzleEditor(width=7, height=7, lang="{lang}", cell_size=40, time_limit=60)'


@pytest.fixture(scope="module", params=["fr", "ko"])
def site(request: Any, browser: Any, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[tuple[str, Any, Path]]:
    lang = request.param
    h.require_chromium()
    root = tmp_path_factory.mktemp(f"editor-voila-{lang}")
    notebook = root / f"editor-{lang}.ipynb"
    h.write_notebook(notebook, [new_code_cell(
        "from paleowidgets.widgets.editor import PuzzleEditor\n"
        f"ed = {make(lang)}\ned")])
    with h.voila(notebook, root) as server:
        ctx = browser.new_context(viewport={"width": 1366, "height": 768},
                                  device_scale_factor=1, has_touch=True)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)[:300]))
        try:
            page.goto(f"{server.url}/", wait_until="domcontentloaded", timeout=90_000)
            h.wait_drawn(page, page.wait_for_selector(f"{SCOPE} canvas.paleo-board",
                                                      state="visible", timeout=90_000))
            yield lang, page, root
        finally:
            page.screenshot(path=str(root / f"editor-voila-{lang}.png"))
            ctx.close()
        assert errors == [], errors


def status(page: Any, words: str) -> None:
    page.locator(f"{SCOPE} .widget-html-content p", has_text=words).wait_for(timeout=90_000)


def press(page: Any, name: str) -> None:
    """Give the button the keyboard's focus and press Enter (no pointer)."""
    button = page.locator(SCOPE).get_by_role("button", name=name, exact=True)
    button.focus()
    page.keyboard.press("Enter")


def test_draw_prove_save_reopen_by_touch_and_keys(site: tuple[str, Any, Path]) -> None:
    lang, page, root = site
    local: PuzzleEditor = eval(make(lang), {"PuzzleEditor": PuzzleEditor})
    t = local.t
    plan = local.board.plan
    canvas = page.wait_for_selector(f"{SCOPE} canvas.paleo-board", state="visible")

    # no phrase of the English catalog on the page, every button a finger's size
    words = page.evaluate(JS_WORDS)
    assert [p for p in english_phrases(lang) if found(p, words)] == []
    small = page.evaluate(f"""() => Array.from(document.querySelectorAll(
        '{SCOPE} .jupyter-button')).filter(b => b.offsetParent !== null).map(b => {{
        const r = b.getBoundingClientRect();
        return [Math.round(r.width), Math.round(r.height), b.textContent.trim()]; }})
        .filter(([w, h]) => w < 44 || h < 44)""")
    assert small == [], f"buttons smaller than 44 px for a finger: {small}"
    tabs = page.evaluate(f"""() => Array.from(document.querySelectorAll(
        '{SCOPE} .lm-TabBar-tab')).map(t => {{ const r = t.getBoundingClientRect();
        return [Math.round(r.width), Math.round(r.height), t.textContent.trim()]; }})""")
    assert [x[2] for x in tabs] == [t(f"editor.tab.{k}") for k in ("paint", "map", "puzzle")]
    assert all(w >= 44 and hh >= 44 for w, hh, _ in tabs), f"tabs under 44 px: {tabs}"
    # the theme list (Map tab) and the dig die's line (Puzzle tab) in the page's words,
    # not the files' ids (ipywidgets writes an option's spaces as no-break spaces)
    themes = [label for label, _ in local.theme.options]
    page.locator(f"{SCOPE} .lm-TabBar-tab", has_text=t("editor.tab.map")).tap()
    page.locator(f"{SCOPE} select option", has_text=themes[0]).first.wait_for(
        state="attached", timeout=20_000)
    options = page.evaluate(f"""() => Array.from(document.querySelectorAll(
        '{SCOPE} select option')).map(o => o.textContent.replace(/\u00a0/g, ' ').trim())""")
    assert [x for x in options if x in themes] == themes
    assert not {"paleontologists", "snowman"} & set(options)
    page.locator(f"{SCOPE} .lm-TabBar-tab", has_text=t("editor.tab.puzzle")).tap()
    page.locator(f"{SCOPE} input[placeholder='{local.dice_digs.placeholder}']").wait_for(
        state="attached", timeout=20_000)
    holders = page.evaluate(f"""() => Array.from(document.querySelectorAll(
        '{SCOPE} input[placeholder]')).map(i => i.placeholder)""")
    assert "c c d d h h" not in holders
    page.locator(f"{SCOPE} .lm-TabBar-tab", has_text=t("editor.tab.paint")).tap()

    # a tap paints fossil A on C3
    region = {c: h.cell_region(plan, c) for c in (C3, D3, F5, C5)}
    shown = {c: h.fingerprint(page, canvas, r) for c, r in region.items()}
    page.touchscreen.tap(*h.page_point(page, canvas, h.inside(plan, C3)))
    local.paint(C3)
    h.wait_fingerprint(page, canvas, shown[C3], box=region[C3])

    # the keys: → then "b" paints B beside A; the broken rule is said in the page's words
    canvas.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("b")
    local.key("ArrowRight")
    local.key("b")
    rule = f"{SCOPE} li.paleo-editor-problem[data-rule='fossils-adjacent']"
    page.wait_for_selector(rule, timeout=20_000)
    said = [local._problem_words(p) for p in local.problems() if p.rule == "fossils-adjacent"]
    assert [h.squash(x) for x in page.locator(rule).all_inner_texts()] == \
        [h.squash(f"{x} [fossils-adjacent]") for x in said]        # A's and B's, in words
    h.wait_fingerprint(page, canvas, shown[D3], box=region[D3])
    page.keyboard.press("a")
    local.key("a")
    page.wait_for_selector(rule, state="detached", timeout=20_000)

    # the star brush by a tap on its button, then a tap on F5
    page.locator(SCOPE).get_by_role("button", name=t("editor.brush.star"), exact=True).tap()
    page.touchscreen.tap(*h.page_point(page, canvas, h.inside(plan, F5)))
    local.set_brush("*")
    local.paint(F5)
    h.wait_fingerprint(page, canvas, shown[F5], box=region[F5])

    # the rolls, typed in the Puzzle tab
    page.locator(f"{SCOPE} .lm-TabBar-tab", has_text=t("editor.tab.puzzle")).tap()
    # in one input event: typed key by key, "25 14" is already a good puzzle (the line
    # says so), and Prove could reach the kernel before the last roll (seen once in CI,
    # proving the two-roll puzzle's optimum instead of the three-roll one's)
    page.locator(f"{SCOPE} input[placeholder='25 14 63']").fill("25 14 63")
    local.set_rolls("25 14 63")
    page.wait_for_selector(f"{SCOPE} .paleo-editor-ok", timeout=20_000)
    drawn = h.fingerprint(page, canvas)

    # Prove, Save, by the keyboard
    press(page, t("editor.prove"))
    solution = local.prove()
    assert solution is not None and solution.proven
    status(page, h.html_text(local.status.value).split(" (")[0])
    saved = root / f"made-{lang}.toml"
    # one input event: ipywidgets holds back a model's later updates while the kernel is
    # busy, and a button's click is not held back, so a click right after typing a path
    # key by key can reach the kernel before the path's last keys (seen here under load)
    page.locator(f"{SCOPE} input[placeholder='my-puzzle.toml']").fill(str(saved))
    press(page, t("editor.save"))
    status(page, t("editor.save.done", path=str(saved)))
    local.save(root / "local.toml")
    back = load_file(saved)
    assert isinstance(back, Puzzle) and back == local.puzzle()
    assert back.optimum == solution.optimum and main(["puzzles", "verify", str(saved)]) == 0

    # change it by a tap (a star on C5), then Open the saved file: the board as saved
    page.locator(f"{SCOPE} .lm-TabBar-tab", has_text=t("editor.tab.paint")).tap()
    page.touchscreen.tap(*h.page_point(page, canvas, h.inside(plan, C5)))
    h.wait_fingerprint(page, canvas, drawn)
    press(page, t("editor.open"))
    status(page, t("editor.open.done", name=local.draft.name))
    canvas.focus()                      # the cursor (on C5) back to F5, where it was
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    h.wait_fingerprint(page, canvas, drawn, same=True)
    words = page.evaluate(JS_WORDS)
    assert [p for p in english_phrases(lang) if found(p, words)] == []
