"""Jupyter widgets: a board on a canvas, a game to play, a replay of a game log.

They hold no rules: pixels become cells, the core answers, the board is redrawn from the
answer in one canvas message. In a notebook::

    from paleowidgets.data import load_map
    from paleowidgets.widgets import PlayWidget, ReplayWidget

    play = PlayWidget(load_map("first-dig"), seed="TREX-4821")   # or a Puzzle: its rolls
    play                                  # roll, choose, point, click; R, F, arrows, Enter
    play.game_log("Ada").save("ada.json")
    ReplayWidget(play.game_log("Ada"))    # step through it; "Play on from here" branches

Each widget's output also holds its sheet as SVG and a stable text, for notebooks read
without a kernel (GitHub, nbviewer) and for nbval.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> PlayWidget(parse_document(TINY), seed=7)
<PlayWidget Tiny quarry round 0/20 score 0>
"""

from __future__ import annotations

from .analysis import AnalysisPanel, ReplayAnalysis, replay_with_analysis
from .board import BoardWidget, Ghost, canvas_batch
from .classgame import ClassGameWidget, ClassResults, load_class_codes, load_class_logs
from .editor import PuzzleEditor
from .enclosure import EnclosureWidget
from .play import PlayWidget
from .puzzle import PuzzleWidget
from .replay import ReplayWidget
from .snowman import SnowmanWidget
from .solving import AnalysisProgress, SolveProgress, solve_live
from .transform import TransformExplorer

__all__ = ["AnalysisPanel", "AnalysisProgress", "BoardWidget", "ClassGameWidget", "ClassResults",
           "EnclosureWidget", "Ghost", "PlayWidget", "PuzzleEditor", "PuzzleWidget",
           "ReplayAnalysis", "ReplayWidget", "SnowmanWidget", "SolveProgress",
           "TransformExplorer", "canvas_batch", "load_class_codes", "load_class_logs",
           "replay_with_analysis", "solve_live"]
