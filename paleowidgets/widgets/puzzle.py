"""A fixed-dice puzzle to solve: play its rolls, climb a ladder of hints, check, reveal.

:class:`PuzzleWidget` is a :class:`~paleowidgets.widgets.play.PlayWidget` on the puzzle's
fixed rolls with four more buttons:

- **Hint** (key H on the board) climbs the hint ladder of the solver
  (:func:`~paleowidgets.solver.analysis.hint_ladder`) one rung per press, for the round in
  play: a legal turn, then a turn that closes in on a fossil, then a best turn and the
  score it keeps reachable. Each hint is said in words and its cells are outlined on the
  board. The best turn is searched with a time limit, and the hint says when the search
  was cut before it could prove its answer.
- **Check**, once every round is played: your score against the puzzle's proven optimum.
- **Reveal**: the puzzle's stored solution, round by round, in a
  :class:`~paleowidgets.widgets.replay.ReplayWidget`.
- **Start again**: a fresh sheet (the hints count starts again too).

The widget holds no rules: hints and optimum come from the solver, everything else from
the play widget and the core.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> two = parse_document(TINY + '[puzzle]\\ntitle = "Two rolls"\\nrolls = [[2, 5], [1, 4]]\\n')
>>> PuzzleWidget(two)
<PuzzleWidget Two rolls round 0/2 score 0 hints 0>
"""

from __future__ import annotations

import html
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as W

from .. import i18n
from ..core.files import find_file, load_file
from ..core.logs import GameLog, PlayerLog
from ..core.maps import Puzzle, Roll
from ..core.rules import State
from ..core.turns import Turn
from ..render.style import document_title
from ..solver.analysis import Hint, hint_ladder
from ..solver.exact import solve
from ._display import SvgFallback
from .analysis import turn_words
from .events import classroom
from .play import PlayWidget, keys_html, message_html
from .replay import ReplayWidget
from .shared import looks
from .text import fossil_name, language

__all__ = ["RUNGS", "TIERS", "PuzzleWidget", "load_puzzle"]

RUNGS = ("legal", "enclosure", "optimal")
CUT = 0.95    # a search that used this share of its time limit was cut by it
TIERS = ("beginner", "intermediate", "advanced", "expert")


def load_puzzle(puzzle_or_path: Puzzle | str | Path) -> Puzzle:
    """A puzzle, or the puzzle in a TOML file (read and checked: its solution replayed).
    A relative path is also looked for above the working directory and in the repository
    (:func:`~paleowidgets.core.files.find_file`): ``puzzles/...`` works from ``lessons/``."""
    if isinstance(puzzle_or_path, Puzzle):
        return puzzle_or_path
    doc = load_file(find_file(puzzle_or_path))
    if not isinstance(doc, Puzzle):
        raise ValueError(f"{puzzle_or_path}: not a puzzle (no [puzzle] table with rolls)")
    return doc


@dataclass(frozen=True)
class Optimum:
    """The best score of the puzzle, whether it is proven, and a line that reaches it."""

    value: int
    proven: bool
    line: tuple[Turn, ...]


class PuzzleWidget(SvgFallback, W.VBox):  # type: ignore[misc]
    """A puzzle (or the path of a puzzle file) to play, with hints, a check and the answer.

    ``time_limit`` (seconds) bounds each search for a best turn, and for the optimum of a
    draft puzzle (one without a stored solution).
    """

    def __init__(self, puzzle_or_path: Puzzle | str | Path, lang: str | None = None, *,
                 time_limit: float = 5.0, player: str = "", cell_size: float = 48,
                 save: bool | str | Path | None = None, **kwargs: Any) -> None:
        self.puzzle = load_puzzle(puzzle_or_path)
        self.save = save
        self.lang = language(lang)
        self.time_limit = time_limit
        self.player = player
        self.cell_size = cell_size
        self.hints_used = 0
        self.rung = 0                        # rungs climbed this round
        self.hints: list[Hint] = []          # the hints shown this round
        self.hint_cells: frozenset[tuple[int, int]] = frozenset()
        self._hint_round = 0
        self._quick: tuple[Hint, ...] | None = None     # legal and enclosure rungs
        self._optimum: Optimum | None = None
        self._cut = False                    # the last best-turn search hit its time limit
        self.replay: ReplayWidget | None = None
        self._build()
        self.play = self._new_play(resume=True)
        super().__init__(classroom(self, self._children()), **kwargs)
        self.add_class("paleo-puzzle")
        self._sync()

    @classmethod
    def from_code(cls, code: str, lang: str | None = None, **kwargs: Any) -> PuzzleWidget:
        """The puzzle of a code (``paleo code``, :mod:`paleowidgets.core.codes`); a damaged
        code raises CodeError, a code of a map or a game ValueError."""
        from ..core.codes import decode_document

        doc = decode_document(code)
        if not isinstance(doc, Puzzle):
            raise ValueError("this code holds a map, not a puzzle (no rolls to play)")
        return cls(doc, lang, **kwargs)

    # -- the puzzle ------------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.play.state

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return self.puzzle.rolls

    def optimum(self) -> Optimum:
        """The puzzle's stored optimum and solution; a draft's is searched (time-limited)."""
        if self._optimum is None:
            p = self.puzzle
            if not p.is_draft and p.optimum is not None:
                self._optimum = Optimum(p.optimum, True, tuple(p.solution))
            else:
                found = solve(p, time_limit=self.time_limit)
                self._optimum = Optimum(found.optimum, found.proven, found.turns)
        return self._optimum

    # -- hints -----------------------------------------------------------------------------

    def hint(self) -> Hint | None:
        """Show the next rung of this round's hint ladder (None: no rung left, or the
        puzzle is over). The best turn, the last rung, is searched here, at most
        ``time_limit`` seconds."""
        self._sync()
        s = self.state
        if s.is_terminal:
            self._say_hint("info", i18n.t("puzzle.hint.over", self.lang))
            return None
        if self.rung >= len(RUNGS):
            self._say_hint("info", i18n.t("puzzle.hint.done", self.lang))
            return None
        roll = self.play.roll or self.rolls[s.round]
        level = RUNGS[self.rung]
        if level == "optimal":
            self._say_hint("info", i18n.t("puzzle.hint.searching", self.lang,
                                          seconds=_seconds(self.time_limit)))
            start = time.monotonic()
            ladder = hint_ladder(s, roll, future_rolls=self.rolls[s.round + 1:],
                                 time_limit=self.time_limit)
            self._cut = time.monotonic() - start >= CUT * self.time_limit
        else:
            if self._quick is None:
                self._quick = hint_ladder(s, roll, future_rolls=None, time_limit=self.time_limit)
            ladder = self._quick
        self.rung += 1
        self.hints_used += 1
        found = next((h for h in ladder if h.level == level), None)
        if found is None:     # no turn advances a ring this round: that is the hint
            self._say_hint("done", i18n.t("puzzle.hint.no-enclosure", self.lang))
            return None
        self.hints.append(found)
        self.show_hint_cells(found.turn.cells | found.turn.squares)
        self._say_hint("done", self.hint_text(found))
        return found

    def hint_text(self, h: Hint) -> str:
        """A rung of the ladder in words."""
        lang, words = self.lang, turn_words(h.turn, self.lang)
        if h.level == "legal":
            return i18n.t("puzzle.hint.legal", lang, turn=words)
        if h.level == "enclosure":
            return i18n.t("puzzle.hint.enclosure", lang, turn=words,
                          fossil=self._fossil_name(h.fossil))
        text = i18n.t("puzzle.hint.optimal", lang, turn=words, value=h.value)
        bound = getattr(h, "bound", None)
        if bound is not None and h.value is not None and bound > h.value:
            # The search was cut: the bracket the best lies in, never the one number alone.
            text += " " + i18n.t("puzzle.hint.bracket", lang,
                                 seconds=_seconds(self.time_limit), value=h.value, bound=bound)
        elif not hint_proven(h, self._cut):
            text += " " + i18n.t("puzzle.hint.unproven", lang, seconds=_seconds(self.time_limit))
        return text

    def show_hint_cells(self, cells: frozenset[tuple[int, int]]) -> None:
        """Outline ``cells`` on the board (one canvas message; the play's ghost stays)."""
        self.hint_cells = frozenset(cells)
        self.play.board.update(highlight=self.hint_cells)

    def _fossil_name(self, fossil_id: str | None) -> str:
        return "?" if fossil_id is None else fossil_name(self.puzzle.map, fossil_id, self.lang)

    # -- check and reveal ------------------------------------------------------------------

    def check(self) -> str:
        """Your score against the optimum, in words (shown under the buttons)."""
        s, lang = self.state, self.lang
        if not s.is_terminal:
            left = s.game.rounds - s.round
            text = i18n.t("puzzle.check.early", lang, rounds=s.game.rounds, left=left)
            self._say_check("info", text)
            return text
        score, best = s.score().total, self.optimum()
        key = "puzzle.check.best" if score >= best.value else "puzzle.check.short"
        if not best.proven:
            key += ".unproven"
        short = best.value - score
        text = i18n.t(key, lang, score=score, optimum=best.value, short=short,
                      s="" if short == 1 else "s")
        text += " " + i18n.t("puzzle.check.hints", lang, n=self.hints_used)
        self._say_check("done" if score >= best.value else "illegal", text)
        return text

    def reveal(self) -> ReplayWidget:
        """A replay of a line that reaches the optimum (the puzzle's stored solution)."""
        best = self.optimum()
        name = i18n.t("puzzle.solution", self.lang)
        log = GameLog(self.puzzle, self.rolls, (PlayerLog(name, best.line),))
        self.replay = ReplayWidget(log, lang=self.lang, cell_size=self.cell_size)
        key = "puzzle.reveal.title" if best.proven else "puzzle.reveal.title.unproven"
        title = W.HTML(f"<b class='paleo-reveal-title'>"
                       f"{html.escape(i18n.t(key, self.lang, optimum=best.value))}</b>",
                       **looks(W.HTML))
        self.reveal_box.children = (title, self.replay)
        return self.replay

    def restart(self) -> None:
        """A fresh sheet on the same rolls; the hints and the answer shown go too (the new
        game is saved in place of the old one from its first turn)."""
        self.play = self._new_play(resume=False)
        self.hints_used = 0
        self.rung, self.hints, self.hint_cells, self._quick = 0, [], frozenset(), None
        self._hint_round = 0
        self.hint_html.value = self.check_html.value = ""
        self.reveal_box.children = ()
        self.replay = None
        self.children = classroom(self, self._children())
        self._sync()

    # -- keeping hints to their round ------------------------------------------------------

    def _new_play(self, *, resume: bool) -> PlayWidget:
        play = PlayWidget(self.puzzle, lang=self.lang, player=self.player,
                          cell_size=self.cell_size, save=self.save, resume=resume)
        play.before_redraw(lambda _: self._sync())
        play.board.on_key_down(self.key)
        keys = f"{i18n.t('keys', self.lang)} · {i18n.t('puzzle.key.hint', self.lang)}"
        play.keys_help.value = keys_html(keys, i18n.t("keys.touch", self.lang))
        return play

    def _sync(self) -> None:
        """Before every redraw of the play: a new round drops the last round's hints (and
        their outline, inside the play's own canvas message); the buttons follow the state."""
        s = self.state
        if s.round != self._hint_round:
            self._hint_round = s.round
            self.rung, self.hints, self._quick = 0, [], None
            if self.hint_cells:
                self.show_hint_cells(frozenset())
            self.hint_html.value = ""
        self.hint_button.disabled = s.is_terminal
        self.check_button.disabled = not s.is_terminal

    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """H on the board asks for a hint (the play widget's keys are left alone)."""
        if key in ("h", "H") and not (ctrl or meta):
            self.hint()

    # -- controls --------------------------------------------------------------------------

    def _build(self) -> None:
        lang = self.lang

        def button(name: str, icon: str, style: str = "") -> W.Button:
            b = W.Button(description=i18n.t(f"puzzle.{name}", lang),
                         tooltip=i18n.t(f"puzzle.{name}.tip", lang), icon=icon,
                         button_style=style, **looks(W.Button, width="auto"))
            b.add_class(f"paleo-puzzle-{name}")
            return b

        self.hint_button = button("hint", "lightbulb-o", "info")
        self.check_button = button("check", "check")
        self.reveal_button = button("reveal", "eye")
        self.restart_button = button("restart", "refresh")
        self.hint_button.on_click(lambda _: self.hint())
        self.check_button.on_click(lambda _: self.check())
        self.reveal_button.on_click(lambda _: self.reveal())
        self.restart_button.on_click(lambda _: self.restart())
        self.intro = W.HTML(self._intro_html(), **looks(W.HTML))
        self.hint_html = W.HTML(**looks(W.HTML, min_height="1.6em"))
        self.check_html = W.HTML(**looks(W.HTML))
        self.reveal_box = W.VBox(**looks(W.VBox))

    def _children(self) -> list[Any]:
        row = looks(W.HBox, flex_flow="row wrap", align_items="center")
        return [self.intro, self.play,
                W.HBox([self.hint_button, self.check_button, self.reveal_button,
                        self.restart_button], **row),
                self.hint_html, self.check_html, self.reveal_box]

    def _intro_html(self) -> str:
        p, lang = self.puzzle, self.lang
        parts = [i18n.t("puzzle.intro", lang, rounds=len(p.rolls))]
        if p.difficulty:
            tier = i18n.t(f"puzzle.tier.{p.difficulty}", lang) if p.difficulty in TIERS \
                else p.difficulty
            parts.insert(0, i18n.t("puzzle.tier", lang, tier=tier))
        if p.is_draft:
            parts.append(i18n.t("puzzle.draft", lang, seconds=_seconds(self.time_limit)))
        text = p.story_in(lang)
        story = f"<div><i>{html.escape(text)}</i></div>" if text else ""
        return (f"<div class='paleo-puzzle-intro'>{story}"
                f"<div>{html.escape(' · '.join(parts))}</div></div>")

    def _say_hint(self, kind: str, text: str) -> None:
        self.hint_html.value = message_html(kind, text)

    def _say_check(self, kind: str, text: str) -> None:
        self.check_html.value = message_html(kind, text)

    # -- notebook output -----------------------------------------------------------------

    def plain_text(self) -> str:
        s = self.state
        title = document_title(self.puzzle, "en")
        return (f"<PuzzleWidget {title} round {s.round}/{s.game.rounds} "
                f"score {s.score().total} hints {self.hints_used}>")

    def fallback_svg(self) -> str:
        return self.play.fallback_svg()


def hint_proven(h: Hint, cut: bool) -> bool:
    """Whether an optimal hint's value is proven. A Hint has no flag for it (yet): a
    search that ran for (nearly) its whole time limit was cut, one that ended sooner
    finished its proof. ``cut`` is that measurement; a ``proven`` attribute wins."""
    flag = getattr(h, "proven", None)
    return bool(flag) if flag is not None else not cut


def _seconds(limit: float) -> str:
    return f"{limit:g}"

