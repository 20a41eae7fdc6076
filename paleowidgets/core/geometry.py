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

    @property
    def is_reflection(self) -> bool:
        """A mirror (determinant -1): it turns a shape over."""
        return not self.is_rotation

    @property
    def matrix(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The rows of the matrix: ``SYMMETRIES["rotate-90"].matrix == ((0, -1), (1, 0))``."""
        return (self.a, self.b), (self.c, self.d)

    @property
    def order(self) -> int:
        """How many times it must be done to get back to the start: 1, 2 or 4.

        >>> SYMMETRIES["rotate-90"].order, SYMMETRIES["flip-diagonal"].order
        (4, 2)
        """
        n, power = 1, self
        while power != IDENTITY:
            n, power = n + 1, self @ power
        return n

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
        return stabiliser(self.cells)

    def __repr__(self) -> str:
        return f"PENTOMINOES[{self.letter!r}]"


PENTOMINOES: dict[str, Pentomino] = {
    letter: Pentomino(letter, _picture_cells(_PICTURES[letter])) for letter in LETTERS
}


def orbit_groups(cells: Iterable[Cell]
                 ) -> tuple[tuple[tuple[Cell, ...], tuple[Symmetry, ...]], ...]:
    """The distinct images of a shape under the eight symmetries, each with the symmetries
    that give it (normalised, in the order of :data:`SYMMETRIES`). Images that coincide
    share one entry: each entry has as many symmetries as the shape's stabiliser.

    >>> image, syms = orbit_groups(PENTOMINOES["I"].cells)[1]
    >>> image
    ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4))
    >>> [str(s) for s in syms]
    ['rotate-90', 'rotate-270', 'flip-diagonal', 'flip-antidiagonal']
    """
    form = normalise(cells)
    groups: dict[tuple[Cell, ...], list[Symmetry]] = {}
    for s in SYMMETRIES.values():
        groups.setdefault(s.apply(form), []).append(s)
    return tuple((image, tuple(syms)) for image, syms in groups.items())


def orbit(cells: Iterable[Cell]) -> tuple[tuple[Cell, ...], ...]:
    """The distinct normalised images of a shape under the eight symmetries (its fixed
    orientations), in the order of :data:`SYMMETRIES`.

    >>> len(orbit(PENTOMINOES["F"].cells)), len(orbit(PENTOMINOES["X"].cells))
    (8, 1)
    """
    return tuple(image for image, _ in orbit_groups(cells))


def stabiliser(cells: Iterable[Cell]) -> tuple[Symmetry, ...]:
    """The symmetries that map a shape onto itself (after sliding it back to the corner);
    ``len(orbit(c)) * len(stabiliser(c)) == 8`` (orbit-stabiliser).

    >>> [str(s) for s in stabiliser(PENTOMINOES["T"].cells)]
    ['identity', 'flip-horizontal']
    """
    form = normalise(cells)
    return tuple(s for s in SYMMETRIES.values() if s.apply(form) == form)


def _orientations(cells: tuple[Cell, ...]) -> tuple[tuple[Cell, ...], ...]:
    return orbit(cells)


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


# -- the group and its action, for the lessons --------------------------------------------

def composition_table() -> dict[tuple[str, str], str]:
    """``table[(second, first)]``: the one symmetry that does ``first`` then ``second``
    (the product ``second @ first``). Every symmetry is in each row and column once.

    >>> composition_table()[("flip-horizontal", "rotate-90")]
    'flip-diagonal'
    """
    return {(s.name, f.name): (s @ f).name
            for s in SYMMETRIES.values() for f in SYMMETRIES.values()}


def compose(steps: Iterable[Symmetry]) -> Symmetry:
    """The one symmetry that does ``steps`` in order (the first step first).

    >>> compose([SYMMETRIES["rotate-90"], SYMMETRIES["rotate-90"]])
    SYMMETRIES['rotate-180']
    """
    result = IDENTITY
    for step in steps:
        result = step @ result
    return result


def slid_to_corner(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The cells moved so the smallest x and y are 0, in the order given (so numbered
    cells keep their numbers; :func:`normalise` also sorts them).

    >>> slid_to_corner([(0, -1), (-1, -1), (-1, 0)])
    ((1, 0), (0, 0), (0, 1))
    """
    cs = list(cells)
    mx = min(x for x, _ in cs)
    my = min(y for _, y in cs)
    return tuple((x - mx, y - my) for x, y in cs)


def canonical(cells: Iterable[Cell], *, flips: bool = True) -> tuple[Cell, ...]:
    """One name for a whole orbit: the smallest normalised image of the shape under the
    eight symmetries (``flips=False``: under the four rotations only, so a shape and its
    mirror image get different names). Two shapes are the same free (one-sided) shape
    exactly when their canonical forms are equal.

    >>> canonical(PENTOMINOES["L"].cells) == canonical(FLIP.apply(PENTOMINOES["L"].cells))
    True
    """
    group = SYMMETRIES.values() if flips else ROTATIONS
    form = normalise(cells)
    return min(s.apply(form) for s in group)


def grow(forms: Iterable[Iterable[Cell]]) -> frozenset[tuple[Cell, ...]]:
    """Every fixed shape made by adding one cell, orthogonally next to a cell, to one of
    ``forms`` (normalised): growing the 19 fixed tetrominoes gives the 63 fixed pentominoes.

    >>> sorted(grow([[(0, 0)]]))
    [((0, 0), (0, 1)), ((0, 0), (1, 0))]
    """
    out: set[tuple[Cell, ...]] = set()
    for form in forms:
        cells = set(form)
        for cell in cells:
            for n in orthogonal_neighbours(cell):
                if n not in cells:
                    out.add(normalise(cells | {n}))
    return frozenset(out)


def polyominoes(size: int) -> frozenset[tuple[Cell, ...]]:
    """The fixed polyominoes of ``size`` cells, grown one cell at a time from a single cell.

    >>> [len(polyominoes(n)) for n in range(1, 6)]
    [1, 2, 6, 19, 63]
    """
    if size < 1:
        raise ValueError(f"a polyomino has at least one cell, not {size}")
    forms: frozenset[tuple[Cell, ...]] = frozenset({((0, 0),)})
    for _ in range(size - 1):
        forms = grow(forms)
    return forms


def count_shapes(forms: Iterable[Iterable[Cell]]) -> tuple[int, int, int]:
    """``(free, one_sided, fixed)``: how many different shapes ``forms`` hold when flips and
    turns count as the same, when only turns do, when nothing does.

    >>> count_shapes(FIXED)
    (12, 18, 63)
    """
    fixed = {normalise(f) for f in forms}
    return (len({canonical(f) for f in fixed}), len({canonical(f, flips=False) for f in fixed}),
            len(fixed))
