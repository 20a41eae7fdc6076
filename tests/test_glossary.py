"""One vocabulary per language (issue 15, item 2): every French and Korean text uses its
glossary's terms (paleowidgets/i18n/glossary.<lang>.toml) and none of the variants each
glossary rejects: the catalogs, the rules summaries, the lesson sources, the teacher's
guides and the names in the shipped maps.

A failure names the file, the line, the variant found and the term to use, e.g.
``lessons/src/04-enclosure.fr.py:12: 'plateau' is a rejected variant of 'board, grid
(...)': use 'grille'``.
"""

from __future__ import annotations

import io
import itertools
import re
import tokenize
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from paleowidgets import i18n
from paleowidgets.i18n.glossary import (
    Term,
    glossary,
    glossary_languages,
    rejected_in,
    variant_pattern,
)

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "paleowidgets" / "i18n"
MAPS = ROOT / "paleowidgets" / "data" / "maps"
PUZZLES = ROOT / "puzzles"
LANGS = glossary_languages()

# The terms every glossary has (issue 15's list and this kit's words).
REQUIRED = {"dig-type", "shape", "dig-up", "star", "snowflake", "one-square", "switch-shape",
            "switch-dig", "plus-one", "ring", "round", "roll", "board", "sheet", "fossil",
            "dig-site", "puzzle", "seed-code", "game-code", "cell", "orthogonal", "diagonal",
            "enclosed", "address"}

# Lesson source cells written for the teacher (build_lessons.py's markers): the form of
# address for pupils is not checked there.
TEACHER_MARKERS = ("# %% [markdown] teacher", "# %% answer", "# %% check")


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def catalog_files(lang: str) -> list[Path]:
    return [I18N / name for name in i18n.catalog_files(lang)] + [
        I18N / f"rules_summary.{lang}.md"]


def lesson_sources(lang: str) -> list[Path]:
    return sorted((ROOT / "lessons" / "src").glob(f"*.{lang}.py"))


def guides(lang: str) -> list[Path]:
    """The teacher's guides in ``lang`` (lessons/README.<lang>.md and any other
    lessons/**/*.<lang>.md), written for teachers."""
    return sorted((ROOT / "lessons").rglob(f"*.{lang}.md"))


def _blank(text: str, start: int, end: int) -> str:
    """``text`` with ``[start, end)`` made spaces (line breaks kept: lines stay put)."""
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def markdown_prose(text: str) -> str:
    """Markdown without its code (fenced blocks, `inline spans`): file names and code are
    not words of the language."""
    for m in reversed(list(re.finditer(r"```.*?```|`[^`\n]*`", text, re.DOTALL))):
        text = _blank(text, m.start(), m.end())
    return text


def python_prose(text: str) -> str:
    """A code cell's comments and strings (what it prints), its code blanked: identifiers
    such as PENTOMINOES are the same in every edition."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return text
    starts = [0, *itertools.accumulate(len(line) for line in text.splitlines(keepends=True))]
    kept = [(starts[t.start[0] - 1] + t.start[1], starts[t.end[0] - 1] + t.end[1])
            for t in tokens if t.type in (tokenize.COMMENT, tokenize.STRING)
            or t.type == getattr(tokenize, "FSTRING_MIDDLE", -1)]
    out, last = [], 0
    for start, end in kept:
        out += [re.sub(r"[^\n]", " ", text[last:start]), text[start:end]]
        last = end
    return "".join(out) + re.sub(r"[^\n]", " ", text[last:])


def problems_in_file(path: Path, lang: str, *, pupils: bool = True) -> list[str]:
    """What breaks ``lang``'s glossary in a catalog, rules summary or guide (the code in
    a Markdown file left out)."""
    text = path.read_text("utf-8")
    if path.suffix == ".md":
        text = markdown_prose(text)
    return [str(f) for f in rejected_in(text, lang, file=_rel(path), pupils=pupils)]


def lesson_cells(path: Path) -> Iterator[tuple[int, bool, str]]:
    """A lesson source's cells: each one's first line, whether pupils read it (not a
    teacher's cell), and its words (a text cell without its code spans, a code cell's
    comments and strings), line breaks kept."""
    lines = path.read_text("utf-8").splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith("# %%")] or [0]
    if starts[0] != 0:
        starts.insert(0, 0)
    for start, end in zip(starts, [*starts[1:], len(lines)], strict=True):
        marker = lines[start].strip() if lines[start:start + 1] else ""
        pupils = not any(marker.startswith(m) for m in TEACHER_MARKERS)
        cell = "".join(lines[start:end])
        yield start + 1, pupils, (markdown_prose(cell) if "[markdown]" in marker
                                  else python_prose(cell))


def problems_in_lesson(path: Path, lang: str) -> list[str]:
    """What breaks the glossary in a lesson source, cell by cell: the text cells without
    their code spans, the code cells' comments and strings; the teacher's cells are not
    held to the pupils' form of address."""
    return [str(f) for first, pupils, prose in lesson_cells(path)
            for f in rejected_in(prose, lang, file=_rel(path), pupils=pupils,
                                 first_line=first)]


# French verbs said to "vous" ("Prouvez", "tapez-les", "Interrompez"): the glossary's
# "vous" finds the pronoun, not the verb, and an imperative has no pronoun. Pupils are
# "tu" (glossary.fr.toml, address). Words in -ez that are no verb:
NOT_VOUS = {"nez", "chez", "assez", "rez"}


def vous_verbs(text: str, *, first_line: int = 1) -> list[tuple[int, str]]:
    """Each word in -ez of ``text`` that is a verb said to "vous", with its line."""
    return [(first_line + n, w) for n, line in enumerate(text.split("\n"))
            for w in re.findall(r"(?<![\w'’])\w+ez(?![\w])", line)
            if w.casefold() not in NOT_VOUS]


def problems_in_map(path: Path, lang: str) -> list[str]:
    """What breaks the glossary in a map's names in ``lang`` (``names = { fr = ... }``),
    and in a puzzle's titles and stories (``titles = { fr = ... }``, ``stories = ...``)."""
    found = []
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        key = re.match(r"\s*(names|titles|stories)\s*=", line)
        if key:
            text = tomllib.loads(line.strip()).get(key.group(1), {}).get(lang, "")
            found += rejected_in(text, lang, file=_rel(path), first_line=number)
    return [str(f) for f in found]


def puzzle_files() -> list[Path]:
    return sorted(PUZZLES.rglob("*.toml"))


def untranslated(path: Path, lang: str) -> list[str]:
    """What a puzzle file leaves in English in ``lang``: its title, story, map name and
    fossil names without a ``lang`` entry."""
    from paleowidgets.core.maps import Puzzle, load_document

    doc = load_document(path)
    assert isinstance(doc, Puzzle), f"{_rel(path)} is not a puzzle"
    gaps = [what for what, texts, english in (
        ("title", doc.titles, doc.title), ("story", doc.stories, doc.story),
        ("map name", doc.map.names, doc.map.name)) if english and lang not in texts]
    gaps += [f"fossil {f.id} name" for f in doc.map.fossils if f.name and lang not in f.names]
    return [f"{_rel(path)}: no {lang} {what}" for what in gaps]


# -- the glossaries themselves ---------------------------------------------------------------

def test_both_languages_have_a_glossary() -> None:
    assert LANGS == ("fr", "ko")


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_has_every_term(lang: str) -> None:
    missing = REQUIRED - {t.key for t in glossary(lang)}
    assert not missing, f"glossary.{lang}.toml lacks [terms.X] for {sorted(missing)}"


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_is_consistent(lang: str) -> None:
    """No variant is rejected twice, and no chosen term contains a rejected variant."""
    seen: dict[str, str] = {}
    for term in glossary(lang):
        for variant in term.rejected:
            assert variant not in seen, \
                f"glossary.{lang}.toml: {variant!r} is rejected in {seen[variant]} and {term.key}"
            seen[variant] = term.key
        assert not rejected_in(term.term, lang), \
            f"glossary.{lang}.toml: the term {term.term!r} holds a rejected variant"


def test_glossaries_ship_with_the_package() -> None:
    assert '"i18n/*.toml"' in (ROOT / "pyproject.toml").read_text("utf-8")


# -- the check can fail ------------------------------------------------------------------------

def _sample(variant: str, lang: str) -> str:
    """A sentence holding ``variant`` as a word (its ``*`` filled in)."""
    word = variant.replace("*", "ab" if lang == "fr" else "했")
    if variant.startswith("*"):
        word = ("ré" if lang == "fr" else "합") + word
    return f"Puis {word} ici." if lang == "fr" else f"그리고 {word} 여기."


@pytest.mark.parametrize("lang,term,variant", [
    (lang, term, v) for lang in LANGS for term in glossary(lang) for v in term.rejected])
def test_every_rejected_variant_is_found(lang: str, term: Term, variant: str) -> None:
    found = rejected_in(_sample(variant, lang), lang, file="sample.txt")
    assert any(f.variant == variant and f.term == term for f in found), \
        f"{variant!r} not found in {_sample(variant, lang)!r}"


@pytest.mark.parametrize("lang,text,variant", [
    ("fr", "Clique sur le plateau.", "plateau"),
    ("fr", "Deux PLATEAUX côte à côte.", "plateau"),
    ("fr", "La solution d’un casse-tête.", "casse-tête"),
    ("fr", "Tu as dégagé le fossile.", "dégag*"),
    ("fr", "Ce tour ne complète un tour\n# de case.", "tour de case"),
    ("fr", "Changer de fouille (2)", "Changer de fouille"),
    ("fr", "Avez-vous fini ?", "vous"),
    ("ko", "보드에서 쓰는 키", "보드"),
    ("ko", "화석을 발굴했습니다.", "발굴*"),
    ("ko", "화석을 발굴했습니다.", "*니다"),
    ("ko", "같은 발굴 방식 보너스", "발굴*"),
    ("ko", "중절모를 써요", "중절모"),
    ("ko", "롤이 끝나면", "롤"),
])
def test_variant_found_in_context(lang: str, text: str, variant: str) -> None:
    assert variant in [f.variant for f in rejected_in(text, lang)]


@pytest.mark.parametrize("lang,text", [
    ("fr", "Un objet déterré dans la grille."),       # "objet" holds no "jet"
    ("fr", "Changer de type de fouille (2)"),          # not "Changer de fouille"
    ("fr", "Tu marques +1 point : même type de fouille."),
    ("fr", "Le tour suivant, à chaque manche."),       # "tour" alone is a turn
    ("ko", "키보드로 움직여요."),                       # "키보드" holds no "보드"
    ("ko", "굴착 유형 전환 보너스를 써요."),
    ("ko", "보드게임"),                                 # a compound, not "보드" + particle
    ("ko", "실크햇을 써요."),
    ("ko", "고리를 다 그렸으니까 파낼 수 있어요."),   # -(으)니까 "because" is -요 speech
])
def test_chosen_terms_pass(lang: str, text: str) -> None:
    assert rejected_in(text, lang) == []


@pytest.mark.parametrize(("text", "verbs"), [
    ("Prouvez-la encore, puis tapez-les.", ["Prouvez", "tapez"]),
    ("Interrompez le noyau (■) pour arrêter.", ["Interrompez"]),
    ("Le nez en carotte, chez toi, assez de cases.", []),
    ("Prouve-la encore, puis tape-les.", []),
])
def test_verbs_said_to_vous_are_found(text: str, verbs: list[str]) -> None:
    assert [w for _, w in vous_verbs(text)] == verbs


def test_teachers_texts_may_say_vous() -> None:
    assert rejected_in("Vous projetez la grille.", "fr", pupils=False) == []
    assert rejected_in("Vous projetez la grille.", "fr")[0].variant == "vous"


def test_message_names_file_line_variant_and_term(tmp_path: Path) -> None:
    """A lesson source with a rejected variant fails with where, what and what to use; in
    a teacher's cell, "vous" passes but a wrong term does not."""
    source = tmp_path / "99-test.fr.py"
    source.write_text("# %% [markdown]\n# # Leçon\n#\n# Pose la forme sur le plateau.\n\n"
                      "# %% [markdown] teacher\n# Vous montrez la grille, puis le plateau.\n"
                      "\n# %%\nprint('Vous gagnez')\n", encoding="utf-8")
    assert problems_in_lesson(source, "fr") == [
        f"{source}:4: 'plateau' is a rejected variant of 'board, grid (the cells one draws on, "
        "in a widget or on a sheet)': use 'grille'",
        f"{source}:7: 'plateau' is a rejected variant of 'board, grid (the cells one draws on, "
        "in a widget or on a sheet)': use 'grille'",
        f"{source}:10: 'Vous' is a rejected variant of 'form of address for pupils': use "
        "'tu (toi, ton, ta, tes)'"]


def test_code_is_not_prose(tmp_path: Path) -> None:
    """Identifiers and code spans are the same in every edition: only the words count."""
    source = tmp_path / "98-test.fr.py"
    source.write_text("# %% [markdown]\n# Ouvre `02-pentominoes.fr.ipynb` : les pentominoes.\n"
                      "\n# %%\nfrom x import PENTOMINOES  # les pentominoes\n"
                      "print(len(PENTOMINOES), 'pentominoes')\n", encoding="utf-8")
    assert [p.split(": ")[0] for p in problems_in_lesson(source, "fr")] == [
        f"{source}:2", f"{source}:5", f"{source}:6"]
    guide = tmp_path / "README.fr.md"
    guide.write_text("Lis `02-pentominoes.ipynb`.\n```\npentominoes\n```\nLes pentominoes.\n",
                     encoding="utf-8")
    assert [p.split(": ")[0] for p in problems_in_file(guide, "fr")] == [f"{guide}:5"]


def test_map_names_are_checked(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[map]\nname = "Board"\nnames = { fr = "Le plateau", ko = "보드" }\n',
                   encoding="utf-8")
    assert [p.split(": ")[0] for p in problems_in_map(bad, "fr") + problems_in_map(bad, "ko")] \
        == [f"{bad}:3", f"{bad}:3"]


def test_puzzle_titles_and_stories_are_checked(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[puzzle]\ntitle = "Board"\ntitles = { fr = "Le plateau", ko = "판" }\n'
                   'stories = { fr = "Une énigme", ko = "보드 퍼즐이에요." }\n', encoding="utf-8")
    assert [p.split(": ")[0] for p in problems_in_map(bad, "fr") + problems_in_map(bad, "ko")] \
        == [f"{bad}:3", f"{bad}:4"]


def test_untranslated_names_what_is_missing(tmp_path: Path) -> None:
    from paleowidgets.core.rules import TINY

    path = tmp_path / "p.toml"
    path.write_text(TINY + '[puzzle]\ntitle = "T"\ntitles = { fr = "T fr" }\n'
                    'rolls = [[2, 5]]\n', encoding="utf-8")
    gaps = untranslated(path, "fr")
    assert gaps and all(": no fr " in g for g in gaps)
    assert not any(g.endswith("no fr title") for g in gaps)
    assert any(g.endswith("no ko title") for g in untranslated(path, "ko"))


def test_patterns_are_compiled_once() -> None:
    assert variant_pattern("plateau", "fr") is variant_pattern("plateau", "fr")


# -- the texts ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_catalogs_and_rules_summary(lang: str) -> None:
    found = [p for path in catalog_files(lang) for p in problems_in_file(path, lang)]
    assert not found, "\n".join(found)


def test_french_pupils_are_told_tu_by_the_verbs_too() -> None:
    """Every French catalog (the puzzle studio's too: pupils write puzzles), the rules
    summary and the pupils' cells of the lessons: no verb said to "vous"."""
    found = []
    for path in catalog_files("fr"):
        text = path.read_text("utf-8")
        text = markdown_prose(text) if path.suffix == ".md" else text
        found += [f"{_rel(path)}:{n}: {w}" for n, w in vous_verbs(text)]
    assert "fr.editor.json" in {p.name for p in catalog_files("fr")}
    for path in lesson_sources("fr"):
        found += [f"{_rel(path)}:{n}: {w}" for first, pupils, prose in lesson_cells(path)
                  if pupils for n, w in vous_verbs(prose, first_line=first)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_sources(lang: str) -> None:
    assert lesson_sources(lang), f"no lessons/src/*.{lang}.py"
    found = [p for path in lesson_sources(lang) for p in problems_in_lesson(path, lang)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_teachers_guides(lang: str) -> None:
    found = [p for path in guides(lang) for p in problems_in_file(path, lang, pupils=False)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_map_names(lang: str) -> None:
    found = [p for path in sorted(MAPS.glob("*.toml")) for p in problems_in_map(path, lang)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_puzzle_texts(lang: str) -> None:
    """Every shipped puzzle's title, story, map name and fossil names in the glossary's
    words."""
    assert puzzle_files(), "no puzzles/**/*.toml"
    found = [p for path in puzzle_files() for p in problems_in_map(path, lang)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_every_puzzle_is_translated(lang: str) -> None:
    """A pupil reading in ``lang`` meets no English in a shipped puzzle (docs/FORMATS.md,
    Names in other languages: ``titles``, ``stories``, ``names``)."""
    gaps = [g for path in puzzle_files() for g in untranslated(path, lang)]
    assert not gaps, "\n".join(gaps)


@pytest.mark.parametrize("lang", LANGS)
def test_meanings_the_words_cannot_tell(lang: str) -> None:
    """Where a glossary says a key must use its term (the seed code is not the game code)."""
    texts = i18n.catalog(lang)
    wrong = [f"{lang} catalog key {key!r} ({texts.get(key)!r}) must say {term.term!r} "
             f"({term.en})" for term in glossary(lang) for key in term.required_in
             if term.term.casefold() not in texts.get(key, "").casefold()]
    assert not wrong, "\n".join(wrong)
