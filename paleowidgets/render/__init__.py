"""Drawing game sheets: SVG (for notebooks and files), PNG and PDF (for printing).

``render_svg(obj)`` draws a Map, Puzzle, State or GameLog; ``write_sheet(obj, "s.pdf")``
writes it as a file. The layout is a backend-free plan (:mod:`.plan`) that a canvas
widget can paint too, with colours, sizes and words from :mod:`.style`.
"""

from __future__ import annotations

from .export import write_sheet
from .svg import SheetOptions, SvgDocument, render_svg

__all__ = ["SheetOptions", "SvgDocument", "render_svg", "write_sheet"]
