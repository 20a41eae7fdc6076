"""paleowidgets: the roll-and-write game Paleontologists (and its Snowman Edition) as a
Jupyter teaching kit.

The rules live in :mod:`paleowidgets.core`; drawing in :mod:`paleowidgets.render`; search
and bots in :mod:`paleowidgets.solver`; the ipycanvas widgets in :mod:`paleowidgets.widgets`.

>>> from paleowidgets import load_map, Game
>>> Game(load_map("first-dig")).initial_state().score().total
0

The widgets are here too (``from paleowidgets import PlayWidget``), loaded on first use:
``import paleowidgets`` alone loads no Jupyter module.
"""

from __future__ import annotations

from typing import Any

from .core.classgame import ClassGame
from .core.dice import Roller, new_seed_code, roll_sequence
from .core.errors import FormatError, IllegalTurnError, PaleoError
from .core.files import load_file
from .core.geometry import PENTOMINOES, SYMMETRIES, cell_name, parse_cell, recognise
from .core.logs import GameLog, PlayerLog
from .core.maps import Map, Puzzle, parse_document
from .core.rules import Game, Score, State
from .core.turns import Turn
from .data import MAP_NAMES, load_map

__version__ = "0.1.0"

#: What ``from paleowidgets import ...`` gives of :mod:`paleowidgets.widgets` (lazily).
WIDGETS = ("AnalysisPanel", "BoardWidget", "ClassGameWidget", "ClassResults",
           "EnclosureWidget", "PlayWidget", "PuzzleEditor", "PuzzleWidget", "ReplayAnalysis",
           "ReplayWidget", "SnowmanWidget", "TransformExplorer", "load_class_codes",
           "load_class_logs", "replay_with_analysis", "solve_live")

__all__ = [
    "MAP_NAMES", "PENTOMINOES", "SYMMETRIES", "ClassGame", "FormatError", "Game", "GameLog",
    "IllegalTurnError", "Map", "PaleoError", "PlayerLog", "Puzzle", "Roller", "Score", "State",
    "Turn", "cell_name", "load_file", "load_map", "new_seed_code", "parse_cell",
    "parse_document", "recognise", "render_svg", "roll_sequence", "write_sheet",
    *WIDGETS,
]


def __getattr__(name: str) -> Any:
    # Rendering and the widgets are loaded on first use only: importing the rules never
    # loads them (nor ipywidgets, ipycanvas or IPython).
    if name in ("render_svg", "write_sheet"):
        from . import render

        return getattr(render, name)
    if name in WIDGETS:
        from . import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module 'paleowidgets' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
