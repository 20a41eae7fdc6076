"""A class game: many sheets on one roll sequence, a scoreboard, saved logs a teacher loads.

Each laptop runs its own kernel, so a class game is a *seed code*: the teacher posts it,
every student opens ``ClassGameWidget(snow_map, seed="TREX-4821", player="Ada")`` and
gets the same dice (:mod:`paleowidgets.core.dice`). With ``save_to="class"`` every turn is
saved at once to ``class/Ada.json`` (a game log that ``paleo score`` reads), written whole
or not at all; opening the widget again goes on from that file, so a restarted kernel
loses nothing. The teacher's notebook can seat several players at one screen
(``player=["Ada", "Bo"]``: buttons, or ``[`` and ``]`` on the board, switch sheets; small
boards side by side and the scoreboard follow every turn) and, at the end, gathers the
students' files with :func:`load_class_logs` into one scoreboard with every board.

The rules stay in the core: :class:`~paleowidgets.core.classgame.ClassGame` holds the
players' turns and scores, each sheet is a :class:`~paleowidgets.widgets.play.PlayWidget`.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> ClassGameWidget(parse_document(TINY), seed="trex-4821", player=["Ada", "Bo"])
<ClassGameWidget Tiny quarry seed TREX-4821: Ada 0 (round 0), Bo 0 (round 0)>
"""

from __future__ import annotations

import functools
import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as W

from .. import i18n
from ..core.atomic import write_atomically
from ..core.classgame import ClassGame, file_stem
from ..core.codes import CodeError, decode_log, encode
from ..core.dice import new_seed_code, roll_sequence
from ..core.errors import PaleoError
from ..core.geometry import Cell
from ..core.logs import GameLog, PlayerLog
from ..core.maps import Map, Puzzle
from ..core.rules import State
from ..core.turns import Turn
from ..render.style import document_title, sheet_labels
from ..render.svg import DISPLAY_WIDTH, SVG_NS, SvgDocument, render_svg
from ._display import SvgFallback
from .board import BoardWidget
from .events import classroom
from .play import PlayWidget, message_html
from .shared import looks
from .text import language, plural

SWITCH_KEYS = {"[": -1, "]": 1, "PageUp": -1, "PageDown": 1}


def log_file_name(player: str) -> str:
    """The file a player's log is saved to: ``log_file_name("Ada Lovelace") ==
    'Ada-Lovelace.json'`` (letters of any script kept, other characters made dashes)."""
    return f"{file_stem(player)}.json"


class ClassGameWidget(SvgFallback, W.VBox):  # type: ignore[misc]
    """One or more players' sheets on the rolls of one seed code (or a puzzle's rolls).

    ``player`` is a name, or several names for players sharing this screen. ``seed`` is
    the code the teacher posts (a fresh one when None). ``save_to`` is a folder where each
    player's log is saved after every turn and read back when the widget is opened again.
    """

    def __init__(self, document: Map | Puzzle, seed: int | str | None = None, *,
                 player: str | Sequence[str] = "", save_to: str | Path | None = None,
                 lang: str | None = None, cell_size: float = 44, thumb_size: float = 14,
                 **kwargs: Any) -> None:
        self.lang = language(lang)
        names = [player] if isinstance(player, str) else list(player)
        names = [n for n in names if n] or [self.t("replay.player", name=1)]
        if isinstance(document, Map) and seed is None:
            seed = new_seed_code()
        self.class_game = ClassGame(document, 0 if seed is None else seed, names)
        self.document = document
        self.folder = None if save_to is None else Path(save_to)
        self._resumed: list[tuple[Path, int]] = []
        self.plays: dict[str, PlayWidget] = {}
        self.thumbs: dict[str, BoardWidget] = {}
        self.captions: dict[str, W.HTML] = {}
        for name in names:
            state, turns = self._resume(name)
            self.plays[name] = self._play_widget(name, state, turns, cell_size)
            self.thumbs[name] = BoardWidget(state, turns=turns, cell_size=thumb_size,
                                            labels=sheet_labels(self.lang))
            self.captions[name] = W.HTML(**looks(W.HTML))
        self.current = names[0]
        self._build()
        super().__init__(classroom(self, self._children()), **kwargs)
        self.add_class("paleo-classgame")
        self._refresh()

    results: ClassResults | None        # the scoreboard of the last codes pasted

    def t(self, key: str, /, **fields: object) -> str:
        """The widget's text for ``key`` in its language."""
        return i18n.t(key, self.lang, **fields)

    @property
    def seed(self) -> int | str | None:
        """The seed code of the rolls (None for a puzzle: its rolls are fixed)."""
        return None if isinstance(self.document, Puzzle) else self.class_game.seed

    @property
    def players(self) -> tuple[str, ...]:
        return self.class_game.players

    @property
    def play(self) -> PlayWidget:
        """The sheet on show."""
        return self.plays[self.current]

    # -- players -----------------------------------------------------------------------

    def show(self, name: str) -> None:
        """Show ``name``'s sheet."""
        if name not in self.plays:
            raise ValueError(f"no player {name!r} in this class game (players: "
                             f"{', '.join(self.players)})")
        self.current = name
        self._refresh()

    def next_player(self, delta: int = 1) -> None:
        names = self.players
        self.show(names[(names.index(self.current) + delta) % len(names)])

    def key(self, key: str, shift: bool = False, ctrl: bool = False,
            meta: bool = False) -> None:
        """Keys on a sheet besides the game's own: ``[`` and ``]`` switch players."""
        if key in SWITCH_KEYS and len(self.players) > 1:
            self.next_player(SWITCH_KEYS[key])

    # -- logs --------------------------------------------------------------------------

    def player_log(self, name: str) -> GameLog:
        """``name``'s game so far as a log of its own (``paleo score`` reads it)."""
        turns = self.plays[name].turns
        return GameLog(self.document, self.class_game.rolls[:len(turns)],
                       (PlayerLog(name, turns),))

    def player_code(self, name: str | None = None) -> str:
        """``name``'s game so far (the sheet on show by default) as a code to hand in: the
        teacher pastes it into :func:`load_class_codes`."""
        return encode(self.player_log(self.current if name is None else name))

    def show_code(self) -> str:
        """The pupil's side of handing in (the button *My game code*): the sheet on show
        as a game code in the code box, to copy whole and hand to the teacher."""
        code = self.player_code()
        self.code_box.value = code
        self.code_row.layout.display = None
        return code

    def load_codes(self, codes: str | Sequence[str] | None = None) -> ClassResults | None:
        """The teacher's side (the box *Game codes* and its button): the pasted codes (the
        box's text by default), checked against this class game's dice, as a scoreboard
        under the box; a damaged code is left out with the reason in the widget's language.
        None when nothing was pasted."""
        text = self.codes_box.value if codes is None else codes
        if not split_codes(text):
            self.codes_result.value = message_html("illegal", self.t("class.codes.empty"))
            return None
        results = load_class_codes(text, seed=self.seed, lang=self.lang)
        self.codes_result.value = results._repr_html_()
        self.results = results
        return results

    def save(self, folder: str | Path | None = None) -> list[Path]:
        """Write every player's log to ``folder`` (``save_to`` by default), one file each,
        each written whole or not at all. Returns the paths."""
        target = Path(folder) if folder is not None else self.folder
        if target is None:
            raise ValueError("no folder to save to: give one, or save_to= when opening")
        return [self._write(target, name) for name in self.players]

    def _write(self, folder: Path, name: str) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / log_file_name(name)
        write_atomically(path, self.player_log(name).to_json().encode("utf-8"))
        return path

    def _resume(self, name: str) -> tuple[State, tuple[Turn, ...]]:
        """The player's saved game, replayed into the class game (the start when there is
        none). A file that does not fit this game is an error, never overwritten."""
        start = self.class_game.state(name)
        if self.folder is None or not (self.folder / log_file_name(name)).exists():
            return start, ()
        path = self.folder / log_file_name(name)
        log = GameLog.load(path)
        mismatch = _mismatch(log, self.document, self.class_game.rolls)
        problem = (self.t("class.problem.map") if mismatch == "map" else
                   self.t("class.problem.seed", seed=self.class_game.seed) if mismatch else
                   None if name in [p.name for p in log.players] else
                   f"it holds no player named {name!r}")
        if problem is not None:
            raise ValueError(f"{path}: cannot go on from this file: {problem} (move it away "
                             "or choose another folder)")
        turns = next(p.turns for p in log.players if p.name == name)
        for turn in turns:
            self.class_game.play(name, turn)
        self._resumed.append((path, len(turns)))
        return self.class_game.state(name), turns

    # -- keeping the class game in step with the sheets --------------------------------

    def _on_turn(self, play: PlayWidget) -> None:
        """A sheet's turns changed: the class game follows, and the small board, in the
        sheet's own canvas message."""
        name = play.player
        self._sync(name)
        self.thumbs[name].update(play.state, turns=play.turns)

    def _after_turn(self, play: PlayWidget) -> None:
        """Once the boards are sent: the scoreboard follows, the player's file is saved."""
        self._refresh_words()
        if self.folder is not None:
            try:
                self._write(self.folder, play.player)
            except OSError as e:      # the game goes on; the message says what failed
                self.message.value = message_html("illegal", f"{type(e).__name__}: {e}")

    def _sync(self, name: str) -> None:
        """Make the class game hold exactly the sheet's turns (undo back, play forward).
        The sheet's session checked its new turn: that state is taken as it is."""
        cg, play = self.class_game, self.plays[name]
        turns = play.turns
        while cg.state(name).round > len(turns):
            cg.undo(name)
        if cg.state(name).round == len(turns) - 1:
            cg.record(name, turns[-1], play.state)
        for turn in turns[cg.state(name).round:]:
            cg.play(name, turn)
        if cg.state(name) != play.state:     # a turn changed in place: start again
            while cg.state(name).round:
                cg.undo(name)
            for turn in turns:
                cg.play(name, turn)

    # -- controls ----------------------------------------------------------------------

    def _play_widget(self, name: str, state: State, turns: Sequence[Turn],
                     cell_size: float) -> PlayWidget:
        seed = None if isinstance(self.document, Puzzle) else self.class_game.seed
        play = PlayWidget(self.document, seed=seed, state=state, turns=turns, player=name,
                          lang=self.lang, cell_size=cell_size, save=False)   # saved here
        assert play.rolls == self.class_game.rolls[:len(play.rolls)]
        play.on_turn(self._on_turn)
        play.after_turn(self._after_turn)
        play.board.on_key_down(self.key)
        return play

    def _build(self) -> None:
        self.header = W.HTML(**looks(W.HTML))
        self.player_buttons = W.ToggleButtons(options=list(self.players), value=self.current,
                                              description=self.t("class.players"),
                                              tooltip=self.t("class.players.tip"),
                                              style={"button_width": "auto",
                                                     "description_width": "initial"})
        self.player_buttons.add_class("paleo-class-players")
        self.player_buttons.observe(self._on_player, "value")
        self.stage = W.Box()
        self.scoreboard = W.HTML(**looks(W.HTML))
        self.save_button = W.Button(description=self.t("class.save"),
                                    tooltip=self.t("class.save.tip"), icon="save",
                                    **looks(W.Button, width="auto"))
        self.save_button.add_class("paleo-class-save")
        self.save_button.on_click(lambda _: self._on_save())
        self.message = W.HTML(**looks(W.HTML))
        self.code_button = W.Button(description=self.t("class.code.show"),
                                    tooltip=self.t("class.code.show.tip"), icon="share-alt",
                                    **looks(W.Button, width="auto"))
        self.code_button.add_class("paleo-class-code-show")
        self.code_button.on_click(lambda _: self.show_code())
        self.code_box = W.Textarea(**looks(W.Textarea, width="100%", height="3.5em"))
        self.code_box.add_class("paleo-class-code")
        self.code_row = W.VBox([W.HTML(f"<small>{html.escape(self.t('class.code.hint'))}"
                                       "</small>", **looks(W.HTML)), self.code_box],
                               layout=W.Layout(display="none", width="100%"))
        self.codes_box = W.Textarea(placeholder=self.t("class.codes.placeholder"),
                                    **looks(W.Textarea, width="100%", height="5em"))
        self.codes_box.add_class("paleo-class-codes")
        self.codes_button = W.Button(description=self.t("class.codes.load"), icon="table",
                                     **looks(W.Button, width="auto"))
        self.codes_button.add_class("paleo-class-codes-load")
        self.codes_button.on_click(lambda _: self.load_codes())
        self.codes_result = W.HTML(**looks(W.HTML))
        self.codes_result.add_class("paleo-class-codes-result")
        self.results = None
        self.codes_panel = W.Accordion([W.VBox([self.codes_box, self.codes_button,
                                                self.codes_result],
                                                **looks(W.VBox))], selected_index=None)
        self.codes_panel.set_title(0, self.t("class.codes.paste"))
        self.codes_panel.add_class("paleo-class-codes-panel")
        boxes = []
        for name, thumb in self.thumbs.items():
            thumb.on_cell_click(self._shower(name))
            thumb.layout.max_width = "240px"
            boxes.append(W.VBox([self.captions[name], thumb],
                                **looks(W.VBox, width="240px", margin="0 10px 6px 0")))
        self.thumb_row = W.HBox(boxes, layout=W.Layout(flex_flow="row wrap"))
        several = len(self.players) > 1
        self.player_buttons.layout.display = None if several else "none"
        self.thumb_row.layout.display = None if several else "none"
        self.keys_help = W.HTML(f"<small style='color:#666'>"
                                f"{html.escape(self.t('class.keys'))}</small>")
        self.keys_help.layout.display = None if several else "none"
        self.message.value = message_html("done", " ".join(
            self.t("class.resumed", path=str(path), played=n) for path, n in self._resumed))

    def _shower(self, name: str) -> Callable[[Cell | None], None]:
        """A click on ``name``'s small board shows their sheet."""
        return lambda _cell: self.show(name)

    def _children(self) -> list[Any]:
        return [self.header, self.player_buttons, self.stage, self.scoreboard,
                self.thumb_row, W.HBox([self.save_button, self.code_button, self.message],
                                       **looks(W.HBox)),
                self.code_row, self.keys_help, self.codes_panel]

    def _on_player(self, change: dict[str, Any]) -> None:
        if change["new"] and change["new"] != self.current:
            self.show(change["new"])

    def _on_save(self) -> None:
        try:
            paths = self.save(self.folder or Path("."))
        except OSError as e:
            self.message.value = message_html("illegal", f"{type(e).__name__}: {e}")
            return
        self.message.value = message_html("done", self.t(
            "class.saved", paths=", ".join(str(p) for p in paths)))

    def _refresh(self) -> None:
        if self.stage.children != (self.play,):
            self.stage.children = (self.play,)
        if self.player_buttons.value != self.current:
            self.player_buttons.value = self.current
        self._refresh_words()

    def _refresh_words(self) -> None:
        title = document_title(self.document, self.lang)
        source = (self.t("class.rolls.fixed") if self.seed is None
                  else self.t("class.seed", seed=self.seed))
        self.header.value = (f"<b style='font-size:1.15em'>{html.escape(self.t('class.title'))}"
                             f" · {html.escape(title)}</b><br><span class='paleo-class-seed'>"
                             f"{html.escape(source)}</span>")
        rounds = self.class_game.game.rounds
        self.scoreboard.value = scoreboard_html(
            [(n, s.score().total, s.round) for n, s in self._finals()], rounds,
            lang=self.lang, current=self.current)
        for name, play in self.plays.items():
            marker = "▶ " if name == self.current else ""
            caption = self.t("class.board.caption", name=name, score=play.state.score().total,
                             played=play.state.round, rounds=rounds)
            self.captions[name].value = (f"<small class='paleo-class-caption'>"
                                         f"{html.escape(marker + caption)}</small>")

    def _finals(self) -> list[tuple[str, State]]:
        return [(n, self.class_game.state(n)) for n in self.players]

    # -- notebook output ---------------------------------------------------------------

    def plain_text(self) -> str:
        title = document_title(self.document, "en")
        seed = "fixed rolls" if self.seed is None else f"seed {self.seed}"
        rows = ", ".join(f"{n} {s.score().total} (round {s.round})" for n, s in self._finals())
        return f"<ClassGameWidget {title} {seed}: {rows}>"

    def fallback_svg(self) -> str:
        sheets = [render_svg(play.state, rolls=self.class_game.rolls[:play.state.round],
                             turns=play.turns, player=name, lang=self.lang, cell_size=24)
                  for name, play in self.plays.items()]
        return side_by_side(sheets)


# -- the scoreboard ------------------------------------------------------------------------

def scoreboard_html(rows: Sequence[tuple[str, int, int]], rounds: int, *,
                    lang: str | None = None, current: str | None = None) -> str:
    """A table of (name, score, rounds played), best first; the best are marked in words
    ("★ leading", or "★ winner" once every sheet is finished), not by colour alone."""
    def t(key: str, /, **fields: object) -> str:
        return i18n.t(key, lang, **fields)

    ordered = sorted(rows, key=lambda r: -r[1])
    best = max((r[1] for r in ordered), default=0)
    done = bool(ordered) and all(r[2] >= rounds for r in ordered)
    body = []
    place = 0
    for i, (name, score, played) in enumerate(ordered):
        if i == 0 or score != ordered[i - 1][1]:
            place = i + 1             # equal scores share a place
        mark = t("class.winner" if done else "class.leading") if score == best and (
            done or best > 0) else ""
        style = " style='font-weight:bold'" if name == current else ""
        body.append(f"<tr class='paleo-class-row'{style}><td>{place}</td>"
                    f"<td>{'▶ ' if name == current else ''}{html.escape(name)}</td>"
                    f"<td style='text-align:right'>{score}</td>"
                    f"<td>{html.escape(t('class.rounds.value', played=played, rounds=rounds))}"
                    f"</td><td>{html.escape(mark)}</td></tr>")
    head = "".join(f"<th style='text-align:left;padding-right:1em'>{html.escape(t(k))}</th>"
                   for k in ("class.rank", "class.name", "class.score", "class.rounds"))
    return (f"<div class='paleo-scoreboard'><b>{html.escape(t('class.scoreboard'))}</b>"
            f"<table style='border-collapse:collapse'><tr>{head}<th></th></tr>"
            f"{''.join(body)}</table></div>")


def side_by_side(svgs: Sequence[str], gap: float = 12,
                 max_width: float = DISPLAY_WIDTH) -> SvgDocument:
    """Several SVG pictures in one, left to right in rows at most ``max_width`` pixels wide
    (a notebook without a kernel shows all the sheets of a class game; a sheet wider than
    that has a row of its own, so it is shown nearly at its size rather than all of them
    shrunk into one row).

    >>> svg = side_by_side(['<svg width="300" height="20"/>'] * 3)   # two in a row, then one
    >>> svg.count("<svg"), 'width="612" height="52"' in svg
    (4, True)
    """
    ET.register_namespace("", SVG_NS)
    parts = [ET.fromstring(s) for s in svgs]
    x = y = width = row_height = 0.0
    for part in parts:
        w, h = float(part.get("width", "0")), float(part.get("height", "0"))
        if x and x + w > max_width:                     # the next row
            x, y, row_height = 0.0, y + row_height + gap, 0.0
        part.set("x", f"{x:g}")
        part.set("y", f"{y:g}")
        width, row_height = max(width, x + w), max(row_height, h)
        x += w + gap
    height = y + row_height
    root = ET.Element(f"{{{SVG_NS}}}svg", {"version": "1.1", "width": f"{width:g}",
                                          "height": f"{height:g}",
                                          "viewBox": f"0 0 {width:g} {height:g}"})
    root.extend(parts)
    return SvgDocument(ET.tostring(root, encoding="unicode"))


# -- the teacher's side: the students' saved logs ------------------------------------------

@dataclass
class ClassResults:
    """The logs of a class, checked: the same map and the same dice for everybody.

    ``players`` holds (name, log, index of the player in that log); ``problems`` says in
    words why a file was left out."""

    players: list[tuple[str, GameLog, int]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    folder: str = ""
    lang: str = "en"

    def states(self) -> list[tuple[str, State]]:
        return [(name, log.replay()[i][-1]) for name, log, i in self.players]

    def scoreboard(self) -> list[tuple[str, int, int]]:
        """(name, score, rounds played), best first; equal scores keep the files' order."""
        rows = [(n, s.score().total, s.round) for n, s in self.states()]
        return sorted(rows, key=lambda r: -r[1])

    def board(self, name: str, *, cell_size: float = 20) -> SvgDocument:
        """``name``'s sheet as SVG."""
        for n, log, i in self.players:
            if n == name:
                return render_svg(log, player=i, cell_size=cell_size, lang=self.lang)
        raise ValueError(f"no player {name!r} in these results")

    def __repr__(self) -> str:
        rows = ", ".join(f"{n} {s}" for n, s, _ in self.scoreboard())
        return f"<ClassResults {len(self.players)} players: {rows}; {len(self.problems)} left out>"

    def _repr_html_(self) -> str:
        t = i18n.t
        if not self.players and not self.problems:
            return f"<p>{html.escape(t('class.results.none', self.lang, folder=self.folder))}</p>"
        rounds = max((log.game.rounds for _, log, _ in self.players), default=0)
        n = len(self.players)
        parts = [f"<b style='font-size:1.15em'>"
                 f"{html.escape(t('class.results', self.lang, n=n, s=plural(n)))}</b>"]
        parts += [f"<p class='paleo-class-problem'>⚠ {html.escape(p)}</p>"
                  for p in self.problems]
        parts.append(scoreboard_html(self.scoreboard(), rounds, lang=self.lang))
        boards = "".join(f"<figure style='margin:0 12px 12px 0'>{self.board(name)}"
                         f"<figcaption>{html.escape(name)}: {score}</figcaption></figure>"
                         for name, score, _ in self.scoreboard())
        parts.append(f"<div style='display:flex;flex-wrap:wrap'>{boards}</div>")
        return "".join(parts)


def load_class_logs(folder: str | Path, *, seed: int | str | None = None,
                    lang: str | None = None) -> ClassResults:
    """Every game log (``*.json``) in ``folder``, checked and gathered for a scoreboard.

    A file is left out, with the reason in words, when it cannot be read, was played on
    another map than the first good file, or has other dice: not those of ``seed`` when it
    is given, else not a start of the longest log's rolls. A player name seen twice keeps
    its first file."""
    base = Path(folder)
    sources = [(path.name, functools.partial(GameLog.load, path))
               for path in sorted(base.glob("*.json"))]
    return _gather(sources, ClassResults(folder=str(base), lang=language(lang)), seed)


def load_class_codes(codes: str | Sequence[str], *, seed: int | str | None = None,
                     lang: str | None = None) -> ClassResults:
    """The pupils' game codes (``ClassGameWidget.player_code``, ``paleo code LOG``), pasted
    by the teacher, checked and gathered for a scoreboard as :func:`load_class_logs` does
    with files. ``codes`` is a list, or one text with the codes separated by spaces or
    lines (a code broken over lines is joined again). A damaged code is left out with the
    reason, never read as another game."""
    code = language(lang)
    results = ClassResults(folder=i18n.t("class.codes", code), lang=code)
    sources = [(i18n.t("class.code", code, n=i + 1), functools.partial(_game_of_code, c))
               for i, c in enumerate(split_codes(codes))]
    return _gather(sources, results, seed)


def _game_of_code(code: str) -> GameLog:
    """The game of a code; a code whose checksum holds but whose game breaks the rules or
    the format is a CodeError too (``why`` "content"), so a reader can say it in words."""
    try:
        return decode_log(code)
    except CodeError:
        raise
    except PaleoError as e:
        raise CodeError(str(e), "content") from e


def split_codes(codes: str | Sequence[str]) -> list[str]:
    """The codes in a pasted text: each starts with its prefix (``G1-``); a piece that
    does not is the rest of the code before it, broken over lines.

    >>> split_codes("G1-abc G1-de\\nf  ")
    ['G1-abc', 'G1-def']
    """
    pieces = codes.split() if isinstance(codes, str) else [p for c in codes for p in c.split()]
    out: list[str] = []
    for piece in pieces:
        if out and not CODE_START.match(piece):
            out[-1] += piece
        else:
            out.append(piece)
    return out


CODE_START = re.compile(r"[A-Z][0-9]-")


def _gather(sources: Sequence[tuple[str, Callable[[], GameLog]]], results: ClassResults,
            seed: int | str | None) -> ClassResults:
    """The logs of ``sources`` (a label and a loader each) on one scoreboard."""
    code = results.lang
    logs: list[tuple[str, GameLog]] = []
    for label, load in sources:
        try:
            logs.append((label, load()))
        except CodeError as e:          # in the reader's words: the English says more
            results.problems.append(i18n.t("class.problem", code, file=label,
                                           reason=i18n.t(f"class.problem.{e.why}", code)))
        except (PaleoError, OSError, ValueError) as e:
            results.problems.append(i18n.t("class.problem", code, file=label, reason=str(e)))
    if not logs:
        return results
    document = logs[0][1].document
    rolls = (tuple(document.rolls) if isinstance(document, Puzzle) else
             roll_sequence(seed, _rounds(document)) if seed is not None else
             max((log.rolls for _, log in logs if log.document == document), key=len))
    for label, log in logs:
        problem = _mismatch(log, document, rolls)
        if problem == "map":
            reason = i18n.t("class.problem.map", code)
        elif problem is not None:
            reason = (i18n.t("class.problem.seed", code, seed=seed) if seed is not None
                      else i18n.t("class.problem.dice", code))
        else:
            reason = ""
        if reason:
            results.problems.append(i18n.t("class.problem", code, file=label, reason=reason))
            continue
        for i, p in enumerate(log.players):
            if p.name in [n for n, _, _ in results.players]:
                results.problems.append(i18n.t("class.problem", code, file=label,
                                               reason=i18n.t("class.problem.name", code,
                                                             name=p.name)))
                continue
            results.players.append((p.name, log, i))
    return results


def _rounds(document: Map | Puzzle) -> int:
    return len(document.rolls) if isinstance(document, Puzzle) else document.rounds


def _mismatch(log: GameLog, document: Map | Puzzle,
              rolls: Sequence[tuple[int, int]]) -> str | None:
    """Why ``log`` is not a game of this class (``'map'`` or ``'dice'``), or None."""
    if log.document != document:
        return "map"
    if tuple(log.rolls) != tuple(rolls[:len(log.rolls)]):
        return "dice"
    return None
