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

from collections.abc import Iterable, Sequence

from ..core.geometry import IDENTITY, LETTERS, PENTOMINOES, SYMMETRIES, Cell, Symmetry
from . import Feedback, right, wrong

__all__ = ["check_composition", "check_image", "check_inverse", "check_matrix",
           "check_non_commuting", "check_stabiliser", "symmetry"]

NAMES = ", ".join(SYMMETRIES)


def symmetry(name: str | Symmetry) -> Symmetry:
    """The symmetry called ``name``; a ValueError lists the eight names."""
    if isinstance(name, Symmetry):
        return name
    if name not in SYMMETRIES:
        raise ValueError(f"{name!r} is not one of the eight symmetries: {NAMES}")
    return SYMMETRIES[name]


def _named(answer: str | Symmetry) -> Symmetry | Feedback:
    try:
        return symmetry(answer)
    except ValueError:
        return wrong(f"{answer!r} is not the name of a symmetry.", hint=f"the names are {NAMES}")


def _formula(s: Symmetry) -> str:
    (a, b), (c, d) = s.matrix
    sign_b, sign_d = ("-" if b < 0 else "+"), ("-" if d < 0 else "+")
    return f"x' = {a}·x {sign_b} {abs(b)}·y, y' = {c}·x {sign_d} {abs(d)}·y"


def check_image(name: str | Symmetry, cell: Cell, answer: Cell) -> Feedback:
    """Where does ``cell`` go under the symmetry?"""
    s = symmetry(name)
    want = s(cell)
    if tuple(answer) == want:
        return right(f"{s} sends {cell} to {want}.")
    return wrong(f"{s} sends {tuple(cell)} to {want}, not {tuple(answer)}.", hint=_formula(s))


def check_matrix(name: str | Symmetry, answer: Sequence[Sequence[int]]) -> Feedback:
    """The matrix ``[[a, b], [c, d]]`` of the symmetry (``(x, y) -> (a·x + b·y, c·x + d·y)``)."""
    s = symmetry(name)
    got = tuple(tuple(row) for row in answer)
    if got == s.matrix:
        return right(f"the matrix of {s} is {[list(r) for r in s.matrix]}.")
    return wrong(f"{[list(r) for r in got]} is not the matrix of {s}.",
                 hint=f"its columns are where (1, 0) and (0, 1) go: {s((1, 0))} and {s((0, 1))}")


def check_composition(first: str | Symmetry, second: str | Symmetry,
                      answer: str | Symmetry) -> Feedback:
    """Which single symmetry does ``first`` then ``second``?"""
    f, s = symmetry(first), symmetry(second)
    got = _named(answer)
    if isinstance(got, Feedback):
        return got
    want = s @ f
    if got == want:
        return right(f"{f} then {s} is {want}.")
    hint = ("the other order gives that one: the order matters" if got == f @ s else
            "follow the cell (1, 0) and the cell (0, 1) through both steps")
    return wrong(f"{f} then {s} is not {got}.", hint=hint)


def check_inverse(name: str | Symmetry, answer: str | Symmetry) -> Feedback:
    """Which symmetry undoes ``name``?"""
    s = symmetry(name)
    got = _named(answer)
    if isinstance(got, Feedback):
        return got
    if got @ s == IDENTITY:
        same = " (it undoes itself)" if got == s else ""
        return right(f"{got} undoes {s}{same}.")
    return wrong(f"{s} then {got} is {got @ s}, not the identity.",
                 hint="a mirror undoes itself; a turn is undone by the turn the other way")


def check_non_commuting(first: str | Symmetry, second: str | Symmetry) -> Feedback:
    """Find two symmetries whose order matters: ``first`` then ``second`` differs from
    ``second`` then ``first``."""
    f, s = symmetry(first), symmetry(second)
    if s @ f != f @ s:
        return right(f"{f} then {s} is {s @ f}, but {s} then {f} is {f @ s}.")
    return wrong(f"{f} then {s} and {s} then {f} are both {s @ f}.",
                 hint="two turns never do: try a turn and a mirror")


def check_stabiliser(letter: str, names: Iterable[str | Symmetry]) -> Feedback:
    """Which symmetries map ``letter`` onto itself (once slid back to the corner)?"""
    if letter not in PENTOMINOES:
        raise ValueError(f"unknown pentomino {letter!r}: the letters are {LETTERS}")
    given = set()
    for n in names:
        got = _named(n)
        if isinstance(got, Feedback):
            return got
        given.add(got.name)
    want = {s.name for s in PENTOMINOES[letter].stabiliser()}
    if given == want:
        return right(f"{', '.join(sorted(want))}: {len(want)} symmetr"
                     f"{'ies' if len(want) > 1 else 'y'}; {len(want)} in the stabiliser × "
                     f"{8 // len(want)} in the orbit = 8.")
    extra, missing = sorted(given - want), sorted(want - given)
    parts = ([f"{', '.join(extra)} change{'s' * (len(extra) == 1)} the {letter}"] if extra
             else []) + ([f"{len(missing)} more leave{'s' * (len(missing) == 1)} it unchanged"]
                         if missing else [])
    hint = ("the identity always leaves a shape unchanged" if "identity" in missing else
            "draw the shape after each symmetry and compare")
    return wrong("; ".join(parts) + ".", hint=hint)
