"""Checks for lesson 5, "Area and perimeter": the perimeter and the ring of a pentomino,
the fewest ring cells a shape of n cells can have, and how many pentominoes a fossil's
ring needs at least. Every true answer comes from :mod:`paleowidgets.core.enclosure`.

>>> check_ring_size("I", 12)
✔ Right: the I pentomino has 12 ring cells, as many as its perimeter: no ring cell touches it twice.
>>> check_ring_size("L", 12).hint
'a ring cell in an inside corner touches two sides of the shape but counts once.'
"""

from __future__ import annotations

from typing import Any

from ..core.enclosure import (
    contacts,
    fewest_ring_cells,
    fewest_shapes,
    most_ring_cells,
    perimeter,
    ring_of,
)
from ..core.maps import Map, parse_document
from ..core.rules import Game, State
from . import Feedback, checker, right, wrong
from .answers import WHOLE_NUMBER
from .shapes import shape_called, shape_cells, shape_shown
from .tickets import ExitTicket, Question

__all__ = ["check_fewest_ring", "check_perimeter", "check_ring_size", "check_shapes_needed",
           "exit_ticket", "ring_drawn", "shape_map"]


def shape_map(picture: str, name: str) -> Map:
    """A map with one fossil A drawn as a picture, rows separated by spaces ('#' a fossil
    cell, '.' an open one), with a border of 2 open cells: ``shape_map("### #.# ###",
    "A hollow fossil")``."""
    rows = picture.split()
    width = len(rows[0]) + 4
    grid = [". " * width] * 2
    grid += [". . " + " ".join("A" if ch == "#" else "." for ch in row) + " . ." for row in rows]
    grid += [". " * width] * 2
    text = (f'[map]\nname = "{name}"\ngrid = """\n' + "\n".join(g.strip() for g in grid)
            + '\n"""\n[fossils.A]\npoints = 1\nbonus = 1\n')
    doc = parse_document(text)
    assert isinstance(doc, Map)
    return doc


def ring_drawn(game: Game, fossil: str) -> State:
    """A blank sheet of ``game`` with the ring of ``fossil`` drawn by the fewest
    pentominoes :func:`~paleowidgets.core.enclosure.fewest_shapes` finds (drawn without
    dice, for the picture)."""
    state = game.initial_state()
    for _letter, cells in fewest_shapes(game, fossil).shapes:
        state = state.play(game.mask_of(cells), 0)
    return state


def _perimeter(letter: str) -> int:
    return perimeter(shape_cells(letter))


@checker(WHOLE_NUMBER, solution=_perimeter, example=lambda: ("P",))
def check_perimeter(letter: str, answer: Any) -> Feedback:
    """The perimeter of a shape (a pentomino's letter, or a tetromino: :mod:`.shapes`):
    how many cell sides are on its outline?"""
    p = _perimeter(letter)
    n = len(shape_cells(letter))
    answer = WHOLE_NUMBER.read(answer)
    if answer == p:
        return right(f"{shape_called(letter)} has a perimeter of {p} cell sides.")
    if answer == 4 * n:
        return wrong(f"{4 * n} is {n} cells × 4 sides: the sides two cells share are not on "
                     "the outline.", hint="take away 2 for every pair of cells side by side.")
    return wrong(f"the perimeter of {shape_called(letter)} is not {answer}.",
                 hint=f"count the sides on the outline, or: {n} × 4 minus 2 for each shared "
                      "side.")


def _ring_size(letter: str) -> int:
    return len(ring_of(shape_cells(letter)))


@checker(WHOLE_NUMBER, solution=_ring_size, example=lambda: ("L",))
def check_ring_size(letter: str, answer: Any) -> Feedback:
    """How many ring cells (cells sharing a side with it) does the shape have? ``letter``:
    a pentomino's letter, or a tetromino (:mod:`.shapes`)."""
    answer = WHOLE_NUMBER.read(answer)
    cells = shape_cells(letter)
    ring, p = len(ring_of(cells)), perimeter(cells)
    k = sum(1 for n in contacts(cells).values() if n > 1)
    touch = f"{k} ring cell{'s touch' if k > 1 else ' touches'} it on more than one side"
    if answer == ring:
        if ring == p:
            return right(f"{shape_called(letter)} has {ring} ring cells, as many as its "
                         "perimeter: no ring cell touches it twice.")
        return right(f"{shape_called(letter)} has {ring} ring cells, fewer than its perimeter "
                     f"of {p}: {touch}.")
    if answer == p:
        return wrong(f"{p} is the perimeter, but {touch}.",
                     hint="a ring cell in an inside corner touches two sides of the shape "
                          "but counts once.")
    return wrong(f"{shape_called(letter)} does not have {answer} ring cells.",
                 hint="a ring cell in an inside corner touches two sides of the shape but "
                      "counts once.")


@checker(WHOLE_NUMBER, solution=fewest_ring_cells, example=lambda: (6,))
def check_fewest_ring(n: int, answer: Any) -> Feedback:
    """The fewest ring cells a shape of ``n`` cells can have."""
    answer = WHOLE_NUMBER.read(answer)
    best = fewest_ring_cells(n)
    if answer == best:
        return right(f"{best} ring cells is the least for {n} cells: a shape close to a "
                     "diamond (or a square) wastes the fewest.")
    if answer == most_ring_cells(n):
        return wrong(f"{answer} is the MOST: a straight line of {n} cells has 2n + 2.",
                     hint="make the shape as round as you can.")
    if answer < best:
        return wrong(f"no shape of {n} cells has only {answer} ring cells.",
                     hint="try to draw it, and count again.")
    return wrong(f"some shape of {n} cells needs fewer than {answer} ring cells.",
                 hint="bunch the cells together, like a diamond.")


def _shapes_needed(game: Game, fossil: str) -> int:
    return fewest_shapes(game, fossil).count


def _ring_school() -> tuple[Game, str]:
    from ..data import load_map
    return Game(load_map("ring-school")), "C"


@checker(WHOLE_NUMBER, solution=_shapes_needed, example=_ring_school)
def check_shapes_needed(game: Game, fossil: str, answer: Any) -> Feedback:
    """The fewest pentominoes that draw the whole ring of ``fossil`` on a blank sheet."""
    answer = WHOLE_NUMBER.read(answer)
    cover = fewest_shapes(game, fossil)
    if answer == cover.count:
        how = " + ".join(letter for letter, _ in cover.shapes)
        return right(f"{cover.count} pentominoes ({how}) can draw the {cover.ring} ring cells "
                     f"of {fossil}, and no fewer can: one covers at most {cover.best_single} "
                     "of them.")
    if answer < cover.count:
        return wrong(f"{answer} pentomino{'es' * (answer != 1)} cannot draw all "
                     f"{cover.ring} ring cells of {fossil}.",
                     hint=f"one pentomino covers at most {cover.best_single} of them here.")
    return wrong(f"{fossil}'s ring can be drawn with fewer than {answer} pentominoes.",
                 hint="use long shapes along the long sides.")


def exit_ticket() -> ExitTicket:
    """Lesson 5's exit ticket: the perimeter and the ring of the T tetromino (which the
    lesson never measures), the fewest ring cells for 9 cells (its table stops at 8)."""
    t = shape_shown("T tetromino")
    return ExitTicket(5, (
        Question(f"What is the perimeter of {t}?", check_perimeter, ("T tetromino",)),
        Question(f"How many ring cells does {t} have?", check_ring_size, ("T tetromino",)),
        Question("What is the fewest ring cells a shape of 9 cells can have?",
                 check_fewest_ring, (9,)),
    ))
