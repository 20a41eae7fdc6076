"""The page side of the widgets: keys, focus, the wheel, fitting the screen, finger-sized
controls. ipycanvas and ipywidgets leave these to the page; a small script and stylesheet
(``events.js`` and ``events.css``) do them once per page for every widget that carries
:func:`page_hooks`:

* pointing at a canvas marked ``paleo-keys`` gives it the keyboard (a focus ring shows
  it), no click needed; its keys stop there, Tab goes on to the next control, and no key
  pressed inside a ``paleo-widget`` reaches JupyterLab's shortcuts (Lumino's
  ``data-lm-suppress-shortcuts``);
* the mouse wheel over a canvas scrolls the page (ipycanvas would swallow it);
* a ``paleo-fit`` canvas is given the height that keeps the widget, from its top to the
  bottom of that canvas, inside the scrolling area (the notebook panel, Voila's page), and
  beside a side panel the width that leaves the panel its least width;
* every button is at least 44 px square where there is a finger.

The hooks are a core ipywidgets ``HTML`` widget, hidden: a ``<style>`` and an image whose
error handler runs the script. A custom widget module (anywidget was tried) gives its
model two seconds to load, and on a busy machine a page reload that restores many widgets
takes longer: one model that fails keeps every widget of the page from being restored.

Touch needs no page code: ipycanvas sends touch events, and cancels them so the browser
sends no emulated mouse events after a tap (:meth:`BoardWidget.on_cell_hover` turns them
into preview and place).

>>> hooks = page_hooks()
>>> hooks is page_hooks(), hooks.layout.display
(True, 'none')
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W

HERE = Path(__file__).resolve().parent
ROOT, KEYS, FIT = "paleo-widget", "paleo-keys", "paleo-fit"
SCRIPT = (HERE / "events.js").read_text(encoding="utf-8")
STYLE = (HERE / "events.css").read_text(encoding="utf-8")


def hooks_html() -> str:
    """The stylesheet, and a hidden image that fails to load (an empty data URL) and so
    runs the script, every time the widget is shown."""
    return (f"<style>{STYLE}</style><img alt='' style='display:none' src='data:,' "
            f"onerror=\"{html.escape(SCRIPT, quote=True)}\">")


class PageHooks(W.HTML):  # type: ignore[misc]
    """An invisible widget whose view installs the page side (once per page)."""

    def __init__(self) -> None:
        super().__init__(hooks_html(), layout=W.Layout(display="none"))
        self.add_class("paleo-page-hooks")

    def __repr__(self) -> str:
        return "<PageHooks>"


_HOOKS: PageHooks | None = None


def page_hooks() -> PageHooks:
    """The kernel's one :class:`PageHooks` (every widget shows the same, hidden; a new one
    after ``Widget.close_all()``)."""
    global _HOOKS
    if _HOOKS is None or _HOOKS.comm is None:
        _HOOKS = PageHooks()
    return _HOOKS


class PageScale(W.FloatText):  # type: ignore[misc]
    """An invisible number the page hooks set to the page's ``devicePixelRatio`` (screen
    pixels per CSS pixel: 1 on most school laptops, 2 on a tablet, more when zoomed in),
    so that the boards draw as many pixels as the screen shows and no more (0: not known
    yet). Sent again when it changes (a zoom, a window moved to another screen)."""

    def __init__(self) -> None:
        super().__init__(value=0.0, layout=W.Layout(display="none"))
        self.add_class("paleo-page-scale")

    def __repr__(self) -> str:
        return "<PageScale>"


_SCALE: PageScale | None = None


def page_scale() -> PageScale:
    """The kernel's one :class:`PageScale` (shown hidden beside the page hooks)."""
    global _SCALE
    if _SCALE is None or _SCALE.comm is None:
        _SCALE = PageScale()
    return _SCALE


def classroom(root: W.Box, children: Sequence[W.Widget]) -> tuple[W.Widget, ...]:
    """Mark ``root`` as one of ours and return ``children`` with the page's scale and
    hooks after them: ``super().__init__(classroom(self, self._children()))``."""
    root.add_class(ROOT)
    return (*children, page_scale(), page_hooks())


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
