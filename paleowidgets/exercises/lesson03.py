"""Lesson 3, symmetry: checks for the exercises on the eight symmetries acting on cells.

A symmetry is named as in :data:`~paleowidgets.core.geometry.SYMMETRIES` (``"rotate-90"``,
``"flip-horizontal"`` ...) or given as the object itself. Every check asks the core for the
true answer and says "right", or what is off, with a hint.

>>> check_image("rotate-90", (2, 1), (1, 2))
✘ Not yet: rotate-90 sends (2, 1) to (-1, 2), not (1, 2). Hint: x' = 0·x - 1·y, y' = 1·x + 0·y
>>> check_composition("rotate-90", "flip-horizontal", "flip-diagonal")
✔ Right: rotate-90 then flip-horizontal is flip-diagonal.
"""

from __future__ import annotations

from typing import Any

from ..core.geometry import IDENTITY, LETTERS, PENTOMINOES, SYMMETRIES, Cell, Symmetry
from . import Feedback, checker, right, wrong
from .answers import MATRIX, POINT, SYMMETRY, SYMMETRY_SET
from .tickets import ExitTicket, Question
from .words import say, say_n, sentence

__all__ = [
    "check_composition",
    "check_image",
    "check_inverse",
    "check_matrix",
    "check_non_commuting",
    "check_stabiliser",
    "exit_ticket",
    "symmetry",
]

NAMES = ", ".join(SYMMETRIES)


def symmetry(name: str | Symmetry) -> Symmetry:
    """The symmetry called ``name``; a ValueError lists the eight names."""
    if isinstance(name, Symmetry):
        return name
    if name not in SYMMETRIES:
        raise ValueError(f"{name!r} is not one of the eight symmetries: {NAMES}")
    return SYMMETRIES[name]


def _formula(s: Symmetry) -> str:
    (a, b), (c, d) = s.matrix
    sign_b, sign_d = ("-" if b < 0 else "+"), ("-" if d < 0 else "+")
    return f"x' = {a}·x {sign_b} {abs(b)}·y, y' = {c}·x {sign_d} {abs(d)}·y"


def _image(name: str | Symmetry, cell: Cell) -> Cell:
    return symmetry(name)((cell[0], cell[1]))


@checker(POINT, solution=_image, example=lambda: ("rotate-90", (2, 1)))
def check_image(name: str | Symmetry, cell: Cell, answer: Any) -> Feedback:
    """Where does ``cell`` go under the symmetry?"""
    s = symmetry(name)
    want = _image(s, cell)
    got = POINT.read(answer)
    if got == want:
        return right(say("l03.image.right", s=s, cell=tuple(cell), want=want))
    if got == s.inverse((cell[0], cell[1])):
        return wrong(say("l03.image.inverse", s=s, cell=tuple(cell), want=want, got=got),
                     hint=_formula(s))
    return wrong(say("l03.image.wrong", s=s, cell=tuple(cell), want=want, got=got),
                 hint=_formula(s))


def _matrix(name: str | Symmetry) -> list[list[int]]:
    return [list(row) for row in symmetry(name).matrix]


@checker(MATRIX, solution=_matrix, example=lambda: ("flip-diagonal",))
def check_matrix(name: str | Symmetry, answer: Any) -> Feedback:
    """The matrix ``[[a, b], [c, d]]`` of the symmetry (``(x, y) -> (a·x + b·y, c·x + d·y)``)."""
    s = symmetry(name)
    got = MATRIX.read(answer)
    if got == s.matrix:
        return right(say("l03.matrix.right", s=s, matrix=_matrix(s)))
    hint = say("l03.matrix.hint", x=s((1, 0)), y=s((0, 1)))
    if got == s.inverse.matrix:
        return wrong(say("l03.matrix.inverse", got=[list(r) for r in got], inverse=s.inverse),
                     hint=hint)
    return wrong(say("l03.matrix.wrong", got=[list(r) for r in got], s=s), hint=hint)


def _composition(first: str | Symmetry, second: str | Symmetry) -> str:
    return (symmetry(second) @ symmetry(first)).name


@checker(SYMMETRY, solution=_composition, example=lambda: ("rotate-90", "flip-horizontal"))
def check_composition(first: str | Symmetry, second: str | Symmetry, answer: Any) -> Feedback:
    """Which single symmetry does ``first`` then ``second``?"""
    f, s = symmetry(first), symmetry(second)
    got = SYMMETRY.read(answer)
    want = s @ f
    if got == want:
        return right(say("l03.composition.right", f=f, s=s, want=want))
    hint = say("l03.composition.order" if got == f @ s else "l03.composition.hint")
    return wrong(say("l03.composition.wrong", f=f, s=s, got=got), hint=hint)


def _inverse(name: str | Symmetry) -> str:
    return symmetry(name).inverse.name


@checker(SYMMETRY, solution=_inverse, example=lambda: ("rotate-90",))
def check_inverse(name: str | Symmetry, answer: Any) -> Feedback:
    """Which symmetry undoes ``name``?"""
    s = symmetry(name)
    got = SYMMETRY.read(answer)
    if got @ s == IDENTITY:
        return right(say("l03.inverse.itself" if got == s else "l03.inverse.right",
                         got=got, s=s))
    return wrong(say("l03.inverse.wrong", s=s, got=got, result=got @ s),
                 hint=say("l03.inverse.hint"))


@checker(SYMMETRY, answers=("first", "second"), expects="l03.non-commuting.expects",
         solution=lambda: ("rotate-90", "flip-vertical"), example=lambda: ())
def check_non_commuting(first: Any, second: Any) -> Feedback:
    """Find two symmetries whose order matters: ``first`` then ``second`` differs from
    ``second`` then ``first``."""
    f, s = SYMMETRY.read(first), SYMMETRY.read(second)
    if s @ f != f @ s:
        return right(say("l03.non-commuting.right", f=f, s=s, fs=s @ f, sf=f @ s))
    return wrong(say("l03.non-commuting.wrong", f=f, s=s, fs=s @ f),
                 hint=say("l03.non-commuting.hint"))


def _stabiliser(letter: str) -> list[str]:
    if letter not in PENTOMINOES:
        raise ValueError(f"unknown pentomino {letter!r}: the letters are {LETTERS}")
    return sorted(s.name for s in PENTOMINOES[letter].stabiliser())


@checker(SYMMETRY_SET, answers=("names",), solution=_stabiliser, example=lambda: ("T",))
def check_stabiliser(letter: str, names: Any) -> Feedback:
    """Which symmetries map ``letter`` onto itself (once slid back to the corner)?"""
    want = set(_stabiliser(letter))
    given = SYMMETRY_SET.read(names)
    if given == want:
        return right(say("l03.stabiliser.right", names=", ".join(sorted(want)),
                         symmetries=say_n("n.symmetries", len(want)), n=len(want),
                         orbit=8 // len(want)))
    extra, missing = sorted(given - want), sorted(want - given)
    parts = ([say_n("l03.stabiliser.extra", len(extra), names=", ".join(extra),
                    letter=letter)] if extra else []) \
        + ([say_n("l03.stabiliser.missing", len(missing))] if missing else [])
    hint = say("l03.stabiliser.identity" if "identity" in missing else "l03.stabiliser.hint")
    return wrong(sentence(parts), hint=hint)


def exit_ticket() -> ExitTicket:
    """Lesson 3's exit ticket: an image under a half turn, an inverse, a stabiliser."""
    return ExitTicket(3, (
        Question(say("l03.exit.1"), check_image, ("rotate-180", (3, -1))),
        Question(say("l03.exit.2"), check_inverse, ("rotate-270",)),
        Question(say("l03.exit.3"), check_stabiliser, ("I",)),
    ))
