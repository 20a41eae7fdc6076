"""What lessons 8 and 9 need but do not teach: the greedy robot's turns on a puzzle, a
snowman dressed in code with every item on its favourite spot.

Lessons for pupils of 9 to 12 call these, so that a cell shows only what it teaches (a
robot's line, a snowman), not seeded random generators or a table of spots. (The turn in
short text, a map drawn as a picture and the class's saved games gathered are in the
lessons' own modules: ``lesson04.turn``, ``lesson05.shape_map``, ``lesson09.gathered``.)

>>> from paleowidgets.exercises.lesson08 import load_tier
>>> first = load_tier("beginner")[0]
>>> [str(t) for t in greedy_turns(first)][:1]
['F hatch C2 D2 D3 E3 D4']
"""

from __future__ import annotations

import random

from ..core.maps import Puzzle
from ..core.rules import Game, State
from ..core.turns import Turn
from ..render.snowman import SPOTS, Snowman, dug_items
from ..solver.bots import GreedyBot, play_game

__all__ = ["FAVOURITE_SPOTS", "favourite_snowman", "greedy_turns"]

# Where lesson 9 puts each kind of item on a snowman built in code.
FAVOURITE_SPOTS = {"top-hat": "hat", "carrot-nose": "nose", "pipe": "mouth", "scarf": "neck",
                   "coal-buttons": "chest", "earmuffs": "left-ear", "mittens": "right-hand",
                   "broom": "left-hand", "twig-arm": "right-arm", "pine-cone": "ground-left"}


def greedy_turns(puzzle: Puzzle, seed: int = 1) -> list[Turn]:
    """The greedy robot's turns on a puzzle's fixed rolls (its ties broken by ``seed``)."""
    _, turns = play_game(Game.from_puzzle(puzzle), puzzle.rolls, GreedyBot(),
                         random.Random(seed))
    return turns


def favourite_snowman(state: State, name: str) -> Snowman:
    """A snowman called ``name`` wearing every item dug up in ``state``, each on its
    favourite spot (:data:`FAVOURITE_SPOTS`), any other on the first free spot."""
    snowman = Snowman(name)
    free = [spot for spot in SPOTS if spot not in FAVOURITE_SPOTS.values()]
    for item in dug_items(state):
        snowman = snowman.place(item.id, FAVOURITE_SPOTS.get(item.kind) or free.pop(0))
    return snowman
