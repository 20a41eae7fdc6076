"""The never-dug-up map rule beyond one ring cell at a time (docs/FORMATS.md, "Why a map is
rejected"): stars of a ring that no set of non-overlapping pentominoes covers all together,
and ring cells no pentomino fits over where the map cannot give enough One Squares (none
at all, or fewer than such cells: at most 4 from stars, plus a puzzle's own).

Each map that breaks the rule is rejected by the reader and by ``paleo validate`` (exit 2,
one line: file, the fossil's line, fossil, cells, rule id), and the map just on the other
side of it is accepted. That the rejected fossils can never be dug up is shown here by a
search of its own (every placement built from the 63 fixed pentominoes, no rules code),
not taken on trust.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from paleowidgets.core.drafts import Draft
from paleowidgets.core.enclosure import ring_of
from paleowidgets.core.geometry import FIXED
from paleowidgets.core.maps import (
    Fossil,
    Map,
    MapRuleError,
    Puzzle,
    map_problems,
    parse_document,
)

ROOT = Path(__file__).resolve().parent.parent
Cell = tuple[int, int]

# The end of every document below: fossil A's table (line 12), then a puzzle's.
TAIL = '''[fossils.A]
points = 3
bonus = 1
[puzzle]
title = "Never"
rolls = [[1, 2], [3, 4], [5, 6]]
'''

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
''' + TAIL
# The other side: D1 open, the pocket opens to the right: an L (C2 C1 D1 E1 F1) and a
# U (A1 B1 A2 A3 B3) cover both stars without overlapping.
TWO_STARS_OPEN = TWO_STARS.replace(". . . # . . .", ". . . . . . .")

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
''' + TAIL
# The other sides: a star that a shape can cover (its bonus may be a One Square), or a
# One Square held at the start.
WALLED_STAR = WALLED.replace(". . . . . . .\n\"\"\"", ". . . . . . *\n\"\"\"")
WALLED_BONUS = WALLED + "bonuses = { one-square = 1 }\n"

# Fossil A (C4-G4): five walled holes in its ring (C3 E3 G3 D5 F5); five stars on the
# border, which shapes can cover, but a game gives at most 4 One Squares from stars.
FIVE_HOLES = '''[map]
name = "Five holes"
grid = """
* . . . * . . . *
. # # # # # # # .
. # . # . # . # .
. # A A A A A # .
. # # . # . # # .
. # # # # # # # .
* . . . . . . . *
"""
''' + TAIL
FIVE_HOLES_BONUS = FIVE_HOLES + "bonuses = { one-square = 1 }\n"   # 4 + 1: enough

FOSSIL_LINE = 12        # the line of [fossils.A] in each document above


# -- an independent search -------------------------------------------------------------

def placements_over(m: Map, cell: Cell) -> list[frozenset[Cell]]:
    """Every pentomino placement on the map's open cells (no fossil, no '#') over ``cell``."""
    return _placements(m).get(cell, [])


@functools.cache
def _placements(m: Map) -> dict[Cell, list[frozenset[Cell]]]:
    fossil_cells = {c for f in m.fossils for c in f.cells}
    free = {(x, y) for x in range(m.width) for y in range(m.height)} - fossil_cells - m.predrawn
    by_cell: dict[Cell, list[frozenset[Cell]]] = {}
    for form in FIXED:
        for dx in range(m.width):
            for dy in range(m.height):
                cells = frozenset((x + dx, y + dy) for x, y in form)
                if cells <= free:
                    for c in cells:
                        by_cell.setdefault(c, []).append(cells)
    return by_cell


def coverable(m: Map, stars: list[Cell]) -> bool:
    """Plain backtracking: the first star not yet covered takes each placement over it
    that overlaps none chosen before."""
    over = {s: placements_over(m, s) for s in stars}

    def go(used: frozenset[Cell]) -> bool:
        left = [s for s in stars if s not in used]
        return not left or any(go(used | p) for p in over[left[0]] if not p & used)

    return go(frozenset())


def ring_stars(m: Map) -> list[Cell]:
    return sorted(m.fossils[0].ring & m.stars, key=lambda c: (c[1], c[0]))


def never(text: str) -> MapRuleError:
    with pytest.raises(MapRuleError) as info:
        parse_document(text, file="never.toml")
    assert info.value.rule == "fossil-never-dug-up"
    return info.value


def accepted(text: str) -> Puzzle:
    p = parse_document(text)
    assert isinstance(p, Puzzle)
    assert map_problems(p.map, one_square=p.bonuses[0]) == []
    return p


# -- stars that cannot all be covered ----------------------------------------------------

def test_two_stars_in_one_pocket_are_rejected() -> None:
    e = never(TWO_STARS)
    assert e.problem.reason == "stars" and e.problem.cells == ((2, 1), (1, 2))
    assert str(e).startswith(f"never.toml:{FOSSIL_LINE}: fossil A can never be dug up: "
                             "the stars C2, B3 of its ring cannot all be covered")
    assert str(e).endswith("[fossil-never-dug-up]")


def test_two_stars_in_one_pocket_truly_cannot_be_covered() -> None:
    m = accepted(TWO_STARS_OPEN).map          # the same map, D1 open ...
    closed = Map(m.name, m.width, m.height, m.fossils, m.stars, m.predrawn | {(3, 0)})
    stars = ring_stars(closed)                # ... and drawn again
    assert stars == [(2, 1), (1, 2)]
    assert all(placements_over(closed, s) for s in stars)          # each one alone: yes
    assert not coverable(closed, stars)                            # together: no
    assert coverable(m, stars)                                     # with D1 open: yes
    assert {frozenset({(2, 1), (2, 0), (3, 0), (4, 0), (5, 0)}),
            frozenset({(0, 0), (1, 0), (0, 1), (0, 2), (1, 2)})} <= {
        p for s in stars for p in placements_over(m, s)}


def test_only_the_stars_in_the_way_are_named() -> None:
    """A third star of the ring that shapes can cover anyway is not named."""
    text = TWO_STARS.replace(". * A . . . .", ". * A * . . .")
    e = never(text)
    assert e.problem.cells == ((2, 1), (1, 2))


# -- cells only One Square can fill ------------------------------------------------------

def test_a_walled_hole_without_one_square_is_rejected() -> None:
    e = never(WALLED)
    assert e.problem.reason == "square" and e.problem.cells == ((1, 2),)
    assert e.problem.limit == 0
    assert str(e).startswith(f"never.toml:{FOSSIL_LINE}: fossil A can never be dug up: its "
                             "ring cell B3 is a cell that no pentomino fits over, and One "
                             "Square can never be had on this map")


@pytest.mark.parametrize("text", [WALLED_STAR, WALLED_BONUS], ids=["star", "bonus"])
def test_a_walled_hole_with_one_square_to_be_had_is_accepted(text: str) -> None:
    m = accepted(text).map
    assert placements_over(m, (1, 2)) == []                # only One Square fills it
    if m.stars:
        assert placements_over(m, next(iter(m.stars)))     # a shape can take the star


def test_five_holes_need_more_than_the_four_one_squares_stars_give() -> None:
    e = never(FIVE_HOLES)
    assert e.problem.reason == "square" and e.problem.limit == 4
    assert [c for c in e.problem.cells] == [(2, 2), (4, 2), (6, 2), (3, 4), (5, 4)]
    assert "ring cells C3, E3, G3, D5, F5 are cells that no pentomino fits over, and at " \
           "most 4 One Squares can be had on this map" in str(e)
    m = accepted(FIVE_HOLES_BONUS).map
    assert all(placements_over(m, c) == [] for c in e.problem.cells)
    assert len(m.stars) == 5 and all(placements_over(m, s) for s in m.stars)


def test_another_fossils_cell_is_no_hole() -> None:
    """Two fossils side by side break their own rule: the other fossil's cell in a ring is
    no cell for One Square (which may not go on a fossil either), so no second problem."""
    d = Draft(7, 7)
    d.paint((2, 2), "A")
    d.paint((3, 2), "B")
    d.rolls = [(1, 2)]
    assert [(p.rule, p.fossil) for p in d.problems()] == [("fossils-adjacent", "A"),
                                                          ("fossils-adjacent", "B")]


# -- the command, and the editor's list ---------------------------------------------------

CASES = [("two-stars", TWO_STARS, "C2, B3"), ("walled", WALLED, "B3"),
         ("five-holes", FIVE_HOLES, "C3, E3, G3, D5, F5")]


@pytest.mark.parametrize(("name", "text", "cells"), CASES, ids=[c[0] for c in CASES])
def test_paleo_validate_rejects_each_case(paleo: Callable[..., Any], tmp_path: Path,
                                          name: str, text: str, cells: str) -> None:
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    run = paleo("validate", path)
    assert run.code == 2 and run.out == ""
    (line,) = run.err_lines
    assert line.startswith(f"paleo: {path}:{FOSSIL_LINE}: fossil A can never be dug up")
    assert cells in line and line.endswith("[fossil-never-dug-up]")
    run = paleo("validate", "--json", path)
    (obj,) = run.json_lines()
    assert run.code == 2 and obj["error"]["rule"] == "fossil-never-dug-up"
    assert obj["error"]["line"] == FOSSIL_LINE


@pytest.mark.parametrize("text", [TWO_STARS_OPEN, WALLED_STAR, WALLED_BONUS,
                                  FIVE_HOLES_BONUS])
def test_paleo_validate_accepts_the_other_side(paleo: Callable[..., Any], tmp_path: Path,
                                               text: str) -> None:
    path = tmp_path / "fine.toml"
    path.write_text(text, encoding="utf-8")
    run = paleo("validate", path)
    assert run.code == 0 and run.out.startswith("ok: "), run.err


# -- exact: the rule against the plain search, on random maps ----------------------------

def random_map(rng: random.Random) -> Map:
    """A small map with one fossil away from the edge, cells drawn at the start ('#') and
    stars at random: many pockets, many stars in rings."""
    w, h = rng.randint(6, 9), rng.randint(6, 9)
    cells = {(rng.randint(2, w - 3), rng.randint(2, h - 3))}
    for _ in range(rng.randint(0, 4)):
        x, y = rng.choice(sorted(cells))
        dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        if 1 <= x + dx < w - 1 and 1 <= y + dy < h - 1:
            cells.add((x + dx, y + dy))
    drawn, stars = set(), set()
    ring = ring_of(cells)
    p_drawn, p_star = rng.choice([0.2, 0.4, 0.55]), rng.choice([0.0, 0.03, 0.25])
    p_ring = rng.choice([0.0, 0.6])
    for y in range(h):
        for x in range(w):
            r = rng.random()
            if (x, y) in ring:                      # stars in the ring, most of all
                (stars if r < p_ring else drawn if r < p_ring + 0.15 else set()).add((x, y))
            elif (x, y) not in cells:
                (drawn if r < p_drawn else stars if r < p_drawn + p_star else set()).add((x, y))
    fossil = Fossil("A", 1, 1, frozenset(cells), ring_of(cells))
    return Map("random", w, h, (fossil,), frozenset(stars), frozenset(drawn))


def test_the_rule_agrees_with_the_plain_search() -> None:
    rng = random.Random(2026)
    seen = {"star": 0, "stars": 0, "square": 0, "fine": 0}
    for _ in range(200):
        m = random_map(rng)
        start = rng.choice([0, 0, 1, 2])                  # One Squares held at the start
        got = {p.reason: p for p in map_problems(m, one_square=start)}
        ring = m.fossils[0].ring - m.predrawn
        stars = sorted(ring & m.stars, key=lambda c: (c[1], c[0]))
        lonely = [s for s in stars if not placements_over(m, s)]
        assert ("star" in got) == bool(lonely)
        if not lonely:
            assert ("stars" in got) == (not coverable(m, stars))
        if "stars" in got:                                # the stars named are in the way,
            named = list(got["stars"].cells)              # and each of them is needed
            assert not coverable(m, named)
            assert all(coverable(m, [c for c in named if c != x]) for x in named)
        holes = [c for c in ring - m.stars if not placements_over(m, c)]
        can_have = start + min(4, sum(1 for s in m.stars if placements_over(m, s)))
        assert ("square" in got) == (len(holes) > can_have)
        if "square" in got:
            assert sorted(got["square"].cells) == sorted(holes)
            assert got["square"].limit == can_have
        for reason in got or ("fine",):
            seen[reason] += 1
    assert all(n >= 3 for n in seen.values()), seen       # each outcome was met


def test_the_documentation_says_what_the_rule_checks() -> None:
    text = " ".join((ROOT / "docs" / "FORMATS.md").read_text(encoding="utf-8").split())
    assert "cannot all be covered by pentominoes that do not overlap" in text
    assert "at most 4 One Squares" in text
    assert "tests/test_studio_never_dug.py" in text


def test_the_cover_search_against_every_subset() -> None:
    """The search under the rule (``_disjoint_cover``: targets first with the fewest
    options left, failed sets remembered) against trying every subset of the options."""
    from itertools import combinations

    from paleowidgets.core.maps import _disjoint_cover

    rng = random.Random(7)
    answers = set()
    for _ in range(400):
        options = [rng.getrandbits(14) & rng.getrandbits(14) | 1 << rng.randrange(14)
                   for _ in range(rng.randint(1, 9))]
        targets = rng.getrandbits(14) & rng.getrandbits(14)
        brute = any(all(not a & b for a, b in combinations(chosen, 2))
                    and targets & ~functools.reduce(int.__or__, chosen, 0) == 0
                    for k in range(len(options) + 1) for chosen in combinations(options, k))
        assert _disjoint_cover(targets, options) == brute, (targets, options)
        answers.add(brute)
    assert answers == {True, False}
