"""Helpers shared by the tests: small maps written inline, turns written briefly."""

from __future__ import annotations

from typing import Any

from paleowidgets.core.maps import Map, Puzzle, parse_document
from paleowidgets.core.turns import Turn

# A 9x7 test quarry. Fossil A (C3 D3 C4), ring: C2 D2 B3 E3 B4 D4 C5.
# Fossil B (G4), ring: G3 F4 H4 G5. Stars at B2, H2, B6, G6.
QUARRY = '''[map]
name = "Test quarry"
grid = """
. . . . . . . . .
. * . . . . . * .
. . A A . . . . .
. . A . . . B . .
. . . . . . . . .
. * . . . . * . .
. . . . . . . . .
"""
[fossils.A]
name = "Ammonite"
points = 4
bonus = 2

[fossils.B]
name = "Tooth"
points = 1
bonus = 1
'''


def turn(text: str = "", **extra: Any) -> Turn:
    """``turn("L chevron B2 B3 B4 B5 C5", stars=["plus-one"])`` or ``turn(pass_=True)``."""
    data: dict[str, Any] = {}
    if extra.pop("pass_", False):
        data["pass"] = True
    if text:
        shape, dig, *cells = text.split()
        data.update(shape=shape, dig=dig, cells=cells)
    data.update(extra)
    return Turn.from_dict(data)


def load(text: str) -> Map | Puzzle:
    return parse_document(text, file="test.toml")
