"""The board after its own updates has exactly the pixels of a fresh board drawn whole.

``BoardWidget.update`` repaints only what a turn, a hover or a replay's step changes: the
marks layer (a canvas the page never shows) in boxes, painted unclipped on a scratch
canvas and copied box by box, and the board shown copied from its hidden layers only
round what changed, with the overlay painted on top; a board that connects is drawn whole
(``BoardWidget.redraw``). Here both meet in Chromium: games are played on the two shipped
13x13 maps through the widgets' own Python API (a ``PlayWidget``: hovers with legal and
illegal ghosts, turns that dig fossils up, use stars and One Squares, a One Square taken
back with undo; then a ``ReplayWidget`` of the game stepping forward and back, with its
highlighted cells), and after every update a fresh ``BoardWidget`` of the same state,
ghost and highlight is made and drawn whole. The board shown and its hidden static and
marks layers (``getImageData`` of each canvas in ipycanvas' browser model) must be equal,
every byte of every pixel.

The browser is read only once ipycanvas has processed every canvas message it was sent
(its canvas manager's chain of promises has settled), so a read never falls between two
messages.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import harness as h
import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "board-pixels.ipynb"
MAPS = ("dig-site", "snow-map")

# The kernel side: a generator of steps per map; each step does one thing to the widgets
# (through their API, as the events would) and names the board it changed.
PRELUDE = '''\
import json, random, time
import ipywidgets as W
from ipycanvas.canvas import _CANVAS_MANAGER
from paleowidgets.data import load_map
from paleowidgets.widgets import BoardWidget, PlayWidget, ReplayWidget
from paleowidgets.widgets.board import OVERLAY

stage = W.VBox()
seen = {"dug": 0, "stars": 0, "squares": 0, "undo": 0, "illegal": 0, "legal": 0,
        "back": 0, "highlight": 0}


def pick(state, roll, rng):
    """A turn that digs a fossil up if one can, else uses a One Square, else takes one
    for a star, else uses a star. (The turns are legal ones: the fossils each digs up are
    counted with the core's unchecked ``State.play``, ten times quicker than ``apply``.)"""
    g = state.game
    best = None
    for turn in state.legal_turns(roll, max_squares=1):
        after = state.play(sum(map(g.bit, turn.cells)), 0, squares=sum(map(g.bit, turn.squares)))
        key = (bin(after.dug).count("1") - bin(state.dug).count("1"), bool(turn.squares),
               "one-square" in turn.stars, bool(turn.stars), not turn.passed, rng.random())
        if best is None or key > best[0]:
            best = (key, turn)
    return best[1]


def legal_anchor(play, grid):
    """A cell the pointer can show a legal ghost on (the session asked, the board not)."""
    anchor = play.session.table.anchor
    found = None
    for cell in grid:
        play.session.hover(cell)
        ghost = play.session.ghost()
        if ghost is not None and ghost[1]:
            found = cell
            break
    play.session.hover(anchor)
    return found


def steps(name, seed):
    seen.update(dict.fromkeys(seen, 0))
    play = PlayWidget(load_map(name), seed=seed, save=False)
    stage.children = (play,)
    rng = random.Random(seed)
    board = play.board
    yield "start", board
    while not play.state.is_terminal:
        r = play.state.round
        roll = play.rolls[r]
        turn = pick(play.state, roll, rng)
        play.roll_dice()
        grid = [(x, y) for x in range(13) for y in range(13)]
        for cell in (rng.choice(grid), legal_anchor(play, grid)):
            play.hover(cell)
            if board.ghost is not None:
                seen["legal" if board.ghost.legal else "illegal"] += 1
            yield f"round {r + 1}: hover {cell}", board
        if turn.squares:
            play.set_square_mode(True)
            play.click(next(iter(turn.squares)))
            yield f"round {r + 1}: One Square filled", board
            play.undo()
            seen["undo"] += 1
            yield f"round {r + 1}: One Square undone", board
            seen["squares"] += 1
        before = play.state
        play.play_turn(turn)
        assert play.state.round == r + 1, (r, turn)
        seen["dug"] += bin(play.state.dug).count("1") - bin(before.dug).count("1")
        seen["stars"] += bool(turn.stars)
        yield f"round {r + 1}: {turn}", board
    replay = ReplayWidget(play.session.game_log("Ada"))
    stage.children = (replay,)
    yield "replay: start", replay.board
    for delta in (1, 1, 1, 3, -1, -2, 5, -4, 2):
        replay.step(delta)
        seen["back"] += delta < 0
        seen["highlight"] += bool(replay.board.highlight)
        yield f"replay: step {delta:+d} to round {replay.round}", replay.board


def ids(board):
    """The board's model (the canvas shown) and its hidden layers' (static, marks)."""
    return [board.model_id, [layer.model_id for layer in board.layers[:OVERLAY]]]


ref = None
done = []       # (when made, board): closed once its client-ready redraws are surely sent


def fresh(board):
    """A new board of the same look, state, ghost and highlight, drawn whole."""
    unit = board._unit
    new = BoardWidget(board.state, turns=board.turns, cell_size=unit / 1.5, resolution=1.5,
                      labels=board._labels, fit=False, touch=False)
    assert new._unit == unit
    new.ghost, new.highlight = board.ghost, board.highlight
    new.redraw()
    return new


def next_step(run):
    """The next step's boards; fresh boards of two seconds ago are closed (a board draws
    itself again half a second after its browser side says it is ready: a drawing sent to
    a closed canvas is an error in the page)."""
    global ref
    if ref is not None:
        done.append((time.monotonic(), ref))
        ref = None
    while done and time.monotonic() - done[0][0] > 2:
        old = done.pop(0)[1]
        for layer in old.layers[:OVERLAY]:
            layer.close()
        old.close()
    try:
        label, board = next(run)
    except StopIteration:
        print(json.dumps(None))
        return
    ref = fresh(board)
    print(json.dumps({"label": label, "board": ids(board), "fresh": ids(ref),
                      "manager": _CANVAS_MANAGER.model_id}))
'''

# Wait until ipycanvas' browser side has drawn every canvas message it was sent, then
# compare the two boards layer by layer and composited. Each widget's model is found
# through the widget manager of a view on the page.
JS_COMPARE = """async ([board, fresh, manager]) => {
    const stack = [window.jupyterapp.shell.currentWidget];
    let wm = null;
    while (stack.length && !wm) {
        const w = stack.pop();
        if (w._view && w._view.model) wm = w._view.model.widget_manager;
        else for (const c of w.children()) stack.push(c);
    }
    if (!wm) throw new Error('no widget view on the page');
    const mgr = await wm.get_model(manager);
    const models = async ([id, layers]) => [await wm.get_model(id),
        ...(await Promise.all(layers.map(l => wm.get_model(l))))];
    const a = await models(board), b = await models(fresh);
    for (let i = 0; i < 200; i++) {     // settled: no message came in while waiting
        const p = mgr.currentProcessing;
        await p;
        await new Promise(r => setTimeout(r, 0));
        if (p === mgr.currentProcessing) break;
    }
    const names = ['composite', 'static', 'marks'];
    const out = {};
    for (let k = 0; k < names.length; k++) {
        const ca = a[k].canvas, cb = b[k].canvas;
        if (ca.width !== cb.width || ca.height !== cb.height) {
            out[names[k]] = {size: [ca.width, ca.height, cb.width, cb.height]};
            continue;
        }
        const da = ca.getContext('2d').getImageData(0, 0, ca.width, ca.height).data;
        const db = cb.getContext('2d').getImageData(0, 0, cb.width, cb.height).data;
        let n = 0, x0 = 1e9, y0 = 1e9, x1 = -1, y1 = -1, worst = 0, inked = 0;
        for (let p = 0; p < da.length; p += 4) {
            if (da[p + 3] || db[p + 3]) inked++;
            let d = 0;
            for (let c = 0; c < 4; c++) d = Math.max(d, Math.abs(da[p + c] - db[p + c]));
            if (d) {
                n++;
                worst = Math.max(worst, d);
                const x = (p / 4) % ca.width, y = Math.floor(p / 4 / ca.width);
                x0 = Math.min(x0, x); y0 = Math.min(y0, y);
                x1 = Math.max(x1, x); y1 = Math.max(y1, y);
            }
        }
        out[names[k]] = {differ: n, worst, box: n ? [x0, y0, x1, y1] : null, inked};
    }
    return out;
}"""


def cells() -> list[Any]:
    from nbformat.v4 import new_code_cell, new_markdown_cell

    return [new_markdown_cell("# Board pixels: updates against whole redraws"),
            new_code_cell(PRELUDE + "stage"),
            new_code_cell(f"print({h.DONE!r})")]


@pytest.fixture(scope="module")
def page(browser: Any, lab: h.Server, browser_root: Path) -> Iterator[Any]:
    h.write_notebook(browser_root / NOTEBOOK, cells())
    with h.lab_notebook_page(browser, lab, NOTEBOOK) as page:
        yield page


def compare(page: Any, step: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = h.settled(page, JS_COMPARE, [step["board"], step["fresh"],
                                                        step["manager"]])
    return found


@pytest.mark.parametrize("name", MAPS)
def test_updates_leave_the_pixels_of_a_whole_redraw(page: Any, name: str) -> None:
    h.kernel_run(page, f"run = steps({name!r}, 'PIXELS-{name}')")
    wrong: list[str] = []
    done = 0
    while True:
        step = json.loads(h.kernel_run(page, "next_step(run)", timeout=60_000))
        if step is None:
            break
        found = compare(page, step)
        for layer, diff in found.items():
            assert "size" not in diff, (step["label"], layer, diff)
            assert diff["inked"] > 0, (step["label"], layer, diff)
            if diff["differ"]:
                wrong.append(f"{step['label']}: {layer} {diff}")
        done += 1
    seen = json.loads(h.kernel_run(page, "print(json.dumps(seen))"))
    # the game went where the test means it to go (for both maps together, so far)
    assert done > 40, done
    assert seen["dug"] > 0 and seen["stars"] > 0 and seen["squares"] > 0, seen
    assert seen["undo"] > 0 and seen["back"] > 0 and seen["highlight"] > 0, seen
    assert seen["legal"] > 0 and seen["illegal"] > 0, seen
    assert wrong == [], "\n".join(wrong)
