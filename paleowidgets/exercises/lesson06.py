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
from ..i18n import t
from . import Feedback, checker, right, wrong
from .answers import CHANCE, WHOLE_NUMBER
from .tickets import ExitTicket, Question
from .words import decimal, either, say, say_n

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
        return right(say("l06.right", good=good, p=_show(exact),
                         approx=decimal(float(exact), 3)))
    if got.whole is not None and Fraction(got.whole, 36) == exact:
        return wrong(say("l06.count-not-chance", whole=got.whole),
                     hint=say("l06.count-not-chance.hint", whole=got.whole))
    if not got.in_range:
        return wrong(say("l06.out-of-range", said=said), hint=say("l06.out-of-range.hint"))
    for mistake, what, hint in mistakes:
        if mistake != exact and got.matches(mistake):
            return wrong(say("l06.mistake", said=said, what=what), hint=hint)
    if not got.exact and abs(got.value - exact) < Fraction(2, 100):
        return wrong(say("l06.close", said=said), hint=say("l06.close.hint"))
    if got.exact and (got.value * 36).denominator == 1:
        n = got.value * 36
        return wrong(say_n("l06.rolls-out-of-36", n, said=said), hint=say("l06.list-rolls"))
    return wrong(say("l06.not-the-chance", said=said), hint=say("l06.list-rolls"))


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
    return _judge(answer, double_chance(), say("l06.double.good"),
                  [(Fraction(1, 36), say("l06.double.one-double"),
                    say("l06.double.one-double.hint")),
                   (Fraction(1, 3), say("l06.double.added"), say("l06.double.added.hint"))])


@checker(CHANCE, solution=lambda shape, game_map=None: _show(shape_chance(shape, game_map)),
         example=lambda: ("P",))
def check_shape_chance(shape: str, answer: Answer, game_map: Map | None = None) -> Feedback:
    """P(a roll offers ``shape``)? Either die can give the shape."""
    game = _game(game_map)
    if shape not in LETTERS:
        return wrong(say("l06.not-letter", shape=repr(shape)), hint=" ".join(LETTERS))
    faces = _faces(game, shape)
    exact = shape_chance(shape, game.map)
    names = either(faces)
    n = len(faces)
    return _judge(answer, exact, say("l06.shape.good", count=exact * 36, shape=shape), [
        (_one_die(n), say("l06.shape.one-die", names=names),
         say("l06.shape.one-die.hint", names=names)),
        (_counted_twice(n), say("l06.shape.twice"), say("l06.shape.twice.hint", names=names)),
        (_one_die(n) ** 2, say("l06.shape.both"), say("l06.one-die-enough")),
    ])


@checker(CHANCE, solution=lambda dig, game_map=None: _show(dig_chance(dig, game_map)),
         example=lambda: ("dot",))
def check_dig_chance(dig: str, answer: Answer, game_map: Map | None = None) -> Feedback:
    """P(a roll can give the dig type ``dig``)? Either die can give the dig type."""
    game = _game(game_map)
    if dig not in DIG_TYPES:
        return wrong(say("l06.not-dig", dig=repr(dig)), hint=", ".join(DIG_TYPES))
    faces = _dig_faces(game, dig)
    exact = dig_chance(dig, game.map)
    n = len(faces)
    names = either(faces)
    return _judge(answer, exact, say("l06.dig.good", count=exact * 36, dig=t(f"dig.{dig}")), [
        (_one_die(n), say("l06.dig.one-die", names=names), say("l06.dig.one-die.hint")),
        (_counted_twice(n), say("l06.dig.twice"), say("l06.dig.twice.hint", names=names)),
        (_one_die(n) ** 2, say("l06.dig.both"), say("l06.one-die-enough")),
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
        return wrong(say("l06.not-pair", shape=repr(shape), dig=repr(dig)),
                     hint=say("l06.not-pair.hint", shapes=" ".join(LETTERS),
                              digs=", ".join(DIG_TYPES)))
    exact = pair_chance(shape, dig, game.map)
    s, d = len(_faces(game, shape)), len(_dig_faces(game, dig))
    good = say("l06.pair.good", count=exact * 36, shape=shape, dig=t(f"dig.{dig}"))
    return _judge(answer, exact, good, [
        (shape_chance(shape, game.map), say("l06.pair.offered", shape=shape),
         say("l06.pair.offered.hint")),
        (Fraction(s * d, 36), say("l06.pair.first-die"), say("l06.pair.first-die.hint")),
        (Fraction(2 * s * d, 36), say("l06.pair.twice"), say("l06.pair.twice.hint")),
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
        return right(say_n("l06.doubles.right", count, rolls=rolls, seed=repr(seed),
                           expected=decimal(expected, 1)))
    if abs(got - expected) < 0.5:
        return wrong(say("l06.doubles.average", got=got), hint=say("l06.doubles.hint"))
    if got > rolls or got < 0:
        return wrong(say("l06.doubles.too-many", rolls=rolls, got=got),
                     hint=say("l06.doubles.hint"))
    return wrong(say("l06.doubles.wrong", got=got), hint=say("l06.doubles.hint"))


def exit_ticket() -> ExitTicket:
    """Lesson 6's exit ticket, on the dig site's dice: the W, the hatch, the T in chevron."""
    return ExitTicket(6, (
        Question(say("l06.exit.1"), check_shape_chance, ("W",)),
        Question(say("l06.exit.2"), check_dig_chance, ("hatch",)),
        Question(say("l06.exit.3"), check_pair_chance, ("T", "chevron")),
    ))
