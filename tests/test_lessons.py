"""The stored lesson notebooks are built from their sources (nbval then checks outputs)."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("build_lessons", ROOT / "tools/build_lessons.py")
assert spec and spec.loader
build_lessons = importlib.util.module_from_spec(spec)
sys.modules["build_lessons"] = build_lessons
spec.loader.exec_module(build_lessons)


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


def test_translations_keep_the_english_lessons_cells_and_code() -> None:
    assert translations()
    for path, english, _ in translations():
        assert english.exists(), f"{path.name}: no English lesson {english.name}"
        # the teacher's notes may wait for their translation; every other cell is there
        mine, theirs = (
            [(kind, text) for kind, role, text in build_lessons.read_roles(p) if role != "teacher"]
            for p in (path, english))
        assert [k for k, _ in mine] == [k for k, _ in theirs], f"{path.name}: cells differ"
        for i, ((kind, text), (_, original)) in enumerate(zip(mine, theirs, strict=True)):
            if kind == "code":
                assert code_tokens(text) == code_tokens(original), f"{path.name} cell {i}"
            else:   # every text cell translated, none forgotten in English
                assert text != original, f"{path.name} cell {i} is still the English text"


def test_translations_choose_their_language_and_show_it() -> None:
    """The notebook sets its language first; every sheet it shows is in that language."""
    for path, _, lang in translations():
        code = [text for kind, text in build_lessons.read_cells(path) if kind == "code"]
        assert f'set_language("{lang}")' in code[0], f"{path.name}: set_language first"
        nb = nbformat.read(ROOT / "lessons" / f"{path.stem}.ipynb", as_version=4)
        svgs = [o["data"]["image/svg+xml"] for c in nb.cells if c.cell_type == "code"
                for o in c.outputs if "image/svg+xml" in o.get("data", {})]
        assert len(svgs) >= 4, path.name           # the map, two sheets, the widgets' boards
        assert all(f'lang="{lang}"' in svg for svg in svgs), path.name


def test_the_teachers_guide_names_every_lesson() -> None:
    guide = (ROOT / "lessons/README.md").read_text(encoding="utf-8")
    missing = [p.name for p in sorted((ROOT / "lessons").glob("*.ipynb")) if p.name not in guide]
    assert not missing, f"lessons/README.md does not mention {missing}"


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
            for word in ("BEGIN SOLUTION", "HIDDEN TESTS", "MARK SCHEME", "Teacher's note",
                         "✔", "assert "):
                assert word not in seen, f"{pupil.name} cell {i} shows {word!r}"
        # every check follows its answer cell and says the answer is missing, not wrong
        for i, kind in enumerate(kinds):
            if kind == "check":
                assert kinds[i - 1] == "answer", f"{pupil.name} cell {i}"
                assert "answer" in nb.cells[i].source
                assert "Not answered yet" in text_of(nb.cells[i]), f"{pupil.name} cell {i}"


def test_teacher_editions_have_the_note_and_every_check_right() -> None:
    for pupil, teacher in editions():
        nb = nbformat.read(teacher, as_version=4)
        assert "Teacher's note" in nb.cells[1].source, teacher.name
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
