"""The enclosure inspector: pick a fossil, see its ring cells drawn or missing, its diagonal
neighbours (not needed), a flood fill step by step that shows where a gap lets it leak out,
and whether the same-dig-type bonus holds, and why not.

The widget holds no rules: :func:`paleowidgets.core.enclosure.enclosure` answers every
question, :mod:`paleowidgets.render.enclosure` draws the answer (the same marks on the
canvas and in the SVG) and words it in the language chosen. The board is the game's
:class:`~paleowidgets.widgets.board.BoardWidget` with the inspector's marks on its top
layer; each change (a step, another fossil) repaints that layer only, in ONE canvas
message.

Mouse: click a fossil to inspect it. Keys on the board: → or Space one step on, ← one
step back, Home back to the start, End the whole fill, ↑ ↓ the previous or next fossil, a
fossil's letter that fossil.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> EnclosureWidget(parse_document(TINY), fossil="B", lang="en")
<EnclosureWidget Tiny quarry fossil B step 0/9 ring 0/4>
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import ipywidgets as W

from .. import i18n
from ..core.enclosure import Enclosure, enclosure, fossil_index
from ..core.geometry import Cell
from ..core.maps import Map, Puzzle
from ..core.rules import State
from ..core.turns import Turn
from ..render import style as st
from ..render.canvas import BoardPlan
from ..render.enclosure import describe, overlay, render_enclosure
from ..render.primitives import Item
from ..render.sheet import sheet_of
from ..render.style import fossil_name
from ._display import SvgFallback
from .board import BoardWidget, Ghost, board_beside, canvas_batch
from .events import classroom
from .shared import looks

Layer = Callable[[BoardPlan], tuple[Item, ...]]
STEP_KEYS = {"ArrowRight": 1, " ": 1, "Spacebar": 1, "ArrowLeft": -1, "Backspace": -1}
FOSSIL_KEYS = {"ArrowDown": 1, "ArrowUp": -1}


def _nothing(plan: BoardPlan) -> tuple[Item, ...]:
    return ()


class LayeredBoard(BoardWidget):
    """A board with one more set of marks on its top layer, above the ghost and the
    highlight: ``layer(plan)`` gives them for the board's plan, so they are painted
    again with everything else whenever a browser connects."""

    def __init__(self, state: State, *, layer: Layer = _nothing, **kwargs: Any) -> None:
        self.layer = layer
        self.extra: tuple[Item, ...] = ()
        super().__init__(state, **kwargs)

    def overlay_of(self, plan: BoardPlan, ghost: Ghost | None,
                highlight: frozenset[Cell]) -> tuple[Item, ...]:
        self.extra = self.layer(plan)
        return (*super().overlay_of(plan, ghost, highlight), *self.extra)

    def show_layer(self, layer: Layer) -> bool:
        """Show ``layer``'s marks, in one canvas message; False when they are those shown."""
        self.layer = layer
        if layer(self.plan) == self.extra:
            return False
        with canvas_batch():
            self._compose(self.plan, self.ghost, self.highlight, [])
        return True


class EnclosureWidget(SvgFallback, W.VBox):  # type: ignore[misc]
    """The enclosure inspector on one sheet. ``source`` is a State (``turns``, when given,
    outline each shape), or a Map or Puzzle played through ``turns``. ``fossil`` is the
    fossil shown first (the first by default), ``step`` the step of its fill; ``lang``
    the language of every word (``"en"``, ``"fr"``, ``"ko"``; the one set in
    :mod:`paleowidgets.i18n` by default)."""

    def __init__(self, source: State | Map | Puzzle, *, fossil: str | None = None,
                 step: int = 0, turns: Sequence[Turn] = (), lang: str | None = None,
                 cell_size: float = 48, **kwargs: Any) -> None:
        self.lang = i18n.get_language() if lang is None else i18n.normalize(lang)
        state = source if isinstance(source, State) else sheet_of(source, turns=turns).state
        fossils = state.game.map.fossils
        if not fossils:
            raise ValueError(f"{state.game.map.name!r} has no fossil to inspect")
        self.state = state
        self.turns: tuple[Turn, ...] = tuple(turns)
        self.theme = state.game.map.theme
        self.fossil = fossils[fossil_index(state, fossil or fossils[0].id)].id
        self._enclosures: dict[str, Enclosure] = {}
        self.step = max(0, min(step, self.enclosure.steps))
        self.board = LayeredBoard(state, turns=self.turns, cell_size=cell_size,
                                  labels=st.sheet_labels(self.lang), layer=self._layer())
        self._build()
        super().__init__(classroom(self, self._children()), **kwargs)
        self.add_class("paleo-enclosure")
        self.board.on_key_down(self.key)
        self.board.on_cell_click(self.click)
        self._refresh()

    # -- the model ---------------------------------------------------------------------------

    @property
    def enclosure(self) -> Enclosure:
        """The core's enclosure of the fossil shown (computed once per fossil)."""
        if self.fossil not in self._enclosures:
            self._enclosures[self.fossil] = enclosure(self.state, self.fossil)
        return self._enclosures[self.fossil]

    @property
    def fossil_ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.state.game.map.fossils)

    def sentences(self) -> tuple[tuple[str, str], ...]:
        """What the panel says, as (topic, sentence) pairs."""
        return describe(self.enclosure, self.step, theme=self.theme, lang=self.lang)

    # -- actions -----------------------------------------------------------------------------

    def pick(self, fossil: str) -> None:
        """Inspect another fossil, from step 0."""
        fid = self.fossil_ids[fossil_index(self.state, fossil)]
        if fid == self.fossil:
            return
        self.fossil, self.step = fid, 0
        self._show()

    def go(self, step: int) -> None:
        """Show the fill at ``step`` (kept between 0 and the last step)."""
        step = max(0, min(step, self.enclosure.steps))
        if step != self.step:
            self.step = step
            self._show()

    def key(self, key: str, shift: bool = False, ctrl: bool = False,
            meta: bool = False) -> None:
        if ctrl or meta:
            return
        if key in STEP_KEYS:
            self.go(self.step + STEP_KEYS[key])
        elif key == "Home":
            self.go(0)
        elif key == "End":
            self.go(self.enclosure.steps)
        elif key in FOSSIL_KEYS:
            ids = self.fossil_ids
            self.pick(ids[(ids.index(self.fossil) + FOSSIL_KEYS[key]) % len(ids)])
        elif len(key) == 1 and key.upper() in self.fossil_ids:
            self.pick(key.upper())

    def click(self, cell: Cell | None) -> None:
        """A click on a fossil's cell inspects that fossil."""
        found = None if cell is None else self.state.game.map.fossil_at(cell)
        if found is not None:
            self.pick(found.id)

    # -- the view ----------------------------------------------------------------------------

    def _layer(self) -> Layer:
        return partial(overlay, enc=self.enclosure, step=self.step)

    def _show(self) -> None:
        self.board.show_layer(self._layer())
        self._refresh()

    def _refresh(self) -> None:
        if self.picker.value != self.fossil:
            self.picker.value = self.fossil
        steps = self.enclosure.steps
        label = i18n.t("enclosure.step", self.lang, step=self.step, steps=steps)
        self.step_label.value = f"<b>{html.escape(label)}</b>"
        self.back_button.disabled = self.reset_button.disabled = self.step == 0
        self.next_button.disabled = self.all_button.disabled = self.step == steps
        self.panel.value = self._panel_html()

    def _build(self) -> None:
        lang = self.lang

        def button(text: str, tip: str) -> W.Button:
            return W.Button(description=text, tooltip=tip, **looks(W.Button, width="auto"))

        options = [(i18n.t("enclosure.option", lang, id=f.id,
                           name=fossil_name(f, self.theme, lang), points=f.points,
                           bonus=f.bonus), f.id) for f in self.state.game.map.fossils]
        picker_key = "enclosure.picker.snowman" if self.theme == "snowman" else "enclosure.picker"
        self.picker = W.Dropdown(options=options, value=self.fossil,
                                 description=i18n.t(picker_key, lang),
                                 **looks(W.Dropdown, style={"description_width": "initial"},
                                         width="auto"))
        self.back_button = button(i18n.t("enclosure.back", lang),
                                  i18n.t("enclosure.back.tip", lang))
        self.next_button = button(i18n.t("enclosure.next", lang),
                                  i18n.t("enclosure.next.tip", lang))
        self.reset_button = button(i18n.t("enclosure.reset", lang),
                                   i18n.t("enclosure.reset.tip", lang))
        self.all_button = button(i18n.t("enclosure.all", lang),
                                 i18n.t("enclosure.all.tip", lang))
        self.step_label = W.HTML(**looks(W.HTML))
        self.panel = W.HTML(**looks(W.HTML))
        self.picker.observe(self._on_pick, "value")
        self.back_button.on_click(lambda _: self.go(self.step - 1))
        self.next_button.on_click(lambda _: self.go(self.step + 1))
        self.reset_button.on_click(lambda _: self.go(0))
        self.all_button.on_click(lambda _: self.go(self.enclosure.steps))

    def _children(self) -> list[Any]:
        row = looks(W.HBox, flex_flow="row wrap", align_items="center")
        keys = html.escape(i18n.t("enclosure.keys", self.lang))
        return [W.HBox([self.picker, self.reset_button, self.back_button, self.next_button,
                        self.all_button, self.step_label], **row),
                board_beside(self.board, self.panel),
                W.HTML(f"<small style='color:#666'>{keys}</small>")]

    def _on_pick(self, change: dict[str, Any]) -> None:
        self.pick(str(change["new"]))

    def _panel_html(self) -> str:
        """The sentences in three paragraphs (ring, fill, bonus), each with its heading
        mark so that the topic does not rest on colour."""
        blocks: dict[str, list[str]] = {}
        for topic, sentence in self.sentences():
            blocks.setdefault(topic, []).append(html.escape(sentence))
        parts = [f"<p class='paleo-enclosure-{topic}' style='margin:0 0 0.6em 0'>"
                 + "<br>".join(lines) + "</p>" for topic, lines in blocks.items()]
        return f"<div class='paleo-enclosure-panel'>{''.join(parts)}</div>"

    # -- notebook output ---------------------------------------------------------------

    def plain_text(self) -> str:
        e = self.enclosure
        return (f"<EnclosureWidget {self.state.game.map.name} fossil {self.fossil} step "
                f"{self.step}/{e.steps} ring {len(e.covered)}/{len(e.ring)}>")

    def fallback_svg(self) -> str:
        return str(render_enclosure(self.state, self.fossil, step=self.step, turns=self.turns,
                                    lang=self.lang))
