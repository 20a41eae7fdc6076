"""The play session without Jupyter: what the widgets share. Random sequences of actions
(pointer, keys, buttons) keep the session's state equal to replaying its turns through the
core; the ghost's verdict is the core's; messages are never stale and never name a cell
that does not exist; a click costs one checked apply; Undo stays within the round."""

from __future__ import annotations

from typing import Any

import pits
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pits import count_applies

from paleowidgets.core.errors import IllegalTurnError
from paleowidgets.core.geometry import SYMMETRIES, parse_cell
from paleowidgets.core.logs import replay_turns
from paleowidgets.core.maps import Puzzle, parse_document
from paleowidgets.core.rules import TINY
from paleowidgets.core.session import (
    KEYS,
    Message,
    PlaySession,
    Text,
    placed,
)
from paleowidgets.core.turns import Turn


def pit() -> Puzzle:
    """The widget tests' pit, with every bonus to spend."""
    return pits.pit('"one-square" = 2, "switch-shape" = 1, "switch-dig" = 1')


def cells_named(text: str) -> frozenset[tuple[int, int]]:
    return frozenset(map(parse_cell, text.split(" ")))


def words(value: Any) -> list[Any]:
    """Every field value of a Text, nested Texts opened."""
    if isinstance(value, Text):
        return [w for v in value.fields.values() for w in words(v)] + [value]
    if isinstance(value, tuple):
        return [w for v in value for w in words(v)]
    return [value]


def names_real_cells(session: PlaySession, message: Message) -> bool:
    """Every cell a message names is a cell of the grid."""
    named: list[str] = []
    for text in (message.text, *message.more):
        if text is not None:
            for w in words(text):
                if isinstance(w, Text):
                    named += [str(w.fields[k]) for k in ("cell", "cells") if k in w.fields]
    if message.error is not None:
        named += [message.error.details[k] for k in ("cell",) if k in message.error.details]
    cells = [parse_cell(n) for text in named for n in text.split()]
    return all(session.game.inside(c) for c in cells)


CELL = st.tuples(st.integers(-3, 9), st.integers(-3, 8))
OTHER = st.one_of(
    st.tuples(st.just("roll_dice")),
    st.tuples(st.just("select"), st.integers(0, 11), st.sampled_from(["chevron", "dot",
                                                                       "hatch", None])),
    st.tuples(st.just("set_switch"), st.sampled_from(["shape", "dig"]), st.booleans()),
    st.tuples(st.just("set_square_mode"), st.booleans()),
    st.tuples(st.just("rotate")), st.tuples(st.just("flip")),
    st.tuples(st.just("hover"), st.one_of(st.none(), CELL)),
    st.tuples(st.just("move"), st.integers(-1, 1), st.integers(-1, 1)),
    st.tuples(st.just("click"), st.one_of(st.none(), CELL)),
    st.tuples(st.just("place")), st.tuples(st.just("pass_round")),
    st.tuples(st.just("choose"), st.integers(0, 9)),
    st.tuples(st.just("cancel")), st.tuples(st.just("undo")),

    st.tuples(st.just("key"), st.sampled_from([*KEYS, "R", "F", "ArrowLeft", "ArrowDown",
                                               "1", "2", "3", "x", "z"]), st.booleans()),
)
# Half the actions roll or draw somewhere the shape fits, so games move on.
ROLL = st.tuples(st.just("roll_dice"))
DRAW = st.tuples(st.just("draw"), st.integers(0, 200))
ACTION = st.one_of(ROLL, DRAW, OTHER, OTHER)


def aim(s: PlaySession, k: int) -> tuple[int, int] | None:
    """Turn the ghost for the ``k``-th place the shape fits (the core's placements) and
    return the cell to press there (None: no roll, or the shape fits nowhere)."""
    if s.roll is None or s.shape is None or s.table.pending is not None:
        return None
    masks = list(s.state.placements(s.shape))
    if not masks:
        return None
    cells = s.game.cells_of(masks[k % len(masks)])
    for sym in SYMMETRIES.values():
        for anchor in cells:
            if placed(s.shape, sym, anchor) == cells:
                s.table.orientation = sym
                return anchor
    raise AssertionError(f"no way to aim at {sorted(cells)}")


def act(s: PlaySession, action: tuple[Any, ...], target: Any = None) -> bool:
    name, *args = action
    if name == "draw":
        return target is not None and s.click(target)
    if name == "select":
        shapes = list(dict.fromkeys(sp for sp, _ in s.choices()))
        return s.select(shapes[args[0] % len(shapes)] if shapes else None, args[1])
    if name == "choose":
        options = s.star_options()
        return bool(options) and s.choose_stars(options[args[0] % len(options)])
    if name == "key":
        return s.key(args[0], ctrl=args[1] and args[0] == "z")
    result: bool = getattr(s, name)(*args)
    return result


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ACTION, min_size=40, max_size=150))
def test_random_actions_keep_the_session_equal_to_the_cores_replay(
        actions: list[tuple[Any, ...]]) -> None:
    s = PlaySession(pit())
    game, rolls = s.game, s.rolls
    for action in actions:
        round_before, turns_before = s.state.round, s.turns
        pending_before = s.table.pending
        target = aim(s, action[1]) if action[0] == "draw" else None
        applies = count_applies(lambda a=action, t=target: act(s, a, t))
        # one checked apply at most per action (a click: the hover's answer is reused)
        assert applies <= 1, (action, applies)
        # the state is the core's replay of the turns, on the session's rolls
        assert s.state == replay_turns(game, rolls[:len(s.turns)], s.turns)[-1]
        assert s.state.round == len(s.turns) and s.turns[:round_before] == turns_before
        if s.roll is not None:
            assert s.roll == rolls[s.state.round]
        # the ghost's verdict is the core's
        c = s.candidate()
        if c is not None and s.table.pending is None and not c.square:
            assert s.roll is not None
            if c.off_board:
                assert not all(game.inside(x) for x in c.cells)
            elif c.legal:
                assert s.state.apply(s.roll, c.turn) == c.after
            else:
                try:
                    s.state.apply(s.roll, c.turn)
                except IllegalTurnError as e:
                    assert e.rule == c.rule
                else:
                    raise AssertionError(f"the core allows {c.turn} the session refused")
        message = s.message()
        assert names_real_cells(s, message), message
        # a pointer or choice action is answered by the verdict on the new ghost: no
        # message of an earlier action stays
        if action[0] in ("rotate", "flip", "hover", "move") and pending_before is None \
                and s.table.pending is None and c is not None and s.note is None:
            assert message == s.verdict(c)
        # nothing red above a star choice
        if s.table.pending is not None:
            assert message.kind == "info" and message.error is None
        # Undo never takes back a turn
        if action[0] == "undo" or action[:2] == ("key", "u"):
            assert s.turns == turns_before


def test_a_click_on_the_hovered_cell_costs_no_second_check() -> None:
    s = PlaySession(pit())
    s.roll_dice()
    s.select("U")
    assert count_applies(lambda: s.hover(parse_cell("C4"))) == 0     # asked when needed
    assert count_applies(s.candidate) == 1
    assert count_applies(s.candidate) == 0                           # kept
    assert count_applies(lambda: s.click(parse_cell("C4"))) == 0     # the hover's answer
    assert s.state.round == 1 and s.state.score().total == 3
    m = s.message()
    assert m.kind == "done" and m.text == Text("drawn", {
        "round": 1, "shape": "U", "dig": Text("dig.with.chevron"), "cells": "B3 D3 B4 C4 D4"})
    assert [(f.fossil, f.points, f.bonus) for f in m.finds] == [("A", 3, 0)]


def test_a_ghost_off_the_board_names_no_cell() -> None:
    s = PlaySession(pit())
    s.roll_dice()
    s.select("U")
    for anchor in ((0, 0), (6, 0), (2, 0), (0, 5)):
        s.hover(anchor)
        c = s.candidate()
        assert c is not None and c.off_board and not c.legal
        assert s.message().text == Text("illegal", {"reason": Text("reason.off-board")})
        assert s.message().error is None


def test_one_square_says_it_was_drawn_and_undo_takes_it_back() -> None:
    s = PlaySession(pit())
    s.roll_dice()
    s.set_square_mode(True)
    s.click(parse_cell("E4"))
    assert s.table.squares == {parse_cell("E4")}
    assert s.message() == Message("done", Text("square.drawn", {"cell": "E4"}))
    s.hover(parse_cell("E5"))
    assert s.message().kind == "legal"                       # the old message is gone
    s.hover(parse_cell("E4"))                                # filled: the core's word
    assert s.message().error is not None and s.message().error.rule == "square-not-open"
    s.undo()
    assert s.table.squares == frozenset()
    assert s.message() == Message("info", Text("undone.square", {"cells": "E4"}))
    s.undo()
    assert s.message() == Message("info", Text("undone.nothing"))


def test_stars_wait_for_a_choice_and_a_turn_reports_what_it_did() -> None:
    s = PlaySession(pit())
    s.roll_dice()
    s.set_square_mode(True)
    s.click(parse_cell("A6"))
    s.set_switch("dig", True)
    s.select("T", "hatch")
    cells = cells_named("E2 F2 G2 F3 F4")
    anchor = next((x, y) for x in range(7) for y in range(6)
                  if placed("T", s.table.orientation, (x, y)) == cells)
    s.click(anchor)
    assert s.table.pending is not None and s.state.round == 0
    assert s.message().kind == "info" and s.message().text is not None
    assert s.message().text.key == "stars.pending"
    assert s.key("4")                                        # the fourth choice: +1 Point
    m = s.message()
    assert s.state.round == 1 and s.turns[0].stars == ("plus-one",)
    assert [t.key for t in m.more] == ["drawn.squares", "drawn.switch", "drawn.stars"]


def test_passing_is_the_cores_and_keys_do_what_the_help_says() -> None:
    s = PlaySession(parse_document(TINY), seed="TREX-1")
    assert not s.can_pass() and s.key("Enter") and s.roll == (2, 4)    # Enter rolls
    assert not s.pass_round() or s.state.round == 0
    s.key("ArrowLeft")
    assert s.table.anchor == (3, 3)                          # the ghost comes in the middle
    s.key("ArrowLeft")
    assert s.table.anchor == (2, 3)                          # then moves
    before = s.table.orientation
    s.key("R")
    assert s.table.orientation != before
    s.key("Escape")
    assert s.table.anchor is None
    assert not s.key("q")


def test_a_session_plays_on_from_a_log() -> None:
    p = pit()
    turn = Turn.draw("U", "chevron", cells_named("B3 D3 B4 C4 D4"))
    s = PlaySession(p)
    s.play_turn(turn)
    log = s.game_log("Ada")
    again = PlaySession.from_log(log)
    assert again.state == s.state and again.turns == (turn,) and again.player == "Ada"
