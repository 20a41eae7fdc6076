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
from ..i18n import t
from . import Feedback, checker, right, wrong
from .answers import CELL_NAMES, YES_NO
from .tickets import ExitTicket, Question
from .words import both, say, say_n

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
    hint = say("l04.ring.hint")
    inside = got & e.fossil.cells
    if inside:
        return wrong(say_n("l04.ring.inside", len(inside), cells=_listed(inside), fossil=fossil),
                     hint=hint)
    corner = got & e.diagonal
    if corner:
        return wrong(say_n("l04.ring.corner", len(corner), cells=_listed(corner),
                           fossil=fossil), hint=hint)
    far = got - e.ring
    if far:
        return wrong(say_n("l04.ring.far", len(far), cells=_listed(far), fossil=fossil),
                     hint=hint)
    missed = e.ring - got
    if missed:
        return wrong(say_n("l04.ring.missed", len(missed)), hint=say("l04.ring.missed.hint"))
    return right(say("l04.ring.right", fossil=fossil, cells=_listed(e.ring), n=len(e.ring)))


def _gaps(state: State, fossil: str) -> list[str]:
    return names(enclosure(state, fossil).gaps)


@checker(CELL_NAMES, solution=_gaps, example=_blank)
def check_gaps(state: State, fossil: str, answer: Any) -> Feedback:
    """Does ``answer`` name exactly the cells through which the fill leaks out at step 1?"""
    got = CELL_NAMES.read(answer)
    e = enclosure(state, fossil)
    if not e.gaps:
        return (right(say("l04.gaps.none", fossil=fossil))
                if not got else wrong(say("l04.gaps.complete", fossil=fossil),
                                      hint=say("l04.gaps.complete.hint")))
    inside = got & e.fossil.cells
    if inside:
        return wrong(say_n("l04.gaps.inside", len(inside), cells=_listed(inside),
                           fossil=fossil), hint=say("l04.gaps.hint"))
    drawn = got & e.covered
    if drawn:
        return wrong(say_n("l04.gaps.drawn", len(drawn), cells=_listed(drawn)),
                     hint=say("l04.gaps.hint"))
    if got - e.gaps:
        return wrong(say_n("l04.gaps.far", len(got - e.gaps), cells=_listed(got - e.gaps)),
                     hint=say("l04.gaps.far.hint"))
    if e.gaps - got:
        return wrong(say("l04.gaps.found", found=len(got), total=len(e.gaps)),
                     hint=say("l04.gaps.found.hint"))
    return right(say("l04.gaps.right", cells=_listed(e.gaps)))


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
            return right(say("l04.bonus.holds", fossil=fossil, dig=t(f"dig.{b.dig}"),
                             bonus=e.fossil.bonus))
        why = (say("l04.bonus.not-complete") if not e.dug_up else
               say("l04.bonus.mixed", digs=both(t(f"dig.{d}") for d in b.digs))
               if len(b.digs) > 1 else say("l04.bonus.no-dig"))
        return right(say("l04.bonus.none", fossil=fossil, why=why))
    if got:
        if not e.dug_up:
            return wrong(say("l04.bonus.not-dug-up", fossil=fossil),
                         hint=say("l04.bonus.not-dug-up.hint"))
        return wrong(say("l04.bonus.not-earned", fossil=fossil),
                     hint=say("l04.bonus.not-earned.hint"))
    return wrong(say("l04.bonus.earned", fossil=fossil), hint=say("l04.bonus.earned.hint"))


def exit_ticket() -> ExitTicket:
    """Lesson 4's exit ticket, on a blank Ring school sheet: the Tusk's ring, and whether
    a fossil not yet dug up holds its bonus."""
    blank, _ = _blank()
    return ExitTicket(4, (
        Question(say("l04.exit.1"), check_ring, (blank, "B")),
        Question(say("l04.exit.2"), check_bonus, (blank, "A")),
    ))
