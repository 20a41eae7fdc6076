"""Play a game on a board: roll, choose, place a ghost, gain stars, undo; the score as you go.

The widget translates events and draws: the table and every action on it (the roll, the
ghost and the core's verdict, place, stars, pass, undo, what each key does) are a
:class:`~paleowidgets.core.session.PlaySession` of the core, which the puzzle and the class
game share. A press or a key goes to the session; the board, the words and the controls are
redrawn from its answer, the words translated from its structured messages.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> play = PlayWidget(parse_document(TINY), seed="TREX-1")
>>> play
<PlayWidget Tiny quarry round 0/20 score 0>
>>> play.roll_dice(); play.roll, play.choices()[:2]
((2, 4), [('T', 'dot'), ('U', 'dot')])
"""

from __future__ import annotations

import asyncio
import functools
import html
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import ipywidgets as W

from .. import i18n
from ..core.geometry import Cell
from ..core.logs import GameLog
from ..core.maps import Map, Puzzle, Roll
from ..core.rules import Game, State
from ..core.session import (  # the session's names, as this module has always offered them
    ARROWS,
    FLIP,
    ROTATE,
    Candidate,
    Message,
    PlaySession,
    Table,
    Text,
    names,
    pivot,
    placed,
    reading,
)
from ..core.terms import BONUS_KINDS, ONE_SQUARE, SWITCH_DIG, SWITCH_SHAPE
from ..core.turns import Turn
from ..render.style import document_title, sheet_labels
from ..render.svg import render_svg
from ._display import SvgFallback
from .board import (
    BoardWidget,
    Ghost,
    after_travel,
    board_beside,
    canvas_batch,
    let_it_travel,
)
from .events import classroom
from .keeping import Keeper
from .pictures import (
    bonus_track_html,
    button_pictures,
    dice_html,
    fossil_html,
    round_track_html,
)
from .shared import looks
from .text import fossil_name, illegal_text, language, message_text, plural, say

__all__ = ["ARROWS", "FLIP", "ROTATE", "Candidate", "PlayWidget", "Table", "for_pointer",
           "keys_html", "message_html", "names", "pivot", "placed", "reading", "score_html",
           "summary_html"]


PREPARE_AFTER = 0.05   # seconds the ghost stays put before a press there is made ahead


class PlayWidget(SvgFallback, W.VBox):  # type: ignore[misc]
    """A game on one sheet. ``game`` is a Map, a Puzzle or a Game; the rolls are the
    puzzle's, or ``rolls``, or made from ``seed`` (a code like ``'TREX-4821'``; a fresh
    one when neither is given). ``state`` and ``turns`` start from a game in progress
    (see :meth:`from_log`).

    Mouse: point to preview, click to draw. Keys on the board: arrows move the ghost,
    R rotates, F flips, Enter draws (or rolls), Esc cancels, U undoes.

    ``lang`` (``"en"``, ``"fr"``, ``"ko"``; None: :func:`paleowidgets.i18n.get_language`)
    picks the words of the controls, the board's labels and the static sheet; a refused
    placement is explained in that language (in English with the core's own message).

    No game is lost: every turn is saved (:mod:`paleowidgets.core.saves`: in
    ``saved-games/`` of the working folder, or ``$PALEOWIDGETS_SAVE``; ``off`` turns it
    off), and a game played from the start goes on from the player's saved game on the
    same map and dice (the newest unfinished one when no seed is given). ``save``: a
    folder, True, or False (no saving); None saves a game played from the start.
    ``resume=False`` starts afresh. ``ask_name``: ask the player's name first (None: in
    Voilà, where each tab is a kernel of its own in one folder).
    """

    def __init__(self, game: Game | Map | Puzzle, *, seed: int | str | None = None,
                 rolls: Sequence[Roll] | None = None, state: State | None = None,
                 turns: Sequence[Turn] = (), player: str = "", lang: str | None = None,
                 cell_size: float = 48, save: bool | str | Path | None = None,
                 resume: bool = True, ask_name: bool | None = None, **kwargs: Any) -> None:
        self.lang = language(lang)      # resolved once: the widget keeps its language
        self.seed_given = seed
        self.session = PlaySession(game, seed=seed, rolls=rolls, state=state, turns=turns,
                                   player=player)
        self.keeper = Keeper(self, save=save, fresh=state is None and not turns,
                             resume=resume, ask_name=ask_name)
        if not self.keeper.asking:
            self.session = self.keeper.open() or self.session
        self._syncing = False
        self._stars_for: Candidate | None = None
        self._fossil_shown: str | None = None      # the fossil named under the pointer
        self._version = self.session.version
        # a turn's words and saves, made a moment after its board (_after)
        self._waiting: tuple[asyncio.TimerHandle, Callable[[], None]] | None = None
        self._preparing: asyncio.TimerHandle | None = None   # prepare_press, waiting
        self._turn_callbacks: list[Callable[[PlayWidget], None]] = []
        self._saved_callbacks: list[Callable[[PlayWidget], None]] = [self.keeper.autosave]
        self._redraw_callbacks: list[Callable[[PlayWidget], None]] = []
        self.board = BoardWidget(self.state, turns=self.turns, cell_size=cell_size,
                                 labels=sheet_labels(self.lang))
        self._build()
        super().__init__(classroom(self, self._children()), **kwargs)
        self.add_class("paleo-play")
        self.board.on_cell_hover(self.hover)
        self.board.on_cell_click(self.click)
        self.board.on_key_down(self.key)
        self.board.on_touch_start(self._touched)
        self._refresh()

    def start_as(self, name: str) -> None:
        """Play as ``name`` (the answer to the name question): their saved game on this
        map and dice goes on, else a new one is saved under their name."""
        self.player = name
        resumed = self.keeper.open()
        if resumed is not None:
            self.session = resumed
            self._version = resumed.version
            self._stars_for = None
        self._refresh()

    @property
    def save_path(self) -> Path | None:
        """The file this game is saved to after every turn (None: not saved)."""
        return self.keeper.path

    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the game log now (the Save button): to ``path``, else the autosave file,
        else a file named after the map, dice and player in the working folder."""
        return self.keeper.save(path)

    @classmethod
    def from_log(cls, log: GameLog, *, player: int = 0, round: int | None = None,
                 seed: int | str | None = None, **kwargs: Any) -> PlayWidget:
        """Play on from a recorded game after ``round`` rounds (the end by default), with
        the log's rolls (then rolls from ``seed`` when the log has fewer than the game)."""
        turns = log.players[player].turns
        r = len(log.rolls) if round is None else round
        state = log.state_at(player, r)
        return cls(log.document, rolls=log.rolls, seed=seed, state=state, turns=turns[:r],
                   player=log.players[player].name, **kwargs)

    def t(self, key: str, /, **fields: object) -> str:
        """The widget's text for ``key`` in its language."""
        return i18n.t(key, self.lang, **fields)

    def illegal(self, message: str, rule: str | None,
                details: Mapping[str, str] | None = None) -> str:
        """Why a placement is refused, in the widget's language."""
        return illegal_text(message, rule, self.lang, theme=self.game.map.theme,
                            details=details)

    def say(self, message: Message, *, touch: bool = False) -> str:
        """A message of the session in the widget's language (``touch``: as said to a
        finger, which taps rather than clicks or presses keys)."""
        return message_text(message, self.lang, self.game.map, touch=touch)

    def on_turn(self, callback: Callable[[PlayWidget], None]) -> None:
        """Call ``callback(widget)`` whenever the turns played change (a turn drawn or
        passed), inside the board's canvas message: a class game's small board joins that
        one message here. Saving and words belong in :meth:`after_turn`."""
        self._turn_callbacks.append(callback)

    def after_turn(self, callback: Callable[[PlayWidget], None]) -> None:
        """Call ``callback(widget)`` whenever the turns played change, once the board has
        been sent and the words redrawn: the autosave listens here, and a class game's
        save and scoreboard. In a kernel it runs a moment after the click's handler
        returns (:meth:`_after`), at the latest right after the next action's board."""
        self._saved_callbacks.append(callback)

    def before_redraw(self, callback: Callable[[PlayWidget], None]) -> None:
        """Call ``callback(widget)`` before every redraw, inside the same canvas batch: a
        widget built around this one (the puzzle's hint outline) updates its own marks in
        the one message the player is waiting for."""
        self._redraw_callbacks.append(callback)

    # -- reading the table (the session's) ---------------------------------------------------

    @property
    def table(self) -> Table:
        return self.session.table

    @property
    def document(self) -> Map | Puzzle:
        return self.session.document

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return self.session.rolls

    @property
    def seed(self) -> int | str | None:
        """The code the rolls come from (None when every roll was given)."""
        return self.session.seed

    @property
    def player(self) -> str:
        return self.session.player

    @player.setter
    def player(self, name: str) -> None:
        self.session.player = name

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def turns(self) -> tuple[Turn, ...]:
        return self.session.turns

    @property
    def roll(self) -> Roll | None:
        return self.session.roll

    def choices(self) -> list[tuple[str, str]]:
        """The (shape, dig type) pairs the roll allows with the switches chosen (core)."""
        return self.session.choices()

    def can_pass(self) -> bool:
        """Passing is allowed when no shape of the roll fits (the core's forced draw)."""
        return self.session.can_pass()

    def candidate(self) -> Candidate | None:
        """The turn under the ghost, checked by the core (None when there is no ghost)."""
        return self.session.candidate()

    def star_options(self, c: Candidate | None = None) -> list[tuple[str, ...]]:
        """The bonus choices the core allows for the stars a placement covers."""
        return self.session.star_options(c)

    def ghost(self) -> Ghost | None:
        """What the board's overlay must show now."""
        g = self.session.ghost()
        return None if g is None else Ghost(*g)

    def game_log(self, name: str | None = None) -> GameLog:
        """The game so far as a :class:`~paleowidgets.core.logs.GameLog` (save it with
        ``.save(path)``)."""
        return self.session.game_log(name or self.player or self.t("replay.player", name=1))

    # -- actions: events go to the session, then the board and words follow ----------------

    def roll_dice(self) -> None:
        """Roll for the next round (the seeded roll of that round)."""
        if not self._waiting_for_name():
            self._after(self.session.roll_dice())

    def select(self, shape: str | None = None, dig: str | None = None) -> None:
        """Choose the shape and dig type among :meth:`choices`."""
        self._after(self.session.select(shape, dig))

    def set_switch(self, kind: str, on: bool) -> None:
        """Spend (``on``) or keep a Switch Shape (``'shape'``) or Switch Dig (``'dig'``)."""
        self._after(self.session.set_switch(kind, on))

    def set_square_mode(self, on: bool) -> None:
        self._after(self.session.set_square_mode(on))

    def rotate(self) -> None:
        self._after(self.session.rotate())

    def flip(self) -> None:
        self._after(self.session.flip())

    def hover(self, cell: Cell | None) -> None:
        """The pointer is over ``cell`` (None: off the grid)."""
        self._after(self.session.hover(cell), controls=False)
        self._point_at(cell)

    def move(self, dx: int, dy: int) -> None:
        """Move the ghost by whole cells (arrow keys); it starts in the middle."""
        self._after(self.session.move(dx, dy), controls=False)

    def click(self, cell: Cell | None) -> None:
        """A press on ``cell``: draw there if the core allows it, else say why."""
        if not self._waiting_for_name():
            self._after(self.session.click(cell))
            self._point_at(cell)

    def place(self) -> None:
        """Draw the ghost's shape (or fill its One Square) if the core allows it. A shape
        covering stars that can give a choice of bonuses waits for :meth:`choose_stars`."""
        self._after(self.session.place())

    def choose_stars(self, stars: Sequence[str]) -> None:
        """Finish the pending placement with these bonuses for its stars."""
        self._after(self.session.choose_stars(stars))

    def pass_round(self) -> None:
        """Pass (with this round's One-Square cells), if the core allows it."""
        self._after(self.session.pass_round())

    def play_turn(self, turn: Turn) -> None:
        """Play a whole turn (a hint's, a replay's), rolling first when needed; checked by
        the core, refused with its reason on the message line."""
        self._after(self.session.play_turn(turn))

    def cancel(self) -> None:
        """Esc: drop the pending placement, else leave One Square, else hide the ghost."""
        self._after(self.session.cancel())

    def undo(self) -> None:
        """Take back the last action of the round in play (a One Square, a bonus choice
        waiting); a drawn or passed turn ended its round and stays."""
        self._after(self.session.undo())

    def key(self, key: str, shift: bool = False, ctrl: bool = False,
            meta: bool = False) -> None:
        """A key pressed on the board (ipycanvas ``on_key_down``): the session's keys."""
        if not self._waiting_for_name():
            moves = key in ARROWS
            self._after(self.session.key(key, ctrl=ctrl, meta=meta), controls=not moves)

    # -- inside ----------------------------------------------------------------------------

    def _waiting_for_name(self) -> bool:
        """While the name question is open, the game waits (and says so)."""
        if self.keeper.asking:
            self.message.value = message_html("info", self.t("name.first"))
        return bool(self.keeper.asking)

    def _after(self, changed: bool, controls: bool = True) -> None:
        """Redraw after an action that changed the table. The board goes first, in one
        canvas message that the turn listeners' boards join; then the words and the
        controls; after a turn, the autosave and the :meth:`after_turn` listeners last.
        The player waits for the board only, so it leaves before the rest is made. After a
        turn, in a kernel, the rest is made a moment after the handler returns
        (:func:`.board.after_travel`), so that the board travels and is drawn alone;
        elsewhere (scripts, tests, a thread) at once, after a short pause in a kernel
        (:func:`.board.let_it_travel`). A turn's words and saves still waiting when the
        next action comes are made right after that action's board, before its own
        words: nothing is skipped, and a turn is on disk before the next one's words."""
        if not changed:
            return
        if self._preparing is not None:
            self._preparing.cancel()
            self._preparing = None
        turned = self.session.version != self._version
        self._version = self.session.version
        with canvas_batch():       # sent when this block ends, before any word changes
            self._draw_board()
            if turned:
                for callback in self._turn_callbacks:
                    callback(self)
        self._catch_up()
        if turned:
            done = functools.partial(self._turn_done, controls)
            handle = after_travel(done)
            if handle is not None:
                self._waiting = (handle, done)
                return
            let_it_travel()
            done()
        else:
            self._refresh_words(controls)
            if self.session.placing() is not None:
                self._preparing = after_travel(self.prepare_press, PREPARE_AFTER)

    def prepare_press(self) -> None:
        """Make ahead the board's drawing of the shape under a legal ghost
        (:meth:`.BoardWidget.prepare`), so that a press there sends it at once. In a kernel
        this runs by itself :data:`PREPARE_AFTER` seconds after the ghost moved, if nothing
        else happened meanwhile (a pointer at rest)."""
        self._preparing = None
        placing = self.session.placing()
        if placing is not None:
            turn, after = placing
            self.board.prepare(after, turns=(*self.session.turns, turn))

    def _turn_done(self, controls: bool) -> None:
        """A turn's words and controls, then its saves (:meth:`_after`)."""
        self._waiting = None
        self._refresh_words(controls)
        for callback in self._saved_callbacks:
            callback(self)

    def _catch_up(self) -> None:
        """Make a turn's words and saves now if they are still waiting (:meth:`_after`)."""
        if self._waiting is not None:
            handle, done = self._waiting
            handle.cancel()
            done()

    def _squares_left(self) -> int:
        return self.session.squares_left()

    def _touched(self, touches: object) -> None:
        """A finger on the board: from now on the words speak of tapping (events.css shows
        the ``paleo-for-touch`` half of every line under a ``paleo-touch`` widget; a
        screen whose main pointer is a finger shows it from the start)."""
        if "paleo-touch" not in self._dom_classes:
            self.add_class("paleo-touch")

    def _point_at(self, cell: Cell | None) -> None:
        """Name the fossil under the pointer (or a finger), with its points: the sheet
        shows them all the time, the board only when asked."""
        fossil = None if cell is None else self.game.map.fossil_at(cell)
        fid = None if fossil is None else fossil.id
        if fid != self._fossil_shown:
            self._fossil_shown = fid
            dug = fossil is not None and bool(
                self.state.dug >> self.game.map.fossils.index(fossil) & 1)
            self.fossil_info.value = fossil_html(self.game.map, fid, dug=dug, lang=self.lang)

    def known_rolls(self) -> tuple[Roll, ...]:
        """The rolls the round track shows: all of a puzzle's (its rolls are known from
        the start, as on its sheet), else those rolled so far."""
        if self.seed is None:
            return self.rolls
        return self.rolls[:self.state.round + (1 if self.roll is not None else 0)]

    # -- the controls ------------------------------------------------------------------------

    def _build(self) -> None:
        # layouts and styles shared with every widget that has equal ones (shared.py):
        # none of these is changed afterwards
        small, text = looks(W.Button, width="auto"), looks(W.HTML)
        toggle = looks(W.ToggleButton, width="auto")
        self.header = W.HTML(**looks(W.HTML, margin="0 0 4px 0"))
        self.roll_button = W.Button(description=self.t("roll"), tooltip=self.t("roll.tip"),
                                    icon="dice", button_style="primary", **small)
        self.roll_label = W.HTML(**text)
        # the stylesheet that gives the shape and dig buttons their pictures: apart from the
        # roll's words, so that it is sent (and the page restyled) only when the choices change
        self.pictures = W.HTML(**looks(W.HTML, display="none"))
        self.shape_buttons = W.ToggleButtons(options=[], description=self.t("shape"),
                                             **looks(W.ToggleButtons, style={
                                                 "button_width": "2.6em",
                                                 "description_width": "initial"}))
        self.dig_buttons = W.ToggleButtons(options=[], description=self.t("dig"),
                                           **looks(W.ToggleButtons, style={
                                               "button_width": "6em",
                                               "description_width": "initial"}))
        self.rotate_button = W.Button(description=self.t("rotate"),
                                      tooltip=self.t("rotate.tip"), **small)
        self.flip_button = W.Button(description=self.t("flip"), tooltip=self.t("flip.tip"),
                                    **small)
        self.switch_shape_button = W.ToggleButton(tooltip=self.t("switch-shape.tip"), **toggle)
        self.switch_dig_button = W.ToggleButton(tooltip=self.t("switch-dig.tip"), **toggle)
        self.square_button = W.ToggleButton(tooltip=self.t("one-square.tip"), **toggle)
        self.pass_button = W.Button(description=self.t("pass"), tooltip=self.t("pass.tip"),
                                    **small)
        self.undo_button = W.Button(description=self.t("undo"), tooltip=self.t("undo.tip"),
                                    **small)
        self.message = W.HTML(**looks(W.HTML, min_height="1.6em"))
        self.score_panel = W.HTML(**text)
        self.fossil_info = W.HTML(**text)  # the fossil under the pointer: name, points
        # the round and bonus tracks, as on the sheet: two widgets, so that a click, which
        # moves the round track on, sends the bonus track only when it changes
        self.round_track = W.HTML(**text)
        self.bonus_track = W.HTML(**text)
        self.side_panel = W.VBox([self.score_panel, self.fossil_info, self.round_track,
                                  self.bonus_track],
                                 **looks(W.VBox))
        # the shape and dig buttons get pictures through a stylesheet scoped to this widget
        self._scope = f"paleo-pic-{self.score_panel.model_id[:12]}"
        self.star_box = W.HBox(layout=W.Layout(flex_flow="row wrap", display="none"))
        self.summary = W.HTML(layout=W.Layout(display="none"))
        # the robot's thread shows the summary again where there is no event loop (a
        # script, a test): reading the state and writing the words are one step, or a
        # summary read before the last turn could overwrite the one written after it
        self._summary_lock = threading.RLock()   # asking for the robot can call back
        # its own layout: hidden once the game is over (no key does anything then)
        self.keys_help = W.HTML(keys_html(self.t("keys"), self.t("keys.touch")),
                                layout=W.Layout(), style=text["style"])
        for widget, name in ((self.roll_button, "roll"), (self.shape_buttons, "shapes"),
                             (self.dig_buttons, "digs"), (self.rotate_button, "rotate"),
                             (self.flip_button, "flip"), (self.pass_button, "pass"),
                             (self.undo_button, "undo"), (self.square_button, "one-square"),
                             (self.switch_shape_button, "switch-shape"),
                             (self.switch_dig_button, "switch-dig")):
            widget.add_class(f"paleo-{name}")
        self.shape_buttons.add_class(f"{self._scope}-shapes")
        self.dig_buttons.add_class(f"{self._scope}-digs")
        self.roll_button.on_click(lambda _: self.roll_dice())
        self.rotate_button.on_click(lambda _: self.rotate())
        self.flip_button.on_click(lambda _: self.flip())
        self.pass_button.on_click(lambda _: self.pass_round())
        self.undo_button.on_click(lambda _: self.undo())
        self.shape_buttons.observe(self._on_shape, "value")
        self.dig_buttons.observe(self._on_dig, "value")
        self.switch_shape_button.observe(lambda ch: self._on_switch("shape", ch), "value")
        self.switch_dig_button.observe(lambda ch: self._on_switch("dig", ch), "value")
        self.square_button.observe(self._on_square, "value")

    def _children(self) -> list[Any]:
        """The header over the board; beside the board everything a turn needs, from the
        roll down to the star choice and the score, so that it shows at once on a school
        screen (the board is sized to it, board.py's ``paleo-fit``)."""
        row = looks(W.HBox, flex_flow="row wrap", align_items="center")
        self.star_box.add_class("paleo-stars")
        turn = W.VBox([
            W.HBox([self.roll_button, self.roll_label, self.pictures], **row),
            W.HBox([self.shape_buttons], **row),
            W.HBox([self.dig_buttons], **row),
            W.HBox([self.rotate_button, self.flip_button, self.pass_button, self.undo_button],
                   **row),
            W.HBox([self.switch_shape_button, self.switch_dig_button, self.square_button],
                   **row),
            self.message, self.keeper.note, self.star_box, self.side_panel], **looks(W.VBox))
        return [self.header, self.keeper.name_box, board_beside(self.board, turn),
                self.summary, self.keeper.end_row, self.keeper.replay_box, self.keys_help]

    @contextmanager
    def _quiet(self) -> Iterator[None]:
        """Set control values without their observers acting on them."""
        self._syncing, was = True, self._syncing
        try:
            yield
        finally:
            self._syncing = was

    def _on_shape(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"]:
            self.select(shape=change["new"])

    def _on_dig(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"]:
            self.select(dig=change["new"])

    def _on_switch(self, kind: str, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.set_switch(kind, bool(change["new"]))

    def _on_square(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.set_square_mode(bool(change["new"]))

    def _refresh(self, controls: bool = True) -> None:
        """Redraw from the session: the board (one canvas message), the words, the controls."""
        with canvas_batch():
            self._draw_board()
        self._catch_up()
        self._refresh_words(controls)

    def _draw_board(self) -> None:
        """The board and what the redraw listeners add to it (inside the caller's batch)."""
        for callback in self._redraw_callbacks:
            callback(self)
        self.board.update(self.state, turns=self.table.turns, ghost=self.ghost())

    def _refresh_words(self, controls: bool) -> None:
        """The message line, and (``controls``) every control, from the session."""
        message = self.session.message()
        if self.keeper.asking:
            message = Message("info", Text("name.first"))
        self.message.value = message_html(message.kind, self.say(message),
                                          self.say(message, touch=True))
        if controls:
            with self._quiet():
                self._refresh_controls()

    def _refresh_controls(self) -> None:
        tb, g = self.table, self.game
        s = tb.state
        over = s.is_terminal
        rolled = tb.roll is not None and not over
        choosing = rolled and tb.pending is None
        self.header.value = self._header_html()
        self.roll_button.disabled = tb.roll is not None or over or self.keeper.asking
        pairs = self.choices()
        if pairs:     # between rounds the last choices stay on show, switched off
            shapes = list(dict.fromkeys(sp for sp, _ in pairs))
            self.shape_buttons.options = shapes
            self.shape_buttons.tooltips = [self.t("shape.tip", shape=sp) for sp in shapes]
            self.shape_buttons.value = tb.shape if tb.shape in shapes else None
            digs = list(dict.fromkeys(d for sp, d in pairs if sp == tb.shape))
            self.dig_buttons.options = [(self.t(f"dig.{d}"), d) for d in digs]
            self.dig_buttons.value = tb.dig if tb.dig in digs else None
        self.shape_buttons.disabled = self.dig_buttons.disabled = not choosing
        theme = g.map.theme
        self.pictures.value = button_pictures(
            self._scope, self.shape_buttons.options,
            [d for _, d in self.dig_buttons.options], theme=theme)
        self.roll_label.value = self._roll_html()
        self.rotate_button.disabled = self.flip_button.disabled = not choosing
        spendable: set[str] = set().union(*s.switch_sets())    # the core's switch sets
        for button, kind, switch in ((self.switch_shape_button, SWITCH_SHAPE, "shape"),
                                     (self.switch_dig_button, SWITCH_DIG, "dig")):
            button.description = self.t(f"switch-{switch}", n=s.held[kind])
            button.value = switch in tb.switch
            button.disabled = not choosing or switch not in spendable
        self.square_button.description = self.t(
            "one-square", n=max(0, s.held[ONE_SQUARE] - len(tb.squares)))
        self.square_button.value = tb.square_mode
        self.square_button.disabled = not choosing or self._squares_left() <= 0
        self.pass_button.disabled = not self.can_pass()
        refused = self.session.pass_refused()     # said on the message line when it matters
        self.pass_button.tooltip = self.t("pass.tip") if refused is None else say(refused,
                                                                                  self.lang)
        self.undo_button.disabled = not self.session.can_undo()
        self.score_panel.value = score_html(s, self.game, lang=self.lang, held=False)
        self.round_track.value = round_track_html(s, self.known_rolls(), tb.turns, self.lang)
        self.bonus_track.value = bonus_track_html(s, self.lang)
        self._refresh_stars()
        self.keeper.refresh(over)
        self._refresh_summary()

    def _refresh_summary(self) -> None:
        """The end of the game in words, with the robot's score once it is there."""
        with self._summary_lock:
            s, keeper = self.state, self.keeper
            over = s.is_terminal
            self.summary.value = summary_html(
                s, self.game, lang=self.lang, robot=keeper.robot(),
                robot_playing=keeper.robot_playing()) if over else ""
            self.summary.layout.display = None if over else "none"
            self.keys_help.layout.display = "none" if over else None

    def _refresh_stars(self) -> None:
        tb = self.table
        if tb.pending is self._stars_for:
            return
        self._stars_for = tb.pending
        options = self.star_options()
        if tb.pending is None or len(options) <= 1:
            self.star_box.children = ()
            self.star_box.layout.display = "none"
            return
        buttons = []        # what to do is on the message line just above (stars.pending)
        for i, option in enumerate(options, start=1):
            # the key that chooses it (1-9) shows before the words where there are keys,
            # counted by the page's stylesheet (events.css paleo-key), not on a finger's screen
            b = W.Button(description=" + ".join(self.t(f"bonus.{k}") for k in option),
                         button_style="info", **looks(W.Button, width="auto"))
            if i < 10:
                b.add_class("paleo-key")
            b.on_click(lambda _, o=option: self.choose_stars(o))
            buttons.append(b)
        cancel = W.Button(description=self.t("stars.cancel"), **looks(W.Button, width="auto"))
        cancel.on_click(lambda _: self.cancel())
        self.star_box.children = (*buttons, cancel)
        self.star_box.layout.display = None

    def _header_html(self) -> str:
        s, g = self.table.state, self.game
        rounds = (self.t("round.over", rounds=g.rounds) if s.is_terminal else
                  self.t("round", round=s.round + 1, rounds=g.rounds))
        source = self.t("rolls.fixed") if self.seed is None else self.t("seed", seed=self.seed)
        return (f"<b style='font-size:1.15em'>{html.escape(self._title())}</b>"
                f" &nbsp;·&nbsp; {html.escape(rounds)} &nbsp;·&nbsp; "
                f"<span style='color:#666'>{html.escape(source)}</span>")

    def _title(self, lang: str | None = None) -> str:
        """The puzzle's title or the map's name, in the widget's language (or ``lang``)."""
        return document_title(self.document, lang or self.lang)

    def _roll_html(self) -> str:
        roll = self.table.roll
        if roll is None and self.state.is_terminal:       # not "not rolled yet": no more rolls
            return ""
        if roll is None:
            return f"<span style='color:#666'>{html.escape(self.t('roll.none'))}</span>"
        a, b = roll
        theme = self.game.map.theme
        return (f"<span class='paleo-dice'>"
                f"{dice_html(roll, self.game.dice, self.lang, theme=theme)}</span> "
                f"<b>{html.escape(self.t('roll.shown', a=a, b=b))}</b>")

    # -- notebook output ---------------------------------------------------------------

    def plain_text(self) -> str:
        s = self.state
        return (f"<PlayWidget {self._title('en')} round {s.round}/{self.game.rounds} "
                f"score {s.score().total}>")

    def fallback_svg(self) -> str:
        s = self.state
        shown = s.round + (1 if self.table.roll is not None else 0)
        return str(render_svg(s, rolls=self.rolls[:shown], turns=self.turns,
                              title=self._title(), player=self.player or None,
                              lang=self.lang))


# -- helpers ----------------------------------------------------------------------------------

_MESSAGE_STYLE = {
    "legal": "color:#00664A;border-left:4px solid #009E73;",
    "illegal": "color:#A33F00;border-left:4px dashed #D55E00;",
    "done": "color:#1E1A16;border-left:4px solid #0072B2;",
    "info": "color:#444;border-left:4px solid transparent;",
}


def message_html(kind: str, text: str, touch: str | None = None) -> str:
    """The message line; legal and illegal differ in words, symbol and border style as
    well as colour. A screen reader hears it through the widget's one live region, which
    the page side (events.js) keeps and fills with this line's text: this element is
    re-created on every update, so it cannot be the live region itself. ``touch``: the
    line as said to a finger, shown instead on a touch screen (:func:`for_pointer`)."""
    style = _MESSAGE_STYLE.get(kind, _MESSAGE_STYLE["info"])
    return (f"<div class='paleo-message paleo-{kind}' style='{style}padding:2px 8px;"
            f"font-size:1.05em'>{for_pointer(text, touch)}</div>")


def for_pointer(mouse: str, touch: str | None = None) -> str:
    """``mouse`` as HTML, and when ``touch`` says it otherwise, both, each in a span that
    the page shows for its pointer only (events.css: ``paleo-for-touch`` where the main
    pointer is a finger or the widget has been touched, ``paleo-for-mouse`` elsewhere)."""
    if touch is None or touch == mouse:
        return html.escape(mouse)
    return (f"<span class='paleo-for-mouse'>{html.escape(mouse)}</span>"
            f"<span class='paleo-for-touch'>{html.escape(touch)}</span>")


def keys_html(mouse: str, touch: str | None = None) -> str:
    """The line of keys under a widget (on a touch screen, what a finger does)."""
    return f"<small class='paleo-keys-help' style='color:#666'>{for_pointer(mouse, touch)}</small>"


def score_html(state: State, game: Game, *, lang: str | None = None,
               held: bool = True) -> str:
    """The score panel: each fossil dug up with its points and same-dig bonus, the +1
    Points, the total (State.score()), and (``held``) the bonuses held, in ``lang``. The
    play widget leaves the bonuses to its bonus track (pictures.py)."""
    def t(key: str, /, **fields: object) -> str:
        return i18n.t(key, lang, **fields)

    score = state.score()
    rows = []
    for f in score.fossils:
        name = fossil_name(game.map, f.id, lang)
        bonus = f" <small>{html.escape(t('score.same', bonus=f.bonus))}</small>" if f.bonus else ""
        rows.append(f"<tr><td>{html.escape(f.id)} · {html.escape(name)}</td>"
                    f"<td style='text-align:right'>{f.points}{bonus}</td></tr>")
    if not score.fossils:
        key = "score.none.snowman" if game.map.theme == "snowman" else "score.none"
        rows.append(f"<tr><td colspan=2 style='color:#666'>{html.escape(t(key))}</td></tr>")
    if score.plus_one:
        rows.append(f"<tr><td>{html.escape(t('score.plus-one'))}</td>"
                    f"<td style='text-align:right'>{score.plus_one}</td></tr>")
    rows.append(f"<tr style='border-top:1px solid #999;font-weight:bold'>"
                f"<td>{html.escape(t('score.total'))}</td>"
                f"<td style='text-align:right'>{score.total}</td></tr>")
    bonus_rows = "".join(
        f"<tr><td>{html.escape(t(f'bonus.{kind}'))}</td>"
        f"<td style='text-align:right'>{state.held[i]}</td></tr>"
        for i, kind in enumerate(BONUS_KINDS) if i != 3)
    bonuses = (f"<b>{html.escape(t('bonuses'))}</b><table style='width:100%'>{bonus_rows}"
               "</table>") if held else ""
    # the total on top, where a growing list of fossils cannot push it off the screen
    return (f"<div class='paleo-score'><b class='paleo-score-label paleo-score-total'>"
            f"{html.escape(t('score.label', score=score.total))}</b>"
            f"<table style='width:100%;border-collapse:collapse'>{''.join(rows)}</table>"
            f"{bonuses}</div>")


def summary_html(state: State, game: Game, *, lang: str | None = None,
                 robot: int | None = None, robot_playing: bool = False) -> str:
    """The end of the game in words: the score, what was dug up, the robot's score on the
    same dice (``robot``; ``robot_playing``: a line saying it is on its way), what the
    buttons below do."""
    def t(key: str, /, **fields: object) -> str:
        return i18n.t(key, lang, **fields)

    score = state.score()
    dug = [f for i, f in enumerate(game.map.fossils) if state.dug >> i & 1]
    lines = [t("game-over", score=score.total, s=plural(score.total)),
             t("game-over.dug", dug=len(dug), total=len(game.map.fossils),
               names=", ".join(fossil_name(game.map, f.id, lang) for f in dug))
             if dug else t("game-over.none")]
    if robot is not None:
        lines.append(t("game-over.robot", robot=robot, s=plural(robot)))
    elif robot_playing:
        lines.append(t("game-over.robot.playing"))
    lines.append(t("game-over.next"))
    body = "".join(f"<div>{html.escape(line)}</div>" for line in lines[1:])
    return (f"<div class='paleo-summary' style='border:2px solid #0072B2;padding:6px 10px;"
            f"margin-top:6px'><b style='font-size:1.2em'>{html.escape(lines[0])}</b>"
            f"{body}</div>")
