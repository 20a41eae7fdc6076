"""README.md and lessons/README.md say true things: every Python snippet runs (in order, one
namespace per file, in a scratch folder), and every shell command names a real ``./kit``
command and real ``paleo`` subcommands and options (the quick ones are run)."""

from __future__ import annotations

import itertools
import os
import re
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from paleowidgets.cli import build_parser
from paleowidgets.i18n import available_languages, set_language

ROOT = Path(__file__).resolve().parents[1]
# The teacher's guide in other languages: lessons/README.<lang>.md.
GUIDES = tuple(sorted(p.relative_to(ROOT).as_posix()
                      for p in (ROOT / "lessons").glob("README.*.md")))
DOCS = ("README.md", "lessons/README.md", *GUIDES)
FENCE = re.compile(r"^( *)```(\w*)\n(.*?)^\1```", re.S | re.M)


def snippets(doc: str, lang: str) -> list[tuple[int, str]]:
    """The fenced blocks of ``doc`` in ``lang`` ('' for no language tag), dedented, with
    the line each starts on."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    return [(text[:m.start()].count("\n") + 1, textwrap.dedent(m.group(3)))
            for m in FENCE.finditer(text) if m.group(2) == lang]


def commands(doc: str) -> list[tuple[int, str]]:
    """Each shell command of ``doc``: the lines of ``bash`` blocks, and the ``$ ...`` lines
    of plain blocks (shown with their output)."""
    out = []
    for line, block in snippets(doc, "bash") + snippets(doc, ""):
        for i, text in enumerate(block.splitlines()):
            text = text.split("  #")[0].strip()
            if text.startswith("$ "):
                out.append((line + i + 1, text[2:]))
            elif text and not text.startswith(("#", "[", "http", "wrote", "player", "Ada",
                                               "Snow", "winner", "$")) and \
                    any(text.startswith(p) for p in ("./kit", ".venv/", "PALEOWIDGETS_LANG")):
                out.append((line + i + 1, text))
    return out


def kit_commands() -> set[str]:
    kit = (ROOT / "kit").read_text(encoding="utf-8")
    return set(re.findall(r"^  ([a-z]+)\)$", kit, re.M))


@pytest.mark.parametrize("doc", DOCS)
def test_every_python_snippet_runs(doc: str, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = snippets(doc, "python")
    assert blocks, f"{doc} has no Python snippet"
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__readme__"}
    try:
        for line, code in blocks:
            try:
                exec(compile(code, f"{doc}:{line}", "exec"), namespace)
            except Exception as e:     # the snippet's place, then what went wrong
                pytest.fail(f"{doc}:{line}: the snippet fails: {type(e).__name__}: {e}")
    finally:
        set_language(None)         # a guide's snippet may choose its language: not the next test's


def test_the_translated_guides_exist_and_keep_the_configuration() -> None:
    """The guide in French (and any other language) is there, and its server configuration
    is the English one, word for word: tests/test_school_server.py executes that one."""
    assert "lessons/README.fr.md" in GUIDES
    english = [code for _, code in snippets("lessons/README.md", "py")]
    for guide in GUIDES:
        assert [code for _, code in snippets(guide, "py")] == english, guide


def test_the_snippets_are_found() -> None:
    """The block finder sees the indented snippets of a list (lessons/README.md) too."""
    assert len(snippets("lessons/README.md", "python")) >= 4
    assert any("./kit voila" in c for _, c in commands("lessons/README.md"))
    assert any("paleo simulate" in c for _, c in commands("README.md"))


@pytest.mark.parametrize("doc", DOCS)
def test_every_shell_command_exists(doc: str, tmp_path: Path) -> None:
    kit = kit_commands()
    parser = build_parser()
    found = commands(doc)
    assert found
    for line, command in found:
        words = shlex.split(command)
        env = {}
        while words and re.match(r"^[A-Z_]+=", words[0]):
            key, value = words.pop(0).split("=", 1)
            env[key] = value
        if "PALEOWIDGETS_LANG" in env:
            assert env["PALEOWIDGETS_LANG"] in available_languages(), f"{doc}:{line}: {command}"
        program, args = words[0], words[1:]
        if program == "./kit":
            assert args[0] in kit, f"{doc}:{line}: ./kit has no command {args[0]!r}"
            continue
        assert program == ".venv/bin/paleo", f"{doc}:{line}: unknown program {program!r}"
        try:
            parser.parse_args(args)
        except SystemExit:
            pytest.fail(f"{doc}:{line}: paleo does not take {' '.join(args)!r}")
        if args[0] == "render" and (ROOT / args[1]).exists():      # quick: run it
            options = [str(ROOT / a) if b == "--names" else a     # a class list of the repo
                       for b, a in itertools.pairwise(args[1:])]
            run = subprocess.run(
                [sys.executable, "-m", "paleowidgets.cli", "render", str(ROOT / args[1]),
                 *options], cwd=tmp_path, capture_output=True, text=True,
                env={**os.environ, **env}, timeout=120)
            assert run.returncode == 0, f"{doc}:{line}: {run.stderr}"
            assert (tmp_path / args[args.index("-o") + 1]).stat().st_size > 1000
