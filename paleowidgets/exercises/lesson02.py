"""Lesson 2, pentominoes: checks for the counting exercises (12 free, 18 one-sided, 63 fixed).

Every check asks the core (:mod:`paleowidgets.core.geometry`) for the true answer and says
"right", or what is off with a hint towards the idea (orbit-stabiliser, mirror images).

>>> check_fixed_count("T", 8).hint
'some turns or flips give the same picture: which symmetries leave the T pentomino unchanged?'
>>> check_fixed_count("T", 4)
✔ Right: the T pentomino has 4 fixed orientations: 4 × 2 symmetries onto itself = 8.
"""

from __future__ import annotations

import functools
from typing import Any

from ..core.geometry import (
    FIXED_BY_LETTER,
    LETTERS,
    PENTOMINOES,
    Cell,
    count_shapes,
    normalise,
    orbit,
    polyominoes,
    recognise,
    stabiliser,
)
from . import Feedback, checker, right, wrong
from .answers import LETTER_SET, POINTS, WHOLE_NUMBER
from .shapes import shape_called, shape_cells, shape_shown
from .tickets import ExitTicket, Question
from .words import both, say, say_n, sentence

__all__ = ["MIRROR_PAIRS", "check_counts", "check_drawing", "check_fixed_count",
           "check_mirror_pairs", "check_stabiliser_size", "check_totals", "exit_ticket"]

# The letters whose mirror image is another one-sided shape (no mirror maps them onto
# themselves): each counts twice among the one-sided pentominoes.
MIRROR_PAIRS = frozenset(
    p.letter for p in PENTOMINOES.values() if not any(not s.is_rotation for s in p.stabiliser()))


def _letter(letter: str) -> str:
    if letter not in PENTOMINOES:
        raise ValueError(f"unknown pentomino {letter!r}: the letters are {LETTERS}")
    return letter


def _orientations(shape: str) -> int:
    return len(orbit(shape_cells(shape)))


@checker(WHOLE_NUMBER, solution=_orientations, example=lambda: ("T",))
def check_fixed_count(letter: str, answer: Any) -> Feedback:
    """How many different orientations (fixed forms) does the shape have? ``letter``: a
    pentomino's letter, or a tetromino (:mod:`.shapes`)."""
    n = _orientations(letter)
    k = 8 // n
    shape = shape_called(letter)
    got = WHOLE_NUMBER.read(answer)
    if got == n:
        return right(say("l02.fixed.right", shape=shape, n=n,
                         orientations=say_n("n.fixed-orientations", n),
                         symmetries=say_n("n.symmetries", k)))
    if got > 8:
        return wrong(say("l02.fixed.over-8", got=got), hint=say("l02.fixed.over-8.hint"))
    if got < 1:
        return wrong(say("l02.fixed.none", got=got), hint=say("l02.hint.flip"))
    if got > n:
        return wrong(say("l02.fixed.fewer", shape=shape, got=got),
                     hint=say("l02.fixed.fewer.hint", shape=shape))
    return wrong(say_n("l02.fixed.more", got, shape=shape), hint=say("l02.hint.flip"))


def _stabiliser_size(shape: str) -> int:
    return len(stabiliser(shape_cells(shape)))


@checker(WHOLE_NUMBER, solution=_stabiliser_size, example=lambda: ("U",))
def check_stabiliser_size(letter: str, answer: Any) -> Feedback:
    """How many of the 8 symmetries map the shape onto itself? ``letter``: a pentomino's
    letter, or a tetromino (:mod:`.shapes`)."""
    k = _stabiliser_size(letter)
    shape = shape_called(letter)
    got = WHOLE_NUMBER.read(answer)
    if got == k:
        return right(say_n("l02.stabiliser.right", k, shape=shape,
                           orientations=say_n("n.orientations", 8 // k)))
    if got > 8:
        return wrong(say("l02.stabiliser.over-8", got=got),
                     hint=say("l02.stabiliser.over-8.hint"))
    hint = (say("l02.stabiliser.identity") if got < 1 else
            say("l02.stabiliser.orbit", shape=shape,
                orientations=say_n("n.orientations", 8 // k)))
    return wrong(say("l02.stabiliser.wrong", got=got, shape=shape), hint=hint)


@checker(LETTER_SET, answers=("letters",), solution=lambda: sorted(MIRROR_PAIRS),
         example=lambda: ())
def check_mirror_pairs(letters: Any) -> Feedback:
    """Which pentominoes are different from their mirror image (cannot be turned into it)?"""
    given = LETTER_SET.read(letters)
    missing = sorted(MIRROR_PAIRS - given)
    extra = sorted(given - MIRROR_PAIRS)
    if not missing and not extra:
        return right(say("l02.mirror.right", letters=", ".join(sorted(MIRROR_PAIRS)),
                         n=len(MIRROR_PAIRS), total=12 + len(MIRROR_PAIRS)))
    parts = []
    if extra:
        parts.append(say_n("l02.mirror.extra", len(extra), letters=", ".join(extra)))
    if missing:
        parts.append(say_n("l02.mirror.more", len(missing)) if extra else
                     say("l02.mirror.found", found=len(given), total=len(MIRROR_PAIRS)))
    return wrong(sentence(parts), hint=say("l02.mirror.hint"))


@functools.cache
def _counts(size: int) -> tuple[int, int, int]:
    return count_shapes(polyominoes(size))


@checker(WHOLE_NUMBER, answers=("free", "one_sided", "fixed"),
         expects="l02.totals.expects",
         solution=lambda: _counts(5), example=lambda: ())
def check_totals(free: Any, one_sided: Any, fixed: Any) -> Feedback:
    """How many free, one-sided and fixed pentominoes are there?"""
    return _check_counts(5, free, one_sided, fixed)


@checker(WHOLE_NUMBER, answers=("free", "one_sided", "fixed"),
         expects="l02.counts.expects",
         solution=_counts, example=lambda: (4,))
def check_counts(size: int, free: Any, one_sided: Any, fixed: Any) -> Feedback:
    """How many free, one-sided and fixed polyominoes of ``size`` cells are there?
    (The core grows them cell by cell and counts.)"""
    return _check_counts(size, free, one_sided, fixed)


def _check_counts(size: int, free: Any, one_sided: Any, fixed: Any) -> Feedback:
    want = _counts(size)
    got = tuple(WHOLE_NUMBER.read(a) for a in (free, one_sided, fixed))
    if got == want:
        return right(say("l02.counts.right", free=want[0], one_sided=want[1], fixed=want[2],
                         size=size))
    wrong_ones = [name for name, a, b in zip(("free", "one-sided", "fixed"), got, want,
                                             strict=True) if a != b]
    counts = both(say(f"l02.counts.{name}") for name in wrong_ones)
    return wrong(say_n("l02.counts.wrong", len(wrong_ones), counts=counts),
                 hint=say(f"l02.counts.{wrong_ones[0]}.hint"))


def _other_orientation(letter: str) -> list[Cell]:
    """A drawing of ``letter`` that is not the list's: its first other orientation (the
    list's own when it has no other, as the X)."""
    forms = [f for f in FIXED_BY_LETTER[_letter(letter)] if f != PENTOMINOES[letter].cells]
    return list(forms[0] if forms else PENTOMINOES[letter].cells)


@checker(POINTS, answers=("cells",), solution=_other_orientation,
         example=lambda: ("L",))
def check_drawing(cells: Any, letter: str) -> Feedback:
    """Draw ``letter`` in an orientation different from the list's (cells ``(x, y)``)."""
    cs = POINTS.read(cells)
    found = recognise(cs)
    if len(set(cs)) != len(cs):
        return wrong(say("l02.drawing.twice"), hint=say("l02.drawing.twice.hint"))
    if found is None:
        return wrong(say_n("l02.drawing.not-pentomino", len(set(cs))),
                     hint=say("l02.drawing.not-pentomino.hint"))
    if found != _letter(letter):
        return wrong(say("l02.drawing.other-shape", found=found, letter=letter))
    if len(FIXED_BY_LETTER[letter]) == 1:
        return right(say("l02.drawing.one-orientation", letter=letter))
    if normalise(cs) == PENTOMINOES[letter].cells:
        return wrong(say("l02.drawing.as-listed", letter=letter),
                     hint=say("l02.drawing.as-listed.hint"))
    return right(say("l02.drawing.right", letter=letter))


def exit_ticket() -> ExitTicket:
    """Lesson 2's exit ticket, on shapes whose orbits and counts the lesson never prints:
    the S tetromino's orientations, the O tetromino's symmetries, the trominoes."""
    return ExitTicket(2, (
        Question(say("l02.exit.1", shape=shape_shown("S tetromino")), check_fixed_count,
                 ("S tetromino",)),
        Question(say("l02.exit.2", shape=shape_shown("O tetromino")), check_stabiliser_size,
                 ("O tetromino",)),
        Question(say("l02.exit.3"), check_counts, (3,)),
    ))
