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
    cell_name,
    is_connected,
    normalise,
    parse_cell,
    recognise,
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
