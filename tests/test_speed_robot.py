"""The robot's score at the end of a game never holds up the click that ends it: the robot
plays the same dice in a thread from the moment the last round is rolled; until it is done
the summary says it is playing; then its score appears, the right one, on the kernel's
event loop when there is one."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest
from helpers import in_own_thread
from pits import pit
from test_keeping import until

from paleowidgets.core.maps import Puzzle
from paleowidgets.core.rules import Game
from paleowidgets.widgets import keeping
from paleowidgets.widgets.classgame import ClassGameWidget
from paleowidgets.widgets.play import PlayWidget

PLAYING = "The robot is playing the same dice…"
PLAY_ROBOT = keeping.play_robot          # the real robot (the tests hold it up)


class Gate:
    """A robot that waits for the test to let it play, and counts its games."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.games = 0
        self.fail = False

    def play(self, game: Game, rolls: object) -> int:
        self.games += 1
        assert self.open.wait(timeout=60), "the test never let the robot play"
        if self.fail:
            raise RuntimeError("the robot tripped")
        return PLAY_ROBOT(game, rolls)  # type: ignore[arg-type]


def real_score(puzzle: Puzzle) -> int:
    return PLAY_ROBOT(Game.from_puzzle(puzzle), puzzle.rolls)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    g = Gate()
    monkeypatch.setattr(keeping, "_ROBOTS", {})        # no robot left from another test
    monkeypatch.setattr(keeping, "play_robot", g.play)
    yield g
    g.open.set()                                         # never leave a thread waiting


def up_to_last_round(play: PlayWidget) -> None:
    """Every round but the last played with the core's first legal turn; the last rolled."""
    while play.state.round < play.game.rounds - 1:
        play.roll_dice()
        assert play.roll is not None
        play.play_turn(next(play.state.legal_turns(play.roll, max_squares=0)))
    assert play.keeper._robot is None                    # not started before the last roll
    play.roll_dice()


def last_turn(play: PlayWidget) -> None:
    assert play.roll is not None
    play.play_turn(next(play.state.legal_turns(play.roll, max_squares=0)))
    assert play.state.is_terminal


@in_own_thread
def test_the_last_click_shows_the_summary_before_the_robot_is_done(gate: Gate) -> None:
    play = PlayWidget(pit(), save=False)
    up_to_last_round(play)
    robot = play.keeper.robot_game()
    assert robot.running() and gate.games == 1           # it plays while the pupil thinks
    last_turn(play)                                      # returns with the robot held up
    assert not robot.done()
    assert play.summary.layout.display is None and PLAYING in play.summary.value
    assert "Game over" in play.summary.value and "robot scores" not in play.summary.value
    gate.open.set()
    score = real_score(pit())
    assert until(lambda: f"the robot scores {score} point" in play.summary.value)
    assert PLAYING not in play.summary.value and gate.games == 1


def test_the_robot_is_there_at_once_when_it_finished_first(gate: Gate) -> None:
    play = PlayWidget(pit(), save=False)
    up_to_last_round(play)
    gate.open.set()
    play.keeper.robot_game().result(timeout=60)
    last_turn(play)
    assert f"the robot scores {real_score(pit())} point" in play.summary.value
    assert PLAYING not in play.summary.value


@in_own_thread
def test_on_a_kernels_loop_the_score_is_shown_by_the_loop(gate: Gate) -> None:
    shown_in: list[threading.Thread] = []
    loop_thread: list[threading.Thread] = []

    async def game() -> PlayWidget:
        loop_thread.append(threading.current_thread())
        play = PlayWidget(pit(), save=False)
        refresh = play._refresh_summary

        def recorded() -> None:
            shown_in.append(threading.current_thread())
            refresh()

        play._refresh_summary = recorded              # type: ignore[method-assign]
        up_to_last_round(play)                        # handlers run on the loop's thread
        last_turn(play)
        shown_in.clear()
        gate.open.set()
        for _ in range(6000):                         # the loop stays free meanwhile
            if "robot scores" in play.summary.value:
                break
            await asyncio.sleep(0.01)
        return play

    play = asyncio.run(game())
    assert f"the robot scores {real_score(pit())} point" in play.summary.value
    assert shown_in and all(t is loop_thread[0] for t in shown_in)


@in_own_thread
def test_a_robot_that_fails_leaves_the_summary_without_it(gate: Gate) -> None:
    gate.fail = True
    play = PlayWidget(pit(), save=False)
    up_to_last_round(play)
    last_turn(play)
    gate.open.set()
    assert until(lambda: PLAYING not in play.summary.value)
    assert "Game over" in play.summary.value and "robot scores" not in play.summary.value


def test_the_sheets_of_a_class_game_share_one_robot(gate: Gate) -> None:
    widget = ClassGameWidget(pit(), player=["Ada", "Bo"])
    for play in widget.plays.values():
        up_to_last_round(play)
    ada, bo = (p.keeper.robot_game() for p in widget.plays.values())
    assert ada is bo and gate.games == 1
    gate.open.set()
    assert ada.result(timeout=60) == real_score(pit())
