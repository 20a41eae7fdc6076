"""Lesson 1, a first game: the greedy robot's game on the class's dice, and a turn in words.

The lesson shows what a round is (a roll, a shape, a dig type, five cells); the code that
plays the robot and names a turn's shape and dig type in the lesson's language lives here,
so that pupils of 9 see only the calls that teach something.

>>> from paleowidgets import load_map
>>> log = robot_game(load_map("dig-site"), "TREX-4821", "Greedy robot")
>>> len(log.rolls), len(log.players[0].turns)
(20, 20)
>>> in_words(log.players[0].turns[0])
'L pentomino, hatch'
"""

from __future__ import annotations

import random

from ..core.dice import roll_sequence
from ..core.logs import GameLog, PlayerLog
from ..core.maps import Map
from ..core.rules import Game
from ..core.turns import Turn
from ..i18n import t
from ..solver.bots import GreedyBot, play_game

__all__ = ["in_words", "robot_game"]


def robot_game(site: Map, seed: str, player: str) -> GameLog:
    """The greedy robot's game on ``site`` with the rolls of ``seed`` (its choices seeded
    by the same code), recorded under the name ``player``."""
    rolls = roll_sequence(seed, site.rounds)
    _, turns = play_game(Game(site), rolls, GreedyBot(), random.Random(seed))
    return GameLog(site, rolls, (PlayerLog(player, tuple(turns)),))


def in_words(turn: Turn) -> str:
    """The shape and the dig type of a turn, in the current language (``"L pentomino, hatch"``)."""
    if turn.passed:
        return t("sheet.pass")
    return f"{t('shape.' + str(turn.shape))}, {t('dig.' + str(turn.dig))}"
