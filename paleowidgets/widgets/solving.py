"""A solve you can watch in a notebook: a progress bar, the best line so far, interruptible;
and a game analysis you can watch (:class:`AnalysisProgress`: a class game takes a minute).

The solver runs in the cell, as it would anywhere; its progress callback (about twice a
second) moves a bar of the time limit (or shows the time spent) and says how many nodes
it searched and the score of the best real line found. Interrupting the kernel (the ■
button) stops the search and keeps that line, marked "not proven".

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> puzzle = parse_document(TINY + '[puzzle]\\nrolls = [[2, 5], [1, 4]]\\n')
>>> bar = SolveProgress(time_limit=10)
>>> solution = bar.solve(puzzle)
>>> solution.proven, bar.done
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import ipywidgets as W

from .. import i18n
from ..core.maps import Puzzle, Roll
from ..core.rules import Game
from ..solver.analysis import Analysis
from ..solver.exact import Solution, solve
from .shared import looks
from .text import language

__all__ = ["AnalysisProgress", "SolveProgress", "solve_live"]


class SolveProgress(W.VBox):  # type: ignore[misc]
    """A bar and a line of words that follow one solve; ``solve()`` runs it."""

    def __init__(self, *, time_limit: float | None = None, lang: str | None = None) -> None:
        self.time_limit = time_limit
        self.lang = language(lang)
        self.bar = W.FloatProgress(value=0.0, min=0.0, max=1.0, bar_style="info",
                                   **looks(W.FloatProgress, width="320px"))
        self.words = W.HTML(i18n.t("solve.waiting", self.lang), **looks(W.HTML))
        self.done = False
        self.solution: Solution | None = None
        self._start = time.monotonic()
        super().__init__([self.bar, self.words])

    def update(self, nodes: int, best: int, elapsed: float | None = None) -> None:
        """The solver's progress callback: nodes searched, the best real line's score."""
        if elapsed is None:
            elapsed = time.monotonic() - self._start
        if self.time_limit:
            self.bar.value = min(1.0, elapsed / self.time_limit)
            when = i18n.t("solve.elapsed.limit", self.lang, seconds=f"{elapsed:.1f}",
                          limit=f"{self.time_limit:g}")
        else:
            # No limit to measure against: the bar only shows that work goes on.
            self.bar.value = (elapsed % 2.0) / 2.0
            when = i18n.t("solve.elapsed", self.lang, seconds=f"{elapsed:.1f}")
        self.words.value = i18n.t("solve.running", self.lang, when=when, nodes=f"{nodes:,}",
                                  best=best)

    def finish(self, solution: Solution) -> None:
        """Show the result: proven optimum, or the best line found when stopped early."""
        self.done, self.solution = True, solution
        self.bar.value = 1.0
        self.bar.bar_style = "success" if solution.proven else "warning"
        key = "solve.proven" if solution.proven else "solve.unproven"
        self.words.value = i18n.t(key, self.lang, optimum=solution.optimum,
                                  nodes=f"{solution.nodes:,}",
                                  seconds=f"{solution.seconds:.1f}")

    def solve(self, puzzle_or_game_and_rolls: Puzzle | tuple[Game, Sequence[Roll]]
              ) -> Solution:
        """Run the solver with this bar as its progress, and show the answer."""
        self._start = time.monotonic()
        self.done, self.solution = False, None
        self.bar.bar_style = "info"
        solution = solve(puzzle_or_game_and_rolls, time_limit=self.time_limit,
                         progress=self.update)
        self.finish(solution)
        return solution


def solve_live(puzzle_or_game_and_rolls: Puzzle | tuple[Game, Sequence[Roll]], *,
               time_limit: float | None = None, lang: str | None = None) -> Solution:
    """Solve with a progress bar shown in the notebook's output; returns the Solution."""
    from IPython.display import display

    bar = SolveProgress(time_limit=time_limit, lang=lang)
    display(bar)  # type: ignore[no-untyped-call]
    return bar.solve(puzzle_or_game_and_rolls)


class AnalysisProgress(W.VBox):  # type: ignore[misc]
    """A bar of an analysis' ``total_time`` and a line of words: the rounds analysed so
    far, then how many were proven (:func:`~paleowidgets.solver.analysis.analyse` calls
    :meth:`update` after each round and about twice a second in between).

    >>> bar = AnalysisProgress(total_time=60, lang="en")
    >>> bar.update(9, 20, elapsed=30.0)
    >>> bar.bar.value, "30.0 s of 60 s, 9 of 20 rounds" in bar.words.value
    (0.5, True)
    """

    def __init__(self, *, total_time: float, lang: str | None = None) -> None:
        self.total_time = total_time
        self.lang = language(lang)
        self.bar = W.FloatProgress(value=0.0, min=0.0, max=1.0, bar_style="info",
                                   **looks(W.FloatProgress, width="320px"))
        self.words = W.HTML(i18n.t("analyse.waiting", self.lang), **looks(W.HTML))
        self._start = time.monotonic()
        super().__init__([self.bar, self.words])
        self.add_class("paleo-analysis-progress")

    def update(self, done: int, rounds: int, elapsed: float | None = None) -> None:
        """``analyse``'s progress callback: rounds analysed, of ``rounds``."""
        if elapsed is None:
            elapsed = time.monotonic() - self._start
        self.bar.value = min(1.0, elapsed / self.total_time) if self.total_time else 0.0
        when = i18n.t("solve.elapsed.limit", self.lang, seconds=f"{elapsed:.1f}",
                      limit=f"{self.total_time:g}")
        self.words.value = i18n.t("analyse.running", self.lang, when=when, done=done,
                                  rounds=rounds)

    def finish(self, analysis: Analysis, elapsed: float | None = None) -> None:
        """Say how it ended: every round proven, or how many, or stopped (Ctrl-C, the
        kernel interrupted: the bar stays where it was)."""
        if elapsed is None:
            elapsed = time.monotonic() - self._start
        proven = sum(r.proven for r in analysis.rounds)
        if not analysis.stopped:
            self.bar.value = 1.0
        self.bar.bar_style = "success" if analysis.proven else "warning"
        key = ("analyse.stopped" if analysis.stopped else
               "analyse.done.all" if analysis.proven else "analyse.done")
        self.words.value = i18n.t(key, self.lang, seconds=f"{elapsed:.1f}", proven=proven,
                                  rounds=len(analysis.rounds))
