"""The stored lesson notebooks are built from their sources (nbval then checks outputs)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from helpers import load_script

ROOT = Path(__file__).resolve().parent.parent
build_lessons = load_script("tools/build_lessons.py")


def test_every_lesson_source_has_an_up_to_date_notebook() -> None:
    sources = sorted((ROOT / "lessons/src").glob("*.py"))
    assert sources
    stale = [p.name for p in sources if not build_lessons.sources_match(p)]
    assert not stale, f"rebuild with tools/build_lessons.py: {stale}"


def test_every_notebook_has_a_source() -> None:
    """A notebook whose source was renamed or removed would linger, run by nbval."""
    assert (ROOT / "lessons/01-first-game.ipynb").exists()
    orphans = [p.name for p in build_lessons.orphans()]
    assert not orphans, f"no lessons/src/*.py for {orphans}"


def stored_notebooks() -> list[Path]:
    """Every stored notebook: the pupil editions, then the teacher editions."""
    return (sorted((ROOT / "lessons").glob("*.ipynb"))
            + sorted((ROOT / "lessons/teacher").glob("*.ipynb")))


def test_stored_notebooks_have_outputs_and_no_errors() -> None:
    for path in stored_notebooks():
        nb = nbformat.read(path, as_version=4)
        code = [c for c in nb.cells if c.cell_type == "code"]
        assert all(c.execution_count for c in code), f"{path.name}: run it before storing"
        outputs = [o for c in code for o in c.outputs]
        assert not [o for o in outputs if o.output_type == "error"], path.name
        # every lesson shows at least one board as a static picture
        assert any("image/svg+xml" in o.get("data", {}) for o in outputs), path.name


def test_stored_notebooks_are_valid_nbformat() -> None:
    """What Jupyter, nbconvert and Binder check on opening (cell ids included)."""
    for path in stored_notebooks():
        nbformat.validate(nbformat.read(path, as_version=4))


def test_percent_format_reader(tmp_path: Path) -> None:
    src = tmp_path / "x.py"
    src.write_text("# %% [markdown]\n# # Title\n# text\n\n# %%\nx = 1\nx\n", encoding="utf-8")
    assert build_lessons.read_cells(src) == [("markdown", "# Title\ntext"), ("code", "x = 1\nx")]


def test_cell_markers_give_the_teachers_cells_and_unknown_ones_are_refused(
        tmp_path: Path) -> None:
    src = tmp_path / "x.py"
    src.write_text("# %% [markdown] teacher\n# a note\n# %% answer\n### BEGIN SOLUTION\n"
                   "answer = 4\n### END SOLUTION\n# %% check\n### BEGIN HIDDEN TESTS\n"
                   "assert answer == 4\n### END HIDDEN TESTS\nanswer\n", encoding="utf-8")
    assert [role for _, role, _ in build_lessons.read_roles(src)] == ["teacher", "answer",
                                                                      "check"]
    nb = build_lessons.notebook_of(src)
    note, answer, check = (c.metadata["nbgrader"] for c in nb.cells)
    assert note["task"] and note["points"] == 0 and not note["grade"]
    assert answer["solution"] and not answer["locked"] and "points" not in answer
    assert check["grade"] and check["locked"] and check["points"] == 1
    assert len({m["grade_id"] for m in (note, answer, check)}) == 3
    assert nb.cells[0].source.startswith("<!-- BEGIN MARK SCHEME -->")
    src.write_text("# %% answer\nanswer = 4\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="cell 0: an answer cell without its"):
        build_lessons.notebook_of(src)
    src.write_text("# %% [code]\nx = 1\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="line 1: unknown cell marker"):
        build_lessons.read_roles(src)


# -- translated lessons ------------------------------------------------------------------------

def translations() -> list[tuple[Path, Path, str]]:
    """(translation source, English source, language) for each ``<name>.<lang>.py``."""
    from paleowidgets.i18n import available_languages

    found = []
    for path in sorted((ROOT / "lessons/src").glob("*.*.py")):
        name, lang = path.stem.rsplit(".", 1)
        assert lang in available_languages(), f"{path.name}: no language {lang!r}"
        found.append((path, path.with_name(f"{name}.py"), lang))
    return found


def code_tokens(source: str) -> list[tuple[int, str]]:
    """The tokens of some code without its strings and comments: what a translation keeps."""
    import io
    import tokenize

    words = {tokenize.STRING, tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE}
    # Python 3.12+ splits f-strings into tokens; skip them whole, as 3.11 does, since a
    # translation may put the fields in another order.
    start, end = getattr(tokenize, "FSTRING_START", -1), getattr(tokenize, "FSTRING_END", -1)
    kept, depth = [], 0
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        depth += (tok.type == start) - (tok.type == end)
        if depth == 0 and tok.type not in words | {end}:
            kept.append((tok.type, tok.string))
    return kept


def test_lesson_1_is_translated_into_french_and_korean() -> None:
    langs = {lang for path, _, lang in translations() if path.name.startswith("01-")}
    assert langs == {"fr", "ko"}


# The languages whose lessons translate the teacher's cells too (the note, the worked
# answers' reasons): their teacher editions exist in that language. The others may wait.
TEACHER_CELLS_TRANSLATED = {"fr", "ko"}
# The teacher's note's title, in each language: the note is the teacher edition's 2nd cell.
TEACHERS_NOTE = {"en": "Teacher's note", "fr": "Note pour l'enseignant", "ko": "선생님을 위한 안내"}


def comments(source: str) -> list[str]:
    """The comments of some code that hold words (``### BEGIN SOLUTION`` and the like left
    out): what a translation must translate, while its strings may be names the code needs."""
    import io
    import tokenize

    return [tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline)
            if tok.type == tokenize.COMMENT and not tok.string.startswith("###")
            and len(re.findall(r"[A-Za-z]{3,}", tok.string)) >= 2]


def test_translations_keep_the_english_lessons_cells_and_code() -> None:
    assert translations()
    for path, english, lang in translations():
        assert english.exists(), f"{path.name}: no English lesson {english.name}"
        mine, theirs = (
            [(kind, role, text) for kind, role, text in build_lessons.read_roles(p)
             if role != "teacher" or lang in TEACHER_CELLS_TRANSLATED]
            for p in (path, english))
        assert [r[:2] for r in mine] == [r[:2] for r in theirs], f"{path.name}: cells differ"
        for i, ((kind, _, text), (_, _, original)) in enumerate(zip(mine, theirs, strict=True)):
            if kind == "code":
                assert code_tokens(text) == code_tokens(original), f"{path.name} cell {i}"
                if lang in TEACHER_CELLS_TRANSLATED:   # the reasons of the worked answers too
                    left = set(comments(text)) & set(comments(original))
                    assert not left, f"{path.name} cell {i}: comments still in English {left}"
            else:   # every text cell translated, none forgotten in English
                assert text != original, f"{path.name} cell {i} is still the English text"


def test_teacher_editions_exist_in_the_languages_that_translate_them() -> None:
    for path, _, lang in translations():
        teacher = ROOT / "lessons/teacher" / f"{path.stem}.ipynb"
        if lang in TEACHER_CELLS_TRANSLATED and build_lessons.has_teacher_cells(path):
            assert teacher.exists(), f"{path.name}: no teacher edition {teacher.name}"
            note = nbformat.read(teacher, as_version=4).cells[1].source
            assert TEACHERS_NOTE[lang] in note, f"{teacher.name}: the note in {lang}"


def svgs_of(path: Path) -> list[str]:
    nb = nbformat.read(path, as_version=4)
    return [o["data"]["image/svg+xml"] for c in nb.cells if c.cell_type == "code"
            for o in c.outputs if "image/svg+xml" in o.get("data", {})]


def test_every_picture_in_a_lesson_fits_a_notebook_output() -> None:
    """Issue 11: JupyterLab at 1100 px with its file browser open leaves an output about
    668 px wide and shows image/svg+xml as an <img> it does not shrink (nor do GitHub and
    nbviewer by default): lesson 2's orbit strips (886 px, 1174 in French) stuck out of it
    on a page without a widget of ours, whose stylesheet shrinks them. Every picture a
    lesson stores is at most 640 px wide, and scales as a whole (its viewBox)."""
    too_wide = []
    for path in stored_notebooks():
        for number, svg in enumerate(svgs_of(path), start=1):
            root = re.search(r"<svg\b[^>]*>", svg)
            assert root, f"{path.name}: picture {number}"
            width = re.search(r'\swidth="([\d.]+)"', root.group(0))
            assert width, f"{path.name}: picture {number} has no width"
            where = path.relative_to(ROOT / "lessons")
            if float(width.group(1)) > 640:
                too_wide.append(f"{where} picture {number}: {width.group(1)} px")
            elif "viewBox=" not in root.group(0):
                too_wide.append(f"{where} picture {number}: no viewBox")
    assert not too_wide, "\n".join(too_wide)


def test_a_stored_picture_is_not_stored_again_as_text() -> None:
    """A notebook stores a picture's plain text beside it: one line (a sheet's is
    ``SvgDocument.describe``), not the SVG text again (before, 5.9 MB of the lessons'
    20.6 MB)."""
    doubled = []
    for path in stored_notebooks():
        nb = nbformat.read(path, as_version=4)
        for c in nb.cells:
            for o in c.get("outputs", []):
                data = o.get("data", {})
                if "image/svg+xml" in data and "text/plain" in data:
                    text = data["text/plain"]
                    if "<svg" in text or "\n" in text.strip():
                        doubled.append(f"{path.name}: {text[:60]}")
    assert not doubled, "\n".join(doubled[:10])


def test_translations_choose_their_language_and_show_it() -> None:
    """The notebook sets its language first; it shows as many pictures as the English one,
    and every sheet, figure and board among them is in its language."""
    for path, english, lang in translations():
        code = [text for kind, text in build_lessons.read_cells(path) if kind == "code"]
        # set_language("fr"), or (the Voila page) the environment's language, else "fr";
        # or LANG = "fr" then set_language(LANG), for code that names things in LANG
        assert re.search(rf'set_language\(.*"{lang}"\)|^LANG = "{lang}"\nset_language\(LANG\)',
                         code[0], re.MULTILINE), f"{path.name}: set_language"
        svgs = svgs_of(ROOT / "lessons" / f"{path.stem}.ipynb")
        assert len(svgs) == len(svgs_of(ROOT / "lessons" / f"{english.stem}.ipynb")) >= 1, \
            path.name
        # a chart's words are the lesson's own (its strings, translated with the cells)
        pictures = [svg for svg in svgs if not re.search(r'<svg[^>]*class="chart ', svg)]
        assert all(f'lang="{lang}"' in svg for svg in pictures), path.name


def test_the_teachers_guide_names_every_lesson() -> None:
    guide = (ROOT / "lessons/README.md").read_text(encoding="utf-8")
    missing = [p.name for p in sorted((ROOT / "lessons").glob("*.ipynb")) if p.name not in guide]
    assert not missing, f"lessons/README.md does not mention {missing}"
    # a guide in another language names every lesson in that language
    for guide_path in sorted((ROOT / "lessons").glob("README.*.md")):
        lang = guide_path.stem.split(".")[1]
        guide = guide_path.read_text(encoding="utf-8")
        missing = [p.name for p in sorted((ROOT / "lessons").glob(f"*.{lang}.ipynb"))
                   if p.name not in guide]
        assert not missing, f"{guide_path.name} does not mention {missing}"


def test_lesson_kernels_run_without_the_language_setting(monkeypatch: Any) -> None:
    monkeypatch.setenv("PALEOWIDGETS_LANG", "ko")
    env = build_lessons.kernel_env()
    assert "PALEOWIDGETS_LANG" not in env
    assert env["PATH"] == os.environ["PATH"]


# -- the two editions ----------------------------------------------------------------------

def editions() -> list[tuple[Path, Path]]:
    """(pupil edition, teacher edition) of every lesson that has teacher cells."""
    pairs = [(ROOT / "lessons" / p.name, p)
             for p in sorted((ROOT / "lessons/teacher").glob("*.ipynb"))]
    assert len(pairs) >= 9, "lessons 1 to 9 each have a teacher edition"
    return pairs


def text_of(cell: Any) -> str:
    """A cell's source and every output's text, as a reader sees them."""
    parts = [cell.source]
    for out in cell.get("outputs", []):
        parts.append(out.get("text", ""))
        parts.extend(str(v) for v in out.get("data", {}).values())
    return "\n".join(parts)


def roles(nb: Any) -> list[str]:
    return ["answer" if c.metadata.get("nbgrader", {}).get("solution") else
            "check" if c.metadata.get("nbgrader", {}).get("grade") else ""
            for c in nb.cells]


def test_pupil_editions_have_empty_answers_no_solution_and_no_tick() -> None:
    for pupil, _ in editions():
        nb = nbformat.read(pupil, as_version=4)
        kinds = roles(nb)
        answers = [c for c, r in zip(nb.cells, kinds, strict=True) if r == "answer"]
        if pupil.name.startswith(("02", "03", "04", "05", "06", "07", "08", "09")):
            assert len(answers) >= 3, f"{pupil.name}: exercises with answer cells"
        assert all(c.source == "answer = None" for c in answers), pupil.name
        for i, cell in enumerate(nb.cells):
            seen = text_of(cell)
            for word in ("BEGIN SOLUTION", "HIDDEN TESTS", "MARK SCHEME",
                         *TEACHERS_NOTE.values(), "✔", "assert "):
                assert word not in seen, f"{pupil.name} cell {i} shows {word!r}"
        # every check follows its answer cell and says the answer is missing, not wrong
        for i, kind in enumerate(kinds):
            if kind == "check":
                assert kinds[i - 1] == "answer", f"{pupil.name} cell {i}"
                assert "answer" in nb.cells[i].source
                # (the feedback's status, in every language: its words are the language's)
                assert 'data-status="unanswered"' in text_of(nb.cells[i]), \
                    f"{pupil.name} cell {i}"


def test_teacher_editions_have_the_note_and_every_check_right() -> None:
    for pupil, teacher in editions():
        nb = nbformat.read(teacher, as_version=4)
        lang = teacher.stem.rsplit(".", 1)[1] if "." in teacher.stem else "en"
        assert TEACHERS_NOTE[lang] in nb.cells[1].source, teacher.name
        assert nb.cells[1].metadata["nbgrader"]["task"], teacher.name
        kinds = roles(nb)
        for i, kind in enumerate(kinds):
            if kind == "answer":
                assert "answer = None" not in nb.cells[i].source, f"{teacher.name} cell {i}"
            if kind == "check":
                outputs = text_of(nb.cells[i])[len(nb.cells[i].source):]
                assert "✔" in outputs, f"{teacher.name} cell {i}: the worked answer is wrong"
        # the pupil edition is this one without the note: the same answer and check cells
        shown = [c.id for c in nbformat.read(pupil, as_version=4).cells]
        assert shown == [c.id for c in nb.cells if not c.metadata.get("nbgrader", {})
                         .get("task")], teacher.name
