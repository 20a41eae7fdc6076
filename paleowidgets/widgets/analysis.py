"""A game's analysis beside its replay: best score still reachable vs score, regret per round.

The solver's :func:`~paleowidgets.solver.analysis.analyse` says, for every round, the best
final score still reachable before and after the turn played (all rolls known), the
*regret* (what the turn gave away) and a turn that would have kept the best. The panel
shows it as a small chart on an ipycanvas (two layers: the chart, and the highlight of the
current round) and in words, with a ``round`` trait a replay can link to::

    panel = AnalysisPanel.from_log(log)              # analyse_log(log), then the panel
    replay = ReplayWidget(log)
    ipywidgets.link((replay.slider, "value"), (panel, "round"))
    beside_replay(replay, panel)                     # or just: replay_with_analysis(log)

The chart is planned once as render primitives (:func:`chart_items`), so the canvas and
the static SVG (:func:`chart_svg`, the notebook fallback) show the same drawing. Lines are
told apart by dash and marker shape, regret bars carry their numbers, and the highlighted
round is outlined and written out, so nothing depends on colour alone.
"""

from __future__ import annotations

import html
import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as W
import traitlets
from ipycanvas import MultiCanvas

from .. import i18n
from ..core.geometry import cell_name
from ..core.logs import GameLog, replay_turns
from ..core.maps import Map, Puzzle
from ..core.rules import Game
from ..core.turns import Turn
from ..render import style as st
from ..render.primitives import Circle, Group, Item, Paint, Path, Plan, Rect, Text, fit_text
from ..render.svg import SVG_NS, SvgDocument, num, plan_to_svg
from ..solver.analysis import Analysis, RoundAnalysis, analyse_log, default_total_time
from ._display import SvgFallback
from .board import canvas_batch, dashed_line, paint_on, redraw_on_connect
from .events import classroom, on_press, takes_keys
from .replay import ReplayWidget
from .shared import looks
from .solving import AnalysisProgress
from .text import dice, language

__all__ = [
    "AnalysisPanel",
    "ReplayAnalysis",
    "beside_replay",
    "chart_items",
    "chart_svg",
    "replay_with_analysis",
    "round_items",
    "scores_of",
    "side_by_side",
    "turn_words",
]

CHART, ROUND = range(2)
BEST = st.OKABE_ITO["blue"]
SCORE = st.OKABE_ITO["vermillion"]
REGRET = st.OKABE_ITO["orange"]
MARK = st.OKABE_ITO["sky-blue"]
INK = "#1E1A16"
GRID = "#D9D4CC"
KEYS = {"ArrowLeft": -1, "ArrowRight": 1}


# -- words -----------------------------------------------------------------------------------

def cells_text(cells: frozenset[tuple[int, int]]) -> str:
    return " ".join(cell_name(c) for c in sorted(cells, key=lambda c: (c[1], c[0])))


def turn_words(turn: Turn, lang: str | None = None) -> str:
    """A turn in words, for a student: shape, dig type, cells, bonuses spent and gained.

    >>> turn_words(Turn.draw("L", "dot", [(1, 1), (1, 2), (1, 3), (1, 4), (2, 4)]), "en")
    'L pentomino, dot, on B2 B3 B4 B5 C5'
    """
    parts: list[str] = []
    if turn.passed:
        parts.append(i18n.t("analysis.turn.pass", lang))
    else:
        parts.append(i18n.t("analysis.turn.draw", lang, shape=i18n.t(f"shape.{turn.shape}", lang),
                            dig=i18n.t(f"dig.{turn.dig}", lang), cells=cells_text(turn.cells)))
        if turn.switch:
            spent = ", ".join(i18n.t(f"bonus-name.switch-{s}", lang) for s in sorted(turn.switch))
            parts.append(i18n.t("analysis.turn.switch", lang, bonuses=spent))
        if turn.stars:
            gained = ", ".join(i18n.t(f"bonus-name.{k}", lang) for k in turn.stars)
            parts.append(i18n.t("analysis.turn.stars", lang, bonuses=gained))
    if turn.squares:
        parts.append(i18n.t("analysis.turn.squares", lang, cells=cells_text(turn.squares)))
    return "; ".join(parts)


# -- the chart as render primitives ------------------------------------------------------------

@dataclass(frozen=True)
class Frame:
    """Where the chart's parts stand: the title and legend, the line plot, the regret
    strip below it, one column per round 0..``rounds`` (the state after that many rounds).
    ``note`` adds a legend line (hollow marks: not proven)."""

    width: float
    rounds: int
    top: int            # the value at the top of the plot
    note: bool = False
    left: float = 30.0
    right: float = 14.0
    pad: float = 10.0   # between the value axis and round 0
    plot_h: float = 92.0
    strip_h: float = 40.0

    @property
    def plot_y(self) -> float:
        return 78.0 if self.note else 66.0

    @property
    def strip_y(self) -> float:
        return self.plot_y + self.plot_h + 24

    @property
    def height(self) -> float:
        return self.strip_y + self.strip_h + 30

    @property
    def step(self) -> float:
        return (self.width - self.left - self.pad - self.right) / max(1, self.rounds)

    def x(self, r: int) -> float:
        return self.left + self.pad + r * self.step

    def y(self, value: float) -> float:
        return self.plot_y + self.plot_h * (1 - value / max(1, self.top))

    def round_at(self, px: float) -> int:
        """The round whose column holds chart x ``px`` (clamped to the rounds)."""
        return max(0, min(self.rounds, round((px - self.left - self.pad) / self.step)))


def frame_of(analysis: Analysis, width: float) -> Frame:
    top = max(1, analysis.best, analysis.final)
    unproven = not analysis.proven or not all(ra.proven for ra in analysis.rounds)
    return Frame(width, len(analysis.rounds), top, unproven)


def best_line(analysis: Analysis) -> list[int]:
    """Best final score still reachable after each round 0..n (before round 1: the best)."""
    return [analysis.best, *(ra.best_after for ra in analysis.rounds)]


def _marker(kind: str, x: float, y: float, r: float, colour: str, hollow: bool,
            cls: str, data: dict[str, str]) -> Item:
    paint = (Paint(fill="#FFFFFF", stroke=colour, width=1.5) if hollow
             else Paint(fill=colour, stroke="#FFFFFF", width=1))
    if kind == "square":
        return Rect(x - r, y - r, 2 * r, 2 * r, paint, cls, data)
    return Circle(x, y, r, paint, cls, data)


def chart_items(analysis: Analysis, scores: Sequence[int] | None, lang: str | None = None, *,
                width: float = 340) -> tuple[Item, ...]:
    """The chart without the round highlight: axes, the best-reachable line (dashed,
    square marks, hollow where not proven), the score line (solid, round marks), the
    regret bars with their numbers, the legend and the round numbers."""
    f = frame_of(analysis, width)
    items: list[Item] = [Rect(0, 0, width, f.height, Paint(fill="#FFFFFF"), "chart-paper")]
    items.append(Text(8, 15, fit_text(i18n.t("analysis.title", lang), 12.5,
                                                width - 16), 12.5, INK, "chart-title",
                      bold=True))
    items += _legend(f, lang)
    # value grid: 0, the middle and the top
    for v in sorted({0, f.top // 2, f.top}):
        y = f.y(v)
        items.append(Path((((f.left, y), (f.x(f.rounds), y)),), Paint(stroke=GRID, width=1),
                          closed=False, cls="chart-grid"))
        items.append(Text(f.left - 5, y + 3.5, str(v), 9.5, "#555555", "chart-tick",
                          anchor="end"))
    best = best_line(analysis)
    pts = [(f.x(r), f.y(v)) for r, v in enumerate(best)]
    proven = [analysis.proven, *(ra.proven for ra in analysis.rounds)]
    # the score first: where both meet (always at the end) the square sits in the dot
    if scores is not None:
        spts = [(f.x(r), f.y(v)) for r, v in enumerate(scores)]
        items.append(Path((tuple(spts),), Paint(stroke=SCORE, width=2.2), closed=False,
                          cls="chart-line score"))
        for r, v in enumerate(scores):
            items.append(_marker("circle", f.x(r), f.y(v), 4.2, SCORE, False, "chart-mark score",
                                 {"round": str(r), "value": str(v)}))
    items.append(Path(dashed_line(pts, 5, 3.5), Paint(stroke=BEST, width=2.2), closed=False,
                      cls="chart-line best"))
    for r, ((x, y), v) in enumerate(zip(pts, best, strict=True)):
        items.append(_marker("square", x, y, 2.8, BEST, not proven[r], "chart-mark best",
                             {"round": str(r), "value": str(v)}))
    items += _regret_strip(f, analysis.rounds, lang)
    return tuple(items)


def _legend(f: Frame, lang: str | None) -> list[Item]:
    x = 8.0
    items: list[Item] = []
    for i, (key, colour, mark, dash) in enumerate((("analysis.best", BEST, "square", True),
                                                   ("analysis.score", SCORE, "circle", False))):
        y = 32.0 + 13 * i
        seg = ((x, y - 4), (x + 22, y - 4))
        loops = dashed_line(seg, 5, 3.5) if dash else (seg,)
        items.append(Path(loops, Paint(stroke=colour, width=2.2), closed=False,
                          cls="legend-line"))
        items.append(_marker(mark, x + 11, y - 4, 3.2, colour, False, "legend-mark", {}))
        items.append(Text(x + 28, y, fit_text(i18n.t(key, lang), 10.5, f.width - x - 36), 10.5,
                          INK, f"legend-text {key.split('.')[1]}"))
    if f.note:
        note = fit_text(i18n.t("analysis.legend.hollow", lang), 9, f.width - 2 * x)
        items.append(Text(x, 61, note, 9, "#555555", "legend-note"))
    return items


def _regret_strip(f: Frame, rounds: Sequence[RoundAnalysis], lang: str | None) -> list[Item]:
    items: list[Item] = []
    base = f.strip_y + f.strip_h
    items.append(Path((((f.left - 4, base), (f.x(f.rounds) + 4, base)),),
                      Paint(stroke="#777777", width=1), closed=False, cls="regret-axis"))
    items.append(Text(8, f.strip_y - 4, i18n.t("analysis.regret", lang), 10, INK,
                      "regret-label", bold=True))
    most = max([1, *(ra.regret for ra in rounds)])
    w = min(14.0, 0.7 * f.step)
    for ra in rounds:
        x = f.x(ra.round)
        data = {"round": str(ra.round), "regret": regret_text(ra)}
        if ra.regret:
            h = (f.strip_h - 12) * ra.regret / most
            items.append(Rect(x - w / 2, base - h, w, h,
                              Paint(fill=REGRET, stroke=INK, width=0.8), "regret-bar", data))
            items.append(Text(x, base - h - 2.5, regret_text(ra), 9.5, INK, "regret-value",
                              anchor="middle", bold=True))
        elif ra.regret_high:    # found none, but not proven: the bracket, never "0"
            items.append(Text(x, base - 2.5, regret_text(ra), 8, "#888888",
                              "regret-value zero", anchor="middle"))
        else:   # a zero is written too: "no bar" and "missing" must not look alike
            items.append(Text(x, base - 2.5, "0", 8, "#888888", "regret-value zero",
                              anchor="middle"))
    every = 1 if f.step >= 13 else 2 if f.step >= 7 else 5
    for r in range(0, f.rounds + 1):
        if r % every == 0 or r == f.rounds:
            items.append(Text(f.x(r), base + 12, str(r), 9, "#555555", "round-number",
                              anchor="middle"))
    items.append(Text(f.x(f.rounds), base + 24, i18n.t("analysis.axis", lang), 9, "#555555",
                      "round-axis", anchor="end"))
    return items


def regret_text(ra: RoundAnalysis) -> str:
    """A round's regret as written on the chart: the number when it is known exactly,
    else the bracket it is proven to lie in ("0-3")."""
    if ra.regret_low == ra.regret_high:
        return str(ra.regret_low)
    return f"{ra.regret_low}–{ra.regret_high}"


def round_items(analysis: Analysis, scores: Sequence[int] | None, r: int,
                lang: str | None = None, *, width: float = 340) -> tuple[Item, ...]:
    """The highlight of round ``r``: its column washed and outlined (solid) over the plot
    and over the regret strip, enlarged marks, and the round's regret written out."""
    f = frame_of(analysis, width)
    half = max(4.0, min(f.step / 2, 16.0))
    x0, x1 = max(f.left + 1, f.x(r) - half), min(f.width - 2, f.x(r) + half)
    x = f.x(r)
    best = best_line(analysis)
    # two boxes, over the plot and over the strip, leaving the strip's label line clear
    boxes = ((f.plot_y - 6, f.plot_y + f.plot_h + 6), (f.strip_y - 1, f.strip_y + f.strip_h + 2))
    items: list[Item] = []
    for y0, y1 in boxes:
        items.append(Rect(x0, y0, x1 - x0, y1 - y0, Paint(fill=MARK, opacity=0.25),
                          "round-wash"))
        items.append(Rect(x0, y0, x1 - x0, y1 - y0, Paint(stroke=INK, width=1.6), "round-frame",
                          {"round": str(r)}))
    if scores is not None:
        items.append(_marker("circle", x, f.y(scores[r]), 6, SCORE, False, "round-mark score",
                             {}))
    items.append(_marker("square", x, f.y(best[r]), 4, BEST, False, "round-mark best", {}))
    if r == 0 and analysis.best == analysis.bound:
        text = i18n.t("analysis.overlay.start", lang, best=analysis.best)
    elif r == 0:
        text = i18n.t("analysis.overlay.start.unproven", lang, best=analysis.best,
                      bound=analysis.bound)
    else:
        ra = analysis.rounds[r - 1]
        if ra.regret_low == ra.regret_high:
            text = i18n.t("analysis.overlay", lang, round=r, regret=ra.regret_low)
        else:
            text = i18n.t("analysis.overlay.unproven", lang, round=r, low=ra.regret_low,
                          high=ra.regret_high)
    items.append(Text(f.width - 6, f.strip_y - 4, fit_text(text, 10, f.width / 2), 10, INK,
                      "round-caption", anchor="end", bold=True, data={"round": str(r)}))
    return (Group(tuple(items), "round-highlight", data={"round": str(r)}),)


def chart_svg(analysis: Analysis, scores: Sequence[int] | None = None, round: int = 0,
              lang: str | None = None, *, width: float = 340) -> SvgDocument:
    """The chart as a static SVG (what the canvas shows), round ``round`` highlighted."""
    items = (*chart_items(analysis, scores, lang, width=width),
             *round_items(analysis, scores, round, lang, width=width))
    height = frame_of(analysis, width).height
    code = language(lang)
    return SvgDocument(plan_to_svg(Plan(width, height, items, title=i18n.t("analysis.title",
                                                                            code),
                                        cls="paleo-analysis-chart", lang=code)))


# -- the panel -------------------------------------------------------------------------------

def scores_of(game: Game | Map | Puzzle, analysis: Analysis) -> list[int]:
    """The score after each round 0..n of the analysed game, replayed by the core."""
    g = game if isinstance(game, Game) else (Game.from_puzzle(game) if isinstance(game, Puzzle)
                                             else Game(game))
    rounds = analysis.rounds
    states = replay_turns(g, [ra.roll for ra in rounds], [ra.turn for ra in rounds])
    return [s.score().total for s in states]


class AnalysisPanel(SvgFallback, W.VBox):  # type: ignore[misc]
    """The analysis of one player's game: the chart on a canvas, the round in words, and
    controls to move between rounds (buttons, a slider, ← → Home End on the chart, a
    click on a column). ``round`` (0..n, the state after that many rounds, as in
    :class:`~paleowidgets.widgets.replay.ReplayWidget`) is a trait: link it to a replay.

    ``game`` (a Game, Map or Puzzle) lets the panel replay the turns for the score line;
    without it the chart shows the best-reachable line and the regrets only.
    """

    round = traitlets.Int(0)

    def __init__(self, analysis: Analysis, *, game: Game | Map | Puzzle | None = None,
                 round: int = 0, lang: str | None = None, width: float = 340,
                 resolution: float = 1.5, **kwargs: Any) -> None:
        self.lang = language(lang)
        self.analysis = analysis
        self.last = len(analysis.rounds)
        self.scores: list[int] | None = None if game is None else scores_of(game, analysis)
        self.frame = frame_of(analysis, width)
        self.width = width
        height = self.frame.height
        self.canvas = MultiCanvas(2, width=math.ceil(width * resolution),
                                  height=math.ceil(height * resolution))
        self._scale = resolution
        self.canvas.layout.width = "100%"
        self.canvas.layout.height = "auto"
        self.canvas.layout.max_width = f"{math.ceil(width)}px"
        self.canvas.add_class("paleo-analysis-canvas")
        self.redraws = 0
        self._drawn = False
        self._build()
        super().__init__(classroom(self, self._children()), **kwargs)
        self.add_class("paleo-analysis")
        redraw_on_connect(self.canvas, self.redraw)
        self.canvas.on_key_down(self.key)
        takes_keys(self.canvas)
        on_press(self.canvas, lambda x, y: self.select(self.frame.round_at(x / self._scale)))
        self.round = round
        self.slider.value = self.round      # before the link, which copies slider to panel
        W.link((self.slider, "value"), (self, "round"))
        self.redraw()
        self._drawn = True
        self._show_words()

    @classmethod
    def from_log(cls, log: GameLog, player: int | str = 0, *, time_limit: float | None = None,
                 total_time: float | None = None, **kwargs: Any) -> AnalysisPanel:
        """Analyse one player's game of ``log`` (:func:`analyse_log`) and show it. With no
        limit, a class game is analysed in a minute in all (:func:`default_total_time`)."""
        return cls(_analysed(log, player, time_limit, total_time, kwargs.get("lang")),
                   game=log.game, **kwargs)

    # -- moving between rounds ---------------------------------------------------------------

    @traitlets.validate("round")
    def _valid_round(self, proposal: dict[str, Any]) -> int:
        return max(0, min(int(proposal["value"]), self.last))

    @traitlets.observe("round")
    def _on_round(self, change: dict[str, Any]) -> None:
        if not self._drawn:     # construction paints everything once, in redraw()
            return
        with canvas_batch():
            self._paint(ROUND, self._round_items())
        self._show_words()

    def select(self, r: int) -> None:
        """Show round ``r`` (clamped): one canvas message, then the words."""
        self.round = r

    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        if key in KEYS:
            self.select(self.round + KEYS[key])
        elif key == "Home":
            self.select(0)
        elif key == "End":
            self.select(self.last)

    # -- drawing -----------------------------------------------------------------------------

    def redraw(self) -> None:
        """Paint both layers from the analysis, in one canvas message (construction, and
        every time a browser connects)."""
        with canvas_batch():
            self._paint(CHART, chart_items(self.analysis, self.scores, self.lang,
                                           width=self.width))
            self._paint(ROUND, self._round_items())
        self.redraws += 1

    def _round_items(self) -> tuple[Item, ...]:
        return round_items(self.analysis, self.scores, self.round, self.lang, width=self.width)

    def _paint(self, layer: int, items: Sequence[Item]) -> None:
        # the plan is in CSS pixels; the canvas has ``resolution`` pixels per CSS pixel
        paint_on(self.canvas[layer], _scaled(items, self._scale))

    # -- words and controls --------------------------------------------------------------------

    def _build(self) -> None:
        def button(icon: str, key: str) -> W.Button:
            b = W.Button(icon=icon, tooltip=i18n.t(f"analysis.{key}.tip", self.lang),
                         **looks(W.Button, width="3em"))
            b.add_class(f"paleo-analysis-{key}")
            return b

        self.prev_button = button("step-backward", "prev")
        self.next_button = button("step-forward", "next")
        self.slider = W.IntSlider(value=0, min=0, max=self.last,
                                  description=i18n.t("analysis.slider", self.lang),
                                  **looks(W.IntSlider, flex="1 1 auto", min_width="8em"))
        self.prev_button.on_click(lambda _: self.select(self.round - 1))
        self.next_button.on_click(lambda _: self.select(self.round + 1))
        self.summary = W.HTML(**looks(W.HTML))
        self.words = W.HTML(**looks(W.HTML, min_height="4.5em"))

    def _children(self) -> list[Any]:
        keys = W.HTML("<small style='color:#666'>"
                      f"{html.escape(i18n.t('analysis.keys', self.lang))}</small>")
        row = looks(W.HBox, flex_flow="row wrap", align_items="center")
        return [self.summary, self.canvas,
                W.HBox([self.prev_button, self.next_button, self.slider], **row),
                self.words, keys]

    def _show_words(self) -> None:
        a, lang = self.analysis, self.lang
        lost = a.best - a.final
        if a.best == a.bound:
            summary = i18n.t("analysis.summary", lang, best=a.best, final=a.final, lost=lost,
                             s="" if lost == 1 else "s")
        else:
            summary = i18n.t("analysis.summary.unproven", lang, best=a.best, bound=a.bound,
                             final=a.final, low=lost, high=a.bound - a.final)
        self.summary.value = (f"<div class='paleo-analysis-summary'>"
                              f"{html.escape(summary)}</div>")
        self.words.value = "".join(f"<div>{html.escape(line)}</div>"
                                   for line in self.round_lines(self.round))
        self.prev_button.disabled = self.round == 0
        self.next_button.disabled = self.round == self.last

    def round_lines(self, r: int) -> list[str]:
        """Round ``r`` in words: the roll, the turn played, what it kept, a best turn."""
        a, lang = self.analysis, self.lang
        if r == 0 and a.best == a.bound:
            return [i18n.t("analysis.start", lang, best=a.best)]
        if r == 0:
            return [i18n.t("analysis.start.unproven", lang, best=a.best, bound=a.bound)]
        ra = a.rounds[r - 1]
        lines = [f"{dice(*ra.roll)}  " + i18n.t("analysis.played", lang, round=r, a=ra.roll[0],
                                                 b=ra.roll[1], turn=turn_words(ra.turn, lang))]
        if not ra.proven:
            # Never a single number that is not proven: the brackets, and the regret's.
            lines.append(i18n.t("analysis.lost.unproven", lang, before=ra.best_before,
                                before_bound=ra.bound_before, after=ra.best_after,
                                after_bound=ra.bound_after, low=ra.regret_low,
                                high=ra.regret_high))
            if ra.regret:
                lines.append(i18n.t("analysis.best-turn", lang,
                                    turn=turn_words(ra.best_turn, lang)))
        elif ra.regret:
            lines.append(i18n.t("analysis.lost", lang, before=ra.best_before,
                                after=ra.best_after, regret=ra.regret))
            lines.append(i18n.t("analysis.best-turn", lang, turn=turn_words(ra.best_turn, lang)))
        else:
            lines.append(i18n.t("analysis.kept", lang, best=ra.best_before))
        if not ra.proven:
            lines.append(i18n.t("analysis.not-proven", lang))
        return lines

    # -- notebook output -----------------------------------------------------------------------

    def plain_text(self) -> str:
        a = self.analysis
        best, regret = str(a.best), str(a.best - a.final)
        if a.bound != a.best:       # the brackets, never one number that is not proven
            best, regret = f"{a.best}-{a.bound}", f"{regret}-{a.bound - a.final}"
        return (f"<AnalysisPanel round {self.round}/{self.last} best {best} final {a.final} "
                f"regret {regret}{'' if a.proven else ' (not proven)'}>")

    def fallback_svg(self) -> str:
        return str(chart_svg(self.analysis, self.scores, self.round, self.lang,
                             width=self.width))


def _scaled(items: Sequence[Item], k: float) -> tuple[Item, ...]:
    """The items at ``k`` canvas pixels per plan pixel (a sharp chart on dense screens)."""
    return tuple(_scale_item(i, k) for i in items)


def _scale_item(item: Item, k: float) -> Item:
    def paint(p: Paint) -> Paint:
        return Paint(p.fill, p.stroke, p.width * k, p.pattern, p.opacity)

    match item:
        case Group():
            return Group(_scaled(item.items, k), item.cls, item.x * k, item.y * k, item.data,
                         item.tooltip)
        case Rect():
            return Rect(item.x * k, item.y * k, item.w * k, item.h * k, paint(item.paint),
                        item.cls, item.data, item.rx * k)
        case Circle():
            return Circle(item.cx * k, item.cy * k, item.r * k, paint(item.paint), item.cls,
                          item.data)
        case Path():
            return Path(tuple(tuple((x * k, y * k) for x, y in loop) for loop in item.loops),
                        paint(item.paint), item.closed, item.cls, item.data)
        case Text():
            return Text(item.x * k, item.y * k, item.text, item.size * k, item.fill, item.cls,
                        item.anchor, item.bold, item.data)
    raise TypeError(item)


# -- beside a replay ------------------------------------------------------------------------

class ReplayAnalysis(SvgFallback, W.HBox):  # type: ignore[misc]
    """A replay and its analysis side by side (the panel wraps below on narrow outputs),
    their rounds linked both ways: stepping either moves the other. Where no kernel runs,
    the notebook shows the replay's sheet and the chart side by side."""

    def __init__(self, replay: ReplayWidget, panel: AnalysisPanel, **kwargs: Any) -> None:
        self.replay, self.panel = replay, panel
        W.link((replay.slider, "value"), (panel, "round"))
        panel.layout.flex = "0 1 360px"
        panel.layout.margin = "0 0 0 12px"
        replay.layout.flex = "1 1 480px"
        super().__init__(classroom(self, [replay, panel]), layout=W.Layout(flex_flow="row wrap",
                                                          align_items="flex-start"), **kwargs)
        self.add_class("paleo-replay-analysis")

    def plain_text(self) -> str:
        return f"<ReplayAnalysis {self.replay!r} {self.panel!r}>"

    def fallback_svg(self) -> str:
        return side_by_side(self.replay.fallback_svg(), self.panel.fallback_svg())


def side_by_side(left: str, right: str, gap: float = 12) -> str:
    """Two SVG documents in one, the second to the right of the first, tops aligned."""
    ET.register_namespace("", SVG_NS)     # write the SVG namespace as the default one
    a, b = ET.fromstring(left), ET.fromstring(right)
    wa, ha = float(a.get("width", "0")), float(a.get("height", "0"))
    wb, hb = float(b.get("width", "0")), float(b.get("height", "0"))
    width, height = wa + gap + wb, max(ha, hb)
    root = ET.Element(f"{{{SVG_NS}}}svg", {"version": "1.1", "width": num(width),
                                            "height": num(height),
                                            "viewBox": f"0 0 {num(width)} {num(height)}"})
    b.set("x", num(wa + gap))
    root.extend([a, b])
    return ET.tostring(root, encoding="unicode")


def _analysed(log: GameLog, player: int | str, time_limit: float | None,
              total_time: float | None, lang: str | None, *,
              show: Callable[[W.Widget], object] | None = None) -> Analysis:
    """``analyse_log`` for the panels; an analysis given a ``total_time`` (a class game
    takes a minute) shows its progress (:class:`.solving.AnalysisProgress`) above the
    panel, and how it ended: ``show(bar)`` (default: displayed in the notebook's output)."""
    total = default_total_time(log.game, time_limit, total_time)
    if total is None:       # a short game, proven at once (the lessons' games)
        return analyse_log(log, player, time_limit=time_limit)
    bar = AnalysisProgress(total_time=total, lang=lang)
    (show or _show)(bar)
    found = analyse_log(log, player, time_limit=time_limit, total_time=total,
                        progress=bar.update)
    bar.finish(found)
    return found


def _show(widget: W.Widget) -> None:
    """Display ``widget`` now, in a notebook's output (nothing outside a kernel)."""
    from IPython import get_ipython
    from IPython.display import display

    if getattr(get_ipython(), "kernel", None) is not None:
        display(widget)  # type: ignore[no-untyped-call]


def beside_replay(replay: ReplayWidget, panel: AnalysisPanel) -> ReplayAnalysis:
    """A replay and its analysis side by side, rounds linked (:class:`ReplayAnalysis`)."""
    return ReplayAnalysis(replay, panel)


def replay_with_analysis(log: GameLog, player: int | str = 0, *,
                         analysis: Analysis | None = None, round: int = 0,
                         time_limit: float | None = None, total_time: float | None = None,
                         lang: str | None = None) -> ReplayAnalysis:
    """A :class:`~paleowidgets.widgets.replay.ReplayWidget` of ``log`` with its analysis
    beside it, linked round for round (``analysis`` is computed when not given: with no
    limit, a class game in a minute in all, :func:`default_total_time`)."""
    code = language(lang)
    replay = ReplayWidget(log, player=player, round=round, lang=code)
    found = (analysis if analysis is not None
             else _analysed(log, player, time_limit, total_time, code))
    panel = AnalysisPanel(found, game=log.game, round=round, lang=code)
    return beside_replay(replay, panel)
