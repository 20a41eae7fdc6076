"""One writer of turns: what ``paleo solve`` prints to paste into a puzzle is written by
core/writer.py's turn_inline, the function that writes a saved puzzle's solution."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from paleowidgets import cli
from paleowidgets.core.maps import Puzzle, load_document
from paleowidgets.core.writer import document_toml

PUZZLE = Path(__file__).parent.parent / "puzzles" / "1-beginner" / "01-first-ring.toml"


def test_solve_prints_the_solution_as_the_writer_writes_it() -> None:
    assert not hasattr(cli, "_toml_inline")      # one writer of inline turns, not two
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["solve", str(PUZZLE)]) == 0
    printed = out.getvalue().splitlines()
    pasted = printed[printed.index("solution = ["):]
    puzzle = load_document(PUZZLE)
    assert isinstance(puzzle, Puzzle)
    written = document_toml(puzzle).splitlines()
    assert written[written.index("solution = ["):] == pasted
