"""The stored lesson notebooks are built from their sources (nbval then checks outputs)."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

import nbformat

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


def test_stored_notebooks_have_outputs_and_no_errors() -> None:
    for path in sorted((ROOT / "lessons").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        code = [c for c in nb.cells if c.cell_type == "code"]
        assert all(c.execution_count for c in code), f"{path.name}: run it before storing"
        outputs = [o for c in code for o in c.outputs]
        assert not [o for o in outputs if o.output_type == "error"], path.name
        # every lesson shows at least one board as a static picture
        assert any("image/svg+xml" in o.get("data", {}) for o in outputs), path.name


def test_stored_notebooks_are_valid_nbformat() -> None:
    """What Jupyter, nbconvert and Binder check on opening (cell ids included)."""
    for path in sorted((ROOT / "lessons").glob("*.ipynb")):
        nbformat.validate(nbformat.read(path, as_version=4))


def test_percent_format_reader(tmp_path: Path) -> None:
    src = tmp_path / "x.py"
    src.write_text("# %% [markdown]\n# # Title\n# text\n\n# %%\nx = 1\nx\n", encoding="utf-8")
    assert build_lessons.read_cells(src) == [("markdown", "# Title\ntext"), ("code", "x = 1\nx")]


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
        mine, theirs = build_lessons.read_cells(path), build_lessons.read_cells(english)
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
