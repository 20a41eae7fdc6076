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
from .words import say, say_n

__all__ = ["check_fewest_ring", "check_perimeter", "check_ring_size", "check_shapes_needed",
           "exit_ticket", "ring_drawn", "shape_map"]


def shape_map(picture: str, name: str) -> Map:
    """A map with one fossil A drawn as a picture, rows separated by spaces ('#' a fossil
    cell, '.' an open one), with a border of 2 open cells and a star in its top left
    corner: ``shape_map("### #.# ###", "A hollow fossil")``. The star's bonus may be a One
    Square, the only thing that can fill a hole in the fossil (without one to be had, the
    map rule fossil-never-dug-up rejects a hollow fossil)."""
    rows = picture.split()
    width = len(rows[0]) + 4
    grid = ["* " + ". " * (width - 1), ". " * width]
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
        return right(say("l05.perimeter.right", shape=shape_called(letter), p=p))
    if answer == 4 * n:
        return wrong(say("l05.perimeter.all-sides", sides=4 * n, n=n),
                     hint=say("l05.perimeter.all-sides.hint"))
    return wrong(say("l05.perimeter.wrong", shape=shape_called(letter), answer=answer),
                 hint=say("l05.perimeter.hint", n=n))


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
    touch = say_n("l05.ring.touch", k)
    shape = shape_called(letter)
    if answer == ring:
        if ring == p:
            return right(say("l05.ring.right.same", shape=shape, ring=say_n("n.rings", ring)))
        return right(say("l05.ring.right.fewer", shape=shape, ring=say_n("n.rings", ring), p=p,
                         touch=touch))
    if answer == p:
        return wrong(say("l05.ring.perimeter", p=p, touch=touch), hint=say("l05.ring.hint"))
    return wrong(say_n("l05.ring.wrong", answer, shape=shape), hint=say("l05.ring.hint"))


@checker(WHOLE_NUMBER, solution=fewest_ring_cells, example=lambda: (6,))
def check_fewest_ring(n: int, answer: Any) -> Feedback:
    """The fewest ring cells a shape of ``n`` cells can have."""
    answer = WHOLE_NUMBER.read(answer)
    best = fewest_ring_cells(n)
    if answer == best:
        return right(say("l05.fewest.right", best=best, n=n))
    if answer == most_ring_cells(n):
        return wrong(say("l05.fewest.most", answer=answer, n=n),
                     hint=say("l05.fewest.most.hint"))
    if answer < best:
        return wrong(say_n("l05.fewest.too-few", answer, cells=n),
                     hint=say("l05.fewest.too-few.hint"))
    return wrong(say("l05.fewest.too-many", n=n, answer=answer),
                 hint=say("l05.fewest.too-many.hint"))


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
        return right(say_n("l05.shapes.right", cover.count, how=how, ring=cover.ring,
                           fossil=fossil, best=cover.best_single))
    if answer < cover.count:
        return wrong(say_n("l05.shapes.too-few", answer, ring=cover.ring, fossil=fossil),
                     hint=say("l05.shapes.too-few.hint", best=cover.best_single))
    return wrong(say("l05.shapes.too-many", fossil=fossil, answer=answer),
                 hint=say("l05.shapes.too-many.hint"))


def exit_ticket() -> ExitTicket:
    """Lesson 5's exit ticket: the perimeter and the ring of the T tetromino (which the
    lesson never measures), the fewest ring cells for 9 cells (its table stops at 8)."""
    t = shape_shown("T tetromino")
    return ExitTicket(5, (
        Question(say("l05.exit.1", shape=t), check_perimeter, ("T tetromino",)),
        Question(say("l05.exit.2", shape=t), check_ring_size, ("T tetromino",)),
        Question(say("l05.exit.3"), check_fewest_ring, (9,)),
    ))
