"""Step through a recorded game: buttons, a Play widget with speeds, a slider and keys.

Each step shows the state after that round (replayed by the core from the log), the
round's roll and turn in words, the score, and highlights the cells drawn that round
(an outline no dig type uses, :func:`~paleowidgets.widgets.board.highlight_items`); the
board is repainted in ONE canvas message per step. The Play widget's Stop button stops
where the replay is (ipywidgets' own Stop goes back to the first value). "Play on from
here" starts a :class:`~paleowidgets.widgets.play.PlayWidget` from the state shown.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from .. import i18n
from ..core.logs import GameLog
from ..core.rules import State
from ..render.style import document_title, sheet_labels
from ..render.svg import render_svg
from ._display import SvgFallback
from .board import BoardWidget, board_beside
from .events import classroom
from .play import PlayWidget, score_html
from .shared import looks
from .text import dice, language

SPEEDS = (("½×", 1600), ("1×", 800), ("2×", 400), ("4×", 200), ("8×", 100))
KEYS = {"ArrowLeft": -1, "ArrowRight": 1}


class ReplayWidget(SvgFallback, W.VBox):  # type: ignore[misc]
    """A game log, round by round, for one player (an index or a name), in ``lang`` (None:
    the language set in :mod:`paleowidgets.i18n`).

    >>> from paleowidgets.core.logs import GameLog, PlayerLog
    >>> from paleowidgets.core.maps import parse_document
    >>> from paleowidgets.core.rules import TINY
    >>> from paleowidgets.core.turns import Turn
    >>> turn = Turn.draw("I", "chevron", [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)])
    >>> log = GameLog(parse_document(TINY), ((1, 1),), (PlayerLog("Ada", (turn,)),))
    >>> ReplayWidget(log, round=1)
    <ReplayWidget Tiny quarry player Ada round 1/1 score 0>
    """

    def __init__(self, log: GameLog, *, player: int | str = 0, round: int = 0,
                 lang: str | None = None, cell_size: float = 48, **kwargs: Any) -> None:
        self.lang = language(lang)      # resolved once: the widget keeps its language
        names = [p.name for p in log.players]
        self.player = names.index(player) if isinstance(player, str) else player
        if not 0 <= self.player < len(names):
            raise ValueError(f"player {player!r} is not in this log (players: "
                             f"{', '.join(names)})")
        self.log_data = log
        self.states: list[State] = log.replay()[self.player]
        self.turns = log.players[self.player].turns
        self.last = len(log.rolls)
        self.round = max(0, min(round, self.last))
        self.cell_size = cell_size
        self.board = BoardWidget(self.states[self.round],
                                 turns=self.turns[:self.round], cell_size=cell_size,
                                 labels=sheet_labels(self.lang))
        self.branch: PlayWidget | None = None
        self._syncing = False
        self._build()
        super().__init__(classroom(self, self._children()), **kwargs)
        self.add_class("paleo-replay")
        self.board.on_key_down(self.key)
        self.show(self.round)

    @classmethod
    def from_code(cls, code: str, **kwargs: Any) -> ReplayWidget:
        """The game of a game code (``paleo code LOG``, :mod:`paleowidgets.core.codes`); a
        damaged code raises CodeError."""
        from ..core.codes import decode_log

        return cls(decode_log(code), **kwargs)

    def t(self, key: str, /, **fields: object) -> str:
        """The widget's text for ``key`` in its language."""
        return i18n.t(key, self.lang, **fields)

    # -- stepping ----------------------------------------------------------------------------

    def changed_cells(self, r: int) -> frozenset[tuple[int, int]]:
        """The cells drawn in round ``r`` (shape and One Squares): the highlight."""
        if r == 0:
            return frozenset()
        g = self.states[r].game
        return g.cells_of(self.states[r].drawn & ~self.states[r - 1].drawn)

    def show(self, r: int) -> None:
        """Show the state after ``r`` rounds: ONE canvas message, then the words."""
        r = max(0, min(r, self.last))
        self.round = r
        self.board.update(self.states[r], turns=self.turns[:r],
                          highlight=self.changed_cells(r))
        self._syncing = True
        try:
            self.slider.value = self.player_widget.value = r
        finally:
            self._syncing = False
        self.status.value = self._status_html()
        self.score_panel.value = score_html(self.states[r], self.states[r].game,
                                           lang=self.lang)
        self.first_button.disabled = self.prev_button.disabled = r == 0
        self.next_button.disabled = self.last_button.disabled = r == self.last

    def step(self, delta: int) -> None:
        self.show(self.round + delta)

    def key(self, key: str, shift: bool = False, ctrl: bool = False,
            meta: bool = False) -> None:
        if key in KEYS:
            self.step(KEYS[key])
        elif key == "Home":
            self.show(0)
        elif key == "End":
            self.show(self.last)

    def play_on(self, *, seed: int | str | None = None) -> PlayWidget:
        """A PlayWidget that starts from the round shown, with the log's rolls."""
        self.branch = PlayWidget.from_log(self.log_data, player=self.player, round=self.round,
                                          seed=seed, lang=self.lang,
                                          cell_size=self.cell_size)
        return self.branch

    # -- controls --------------------------------------------------------------------------

    def _build(self) -> None:
        def button(icon: str, key: str) -> W.Button:
            b = W.Button(icon=icon, tooltip=self.t(f"replay.{key}.tip"),
                         **looks(W.Button, width="3em"))
            b.add_class(f"paleo-{key}")
            return b

        self.first_button = button("fast-backward", "first")
        self.prev_button = button("step-backward", "prev")
        self.next_button = button("step-forward", "next")
        self.last_button = button("fast-forward", "last")
        self.player_widget = W.Play(value=self.round, min=0, max=self.last, step=1,
                                    interval=800, show_repeat=False)
        self.speed = W.Dropdown(options=SPEEDS, value=800, description=self.t("replay.speed"),
                                **looks(W.Dropdown, style={"description_width": "initial"},
                                        width="11em"))
        self.slider = W.IntSlider(value=self.round, min=0, max=self.last,
                                  description=self.t("replay.round"), continuous_update=True,
                                  **looks(W.IntSlider, flex="1 1 auto"))
        W.link((self.speed, "value"), (self.player_widget, "interval"))
        self.status = W.HTML(**looks(W.HTML))
        self.score_panel = W.HTML(**looks(W.HTML))
        self.play_on_button = W.Button(description=self.t("replay.play-on"),
                                       tooltip=self.t("replay.play-on.tip"), icon="play",
                                       **looks(W.Button, width="auto"))
        self.branch_box = W.VBox(**looks(W.VBox))
        self.first_button.on_click(lambda _: self.show(0))
        self.prev_button.on_click(lambda _: self.step(-1))
        self.next_button.on_click(lambda _: self.step(1))
        self.last_button.on_click(lambda _: self.show(self.last))
        self.slider.observe(self._on_slider, "value")
        self.player_widget.observe(self._on_play, "value")
        self.play_on_button.on_click(self._on_play_on)

    def _children(self) -> list[Any]:
        row = looks(W.HBox, flex_flow="row wrap", align_items="center")
        title = W.HTML(f"<b style='font-size:1.15em'>{html.escape(self._title())}</b> "
                       f"&nbsp;·&nbsp; {html.escape(self.t('replay.player', name=self._name()))}")
        keys = W.HTML(f"<small style='color:#666'>{html.escape(self.t('replay.keys'))}</small>")
        return [title,
                W.HBox([self.first_button, self.prev_button, self.next_button,
                        self.last_button, self.player_widget, self.speed, self.slider],
                       **row),
                self.status,
                board_beside(self.board, self.score_panel),
                W.HBox([self.play_on_button, keys], **row),
                self.branch_box]

    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] != self.round:
            self.show(int(change["new"]))

    def _on_play(self, change: dict[str, Any]) -> None:
        """The Play widget ticked, or its Stop button was pressed: ipywidgets' Stop pauses
        and then sets the value back to the minimum. A jump back to the minimum while not
        playing is that Stop: the replay stays on the round it shows."""
        if self._syncing:
            return
        new = int(change["new"])
        if new == self.player_widget.min and not self.player_widget.playing:
            self.show(self.round)         # puts the Play widget back on this round
        elif new != self.round:
            self.show(new)

    def _on_play_on(self, _: object) -> None:
        self.branch_box.children = (self.play_on(),)

    def _status_html(self) -> str:
        r = self.round
        if r == 0:
            text = self.t("replay.start")
        else:
            a, b = self.log_data.rolls[r - 1]
            text = self.t("replay.step", round=r, rounds=self.last, a=a, b=b,
                     turn=str(self.turns[r - 1]))
            text = f"{dice(a, b)}  {text}"
        score = self.t("replay.score", score=self.states[r].score().total)
        return (f"<div class='paleo-replay-status' style='font-size:1.05em'>"
                f"{html.escape(text)} &nbsp;·&nbsp; <b>{html.escape(score)}</b></div>")

    def _title(self, lang: str | None = None) -> str:
        """The puzzle's title or the map's name, in the widget's language (or ``lang``)."""
        return document_title(self.log_data.document, lang or self.lang)

    def _name(self) -> str:
        return self.log_data.players[self.player].name

    # -- notebook output ---------------------------------------------------------------

    def plain_text(self) -> str:
        return (f"<ReplayWidget {self._title('en')} player {self._name()} round "
                f"{self.round}/{self.last} score {self.states[self.round].score().total}>")

    def fallback_svg(self) -> str:
        r = self.round
        return str(render_svg(self.states[r], rolls=self.log_data.rolls[:r], turns=self.turns[:r],
                              title=self._title(), player=self._name(), lang=self.lang))
