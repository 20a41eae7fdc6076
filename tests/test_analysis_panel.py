"""The analysis panel without a browser: the chart plan against the analysis, the round
trait and its controls, one canvas message per update, the link with a replay, the words
in three languages, and the static SVG fallback."""

from __future__ import annotations

import dataclasses
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from helpers import Messages, event, key

from paleowidgets import i18n
from paleowidgets.core.logs import GameLog, PlayerLog, replay_turns
from paleowidgets.core.maps import parse_document
from paleowidgets.core.rules import TINY, Game
from paleowidgets.core.turns import Turn
from paleowidgets.data import load_map
from paleowidgets.render.primitives import Circle, Group, Item, Rect, Text
from paleowidgets.solver import analysis as solver_analysis
from paleowidgets.solver.analysis import Analysis, analyse
from paleowidgets.solver.bots import GreedyBot, play_game
from paleowidgets.widgets import analysis as panel_module
from paleowidgets.widgets.analysis import (
    CHART,
    ROUND,
    AnalysisPanel,
    best_line,
    chart_items,
    chart_svg,
    frame_of,
    replay_with_analysis,
    round_items,
    turn_words,
)
from paleowidgets.widgets.events import page_hooks, page_scale

ROOT = Path(__file__).resolve().parents[1]
NS = "{http://www.w3.org/2000/svg}"
ROLLS = [(2, 5), (1, 4)]
# The analysis module's own example: a game that scores 0 where 4 was reachable.
TURNS = [Turn.from_dict({"shape": "L", "dig": "chevron", "cells": ["A5", "A6", "B6", "C6", "D6"]}),
         Turn.from_dict({"shape": "X", "dig": "dot", "cells": ["E3", "D4", "E4", "F4", "E5"]})]


@pytest.fixture(scope="module")
def game() -> Game:
    return Game(parse_document(TINY), rounds=2)


@pytest.fixture(scope="module")
def analysis(game: Game) -> Analysis:
    return analyse(game, ROLLS, TURNS)


@pytest.fixture(scope="module")
def log() -> GameLog:
    puzzle = parse_document(TINY + "[puzzle]\ntitle = \"Two rolls\"\nrolls = [[2, 5], [1, 4]]\n")
    return GameLog(puzzle, tuple(ROLLS), (PlayerLog("Ada", tuple(TURNS)),))


def flat(items: tuple[Item, ...] | list[Item]) -> list[Item]:
    out: list[Item] = []
    for item in items:
        out += flat(list(item.items)) if isinstance(item, Group) else [item]
    return out


def classed(items: list[Item], cls: str) -> list[Any]:
    return [i for i in items if cls in i.cls.split() or i.cls == cls]


# -- the analysis as the chart shows it ---------------------------------------------------------

def test_the_chart_plots_best_reachable_score_and_regret(game: Game,
                                                          analysis: Analysis) -> None:
    scores = [s.score().total for s in replay_turns(game, ROLLS, TURNS)]
    items = flat(chart_items(analysis, scores, "en"))
    best = [int(m.data["value"]) for m in items if m.cls == "chart-mark best"]
    assert best == best_line(analysis) == [4, 1, 0]
    assert [int(m.data["value"]) for m in items if m.cls == "chart-mark score"] == scores
    # regrets add up to what the game gave away, and each bar writes its number
    regrets = [ra.regret for ra in analysis.rounds]
    assert regrets == [3, 1] and sum(regrets) == analysis.best - analysis.final
    bars = [i for i in items if i.cls == "regret-bar"]
    assert [int(b.data["regret"]) for b in bars] == regrets
    assert bars[0].h > bars[1].h                            # taller for the bigger regret
    values = [t.text for t in items if isinstance(t, Text) and t.cls == "regret-value"]
    assert values == ["3", "1"]
    # the best line is drawn higher (smaller y) where more is reachable
    f = frame_of(analysis, 340)
    marks = [m for m in items if m.cls == "chart-mark best"]
    assert all(isinstance(m, Rect) for m in marks)         # squares; the score: circles
    assert all(isinstance(m, Circle) for m in items if m.cls == "chart-mark score")
    assert marks[0].y < marks[1].y < marks[2].y
    assert f.round_at(f.x(1)) == 1 and f.round_at(-50) == 0 and f.round_at(9999) == 2


def test_the_highlight_writes_the_round_and_its_regret(analysis: Analysis) -> None:
    items = flat(round_items(analysis, None, 1, "en"))
    caption = [t for t in items if isinstance(t, Text) and t.cls == "round-caption"]
    assert [t.text for t in caption] == ["Round 1: regret 3"]
    frame = next(i for i in items if i.cls == "round-frame")
    f = frame_of(analysis, 340)
    assert frame.x < f.x(1) < frame.x + frame.w           # the column of round 1
    start = flat(round_items(analysis, None, 0, "fr"))
    assert [t.text for t in start if isinstance(t, Text)] == ["Départ : meilleur 4"]


def test_unproven_values_are_hollow_and_said_so(analysis: Analysis) -> None:
    cut = dataclasses.replace(
        analysis, proven=False,
        rounds=(dataclasses.replace(analysis.rounds[0], proven=False), analysis.rounds[1]))
    items = flat(chart_items(cut, None, "en"))
    marks = [m for m in items if m.cls == "chart-mark best"]
    assert [m.paint.fill for m in marks][:2] == ["#FFFFFF", "#FFFFFF"]     # rounds 0 and 1
    assert marks[2].paint.fill != "#FFFFFF"
    assert any(t.cls == "legend-note" for t in items)
    assert not any(t.cls == "legend-note" for t in flat(chart_items(analysis, None, "en")))
    panel = AnalysisPanel(cut, round=1)
    assert "Not proven" in panel.words.value and "(not proven)" in repr(panel)


def test_turns_in_words() -> None:
    t = Turn.from_dict({"shape": "U", "dig": "hatch", "cells": ["D2", "E2", "E3", "D4", "E4"],
                        "switch": ["shape"], "stars": ["one-square"], "squares": ["C5"]})
    assert turn_words(t, "en") == ("U pentomino, hatch, on D2 E2 E3 D4 E4; spending Switch "
                                   "Shape; bonuses gained: One Square Anywhere; One Square on C5")
    assert turn_words(Turn.pass_(), "fr") == "passer"
    assert turn_words(t, "ko").startswith("U 펜토미노, 빗금, 칸 D2")


# -- the panel ---------------------------------------------------------------------------------

def test_the_panel_draws_once_and_again_when_a_client_connects(
        messages: Messages, game: Game, analysis: Analysis) -> None:
    panel = AnalysisPanel(analysis, game=game, round=1)
    assert len(messages) == 1 and messages.layers(panel.canvas) == [CHART, ROUND]
    assert panel.round == 1 and panel.slider.value == 1
    event(panel.canvas[1], "client_ready")
    assert len(messages) == 2 and messages.layers(panel.canvas) == [CHART, ROUND]
    assert panel.redraws == 2


def test_a_round_change_is_one_message_on_the_highlight_layer(
        messages: Messages, game: Game, analysis: Analysis) -> None:
    panel = AnalysisPanel(analysis, game=game)
    n = len(messages)
    panel.round = 2
    assert len(messages) == n + 1 and messages.layers(panel.canvas) == [ROUND]
    assert "Round 2: regret 1" in messages.texts()          # the view shows the model
    panel.round = 2                                         # no change, no message
    assert len(messages) == n + 1


def test_round_controls_keys_and_clicks(game: Game, analysis: Analysis) -> None:
    panel = AnalysisPanel(analysis, game=game)
    assert panel.prev_button.disabled and not panel.next_button.disabled
    panel.next_button.click()
    assert panel.round == panel.slider.value == 1
    panel.key("End")
    assert panel.round == 2 and panel.next_button.disabled
    panel.key("ArrowRight")
    assert panel.round == 2                                  # clamped
    panel.round = 99
    assert panel.round == 2
    panel.key("Home")
    assert panel.round == 0
    panel.slider.value = 1
    assert panel.round == 1
    # a click on the chart picks the round of that column (canvas pixels are scaled)
    x = panel.frame.x(2) * 1.5
    event(panel.canvas[1], "mouse_down", x=x, y=100)
    assert panel.round == 2
    key(panel.canvas[1], "ArrowLeft")
    assert panel.round == 1


def test_the_round_in_words(game: Game, analysis: Analysis) -> None:
    panel = AnalysisPanel(analysis, game=game)
    assert panel.round_lines(0) == ["Before round 1: the best score reachable with every "
                                    "roll known is 4."]
    lines = panel.round_lines(1)
    assert lines[0].endswith("Round 1, roll 2 and 5: played L pentomino, chevron, on A5 A6 B6 "
                             "C6 D6.")
    assert lines[1] == "Best still reachable: 4 before this turn, 1 after it: regret 3."
    assert lines[2] == f"A turn that kept the best: {turn_words(analysis.rounds[0].best_turn)}."
    assert "With these rolls the best possible score was 4; the game scored 0: 4 points" \
        in panel.summary.value
    kept = dataclasses.replace(analysis.rounds[1], regret=0, best_after=1)
    same = dataclasses.replace(analysis, rounds=(analysis.rounds[0], kept))
    assert AnalysisPanel(same).round_lines(2)[1] == ("No regret: this turn keeps 1 reachable, "
                                                     "the best.")


def test_the_panel_speaks_french_and_korean(analysis: Analysis) -> None:
    fr, ko = AnalysisPanel(analysis, lang="fr"), AnalysisPanel(analysis, lang="ko")
    assert fr.slider.description == "Manche" and ko.slider.description == "라운드"
    assert "Avant la manche 1" in fr.words.value
    assert "최고 점수는 4점" in ko.words.value
    i18n.set_language("fr")
    try:
        assert AnalysisPanel(analysis).lang == "fr"           # lang=None: the one setting
    finally:
        i18n.set_language(None)
    with pytest.raises(ValueError, match="en, fr, ko"):
        AnalysisPanel(analysis, lang="de")


def test_beside_a_replay_the_rounds_follow_each_other(log: GameLog,
                                                       analysis: Analysis) -> None:
    box = replay_with_analysis(log, analysis=analysis)
    replay, panel, scale, hooks = box.children   # side by side, and the page side (events.py)
    assert scale is page_scale() and hooks is page_hooks()
    replay.next_button.click()
    assert panel.round == 1
    replay.key("End")
    assert panel.round == 2
    panel.select(0)
    assert replay.round == 0 and replay.slider.value == 0
    assert panel.scores == [0, 0, 0]
    own = replay_with_analysis(log, round=1)                 # analysed here: the same values
    assert own.children[1].analysis == analysis and own.children[0].round == 1
    data = own._repr_mimebundle_()
    assert data["text/plain"] == ("<ReplayAnalysis <ReplayWidget Two rolls player Ada round 1/2 "
                                  "score 0> <AnalysisPanel round 1/2 best 4 final 0 regret 4>>")
    svg = ET.fromstring(data["image/svg+xml"])           # the sheet, then the chart
    inner = [el.get("class") for el in svg if el.tag == NS + "svg"]
    assert inner[0] is not None and "paleo-sheet" in inner[0]
    assert inner[1] == "paleo-analysis-chart"
    drawn = float(svg.get("viewBox", "0 0 0 0").split()[2])    # shown at most 640 px wide
    assert drawn > float(svg[0].get("width", 0)) + 340 and float(svg.get("width", 0)) == 640


def test_notebook_output_has_the_chart_as_svg(game: Game, analysis: Analysis) -> None:
    panel = AnalysisPanel(analysis, game=game, round=1)
    data = panel._repr_mimebundle_()
    assert data["text/plain"] == "<AnalysisPanel round 1/2 best 4 final 0 regret 4>"
    svg = ET.fromstring(data["image/svg+xml"])
    assert svg.get("class") == "paleo-analysis-chart"
    groups = [g for g in svg.iter(NS + "g") if g.get("class") == "round-highlight"]
    assert [g.get("data-round") for g in groups] == ["1"]
    texts = [t.text for t in svg.iter(NS + "text")]
    assert "Round 1: regret 3" in texts and "regret" in texts
    assert str(chart_svg(analysis, panel.scores, 1, "en")) == data["image/svg+xml"]
    assert len([r for r in svg.iter(NS + "rect") if r.get("class") == "regret-bar"]) == 2


def test_every_panel_and_puzzle_text_key_is_in_the_catalogs() -> None:
    used: set[str] = set()
    for name in ("analysis.py", "puzzle.py"):
        text = (ROOT / "paleowidgets" / "widgets" / name).read_text()
        used |= set(re.findall(r"[\"']((?:analysis|puzzle)\.[a-z0-9.\-]+)[\"']", text))
    used |= {f"analysis.{k}.tip" for k in ("prev", "next")}
    used |= {f"puzzle.{k}{tip}" for k in ("hint", "check", "reveal", "restart")
             for tip in ("", ".tip")}
    used |= {f"puzzle.tier.{t}" for t in ("beginner", "intermediate", "advanced", "expert")}
    used |= {f"puzzle.check.{k}{u}" for k in ("best", "short") for u in ("", ".unproven")}
    used |= {"puzzle.reveal.title.unproven"}
    assert len(used) > 50
    for lang in ("en", "fr", "ko"):
        assert sorted(used - set(i18n.catalog(lang))) == [], lang
    own = {k for k in i18n.catalog("en") if k.startswith(("analysis.", "puzzle."))}
    assert sorted(own - used) == []                         # no key left unused


def test_unproven_values_are_shown_as_brackets(analysis: Analysis) -> None:
    """A cut search: the best reachable and the regret are brackets [found, bound] in the
    words, on the chart, in the summary and in the notebook repr, never one number."""
    r1 = dataclasses.replace(analysis.rounds[0], proven=False, bound_before=6, bound_after=2)
    r2 = dataclasses.replace(analysis.rounds[1], proven=False, bound_before=2)
    cut = dataclasses.replace(analysis, proven=False, bound=6, rounds=(r1, r2))
    assert (r1.regret_low, r1.regret_high) == (2, 5)    # 4 - 2 and 6 - 1
    panel = AnalysisPanel(cut, round=1)
    lines = panel.round_lines(1)
    assert lines[1] == ("Best still reachable: between 4 and 6 before this turn, between 1 "
                        "and 2 after it: regret between 2 and 5.")
    assert panel.round_lines(0) == ["Before round 1: the best score reachable with every roll "
                                    "known is between 4 and 6 (not proven)."]
    assert "between 4 and 6 (not proven); the game scored 0: between 4 and 6 points" \
        in panel.summary.value
    assert "best 4-6 final 0 regret 4-6 (not proven)" in repr(panel)
    values = [t.text for t in flat(chart_items(cut, None, "en")) if t.cls.startswith(
        "regret-value")]
    assert values == ["2\u20135", "1\u20132"]
    caption = [t.text for t in flat(round_items(cut, None, 1, "en"))
               if isinstance(t, Text) and t.cls == "round-caption"]
    assert caption == ["Round 1: regret 2 to 5"]
    start = [t.text for t in flat(round_items(cut, None, 0, "fr")) if isinstance(t, Text)]
    assert start == ["Départ : meilleur de 4 à 6"]
    ko = AnalysisPanel(cut, lang="ko", round=1).words.value
    assert "후회 2~5" in ko


def test_an_unproven_optimal_hint_gives_its_bracket() -> None:
    """The puzzle's third hint, cut by its time limit: the value found and the bound."""
    from paleowidgets.solver.analysis import Hint
    from paleowidgets.widgets.puzzle import PuzzleWidget

    puzzle = parse_document(TINY + "[puzzle]\nrolls = [[2, 5], [1, 4]]\n")
    widget = PuzzleWidget(puzzle, time_limit=2)
    cut = Hint("optimal", TURNS[0], None, 3, 5)
    text = widget.hint_text(cut)
    assert "3 points can still be reached" in text
    assert "keeps 3 reachable, and no line reaches more than 5" in text
    proven = Hint("optimal", TURNS[0], None, 4, 4)
    assert "Not proven" not in widget.hint_text(proven)
    widget.lang = "fr"
    assert "aucune partie ne dépasse 5" in widget.hint_text(cut)


def test_a_class_game_is_analysed_in_a_minute_by_default(log: GameLog,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """With no limit, the panel proves a short game to the end, and analyses a class game
    (20 rounds: proven to the end it would take hours) within 60 s in all, as ``paleo
    analyse`` does; a limit the caller gives is kept."""
    game = Game(load_map("dig-site"))
    rng = random.Random(7)
    rolls = tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(game.rounds))
    turns = play_game(game, rolls, GreedyBot(), random.Random(7))[1]
    long_log = GameLog(game.map, rolls, (PlayerLog("Bo", tuple(turns)),))
    asked: list[tuple[float | None, float | None]] = []

    def quick(log: GameLog, player: Any = 0, *, time_limit: float | None = None,
              total_time: float | None = None, progress: Any = None) -> Analysis:
        asked.append((time_limit, total_time))
        return solver_analysis.analyse_log(log, player, time_limit=time_limit or 0.01)

    monkeypatch.setattr(panel_module, "analyse_log", quick)
    AnalysisPanel.from_log(log)
    AnalysisPanel.from_log(long_log)
    replay_with_analysis(long_log)
    AnalysisPanel.from_log(long_log, time_limit=2.0)
    assert asked == [(None, None), (None, 60.0), (None, 60.0), (2.0, None)]


def test_a_class_game_shows_its_progress_while_it_is_analysed(
        log: GameLog, monkeypatch: pytest.MonkeyPatch) -> None:
    """A class game's analysis takes a minute: a bar of that minute is shown above the
    panel at once (in the panel's language), follows the rounds as they are analysed,
    and says at the end how many rounds were proven. A short game (proven at once, as in
    the lessons) shows none."""
    game = Game(load_map("dig-site"))
    rng = random.Random(7)
    rolls = tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(game.rounds))
    turns = play_game(game, rolls, GreedyBot(), random.Random(7))[1]
    long_log = GameLog(game.map, rolls, (PlayerLog("Bo", tuple(turns)),))
    shown: list[Any] = []
    seen: list[str] = []

    def show(widget: Any) -> None:
        shown.append(widget)
        widget.words.observe(lambda change: seen.append(change["new"]), "value")

    monkeypatch.setattr(panel_module, "_show", show)
    AnalysisPanel.from_log(log)
    assert shown == []
    panel = AnalysisPanel.from_log(long_log, total_time=3.0, lang="fr")
    (bar,) = shown
    assert seen and all("Analyse de la partie" in words for words in seen[:-1])
    assert "sur 20" in seen[-2]
    proven = sum(r.proven for r in panel.analysis.rounds)
    assert bar.bar.value == 1.0 and bar.bar.bar_style == "warning"
    assert bar.words.value == i18n.t("analyse.done", "fr", seconds=re.search(
        r"en ([0-9.]+) s", bar.words.value).group(1), proven=proven, rounds=20)
    assert 0 < proven < 20
