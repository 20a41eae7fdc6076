"""The sheets' words fit with real fonts, not only with the layout's estimate.

The layout (:func:`paleowidgets.render.primitives.text_width`) guesses a Latin letter at
0.6 of the font size and a Hangul syllable at 1. Here every ``<text>`` of the shipped maps'
sheets, in English, French and Korean, blank and with a round track of rolls and a long
pupil's name, is measured with cairo in the font the sheet names first and that is
installed here (DejaVu Sans, NanumGothic for Korean; a wide sans-serif, so narrower fonts
fit too): no word may leave the sheet or run into another word. With the estimate a third
too small (a letter 0.4 of the size), French fossil names run into their points.
"""

from __future__ import annotations

import itertools
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from paleowidgets.core.logs import GameLog
from paleowidgets.core.maps import load_document
from paleowidgets.render.export import installed_families
from paleowidgets.render.svg import render_svg

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted((ROOT / "paleowidgets/data/maps").glob("*.toml"))
SVG = "{http://www.w3.org/2000/svg}"
FONTS = {"en": "DejaVu Sans", "fr": "DejaVu Sans", "ko": "NanumGothic"}
TRANSLATE = re.compile(r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)")


class Word(NamedTuple):
    text: str
    cls: str
    left: float
    top: float
    right: float
    bottom: float


@pytest.fixture(scope="module")
def measure() -> Any:
    import cairocffi as cairo  # comes with cairosvg, a dependency
    for font in set(FONTS.values()):
        assert font in installed_families("en" if font.startswith("DejaVu") else "ko"), \
            f"{font} is not installed: ./kit test installs Debian's fonts-nanum"
    context = cairo.Context(cairo.ImageSurface(cairo.FORMAT_ARGB32, 8, 8))

    def advance(text: str, size: float, bold: bool, font: str) -> float:
        context.select_font_face(font, cairo.FONT_SLANT_NORMAL,
                                 cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
        context.set_font_size(size)
        return float(context.text_extents(text)[4])

    return advance


def words(svg: str, font: str, advance: Any) -> tuple[float, list[Word]]:
    """The sheet's width and the box of each of its words (its advance, and the font
    size's height from 0.75 above the baseline to 0.2 below it)."""
    root = ET.fromstring(svg)
    found: list[Word] = []

    def walk(element: ET.Element, x0: float, y0: float, inherited: dict[str, str]) -> None:
        moved = TRANSLATE.match(element.get("transform", ""))
        if moved:
            x0, y0 = x0 + float(moved.group(1)), y0 + float(moved.group(2))
        style = inherited | {k: v for k, v in element.attrib.items()
                             if k in ("font-size", "font-weight", "text-anchor")}
        if element.tag == f"{SVG}text" and (element.text or "").strip():
            size = float(style.get("font-size", 12))
            width = advance(element.text, size, style.get("font-weight") == "bold", font)
            x = x0 + float(element.get("x", 0))
            y = y0 + float(element.get("y", 0))
            left = x - {"end": width, "middle": width / 2}.get(style.get("text-anchor", ""), 0)
            found.append(Word(element.text or "", element.get("class", ""), left,
                              y - 0.75 * size, left + width, y + 0.2 * size))
        for child in element:
            walk(child, x0, y0, style)

    walk(root, 0.0, 0.0, {})
    return float(root.attrib["width"]), found


@pytest.mark.parametrize("lang", sorted(FONTS))
@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_words_stay_on_the_sheet_and_apart(path: Path, lang: str, measure: Any) -> None:
    document = load_document(path)
    rng = random.Random(101)
    rolls = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(document.rounds)]
    for sheet in (render_svg(document, lang=lang),
                  render_svg(document, lang=lang, rolls=rolls, player="Jean-Baptiste Morel")):
        width, found = words(str(sheet), FONTS[lang], measure)
        assert len(found) > 40, len(found)
        outside = [w for w in found if w.left < -0.5 or w.right > width + 0.5]
        assert not outside, outside
        touching = [(a, b) for a, b in itertools.combinations(found, 2)
                    if min(a.right, b.right) - max(a.left, b.left) > 0.5
                    and min(a.bottom, b.bottom) - max(a.top, b.top) > 0.5]
        assert not touching, touching


@pytest.mark.parametrize("lang", sorted(FONTS))
def test_a_played_sheet_too(lang: str, measure: Any) -> None:
    """A game log's sheet: its shapes, score lines and bonuses ticked."""
    log = GameLog.load(ROOT / "tests/data/good/game.json")
    width, found = words(str(render_svg(log, lang=lang)), FONTS[lang], measure)
    assert any(w.cls == "player-name" for w in found), found
    assert not [w for w in found if w.left < -0.5 or w.right > width + 0.5]
    assert not [(a, b) for a, b in itertools.combinations(found, 2)
                if min(a.right, b.right) - max(a.left, b.left) > 0.5
                and min(a.bottom, b.bottom) - max(a.top, b.top) > 0.5]
