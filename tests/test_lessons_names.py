"""What a French or Korean pupil reads in a lesson's outputs names the game's things in
their language (issue 15): no English map, fossil or item name, puzzle title or story in
the stored outputs of the French and Korean lessons (printed text and pictures), unless
the lesson's own code holds the word (an identifier the pupil types, like lesson 7's
``"Tooth"``)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat
import pytest

from paleowidgets.core.maps import Map, Puzzle, load_document
from paleowidgets.data import MAP_NAMES, load_map
from paleowidgets.exercises.lesson08 import tiny_puzzle

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"


def documents() -> list[Map | Puzzle]:
    return [*(load_map(name) for name in MAP_NAMES),
            *(load_document(p) for p in sorted((ROOT / "puzzles").rglob("*.toml"))),
            tiny_puzzle()]


def english_words(lang: str) -> set[str]:
    """The English names and texts that have another form in ``lang``."""
    words: set[str] = set()
    for doc in documents():
        m = doc.map if isinstance(doc, Puzzle) else doc
        pairs = [(m.name, m.name_in(lang))] + [(f.name, f.name_in(lang)) for f in m.fossils]
        if isinstance(doc, Puzzle):
            pairs += [(doc.title, doc.title_in(lang)), (doc.story, doc.story_in(lang))]
        words |= {en for en, there in pairs if en and en != there}
    return words


def shown_texts(path: Path) -> tuple[str, str]:
    """A notebook's outputs as a pupil reads them (printed text, HTML text, the words of
    its pictures), and its code."""
    nb = nbformat.read(path, as_version=4)
    shown, code = [], []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        code.append(cell.source)
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                shown.append(out.get("text", ""))
            data = out.get("data", {})
            for kind in ("image/svg+xml", "text/html"):
                if kind in data:
                    shown += [html.unescape(t) for t in re.findall(r">([^<>]+)<", data[kind])]
            if "text/plain" in data and not {"image/svg+xml", "text/html"} & set(data):
                shown.append(data["text/plain"])
    return "\n".join(shown), "\n".join(code)


def notebooks(lang: str) -> list[Path]:
    return sorted([*LESSONS.glob(f"*.{lang}.ipynb"),
                   *(LESSONS / "teacher").glob(f"*.{lang}.ipynb")])


def test_the_check_finds_an_english_name() -> None:
    assert {"Tusk", "Carrot nose", "First ring"} <= english_words("fr")
    assert "Trilobite" not in english_words("fr") and "Trilobite" in english_words("ko")


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_no_english_name_in_the_lessons_outputs(lang: str) -> None:
    words = english_words(lang)
    assert notebooks(lang)
    found = []
    for path in notebooks(lang):
        shown, code = shown_texts(path)
        for word in sorted(words):
            pattern = rf"(?<![\w-]){re.escape(word)}(?![\w-])"
            if re.search(pattern, shown) and not re.search(pattern, code):
                found.append(f"{path.relative_to(ROOT)}: {word!r}")
    assert not found, "\n".join(found)
