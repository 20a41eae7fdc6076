"""What a pupil waits for goes first: after a click or a hover the board's one canvas
message leaves before any word or control changes and before the autosave. Outside a
kernel's event loop the save is on disk when the handler returns; in a kernel a turn's
words and save are made a moment after its handler returns (board.after_travel), and at
the latest right after the next action's board."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as W
import pytest
from helpers import Messages, mouse
from pits import pit
from test_widgets import C4, U_CELLS, rolled

from paleowidgets.core.geometry import parse_cell
from paleowidgets.core.logs import GameLog
from paleowidgets.core.turns import Turn
from paleowidgets.widgets import keeping
from paleowidgets.widgets.play import PlayWidget


@pytest.fixture
def order(messages: Messages, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """What the kernel sends, in order: ``canvas`` (a canvas message), ``widget:NAME`` (a
    trait of a widget sent to the page), ``saved`` (a game log written)."""
    sent: list[str] = []
    record, send_state, write_log = messages.record, W.Widget.send_state, keeping.write_log

    def canvas(content: Any, buffers: Any = None) -> None:
        record(content, buffers)
        sent.append("canvas")

    def widget(self: W.Widget, key: Any = None) -> None:
        sent.append(f"widget:{key}")
        send_state(self, key)

    def saved(path: Path, log: GameLog) -> None:
        write_log(path, log)
        sent.append("saved")

    monkeypatch.setattr(messages, "record", canvas)
    from ipycanvas.canvas import _CANVAS_MANAGER
    monkeypatch.setattr(_CANVAS_MANAGER, "send", canvas)
    monkeypatch.setattr(W.Widget, "send_state", widget)
    monkeypatch.setattr(keeping, "write_log", saved)
    yield sent


def click_u(order: list[str], tmp_path: Path) -> PlayWidget:
    """A widget saving to ``tmp_path`` whose first turn, the U on C4, is played by a press
    on the board; ``order`` holds what that press alone sent."""
    play = PlayWidget(pit(), player="Ada", save=tmp_path)
    play.roll_button.click()
    play.shape_buttons.value = "U"
    mouse(play.board, "mouse_move", C4)
    order.clear()
    mouse(play.board, "mouse_down", C4)
    assert play.turns == (Turn.draw("U", "chevron", U_CELLS),)
    return play


def test_a_click_sends_the_board_first_then_the_words_then_saves(
        order: list[str], tmp_path: Path) -> None:
    play = click_u(order, tmp_path)
    assert order[0] == "canvas" and order.count("canvas") == 1     # the board, at once
    assert "widget:value" in order                                  # score, message ...
    assert order[-1] == "saved" and order.count("saved") == 1       # ... and the save last
    assert play.save_path is not None                               # on disk on return
    assert GameLog.load(play.save_path).players[0].turns == play.turns


def test_in_a_kernel_a_click_sends_only_the_board_then_the_words_and_save_later(
        order: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from paleowidgets.widgets import play as play_module

    later: list[Any] = []

    def after_travel(callback: Any) -> Any:
        later.append(callback)
        return type("Handle", (), {"cancel": lambda self: None})()

    monkeypatch.setattr(play_module, "after_travel", after_travel)
    play = click_u(order, tmp_path)
    assert order == ["canvas"] and len(later) == 1     # the handler returns: board only
    later[0]()                                         # the kernel's event loop, later
    assert "widget:value" in order and order[-1] == "saved" and order.count("saved") == 1
    assert play.save_path is not None
    assert GameLog.load(play.save_path).players[0].turns == play.turns


def test_a_hover_sends_the_board_before_naming_the_fossil(order: list[str]) -> None:
    play = rolled()
    order.clear()
    mouse(play.board, "mouse_move", parse_cell("C3"))    # the pit's fossil A
    assert order[0] == "canvas" and order.count("canvas") == 1
    assert "Ammonite" in play.fossil_info.value and "widget:value" in order[1:]
    assert "saved" not in order


def test_a_class_game_sends_both_boards_first_then_saves(
        order: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from paleowidgets.widgets import classgame
    from paleowidgets.widgets.classgame import ClassGameWidget

    write = classgame.write_atomically

    def written(path: Path, data: bytes) -> None:
        write(path, data)
        order.append("saved")

    monkeypatch.setattr(classgame, "write_atomically", written)
    widget = ClassGameWidget(pit(), player=["Ada", "Bo"], save_to=tmp_path)
    play = widget.play
    play.roll_button.click()
    play.shape_buttons.value = "U"
    mouse(play.board, "mouse_move", C4)
    order.clear()
    mouse(play.board, "mouse_down", C4)
    assert widget.thumbs["Ada"].turns == play.turns       # the small board ...
    assert order[0] == "canvas" and order.count("canvas") == 1   # ... in the one message
    assert order[-1] == "saved" and "3 points" in widget.captions["Ada"].value
