"""The widgets without a browser: traits, callbacks driven through the canvas' own message
handler (pixels, keys, client ready), the canvas messages they send, model/view agreement,
and the notebook output (widget view + SVG + a deterministic text)."""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from helpers import Messages, event, key, mouse
from ipycanvas.canvas import _CANVAS_MANAGER
from pits import pit

from paleowidgets import i18n
from paleowidgets.core.geometry import SYMMETRIES, Cell, parse_cell
from paleowidgets.core.logs import GameLog, PlayerLog
from paleowidgets.core.maps import Map, Puzzle, parse_document
from paleowidgets.core.rules import TINY, Game
from paleowidgets.core.terms import (
    BONUS_KINDS,
    DIG_TYPES,
    ONE_SQUARE,
    PLUS_ONE,
    SWITCH_SHAPE,
    THEMES,
)
from paleowidgets.core.turns import Turn
from paleowidgets.render import style as st
from paleowidgets.render.canvas import Painter, Recorder, plan_board
from paleowidgets.render.primitives import Group, Paint, Rect
from paleowidgets.render.primitives import Path as PlanPath
from paleowidgets.render.sheet import sheet_of
from paleowidgets.widgets import BoardWidget, Ghost, PlayWidget, ReplayWidget, canvas_batch
from paleowidgets.widgets.board import MARKS, OVERLAY, STATIC
from paleowidgets.widgets.play import placed, score_html


def named(names: str) -> frozenset[Cell]:
    """``named("B3 D3")``: cells by name."""
    return frozenset(parse_cell(n) for n in names.split())


U_CELLS = named("B3 D3 B4 C4 D4")
C4 = parse_cell("C4")

# A map where no shape ever fits (every face gives an I, the grid is 4 wide): pass is legal.
NARROW = '''[map]
name = "Narrow"
rounds = 2
grid = """
. . . .
. . . .
. . . .
. . . .
"""
[dice]
shapes = { 1 = ["I"], 2 = ["I"], 3 = ["I"], 4 = ["I"], 5 = ["I"], 6 = ["I"] }
'''


def tiny() -> Map:
    m = parse_document(TINY)
    assert isinstance(m, Map)
    return m


def agrees(play: PlayWidget) -> None:
    """The view is the model: the board shows the core state, the turns and the ghost the
    table asks for, painted from the plan of exactly that state."""
    board = play.board
    assert board.state is play.state
    assert board.turns == play.turns
    assert board.ghost == play.ghost()
    assert board.plan == plan_board(sheet_of(play.state, turns=play.turns),
                                    cell_size=board.plan.cell)


def rolled(puzzle: Puzzle | None = None, shape: str | None = "U") -> PlayWidget:
    play = PlayWidget(puzzle or pit())
    play.roll_button.click()
    if shape:
        play.shape_buttons.value = shape
    return play


# -- texts -------------------------------------------------------------------------------------

def test_every_text_key_used_exists() -> None:
    root = Path(__file__).parent.parent / "paleowidgets" / "widgets"
    used: set[str] = set()
    for path in root.glob("*.py"):
        used |= set(re.findall(r"\bt\(\"([a-z0-9.\-]+)\"", path.read_text()))
    assert len(used) > 30, "no t(...) calls found"
    # keys made from names: t(f"dig.{dig}"), t(f"bonus.{kind}"), t(f"star.{theme}"), ...
    used |= {f"dig.{d}" for d in DIG_TYPES} | {f"bonus.{k}" for k in BONUS_KINDS}
    used |= {f"star.{theme}" for theme in THEMES}
    used |= {f"replay.{k}.tip" for k in ("first", "prev", "next", "last")}
    used |= {f"switch-{k}" for k in ("shape", "dig")}
    english = i18n.catalog("en")
    assert sorted(k for k in used if k not in english) == []
    assert i18n.t("round", "en", round=2, rounds=20) == "Round 2 of 20"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="'xx'"):
        PlayWidget(tiny(), seed=1, lang="xx")


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_play_widget_speaks_its_language(messages: Messages, lang: str) -> None:
    play = PlayWidget(pit(), lang=lang)
    assert play.lang == lang
    assert play.roll_button.description == i18n.t("roll", lang) != i18n.t("roll", "en")
    assert play.pass_button.description == i18n.t("pass", lang)
    assert html_text(i18n.t("roll.waiting", lang, round=1)) in play.message.value
    # the canvas' own words (cell names aside) and the static sheet are in the language
    assert play.board._labels is not None
    assert play.board._labels["rounds"] == i18n.t("sheet.rounds", lang) != "Rounds"
    assert f'lang="{lang}"' in play.fallback_svg()
    play.roll_button.click()
    play.shape_buttons.value = "U"
    assert html_text(i18n.t("roll.shown", lang, a=2, b=2)) in play.roll_label.value
    assert play.dig_buttons.options[0] == (i18n.t("dig.chevron", lang), "chevron")
    mouse(play.board, "mouse_move", parse_cell("C3"))       # the U would cover fossil A
    c = play.candidate()
    assert c is not None and c.rule == "cell-on-fossil" and c.details["fossil"] == "A"
    # the core's facts (which cell, which fossil) in the language's own sentence
    reason = i18n.t("illegal.detail.cell-on-fossil", lang, **c.details)
    assert c.details["cell"] in reason and "A" in reason
    want = i18n.t("illegal", lang, reason=reason)
    assert html_text(want) in play.message.value and "paleo-illegal" in play.message.value
    assert c.reason is not None and c.reason not in play.message.value   # not the English
    mouse(play.board, "mouse_move", C4)
    assert html_text(i18n.t("dig.chevron", lang)) in play.message.value
    mouse(play.board, "mouse_down", C4)
    assert html_text(i18n.t("score.label", lang, score=3)) in play.score_panel.value
    agrees(play)


def test_widgets_follow_the_one_language_setting() -> None:
    try:
        i18n.set_language("ko")
        play = PlayWidget(tiny(), seed=1)
        assert play.lang == "ko" and play.roll_button.description == i18n.t("roll", "ko")
        log = play.game_log("Ada")
        assert ReplayWidget(log).lang == "ko"
        assert ReplayWidget(log, lang="fr").first_button.tooltip == i18n.t(
            "replay.first.tip", "fr")
    finally:
        i18n.set_language(None)
    assert PlayWidget(tiny(), seed=1).lang == "en"


def html_text(text: str) -> str:
    """``text`` as the widgets' HTML holds it (escaped)."""
    import html

    return html.escape(text)


# -- the canvas plan ---------------------------------------------------------------------------

def test_plan_layers_split_static_and_marks() -> None:
    game = Game.from_puzzle(pit())
    s0 = game.initial_state()
    turn = Turn.draw("U", "chevron", U_CELLS)
    s1 = s0.apply((2, 2), turn)
    p0 = plan_board(sheet_of(s0), cell_size=48)
    p1 = plan_board(sheet_of(s1, turns=[turn]), cell_size=48)
    assert p0.static == p1.static                      # play never touches the static layer

    def cells(items: tuple[Any, ...]) -> set[str]:
        out: set[str] = set()
        for item in items:
            if isinstance(item, Group):
                out |= cells(item.items)
            elif isinstance(item, Rect) and item.cls.startswith("cell"):
                out.add(item.data["cell"])
        return out

    assert cells(p0.marks) == set()
    # the drawn cells, and the fossil dug up (its cell changes colour)
    assert cells(p1.marks) == {"B3", "D3", "B4", "C4", "D4", "C3"}
    for cell in [(0, 0), (6, 5), (3, 2)]:
        assert p1.cell_at(*p1.cell_centre(cell)) == cell
    assert p1.cell_at(p1.x - 1, p1.y) is None
    assert p1.cell_at(p1.x + 7 * p1.cell + 1, p1.y) is None


def test_painter_sets_styles_once_and_uses_patterns() -> None:
    rec = Recorder()
    pattern = object()
    paint = Paint(fill="#EEEEEE", pattern="pw-dots")
    items = (Group((Rect(0, 0, 10, 10, paint), Rect(10, 0, 10, 10, paint)), x=5, y=7),)
    Painter(rec, {"pw-dots": pattern}).paint(items)
    sets = [args for name, args in rec.calls if name == "set"]
    assert sets.count(("fill_style", pattern)) == 1
    # the pattern is anchored at the group's origin, and the transform reset at the end
    assert ("translate", (5, 7)) in rec.calls
    assert rec.calls[-1] == ("reset_transform", ())
    assert [args for name, args in rec.calls if name == "fill_rect"] == [(0, 0, 10, 10),
                                                                         (10, 0, 10, 10)]


def test_painter_draws_tiles_with_strokes_without_a_canvas_pattern() -> None:
    game = Game.from_puzzle(pit())
    plan = plan_board(sheet_of(game.initial_state()), cell_size=48)
    spec = next(p for p in plan.patterns if p.data.get("dig") == "hatch")
    rec = Recorder()
    Painter(rec, {}, {spec.id: spec}).paint(
        (Rect(0, 0, 48, 48, Paint(fill="#fff", pattern=spec.id)),))
    names = [n for n, _ in rec.calls]
    assert names.count("save") == names.count("restore") == 1
    assert "clip" in names
    assert names.count("stroke") == 16                  # a 4 x 4 tile grid of hatching


# -- the board ---------------------------------------------------------------------------------

def test_board_is_drawn_in_one_message_and_sized_to_its_container(messages: Messages) -> None:
    state = Game.from_puzzle(pit()).initial_state()
    board = BoardWidget(state)
    assert len(messages) == 1
    assert messages.layers(board) == [STATIC, MARKS, OVERLAY]
    assert messages.names()[0] == "switchCanvas"          # self-contained for any client
    # auto both ways: the browser keeps the aspect under the width and height limits
    assert board.layout.width == "auto" and board.layout.height == "auto"
    full = math.ceil(board.plan.width * 48 / board.plan.cell)     # CSS px at cell_size 48
    assert board.layout.max_width == f"min(100%, {full}px, var(--paleo-room, 100%))"
    assert {"paleo-board", "paleo-fit"} <= set(board._dom_classes)
    assert board.width == board.plan.width and board[0].height == board.plan.height


def test_board_redraws_everything_when_a_client_is_ready(messages: Messages) -> None:
    state = Game.from_puzzle(pit()).initial_state()
    board = BoardWidget(state)
    board.update(ghost=Ghost(U_CELLS, True, "chevron"))
    messages.clear()
    _CANVAS_MANAGER._current_canvas = board[2]            # what the manager last addressed
    event(board[2], "client_ready")                        # the top layer's model says so
    assert len(messages) == 1
    assert messages.layers(board) == [STATIC, MARKS, OVERLAY]
    assert board.redraws == 2


def test_board_update_repaints_only_what_changes(messages: Messages) -> None:
    game = Game.from_puzzle(pit())
    s0 = game.initial_state()
    board = BoardWidget(s0)
    messages.clear()
    assert not board.update(s0)                            # nothing new: nothing sent
    assert len(messages) == 0
    board.update(ghost=Ghost(U_CELLS, True, "chevron"))
    assert len(messages) == 1 and messages.layers(board) == [OVERLAY]
    turn = Turn.draw("U", "chevron", U_CELLS)
    s1 = s0.apply((2, 2), turn)
    board.update(s1, turns=[turn], ghost=None)
    assert len(messages) == 2 and messages.layers(board) == [MARKS, OVERLAY]
    assert board.state is s1 and board.ghost is None


def test_board_updates_paint_and_copy_only_boxes(messages: Messages) -> None:
    """A hover copies the hidden layers back only round the old and new ghost, a turn
    paints its part of the marks on the scratch canvas and copies boxes of it: no layer is
    cleared whole, and a whole redraw sends more."""
    from paleowidgets.data import load_map

    s0 = Game(load_map("dig-site")).initial_state()
    first = next(s0.legal_turns((1, 1), max_squares=0))
    s1 = s0.apply((1, 1), first)
    board = BoardWidget(s1, turns=[first])       # (the first dig pattern moves the canvas
    whole = len(messages.commands())             # origin of every leaf after it: whole)
    turn = next(t for t in s1.legal_turns((2, 2), max_squares=0)
                if not t.cells & {(x + dx, y + dy) for x, y in first.cells
                                  for dx in (-1, 0, 1) for dy in (-1, 0, 1)})
    board.update(ghost=Ghost(turn.cells, True, turn.dig))
    assert "clear" not in messages.names() and messages.names().count("clip") == 1
    board.update(s1.apply((2, 2), turn), turns=[first, turn], ghost=None)
    names = messages.names()
    assert "clear" not in names and "clearRect" in names and "drawImage" in names
    assert len(messages.commands()) < whole / 2


def test_canvas_batch_joins_nested_batches_and_survives_errors(messages: Messages) -> None:
    board = BoardWidget(Game.from_puzzle(pit()).initial_state())
    messages.clear()
    with canvas_batch():
        board[0].fill_rect(0, 0, 1, 1)
        with canvas_batch():
            board[1].fill_rect(0, 0, 1, 1)
        board[2].fill_rect(0, 0, 1, 1)
    assert len(messages) == 1
    with pytest.raises(RuntimeError), canvas_batch():
        board[0].fill_rect(0, 0, 1, 1)
        raise RuntimeError("boom")
    assert len(messages) == 1 and not _CANVAS_MANAGER._caching
    board.update(ghost=Ghost(U_CELLS, False))
    assert len(messages) == 2


def test_board_output_has_svg_and_a_stable_text() -> None:
    board = BoardWidget(Game.from_puzzle(pit()).initial_state())
    data = board._repr_mimebundle_()
    assert data["text/plain"] == "<BoardWidget Test pit 7x6 round 0/5>" == repr(board)
    assert "application/vnd.jupyter.widget-view+json" in data
    ET.fromstring(data["image/svg+xml"])


# -- playing -----------------------------------------------------------------------------------

def test_new_game_controls() -> None:
    play = PlayWidget(pit())
    assert play.roll is None and not play.roll_button.disabled
    assert play.pass_button.disabled and play.undo_button.disabled
    assert play.shape_buttons.disabled and play.shape_buttons.options == ()
    assert "fixed rolls" in play.header.value and "Round 1 of 5" in play.header.value
    assert "press Roll" in play.message.value
    agrees(play)


def test_roll_offers_the_cores_choices(messages: Messages) -> None:
    play = PlayWidget(pit())
    play.roll_button.click()
    assert play.roll == (2, 2) and play.roll_button.disabled
    pairs = play.game.choices((2, 2))
    assert list(play.shape_buttons.options) == list(dict.fromkeys(s for s, _ in pairs))
    assert play.shape_buttons.value == "T"
    assert [v for _, v in play.dig_buttons.options] == ["chevron"]
    assert "Roll 2 and 2" in play.roll_label.value
    assert play.pass_button.disabled                       # T and U fit: must draw
    agrees(play)


def test_seeded_rolls_are_the_cores() -> None:
    from paleowidgets.core.dice import roll_sequence

    play = PlayWidget(tiny(), seed="trex-4821")
    assert play.rolls == roll_sequence("TREX-4821", 20)
    assert "seed trex-4821" in play.header.value


def test_hover_shows_a_legal_ghost_in_one_message(messages: Messages) -> None:
    play = rolled()
    messages.clear()
    mouse(play.board, "mouse_move", C4)
    assert len(messages) == 1 and messages.layers(play.board) == [OVERLAY]
    assert play.board.ghost == Ghost(U_CELLS, True, "chevron")
    assert "✓ U chevron on B3 D3 B4 C4 D4" in play.message.value
    assert "paleo-legal" in play.message.value
    mouse(play.board, "mouse_move", C4, 0.9, 0.1)         # same cell: nothing to send
    assert len(messages) == 1
    mouse(play.board, "mouse_move", (2, 4))
    assert len(messages) == 2 and messages.layers(play.board) == [OVERLAY]
    agrees(play)


@pytest.mark.parametrize(("anchor", "reason"), [
    ("C3", "cell C3 is part of fossil A"),
    ("C2", "cell C2 is already drawn"),                   # the puzzle's pre-drawn '#'
    ("F5", "cell F5 is part of fossil B"),
    ("C1", "part of the shape is off the board"),           # never "cell B0": no such cell
    ("G4", "part of the shape is off the board"),
])
def test_illegal_ghost_gives_the_cores_reason_and_keeps_the_state(
        messages: Messages, anchor: str, reason: str) -> None:
    play = rolled()
    before = play.state
    mouse(play.board, "mouse_move", parse_cell(anchor))
    cells = placed("U", SYMMETRIES["identity"], parse_cell(anchor))
    assert play.board.ghost == Ghost(cells, False, "chevron")
    assert reason in play.message.value and "paleo-illegal" in play.message.value
    n = len(messages)
    mouse(play.board, "mouse_down", parse_cell(anchor))
    assert play.state is before and play.turns == ()
    assert reason in play.message.value
    assert len(messages) == n                               # nothing changed on the board
    agrees(play)


def test_only_a_turn_pauses_before_its_words(messages: Messages,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """After a turn's board message the kernel leaves the cores to the server and the
    browser for a moment (board.let_it_travel), before the words; never after a hover."""
    import paleowidgets.widgets.play as play_module

    order: list[str] = []
    monkeypatch.setattr(play_module, "let_it_travel", lambda: order.append("pause"))
    play = rolled()
    mouse(play.board, "mouse_move", C4)
    assert order == [] and len(messages) > 0
    messages.clear()
    real = _CANVAS_MANAGER.send
    monkeypatch.setattr(_CANVAS_MANAGER, "send",
                        lambda *a, **k: (order.append("board"), real(*a, **k)))
    mouse(play.board, "mouse_down", C4)
    assert play.state.round == 1 and order == ["board", "pause"]


def test_in_a_kernel_a_turns_words_and_saves_come_after_its_handler(
        messages: Messages, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a kernel the turn's words, controls and saves are made a moment after the click's
    handler returns (board.after_travel: the board's message travels alone); a hover's
    words at once. A turn still waiting when the next action comes is done right after
    that action's board, before its words: every turn's words and saves are made."""
    import paleowidgets.widgets.play as play_module

    waiting: list[Any] = []

    class Handle:
        cancelled = False

        def cancel(self) -> None:
            self.cancelled = True

    def after_travel(callback: Any) -> Handle:
        handle = Handle()
        waiting.append((handle, callback))
        return handle

    monkeypatch.setattr(play_module, "after_travel", after_travel)
    monkeypatch.setattr(play_module, "let_it_travel", lambda: pytest.fail("no pause"))
    play = rolled()
    saves: list[int] = []
    play.after_turn(lambda p: saves.append(p.state.round))
    mouse(play.board, "mouse_move", C4)
    assert waiting == [] and "paleo-legal" in play.message.value     # a hover: at once
    before = play.message.value
    messages.clear()
    mouse(play.board, "mouse_down", C4)
    assert play.state.round == 1 and len(messages) == 1      # the board's message, alone
    assert play.message.value == before and saves == []      # the words: not yet
    assert play.roll_button.disabled and "Score 0" in play.score_panel.value
    (_handle, done), = waiting
    done()                                       # the event loop, a moment later
    assert "Round 1: U drawn with chevrons" in play.message.value and saves == [1]
    assert not play.roll_button.disabled and "Score 3" in play.score_panel.value
    agrees(play)
    # the next turn, then an action before its words were made: they are made at once
    play.roll_button.click()
    play.select("I")
    for cell in (parse_cell(f"{col}{row}") for row in range(1, 8) for col in "ABCDEFG"):
        mouse(play.board, "mouse_move", cell)
        if play.board.ghost is not None and play.board.ghost.legal:
            break
    mouse(play.board, "mouse_down", cell)
    assert play.state.round == 2 and saves == [1] and len(waiting) == 2
    assert play.roll_button.disabled                        # round 2's words: waiting
    play.roll_button.click()                                # the next action comes first
    assert waiting[1][0].cancelled and saves == [1, 2] and len(waiting) == 2
    assert play.roll is not None and play.roll_button.disabled     # its words, after
    assert play.score_panel.value == score_html(play.state, play.game, lang=play.lang,
                                                held=False)
    agrees(play)


def test_click_draws_digs_and_scores(messages: Messages) -> None:
    play = rolled()
    mouse(play.board, "mouse_move", C4)
    messages.clear()
    mouse(play.board, "mouse_down", C4)
    assert len(messages) == 1 and messages.layers(play.board) == [MARKS, OVERLAY]
    assert play.state.round == 1 and play.turns == (Turn.draw("U", "chevron", U_CELLS),)
    assert play.state.score().total == 3
    assert "Score 3" in play.score_panel.value and "Ammonite" in play.score_panel.value
    # what happened, in words: the turn, and the fossil it dug up
    assert ("Round 1: U drawn with chevrons on B3 D3 B4 C4 D4. Ammonite dug up: +3."
            in play.message.value)
    # not a live region itself (re-created on every update): events.js copies it into one
    assert "paleo-message" in play.message.value and "aria-live" not in play.message.value
    assert play.roll is None and not play.roll_button.disabled
    assert play.undo_button.disabled                        # the round is over
    assert repr(play) == "<PlayWidget Test pit round 1/5 score 3>"
    agrees(play)
    # next round: the drawn cells are now the core's "already drawn"
    play.roll_button.click()
    play.select("I")
    mouse(play.board, "mouse_move", parse_cell("C4"))
    assert "is already drawn" in play.message.value
    agrees(play)


def test_keys_rotate_flip_move_place_and_cancel(messages: Messages) -> None:
    play = rolled()
    board = play.board
    mouse(board, "mouse_move", (3, 3))
    messages.clear()
    key(board, "r")
    assert board.ghost is not None
    assert board.ghost.cells == placed("U", SYMMETRIES["rotate-90"], (3, 3))
    assert len(messages) == 1 and messages.layers(board) == [OVERLAY]
    play.flip_button.click()
    expected = SYMMETRIES["flip-horizontal"] @ SYMMETRIES["rotate-90"]
    assert board.ghost.cells == placed("U", expected, (3, 3))
    key(board, "f")
    key(board, "R")
    key(board, "r")
    key(board, "r")                                         # four quarter turns: as before
    assert board.ghost.cells == placed("U", SYMMETRIES["identity"], (3, 3))
    key(board, "ArrowLeft")
    assert board.ghost.cells == U_CELLS                     # moved onto C4
    key(board, "Escape")
    assert board.ghost is None
    key(board, "Enter")                     # the ghost comes back in the middle (D4)...
    assert play.state.round == 0 and "cell C3 is part of fossil A" in play.message.value
    key(board, "ArrowLeft")                                 # ...so step to C4 and draw
    key(board, "Enter")
    assert play.state.round == 1 and play.state.score().total == 3
    key(board, "Enter")                                     # Enter also rolls
    assert play.roll == (1, 3)
    agrees(play)


def test_undo_within_the_round() -> None:
    """U takes back what was done in the round in play (a One Square, a bonus choice
    waiting); a drawn turn ended its round and is never reopened (README)."""
    play = rolled(pit('"one-square" = 2'))
    assert play.undo_button.disabled
    play.square_button.value = True
    mouse(play.board, "mouse_down", parse_cell("A6"))
    assert "One Square drawn on A6." in play.message.value
    mouse(play.board, "mouse_down", parse_cell("B6"))
    assert play.table.squares == named("A6 B6") and not play.undo_button.disabled
    key(play.board, "u")
    assert play.table.squares == named("A6")
    assert "the One Square on B6 is taken back" in play.message.value
    play.undo_button.click()
    assert play.table.squares == frozenset() and play.undo_button.disabled
    agrees(play)
    start = play.state
    play.select("U")
    mouse(play.board, "mouse_down", C4)
    assert play.state.round == 1 and play.undo_button.disabled
    key(play.board, "u")                                    # the round is over: it stays
    key(play.board, "z", ctrl=True)
    assert play.state.round == 1 and play.state is not start and play.roll is None
    assert "Nothing to undo in this round" in play.message.value
    assert "Round 2 of 5" in play.header.value
    agrees(play)


def test_pass_only_when_the_core_allows_it() -> None:
    narrow = parse_document(NARROW)
    assert isinstance(narrow, Map)
    play = PlayWidget(narrow, seed=3)
    assert play.pass_button.disabled                        # no roll yet
    play.roll_button.click()
    assert play.roll is not None and not play.state.must_draw(play.roll)
    assert not play.pass_button.disabled
    assert "I fits nowhere" in play.message.value
    play.pass_button.click()
    assert play.state.round == 1 and play.turns == (Turn.pass_(),)
    assert "passed" in play.message.value
    # and where something fits, the button stays off and says why
    play = rolled()
    assert play.pass_button.disabled and "cannot pass" in play.pass_button.tooltip
    play.pass_round()
    assert play.state.round == 0


def test_star_picker_offers_the_cores_options() -> None:
    play = rolled(shape="T")
    # T on E2 F2 G2 / F3 F4 covers the star at F2
    cells = named("E2 F2 G2 F3 F4")
    anchor = next(a for a in ((x, y) for x in range(7) for y in range(6))
                  if placed("T", SYMMETRIES["identity"], a) == cells)
    mouse(play.board, "mouse_down", anchor)
    assert play.state.round == 0                           # waiting for the bonus choice
    options = list(play.state.star_options(1))
    buttons = [b for b in play.star_box.children if hasattr(b, "on_click")
               and b.description != "Cancel"]
    assert len(buttons) == len(options) == 4
    assert play.star_box.layout.display is None
    assert play.board.ghost == Ghost(cells, True, "chevron")
    key(play.board, "4")                                    # the fourth: +1 Point
    assert play.state.round == 1 and play.state.held[PLUS_ONE] == 1
    assert play.turns[-1].stars == ("plus-one",)
    assert play.state.score().total == 1
    assert play.star_box.layout.display == "none"
    agrees(play)


def test_star_picker_cancel() -> None:
    play = rolled(shape="T")
    cells = named("E2 F2 G2 F3 F4")
    anchor = next(a for a in ((x, y) for x in range(7) for y in range(6))
                  if placed("T", SYMMETRIES["identity"], a) == cells)
    mouse(play.board, "mouse_down", anchor)
    cancel = next(b for b in play.star_box.children if getattr(b, "description", "") ==
                  "Cancel")
    cancel.click()
    assert play.table.pending is None and play.state.round == 0
    agrees(play)


def test_one_square_and_switch_shape_bonuses() -> None:
    play = rolled(pit('"one-square" = 1, "switch-shape" = 1'))
    assert not play.square_button.disabled and "One Square (1)" in play.square_button.description
    play.square_button.value = True
    mouse(play.board, "mouse_move", parse_cell("F2"))
    assert "square F2 is on a star" in play.message.value
    mouse(play.board, "mouse_down", parse_cell("A6"))
    assert play.table.squares == {parse_cell("A6")}
    assert play.square_button.disabled and not play.square_button.value
    assert play.board.ghost is not None and play.board.ghost.dig == "chevron"
    # spend the Switch Shape: every shape is offered
    play.switch_shape_button.value = True
    assert len(play.shape_buttons.options) == 12
    play.select("U")
    mouse(play.board, "mouse_down", C4)
    turn = play.turns[-1]
    assert turn.switch == {"shape"} and turn.squares == {parse_cell("A6")}
    assert play.state.held[ONE_SQUARE] == 0 and play.state.held[SWITCH_SHAPE] == 0
    agrees(play)


def test_game_over_summary_and_log() -> None:
    puzzle = pit()
    play = PlayWidget(puzzle)
    for _ in range(5):
        play.roll_dice()
        assert play.roll is not None
        legal = next(play.state.legal_turns(play.roll, max_squares=0))
        play.play_turn(legal)
    assert play.state.is_terminal
    assert play.summary.layout.display is None and "Game over" in play.summary.value
    assert play.roll_button.disabled and play.pass_button.disabled
    assert "All 5 rounds played" in play.header.value
    log = play.game_log("Ada")
    assert log.replay()[0][-1] == play.state
    agrees(play)


def test_play_on_from_a_log() -> None:
    puzzle = pit()
    turns = (Turn.draw("U", "chevron", U_CELLS),
             Turn.draw("I", "dot", named("A1 B1 C1 D1 E1")))
    log = GameLog(puzzle, puzzle.rolls[:2], (PlayerLog("Ada", turns),))
    play = PlayWidget.from_log(log, round=1)
    assert play.state == log.state_at(0, 1) and play.turns == turns[:1]
    play.roll_dice()
    assert play.roll == puzzle.rolls[1]
    # a puzzle's log of one round goes on with the puzzle's own rolls, not a seed's
    short = PlayWidget.from_log(GameLog(puzzle, puzzle.rolls[:1], (PlayerLog("Ada",
                                                                            turns[:1]),)))
    assert short.rolls == puzzle.rolls and short.seed is None
    agrees(play)


def test_rapid_random_input_never_leaves_view_and_model_apart(messages: Messages) -> None:
    rng = random.Random(2024)
    play = PlayWidget(pit('"one-square" = 2, "switch-shape" = 1, "switch-dig" = 1'))
    board = play.board
    actions = 0
    while actions < 600:
        before = len(messages)
        r = rng.random()
        if r < 0.35:
            x = rng.uniform(-20, board.plan.width + 20)
            y = rng.uniform(-20, board.plan.height + 20)
            event(board, rng.choice(["mouse_move", "mouse_move", "mouse_down", "mouse_out"]),
                  x=x, y=y)
        elif r < 0.7:
            key(board, rng.choice(["r", "f", "Enter", "Escape", "u", "ArrowLeft", "ArrowUp",
                                   "ArrowRight", "ArrowDown", "1", "2", "3"]))
        elif r < 0.8:
            rng.choice([play.roll_button, play.pass_button, play.undo_button,
                        play.rotate_button, play.flip_button]).click()
        elif r < 0.9:
            toggle = rng.choice([play.square_button, play.switch_shape_button,
                                 play.switch_dig_button])
            if not toggle.disabled:
                toggle.value = not toggle.value
        elif play.shape_buttons.options and not play.shape_buttons.disabled:
            play.shape_buttons.value = rng.choice(play.shape_buttons.options)
        actions += 1
        assert len(messages) - before <= 1                  # one canvas message at most
        agrees(play)
        if play.state.is_terminal:
            play = PlayWidget(pit('"one-square" = 2'))
            board = play.board
    assert len(messages) > 100


def test_play_output_has_widget_svg_and_stable_text() -> None:
    a, b = PlayWidget(pit()), PlayWidget(pit())
    da, db = a._repr_mimebundle_(), b._repr_mimebundle_()
    assert da["text/plain"] == db["text/plain"] == "<PlayWidget Test pit round 0/5 score 0>"
    assert da["image/svg+xml"] == db["image/svg+xml"]
    assert "application/vnd.jupyter.widget-view+json" in da
    svg = ET.fromstring(da["image/svg+xml"])
    assert svg.tag.endswith("svg")
    mouse(a.board, "mouse_down", (0, 0))                    # not rolled: nothing happens
    assert a.state.round == 0


# -- replaying ---------------------------------------------------------------------------------

@pytest.fixture
def log() -> GameLog:
    puzzle = pit()
    turns = (Turn.draw("U", "chevron", U_CELLS),
             Turn.draw("I", "dot", named("A1 B1 C1 D1 E1")),
             Turn.draw("L", "hatch", named("A3 A4 A5 A6 B6")))
    return GameLog(puzzle, puzzle.rolls[:3], (PlayerLog("Ada", turns),))


def test_replay_steps_send_one_message_each(messages: Messages, log: GameLog) -> None:
    replay = ReplayWidget(log)
    states = replay.states
    assert [s.drawn for s in states] == [s.drawn for s in log.replay()[0]]
    messages.clear()
    for r in range(1, 4):
        replay.next_button.click()
        assert len(messages) == r and messages.layers(replay.board) == [MARKS, OVERLAY]
        assert replay.board.state is states[r] and replay.round == r
        assert replay.board.highlight == replay.changed_cells(r)
        assert str(log.players[0].turns[r - 1]) in replay.status.value
        assert f"Score {states[r].score().total}" in replay.status.value
        assert replay.slider.value == r and replay.player_widget.value == r
    assert replay.board.highlight == named("A3 A4 A5 A6 B6")
    assert replay.next_button.disabled and replay.last_button.disabled
    replay.next_button.click()
    assert len(messages) == 3                               # at the end: nothing to do


def test_replay_slider_play_keys_and_first_last(messages: Messages, log: GameLog) -> None:
    replay = ReplayWidget(log, round=3)
    states = replay.states
    replay.player_widget.value = 1                          # the Play widget ticks
    assert replay.round == 1 and replay.slider.value == 1
    assert replay.board.state is states[1]
    key(replay.board, "ArrowRight")
    assert replay.round == 2
    key(replay.board, "ArrowLeft")
    key(replay.board, "ArrowLeft")
    assert replay.round == 0 and replay.first_button.disabled
    assert "Start" in replay.status.value and replay.board.highlight == frozenset()
    key(replay.board, "End")
    assert replay.round == 3
    replay.first_button.click()
    assert replay.round == 0
    replay.speed.value = 200
    assert replay.player_widget.interval == 200


def test_replay_stop_stays_on_the_round_shown(log: GameLog) -> None:
    """ipywidgets' Play: Play sends playing=True, each tick a value, Stop sends playing=False
    and then the minimum value (driven here through the model's own message handler)."""
    replay = ReplayWidget(log)
    play = replay.player_widget
    play.set_state({"playing": True})
    for r in (1, 2):
        play.set_state({"value": r})
        assert replay.round == r and replay.slider.value == r
    play.set_state({"playing": False})                      # Stop: pause ...
    play.set_state({"value": 0})                            # ... then back to the minimum
    assert replay.round == 2 and play.value == 2 and replay.slider.value == 2
    assert replay.board.state is replay.states[2]
    play.set_state({"playing": True})                       # Play again goes on from there
    play.set_state({"value": 3})
    assert replay.round == 3
    play.set_state({"playing": True, "value": 0})           # Play at the end starts over
    assert replay.round == 0


def test_the_replay_highlight_is_drawn_like_no_dig_type(log: GameLog) -> None:
    """The new cells of a step: black dashes on a white band, no wash, in no dig colour."""
    from paleowidgets.widgets.board import highlight_items

    replay = ReplayWidget(log, round=1)
    items = highlight_items(replay.board.plan, replay.changed_cells(1))
    assert [i.cls for i in items] == ["highlight-halo", "highlight"]
    ants = items[1]
    assert isinstance(ants, PlanPath) and not ants.closed and len(ants.loops) > 12   # dashes
    strokes = {i.paint.stroke for i in items}
    assert not strokes & {c for th in st.THEMES.values() for c in th.digs.values()}
    assert all(i.paint.fill is None and i.paint.pattern is None for i in items)


def test_replay_play_on_branches(log: GameLog) -> None:
    replay = ReplayWidget(log, round=2)
    replay.play_on_button.click()
    branch = replay.branch
    assert isinstance(branch, PlayWidget)
    assert replay.branch_box.children == (branch,)
    assert branch.state == log.state_at(0, 2) and branch.turns == log.players[0].turns[:2]
    branch.roll_dice()
    assert branch.roll == log.rolls[2]


def test_replay_output(log: GameLog) -> None:
    replay = ReplayWidget(log, round=2, player="Ada")
    data = replay._repr_mimebundle_()
    assert data["text/plain"] == "<ReplayWidget Test pit player Ada round 2/3 score 3>"
    ET.fromstring(data["image/svg+xml"])
    with pytest.raises(ValueError, match="Bob"):
        ReplayWidget(log, player="Bob")


def test_theme_colours_are_okabe_ito() -> None:
    from paleowidgets.widgets.board import HIGHLIGHT, ILLEGAL, LEGAL

    assert {LEGAL, ILLEGAL, HIGHLIGHT} <= set(st.OKABE_ITO.values())


# -- notebook display and the server aid -------------------------------------------------------

def test_ipython_display_formatter_gives_view_svg_and_text() -> None:
    from IPython.core.interactiveshell import InteractiveShell

    formatter = InteractiveShell.instance().display_formatter
    assert formatter is not None
    play = PlayWidget(pit())
    data, _ = formatter.format(play)
    assert data["text/plain"] == "<PlayWidget Test pit round 0/5 score 0>"
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == play.model_id
    assert data["image/svg+xml"].startswith("<svg")


def test_nodelay_wraps_the_kernel_websocket_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

    from paleowidgets.widgets import nodelay

    calls: list[object] = []

    async def fake_open(self: object, kernel_id: str) -> None:
        calls.append(kernel_id)

    monkeypatch.setattr(KernelWebsocketHandler, "open", fake_open)   # undone afterwards

    class Handler:
        def set_nodelay(self, value: bool) -> None:
            calls.append(value)

    assert nodelay.install() and not nodelay.install()
    opened: Any = KernelWebsocketHandler.open
    # Drive the coroutine by hand: the browser tests' Playwright may leave an event loop
    # running in this thread, where asyncio.run() refuses to start another.
    with pytest.raises(StopIteration):
        opened(Handler(), "k1").send(None)
    assert calls == [True, "k1"]


def test_board_without_cairo_draws_pattern_tiles_as_strokes(
        monkeypatch: pytest.MonkeyPatch, messages: Messages) -> None:
    from paleowidgets.widgets import board as board_module

    def no_cairo(spec: object) -> bytes:
        raise OSError("no libcairo")

    monkeypatch.setattr(board_module, "tile_png", no_cairo)
    game = Game.from_puzzle(pit())
    turn = Turn.draw("U", "chevron", U_CELLS)
    board = BoardWidget(game.initial_state().apply((2, 2), turn), turns=[turn])
    assert board._patterns == {}
    assert len(messages) == 1 and "clip" in messages.names()


def test_a_connecting_browser_gets_a_second_redraw_on_the_kernels_loop(quarry: Any) -> None:
    """After a reload the canvas manager's model may not exist yet in the page: the board
    redraws again a moment later, on the running loop (in a kernel); no loop, no repeat."""
    import asyncio
    import threading

    from paleowidgets.widgets import board as board_module

    board = BoardWidget(Game(quarry).initial_state())
    before = board.redraws
    event(board[2], "client_ready")
    assert board.redraws == before + 1                 # no loop: one redraw only

    async def connect_and_wait() -> int:
        event(board[2], "client_ready")
        now = board.redraws
        await asyncio.sleep(board_module.AGAIN_AFTER + 0.2)
        return board.redraws - now

    # In a thread of its own: a loop left running in this one (Playwright's) would refuse.
    seen: list[int] = []
    thread = threading.Thread(target=lambda: seen.append(asyncio.run(connect_and_wait())))
    thread.start()
    thread.join()
    assert seen == [1]


def test_words_wait_only_in_a_kernel_handling_a_widget_message(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """board.after_travel schedules on the running loop only for a browser's event (a
    comm_msg); a cell's code, a script, a thread get None (the words at once)."""
    import asyncio

    import paleowidgets.widgets.board as board_module

    assert board_module.after_travel(lambda: None) is None          # no kernel here
    monkeypatch.setattr(board_module, "_iopub_thread", lambda: object())
    request = ["execute_request"]
    monkeypatch.setattr(board_module, "_request", lambda: request[0])
    called: list[str] = []

    async def inside() -> tuple[object, object]:
        in_a_cell = board_module.after_travel(lambda: called.append("cell"))
        request[0] = "comm_msg"
        handle = board_module.after_travel(lambda: called.append("event"))
        await asyncio.sleep(board_module.WORDS_AFTER * 3)
        return in_a_cell, handle

    in_a_cell, handle = asyncio.run(inside())
    assert in_a_cell is None and handle is not None and called == ["event"]
    assert board_module.after_travel(lambda: None) is None          # no running loop
