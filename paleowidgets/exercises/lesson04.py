"""Checks for lesson 4, "Neighbours and enclosure": name a ring, name the gaps a fill
leaks through, say whether a same-dig-type bonus holds. Each answer is compared with
:mod:`paleowidgets.core.enclosure`, and a wrong one is told what is wrong with it.

>>> from paleowidgets.data import load_map
>>> from paleowidgets.core.rules import Game
>>> blank = Game(load_map("ring-school")).initial_state()
>>> check_ring(blank, "C", "C5 B6 D6 C7")
✔ Right: the ring of C is C5, B6, D6, C7: 4 cells, all orthogonally next to it.
>>> check_ring(blank, "C", "C5 B6 D6 C7 B5").message
'B5 touches C only at a corner (diagonally): it is not needed.'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.enclosure import enclosure, names
from ..core.geometry import Cell
from ..core.rules import Game, State
from ..core.turns import Turn
from . import Feedback, checker, right, wrong
from .answers import CELL_NAMES, YES_NO
from .tickets import ExitTicket, Question

__all__ = ["check_bonus", "check_gaps", "check_ring", "exit_ticket", "turn"]


def turn(text: str, **extra: Any) -> Turn:
    """A turn written briefly, shape, dig type, then the five cells:
    ``turn("I hatch H1 H2 H3 H4 H5")``; ``extra`` adds keys of the turn format
    (``stars=["plus-one"]``)."""
    shape, dig, *cells = text.split()
    return Turn.from_dict({"shape": shape, "dig": dig, "cells": cells, **extra})


def _listed(cells: Iterable[Cell]) -> str:
    return ", ".join(names(cells))


def _blank() -> tuple[State, str]:
    from ..data import load_map
    return Game(load_map("ring-school")).initial_state(), "C"


def _ring(state: State, fossil: str) -> list[str]:
    return names(enclosure(state, fossil).ring)


@checker(CELL_NAMES, solution=_ring, example=_blank)
def check_ring(state: State, fossil: str, answer: Any) -> Feedback:
    """Is ``answer`` the ring of ``fossil`` (every cell that shares a side with it)?"""
    got = CELL_NAMES.read(answer)
    e = enclosure(state, fossil)
    hint = "the ring is the cells that share a side with the fossil."
    inside = got & e.fossil.cells
    if inside:
        return wrong(f"{_listed(inside)} {'is' if len(inside) == 1 else 'are'} part of "
                     f"{fossil} itself, not of its ring.", hint=hint)
    corner = got & e.diagonal
    if corner:
        return wrong(f"{_listed(corner)} {'touches' if len(corner) == 1 else 'touch'} "
                     f"{fossil} only at a corner (diagonally): "
                     f"{'it is' if len(corner) == 1 else 'they are'} not needed.", hint=hint)
    far = got - e.ring
    if far:
        return wrong(f"{_listed(far)} {'does' if len(far) == 1 else 'do'} not touch "
                     f"{fossil} at all.", hint=hint)
    missed = e.ring - got
    if missed:
        return wrong(f"{len(missed)} ring cell{'s are' if len(missed) > 1 else ' is'} "
                     "missing from your answer.",
                     hint="walk round the fossil side by side; look inside its pockets too.")
    return right(f"the ring of {fossil} is {_listed(e.ring)}: {len(e.ring)} cells, all "
                 "orthogonally next to it.")


def _gaps(state: State, fossil: str) -> list[str]:
    return names(enclosure(state, fossil).gaps)


@checker(CELL_NAMES, solution=_gaps, example=_blank)
def check_gaps(state: State, fossil: str, answer: Any) -> Feedback:
    """Does ``answer`` name exactly the cells through which the fill leaks out at step 1?"""
    got = CELL_NAMES.read(answer)
    e = enclosure(state, fossil)
    if not e.gaps:
        return (right(f"no gap: every ring cell of {fossil} is drawn, it is dug up.")
                if not got else wrong(f"{fossil}'s ring is complete: the fill cannot leak.",
                                      hint="look for ring cells that are not drawn yet."))
    inside = got & e.fossil.cells
    if inside:
        return wrong(f"{_listed(inside)} {'is' if len(inside) == 1 else 'are'} part of "
                     f"{fossil} itself: the fill starts there.",
                     hint="a gap is a ring cell still open.")
    drawn = got & e.covered
    if drawn:
        return wrong(f"{_listed(drawn)} {'is' if len(drawn) == 1 else 'are'} drawn already: "
                     "the fill cannot pass there.", hint="a gap is a ring cell still open.")
    if got - e.gaps:
        return wrong(f"{_listed(got - e.gaps)}: the fill does not reach "
                     f"{'it' if len(got - e.gaps) == 1 else 'them'} in its first step.",
                     hint="the first step goes only to open cells that share a side with "
                          "the fossil.")
    if e.gaps - got:
        return wrong(f"you found {len(got)} of the {len(e.gaps)} gaps.",
                     hint="check every side of every fossil cell.")
    return right(f"the fill leaks out through {_listed(e.gaps)}.")


def _holds(state: State, fossil: str) -> bool:
    return enclosure(state, fossil).bonus.holds


@checker(YES_NO, solution=_holds, example=_blank)
def check_bonus(state: State, fossil: str, answer: Any) -> Feedback:
    """Does ``fossil`` hold its same-dig-type bonus (True or False)?"""
    e = enclosure(state, fossil)
    b = e.bonus
    got = YES_NO.read(answer)
    if got == b.holds:
        if b.holds:
            return right(f"every ring cell of {fossil} is {b.dig}: +{e.fossil.bonus}.")
        why = ("its ring is not complete" if not e.dug_up else
               "its ring mixes " + " and ".join(b.digs) if len(b.digs) > 1 else
               "a ring cell has no dig type (One Square or drawn before the start)")
        return right(f"no bonus for {fossil}: {why}.")
    if got:
        if not e.dug_up:
            return wrong(f"{fossil} is not dug up yet, so it earns no bonus.",
                         hint="a bonus needs every ring cell drawn first.")
        return wrong(f"{fossil} does not earn its bonus.",
                     hint="look at the dig type of every ring cell.")
    return wrong(f"{fossil} does earn its bonus.",
                 hint="are all its ring cells drawn with the same pattern?")


def exit_ticket() -> ExitTicket:
    """Lesson 4's exit ticket, on a blank Ring school sheet: the Tusk's ring, and whether
    a fossil not yet dug up holds its bonus."""
    blank, _ = _blank()
    return ExitTicket(4, (
        Question("On a blank Ring school sheet, which cells make the ring of the Tusk (B)?",
                 check_ring, (blank, "B")),
        Question("On a blank sheet, does the Trilobite (A) hold its same-dig-type bonus?",
                 check_bonus, (blank, "A")),
    ))
