"""Any file of FORMATS.md, read and fully checked: maps, puzzles (solution replayed), logs."""

from __future__ import annotations

from pathlib import Path

from .errors import FormatError, IllegalTurnError
from .logs import GameLog, replay_turns
from .maps import Map, Puzzle, load_document, solution_key_line, solution_lines
from .rules import Game

Document = Map | Puzzle | GameLog


def load_file(path: str | Path) -> Document:
    """Load a map/puzzle (``.toml``) or a game log (``.json``), checked against the rules.
    A puzzle's solution is replayed and must score exactly its optimum."""
    p = Path(path)
    if p.suffix.lower() == ".json":
        return GameLog.load(p)
    doc = load_document(p)
    if isinstance(doc, Puzzle):
        check_solution(doc)
    return doc


def find_file(path: str | Path, *, start: str | Path | None = None) -> Path:
    """``path`` as given when it exists; a relative path that does not is looked for in the
    folders above ``start`` (the working directory: a notebook's kernel runs in
    ``lessons/``) and in the folder that holds the package (the repository, for a
    development install), so ``puzzles/1-beginner/01-first-ring.toml`` works from a
    lesson. A FormatError names the path and every folder looked in.

    >>> find_file("pyproject.toml").name
    'pyproject.toml'
    """
    p = Path(path)
    if p.exists() or p.is_absolute():
        return p              # an absolute path that is not there: its reader says so
    here = Path.cwd() if start is None else Path(start)
    folders = [here.resolve(), *here.resolve().parents]
    repository = Path(__file__).resolve().parents[2]
    if repository not in folders:
        folders.append(repository)
    for folder in folders:
        if (folder / p).exists():
            return folder / p
    raise FormatError("no such file (looked in " + ", ".join(str(f) for f in folders) + ")",
                      file=str(path))


def check_solution(puzzle: Puzzle) -> int | None:
    """Replay a puzzle's solution; its score, or None for a draft. Errors name the line."""
    if puzzle.is_draft:
        return None
    game = Game.from_puzzle(puzzle)
    lines = solution_lines(puzzle)
    try:
        states = replay_turns(game, puzzle.rolls, puzzle.solution)
    except IllegalTurnError as e:
        i = (e.round or 1) - 1
        line = lines[i] if i < len(lines) else solution_key_line(puzzle)
        raise e.with_context(file=puzzle.source, line=line) from None
    score = states[-1].score().total
    if puzzle.optimum is None:
        raise FormatError("[puzzle] has a solution but no optimum", file=puzzle.source)
    if score != puzzle.optimum:
        raise FormatError(f"[puzzle] solution scores {score} but optimum says {puzzle.optimum}",
                          file=puzzle.source, line=lines[0] if lines else None)
    return score
