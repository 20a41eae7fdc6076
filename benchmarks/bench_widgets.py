"""Round trips of the widgets in a real browser, against a bare canvas (not a test: run it
by hand).

    python benchmarks/bench_widgets.py              # Voila, the standard dig site
    python benchmarks/bench_widgets.py --lab -n 60  # in JupyterLab, 60 hovers

What is measured, in the page (``performance.now()``), on the 13x13 dig site, at the size
the board takes on a school laptop's screen (1366x768, the board fitted to the window):

* hover -> ghost: a ``mousemove`` on the board until the ghost's outline shows at a probe
  pixel (kernel round trip, the overlay repainted, the layers composited);
* click -> placed: a ``mousedown`` on a legal ghost until the shape is drawn (the ghost's
  green outline gives way to the shape's dark one);
* replay steps per second: the "next" button until the board shows the round's shape;

and the floor, in the same page, interleaved with them: a bare ipycanvas ``Canvas`` whose
Python callback draws one square (one canvas message) per ``mousemove`` and per
``mousedown``, timed the same way. The ratio board / floor is the figure that travels
between machines. In the kernel, how many canvas messages each update sent (a counting
wrapper round ipycanvas' canvas manager shows its count in a Label). Targets: hover and
click <= 1.5x the floor, >= 20 replay steps per second, one canvas message per update.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))

import harness as h
from nbformat.v4 import new_code_cell

from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.geometry import Cell
from paleowidgets.core.logs import GameLog, PlayerLog
from paleowidgets.core.rules import Game
from paleowidgets.core.turns import Turn
from paleowidgets.data import load_map
from paleowidgets.widgets import PlayWidget, ReplayWidget
from paleowidgets.widgets.play import placed

MAP, PLAY_SEED, LOG_SEED = "dig-site", "BENCH-1", "BENCH-2"
TARGET_RATIO, TARGET_STEPS = 1.5, 20.0
SCREEN = {"width": 1366, "height": 768}      # a school laptop

SETUP = f"""
import ipywidgets as W
from ipycanvas.canvas import _CANVAS_MANAGER
from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.logs import GameLog, PlayerLog
from paleowidgets.core.rules import Game
from paleowidgets.core.session import PlaySession
from paleowidgets.data import load_map
from paleowidgets.widgets import PlayWidget, ReplayWidget

# The kernel's count of canvas messages (the floor's left out), shown on request only: a
# Label changed on every update would add a message of the bench's own to every update.
sent = W.Label("0 0")
sent.add_class("bench-sent")
ask = W.Button(description="count")
ask.add_class("bench-ask")
_count = [0, 0]                            # requests, canvas messages
_send = _CANVAS_MANAGER.send
def _counting(content, buffers=None):
    _send(content, buffers=buffers)
    if buffers and "park" in globals() and any(
            w.model_id.encode() in bytes(buffers[0]) for w in (floor, park)):
        return                             # the floor's own messages are not counted
    _count[1] += 1
_CANVAS_MANAGER.send = _counting
def _show(_):
    _count[0] += 1
    sent.value = f"{{_count[0]}} {{_count[1]}}"
ask.on_click(_show)

site = load_map({MAP!r})
play = PlayWidget(site, seed={PLAY_SEED!r}, save=False, ask_name=False)

# A game has 20 turns and the bench clicks only where no star is covered (10 turns on this
# map and seed): for more clicks it starts the same game again (as start_as does).
again = W.Button(description="new game")
again.add_class("bench-again")
def _again(_):
    play.session = PlaySession(site, seed={PLAY_SEED!r})
    play._version, play._stars_for = play.session.version, None
    play._refresh()
again.on_click(_again)

# the floor: a bare canvas that draws one square, in one message, per move and per press
from ipycanvas import Canvas, hold_canvas
floor = Canvas(width=240, height=120, layout=W.Layout(width="240px"))
floor.add_class("bench-floor")
floor_colours = ["#0072B2", "#D55E00"]
def floor_square(x, y):
    floor_colours.reverse()
    with hold_canvas():
        floor.fill_style = floor_colours[0]
        floor.fill_rect(x - 10, y - 10, 20, 20)
floor.on_mouse_move(floor_square)
floor.on_mouse_down(floor_square)
# The floor's own start: ipycanvas' page side shows again the canvas a message begins on
# (the one the message before ended on, CanvasManagerModel.onCommand). A message to this
# 1x1 canvas, sent before each floor round trip and not timed, makes the floor's message
# begin here, not on the board's canvas (a composite of the whole board in the floor's time).
park = Canvas(width=1, height=1, layout=W.Layout(width="1px", height="1px"))
park.add_class("bench-park")
def park_here(x, y):
    with hold_canvas():
        park.clear()
park.on_mouse_move(park_here)
W.VBox([W.HBox([sent, ask, again]), play, floor, park])
"""
REPLAY = f"""
def first_legal_game(game, rolls):
    state, turns = game.initial_state(), []
    for roll in rolls:
        turn = next(state.legal_turns(roll, max_squares=0))
        state = state.apply(roll, turn)
        turns.append(turn)
    return tuple(turns)

game = Game(site)
rolls = roll_sequence({LOG_SEED!r}, game.rounds)
log = GameLog(site, rolls, (PlayerLog("Bench", first_legal_game(game, rolls)),))
replay = ReplayWidget(log)
replay
"""

# Dispatch one event, then wait until the probe pixel changes. Two ways to see it:
# "draw" (the default): the page's drawImage is wrapped (JS_PAGE_HOOKS); after each drawing
# onto the watched canvas the probe pixel is read once, and the time taken after that read
# (which makes the canvas rasterise what it was given) is the answer. "poll": read the
# pixel in a loop, yielding through a MessageChannel so that websocket messages are handled
# in between. Polling costs the page a read per turn of its event loop, and a read of a big
# canvas is not cheap (8-24 ms for the 1035x1024 board in a Chromium trace here, under
# load, against well under 1 ms for the 240x120 floor), on the thread that must also draw:
# it slows the board more than the floor. Drawing is what ipycanvas does to show a frame
# (its views draw their model's canvas), so "draw" sees the same pixel without the loop.
JS_ROUND_TRIP = """async ([el, kind, args, probe, timeout, mode]) => {
    const ctx = el.getContext('2d');
    const read = () => Array.from(ctx.getImageData(probe[0], probe[1], 1, 1).data);
    const before = read();
    const moved = () => read().some((v, i) => Math.abs(v - before[i]) > 24);
    const tick = () => new Promise(r => { const c = new MessageChannel();
                                          c.port1.onmessage = r; c.port2.postMessage(0); });
    let seen;
    const drawn = new Promise(resolve => { window.__paleoWatch = {el, resolve,
        moved: () => { if (!moved()) return false; seen = performance.now(); return true; }}; });
    const t0 = performance.now();
    window.__paleoMark = t0;
    if (kind === 'click') {
        document.querySelector(args[0]).click();
    } else {
        // ipycanvas focuses a canvas on mousedown before it reads the event's position: a
        // canvas below the fold would scroll into view and the press land elsewhere. Given
        // the focus first (without scrolling), it stays where it is.
        if (kind === 'mousedown') el.focus({preventScroll: true});
        const r = el.getBoundingClientRect();
        el.dispatchEvent(new MouseEvent(kind, {bubbles: true,
            clientX: r.left + args[0] * r.width / el.width,
            clientY: r.top + args[1] * r.height / el.height}));
    }
    if (mode === 'draw') {
        const late = new Promise(r => setTimeout(() => r(false), timeout));
        const ok = await Promise.race([drawn.then(() => true), late]);
        window.__paleoWatch = null;
        return ok ? seen - t0 : -1;
    }
    window.__paleoWatch = null;
    while (!moved()) {
        if (performance.now() - t0 > timeout) return -1;
        await tick();
    }
    return performance.now() - t0;
}"""

# Installed in the page before it loads: the drawImage hook of the "draw" probe, and a log
# of every websocket message (its time of arrival, performance.now(); parsed only for
# --timeline), which also tells when the page has gone quiet after a round trip.
JS_PAGE_HOOKS = """(() => {
    const drawImage = CanvasRenderingContext2D.prototype.drawImage;
    CanvasRenderingContext2D.prototype.drawImage = function (...args) {
        const out = drawImage.apply(this, args);
        const w = window.__paleoWatch;
        if (w && this.canvas === w.el && w.moved()) { window.__paleoWatch = null; w.resolve(); }
        return out;
    };
    const Native = window.WebSocket, raw = [];
    window.__paleoRaw = raw;
    window.WebSocket = function (...args) {
        const ws = new Native(...args);
        ws.addEventListener('message', (e) => raw.push(['in', performance.now(), e.data]));
        const send = ws.send.bind(ws);
        ws.send = (data) => { raw.push(['out', performance.now(), data]); send(data); };
        return ws;
    };
    window.WebSocket.prototype = Native.prototype;
    Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})()"""

# After a round trip, wait until no websocket message came for QUIET ms (at most 3 s), so
# that what the kernel sends after the probe pixel (words, status) does not land in the
# next round trip (a board's words slowing the floor's square, or the other way round).
QUIET = 150
JS_SETTLE = """async (quiet) => {
    const raw = window.__paleoRaw, t0 = performance.now();
    while (performance.now() - t0 < 3000) {
        const last = raw.length ? raw[raw.length - 1][1] : 0;
        if (performance.now() - last > quiet) return;
        await new Promise(r => setTimeout(r, 20));
    }
}"""

# --timeline: the websocket log parsed: each message with its kernel's creation time (its
# header's date), so that a round trip splits into: event to kernel, kernel work, kernel
# to page, page to pixel.
JS_WS_LOG = """() => {
    const dec = new TextDecoder();
    const json = (bytes) => JSON.parse(dec.decode(bytes));
    function parse(data) {
        if (typeof data === 'string') {
            const m = JSON.parse(data);
            return [m, (m.buffers || []).length, data.length];
        }
        const dv = new DataView(data), u8 = new Uint8Array(data);
        if (dv.getUint32(4, true) === 0) {          // v1.kernel.websocket.jupyter.org
            const n = Number(dv.getBigUint64(0, true)), off = [];
            for (let i = 1; i <= n; i++) off.push(Number(dv.getBigUint64(8 * i, true)));
            off.push(data.byteLength);
            const part = (i) => u8.subarray(off[i], off[i + 1]);
            return [{channel: dec.decode(part(0)), header: json(part(1)),
                     parent_header: json(part(2)), content: json(part(4))},
                    n - 5, data.byteLength];
        }
        const n = dv.getUint32(0), off = [];             // the older binary framing
        for (let i = 0; i < n; i++) off.push(dv.getUint32(4 * (i + 1)));
        off.push(data.byteLength);
        return [json(u8.subarray(off[0], off[1])), n - 1, data.byteLength];
    }
    return window.__paleoRaw.map(([dir, t, data]) => {
        try {
            const [m, nbuf, bytes] = parse(data);
            const c = m.content || {}, d = c.data || {};
            return {dir, t, ch: m.channel, type: m.header.msg_type, id: m.header.msg_id,
                    parent: (m.parent_header || {}).msg_id,
                    date: Date.parse(m.header.date) - performance.timeOrigin,
                    state: c.execution_state, comm: c.comm_id, method: d.method,
                    keys: d.state ? Object.keys(d.state) : undefined, nbuf, bytes};
        } catch (e) { return {dir, t, error: String(e)}; }
    });
}"""


class Timeline:
    """The page's websocket log, cut into round trips (``--timeline``)."""

    KEYS = ("kernel_busy", "canvas_made", "canvas_in", "idle_made", "idle_in", "last_in",
            "drawn", "messages", "bytes")

    def __init__(self, page: Any) -> None:
        self.page = page
        self.marks: list[tuple[str, float, float]] = []

    def trip(self, name: str, ms: float) -> None:
        """Note the round trip that just ended (``ms`` long) under ``name``."""
        self.marks.append((name, self.page.evaluate("() => window.__paleoMark"), ms))

    def summary(self) -> dict[str, Any]:
        """Per kind of round trip, the medians of :attr:`KEYS` and the widget traits its
        state updates carried (how many of each per round trip)."""
        log = self.page.evaluate(JS_WS_LOG)
        trips: dict[str, list[dict[str, Any]]] = {}
        for name, t0, ms in self.marks:
            sent = next((e for e in log if e.get("dir") == "out" and e["t"] >= t0
                         and e.get("type") == "comm_msg"), None)
            if sent is None:
                continue
            back = [e for e in log if e.get("dir") == "in" and e.get("parent") == sent["id"]]
            canvas = [e for e in back if e.get("type") == "comm_msg" and e.get("nbuf", 0) > 0]
            busy = [e for e in back if e.get("state") == "busy"]
            idle = [e for e in back if e.get("state") == "idle"]
            row: dict[str, Any] = {"drawn": ms, "messages": len(back),
                                   "bytes": sum(e.get("bytes", 0) for e in back),
                                   "updates": [k for e in back for k in e.get("keys") or ()]}
            if busy:
                row["kernel_busy"] = busy[0]["date"] - t0
            if canvas:
                row["canvas_made"] = canvas[0]["date"] - t0
                row["canvas_in"] = canvas[0]["t"] - t0
            if idle:
                row["idle_made"] = idle[-1]["date"] - t0
                row["idle_in"] = idle[-1]["t"] - t0
            if back:
                row["last_in"] = max(e["t"] for e in back) - t0
            trips.setdefault(name, []).append(row)
        out: dict[str, Any] = {}
        for name, rows in trips.items():
            med = {k: round(statistics.median(r[k] for r in rows if k in r), 1)
                   for k in self.KEYS if any(k in r for r in rows)}
            traits = sorted({k for r in rows for k in r["updates"]})
            out[name] = {**med, "n": len(rows), "updates": {
                k: round(sum(r["updates"].count(k) for r in rows) / len(rows), 2)
                for k in traits}}
        return out


TIMELINE: Timeline | None = None
PROBE = ["draw"]


def edge_probe(plan: Any, cells: frozenset[Cell]) -> tuple[float, float]:
    """A pixel on the outline of ``cells``: the middle of a left edge."""
    x, y = min((c for c in cells if (c[0] - 1, c[1]) not in cells), key=lambda c: (c[1], c[0]))
    bx, by, _, _ = plan.cell_box((x, y))
    return round(bx), round(by + plan.cell / 2)


def centre(plan: Any, cell: Cell) -> list[float]:
    x, y = plan.cell_centre(cell)
    return [x, y]


def round_trip(page: Any, canvas: Any, kind: str, args: list[Any],
               probe: tuple[float, float], name: str = "") -> float:
    ms: float = page.evaluate(h.kept(JS_ROUND_TRIP), [canvas, kind, args, list(probe), 10_000,
                                              PROBE[0]])
    if ms < 0:
        raise RuntimeError(f"no change at {probe} after {kind} {args}")
    if TIMELINE is not None and name:
        TIMELINE.trip(name, ms)
    page.evaluate(h.kept(JS_SETTLE), QUIET)
    return ms


_ASKED = [0]


def sent(page: Any) -> int:
    """The kernel's count of canvas messages (asked for with a button: the kernel answers
    after every event sent before it)."""
    _ASKED[0] += 1
    page.locator(".bench-ask button, button.bench-ask").first.click()
    page.wait_for_function("n => (document.querySelector('.bench-sent') || {}).innerText"
                           "?.split(' ')[0] == n", arg=str(_ASKED[0]), timeout=30_000)
    return int(page.locator(".bench-sent").inner_text().split()[1])


def legal_anchor(mirror: PlayWidget) -> tuple[Cell, frozenset[Cell]] | None:
    """A cell where the default shape, unturned, may be drawn without covering a star."""
    g = mirror.game
    tb = mirror.table
    for y in range(g.height):
        for x in range(g.width):
            tb.anchor = (x, y)
            c = mirror.candidate()
            if c is not None and c.legal and c.stars == 0:
                return (x, y), c.cells
    return None


FLOOR_AT = [60.0, 60.0]      # floor canvas pixel of its square


JS_PARK = """(el) => el.dispatchEvent(new MouseEvent('mousemove', {bubbles: true,
    clientX: el.getBoundingClientRect().left, clientY: el.getBoundingClientRect().top}))"""


def floor_trip(page: Any, floor: Any, kind: str) -> float:
    """One event on the bare canvas until its square changes colour, its message beginning
    on the bench's 1x1 canvas (sent just before, untimed)."""
    park = page.query_selector("canvas.bench-park")
    assert park is not None
    page.evaluate(JS_PARK, park)
    page.evaluate(h.kept(JS_SETTLE), QUIET)
    return round_trip(page, floor, kind, FLOOR_AT, (FLOOR_AT[0], FLOOR_AT[1]),
                      f"floor {kind}")


def against_floor(times: list[float], floor: list[float]) -> dict[str, Any]:
    med, base = statistics.median(times), statistics.median(floor)
    p95, base95 = _quantile(times, 0.95), _quantile(floor, 0.95)
    return {"n": len(times), "median_ms": med, "p90_ms": _quantile(times, 0.9),
            "p95_ms": p95, "floor_median_ms": base, "floor_p90_ms": _quantile(floor, 0.9),
            "floor_p95_ms": base95, "ratio": med / base, "ratio_p95": p95 / base95}


def bench_hover(page: Any, canvas: Any, floor: Any, mirror: PlayWidget,
                n: int) -> dict[str, Any]:
    page.locator(".paleo-play .paleo-roll").first.click()
    mirror.roll_dice()
    found = legal_anchor(mirror)
    assert found is not None and mirror.table.shape is not None
    here, cells = found
    plan = mirror.board.plan
    away = (mirror.game.width - 1 - here[0], mirror.game.height - 1 - here[1])
    probe = edge_probe(plan, cells)
    assert probe != edge_probe(plan, placed(mirror.table.shape, mirror.table.orientation,
                                            away))
    n0 = sent(page)
    times, floor_times = [], []
    for i in range(n):
        target = here if i % 2 == 0 else away
        times.append(round_trip(page, canvas, "mousemove", centre(plan, target), probe,
                                "board hover"))
        floor_times.append(floor_trip(page, floor, "mousemove"))
    per = (sent(page) - n0) / n
    return {**against_floor(times, floor_times), "messages_per_hover": per}


def bench_click(page: Any, canvas: Any, floor: Any, mirror: PlayWidget,
                n: int) -> dict[str, Any]:
    """``n`` clicks, each on a legal ghost that covers no star, each a turn; when the game
    has no such place left (or is over), the same game starts again (untimed)."""
    plan = mirror.board.plan
    times: list[float] = []
    floor_times: list[float] = []
    messages: list[int] = []
    games = 1
    while len(times) < n:
        if mirror.roll is None and not mirror.state.is_terminal:
            page.locator(".paleo-play .paleo-roll").first.click()
            mirror.roll_dice()
        found = None if mirror.state.is_terminal else legal_anchor(mirror)
        if found is None:
            if games > 2 * n:
                break
            games += 1
            page.locator(".bench-again button, button.bench-again").first.click()
            mirror = PlayWidget(load_map(MAP), seed=PLAY_SEED, save=False, ask_name=False)
            sent(page)                         # the kernel has started the game again
            page.locator(".paleo-play .paleo-message", has_text="Round 1:").wait_for()
            page.evaluate(h.kept(JS_SETTLE), QUIET)
            continue
        anchor, cells = found
        probe = edge_probe(plan, cells)
        canvas.dispatch_event("mouseout")      # no ghost, so that the next one shows
        page.wait_for_timeout(150)
        round_trip(page, canvas, "mousemove", centre(plan, anchor), probe)   # the ghost
        n0 = sent(page)
        times.append(round_trip(page, canvas, "mousedown", centre(plan, anchor), probe,
                                "board click"))
        messages.append(sent(page) - n0)
        floor_times.append(floor_trip(page, floor, "mousedown"))
        mirror.click(anchor)
        page.locator(".paleo-play .paleo-message",
                     has_text=f"Round {mirror.state.round}:").wait_for()
    return {**against_floor(times, floor_times), "games": games,
            "messages_per_click": statistics.mean(messages)}


def bench_replay(page: Any, log: GameLog) -> dict[str, Any]:
    replay = ReplayWidget(log)                    # the same board, here, for the geometry
    plan = replay.board.plan
    canvas = page.wait_for_selector(".paleo-replay canvas.paleo-board", state="visible")
    canvas.scroll_into_view_if_needed()
    n0 = sent(page)
    times = []
    t0 = time.perf_counter()
    last: frozenset[Cell] = frozenset()
    for turn in log.players[0].turns:
        # a step shows the round's shape; after a pass, the last shape loses its highlight
        last = turn.cells or last
        times.append(round_trip(page, canvas, "click", [".paleo-replay .paleo-next"],
                                edge_probe(plan, last)))
    wall = time.perf_counter() - t0
    per = (sent(page) - n0) / len(times)
    return {"steps": len(times), "median_step_ms": statistics.median(times),
            "steps_per_second": len(times) / (sum(times) / 1000),
            "steps_per_second_wall": len(times) / wall, "messages_per_step": per}


def _quantile(xs: list[float], q: float) -> float:
    """The nearest-rank quantile (of 20 values: the 95th percentile is the 19th)."""
    return sorted(xs)[max(0, math.ceil(q * len(xs)) - 1)]


def bench_log() -> GameLog:
    site = load_map(MAP)
    game = Game(site)
    rolls = roll_sequence(LOG_SEED, game.rounds)
    state, turns = game.initial_state(), []
    for roll in rolls:
        turn: Turn = next(state.legal_turns(roll, max_squares=0))
        state = state.apply(roll, turn)
        turns.append(turn)
    return GameLog(site, rolls, (PlayerLog("Bench", tuple(turns)),))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lab", action="store_true", help="JupyterLab instead of Voila")
    ap.add_argument("-n", type=int, default=40, help="hovers")
    ap.add_argument("--clicks", type=int, default=30,
                    help="clicks (a game gives 10 here: then the same game starts again)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="runs, each with a server and a browser of its own; then the "
                         "median and spread of their ratios")
    ap.add_argument("--nodelay", action="store_true",
                    help="switch Nagle's algorithm off on the kernel websocket "
                         "(paleowidgets.widgets.nodelay)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON only")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder (logs)")
    ap.add_argument("--probe", choices=("draw", "poll"), default="draw",
                    help="how the page sees the pixel change: after each drawing onto the "
                         "canvas (default) or by reading it in a loop (the earlier way)")
    ap.add_argument("--timeline", action="store_true",
                    help="log the page's websocket messages and split each round trip "
                         "(medians, in ms from the event: the kernel busy, the canvas "
                         "message made and arrived, idle made and arrived, drawn)")
    a = ap.parse_args()
    runs = []
    for _ in range(max(1, a.repeat)):
        root = Path(tempfile.mkdtemp(prefix="bench-widgets-"))
        try:
            results = run(a, root)
        finally:
            if a.keep:
                print(f"(scratch folder kept: {root})", file=sys.stderr)
            else:
                shutil.rmtree(root, ignore_errors=True)
        if not a.json:
            report(results, a)
        runs.append(results)
    if a.json:
        print(json.dumps(runs[0] if len(runs) == 1 else runs, indent=1))
    elif len(runs) > 1:
        for name in ("hover", "click"):
            ratios = sorted(r[name]["ratio"] for r in runs)
            p95s = sorted(r[name]["ratio_p95"] for r in runs)
            print(f"{len(runs)} runs, {name}: ratio median {statistics.median(ratios):.2f} "
                  f"({ratios[0]:.2f}-{ratios[-1]:.2f}), p95 ratio median "
                  f"{statistics.median(p95s):.2f} ({p95s[0]:.2f}-{p95s[-1]:.2f})")
    return 0 if all(r["targets_met"] for r in runs) else 1


def run(a: argparse.Namespace, root: Path) -> dict[str, Any]:
    global TIMELINE
    nb = h.write_notebook(root / "bench.ipynb", [new_code_cell(SETUP), new_code_cell(REPLAY),
                                                 new_code_cell(f"print({h.DONE!r})")])
    if a.nodelay:
        h.enable_nodelay(root)
    results: dict[str, Any] = {"where": "lab" if a.lab else "voila", "map": MAP,
                               "nodelay": a.nodelay, "probe": a.probe,
                               "load_average": list(os.getloadavg())}
    t0 = time.perf_counter()
    _ASKED[0] = 0                  # the page's count label starts again with its page
    with h.chromium(root) as browser:
        server_cm = h.jupyter_lab(root) if a.lab else h.voila(nb, root)
        with server_cm as server:
            page = h.new_page(browser)
            page.set_viewport_size(SCREEN)
            page.add_init_script(JS_PAGE_HOOKS)
            PROBE[0] = a.probe
            if a.timeline:
                TIMELINE = Timeline(page)
            if a.lab:
                h.open_lab_notebook(page, server, nb.name)
            else:
                page.goto(f"{server.url}/", wait_until="domcontentloaded", timeout=90_000)
            canvas = page.wait_for_selector(".paleo-play canvas.paleo-board", state="visible",
                                            timeout=90_000)
            floor = page.wait_for_selector("canvas.bench-floor", state="attached")
            # both boards drawn again once their clients are ready, so that no start-up
            # drawing is counted below (the count label shows the kernel's latest total)
            page.wait_for_selector(".paleo-replay canvas.paleo-board", state="visible",
                                   timeout=90_000)
            page.wait_for_timeout(1500)
            canvas.scroll_into_view_if_needed()
            mirror = PlayWidget(load_map(MAP), seed=PLAY_SEED, save=False, ask_name=False)
            sent(page)
            results["hover"] = bench_hover(page, canvas, floor, mirror, a.n)
            results["click"] = bench_click(page, canvas, floor, mirror, a.clicks)
            results["board_css_px"] = canvas.evaluate(
                "el => [Math.round(el.getBoundingClientRect().width),"
                " Math.round(el.getBoundingClientRect().height)]")
            results["replay"] = bench_replay(page, bench_log())
            results["page_errors"] = page.errors
            if TIMELINE is not None:
                results["timeline"] = TIMELINE.summary()
            page.context.close()
    results["seconds"] = round(time.perf_counter() - t0, 1)
    ok = (results["hover"]["ratio"] <= TARGET_RATIO
          and results["click"]["ratio"] <= TARGET_RATIO
          and results["replay"]["steps_per_second"] >= TARGET_STEPS
          and results["hover"]["messages_per_hover"] == 1
          and results["click"]["messages_per_click"] == 1
          and results["replay"]["messages_per_step"] == 1)
    results["targets_met"] = ok
    return results


def report(results: dict[str, Any], a: argparse.Namespace) -> None:
    """One run's results in words."""
    hv, cl, rp = results["hover"], results["click"], results["replay"]
    print(f"where: {results['where']}{' with TCP_NODELAY' if a.nodelay else ''}, "
          f"map: {MAP}, probe: {a.probe}, {results['seconds']} s in all, load average "
          f"{' '.join(f'{x:.2f}' for x in results['load_average'])} at the start")
    w, hh = results["board_css_px"]
    print(f"board shown at {w}x{hh} CSS px in a {SCREEN['width']}x{SCREEN['height']} "
          "window")
    for name, r, per in (("hover -> ghost ", hv, hv["messages_per_hover"]),
                         ("click -> placed", cl, cl["messages_per_click"])):
        print(f"{name}  median {r['median_ms']:6.1f} ms  p95 {r['p95_ms']:6.1f} ms"
              f"  floor {r['floor_median_ms']:5.1f} ms (p95 {r['floor_p95_ms']:.1f})"
              f"  ratio {r['ratio']:.2f} (p95 {r['ratio_p95']:.2f})"
              f"  (n={r['n']}, {per:.2f} canvas messages each)")
    print(f"replay           {rp['steps_per_second']:6.1f} steps/s (median step "
          f"{rp['median_step_ms']:.1f} ms; {rp['steps_per_second_wall']:.1f} steps/s "
          f"with the driver) ({rp['messages_per_step']:.2f} canvas messages each)")
    print(f"targets (<= {TARGET_RATIO:g}x the floor, >= {TARGET_STEPS:g} steps/s, "
          "1 message): "
          f"{'met' if results['targets_met'] else 'NOT met'}")
    for name, row in results.get("timeline", {}).items():
        print(f"timeline {name}: {row}")
    if results["page_errors"]:
        print("page errors:", results["page_errors"])


if __name__ == "__main__":
    sys.exit(main())
