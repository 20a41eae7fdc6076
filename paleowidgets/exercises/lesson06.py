"""Lesson 6, chance: the exact chances of the dice tables, and checks for the exercises.

Every chance here is counted, not assumed: the 36 equally likely rolls of two dice are
listed and each is asked of the core rules (:meth:`Game.roll_shapes`, :meth:`Game.choices`)
whether it offers a shape, a dig type, or a shape *with* a dig type. So a map with its own
dice tables gets its own answers.

An answer may be a fraction (``Fraction(11, 36)`` or the text ``"11/36"``), a decimal to 2
places (``0.31``) or a whole percentage (``31`` or ``"31%"``): :data:`.answers.CHANCE`. A
wrong answer that matches a usual mistake (one die instead of two, a double counted twice,
...) is told which.

>>> print(check_shape_chance("I", "11/36"))
✔ Right: 11 of the 36 rolls offer I: P = 11/36 ≈ 0.306.
>>> print(check_shape_chance("I", "1/6").message)
1/6 is the chance that one die shows face 1.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from ..core.dice import roll_sequence
from ..core.geometry import LETTERS
from ..core.maps import Map, Roll
from ..core.rules import Game
from ..core.terms import DIG_TYPES
from ..data import load_map
from . import Feedback, checker, right, wrong
from .answers import CHANCE, WHOLE_NUMBER
from .tickets import ExitTicket, Question

__all__ = [
    "ROLLS",
    "check_dig_chance",
    "check_double_chance",
    "check_doubles_counted",
    "check_pair_chance",
    "check_shape_chance",
    "dig_chance",
    "double_chance",
    "exit_ticket",
    "pair_chance",
    "shape_chance",
]

#: The 36 equally likely rolls of two dice, the first die first: (1, 1), (1, 2) ... (6, 6).
ROLLS: tuple[Roll, ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
Answer = Any


@functools.cache
def _game(game_map: Map | None) -> Game:
    """The game of ``game_map`` (the dig site's by default), built once per map: a check
    is called again and again in a lesson."""
    return Game(game_map if game_map is not None else load_map("dig-site"))


def chance(event: Callable[[Roll], bool]) -> Fraction:
    """The share of the 36 rolls for which ``event`` holds: ``chance(lambda r: True) == 1``."""
    return Fraction(sum(1 for roll in ROLLS if event(roll)), len(ROLLS))


def double_chance() -> Fraction:
    """P(the two dice show the same face): ``double_chance() == Fraction(1, 6)``."""
    return chance(lambda roll: roll[0] == roll[1])


def shape_chance(shape: str, game_map: Map | None = None) -> Fraction:
    """P(a roll offers ``shape``), either die giving the shape (the dig-site's dice by
    default): ``shape_chance("L") == Fraction(11, 36)``."""
    game = _game(game_map)
    return chance(lambda roll: shape in game.roll_shapes(roll))


def dig_chance(dig: str, game_map: Map | None = None) -> Fraction:
    """P(a roll can give the dig type ``dig``): ``dig_chance("dot") == Fraction(5, 9)``."""
    game = _game(game_map)
    return chance(lambda roll: any(d == dig for _, d in game.choices(roll)))


def pair_chance(shape: str, dig: str, game_map: Map | None = None) -> Fraction:
    """P(a roll lets you draw ``shape`` in dig type ``dig``: one die gives the shape, the
    *other* the dig type): ``pair_chance("I", "dot") == Fraction(1, 9)``."""
    game = _game(game_map)
    return chance(lambda roll: (shape, dig) in game.choices(roll))


# ---------------------------------------------------------------------------------------
# Judging an answer


def _show(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def _written(answer: Answer) -> str:
    return answer.strip() if isinstance(answer, str) else \
        _show(answer) if isinstance(answer, Fraction) else str(answer)


def _judge(answer: Answer, exact: Fraction, good: str,
           mistakes: Sequence[tuple[Fraction, str, str]]) -> Feedback:
    """Right when ``answer`` is ``exact`` (a decimal to 2 places, a percentage to the whole
    percent); else the first usual mistake it matches (value, what it is, hint), else what
    kind of slip it is."""
    got = CHANCE.read(answer)
    said = _written(answer)
    if got.matches(exact):
        return right(f"{good}: P = {_show(exact)} ≈ {float(exact):.3f}.")
    if got.whole is not None and Fraction(got.whole, 36) == exact:
        return wrong(f"{got.whole} is how many of the 36 rolls work, not the chance.",
                     hint=f"the chance is that many out of 36: {got.whole}/36")
    if not got.in_range:
        return wrong(f"{said} is not a chance: a chance lies between 0 and 1 "
                     "(0% and 100%).", hint="divide the number of rolls you counted by 36")
    for mistake, what, hint in mistakes:
        if mistake != exact and got.matches(mistake):
            return wrong(f"{said} is {what}.", hint=hint)
    if not got.exact and abs(got.value - exact) < Fraction(2, 100):
        return wrong(f"{said} is close, but not right to 2 decimal places.",
                     hint="count the rolls, then give the count out of 36 as a fraction, "
                          "or round the division to 2 places")
    if got.exact and (got.value * 36).denominator == 1:
        n = got.value * 36
        return wrong(f"{said} is {n} roll{'s' * (n != 1)} out of 36, but not that many "
                     "rolls work.",
                     hint="list the 36 rolls (first die, second die) and count those that work")
    return wrong(f"{said} is not the chance: with two dice it is a number of rolls out of 36.",
                 hint="list the 36 rolls (first die, second die) and count those that work")


def _faces(game: Game, shape: str) -> list[int]:
    return [face for face in range(1, 7) if shape in game.dice.shapes_of(face)]


def _dig_faces(game: Game, dig: str) -> list[int]:
    return [face for face in range(1, 7) if game.dice.dig_of(face) == dig]


def _one_die(n_faces: int) -> Fraction:
    return Fraction(n_faces, 6)


def _counted_twice(n_faces: int) -> Fraction:
    """The usual slip 'one die or the other': 2 x n_faces x 6 rolls, the doubles twice."""
    return Fraction(2 * n_faces * 6, 36)


# ---------------------------------------------------------------------------------------
# Checks


@checker(CHANCE, solution=lambda: _show(double_chance()), example=lambda: ())
def check_double_chance(answer: Answer) -> Feedback:
    """P(a double)?

    >>> print(check_double_chance("1/36").hint)
    there are six doubles: 1-1, 2-2, ... 6-6
    """
    return _judge(answer, double_chance(), "6 of the 36 rolls are doubles",
                  [(Fraction(1, 36), "the chance of one particular double, like 1-1",
                    "there are six doubles: 1-1, 2-2, ... 6-6"),
                   (Fraction(1, 3), "two chances of 1/6 added",
                    "the first die can show anything; the second must match it")])


@checker(CHANCE, solution=lambda shape, game_map=None: _show(shape_chance(shape, game_map)),
         example=lambda: ("P",))
def check_shape_chance(shape: str, answer: Answer, game_map: Map | None = None) -> Feedback:
    """P(a roll offers ``shape``)? Either die can give the shape."""
    game = _game(game_map)
    if shape not in LETTERS:
        return wrong(f"{shape!r} is not a pentomino letter.", hint=" ".join(LETTERS))
    faces = _faces(game, shape)
    exact = shape_chance(shape, game.map)
    names = " or ".join(str(f) for f in faces)
    n = len(faces)
    return _judge(answer, exact, f"{exact * 36} of the 36 rolls offer {shape}", [
        (_one_die(n), f"the chance that one die shows face {names}",
         f"either die can give the shape: count the rolls where at least one die shows "
         f"{names}"),
        (_counted_twice(n), "too much: the rolls where both dice show it are counted twice",
         f"{names}-{names} is one roll, not two"),
        (_one_die(n) ** 2, "the chance that both dice show it", "one die is enough"),
    ])


@checker(CHANCE, solution=lambda dig, game_map=None: _show(dig_chance(dig, game_map)),
         example=lambda: ("dot",))
def check_dig_chance(dig: str, answer: Answer, game_map: Map | None = None) -> Feedback:
    """P(a roll can give the dig type ``dig``)? Either die can give the dig type."""
    game = _game(game_map)
    if dig not in DIG_TYPES:
        return wrong(f"{dig!r} is not a dig type.", hint=", ".join(DIG_TYPES))
    faces = _dig_faces(game, dig)
    exact = dig_chance(dig, game.map)
    n = len(faces)
    names = " or ".join(str(f) for f in faces)
    return _judge(answer, exact, f"{exact * 36} of the 36 rolls can give {dig}", [
        (_one_die(n), f"the chance that one die shows {names}",
         "either die can give the dig type"),
        (_counted_twice(n), "too much: the rolls where both dice give it are counted twice",
         f"count the rolls with NO die showing {names}, and take them away from 36"),
        (_one_die(n) ** 2, "the chance that both dice give it", "one die is enough"),
    ])


@checker(CHANCE, solution=lambda shape, dig, game_map=None: _show(pair_chance(shape, dig,
                                                                             game_map)),
         example=lambda: ("X", "hatch"))
def check_pair_chance(shape: str, dig: str, answer: Answer,
                      game_map: Map | None = None) -> Feedback:
    """P(a roll lets you draw ``shape`` in dig type ``dig``)? One die gives the shape and
    the *other* the dig type."""
    game = _game(game_map)
    if shape not in LETTERS or dig not in DIG_TYPES:
        return wrong(f"({shape!r}, {dig!r}) is not a shape and a dig type.",
                     hint=f"shapes: {' '.join(LETTERS)}; dig types: {', '.join(DIG_TYPES)}")
    exact = pair_chance(shape, dig, game.map)
    s, d = len(_faces(game, shape)), len(_dig_faces(game, dig))
    return _judge(answer, exact, f"{exact * 36} of the 36 rolls allow {shape} in {dig}", [
        (shape_chance(shape, game.map), f"the chance that {shape} is offered at all",
         "the dig type must come from the OTHER die"),
        (Fraction(s * d, 36), "the count of the rolls where the FIRST die gives the shape",
         "the second die may give the shape too"),
        (Fraction(2 * s * d, 36), "too much: a roll that works both ways is counted twice",
         "a double (like 5-5) is one roll"),
    ])


def _doubles(seed: int | str, rolls: int) -> int:
    return sum(1 for a, b in roll_sequence(seed, rolls) if a == b)


@checker(WHOLE_NUMBER, solution=_doubles, example=lambda: ("TREX-4821", 36))
def check_doubles_counted(seed: int | str, rolls: int, answer: Any) -> Feedback:
    """How many doubles are among the first ``rolls`` rolls of ``seed``?

    >>> check_doubles_counted("TREX-4821", 36, 9)
    ✔ Right: 9 doubles in the 36 rolls of seed 'TREX-4821' (about 6.0 expected).
    """
    count = _doubles(seed, rolls)
    expected = rolls * float(double_chance())
    got = WHOLE_NUMBER.read(answer)
    if got == count:
        return right(f"{count} doubles in the {rolls} rolls of seed {seed!r} "
                     f"(about {expected:.1f} expected).")
    if abs(got - expected) < 0.5:
        return wrong(f"{got} is how many you would expect on average, not how many there "
                     "are in these rolls.",
                     hint="count the rolls a == b in roll_sequence(seed, n)")
    if got > rolls or got < 0:
        return wrong(f"there are only {rolls} rolls, so not {got} doubles.",
                     hint="count the rolls a == b in roll_sequence(seed, n)")
    return wrong(f"{got} is not the number of doubles in these rolls.",
                 hint="count the rolls a == b in roll_sequence(seed, n)")


def exit_ticket() -> ExitTicket:
    """Lesson 6's exit ticket, on the dig site's dice: the W, the hatch, the T in chevron."""
    return ExitTicket(6, (
        Question("What is the chance that a roll offers the W?", check_shape_chance, ("W",)),
        Question("What is the chance that a roll can give the hatch dig type?",
                 check_dig_chance, ("hatch",)),
        Question("What is the chance that a roll lets you draw the T in chevron?",
                 check_pair_chance, ("T", "chevron")),
    ))
