"""The explorer widgets in a real browser (headless Chromium): JupyterLab and Voila.

One notebook holds a TransformExplorer, an EnclosureWidget, a ClassGameWidget (two players
at one screen, autosaving), a SnowmanWidget, a PuzzleWidget and a replay with its
AnalysisPanel. It runs once in the session's JupyterLab, in one page; for each widget the
tests check that the canvas is drawn, then send one interaction by mouse and one by
keyboard and check that the canvas pixels change where they should, that the words in the
view say what the same actions say without a browser, and that the kernel's widget is in
the same state (its repr, read through the kernel). A page reload draws every canvas again,
pixel for pixel. Then the puzzle widget alone, in French, as a student's Voila page.

The expectations come from the same widgets built here, from the same code
(:data:`WIDGETS`), and driven through their Python API: the browser must make the kernel
do exactly what that API does.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import harness as h
import pytest

from paleowidgets.render import style as st
from paleowidgets.render.primitives import Group, Item, Rect
from paleowidgets.render.snowman import NAME_BAND, SPOTS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PUZZLE = ROOT / "puzzles" / "1-beginner" / "01-first-ring.toml"
NOTEBOOK = "explorers.ipynb"
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
THEME = st.THEMES["paleontologists"]
OPEN, FOSSIL = h.rgba(THEME.open), h.rgba(THEME.fossil)

TWO_ROLLS = 'TINY + \'[puzzle]\\ntitle = "Two rolls"\\nrolls = [[2, 5], [1, 4]]\\n\''
# The analysis module's example: a game that scores 0 where 4 was reachable.
TURNS = [{"shape": "L", "dig": "chevron", "cells": ["A5", "A6", "B6", "C6", "D6"]},
         {"shape": "X", "dig": "dot", "cells": ["E3", "D4", "E4", "F4", "E5"]}]

PRELUDE = f"""\
import random
from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.logs import GameLog, PlayerLog
from paleowidgets.core.maps import parse_document
from paleowidgets.core.rules import TINY, Game
from paleowidgets.core.turns import Turn
from paleowidgets.data import load_map
from paleowidgets.solver.bots import GreedyBot, play_game
from paleowidgets.widgets.analysis import replay_with_analysis
from paleowidgets.widgets.classgame import ClassGameWidget
from paleowidgets.widgets.enclosure import EnclosureWidget
from paleowidgets.widgets.puzzle import PuzzleWidget
from paleowidgets.widgets.snowman import SnowmanWidget
from paleowidgets.widgets.transform import TransformExplorer
PIT = {h.PIT!r}
TURNS = [Turn.from_dict(d) for d in {TURNS!r}]
"""
# name -> the code that builds it (run in the notebook, one cell each, and here).
# ``CLASS_DIR``, ``PUZZLE_FILE`` and ``LANG`` are set before: the notebook autosaves the
# class game in its folder, the local copy does not save.
WIDGETS = {
    "ex": 'ex = TransformExplorer("F", lang=LANG)',
    "enc": 'enc = EnclosureWidget(parse_document(TINY), fossil="A", lang=LANG)',
    "cg": ('cg = ClassGameWidget(parse_document(PIT), player=["Ada", "Bo"], '
           "save_to=CLASS_DIR, lang=LANG)"),
    "snow": ('snow_map = load_map("snow-map")\n'
             'snow_rolls = roll_sequence("SNOWY-2024", snow_map.rounds)\n'
             "final, _ = play_game(Game(snow_map), snow_rolls, GreedyBot(), "
             'random.Random("SNOWY-2024"))\n'
             'snow = SnowmanWidget(final, name="Frosty", lang=LANG)'),
    "pz": "pz = PuzzleWidget(PUZZLE_FILE, lang=LANG, time_limit=2)",
    "ra": (f"log = GameLog(parse_document({TWO_ROLLS}), ((2, 5), (1, 4)), "
           '(PlayerLog("Ada", tuple(TURNS)),))\n'
           "ra = replay_with_analysis(log, lang=LANG)"),
}
SCOPE = {"ex": ".paleo-transform", "enc": ".paleo-enclosure", "cg": ".paleo-classgame",
         "snow": ".paleo-snowman", "pz": ".paleo-puzzle", "ra": ".paleo-replay-analysis"}
CANVAS = {"ex": "canvas.paleo-transform-canvas", "enc": "canvas.paleo-board",
          "cg": ".paleo-play canvas.paleo-board", "snow": "canvas.paleo-snowman-canvas",
          "pz": ".paleo-play canvas.paleo-board", "ra": "canvas.paleo-analysis-canvas"}


def notebook_cells(names: list[str], lang: str) -> list[Any]:
    from nbformat.v4 import new_code_cell, new_markdown_cell

    setup = (PRELUDE + f'CLASS_DIR = "class"\nPUZZLE_FILE = {PUZZLE.name!r}\n'
             f"LANG = {lang!r}")
    return [new_markdown_cell("# The explorer widgets in a browser"), new_code_cell(setup),
            *(new_code_cell(f"{WIDGETS[n]}\n{n}") for n in names),
            new_code_cell(f"print({h.DONE!r})")]


def local_widgets(lang: str = "en") -> dict[str, Any]:
    """The notebook's widgets built here, by the same code (no browser, no autosave)."""
    ns: dict[str, Any] = {"CLASS_DIR": None, "PUZZLE_FILE": str(PUZZLE), "LANG": lang}
    exec(PRELUDE, ns)
    for code in WIDGETS.values():
        exec(code, ns)
    return ns


# -- fixtures ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def local() -> dict[str, Any]:
    return local_widgets()


@pytest.fixture(scope="module")
def page(browser: Any, lab: h.Server, browser_root: Path) -> Iterator[Any]:
    shutil.copy(PUZZLE, browser_root / PUZZLE.name)
    h.write_notebook(browser_root / NOTEBOOK, notebook_cells(list(WIDGETS), "en"))
    with h.lab_notebook_page(browser, lab, NOTEBOOK,
                             screenshot=browser_root / "explorers-last.png") as page:
        yield page


def canvas_of(page: Any, name: str, inner: str | None = None) -> Any:
    return page.wait_for_selector(f"{PANEL} {SCOPE[name]} {inner or CANVAS[name]}",
                                  state="visible", timeout=60_000)


def sel(name: str, inner: str) -> str:
    return f"{PANEL} {SCOPE[name]} {inner}"


def model(page: Any, name: str) -> str:
    """The kernel widget's repr (it waits for the events sent before to be handled)."""
    return h.kernel_run(page, f"print(repr({name}))").strip()


def click_canvas(page: Any, canvas: Any, xy: tuple[float, float]) -> None:
    page.mouse.click(*h.page_point(page, canvas, xy))
    page.mouse.move(0, 0)         # no hover left behind (it would draw a ghost)


def solid_rects(items: tuple[Item, ...], cls: str, x: float = 0, y: float = 0
                ) -> list[tuple[float, float, float, float, str]]:
    """The filled, opaque rectangles of class ``cls`` among ``items``, in canvas pixels."""
    out: list[tuple[float, float, float, float, str]] = []
    for it in items:
        if isinstance(it, Group):
            out += solid_rects(it.items, cls, x + it.x, y + it.y)
        elif (isinstance(it, Rect) and it.cls == cls and it.paint.fill
              and it.paint.opacity == 1):
            out.append((x + it.x, y + it.y, it.w, it.h, it.paint.fill))
    return out


def corner(rect: tuple[float, float, float, float, str]) -> tuple[float, float]:
    """A pixel near a cell's top-left corner: clear of its number and of grid lines."""
    x, y, w, hh, _ = rect
    return x + 0.22 * w, y + 0.22 * hh


# -- TransformExplorer ---------------------------------------------------------------------

def test_transform_drawn_click_and_keys(page: Any, local: dict[str, Any]) -> None:
    ex = local["ex"]
    canvas = canvas_of(page, "ex")
    size = canvas.evaluate("el => [el.width, el.height]")
    assert size == [ex.canvas.width, ex.canvas.height]
    before = solid_rects(ex.plan.dynamic, "cell")
    assert len(before) == 5                                   # the five cells after
    for rect in before:
        h.wait_pixel(page, canvas, corner(rect), h.rgba(rect[4]))
    h.wait_text(page, sel("ex", ".paleo-steps"), h.html_text(ex.steps_panel.value))

    # mouse: a click on the second orientation of the orbit strip shows it
    x, y, w, hh = ex.plan.slots[1]
    ex.click(x + w / 2, y + hh / 2)
    after = solid_rects(ex.plan.dynamic, "cell")
    assert {r[:2] for r in after} != {r[:2] for r in before}
    click_canvas(page, canvas, (x + w / 2, y + hh / 2))
    assert model(page, "ex") == repr(ex) != "<TransformExplorer F no steps = identity>"
    for rect in after:
        h.wait_pixel(page, canvas, corner(rect), h.rgba(rect[4]))
    gone = [r for r in before if r[:2] not in {a[:2] for a in after}]
    assert gone
    for rect in gone:
        h.wait_pixel(page, canvas, corner(rect), h.rgba(rect[4]), same=False)
    h.wait_text(page, sel("ex", ".paleo-steps"), h.html_text(ex.steps_panel.value))
    h.wait_text(page, sel("ex", ".paleo-orbit"), h.html_text(ex.orbit_panel.value))

    # keyboard: R turns it a quarter more, → shows the next shape (the static layer too)
    shown = h.fingerprint(page, canvas)
    canvas.focus()
    page.keyboard.press("r")
    ex.key("r")
    assert model(page, "ex") == repr(ex)
    h.wait_fingerprint(page, canvas, shown)
    for rect in solid_rects(ex.plan.dynamic, "cell"):
        h.wait_pixel(page, canvas, corner(rect), h.rgba(rect[4]))
    h.wait_text(page, sel("ex", ".paleo-steps"), h.html_text(ex.steps_panel.value))
    static = solid_rects(ex.plan.static, "cell")
    page.keyboard.press("ArrowRight")
    ex.key("ArrowRight")
    assert model(page, "ex") == repr(ex) and ex.shape != "F"
    moved = [r for r in solid_rects(ex.plan.static, "cell") if r[:2] not in
             {s[:2] for s in static}]
    assert moved
    for rect in moved:
        h.wait_pixel(page, canvas, corner(rect), h.rgba(rect[4]))
    h.wait_text(page, sel("ex", ".paleo-orbit"), h.html_text(ex.orbit_panel.value))
    h.wait_text(page, sel("ex", ".paleo-coordinates"), h.html_text(ex.coordinates_panel.value))


# -- EnclosureWidget -------------------------------------------------------------------------

def test_enclosure_drawn_click_and_keys(page: Any, local: dict[str, Any]) -> None:
    enc = local["enc"]
    plan = enc.board.plan
    canvas = canvas_of(page, "enc")
    # fossil A (inspected) is washed by step 0 of its fill; fossil B is not
    h.wait_pixel(page, canvas, h.inside(plan, (5, 4), 0.15, 0.45), FOSSIL)
    h.wait_pixel(page, canvas, h.inside(plan, (2, 2), 0.15, 0.45), FOSSIL, same=False)
    h.wait_pixel(page, canvas, h.inside(plan, (6, 0), 0.15, 0.45), OPEN)
    h.wait_text(page, sel("enc", ".paleo-enclosure-panel"), h.html_text(enc.panel.value))

    # mouse: a click on fossil B inspects it: its ring is marked, A's marks go
    b_ring, a_ring, far = (4, 4), (1, 2), (6, 0)
    marks = {c: h.fingerprint(page, canvas, h.cell_region(plan, c)) for c in (b_ring, a_ring,
                                                                             far)}
    click_canvas(page, canvas, h.inside(plan, (5, 4)))
    enc.click((5, 4))
    assert enc.fossil == "B"
    assert model(page, "enc") == repr(enc)
    h.wait_fingerprint(page, canvas, marks[b_ring], box=h.cell_region(plan, b_ring))
    h.wait_fingerprint(page, canvas, marks[a_ring], box=h.cell_region(plan, a_ring))
    h.wait_pixel(page, canvas, h.inside(plan, (5, 4), 0.15, 0.45), FOSSIL, same=False)
    h.wait_pixel(page, canvas, h.inside(plan, (2, 2), 0.15, 0.45), FOSSIL)
    assert h.fingerprint(page, canvas, h.cell_region(plan, far)) == marks[far]
    h.wait_text(page, sel("enc", ".paleo-enclosure-panel"), h.html_text(enc.panel.value))
    h.wait_text(page, sel("enc", ".widget-html-content b"), h.html_text(enc.step_label.value))

    # keyboard: Space one step of the flood fill, End the whole fill
    for key in (" ", "End"):
        shown = h.fingerprint(page, canvas)
        canvas.focus()
        page.keyboard.press("Space" if key == " " else key)
        enc.key(key)
        assert model(page, "enc") == repr(enc)
        h.wait_fingerprint(page, canvas, shown)
        h.wait_text(page, sel("enc", ".widget-html-content b"),
                    h.html_text(enc.step_label.value))
        h.wait_text(page, sel("enc", ".paleo-enclosure-panel"), h.html_text(enc.panel.value))
    assert enc.step == enc.enclosure.steps > 1
    # the fill reached the far corner: its cell is washed now
    h.wait_fingerprint(page, canvas, marks[far], box=h.cell_region(plan, far))


# -- ClassGameWidget -------------------------------------------------------------------------

def test_classgame_mouse_turn_autosave_and_switch(page: Any, local: dict[str, Any],
                                                  browser_root: Path) -> None:
    from paleowidgets.core.logs import GameLog

    cg = local["cg"]
    plan = cg.play.board.plan
    canvas = canvas_of(page, "cg")
    h.wait_pixel(page, canvas, h.inside(plan, (2, 2), 0.15, 0.45), FOSSIL)
    thumb = page.locator(sel("cg", ".widget-vbox"),
                         has=page.locator(".paleo-class-caption", has_text="Ada")
                         ).locator("canvas.paleo-board").element_handle()
    h.wait_drawn(page, thumb)
    tplan = cg.thumbs["Ada"].plan
    thumb_cell = h.fingerprint(page, thumb, h.cell_region(tplan, (1, 3), 1))

    # mouse: Ada rolls, takes the U and clicks round fossil A: it is dug up, saved
    page.locator(sel("cg", ".paleo-roll")).click()
    page.locator(sel("cg", ".paleo-shapes")).get_by_role("button", name="U", exact=True).click()
    click_canvas(page, canvas, h.inside(plan, h.U_ANCHOR))
    play = cg.play
    play.roll_dice()
    play.select("U")
    play.hover(h.U_ANCHOR)
    play.click(h.U_ANCHOR)
    play.hover(None)
    assert play.state.score().total > 0
    assert model(page, "cg") == repr(cg)
    h.wait_text(page, sel("cg", ".paleo-score-label"),
                f"Score {play.state.score().total}")
    h.wait_text(page, sel("cg", ".paleo-scoreboard"), h.html_text(cg.scoreboard.value))
    h.wait_pixel(page, canvas, h.inside(plan, (1, 3), 0.15, 0.45), OPEN, same=False)
    h.wait_fingerprint(page, thumb, thumb_cell, box=h.cell_region(tplan, (1, 3), 1))
    saved = GameLog.load(browser_root / "class" / "Ada.json")
    assert saved.players[0].turns == play.turns

    # keyboard: ] on the board hands the screen to Bo, whose sheet is still blank
    canvas.focus()
    page.keyboard.press("]")
    cg.key("]")
    assert cg.current == "Bo"
    assert model(page, "cg") == repr(cg)
    h.wait_text(page, sel("cg", ".paleo-class-players button.mod-active"), "Bo")
    h.wait_text(page, sel("cg", ".paleo-scoreboard"), h.html_text(cg.scoreboard.value))
    bo = canvas_of(page, "cg")
    h.wait_pixel(page, bo, h.inside(plan, (2, 2), 0.15, 0.45), FOSSIL)      # drawn anew
    h.wait_pixel(page, bo, h.inside(plan, (1, 3), 0.15, 0.45), OPEN)
    h.wait_text(page, sel("cg", ".paleo-score-label"), "Score 0")


# -- SnowmanWidget ---------------------------------------------------------------------------

def spot_pixel(snow: Any, spot: str) -> tuple[float, float]:
    x, y, _ = SPOTS[spot]
    return x * snow._px, (y + NAME_BAND) * snow._px


def spot_region(snow: Any, spot: str) -> h.Box:
    x, y = spot_pixel(snow, spot)
    r = 0.5 * SPOTS[spot][2] * snow._px
    return (round(x - r), round(y - r), round(2 * r), round(2 * r))


def test_snowman_click_keys_and_export(page: Any, local: dict[str, Any],
                                       browser_root: Path) -> None:
    snow = local["snow"]
    assert len(snow.items) >= 2
    canvas = canvas_of(page, "snow")
    h.wait_drawn(page, canvas, least=8)

    # mouse: a click on the hat spot puts the chosen item there
    hat = h.fingerprint(page, canvas, spot_region(snow, "hat"))
    click_canvas(page, canvas, spot_pixel(snow, "hat"))
    snow._on_mouse_down(*spot_pixel(snow, "hat"))
    assert snow.design.item_at("hat") is not None
    assert model(page, "snow") == repr(snow)
    h.wait_fingerprint(page, canvas, hat, box=spot_region(snow, "hat"))
    h.wait_text(page, sel("snow", ".paleo-snowman-legend"), h.html_text(snow.legend.value))
    h.wait_text(page, sel("snow", ".paleo-message"), h.html_text(snow.message.value))

    # keyboard: ↓ moves the chosen spot, Enter puts the next item there
    canvas.focus()
    page.keyboard.press("ArrowDown")
    snow.key("ArrowDown")
    below = snow.cursor
    assert below != "hat"
    mark = h.fingerprint(page, canvas, spot_region(snow, below))
    page.keyboard.press("Enter")
    snow.key("Enter")
    assert len(snow.design.placed) == 2
    assert model(page, "snow") == repr(snow)
    h.wait_fingerprint(page, canvas, mark, box=spot_region(snow, below))
    h.wait_text(page, sel("snow", ".paleo-snowman-legend"), h.html_text(snow.legend.value))
    h.wait_text(page, sel("snow", ".paleo-snowman-status"), snow.t(
        "snowman.status", placed=2, items=len(snow.items)))

    # export: the button writes the picture beside the notebook (the kernel's folder)
    target = browser_root / "Frosty.png"
    target.unlink(missing_ok=True)
    page.locator(sel("snow", ".paleo-snowman-export")).click()
    h.wait_text(page, sel("snow", ".paleo-message"), snow.t("snowman.saved", path=target.name))
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# -- PuzzleWidget ----------------------------------------------------------------------------

def hint_region(plan: Any, cells: frozenset[tuple[int, int]], old: frozenset[tuple[int, int]]
                ) -> h.Box:
    """A cell outlined now and not before (the first in reading order)."""
    fresh = sorted(cells - old, key=lambda c: (c[1], c[0]))
    assert fresh, (cells, old)
    return h.cell_region(plan, fresh[0])


def hint_by_mouse_and_key(page: Any, pz: Any, scope: str, *, kernel: bool) -> None:
    """Hint (button), then H on the board: the words of each rung, its cells outlined."""
    plan = pz.play.board.plan
    canvas = page.wait_for_selector(f"{scope} .paleo-play canvas.paleo-board",
                                    state="visible", timeout=90_000)
    fossil = pz.puzzle.map.fossils[0]
    colour = h.rgba(st.THEMES[pz.puzzle.map.theme].fossil)
    h.wait_pixel(page, canvas, h.inside(plan, min(fossil.cells), 0.15, 0.45), colour)
    old: frozenset[tuple[int, int]] = frozenset()
    for how in ("mouse", "key"):
        pz.hint()
        region = hint_region(plan, pz.hint_cells, old)
        mark = h.fingerprint(page, canvas, region)
        if how == "mouse":
            page.locator(f"{scope} .paleo-puzzle-hint").click()
        else:
            canvas.focus()
            page.keyboard.press("h")
        if kernel:
            assert model(page, "pz") == repr(pz)
        h.wait_text(page, f"{scope} .paleo-message", h.html_text(pz.hint_html.value))
        h.wait_fingerprint(page, canvas, mark, box=region)
        old = pz.hint_cells
    assert pz.hints_used == 2


def test_puzzle_hints_and_reveal(page: Any, local: dict[str, Any]) -> None:
    pz = local["pz"]
    hint_by_mouse_and_key(page, pz, f"{PANEL} {SCOPE['pz']}", kernel=True)
    # Reveal: the stored solution in a replay, stepped by its button
    page.locator(sel("pz", ".paleo-puzzle-reveal")).click()
    replay = pz.reveal()
    canvas = canvas_of(page, "pz", ".paleo-replay canvas.paleo-board")
    h.wait_drawn(page, canvas)
    h.wait_text(page, sel("pz", ".paleo-reveal-title"), h.html_text(
        pz.reveal_box.children[0].value))
    shown = h.fingerprint(page, canvas)
    page.locator(sel("pz", ".paleo-replay .paleo-next")).click()
    replay.key("ArrowRight")
    assert replay.round == 1
    assert model(page, "pz.replay.round") == "1"
    h.wait_fingerprint(page, canvas, shown)
    h.wait_text(page, sel("pz", ".paleo-replay-status"), h.html_text(replay.status.value))


# -- AnalysisPanel beside a replay -----------------------------------------------------------

def test_analysis_click_and_keys_move_both(page: Any, local: dict[str, Any]) -> None:
    ra = local["ra"]
    panel, replay = ra.panel, ra.replay
    chart = canvas_of(page, "ra")
    board = canvas_of(page, "ra", ".paleo-replay canvas.paleo-board")
    h.wait_drawn(page, chart, least=8)
    h.wait_drawn(page, board)
    assert chart.evaluate("el => [el.width, el.height]") == [panel.canvas.width,
                                                             panel.canvas.height]

    # mouse: a click on the column of the last round shows it, in the replay too
    f, k = panel.frame, panel._scale
    xy = (f.x(panel.last) * k, (f.plot_y + f.plot_h / 2) * k)
    charted, boarded = h.fingerprint(page, chart), h.fingerprint(page, board)
    click_canvas(page, chart, xy)
    panel.select(f.round_at(xy[0] / k))
    assert panel.round == replay.round == panel.last
    assert model(page, "ra") == repr(ra)
    h.wait_fingerprint(page, chart, charted)
    h.wait_fingerprint(page, board, boarded)
    h.wait_text(page, sel("ra", ".paleo-replay-status"), h.html_text(replay.status.value))
    h.wait_text(page, sel("ra", ".paleo-analysis-summary"), h.html_text(panel.summary.value))

    # keyboard: ← on the chart steps back; Home on the replay board goes to the start
    for target, key in ((chart, "ArrowLeft"), (board, "Home")):
        charted, boarded = h.fingerprint(page, chart), h.fingerprint(page, board)
        target.focus()
        page.keyboard.press(key)
        (panel if target is chart else replay).key(key)
        assert panel.round == replay.round
        assert model(page, "ra") == repr(ra)
        h.wait_fingerprint(page, chart, charted)
        h.wait_fingerprint(page, board, boarded)
        h.wait_text(page, sel("ra", ".paleo-replay-status"), h.html_text(replay.status.value))
    assert panel.round == 0


# -- a reload --------------------------------------------------------------------------------

REDRAWS = ("print({'ex': ex.redraws, 'enc': enc.board.redraws, 'cg': cg.play.board.redraws, "
           "'snow': snow.redraws, 'pz': pz.play.board.redraws, 'ra': ra.panel.redraws})")


def test_reload_draws_every_canvas_again(page: Any) -> None:
    """The new client starts blank; each widget redraws from its model when its canvas is
    ready: every canvas shows again exactly the pixels it showed before the reload."""
    names = ["ex", "enc", "cg", "snow", "pz", "ra"]
    page.mouse.move(0, 0)
    # the kernel has handled the mouse leaving (a hover ghost is gone) before the pixels are
    # read: its drawing went out before this answer, on the same socket; the page may still
    # be drawing it (a failed run caught the enclosure's canvas so), so each canvas is read
    # once it has stopped changing
    redraws_before = h.kernel_run(page, REDRAWS).strip()
    before = {n: h.settled_fingerprint(page, canvas_of(page, n)) for n in names}
    h.save_lab_notebook(page)         # the outputs (widget views) survive the reload
    page.console.clear()
    reloads = h.reload_lab_until_restored(page, f"{PANEL} {SCOPE['ex']} {CANVAS['ex']}")
    wrong = []
    for n in names:
        canvas = canvas_of(page, n)
        try:
            h.wait_fingerprint(page, canvas, before[n], same=True, timeout=30_000)
        except Exception:
            wrong.append((n, page.evaluate(h.JS_FINGERPRINT, [canvas, None])))
    if wrong:     # whole redraws in the kernel tell a lost client_ready from a lost draw
        after = h.kernel_run(page, REDRAWS).strip()
        pytest.fail(f"canvases not showing their pixels again (hash, colours): {wrong}; "
                    f"whole redraws in the kernel before {redraws_before}, after {after}; "
                    f"reloads {reloads}; console since the reload: {page.console[-20:]}")


# -- Voila: the puzzle as a student's page -------------------------------------------------------

@pytest.fixture(scope="module")
def voila_page(browser: Any, browser_root: Path) -> Iterator[Any]:
    h.require_chromium()
    folder = browser_root / "voila-puzzle"
    folder.mkdir(exist_ok=True)
    shutil.copy(PUZZLE, folder / PUZZLE.name)
    notebook = h.write_notebook(folder / "puzzle.ipynb", notebook_cells(["pz"], "fr"))
    with h.voila(notebook, folder) as server:
        page = h.new_page(browser)
        try:
            page.goto(f"{server.url}/", wait_until="domcontentloaded", timeout=90_000)
            yield page
        finally:
            page.screenshot(path=str(browser_root / "voila-puzzle-last.png"))
            errors = page.errors
            page.context.close()
    assert errors == [], errors


def test_voila_puzzle_hints_in_french(voila_page: Any) -> None:
    pz = local_widgets("fr")["pz"]
    assert pz.lang == "fr"
    h.wait_text(voila_page, ".paleo-puzzle .paleo-puzzle-intro", h.html_text(pz.intro.value),
                timeout=90_000)
    hint_by_mouse_and_key(voila_page, pz, ".paleo-puzzle", kernel=False)


# -- Voila: the explorers' key numbers, by mouse and by finger -----------------------------------

KEY_HINTS = """() => {
    const before = el => getComputedStyle(el, '::before').content;
    const ex = Array.from(document.querySelectorAll('.paleo-transform .jupyter-button'))
        .filter(b => /paleo-key-[0-9]/.test(b.className));
    const items = Array.from(document.querySelectorAll(
        '.paleo-snowman-items .widget-toggle-button'));
    return {ex: ex.map(before), exWords: ex.map(b => b.textContent.trim()),
            items: items.map(before), itemWords: items.map(b => b.textContent.trim())};
}"""


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_voila_explorers_show_their_keys_to_a_mouse_not_to_a_finger(
        browser: Any, browser_root: Path, lang: str) -> None:
    """The transform explorer's eight buttons and the snowman's items carry their key
    (1 to 8; 1 to 9 then 0) before their words where there is a mouse, and show the words
    alone on a touch screen (events.css), at 1366x768: the words are the kernel's."""
    h.require_chromium()
    folder = browser_root / f"voila-explorers-{lang}"
    folder.mkdir(exist_ok=True)
    notebook = h.write_notebook(folder / "explorers.ipynb", notebook_cells(["ex", "snow"], lang))
    local = local_widgets(lang)
    words = [b.description for b in local["ex"].symmetry_buttons.values()]
    items = [label for label, _ in local["snow"].item_buttons.options]
    assert len(items) >= 2                  # the kernel's words carry no key
    assert not any(w.startswith(f"{k} · ") for k, w in enumerate(words, 1))
    assert not any(w.startswith(f"{n % 10}. ") for n, w in enumerate(items, 1))
    seen = {}
    with h.voila(notebook, folder) as server:
        for touch in (False, True):
            ctx = browser.new_context(viewport={"width": 1366, "height": 768},
                                      device_scale_factor=1, has_touch=touch)
            page = ctx.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)[:300]))
            try:
                page.goto(f"{server.url}/", wait_until="domcontentloaded", timeout=90_000)
                page.locator(".paleo-snowman-items .widget-toggle-button").first.wait_for(
                    timeout=90_000)
                page.locator(".paleo-transform .paleo-key-8").wait_for(timeout=90_000)
                seen[touch] = page.evaluate(KEY_HINTS)
                shot = browser_root / f"voila-explorers-{lang}-touch-{touch}.png"
                page.screenshot(path=str(shot), full_page=True)
            finally:
                ctx.close()
            assert errors == [], errors
    mouse, finger = seen[False], seen[True]
    for hints in (mouse, finger):
        assert hints["exWords"] == words and hints["itemWords"] == items
    assert mouse["ex"] == [f'"{k} · "' for k in range(1, 9)]
    assert all(c == 'counter(paleo-item) ". "' for c in mouse["items"][:9])
    assert mouse["items"][9:] in ([], ['"0. "'])
    assert finger["ex"] == ["none"] * 8 and finger["items"] == ["none"] * len(items)
