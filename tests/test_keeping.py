"""No game is lost: the play widget saves every turn as a game log (``paleo score`` reads
it), goes on from it after a re-run, a reload or a kernel restart, asks a name first in
Voilà, and ends with the summary, the robot's score, Save, a download and the replay with
analysis, with no code shown."""

from __future__ import annotations

import base64
import json
import re
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path

import pytest
from helpers import in_own_thread, mouse
from test_widgets import C4, pit, tiny

from paleowidgets import i18n
from paleowidgets.cli import main as paleo
from paleowidgets.core.logs import GameLog
from paleowidgets.core.saves import (
    SAVE_ENV,
    dice_key,
    find_saved,
    game_key,
    save_folder,
    save_path,
)
from paleowidgets.data import load_map
from paleowidgets.widgets import keeping
from paleowidgets.widgets.keeping import robot_score
from paleowidgets.widgets.play import PlayWidget
from paleowidgets.widgets.puzzle import PuzzleWidget


def draw_u(play: PlayWidget) -> None:
    """Round 1 of the pit: roll (2, 2), the U round fossil A."""
    play.roll_button.click()
    play.shape_buttons.value = "U"
    mouse(play.board, "mouse_down", C4)
    assert play.state.round == 1


def until(done: Callable[[], bool], seconds: float = 60) -> bool:
    """Wait for ``done()`` (the robot plays in a thread of its own)."""
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True


def play_out(play: PlayWidget) -> None:
    """Every round left, with the core's first legal turn."""
    while not play.state.is_terminal:
        play.roll_dice()
        assert play.roll is not None
        play.play_turn(next(play.state.legal_turns(play.roll, max_squares=0)))


def test_every_turn_is_saved_and_a_rerun_goes_on(tmp_path: Path) -> None:
    play = PlayWidget(pit(), player="Ada", save=tmp_path)
    assert play.save_path is not None and not play.save_path.exists()   # nothing played
    draw_u(play)
    path = play.save_path
    assert path == tmp_path / game_key(pit()) / dice_key(None, pit().rolls) / "Ada.json"
    assert GameLog.load(path).players[0].turns == play.turns
    assert not list(path.parent.glob("*.tmp")) and not list(path.parent.glob(".*"))
    assert paleo(["score", str(path)]) == 0                # the CLI reads it
    again = PlayWidget(pit(), player="Ada", save=tmp_path)  # the cell run again
    assert again.turns == play.turns and again.state == play.state
    assert "Welcome back: your game goes on at round 2" in again.message.value
    again.roll_button.click()
    assert again.roll == pit().rolls[1]
    again.cancel()                                         # the next action: message gone
    assert "Welcome back" not in again.message.value
    bo = PlayWidget(pit(), player="Bo", save=tmp_path)       # another pupil, same folder
    assert bo.turns == () and bo.save_path == path.with_name("Bo.json")


def test_a_seeded_game_and_one_without_a_seed_are_found_again(tmp_path: Path) -> None:
    m = tiny()
    seeded = PlayWidget(m, seed="trex-4821", player="Ada", save=tmp_path)
    seeded.roll_dice()
    assert seeded.roll is not None
    seeded.play_turn(next(seeded.state.legal_turns(seeded.roll, max_squares=0)))
    assert seeded.state.round == 1
    assert seeded.save_path is not None and seeded.save_path.parent.name == "TREX-4821"
    assert PlayWidget(m, seed="TREX-4821", player="Ada", save=tmp_path).turns == seeded.turns
    # no seed: the newest unfinished game of this map and player, with its dice
    again = PlayWidget(m, player="Ada", save=tmp_path)
    assert again.turns == seeded.turns and again.seed == "TREX-4821"
    assert again.rolls == seeded.rolls
    # a finished game is not gone on with when no seed is given: a new game, new dice
    play_out(again)
    fresh = PlayWidget(m, player="Ada", save=tmp_path)
    assert fresh.turns == () and fresh.seed != "TREX-4821"


def test_a_file_that_is_not_this_game_is_never_overwritten(tmp_path: Path) -> None:
    path = save_path(tmp_path, pit(), None, pit().rolls, "Ada")
    path.parent.mkdir(parents=True)
    path.write_text("my notes, not a game\n")
    play = PlayWidget(pit(), player="Ada", save=tmp_path)
    draw_u(play)
    assert path.read_text() == "my notes, not a game\n"
    assert play.save_path == path.with_name("Ada-2.json") and play.save_path.exists()


def test_saving_follows_the_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(SAVE_ENV, raising=False)
    assert save_folder() == Path("saved-games")
    play = PlayWidget(pit(), player="Ada")
    draw_u(play)
    assert play.save_path is not None and play.save_path.is_file()
    assert play.save_path.resolve().is_relative_to(tmp_path / "saved-games")
    monkeypatch.setenv(SAVE_ENV, str(tmp_path / "elsewhere"))
    assert PlayWidget(pit(), player="Ada").save_path.is_relative_to(tmp_path / "elsewhere")
    monkeypatch.setenv(SAVE_ENV, "off")
    off = PlayWidget(pit(), player="Ada")
    draw_u(off)
    assert off.save_path is None
    # a game started from a given state (a replay's branch) is not saved unless asked
    assert PlayWidget.from_log(play.game_log(), save=None).save_path is None


def test_a_folder_that_cannot_be_written_stops_nothing(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    play = PlayWidget(pit(), player="Ada", save=blocked)     # a file where the folder goes
    draw_u(play)
    assert play.state.round == 1
    assert "could not be saved" in play.keeper.note.value


def test_in_voila_the_name_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = PlayWidget(tiny(), seed="DODO-1", player="Ada", save=tmp_path)
    old.play_turn(next(old.state.legal_turns(old.rolls[0], max_squares=0)))
    monkeypatch.setenv("VOILA_KERNEL_ID", "k1")
    play = PlayWidget(tiny(), seed="DODO-1", player="Me", save=tmp_path)
    assert play.keeper.asking and play.keeper.name_box.layout.display is None
    assert play.roll_button.disabled
    play.key("Enter")
    mouse(play.board, "mouse_down", (1, 1))
    assert play.roll is None and "Type your name" in play.message.value
    play.keeper.name_input.value = "  "                      # blank: still asking
    assert play.keeper.asking
    play.keeper.name_input.value = "Ada"                     # Enter in the field
    assert not play.keeper.asking and play.keeper.name_box.layout.display == "none"
    assert play.player == "Ada" and play.turns == old.turns  # Ada's game goes on
    assert not play.roll_button.disabled
    other = PlayWidget(tiny(), seed="DODO-1", save=tmp_path)
    other.keeper.start_button.click()                       # no name: nothing happens
    assert other.keeper.asking
    other.keeper.name_input.value = "Bo"
    other.keeper.start_button.click()
    assert other.turns == () and other.save_path is not None
    assert other.save_path.name == "Bo.json"
    monkeypatch.delenv("VOILA_KERNEL_ID")
    assert not PlayWidget(tiny(), seed="DODO-1", player="Me", save=tmp_path).keeper.asking


@in_own_thread     # where Playwright's sync API ran first, its loop is marked running here
def test_the_end_shows_the_robot_save_download_and_replay(tmp_path: Path) -> None:
    play = PlayWidget(pit(), player="Ada", save=tmp_path)
    assert play.keeper.end_row.layout.display == "none"
    play_out(play)
    robot = robot_score(play)
    assert until(lambda: f"the robot scores {robot} point" in play.summary.value)
    assert robot == robot_score(PlayWidget(pit(), save=False))   # the same dice, same score
    text = re.sub("<[^>]+>", " ", play.summary.value)
    assert "save(" not in text and ".log" not in text and "Widget" not in text
    assert play.keeper.end_row.layout.display is None
    # the download link holds the game log
    href = re.search(r"href='data:application/json;charset=utf-8;base64,([^']+)'",
                     play.keeper.download.value)
    assert href is not None
    log = GameLog.from_json(base64.b64decode(href.group(1)).decode("utf-8"))
    assert log.players[0].turns == play.turns and log.players[0].name == "Ada"
    assert "download='test-pit-" in play.keeper.download.value
    # Save writes the autosave file again, and says so beside itself (where: its tooltip)
    assert play.save_path is not None
    play.save_path.unlink()
    play.keeper.save_button.click()
    assert play.save_path.is_file() and "Your game is saved" in play.keeper.end_note.value
    assert "Saved in" in play.keeper.end_note.value and play.keeper.note.value == ""
    assert json.loads(play.save_path.read_text())["players"][0]["name"] == "Ada"
    # the replay with analysis opens under it
    play.keeper.replay_button.click()
    (shown,) = play.keeper.replay_box.children
    assert type(shown).__name__ == "ReplayAnalysis"


def test_a_class_games_advice_shows_a_bar_while_it_comes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pupil's 20-round game: *Replay with advice* analyses it in ``ANALYSIS_SECONDS``
    in all (here 2), shows a bar of that time where the replay is to come while it runs
    (in the pupil's language), and leaves the bar's last words (how many rounds were
    proven) above the replay."""
    monkeypatch.setattr(keeping, "ANALYSIS_SECONDS", 2.0)
    play = PlayWidget(load_map("dig-site"), seed="TREX-4821", player="Ada", save=tmp_path,
                      lang="fr")
    play_out(play)
    seen: list[tuple[str, ...]] = []
    play.keeper.replay_box.observe(
        lambda change: seen.append(tuple(type(w).__name__ for w in change["new"])), "children")
    start = time.monotonic()
    play.keeper.replay_button.click()
    took = time.monotonic() - start
    assert seen[0] == ("AnalysisProgress",)              # while the analysis ran
    bar, shown = play.keeper.replay_box.children
    assert type(shown).__name__ == "ReplayAnalysis" and seen[-1] == (
        "AnalysisProgress", "ReplayAnalysis")
    proven = sum(r.proven for r in shown.panel.analysis.rounds)
    assert re.fullmatch(r"Analyse faite en [0-9.]+ s : \d+ manches prouvées sur 20 ; .*",
                        bar.words.value), bar.words.value
    assert f" {proven} manches prouvées" in bar.words.value
    assert took < 10


def test_the_advice_button_is_off_while_it_works_and_works_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """While the analysis runs, *Replay with advice* cannot be clicked again (a pupil's
    second click would start a second analysis after the first); once the replay is
    there, a click shows the same replay without analysing again."""
    from paleowidgets.widgets import analysis as panel_module

    play = PlayWidget(pit(), player="Ada", save=tmp_path)
    play_out(play)
    button = play.keeper.replay_button
    states: list[bool] = []
    button.observe(lambda change: states.append(change["new"]), "disabled")
    real = panel_module._analysed
    calls: list[bool] = []

    def analysed(*a: object, **kw: object) -> object:
        calls.append(button.disabled)
        return real(*a, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(panel_module, "_analysed", analysed)
    button.click()
    (shown,) = play.keeper.replay_box.children
    button.click()
    assert play.keeper.replay_box.children == (shown,)
    assert calls == [True] and states == [True, False] and not button.disabled


class RobotReadsFirst(PlayWidget):
    """A play widget whose robot thread stops just after reading a state that is not over
    yet, until the test lets it go on (the interleaving that once left the summary empty)."""

    read = threading.Event()
    go = threading.Event()

    @property
    def state(self):  # type: ignore[override]
        s = super().state
        if threading.current_thread().name == "paleo-robot" and not s.is_terminal:
            self.read.set()
            self.go.wait(10)
        return s


def test_a_robot_done_before_the_last_turn_leaves_the_summary_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # where there is no event loop (a script, a test) the robot's thread shows the summary
    # again itself: it may read the state before the last turn and write after it. The
    # robot here has played already (a score of 3); its thread's showing is played by hand.
    robot: Future[int] = Future()
    robot.set_result(3)
    monkeypatch.setattr(keeping, "robot_playing", lambda game, rolls: robot)
    play = RobotReadsFirst(pit(), save=False)
    while play.state.round < play.game.rounds - 1:
        play.roll_dice()
        assert play.roll is not None
        play.play_turn(next(play.state.legal_turns(play.roll, max_squares=0)))
    play.roll_dice()
    assert play.roll is not None
    shows = threading.Thread(target=play.keeper._robot_done, args=(None,), name="paleo-robot")
    shows.start()
    assert play.read.wait(30), "the robot's thread did not read the state"
    last = next(play.state.legal_turns(play.roll, max_squares=0))
    turn = threading.Thread(target=play.play_turn, args=(last,))
    turn.start()
    turn.join(0.3)                                    # the last turn, as far as it gets
    play.go.set()
    turn.join(10)
    shows.join(10)
    assert not turn.is_alive() and not shows.is_alive() and play.state.is_terminal
    assert "the robot scores 3 point" in play.summary.value


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_the_end_speaks_the_language(tmp_path: Path, lang: str) -> None:
    play = PlayWidget(pit(), player="Ada", save=tmp_path, lang=lang)
    play_out(play)
    english = {i18n.t(k, "en") for k in ("game-over.next", "end.save", "end.download")}
    for words in english:
        assert words not in play.summary.value and words not in play.keeper.download.value
    assert play.keeper.save_button.description == i18n.t("end.save", lang)
    assert i18n.t("game-over.next", lang).split(" ")[0] in play.summary.value


def test_a_puzzle_goes_on_and_start_again_replaces_its_save(tmp_path: Path) -> None:
    widget = PuzzleWidget(pit(), player="Ada", save=tmp_path)
    draw_u(widget.play)
    assert PuzzleWidget(pit(), player="Ada", save=tmp_path).play.turns == widget.play.turns
    widget.restart()
    assert widget.play.turns == () and widget.play.save_path == find_saved(
        tmp_path, pit(), "Ada", rolls=pit().rolls).path   # type: ignore[union-attr]
    widget.play.roll_dice()
    widget.play.play_turn(next(widget.play.state.legal_turns(pit().rolls[0], max_squares=0)))
    reopened = PuzzleWidget(pit(), player="Ada", save=tmp_path)
    assert reopened.play.turns == widget.play.turns
