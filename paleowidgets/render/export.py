"""Printable sheets as files: SVG, PNG or PDF (through CairoSVG), chosen by the suffix.

A file is written whole or not at all: the bytes go to a temporary file in the same
folder, which is then renamed over the target, so a failure never leaves half a sheet.

CairoSVG draws every text in the *first* family of the font list, with no fallback glyph
by glyph as browsers have, so Hangul in a Latin font comes out as empty boxes. Before
converting a sheet that holds Hangul, :func:`for_cairo` puts an installed Korean font
first (NanumGothic from Debian's ``fonts-nanum``, or any other that fontconfig knows),
and warns with :class:`MissingFontWarning` when there is none.

:func:`pdf_pages` puts several sheets in one PDF, one a page, each scaled to fit an A4 or
US Letter page (a class set: :mod:`paleowidgets.render.classset`). It draws with CairoSVG
onto one cairo PDF surface, page after page, so it needs nothing beyond CairoSVG.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> sheet_bytes(render_svg(parse_document(TINY)), ".pdf")[:5]
b'%PDF-'
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
import warnings
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Unpack

from ..core.atomic import write_atomically as write_atomically  # re-exported
from ..core.errors import FormatError
from .sheet import Renderable
from .style import HANGUL
from .svg import SheetOptions, render_svg

SUFFIXES = (".svg", ".png", ".pdf")
XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
FONT_ATTRIBUTE = re.compile(r'font-family="([^"]*)"')
NAME_TEXT = re.compile(r'<text [^>]*class="player-name"[^>]*>[^<]*</text>')

# Paper sizes in PDF points (1/72 inch), portrait: ISO A4 (210 x 297 mm) and US Letter
# (8.5 x 11 in). A sheet is turned to the orientation in which it prints larger.
PAPERS: dict[str, tuple[float, float]] = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
PAGE_MARGIN = 28.35            # 10 mm on every side, inside most printers' printable area
PX_PER_PT = 96 / 72            # SVG user units are CSS pixels (96 per inch)
SVG_NS = "http://www.w3.org/2000/svg"


class MissingFontWarning(UserWarning):
    """A sheet holds characters that no installed font can draw for CairoSVG."""


def write_sheet(obj: Renderable, path: str | os.PathLike[str], *, scale: float = 2.0,
                **options: Unpack[SheetOptions]) -> Path:
    """Write the sheet of ``obj`` to ``path`` as ``.svg``, ``.png`` (``scale`` pixels per
    SVG pixel) or ``.pdf`` (vector, one page the size of the drawing); ``options`` are
    those of :func:`~paleowidgets.render.svg.render_svg`. Returns the path.

    An unknown suffix raises :class:`FormatError` before anything is drawn or written.
    """
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in SUFFIXES:
        shown = repr(target.suffix) if target.suffix else "no suffix"
        raise FormatError(f"cannot write a sheet with {shown}: the suffix must be one of "
                          f"{', '.join(SUFFIXES)}", file=str(path))
    write_atomically(target, sheet_bytes(render_svg(obj, **options), suffix, scale=scale))
    return target


def sheet_bytes(svg: str, suffix: str, *, scale: float = 2.0) -> bytes:
    """The file contents of an SVG sheet in the format of ``suffix`` (lower case)."""
    if suffix == ".svg":
        return (XML_DECLARATION + svg + "\n").encode("utf-8")
    if suffix not in SUFFIXES:
        raise ValueError(f"unknown sheet format {suffix!r}")
    import cairosvg  # lazily: only PNG and PDF need cairo

    data = for_cairo(svg).encode("utf-8")
    if suffix == ".png":
        out: bytes = cairosvg.svg2png(bytestring=data, scale=scale)
    else:
        out = cairosvg.svg2pdf(bytestring=data)
    return out


def for_cairo(svg: str) -> str:
    """``svg`` with a font that can draw its Hangul first in the root's font list (CairoSVG
    uses the first family only); unchanged when it holds no Hangul. Of the Korean fonts,
    one that also draws the sheet's other letters (a French name's accents, '…', '·') comes
    first: NanumBarunGothic, for one, has no 'é'."""
    match = FONT_ATTRIBUTE.search(svg)
    if match is None or HANGUL.search(svg) is None:
        return svg
    families = [f.strip() for f in match.group(1).split(",") if f.strip()]
    others = "".join(sorted({c for c in svg if ord(c) > 0x7E} - set(HANGUL.findall(svg))))
    korean = installed_families("ko", others) or installed_families("ko")
    first = next((f for f in families if f in korean), min(korean, default=None))
    if first is None:
        warnings.warn("no Korean font is installed, so the sheet's Korean text will show as "
                      "empty boxes in PNG and PDF files (on Debian: apt-get install "
                      "fonts-nanum)", MissingFontWarning, stacklevel=3)
        return svg
    ordered = ", ".join([first, *(f for f in families if f != first)])
    return svg[:match.start(1)] + ordered + svg[match.end(1):]


@functools.cache
def installed_families(lang: str, chars: str = "") -> frozenset[str]:
    """The font families that fontconfig knows for ``lang`` and that draw every character
    of ``chars`` (``fc-list :lang=ko:charset=e9`` for 'é'), each under all its names;
    empty when there is none or fontconfig's ``fc-list`` is not there."""
    pattern = f":lang={lang}"
    if chars:
        pattern += ":charset=" + " ".join(f"{ord(c):x}" for c in chars)
    try:
        out = subprocess.run(["fc-list", pattern, "family"], capture_output=True,
                             text=True, check=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    return frozenset(name.strip() for line in out.splitlines() for name in line.split(",")
                     if name.strip())


def pdf_pages(svgs: Sequence[str], paper: str = "a4") -> bytes:
    """One PDF with a page for each SVG of ``svgs``, in order, on ``paper`` (``"a4"`` or
    ``"letter"``): each drawing centred and scaled to fit inside a 10 mm margin, the page
    turned (portrait or landscape) to whichever prints it larger. Vector, like
    :func:`sheet_bytes`; Korean text gets an installed Korean font (:func:`for_cairo`).
    Pages repeating a sheet share one drawing of it, and sheets that differ only by the
    pupil's name on their name line share the drawing of the rest, each page adding its
    name on top (a class set of 28 copies of the dig site: 50 kB in 0.8 s, against 427 kB
    in 5.2-5.8 s when each page drew it again).

    >>> from paleowidgets.core.maps import parse_document
    >>> from paleowidgets.core.rules import TINY
    >>> sheet = render_svg(parse_document(TINY))
    >>> pdf_pages([sheet, sheet], "letter").count(b"/Type /Page ")    # not /Pages
    2
    """
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}: the papers are {', '.join(PAPERS)}")
    if not svgs:
        raise ValueError("no pages to write")
    import io

    import cairocffi
    import cairosvg.parser
    import cairosvg.surface

    out = io.BytesIO()
    short, long = PAPERS[paper]
    pdf = cairocffi.PDFSurface(out, short, long)

    class Page(cairosvg.surface.PDFSurface):    # type: ignore[misc]
        """CairoSVG drawing onto a cairo recording (its documented hook) instead of a
        PDF surface of its own: the recording is painted on the pages of one file."""

        def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
            return recording, width, height

    # A sheet is drawn once, however many pages repeat it (copies of a class set), as a
    # recording that stays vector in the PDF. Every recording is kept until the file is
    # finished: cairo writes a page's painted surfaces out only then.
    recordings: dict[str, Any] = {}
    recording: Any = None             # the one Page draws onto (its hook above)

    def drawing(svg: str, width_pt: float, height_pt: float) -> Any:
        nonlocal recording
        if svg not in recordings:
            recording = cairocffi.RecordingSurface(cairocffi.CONTENT_COLOR_ALPHA, None)
            tree = cairosvg.parser.Tree(bytestring=for_cairo(svg).encode("utf-8"))
            Page(tree, None, 96, output_width=width_pt * PX_PER_PT,
                 output_height=height_pt * PX_PER_PT)
            recordings[svg] = recording
        return recordings[svg]

    # Sheets that differ only by their names share the drawing of the rest; a sheet whose
    # rest is on no other page is drawn whole (its text then reads in the sheet's order).
    parts = [_name_apart(svg) for svg in svgs]
    shared = Counter(drawings[0] for drawings in parts)
    for svg, drawings in zip(svgs, parts, strict=True):
        if shared[drawings[0]] < 2:
            drawings = [svg]
        w, h = _size_px(svg)
        page_w, page_h = (short, long) if (h >= w) == (long >= short) else (long, short)
        fit = min((page_w - 2 * PAGE_MARGIN) / w, (page_h - 2 * PAGE_MARGIN) / h)  # pt/px
        width_pt, height_pt = w * fit, h * fit
        pdf.set_size(page_w, page_h)
        page = cairocffi.Context(pdf)
        for part in drawings:
            page.set_source_surface(drawing(part, width_pt, height_pt),
                                    (page_w - width_pt) / 2, (page_h - height_pt) / 2)
            page.paint()
        pdf.show_page()
    pdf.finish()
    return out.getvalue()


def _name_apart(svg: str) -> list[str]:
    """``svg`` as the drawings a page paints one over the other: the sheet without the
    pupil's name on its name line, then (when it has one) a sheet of the same size that
    holds only that name, inside the groups that hold it (their transforms and styles).
    The sheets of a class set then share the drawing of all but the name."""
    match = NAME_TEXT.search(svg)
    if match is None:
        return [svg]
    import xml.etree.ElementTree as ET
    from xml.sax.saxutils import quoteattr

    def opening(element: ET.Element) -> str:
        tag = element.tag.rpartition("}")[2]
        attributes = "".join(f" {name}={quoteattr(value)}"
                             for name, value in element.attrib.items())
        return f"<{tag}{attributes}>"

    root = ET.fromstring(svg)
    parents = {child: parent for parent in root.iter() for child in parent}
    element = root.find(".//*[@class='player-name']")
    chain: list[ET.Element] = []      # the name's groups, from the root down
    while element in parents:
        element = parents[element]
        chain.insert(0, element)
    head = opening(root).replace("<svg", f'<svg xmlns="{SVG_NS}"', 1)
    tags = [head, *(opening(group) for group in chain[1:])]
    closing = "".join(f"</{g.tag.rpartition('}')[2]}>" for g in reversed(chain))
    return [svg[:match.start()] + svg[match.end():], "".join(tags) + match.group() + closing]


def _size_px(svg: str) -> tuple[float, float]:
    """The width and height of an SVG sheet: its root's ``width`` and ``height``."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    try:
        return float(root.attrib["width"]), float(root.attrib["height"])
    except (KeyError, ValueError):
        raise ValueError("the SVG's root has no width and height in pixels") from None
