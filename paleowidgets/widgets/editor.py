"""The puzzle studio: draw a map, set the rolls, prove, grade, try and save a puzzle.

:class:`PuzzleEditor` shows a :class:`~paleowidgets.core.drafts.Draft` on the game's own
board (:class:`~paleowidgets.widgets.board.BoardWidget`) and changes it cell by cell:

- **Paint** with the mouse (press, or drag across cells), a finger, or the keys: the
  arrows move a cursor, Space or Enter paints the cell under it, ``.`` ``#`` ``*`` choose
  open, already drawn and star, a letter A-Z chooses that fossil and paints, Backspace or
  Delete opens the cell again.
- **Check** at every stroke: each broken map rule is outlined on the board and said in
  words beside it (fossil on the edge, side by side, disconnected, ring already closed,
  a fossil that can never be dug up), with its rule id.
- **Prove** runs the exact solver with a progress bar; **Stop** ends it and keeps the best
  line, marked not proven. **Grade** gives the tier and its reasons, **Try** opens the
  puzzle in a :class:`~paleowidgets.widgets.puzzle.PuzzleWidget`, **Save** writes a TOML
  file (with the proven solution: ``paleo puzzles verify`` accepts it), **Open** loads any
  map or puzzle to edit, **Code** gives the puzzle's sharing code.

The widget holds no rules: the checks are the map reader's (core/maps.py), the proof the
solver's, the grade the grader's.

>>> PuzzleEditor(width=6, height=6)
<PuzzleEditor 6x6, 0 fossils, 0 rolls: 1 problem>
"""

from __future__ import annotations

import html
import random
import threading
from pathlib import Path
from typing import Any

import ipywidgets as W

from .. import i18n
from ..core.atomic import write_atomically
from ..core.codes import encode
from ..core.drafts import Draft, FossilInfo, Problem, RollsError, parse_rolls, rolls_text
from ..core.errors import PaleoError
from ..core.files import load_file
from ..core.geometry import LETTERS, Cell, cell_name
from ..core.maps import DIFFICULTIES, Dice, Map, Puzzle
from ..core.rules import Game
from ..core.terms import BONUS_KINDS, DIG_TYPES, THEMES
from ..core.writer import document_toml
from ..render.style import sheet_labels
from ..render.svg import render_svg
from ..solver.exact import Solution, solve
from ..solver.grading import Grade, grade
from ._display import SvgFallback
from .board import BoardWidget, Ghost, board_beside, canvas_batch
from .events import classroom
from .shared import looks
from .solving import SolveProgress
from .text import language

__all__ = ["PuzzleEditor"]

FOSSIL_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


class PuzzleEditor(SvgFallback, W.VBox):  # type: ignore[misc]
    """An editor for a new puzzle (``width`` x ``height``), or for the map or puzzle given
    (a Map, a Puzzle, or the path of a file). ``time_limit`` bounds Prove (seconds)."""

    def __init__(self, source: Map | Puzzle | str | Path | None = None, *, width: int = 8,
                 height: int = 8, lang: str | None = None, cell_size: float = 40,
                 time_limit: float = 60.0, **kwargs: Any) -> None:
        self.lang = language(lang)
        self.cell_size = cell_size
        self.time_limit = time_limit
        self.draft = Draft(width, height)
        self.brush = "A"
        self.cursor: Cell = (0, 0)
        self.solution: Solution | None = None     # the last Prove (proven or not)
        self.last_grade: Grade | None = None
        self.tried: Any = None                    # the PuzzleWidget of the last Try
        self._version = 0                         # bumped by every change of the draft
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._dragging = False
        self._syncing = False
        self._build()
        super().__init__(classroom(self, self._children()), **kwargs)
        self.add_class("paleo-editor")
        if source is not None:
            self.load(source)
        else:
            self._changed()

    def t(self, key: str, /, **fields: object) -> str:
        return i18n.t(key, self.lang, **fields)

    # -- the draft -----------------------------------------------------------------------

    def problems(self) -> list[Problem]:
        """What keeps the draft from being a puzzle (empty: it is one)."""
        return self.draft.problems()

    def puzzle(self) -> Puzzle:
        """The draft as a puzzle, read as a file is (raises PaleoError if it is not one)."""
        doc = self.draft.document()
        if not isinstance(doc, Puzzle):
            raise PaleoError("the draft has no rolls: it is a map, not a puzzle")
        return doc

    def paint(self, cell: Cell | None, brush: str | None = None) -> bool:
        """Paint ``cell`` with ``brush`` (the chosen brush by default)."""
        if cell is None:
            return False
        self.cursor = cell
        if self.draft.paint(cell, self.brush if brush is None else brush):
            self._changed()
            return True
        self._show_board()
        return False

    def set_brush(self, brush: str) -> None:
        """``"."`` open, ``"#"`` already drawn, ``"*"`` star, ``"A"``-``"Z"`` a fossil."""
        self.brush = brush
        self._sync_fields()

    def key(self, key: str, shift: bool = False, ctrl: bool = False,
            meta: bool = False) -> None:
        """The board's keys (see the module docstring)."""
        if ctrl or meta:
            return
        if key in ARROWS:
            dx, dy = ARROWS[key]
            x, y = self.cursor
            self.cursor = (min(max(x + dx, 0), self.draft.width - 1),
                           min(max(y + dy, 0), self.draft.height - 1))
            self._show_board()
        elif key in (" ", "Enter"):
            self.paint(self.cursor)
        elif key in (".", "#", "*"):
            self.set_brush(key)
        elif len(key) == 1 and key.upper() in FOSSIL_LETTERS:
            self.set_brush(key.upper())
            self.paint(self.cursor)
        elif key in ("Backspace", "Delete"):
            self.paint(self.cursor, ".")

    def set_rolls(self, rolls: str | list[tuple[int, int]]) -> None:
        """The puzzle's rolls: a list of pairs, or typed like ``"25 14 63"``."""
        self.draft.rolls = parse_rolls(rolls) if isinstance(rolls, str) else list(rolls)
        self._changed()

    def roll(self, n: int | None = None, *, seed: int | str | None = None) -> None:
        """Roll ``n`` pairs of dice (the count field's value by default)."""
        rng = random.Random(seed)
        count = self.roll_count.value if n is None else n
        self.set_rolls([(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(count)])

    def resize(self, width: int, height: int) -> None:
        self.draft.resize(width, height)
        self.cursor = (min(self.cursor[0], width - 1), min(self.cursor[1], height - 1))
        self._new_board()
        self._changed()

    # -- prove, grade, try, save, open ---------------------------------------------------

    def prove(self, *, wait: bool = True) -> Solution | None:
        """Run the exact solver on the puzzle, with the progress bar. ``wait=False`` runs it
        in a thread (the notebook stays free; Stop ends it). A proven optimum becomes the
        draft's optimum and solution; a stopped one is kept, marked not proven."""
        try:
            puzzle = self.puzzle()
        except PaleoError as e:
            self._say("warning", self.t("editor.prove.cannot", reason=self._why_not(e)))
            return None
        self._stop.clear()
        version = self._version
        self.progress.layout.display = None
        self.stop_button.disabled = False
        self.prove_button.disabled = True

        def report(nodes: int, best: int) -> None:
            if self._stop.is_set():
                raise KeyboardInterrupt     # the solver keeps its best line, not proven
            self.progress.update(nodes, best)

        def run() -> Solution:
            try:
                found = solve(puzzle, time_limit=self.time_limit, progress=report)
            finally:
                self.stop_button.disabled = True
                self.prove_button.disabled = False
            self.progress.finish(found)
            self._proved(found, version)
            return found

        self._say("info", self.t("editor.prove.running"))
        if wait:
            return run()
        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()
        return None

    def stop(self) -> None:
        """Stop a running Prove: the best line found is kept, marked not proven."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> Solution | None:
        """Wait for a Prove started with ``wait=False``; its solution."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.solution

    def grade(self) -> Grade | None:
        """The tier and its reasons (needs a proven optimum: Prove first)."""
        if self.solution is None or not self.solution.proven or not self.draft.solution:
            self._say("warning", self.t("editor.grade.unproven"))
            return None
        g = grade(self.puzzle(), self.solution)
        self.last_grade = g
        self.draft.difficulty = g.tier
        self._sync_fields()
        self._say("ok", self.t("editor.grade.done", tier=self.t(f"puzzle.tier.{g.tier}"),
                               points=g.points, reasons=grade_reasons(g, self.lang)))
        return g

    def try_it(self) -> Any:
        """Open the puzzle in a PuzzleWidget below the editor."""
        from .puzzle import PuzzleWidget

        try:
            puzzle = self.puzzle()
        except PaleoError as e:
            self._say("warning", self.t("editor.try.cannot", reason=self._why_not(e)))
            return None
        self.tried = PuzzleWidget(puzzle, self.lang, cell_size=self.cell_size)
        self.try_box.children = (self.tried,)
        return self.tried

    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the puzzle (or map) to ``path`` (the path field by default), whole or not
        at all. With a proven optimum it is a finished puzzle; without, a draft."""
        target = Path(path if path is not None else self.path_field.value.strip())
        if not target.name or target.suffix.lower() != ".toml":
            self._say("warning", self.t("editor.save.suffix", path=str(target)))
            return None
        try:
            doc = self.draft.document()
            write_atomically(target, document_toml(doc).encode("utf-8"))
        except (PaleoError, OSError) as e:
            self._say("warning", self.t("editor.save.cannot", path=str(target),
                                        reason=self._why_not(e)))
            return None
        self.path_field.value = str(target)
        key = ("editor.save.done" if isinstance(doc, Puzzle) and not doc.is_draft
               else "editor.save.draft")
        self._say("ok", self.t(key, path=str(target)))
        return target

    def load(self, source: Map | Puzzle | str | Path | None = None) -> bool:
        """Open a map or puzzle to edit (a document, or a file: the path field by default).
        Named ``load``: ``open`` is the widget's own (it opens the comm to the browser)."""
        if source is None:
            source = self.path_field.value.strip()
        if isinstance(source, (str, Path)):
            try:
                doc = load_file(source)
            except (PaleoError, OSError) as e:
                self._say("warning", self.t("editor.open.cannot", reason=_reason(e)))
                return False
            if not isinstance(doc, (Map, Puzzle)):
                self._say("warning", self.t("editor.open.log", path=str(source)))
                return False
            self.path_field.value = str(source)
        else:
            doc = source
        size = (self.draft.width, self.draft.height)
        self.draft = Draft.of(doc)
        self._version += 1                  # a Prove still running was for another draft
        self.solution = None
        self.cursor = (min(self.cursor[0], self.draft.width - 1),
                       min(self.cursor[1], self.draft.height - 1))
        if size != (self.draft.width, self.draft.height):
            self._new_board()               # a canvas of another size
        self._changed(keep_proof=True)
        self._say("info", self.t("editor.open.done", name=self.draft.name))
        return True

    def code(self) -> str | None:
        """The sharing code of the draft (``paleo decode`` turns it back into the file)."""
        try:
            text = encode(self.draft.document())
        except PaleoError as e:
            self._say("warning", self.t("editor.code.cannot", reason=self._why_not(e)))
            return None
        self.code_field.value = text
        return text

    # -- keeping the view in step ----------------------------------------------------------

    def _proved(self, found: Solution, version: int) -> None:
        self.solution = found
        if version != self._version:            # the draft changed while proving
            self._say("warning", self.t("editor.prove.stale"))
            return
        if found.proven:
            self.draft.optimum, self.draft.solution = found.optimum, found.turns
            self._say("ok", self.t("editor.prove.proven", optimum=found.optimum,
                                   nodes=f"{found.nodes:,}", seconds=f"{found.seconds:.1f}"))
        else:
            self._say("warning", self.t("editor.prove.unproven", best=found.optimum))
        self._sync_fields()

    def _changed(self, *, keep_proof: bool = False) -> None:
        """The draft changed: check it again, redraw, forget an old proof."""
        if not keep_proof:
            self._version += 1
            self.draft.changed()
            if self.solution is not None:   # "Proven: ... Save keeps it" is no longer true
                self.status.value = ""
            self.solution = None
        self._sync_fields()
        self._show_board()

    def _state(self) -> Any:
        d = self.draft
        return Game(d.game_map(clipped=True), rounds=max(1, len(d.rolls))).initial_state()

    def _new_board(self) -> None:
        self.board = BoardWidget(self._state(), cell_size=self.cell_size,
                                 labels=sheet_labels(self.lang), touch=False)
        self.board.on_cell_click(self._press)
        self.board.on_cell_hover(self._drag)
        self.board.on_mouse_up(lambda x, y: self._release())
        self.board.on_mouse_out(lambda x, y: self._release())
        self.board.on_touch_start(self._touch)
        self.board.on_touch_move(self._touch)
        self.board.on_key_down(self.key)
        self.board_box.children = (board_beside(self.board, self.side),)

    def _press(self, cell: Cell | None) -> None:
        self._dragging = cell is not None
        self.paint(cell)

    def _drag(self, cell: Cell | None) -> None:
        if self._dragging and cell is not None and cell != self.cursor:
            self.paint(cell)

    def _release(self) -> None:
        self._dragging = False

    def _touch(self, touches: list[tuple[float, float]]) -> None:
        for x, y in touches:
            self.paint(self.board.cell_at(x, y))

    def _show_board(self) -> None:
        problems = self.problems()
        marked = frozenset(c for p in problems for c in p.cells if self._inside(c))
        cursor = Ghost(frozenset({self.cursor}), legal=True, dig=None)
        with canvas_batch():
            self.board.update(self._state(), ghost=cursor, highlight=marked)
            self.board.redraw()        # the static layer: fossils and stars as drawn now
        self.problem_list.value = self._problems_html(problems)

    def _inside(self, c: Cell) -> bool:
        return 0 <= c[0] < self.draft.width and 0 <= c[1] < self.draft.height

    def _problems_html(self, problems: list[Problem]) -> str:
        if not problems:
            return f"<p class='paleo-editor-ok'>✔ {html.escape(self.t('editor.ok'))}</p>"
        items = "".join(
            f"<li class='paleo-editor-problem' data-rule='{p.rule}'>"
            f"{html.escape(self._problem_words(p))} <code>[{p.rule}]</code></li>"
            for p in problems)
        return f"<ul style='margin:4px 0;padding-left:1.2em'>{items}</ul>"

    def _problem_words(self, p: Problem) -> str:
        cells = [cell_name(c) for c in sorted(p.cells, key=lambda c: (c[1], c[0]))]
        key = f"editor.rule.{p.rule}"
        if p.reason in ("stars", "square"):      # why a fossil can never be dug up
            key += ".squares" if p.reason == "square" and p.limit else f".{p.reason}"
        if key in i18n.catalog(self.lang):
            return self.t(key, fossil=p.fossil, cell=cells[0] if cells else "",
                          cells=", ".join(cells), limit=p.limit)
        return p.message

    def _why_not(self, e: BaseException) -> str:
        """Why the draft is not a puzzle, in the editor's words: its first problem (the
        reader's own words, in English, only for what the editor has no words for)."""
        problems = self.problems() if isinstance(e, PaleoError) else []
        return self._problem_words(problems[0]) if problems else _reason(e)

    def _say(self, kind: str, text: str) -> None:
        colour = {"ok": "#1b7837", "warning": "#b35806", "info": "#333"}.get(kind, "#333")
        self.status.value = f"<p style='color:{colour};margin:4px 0'>{html.escape(text)}</p>"

    # -- controls --------------------------------------------------------------------------

    def _build(self) -> None:
        t = self.t
        text = W.Layout(width="auto")
        self.brushes = W.ToggleButtons(
            options=[(t("editor.brush.open"), "."), (t("editor.brush.drawn"), "#"),
                     (t("editor.brush.star"), "*"), (t("editor.brush.fossil"), "A")],
            value="A", style={"button_width": "auto"})
        self.letter = W.Dropdown(options=list(FOSSIL_LETTERS), value="A",
                                 description=t("editor.fossil"),
                                 **looks(W.Dropdown, style={"description_width": "5em"},
                                         width="12em"))
        self.fossil_name = W.Text(description=t("editor.fossil.name"), layout=text)
        self.fossil_points = W.BoundedIntText(value=2, min=0, max=999,
                                              description=t("editor.fossil.points"),
                                              **looks(W.BoundedIntText, width="11em"))
        self.fossil_bonus = W.BoundedIntText(value=1, min=0, max=999,
                                             description=t("editor.fossil.bonus"),
                                             **looks(W.BoundedIntText, width="11em"))
        self.problem_list = W.HTML(**looks(W.HTML))
        self.side = W.VBox([W.HTML(f"<b>{html.escape(t('editor.problems'))}</b>", **looks(W.HTML)),
                            self.problem_list], **looks(W.VBox))
        self.map_name = W.Text(description=t("editor.map.name"), layout=text)
        self.theme = W.Dropdown(options=[(t(f"editor.theme.{th}"), th) for th in THEMES],
                                description=t("editor.map.theme"))
        self.width_field = W.BoundedIntText(min=5, max=26, description=t("editor.map.width"),
                                            **looks(W.BoundedIntText, width="11em"))
        self.height_field = W.BoundedIntText(min=5, max=99, description=t("editor.map.height"),
                                             **looks(W.BoundedIntText, width="11em"))
        self.resize_button = W.Button(description=t("editor.map.resize"), **looks(W.Button))
        self.title = W.Text(description=t("editor.puzzle.title"), layout=text)
        self.story = W.Textarea(description=t("editor.puzzle.story"),
                                **looks(W.Textarea, width="auto", height="4em"))
        self.difficulty = W.Dropdown(options=[("—", ""), *[(t(f"puzzle.tier.{d}"), d)
                                                           for d in DIFFICULTIES]],
                                     description=t("editor.puzzle.tier"))
        self.rolls_field = W.Text(description=t("editor.puzzle.rolls"),
                                  placeholder="25 14 63", layout=text)
        self.roll_count = W.BoundedIntText(value=3, min=1, max=20,
                                           description=t("editor.puzzle.count"),
                                           **looks(W.BoundedIntText, width="11em"))
        self.roll_button = W.Button(description=t("editor.puzzle.roll"), icon="dice",
                                    **looks(W.Button))
        self.bonus_fields = [W.BoundedIntText(min=0, max=20, description=t(f"bonus.{kind}"),
                                              **looks(W.BoundedIntText, width="auto", style={
                                                  "description_width": "initial"}))
                             for kind in BONUS_KINDS]
        self.own_dice = W.Checkbox(description=t("editor.dice.own"), indent=False)
        self.dice_shapes = W.Text(description=t("editor.dice.shapes"),
                                  placeholder="IX TU VW FP LY NZ", layout=text,
                                  style={"description_width": "initial"})
        self.dice_digs = W.Text(description=t("editor.dice.digs"),
                                placeholder=" ".join(dig_words(self.lang)[d] for d in
                                                     Dice().digs), layout=text,
                                style={"description_width": "initial"})
        self.prove_button = W.Button(description=t("editor.prove"), button_style="primary")
        self.stop_button = W.Button(description=t("editor.stop"), disabled=True, **looks(W.Button))
        self.grade_button = W.Button(description=t("editor.grade"), **looks(W.Button))
        self.try_button = W.Button(description=t("editor.try"), **looks(W.Button))
        self.path_field = W.Text(description=t("editor.path"), placeholder="my-puzzle.toml",
                                 layout=text)
        self.save_button = W.Button(description=t("editor.save"), **looks(W.Button))
        self.open_button = W.Button(description=t("editor.open"), **looks(W.Button))
        self.code_button = W.Button(description=t("editor.code"), **looks(W.Button))
        self.code_field = W.Textarea(**looks(W.Textarea, width="100%", height="3em"))
        self.progress = SolveProgress(time_limit=self.time_limit, lang=self.lang)
        self.progress.layout.display = "none"
        self.status = W.HTML(**looks(W.HTML))
        self.try_box = W.VBox(**looks(W.VBox))
        self.board_box = W.VBox(**looks(W.VBox))
        self._new_board()
        self._wire()

    def _wire(self) -> None:
        def on(widget: W.Widget, handler: Any) -> None:
            widget.observe(lambda change: None if self._syncing else handler(change["new"]),
                           "value")

        on(self.brushes, lambda v: self.set_brush(self.letter.value if v == "A" else v))
        on(self.letter, lambda v: self.set_brush(v))
        on(self.fossil_name, lambda v: self._fossil(keep_proof=True, name=v))
        on(self.fossil_points, lambda v: self._fossil(points=v))
        on(self.fossil_bonus, lambda v: self._fossil(bonus=v))
        on(self.map_name, lambda v: self._set(keep_proof=True, name=v))
        on(self.theme, lambda v: self._set(keep_proof=True, theme=v))
        on(self.title, lambda v: self._set(keep_proof=True, title=v))
        on(self.story, lambda v: self._set(keep_proof=True, story=v))
        on(self.difficulty, lambda v: self._set(keep_proof=True, difficulty=v))
        on(self.rolls_field, self._typed_rolls)
        for i, f in enumerate(self.bonus_fields):
            on(f, lambda v, i=i: self._bonus(i, v))
        on(self.own_dice, lambda v: self._dice())
        on(self.dice_shapes, lambda v: self._dice())
        on(self.dice_digs, lambda v: self._dice())
        self.resize_button.on_click(lambda _: self._resize())
        self.roll_button.on_click(lambda _: self.roll())
        self.prove_button.on_click(lambda _: self.prove(wait=False))
        self.stop_button.on_click(lambda _: self.stop())
        self.grade_button.on_click(lambda _: self.grade())
        self.try_button.on_click(lambda _: self.try_it())
        self.save_button.on_click(lambda _: self.save())
        self.open_button.on_click(lambda _: self.load())
        self.code_button.on_click(lambda _: self.code())

    def _children(self) -> list[Any]:
        t = self.t
        paint = W.VBox([W.HBox([self.brushes, self.letter], **looks(W.HBox)),
                        W.HBox([self.fossil_name, self.fossil_points, self.fossil_bonus],
                               **looks(W.HBox))],
                        **looks(W.VBox))
        map_box = W.VBox([W.HBox([self.map_name, self.theme], **looks(W.HBox)),
                          W.HBox([self.width_field, self.height_field, self.resize_button],
                                 **looks(W.HBox))],
                          **looks(W.VBox))
        puzzle_box = W.VBox([W.HBox([self.title, self.difficulty], **looks(W.HBox)), self.story,
                             W.HBox([self.rolls_field, self.roll_count, self.roll_button],
                                    **looks(W.HBox)),
                             W.HBox(self.bonus_fields[:2], **looks(W.HBox)),
                             W.HBox(self.bonus_fields[2:], **looks(W.HBox)),
                             self.own_dice, self.dice_shapes, self.dice_digs], **looks(W.VBox))
        tabs = W.Tab([paint, map_box, puzzle_box])
        for i, key in enumerate(("editor.tab.paint", "editor.tab.map", "editor.tab.puzzle")):
            tabs.set_title(i, t(key))
        actions = W.HBox([self.prove_button, self.stop_button, self.grade_button,
                          self.try_button], **looks(W.HBox))
        files = W.HBox([self.path_field, self.save_button, self.open_button, self.code_button],
                       **looks(W.HBox))
        return [self.board_box, tabs, actions, self.progress, self.status, files,
                self.code_field, self.try_box]

    def _sync_fields(self) -> None:
        """Show the draft in the fields (without their handlers firing)."""
        d = self.draft
        self._syncing = True
        try:
            fossil = self.brush if self.brush.isalpha() else self.letter.value
            self.brushes.value = "A" if self.brush.isalpha() else self.brush
            self.letter.value = fossil
            info = d.fossils.get(fossil, FossilInfo())
            self.fossil_name.value, self.fossil_points.value = info.name, info.points
            self.fossil_bonus.value = info.bonus
            self.map_name.value, self.theme.value = d.name, d.theme
            self.width_field.value, self.height_field.value = d.width, d.height
            self.title.value, self.story.value = d.title, d.story
            self.difficulty.value = d.difficulty
            if parse_rolls_or_none(self.rolls_field.value) != d.rolls:
                self.rolls_field.value = rolls_text(d.rolls)
            for f, n in zip(self.bonus_fields, d.bonuses, strict=True):
                f.value = n
            own = not d.dice.is_default()
            self.own_dice.value = own or self.own_dice.value
            if own or not self.dice_shapes.value:
                self.dice_shapes.value = " ".join("".join(d.dice.shapes_of(k))
                                                  for k in range(1, 7))
                words = dig_words(self.lang)
                self.dice_digs.value = " ".join(words[d.dice.dig_of(k)] for k in range(1, 7))
        finally:
            self._syncing = False

    def _fossil(self, *, keep_proof: bool = False, **change: Any) -> None:
        """A fossil's name (the proof holds), points or bonus (it does not) changed."""
        letter = self.letter.value
        info = self.draft.fossils.setdefault(letter, FossilInfo())
        for k, v in change.items():
            setattr(info, k, v)
        self._changed(keep_proof=keep_proof)

    def _set(self, *, keep_proof: bool = False, **change: Any) -> None:
        """Words (names, title, story, tier, theme) change no score: the proof holds."""
        for k, v in change.items():
            setattr(self.draft, k, v)
        self._changed(keep_proof=keep_proof)

    def _bonus(self, i: int, n: int) -> None:
        held = list(self.draft.bonuses)
        held[i] = n
        self.draft.bonuses = (held[0], held[1], held[2], held[3])
        self._changed()

    def _typed_rolls(self, text: str) -> None:
        try:
            rolls = parse_rolls(text)
        except RollsError as e:
            self._say("warning", self.t(f"editor.rolls.{e.kind}", **e.fields))
            return
        self.draft.rolls = rolls
        self._changed()

    def _dice(self) -> None:
        if not self.own_dice.value:
            self.draft.dice = Dice()
            self._changed()
            return
        try:
            self.draft.dice = parse_dice(self.dice_shapes.value, self.dice_digs.value,
                                         self.lang)
        except ValueError as e:
            self._say("warning", str(e))
            return
        self._changed()

    def _resize(self) -> None:
        try:
            self.resize(self.width_field.value, self.height_field.value)
        except ValueError as e:
            self._say("warning", str(e))

    # -- notebook output ---------------------------------------------------------------

    def plain_text(self) -> str:
        d = self.draft
        n = len(self.problems())
        return (f"<PuzzleEditor {d.width}x{d.height}, {len(d.fossil_ids())} fossils, "
                f"{len(d.rolls)} rolls: {n} problem{'' if n == 1 else 's'}>")

    def fallback_svg(self) -> str:
        return str(render_svg(self._state(), labels=sheet_labels(self.lang)))


def grade_reasons(g: Grade, lang: str) -> str:
    """The grade's reasons in ``lang``: each kind's points and the measure behind them.

    >>> g = Grade("beginner", 1, optimum=5, nodes=9, seconds=0.1, rounds=2, greedy=3,
    ...           open_cells=35, parts=(("depth", 0), ("breadth", 0), ("effort", 0),
    ...                                 ("trap", 1)))
    >>> grade_reasons(g, "en").split("; ")
    ['depth +0 (rounds: 2)', 'breadth +0 (open cells: 35)', 'effort +0 (solver nodes: 9)', \
'trap +1 (greedy scores 3 of 5)']
    """
    measures = {"rounds": g.rounds, "cells": g.open_cells, "nodes": f"{g.nodes:,}",
                "greedy": g.greedy, "optimum": g.optimum}
    return i18n.t("editor.grade.reasons", lang, **{
        kind: i18n.t(f"editor.grade.{kind}", lang, points=points, **measures)
        for kind, points in g.parts})


def parse_rolls_or_none(text: str) -> list[tuple[int, int]] | None:
    try:
        return parse_rolls(text)
    except ValueError:
        return None


def dig_words(lang: str) -> dict[str, str]:
    """The short word of each dig type on the dig die's line, in ``lang``: ``c d h`` in
    English, ``c p h`` in French (chevrons, pois, hachures), V자 점 빗금 in Korean."""
    return {d: i18n.t(f"editor.dice.dig.{d}", lang) for d in DIG_TYPES}


def parse_dice(shapes: str, digs: str, lang: str = "en") -> Dice:
    """Dice tables typed as six groups of shapes and six dig types: a dig type by its
    short word or the start of its name, in ``lang`` or in English (the files' words).

    >>> parse_dice("IX TU VW FP LY NZ", "c c d d h h") == Dice()
    True
    >>> parse_dice("IX TU VW FP LY NZ", "chevrons c pois p hach h", "fr") == Dice()
    True
    """
    faces = shapes.upper().split()
    if len(faces) != 6 or not all(f and all(s in LETTERS for s in f) for f in faces):
        raise ValueError(i18n.t("editor.dice.bad-shapes", lang, letters=" ".join(LETTERS)))
    names = {d: {d, i18n.t(f"dig.{d}", lang).casefold(), dig_words(lang)[d].casefold()}
             for d in DIG_TYPES}
    found = []
    for token in digs.casefold().split():
        kinds = [d for d in DIG_TYPES if any(n.startswith(token) for n in names[d])]
        found.append(kinds[0] if len(kinds) == 1 else None)
    if len(found) != 6 or None in found:
        example = " ".join(dig_words(lang)[d] for d in Dice().digs)
        raise ValueError(i18n.t("editor.dice.bad-digs", lang, example=example, digs=", ".join(
            i18n.t(f"dig.{d}", lang) for d in DIG_TYPES)))
    return Dice(tuple(tuple(dict.fromkeys(f)) for f in faces),
                tuple(d for d in found if d is not None))


def _reason(e: BaseException) -> str:
    return getattr(e, "message", None) or str(e)
