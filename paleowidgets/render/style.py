"""Colours, sizes, fonts and words of the game sheets, in one place for the SVG and canvas
renderers.

Colours come from the Okabe–Ito palette (safe for the common colour-vision deficiencies);
dig types are told apart by pattern as well as by colour, so a sheet printed in black and
white still reads. Sizes are fractions of the cell size, so a sheet scales as one piece.
The words come from the i18n catalogs, in the language asked for.

>>> THEMES["snowman"].digs["dot"]
'#CC79A7'
>>> label(LABELS, "held", n=2)
'held 2'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from .. import i18n
from ..core.maps import Fossil, Map, Puzzle

# Okabe & Ito (2008), "Color Universal Design".
OKABE_ITO: Mapping[str, str] = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky-blue": "#56B4E9",
    "bluish-green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish-purple": "#CC79A7",
}

# Font families, most wanted first. Browsers fall back glyph by glyph, to any installed font
# when the list has none; CairoSVG (PNG and PDF) takes only the first family, so a Korean
# sheet names Korean fonts first, and the export puts an installed Hangul font first
# whenever a sheet holds Hangul (paleowidgets.render.export). Debian: `fonts-nanum`.
LATIN_FONTS = ("DejaVu Sans", "Verdana", "Arial", "Helvetica")
# Hangul: the jamo, compatibility jamo, extended jamo A and the syllables.
HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af]")
KOREAN_FONTS = ("NanumGothic", "Noto Sans CJK KR", "Noto Sans KR", "Malgun Gothic",
                "Apple SD Gothic Neo", "UnDotum")
FONT_FAMILY = ", ".join((*LATIN_FONTS, "sans-serif"))
FONT_FAMILIES: Mapping[str, str] = {
    "ko": ", ".join((*KOREAN_FONTS, *LATIN_FONTS, "sans-serif")),
}


def font_family(lang: str) -> str:
    """The CSS font-family list of a sheet in ``lang``.

    >>> font_family("ko").split(", ")[0]
    'NanumGothic'
    """
    return FONT_FAMILIES.get(lang, FONT_FAMILY)


@dataclass(frozen=True)
class Theme:
    """The colours of one edition's sheet (hex strings)."""

    name: str
    paper: str            # the sheet's background
    ink: str              # titles and labels
    muted: str            # small print, margins
    grid: str             # thin cell lines
    open: str             # an open cell
    fossil: str           # a fossil (item) cell
    fossil_edge: str      # its outline and letter
    dug: str              # a dug-up fossil's cells
    accent: str           # stars, gained bonuses, played rounds
    square: str           # a One-Square cell, filled solid
    predrawn: str         # a puzzle's '#' cell
    outline: str          # the outline of a drawn shape
    # dig type -> stroke colour of its pattern; left out of the hash (a dict has none), so
    # that a theme can key the plan's caches (sections.py); two equal themes still agree
    digs: Mapping[str, str] = field(hash=False)


THEMES: Mapping[str, Theme] = {
    "paleontologists": Theme(
        name="paleontologists", paper="#FCF8EF", ink="#3B2A1A", muted="#7A6A58",
        grid="#B9AA92", open="#FFFDF8", fossil="#E4D3AE", fossil_edge="#6B4A26",
        dug="#F3E37C", accent=OKABE_ITO["orange"], square="#2E2A26", predrawn="#A39D94",
        outline="#1E1A16",
        digs={"chevron": OKABE_ITO["vermillion"], "dot": OKABE_ITO["blue"],
              "hatch": OKABE_ITO["bluish-green"]}),
    "snowman": Theme(
        name="snowman", paper="#F3F8FC", ink="#17324D", muted="#56708A",
        grid="#A5BCD0", open="#FFFFFF", fossil="#D3E5F3", fossil_edge="#1F4E79",
        dug="#86C9EE", accent=OKABE_ITO["sky-blue"], square="#17324D", predrawn="#9AA8B6",
        outline="#0E2237",
        digs={"chevron": OKABE_ITO["blue"], "dot": OKABE_ITO["reddish-purple"],
              "hatch": OKABE_ITO["bluish-green"]}),
}

# Sizes, as fractions of the cell size.
PAD = 0.55             # around the sheet and between blocks
GAP = 0.45             # between blocks side by side
MARGIN_LEFT = 0.75     # the row-number margin of the grid
MARGIN_TOP = 0.6       # the column-letter margin of the grid
TITLE_SIZE = 0.6       # font sizes
SUBTITLE_SIZE = 0.32
HEADING_SIZE = 0.34
TEXT_SIZE = 0.3
SMALL_SIZE = 0.24
THIN = 0.03            # stroke widths
MEDIUM = 0.055
THICK = 0.09
ROUND_BOX = 1.0        # round track: box width, height, gap; boxes per row
ROUND_BOX_HEIGHT = 0.95
ROUND_GAP = 0.1
ROUNDS_PER_ROW = 10
BONUS_LABEL = 3.6      # bonus track: label column (at least, at most), circle radius
BONUS_LABEL_MAX = 5.2  # and pitch, row height
BONUS_RADIUS = 0.19
BONUS_PITCH = 0.52
BONUS_ROW = 0.55
FOSSIL_ROW = 0.62      # fossil table: row height, rows per column (at least), columns
FOSSIL_ROWS = 6        # (at most; more fossils make longer columns), column width
FOSSIL_COLUMNS = 3
FOSSIL_COLUMN = 5.4
DICE_COLUMN = 1.6      # dice table: column width, mini-shape cell
MINI_CELL = 0.15
SCORE_WIDTH = 3.4      # score box
SCORE_HEIGHT = 2.2

# Pattern tiles, as fractions of the cell size: a whole number of tiles fills a cell, so
# patterns line up from cell to cell.
TILE: Mapping[str, float] = {"chevron": 1 / 3, "dot": 1 / 4, "hatch": 1 / 4}
TINT = 0.82            # how far a dig colour is lightened for the tile's background


# The sheet's words. Each label key (what ``render_svg(..., labels=...)`` overrides) names
# a key of the i18n catalogs (paleowidgets/i18n/*.json), where the words of every
# language live; ``{name}`` fields are filled with :func:`label`.
SHEET_KEYS: Mapping[str, str] = {
    "edition.paleontologists": "edition.paleontologists",
    "edition.snowman": "edition.snowman",
    "fossils.paleontologists": "fossils.paleontologists",
    "fossils.snowman": "fossils.snowman",
    "star.paleontologists": "star.paleontologists",
    "star.snowman": "star.snowman",
    "bonuses": "bonuses",
    "bonus.one-square": "bonus-name.one-square",
    "bonus.switch-shape": "bonus-name.switch-shape",
    "bonus.switch-dig": "bonus-name.switch-dig",
    "bonus.plus-one": "bonus-name.plus-one",
    "held": "sheet.held",
    "rounds": "sheet.rounds",
    "dice": "sheet.dice",
    "dig.chevron": "dig.chevron",
    "dig.dot": "dig.dot",
    "dig.hatch": "dig.hatch",
    "score": "score",
    "breakdown": "sheet.breakdown",
    "name": "sheet.name",
    "snowman-name": "sheet.snowman-name",
    "puzzle": "sheet.puzzle",
    "blank": "sheet.blank",
    "progress": "sheet.progress",
    "seed": "seed",
    "pass": "sheet.pass",
    "fossil": "fossil",
    "fossil.snowman": "fossil.snowman",
}


def sheet_labels(lang: str | None = None,
                 labels: Mapping[str, str] | None = None) -> dict[str, str]:
    """The sheet's words in ``lang`` (the language set in :mod:`paleowidgets.i18n` by
    default), with ``labels`` replacing some of them.

    >>> sheet_labels("fr")["rounds"]
    'Manches'
    >>> sheet_labels("fr", {"rounds": "Tours"})["rounds"]
    'Tours'
    """
    words = {key: i18n.template(entry, lang) for key, entry in SHEET_KEYS.items()}
    return {**words, **(labels or {})}


# The English words, the default of :func:`label`.
LABELS: Mapping[str, str] = sheet_labels("en")


def label(labels: Mapping[str, str], key: str, **fields: object) -> str:
    """The text for ``key``, fields filled in; the English default when ``labels`` lacks it.

    >>> label({"score": "Punkte"}, "score")
    'Punkte'
    """
    text = labels.get(key, LABELS.get(key, key))
    return text.format(**fields) if fields else text


def tint(colour: str, amount: float = TINT) -> str:
    """``colour`` mixed with white: ``amount`` 0 keeps it, 1 gives white.

    >>> tint("#000000", 0.5)
    '#808080'
    """
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02X}" for c in mix)


# -- names from the map file, in the language asked for ---------------------------------------

def themed(key: str, theme: str) -> str:
    """The Snowman Edition's wording of ``key`` when it has one (``key.snowman``)."""
    special = f"{key}.{theme}"
    return special if theme == "snowman" and special in i18n.catalog("en") else key


def fossil_name(fossil: Fossil, theme: str, lang: str | None = None) -> str:
    """A fossil's name in ``lang`` (the map file's ``names``, else its ``name``), or
    "Fossil A" ("Item A") in ``lang`` when it has none.

    >>> from paleowidgets.data import load_map
    >>> fossil_name(load_map("first-dig").fossils[1], "paleontologists", "fr")
    'Dent de requin'
    """
    code = i18n.get_language() if lang is None else i18n.normalize(lang)
    return fossil.name_in(code) or i18n.t(themed("fossil", theme), code, id=fossil.id)


def document_title(document: Map | Puzzle, lang: str | None = None) -> str:
    """What a board or sheet is called: a puzzle's title, else its map's name in ``lang``.

    >>> from paleowidgets.data import load_map
    >>> document_title(load_map("dig-site"), "ko")
    '굴착지'
    """
    code = i18n.get_language() if lang is None else i18n.normalize(lang)
    if isinstance(document, Puzzle):
        return document.title_in(code) or document.map.name_in(code)
    return document.name_in(code)
