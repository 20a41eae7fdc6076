"""Pentomino geometry: cells, the eight symmetries of the square, normal forms, recognition.

A cell is ``(x, y)``: column ``x`` from the left, row ``y`` from the top, both from 0.
Cell names follow the sheets: ``A1`` is ``(0, 0)``, ``C10`` is ``(2, 9)``.

>>> recognise([(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)])
'L'
>>> len(FIXED), len(ONE_SIDED), len(PENTOMINOES)
(63, 18, 12)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import FormatError

Cell = tuple[int, int]
Cells = frozenset[Cell]

LETTERS = "FILNPTUVWXYZ"

# Golomb's letters, each drawn once: '#' is a cell, rows from the top.
_PICTURES = {
    "F": (".##", "##.", ".#."),
    "I": ("#####",),
    "L": ("#.", "#.", "#.", "##"),
    "N": (".#", ".#", "##", "#."),
    "P": ("##", "##", "#."),
    "T": ("###", ".#.", ".#."),
    "U": ("#.#", "###"),
    "V": ("#..", "#..", "###"),
    "W": ("#..", "##.", ".##"),
    "X": (".#.", "###", ".#."),
    "Y": (".#", "##", ".#", ".#"),
    "Z": ("##.", ".#.", ".##"),
}

_CELL_NAME = re.compile(r"([A-Z])([1-9][0-9]?)\Z")


def cell_name(cell: Cell) -> str:
    """``(2, 9)`` -> ``'C10'``."""
    x, y = cell
    return f"{chr(ord('A') + x)}{y + 1}"


def parse_cell(name: str) -> Cell:
    """``'C10'`` -> ``(2, 9)``; upper case, column A-Z, row from 1.

    >>> parse_cell("B3")
    (1, 2)
    """
    m = _CELL_NAME.match(name) if isinstance(name, str) else None
    if not m:
        raise FormatError(f"{name!r} is not a cell name (column letter A-Z, then row from 1, "
                          "like 'B3')")
    return ord(m.group(1)) - ord("A"), int(m.group(2)) - 1


def normalise(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Translate so the smallest x and y are 0; sorted, so equal shapes compare equal."""
    cs = list(cells)
    mx = min(x for x, _ in cs)
    my = min(y for _, y in cs)
    return tuple(sorted((x - mx, y - my) for x, y in cs))


@dataclass(frozen=True)
class Symmetry:
    """One of the eight symmetries of the square, as the integer matrix ``[[a, b], [c, d]]``
    acting on ``(x, y)`` (y down): ``(x, y) -> (a*x + b*y, c*x + d*y)``.

    Composition is matrix product: ``(s @ t)(p) == s(t(p))``.
    """

    name: str
    a: int
    b: int
    c: int
    d: int

    def __call__(self, cell: Cell) -> Cell:
        x, y = cell
        return self.a * x + self.b * y, self.c * x + self.d * y

    def apply(self, cells: Iterable[Cell]) -> tuple[Cell, ...]:
        """The image of a set of cells, normalised."""
        return normalise(self(c) for c in cells)

    def __matmul__(self, other: Symmetry) -> Symmetry:
        a = self.a * other.a + self.b * other.c
        b = self.a * other.b + self.b * other.d
        c = self.c * other.a + self.d * other.c
        d = self.c * other.b + self.d * other.d
        return symmetry_of_matrix(a, b, c, d)

    @property
    def inverse(self) -> Symmetry:
        # Orthogonal matrices: the inverse is the transpose.
        return symmetry_of_matrix(self.a, self.c, self.b, self.d)

    @property
    def is_rotation(self) -> bool:
        return self.a * self.d - self.b * self.c == 1

    def __repr__(self) -> str:
        return f"SYMMETRIES[{self.name!r}]"

    def __str__(self) -> str:
        return self.name


# With y pointing down, "clockwise on screen" maps (x, y) -> (-y, x).
_MATRICES = {
    "identity": (1, 0, 0, 1),
    "rotate-90": (0, -1, 1, 0),
    "rotate-180": (-1, 0, 0, -1),
    "rotate-270": (0, 1, -1, 0),
    "flip-horizontal": (-1, 0, 0, 1),   # mirror left-right (about the vertical axis)
    "flip-vertical": (1, 0, 0, -1),     # mirror top-bottom (about the horizontal axis)
    "flip-diagonal": (0, 1, 1, 0),      # about the main diagonal (top-left to bottom-right)
    "flip-antidiagonal": (0, -1, -1, 0),
}
SYMMETRIES: dict[str, Symmetry] = {n: Symmetry(n, *m) for n, m in _MATRICES.items()}
_BY_MATRIX = {(s.a, s.b, s.c, s.d): s for s in SYMMETRIES.values()}
IDENTITY = SYMMETRIES["identity"]
ROTATE = SYMMETRIES["rotate-90"]
FLIP = SYMMETRIES["flip-horizontal"]


def symmetry_of_matrix(a: int, b: int, c: int, d: int) -> Symmetry:
    return _BY_MATRIX[(a, b, c, d)]


def _picture_cells(rows: tuple[str, ...]) -> tuple[Cell, ...]:
    return normalise((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#")


@dataclass(frozen=True)
class Pentomino:
    """A free pentomino: its letter and the cells of its reference drawing."""

    letter: str
    cells: tuple[Cell, ...]

    @property
    def orientations(self) -> tuple[tuple[Cell, ...], ...]:
        """Every fixed orientation (distinct normal forms), in a stable order."""
        return FIXED_BY_LETTER[self.letter]

    def stabiliser(self) -> tuple[Symmetry, ...]:
        """The symmetries that map the shape onto itself."""
        return tuple(s for s in SYMMETRIES.values() if s.apply(self.cells) == self.cells)

    def __repr__(self) -> str:
        return f"PENTOMINOES[{self.letter!r}]"


PENTOMINOES: dict[str, Pentomino] = {
    letter: Pentomino(letter, _picture_cells(_PICTURES[letter])) for letter in LETTERS
}


def _orientations(cells: tuple[Cell, ...]) -> tuple[tuple[Cell, ...], ...]:
    seen: dict[tuple[Cell, ...], None] = {}
    for s in SYMMETRIES.values():
        seen.setdefault(s.apply(cells), None)
    return tuple(seen)


FIXED_BY_LETTER: dict[str, tuple[tuple[Cell, ...], ...]] = {
    p.letter: _orientations(p.cells) for p in PENTOMINOES.values()
}
FIXED: dict[tuple[Cell, ...], str] = {
    form: letter for letter, forms in FIXED_BY_LETTER.items() for form in forms
}
ROTATIONS = tuple(s for s in SYMMETRIES.values() if s.is_rotation)


def one_sided_class(form: tuple[Cell, ...]) -> frozenset[tuple[Cell, ...]]:
    """The fixed forms reachable from ``form`` by rotations alone (no flipping over)."""
    return frozenset(r.apply(form) for r in ROTATIONS)


# The one-sided pentominoes: fixed forms grouped by rotation only (a flip makes a new one).
ONE_SIDED: frozenset[frozenset[tuple[Cell, ...]]] = frozenset(one_sided_class(f) for f in FIXED)


def recognise(cells: Iterable[Cell]) -> str | None:
    """The letter of the pentomino that the cells form, or ``None`` when they form none."""
    cs = set(cells)
    if len(cs) != 5:
        return None
    return FIXED.get(normalise(cs))


def is_connected(cells: Iterable[Cell]) -> bool:
    """Orthogonal connectivity of a set of cells (the empty set counts as connected)."""
    cs = set(cells)
    if not cs:
        return True
    start = next(iter(cs))
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cs and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cs)


def orthogonal_neighbours(cell: Cell) -> tuple[Cell, ...]:
    x, y = cell
    return (x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)


def diagonal_neighbours(cell: Cell) -> tuple[Cell, ...]:
    x, y = cell
    return (x + 1, y - 1), (x + 1, y + 1), (x - 1, y + 1), (x - 1, y - 1)
