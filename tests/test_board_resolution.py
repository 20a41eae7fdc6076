"""The board draws as many canvas pixels as the page's screen shows (issue 11 item 10): the
page hooks report ``devicePixelRatio`` through the hidden :class:`PageScale`, and every board
made without a resolution plans itself again (1 to 1.5 canvas pixels per CSS pixel)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_board_commands import played, queued
from test_board_prepare import named, next_turn

from paleowidgets.data import load_map
from paleowidgets.widgets import BoardWidget, PlayWidget
from paleowidgets.widgets.board import FINEST, resolution_for
from paleowidgets.widgets.events import PageScale, page_scale


@pytest.fixture
def scale() -> Iterator[PageScale]:
    """The kernel's page scale, back to "not said" afterwards."""
    yield page_scale()
    page_scale().value = 0.0


def test_the_resolution_follows_the_screen_between_1_and_1_5() -> None:
    assert [resolution_for(s) for s in (0.0, 0.9, 1.0, 1.25, 1.5, 2.0, 3.0)] == [
        1.0, 1.0, 1.0, 1.25, 1.5, 1.5, 1.5]
    assert FINEST == 1.5


def test_a_board_follows_the_page_and_a_fixed_one_does_not(scale: PageScale) -> None:
    """A tablet's page (ratio 2) makes every following board 1.5 times as many pixels
    wide, at the same size on screen, in one whole redraw; the same ratio again, or a
    board given its resolution, changes nothing."""
    state, turns = played("dig-site", 6, seed=2)
    board = BoardWidget(state, turns=turns)
    fixed = BoardWidget(state, turns=turns, resolution=1.0)
    width, css, redraws = board.width, board.layout.max_width, board.redraws
    assert board.resolution == 1.0 and (board.width, board.height) == (fixed.width, fixed.height)
    scale.value = 2.0
    assert board.resolution == 1.5 and board.redraws == redraws + 1
    assert board.width == board.plan.width and board.width > 1.45 * width
    assert all((layer.width, layer.height) == (board.width, board.height)
               for layer in board.layers)
    assert board.layout.max_width == css            # the same size on screen
    assert fixed.resolution == 1.0 and fixed.width == width
    for cell in ((0, 0), (6, 7), (12, 12)):
        assert board.cell_at(*board.plan.cell_centre(cell)) == cell
    scale.value = 2.5                               # still 1.5: nothing to do
    assert board.redraws == redraws + 1
    scale.value = 1.0
    assert board.width == width and board.redraws == redraws + 2


def test_a_board_drawn_again_at_another_resolution_plays_on_as_a_new_one(
        scale: PageScale) -> None:
    """After the change, a turn sends what a board made at that resolution sends."""
    import random

    rng = random.Random(11)
    state, turns = played("snow-map", 5, seed=4)
    board = BoardWidget(state, turns=turns)
    scale.value = 1.5
    fresh = BoardWidget(state, turns=turns)
    assert fresh.resolution == 1.5 == board.resolution
    for _ in range(3):
        roll, turn = next_turn(state, rng)
        state, turns = state.apply(roll, turn), (*turns, turn)
        sent = [named(queued(b.update, state, turns=turns), b) for b in (board, fresh)]
        assert sent[0] == sent[1]


def test_every_widget_shows_the_page_scale() -> None:
    play = PlayWidget(load_map("first-dig"), seed="S-1", save=False, ask_name=False)
    assert page_scale() in play.children
    assert page_scale().layout.display == "none"
    assert "paleo-page-scale" in page_scale()._dom_classes


def test_a_board_shown_a_map_of_another_size_takes_its_size() -> None:
    """``update`` to a state of another map: the three canvases take the new plan's size,
    the most width on screen follows it, and the next turns send what a board made for
    that map sends."""
    import random

    small, small_turns = played("first-dig", 2, seed=3)
    big, big_turns = played("dig-site", 4, seed=5)
    board = BoardWidget(small, turns=small_turns, resolution=1.0)
    fresh = BoardWidget(big, turns=big_turns, resolution=1.0)
    assert (board.width, board.height) != (fresh.width, fresh.height)
    redraws = board.redraws
    board.update(big, turns=big_turns)
    assert board.redraws == redraws + 1
    assert all((layer.width, layer.height) == (fresh.width, fresh.height)
               for layer in board.layers)
    assert board.layout.max_width == fresh.layout.max_width
    assert board.cell_at(*board.plan.cell_centre((12, 12))) == (12, 12)
    rng = random.Random(7)
    state, turns = big, big_turns
    for _ in range(2):
        roll, turn = next_turn(state, rng)
        state, turns = state.apply(roll, turn), (*turns, turn)
        sent = [named(queued(b.update, state, turns=turns), b) for b in (board, fresh)]
        assert sent[0] == sent[1]
