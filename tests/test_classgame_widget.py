"""The class-game widget without a browser: one seed, several sheets, the scoreboard, the
small boards, autosave and resume, and the teacher's gathering of saved logs."""

from __future__ import annotations

import json
import os
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import Messages, event, key, mouse
from ipycanvas.canvas import COMMANDS
from pits import count_applies
from test_widgets import C4, U_CELLS, pit, tiny

from paleowidgets import i18n
from paleowidgets.cli import main as paleo
from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.logs import GameLog, PlayerLog
from paleowidgets.core.rules import Game
from paleowidgets.core.turns import Turn
from paleowidgets.data import load_map
from paleowidgets.render.svg import SVG_NS
from paleowidgets.solver.bots import GreedyBot, RandomBot, play_game
from paleowidgets.widgets.board import BoardWidget
from paleowidgets.widgets.classgame import (
    ClassGameWidget,
    load_class_logs,
    log_file_name,
    scoreboard_html,
    side_by_side,
)


def draw_u(widget: ClassGameWidget) -> None:
    """The player on show rolls (2, 2) on the pit puzzle and draws the U round fossil A."""
    play = widget.play
    play.roll_button.click()
    play.shape_buttons.value = "U"
    mouse(play.board, "mouse_down", C4)


def canvases(messages: Messages, i: int = -1) -> set[str]:
    """The canvas models one message draws on."""
    return {c[1][0] for c in messages.commands(i) if c[0] == COMMANDS["switchCanvas"]}


def model_ids(board: BoardWidget) -> set[str]:
    return {f"IPY_MODEL_{board[k].model_id}" for k in range(3)}


def agree(widget: ClassGameWidget) -> None:
    """Every sheet, its small board and the class game hold the same game."""
    for name, play in widget.plays.items():
        assert widget.class_game.state(name) == play.state
        assert widget.thumbs[name].state == play.state
        assert widget.thumbs[name].turns == play.turns
    assert widget.stage.children == (widget.play,)
    assert widget.player_buttons.value == widget.current


def test_the_same_seed_gives_every_laptop_the_same_dice() -> None:
    ada = ClassGameWidget(tiny(), seed="TREX-4821", player="Ada")
    bo = ClassGameWidget(tiny(), seed=" trex-4821", player="Bo")
    assert ada.play.rolls == bo.play.rolls == roll_sequence("TREX-4821", 20)
    assert ada.class_game.rolls == ada.play.rolls
    assert "TREX-4821" in ada.header.value and "TREX-4821" in ada.play.header.value
    assert ada.player_buttons.layout.display == "none"     # one player: no switching
    other = ClassGameWidget(tiny(), player="Cy")            # no seed: a fresh code
    assert isinstance(other.seed, str) and other.seed in other.header.value


def test_a_turn_moves_sheet_small_board_and_scoreboard_in_one_message(
        messages: Messages) -> None:
    widget = ClassGameWidget(pit(), player=["Ada", "Bo"])
    assert widget.seed is None and i18n.t("class.rolls.fixed", "en") in widget.header.value
    messages.clear()
    draw_u(widget)
    ada = widget.plays["Ada"]
    assert ada.turns == (Turn.draw("U", "chevron", U_CELLS),)
    drew = [i for i in range(len(messages)) if model_ids(widget.thumbs["Ada"]) & canvases(
        messages, i)]
    assert len(drew) == 1                                  # the small board joined ...
    assert model_ids(ada.board) & canvases(messages, drew[0])   # ... the sheet's message
    agree(widget)
    assert widget.class_game.scoreboard()[0] == ("Ada", 3, 1)
    board = widget.scoreboard.value
    assert board.index("Ada") < board.index("Bo") and "★ leading" in board
    assert "Ada: 3 points, 1 of 5 rounds" in widget.captions["Ada"].value


def test_players_switch_by_buttons_keys_and_small_boards() -> None:
    widget = ClassGameWidget(pit(), player=["Ada", "Bo", "Cy"])
    assert widget.current == "Ada" and widget.player_buttons.layout.display is None
    key(widget.plays["Ada"].board, "]")
    assert widget.current == "Bo" and widget.stage.children == (widget.plays["Bo"],)
    key(widget.plays["Bo"].board, "[")
    key(widget.plays["Ada"].board, "[")
    assert widget.current == "Cy"                          # round the table
    widget.player_buttons.value = "Bo"
    assert widget.current == "Bo"
    mouse(widget.thumbs["Ada"], "mouse_down", (1, 1))
    assert widget.current == "Ada"
    agree(widget)
    draw_u(widget)
    widget.show("Bo")
    assert widget.plays["Bo"].state.round == 0 and widget.plays["Ada"].state.round == 1
    with pytest.raises(ValueError, match="'Zed'"):
        widget.show("Zed")


def test_a_drawn_turn_is_recorded_once_and_undo_keeps_it() -> None:
    """The sheet's session checked the turn: the class game takes its state as it is (one
    checked apply per click), and Undo, which works within the round, leaves it."""
    widget = ClassGameWidget(pit(), player=["Ada", "Bo"])
    calls = count_applies(lambda: draw_u(widget))
    assert calls == 1
    assert widget.class_game.state("Ada") is widget.play.state
    widget.play.undo_button.click()
    assert len(widget.play.turns) == 1 and widget.class_game.state("Ada").round == 1
    agree(widget)
    assert widget.class_game.scoreboard()[0][1] == 3


def test_autosave_writes_a_log_paleo_score_reads_and_resumes_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "class"
    widget = ClassGameWidget(pit(), player="Ada Lovelace", save_to=folder)
    draw_u(widget)
    path = folder / "Ada-Lovelace.json"
    log = GameLog.load(path)
    assert log.players == (PlayerLog("Ada Lovelace", widget.play.turns),)
    assert not list(folder.glob("*.tmp"))                  # nothing half-written left
    assert paleo(["score", str(path), "--json"]) == 0
    scores = json.loads(capsys.readouterr().out)["players"]
    assert scores[0]["name"] == "Ada Lovelace" and scores[0]["score"] == 3
    again = ClassGameWidget(pit(), player="Ada Lovelace", save_to=folder)   # kernel restart
    assert again.play.turns == widget.play.turns and again.play.state == widget.play.state
    assert again.class_game.state("Ada Lovelace").round == 1
    assert "1 rounds already played" in again.message.value
    again.play.roll_button.click()
    assert again.play.roll == pit().rolls[1]


def test_a_file_of_another_game_is_never_overwritten(tmp_path: Path) -> None:
    rolls = roll_sequence("TREX-1", 3)
    _, turns = play_game(Game(tiny()), rolls, GreedyBot(), random.Random(1))
    GameLog(tiny(), rolls, (PlayerLog("Ada", tuple(turns)),)).save(tmp_path / "Ada.json")
    before = (tmp_path / "Ada.json").read_bytes()
    ada = ClassGameWidget(tiny(), seed="TREX-1", player="Ada", save_to=tmp_path)
    assert ada.play.turns == tuple(turns) and ada.play.state.round == 3
    with pytest.raises(ValueError, match="seed TREX-2"):
        ClassGameWidget(tiny(), seed="TREX-2", player="Ada", save_to=tmp_path)
    with pytest.raises(ValueError, match="another map"):
        ClassGameWidget(pit(), player="Ada", save_to=tmp_path)
    assert (tmp_path / "Ada.json").read_bytes() == before


def test_a_failed_save_keeps_the_last_file_and_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    widget = ClassGameWidget(pit(), player="Ada", save_to=tmp_path)
    widget.save()
    before = (tmp_path / "Ada.json").read_bytes()

    def full_disk(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    draw_u(widget)
    assert widget.play.state.round == 1 and widget.class_game.state("Ada").round == 1
    assert "No space left" in widget.message.value
    assert (tmp_path / "Ada.json").read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["Ada.json"]   # no temporary file left


def test_log_file_names() -> None:
    assert log_file_name("Ada") == "Ada.json"
    assert log_file_name("Bo / Cy") == "Bo-Cy.json"
    assert log_file_name("민수") == "민수.json"
    assert log_file_name("../..") == "player.json"


def robot_logs(folder: Path, seed: str) -> dict[str, int]:
    """Three robots' games on the snow map, saved as students would; their scores."""
    snow = load_map("snow-map")
    game = Game(snow)
    rolls = roll_sequence(seed, snow.rounds)
    scores = {}
    for name, bot in (("Greedy", GreedyBot()), ("Random", RandomBot()),
                      ("Greedy two", GreedyBot())):
        final, turns = play_game(game, rolls, bot, random.Random(name))
        GameLog(snow, rolls, (PlayerLog(name, tuple(turns)),)).save(folder / f"{name}.json")
        scores[name] = final.score().total
    return scores


def test_the_teacher_gathers_the_saved_logs(tmp_path: Path) -> None:
    scores = robot_logs(tmp_path, "SNOWY-2024")
    snow = load_map("snow-map")
    wrong = roll_sequence("SNOWY-9999", 2)
    game = Game(snow)
    _, wrong_turns = play_game(game, wrong, RandomBot(), random.Random(3))
    GameLog(snow, wrong, (PlayerLog("Wrong seed", tuple(wrong_turns)),)).save(
        tmp_path / "wrong.json")
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    GameLog(snow, (), (PlayerLog("Greedy", ()),)).save(tmp_path / "zz-again.json")
    GameLog(tiny(), (), (PlayerLog("Elsewhere", ()),)).save(tmp_path / "other-map.json")
    results = load_class_logs(tmp_path, seed="snowy-2024")
    board = results.scoreboard()
    assert {name: score for name, score, _ in board} == scores
    assert [score for _, score, _ in board] == sorted(scores.values(), reverse=True)
    assert all(played == 20 for _, _, played in board)
    problems = " | ".join(results.problems)
    assert "broken.json" in problems and "other-map.json" in problems
    assert "zz-again.json" in problems and "Greedy" in problems
    assert "wrong.json" in problems and "SNOWY-2024" in problems.upper()
    assert len(results.problems) == 4
    page = results._repr_html_()
    assert page.count("<svg") == 3 and "★ winner" in page and "⚠" in page
    assert repr(results).startswith("<ClassResults 3 players")


def test_gathered_logs_with_other_dice_are_left_out(tmp_path: Path) -> None:
    robot_logs(tmp_path, "SNOWY-2024")
    snow = load_map("snow-map")
    rolls = roll_sequence("FROSTY-1", snow.rounds)
    _, turns = play_game(Game(snow), rolls, GreedyBot(), random.Random(1))
    GameLog(snow, rolls, (PlayerLog("Other dice", tuple(turns)),)).save(tmp_path / "o.json")
    by_seed = load_class_logs(tmp_path, seed="SNOWY-2024", lang="fr")
    assert "o.json" in by_seed.problems[0] and "SNOWY-2024" in by_seed.problems[0]
    assert i18n.t("class.problem.seed", "fr", seed="SNOWY-2024") in by_seed.problems[0]
    # no seed: the dice must agree with the longest log's; all are full here, so the first
    # file by name ("Greedy two.json") sets them
    guessed = load_class_logs(tmp_path)
    assert len(guessed.players) == 3 and len(guessed.problems) == 1
    assert "o.json" in guessed.problems[0]
    assert load_class_logs(tmp_path / "nowhere").players == []


def test_scoreboard_shares_places_and_names_the_winners_in_words() -> None:
    page = scoreboard_html([("Ada", 5, 3), ("Bo", 9, 3), ("Cy", 9, 3)], 3, lang="en")
    assert page.count("★ winner") == 2
    assert page.index("Bo") < page.index("Cy") < page.index("Ada")
    assert "<td>1</td><td>Bo" in page and "<td>1</td><td>Cy" in page
    assert "<td>3</td><td>Ada" in page
    unplayed = scoreboard_html([("Ada", 0, 0)], 3, lang="fr")
    assert "★" not in unplayed and "Tableau des scores" in unplayed


def test_class_game_in_korean() -> None:
    widget = ClassGameWidget(tiny(), seed="TREX-1", player=["민수", "지아"], lang="ko")
    assert widget.play.lang == "ko"
    assert i18n.t("class.title", "ko") in widget.header.value
    assert i18n.t("class.scoreboard", "ko") in widget.scoreboard.value
    assert widget.player_buttons.description == i18n.t("class.players", "ko")


def test_output_has_every_sheet_as_svg_and_a_stable_text() -> None:
    widget = ClassGameWidget(pit(), player=["Ada", "Bo"])
    draw_u(widget)
    data = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    svg = data["image/svg+xml"]
    assert svg.count("<svg") == 3 and "Ada" in svg and "Bo" in svg
    assert data["text/plain"] == ("<ClassGameWidget Test pit fixed rolls: Ada 3 (round 1), "
                                  "Bo 0 (round 0)>")


def test_output_puts_a_sheet_too_wide_to_share_a_row_on_its_own_row() -> None:
    """Issue 11: lesson 9's two snow-map sheets stood side by side, 1344 px, shown in a
    640 px output at 0.48 (11 px cells, 3 px words). Now each has a row: 0.96."""
    widget = ClassGameWidget(load_map("snow-map"), seed="TREX-1", player=["Ada", "Bo"])
    data = widget._repr_mimebundle_()
    root = ET.fromstring(data["image/svg+xml"])
    sheets = [el for el in root if el.tag == f"{{{SVG_NS}}}svg"]
    assert [s.get("x") for s in sheets] == ["0", "0"]
    sheet_w, sheet_h = (float(sheets[0].get(k, "0")) for k in ("width", "height"))
    assert sheet_w > 640 / 2 and [s.get("y") for s in sheets] == ["0", f"{sheet_h + 12:g}"]
    assert root.get("viewBox") == f"0 0 {sheet_w:g} {2 * sheet_h + 12:g}"
    assert float(root.get("width", "0")) == 640 and 640 / sheet_w > 0.9     # shown at 0.96
    # small sheets still share a row
    pair = ET.fromstring(side_by_side([f'<svg width="{sheet_w / 3:g}" height="9"/>'] * 2))
    assert [s.get("y") for s in pair] == ["0", "0"]


def test_rapid_random_hot_seat_input_never_leaves_sheets_and_class_game_apart(
        messages: Messages) -> None:
    rng = random.Random(7)
    widget = ClassGameWidget(pit('"one-square" = 1, "switch-shape" = 1'),
                             player=["Ada", "Bo"])
    for _ in range(300):
        play = widget.play
        board = play.board
        before = len(messages)
        r = rng.random()
        if r < 0.35:
            event(board, rng.choice(["mouse_move", "mouse_down", "mouse_down"]),
                  x=rng.uniform(0, board.plan.width), y=rng.uniform(0, board.plan.height))
        elif r < 0.75:
            key(board, rng.choice(["Enter", "Enter", "u", "r", "f", "ArrowLeft", "ArrowDown",
                                   "[", "]", "Escape", "1"]))
        elif r < 0.9:
            rng.choice([play.roll_button, play.undo_button, play.pass_button]).click()
        else:
            widget.player_buttons.value = rng.choice(widget.players)
        assert len(messages) - before <= 1
        agree(widget)
    assert sum(p.state.round for p in widget.plays.values()) > 0   # the game went on


# -- lesson 9's checks -------------------------------------------------------------------------

def test_lesson9_roll_check_tells_the_off_by_one() -> None:
    from paleowidgets.exercises.lesson09 import check_roll

    rolls = roll_sequence("SNOWY-2024", 20)
    assert check_roll("snowy-2024 ", 3, rolls[2])
    late = check_roll("SNOWY-2024", 3, rolls[3])
    assert not late and "round 4" in late.message and "from 0" in late.message
    assert not check_roll("SNOWY-2024", 3, None)
    other = next(r for r in ((a, b) for a in range(1, 7) for b in range(1, 7))
                 if r not in rolls[1:4] and r[::-1] not in rolls[1:4])
    assert not check_roll("SNOWY-2024", 3, other)


def test_lesson9_winners_check_wants_every_winner() -> None:
    from paleowidgets.core.classgame import ClassGame
    from paleowidgets.exercises.lesson09 import check_winners

    game = ClassGame(pit(), "x", ["Ada", "Bo", "Cy"])
    for name in ("Ada", "Bo"):
        game.play(name, Turn.draw("U", "chevron", U_CELLS))
    assert check_winners(game, ["Bo", "Ada"])
    alone = check_winners(game, "Ada")
    assert not alone and "not alone" in alone.message
    assert not check_winners(game, ["Ada", "Cy"])
    assert "did not play" in check_winners(game, "Zed").message
    assert not check_winners(game, None)
