"""Lesson 2, pentominoes: checks for the counting exercises (12 free, 18 one-sided, 63 fixed).

Every check asks the core (:mod:`paleowidgets.core.geometry`) for the true answer and says
"right", or what is off with a hint towards the idea (orbit-stabiliser, mirror images).

>>> check_fixed_count("T", 8).hint
'some turns or flips give the same picture: which symmetries leave the T unchanged?'
>>> check_fixed_count("T", 4)
✔ Right: the T pentomino has 4 fixed orientations: 4 × 2 symmetries onto itself = 8.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.geometry import (
    FIXED_BY_LETTER,
    LETTERS,
    PENTOMINOES,
    Cell,
    count_shapes,
    normalise,
    polyominoes,
    recognise,
)
from . import Feedback, right, wrong

__all__ = ["MIRROR_PAIRS", "check_counts", "check_drawing", "check_fixed_count",
           "check_mirror_pairs", "check_stabiliser_size", "check_totals"]

# The letters whose mirror image is another one-sided shape (no mirror maps them onto
# themselves): each counts twice among the one-sided pentominoes.
MIRROR_PAIRS = frozenset(
    p.letter for p in PENTOMINOES.values() if not any(not s.is_rotation for s in p.stabiliser()))


def _letter(letter: str) -> str:
    if letter not in PENTOMINOES:
        raise ValueError(f"unknown pentomino {letter!r}: the letters are {LETTERS}")
    return letter


def check_fixed_count(letter: str, answer: int) -> Feedback:
    """How many different orientations (fixed pentominoes) does ``letter`` have?"""
    n = len(FIXED_BY_LETTER[_letter(letter)])
    k = 8 // n
    if answer == n:
        return right(f"the {letter} pentomino has {n} fixed orientation{'s' * (n > 1)}: "
                     f"{n} × {k} symmetr{'ies' if k > 1 else 'y'} onto itself = 8.")
    if answer > 8:
        return wrong(f"{answer} is more than the 8 symmetries of the square.",
                     hint="each orientation comes from at least one of the 8 symmetries")
    if answer > n:
        return wrong(f"the {letter} pentomino has fewer than {answer} different orientations.",
                     hint="some turns or flips give the same picture: which symmetries "
                          f"leave the {letter} unchanged?")
    return wrong(f"the {letter} pentomino has more than {answer} different orientation"
                 f"{'s' * (answer != 1)}.",
                 hint="do not forget to flip it over as well as turn it")


def check_stabiliser_size(letter: str, answer: int) -> Feedback:
    """How many of the 8 symmetries map ``letter`` onto itself?"""
    k = len(PENTOMINOES[_letter(letter)].stabiliser())
    if answer == k:
        return right(f"{k} symmetr{'ies' if k > 1 else 'y'} map the {letter} onto itself, "
                     f"so it has 8 ÷ {k} = {8 // k} orientation{'s' * (k < 8)}.")
    hint = ("the identity (doing nothing) always counts" if answer < 1 else
            f"orbit × stabiliser = 8, and the {letter} has "
            f"{len(FIXED_BY_LETTER[letter])} orientation{'s' * (k < 8)}")
    return wrong(f"{answer} is not the number of symmetries that leave the {letter} "
                 "unchanged.", hint=hint)


def check_mirror_pairs(letters: Iterable[str]) -> Feedback:
    """Which pentominoes are different from their mirror image (cannot be turned into it)?"""
    given = {x.upper() for x in letters}
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
        parts.append(f"{', '.join(missing)} cannot")
    return wrong("; ".join(parts) + ".",
                 hint="a shape equals its mirror image when some mirror line folds it "
                      "onto itself")


def check_totals(free: int, one_sided: int, fixed: int) -> Feedback:
    """How many free, one-sided and fixed pentominoes are there?"""
    return check_counts(5, free, one_sided, fixed)


def check_counts(size: int, free: int, one_sided: int, fixed: int) -> Feedback:
    """How many free, one-sided and fixed polyominoes of ``size`` cells are there?
    (The core grows them cell by cell and counts.)"""
    want = count_shapes(polyominoes(size))
    got = (free, one_sided, fixed)
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


def check_drawing(cells: Iterable[Cell], letter: str) -> Feedback:
    """Draw ``letter`` in an orientation different from the list's (cells ``(x, y)``)."""
    cs = list(cells)
    found = recognise(cs)
    if found is None:
        return wrong(f"these {len(set(cs))} cells are not a pentomino.",
                     hint="five cells, each sharing a side with another")
    if found != _letter(letter):
        return wrong(f"that is the {found} pentomino, not the {letter}.")
    if normalise(cs) == PENTOMINOES[letter].cells:
        return wrong(f"that is the {letter} exactly as it is drawn in the list.",
                     hint="turn it or flip it over first")
    return right(f"the {letter} pentomino, in another orientation than in the list.")
