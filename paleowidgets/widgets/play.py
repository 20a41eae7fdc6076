"""Play a game on a board: roll, choose, place a ghost, gain stars, undo; the score as you go.

The widget holds the state of the table (the core :class:`~paleowidgets.core.rules.State`,
the roll of the round, One-Square cells placed this round, a stack for Undo) and no rules:
every question (which choices, may I pass, is this placement legal and if not why, which
bonuses may a star give, what is the score) goes to the core, and the board is redrawn
from the answer.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> play = PlayWidget(parse_document(TINY), seed="TREX-1")
>>> play
<PlayWidget Tiny quarry round 0/20 score 0>
>>> play.roll_dice(); play.roll, play.choices()[:2]
((2, 4), [('T', 'dot'), ('U', 'dot')])
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as W

from .. import i18n
from ..core.dice import new_seed_code, roll_sequence
from ..core.errors import IllegalTurnError
from ..core.geometry import IDENTITY, PENTOMINOES, SYMMETRIES, Cell, Symmetry, cell_name
from ..core.logs import GameLog, PlayerLog
from ..core.maps import Map, Puzzle, Roll
from ..core.rules import Game, State
from ..core.terms import BONUS_KINDS, ONE_SQUARE, SWITCH_DIG, SWITCH_SHAPE
from ..core.turns import Turn
from ..render.style import sheet_labels
from ..render.svg import render_svg
from ._display import SvgFallback
from .board import BoardWidget, Ghost, board_beside, canvas_batch
from .text import dice, illegal_text, language, plural

ROTATE = SYMMETRIES["rotate-90"]
FLIP = SYMMETRIES["flip-horizontal"]
ARROWS: dict[str, Cell] = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1),
                           "ArrowDown": (0, 1)}


def reading(cell: Cell) -> tuple[int, int]:
    return cell[1], cell[0]


def names(cells: frozenset[Cell] | set[Cell]) -> str:
    return " ".join(cell_name(c) for c in sorted(cells, key=reading))


def pivot(cells: Sequence[Cell]) -> Cell:
    """The cell nearest the middle of a drawing: the one that follows the pointer."""
    mx = (min(x for x, _ in cells) + max(x for x, _ in cells)) / 2
    my = (min(y for _, y in cells) + max(y for _, y in cells)) / 2
    return min(cells, key=lambda c: ((c[0] - mx) ** 2 + (c[1] - my) ** 2, c[1], c[0]))


def placed(shape: str, orientation: Symmetry, anchor: Cell) -> frozenset[Cell]:
    """The cells of ``shape`` turned by ``orientation`` with its middle cell on ``anchor``
    (geometry only: whether they may be drawn is the core's question)."""
    base = PENTOMINOES[shape].cells
    px, py = orientation(pivot(base))
    ax, ay = anchor
    return frozenset((x - px + ax, y - py + ay) for x, y in map(orientation, base))


@dataclass(frozen=True)
class Snapshot:
    """What Undo goes back to."""

    state: State
    turns: tuple[Turn, ...]
    roll: Roll | None
    squares: frozenset[Cell]


@dataclass(frozen=True)
class Candidate:
    """The turn the ghost stands for and the core's verdict on it."""

    cells: frozenset[Cell]
    turn: Turn
    reason: str | None          # the IllegalTurnError message; None when legal
    square: bool = False
    stars: int = 0              # stars the shape covers
    rule: str | None = None     # the IllegalTurnError rule id, to explain it in any language
    details: Mapping[str, str] = field(default_factory=dict)   # its facts, for other languages

    @property
    def legal(self) -> bool:
        return self.reason is None


@dataclass
class Table:
    """The table as the widget sees it; everything else is drawn from this."""

    state: State
    turns: list[Turn]
    roll: Roll | None = None
    squares: frozenset[Cell] = frozenset()
    shape: str | None = None
    dig: str | None = None
    switch: frozenset[str] = frozenset()
    square_mode: bool = False
    orientation: Symmetry = IDENTITY
    anchor: Cell | None = None
    pending: Candidate | None = None     # placed, waiting for the star choice
    history: list[Snapshot] = field(default_factory=list)
    message: tuple[str, str] = ("info", "")


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
    """

    def __init__(self, game: Game | Map | Puzzle, *, seed: int | str | None = None,
                 rolls: Sequence[Roll] | None = None, state: State | None = None,
                 turns: Sequence[Turn] = (), player: str = "", lang: str | None = None,
                 cell_size: float = 48, **kwargs: Any) -> None:
        self.lang = language(lang)      # resolved once: the widget keeps its language
        self.document, self.game = _document_and_game(game)
        if rolls is None and isinstance(self.document, Puzzle):
            rolls = self.document.rolls
        # ``seed``: the code the rolls come from (None when every roll was given)
        self.rolls, self.seed = _all_rolls(self.game, rolls, seed)
        start = self.game.initial_state() if state is None else state
        if len(turns) != start.round:
            raise ValueError(f"{len(turns)} turns given for a state after round {start.round}")
        self.player = player
        self.table = Table(start, list(turns))
        self._syncing = False
        self._stars_for: Candidate | None = None
        self._turn_callbacks: list[Callable[[PlayWidget], None]] = []
        self._redraw_callbacks: list[Callable[[PlayWidget], None]] = []
        self.board = BoardWidget(start, turns=turns, cell_size=cell_size,
                                 labels=sheet_labels(self.lang))
        self._build()
        super().__init__(self._children(), **kwargs)
        self.add_class("paleo-play")
        self.board.on_cell_hover(self.hover)
        self.board.on_cell_click(self.click)
        self.board.on_key_down(self.key)
        self._refresh()

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

    def on_turn(self, callback: Callable[[PlayWidget], None]) -> None:
        """Call ``callback(widget)`` whenever the turns played change (a turn drawn or
        passed, or taken back with Undo): a class game or an autosave listens here."""
        self._turn_callbacks.append(callback)

    def before_redraw(self, callback: Callable[[PlayWidget], None]) -> None:
        """Call ``callback(widget)`` before every redraw, inside the same canvas batch: a
        widget built around this one (the puzzle's hint outline) updates its own marks in
        the one message the player is waiting for."""
        self._redraw_callbacks.append(callback)

    def _turns_changed(self) -> None:
        for callback in self._turn_callbacks:
            callback(self)

    # -- reading the table -----------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.table.state

    @property
    def turns(self) -> tuple[Turn, ...]:
        return tuple(self.table.turns)

    @property
    def roll(self) -> Roll | None:
        return self.table.roll

    def choices(self) -> list[tuple[str, str]]:
        """The (shape, dig type) pairs the roll allows with the switches chosen (core)."""
        tb = self.table
        return [] if tb.roll is None else self.game.choices(tb.roll, tb.switch)

    def can_pass(self) -> bool:
        """Passing is allowed when no shape of the roll fits (the core's forced draw)."""
        tb = self.table
        return (tb.roll is not None and tb.pending is None and not tb.state.is_terminal
                and not tb.state.must_draw(tb.roll))

    def candidate(self) -> Candidate | None:
        """The turn under the ghost, checked by the core (None when there is no ghost)."""
        tb = self.table
        if tb.pending is not None:
            return tb.pending
        if tb.roll is None or tb.anchor is None or tb.state.is_terminal:
            return None
        if tb.square_mode:
            return self._square_candidate(tb.anchor)
        if tb.shape is None or tb.dig is None:
            return None
        return self._shape_candidate(placed(tb.shape, tb.orientation, tb.anchor))

    def _shape_candidate(self, cells: frozenset[Cell]) -> Candidate:
        tb = self.table
        assert tb.roll is not None and tb.shape is not None and tb.dig is not None
        covered = len(cells & self.game.map.stars)
        stars = next(tb.state.star_options(covered), ())   # any allowed choice, to ask
        turn = Turn.draw(tb.shape, tb.dig, cells, switch=tb.switch, stars=stars,
                         squares=tb.squares)
        try:
            tb.state.apply(tb.roll, turn)
        except IllegalTurnError as e:
            return Candidate(cells, turn, e.message, stars=covered, rule=e.rule,
                             details=e.details)
        return Candidate(cells, turn, None, stars=covered)

    def _square_candidate(self, cell: Cell) -> Candidate:
        tb = self.table
        assert tb.roll is not None
        turn = Turn.pass_(tb.squares | {cell})
        try:
            tb.state.apply(tb.roll, turn)
        except IllegalTurnError as e:
            # The core checks the squares before the pass itself: any other complaint is
            # about passing, which filling a square does not do.
            if e.rule.startswith("square-") or e.rule == "bonus-not-held":
                return Candidate(frozenset({cell}), turn, e.message, square=True,
                                 rule=e.rule, details=e.details)
        return Candidate(frozenset({cell}), turn, None, square=True)

    def ghost(self) -> Ghost | None:
        """What the board's overlay must show now."""
        c = self.candidate()
        if c is None:
            return None
        return Ghost(c.cells, c.legal, None if c.square else self.table.dig)

    def game_log(self, name: str | None = None) -> GameLog:
        """The game so far as a :class:`~paleowidgets.core.logs.GameLog` (save it with
        ``.save(path)``)."""
        n = self.state.round
        player = name or self.player or self.t("replay.player", name=1)
        return GameLog(self.document, tuple(self.rolls[:n]), (PlayerLog(player, self.turns),))

    # -- actions (each ends with the board and controls redrawn from the table) ------------

    def roll_dice(self) -> None:
        """Roll for the next round (the seeded roll of that round)."""
        tb = self.table
        if tb.roll is not None or tb.state.is_terminal:
            return
        tb.roll = self.rolls[tb.state.round]
        tb.history.clear()
        tb.switch, tb.square_mode, tb.squares = frozenset(), False, frozenset()
        self._choose_default()
        tb.message = ("info", "")
        self._refresh()

    def select(self, shape: str | None = None, dig: str | None = None) -> None:
        """Choose the shape and dig type among :meth:`choices`."""
        tb = self.table
        pairs = self.choices()
        if shape is not None and any(s == shape for s, _ in pairs):
            tb.shape = shape
        if dig is not None:
            tb.dig = dig
        self._fix_choice()
        tb.square_mode = False
        self._refresh()

    def set_switch(self, kind: str, on: bool) -> None:
        """Spend (``on``) or keep a Switch Shape (``'shape'``) or Switch Dig (``'dig'``)."""
        tb = self.table
        tb.switch = tb.switch | {kind} if on else tb.switch - {kind}
        self._fix_choice()
        self._refresh()

    def set_square_mode(self, on: bool) -> None:
        self.table.square_mode = on and self._squares_left() > 0
        self._refresh()

    def rotate(self) -> None:
        self.table.orientation = ROTATE @ self.table.orientation
        self._refresh()

    def flip(self) -> None:
        self.table.orientation = FLIP @ self.table.orientation
        self._refresh()

    def hover(self, cell: Cell | None) -> None:
        """The pointer is over ``cell`` (None: off the grid)."""
        tb = self.table
        if cell == tb.anchor or tb.pending is not None:
            return
        tb.anchor = cell
        self._refresh(controls=False)

    def move(self, dx: int, dy: int) -> None:
        """Move the ghost by whole cells (arrow keys); it starts in the middle."""
        tb = self.table
        g = self.game
        if tb.anchor is None:
            tb.anchor = (g.width // 2, g.height // 2)
        else:
            x, y = tb.anchor
            tb.anchor = (min(max(x + dx, 0), g.width - 1), min(max(y + dy, 0), g.height - 1))
        self._refresh(controls=False)

    def click(self, cell: Cell | None) -> None:
        """A press on ``cell``: draw there if the core allows it, else say why."""
        if cell is None or self.table.pending is not None:
            return
        self.table.anchor = cell
        self.place()

    def place(self) -> None:
        """Draw the ghost's shape (or fill its One Square) if the core allows it. A shape
        covering stars that can give a choice of bonuses waits for :meth:`choose_stars`."""
        tb = self.table
        c = self.candidate()
        if c is None or tb.pending is not None:
            return
        if not c.legal:
            tb.message = ("illegal", self.illegal(c.reason or "", c.rule, c.details))
            self._refresh()
            return
        if c.square:
            self._push()
            tb.squares = tb.squares | c.cells
            tb.square_mode = self._squares_left() > 0 and tb.square_mode
            tb.message = ("info", self.t("squares.pending", cells=names(tb.squares)))
            self._refresh()
            return
        options = self.star_options(c)
        if len(options) > 1:
            tb.pending = c
            self._refresh()
            return
        self._commit(c.turn if not options else _with_stars(c.turn, options[0]))

    def star_options(self, c: Candidate | None = None) -> list[tuple[str, ...]]:
        """The bonus choices the core allows for the stars a placement covers."""
        c = c or self.table.pending
        if c is None or c.square:
            return []
        return list(self.state.star_options(c.stars))

    def choose_stars(self, stars: Sequence[str]) -> None:
        """Finish the pending placement with these bonuses for its stars."""
        tb = self.table
        if tb.pending is None:
            return
        turn = _with_stars(tb.pending.turn, tuple(stars))
        tb.pending = None
        self._commit(turn)

    def pass_round(self) -> None:
        """Pass (with this round's One-Square cells), if the core allows it."""
        tb = self.table
        if tb.roll is None or tb.pending is not None:
            return
        self._commit(Turn.pass_(tb.squares))

    def cancel(self) -> None:
        """Esc: drop the pending placement, else leave One Square, else hide the ghost."""
        tb = self.table
        if tb.pending is not None:
            tb.pending = None
        elif tb.square_mode:
            tb.square_mode = False
        else:
            tb.anchor = None
        tb.message = ("info", "")
        self._refresh()

    def undo(self) -> None:
        """Take back the last action of the round (a square, a draw, a pass)."""
        tb = self.table
        if not tb.history:
            return
        snap = tb.history.pop()
        took_back = len(snap.turns) != len(tb.turns)
        tb.state, tb.turns, tb.roll, tb.squares = (snap.state, list(snap.turns), snap.roll,
                                                   snap.squares)
        tb.pending = None
        self._fix_choice()
        tb.message = ("info", self.t("undone"))
        with canvas_batch():       # listeners' boards join this one message
            self._refresh()
            if took_back:
                self._turns_changed()

    def key(self, key: str, shift: bool = False, ctrl: bool = False,
            meta: bool = False) -> None:
        """A key pressed on the board (ipycanvas ``on_key_down``)."""
        tb = self.table
        if key in ARROWS:
            self.move(*ARROWS[key])
        elif key in ("r", "R"):
            self.rotate()
        elif key in ("f", "F"):
            self.flip()
        elif key == "Enter":
            if tb.roll is None:
                self.roll_dice()
            else:
                if tb.anchor is None:
                    self.move(0, 0)
                self.place()
        elif key == "Escape":
            self.cancel()
        elif key in ("u", "U") or (key == "z" and (ctrl or meta)):
            self.undo()
        elif key.isdigit() and tb.pending is not None:
            options = self.star_options()
            if 1 <= int(key) <= len(options):
                self.choose_stars(options[int(key) - 1])

    # -- inside ----------------------------------------------------------------------------

    def _squares_left(self) -> int:
        tb = self.table
        return 0 if tb.roll is None else tb.state.held[ONE_SQUARE] - len(tb.squares)

    def _push(self) -> None:
        tb = self.table
        tb.history.append(Snapshot(tb.state, tuple(tb.turns), tb.roll, tb.squares))

    def _commit(self, turn: Turn) -> None:
        tb = self.table
        assert tb.roll is not None
        try:
            state = tb.state.apply(tb.roll, turn)
        except IllegalTurnError as e:
            tb.message = ("illegal", self.illegal(e.message, e.rule, e.details))
            self._refresh()
            return
        self._push()
        round_ = tb.state.round + 1
        tb.state, tb.roll, tb.squares, tb.pending = state, None, frozenset(), None
        tb.turns.append(turn)
        tb.switch, tb.square_mode = frozenset(), False
        text = (self.t("passed", round=round_) if turn.passed
                else self.t("placed", round=round_, turn=str(turn)))
        tb.message = ("done", text)
        with canvas_batch():       # listeners' boards join this one message
            self._refresh()
            self._turns_changed()

    def _choose_default(self) -> None:
        """After a roll: the first shape of the roll that fits somewhere (core's fits)."""
        tb = self.table
        shapes = list(dict.fromkeys(s for s, _ in self.choices()))
        fitting = [s for s in shapes if tb.state.fits(s)]
        first: list[str | None] = [*fitting, *shapes, None]
        tb.shape = first[0]
        tb.dig = None
        self._fix_choice()

    def _fix_choice(self) -> None:
        """Keep the shape and dig type among the choices of the roll and switches."""
        tb = self.table
        pairs = self.choices()
        shapes = list(dict.fromkeys(s for s, _ in pairs))
        if tb.shape not in shapes:
            tb.shape = shapes[0] if shapes else None
        digs = [d for s, d in pairs if s == tb.shape]
        if tb.dig not in digs:
            tb.dig = digs[0] if digs else None

    # -- the controls ------------------------------------------------------------------------

    def _build(self) -> None:
        small = W.Layout(width="auto")
        self.header = W.HTML(layout=W.Layout(margin="0 0 4px 0"))
        self.roll_button = W.Button(description=self.t("roll"), tooltip=self.t("roll.tip"),
                                    icon="dice", button_style="primary",
                                    layout=W.Layout(width="auto"))
        self.roll_label = W.HTML()
        self.shape_buttons = W.ToggleButtons(options=[], description=self.t("shape"),
                                             style={"button_width": "2.6em",
                                                    "description_width": "initial"})
        self.dig_buttons = W.ToggleButtons(options=[], description=self.t("dig"),
                                           style={"button_width": "6em",
                                                  "description_width": "initial"})
        self.rotate_button = W.Button(description=self.t("rotate"),
                                      tooltip=self.t("rotate.tip"), layout=small)
        self.flip_button = W.Button(description=self.t("flip"), tooltip=self.t("flip.tip"),
                                    layout=small)
        self.switch_shape_button = W.ToggleButton(tooltip=self.t("switch-shape.tip"), layout=small)
        self.switch_dig_button = W.ToggleButton(tooltip=self.t("switch-dig.tip"), layout=small)
        self.square_button = W.ToggleButton(tooltip=self.t("one-square.tip"), layout=small)
        self.pass_button = W.Button(description=self.t("pass"), tooltip=self.t("pass.tip"),
                                    layout=small)
        self.undo_button = W.Button(description=self.t("undo"), tooltip=self.t("undo.tip"),
                                    layout=small)
        self.message = W.HTML(layout=W.Layout(min_height="1.6em"))
        self.score_panel = W.HTML()
        self.star_box = W.HBox(layout=W.Layout(flex_flow="row wrap", display="none"))
        self.summary = W.HTML(layout=W.Layout(display="none"))
        self.keys_help = W.HTML(f"<small style='color:#666'>{html.escape(self.t('keys'))}"
                                "</small>")
        for widget, name in ((self.roll_button, "roll"), (self.shape_buttons, "shapes"),
                             (self.dig_buttons, "digs"), (self.rotate_button, "rotate"),
                             (self.flip_button, "flip"), (self.pass_button, "pass"),
                             (self.undo_button, "undo"), (self.square_button, "one-square"),
                             (self.switch_shape_button, "switch-shape"),
                             (self.switch_dig_button, "switch-dig")):
            widget.add_class(f"paleo-{name}")
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
        row = W.Layout(flex_flow="row wrap", align_items="center")
        gap = W.Layout(width="1.2em")
        return [
            self.header,
            W.HBox([self.roll_button, self.roll_label], layout=row),
            W.HBox([self.shape_buttons, W.Box(layout=gap), self.dig_buttons, W.Box(layout=gap),
                    self.rotate_button, self.flip_button],
                   layout=W.Layout(flex_flow="row wrap", align_items="flex-end",
                                   min_height="58px")),
            W.HBox([self.switch_shape_button, self.switch_dig_button, self.square_button,
                    W.Box(layout=gap), self.pass_button, self.undo_button], layout=row),
            board_beside(self.board, self.score_panel),
            self.message, self.star_box, self.summary, self.keys_help]

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
        """Redraw from the table: the board (one canvas message), the words, the controls."""
        with canvas_batch():
            for callback in self._redraw_callbacks:
                callback(self)
            tb = self.table
            c = self.candidate()
            # the board first: its one message is what the player is waiting for
            self.board.update(tb.state, turns=tb.turns,
                              ghost=None if c is None else Ghost(c.cells, c.legal,
                                                                 None if c.square else tb.dig))
        self._refresh_message(c)
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
        self.roll_button.disabled = tb.roll is not None or over
        self.roll_label.value = self._roll_html()
        pairs = self.choices()
        if pairs:     # between rounds the last choices stay on show, switched off
            shapes = list(dict.fromkeys(sp for sp, _ in pairs))
            self.shape_buttons.options = shapes
            self.shape_buttons.value = tb.shape if tb.shape in shapes else None
            digs = list(dict.fromkeys(d for sp, d in pairs if sp == tb.shape))
            self.dig_buttons.options = [(self.t(f"dig.{d}"), d) for d in digs]
            self.dig_buttons.value = tb.dig if tb.dig in digs else None
        self.shape_buttons.disabled = self.dig_buttons.disabled = not choosing
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
        self.pass_button.tooltip = self.t("pass.tip") if self.can_pass() or tb.roll is None \
            else self._pass_reason()
        self.undo_button.disabled = not tb.history
        self.score_panel.value = score_html(s, self.game, lang=self.lang)
        self._refresh_stars()
        self.summary.value = summary_html(s, g, lang=self.lang) if over else ""
        self.summary.layout.display = None if over else "none"

    def _pass_reason(self) -> str:
        tb = self.table
        assert tb.roll is not None
        fitting = [sp for sp in self.game.roll_shapes(tb.roll) if tb.state.fits(sp)]
        return self.t("pass.forbidden", shapes=", ".join(fitting),
                      s="s" if len(fitting) == 1 else "")

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
        n = min(tb.pending.stars, tb.state.star_capacity())
        star = self.t(f"star.{self.game.map.theme}")
        what = self.t("stars.what.1") if n == 1 else self.t("stars.what.n", n=n)
        intro = W.HTML(html.escape(self.t("stars.pick", n=tb.pending.stars, star=star,
                                     s=plural(tb.pending.stars), what=what)))
        buttons = []
        for i, option in enumerate(options, start=1):
            label = " + ".join(self.t(f"bonus.{k}") for k in option)
            b = W.Button(description=f"{i}. {label}" if i < 10 else label,
                         layout=W.Layout(width="auto"), button_style="info")
            b.on_click(lambda _, o=option: self.choose_stars(o))
            buttons.append(b)
        cancel = W.Button(description=self.t("stars.cancel"), layout=W.Layout(width="auto"))
        cancel.on_click(lambda _: self.cancel())
        self.star_box.children = (intro, *buttons, cancel)
        self.star_box.layout.display = None

    def _refresh_message(self, c: Candidate | None) -> None:
        tb = self.table
        kind, text = tb.message
        if c is not None and tb.pending is None:
            if c.legal:
                kind = "legal"
                text = (self.t("legal.square", cell=names(c.cells)) if c.square else
                        self.t("legal", shape=tb.shape, dig=self.t(f"dig.{tb.dig}"),
                               cells=names(c.cells)))
            else:
                kind, text = "illegal", self.illegal(c.reason or "", c.rule, c.details)
        elif not text and tb.roll is None and not tb.state.is_terminal:
            text = self.t("roll.waiting", round=tb.state.round + 1)
        elif not text and tb.roll is not None and tb.pending is None:
            if tb.square_mode:
                text = self.t("hover.square")
            elif tb.shape is not None and not tb.state.fits(tb.shape):
                text = self.t("no-room", shape=tb.shape)
            else:
                text = self.t("hover", shape=tb.shape or "")
        self.message.value = message_html(kind, text)

    def _header_html(self) -> str:
        s, g = self.table.state, self.game
        rounds = (self.t("round.over", rounds=g.rounds) if s.is_terminal else
                  self.t("round", round=s.round + 1, rounds=g.rounds))
        source = self.t("rolls.fixed") if self.seed is None else self.t("seed", seed=self.seed)
        return (f"<b style='font-size:1.15em'>{html.escape(self._title())}</b>"
                f" &nbsp;·&nbsp; {html.escape(rounds)} &nbsp;·&nbsp; "
                f"<span style='color:#666'>{html.escape(source)}</span>")

    def _title(self) -> str:
        d = self.document
        return d.title or d.map.name if isinstance(d, Puzzle) else d.name

    def _roll_html(self) -> str:
        roll = self.table.roll
        if roll is None:
            return f"<span style='color:#666'>{html.escape(self.t('roll.none'))}</span>"
        a, b = roll
        return (f"<span class='paleo-roll' style='font-size:1.6em;vertical-align:middle'>"
                f"{dice(a, b)}</span> <b>{html.escape(self.t('roll.shown', a=a, b=b))}</b>")

    # -- notebook output ---------------------------------------------------------------

    def plain_text(self) -> str:
        s = self.state
        return (f"<PlayWidget {self._title()} round {s.round}/{self.game.rounds} "
                f"score {s.score().total}>")

    def fallback_svg(self) -> str:
        s = self.state
        shown = s.round + (1 if self.table.roll is not None else 0)
        return str(render_svg(s, rolls=self.rolls[:shown], turns=self.turns,
                              title=self._title(), player=self.player or None,
                              lang=self.lang))


# -- helpers ----------------------------------------------------------------------------------

def _document_and_game(game: Game | Map | Puzzle) -> tuple[Map | Puzzle, Game]:
    if isinstance(game, Game):
        return game.map, game
    if isinstance(game, Puzzle):
        return game, Game.from_puzzle(game)
    return game, Game(game)


def _all_rolls(game: Game, rolls: Sequence[Roll] | None,
               seed: int | str | None) -> tuple[tuple[Roll, ...], int | str | None]:
    """One roll per round: the given ones, then (when they run out) rolls from the seed,
    a fresh seed code when none is given; and the seed code used (None if none was)."""
    given = tuple(rolls or ())
    if len(given) >= game.rounds:
        return given[:game.rounds], None
    code = new_seed_code() if seed is None else seed
    return given + roll_sequence(code, game.rounds)[len(given):], code


def _with_stars(turn: Turn, stars: tuple[str, ...]) -> Turn:
    assert turn.shape is not None and turn.dig is not None
    return Turn.draw(turn.shape, turn.dig, turn.cells, switch=turn.switch, stars=stars,
                     squares=turn.squares)


_MESSAGE_STYLE = {
    "legal": "color:#00664A;border-left:4px solid #009E73;",
    "illegal": "color:#A33F00;border-left:4px dashed #D55E00;",
    "done": "color:#1E1A16;border-left:4px solid #0072B2;",
    "info": "color:#444;border-left:4px solid transparent;",
}


def _fossil_key(game: Game) -> str:
    """'Fossil A', or in the Snowman Edition 'Item A'."""
    return "fossil.snowman" if game.map.theme == "snowman" else "fossil"


def message_html(kind: str, text: str) -> str:
    """The line under the board; legal and illegal differ in words, symbol and border
    style as well as colour."""
    style = _MESSAGE_STYLE.get(kind, _MESSAGE_STYLE["info"])
    return (f"<div class='paleo-message paleo-{kind}' style='{style}padding:2px 8px;"
            f"font-size:1.05em'>{html.escape(text)}</div>")


def score_html(state: State, game: Game, *, lang: str | None = None) -> str:
    """The score panel: each fossil dug up with its points and same-dig bonus, the +1
    Points, the total (State.score()), and the bonuses held, in ``lang``."""
    def t(key: str, /, **fields: object) -> str:
        return i18n.t(key, lang, **fields)

    score = state.score()
    by_id = {f.id: f for f in game.map.fossils}
    rows = []
    for f in score.fossils:
        fossil = by_id[f.id]
        name = fossil.name or t(_fossil_key(game), id=f.id)
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
                f"<td class='paleo-score-total' style='text-align:right'>{score.total}</td></tr>")
    bonus_rows = "".join(
        f"<tr><td>{html.escape(t(f'bonus.{kind}'))}</td>"
        f"<td style='text-align:right'>{state.held[i]}</td></tr>"
        for i, kind in enumerate(BONUS_KINDS) if i != 3)
    return (f"<div class='paleo-score'><b class='paleo-score-label'>"
            f"{html.escape(t('score.label', score=score.total))}</b>"
            f"<table style='width:100%;border-collapse:collapse'>{''.join(rows)}</table>"
            f"<b>{html.escape(t('bonuses'))}</b>"
            f"<table style='width:100%'>{bonus_rows}</table></div>")


def summary_html(state: State, game: Game, *, lang: str | None = None) -> str:
    """The end of the game in words: the score, what was dug up, how to save the log."""
    def t(key: str, /, **fields: object) -> str:
        return i18n.t(key, lang, **fields)

    score = state.score()
    dug = [f for i, f in enumerate(game.map.fossils) if state.dug >> i & 1]
    lines = [t("game-over", score=score.total, s=plural(score.total)),
             t("game-over.dug", dug=len(dug), total=len(game.map.fossils),
               names=", ".join(f.name or t(_fossil_key(game), id=f.id) for f in dug))
             if dug else t("game-over.none"), t("game-over.log")]
    body = "".join(f"<div>{html.escape(line)}</div>" for line in lines[1:])
    return (f"<div class='paleo-summary' style='border:2px solid #0072B2;padding:6px 10px;"
            f"margin-top:6px'><b style='font-size:1.2em'>{html.escape(lines[0])}</b>"
            f"{body}</div>")
