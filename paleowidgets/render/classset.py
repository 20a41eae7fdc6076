"""A class set: one PDF with a sheet for every pupil, for a paper round of a class.

Every page shows the same map (or puzzle); a page may carry a pupil's name on its name line
(:func:`read_names` reads a class list, one name a line), and a map's sheets may carry the
rolls of a seed code on their round track with the code beside the title: the rolls a
class game on that code gives every laptop (:mod:`paleowidgets.core.classgame`), so a
paper round and a laptop round share the dice.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> sheets = class_set(parse_document(TINY), names=["Ada", "Zoë"], copies=3)
>>> [("Ada" in s, "Zoë" in s) for s in sheets]
[(True, False), (False, True), (False, False)]
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

from ..core.atomic import write_atomically
from ..core.errors import FormatError
from ..core.maps import Map, Puzzle
from .export import PAPERS, pdf_pages
from .svg import SvgDocument, render_svg

MAX_COPIES = 500        # a year group's worth; more is a typo (1000 for 100) more often
MAX_NAME = 60           # characters of one name: the name line holds about 25 at most


def class_set(document: Map | Puzzle, *, copies: int | None = None,
              names: Sequence[str] = (), seed: int | str | None = None,
              lang: str | None = None) -> list[SvgDocument]:
    """The sheets of a class set: ``copies`` sheets (by default one per name), the first
    ones with ``names`` on their name line, the rest with the line left blank. ``seed``
    (a map only) puts that seed code's rolls on every sheet; ``lang`` is the sheets'
    language. A count outside 1..MAX_COPIES, or more names than copies, is a ValueError
    that says so."""
    if not isinstance(document, Map | Puzzle):
        raise ValueError(f"a class set is printed from a map or a puzzle, not a "
                         f"{type(document).__name__}")
    count = len(names) if copies is None else copies
    if not 1 <= count <= MAX_COPIES:
        what = "no names given" if copies is None else f"{count} copies asked for"
        raise ValueError(f"a class set has 1 to {MAX_COPIES} sheets: {what}")
    if len(names) > count:
        raise ValueError(f"{len(names)} names for {count} copies: give at least as many "
                         "copies as names")
    drawn: dict[str, SvgDocument] = {}     # one drawing per distinct name (blank ones alike)

    def sheet(name: str) -> SvgDocument:
        if name not in drawn:
            drawn[name] = render_svg(document, player=name or None, seed=seed, lang=lang)
        return drawn[name]

    return [sheet(name) for name in [*names, *[""] * (count - len(names))]]


def shown_name(sheet: str) -> str:
    """The name a sheet shows on its name line ('' when none): a name longer than the
    line (about 16 letters) is cut, ending in '…'.

    >>> from paleowidgets.core.maps import parse_document
    >>> from paleowidgets.core.rules import TINY
    >>> shown_name(class_set(parse_document(TINY), names=["Jean-Baptiste Morel"])[0])
    'Jean-Baptiste M…'
    """
    element = ET.fromstring(sheet).find(".//*[@class='player-name']")
    return "" if element is None else element.text or ""


def write_class_set(document: Map | Puzzle, path: str | os.PathLike[str], *,
                    paper: str = "a4", copies: int | None = None, names: Sequence[str] = (),
                    seed: int | str | None = None, lang: str | None = None) -> Path:
    """Write the class set of :func:`class_set` as one PDF at ``path``, a sheet a page on
    ``paper`` (``"a4"`` or ``"letter"``), whole or not at all. Returns the path."""
    target = Path(path)
    if target.suffix.lower() != ".pdf":
        raise FormatError("a class set is one PDF: the file must end in .pdf", file=str(path))
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}: the papers are {', '.join(PAPERS)}")
    sheets = class_set(document, copies=copies, names=names, seed=seed, lang=lang)
    write_atomically(target, pdf_pages(sheets, paper))
    return target


def read_names(path: str | os.PathLike[str]) -> list[str]:
    """The names of a class list: one a line, in UTF-8 (a spreadsheet's byte-order mark
    is allowed); spaces around a name and blank lines are left out. A file that cannot be
    read, holds no name or a name longer than MAX_NAME characters is a FormatError naming
    the file (and the line)."""
    try:
        text = Path(path).read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise FormatError(f"not UTF-8 text (byte {e.start}): save the class list as "
                          "UTF-8", file=str(path)) from None
    names = []
    for number, line in enumerate(text.splitlines(), start=1):
        name = " ".join(line.split())
        if len(name) > MAX_NAME:
            raise FormatError(f"a name of {len(name)} characters; at most {MAX_NAME} fit a "
                              "sheet's name line", file=str(path), line=number)
        if name:
            names.append(name)
    if not names:
        raise FormatError("no names in it: write one name a line", file=str(path))
    return names
