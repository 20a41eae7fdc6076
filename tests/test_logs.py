"""Game logs: save -> load -> replay gives the same states; random legal games stay valid."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from helpers import QUARRY, load, turn
from hypothesis import given, settings
from hypothesis import strategies as st

from paleowidgets.core.dice import Roller, roll_sequence
from paleowidgets.core.errors import FormatError, IllegalTurnError
from paleowidgets.core.logs import GameLog, PlayerLog
from paleowidgets.core.maps import Map
from paleowidgets.core.rules import Game, State
from paleowidgets.core.terms import BONUS_CAP
from paleowidgets.core.turns import Turn


def random_turn(state: State, roll: tuple[int, int], rng: random.Random) -> Turn:
    """A random legal turn: any draw or pass the generator gives, then (sometimes) one
    One-Square cell added when one is held (listing every square choice is too slow)."""
    turns = list(state.legal_turns(roll, max_squares=0))
    assert turns, "there is always a legal turn: a draw or a pass"
    t = rng.choice(turns)
    if state.held[0] and rng.random() < 0.5:
        free = state.open_square_cells(state.game.mask_of(t.cells))
        if free:
            t = dataclasses.replace(t, squares=frozenset({rng.choice(free)}))
    return t


def check_invariants(state: State) -> None:
    g = state.game
    d0, d1, d2 = state.digs
    assert not (d0 & d1 or d0 & d2 or d1 & d2)                 # one dig type per cell
    assert not (state.squares & (d0 | d1 | d2))                 # squares carry no dig type
    assert state.drawn == d0 | d1 | d2 | state.squares | g.predrawn_mask
    assert not state.drawn & g.fossil_mask                       # nothing drawn on fossils
    assert not state.squares & g.star_mask                       # squares never on stars
    assert all(h >= 0 for h in state.held)
    assert all(0 <= n <= BONUS_CAP for n in state.gained)
    for i, ring in enumerate(g.rings):
        complete = ring & state.drawn == ring
        assert bool(state.dug >> i & 1) == complete
        if state.same >> i & 1:
            assert complete and any(ring & d == ring for d in state.digs)
    assert state.score().total == sum(f.points + f.bonus for f in state.score().fossils) + \
        state.held[3]


def random_game(game: Game, seed: int) -> tuple[tuple[tuple[int, int], ...], list[Turn],
                                                list[State]]:
    rng = random.Random(seed)
    rolls = roll_sequence(seed, game.rounds)
    states = [game.initial_state()]
    turns = []
    for roll in rolls:
        t = random_turn(states[-1], roll, rng)
        turns.append(t)
        states.append(states[-1].apply(roll, t))
        check_invariants(states[-1])
    return rolls, turns, states


@pytest.fixture(scope="module")
def small() -> Map:
    m = load(QUARRY.replace('name = "Test quarry"', 'name = "Test quarry"\nrounds = 8'))
    assert isinstance(m, Map)
    return m


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.integers(0, 3), st.integers(0, 2))
def test_random_legal_games_never_reach_an_invalid_state(small: Map, seed: int, sq: int,
                                                         sw: int) -> None:
    game = Game(small, start_bonuses=(sq, sw, sw, 0))
    _, _, states = random_game(game, seed)       # checks the invariants after every turn
    assert states[-1].is_terminal


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(0, 10**6))
def test_save_load_replay_gives_the_same_states(small: Map, seed: int) -> None:
    rolls, turns, states = random_game(Game(small), seed)
    log = GameLog(small, rolls, (PlayerLog("Ada", tuple(turns)),))
    again = GameLog.from_json(log.to_json())
    assert again.replay() == [states]
    for r in (0, len(rolls) // 2, len(rolls)):
        assert again.state_at(0, r) == states[r]
    assert again.outcome().scores[0][1] == states[-1].score()
    assert json.loads(log.to_json())["map"] == dict(small.doc)


def test_log_round_trip_through_a_file(tmp_path: Path, small: Map) -> None:
    rolls, turns, states = random_game(Game(small), 7)
    log = GameLog(small, rolls, (PlayerLog("Ada", tuple(turns)), PlayerLog("Bo", tuple(turns))))
    path = tmp_path / "game.json"
    log.save(path)
    back = GameLog.load(path)
    assert back.replay() == [states, states]
    assert back.outcome().winners == ("Ada", "Bo")        # equal scores share the win
    assert not list(tmp_path.glob("*.tmp"))


def test_log_may_name_a_toml_map_beside_it(tmp_path: Path) -> None:
    (tmp_path / "quarry.toml").write_text(QUARRY, encoding="utf-8")
    (tmp_path / "game.json").write_text(json.dumps({
        "format": 1, "map": "quarry.toml", "rolls": [[2, 5]],
        "players": [{"name": "Ada", "turns": [
            {"shape": "L", "dig": "chevron", "cells": ["B2", "B3", "B4", "B5", "C5"],
             "stars": ["plus-one"]}]}]}), encoding="utf-8")
    log = GameLog.load(tmp_path / "game.json")
    assert log.map_ref == "quarry.toml"
    assert log.outcome().scores[0][1].total == 1
    assert json.loads(log.to_json())["map"] == "quarry.toml"


def test_illegal_turn_in_a_log_names_player_round_rule(small: Map) -> None:
    log = GameLog(small, ((2, 5), (2, 5)), (
        PlayerLog("Ada", (turn("L chevron A1 A2 A3 A4 B4"), turn("L chevron A1 A2 A3 A4 B4"))),))
    with pytest.raises(IllegalTurnError) as e:
        GameLog.from_json(log.to_json())
    assert (e.value.player, e.value.round, e.value.rule) == ("Ada", 2, "cell-already-drawn")
    assert "player 'Ada', round 2" in str(e.value)


@pytest.mark.parametrize(("n_turns", "rule", "round"), [(1, "missing-turn", 2),
                                                        (3, "extra-turn", 3)])
def test_missing_and_extra_turns(small: Map, n_turns: int, rule: str, round: int) -> None:
    turns = [turn("L chevron A1 A2 A3 A4 B4"), turn("L chevron E1 E2 E3 E4 F4"),
             turn("I chevron I1 I2 I3 I4 I5")]
    log = GameLog(small, ((2, 5), (2, 5)), (PlayerLog("Bo", tuple(turns[:n_turns])),))
    with pytest.raises(IllegalTurnError) as e:
        log.replay()
    assert (e.value.rule, e.value.round, e.value.player) == (rule, round, "Bo")


def test_bad_json_names_the_line() -> None:
    with pytest.raises(FormatError) as e:
        GameLog.from_json('{\n "format": 1,\n "rolls": [[1, 2]\n}', file="g.json")
    assert str(e.value).startswith("g.json:4:")


def test_roller_matches_roll_sequence() -> None:
    r = Roller("TREX-1")
    assert tuple(r.roll() for _ in range(20)) == roll_sequence("trex-1", 20)
    assert roll_sequence(1, 20) != roll_sequence(2, 20)


def test_class_game_many_sheets_one_roll_sequence(small: Map) -> None:
    from paleowidgets.core.classgame import ClassGame

    a = ClassGame(small, "stego-5190", ["Ada", "Bo", "Cy"])
    b = ClassGame(small, "STEGO-5190 ")
    assert a.rolls == b.rolls == roll_sequence("STEGO-5190", 8)
    rng = random.Random(3)
    for _ in range(8):
        for name in ("Ada", "Bo"):
            roll = a.roll_for(name)
            assert roll is not None
            a.play(name, random_turn(a.state(name), roll, rng))
    assert a.roll_for("Ada") is None and a.roll_for("Cy") == a.rolls[0]
    assert a.log().rolls == ()                       # Cy has not played yet
    a.play("Cy", random_turn(a.state("Cy"), a.rolls[0], rng))
    assert a.log().rolls == a.rolls[:1]
    board = a.scoreboard()
    assert [r[1] for r in board] == sorted((r[1] for r in board), reverse=True)
    with pytest.raises(IllegalTurnError) as e:
        a.play("Ada", Turn.pass_())
    assert (e.value.rule, e.value.player) == ("extra-turn", "Ada")
    before = a.state("Cy")
    a.undo("Cy")
    assert a.state("Cy").round == before.round - 1
