"""A press made ahead (issue 11 item 10): while the pointer rests on a legal ghost the board
records the commands that drawing it will need (:meth:`BoardWidget.prepare`); the press
then sends exactly what it would have made itself, and a drawing made for another table
is never sent."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from test_board_commands import played, queued

from paleowidgets.core.rules import Game, State
from paleowidgets.core.session import PlaySession
from paleowidgets.core.turns import Turn
from paleowidgets.data import load_map
from paleowidgets.widgets import BoardWidget, Ghost, PlayWidget
from paleowidgets.widgets.board import Recording


def named(commands: Any, board: BoardWidget) -> str:
    """The queued commands as text, the board's own layers named by role, so that two
    boards' messages compare."""
    text = json.dumps(commands)
    for i, layer in enumerate(board.layers):
        text = text.replace(layer.model_id, f"layer-{i}")
    return text


def next_turn(state: State, rng: random.Random) -> tuple[tuple[int, int], Turn]:
    roll = (rng.randint(1, 6), rng.randint(1, 6))
    return roll, rng.choice(list(state.legal_turns(roll)))


@pytest.mark.parametrize("name", ["dig-site", "snow-map"])
def test_a_prepared_turn_sends_what_the_board_would_make(name: str) -> None:
    """Two boards play the same random game (stars, One Squares, fossils dug): one makes
    every turn at the press, the other has it prepared with a ghost on show; each update's
    message is the same, and the prepared one was the one used."""
    rng = random.Random(7)
    state, turns = Game(load_map(name)).initial_state(), ()
    plain, ahead = BoardWidget(state), BoardWidget(state)
    for n in range(20):
        roll, turn = next_turn(state, rng)
        after, later = state.apply(roll, turn), (*turns, turn)
        ghost = Ghost(frozenset(turn.cells), True, turn.dig) if turn.cells else None
        for board in (plain, ahead):
            board.update(ghost=ghost)
        ahead.prepare(after, turns=later)
        for board in (plain, ahead):      # the ghost moves on: the preparation holds
            board.update(ghost=None)
        sent = [named(queued(b.update, after, turns=later, ghost=None), b)
                for b in (plain, ahead)]
        assert sent[0] == sent[1], f"round {n + 1}"
        assert ahead.prepared_used == n + 1
        state, turns = after, later
    assert plain.prepared_used == 0
    assert ahead.state == plain.state and ahead.plan == plain.plan


def test_a_drawing_made_for_another_table_is_not_sent() -> None:
    """Prepared for one turn, updated to another (or after another turn changed the marks,
    or after a redraw): the board makes the update itself, and it is what a board without
    the preparation sends."""
    rng = random.Random(3)
    state, turns = played("dig-site", 4, seed=5)
    plain, ahead = BoardWidget(state, turns=turns), BoardWidget(state, turns=turns)
    roll, first = next_turn(state, rng)
    other = next(t for t in state.legal_turns(roll) if t != first)
    ahead.prepare(state.apply(roll, first), turns=(*turns, first))
    sent = [named(queued(b.update, state.apply(roll, other), turns=(*turns, other)), b)
            for b in (plain, ahead)]
    assert sent[0] == sent[1]
    assert ahead.prepared_used == 0
    # prepared two turns ahead, from marks that have changed since: not used either
    state, turns = plain.state, plain.turns
    roll, turn = next_turn(state, rng)
    after = state.apply(roll, turn)
    roll2, turn2 = next_turn(after, rng)
    ahead.prepare(after.apply(roll2, turn2), turns=(*turns, turn, turn2))
    for b in (plain, ahead):
        b.update(after, turns=(*turns, turn))
    sent = [named(queued(b.update, after.apply(roll2, turn2), turns=(*turns, turn, turn2)), b)
            for b in (plain, ahead)]
    assert sent[0] == sent[1]
    assert ahead.prepared_used == 0
    # a redraw (a browser connected) forgets it
    state, turns = ahead.state, ahead.turns
    roll, turn = next_turn(state, rng)
    ahead.prepare(state.apply(roll, turn), turns=(*turns, turn))
    ahead.redraw()
    ahead.update(state.apply(roll, turn), turns=(*turns, turn))
    assert ahead.prepared_used == 0


def test_a_recording_belongs_in_a_batch() -> None:
    with pytest.raises(RuntimeError, match="canvas_batch"):
        Recording().play()


def legal_shape(session: PlaySession) -> Any:
    """A cell where the session's ghost is a legal shape covering no star."""
    session.roll_dice()
    g = session.game
    for y in range(g.height):
        for x in range(g.width):
            session.hover((x, y))
            c = session.candidate()
            if c is not None and c.legal and not c.stars:
                return (x, y)
    return None


def test_the_session_says_what_a_press_would_draw() -> None:
    """placing(): the turn and state of a legal shape under the ghost, the very ones the
    press then commits; None with no ghost, an illegal one, a One Square, or a bonus
    choice to wait for."""
    session = PlaySession(load_map("dig-site"), seed="BENCH-1")
    assert session.placing() is None                  # no roll yet
    cell = legal_shape(session)
    assert cell is not None
    placing = session.placing()
    assert placing is not None
    turn, after = placing
    assert session.place()
    assert session.turns[-1] == turn and session.state == after
    assert session.placing() is None                  # rolled no dice for the next round
    session.roll_dice()
    session.hover((-3, -3))
    assert session.candidate() is not None and not session.candidate().legal
    assert session.placing() is None
    session.set_square_mode(True)
    session.hover((0, 0))
    assert session.placing() is None


def test_a_play_widget_sends_its_prepared_press() -> None:
    """A PlayWidget whose ghost rests on a legal cell (prepare_press, as the kernel's loop
    calls it) draws the press from its preparation; a twin without it sends the same."""
    site = load_map("dig-site")
    plays = [PlayWidget(site, seed="BENCH-1", save=False, ask_name=False) for _ in range(2)]
    cell = legal_shape(plays[0].session)
    assert cell is not None
    plays[1].roll_dice()
    sent = []
    for p in plays:
        p.hover(cell)
        if p is plays[1]:
            p.prepare_press()
        sent.append(named(queued(p.click, cell), p.board))
    assert plays[1].board.prepared_used == 1 and plays[0].board.prepared_used == 0
    assert sent[0] == sent[1]
    assert plays[0].state == plays[1].state and plays[1].state.round == 1
