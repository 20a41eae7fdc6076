"""Pentomino geometry: counts like a perft, the symmetry group's laws, recognition."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paleowidgets.core.errors import FormatError
from paleowidgets.core.geometry import (
    FIXED,
    FIXED_BY_LETTER,
    IDENTITY,
    LETTERS,
    ONE_SIDED,
    PENTOMINOES,
    ROTATIONS,
    SYMMETRIES,
    canonical,
    cell_name,
    compose,
    composition_table,
    count_shapes,
    grow,
    is_connected,
    normalise,
    orbit,
    orbit_groups,
    parse_cell,
    polyominoes,
    recognise,
    slid_to_corner,
    stabiliser,
)

SYMS = list(SYMMETRIES.values())


def test_counts_free_one_sided_fixed() -> None:
    assert len(PENTOMINOES) == 12
    assert len(ONE_SIDED) == 18
    assert len(FIXED) == 63


@pytest.mark.parametrize(("letter", "count"), [
    ("F", 8), ("I", 2), ("L", 8), ("N", 8), ("P", 8), ("T", 4),
    ("U", 4), ("V", 4), ("W", 4), ("X", 1), ("Y", 8), ("Z", 4)])
def test_fixed_orientations_per_letter(letter: str, count: int) -> None:
    assert len(FIXED_BY_LETTER[letter]) == count
    # orbit-stabiliser: |orbit| * |stabiliser| = |D4| = 8
    assert count * len(PENTOMINOES[letter].stabiliser()) == 8


def test_every_pentomino_is_five_connected_cells() -> None:
    for p in PENTOMINOES.values():
        assert len(p.cells) == 5 and is_connected(p.cells)


def test_all_twelve_are_distinct_and_cover_every_connected_pentomino() -> None:
    # Grow every polyomino of size 5 from a single cell: exactly the 63 fixed forms appear.
    forms = {((0, 0),)}
    for _ in range(4):
        forms = {normalise((*f, n)) for f in forms for (x, y) in f
                 for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n not in f}
    assert forms == set(FIXED)


def test_group_laws() -> None:
    assert len(SYMS) == 8
    for a, b in itertools.product(SYMS, repeat=2):
        assert a @ b in SYMS                      # closure
    for a, b, c in itertools.product(SYMS, repeat=3):
        assert (a @ b) @ c == a @ (b @ c)         # associativity
    for a in SYMS:
        assert a @ IDENTITY == a == IDENTITY @ a  # identity
        assert a @ a.inverse == IDENTITY          # inverses
    assert len(ROTATIONS) == 4
    # composition means "apply the right one first"
    r, f = SYMMETRIES["rotate-90"], SYMMETRIES["flip-horizontal"]
    assert (r @ f)((1, 2)) == r(f((1, 2)))
    assert r @ f != f @ r                        # the group is not commutative


@pytest.mark.parametrize("letter", list(LETTERS))
def test_orbit_groups_are_the_cosets_of_the_stabiliser(letter: str) -> None:
    cells = PENTOMINOES[letter].cells
    groups = orbit_groups(cells)
    stab = stabiliser(cells)
    assert [image for image, _ in groups] == list(orbit(cells)) == list(FIXED_BY_LETTER[letter])
    assert len(groups) * len(stab) == 8                       # orbit-stabiliser
    assert sorted(s.name for _, syms in groups for s in syms) == sorted(SYMMETRIES)
    for image, syms in groups:
        assert len(syms) == len(stab)
        # every symmetry giving this image is the first one followed by the stabiliser's
        assert {(syms[0] @ h).name for h in stab} == {s.name for s in syms}
        assert all(s.apply(cells) == image for s in syms)
    # the stabiliser does not depend on where the shape stands on the grid
    assert stabiliser([(x + 3, y + 7) for x, y in cells]) == stab


def test_symmetry_order_matrix_and_reflections() -> None:
    orders = {s.name: s.order for s in SYMS}
    assert orders == {"identity": 1, "rotate-90": 4, "rotate-180": 2, "rotate-270": 4,
                      "flip-horizontal": 2, "flip-vertical": 2, "flip-diagonal": 2,
                      "flip-antidiagonal": 2}
    assert [s.name for s in SYMS if s.is_reflection] == [
        "flip-horizontal", "flip-vertical", "flip-diagonal", "flip-antidiagonal"]
    for s in SYMS:
        (a, b), (c, d) = s.matrix
        assert s((1, 0)) == (a, c) and s((0, 1)) == (b, d)   # columns: images of the axes


def test_composition_table_is_a_latin_square_of_products() -> None:
    table = composition_table()
    assert len(table) == 64
    for s in SYMS:
        assert sorted(table[(s.name, f.name)] for f in SYMS) == sorted(SYMMETRIES)
        assert sorted(table[(f.name, s.name)] for f in SYMS) == sorted(SYMMETRIES)
    for (second, first), product in table.items():
        cell = (2, 1)
        assert SYMMETRIES[product](cell) == SYMMETRIES[second](SYMMETRIES[first](cell))
    # rotations commute among themselves; a flip and a quarter turn do not
    assert table[("rotate-90", "rotate-180")] == table[("rotate-180", "rotate-90")]
    assert table[("flip-horizontal", "rotate-90")] != table[("rotate-90", "flip-horizontal")]


def test_compose_does_the_steps_in_order() -> None:
    r, f = SYMMETRIES["rotate-90"], SYMMETRIES["flip-horizontal"]
    assert compose([]) == IDENTITY
    assert compose([r, f]) == f @ r and compose([f, r]) == r @ f
    assert compose([r] * 4) == IDENTITY
    for s in SYMS:
        assert compose([s, s.inverse]) == IDENTITY


def test_slid_to_corner_keeps_the_order_and_normalise_sorts() -> None:
    cells = [(0, -1), (-2, 3), (-1, -1)]
    assert slid_to_corner(cells) == ((2, 0), (0, 4), (1, 0))
    assert normalise(cells) == tuple(sorted(slid_to_corner(cells)))


def test_canonical_forms_name_free_and_one_sided_shapes() -> None:
    for letter, p in PENTOMINOES.items():
        names = {canonical(form) for form in FIXED_BY_LETTER[letter]}
        assert len(names) == 1
        one_sided = {canonical(form, flips=False) for form in FIXED_BY_LETTER[letter]}
        assert len(one_sided) == (1 if len(p.stabiliser()) > len(
            [s for s in p.stabiliser() if s.is_rotation]) else 2)
    assert len({canonical(f, flips=False) for f in FIXED}) == len(ONE_SIDED) == 18


@pytest.mark.parametrize(("size", "counts"), [
    (1, (1, 1, 1)), (2, (1, 1, 2)), (3, (2, 2, 6)), (4, (5, 7, 19)), (5, (12, 18, 63)),
    (6, (35, 60, 216))])
def test_growing_polyominoes_gives_the_known_counts(size: int,
                                                    counts: tuple[int, int, int]) -> None:
    assert count_shapes(polyominoes(size)) == counts


def test_growing_tetrominoes_gives_the_pentominoes() -> None:
    assert grow(polyominoes(4)) == set(FIXED)
    assert all(is_connected(f) and len(f) == 5 for f in grow(polyominoes(4)))
    with pytest.raises(ValueError, match="at least one cell"):
        polyominoes(0)


def test_rotate_90_is_clockwise_on_screen() -> None:
    # y points down: the cell to the right of the origin goes below it
    assert SYMMETRIES["rotate-90"]((1, 0)) == (0, 1)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.sampled_from(LETTERS), st.sampled_from(SYMS), st.sampled_from(SYMS),
       st.integers(-30, 30), st.integers(-30, 30))
def test_transformed_pentomino_is_recognised(letter: str, s: object, t: object,
                                             dx: int, dy: int) -> None:
    assert isinstance(s, type(IDENTITY)) and isinstance(t, type(IDENTITY))
    cells = [(x + dx, y + dy) for x, y in s.apply(t.apply(PENTOMINOES[letter].cells))]
    assert recognise(cells) == letter


def test_non_pentominoes_are_not_recognised() -> None:
    assert recognise([(0, 0), (1, 0), (2, 0), (3, 0)]) is None               # four cells
    assert recognise([(0, 0), (1, 0), (2, 0), (3, 0), (5, 0)]) is None       # not connected
    assert recognise([(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]) is None       # diagonal only
    assert recognise([(0, 0)] * 5) is None


def test_cell_names_round_trip() -> None:
    for x in range(26):
        for y in range(99):
            assert parse_cell(cell_name((x, y))) == (x, y)
    assert parse_cell("A1") == (0, 0)
    assert cell_name((2, 9)) == "C10"


@pytest.mark.parametrize("bad", ["a1", "A0", "1A", "AA1", "A", "", "A100", "B 3", 7])
def test_bad_cell_names(bad: object) -> None:
    with pytest.raises(FormatError, match="not a cell name"):
        parse_cell(bad)  # type: ignore[arg-type]


def _tilings(width: int, height: int) -> int:
    """Count tilings of a rectangle by the 12 pentominoes, each once (fill the first
    empty cell in reading order), up to the rectangle's symmetries."""
    placements: dict[int, list[tuple[str, int]]] = {i: [] for i in range(width * height)}
    for letter, forms in FIXED_BY_LETTER.items():
        for form in forms:
            for oy in range(height):
                for ox in range(width):
                    cells = [(x + ox, y + oy) for x, y in form]
                    if all(x < width and y < height for x, y in cells):
                        mask = sum(1 << (y * width + x) for x, y in cells)
                        first = min(y * width + x for x, y in cells)
                        placements[first].append((letter, mask))
    full = (1 << (width * height)) - 1
    count = 0

    def search(filled: int, used: frozenset[str]) -> None:
        nonlocal count
        if filled == full:
            count += 1
            return
        first = (~filled & (filled + 1)).bit_length() - 1
        for letter, mask in placements[first]:
            if letter not in used and not mask & filled:
                search(filled | mask, used | {letter})

    search(0, frozenset())
    # a rectangle (not a square) has 4 symmetries, and no tiling is symmetric
    return count // 4


# Tilings are counted on the narrow side up (3 wide, 20 tall): filling the first empty
# cell in reading order then stays local, which keeps the plain search quick.
@pytest.mark.parametrize(("width", "height", "count"), [(3, 20, 2), (4, 15, 368), (5, 12, 1010)])
def test_tilings_of_rectangles(width: int, height: int, count: int) -> None:
    assert _tilings(width, height) == count
