"""The solve progress: a bar in the notebook, a bar on the terminal, the answer in words."""

from __future__ import annotations

import dataclasses
import random

import pytest

from paleowidgets import i18n
from paleowidgets.cli import AnalysisStatus, Progress
from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.maps import parse_document
from paleowidgets.core.rules import TINY, Game
from paleowidgets.data import load_map
from paleowidgets.solver.analysis import analyse
from paleowidgets.solver.bots import GreedyBot, play_game
from paleowidgets.solver.exact import replay_score
from paleowidgets.widgets.solving import AnalysisProgress, SolveProgress

PUZZLE = parse_document(TINY + "[puzzle]\nrolls = [[2, 5], [1, 4], [6, 3]]\n")


def test_a_solve_ends_with_the_proven_optimum_in_words() -> None:
    bar = SolveProgress(lang="en")
    solution = bar.solve(PUZZLE)
    assert solution.proven and bar.done and bar.solution is solution
    assert solution.optimum == replay_score(PUZZLE, solution.turns)
    assert bar.bar.value == 1.0 and bar.bar.bar_style == "success"
    assert f"Proven optimum: {solution.optimum} points" in bar.words.value


def test_the_bar_measures_the_time_limit() -> None:
    bar = SolveProgress(time_limit=8, lang="en")
    bar.update(1234, 17, elapsed=2.0)
    assert bar.bar.value == pytest.approx(0.25)
    assert "2.0 s of 8 s" in bar.words.value and "1,234 positions" in bar.words.value
    assert "best line so far 17 points" in bar.words.value
    bar.update(99, 17, elapsed=20.0)
    assert bar.bar.value == 1.0          # never past the end


def test_without_a_limit_the_bar_only_shows_work_going_on() -> None:
    bar = SolveProgress(lang="en")
    values = []
    for t in (0.1, 0.9, 1.7, 2.5):
        bar.update(10, 3, elapsed=t)
        values.append(bar.bar.value)
        assert 0.0 <= bar.bar.value < 1.0 and f"{t:.1f} s" in bar.words.value
    assert len(set(values)) > 1


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_the_words_follow_the_language(lang: str) -> None:
    bar = SolveProgress(time_limit=4, lang=lang)
    bar.update(5, 2, elapsed=1.0)
    expected = i18n.t("solve.running", lang, when=i18n.t("solve.elapsed.limit", lang,
                      seconds="1.0", limit="4"), nodes="5", best=2)
    assert bar.words.value == expected != i18n.t("solve.running", "en", when="", nodes="5",
                                                 best=2)


def test_a_stopped_solve_keeps_its_best_line_and_says_it_is_not_proven() -> None:
    game = Game(load_map("dig-site"))
    rolls = roll_sequence("TREX-4821", game.rounds)
    bar = SolveProgress(time_limit=1.0, lang="en")
    solution = bar.solve((game, rolls))
    assert bar.done and solution.turns            # a whole line, whatever happened
    if solution.proven:   # a solver fast enough to prove it: then it must say so
        assert bar.bar.bar_style == "success"
    else:
        assert bar.bar.bar_style == "warning"
        assert "not proven optimal" in bar.words.value
        assert f"{solution.optimum} points" in bar.words.value


def test_the_terminal_bar() -> None:
    line = Progress(False, time_limit=12).line(1234, 17, 3.0)
    assert line.strip().startswith("[######" + "·" * 18 + "] 3.0 s of 12 s")
    assert "1,234 nodes" in line and "best line 17" in line
    assert Progress(False, time_limit=2).line(1, 1, 5.0).count("#") == Progress.WIDTH
    assert "[" not in Progress(False).line(1, 1, 0.5)     # no limit: no bar, the time spent


def test_the_analysis_bar_follows_the_rounds_and_the_time() -> None:
    bar = AnalysisProgress(total_time=60, lang="en")
    assert bar.words.value == i18n.t("analyse.waiting", "en")
    bar.update(9, 20, elapsed=15.0)
    assert bar.bar.value == pytest.approx(0.25)
    assert "15.0 s of 60 s, 9 of 20 rounds analysed" in bar.words.value
    bar.update(9, 20, elapsed=75.0)
    assert bar.bar.value == 1.0          # a late end stays at the end


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_the_analysis_bar_says_how_it_ended(lang: str) -> None:
    """Every round proven (green), or how many of them (amber: the rest are brackets),
    in the panel's language."""
    game = Game.from_puzzle(PUZZLE)
    turns = play_game(game, PUZZLE.rolls, GreedyBot(), random.Random(1))[1]
    proven = analyse(game, PUZZLE.rolls, turns)
    bar = AnalysisProgress(total_time=10, lang=lang)
    bar.finish(proven, elapsed=0.25)
    assert bar.bar.bar_style == "success"
    assert bar.words.value == i18n.t("analyse.done.all", lang, seconds="0.2")
    cut = dataclasses.replace(proven, proven=False, rounds=(
        dataclasses.replace(proven.rounds[0], proven=False), *proven.rounds[1:]))
    bar.finish(cut, elapsed=12.0)
    assert bar.bar.bar_style == "warning"
    assert bar.words.value == i18n.t("analyse.done", lang, seconds="12.0", proven=2, rounds=3)
    assert bar.words.value != i18n.t("analyse.done", "en" if lang != "en" else "fr",
                                     seconds="12.0", proven=2, rounds=3)
    # Ctrl-C (the kernel's ■) ended it: the bar stays where the time was, and says so
    bar = AnalysisProgress(total_time=60, lang=lang)
    bar.update(1, 3, elapsed=6.0)
    bar.finish(dataclasses.replace(cut, stopped=True), elapsed=6.0)
    assert bar.bar.value == pytest.approx(0.1) and bar.bar.bar_style == "warning"
    assert bar.words.value == i18n.t("analyse.stopped", lang, seconds="6.0", proven=2,
                                     rounds=3)


def test_the_terminal_analysis_bar() -> None:
    status = AnalysisStatus(False, total_time=60)
    line = status.line(9, 20, 15.0)
    assert line.strip() == "[" + "#" * 6 + "·" * 18 + "] 15.0 s of 60 s · 9 of 20 rounds analysed"
    status(9, 20)                    # not a terminal: nothing shown
    assert not status.shown
