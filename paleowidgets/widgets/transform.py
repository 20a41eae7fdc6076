"""The transform explorer: a pentomino and the eight symmetries of the square.

Press the symmetries (buttons, or keys 1-8 on the picture) one after another: the picture
shows the shape before and after them on a coordinate grid, each numbered cell's
coordinates before and after, the single symmetry the steps add up to, the shape's orbit
(its distinct orientations, the current one framed) and stabiliser, and the counts 12 / 18
/ 63. Every answer comes from :mod:`paleowidgets.core.geometry`; the picture is
:func:`paleowidgets.render.figures.plan_explorer`, painted on a two-layer canvas in ONE
message per update, and left in the notebook as SVG too.

>>> ex = TransformExplorer("L", lang="en")
>>> ex.apply("rotate-90"); ex.apply("flip-horizontal"); ex
<TransformExplorer L rotate-90,flip-horizontal = flip-diagonal>
"""

from __future__ import annotations

import html
import math
from typing import Any

import ipywidgets as W
from ipycanvas import MultiCanvas

from .. import i18n
from ..core.geometry import (
    FIXED,
    IDENTITY,
    LETTERS,
    PENTOMINOES,
    SYMMETRIES,
    Symmetry,
    compose,
    count_shapes,
    orbit_groups,
    slid_to_corner,
    stabiliser,
)
from ..render.figures import ExplorerPlan, coordinates, key_of, plan_explorer, symmetry_name
from ._display import SvgFallback
from .board import canvas_batch, paint_on, redraw_on_connect
from .events import classroom, on_press, takes_keys
from .shared import looks

STATIC, DYNAMIC = range(2)
# The counts of the whole set, from the core (12, 18, 63).
FREE, ONE_SIDED, FIXED_COUNT = count_shapes(FIXED)
KEYS: dict[str, str] = {str(i): name for i, name in enumerate(SYMMETRIES, start=1)}
KEYS |= {"r": "rotate-90", "R": "rotate-90", "f": "flip-horizontal", "F": "flip-horizontal"}


class TransformExplorer(SvgFallback, W.VBox):  # type: ignore[misc]
    """A pentomino (``shape``, a letter) under the symmetries of the square.

    Buttons: the 12 shapes, the 4 turns and 4 mirrors, Undo, Start again. Keys on the
    picture: 1-8 a symmetry, R a quarter turn, F a mirror, ← → another shape, Backspace
    undo, Esc start again; a click on an orientation of the orbit strip shows it.
    ``lang`` is ``"en"``, ``"fr"`` or ``"ko"`` (by default the language set in
    :mod:`paleowidgets.i18n`).
    """

    def __init__(self, shape: str = "F", *, lang: str | None = None, cell_size: float = 22,
                 resolution: float = 1.5, **kwargs: Any) -> None:
        if shape not in PENTOMINOES:
            raise ValueError(f"unknown pentomino {shape!r}: the letters are {LETTERS}")
        self.lang = i18n.get_language() if lang is None else i18n.normalize(lang)
        self.shape = shape
        self.steps: list[Symmetry] = []
        self._unit = cell_size * resolution
        self.plan: ExplorerPlan = self._plan()
        self.shown: tuple[str, Symmetry] = (shape, IDENTITY)   # what the canvas holds
        self.canvas = MultiCanvas(2, width=math.ceil(self.plan.width),
                                  height=math.ceil(self.plan.height))
        self.canvas.layout.width = "100%"
        self.canvas.layout.height = "auto"
        self.canvas.layout.max_width = f"{math.ceil(self.plan.width / resolution)}px"
        self.canvas.add_class("paleo-transform-canvas")
        self.redraws = 0
        self._syncing = False
        self._build()
        super().__init__(classroom(self, self._children()), **kwargs)
        self.add_class("paleo-transform")
        redraw_on_connect(self.canvas, self.redraw)
        self.canvas.on_key_down(self.key)
        takes_keys(self.canvas)
        on_press(self.canvas, self.click)
        self.redraw()
        self._refresh_controls()

    # -- reading the model ---------------------------------------------------------------

    @property
    def symmetry(self) -> Symmetry:
        """The one symmetry the steps add up to (the core's composition)."""
        return compose(self.steps)

    def tr(self, key: str, /, **fields: object) -> str:
        """The text of ``key`` in the explorer's language."""
        return i18n.t(key, self.lang, **fields)

    # -- actions (each ends with the picture and the words redrawn) ----------------------

    def apply(self, name: str) -> None:
        """Do the symmetry ``name`` (a key of SYMMETRIES) after the steps so far."""
        self.steps.append(SYMMETRIES[name])
        self._refresh()

    def undo(self) -> None:
        """Take back the last step."""
        if self.steps:
            self.steps.pop()
            self._refresh()

    def reset(self) -> None:
        """Back to the shape as drawn in the list of the twelve."""
        if self.steps:
            self.steps.clear()
            self._refresh()

    def select(self, shape: str) -> None:
        """Show another pentomino, with the same steps."""
        if shape not in PENTOMINOES:
            raise ValueError(f"unknown pentomino {shape!r}: the letters are {LETTERS}")
        if shape != self.shape:
            self.shape = shape
            self._refresh()

    def next_shape(self, step: int = 1) -> None:
        self.select(LETTERS[(LETTERS.index(self.shape) + step) % len(LETTERS)])

    def show_orientation(self, index: int) -> None:
        """Show orientation ``index`` of the orbit: one step, the first symmetry giving it."""
        groups = orbit_groups(PENTOMINOES[self.shape].cells)
        first = groups[index][1][0]
        self.steps = [] if first == IDENTITY else [first]
        self._refresh()

    def key(self, key: str, shift: bool = False, ctrl: bool = False,
            meta: bool = False) -> None:
        """A key pressed on the picture (ipycanvas ``on_key_down``)."""
        if key in KEYS:
            self.apply(KEYS[key])
        elif key == "ArrowRight":
            self.next_shape(1)
        elif key == "ArrowLeft":
            self.next_shape(-1)
        elif key in ("Backspace", "u", "U"):
            self.undo()
        elif key == "Escape":
            self.reset()

    def click(self, x: float, y: float) -> None:
        """A press on the picture: on an orientation of the orbit strip, show it."""
        slot = self.plan.slot_at(x, y)
        if slot is not None:
            self.show_orientation(slot)

    # -- drawing ---------------------------------------------------------------------------

    def _plan(self) -> ExplorerPlan:
        return plan_explorer(self.shape, self.symmetry, cell_size=self._unit, lang=self.lang)

    def redraw(self) -> None:
        """Paint both layers from the model, in one message (also when a browser connects)."""
        self.plan = self._plan()
        with canvas_batch():
            paint_on(self.canvas[STATIC], self.plan.static)
            paint_on(self.canvas[DYNAMIC], self.plan.dynamic)
        self.shown = (self.shape, self.symmetry)
        self.redraws += 1

    def _refresh(self) -> None:
        """Repaint what changed (the static layer only for a new shape), in ONE canvas
        message, then the words and controls."""
        want = (self.shape, self.symmetry)
        if want != self.shown:
            new_shape = self.shape != self.shown[0]
            self.plan = self._plan()
            with canvas_batch():
                if new_shape:
                    paint_on(self.canvas[STATIC], self.plan.static)
                paint_on(self.canvas[DYNAMIC], self.plan.dynamic)
            self.shown = want
        self._refresh_controls()

    # -- the controls ------------------------------------------------------------------------

    def _build(self) -> None:
        tr = self.tr
        self.header = W.HTML(f"<b style='font-size:1.15em'>{html.escape(tr('transform.title'))}"
                             "</b>")
        self.shape_buttons = W.ToggleButtons(
            options=list(LETTERS), value=self.shape, description=tr("transform.shape"),
            tooltips=[tr(f"shape.{x}") for x in LETTERS],
            style={"button_width": "2.4em", "description_width": "initial"})
        self.shape_buttons.add_class("paleo-shapes")
        self.shape_buttons.observe(self._on_shape, "value")
        self.symmetry_buttons: dict[str, W.Button] = {}
        for name, s in SYMMETRIES.items():
            # its key (1-8) shows before the words from the page's stylesheet (events.css
            # paleo-key-N), not on a finger's screen where there is no key to press
            b = W.Button(description=symmetry_name(s, self.lang),
                         tooltip=tr("transform.button.tip", key=key_of(s)),
                         **looks(W.Button, width="auto"))
            b.add_class(f"paleo-symmetry-{name}")
            b.add_class(f"paleo-key-{key_of(s)}")
            b.on_click(lambda _, n=name: self.apply(n))
            self.symmetry_buttons[name] = b
        self.undo_button = W.Button(description=tr("transform.undo"),
                                    tooltip=tr("transform.undo.tip"),
                                               **looks(W.Button, width="auto"))
        self.reset_button = W.Button(description=tr("transform.reset"),
                                     tooltip=tr("transform.reset.tip"),
                                     **looks(W.Button, width="auto"))
        self.undo_button.on_click(lambda _: self.undo())
        self.reset_button.on_click(lambda _: self.reset())
        self.steps_panel = W.HTML(**looks(W.HTML, min_height="2.6em"))
        self.coordinates_panel = W.HTML(**looks(W.HTML))
        self.orbit_panel = W.HTML(**looks(W.HTML))
        self.keys_help = W.HTML(f"<small style='color:#555'>{html.escape(tr('transform.keys'))}"
                                "</small>")

    def _children(self) -> list[Any]:
        row = looks(W.HBox, flex_flow="row wrap", align_items="center")
        turns = [b for n, b in self.symmetry_buttons.items() if SYMMETRIES[n].is_rotation]
        mirrors = [b for n, b in self.symmetry_buttons.items() if SYMMETRIES[n].is_reflection]
        label = W.Layout(width="6.5em")
        return [
            self.header, self.shape_buttons,
            W.HBox([W.HTML(f"<b>{html.escape(self.tr('transform.rotations'))}</b>",
                           layout=label), *turns], **row),
            W.HBox([W.HTML(f"<b>{html.escape(self.tr('transform.reflections'))}</b>",
                           layout=label), *mirrors], **row),
            W.HBox([self.undo_button, self.reset_button], **row),
            self.steps_panel, self.canvas, self.coordinates_panel, self.orbit_panel,
            self.keys_help]

    def _on_shape(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"]:
            self.select(change["new"])

    def _refresh_controls(self) -> None:
        self._syncing = True
        try:
            self.shape_buttons.value = self.shape
        finally:
            self._syncing = False
        self.undo_button.disabled = self.reset_button.disabled = not self.steps
        self.steps_panel.value = self._steps_html()
        self.coordinates_panel.value = self._coordinates_html()
        self.orbit_panel.value = self._orbit_html()

    def _steps_html(self) -> str:
        if not self.steps:
            return f"<div class='paleo-steps'>{html.escape(self.tr('transform.none'))}</div>"
        then = f" {self.tr('transform.then')} "
        steps = then.join(symmetry_name(s, self.lang) for s in self.steps)
        lines = [self.tr("transform.steps", steps=steps),
                 self.tr("transform.result", result=symmetry_name(self.symmetry, self.lang))]
        return ("<div class='paleo-steps'>" + "<br>".join(html.escape(x) for x in lines)
                + "</div>")

    def _coordinates_html(self) -> str:
        cells = PENTOMINOES[self.shape].cells
        after = [self.symmetry(c) for c in cells]
        slid = slid_to_corner(after)
        head = "".join(f"<th style='padding:0 10px'>{html.escape(self.tr(k))}</th>" for k in (
            "transform.coords.cell", "transform.coords.before", "transform.coords.after",
            "transform.coords.slid"))
        rows = "".join(
            f"<tr><td style='text-align:center'>{i}</td><td>{coordinates(c)}</td>"
            f"<td>{coordinates(a)}</td><td>{coordinates(s)}</td></tr>"
            for i, (c, a, s) in enumerate(zip(cells, after, slid, strict=True), start=1))
        return (f"<table class='paleo-coordinates' style='border-collapse:collapse'>"
                f"<tr>{head}</tr>{rows}</table>")

    def _orbit_html(self) -> str:
        cells = PENTOMINOES[self.shape].cells
        groups = orbit_groups(cells)
        stab = stabiliser(cells)
        number = next(i for i, (_, syms) in enumerate(groups, start=1) if self.symmetry in syms)
        names = ", ".join(symmetry_name(s, self.lang) for s in stab)
        mirror = "transform.achiral" if any(s.is_reflection for s in stab) else "transform.chiral"
        lines = [
            self.tr("transform.orbit", orbit=len(groups), s="" if len(groups) == 1 else "s",
                   stabiliser=len(stab), shape=self.tr(f"shape.{self.shape}"), names=names),
            self.tr("transform.orientation", number=number, orbit=len(groups)),
            self.tr(mirror),
            self.tr("transform.counts", free=FREE, one_sided=ONE_SIDED, fixed=FIXED_COUNT)]
        return ("<div class='paleo-orbit'>" + "".join(
            f"<div>{html.escape(x)}</div>" for x in lines) + "</div>")

    # -- notebook output ---------------------------------------------------------------

    def plain_text(self) -> str:
        steps = ",".join(s.name for s in self.steps) or "no steps"
        return f"<TransformExplorer {self.shape} {steps} = {self.symmetry.name}>"

    def fallback_svg(self) -> str:
        return str(self.plan.svg())
