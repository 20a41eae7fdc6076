"""How a board update is sent (issue 11, item 10): a turn repaints only the part of the
marks layer it changes (render.canvas.changed_boxes / paint_boxes)."""

from __future__ import annotations

import itertools

from helpers import mouse
from pits import pit

from paleowidgets.core.turns import Turn
from paleowidgets.data import load_map
from paleowidgets.render.canvas import (
    BoardPlan,
    Recorder,
    changed_boxes,
    item_box,
    leaves,
    paint_boxes,
    paint_layer,
    plan_board,
)
from paleowidgets.render.primitives import Group, Paint, Path, Rect, Text
from paleowidgets.render.sheet import sheet_of
from paleowidgets.widgets.play import PlayWidget


def played(turns: int) -> tuple[list[BoardPlan], list[Turn]]:
    """Board plans of the dig site after 0 .. ``turns`` turns (the core's first legal turn
    of each round), and those turns."""
    from paleowidgets.core.dice import roll_sequence
    from paleowidgets.core.rules import Game

    game = Game(load_map("dig-site"))
    state, done = game.initial_state(), []
    plans = [plan_board(sheet_of(state), cell_size=72)]
    for roll in roll_sequence("REPAINT-1", turns):
        turn = next(state.legal_turns(roll, max_squares=0))
        state = state.apply(roll, turn)
        done.append(turn)
        plans.append(plan_board(sheet_of(state, turns=done), cell_size=72))
    return plans, done


def inside(box: tuple[int, int, int, int], boxes: list[tuple[int, int, int, int]]) -> bool:
    return any(b[0] <= box[0] and b[1] <= box[1] and box[2] <= b[2] and box[3] <= b[3]
               for b in boxes)


def test_nothing_changed_nothing_repainted() -> None:
    plans, _ = played(1)
    assert changed_boxes(plans[1].marks, plans[1].marks) == []


def test_a_turn_repaints_its_cells_and_what_touches_them_only() -> None:
    plans, turns = played(6)
    for before, after, turn in zip(plans, plans[1:], turns, strict=False):
        boxes = changed_boxes(before.marks, after.marks)
        assert boxes
        u = after.cell
        for cell in turn.cells:                  # every cell drawn lies in a box
            x, y, w, h = after.cell_box(cell)
            assert inside((int(x), int(y), int(x + w), int(y + h)), boxes), cell
        # the boxes stay near the turn: none reaches more than two cells from its cells
        xs = [after.cell_box(c)[0] for c in turn.cells]
        ys = [after.cell_box(c)[1] for c in turn.cells]
        for x0, y0, x1, y1 in boxes:
            if (x1 - x0) > 0.8 * after.width:
                continue                          # an item as wide as the grid (its border)
            assert min(xs) - 2 * u <= x0 and x1 <= max(xs) + 3 * u
            assert min(ys) - 2 * u <= y0 and y1 <= max(ys) + 3 * u


def test_every_leaf_that_differs_is_inside_a_box() -> None:
    plans, _ = played(5)
    for before, after in itertools.pairwise(plans):
        boxes = changed_boxes(before.marks, after.marks)
        old = [(type(i), repr(i), x, y) for i, x, y in leaves(before.marks)]
        for item, x, y in leaves(after.marks):
            if (type(item), repr(item), x, y) not in old:
                assert inside(item_box(item, x, y), boxes), item


def test_paint_boxes_clears_clips_and_paints_only_what_meets_the_boxes() -> None:
    far = Rect(500, 500, 10, 10, Paint(fill="#000000"), "far")
    near = Rect(10, 10, 10, 10, Paint(fill="#111111"), "near")
    over = Path((((0, 15), (30, 15)),), Paint(stroke="#222222", width=2), closed=False)
    label = Text(12, 40, "A", 10, "#333333")
    items = (Group((far, near, over, label), "g", 5, 5),)
    rec = Recorder()
    paint_boxes(rec, items, [(12, 12, 28, 28)])
    names = [name for name, _ in rec.calls]
    assert names[:3] == ["save", "begin_path", "rect"] and names[-1] == "restore"
    assert ("clear_rect", (12, 12, 16, 16)) in rec.calls and "clip" in names
    fills = [args for name, args in rec.calls if name == "fill_rect"]
    assert fills == [(15, 15, 10, 10)]           # near (moved by its group), not far
    assert "stroke" in names                      # the line crosses the box
    assert "fill_text" not in names               # the label is below it


def test_a_box_covers_what_an_item_paints() -> None:
    assert item_box(Rect(10, 10, 20, 20, Paint(fill="#000")), 0, 0) == (8, 8, 32, 32)
    stroked = item_box(Rect(10, 10, 20, 20, Paint(stroke="#000", width=4)), 1, 1)
    assert stroked == (5, 5, 37, 37)
    x0, y0, x1, y1 = item_box(Text(50, 50, "12", 10, "#000", anchor="middle"), 0, 0)
    assert x0 <= 50 - 10 and x1 >= 50 + 10 and y0 <= 50 - 10 and y1 >= 52


def test_the_board_sends_a_turn_as_a_part_of_its_marks() -> None:
    calls: list[str] = []
    play = PlayWidget(load_map("dig-site"), seed="REPAINT-2", save=False)
    import paleowidgets.widgets.board as board_module

    whole, part = board_module.paint_layer, board_module.paint_boxes

    def spy_whole(*args: object, **kwargs: object) -> None:
        calls.append("whole")
        whole(*args, **kwargs)  # type: ignore[arg-type]

    def spy_part(*args: object, **kwargs: object) -> None:
        calls.append("part")
        part(*args, **kwargs)  # type: ignore[arg-type]

    board_module.paint_layer, board_module.paint_boxes = spy_whole, spy_part  # type: ignore[assignment]
    try:
        play.roll_dice()
        assert play.roll is not None
        turn = next(play.state.legal_turns(play.roll, max_squares=0))
        calls.clear()
        play.play_turn(turn)
        assert calls.count("part") == 1        # the marks: a part
        assert calls.count("whole") <= 1       # the overlay (its ghost gone), if any
        calls.clear()
        play.board.redraw()                    # a browser connecting: everything, whole
        assert calls == ["whole"] * 3
    finally:
        board_module.paint_layer, board_module.paint_boxes = whole, part  # type: ignore[assignment]
    rec = Recorder()
    paint_layer(rec, play.board.plan.marks)
    assert len(rec.calls) > 0


def test_a_board_event_redraws_the_words_before_the_kernel_is_idle() -> None:
    """The words and controls follow the canvas message in the same handler, so that a
    client that waits for the kernel's idle status (benchmarks/bench_class.py) reads them."""
    play = PlayWidget(pit(), save=False)
    play.roll_dice()
    assert play.roll is not None
    turn = next(play.state.legal_turns(play.roll, max_squares=0))
    cell = sorted(turn.cells, key=lambda c: (c[1], c[0]))[0]
    before = play.message.value
    mouse(play.board, "mouse_move", cell)
    assert play.message.value != before
