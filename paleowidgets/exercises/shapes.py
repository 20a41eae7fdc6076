"""The shapes the exercises ask about by name: the twelve pentominoes by their letter
(``"T"``) and the five free tetrominoes (``"T tetromino"``), which the exit tickets use
because no lesson prints their orbits, stabilisers, perimeters or rings.

>>> shape_called("T"), shape_called("S tetromino")
('the T pentomino', 'the S tetromino')
>>> shape_cells("S tetromino"), shape_picture("S tetromino"), shape_picture("P")
(((0, 1), (1, 0), (1, 1), (2, 0)), '.## over ##.', '## over ## over #.')
>>> shape_shown("T tetromino")
'the T tetromino (rows ### over .#.)'

The names and pictures are in the current language (``le tétromino T (lignes ### puis .#.)``).
"""

from __future__ import annotations

from ..core.geometry import LETTERS, PENTOMINOES, Cell, normalise
from .words import say

__all__ = ["TETROMINOES", "shape_called", "shape_cells", "shape_picture", "shape_shown"]

# The five free tetrominoes, each drawn once: '#' a cell, rows from the top.
TETROMINOES = {"I": ("####",), "O": ("##", "##"), "T": ("###", ".#."), "S": (".##", "##."),
               "L": ("###", "#..")}
_SUFFIX = " tetromino"


def _tetromino(name: str) -> tuple[str, ...] | None:
    if name.endswith(_SUFFIX):
        return TETROMINOES.get(name.removesuffix(_SUFFIX))
    return None


def _known(name: str) -> str:
    if name in PENTOMINOES or _tetromino(name) is not None:
        return name
    raise ValueError(f"unknown shape {name!r}: the pentominoes are {', '.join(LETTERS)}, the "
                     f"tetrominoes {', '.join(t + _SUFFIX for t in TETROMINOES)}")


def shape_cells(name: str) -> tuple[Cell, ...]:
    """The cells of a named shape (a pentomino's letter, or ``"<letter> tetromino"``)."""
    rows = _tetromino(_known(name))
    if rows is None:
        return PENTOMINOES[name].cells
    return normalise((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row)
                     if ch == "#")


def shape_called(name: str) -> str:
    """How a feedback names the shape: "the T pentomino", "the S tetromino"."""
    if _known(name) in PENTOMINOES:
        return say("shape.pentomino", letter=name)
    return say("shape.tetromino", letter=name.removesuffix(_SUFFIX))


def shape_picture(name: str) -> str:
    """The shape's rows in one line, as a question shows it: ``".## over ##."``."""
    cells = set(shape_cells(name))
    width, height = max(x for x, _ in cells) + 1, max(y for _, y in cells) + 1
    rows = ("".join("#" if (x, y) in cells else "." for x in range(width))
            for y in range(height))
    return f" {say('shape.over')} ".join(rows)


def shape_shown(name: str) -> str:
    """The shape named with its picture, as a question asks about it:
    "the T tetromino (rows ### over .#.)"."""
    return say("shape.with-rows", shape=shape_called(name), rows=shape_picture(name))
