"""The game's fixed vocabulary, shared by every module."""

from __future__ import annotations

DIG_TYPES = ("chevron", "dot", "hatch")
BONUS_KINDS = ("one-square", "switch-shape", "switch-dig", "plus-one")
ONE_SQUARE, SWITCH_SHAPE, SWITCH_DIG, PLUS_ONE = range(4)
SWITCHES = ("shape", "dig")
THEMES = ("paleontologists", "snowman")
BONUS_CAP = 4          # each kind can be gained at most 4 times a game (start bonuses aside)
MAX_ROUNDS = 20
MAX_COLUMNS = 26
MAX_ROWS = 99
