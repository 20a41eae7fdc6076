"""Names per language in map files (issue 15, item 3): every shipped map names itself and
its fossils in French and Korean, and French and Korean sheets, the snowman's items and
``paleo render --lang`` show those names, never the English ones."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

import pytest

from paleowidgets import render_svg
from paleowidgets.core.maps import Map
from paleowidgets.data import MAP_NAMES, load_map, map_path
from paleowidgets.render.snowman import items_of
from paleowidgets.render.style import document_title, fossil_name

LANGS = ("fr", "ko")


def shown_texts(svg: str) -> list[str]:
    """Every text a sheet shows or says: its text elements, titles (tooltips) and labels."""
    return [html.unescape(t) for t in re.findall(r">([^<>]+)<", svg)
            + re.findall(r'(?:aria-label|data-name)="([^"]*)"', svg)]


def english_names(doc: Map, lang: str) -> list[str]:
    """The map's and its fossils' English names that differ in ``lang`` ("Ammonite" is
    French too)."""
    pairs = [(doc.name, doc.name_in(lang))] + [(f.name, f.name_in(lang)) for f in doc.fossils]
    return [en for en, there in pairs if en and en != there]


@pytest.mark.parametrize("name", MAP_NAMES)
def test_shipped_maps_name_everything_in_french_and_korean(name: str) -> None:
    doc = load_map(name)
    for lang in LANGS:
        assert doc.names.get(lang), f"{name}.toml: [map] has no names.{lang}"
        missing = [f.id for f in doc.fossils if not f.names.get(lang)]
        assert not missing, f"{name}.toml: fossils {missing} have no names.{lang}"
    assert any(english_names(doc, lang) for lang in LANGS)   # the check below can fail


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", MAP_NAMES)
def test_sheets_show_no_english_name(name: str, lang: str) -> None:
    doc = load_map(name)
    texts = shown_texts(str(render_svg(doc, lang=lang)))
    english = [n for n in english_names(doc, lang) if any(n in t for t in texts)]
    assert not english, f"the {lang} sheet of {name} shows {english}"
    wanted = [doc.name_in(lang)] + [f.name_in(lang) for f in doc.fossils]
    absent = [n for n in wanted if not any(n in t for t in texts)]
    assert not absent, f"the {lang} sheet of {name} lacks {absent}"
    assert document_title(doc, lang) == doc.names[lang]


def test_english_sheet_keeps_english_names() -> None:
    """The check above can fail: the English sheet shows the very names it looks for."""
    doc = load_map("dig-site")
    texts = shown_texts(str(render_svg(doc, lang="en")))
    assert all(any(n in t for t in texts) for n in english_names(doc, "fr"))


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_snowman_items_are_named_by_the_map(lang: str) -> None:
    """The snowman's items are the map file's names, the same as on the sheet (no second
    translation of its own)."""
    doc = load_map("snow-map")
    assert [i.label(lang) for i in items_of(doc)] == [
        fossil_name(f, doc.theme, lang) for f in doc.fossils]


def test_snowman_item_without_names_keeps_its_name() -> None:
    doc = load_map("snow-map")
    bare = Map(doc.name, doc.width, doc.height, tuple(
        type(f)(f.id, f.points, f.bonus, f.cells, f.ring, f.name) for f in doc.fossils),
        doc.stars, theme=doc.theme)
    assert [i.label("fr") for i in items_of(bare)] == [f.name for f in doc.fossils]


@pytest.mark.parametrize("lang", LANGS)
def test_paleo_render_lang(tmp_path: Path, lang: str) -> None:
    out = tmp_path / f"snow.{lang}.svg"
    done = subprocess.run([sys.executable, "-m", "paleowidgets.cli", "render",
                           str(map_path("snow-map")), "-o", str(out), "--lang", lang],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    doc = load_map("snow-map")
    texts = shown_texts(out.read_text("utf-8"))
    assert not [n for n in english_names(doc, lang) if any(n in t for t in texts)]
    assert any(doc.names[lang] in t for t in texts)
