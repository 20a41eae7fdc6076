"""The test pit of the play tests (widgets and session), with no Jupyter import: the
session's tests run without ipywidgets or ipycanvas."""

from __future__ import annotations

from collections.abc import Callable

from paleowidgets.core.maps import Puzzle, parse_document
from paleowidgets.core.rules import State
from paleowidgets.core.turns import Turn

# Fossil A (C3) has C2 pre-drawn: a U round it (B3 D3 B4 C4 D4, middle cell C4) digs it up.
PIT = '''[map]
name = "Test pit"
grid = """
. . . . . . .
. . # . . * .
. . A . . . .
. . . . . . .
. . . . . B .
. . . . . . .
"""
[fossils.A]
name = "Ammonite"
points = 3
bonus = 2
[fossils.B]
points = 1
bonus = 1
[puzzle]
rolls = [[2, 2], [1, 3], [5, 6], [4, 4], [2, 5]]
BONUSES
'''


def pit(bonuses: str = "") -> Puzzle:
    """The pit, with starting bonuses like ``'"one-square" = 1'``."""
    p = parse_document(PIT.replace("BONUSES", f"bonuses = {{ {bonuses} }}" if bonuses
                                   else ""))
    assert isinstance(p, Puzzle)
    return p


def count_applies(action: Callable[[], object]) -> int:
    """How many times ``action()`` calls the core's checked ``State.apply``."""
    calls = 0
    real = State.apply

    def counted(self: State, roll: tuple[int, int], turn: Turn) -> State:
        nonlocal calls
        calls += 1
        return real(self, roll, turn)

    State.apply = counted  # type: ignore[method-assign]
    try:
        action()
    finally:
        State.apply = real  # type: ignore[method-assign]
    return calls
