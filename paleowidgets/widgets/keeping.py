"""Keeping a game: the play widget's autosave, its name question, and the end of the game.

A :class:`Keeper` belongs to one :class:`~paleowidgets.widgets.play.PlayWidget`. It saves the
game after every turn in the game-log format (:mod:`paleowidgets.core.saves` says where), and
when the widget opens it goes on from that player's unfinished game on the same map and dice,
so re-running a cell, reloading a page or restarting a kernel loses nothing. In Voilà, where
each tab is its own kernel in one folder, it first asks the player's name, so pupils playing
one seed code keep a file each.

At the end of the game it shows the summary with the robot's score on the same dice (the
expectation bot of :mod:`paleowidgets.solver.bots`), a Save button, a download link of the
game log, and a button that opens the replay with the solver's analysis. No code is shown.
The robot plays in a thread of its own from the moment the last round is rolled (a second
or two; longer on a busy machine), so the click that ends the game is answered at once: the
summary says the robot is playing until its score is there.
"""

from __future__ import annotations

import asyncio
import base64
import html
import os
import random
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from ..core.logs import GameLog
from ..core.maps import Puzzle, Roll
from ..core.rules import Game
from ..core.saves import (
    Saved,
    find_saved,
    free_path,
    log_file_name,
    save_folder,
    save_path,
    write_log,
)
from ..core.session import Message, PlaySession, Text
from ..core.turns import Turn
from ..solver.bots import ExpectationBot, play_game
from .shared import looks

if TYPE_CHECKING:
    from .play import PlayWidget

# The end-of-game analysis ("Replay with advice"): a short game may take up to
# ANALYSIS_TIME_LIMIT seconds a round (it is proven at once); a class game (WORKER_ROUNDS
# rounds or more: proven to the end it would take hours) ANALYSIS_SECONDS in all, with a
# bar of them where the replay is to come, so that the pupil sees it going on.
ANALYSIS_TIME_LIMIT = 1.0
ANALYSIS_SECONDS = 20.0


def in_voila() -> bool:
    """Whether this kernel serves a Voilà page (Voilà sets these in its kernels)."""
    return any(k in os.environ for k in ("VOILA_KERNEL_ID", "VOILA_SERVER_URL",
                                         "VOILA_BASE_URL"))


def robot_score(play: PlayWidget) -> int:
    """The expectation bot's score on the widget's dice (the same every time)."""
    return play_robot(play.game, play.rolls)


def play_robot(game: Game, rolls: Sequence[Roll]) -> int:
    """The expectation bot's score on ``rolls`` (it never uses its random generator)."""
    final, _ = play_game(game, rolls, ExpectationBot(), random.Random(0))
    return final.score().total


# The robots playing or done in this kernel, one per game and dice: the sheets of a class
# game, a cell run again or a puzzle started again share one.
_ROBOTS: dict[tuple[Game, tuple[Roll, ...]], Future[int]] = {}
_ROBOTS_LOCK = threading.Lock()


def robot_playing(game: Game, rolls: Sequence[Roll]) -> Future[int]:
    """The robot's score on ``rolls`` as a future: played once, in a daemon thread (it
    does not keep a kernel from shutting down)."""
    key = (game, tuple(rolls))
    with _ROBOTS_LOCK:
        future = _ROBOTS.get(key)
        if future is None:
            future = _ROBOTS[key] = Future()
            threading.Thread(target=_play_in_thread, args=(future, game, key[1]),
                             name="paleo-robot", daemon=True).start()
    return future


def _play_in_thread(future: Future[int], game: Game, rolls: tuple[Roll, ...]) -> None:
    if not future.set_running_or_notify_cancel():
        return
    try:
        score = play_robot(game, rolls)
    except BaseException as e:    # kept in the future: the summary leaves the robot out
        future.set_exception(e)
    else:
        future.set_result(score)


class Keeper:
    """The saving and the end of one play widget's game.

    ``save``: a folder, True (the default folder), False (no saving) or None (the default
    folder for a game played from the start, no saving for one that starts from a given
    state). ``resume``: go on from a saved game (False starts afresh in the same file).
    ``ask_name``: ask the player's name first (None: in Voilà, when saving)."""

    def __init__(self, play: PlayWidget, *, save: bool | str | Path | None,
                 fresh: bool, resume: bool, ask_name: bool | None) -> None:
        self.play = play
        self.folder = save_folder(save) if save is not None or fresh else None
        self.path: Path | None = None
        self.resumed: Saved | None = None
        self._resume = resume
        self._robot: Future[int] | None = None
        self.asking = bool(ask_name if ask_name is not None
                           else self.folder is not None and in_voila())
        self._build()

    # -- the save ------------------------------------------------------------------------

    def open(self) -> PlaySession | None:
        """Choose the file of this game and, when a saved game of this player is there,
        the session that goes on from it."""
        play, folder = self.play, self.folder
        if folder is None:
            return None
        s = play.session
        document = s.document
        fixed = isinstance(document, Puzzle) or s.seed is None
        found = None
        if self._resume:
            found = (find_saved(folder, document, play.player, rolls=s.rolls) if fixed else
                     find_saved(folder, document, play.player, seed=play.seed_given)
                     if play.seed_given is not None else
                     find_saved(folder, document, play.player))
        if found is not None:
            self.path, self.resumed = found.path, found
            names = [p.name for p in found.log.players]
            index = names.index(play.player) if play.player in names else 0
            resumed = PlaySession.from_log(found.log, player=index, seed=found.seed)
            resumed.player = play.player
            key = "resumed.over" if resumed.over else "resumed"
            resumed.note = Message("done", Text(key, {"round": resumed.state.round + 1}))
            return resumed
        path = save_path(folder, document, s.seed, s.rolls, play.player)
        ours = find_saved(folder, document, play.player, seed=s.seed,
                          rolls=s.rolls if fixed else ())
        self.path = path if ours is not None else free_path(path)
        return None

    def autosave(self, play: PlayWidget) -> None:
        """After every turn: the game so far, written whole or not at all (a failure is
        said beside the board, under the message line)."""
        if self.path is not None:
            self._write(self.path, self.note)

    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the game log now: to ``path``, else the autosave file, else a file named
        after the map, the dice and the player in the working folder. Returns the path (None
        when writing failed). The pupil reads the outcome beside the Save button, in a
        plain sentence; the file's path is in its tooltip, for the teacher."""
        target = Path(path) if path is not None else self.path or Path(self._file_name())
        if self._write(target, self.end_note):
            self.end_note.value = _note(self.play.t("saved.pupil"), "done",
                                        title=self.play.t("saved", path=self._shown(target)))
            return target
        return None

    def _write(self, path: Path, note: W.HTML) -> bool:
        try:
            write_log(path, self.play.game_log())
        except OSError as e:
            t = self.play.t
            note.value = _note(t("save.failed.pupil"), "illegal", title=t(
                "save.failed", path=self._shown(path), reason=f"{type(e).__name__}: {e}"))
            return False
        return True

    @staticmethod
    def _shown(path: Path) -> str:
        try:
            return str(path.resolve().relative_to(Path.cwd()))
        except ValueError:
            return str(path)

    # -- asking the name -----------------------------------------------------------------

    def _build(self) -> None:
        # Only what shows at the start is built here: the name question when asked, the
        # end's controls when the game ends (:meth:`_end_controls`), so a page load has
        # fewer widget models to restore (shared.py)
        t = self.play.t
        if self.asking:
            self.name_input = W.Text(placeholder=t("name.placeholder"),
                                     continuous_update=False, **looks(W.Text, width="14em"))
            self.name_input.add_class("paleo-name")
            self.start_button = W.Button(description=t("name.start"), button_style="primary",
                                         **looks(W.Button, width="auto"))
            self.start_button.add_class("paleo-start")
            self.name_box = W.HBox([W.HTML(html.escape(t("name.ask")), **looks(W.HTML)),
                                    self.name_input, self.start_button],
                                   layout=W.Layout(flex_flow="row wrap",
                                                   align_items="center"))
            self.start_button.on_click(lambda _: self.start(self.name_input.value))
            self.name_input.observe(lambda ch: self.start(ch["new"]), "value")
        else:                 # never asked: an empty box, hidden for good
            self.name_box = W.HBox(**looks(W.HBox, display="none"))
        self.note = W.HTML(**looks(W.HTML))   # beside the board: an autosave that failed
        self.replay_box = W.VBox(**looks(W.VBox))
        self.end_row = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center",
                                              display="none"))
        self._end: tuple[W.Button, W.Button, W.HTML, W.HTML] | None = None
        self._replayed: tuple[tuple[Turn, ...], Any] | None = None   # the turns, their replay

    def _end_controls(self) -> tuple[W.Button, W.Button, W.HTML, W.HTML]:
        """The Save and replay buttons, the download link and the note beside them, in
        the end row: built the first time they are needed."""
        if self._end is None:
            t, small, text = self.play.t, looks(W.Button, width="auto"), looks(W.HTML)
            save = W.Button(description=t("end.save"), tooltip=t("end.save.tip"),
                            icon="save", **small)
            save.add_class("paleo-save")
            save.on_click(lambda _: self.save())
            replay = W.Button(description=t("end.replay"), tooltip=t("end.replay.tip"),
                              icon="film", **small)
            replay.add_class("paleo-open-replay")
            replay.on_click(lambda _: self.open_replay())
            self._end = (save, replay, W.HTML(**text), W.HTML(**text))
            self.end_row.children = self._end
        return self._end

    @property
    def save_button(self) -> W.Button:
        return self._end_controls()[0]

    @property
    def replay_button(self) -> W.Button:
        return self._end_controls()[1]

    @property
    def download(self) -> W.HTML:
        """The link that downloads the game log (from the browser, not the kernel)."""
        return self._end_controls()[2]

    @property
    def end_note(self) -> W.HTML:
        """Beside the Save button: what it did."""
        return self._end_controls()[3]

    def start(self, name: str) -> None:
        """The player said their name: open their saved game (or a new file) and play."""
        name = name.strip()
        if not self.asking or not name:
            return
        self.asking = False
        self.name_box.layout.display = "none"
        self.play.start_as(name)

    # -- the end ---------------------------------------------------------------------------

    def robot(self) -> int | None:
        """The robot's score on this game's dice, once it has played them (None before, or
        if it failed). Asking starts it."""
        future = self.robot_game()
        if future.done() and future.exception() is None:
            return future.result()
        return None

    def robot_playing(self) -> bool:
        """Whether the robot is still playing this game's dice."""
        return self._robot is not None and not self._robot.done()

    def robot_game(self) -> Future[int]:
        """The robot playing this game's dice (once, in a thread). When it is done, the
        summary is shown again with its score: on the kernel's event loop, where the
        widget's handlers run (so no two threads change the widgets at once), or in the
        robot's thread where there is no loop (a script, a test)."""
        if self._robot is None:
            try:
                loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
            self._robot = robot_playing(self.play.game, self.play.rolls)
            self._robot.add_done_callback(lambda _: self._robot_done(loop))
        return self._robot

    def _robot_done(self, loop: asyncio.AbstractEventLoop | None) -> None:
        if loop is not None:
            try:
                loop.call_soon_threadsafe(self.play._refresh_summary)
                return
            except RuntimeError:      # the loop is closed: no kernel to answer to
                pass
        self.play._refresh_summary()

    def refresh(self, over: bool) -> None:
        """Show or hide the end of the game. The robot starts playing the same dice when
        the last round is rolled, while the player thinks it over."""
        play = self.play
        if over or (play.roll is not None and play.state.round == play.game.rounds - 1):
            self.robot_game()
        self.end_row.layout.display = None if over else "none"
        if not over:
            if self._end is not None:
                self.download.value = ""
            return
        log = self.play.game_log()
        data = base64.b64encode(log.to_json().encode("utf-8")).decode("ascii")
        name = html.escape(self._file_name())
        self.download.value = (f"<a class='paleo-download' download='{name}' "
                               f"style='color:#0072B2;text-decoration:underline;"
                               f"margin-left:0.6em' "
                               f"href='data:application/json;charset=utf-8;base64,{data}'>"
                               "⬇ "
                               f"{html.escape(self.play.t('end.download'))}</a>")

    def _file_name(self) -> str:
        """``dig-site-1a2b3c4d-TREX-4821-Ada.json``: the map, the dice, the player."""
        play = self.play
        where = save_path(Path("."), play.document, play.seed, play.rolls, play.player)
        return f"{where.parent.parent.name}-{where.parent.name}-{log_file_name(play.player)}"

    def open_replay(self) -> Any:
        """The replay of this game with the solver's analysis, under the summary. The
        button is off while the analysis runs (a class game's takes 20 s: a pupil's
        second click would start another), and a game already analysed is not analysed
        again."""
        from ..solver.analysis import WORKER_ROUNDS
        from .analysis import _analysed, replay_with_analysis

        play = self.play
        if not play.state.is_terminal:
            return None
        if self._replayed is not None and self._replayed[0] == play.turns:
            return self._replayed[1]
        before, self.end_note.value = self.end_note.value, _note(play.t("end.analysing"))
        button = self.replay_button
        button.disabled = True
        log: GameLog = play.game_log()
        bars: list[W.Widget] = []

        def show(bar: W.Widget) -> None:
            bars.append(bar)
            self.replay_box.children = (bar,)

        long = play.game.rounds >= WORKER_ROUNDS
        try:
            found = _analysed(log, 0, None if long else ANALYSIS_TIME_LIMIT,
                              ANALYSIS_SECONDS if long else None, play.lang, show=show)
            shown = replay_with_analysis(log, analysis=found, lang=play.lang)
        finally:
            self.end_note.value = before
            button.disabled = False
        self.replay_box.children = (*bars, shown)    # the bar says how it ended
        self._replayed = (play.turns, shown)
        return shown


def _note(text: str, kind: str = "info", *, title: str = "") -> str:
    """A short sentence for the pupil; ``title``: more for the teacher, on pointing at it."""
    tip = f" title='{html.escape(title, quote=True)}'" if title else ""
    return (f"<span class='paleo-save-note paleo-{kind}' style='margin-left:0.6em'{tip}>"
            f"{html.escape(text)}</span>")
