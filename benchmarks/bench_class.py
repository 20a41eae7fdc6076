"""A class in Voila: many pupils play the demo at once (not a test: run it by hand).

    python benchmarks/bench_class.py                        # 30 pupils, 20 rounds each
    python benchmarks/bench_class.py --pupils 3 --rounds 2  # a quick check
    python benchmarks/bench_class.py --url http://127.0.0.1:8866   # a running ./kit voila

Starts Voila on ``lessons/demo-play.ipynb`` the way ``./kit voila`` does (the
``jupyter-config/`` folder, so kernel websockets have TCP_NODELAY), unless ``--url`` names a
running one. Each pupil is a protocol-level client, not a browser: it loads the page (Voila
starts a kernel and runs the notebook for it), opens the kernel websocket with the protocol
JupyterLab's front end speaks (``v1.kernel.websocket.jupyter.org``), loads every widget's
state through the ``jupyter.widget.control`` comm as Voila's widget manager does, says
"client ready" for every canvas as ipycanvas' models do, and then plays through the widgets'
comms only: a click on the Roll button; the pointer moved over the board cell by cell
(ipycanvas ``mouse_move``, one per cell crossed) to a cell where it sees the shape fit; a
press there (``mouse_down`` then ``mouse_up``) once the message under the board says the
shape may be drawn; the first bonus when the stars offer a choice; Pass when the widget
allows it; Rotate, Flip or the other shape when the shape fits nowhere. What the pupil
"sees" comes from its own copy of the table (a core ``PlaySession`` on the demo's map and
seed, told every action it did on the page); it only chooses where to point, the widget's
answer decides, and a pupil that loses track (or ``--blind``) points at cells in a random
order instead. If the page asks for a name before the board, the pupil types one
("Pupil 07") and presses the button.

Measured per press on the board: from sending ``mouse_down`` to the arrival of the canvas
message the kernel sends for it (the comm message of ipycanvas' canvas manager whose
parent is that ``mouse_down``). A press is *answered* when the kernel replied to it within
``--timeout`` seconds with a canvas message, or with the star choice it asks for. Also
measured: the same for each hover (to its canvas message) and for the Roll button (to its
reply), how long each page took to load, the resident memory (RSS) of each pupil's kernel
(``psutil``, sampled every two seconds, its peak) and whether each pupil's game log was saved
(JSON game logs written under the server's folder or its HOME while the class played).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import re
import secrets
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "browser"))

import harness as h  # noqa: E402  (the browser tests' server helpers)

from paleowidgets.core.logs import GameLog  # noqa: E402
from paleowidgets.core.rules import Game  # noqa: E402
from paleowidgets.core.session import PlaySession  # noqa: E402
from paleowidgets.data import load_map  # noqa: E402
from paleowidgets.widgets.board import BoardWidget  # noqa: E402

NOTEBOOK = REPO / "lessons" / "demo-play.ipynb"
PROTOCOL = "v1.kernel.websocket.jupyter.org"
WIDGET_CONTROL = "jupyter.widget.control"
MB = 1024 * 1024


# -- the kernel websocket, as JupyterLab's front end speaks it ---------------------------------

def encode(channel: str, msg: dict[str, Any], buffers: list[bytes]) -> bytes:
    parts = [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata",
                                                      "content")]
    frame: bytes = serialize_msg_to_ws_v1(parts + buffers, channel)
    return frame


def decode(frame: bytes) -> tuple[str, dict[str, Any]]:
    channel, parts = deserialize_msg_from_ws_v1(frame)
    msg = {k: json.loads(p) for k, p in zip(("header", "parent_header", "metadata", "content"),
                                            parts[:4], strict=True)}
    msg["buffers"] = parts[4:]
    return channel, msg


@dataclass
class Reply:
    """What the kernel sent back for one message of ours (its parent)."""

    sent: float
    canvas: float | None = None      # the first canvas-manager message
    first: float | None = None       # the first comm message of any widget
    comms: int = 0
    done: asyncio.Event = field(default_factory=asyncio.Event)   # status idle came

    def ms(self, at: float | None) -> float | None:
        return None if at is None else (at - self.sent) * 1000


@dataclass
class Model:
    name: str
    state: dict[str, Any]

    @property
    def classes(self) -> list[str]:
        return list(self.state.get("_dom_classes", ()))

    def children(self) -> list[str]:
        """The model ids this one holds (children, canvases, ...)."""
        out = []
        for v in self.state.values():
            for x in v if isinstance(v, list) else [v]:
                if isinstance(x, str) and x.startswith("IPY_MODEL_"):
                    out.append(x[len("IPY_MODEL_"):])
        return out


QUIET = 0.1     # s without a message from the kernel: a turn's words have all come


class KernelLink:
    """One websocket to one kernel, with a widget manager's view of the models."""

    def __init__(self, ws: WebSocketClientConnection) -> None:
        self.ws = ws
        self.session = uuid.uuid4().hex
        self.models: dict[str, Model] = {}
        self.replies: dict[str, Reply] = {}
        self.on_open: list[Any] = []
        self.closed: str | None = None
        self.statuses: list[str] = []
        self.last = time.perf_counter()      # when the last message came
        self.reader = asyncio.ensure_future(self._read())

    def message(self, msg_type: str, content: dict[str, Any],
                metadata: dict[str, Any] | None = None) -> dict[str, Any]:
        return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "pupil",
                           "session": self.session, "date": "", "version": "5.3"},
                "parent_header": {}, "metadata": metadata or {}, "content": content}

    def send(self, msg_type: str, content: dict[str, Any], *, channel: str = "shell",
             metadata: dict[str, Any] | None = None) -> Reply:
        msg = self.message(msg_type, content, metadata)
        reply = Reply(time.perf_counter())
        self.replies[msg["header"]["msg_id"]] = reply
        self.ws.write_message(encode(channel, msg, []), binary=True)
        return reply

    def comm(self, comm_id: str, data: dict[str, Any]) -> Reply:
        return self.send("comm_msg", {"comm_id": comm_id, "data": data})

    def custom(self, model_id: str, content: dict[str, Any]) -> Reply:
        return self.comm(model_id, {"method": "custom", "content": content})

    def update(self, model_id: str, state: dict[str, Any]) -> Reply:
        self.models[model_id].state.update(state)
        return self.comm(model_id, {"method": "update", "state": state, "buffer_paths": []})

    async def _read(self) -> None:
        try:
            while True:
                frame = await self.ws.read_message()
                if frame is None:
                    self.closed = f"websocket closed ({self.ws.close_code} {self.ws.close_reason})"
                    break
                if isinstance(frame, str):
                    continue
                channel, msg = decode(frame)
                self._handle(channel, msg)
        finally:
            for reply in self.replies.values():
                reply.done.set()

    def _handle(self, channel: str, msg: dict[str, Any]) -> None:
        t = self.last = time.perf_counter()
        kind, content = msg["header"]["msg_type"], msg["content"]
        reply = self.replies.get(msg["parent_header"].get("msg_id", ""))
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            data = content["data"]
            self.models[content["comm_id"]] = Model(data["state"].get("_model_name", ""),
                                                    data["state"])
            for callback in self.on_open:
                callback(content["comm_id"])
        elif kind == "comm_msg":
            data = content["data"]
            method = data.get("method")
            model = self.models.get(content["comm_id"])
            if method == "update_states":
                for mid, m in data["states"].items():
                    self.models[mid] = Model(m["model_name"], m["state"])
            elif method in ("update", "echo_update") and model is not None:
                model.state.update(data["state"])
            if reply is not None:
                reply.comms += 1
                reply.first = reply.first or t
                if (method == "custom" and model is not None
                        and model.name == "CanvasManagerModel"):
                    reply.canvas = reply.canvas or t
        elif kind == "comm_close":
            self.models.pop(content["comm_id"], None)
        elif kind == "status":
            state = content.get("execution_state", "")
            if state in ("dead", "restarting", "starting"):
                self.statuses.append(state)
        idle = kind == "status" and content.get("execution_state") == "idle"
        if reply is not None and (idle or (channel == "shell" and kind.endswith("_reply"))):
            reply.done.set()

    async def wait(self, reply: Reply, timeout: float) -> bool:
        """Whether the kernel finished with our message (status idle) in time."""
        try:
            await asyncio.wait_for(reply.done.wait(), timeout)
        except TimeoutError:
            return False
        return self.closed is None or reply.first is not None

    # -- the models ------------------------------------------------------------------------

    def tree(self, root: str) -> Iterator[str]:
        """``root`` and every model it holds, depth first, each once."""
        seen: set[str] = set()
        stack = [root]
        while stack:
            mid = stack.pop()
            if mid in seen or mid not in self.models:
                continue
            seen.add(mid)
            yield mid
            stack.extend(reversed(self.models[mid].children()))

    def find(self, root: str, *, cls: str | None = None, name: str | None = None) -> list[str]:
        return [m for m in self.tree(root)
                if (cls is None or cls in self.models[m].classes)
                and (name is None or self.models[m].name == name)]

    def with_class(self, cls: str) -> list[str]:
        return [m for m, model in self.models.items() if cls in model.classes]


# -- a pupil --------------------------------------------------------------------------------------

class Stuck(RuntimeError):
    """The pupil found nothing to do that the widget accepts."""


@dataclass
class Pupil:
    number: int
    name: str
    base: str
    args: argparse.Namespace
    geometry: Any                      # the board's plan, for the cells' pixels
    cells: list[tuple[int, int]]
    page_s: float | None = None
    kernel_id: str | None = None
    pid: int | None = None
    rss_start: int | None = None       # once the page is loaded and the board drawn
    rss_peak: int = 0
    rss_end: int | None = None
    uss_end: int | None = None
    clicks: list[float] = field(default_factory=list)     # ms, press -> canvas message
    unanswered: list[str] = field(default_factory=list)
    presses: int = 0
    hovers: list[float] = field(default_factory=list)
    hover_sent: int = 0
    rolls: list[float] = field(default_factory=list)
    rounds: int = 0
    passes: int = 0
    answered: int = 0
    stars: list[float] = field(default_factory=list)    # ms, bonus button -> canvas
    asked_name: bool = False
    last_click: float | None = None    # ms, the press (or bonus) that ended the game
    cookies: str = ""
    xsrf: str = ""
    play_id: str = ""
    board: str = ""
    scale: float = 1.0
    total_rounds: int = 0
    error: str | None = None
    link: KernelLink | None = None
    ended: bool = False
    eyes: Any = None                   # the pupil's own PlaySession: where it looks
    eyes_lost: int | None = None       # the round after which it no longer matched
    misses: int = 0                    # cells the eyes chose that the widget refused
    pointer: tuple[int, int] = (0, 0)
    rng: random.Random = field(default_factory=random.Random)

    # -- joining -----------------------------------------------------------------------

    async def join(self) -> None:
        t0 = time.perf_counter()
        http = AsyncHTTPClient()
        page = await http.fetch(HTTPRequest(f"{self.base}/", request_timeout=self.args.timeout * 10,
                                            connect_timeout=60))
        self.page_s = time.perf_counter() - t0
        self.cookies = "; ".join(c.split(";")[0] for c in page.headers.get_list("Set-Cookie"))
        xsrf = re.search(r"_xsrf=([^;]+)", self.cookies)
        if xsrf is None:        # no cookie set: the double-submit check takes any pair
            self.xsrf = secrets.token_hex(16)
            self.cookies = "; ".join(filter(None, [self.cookies, f"_xsrf={self.xsrf}"]))
        else:
            self.xsrf = xsrf.group(1)
        text = page.body.decode("utf-8", "replace")
        found = re.search(r'<script id="jupyter-config-data" type="application/json">\s*(.*?)'
                          r'\s*</script>', text, re.S)
        if found is None:
            raise RuntimeError("the page has no jupyter-config-data (is this Voila?)")
        self.kernel_id = json.loads(found.group(1))["kernelId"]
        ws_base = self.base.replace("http", "ws", 1)
        ws = await websocket_connect(
            f"{ws_base}/api/kernels/{self.kernel_id}/channels?session_id={uuid.uuid4().hex}",
            subprotocols=[PROTOCOL], max_message_size=256 * MB, connect_timeout=60)
        link = self.link = KernelLink(ws)
        link.on_open.append(self._model_opened)
        if not await link.wait(link.send("kernel_info_request", {}), self.args.timeout):
            raise RuntimeError("no kernel_info_reply")
        control = uuid.uuid4().hex
        ok = link.send("comm_open", {"comm_id": control, "target_name": WIDGET_CONTROL,
                                     "data": {}}, metadata={"version": "1.0.0"})
        await link.wait(ok, self.args.timeout)
        states = link.comm(control, {"method": "request_states"})
        if not await link.wait(states, self.args.timeout) or not link.models:
            raise RuntimeError("no widget states from the kernel")
        for mid, model in list(link.models.items()):     # ipycanvas' CanvasModel.initialize
            if model.name == "CanvasModel":
                await link.wait(link.custom(mid, {"event": "client_ready"}), self.args.timeout)
        self.pid = await asyncio.to_thread(kernel_pid, self.kernel_id)   # off the loop
        with suppress(psutil.Error):
            self.rss_start = psutil.Process(self.pid).memory_info().rss if self.pid else None
        await self._find_play()

    def _model_opened(self, mid: str) -> None:
        """A canvas made after the page loaded says "client ready", as in a browser."""
        link = self.link
        assert link is not None
        if link.models[mid].name == "CanvasModel":
            link.custom(mid, {"event": "client_ready"})

    async def _find_play(self) -> None:
        """The play widget; when the page first asks for a name (before the board, or on
        the board while the Roll button waits), give one."""
        link = self.link
        assert link is not None
        plays = link.with_class("paleo-play")
        rolls = [m for p in plays for m in link.find(p, cls="paleo-roll")]
        waiting = not plays or all(link.models[m].state.get("disabled") for m in rolls)
        if waiting and self.name_field() is not None:
            await self._give_name()
        t0 = time.perf_counter()
        while not link.with_class("paleo-play"):
            if time.perf_counter() - t0 > self.args.timeout:
                raise RuntimeError("no play widget (class paleo-play) on the page")
            await asyncio.sleep(0.1)
        self.play_id = link.with_class("paleo-play")[0]
        boards = link.find(self.play_id, cls="paleo-board")
        if not boards:
            raise RuntimeError("the play widget has no board (class paleo-board)")
        self.board = boards[0]
        width = link.models[self.board].state.get("width") or self.geometry.width
        self.scale = width / self.geometry.width

    def name_field(self) -> str | None:
        """The text box a name goes in: the one of class paleo-name, else any empty one."""
        assert self.link is not None
        texts = [m for m, x in self.link.models.items() if x.name == "TextModel"
                 and not x.state.get("disabled") and not x.state.get("value")]
        named = [m for m in texts if "paleo-name" in self.link.models[m].classes]
        return (named or texts or [None])[0]

    async def _give_name(self) -> None:
        """Type the name, then press the button beside it (class paleo-start, else the
        first one), or Enter when there is none; wait for the board or its Roll button."""
        link = self.link
        assert link is not None
        field_id = self.name_field()
        assert field_id is not None
        self.asked_name = True
        await link.wait(link.update(field_id, {"value": self.name}), self.args.timeout)
        buttons = [m for m, x in link.models.items() if x.name == "ButtonModel"
                   and not x.state.get("disabled")]
        start = [m for m in buttons if "paleo-start" in link.models[m].classes] or buttons
        press = (link.custom(start[0], {"event": "click"}) if start
                 else link.custom(field_id, {"event": "submit"}))
        await link.wait(press, self.args.timeout * 3)
        t0 = time.perf_counter()
        while not any(not link.models[m].state.get("disabled")
                      for p in link.with_class("paleo-play")
                      for m in link.find(p, cls="paleo-roll")):
            if time.perf_counter() - t0 > self.args.timeout:
                raise RuntimeError(f"the board did not start after the name {self.name!r}")
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)              # a new board's first drawing

    # -- the widget, as the pupil sees it ---------------------------------------------------

    def control(self, cls: str) -> str | None:
        assert self.link is not None
        found = self.link.find(self.play_id, cls=cls)
        return found[0] if found else None

    def enabled(self, cls: str) -> bool:
        mid = self.control(cls)
        return mid is not None and not self.link.models[mid].state.get("disabled")  # type: ignore[union-attr]

    def message(self) -> str:
        """The words under the board (an HTML widget whose value is a paleo-message)."""
        assert self.link is not None
        for mid in self.link.tree(self.play_id):
            value = self.link.models[mid].state.get("value")
            if isinstance(value, str) and "paleo-message" in value:
                return value
        return ""

    def legal_shown(self) -> bool:
        msg = self.message()
        return "paleo-legal" in msg or not msg       # no message widget: try the press

    def buttons(self) -> set[str]:
        """The buttons of the play widget (a star choice adds one per bonus, then Cancel)."""
        assert self.link is not None
        return set(self.link.find(self.play_id, name="ButtonModel"))

    def pixel(self, cell: tuple[int, int]) -> dict[str, float]:
        x, y = self.geometry.cell_centre(cell)
        return {"x": x * self.scale, "y": y * self.scale}

    # -- actions ---------------------------------------------------------------------------

    async def press_button(self, mid: str) -> Reply:
        assert self.link is not None
        reply = self.link.custom(mid, {"event": "click"})
        if not await self.link.wait(reply, self.args.timeout):
            raise Stuck(f"no reply to a button in {self.args.timeout} s")
        return reply

    async def hover(self, cell: tuple[int, int]) -> None:
        assert self.link is not None
        self.hover_sent += 1
        self.pointer = cell
        self.see("hover", cell)
        reply = self.link.custom(self.board, {"event": "mouse_move", **self.pixel(cell)})
        if not await self.link.wait(reply, self.args.timeout):
            raise Stuck(f"no reply to a hover in {self.args.timeout} s")
        if reply.canvas is not None:
            self.hovers.append(reply.ms(reply.canvas) or 0.0)
        await asyncio.sleep(self.args.hover_gap)

    async def press(self, cell: tuple[int, int]) -> Reply:
        """A press on the board, then the release; the round trip to its canvas message."""
        assert self.link is not None
        self.presses += 1
        where = self.pixel(cell)
        reply = self.link.custom(self.board, {"event": "mouse_down", **where})
        self.see("click", cell)
        up = self.link.custom(self.board, {"event": "mouse_up", **where})
        answered = await self.link.wait(reply, self.args.timeout)
        await self.link.wait(up, self.args.timeout)
        if answered and reply.canvas is not None:
            self.clicks.append(reply.ms(reply.canvas) or 0.0)
        return reply

    def turn_over(self) -> bool:
        """The Roll button is back (in the last round: the press drew on the board)."""
        return self.enabled("paleo-roll") or self.rounds + 1 >= self.total_rounds

    async def settled(self, before: str) -> None:
        """Wait (at most ``--timeout`` s) for the words of the turn just ended: in a kernel
        they come a moment after its handler went idle (the board's message alone first:
        ``widgets.board.after_travel``), several widget messages, the message line first.
        Done when the Roll button is back, or the message line is no longer ``before``
        and nothing more came for :data:`QUIET` s (the game's last turn)."""
        assert self.link is not None
        end = time.perf_counter() + self.args.timeout
        while time.perf_counter() < end and not self.enabled("paleo-roll"):
            if (self.message() != before
                    and time.perf_counter() - self.link.last > QUIET):
                break
            await asyncio.sleep(0.005)

    async def play_round(self) -> bool:
        """One round: roll, then draw (or pass). False when the game is over."""
        roll = self.control("paleo-roll")
        if roll is None or not self.enabled("paleo-roll"):
            return False
        reply = await self.press_button(roll)
        self.see("roll_dice")
        self.rolls.append(reply.ms(reply.first or reply.canvas) or 0.0)
        if not self.enabled("paleo-pass"):            # some shape of the roll fits
            for _ in self.tries():
                if await self.aim():
                    return True
                await self.next_try_setup()
        if self.enabled("paleo-pass"):
            before = self.message()
            await self.press_button(self.control("paleo-pass") or "")
            await self.settled(before)
            self.see("pass_round")
            self.passes += 1
            return True
        raise Stuck(f"round {self.rounds + 1}: no cell accepted the shape, and no pass")

    def see(self, action: str, *args: Any) -> None:
        """Do on the pupil's own copy of the table what was done on the page."""
        if self.eyes is not None:
            getattr(self.eyes, action)(*args)

    def tries(self) -> Iterator[int]:
        """Orientations (4 turns, flipped, 4 turns) of each shape of the roll."""
        assert self.link is not None
        shapes = self.control("paleo-shapes")
        n = 1 if shapes is None else max(1, len(self.link.models[shapes].state.get(
            "_options_labels", [None])))
        self._try = 0
        yield from range(8 * n)

    async def next_try_setup(self) -> None:
        assert self.link is not None
        self._try += 1
        if self._try % 8 == 0:
            shapes = self.control("paleo-shapes")
            labels = [] if shapes is None else self.link.models[shapes].state.get(
                "_options_labels", [])
            if shapes is not None and labels:
                label = labels[(self._try // 8) % len(labels)]
                await self.link.wait(self.link.update(shapes, {"index": labels.index(label)}),
                                     self.args.timeout)
                self.see("select", label)
        elif self._try % 4 == 0:
            await self.press_button(self.control("paleo-flip") or "")
            self.see("flip")
        else:
            await self.press_button(self.control("paleo-rotate") or "")
            self.see("rotate")

    def targets(self) -> Iterator[tuple[int, int]]:
        """Cells to point at, in a random order: with eyes, only those where the pupil sees
        that the shape fits; without, every cell."""
        order = list(self.cells)
        self.rng.shuffle(order)
        for cell in order:
            if self.eyes is None:
                yield cell
                continue
            self.eyes.hover(cell)
            c = self.eyes.candidate()
            if c is not None and c.legal:
                yield cell

    async def aim(self) -> bool:
        """Move the pointer, cell by cell, to where the shape fits, and press when the
        widget says it may be drawn there; True when the round's turn is done."""
        assert self.link is not None
        for target in self.targets():
            for cell in line(self.pointer, target):
                await self.hover(cell)
            if not self.legal_shown():
                if self.eyes is not None:                # the eyes saw it otherwise
                    self.misses += 1
                    if self.misses > 20:
                        self.eyes, self.eyes_lost = None, self.rounds
                continue
            before, said = self.buttons(), self.message()
            reply = await self.press(target)
            where = f"round {self.rounds + 1}, press on {target}"
            if not reply.done.is_set():
                self.unanswered.append(f"{where}: no reply in {self.args.timeout:g} s")
                raise Stuck(f"{where}: no reply in {self.args.timeout:g} s")
            added = self.buttons() - before
            new = [m for m in self.link.tree(self.play_id) if m in added]   # in page order
            answer = reply                               # what drew the shape
            if reply.canvas is not None:
                self.answered += 1                       # drawn: the board shows it
            elif new:                                    # the stars ask for a bonus
                self.answered += 1
                said = self.message()
                answer = await self.press_button(new[0])
                if self.eyes is not None and self.eyes.star_options():
                    self.eyes.choose_stars(self.eyes.star_options()[0])
                elif self.eyes is not None:              # it saw no choice coming
                    self.eyes, self.eyes_lost = None, self.rounds
                if answer.canvas is None:
                    self.unanswered.append(f"{where}: the bonus chosen, no canvas message")
                    continue
                self.stars.append(answer.ms(answer.canvas) or 0.0)
            else:
                self.unanswered.append(f"{where}: {reply.comms} widget message(s), "
                                       "no canvas message, no bonus to choose")
                continue
            await self.settled(said)
            if self.turn_over():
                if not self.enabled("paleo-roll"):       # the game's last turn
                    self.last_click = answer.ms(answer.canvas)
                return True
        return False

    async def play(self, rounds: int) -> None:
        self.rng = random.Random(self.number)
        self.total_rounds = rounds
        self.pointer = (len(self.cells) and self.cells[len(self.cells) // 2])
        while self.rounds < rounds:
            await asyncio.sleep(self.args.think * self.rng.uniform(0.5, 1.5))
            if not await self.play_round():
                break
            self.rounds += 1
            if self.eyes is not None and self.eyes.state.round != self.rounds:
                self.eyes = None                         # lost track: scan from now on
                self.eyes_lost = self.rounds
        self.ended = True

    async def leave(self, shutdown: bool) -> None:
        if self.link is not None:
            self.link.ws.close()
            self.link.reader.cancel()
        if shutdown and self.kernel_id:              # what the page does on unload
            with suppress(Exception):
                await AsyncHTTPClient().fetch(
                    HTTPRequest(f"{self.base}/voila/api/shutdown/{self.kernel_id}",
                                method="POST", body=b"", request_timeout=30,
                                headers={"Cookie": self.cookies, "X-XSRFToken": self.xsrf}))


def notebook_seed(notebook: Path) -> str | None:
    """The seed code the demo's code cells give their widget (``seed="TREX-4821"``)."""
    with suppress(OSError, ValueError, KeyError):
        for cell in json.loads(notebook.read_text())["cells"]:
            if cell["cell_type"] == "code":
                found = re.search(r"""seed\s*=\s*["']([^"']+)["']""", "".join(cell["source"]))
                if found:
                    return found.group(1)
    return None


def line(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells a pointer crosses from ``start`` to ``end`` (one step at a time, diagonal
    steps allowed), ``end`` included: ``line((0, 0), (2, 1)) == [(1, 1), (2, 1)]``."""
    (x, y), out = start, []
    while (x, y) != end:
        x += (end[0] > x) - (end[0] < x)
        y += (end[1] > y) - (end[1] < y)
        out.append((x, y))
    return out or [end]


def kernel_pid(kernel_id: str | None, tries: int = 50) -> int | None:
    """The process of the kernel with this id (its connection file is on its command line)."""
    if kernel_id is None:
        return None
    mark = f"kernel-{kernel_id}.json"
    for _ in range(tries):
        for p in psutil.process_iter(["pid", "cmdline"]):
            if any(mark in part for part in p.info["cmdline"] or ()):
                pid: int = p.info["pid"]
                return pid
        time.sleep(0.1)
    return None


async def sample_memory(pupils: list[Pupil], stop: asyncio.Event) -> None:
    while not stop.is_set():
        for p in pupils:
            if p.pid is not None and not p.ended:
                with suppress(psutil.Error):
                    p.rss_peak = max(p.rss_peak, psutil.Process(p.pid).memory_info().rss)
        with suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 2)


LAGS: list[float] = []     # the harness's own event-loop delays of the last run, in ms


async def loop_lag(lags: list[float], stop: asyncio.Event, every: float = 0.05) -> None:
    """How late this process's event loop wakes up (ms): every round trip measured here
    includes such a delay, so it is reported beside them."""
    while not stop.is_set():
        t0 = time.perf_counter()
        await asyncio.sleep(every)
        lags.append((time.perf_counter() - t0 - every) * 1000)


def measure_end(p: Pupil) -> None:
    if p.pid is None:
        return
    with suppress(psutil.Error):
        info = psutil.Process(p.pid).memory_full_info()
        p.rss_end, p.uss_end = info.rss, info.uss
        p.rss_peak = max(p.rss_peak, info.rss)


# -- the class ------------------------------------------------------------------------------------

async def run_class(base: str, a: argparse.Namespace) -> list[Pupil]:
    AsyncHTTPClient.configure(None, max_clients=max(10, a.pupils + 2))
    site = load_map(a.map)
    game = Game(site)
    plan = BoardWidget(game.initial_state()).plan
    cells = [(x, y) for y in range(game.height) for x in range(game.width)]
    seed = None if a.blind else a.seed or notebook_seed(a.notebook)
    pupils = [Pupil(i, f"Pupil {i:02d}", base, a, plan, cells,
                    eyes=None if seed is None else PlaySession(site, seed=seed))
              for i in range(1, a.pupils + 1)]

    async def one(p: Pupil) -> None:
        await asyncio.sleep((p.number - 1) * a.stagger)
        try:
            await p.join()
            await p.play(a.rounds)
        except Exception as e:                       # reported per pupil
            p.error = f"{type(e).__name__}: {e}"
            if p.link is not None and p.link.closed:
                p.error += f" ({p.link.closed})"
            p.ended = True

    stop = asyncio.Event()
    sampler = asyncio.ensure_future(sample_memory(pupils, stop))
    lags: list[float] = []
    lagger = asyncio.ensure_future(loop_lag(lags, stop))
    await asyncio.gather(*(one(p) for p in pupils))
    stop.set()
    await sampler
    await lagger
    LAGS[:] = lags
    for p in pupils:
        measure_end(p)
    await asyncio.gather(*(p.leave(a.shutdown) for p in pupils))
    return pupils


def saved_logs(folders: list[Path], since: float) -> dict[str, list[int]]:
    """The game logs written under ``folders`` since ``since`` (seconds since the epoch):
    player name -> the number of turns in each of their logs."""
    found: dict[str, list[int]] = {}
    for folder in folders:
        for path in sorted(folder.rglob("*.json")):
            if path.stat().st_mtime < since or "voila-conn" in path.parts:
                continue
            try:
                log = GameLog.load(path)
            except Exception:                       # not a game log
                continue
            for player in log.players:
                found.setdefault(player.name, []).append(len(player.turns))
    return found


@contextmanager
def voila_server(root: Path, notebook: Path, port: int) -> Iterator[h.Server]:
    """Voila as ``./kit voila`` starts it (``jupyter-config/`` on the config path), on a
    copy of the notebook in ``root`` (the kernels' folder: what they save lands there)."""
    copy = root / notebook.name
    shutil.copy(notebook, copy)
    (root / "voila-conn").mkdir(exist_ok=True)
    was = os.environ.get("JUPYTER_CONFIG_PATH")
    os.environ["JUPYTER_CONFIG_PATH"] = os.pathsep.join(
        [str(REPO / "jupyter-config"), *filter(None, [was])])
    port = port or h.free_port()
    cmd = [str(h.VENV_BIN / "voila"), str(copy), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--show_tracebacks=True",
           f"--Voila.connection_dir_root={root / 'voila-conn'}"]
    base = f"http://127.0.0.1:{port}"
    try:
        with h.serve(cmd, f"{base}/voila/static/voila.js", base, root, "voila") as server:
            yield server
    finally:
        if was is None:
            os.environ.pop("JUPYTER_CONFIG_PATH", None)
        else:
            os.environ["JUPYTER_CONFIG_PATH"] = was


def percentile(xs: list[float], q: float) -> float | None:
    """The ``q``-th percentile (nearest rank)."""
    if not xs:
        return None
    s = sorted(xs)
    return s[max(0, min(len(s) - 1, math.ceil(len(s) * q / 100) - 1))]


def summary(pupils: list[Pupil], a: argparse.Namespace, logs: dict[str, list[int]] | None,
            extra: dict[str, Any]) -> dict[str, Any]:
    clicks = [ms for p in pupils for ms in p.clicks]
    hovers = [ms for p in pupils for ms in p.hovers]
    rolls = [ms for p in pupils for ms in p.rolls]
    peaks = [p.rss_peak / MB for p in pupils if p.rss_peak]
    uss = [p.uss_end / MB for p in pupils if p.uss_end]
    starts = [p.rss_start / MB for p in pupils if p.rss_start]
    pages = [p.page_s for p in pupils if p.page_s is not None]

    def spread(xs: list[float]) -> dict[str, float | None]:
        return {"n": len(xs), "p50": percentile(xs, 50), "p95": percentile(xs, 95),
                "max": max(xs) if xs else None}

    full = [p for p in pupils if p.rounds >= a.rounds]
    out: dict[str, Any] = {
        "pupils": len(pupils), "rounds": a.rounds, "games_finished": len(full),
        "presses_sent": sum(p.presses for p in pupils),
        "clicks_answered": sum(p.answered for p in pupils),
        "star_ms": spread([ms for p in pupils for ms in p.stars]),
        "last_click_ms": spread([p.last_click for p in pupils if p.last_click is not None]),
        "click_ms": spread(clicks), "hover_ms": spread(hovers), "roll_ms": spread(rolls),
        "hovers_sent": sum(p.hover_sent for p in pupils),
        "page_s": spread(pages),
        "harness_loop_lag_ms": spread(LAGS),
        "kernel_rss_mb": {"min": min(peaks, default=None),
                          "median": statistics.median(peaks) if peaks else None,
                          "max": max(peaks, default=None)},
        "kernel_rss_mb_start": {"min": min(starts, default=None),
                                "median": statistics.median(starts) if starts else None,
                                "max": max(starts, default=None)},
        "kernel_uss_mb_end": {"min": min(uss, default=None),
                              "median": statistics.median(uss) if uss else None,
                              "max": max(uss, default=None)},
        "asked_names": sum(p.asked_name for p in pupils),
        "eyes_misses": sum(p.misses for p in pupils),
        "eyes_lost": {p.name: p.eyes_lost for p in pupils if p.eyes_lost is not None},
        "passes": sum(p.passes for p in pupils),
        "star_choices": sum(len(p.stars) for p in pupils),
        # a pupil's log is saved when a log under their name holds every round they played
        "logs_saved": None if logs is None else sum(
            1 for p in pupils if p.rounds > 0 and max(logs.get(p.name, [0])) >= p.rounds),
        "logs_found": None if logs is None else {k: v for k, v in sorted(logs.items())},
        "unanswered": [f"{p.name}: {u}" for p in pupils for u in p.unanswered],
        "errors": {p.name: p.error for p in pupils if p.error},
        "kernel_states": {p.name: p.link.statuses for p in pupils
                          if p.link is not None and p.link.statuses},
    }
    out.update(extra)
    return out


def print_table(s: dict[str, Any]) -> None:
    def f(x: float | None, fmt: str = "{:.0f}") -> str:
        return "-" if x is None else fmt.format(x)

    c, r = s["click_ms"], s["kernel_rss_mb"]
    logs = "not checked" if s["logs_saved"] is None else f"{s['logs_saved']}/{s['pupils']}"
    print(f"{'pupils':>6}  {'clicks answered/sent':>20}  {'click ms p50 / p95 / max':>24}  "
          f"{'kernel RSS MB min / median / max':>32}  logs saved")
    print(f"{s['pupils']:>6}  {str(s['clicks_answered']) + '/' + str(s['presses_sent']):>20}  "
          f"{f(c['p50']) + ' / ' + f(c['p95']) + ' / ' + f(c['max']):>24}  "
          f"{f(r['min']) + ' / ' + f(r['median']) + ' / ' + f(r['max']):>32}  {logs}")
    hv, rl, pg, u = s["hover_ms"], s["roll_ms"], s["page_s"], s["kernel_uss_mb_end"]
    print(f"games finished {s['games_finished']}/{s['pupils']} ({s['rounds']} rounds); "
          f"{s['passes']} passes; names asked: {s['asked_names']}; pace: a roll every "
          f"{s['think_s']:g} s (x0.5-1.5) after the last turn, {s['hover_gap_s']:g} s "
          f"between cells")
    print(f"hover -> canvas  p50 {f(hv['p50'])} ms  p95 {f(hv['p95'])} ms  max {f(hv['max'])} ms"
          f"  ({hv['n']} with a canvas message of {s['hovers_sent']} sent)")
    print(f"roll button      p50 {f(rl['p50'])} ms  p95 {f(rl['p95'])} ms  max {f(rl['max'])} ms")
    st = s["star_ms"]
    print(f"bonus button     p50 {f(st['p50'])} ms  p95 {f(st['p95'])} ms  max {f(st['max'])} ms"
          f"  (to the canvas message; {st['n']} choices)")
    lc = s["last_click_ms"]
    print(f"game's last turn p50 {f(lc['p50'])} ms  p95 {f(lc['p95'])} ms  max {f(lc['max'])} ms"
          f"  (press or bonus to its canvas message; {lc['n']} games; in the click line too)")
    print(f"page load        p50 {f(pg['p50'], '{:.1f}')} s  max {f(pg['max'], '{:.1f}')} s")
    r0 = s["kernel_rss_mb_start"]
    print(f"kernel RSS once the board was drawn min / median / max: {f(r0['min'])} / "
          f"{f(r0['median'])} / {f(r0['max'])} MB; USS at the end (memory of its own): "
          f"{f(u['min'])} / {f(u['median'])} / {f(u['max'])} MB")
    print(f"Voila server RSS {f(s.get('server_rss_mb'))} MB; this harness RSS "
          f"{f(s.get('harness_rss_mb'))} MB")
    lag = s["harness_loop_lag_ms"]
    print(f"harness event loop late by p50 {f(lag['p50'], '{:.1f}')} ms, p95 "
          f"{f(lag['p95'], '{:.1f}')} ms, max {f(lag['max'])} ms (in every time above)")
    print(f"load average before: {s['load_before']}; wall {s['wall_s']:.0f} s; CPU seconds: "
          f"this harness {s['harness_cpu_s']:.1f}, server + kernels "
          f"{f(s.get('server_cpu_s'), '{:.1f}')}")
    if s["logs_found"] is not None:
        found = s["logs_found"]
        print(f"game logs found: {sum(map(len, found.values()))} "
              f"({', '.join(f'{k}: {v}' for k, v in list(found.items())[:8]) or 'none'}"
              f"{' ...' if len(found) > 8 else ''}) (player: turns of each log)")
    print(f"eyes: {s['eyes_misses']} cells they chose were refused by the widget; "
          f"lost track: {s['eyes_lost'] or 'never'}")
    for what in s["unanswered"][:20]:
        print("UNANSWERED", what)
    for name, err in s["errors"].items():
        print("ERROR", name, err)
    for name, states in s["kernel_states"].items():
        print("KERNEL", name, states)


def chromium_probe(base: str, root: Path, n: int, timeout: float) -> dict[str, Any]:
    """What ``n`` headless Chromium pages on the demo cost this machine (the alternative
    to protocol-level pupils): the browser's processes, memory of their own (USS) and CPU
    seconds, before and after the pages loaded and drew their boards."""
    def usage() -> tuple[float, float, int]:
        procs = [p for p in psutil.Process().children(recursive=True)
                 if "chrom" in (p.name() or "").lower()]
        uss = cpu = 0.0
        for p in procs:
            with suppress(psutil.Error):
                uss += p.memory_full_info().uss
                t = p.cpu_times()
                cpu += t.user + t.system
        return uss / MB, cpu, len(procs)

    with h.chromium(root) as browser:
        uss0, cpu0, _ = usage()
        t0 = time.perf_counter()
        pages = []
        for _ in range(n):
            page = h.new_page(browser)
            page.goto(f"{base}/", wait_until="domcontentloaded", timeout=timeout * 10_000)
            pages.append(page)
        for page in pages:
            canvas = page.wait_for_selector(".paleo-play canvas.paleo-board", state="visible",
                                            timeout=timeout * 10_000)
            h.wait_drawn(page, canvas, timeout=timeout * 1000)
        loaded = time.perf_counter() - t0
        # the page shuts its kernel down on unload with the _xsrf cookie (a beacon)
        xsrf = "_xsrf=" in page.evaluate("() => document.cookie")
        page.wait_for_timeout(2000)
        uss1, cpu1, procs1 = usage()
        for page in pages:
            page.context.close()
    return {"pages": n, "browser_processes": procs1, "uss_mb_per_page": (uss1 - uss0) / n,
            "cpu_s_per_page": (cpu1 - cpu0) / n, "uss_mb_browser": uss1,
            "load_s": loaded, "xsrf_cookie": xsrf}


def server_usage(server: h.Server | None) -> dict[str, Any]:
    if server is None:
        return {}
    with suppress(psutil.Error):
        proc = psutil.Process(server.proc.pid)
        family = [proc, *proc.children(recursive=True)]
        cpu = 0.0
        for p in family:
            with suppress(psutil.Error):
                t = p.cpu_times()
                cpu += t.user + t.system + t.children_user + t.children_system
        return {"server_rss_mb": proc.memory_info().rss / MB, "server_cpu_s": cpu}
    return {}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pupils", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=20, help="rounds each pupil plays")
    ap.add_argument("--port", type=int, default=0, help="Voila's port (0: a free one)")
    ap.add_argument("--url", help="a Voila already serving the demo (nothing started; "
                                  "logs checked only with --logs-dir)")
    ap.add_argument("--logs-dir", type=Path, action="append", default=[],
                    help="where the demo saves game logs (with --url)")
    ap.add_argument("--notebook", type=Path, default=NOTEBOOK)
    ap.add_argument("--map", default="dig-site", help="the demo's map (for the cells' pixels)")
    ap.add_argument("--seed", help="the demo's seed code, for the pupils' eyes (default: the "
                                   "seed= in the notebook's code; none: they scan)")
    ap.add_argument("--blind", action="store_true",
                    help="pupils without eyes: they scan the board in a random order")
    ap.add_argument("--stagger", type=float, default=0.5, help="seconds between two pupils "
                                                                "opening the page")
    ap.add_argument("--think", type=float, default=5.0,
                    help="seconds a pupil waits before rolling (0.5x to 1.5x, at random)")
    ap.add_argument("--hover-gap", type=float, default=0.05,
                    help="seconds between moving from one cell to the next")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for a reply")
    ap.add_argument("--no-shutdown", dest="shutdown", action="store_false",
                    help="leave the kernels running (with --url)")
    ap.add_argument("--chromium", type=int, default=0, metavar="N",
                    help="instead of pupils: open N headless Chromium pages on the demo and "
                         "report what they cost (memory, CPU)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON only")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder")
    a = ap.parse_args(argv)
    root = Path(tempfile.mkdtemp(prefix="bench-class-"))
    try:
        s = run(a, root)
    finally:
        if a.keep:
            print(f"(scratch folder kept: {root})", file=sys.stderr)
        else:
            shutil.rmtree(root, ignore_errors=True)
    if a.chromium:
        print(json.dumps(s, indent=1))
        return 0
    if a.json:
        print(json.dumps(s, indent=1))
    else:
        print_table(s)
    ok = (not s["errors"] and s["clicks_answered"] == s["presses_sent"]
          and s["games_finished"] == s["pupils"])
    return 0 if ok else 1


def run(a: argparse.Namespace, root: Path) -> dict[str, Any]:
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    t0, cpu0 = time.time(), time.process_time()
    with (nullcontext() if a.url else voila_server(root, a.notebook, a.port)) as server:
        base = a.url.rstrip("/") if a.url else server.url   # type: ignore[union-attr]
        if a.chromium:
            return {"chromium": chromium_probe(base, root, a.chromium, a.timeout),
                    "load_before": load, **server_usage(server)}
        pupils = asyncio.run(run_class(base, a))
        usage = server_usage(server)
        time.sleep(1)
        folders = a.logs_dir or ([] if a.url else [root])
        logs = saved_logs(folders, t0) if folders else None
        if server is not None and any(p.error for p in pupils):
            print(server.tail(40), file=sys.stderr)
    extra = {"load_before": load, "think_s": a.think, "hover_gap_s": a.hover_gap,
             "harness_rss_mb": psutil.Process().memory_info().rss / MB,
             "wall_s": time.time() - t0, "harness_cpu_s": time.process_time() - cpu0, **usage}
    return summary(pupils, a, logs, extra)


if __name__ == "__main__":
    sys.exit(main())
