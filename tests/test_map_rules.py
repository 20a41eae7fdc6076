"""The map rules as data (core/maps.py ``map_problems``), the new one above all: a fossil
whose ring holds a star that no pentomino can cover can never be dug up (One Square may
not go on a star, RULES.md), so ``paleo validate`` rejects it (tests/test_cli.py runs the
command on tests/data/bad/fossil_never_dug_up*.toml). Every shipped map and every puzzle
of the collection passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from paleowidgets.core.errors import FormatError
from paleowidgets.core.maps import (
    MAP_RULE_IDS,
    Fossil,
    Map,
    MapRuleError,
    Puzzle,
    load_document,
    map_problems,
    parse_document,
)
from paleowidgets.data import MAP_NAMES, load_map

ROOT = Path(__file__).parent.parent
COLLECTION = sorted((ROOT / "puzzles").rglob("*.toml"))


def doc(grid: str, *, puzzle: bool = False, fossils: str = "A") -> str:
    text = f'[map]\nname = "t"\ngrid = """\n{grid}\n"""\n'
    text += "".join(f"[fossils.{f}]\npoints = 2\nbonus = 1\n" for f in fossils)
    return text + ("[puzzle]\nrolls = [[1, 2]]\n" if puzzle else "")


RING_WITH_STAR = """\
. . . . . . .
. A A A . . .
. A * A . . .
. A A A . . .
. . . . . . ."""


def test_a_star_in_the_hole_of_a_ring_can_never_be_drawn() -> None:
    with pytest.raises(MapRuleError) as info:
        parse_document(doc(RING_WITH_STAR), file="ring.toml")
    e = info.value
    assert e.rule == "fossil-never-dug-up" and e.problem.cell == (2, 2)
    assert isinstance(e, FormatError)
    assert str(e).startswith("ring.toml:")
    assert "fossil A" in str(e) and "C3" in str(e) and "[fossil-never-dug-up]" in str(e)


def test_an_open_cell_in_the_hole_needs_a_one_square_to_be_had() -> None:
    """Only One Square can fill the open hole: fine with a star a shape can cover (its
    bonus may be a One Square), never dug up on a map without one."""
    hole = RING_WITH_STAR.replace("*", ".")
    parse_document(doc(hole.replace(". . . . . . .", ". . . . . . *", 1)))
    with pytest.raises(MapRuleError, match=r"ring cell C3 .* One Square can never be had"):
        parse_document(doc(hole))


@pytest.mark.parametrize("room", [4, 5])
def test_a_star_in_a_pocket_needs_room_for_five_cells(room: int) -> None:
    """A star in a corridor walled by drawn cells: with five open cells an I fits over it,
    with four nothing does."""
    corridor = " ".join(["*"] + ["."] * (room - 1) + ["#"] * (5 - room))
    grid = "\n".join(["# # # # # # # # #", f"# # A {corridor} #", "# # # # # # # # #",
                      ". . . . . . . . ."])
    text = doc(grid, puzzle=True)
    if room == 5:
        p = parse_document(text)
        assert isinstance(p, Puzzle)
        assert not map_problems(p.map)
    else:
        with pytest.raises(MapRuleError, match=r"ring cell D2 .*\[fossil-never-dug-up\]"):
            parse_document(text)


def test_a_drawn_star_neighbour_is_no_problem() -> None:
    """A ring cell drawn at the start counts as drawn: never a problem, star or not."""
    grid = "\n".join(["# # # # #", "# # A # #", "# . . . .", ". . . . ."])
    assert parse_document(doc(grid, puzzle=True))


def test_every_problem_at_once_for_the_editor() -> None:
    """``map_problems`` lists them all (the reader stops at the first): disconnected, on
    the edge, side by side, never dug up, ring closed at the start."""
    fossils = (
        Fossil("A", 1, 0, frozenset({(0, 1)}), frozenset({(-1, 1), (1, 1), (0, 0), (0, 2)})),
        Fossil("B", 1, 0, frozenset({(2, 1)}), frozenset({(1, 1), (3, 1), (2, 0), (2, 2)})),
        Fossil("C", 1, 0, frozenset({(3, 1)}), frozenset({(2, 1), (4, 1), (3, 0), (3, 2)})),
        Fossil("D", 1, 0, frozenset({(5, 4), (7, 4)}),
               frozenset({(4, 4), (6, 4), (8, 4), (5, 3), (5, 5), (7, 3), (7, 5)})),
    )
    m = Map("m", 10, 8, fossils, frozenset({(2, 2)}), frozenset())
    got = [(p.rule, p.fossil, p.cell, p.other) for p in map_problems(m)]
    assert ("fossil-on-edge", "A", (0, 1), "") in got
    assert ("fossils-adjacent", "B", (3, 1), "C") in got
    assert ("fossils-adjacent", "C", (2, 1), "B") in got
    assert ("fossil-disconnected", "D", (5, 4), "") in got
    assert {p.rule for p in map_problems(m)} <= set(MAP_RULE_IDS)


def test_ring_complete_at_start_is_a_problem_with_its_id() -> None:
    grid = "\n".join([". . . . .", ". . # . .", ". # A # .", ". . # . .", ". . . . ."])
    with pytest.raises(MapRuleError) as info:
        parse_document(doc(grid, puzzle=True))
    assert info.value.rule == "ring-complete-at-start"


@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_shipped_map_passes(name: str) -> None:
    assert map_problems(load_map(name)) == []


@pytest.mark.parametrize("path", COLLECTION, ids=[p.stem for p in COLLECTION])
def test_every_collection_puzzle_passes(path: Path) -> None:
    p = load_document(path)
    assert isinstance(p, Puzzle)
    assert map_problems(p.map) == []


def test_every_rule_id_is_in_formats_md() -> None:
    text = (ROOT / "docs" / "FORMATS.md").read_text(encoding="utf-8")
    for rule in MAP_RULE_IDS:
        assert f"`{rule}`" in text, rule
