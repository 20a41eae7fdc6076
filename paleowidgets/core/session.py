"""A game at the table, without Jupyter: what the play, puzzle and class-game widgets share.

A :class:`PlaySession` holds one sheet in play: the core :class:`~.rules.State` and the turns
so far, the roll of the round, the shape and dig type chosen, the switches spent, the
One-Square cells filled this round, and the *ghost* (a shape turned and moved over the grid,
or a single square). Every question goes to the core: the ghost's turn is put to the checked
:meth:`State.apply <paleowidgets.core.rules.State.apply>` once, and the state it returns is
the one kept when that turn is drawn, so a click costs one checked apply.

Actions (:meth:`~PlaySession.hover`, :meth:`~PlaySession.place`, :meth:`~PlaySession.key`...)
return whether anything changed, and leave a :class:`Message` saying what happened: a kind,
a :class:`Text` (a catalog key of :mod:`paleowidgets.i18n` and its fields, which the widget
translates: the core imports no words), the :class:`IllegalTurnError` of a refused turn, and
the fossils a turn dug up (:class:`Find`). The message of one action never outlives the
next one.

Undo works within the round: it takes back a One Square filled this round, or the bonus
choice of a placement waiting for it. A drawn or passed turn ends the round; it is not
reopened.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> s = PlaySession(parse_document(TINY), seed="TREX-1")
>>> s.roll_dice(), s.roll, s.shape
(True, (2, 4), 'T')
>>> s.hover((3, 3)); s.candidate().legal, s.message().error.rule
True
(False, 'cell-on-fossil')
>>> s.hover((1, 1)); s.place(); s.state.round, s.message().text.key
True
True
(1, 'drawn')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .dice import new_seed_code, roll_sequence
from .errors import IllegalTurnError
from .geometry import IDENTITY, PENTOMINOES, ROTATIONS, SYMMETRIES, Cell, Symmetry, cell_name
from .logs import GameLog, PlayerLog
from .maps import Map, Puzzle, Roll
from .rules import Game, State
from .terms import ONE_SQUARE
from .turns import Turn

__all__ = [
    "ARROWS", "FLIP", "KEYS", "ROTATE", "Candidate", "Find", "Message", "PlaySession",
    "Table", "Text", "document_and_game", "names", "placed",
]

ROTATE = SYMMETRIES["rotate-90"]
FLIP = SYMMETRIES["flip-horizontal"]
ARROWS: dict[str, Cell] = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1),
                           "ArrowDown": (0, 1)}
# What each key does on the board (``PlaySession.key``): arrows move the ghost, digits
# choose a star's bonus, Ctrl+Z (or Cmd+Z) undoes too.
KEYS: dict[str, str] = {"r": "rotate", "f": "flip", "Enter": "place", "Escape": "cancel",
                        "u": "undo"}


def reading(cell: Cell) -> tuple[int, int]:
    return cell[1], cell[0]


def names(cells: frozenset[Cell] | set[Cell]) -> str:
    """Cell names in reading order: ``names({(1, 0), (0, 1)}) == 'B1 A2'``."""
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


# -- what a session says ---------------------------------------------------------------------

@dataclass(frozen=True)
class Text:
    """A sentence as data: a catalog key and its fields. A field may itself be a Text (a
    word to translate, like ``Text("dig.with.dot")``) or a tuple of Texts (a list)."""

    key: str
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Find:
    """A fossil a turn dug up: its id, its points and its same-dig-type bonus (0 when its
    ring was drawn with more than one dig type)."""

    fossil: str
    points: int
    bonus: int


@dataclass(frozen=True)
class Message:
    """What the message line says: ``kind`` is ``'info'``, ``'legal'``, ``'illegal'`` or
    ``'done'``; ``text`` the sentence; ``error`` the core's reason when a turn is refused
    (its rule id and details say it in any language); ``more`` further sentences (the
    squares, switches and stars of a turn); ``finds`` the fossils just dug up."""

    kind: str
    text: Text | None = None
    error: IllegalTurnError | None = None
    more: tuple[Text, ...] = ()
    finds: tuple[Find, ...] = ()


OFF_BOARD = Text("illegal", {"reason": Text("reason.off-board")})
OFF_BOARD_SQUARE = Text("illegal", {"reason": Text("reason.off-board.square")})


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
    after: State | None = None  # the state the core made of the turn (a legal shape)
    error: IllegalTurnError | None = None
    off_board: bool = False     # part of the ghost is off the grid (no cell to name)

    @property
    def legal(self) -> bool:
        return self.reason is None


@dataclass
class Table:
    """The table as the session sees it; everything else is computed from this."""

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
    history: list[frozenset[Cell]] = field(default_factory=list)   # squares, for Undo


class PlaySession:
    """One sheet in play. ``game`` is a Map, a Puzzle or a Game; the rolls are the
    puzzle's, or ``rolls``, or made from ``seed`` (a code like ``'TREX-4821'``; a fresh one
    when neither is given). ``state`` and ``turns`` start from a game in progress."""

    def __init__(self, game: Game | Map | Puzzle, *, seed: int | str | None = None,
                 rolls: Sequence[Roll] | None = None, state: State | None = None,
                 turns: Sequence[Turn] = (), player: str = "") -> None:
        self.document, self.game = document_and_game(game)
        if isinstance(self.document, Puzzle) and len(rolls or ()) < len(self.document.rolls):
            rolls = self.document.rolls     # a puzzle's rolls are fixed (a log holds a start)
        # ``seed``: the code the rolls come from (None when every roll was given)
        self.rolls, self.seed = all_rolls(self.game, rolls, seed)
        start = self.game.initial_state() if state is None else state
        if len(turns) != start.round:
            raise ValueError(f"{len(turns)} turns given for a state after round {start.round}")
        self.player = player
        self.table = Table(start, list(turns))
        self.note: Message | None = None      # what the last action said
        self.version = 0                      # counts changes of the turns played
        self._cache: tuple[tuple[Any, ...], Candidate | None] | None = None

    @classmethod
    def from_log(cls, log: GameLog, *, player: int = 0, round: int | None = None,
                 seed: int | str | None = None) -> PlaySession:
        """Play on from a recorded game after ``round`` rounds (the end by default), with
        the log's rolls (then rolls from ``seed`` when the log has fewer than the game)."""
        turns = log.players[player].turns
        r = len(log.rolls) if round is None else round
        return cls(log.document, rolls=log.rolls, seed=seed, state=log.state_at(player, r),
                   turns=turns[:r], player=log.players[player].name)

    # -- reading the table -------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.table.state

    @property
    def turns(self) -> tuple[Turn, ...]:
        return tuple(self.table.turns)

    @property
    def roll(self) -> Roll | None:
        return self.table.roll

    @property
    def shape(self) -> str | None:
        return self.table.shape

    @property
    def dig(self) -> str | None:
        return self.table.dig

    @property
    def over(self) -> bool:
        return self.table.state.is_terminal

    def choices(self) -> list[tuple[str, str]]:
        """The (shape, dig type) pairs the roll allows with the switches chosen (core)."""
        tb = self.table
        return [] if tb.roll is None else self.game.choices(tb.roll, tb.switch)

    def can_pass(self) -> bool:
        """Passing is allowed when no shape of the roll fits (the core's forced draw)."""
        tb = self.table
        return (tb.roll is not None and tb.pending is None and not tb.state.is_terminal
                and not tb.state.must_draw(tb.roll))

    def fitting_shapes(self) -> list[str]:
        """The shapes of the roll that fit somewhere (why passing is refused)."""
        tb = self.table
        return [] if tb.roll is None else [sp for sp in self.game.roll_shapes(tb.roll)
                                           if tb.state.fits(sp)]

    def pass_refused(self) -> Text | None:
        """Why Pass is off while a roll waits for a turn (None when passing is allowed, or
        there is nothing to pass): the shapes of the roll that fit, as the message line
        says it ("You cannot pass: U fits on the board")."""
        tb = self.table
        if tb.roll is None or tb.pending is not None or tb.state.is_terminal or self.can_pass():
            return None
        fitting = self.fitting_shapes()
        return Text("pass.forbidden", {"shapes": ", ".join(fitting),
                                       "s": "s" if len(fitting) == 1 else ""})

    def fits_as(self, shape: str, orientation: Symmetry) -> bool:
        """Whether ``shape`` turned by ``orientation`` fits somewhere on the board now
        (:meth:`State.fits_as <.rules.State.fits_as>`)."""
        return self.table.state.fits_as(shape, orientation.apply(PENTOMINOES[shape].cells))

    def stuck(self) -> tuple[Text, ...]:
        """What to say when the chosen shape cannot be drawn turned as it is now: how to
        turn it when another way fits (``fits.rotated``: a rotation is enough;
        ``fits.flipped``: flip it over first), else that it fits nowhere and whether Pass
        is open (or which shapes of the roll fit: :meth:`pass_refused`). Empty when it fits
        as it is, or there is no shape to draw."""
        tb = self.table
        shape = tb.shape
        if (tb.roll is None or tb.pending is not None or tb.square_mode or shape is None
                or tb.state.is_terminal or self.fits_as(shape, tb.orientation)):
            return ()
        if not tb.state.fits(shape):
            return (Text("no-room", {"shape": shape}), self.pass_refused() or Text("pass.allowed"))
        turned = any(self.fits_as(shape, r @ tb.orientation) for r in ROTATIONS)
        return (Text("fits.rotated" if turned else "fits.flipped", {"shape": shape}),)

    def can_undo(self) -> bool:
        tb = self.table
        return bool(tb.history) or tb.pending is not None

    def squares_left(self) -> int:
        """One Squares held and not yet filled this round (0 before the roll)."""
        tb = self.table
        return 0 if tb.roll is None else tb.state.held[ONE_SQUARE] - len(tb.squares)

    def star_options(self, c: Candidate | None = None) -> list[tuple[str, ...]]:
        """The bonus choices the core allows for the stars a placement covers."""
        c = c or self.table.pending
        if c is None or c.square:
            return []
        return list(self.state.star_options(c.stars))

    def candidate(self) -> Candidate | None:
        """The turn under the ghost, checked by the core (None when there is no ghost).
        Asked once per change of the table: the answer is kept until the table changes."""
        tb = self.table
        if tb.pending is not None:
            return tb.pending
        key = (tb.state, tb.roll, tb.anchor, tb.square_mode, tb.shape, tb.dig, tb.switch,
               tb.orientation, tb.squares)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        c = self._candidate()
        self._cache = (key, c)
        return c

    def _candidate(self) -> Candidate | None:
        tb = self.table
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
        if not all(self.game.inside(c) for c in cells):
            # no cell to name: a cell off the grid has no name ("@10", "D0")
            return Candidate(cells, turn, "part of the shape is off the board", stars=covered,
                             rule="cell-outside-grid", off_board=True)
        try:
            after = tb.state.apply(tb.roll, turn)
        except IllegalTurnError as e:
            return Candidate(cells, turn, e.message, stars=covered, rule=e.rule,
                             details=e.details, error=e)
        return Candidate(cells, turn, None, stars=covered, after=after)

    def _square_candidate(self, cell: Cell) -> Candidate:
        tb = self.table
        assert tb.roll is not None
        turn = Turn.pass_(tb.squares | {cell})
        if not self.game.inside(cell):
            return Candidate(frozenset({cell}), turn, "that cell is off the board",
                             square=True, rule="square-outside-grid", off_board=True)
        if cell in tb.squares:        # filled this round already: the core's word for it
            e = IllegalTurnError("square-not-open", f"square {cell_name(cell)} is not open",
                                 details={"cell": cell_name(cell)})
            return Candidate(frozenset({cell}), turn, e.message, square=True, rule=e.rule,
                             details=e.details, error=e)
        try:
            tb.state.apply(tb.roll, turn)
        except IllegalTurnError as e:
            # The core checks the squares before the pass itself: any other complaint is
            # about passing, which filling a square does not do.
            if e.rule.startswith("square-") or e.rule == "bonus-not-held":
                return Candidate(frozenset({cell}), turn, e.message, square=True,
                                 rule=e.rule, details=e.details, error=e)
        return Candidate(frozenset({cell}), turn, None, square=True)

    def ghost(self) -> tuple[frozenset[Cell], bool, str | None] | None:
        """What the board's overlay shows: (cells, legal, dig type or None for a square)."""
        c = self.candidate()
        if c is None:
            return None
        return c.cells, c.legal, None if c.square else self.table.dig

    def message(self) -> Message:
        """What the message line says now: the last action's outcome, else the ghost's
        verdict, else what to do next."""
        if self.note is not None:
            return self.note
        tb = self.table
        c = self.candidate()
        if c is not None:
            return self.verdict(c)
        if tb.state.is_terminal:
            return Message("info")
        if tb.roll is None:
            return Message("info", Text("roll.waiting", {"round": tb.state.round + 1}))
        if tb.square_mode:
            return Message("info", Text("hover.square"))
        stuck = self.stuck()
        if stuck:               # it fits only turned, or not at all: not "point at the grid"
            return Message("info", stuck[0], more=stuck[1:])
        return Message("info", Text("hover", {"shape": tb.shape or ""}))

    def verdict(self, c: Candidate) -> Message:
        """The core's word on a candidate: legal (and how to draw it), or why not; a
        shape refused that fits nowhere turned as it is also says how to turn it."""
        if not c.legal:
            said = (Message("illegal", OFF_BOARD_SQUARE if c.square else OFF_BOARD)
                    if c.off_board else Message("illegal", error=c.error))
            stuck = () if c.square or c.turn.shape != self.table.shape else self.stuck()
            return replace(said, more=stuck) if stuck else said
        if c.square:
            return Message("legal", Text("legal.square", {"cell": names(c.cells)}))
        return Message("legal", Text("legal", {"shape": c.turn.shape,
                                               "dig": Text(f"dig.{c.turn.dig}"),
                                               "cells": names(c.cells)}))

    def game_log(self, name: str | None = None) -> GameLog:
        """The game so far as a :class:`~paleowidgets.core.logs.GameLog`."""
        n = self.state.round
        return GameLog(self.document, tuple(self.rolls[:n]),
                       (PlayerLog(name or self.player or "Player 1", self.turns),))

    # -- actions: each returns whether the table changed --------------------------------------

    def roll_dice(self) -> bool:
        """Roll for the next round (the seeded roll of that round)."""
        tb = self.table
        if tb.roll is not None or tb.state.is_terminal:
            return False
        tb.roll = self.rolls[tb.state.round]
        tb.history.clear()
        tb.switch, tb.square_mode, tb.squares = frozenset(), False, frozenset()
        self._choose_default()
        self.note = None
        return True

    def select(self, shape: str | None = None, dig: str | None = None) -> bool:
        """Choose the shape and dig type among :meth:`choices`."""
        tb = self.table
        if tb.pending is not None:
            return False
        if shape is not None and any(s == shape for s, _ in self.choices()):
            tb.shape = shape
        if dig is not None:
            tb.dig = dig
        self._fix_choice()
        tb.square_mode = False
        self.note = None
        return True

    def set_switch(self, kind: str, on: bool) -> bool:
        """Spend (``on``) or keep a Switch Shape (``'shape'``) or Switch Dig (``'dig'``)."""
        tb = self.table
        if tb.pending is not None:
            return False
        tb.switch = tb.switch | {kind} if on else tb.switch - {kind}
        self._fix_choice()
        self.note = None
        return True

    def set_square_mode(self, on: bool) -> bool:
        tb = self.table
        if tb.pending is not None:
            return False
        tb.square_mode = on and self.squares_left() > 0
        self.note = None
        return True

    def rotate(self) -> bool:
        return self._turn_ghost(ROTATE)

    def flip(self) -> bool:
        return self._turn_ghost(FLIP)

    def _turn_ghost(self, by: Symmetry) -> bool:
        tb = self.table
        if tb.pending is not None:
            return False
        tb.orientation = by @ tb.orientation
        self.note = None
        return True

    def hover(self, cell: Cell | None) -> bool:
        """The pointer is over ``cell`` (None: off the grid)."""
        tb = self.table
        if cell == tb.anchor or tb.pending is not None:
            return False
        tb.anchor = cell
        self.note = None
        return True

    def move(self, dx: int, dy: int) -> bool:
        """Move the ghost by whole cells (arrow keys); it starts in the middle."""
        tb = self.table
        if tb.pending is not None:
            return False
        g = self.game
        if tb.anchor is None:
            tb.anchor = (g.width // 2, g.height // 2)
        else:
            x, y = tb.anchor
            tb.anchor = (min(max(x + dx, 0), g.width - 1), min(max(y + dy, 0), g.height - 1))
        self.note = None
        return True

    def click(self, cell: Cell | None) -> bool:
        """A press on ``cell``: draw there if the core allows it, else say why."""
        if cell is None or self.table.pending is not None:
            return False
        self.table.anchor = cell
        return self.place() or True

    def place(self) -> bool:
        """Draw the ghost's shape (or fill its One Square) if the core allows it, else say
        why. A shape covering stars that can give a choice of bonuses waits for
        :meth:`choose_stars`."""
        tb = self.table
        c = self.candidate()
        if c is None or tb.pending is not None:
            return False
        if not c.legal:
            self.note = self.verdict(c)
            return True
        if c.square:
            (cell,) = c.cells
            tb.history.append(tb.squares)
            tb.squares = tb.squares | c.cells
            tb.square_mode = tb.square_mode and self.squares_left() > 0
            self.note = Message("done", Text("square.drawn", {"cell": cell_name(cell)}))
            return True
        options = self.star_options(c)
        if len(options) > 1:
            tb.pending = c
            self.note = self._pending_message(c, len(options))
            return True
        ready = self._ready(c, options)
        if ready is not None:
            self._commit(*ready)      # the core's answer at the hover: no re-check
        else:
            self._apply(_with_stars(c.turn, options[0] if options else ()))
        return True

    def placing(self) -> tuple[Turn, State] | None:
        """What :meth:`place` would do now if it draws a shape at once, with the core's
        answer already at hand: the turn and the state after it; else None (nothing to
        place, an illegal ghost, a One Square, a choice of bonuses to wait for, or a turn
        still to check). A board can make its drawing of that state ahead of the press."""
        c = self.candidate()
        if c is None or self.table.pending is not None or not c.legal or c.square:
            return None
        return self._ready(c, self.star_options(c))

    @staticmethod
    def _ready(c: Candidate, options: list[tuple[str, ...]]) -> tuple[Turn, State] | None:
        """The turn and state the core gave ``c`` when it is what placing it draws: one
        bonus choice at most, and the one the candidate was checked with."""
        if c.after is None or len(options) > 1 or (options and options[0] != c.turn.stars):
            return None
        return c.turn, c.after

    def choose_stars(self, stars: Sequence[str]) -> bool:
        """Finish the pending placement with these bonuses for its stars."""
        tb = self.table
        if tb.pending is None:
            return False
        turn = _with_stars(tb.pending.turn, tuple(stars))
        tb.pending = None
        self._apply(turn)
        return True

    def pass_round(self) -> bool:
        """Pass (with this round's One-Square cells), if the core allows it."""
        tb = self.table
        if tb.roll is None or tb.pending is not None:
            return False
        self._apply(Turn.pass_(tb.squares))
        return True

    def play_turn(self, turn: Turn) -> bool:
        """Play a whole turn (a hint's, a replay's), rolling first when needed: checked by
        the core, drawn when legal, else refused with the core's reason (the message)."""
        tb = self.table
        if tb.state.is_terminal:
            return False
        self.roll_dice()
        tb.pending = None
        self._apply(turn)
        return True

    def cancel(self) -> bool:
        """Esc: drop the pending placement, else leave One Square, else hide the ghost."""
        tb = self.table
        if tb.pending is not None:
            tb.pending = None
        elif tb.square_mode:
            tb.square_mode = False
        else:
            tb.anchor = None
        self.note = None
        return True

    def undo(self) -> bool:
        """Take back the last action of the round in play: the bonus choice a placement
        waits for, else the last One Square filled. A turn drawn or passed ended its round
        and stays."""
        tb = self.table
        if tb.pending is not None:
            tb.pending = None
            self.note = Message("info", Text("undone.draw"))
        elif tb.history:
            taken = tb.squares - tb.history[-1]
            tb.squares = tb.history.pop()
            self.note = Message("info", Text("undone.square", {"cells": names(taken)}))
        else:
            self.note = Message("info", Text("undone.nothing"))
        return True

    def key(self, key: str, *, ctrl: bool = False, meta: bool = False) -> bool:
        """What a key pressed on the board does (:data:`KEYS`, the arrows, digits for the
        bonus of a star, Ctrl+Z); False when the key means nothing here."""
        tb = self.table
        if ctrl or meta:
            return self.undo() if key in ("z", "Z") else False
        if key in ARROWS:
            return self.move(*ARROWS[key])
        action = KEYS.get(key if len(key) > 1 else key.lower())
        if action == "place":
            if tb.roll is None:
                return self.roll_dice()
            if tb.anchor is None:
                self.move(0, 0)
            return self.place() or True
        if action is not None:
            done: bool = getattr(self, action)()
            return done
        if key.isdigit() and tb.pending is not None:
            options = self.star_options()
            if 1 <= int(key) <= len(options):
                return self.choose_stars(options[int(key) - 1])
        return False

    # -- inside ------------------------------------------------------------------------------

    def _pending_message(self, c: Candidate, options: int) -> Message:
        n = min(c.stars, self.state.star_capacity())
        return Message("info", Text("stars.pending", {
            "shape": c.turn.shape, "dig": Text(f"dig.with.{c.turn.dig}"),
            "cells": names(c.cells), "n": n, "options": options,
            "star": Text(f"star.{self.game.map.theme}"), "s": "" if c.stars == 1 else "s"}))

    def _apply(self, turn: Turn) -> None:
        """Check ``turn`` with the core and play it, or say why not."""
        tb = self.table
        assert tb.roll is not None
        try:
            after = tb.state.apply(tb.roll, turn)
        except IllegalTurnError as e:
            self.note = Message("illegal", error=e)
            return
        self._commit(turn, after)

    def _commit(self, turn: Turn, after: State) -> None:
        tb = self.table
        before, round_ = tb.state, tb.state.round + 1
        tb.state, tb.roll, tb.squares, tb.pending = after, None, frozenset(), None
        tb.turns.append(turn)
        tb.switch, tb.square_mode = frozenset(), False
        tb.history.clear()
        self.version += 1
        text, more = _done_text(turn, round_, self.game)
        self.note = Message("done", text, more=more, finds=finds(before, after))

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


# -- helpers ------------------------------------------------------------------------------------

def document_and_game(game: Game | Map | Puzzle) -> tuple[Map | Puzzle, Game]:
    if isinstance(game, Game):
        return game.map, game
    if isinstance(game, Puzzle):
        return game, Game.from_puzzle(game)
    return game, Game(game)


def all_rolls(game: Game, rolls: Sequence[Roll] | None,
              seed: int | str | None) -> tuple[tuple[Roll, ...], int | str | None]:
    """One roll per round: the given ones, then (when they run out) rolls from the seed,
    a fresh seed code when none is given; and the seed code used (None if none was)."""
    given = tuple(rolls or ())
    if len(given) >= game.rounds:
        return given[:game.rounds], None
    code = new_seed_code() if seed is None else seed
    return given + roll_sequence(code, game.rounds)[len(given):], code


def finds(before: State, after: State) -> tuple[Find, ...]:
    """The fossils ``after`` has dug up that ``before`` had not, in map order."""
    new = after.dug & ~before.dug
    return tuple(Find(f.id, f.points, f.bonus if after.same >> i & 1 else 0)
                 for i, f in enumerate(after.game.map.fossils) if new >> i & 1)


def _with_stars(turn: Turn, stars: tuple[str, ...]) -> Turn:
    assert turn.shape is not None and turn.dig is not None
    return Turn.draw(turn.shape, turn.dig, turn.cells, switch=turn.switch, stars=stars,
                     squares=turn.squares)


def _done_text(turn: Turn, round_: int, game: Game) -> tuple[Text, tuple[Text, ...]]:
    """What a turn did: one sentence, then one for each of its squares, switches, stars."""
    parts: dict[str, Any] = {"round": round_}
    if turn.passed:
        key = "passed"
    else:
        key = "drawn"
        parts.update(shape=turn.shape, dig=Text(f"dig.with.{turn.dig}"),
                     cells=names(turn.cells))
    extras = []
    if turn.squares:
        extras.append(Text("drawn.squares", {"cells": names(turn.squares)}))
    if turn.switch:
        extras.append(Text("drawn.switch", {"bonuses": tuple(
            Text(f"bonus.switch-{k}") for k in sorted(turn.switch, reverse=True))}))
    if turn.stars:
        extras.append(Text("drawn.stars", {"star": Text(f"star.{game.map.theme}"),
                                           "bonuses": tuple(Text(f"bonus.{k}")
                                                            for k in turn.stars)}))
    return Text(key, parts), tuple(extras)
