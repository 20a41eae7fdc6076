"""A puzzle's title and story per language (issue 15; docs/FORMATS.md, "Names in other
languages"): ``titles`` and ``stories`` in ``[puzzle]`` are read and checked like a map's
``names``, kept by the writer and by codes, and shown by sheets, the puzzle widget and
lesson 8 in the reader's language; every shipped puzzle carries French and Korean ones."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from paleowidgets import render_svg
from paleowidgets.core.codes import decode, encode
from paleowidgets.core.errors import FormatError
from paleowidgets.core.maps import Puzzle, load_document, parse_document
from paleowidgets.core.rules import TINY
from paleowidgets.core.writer import document_toml
from paleowidgets.render.style import document_title

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "puzzles").rglob("*.toml"))
LANGS = ("fr", "ko")

PUZZLE = TINY + """[puzzle]
title = "First ring"
titles = { fr = "Premier anneau", ko = "첫 고리" }
story = "Two rolls."
stories = { fr = "Deux lancers.", ko = "주사위 굴림 두 번." }
rolls = [[2, 5], [1, 4]]
"""


def puzzle(text: str = PUZZLE) -> Puzzle:
    doc = parse_document(text, file="p.toml")
    assert isinstance(doc, Puzzle)
    return doc


def shown_texts(svg: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r">([^<>]+)<", svg)]


def test_titles_and_stories_are_read() -> None:
    p = puzzle()
    assert (p.title_in("fr"), p.title_in("ko"), p.title_in("en")) == \
        ("Premier anneau", "첫 고리", "First ring")
    assert (p.story_in("fr"), p.story_in("de")) == ("Deux lancers.", "Two rolls.")
    plain = puzzle(PUZZLE.replace("titles", "#titles").replace("stories", "#stories"))
    assert (plain.title_in("fr"), plain.story_in("ko")) == ("First ring", "Two rolls.")
    assert plain == p          # like names: not what makes two puzzles the same


@pytest.mark.parametrize(("line", "message"), [
    ('titles = "Premier anneau"', "[puzzle] titles must be a table of language codes"),
    ('titles = { FR = "Premier anneau" }', "'FR' is not a language code"),
    ('titles = { fr = "" }', "the fr title must be a non-empty string"),
    ('stories = { ko = 3 }', "the ko story must be a non-empty string"),
])
def test_bad_titles_and_stories_name_the_file_and_line(line: str, message: str) -> None:
    text = PUZZLE.replace('titles = { fr = "Premier anneau", ko = "첫 고리" }', "#")
    text = text.replace('stories = { fr = "Deux lancers.", ko = "주사위 굴림 두 번." }', line)
    number = text.splitlines().index(line) + 1
    with pytest.raises(FormatError) as e:
        parse_document(text, file="p.toml")
    assert str(e.value).startswith(f"p.toml:{number}: ")
    assert message in str(e.value)


def test_writer_and_codes_keep_them() -> None:
    p = puzzle()
    for back in (parse_document(document_toml(p)), decode(encode(p))):
        assert isinstance(back, Puzzle)
        assert (dict(back.titles), dict(back.stories)) == (dict(p.titles), dict(p.stories))


def test_a_code_without_them_is_unchanged() -> None:
    """The texts ride on a flag of their own: a puzzle without them packs as before."""
    plain = puzzle(PUZZLE.replace("titles", "#titles").replace("stories", "#stories"))
    assert len(encode(plain)) < len(encode(puzzle()))
    assert decode(encode(plain)) == plain


@pytest.mark.parametrize("lang", LANGS)
def test_sheets_and_boards_take_the_title_of_their_language(lang: str) -> None:
    p = puzzle()
    assert document_title(p, lang) == p.titles[lang]
    texts = shown_texts(str(render_svg(p, lang=lang)))
    assert p.titles[lang] in texts and "First ring" not in texts
    assert "First ring" in shown_texts(str(render_svg(p, lang="en")))
    # a title given by the caller is kept as it is
    assert "Mine" in shown_texts(str(render_svg(p, lang=lang, title="Mine")))


@pytest.mark.parametrize("lang", LANGS)
def test_puzzle_widget_tells_the_story_in_its_language(lang: str) -> None:
    from paleowidgets.widgets.puzzle import PuzzleWidget

    p = puzzle()
    w = PuzzleWidget(p, lang=lang)
    assert html.escape(p.stories[lang]) in w.intro.value
    assert "Two rolls." not in w.intro.value


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_shipped_puzzles_read_with_their_texts(path: Path) -> None:
    doc = load_document(path)
    assert isinstance(doc, Puzzle)
    for lang in LANGS:
        assert doc.titles.get(lang, "").strip(), f"{path.name}: no {lang} title"
        assert doc.stories.get(lang, "").strip(), f"{path.name}: no {lang} story"


def test_the_editors_draft_keeps_them() -> None:
    from paleowidgets.core.drafts import Draft

    p = puzzle()
    d = Draft.of(p)
    d.title = "First ring, again"                 # an edit keeps the other languages
    back = d.document()
    assert isinstance(back, Puzzle)
    assert (dict(back.titles), dict(back.stories)) == (dict(p.titles), dict(p.stories))
    assert back.title_in("en") == "First ring, again"


def test_korean_charts_name_a_korean_font_first() -> None:
    """A chart is in its caller's words: with Hangul in them it names Korean fonts first
    (CairoSVG draws PNG and PDF with the first family only), like a Korean sheet."""
    import xml.etree.ElementTree as ET

    from paleowidgets.render.chart import bar_chart, histogram, line_chart
    from paleowidgets.render.style import FONT_FAMILY, font_family

    korean = [bar_chart(["초급", "중급"], [3, 4], title="사다리"),
              histogram([3, 4, 4], xlabel="점수"),
              line_chart([1, 2], {"탐욕": [1, 2]})]
    for svg in korean:
        family = ET.fromstring(svg).get("font-family")
        assert family == font_family("ko") and family.startswith("NanumGothic")
    assert ET.fromstring(bar_chart(["a", "b"], [3, 4], title="Ladder")).get(
        "font-family") == FONT_FAMILY
    # the Korean lessons' stored charts say so too
    import json

    charts = [o["data"]["image/svg+xml"] for path in sorted((ROOT / "lessons").glob("*.ko.ipynb"))
              for c in json.loads(path.read_text("utf-8"))["cells"] for o in c.get("outputs", [])
              if 'class="chart ' in "".join(o.get("data", {}).get("image/svg+xml", ""))]
    assert charts
    for svg in charts:
        assert f'font-family="{font_family("ko")}"' in "".join(svg)


@pytest.mark.parametrize("lang", LANGS)
def test_boards_name_fossils_in_their_language(lang: str) -> None:
    """The enclosure inspector's board (render.canvas.plan_board) names its fossils in the
    inspector's language, as the sheet does (lesson 4 showed English tooltips)."""
    from paleowidgets.core.rules import Game
    from paleowidgets.data import load_map
    from paleowidgets.render.enclosure import render_enclosure

    school = load_map("ring-school")
    svg = str(render_enclosure(Game(school).initial_state(), "A", step=0, lang=lang))
    tips = re.findall(r"<title>([^<]*)</title>", svg)
    for f in school.fossils:
        assert f"{f.name_in(lang)}: {f.points} +{f.bonus}" in tips
        if f.name_in(lang) != f.name:
            assert f"{f.name}: {f.points} +{f.bonus}" not in tips
