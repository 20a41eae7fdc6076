"""The page side of the widgets: keys, focus, the wheel, fitting the screen, finger-sized
controls. ipycanvas and ipywidgets leave these to the page; a small front-end module
(``events.js`` and ``events.css``, shipped to the browser by anywidget, no build step)
does them once per page for every widget that carries :func:`page_hooks`:

* pointing at a canvas marked ``paleo-keys`` gives it the keyboard (a focus ring shows
  it), no click needed; its keys stop there, and no key pressed inside a ``paleo-widget``
  reaches JupyterLab's shortcuts (Lumino's ``data-lm-suppress-shortcuts``);
* the mouse wheel over a canvas scrolls the page (ipycanvas would swallow it);
* a ``paleo-fit`` canvas is given the height that keeps the widget, from its top to the
  bottom of that canvas, inside the scrolling area (the notebook panel, Voila's page);
* every button is at least 44 px square, for a finger.

Touch needs no page code: ipycanvas sends touch events, and cancels them so the browser
sends no emulated mouse events after a tap (:meth:`BoardWidget.on_cell_hover` turns them
into preview and place).

>>> hooks = page_hooks()
>>> hooks is page_hooks(), hooks.layout.display
(True, 'none')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as W

HERE = Path(__file__).resolve().parent
ROOT, KEYS, FIT = "paleo-widget", "paleo-keys", "paleo-fit"


class PageHooks(anywidget.AnyWidget):
    """An invisible widget whose view installs the page side (once per page)."""

    _esm = (HERE / "events.js").read_text(encoding="utf-8")
    _css = (HERE / "events.css").read_text(encoding="utf-8")

    def __repr__(self) -> str:
        return "<PageHooks>"


_HOOKS: PageHooks | None = None


def page_hooks() -> PageHooks:
    """The kernel's one :class:`PageHooks` (every widget shows the same, hidden; a new one
    after ``Widget.close_all()``)."""
    global _HOOKS
    if _HOOKS is None or _HOOKS.comm is None:
        _HOOKS = PageHooks(layout=W.Layout(display="none"))
    return _HOOKS


def classroom(root: W.Box, children: Sequence[W.Widget]) -> tuple[W.Widget, ...]:
    """Mark ``root`` as one of ours and return ``children`` with the page hooks after
    them: ``super().__init__(classroom(self, self._children()))``."""
    root.add_class(ROOT)
    return (*children, page_hooks())


def takes_keys(canvas: Any) -> None:
    """Mark ``canvas`` as taking the keyboard when pointed at."""
    canvas.add_class(KEYS)


def fits_screen(canvas: Any) -> None:
    """Mark ``canvas`` as sized to keep its widget within the screen's height."""
    canvas.add_class(FIT)


def on_press(canvas: Any, callback: Callable[[float, float], None]) -> None:
    """Call ``callback(x, y)`` on a mouse press or a one-finger touch on ``canvas`` (in
    canvas pixels): ipycanvas cancels touches, so no mouse press follows a tap."""
    def touched(touches: Sequence[tuple[float, float]]) -> None:
        if len(touches) == 1:
            callback(*touches[0])

    canvas.on_mouse_down(callback)
    canvas.on_touch_start(touched)
