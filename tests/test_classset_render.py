"""A class set of sheets in one PDF (``paleo render --copies/--names/--seed/--paper/--lang``,
``paleowidgets.render.classset``), read back with pypdf (an independent PDF reader): the
page count, each page's size, map and name, Korean glyphs in an embedded Korean font, the
seed code's rolls, and one clear error naming the option for each bad input."""

from __future__ import annotations

import io
import json
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from paleowidgets.cli import main
from paleowidgets.core.classgame import ClassGame
from paleowidgets.core.maps import parse_document
from paleowidgets.core.rules import TINY
from paleowidgets.data import load_map
from paleowidgets.render.classset import MAX_COPIES, class_set, read_names, write_class_set
from paleowidgets.render.export import PAPERS, pdf_pages, sheet_bytes

if os.environ.get("CI"):      # CI installs the test extras: a missing reader is a failure
    import pypdf
else:                         # an engineer's older venv: `./kit setup test` installs it
    pypdf = pytest.importorskip("pypdf", reason="pypdf (a test extra) is not installed")

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "paleowidgets/data/maps"
CLASS_LIST = ROOT / "lessons/class-list.txt"
HANGUL = re.compile("[\uac00-\ud7af]")


def paleo(*args: str | Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def pages_text(path: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(path).pages]


def page_sizes(path: Path) -> list[tuple[float, float]]:
    return [(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
            for p in pypdf.PdfReader(path).pages]


def font_names(path: Path) -> set[str]:
    """The base fonts of every page's resources and of the drawings (form XObjects) the
    pages paint, at any depth (a subset's tag, ``ABCDEF+``, removed)."""
    names: set[str] = set()

    def entries(resources: Any, kind: str) -> list[Any]:
        found = resources.get(kind)
        return [] if found is None else [ref.get_object() for ref in found.get_object().values()]

    def walk(resources: Any) -> None:
        resources = resources.get_object()
        for font in entries(resources, "/Font"):
            names.add(str(font["/BaseFont"]).split("+")[-1])
        for drawing in entries(resources, "/XObject"):
            if drawing.get("/Subtype") == "/Form" and "/Resources" in drawing:
                walk(drawing["/Resources"])

    for page in pypdf.PdfReader(path).pages:
        walk(page["/Resources"])
    return names


def test_copies_make_that_many_pages_each_with_the_map(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    out = tmp_path / "class.pdf"
    code, text, err = paleo("render", MAPS / "first-dig.toml", "-o", out, "--copies", "4",
                            capsys=capsys)
    assert code == 0, err
    assert text.strip() == f"wrote {out}: map {MAPS / 'first-dig.toml'}, 4 pages on a4"
    texts = pages_text(out)
    assert len(texts) == 4
    name = load_map("first-dig").name
    assert all(name in t for t in texts)
    # A4 (595.28 x 846.89 pt) in either orientation, every page
    assert {tuple(sorted(s)) for s in page_sizes(out)} == {PAPERS["a4"]}


def test_names_one_sheet_each_then_blank_spares(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    names = read_names(CLASS_LIST)
    assert names == ["Ada Lovelace", "Bo", "Chloé Martin", "David", "김민준", "이서연"]
    out = tmp_path / "named.pdf"
    code, text, err = paleo("render", MAPS / "first-dig.toml", "-o", out, "--names",
                            CLASS_LIST, "--copies", "8", "--paper", "letter", "--json",
                            capsys=capsys)
    assert code == 0, err
    info = json.loads(text)
    assert info["pages"] == 8 and info["paper"] == "letter" and info["names"] == names
    assert info["cut"] == []
    texts = pages_text(out)
    assert len(texts) == 8
    for i, page in enumerate(texts):   # its pupil's name (drawn last, on top), or none
        assert re.search(r"^Name:\s*$", page, re.M), page[:200]
        last = page.rstrip().splitlines()[-1]
        if i < len(names):
            assert last == names[i], (i, last)
        else:
            assert last not in names, (i, last)
    assert {tuple(sorted(s)) for s in page_sizes(out)} == {PAPERS["letter"]}


def test_korean_class_set_has_hangul_in_a_korean_font(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    out = tmp_path / "ko.pdf"
    code, _, err = paleo("render", MAPS / "dig-site.toml", "-o", out, "--names", CLASS_LIST,
                         "--lang", "ko", capsys=capsys)
    assert code == 0, err
    texts = pages_text(out)
    assert len(texts) == 6
    korean = load_map("dig-site").name_in("ko")
    assert HANGUL.search(korean)
    assert all(korean in t for t in texts)               # the map's Korean name
    assert "김민준" in texts[4] and "이서연" in texts[5]
    assert all(HANGUL.search(t) for t in texts)
    # the glyphs come from an embedded Korean font (fonts-nanum here), not a Latin one
    # whose missing glyphs print as empty boxes
    assert any("Nanum" in f or "CJK" in f for f in font_names(out)), font_names(out)


def test_french_sheets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "fr.pdf"
    code, _, err = paleo("render", MAPS / "dig-site.toml", "-o", out, "--copies", "2",
                         "--lang", "fr", capsys=capsys)
    assert code == 0, err
    assert all("Site de fouille" in t and "Nom" in t for t in pages_text(out))


def test_seed_code_gives_the_class_games_rolls(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A paper round on a seed code shares the dice of the laptops' class game."""
    snow = load_map("snow-map")
    sheets = class_set(snow, copies=2, seed="frosty-2024 ")
    laptops = ClassGame(snow, "FROSTY-2024", ["Ada"]).rolls
    for svg in sheets:
        root = ET.fromstring(svg)
        rolls = [tuple(map(int, el.attrib["data-roll"].split("-")))
                 for el in root.iter() if "data-roll" in el.attrib]
        assert tuple(rolls) == laptops
        assert "FROSTY-2024" in svg
    out = tmp_path / "seed.pdf"
    code, text, err = paleo("render", MAPS / "snow-map.toml", "-o", out, "--copies", "2",
                            "--seed", "frosty-2024", "--json", capsys=capsys)
    assert code == 0, err
    assert json.loads(text)["seed"] == "FROSTY-2024"
    first = pages_text(out)[0]
    assert "FROSTY-2024" in first
    a, b = laptops[0]
    assert f"{a}-{b}" in first.replace("\u2011", "-")


def test_one_sheet_on_a_paper(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "one.pdf"
    code, _, err = paleo("render", MAPS / "first-dig.toml", "-o", out, "--paper", "letter",
                         capsys=capsys)
    assert code == 0, err
    assert [tuple(sorted(s)) for s in page_sizes(out)] == [PAPERS["letter"]]
    plain = tmp_path / "plain.pdf"      # without --paper: a page the size of the sheet
    assert paleo("render", MAPS / "first-dig.toml", "-o", plain, capsys=capsys)[0] == 0
    assert [tuple(sorted(s)) for s in page_sizes(plain)] != [PAPERS["letter"]]


def test_pdf_pages_fit_the_sheet_inside_the_margin() -> None:
    sheet = class_set(parse_document(TINY), copies=1)[0]
    reader = pypdf.PdfReader(io.BytesIO(pdf_pages([sheet], "a4")))
    page = reader.pages[0]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    assert sorted((width, height)) == sorted(PAPERS["a4"])
    with pytest.raises(ValueError, match="unknown paper 'a3'"):
        pdf_pages([sheet], "a3")
    with pytest.raises(ValueError, match="no pages"):
        pdf_pages([], "a4")


def test_a_sheet_is_drawn_once_and_each_name_on_top() -> None:
    """The pages of a class set paint one drawing of the sheet (a form XObject written
    once), and a page with a pupil's name paints that name's own drawing on top, one per
    distinct name; every page carries its sheet's text and its name."""
    a, b, blank = class_set(parse_document(TINY), names=["Ada", "Bo"], copies=3)
    reader = pypdf.PdfReader(io.BytesIO(pdf_pages([a, a, b, blank, a], "a4")))
    drawings = [[ref.idnum for ref in page["/Resources"]["/XObject"].values()]
                for page in reader.pages]
    assert [len(d) for d in drawings] == [2, 2, 2, 1, 2], drawings
    assert len({d[0] for d in drawings}) == 1, drawings          # the sheet, drawn once
    names = [d[1] for d in drawings if len(d) == 2]
    assert names[0] == names[1] == names[3] != names[2], drawings
    texts = [page.extract_text() for page in reader.pages]
    assert all("Tiny" in t for t in texts), texts[3]
    assert [t.rstrip().splitlines()[-1] for t in texts] == ["Ada", "Ada", "Bo", "Score", "Ada"]


def test_a_name_keeps_its_accents_beside_hangul() -> None:
    """A French sheet with a name in Hangul: the Korean font put first also draws the
    accents, so 'Chloé' and 'Chloè' print differently (NanumBarunGothic, the first Korean
    font by name here, has neither and prints both as 'Chlo')."""
    pictures = [sheet_bytes(class_set(parse_document(TINY), names=[name], lang="fr")[0],
                            ".png", scale=1.0) for name in ("Chloé 김", "Chloè 김")]
    assert pictures[0] != pictures[1]


@pytest.mark.parametrize(("args", "words"), [
    (["--copies", "0"], ["--copies", "1 to 500", "not 0"]),
    (["--copies", "1000"], ["--copies", "1 to 500", "not 1000"]),
    (["--copies", "many"], ["--copies", "not a whole number"]),
    (["--names", "nobody.txt"], ["--names", "nobody.txt", "No such file"]),
    (["--names", str(CLASS_LIST), "--copies", "3"], ["--copies 3", "6 names", "--names"]),
    (["--lang", "de"], ["--lang", "unknown language 'de'"]),
    (["--seed", " "], ["--seed", "empty"]),
    (["--paper", "a3"], ["--paper", "invalid choice"]),
])
def test_bad_input_names_the_option(args: list[str], words: list[str], tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "class.pdf"
    code, _, err = paleo("render", MAPS / "first-dig.toml", "-o", out, *args, capsys=capsys)
    assert code == 2
    assert "Traceback" not in err
    assert all(w in err for w in words), err
    assert not out.exists()                        # nothing written, not even half a PDF


@pytest.mark.parametrize(("content", "words"), [
    (b"", ["no names in it"]),
    (b"\n  \n", ["no names in it"]),
    (b"Ada\n\xff\xfeBo\n", ["not UTF-8", "byte 4"]),
    ("Ada\n" + "x" * 61 + "\n", [":2:", "61 characters", "at most 60"]),
])
def test_bad_class_lists(content: bytes | str, words: list[str], tmp_path: Path,
                         capsys: pytest.CaptureFixture[str]) -> None:
    names = tmp_path / "5B.txt"
    if isinstance(content, str):
        names.write_text(content, encoding="utf-8")
    else:
        names.write_bytes(content)
    out = tmp_path / "class.pdf"
    code, _, err = paleo("render", MAPS / "first-dig.toml", "-o", out, "--names", names,
                         capsys=capsys)
    assert code == 2
    assert str(names) in err and "--names" in err
    assert all(w in err for w in words), err
    assert not out.exists()


def test_a_class_list_from_a_spreadsheet(tmp_path: Path) -> None:
    """A byte-order mark, Windows line ends and spaces around names are not names."""
    names = tmp_path / "5B.txt"
    names.write_bytes("\ufeffAda  Lovelace \r\n\r\n Bo\r\n".encode())
    assert read_names(names) == ["Ada Lovelace", "Bo"]


@pytest.mark.parametrize(("source", "args", "words"), [
    ("game", ["--copies", "2"], ["--copies", "game log"]),
    ("game", ["--names", str(CLASS_LIST)], ["--names", "game log"]),
    ("puzzle", ["--seed", "TREX-1"], ["--seed", "puzzle has its own rolls"]),
    ("map", ["--copies", "2", "-o", "class.png"], ["--copies", ".pdf"]),
    ("map", ["--paper", "a4", "-o", "class.svg"], ["--paper", ".pdf"]),
])
def test_options_that_do_not_fit_the_file(source: str, args: list[str], words: list[str],
                                          tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    files = {"map": MAPS / "first-dig.toml",
             "puzzle": ROOT / "puzzles/1-beginner/01-first-ring.toml",
             "game": ROOT / "tests/data/good/game.json"}
    path = files[source]
    monkeypatch.chdir(tmp_path)
    if "-o" not in args:
        args = [*args, "-o", "class.pdf"]
    code, _, err = paleo("render", path, *args, capsys=capsys)
    assert code == 2, err
    assert all(w in err for w in words), err
    assert not list(tmp_path.iterdir())


def test_class_set_api_checks_its_counts(tmp_path: Path) -> None:
    tiny = parse_document(TINY)
    assert len(class_set(tiny, copies=MAX_COPIES)) == MAX_COPIES
    with pytest.raises(ValueError, match="1 to 500 sheets: 501 copies"):
        class_set(tiny, copies=MAX_COPIES + 1)
    with pytest.raises(ValueError, match="no names given"):
        class_set(tiny)
    with pytest.raises(ValueError, match="3 names for 2 copies"):
        class_set(tiny, names=["A", "B", "C"], copies=2)
    target = write_class_set(tiny, tmp_path / "t.pdf", names=["Ada"], copies=2,
                             paper="letter")
    assert len(pypdf.PdfReader(target).pages) == 2


def test_a_game_on_a_paper_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--paper (and --lang) apply to a game log's sheet too: one page."""
    out = tmp_path / "game.pdf"
    code, text, err = paleo("render", ROOT / "tests/data/good/game.json", "-o", out,
                            "--paper", "letter", "--lang", "fr", "--json", capsys=capsys)
    assert code == 0, err
    info = json.loads(text)
    assert (info["kind"], info["pages"], info["paper"], info["lang"]) == \
        ("game", 1, "letter", "fr")
    assert [tuple(sorted(s)) for s in page_sizes(out)] == [PAPERS["letter"]]
    assert f"Nom : {info['player']}" in pages_text(out)[0].replace("\n", " ")


def test_names_longer_than_the_name_line_are_named(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    names = tmp_path / "5B.txt"
    names.write_text("Jean-Baptiste Morel\nBo\n", encoding="utf-8")
    out = tmp_path / "class.pdf"
    code, text, err = paleo("render", MAPS / "first-dig.toml", "-o", out, "--names", names,
                            capsys=capsys)
    assert code == 0, err
    assert text.splitlines()[-1] == ("note: the name line holds about 16 letters; cut on "
                                     "the sheets: Jean-Baptiste Morel")
    assert "Jean-Baptiste M…" in pages_text(out)[0]
