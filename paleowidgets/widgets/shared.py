"""Layouts and styles shared by every widget that has equal ones: fewer widget models.

Each ipywidgets control has a ``Layout`` and a style (``ButtonStyle``, ``HTMLStyle``, ...),
each a widget model of its own, so a button is three models. When a JupyterLab page loads
(or a pupil reloads it), ipywidgets asks the kernel for the state of every model and gives
up after 4 s (``CONTROL_COMM_TIMEOUT``, jupyter-widgets/ipywidgets#3633): the pupil then
reads "Error displaying widget: model not found". So our widgets pass the kernel's one
instance of each layout and style they use, as ``**looks(W.Button, width="auto")``.

A shared layout or style is never changed afterwards (that would change every widget that
shows it): a widget whose layout changes later (``display`` shown and hidden, sizes set
after construction) builds its own ``W.Layout``. ``tests/test_models_count.py`` bounds the
number of models per widget.

>>> a, b = looks(W.Button, width="auto"), looks(W.Button, width="auto")
>>> a["layout"] is b["layout"], a["style"] is b["style"], a["layout"].width
(True, True, 'auto')
>>> looks(W.HBox, flex_flow="row wrap")["layout"] is looks(W.VBox, flex_flow="row wrap")["layout"]
True
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W
from ipycanvas.canvas import Pattern

_SHARED: dict[tuple[Any, ...], W.Widget] = {}


def shared(kind: type[W.Widget], **traits: Any) -> Any:
    """The kernel's one ``kind(**traits)`` (a ``Layout`` or a style), made again after
    ``Widget.close_all()``. Never change it: other widgets show it too."""
    key = (kind, tuple(sorted(traits.items())))
    found = _SHARED.get(key)
    if found is None or found.comm is None:
        found = _SHARED[key] = kind(**traits)
    return found


def looks(widget: type[W.Widget], style: dict[str, Any] | None = None,
          **layout: Any) -> dict[str, Any]:
    """The ``layout`` (with the traits ``layout``) and, for a widget class that has one,
    the ``style`` (with the traits ``style``) to build a ``widget`` with, both shared:
    ``W.Button(description="Roll", **looks(W.Button, width="auto"))``."""
    out: dict[str, Any] = {"layout": shared(W.Layout, **layout)}
    trait = widget.class_traits().get("style")
    if trait is not None:
        out["style"] = shared(trait.klass, **(style or {}))
    elif style:
        raise TypeError(f"{widget.__name__} has no style")
    return out


_PATTERNS: dict[bytes, Pattern] = {}


def pattern(png: bytes) -> Pattern:
    """The kernel's one ipycanvas ``Pattern`` of the tile ``png`` (an image and a pattern
    model, shared by every canvas that paints with it: a pattern belongs to no canvas)."""
    found = _PATTERNS.get(png)
    if found is None or found.comm is None or found.image.comm is None:
        image = W.Image(value=png, format="png", **looks(W.Image))
        found = _PATTERNS[png] = Pattern(image)
    return found
