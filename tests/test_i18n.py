"""The i18n layer: catalogs in English, French and Korean, the one language setting, the
rule explanations, the rules summary, and sheets drawn and exported in each language."""

from __future__ import annotations

import re
import tomllib
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from paleowidgets import i18n
from paleowidgets.core.errors import RULE_IDS
from paleowidgets.core.maps import Dice, Map, parse_document
from paleowidgets.core.rules import Game, State
from paleowidgets.core.terms import BONUS_KINDS, THEMES
from paleowidgets.core.turns import Turn
from paleowidgets.i18n import (
    available_languages,
    catalog,
    fields,
    get_language,
    rule_text,
    rules_summary,
    set_language,
    t,
)
from paleowidgets.render import export, render_svg, write_sheet
from paleowidgets.render.primitives import fit_text, text_width
from paleowidgets.render.style import LABELS, SHEET_KEYS, font_family, sheet_labels

ROOT = Path(__file__).resolve().parents[1]
NS = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "fr", "ko")
OTHERS = ("fr", "ko")

# The rule ids of FORMATS.md ("Why a turn is illegal: rule ids"), in its order.
FORMATS_RULE_IDS = (
    "cell-outside-grid", "cell-on-fossil", "cell-already-drawn", "cells-not-shape",
    "shape-not-allowed", "dig-not-allowed", "pass-when-fits", "bonus-not-held",
    "bonus-gained-this-round", "stars-count", "star-kind-exhausted", "square-outside-grid",
    "square-on-fossil", "square-on-star", "square-not-open", "missing-turn", "extra-turn",
    "malformed-turn",
)

# A theme's words that the other theme's texts must not use, per language.
FOSSIL_WORDS = {"en": ("fossil", "star"), "fr": ("fossile", "étoile"), "ko": ("화석", "별")}
SNOW_WORDS = {"en": ("item", "snowflake"), "fr": ("objet", "flocon"), "ko": ("아이템", "눈송이")}

PIT = '''[map]
name = "Test pit"
theme = "THEME"
grid = """
. . . . . . .
. . . . . * .
. . . A . . .
. . * . . B .
. . . . . . .
"""
[fossils.A]
name = "Ammonite"
points = 5
bonus = 3
[fossils.B]
points = 2
bonus = 1
'''
TURN = Turn.from_dict({"shape": "U", "dig": "chevron", "cells": ["C3", "E3", "C4", "D4", "E4"],
                       "stars": ["one-square"]})


@pytest.fixture(autouse=True)
def default_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts in English with no environment setting, and leaves it so."""
    monkeypatch.delenv(i18n.ENV_VAR, raising=False)
    set_language(None)
    yield
    set_language(None)


def pit(theme: str = "paleontologists") -> Map:
    m = parse_document(PIT.replace("THEME", theme), file="pit.toml")
    assert isinstance(m, Map)
    return m


def played(theme: str = "paleontologists") -> State:
    return Game(pit(theme)).initial_state().apply((2, 2), TURN)


def sheet_texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [el.text for el in root.iter(NS + "text") if el.text]


# -- the catalogs --------------------------------------------------------------------------

def test_three_languages_english_first() -> None:
    assert available_languages() == LANGS


@pytest.mark.parametrize("lang", OTHERS)
def test_every_english_key_is_translated_and_no_other(lang: str) -> None:
    en, other = catalog("en"), catalog(lang)
    assert sorted(set(en) - set(other)) == []
    assert sorted(set(other) - set(en)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_texts_are_non_empty_and_trimmed(lang: str) -> None:
    for key, text in catalog(lang).items():
        assert text and text == text.strip(), (lang, key, text)


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_are_the_same_in_every_language(lang: str) -> None:
    """A translation has the English text's fields, except the plural ending ``{s}`` that
    Korean (and sometimes French) does without, and no field of its own."""
    for key, english in catalog("en").items():
        want, got = fields(english), fields(catalog(lang)[key])
        assert got <= want, (lang, key, got - want)
        assert want - got <= i18n.OPTIONAL_FIELDS, (lang, key, want - got)


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_formats_with_its_english_fields(lang: str) -> None:
    for key, english in catalog("en").items():
        values = {name: "x" for name in fields(english)}
        t(key, lang, **values)


def test_the_language_names_are_their_own_in_every_catalog() -> None:
    for lang in LANGS:
        assert [t(f"language.{code}", lang) for code in LANGS] == ["English", "Français",
                                                                   "한국어"]


def test_every_widget_text_is_translated_in_every_catalog() -> None:
    """The widgets hold no words of their own: each literal key they pass to ``t(...)``
    has its own text in every language's catalog (not the English fallback)."""
    used: set[str] = set()
    for path in (ROOT / "paleowidgets" / "widgets").glob("*.py"):
        used |= set(re.findall(r"\bt\(\"([a-z0-9.\-]+)\"", path.read_text(encoding="utf-8")))
    assert len(used) > 30, "no t(...) calls found"
    for lang in LANGS:
        missing = sorted(k for k in used if k not in catalog(lang))
        assert missing == [], (lang, missing)
    text_module = (ROOT / "paleowidgets" / "widgets" / "text.py").read_text(encoding="utf-8")
    assert "TEXT" not in text_module           # the English-only mapping is gone


def test_the_game_vocabulary_is_in_every_language() -> None:
    keys = [*(f"shape.{x}" for x in "FILNPTUVWXYZ"),
            *(f"dig.{d}" for d in ("chevron", "dot", "hatch")),
            *(f"bonus-name.{k}" for k in BONUS_KINDS),
            *(f"{word}.{theme}" for word in ("star", "term.fossil", "term.site")
              for theme in THEMES)]
    for lang in LANGS:
        words = [t(k, lang) for k in keys]
        assert len(set(words[:12])) == 12   # twelve shape names
        assert t("shape.L", lang) != "shape.L"
    assert [t("shape.L", lang) for lang in LANGS] == ["L pentomino", "pentomino L", "L 펜토미노"]
    assert [t("star.snowman", lang) for lang in LANGS] == ["snowflake", "flocon", "눈송이"]
    assert [t("dig", lang) for lang in LANGS] == ["Dig type", "Type de fouille", "굴착 유형"]
    assert [t("bonus-name.switch-dig", lang) for lang in LANGS] == [
        "Switch Dig Type", "Changer de type de fouille", "굴착 유형 전환"]


def test_the_packaged_data_includes_the_catalogs_and_summaries() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    shipped = data["tool"]["setuptools"]["package-data"]["paleowidgets"]
    assert "i18n/*.json" in shipped and "i18n/*.md" in shipped


# -- t() and the one setting ---------------------------------------------------------------

def test_t_fills_fields_in_the_language_asked_for() -> None:
    assert t("round", round=3, rounds=20) == "Round 3 of 20"
    assert t("round", "fr", round=3, rounds=20) == "Manche 3 sur 20"
    assert t("round", "ko", round=3, rounds=20) == "라운드 3/20"
    assert t("roll.shown", "en", a=2, b=5) == "Roll 2 and 5"
    assert t("held") == "held"            # no fields given: the text as it stands
    assert t("sheet.held") == "held {n}"


def test_a_missing_key_falls_back_to_english_then_to_the_key(
        monkeypatch: pytest.MonkeyPatch) -> None:
    french = {k: v for k, v in catalog("fr").items() if k != "undo"}
    real = i18n.catalog
    monkeypatch.setattr(i18n, "catalog",
                        lambda lang=None: french if lang == "fr" else real(lang))
    assert t("undo", "fr") == "↶ Undo"
    assert t("redo", "fr") == "redo"
    assert t("no-such-key") == "no-such-key"


def test_set_language_chooses_every_text() -> None:
    assert get_language() == "en"
    set_language("fr")
    assert get_language() == "fr"
    assert t("pass") == "Passer"
    assert rule_text("cell-on-fossil") == "Une forme ne peut pas couvrir un fossile."
    assert rules_summary().startswith("# Paleontologists — les règles en bref")
    assert "Manches" in sheet_texts(render_svg(pit()))
    set_language(None)
    assert t("pass") == "Pass"


def test_the_environment_variable_gives_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PALEOWIDGETS_LANG", "ko")
    assert get_language() == "ko"
    assert t("pass") == "패스"
    set_language("fr")   # the setting wins over the environment
    assert get_language() == "fr"
    set_language(None)
    assert get_language() == "ko"
    monkeypatch.setenv("PALEOWIDGETS_LANG", "")
    assert get_language() == "en"


def test_language_codes_are_read_leniently() -> None:
    for code, want in (("fr-FR", "fr"), ("FR", "fr"), ("ko_KR", "ko"), (" en ", "en")):
        set_language(code)
        assert get_language() == want


def test_an_unknown_language_is_a_value_error_listing_the_languages(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for call in (lambda: set_language("de"), lambda: t("pass", "de"),
                 lambda: rule_text("cell-on-fossil", "xx"), lambda: rules_summary("es"),
                 lambda: render_svg(pit(), lang="de")):
        with pytest.raises(ValueError, match="en, fr, ko"):
            call()
    monkeypatch.setenv("PALEOWIDGETS_LANG", "klingon")
    with pytest.raises(ValueError, match=r"PALEOWIDGETS_LANG='klingon'.*en, fr, ko"):
        get_language()


# -- rule explanations ---------------------------------------------------------------------

def test_the_rule_ids_are_those_of_formats_md() -> None:
    assert RULE_IDS == FORMATS_RULE_IDS
    formats = ROOT.parent / "shared" / "FORMATS.md"
    if formats.exists():   # beside the repository, on the developers' machines and CI
        section = formats.read_text().split("### Why a turn is illegal")[1].split("##")[0]
        assert tuple(re.findall(r"`([a-z]+(?:-[a-z]+)+)`", section)) == FORMATS_RULE_IDS


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("theme", THEMES)
def test_every_rule_has_a_short_explanation(lang: str, theme: str) -> None:
    texts = [rule_text(rule, lang, theme=theme) for rule in FORMATS_RULE_IDS]
    assert len(set(texts)) == len(texts)
    for text in texts:
        assert text.endswith(".") and len(text) < 110, text
        assert not text.startswith("rule.")
    other = FOSSIL_WORDS if theme == "snowman" else SNOW_WORDS
    for text in texts:
        assert not any(word in text.lower() for word in other[lang]), text


def test_rule_texts_in_the_three_languages() -> None:
    assert rule_text("cell-on-fossil", "en") == "A shape cannot cover a fossil."
    assert rule_text("cell-on-fossil", "en", theme="snowman") == "A shape cannot cover an item."
    assert rule_text("square-on-star", "fr") == "Un carré ne peut pas aller sur une étoile."
    assert rule_text("pass-when-fits", "ko").endswith("패스할 수 있어요.")
    with pytest.raises(ValueError, match="cell-on-fossil"):
        rule_text("no-such-rule")
    with pytest.raises(ValueError, match="paleontologists, snowman"):
        rule_text("cell-on-fossil", theme="winter")


# -- the rules summary ---------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("theme", THEMES)
def test_rules_summary_agrees_with_the_rules(lang: str, theme: str) -> None:
    text = rules_summary(lang, theme)
    lines = [line for line in text.splitlines() if line.strip()]
    assert 25 <= len(lines) <= 45
    assert text.startswith("# ")
    assert "20" in text and "**4**" in text and "12" in text
    dice = Dice()
    for face in range(1, 7):   # the dice table: each face's shapes and dig type
        row = (f"| {face} | {', '.join(dice.shapes_of(face))} | "
               f"{t('dig.' + dice.dig_of(face), lang)} |")
        assert row in lines, row
    for kind in BONUS_KINDS:
        assert t(f"bonus-name.{kind}", lang) in text
    assert "`A1`" in text and "`+n`" in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_snowman_summary_uses_the_winter_words(lang: str) -> None:
    fossil, star = FOSSIL_WORDS[lang]
    item, snowflake = SNOW_WORDS[lang]
    plain, snow = rules_summary(lang).lower(), rules_summary(lang, "snowman").lower()
    assert fossil in plain and star in plain and item not in plain
    assert item in snow and snowflake in snow
    assert fossil not in snow and star not in snow
    assert t("term.snowman", lang) in snow and t("term.snowman", lang) not in plain


def test_rules_summary_refuses_an_unknown_theme() -> None:
    with pytest.raises(ValueError, match="paleontologists, snowman"):
        rules_summary("en", "pirates")


# -- the printed sheet ---------------------------------------------------------------------

def test_every_sheet_word_is_in_the_catalogs() -> None:
    assert set(SHEET_KEYS.values()) <= set(catalog("en"))
    assert sheet_labels("en") == LABELS
    assert LABELS["bonus.one-square"] == "One Square Anywhere"
    assert LABELS["held"] == "held {n}"


ENGLISH_SHEET_WORDS = ("Rounds", "Dice", "Bonuses", "Fossils", "Score", "One Square Anywhere",
                       "Switch Dig Type", "chevron", "hatch")


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", ("Manches", "Dés", "Bonus", "Fossiles", "Points", "Un carré n'importe où",
            "Changer de type de fouille", "chevrons", "hachures", "0 en réserve")),
    ("ko", ("라운드", "주사위", "보너스", "화석", "점수", "원스퀘어 애니웨어", "굴착 유형 전환",
            "V자", "빗금", "보유 0")),
])
def test_a_sheet_in_french_or_korean_has_no_english_word(lang: str,
                                                         words: tuple[str, ...]) -> None:
    texts = sheet_texts(render_svg(played(), lang=lang))
    for word in words:
        assert word in texts, word
    for word in ENGLISH_SHEET_WORDS:
        assert word not in texts, word
    assert not any(text.endswith("…") for text in texts)   # long words fit, none cut


def test_a_snowman_sheet_in_each_language() -> None:
    for lang, heading, name_line in (("en", "Items", "Snowman's name:"),
                                     ("fr", "Objets", "Nom du bonhomme\u00a0:"),
                                     ("ko", "아이템", "눈사람 이름:")):
        texts = sheet_texts(render_svg(played("snowman"), lang=lang))
        assert heading in texts and name_line in texts
        assert t("fossil.snowman", lang, id="B") in texts   # B has no name


def test_the_sheet_says_which_language_and_fonts_it_uses() -> None:
    for lang in LANGS:
        root = ET.fromstring(render_svg(pit(), lang=lang))
        assert root.get("lang") == (None if lang == "en" else lang)
        assert root.get("font-family") == font_family(lang)
    assert font_family("ko").startswith("NanumGothic, Noto Sans CJK KR")
    assert font_family("fr") == font_family("en") == ("DejaVu Sans, Verdana, Arial, "
                                                      "Helvetica, sans-serif")


def test_labels_override_some_words_of_a_language() -> None:
    texts = sheet_texts(render_svg(played(), lang="fr", labels={"rounds": "Tours"}))
    assert "Tours" in texts and "Manches" not in texts and "Dés" in texts


def test_text_width_counts_hangul_as_wide() -> None:
    assert text_width("화석", 10) == 20.0 and text_width("ab", 10) == 12.0
    assert fit_text("고생물학자들 눈사람 에디션", 10, 60) == "고생물학자…"
    assert fit_text("Tyrannosaurus rex", 10, 60) == "Tyrannosa…"


# -- PNG and PDF in Korean -----------------------------------------------------------------

def test_a_korean_sheet_is_written_as_png_and_pdf(tmp_path: Path) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", export.MissingFontWarning)   # checked below
        png = write_sheet(played(), tmp_path / "sheet.png", lang="ko").read_bytes()
        pdf = write_sheet(played("snowman"), tmp_path / "sheet.pdf", lang="ko").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000
    assert pdf.startswith(b"%PDF-")


def test_cairo_gets_an_installed_korean_font_first(monkeypatch: pytest.MonkeyPatch) -> None:
    svg = str(render_svg(pit(), lang="en", player="민준"))
    monkeypatch.setattr(export, "installed_families",
                        lambda lang, chars="": frozenset({"UnDotum"}))
    assert 'font-family="UnDotum, DejaVu Sans, ' in export.for_cairo(svg)
    monkeypatch.setattr(export, "installed_families",
                        lambda lang, chars="": frozenset({"Foo", "Bar"}))
    assert 'font-family="Bar, DejaVu Sans, ' in export.for_cairo(svg)
    latin = str(render_svg(pit(), lang="fr"))
    assert export.for_cairo(latin) == latin   # no Hangul: as it was


def test_no_korean_font_is_a_warning_naming_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    svg = str(render_svg(pit(), lang="ko"))
    monkeypatch.setattr(export, "installed_families", lambda lang, chars="": frozenset())
    with pytest.warns(export.MissingFontWarning, match="fonts-nanum"):
        assert export.for_cairo(svg) == svg


def test_hangul_is_drawn_as_glyphs_not_boxes() -> None:
    """Two different syllables give different pixels: with no Korean font, CairoSVG draws
    both as the same empty box."""
    assert export.installed_families("ko"), \
        "no Korean font installed: ./kit test installs Debian's fonts-nanum"
    pictures = [export.sheet_bytes(render_svg(pit(), lang="ko", title=word), ".png")
                for word in ("가가가가", "나나나나")]
    assert pictures[0] != pictures[1]
