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
from .shapes import shape_called, shape_cells, shape_picture
from .tickets import ExitTicket, Question

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
        return right(f"{shape} has {n} fixed orientation{'s' * (n > 1)}: "
                     f"{n} × {k} symmetr{'ies' if k > 1 else 'y'} onto itself = 8.")
    if got > 8:
        return wrong(f"{got} is more than the 8 symmetries of the square.",
                     hint="each orientation comes from at least one of the 8 symmetries")
    if got < 1:
        return wrong(f"every shape has at least one orientation: the way it is drawn, not {got}.",
                     hint="do not forget to flip it over as well as turn it")
    if got > n:
        return wrong(f"{shape} has fewer than {got} different orientations.",
                     hint="some turns or flips give the same picture: which symmetries "
                          f"leave {shape} unchanged?")
    return wrong(f"{shape} has more than {got} different orientation"
                 f"{'s' * (got != 1)}.",
                 hint="do not forget to flip it over as well as turn it")


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
        return right(f"{k} symmetr{'ies' if k > 1 else 'y'} map {shape} onto itself, "
                     f"so it has 8 ÷ {k} = {8 // k} orientation{'s' * (k < 8)}.")
    if got > 8:
        return wrong(f"the square has only 8 symmetries, not {got}.",
                     hint="4 turns (the identity among them) and 4 mirrors")
    hint = ("the identity (doing nothing) always counts" if got < 1 else
            f"orbit × stabiliser = 8, and {shape} has "
            f"{8 // k} orientation{'s' * (k < 8)}")
    return wrong(f"{got} is not the number of symmetries that leave {shape} "
                 "unchanged.", hint=hint)


@checker(LETTER_SET, answers=("letters",), solution=lambda: sorted(MIRROR_PAIRS),
         example=lambda: ())
def check_mirror_pairs(letters: Any) -> Feedback:
    """Which pentominoes are different from their mirror image (cannot be turned into it)?"""
    given = LETTER_SET.read(letters)
    missing = sorted(MIRROR_PAIRS - given)
    extra = sorted(given - MIRROR_PAIRS)
    if not missing and not extra:
        return right(f"{', '.join(sorted(MIRROR_PAIRS))}: {len(MIRROR_PAIRS)} shapes whose "
                     f"mirror image is new, so 12 + {len(MIRROR_PAIRS)} = "
                     f"{12 + len(MIRROR_PAIRS)} one-sided pentominoes.")
    parts = []
    if extra:
        its = "its" if len(extra) == 1 else "their"
        parts.append(f"{', '.join(extra)} can be turned into {its} mirror image")
    if missing:
        parts.append(f"{len(missing)} more shape{'s' * (len(missing) > 1)} cannot"
                     if extra else f"you found {len(given)} of the {len(MIRROR_PAIRS)} "
                     "shapes that cannot")
    return wrong("; ".join(parts) + ".",
                 hint="a shape equals its mirror image when some mirror line folds it "
                      "onto itself")


@functools.cache
def _counts(size: int) -> tuple[int, int, int]:
    return count_shapes(polyominoes(size))


@checker(WHOLE_NUMBER, answers=("free", "one_sided", "fixed"),
         expects="three whole numbers: free=..., one_sided=..., fixed=...",
         solution=lambda: _counts(5), example=lambda: ())
def check_totals(free: Any, one_sided: Any, fixed: Any) -> Feedback:
    """How many free, one-sided and fixed pentominoes are there?"""
    return _check_counts(5, free, one_sided, fixed)


@checker(WHOLE_NUMBER, answers=("free", "one_sided", "fixed"),
         expects="three whole numbers: free, one_sided, fixed",
         solution=_counts, example=lambda: (4,))
def check_counts(size: int, free: Any, one_sided: Any, fixed: Any) -> Feedback:
    """How many free, one-sided and fixed polyominoes of ``size`` cells are there?
    (The core grows them cell by cell and counts.)"""
    return _check_counts(size, free, one_sided, fixed)


def _check_counts(size: int, free: Any, one_sided: Any, fixed: Any) -> Feedback:
    want = _counts(size)
    got = tuple(WHOLE_NUMBER.read(a) for a in (free, one_sided, fixed))
    if got == want:
        return right(f"{want[0]} free, {want[1]} one-sided and {want[2]} fixed shapes of "
                     f"{size} cells.")
    wrong_ones = [name for name, a, b in zip(("free", "one-sided", "fixed"), got, want,
                                             strict=True) if a != b]
    hints = {"free": "turning and flipping over do not make a new shape",
             "one-sided": "turning does not make a new shape, flipping over can",
             "fixed": "every turn and flip that gives a new picture counts: add up the "
                      "orientations of each free shape"}
    return wrong(f"the {' and '.join(wrong_ones)} count{'s' * (len(wrong_ones) > 1)} "
                 f"{'is' if len(wrong_ones) == 1 else 'are'} not right.",
                 hint=hints[wrong_ones[0]])


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
        return wrong("a cell is listed twice.", hint="five different cells")
    if found is None:
        return wrong(f"these {len(set(cs))} cells are not a pentomino.",
                     hint="five cells, each sharing a side with another")
    if found != _letter(letter):
        return wrong(f"that is the {found} pentomino, not the {letter}.")
    if len(FIXED_BY_LETTER[letter]) == 1:
        return right(f"the {letter} pentomino: it looks the same in every orientation.")
    if normalise(cs) == PENTOMINOES[letter].cells:
        return wrong(f"that is the {letter} exactly as it is drawn in the list.",
                     hint="turn it or flip it over first")
    return right(f"the {letter} pentomino, in another orientation than in the list.")


def exit_ticket() -> ExitTicket:
    """Lesson 2's exit ticket, on shapes whose orbits and counts the lesson never prints:
    the S tetromino's orientations, the O tetromino's symmetries, the trominoes."""
    def called(name: str) -> str:
        return f"{shape_called(name)} (rows {shape_picture(name)})"

    return ExitTicket(2, (
        Question(f"How many different orientations does {called('S tetromino')} have?",
                 check_fixed_count, ("S tetromino",)),
        Question(f"How many of the 8 symmetries of the square map {called('O tetromino')} "
                 "onto itself?", check_stabiliser_size, ("O tetromino",)),
        Question("Trominoes have 3 cells. How many free, one-sided and fixed trominoes "
                 "are there? Answer with a list [free, one_sided, fixed].",
                 check_counts, (3,)),
    ))
