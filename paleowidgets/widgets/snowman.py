"""Build your Snowman: after a Snowman Edition game, put the items you dug up on a snowman.

Choose an item (its button, or keys 1-9 and 0 on the snowman), then a spot: click it, or
move the square with the arrow keys and press Enter. An item already on the snowman moves
when it is placed again; Delete takes off the item at the chosen spot. Name the snowman
and save it as a picture (SVG, PNG or PDF).

The design is :class:`~paleowidgets.render.snowman.Snowman` (data, immutable); this widget
holds it, the chosen item and the chosen spot, and paints the picture the renderer plans
(:func:`~paleowidgets.render.snowman.snowman_marks`) in ONE canvas message per change.

>>> from paleowidgets.data import load_map
>>> from paleowidgets.core.rules import Game
>>> SnowmanWidget(Game(load_map("snow-map")).initial_state(), name="Frosty")
<SnowmanWidget Frosty 0/0 items>
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as W
from ipycanvas import MultiCanvas

from .. import i18n
from ..core.logs import GameLog
from ..core.rules import State
from ..render.export import SUFFIXES, sheet_bytes, write_atomically
from ..render.snowman import (
    HEIGHT,
    NAME_BAND,
    SPOTS,
    WIDTH,
    Snowman,
    SnowmanItem,
    dug_items,
    render_snowman,
    snowman_marks,
    snowman_static,
    spot_at,
    step,
)
from ._display import SvgFallback
from .board import canvas_batch, paint_on, redraw_on_connect
from .events import classroom, on_press, takes_keys
from .play import PlayWidget, message_html
from .shared import looks
from .text import language

STATIC, MARKS = range(2)
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
DIGIT_KEYS = "1234567890"


class SnowmanWidget(SvgFallback, W.VBox):  # type: ignore[misc]
    """A snowman to dress with the items dug up in ``game``: a finished (or any) State of a
    snow map, a GameLog (and ``player``, an index or a name), or a PlayWidget."""

    def __init__(self, game: State | GameLog | PlayWidget, *, player: int | str = 0,
                 name: str = "", lang: str | None = None, unit: float = 26,
                 resolution: float = 1.5, **kwargs: Any) -> None:
        self.lang = language(lang)
        state = _final_state(game, player)
        theme = state.game.map.theme
        if theme != "snowman":
            raise ValueError(self.t("snowman.not-snowman", theme=repr(theme)))
        self.items: tuple[SnowmanItem, ...] = dug_items(state)
        self.design = Snowman(name)
        self.cursor = next(iter(SPOTS))
        self.selected: str | None = self.items[0].id if self.items else None
        self.unit = unit
        self._px = unit * resolution        # canvas pixels per unit: sharp when scaled
        self._syncing = False
        self.shown: tuple[Snowman, str] | None = None   # what the canvas shows now
        self.redraws = 0
        self._build()
        super().__init__(classroom(self, self._children()), **kwargs)
        self.add_class("paleo-snowman")
        redraw_on_connect(self.canvas, self.redraw)
        on_press(self.canvas, self._on_mouse_down)
        self.canvas.on_key_down(self.key)
        takes_keys(self.canvas)
        self.message.value = message_html("info", self.t("snowman.none") if not self.items
                                          else self._spot_text())
        self.redraw()
        self._refresh_controls()

    def t(self, key: str, /, **fields: object) -> str:
        """The widget's text for ``key`` in its language."""
        return i18n.t(key, self.lang, **fields)

    # -- actions (each ends with the picture and controls redrawn from the design) -----

    def select(self, item: str | None) -> None:
        """Choose the item the next placement puts on the snowman."""
        if item is not None and item not in self._by_id():
            raise ValueError(f"no item {item!r} was dug up (items: "
                             f"{', '.join(self._by_id()) or 'none'})")
        self.selected = item
        self._refresh_controls()

    def move(self, dx: int, dy: int) -> None:
        """Move the chosen spot like an arrow key."""
        self.point(step(self.cursor, dx, dy), place=False)

    def point(self, spot: str, *, place: bool = True) -> None:
        """Choose ``spot`` (a click); with ``place``, put the chosen item there too."""
        if spot not in SPOTS:
            raise ValueError(f"no spot {spot!r} on the snowman")
        self.cursor = spot
        if place and self.selected is not None:
            self.place()
            return
        self._say("info", self._spot_text())
        self._draw()

    def place(self) -> None:
        """Put the chosen item on the chosen spot (it moves if it was on another; an item
        already there is taken off), then choose the next item not yet placed."""
        item = self.selected
        if item is None:
            self._say("info", self.t("snowman.pick"))
            return
        other = self.design.item_at(self.cursor)
        self.design = self.design.place(item, self.cursor)
        spot = self.t(f"spot.{self.cursor}")
        if other is not None and other != item:
            text = self.t("snowman.replaced", item=self._label(item), spot=spot,
                          other=self._label(other))
        else:
            text = self.t("snowman.placed", item=self._label(item), spot=spot)
        self.selected = next((i.id for i in self.items if self.design.spot_of(i.id) is None),
                             item)
        self._say("done", text)
        self._draw()
        self._refresh_controls()

    def remove(self) -> None:
        """Take off the item on the chosen spot."""
        item = self.design.item_at(self.cursor)
        if item is None:
            self._say("info", self.t("snowman.empty-spot", spot=self.t(f"spot.{self.cursor}")))
            return
        self.design = self.design.remove(item)
        self.selected = item
        self._say("done", self.t("snowman.removed", item=self._label(item)))
        self._draw()
        self._refresh_controls()

    def clear(self) -> None:
        """Take every item off (the name stays)."""
        self.design = Snowman(self.design.name)
        self.selected = self.items[0].id if self.items else None
        self._say("info", self._spot_text())
        self._draw()
        self._refresh_controls()

    def rename(self, name: str) -> None:
        self.design = self.design.named(name)
        self._draw()
        self._refresh_controls()

    def key(self, key: str, shift: bool = False, ctrl: bool = False,
            meta: bool = False) -> None:
        """A key pressed on the snowman (ipycanvas ``on_key_down``)."""
        if key in ARROWS:
            self.move(*ARROWS[key])
        elif key in ("Enter", " "):
            self.place()
        elif key in ("Delete", "Backspace"):
            self.remove()
        elif key in DIGIT_KEYS and DIGIT_KEYS.index(key) < len(self.items):
            self.select(self.items[DIGIT_KEYS.index(key)].id)

    # -- the picture -----------------------------------------------------------------------

    def svg(self, *, legend: bool = True) -> str:
        """The snowman as SVG, as it stands."""
        return str(render_snowman(self.items, self.design, unit=self.unit, lang=self.lang,
                                  legend=legend))

    def export(self, path: str | Path, *, scale: float = 2.0) -> Path:
        """Write the picture to ``path``: ``.svg``, ``.png`` or ``.pdf``, whole or not at
        all (a temporary file renamed over the target)."""
        target = Path(path)
        suffix = target.suffix.lower()
        if suffix not in SUFFIXES:
            raise ValueError(f"cannot write a picture with suffix {target.suffix!r}: use one "
                             f"of {', '.join(SUFFIXES)}")
        write_atomically(target, sheet_bytes(self.svg(), suffix, scale=scale))
        return target

    def redraw(self) -> None:
        """Paint both layers again (a browser connected: page load, reload, Voila)."""
        with canvas_batch():
            paint_on(self.canvas[STATIC], snowman_static(self._px))
            self._paint_marks()
        self.redraws += 1

    def _draw(self) -> None:
        """Repaint what changed, in ONE canvas message; nothing when nothing did."""
        if self.shown == (self.design, self.cursor):
            return
        with canvas_batch():
            self._paint_marks()

    def _paint_marks(self) -> None:
        paint_on(self.canvas[MARKS], snowman_marks(self.items, self.design, unit=self._px,
                                                      lang=self.lang, cursor=self.cursor))
        self.shown = (self.design, self.cursor)

    def _on_mouse_down(self, x: float, y: float) -> None:
        spot = spot_at(x / self._px, y / self._px - NAME_BAND)
        if spot is not None:
            self.point(spot)

    # -- controls --------------------------------------------------------------------------

    def _build(self) -> None:
        width, height = WIDTH * self._px, (NAME_BAND + HEIGHT) * self._px
        self.canvas = MultiCanvas(2, width=round(width), height=round(height))
        self.canvas.layout.width = "100%"
        self.canvas.layout.height = "auto"
        self.canvas.layout.max_width = f"{round(WIDTH * self.unit)}px"
        self.canvas.add_class("paleo-snowman-canvas")
        self.header = W.HTML(**looks(W.HTML))
        self.item_buttons = W.ToggleButtons(
            # each item's key (1-9, then 0) shows before its name from the page's
            # stylesheet (events.css), not on a finger's screen where there is no key
            options=[(item.label(self.lang), item.id)
                     for item in self.items[:len(DIGIT_KEYS)]],
            value=self.selected, description=self.t("snowman.items"),
            tooltip=self.t("snowman.items.tip"),
            style={"button_width": "auto", "description_width": "initial"})
        self.name_box = W.Text(value=self.design.name, description=self.t("snowman.name"),
                               placeholder=self.t("snowman.name.placeholder"),
                               continuous_update=True, style={"description_width": "initial"})
        small = W.Layout(width="auto")
        self.remove_button = W.Button(description=self.t("snowman.remove"),
                                      tooltip=self.t("snowman.remove.tip"), icon="times",
                                      layout=small)
        self.clear_button = W.Button(description=self.t("snowman.clear"),
                                     tooltip=self.t("snowman.clear.tip"), layout=small)
        self.format = W.Dropdown(options=[s.lstrip(".").upper() for s in SUFFIXES],
                                 value="PNG", description=self.t("snowman.format"),
                                 **looks(W.Dropdown, style={"description_width": "initial"},
                                         width="10em"))
        self.export_button = W.Button(description=self.t("snowman.export"),
                                      tooltip=self.t("snowman.export.tip"), icon="download",
                                      layout=small)
        self.message = W.HTML(**looks(W.HTML, min_height="1.6em"))
        self.legend = W.HTML(**looks(W.HTML))
        self.keys_help = W.HTML(f"<small style='color:#666'>"
                                f"{html.escape(self.t('snowman.keys'))}</small>")
        for widget, name in ((self.item_buttons, "items"), (self.name_box, "name"),
                             (self.remove_button, "remove"), (self.clear_button, "clear"),
                             (self.export_button, "export")):
            widget.add_class(f"paleo-snowman-{name}")
        self.item_buttons.observe(self._on_item, "value")
        self.name_box.observe(self._on_name, "value")
        self.remove_button.on_click(lambda _: self.remove())
        self.clear_button.on_click(lambda _: self.clear())
        self.export_button.on_click(lambda _: self._on_export())

    def _children(self) -> list[Any]:
        row = looks(W.HBox, flex_flow="row wrap", align_items="center")
        self.canvas.layout.flex = "1 1 60%"
        self.canvas.layout.min_width = "0"
        side = W.VBox([self.legend], **looks(W.VBox, flex="0 1 240px", min_width="180px",
                                                     margin="0 0 0 12px"))
        return [self.header, self.item_buttons,
                W.HBox([self.name_box, self.remove_button, self.clear_button], **row),
                W.HBox([self.canvas, side], **looks(W.HBox, align_items="flex-start",
                                                            flex_flow="row wrap")),
                self.message,
                W.HBox([self.format, self.export_button], **row),
                self.keys_help]

    def _on_item(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.select(change["new"])

    def _on_name(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.rename(str(change["new"]))

    def _on_export(self) -> None:
        base = "".join(c if c.isalnum() or c in "-_" else "-" for c in self.design.name)
        path = self.export(f"{base.strip('-') or 'snowman'}.{str(self.format.value).lower()}")
        self._say("done", self.t("snowman.saved", path=str(path)))

    def _refresh_controls(self) -> None:
        self._syncing = True
        try:
            self.item_buttons.value = self.selected
            if self.name_box.value != self.design.name:
                self.name_box.value = self.design.name
        finally:
            self._syncing = False
        placed = len([1 for _, i in self.design.placed if i in self._by_id()])
        status = self.t("snowman.status", placed=placed, items=len(self.items))
        self.header.value = (f"<b style='font-size:1.15em'>{html.escape(self.t('snowman.title'))}"
                             f"</b> &nbsp;·&nbsp; <span class='paleo-snowman-status'>"
                             f"{html.escape(status)}</span>")
        rows = [self.t("snowman.legend", id=i, item=self._label(i),
                       spot=self.t(f"spot.{s}")) for s, i in self.design.placed]
        self.legend.value = ("<ul class='paleo-snowman-legend' style='padding-left:1.2em'>"
                             + "".join(f"<li>{html.escape(r)}</li>" for r in rows) + "</ul>")

    def _say(self, kind: str, text: str) -> None:
        self.message.value = message_html(kind, text)

    def _spot_text(self) -> str:
        spot = self.t(f"spot.{self.cursor}")
        item = self.design.item_at(self.cursor)
        return (self.t("snowman.spot", spot=spot) if item is None else
                self.t("snowman.spot.item", spot=spot, item=self._label(item)))

    def _by_id(self) -> dict[str, SnowmanItem]:
        return {i.id: i for i in self.items}

    def _label(self, item: str) -> str:
        return self._by_id()[item].label(self.lang)

    # -- notebook output ---------------------------------------------------------------

    def plain_text(self) -> str:
        name = self.design.name or "(no name)"
        return f"<SnowmanWidget {name} {len(self.design.placed)}/{len(self.items)} items>"

    def fallback_svg(self) -> str:
        return self.svg()


def _final_state(game: State | GameLog | PlayWidget, player: int | str) -> State:
    if isinstance(game, State):
        return game
    if isinstance(game, PlayWidget):
        return game.state
    names = [p.name for p in game.players]
    index = names.index(player) if isinstance(player, str) else player
    return game.replay()[index][-1]
