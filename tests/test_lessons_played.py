"""Lesson 6's bots' games are stored (paleowidgets/solver/played.py) so that the lesson runs
in seconds; here, outside nbval, every stored game is played again by its bot and must be
the stored one, and simulate() replays a stored game only when the bot, its settings, the
map, the seed and the rounds are those it was played with."""

from __future__ import annotations

import json
import random

import pytest

from paleowidgets import Game, load_map
from paleowidgets.core.codes import decode_document
from paleowidgets.core.dice import roll_sequence
from paleowidgets.solver import played
from paleowidgets.solver.bots import ExpectationBot, GreedyBot, play_fast, simulate


@pytest.mark.slow
def test_every_stored_game_is_what_its_bot_plays_today() -> None:
    stored = json.loads(played._path().read_text(encoding="utf-8"))
    again = played.lesson_games()
    assert len(stored["games"]) == 60
    assert {k: decode_document(v) for k, v in stored["maps"].items()} == {
        k: decode_document(v) for k, v in again["maps"].items()}
    for old, new in zip(stored["games"], again["games"], strict=True):
        assert old == new, (f"{old['bot']} seed {old['seed']} plays another game today: "
                            "python -m paleowidgets.solver.played writes the file again")


def test_simulate_replays_the_stored_games_as_the_bots_play_them() -> None:
    game = Game(load_map("dig-site"))
    for bot in (GreedyBot(), ExpectationBot()):
        finals = simulate(game, bot, 30, seed=0)
        for seed in (0, 29):
            assert played.stored_final(game, type(bot)(), seed) is not None
            assert finals[seed] == play_fast(game, roll_sequence(seed, game.rounds),
                                              type(bot)(), random.Random(seed))


def test_a_game_not_stored_as_such_is_played() -> None:
    game = Game(load_map("dig-site"))
    assert played.stored_final(game, GreedyBot(), 0) is not None
    # another setting, seed, map, number of rounds or starting bonuses: not the stored game
    assert played.stored_final(game, GreedyBot(exponent=2.0), 0) is None
    assert played.stored_final(game, ExpectationBot(weight=0.5), 0) is None
    assert played.stored_final(game, GreedyBot(), 30) is None
    assert played.stored_final(Game(load_map("snow-map")), GreedyBot(), 0) is None
    assert played.stored_final(Game(load_map("dig-site"), rounds=10), GreedyBot(), 0) is None
    assert played.stored_final(Game(load_map("dig-site"), start_bonuses=(1, 0, 0, 0)),
                               GreedyBot(), 0) is None
    other = GreedyBot(exponent=2.0)
    (final,) = simulate(game, other, 1, seed=0)
    assert final == play_fast(game, roll_sequence(0, game.rounds), GreedyBot(exponent=2.0),
                              random.Random(0))
    assert played.bot_key(GreedyBot()) != played.bot_key(other)
