"""The drawing plan's vocabulary: a few frozen primitives that any backend can paint.

A sheet is planned once as a tree of :class:`Group` s holding :class:`Rect`,
:class:`Circle`, :class:`Path` and :class:`Text` items, each with the ``cls`` and ``data``
that name what it shows; :mod:`paleowidgets.render.svg` writes the tree as SVG, and a
canvas widget can paint the same tree. Coordinates are pixels, y pointing down.

>>> outline_loops({(0, 0), (1, 0)})
[((0, 0), (2, 0), (2, 1), (0, 1))]
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..core.geometry import Cell

Point = tuple[float, float]


@dataclass(frozen=True)
class Paint:
    """How an item is filled and stroked. ``pattern`` names a :class:`PatternSpec` that
    replaces the plain ``fill`` where the backend can draw patterns."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    pattern: str | None = None
    opacity: float = 1.0


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    paint: Paint
    cls: str = ""
    data: Mapping[str, str] = field(default_factory=dict)
    rx: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    paint: Paint
    cls: str = ""
    data: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Path:
    """Polylines through ``loops``; each closed when ``closed`` (outlines, glyphs)."""

    loops: tuple[tuple[Point, ...], ...]
    paint: Paint
    closed: bool = True
    cls: str = ""
    data: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Text:
    """One line of text; ``y`` is the baseline, ``anchor`` is start, middle or end."""

    x: float
    y: float
    text: str
    size: float
    fill: str
    cls: str = ""
    anchor: str = "start"
    bold: bool = False
    data: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Group:
    """Items moved by ``(x, y)``; ``tooltip`` is shown on hover where the backend can."""

    items: tuple[Item, ...]
    cls: str = ""
    x: float = 0.0
    y: float = 0.0
    data: Mapping[str, str] = field(default_factory=dict)
    tooltip: str = ""


Item = Rect | Circle | Path | Text | Group


@dataclass(frozen=True)
class PatternSpec:
    """A tile of ``size`` x ``size`` pixels repeated from the origin of the item it fills."""

    id: str
    size: float
    background: str
    items: tuple[Item, ...]
    cls: str = ""
    data: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Plan:
    """A whole drawing: its size, the patterns it uses and its items, back to front."""

    width: float
    height: float
    items: tuple[Item, ...]
    patterns: tuple[PatternSpec, ...] = ()
    title: str = ""
    cls: str = ""
    lang: str = "en"      # the language of its words (it picks the fonts)


@dataclass(frozen=True)
class Block:
    """A laid-out part of a sheet: its items at the origin and the room it takes."""

    items: tuple[Item, ...]
    width: float
    height: float

    def at(self, x: float, y: float, cls: str = "", data: Mapping[str, str] | None = None
           ) -> Group:
        return Group(self.items, cls, x, y, data or {})


def char_width(char: str) -> int:
    """A rough width of one character, in tenths of the font size: a Hangul syllable or
    another wide (East Asian) character is square, a Latin letter about 0.6 of it."""
    return 10 if unicodedata.east_asian_width(char) in ("W", "F") else 6


def text_width(text: str, size: float) -> float:
    """A rough width of ``text`` in a sans-serif font of ``size`` pixels (for layout).

    >>> text_width("abcd", 10), text_width("화석", 10)
    (24.0, 20.0)
    """
    return 0.1 * size * sum(char_width(c) for c in text)


def fit_text(text: str, size: float, width: float) -> str:
    """``text``, cut with an ellipsis so that it fits in ``width`` pixels.

    >>> fit_text("Tyrannosaurus rex", 10, 60)
    'Tyrannosa…'
    """
    if text_width(text, size) <= width * (1 + 1e-9):    # a size fitted to ``width`` fits
        return text
    room = width / (0.1 * size) - char_width("…")   # in tenths of the size
    keep, used = 0, 0
    while keep < len(text) - 1 and used + char_width(text[keep]) <= room:
        used += char_width(text[keep])
        keep += 1
    return text[:max(1, keep)].rstrip() + "…"


def fit_size(text: str, size: float, width: float, smallest: float) -> float:
    """The font size, at most ``size`` and at least ``smallest``, at which ``text`` fits
    in ``width`` pixels (a longer word in another language is set smaller rather than
    cut; below ``smallest``, :func:`fit_text` cuts it).

    >>> round(fit_size("Changer de type de fouille", 10, 120, 6), 2)
    7.69
    """
    natural = text_width(text, size)
    if natural <= width:
        return size
    return max(smallest, size * width / natural)


def fitted(text: str, size: float, width: float, smallest: float) -> tuple[str, float]:
    """``text`` and a font size for it to fit in ``width``: set smaller, down to
    ``smallest``, then cut (another language's words may be longer than English ones).

    >>> fitted("Changer de type de fouille", 10, 60, 6)
    ('Changer de type…', 6)
    >>> fitted("Défense de mammouth", 10.8, 108, 7)     # set smaller, whole
    ('Défense de mammouth', 9.473684210526317)
    """
    size = fit_size(text, size, width, smallest)
    return fit_text(text, size, width), size


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` cut into lines of at most ``width`` pixels at spaces (rough widths; a word
    longer than ``width`` stands alone on its line).

    >>> wrap("quart de tour dans le sens horaire", 10, 100)
    ['quart de tour', 'dans le sens', 'horaire']
    """
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


# -- outlines of cell sets -----------------------------------------------------------------

def _boundary_edges(cells: set[Cell]) -> dict[Cell, list[Cell]]:
    """Each cell side that borders a cell outside the set, as a directed edge going
    clockwise round the set (y down), keyed by its start corner."""
    edges: dict[Cell, list[Cell]] = {}
    for x, y in cells:
        sides = (((x, y - 1), (x, y), (x + 1, y)),          # top
                 ((x + 1, y), (x + 1, y), (x + 1, y + 1)),  # right
                 ((x, y + 1), (x + 1, y + 1), (x, y + 1)),  # bottom
                 ((x - 1, y), (x, y + 1), (x, y)))          # left
        for neighbour, start, end in sides:
            if neighbour not in cells:
                edges.setdefault(start, []).append(end)
    return edges


def _drop_straight(loop: list[Cell]) -> tuple[Cell, ...]:
    """The corners of a closed loop: points in the middle of a straight run are left out."""
    n = len(loop)
    corners = []
    for i, (x, y) in enumerate(loop):
        (px, py), (nx, ny) = loop[i - 1], loop[(i + 1) % n]
        if (x - px) * (ny - y) - (y - py) * (nx - x) != 0:
            corners.append((x, y))
    return tuple(corners)


def outline_loops(cells: Iterable[Cell]) -> list[tuple[Cell, ...]]:
    """The closed outlines of a set of cells, in grid corners (``(x, y)`` is the top-left
    corner of cell ``(x, y)``): one loop round each piece and one round each hole."""
    edges = _boundary_edges(set(cells))
    loops = []
    while edges:
        start = min(edges)
        loop = [start]
        here = edges[start].pop()
        while here != start:
            loop.append(here)
            ends = edges[here]
            nxt = ends.pop()
            if not ends:
                del edges[here]
            here = nxt
        if not edges[start]:
            del edges[start]
        loops.append(_drop_straight(loop))
    return loops


def pieces(cells: Iterable[Cell]) -> list[frozenset[Cell]]:
    """The orthogonally connected pieces of a set of cells, in reading order of their
    first cell.

    >>> len(pieces({(0, 0), (1, 0), (3, 0)}))
    2
    """
    todo = set(cells)
    out = []
    for start in sorted(todo, key=lambda c: (c[1], c[0])):
        if start not in todo:
            continue
        piece, stack = {start}, [start]
        todo.discard(start)
        while stack:
            x, y = stack.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in todo:
                    todo.discard(n)
                    piece.add(n)
                    stack.append(n)
        out.append(frozenset(piece))
    return out
