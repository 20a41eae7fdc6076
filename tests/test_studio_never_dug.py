"""What the never-dug-up map rule does not catch (docs/FORMATS.md, "Why a map is
rejected"): it checks one ring cell at a time and takes One Square as always at hand.
Each map here can never have its fossil dug up, and `paleo validate` accepts it, as the
documentation says; the test proves the first claim by search, not by trust."""

from __future__ import annotations

from pathlib import Path

from paleowidgets.core.geometry import FIXED
from paleowidgets.core.maps import Map, Puzzle, map_problems, parse_document

ROOT = Path(__file__).resolve().parent.parent

# Fossil A (C3): its ring stars C2 and B3 share a pocket of 7 open cells
# (A1 B1 C1 A2 C2 A3 B3): each has a pentomino over it, no two disjoint ones cover both.
TWO_STARS = '''[map]
name = "Two stars, one pocket"
grid = """
. . . # . . .
. # * # . . .
. * A . . . .
# # . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
"""
[fossils.A]
points = 3
bonus = 1
[puzzle]
title = "Never"
rolls = [[1, 2], [3, 4], [5, 6]]
'''

# Fossil A (C3): its ring cell B3 is a hole of one cell walled in by '#'; no star on the
# map and no bonus at the start, so no One Square can ever fill it.
WALLED = '''[map]
name = "Walled hole"
grid = """
. . . . . . .
. # . . . . .
# . A . . . .
. # . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
"""
[fossils.A]
points = 3
bonus = 1
[puzzle]
title = "Never"
rolls = [[1, 2], [3, 4], [5, 6]]
'''


def placements_over(m: Map, cell: tuple[int, int]) -> list[frozenset[tuple[int, int]]]:
    """Every pentomino placement on the map's open cells (no fossil, no '#') over ``cell``."""
    fossil_cells = {c for f in m.fossils for c in f.cells}

    def free(c: tuple[int, int]) -> bool:
        return m.inside(c) and c not in fossil_cells and c not in m.predrawn

    out = set()
    for form in FIXED:
        for ax, ay in form:
            cells = frozenset((x + cell[0] - ax, y + cell[1] - ay) for x, y in form)
            if all(free(c) for c in cells):
                out.add(cells)
    return sorted(out, key=sorted)


def test_stars_that_cannot_all_be_covered_are_not_caught() -> None:
    p = parse_document(TWO_STARS)                              # read: accepted
    assert isinstance(p, Puzzle) and map_problems(p.map) == []
    m = p.map
    ring_stars = sorted(m.fossils[0].ring & m.stars)
    assert ring_stars == [(1, 2), (2, 1)]
    over = {s: placements_over(m, s) for s in ring_stars}
    assert all(over.values())                                  # each one alone: yes
    assert not any(set(ring_stars) <= p for p in over[ring_stars[0]])   # not by one shape
    assert all(a & b for a in over[ring_stars[0]] for b in over[ring_stars[1]])  # together: no


def test_a_walled_hole_on_a_map_without_stars_is_not_caught() -> None:
    p = parse_document(WALLED)                                 # read: accepted
    assert isinstance(p, Puzzle) and map_problems(p.map) == [] and not any(p.bonuses)
    m = p.map
    assert not m.stars
    hole = (1, 2)
    assert hole in m.fossils[0].ring and placements_over(m, hole) == []


def test_the_documentation_says_what_the_rule_misses() -> None:
    text = " ".join((ROOT / "docs" / "FORMATS.md").read_text(encoding="utf-8").split())
    assert "stars that cannot all be covered together" in text
    assert "a plain ring cell that no pentomino fits over" in text
    assert "tests/test_studio_never_dug.py" in text

