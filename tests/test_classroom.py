"""The classroom side of the widgets, headless: touch on the board (tap shows, a second tap
on the same cell places, a drag moves, no second placement), a tap on the other canvases,
and the page side (events.py) carried by every widget: its hidden hooks, which canvases
take keys and which fit the screen. The browser half is tests/browser/test_classroom_lab.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as W
import pytest
from helpers import Messages, event

from paleowidgets.core.geometry import Cell, parse_cell
from paleowidgets.core.logs import GameLog, PlayerLog
from paleowidgets.core.maps import Puzzle, parse_document
from paleowidgets.core.rules import TINY, Game
from paleowidgets.core.turns import Turn
from paleowidgets.widgets import (
    BoardWidget,
    ClassGameWidget,
    EnclosureWidget,
    PlayWidget,
    PuzzleWidget,
    ReplayWidget,
    TransformExplorer,
    replay_with_analysis,
)
from paleowidgets.widgets.board import MARKS, OVERLAY
from paleowidgets.widgets.editor import PuzzleEditor
from paleowidgets.widgets.events import FIT, KEYS, ROOT, PageHooks, page_hooks

ROOT_DIR = Path(__file__).resolve().parents[1]
PIT = '''[map]
name = "Test pit"
grid = """
. . . . . . .
. . # . . * .
. . A . . . .
. . . . . . .
. . . . . B .
. . . . . . .
"""
[fossils.A]
points = 3
bonus = 2
[fossils.B]
points = 1
bonus = 1
[puzzle]
rolls = [[2, 2], [1, 3], [5, 6], [4, 4], [2, 5]]
'''
C4, D4 = parse_cell("C4"), parse_cell("D4")
U_CELLS = frozenset(parse_cell(n) for n in ["B3", "D3", "B4", "C4", "D4"])


def rolled() -> PlayWidget:
    puzzle = parse_document(PIT)
    assert isinstance(puzzle, Puzzle)
    play = PlayWidget(puzzle)
    play.roll_button.click()
    play.shape_buttons.value = "U"
    return play


def touch(board: BoardWidget, name: str, *cells: Cell) -> None:
    """A touch event with a finger on the centre of each of ``cells`` (none: the last
    finger lifted), as ipycanvas sends it."""
    touches = []
    for cell in cells:
        x, y, w, h = board.plan.cell_box(cell)
        touches.append({"x": x + w / 2, "y": y + h / 2})
    event(board, name, touches=touches)


def tap(board: BoardWidget, cell: Cell) -> None:
    touch(board, "touch_start", cell)
    touch(board, "touch_end")


# -- touch on the board ----------------------------------------------------------------------

def test_a_tap_shows_the_preview_and_places_nothing(messages: Messages) -> None:
    play = rolled()
    messages.clear()
    tap(play.board, C4)
    assert play.board.ghost is not None and play.board.ghost.cells == U_CELLS
    assert play.state.round == 0 and play.turns == ()
    assert len(messages) == 1 and messages.layers(play.board) == [OVERLAY]


def test_a_second_tap_on_the_same_cell_places_once(messages: Messages) -> None:
    play = rolled()
    tap(play.board, C4)
    messages.clear()
    tap(play.board, C4)
    assert play.state.round == 1 and play.turns == (Turn.draw("U", "chevron", U_CELLS),)
    assert len(messages) == 1 and messages.layers(play.board) == [MARKS, OVERLAY]
    # a third tap there is the first of a new preview (no roll yet: nothing to show)
    tap(play.board, C4)
    assert play.state.round == 1 and len(play.turns) == 1


def test_a_drag_moves_the_preview_and_a_tap_after_it_places_there() -> None:
    play = rolled()
    touch(play.board, "touch_start", parse_cell("B4"))
    touch(play.board, "touch_move", parse_cell("B4"))       # the same cell: nothing new
    touch(play.board, "touch_move", C4)
    assert play.board.ghost is not None and play.board.ghost.cells == U_CELLS
    touch(play.board, "touch_end")
    assert play.turns == ()                                  # lifting after a drag: no place
    tap(play.board, D4)                                      # another cell: a new preview
    assert play.turns == () and play.board.ghost is not None
    assert play.board.ghost.cells != U_CELLS
    touch(play.board, "touch_start", D4)                     # down on it again ...
    touch(play.board, "touch_move", C4)                      # ... and away: no tap
    touch(play.board, "touch_end")
    assert play.turns == ()
    tap(play.board, C4)
    assert play.turns == (Turn.draw("U", "chevron", U_CELLS),)


def test_two_fingers_are_no_tap() -> None:
    play = rolled()
    tap(play.board, C4)
    touch(play.board, "touch_start", C4, D4)
    touch(play.board, "touch_end", D4)
    touch(play.board, "touch_end")
    assert play.turns == ()
    touch(play.board, "touch_start", C4)
    touch(play.board, "touch_cancel")                        # the browser took the touch
    touch(play.board, "touch_end")
    assert play.turns == ()


def test_a_tap_on_a_board_without_preview_is_a_click() -> None:
    state = Game(parse_document(TINY)).initial_state()
    board = BoardWidget(state)
    seen: list[Cell | None] = []
    board.on_cell_click(seen.append)
    tap(board, (2, 3))
    assert seen == [(2, 3)]


def test_a_tap_on_the_transform_explorer_is_a_click() -> None:
    ex = TransformExplorer("Y", lang="en")
    x, y, w, h = ex.plan.slots[3]
    event(ex.canvas, "touch_start", touches=[{"x": x + w / 2, "y": y + h / 2}])
    assert "number 4 of the 8" in ex.orbit_panel.value
    x, y, w, h = ex.plan.slots[5]
    event(ex.canvas, "touch_start", touches=[{"x": x + w / 2, "y": y + h / 2},
                                             {"x": 1.0, "y": 1.0}])     # two fingers: no tap
    assert "number 4 of the 8" in ex.orbit_panel.value


# -- the page side ---------------------------------------------------------------------------

TWO_ROLLS = TINY + '[puzzle]\ntitle = "Two rolls"\nrolls = [[2, 5], [1, 4]]\n'
TURNS = [{"shape": "L", "dig": "chevron", "cells": ["A5", "A6", "B6", "C6", "D6"]},
         {"shape": "X", "dig": "dot", "cells": ["E3", "D4", "E4", "F4", "E5"]}]


def widget(name: str) -> Any:
    """Each of the widgets, small."""
    tiny = parse_document(TINY)
    log = GameLog(parse_document(TWO_ROLLS), ((2, 5), (1, 4)),
                  (PlayerLog("Ada", tuple(Turn.from_dict(d) for d in TURNS)),))
    make = {
        "play": lambda: PlayWidget(tiny, seed=1),
        "replay": lambda: ReplayWidget(log),
        "puzzle": lambda: PuzzleWidget(ROOT_DIR / "puzzles" / "1-beginner" /
                                       "01-first-ring.toml", time_limit=1),
        "class": lambda: ClassGameWidget(tiny, seed="TREX-1", player="Ada"),
        "enclosure": lambda: EnclosureWidget(tiny),
        "transform": lambda: TransformExplorer("F"),
        "analysis": lambda: replay_with_analysis(log),
        "editor": lambda: PuzzleEditor(width=7, height=7, lang="en"),
    }
    return make[name]()


def descendants(w: Any) -> list[Any]:
    out = [w]
    for child in getattr(w, "children", ()):
        out += descendants(child)
    return out


@pytest.mark.parametrize("name", ["play", "replay", "puzzle", "class", "enclosure",
                                  "transform", "analysis", "editor"])
def test_every_widget_carries_the_page_side(name: str) -> None:
    w = widget(name)
    assert ROOT in w._dom_classes
    assert page_hooks() in w.children
    inside = descendants(w)
    keyed = [d for d in inside if KEYS in getattr(d, "_dom_classes", ())]
    assert keyed, f"{name}: no canvas takes the keys"
    assert all(d._key_down_callbacks.callbacks if hasattr(d, "_key_down_callbacks")
               else d._canvases[-1]._key_down_callbacks.callbacks for d in keyed)
    boards = [d for d in inside if isinstance(d, BoardWidget)]
    assert all(FIT in b._dom_classes for b in boards)


def test_the_hooks_are_one_hidden_widget_per_kernel() -> None:
    hooks = page_hooks()
    assert isinstance(hooks, PageHooks) and hooks.layout.display == "none"
    assert "lm-suppress-shortcuts" in hooks.value and "pointerover" in hooks.value
    assert "min-height: 44px" in hooks.value and "onerror=" in hooks.value
    hooks.close()
    again = page_hooks()
    assert again is not hooks and again.comm is not None     # a closed one is replaced
    assert isinstance(again, W.DOMWidget)
