"""What a widget leaves in a notebook: its live view, a static SVG sheet and a short text.

ipywidgets 8 builds a widget's output in ``Widget._repr_mimebundle_`` (``text/plain`` and
the ``application/vnd.jupyter.widget-view+json`` view). :class:`SvgFallback` adds
``image/svg+xml`` (the sheet from :func:`~paleowidgets.render.render_svg`, shown at most
:data:`~paleowidgets.render.svg.DISPLAY_WIDTH` pixels wide) and replaces the
text with a deterministic one, so a notebook shows the board where no kernel runs (GitHub,
nbviewer) and nbval compares a stable ``text/plain``.
"""

from __future__ import annotations

from typing import Any

from ..render.svg import fit_display


class SvgFallback:
    """Mixin for ipywidgets: put it before the widget class in the bases."""

    def plain_text(self) -> str:
        """A short, deterministic description (no model ids, no memory addresses)."""
        raise NotImplementedError

    def fallback_svg(self) -> str:
        """The static picture shown where the widget cannot be."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.plain_text()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        parent = getattr(super(), "_repr_mimebundle_", None)
        data: dict[str, Any] = dict(parent(**kwargs) or {}) if parent else {}
        data["text/plain"] = self.plain_text()
        data["image/svg+xml"] = fit_display(self.fallback_svg())
        return data
