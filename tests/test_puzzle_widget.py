"""The puzzle widget without a browser: loading, the hint ladder one rung per press (words,
outline, one canvas message, dropped at the next round), Check against the optimum,
Reveal through a replay, Start again, keys, languages and the notebook output."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import Messages, key

from paleowidgets.core.geometry import SYMMETRIES
from paleowidgets.core.maps import Puzzle, parse_document
from paleowidgets.core.rules import TINY
from paleowidgets.core.turns import Turn
from paleowidgets.render.svg import fit_display
from paleowidgets.solver.exact import solve
from paleowidgets.widgets import puzzle as puzzle_module
from paleowidgets.widgets.analysis import turn_words
from paleowidgets.widgets.board import MARKS, OVERLAY
from paleowidgets.widgets.play import PlayWidget, placed
from paleowidgets.widgets.puzzle import PuzzleWidget, hint_proven, load_puzzle

DRAFT = TINY + '[puzzle]\ntitle = "Two rolls"\ndifficulty = "beginner"\nrolls = [[2, 5], [1, 4]]\n'


@pytest.fixture(scope="module")
def solved() -> Puzzle:
    """The draft with its proven optimum and solution written in, as `paleo solve` would."""
    draft = parse_document(DRAFT)
    assert isinstance(draft, Puzzle)
    sol = solve(draft)
    assert sol.proven
    lines = ",\n".join(_inline(t) for t in sol.turns)
    p = parse_document(DRAFT + f"optimum = {sol.optimum}\nsolution = [\n{lines}\n]\n")
    assert isinstance(p, Puzzle) and not p.is_draft
    return p


def _inline(turn: Turn) -> str:
    return "{ " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in turn.to_dict().items()) + " }"


def draw(play: PlayWidget, turn: Turn) -> None:
    """Play ``turn`` as a student does: roll, choose, turn the shape, click, pick the stars."""
    if play.roll is None:
        play.roll_button.click()
    assert turn.shape is not None and turn.dig is not None and not turn.squares
    for kind in sorted(turn.switch):
        play.set_switch(kind, True)
    play.select(turn.shape, turn.dig)
    for sym in SYMMETRIES.values():
        for cell in turn.cells:
            if placed(turn.shape, sym, cell) == turn.cells:
                play.table.orientation = sym
                play.click(cell)
                if play.table.pending is not None:
                    play.choose_stars(turn.stars)
                assert play.turns[-1].cells == turn.cells
                return
    raise AssertionError(f"no orientation draws {turn}")


def play_line(w: PuzzleWidget, turns: list[Turn]) -> None:
    """Play a line; a One Square in it is filled through the play's own One Square mode."""
    for turn in turns:
        if turn.squares:
            if w.play.roll is None:
                w.play.roll_button.click()
            for cell in turn.squares:
                w.play.set_square_mode(True)
                w.play.click(cell)
            turn = Turn.draw(turn.shape or "", turn.dig or "", turn.cells, switch=turn.switch,
                             stars=turn.stars)
        draw(w.play, turn)


# -- loading -----------------------------------------------------------------------------------

def test_a_puzzle_loads_from_its_file_and_a_map_is_refused(tmp_path: Path,
                                                           solved: Puzzle) -> None:
    path = tmp_path / "two.toml"
    path.write_text(DRAFT, encoding="utf-8")
    w = PuzzleWidget(path)
    assert w.puzzle.rolls == ((2, 5), (1, 4)) and w.play.rolls == w.puzzle.rolls
    assert w.play.seed is None                                # fixed rolls, no seed
    assert "Level: beginner" in w.intro.value and "No stored solution" in w.intro.value
    assert "No stored solution" not in PuzzleWidget(solved).intro.value
    plain = tmp_path / "map.toml"
    plain.write_text(TINY, encoding="utf-8")
    with pytest.raises(ValueError, match="not a puzzle"):
        load_puzzle(plain)


# -- hints -------------------------------------------------------------------------------------

def test_the_hint_ladder_climbs_one_rung_per_press(solved: Puzzle) -> None:
    w = PuzzleWidget(solved)
    levels = []
    for n in range(1, 4):
        h = w.hint()
        assert h is not None and w.hints_used == n
        levels.append(h.level)
        assert w.play.board.highlight == h.turn.cells | h.turn.squares   # outlined
        assert turn_words(h.turn) in w.hint_html.value.replace("&#x27;", "'")
        # every hint is a turn the core accepts for this round's roll
        w.state.apply(solved.rolls[0], h.turn)
    assert levels == ["legal", "enclosure", "optimal"]
    assert h.value == solved.optimum                         # the best turn keeps it all
    assert f"{solved.optimum} points can still be reached" in w.hint_html.value
    assert "Not proven" not in w.hint_html.value
    assert w.hint() is None and "No more hints" in w.hint_html.value
    assert w.hints_used == 3


def test_a_hint_is_one_canvas_message_and_the_next_round_drops_it(
        messages: Messages, solved: Puzzle) -> None:
    w = PuzzleWidget(solved)
    n = len(messages)
    h = w.hint()
    assert h is not None and len(messages) == n + 1
    assert messages.layers(w.play.board) == [OVERLAY]
    n = len(messages)
    draw(w.play, h.turn)                # the round ends: the outline goes in the same message
    assert w.state.round == 1
    assert len(messages) == n + 1                             # roll, choose: no message
    assert sorted(set(messages.layers(w.play.board))) == [MARKS, OVERLAY]
    assert w.play.board.highlight == frozenset() and w.hint_cells == frozenset()
    assert w.rung == 0 and w.hints == [] and w.hint_html.value == ""
    assert w.hints_used == 1                                  # the count stays
    second = w.hint()
    assert second is not None and second.level == "legal"     # the ladder starts again


def test_h_on_the_board_asks_for_a_hint(solved: Puzzle) -> None:
    w = PuzzleWidget(solved)
    key(w.play.board, "h")
    assert w.hints_used == 1 and w.hints[0].level == "legal"
    key(w.play.board, "r")                                  # the play's own key
    assert w.hints_used == 1
    assert "H hint" in w.play.keys_help.value and "R rotate" in w.play.keys_help.value
    assert "H indice" in PuzzleWidget(solved, lang="fr").play.keys_help.value


def test_a_cut_search_says_its_best_turn_is_not_proven(
        monkeypatch: pytest.MonkeyPatch, solved: Puzzle) -> None:
    w = PuzzleWidget(solved, time_limit=0.5)
    clock = iter([0.0, 10.0])                     # the search seems to take 10 s
    monkeypatch.setattr(puzzle_module.time, "monotonic", lambda: next(clock))
    w.rung = 2                                    # straight to the last rung
    h = w.hint()
    assert h is not None and h.level == "optimal"
    assert "Not proven: the search stopped after 0.5 s" in w.hint_html.value
    assert hint_proven(h, cut=False) and not hint_proven(h, cut=True)


def test_no_hint_once_the_puzzle_is_over(solved: Puzzle) -> None:
    w = PuzzleWidget(solved)
    play_line(w, list(solved.solution))
    assert w.state.is_terminal and w.hint_button.disabled and not w.check_button.disabled
    assert w.hint() is None and "press Check" in w.hint_html.value


# -- check, reveal, start again ---------------------------------------------------------------

def test_check_before_the_end_then_a_best_line(solved: Puzzle) -> None:
    w = PuzzleWidget(solved)
    assert w.check_button.disabled
    assert w.check() == "Play all 2 rounds first: 2 to go."
    w.hint()
    play_line(w, list(solved.solution))
    assert w.state.score().total == solved.optimum
    text = w.check()
    assert text == f"✓ You scored {solved.optimum}, the proven optimum: a best line! Hints used: 1."
    assert "paleo-done" in w.check_html.value


def test_check_says_how_far_short_a_line_is(solved: Puzzle) -> None:
    w = PuzzleWidget(solved)
    for _ in range(2):                            # the first legal turn each round
        h = w.hint()
        assert h is not None
        draw(w.play, h.turn)
    score = w.state.score().total
    assert score < solved.optimum
    short = solved.optimum - score
    assert w.check().startswith(f"✗ You scored {score}; the proven optimum is "
                                f"{solved.optimum}: {short} point")
    assert "paleo-illegal" in w.check_html.value      # dashed border, cross: not colour alone


def test_reveal_replays_the_stored_solution(solved: Puzzle) -> None:
    w = PuzzleWidget(solved)
    replay = w.reveal()
    assert replay.log_data.players[0].turns == solved.solution
    assert replay.log_data.players[0].name == "Solution"
    assert replay.states[-1].score().total == solved.optimum
    assert w.reveal_box.children[1] is replay
    assert f"A best line: {solved.optimum} points" in w.reveal_box.children[0].value


def test_a_draft_is_solved_for_check_and_reveal() -> None:
    draft = parse_document(DRAFT)
    assert isinstance(draft, Puzzle) and draft.is_draft
    w = PuzzleWidget(draft)
    best = w.optimum()
    assert best.proven and best.value == solve(draft).optimum
    assert w.reveal().states[-1].score().total == best.value


def test_start_again_gives_a_fresh_sheet(solved: Puzzle) -> None:
    w = PuzzleWidget(solved)
    w.hint()
    draw(w.play, w.hints[0].turn)
    w.reveal()
    old = w.play
    w.restart_button.click()
    assert w.play is not old and w.play in w.children and old not in w.children
    assert w.state.round == 0 and w.hints_used == 0 and w.reveal_box.children == ()
    w.hint()                                       # the new board answers too
    assert w.play.board.highlight == w.hints[0].turn.cells


# -- languages and output ----------------------------------------------------------------------

def test_the_widget_speaks_the_language_asked_for(solved: Puzzle) -> None:
    fr, ko = PuzzleWidget(solved, "fr"), PuzzleWidget(solved, lang="ko")
    assert [b.description for b in (fr.hint_button, fr.check_button, fr.reveal_button)] == [
        "Indice", "Vérifier", "Révéler"]
    assert ko.check_button.description == "확인" and ko.play.lang == "ko"
    fr.hint()
    assert "Indice 1, un tour que les règles permettent" in fr.hint_html.value
    assert "pentomino" in fr.hint_html.value
    with pytest.raises(ValueError, match="en, fr, ko"):
        PuzzleWidget(solved, "de")


def test_notebook_output_is_the_puzzle_sheet(solved: Puzzle) -> None:
    w = PuzzleWidget(solved)
    w.hint()
    data = w._repr_mimebundle_()
    assert data["text/plain"] == "<PuzzleWidget Two rolls round 0/2 score 0 hints 1>"
    svg = ET.fromstring(data["image/svg+xml"])
    assert svg.tag.endswith("svg")
    assert data["image/svg+xml"] == fit_display(w.play.fallback_svg())    # at most 640 px wide



# -- the lessons' checks (lesson 7: branch and bound; lesson 8: a line for a puzzle) -----------

def test_check_line_says_what_is_wrong(solved: Puzzle) -> None:
    from paleowidgets.exercises.lesson08 import check_line, line_text

    best = line_text(solved.solution)
    assert check_line(solved, best).ok
    assert check_line(solved, json.dumps([t.to_dict() for t in solved.solution])).ok
    assert check_line(solved, list(solved.solution)).ok
    first = solved.solution[0].to_dict()
    cases = {
        "round 2: no turn": [first],                                    # missing-turn
        "Rule pass-when-fits": [{"pass": True}, {"pass": True}],
        "round 1: unknown key 'cels'": [{"shape": "I", "dig": "dot", "cels": ["A1"]}],
        "Rule cell-on-fossil": [{**first, "cells": ["A3", "B3", "C3", "D3", "E3"]}],
    }
    for said, line in cases.items():
        feedback = check_line(solved, line)
        assert not feedback.ok and said in feedback.message, (said, feedback)
    assert "neither TOML nor JSON" in check_line(solved, "[{shape = ").message
    short = check_line(solved, [
        {"shape": "L", "dig": "chevron", "cells": ["A1", "A2", "A3", "A4", "B4"]},
        {"shape": "I", "dig": "dot", "cells": ["G1", "G2", "G3", "G4", "G5"]}])
    assert not short.ok and f"short of the optimum {solved.optimum}" in short.message
    assert "fossil A is not dug up" in short.hint


def test_branch_and_bound_agrees_with_brute_force_and_visits_fewer_nodes() -> None:
    import random

    from paleowidgets.exercises.lesson07 import Find, branch_and_bound, brute_force, node_bound

    rng = random.Random(7)
    for _ in range(40):
        finds = [Find(f"f{i}", rng.randint(1, 6), rng.randint(0, 8)) for i in range(6)]
        room = rng.randint(4, 16)
        bag = branch_and_bound(finds, room)
        best, tried = brute_force(finds, room)
        assert bag.best == best and tried == 64
        assert sum(f.room for f in finds if f.name in bag.taken) <= room
        assert sum(f.points for f in finds if f.name in bag.taken) == best
        assert bag.nodes <= 2 * tried - 1
        for decisions, bound, best_then in bag.cuts:      # every cut was safe
            assert bound == node_bound(finds, decisions) and bound <= best_then <= best
