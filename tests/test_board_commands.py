"""The board's layers are painted through :class:`~paleowidgets.widgets.board.CommandCanvas`
(the ipycanvas command lists queued directly, for speed): the canvas manager must hold
exactly what ipycanvas' own ``Canvas`` methods would have queued for the same painting."""

from __future__ import annotations

import random
from typing import Any

import pytest
from ipycanvas import Canvas
from ipycanvas.canvas import _CANVAS_MANAGER

from paleowidgets.core.maps import Puzzle, parse_document
from paleowidgets.core.rules import Game, State
from paleowidgets.core.turns import Turn
from paleowidgets.data import load_map
from paleowidgets.render.canvas import Painter, paint_layer, plan_board, plan_whole
from paleowidgets.render.sheet import sheet_of
from paleowidgets.widgets import BoardWidget, Ghost, canvas_batch
from paleowidgets.widgets.board import CommandCanvas, overlay_items


def queued(paint: Any, *args: Any, **kwargs: Any) -> list[Any]:
    """The commands the canvas manager holds after ``paint(*args, **kwargs)`` inside one
    batch."""
    manager = _CANVAS_MANAGER
    sent: list[Any] = []
    send = manager._send_custom
    manager._send_custom = lambda commands, buffers=[]: sent.append((commands, buffers))
    try:
        with canvas_batch():
            paint(*args, **kwargs)
    finally:
        manager._send_custom = send
    assert len(sent) == 1, "one message per batch"
    commands, buffers = sent[0]
    return [commands, [bytes(b) for b in buffers]]


def played(name: str, rounds: int, seed: int) -> tuple[State, tuple[Turn, ...]]:
    """A game of ``rounds`` random legal turns (One Squares and stars included)."""
    rng = random.Random(seed)
    state = Game(load_map(name)).initial_state()
    turns: list[Turn] = []
    for _ in range(rounds):
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        options = list(state.legal_turns(roll))
        turn = rng.choice(options)
        state = state.apply(roll, turn)
        turns.append(turn)
    return state, tuple(turns)


@pytest.mark.parametrize("name", ["dig-site", "snow-map"])
@pytest.mark.parametrize("rounds", [0, 7, 20])
def test_the_layers_queue_what_ipycanvas_would(name: str, rounds: int) -> None:
    state, turns = played(name, rounds, seed=rounds)
    board = BoardWidget(state, turns=turns)
    plan = plan_board(sheet_of(state, turns=turns), cell_size=board._unit)
    layer = board[1]
    specs = {s.id: s for s in plan.patterns}
    some = next(iter(plan.patterns))
    ghosts = [Ghost(frozenset({(0, 0), (1, 0), (1, 1)}), True, some.data.get("dig")),
              Ghost(frozenset({(2, 2), (3, 2)}), False),
              Ghost(frozenset({(4, 4)}), True, None)]
    for items in (plan.static, plan.marks,
                  *(overlay_items(plan, g, frozenset({(5, 5), (6, 5)})) for g in ghosts)):
        for patterns in (board._patterns, {}):     # canvas patterns, or tiles as strokes
            ours = queued(paint_layer, CommandCanvas(layer), items, patterns=patterns,
                          specs=plan.patterns)
            theirs = queued(paint_layer, layer, items, patterns=patterns, specs=plan.patterns)
            assert ours == theirs
            assert len(ours[0]) > 2
    assert specs


def test_every_call_of_the_painter_is_one_ipycanvas_has() -> None:
    """Each method the painter may call, with the arguments it passes, against the layer's
    own method (including the odd dash list ipycanvas says twice)."""
    layer = Canvas(width=10, height=10)
    calls: list[tuple[str, tuple[Any, ...]]] = [
        ("clear", ()), ("save", ()), ("restore", ()), ("translate", (1.5, 2)),
        ("reset_transform", ()), ("fill_rect", (1, 2, 3, 4)), ("stroke_rect", (1, 2, 3, 4)),
        ("fill_circle", (1, 2, 3)), ("stroke_circle", (1, 2, 3)), ("begin_path", ()),
        ("close_path", ()), ("move_to", (1, 2)), ("line_to", (3, 4)),
        ("arc_to", (1, 2, 3, 4, 5)), ("rect", (1, 2, 3, 4)), ("fill", ()), ("stroke", ()),
        ("clip", ()), ("set_line_dash", ([4, 2],)), ("set_line_dash", ([3],)),
        ("set_line_dash", ([],)), ("fill_text", ("A1", 3, 4)), ("clear_rect", (1, 2, 3, 4)),
        ("draw_image", (Canvas(width=5, height=5), 0, 0))]
    for name, args in calls:
        ours = queued(getattr(CommandCanvas(layer), name), *args)
        theirs = queued(getattr(layer, name), *args)
        assert ours == theirs, name
    for attr, value in (("fill_style", "#FF0000"), ("stroke_style", "#00FF00"),
                        ("line_width", 2.5), ("line_join", "round"), ("line_cap", "butt"),
                        ("font", "bold 12px sans-serif"), ("text_align", "center"),
                        ("text_baseline", "alphabetic"), ("global_alpha", 0.5)):
        ours = queued(setattr, CommandCanvas(layer), attr, value)
        theirs = queued(setattr, layer, attr, value)
        assert ours == theirs, attr


def test_the_painter_uses_no_call_the_command_canvas_lacks() -> None:
    """The painter's protocol (CanvasLike) is met in full."""
    from paleowidgets.render.canvas import CanvasLike

    wanted = {n for n in vars(CanvasLike) if not n.startswith("_")}
    assert wanted <= set(dir(CommandCanvas))
    assert Painter


PREDRAWN = '''[map]
name = "Predrawn pit"
grid = """
. . . . . .
. # # . . .
. . A . * .
. . . . . .
"""
[fossils.A]
points = 3
bonus = 1
[puzzle]
rolls = [[2, 5], [1, 4], [3, 3], [6, 1]]
'''


@pytest.mark.parametrize("name", ["dig-site", "snow-map", "first-dig", "ring-school",
                                  "predrawn"])
def test_the_board_plan_made_from_what_play_changes_is_the_whole_plan(name: str) -> None:
    """plan_board looks only at the cells play can have changed and takes the rest from
    the blank sheet: at every round of random games (One Squares, stars, fossils dug up),
    with and without the turns, its plan is the one made from the whole grid block
    (six games a map)."""
    if name == "predrawn":
        doc = parse_document(PREDRAWN)
        assert isinstance(doc, Puzzle)
        game = Game.from_puzzle(doc)
    else:
        game = Game(load_map(name))
    dug = 0
    for seed in range(6):
        rng = random.Random(seed)
        state, turns = game.initial_state(), []
        for _ in range(game.rounds):
            for given in (turns, None):
                sheet = sheet_of(state, turns=given)
                fast, whole = (plan(sheet, cell_size=36, lang="en")
                               for plan in (plan_board, plan_whole))
                assert fast == whole
            roll = (rng.randint(1, 6), rng.randint(1, 6))
            turn = rng.choice(list(state.legal_turns(roll)))
            state = state.apply(roll, turn)
            turns.append(turn)
        dug |= state.dug
    assert dug or name == "predrawn", "some game dug up a fossil"
