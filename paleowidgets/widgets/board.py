"""The board: an ipycanvas canvas that shows a State, a ghost and highlighted cells.

It holds no rules. It draws what it is given (:meth:`BoardWidget.update`), turns canvas
pixels into cells (:meth:`BoardWidget.cell_at`) and reports mouse and keys to whoever
listens. Three layers, so that a hover repaints only the top one:

0. static: paper, cell names, the cells as handed out, the stars;
1. marks: drawn cells (dig patterns), fossil marks, shape outlines, the border;
2. overlay: the ghost of a shape about to be drawn, and highlighted cells.

The first two are canvases the page never shows (``board[STATIC]``, ``board[MARKS]``);
the board itself (``board[OVERLAY]``) is their copy with the overlay painted on top. A
hover copies them again only where the old and the new overlay are (whole pixels, one
rectangle at a time) and paints the overlay there: ipycanvas' ``MultiCanvas`` would
composite its three full-size layers, and copy the result to the view, for every layer a
message touches (``tests/browser/test_board_pixels.py`` checks in Chromium that the
board then has the pixels of one drawn whole).

Every update goes out as ONE canvas message (:func:`canvas_batch`); when a browser
connects (a page load, a reload, Voila), the whole board is drawn again.
"""

from __future__ import annotations

import asyncio
import itertools
import math
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

import ipywidgets as W
from ipycanvas import Canvas, hold_canvas
from ipycanvas.canvas import (  # every canvas sends through the manager
    _CANVAS_MANAGER,
    COMMANDS,
    widget_serialization,
)

from ..core.geometry import Cell
from ..core.rules import State
from ..core.turns import Turn
from ..render import style as st
from ..render.canvas import (
    BoardPlan,
    Box,
    Leaf,
    Painter,
    changed_boxes,
    item_boxes,
    layer_leaves,
    merge_boxes,
    paint_layer,
    paint_leaves,
    plan_board,
    tile_png,
)
from ..render.primitives import (
    Group,
    Item,
    Paint,
    Path,
    PatternSpec,
    Point,
    Rect,
    outline_loops,
)
from ..render.sheet import sheet_of
from ..render.svg import render_svg
from ._display import SvgFallback
from .events import fits_screen, page_scale, takes_keys
from .shared import looks, pattern

STATIC, MARKS, OVERLAY = range(3)
LEGAL = st.OKABE_ITO["bluish-green"]
ILLEGAL = st.OKABE_ITO["vermillion"]
HIGHLIGHT = st.OKABE_ITO["black"]   # no dig type's colour in either theme
PART = 0.35      # changes over more of the board than this: painted or copied whole


@contextmanager
def canvas_batch() -> Iterator[None]:
    """Send every canvas command inside as ONE message (ipycanvas' ``hold_canvas``).

    Nested batches join the outer one. Each batch starts by naming its canvas, so it
    draws right in a browser that connected since the last one. If the body raises, the
    held commands are dropped and batching is switched off again (``hold_canvas`` alone
    would leave it on), so the view keeps showing the last complete update.
    """
    manager = _CANVAS_MANAGER
    if manager._caching:
        yield
        return
    manager._current_canvas = None
    ok = sent = False
    try:
        with hold_canvas():
            yield
            if manager._commands_cache:
                park(manager)
                sent = True
        ok = True
    finally:
        if not ok:
            manager._commands_cache = []
            manager._buffers_cache = []
            manager._caching = False
            manager._current_canvas = None
    if sent:
        send_now()


_PARKING: list[Canvas] = []


def parking() -> Canvas:
    """The kernel's 1x1 canvas that every canvas message ends on (:func:`park`)."""
    canvas = _PARKING[0] if _PARKING and _PARKING[0].comm is not None else None
    if canvas is None:
        canvas = Canvas(width=1, height=1, _send_client_ready_event=False, **looks(Canvas))
        _PARKING[:] = [canvas]
    return canvas


def park(manager: Any) -> None:
    """End the held commands on :func:`parking`, a canvas that nobody shows.

    ipycanvas' browser side shows again, after each message, the canvas the message began
    on (the one the message before ended on, ``CanvasManagerModel.onCommand``) as well as
    every canvas it switched to. Ended on a board, the next message would copy that board
    to its view once more for nothing; ended here, showing costs nothing."""
    canvas = parking()
    if manager._current_canvas is not canvas:
        manager._commands_cache.append(
            [_CMD["switchCanvas"], [widget_serialization["to_json"](canvas, None)]])
        manager._current_canvas = canvas


_SCRATCH: list[Canvas] = []


def scratch(width: int, height: int) -> Canvas:
    """The kernel's canvas to paint part of a layer on (:meth:`BoardWidget.update`),
    never shown, at least ``width`` x ``height``; what it holds is never kept."""
    canvas = _SCRATCH[0] if _SCRATCH and _SCRATCH[0].comm is not None else None
    if canvas is None:
        canvas = Canvas(width=width, height=height, _send_client_ready_event=False,
                        **looks(Canvas))
        _SCRATCH[:] = [canvas]
    elif canvas.width < width or canvas.height < height:
        # a trait message, sent at once: the page has the new size before the drawing
        canvas.width, canvas.height = max(canvas.width, width), max(canvas.height, height)
    return canvas


SEND_WAIT = 0.05    # seconds, at most


def send_now() -> None:
    """Let the kernel's IOPub thread send what is queued before going on.

    ipykernel sends every message from its IOPub thread, which needs the interpreter's
    lock; the handler that sent the board goes on with the words and controls (Python,
    holding the lock), and the thread gets it only after the switch interval (5 ms), or
    later. Waiting for it here (the wait releases the lock) makes the board's message
    leave at once, before the rest is even made. Outside a kernel: nothing to wait for."""
    thread = _iopub_thread()
    if thread is None:
        return
    done = threading.Event()
    thread.schedule(done.set)        # run after every message queued before it
    done.wait(SEND_WAIT)


TRAVEL = 0.004      # seconds


def let_it_travel() -> None:
    """After a turn's board message, where the words cannot wait (:func:`after_travel`):
    leave the machine's cores to the Jupyter server and the browser for a moment
    (:data:`TRAVEL`, a sleep: no CPU), so that they pass the message on before the kernel
    makes the turn's words and controls. Outside a kernel: no pause."""
    if _iopub_thread() is not None:
        time.sleep(TRAVEL)


WORDS_AFTER = 0.03  # seconds


def after_travel(callback: Callable[[], None],
                 delay: float = WORDS_AFTER) -> asyncio.TimerHandle | None:
    """Call ``callback`` on the kernel's event loop ``delay`` seconds from now,
    once the handler that sent a turn's board message has returned. Only while the
    kernel handles a widget message (a click, a key, a button: ``comm_msg``); None, and
    nothing scheduled, elsewhere: outside a kernel, in a thread, or in code a cell runs,
    where the words must be there when the call returns (``play.play_turn(t)`` and then
    ``play.message.value`` in the same cell).

    The turn's words and controls (10-13 widget messages, about 20 kB, 3-4 ms of Python)
    used to follow the board's message in the same handler, 4 ms after it
    (:func:`let_it_travel`): on a 2-core machine they competed with its journey to the
    page and with the page's drawing of it. Made later, the kernel is idle while the board
    travels and is drawn (a click is drawn 10-40 ms after the press). ipykernel sends a
    widget message made outside a request handler like any other (``Comm.send`` on the
    IOPub socket), and every widget view gets it."""
    if _iopub_thread() is None or _request() != "comm_msg":
        return None
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    return loop.call_later(delay, callback)


def _request() -> str | None:
    """The type of the request the kernel is handling (its shell parent), if any."""
    from ipykernel.kernelbase import Kernel
    get_parent = getattr(Kernel.instance(), "get_parent", None)
    parent = get_parent("shell") if get_parent is not None else None
    kind = (parent or {}).get("header", {}).get("msg_type")
    return kind if isinstance(kind, str) else None


def _iopub_thread() -> Any:
    try:
        from ipykernel.kernelbase import Kernel
    except ImportError:
        return None
    if not Kernel.initialized():
        return None
    thread = getattr(Kernel.instance(), "iopub_thread", None)
    if thread is None or not thread.thread.is_alive():
        return None
    return thread


class CommandCanvas:
    """One ipycanvas layer as the painter's :class:`~paleowidgets.render.canvas.CanvasLike`:
    each call queues the very command list the layer's own method would queue, straight
    into ipycanvas' canvas manager.

    ipycanvas sends every style attribute through traitlets (validation, change
    notification) and every drawing call through three layers of methods: for the ~600
    calls of a board's marks layer that was about half of a click's time in the kernel.
    ``tests/test_board_commands.py`` paints boards both ways and checks that the manager
    holds the same commands, so a new ipycanvas that changes them is caught there. What is
    left out: the layer's Python-side copies of its style attributes (its traits) are not
    updated, and nothing reads them (the painter remembers what it set itself). With
    ``send`` the commands go there instead (a :class:`Recording`)."""

    __slots__ = ("_layer", "_send")
    _layer: Canvas
    _send: Callable[[Canvas, list[Any]], None]

    def __init__(self, layer: Canvas,
                 send: Callable[[Canvas, list[Any]], None] | None = None) -> None:
        object.__setattr__(self, "_layer", layer)
        object.__setattr__(self, "_send", send or layer._canvas_manager.send_command)

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, W.Widget):
            value = widget_serialization["to_json"](value, None)
        self._send(self._layer, [_SET, [_ATTRS[name], value]])

    def _draw(self, command: int, *args: Any) -> None:
        self._send(self._layer, [command, list(args), 0])

    def clear(self) -> None:
        self._draw(_CMD["clear"])

    def clear_rect(self, x: float, y: float, width: float, height: float) -> None:
        self._draw(_CMD["clearRect"], x, y, width, height)

    def draw_image(self, image: Canvas, x: float, y: float) -> None:
        """Another canvas of the page drawn at ``(x, y)``, its own size."""
        self._draw(_CMD["drawImage"], widget_serialization["to_json"](image, None), x, y)

    def save(self) -> None:
        self._draw(_CMD["save"])

    def restore(self) -> None:
        self._draw(_CMD["restore"])

    def translate(self, x: float, y: float) -> None:
        self._draw(_CMD["translate"], x, y)

    def reset_transform(self) -> None:
        self._draw(_CMD["resetTransform"])

    def fill_rect(self, x: float, y: float, width: float, height: float) -> None:
        self._draw(_CMD["fillRect"], x, y, width, height)

    def stroke_rect(self, x: float, y: float, width: float, height: float) -> None:
        self._draw(_CMD["strokeRect"], x, y, width, height)

    def fill_circle(self, x: float, y: float, radius: float) -> None:
        self._draw(_CMD["fillCircle"], x, y, radius)

    def stroke_circle(self, x: float, y: float, radius: float) -> None:
        self._draw(_CMD["strokeCircle"], x, y, radius)

    def begin_path(self) -> None:
        self._draw(_CMD["beginPath"])

    def close_path(self) -> None:
        self._draw(_CMD["closePath"])

    def move_to(self, x: float, y: float) -> None:
        self._draw(_CMD["moveTo"], x, y)

    def line_to(self, x: float, y: float) -> None:
        self._draw(_CMD["lineTo"], x, y)

    def arc_to(self, x1: float, y1: float, x2: float, y2: float, radius: float) -> None:
        self._draw(_CMD["arcTo"], x1, y1, x2, y2, radius)

    def rect(self, x: float, y: float, width: float, height: float) -> None:
        self._draw(_CMD["rect"], x, y, width, height)

    def fill(self) -> None:
        self._draw(_CMD["fill"], "nonzero")

    def stroke(self) -> None:
        self._draw(_CMD["stroke"])

    def clip(self) -> None:
        self._draw(_CMD["clip"])

    def set_line_dash(self, segments: list[float]) -> None:
        # as ipycanvas: an odd list is said twice (the canvas would repeat it anyway)
        self._draw(_CMD["setLineDash"], segments + segments if len(segments) % 2 else segments)

    def fill_text(self, text: str, x: float, y: float) -> None:
        self._draw(_CMD["fillText"], text, x, y)


class Recording:
    """Canvas commands kept to be sent later (:meth:`play`), layer by layer, in order: what
    :class:`CommandCanvas` (given ``send=recording.add``) would have queued."""

    __slots__ = ("runs",)

    def __init__(self) -> None:
        self.runs: list[tuple[Canvas, list[Any]]] = []

    def add(self, layer: Canvas, command: list[Any]) -> None:
        if self.runs and self.runs[-1][0] is layer:
            self.runs[-1][1].append(command)
        else:
            self.runs.append((layer, [command]))

    def play(self) -> None:
        """Queue the commands as the layers' own sends would have, inside a
        :func:`canvas_batch` (a canvas switch wherever the layer changes)."""
        manager = _CANVAS_MANAGER
        if not manager._caching:
            raise RuntimeError("Recording.play belongs inside canvas_batch()")
        for layer, commands in self.runs:
            if manager._current_canvas is not layer:
                manager._commands_cache.append(
                    [_CMD["switchCanvas"], [widget_serialization["to_json"](layer, None)]])
                manager._current_canvas = layer
            manager._commands_cache.extend(commands)


def paint_on(layer: Canvas, items: Sequence[Item], *,
             patterns: Mapping[str, object] | None = None,
             specs: Sequence[PatternSpec] = (),
             send: Callable[[Canvas, list[Any]], None] | None = None) -> None:
    """Clear one ipycanvas layer and paint ``items`` on it (through :class:`CommandCanvas`)."""
    paint_layer(CommandCanvas(layer, send), items, patterns=patterns, specs=specs)


_CMD: Mapping[str, int] = COMMANDS
_SET: int = COMMANDS["set"]
_ATTRS: Mapping[str, int] = Canvas.ATTRS


AGAIN_AFTER = 0.5   # seconds: the second redraw after a browser connects


def redraw_on_connect(canvas: Any, redraw: Callable[[], None]) -> None:
    """Redraw ``canvas`` whenever a browser connects (page load, reload, Voila), and once
    more a moment later.

    ipycanvas' browser side says "client ready" as soon as a layer's model exists; after a
    page reload the shared canvas manager's model can still be on its way, and commands
    sent to it then are lost: a blank canvas (seen in 2 of about 14 loaded runs of the
    reload test). The second redraw, half a second later, finds it there. Inside a kernel
    the handler runs on the kernel's event loop; elsewhere (tests, scripts) there is no
    loop to wait on and only the first redraw happens.
    """
    def ready() -> None:
        redraw()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        loop.call_later(AGAIN_AFTER, redraw)

    canvas.on_client_ready(ready)


@dataclass(frozen=True)
class _Prepared:
    """A marks update made ahead (:meth:`BoardWidget.prepare`): for ``state`` and
    ``turns``, from the marks ``base`` on show then, with the scratch canvas ``spare``."""

    state: State
    turns: tuple[Turn, ...]
    base: list[Leaf]
    spare: Canvas | None
    plan: BoardPlan
    leaves: list[Leaf]
    boxes: list[Box] | None
    recording: Recording


@dataclass(frozen=True)
class Ghost:
    """A shape shown before it is drawn: its cells, whether the rules allow it there, and
    the dig type it would be drawn with (None for a One Square)."""

    cells: frozenset[Cell]
    legal: bool
    dig: str | None = None


_KEEP: Any = object()


class BoardWidget(SvgFallback, Canvas):  # type: ignore[misc]
    """A game board on a canvas. ``cell_size`` is the cell's side on screen (CSS pixels) at
    full size; ``resolution`` canvas pixels are drawn per CSS pixel, so the board stays sharp
    when the browser scales it (None: as many as the page's screen shows, between 1 and
    1.5, followed when it changes: :func:`resolution_for`). The canvas takes the width of
    its container, up to its full size, and keeps its aspect; with ``fit`` (in a widget
    that carries
    :func:`~.events.page_hooks`) it is also kept short enough for the widget to show whole.
    With ``touch`` a finger works like the mouse (:meth:`on_cell_hover`).

    >>> from paleowidgets.core.maps import parse_document
    >>> from paleowidgets.core.rules import TINY, Game
    >>> board = BoardWidget(Game(parse_document(TINY)).initial_state())
    >>> board.cell_at(*board.plan.cell_centre((2, 3)))
    (2, 3)
    """

    def __init__(self, state: State, *, turns: Sequence[Turn] = (), cell_size: float = 48,
                 resolution: float | None = None, labels: Mapping[str, str] | None = None,
                 fit: bool = True, touch: bool = True, **kwargs: Any) -> None:
        follows = resolution is None
        if resolution is None:
            resolution = resolution_for(page_scale().value)
        unit = unit_for(cell_size, resolution)
        self._labels = labels
        self._unit = unit
        self._cell_size = cell_size
        plan = plan_board(sheet_of(state, turns=turns), cell_size=unit, labels=labels)
        # the static and marks layers: canvases of the page that it never shows (made
        # first, so that the page has them before the board that copies them)
        hidden = tuple(Canvas(width=plan.width, height=plan.height,
                              _send_client_ready_event=False, **looks(Canvas))
                       for _ in range(2))
        super().__init__(width=plan.width, height=plan.height, **kwargs)
        self.layers: tuple[Canvas, Canvas, BoardWidget] = (*hidden, self)
        self.layout.width = "auto"
        self.layout.height = "auto"
        self.layout.max_width = self._max_width(plan)
        self.add_class("paleo-board")
        if fit:
            fits_screen(self)
        self.plan: BoardPlan = plan
        self.state: State = state
        self.turns: tuple[Turn, ...] = tuple(turns)
        self.ghost: Ghost | None = None
        self.highlight: frozenset[Cell] = frozenset()
        self._shown: tuple[Item, ...] = ()      # the overlay on show
        self._leaves: list[Leaf] = []           # the marks layer on show, leaf by leaf
        self._prepared: _Prepared | None = None  # a turn's marks made ahead (prepare)
        self.prepared_used = 0                  # updates that sent a prepared drawing
        self._patterns = patterns_of(plan)
        self.redraws = 0          # whole-board redraws (construction, client ready)
        self._hovers: list[Callable[[Cell | None], None]] = []
        self._clicks: list[Callable[[Cell | None], None]] = []
        self._touched: Cell | None = None     # the cell a finger shows the preview on
        self._tapped_again = False            # ... and the finger is down on it again
        self.on_mouse_move(lambda x, y: self._hover(self.cell_at(x, y)))
        self.on_mouse_out(lambda x, y: self._hover(None))
        self.on_mouse_down(lambda x, y: self._click(self.cell_at(x, y)))
        if touch:             # else the owner reads ipycanvas' touch events itself
            self.on_touch_start(self._touch_start)
            self.on_touch_move(self._touch_move)
            self.on_touch_end(lambda touches: self._touch_end())
            self.on_touch_cancel(lambda touches: self._touch_reset())
        redraw_on_connect(self, self.redraw)
        self.redraw()
        if follows:
            _watch_the_page()
            _FOLLOWING.add(self)

    def __getitem__(self, layer: int) -> Canvas:
        """The canvas of ``layer`` (STATIC, MARKS: never shown; OVERLAY: the board)."""
        return self.layers[layer]

    # -- pixels and cells ----------------------------------------------------------------

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The cell under canvas pixel ``(x, y)`` (as ipycanvas reports mouse events)."""
        return self.plan.cell_at(x, y)

    def on_cell_hover(self, callback: Callable[[Cell | None], None]) -> None:
        """Call ``callback(cell)`` when the mouse moves (None off the grid or out), and
        when a finger touches or drags: on a board that previews, a tap shows, a second
        tap on the same cell clicks (:meth:`on_cell_click`)."""
        self._hovers.append(callback)

    def on_cell_click(self, callback: Callable[[Cell | None], None]) -> None:
        """Call ``callback(cell)`` on a mouse press (None off the grid), or a tap: at once
        on a board without a preview, else the second tap on the previewed cell."""
        self._clicks.append(callback)

    def on_key_down(self, callback: Callable[..., None], remove: bool = False) -> None:
        """ipycanvas' key handler; a board that listens to keys takes them when pointed
        at (:mod:`.events`)."""
        super().on_key_down(callback, remove=remove)
        if not remove:
            takes_keys(self)

    def _hover(self, cell: Cell | None) -> None:
        for callback in self._hovers:
            callback(cell)

    def _click(self, cell: Cell | None) -> None:
        for callback in self._clicks:
            callback(cell)

    # A browser sends no mouse events after a touch that ipycanvas cancels (it cancels
    # every one), so a tap is seen once, here.
    def _touch_start(self, touches: Sequence[tuple[float, float]]) -> None:
        if len(touches) != 1:          # a second finger: no tap
            self._tapped_again = False
            return
        cell = self.cell_at(*touches[0])
        if not self._hovers:
            self._click(cell)
        elif cell is not None and cell == self._touched:
            self._tapped_again = True
        else:
            self._touched, self._tapped_again = cell, False
            self._hover(cell)

    def _touch_move(self, touches: Sequence[tuple[float, float]]) -> None:
        if len(touches) != 1 or not self._hovers:
            return
        cell = self.cell_at(*touches[0])
        if cell != self._touched:
            self._touched, self._tapped_again = cell, False
            self._hover(cell)

    def _touch_end(self) -> None:
        if self._tapped_again:
            cell = self._touched
            self._touch_reset()
            self._click(cell)

    def _touch_reset(self) -> None:
        self._touched, self._tapped_again = None, False

    # -- size ------------------------------------------------------------------------------

    @property
    def resolution(self) -> float:
        """Canvas pixels per CSS pixel (about: the cell is a whole number of 12 pixels)."""
        return self._unit / self._cell_size

    def set_resolution(self, resolution: float) -> bool:
        """Draw ``resolution`` canvas pixels per CSS pixel from now on: the plan made
        again, the three canvases resized (the page shows the board at the same size) and
        painted whole. False when the cell's size in pixels stays the same."""
        unit = unit_for(self._cell_size, resolution)
        if unit == self._unit:
            return False
        self._unit = unit
        self._resize(plan_board(sheet_of(self.state, turns=self.turns), cell_size=unit,
                                labels=self._labels))   # the same size on screen
        return True

    def _resize(self, plan: BoardPlan) -> None:
        """Show ``plan``, of another size in canvas pixels: the three canvases resized and
        every layer painted whole (the size on screen is the caller's)."""
        self._patterns = patterns_of(plan)
        for layer in self.layers:
            with layer.hold_sync():
                layer.width, layer.height = plan.width, plan.height
        self.plan, self._shown = plan, ()
        self.redraw()

    def _max_width(self, plan: BoardPlan) -> str:
        """Its own size (canvas pixels / resolution) at most, the width of its container
        at most, and (the page side, events.js) the height that keeps the widget on
        screen: width and height auto keep the aspect under these limits."""
        return (f"min(100%, {math.ceil(plan.width * self._cell_size / self._unit)}px, "
                "var(--paleo-room, 100%))")

    # -- drawing ---------------------------------------------------------------------------

    def update(self, state: State | None = None, *, turns: Sequence[Turn] | None = None,
               ghost: Ghost | None = _KEEP,
               highlight: frozenset[Cell] | None = None) -> bool:
        """Show ``state`` (drawn by ``turns``), ``ghost`` and ``highlight``; what is not
        given stays. Repaints only the layers that change, in ONE canvas message.
        Returns whether anything was sent."""
        state = self.state if state is None else state
        turns = self.turns if turns is None else tuple(turns)
        ghost = self.ghost if ghost is _KEEP else ghost
        highlight = self.highlight if highlight is None else frozenset(highlight)
        marks = state != self.state or turns != self.turns
        overlay = ghost != self.ghost or highlight != self.highlight
        if not (marks or overlay):
            return False
        ready = self._ready(state, turns) if marks else None
        if ready is not None:
            plan = ready.plan
        elif marks:
            plan = plan_board(sheet_of(state, turns=turns), cell_size=self._unit,
                              labels=self._labels)
        else:
            plan = self.plan
        if (plan.width, plan.height) != (self.plan.width, self.plan.height):
            # a map of another size: the three canvases take its size, painted whole
            self.state, self.turns, self.ghost, self.highlight = state, turns, ghost, highlight
            self.layout.max_width = self._max_width(plan)
            self._resize(plan)
            return True
        with canvas_batch():
            changed: list[Box] | None = []
            if ready is not None:
                ready.recording.play()
                self._leaves, changed = ready.leaves, ready.boxes
            elif marks:
                changed = self._paint_marks(plan)
            self._compose(plan, ghost, highlight, changed)
        self.plan, self.state, self.turns = plan, state, turns
        self.ghost, self.highlight = ghost, highlight
        return True

    def redraw(self) -> None:
        """Paint every layer again from what the board shows, in one message."""
        self._prepared = None
        with canvas_batch():
            self._paint(STATIC, self.plan.static, self.plan)
            self._paint(MARKS, self.plan.marks, self.plan)
            self._leaves = layer_leaves(self.plan.marks, self._patterns)
            self._compose(self.plan, self.ghost, self.highlight, None)
        self.redraws += 1

    def _paint(self, layer: int, items: Sequence[Item], plan: BoardPlan) -> None:
        paint_on(self[layer], items, patterns=self._patterns, specs=plan.patterns)

    def _paint_marks(self, plan: BoardPlan) -> list[Box] | None:
        """The marks layer of ``plan`` painted (:meth:`_marks`), inside the caller's batch;
        returns the boxes changed (None: painted whole)."""
        leaves, boxes, recording = self._marks(plan)
        recording.play()
        self._leaves = leaves
        return boxes

    def _marks(self, plan: BoardPlan) -> tuple[list[Leaf], list[Box] | None, Recording]:
        """The commands that take the marks layer on show to that of ``plan``, recorded:
        painted again only where it differs (:func:`~paleowidgets.render.canvas.
        changed_boxes`): every leaf that meets those boxes is painted, whole and unclipped,
        on the :func:`scratch` canvas cleared there, and the boxes alone are copied onto the
        layer (whole pixels, a rectangle at a time). Returns the leaves of ``plan``, the
        boxes (None when the layer is painted whole: a new size, or changes over more than
        :data:`PART` of it) and the recording."""
        leaves = layer_leaves(plan.marks, self._patterns)
        recording = Recording()
        boxes: list[Box] | None = None
        if (plan.width, plan.height) == (self.plan.width, self.plan.height):
            boxes = _inside(changed_boxes(self._leaves, leaves), plan)
            if _area(boxes) > PART * plan.width * plan.height:
                boxes = None
        if boxes is None:
            paint_on(self[MARKS], plan.marks, patterns=self._patterns, specs=plan.patterns,
                     send=recording.add)
        elif boxes:
            spare = scratch(plan.width, plan.height)
            c = CommandCanvas(spare, recording.add)
            for x0, y0, x1, y1 in boxes:
                c.clear_rect(x0, y0, x1 - x0, y1 - y0)
            paint_leaves(Painter(c, self._patterns, {s.id: s for s in plan.patterns}),
                         leaves, boxes)
            copy_boxes(CommandCanvas(self[MARKS], recording.add), [spare], boxes, clear=True)
        return leaves, boxes, recording

    def prepare(self, state: State, *, turns: Sequence[Turn]) -> None:
        """Make ahead the drawing of the marks that :meth:`update` to ``state`` (drawn by
        ``turns``) will send, from what the board shows now: a press that draws the shape
        under the ghost then sends it at once (``PlayWidget`` asks when the pointer rests
        on a legal ghost). Used only if the board, its marks and the scratch canvas are
        still as they were; else :meth:`update` makes it again. Sends nothing (but the
        scratch canvas's new size, when it grows)."""
        turns = tuple(turns)
        plan = plan_board(sheet_of(state, turns=turns), cell_size=self._unit,
                          labels=self._labels)
        base = self._leaves
        leaves, boxes, recording = self._marks(plan)
        self._prepared = _Prepared(state, turns, base, _SCRATCH[0] if _SCRATCH else None,
                                   plan, leaves, boxes, recording)

    def _ready(self, state: State, turns: tuple[Turn, ...]) -> _Prepared | None:
        """The prepared drawing of ``state`` if it is still good (:meth:`prepare`)."""
        p, self._prepared = self._prepared, None
        if (p is None or p.base is not self._leaves or p.turns != turns or p.state != state
                or (p.spare is not None and (not _SCRATCH or _SCRATCH[0] is not p.spare
                                             or p.spare.comm is None))):
            return None
        self.prepared_used += 1
        return p

    def overlay_of(self, plan: BoardPlan, ghost: Ghost | None,
                highlight: frozenset[Cell]) -> tuple[Item, ...]:
        """What the overlay shows (a board with more marks on top adds them here)."""
        return overlay_items(plan, ghost, highlight)

    def _compose(self, plan: BoardPlan, ghost: Ghost | None, highlight: frozenset[Cell],
                 changed: list[Box] | None) -> None:
        """The board: the static and marks layers copied, the overlay painted on top. Only
        in the ``changed`` boxes of the marks and those of the overlay on show and the new
        one (whole pixels, a rectangle at a time); everywhere when ``changed`` is None or
        the boxes cover more than :data:`PART` of the board."""
        items = self.overlay_of(plan, ghost, highlight)
        boxes: list[Box] | None = None
        if changed is not None:
            boxes = _inside(merge_boxes([*changed, *item_boxes(self._shown),
                                         *item_boxes(items)]), plan)
            if _area(boxes) > PART * plan.width * plan.height:
                boxes = None
        c = CommandCanvas(self)
        if boxes is None:
            c.global_alpha = 1
            c.clear()
            c.draw_image(self[STATIC], 0, 0)
            c.draw_image(self[MARKS], 0, 0)
        else:
            copy_boxes(c, [self[STATIC], self[MARKS]], boxes)
        Painter(c, self._patterns, {s.id: s for s in plan.patterns}).paint(items)
        self._shown = items

    # -- notebook output ---------------------------------------------------------------

    def plain_text(self) -> str:
        g = self.state.game
        return (f"<BoardWidget {g.map.name} {g.width}x{g.height} "
                f"round {self.state.round}/{g.rounds}>")

    def fallback_svg(self) -> str:
        return str(render_svg(self.state, turns=self.turns, labels=self._labels))


def unit_for(cell_size: float, resolution: float) -> int:
    """A cell's side in canvas pixels. Pattern tiles are a third or a quarter of a cell: a
    cell of 12k pixels keeps them whole, so the tiles line up from cell to cell as in the
    SVG."""
    return max(12, 12 * round(cell_size * resolution / 12))


FINEST = 1.5    # canvas pixels per CSS pixel, at most


def resolution_for(scale: float) -> float:
    """The resolution a board follows for a page of ``devicePixelRatio`` ``scale``: as many
    canvas pixels as the screen shows, no more than :data:`FINEST` (a tablet's 2 or 3
    would cost about two to four times the pixels of 1.5 for a sharpness a pupil does not
    see at arm's length), and 1 while no page has said (``scale`` 0): the ratio of most
    school laptops, so that their boards are never drawn twice as the page opens."""
    return min(max(scale, 1.0), FINEST)


def patterns_of(plan: BoardPlan) -> dict[str, object]:
    """One pattern model per tile of ``plan`` in the kernel, shared by every board; none
    without cairo (the painter then draws the tiles as strokes)."""
    with suppress(ImportError, OSError):
        return {spec.id: pattern(tile_png(spec)) for spec in plan.patterns}
    return {}


_FOLLOWING: weakref.WeakSet[BoardWidget] = weakref.WeakSet()


def _follow_the_page(change: dict[str, Any]) -> None:
    """The page's scale changed: every board made without a resolution follows it."""
    resolution = resolution_for(float(change["new"] or 0))
    for board in list(_FOLLOWING):
        if board.comm is not None:
            board.set_resolution(resolution)


def _watch_the_page() -> None:
    scale = page_scale()
    if not getattr(scale, "_paleo_watched", False):
        scale.observe(_follow_the_page, "value")
        scale._paleo_watched = True


def copy_boxes(canvas: CommandCanvas, sources: Sequence[Canvas], boxes: Sequence[Box], *,
               clear: bool = False) -> None:
    """Draw ``sources`` (canvases of the board's size or more) onto ``canvas`` inside each
    box only, a clip rectangle of whole pixels at a time (``clear``: the box cleared
    first). An image drawn at whole pixels under such a clip is copied pixel for pixel."""
    canvas.global_alpha = 1
    for x0, y0, x1, y1 in boxes:
        canvas.save()
        canvas.begin_path()
        canvas.rect(x0, y0, x1 - x0, y1 - y0)
        canvas.clip()
        if clear:
            canvas.clear_rect(x0, y0, x1 - x0, y1 - y0)
        for source in sources:
            canvas.draw_image(source, 0, 0)
        canvas.restore()


def _inside(boxes: Sequence[Box], plan: BoardPlan) -> list[Box]:
    """The boxes cut to the board (empty ones left out)."""
    out = [(max(0, x0), max(0, y0), min(plan.width, x1), min(plan.height, y1))
           for x0, y0, x1, y1 in boxes]
    return [b for b in out if b[0] < b[2] and b[1] < b[3]]


def _area(boxes: Sequence[Box]) -> int:
    return sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes)


# -- the overlay ---------------------------------------------------------------------------

def overlay_items(plan: BoardPlan, ghost: Ghost | None,
                  highlight: frozenset[Cell]) -> tuple[Item, ...]:
    """The top layer: highlighted cells under the ghost (both in grid coordinates)."""
    items: list[Item] = []
    if highlight:
        items += highlight_items(plan, highlight)
    if ghost is not None and ghost.cells:
        items += ghost_items(plan, ghost)
    return (Group(tuple(items), "overlay", plan.x, plan.y),) if items else ()


def _loops(plan: BoardPlan, cells: frozenset[Cell]) -> tuple[tuple[Point, ...], ...]:
    u = plan.cell
    return tuple(tuple((x * u, y * u) for x, y in loop) for loop in outline_loops(cells))


def highlight_items(plan: BoardPlan, cells: frozenset[Cell]) -> list[Item]:
    """Cells changed this round (a replay's step, a puzzle's hint): "marching ants", short
    black dashes on a wide white band round them, and no wash. No dig type, ghost or
    fossil is drawn like that (shapes have solid dark outlines, an illegal ghost long
    coloured dashes with crosses), and it reads the same in grey."""
    loops = _loops(plan, cells)
    u = plan.cell
    ants = dashed(loops, 0.14 * u, 0.12 * u)
    return [Path(loops, Paint(stroke="#FFFFFF", width=0.22 * u), cls="highlight-halo"),
            Path(ants, Paint(stroke=HIGHLIGHT, width=0.11 * u), closed=False,
                 cls="highlight")]


def ghost_items(plan: BoardPlan, ghost: Ghost) -> list[Item]:
    """A legal ghost: the dig pattern (or the One Square fill), faded, in a solid outline.
    An illegal one: a faint wash, a dashed outline and a cross in every cell. The
    difference is in the line style and the crosses, not in the colour alone."""
    u = plan.cell
    cells = sorted(ghost.cells, key=lambda c: (c[1], c[0]))
    loops = _loops(plan, ghost.cells)
    items: list[Item] = []
    if ghost.legal:
        pattern = next((p for p in plan.patterns if p.data.get("dig") == ghost.dig), None)
        paint = (Paint(fill=pattern.background, pattern=pattern.id, opacity=0.75)
                 if pattern is not None else Paint(fill=plan.theme.square, opacity=0.6))
        items += [Rect(x * u, y * u, u, u, paint, "ghost-cell") for x, y in cells]
        items.append(Path(loops, Paint(stroke="#FFFFFF", width=0.2 * u), cls="ghost-halo"))
        items.append(Path(loops, Paint(stroke=LEGAL, width=0.11 * u), cls="ghost legal"))
        return items
    wash = Paint(fill=ILLEGAL, opacity=0.18)
    items += [Rect(x * u, y * u, u, u, wash, "ghost-cell") for x, y in cells]
    crosses = tuple(seg for x, y in cells for seg in (
        ((x * u + 0.28 * u, y * u + 0.28 * u), (x * u + 0.72 * u, y * u + 0.72 * u)),
        ((x * u + 0.72 * u, y * u + 0.28 * u), (x * u + 0.28 * u, y * u + 0.72 * u))))
    items.append(Path(crosses, Paint(stroke=ILLEGAL, width=0.07 * u), closed=False,
                      cls="ghost-cross"))
    dashes = dashed(loops, 0.3 * u, 0.18 * u)
    items.append(Path(dashes, Paint(stroke="#FFFFFF", width=0.2 * u), closed=False,
                      cls="ghost-halo"))
    items.append(Path(dashes, Paint(stroke=ILLEGAL, width=0.11 * u), closed=False,
                      cls="ghost illegal"))
    return items


def dashed(loops: Sequence[Sequence[Point]], on: float,
           off: float) -> tuple[tuple[Point, ...], ...]:
    """Closed loops cut into dashes ``on`` long with gaps ``off`` long (open polylines),
    so a dashed line needs no dash support from the backend.

    >>> dashed([((0, 0), (10, 0), (10, 10), (0, 10))], 4, 1)[:2]
    (((0.0, 0.0), (4.0, 0.0)), ((5.0, 0.0), (9.0, 0.0)))
    """
    out: list[tuple[Point, ...]] = []
    for loop in loops:
        first = (float(loop[0][0]), float(loop[0][1]))
        out += dashed_line([first, *loop[1:], loop[0]], on, off)
    return tuple(out)


def dashed_line(points: Sequence[Point], on: float,
                off: float) -> tuple[tuple[Point, ...], ...]:
    """An open polyline cut into dashes ``on`` long with gaps ``off`` long, starting with a
    dash (the render primitives have no dash style).

    >>> dashed_line([(0.0, 0.0), (10.0, 0.0)], 4, 2)
    (((0.0, 0.0), (4.0, 0.0)), ((6.0, 0.0), (10.0, 0.0)))
    """
    out: list[tuple[Point, ...]] = []
    drawing, left = True, on
    current: list[Point] = [points[0]]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length, pos = math.hypot(x1 - x0, y1 - y0), 0.0
        while length - pos > 1e-9:
            step = min(left, length - pos)
            pos, left = pos + step, left - step
            p = (x0 + (x1 - x0) * pos / length, y0 + (y1 - y0) * pos / length)
            if drawing:
                current.append(p)
            if left <= 1e-9:
                if drawing:
                    out.append(tuple(current))
                drawing, left, current = not drawing, off if drawing else on, [p]
    if drawing and len(current) > 1:
        out.append(tuple(current))
    return tuple(out)


def board_beside(board: BoardWidget, *panel: W.Widget) -> W.HBox:
    """The board with a side panel on its right (wrapping below it on narrow outputs):
    the layout the play, replay and enclosure widgets share. The board takes its own
    size, as far as the width and the screen's height allow (its ``paleo-fit``); the
    panel takes the rest of the row, at least 240 px, else it wraps below."""
    board.layout.flex = "0 1 auto"
    board.layout.min_width = "0"
    side = W.VBox(list(panel), **looks(W.VBox, flex="1 1 240px", min_width="240px",
                                       max_width="560px", margin="0 0 0 12px"))
    side.add_class("paleo-side")
    return W.HBox([board, side], **looks(W.HBox, align_items="flex-start",
                                         flex_flow="row wrap"))
