"""Helpers shared by the tests: small maps written inline, turns written briefly, and the
canvas-message spy and front-end events of the widget tests."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ipycanvas.canvas import COMMANDS

from paleowidgets.core.geometry import Cell
from paleowidgets.core.maps import Map, Puzzle, parse_document
from paleowidgets.core.rules import Game, State
from paleowidgets.core.turns import Turn

if TYPE_CHECKING:   # only for the hints: the core tests need not load the widgets
    from ipycanvas import Canvas, MultiCanvas

    from paleowidgets.widgets.board import BoardWidget

# A 9x7 test quarry. Fossil A (C3 D3 C4), ring: C2 D2 B3 E3 B4 D4 C5.
# Fossil B (G4), ring: G3 F4 H4 G5. Stars at B2, H2, B6, G6.
QUARRY = '''[map]
name = "Test quarry"
grid = """
. . . . . . . . .
. * . . . . . * .
. . A A . . . . .
. . A . . . B . .
. . . . . . . . .
. * . . . . * . .
. . . . . . . . .
"""
[fossils.A]
name = "Ammonite"
points = 4
bonus = 2

[fossils.B]
name = "Tooth"
points = 1
bonus = 1
'''


ROOT = Path(__file__).resolve().parent.parent


def load_script(path: str) -> ModuleType:
    """A script of the repository that is not a package module (``benchmarks/…``,
    ``tools/…``), loaded by its path and registered under its file name."""
    name = Path(path).stem
    spec = importlib.util.spec_from_file_location(name, ROOT / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def turn(text: str = "", **extra: Any) -> Turn:
    """``turn("L chevron B2 B3 B4 B5 C5", stars=["plus-one"])`` or ``turn(pass_=True)``."""
    data: dict[str, Any] = {}
    if extra.pop("pass_", False):
        data["pass"] = True
    if text:
        shape, dig, *cells = text.split()
        data.update(shape=shape, dig=dig, cells=cells)
    data.update(extra)
    return Turn.from_dict(data)


def load(text: str) -> Map | Puzzle:
    return parse_document(text, file="test.toml")


# -- canvas messages and front-end events (the widget tests) -----------------------------------

class Messages:
    """The custom messages ipycanvas' canvas manager sends (one per canvas batch), decoded;
    the ``messages`` fixture (conftest.py) puts one in place of the manager's ``send``."""

    def __init__(self) -> None:
        self.sent: list[list[Any]] = []

    def __len__(self) -> int:
        return len(self.sent)

    def record(self, content: Any, buffers: Any = None) -> None:
        self.sent.append(json.loads(bytes(buffers[0]).decode("utf-8")))

    def clear(self) -> None:
        self.sent.clear()

    def commands(self, i: int = -1) -> list[list[Any]]:
        """Message ``i`` as a list of commands (a batch of one is sent bare)."""
        batch = self.sent[i]
        return batch if batch and isinstance(batch[0], list) else [batch]

    def layers(self, multi: MultiCanvas | BoardWidget, i: int = -1) -> list[int]:
        """The layers of ``multi`` (a board's :attr:`~BoardWidget.layers`) that message
        ``i`` draws on, in order (its switchCanvas commands), leaving out the canvas every
        message ends on (``board.parking``) and the one a board paints part of a layer on
        first (``board.scratch``): ``messages.layers(board) == [OVERLAY]``."""
        from paleowidgets.widgets.board import _SCRATCH, BoardWidget, parking

        # MultiCanvas has no public list of its layers: __getitem__ indexes _canvases.
        layers = multi.layers if isinstance(multi, BoardWidget) else multi._canvases
        ids = {f"IPY_MODEL_{layer.model_id}": k for k, layer in enumerate(layers)}
        park = f"IPY_MODEL_{parking().model_id}"
        switches = [c[1][0] for c in self.commands(i) if c[0] == COMMANDS["switchCanvas"]]
        assert switches[-1:] == [park], "a canvas message ends on the parking canvas"
        spare = {f"IPY_MODEL_{c.model_id}" for c in _SCRATCH}
        return [ids[c] for c in switches if c != park and c not in spare]

    def names(self, i: int = -1) -> list[str]:
        """The command names of message ``i``: ``["switchCanvas", "clear", ...]``."""
        names = {v: k for k, v in COMMANDS.items()}
        return [names[c[0]] for c in self.commands(i)]

    def texts(self, i: int = -1) -> list[str]:
        """The strings message ``i`` writes with fillText."""
        return [c[1][0] for c in self.commands(i) if c[0] == COMMANDS["fillText"]]


def event(canvas: Canvas | MultiCanvas, name: str, **content: Any) -> None:
    """A front-end event through the canvas' own custom-message handler, as it arrives from
    the browser (a MultiCanvas hands it to its top layer): ``event(board, "client_ready")``."""
    canvas._handle_custom_msg({"event": name, **content}, [])


def key(canvas: Canvas | MultiCanvas, k: str, *, ctrl: bool = False) -> None:
    """A key pressed on the canvas: ``key(board, "ArrowLeft")``."""
    event(canvas, "key_down", key=k, shift_key=False, ctrl_key=ctrl, meta_key=False)


def mouse(board: BoardWidget, name: str, cell: Cell, fx: float = 0.5, fy: float = 0.5) -> None:
    """A mouse event at ``(fx, fy)`` of ``cell``'s box (its centre by default):
    ``mouse(board, "mouse_down", C4)``."""
    x, y, w, h = board.plan.cell_box(cell)
    event(board, name, x=x + fx * w, y=y + fy * h)


# -- the paleo command in-process (the ``paleo`` fixture, conftest.py) --------------------------

@dataclass
class Run:
    """One ``paleo`` run: its exit code and what it printed."""

    code: int
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return self.err.splitlines()

    def json(self) -> Any:
        return json.loads(self.out)

    def json_lines(self) -> list[Any]:
        return [json.loads(line) for line in self.out.splitlines()]



def in_own_thread(test: Callable[..., None]) -> Callable[..., None]:
    """Run a test in a thread of its own, where no event loop runs. A pytest-xdist worker
    that ran a browser module first still has Playwright's loop marked running on its main
    thread (Playwright's sync API), which a test of loop behaviour must not see."""
    import functools
    import threading

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        failure: list[BaseException] = []

        def body() -> None:
            try:
                test(*args, **kwargs)
            except BaseException as e:   # re-raised in the test's own thread below
                failure.append(e)

        thread = threading.Thread(target=body)
        thread.start()
        thread.join()
        if failure:
            raise failure[0]
    return run


# -- a random mid-game state with its brute-force optimum (the solver's cross-checks) ---------

def random_midgame(rng: random.Random, max_fossils: int) -> tuple[Puzzle, State, int]:
    """A small random puzzle played some random rounds (One Squares included), the state
    reached, and the brute force's optimum from it (puzzles too big for it are drawn
    again)."""
    from paleowidgets.solver.brute import TooBig, brute_force
    from paleowidgets.solver.puzzlegen import random_puzzle

    while True:
        puzzle = random_puzzle(rng, width=rng.randint(5, 6), height=rng.randint(5, 6),
                               fossils=rng.randint(1, max_fossils), rounds=rng.randint(3, 5),
                               stars=rng.randint(0, 3), predrawn=rng.randint(0, 8))
        s = Game.from_puzzle(puzzle).initial_state()
        for roll in puzzle.rolls[:rng.randint(1, len(puzzle.rolls) - 1)]:
            s = s.apply(roll, rng.choice(list(s.legal_turns(roll, max_squares=1))))
        try:
            return puzzle, s, brute_force(s.game, puzzle.rolls, budget=15_000, start=s)
        except TooBig:
            continue


def may_pass_case(make: Callable[[random.Random], Puzzle], seed: str, *,
                  positive: bool = False) -> tuple[Puzzle, Game, int]:
    """The first puzzle of ``make`` (``random.Random(seed)``) small enough for the brute
    force of the may-pass relaxation, its game and that optimum (with ``positive``, the
    first whose optimum is above 0)."""
    from paleowidgets.solver.brute import TooBig, brute_force

    rng = random.Random(seed)
    while True:
        puzzle = make(rng)
        game = Game.from_puzzle(puzzle)
        try:
            relaxed = brute_force(game, puzzle.rolls, budget=15_000, may_pass=True)
        except TooBig:
            continue
        if relaxed > 0 or not positive:
            return puzzle, game, relaxed
