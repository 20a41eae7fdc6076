"""Lesson 8, puzzles: load the collection by tier, and check a line of turns for a puzzle.

A student answers a puzzle with a *line*: one turn a round, in the file notation of
FORMATS.md (what a puzzle's ``solution`` holds). :func:`check_line` replays it through the
core and says right, or what is wrong: a turn that cannot be read, a turn the rules
forbid (which round, which rule, in words), a turn missing or extra, or a legal line that
scores less than the proven optimum (and which fossils it left).

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> p = parse_document(TINY + '[puzzle]\\nrolls = [[1, 1]]\\n')
>>> check_line(p, '[{shape = "I", dig = "chevron", cells = ["A1", "B1", "C1", "D1", "E1"]}]')
✘ Not yet: your line is legal but scores 0: 1 point short of the optimum 1.
  Hint: fossil A is not dug up; fossil B is not dug up
>>> check_line(p, [{"shape": "I", "dig": "chevron", "cells": ["A2", "B2", "C2", "D2", "E2"],
...                 "stars": ["plus-one"]}])
✔ Right: your line is legal and scores 1, the optimum.
>>> check_line(p, '[{shape = "I", dig = "chevron", cells = ["A3", "B3", "C3", "D3", "E3"]}]')
✘ Not yet: round 1: cell C3 is part of fossil A. Rule cell-on-fossil:
  A shape cannot cover a fossil. Hint: redraw that turn on open cells that make the shape
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..core.errors import IllegalTurnError
from ..core.files import load_file
from ..core.logs import replay_turns
from ..core.maps import Fossil, Puzzle
from ..core.rules import Game, State
from ..core.turns import Turn
from ..i18n import rule_text
from ..solver.exact import solve
from . import Feedback, right, wrong

__all__ = ["TIERS", "check_line", "line_text", "load_tier", "puzzle_files", "read_line"]

TIERS = ("beginner", "intermediate", "advanced", "expert")
Line = str | Sequence[Mapping[str, Any] | Turn]


def puzzle_files(directory: str | Path) -> list[Path]:
    """Every puzzle file under ``directory`` (sub-folders too), in name order."""
    return sorted(Path(directory).rglob("*.toml"))


def load_tier(tier: str, directory: str | Path) -> list[Puzzle]:
    """The puzzles of one tier (their ``difficulty`` key), in file-name order, each read
    and checked (its stored solution replayed to its optimum)."""
    if tier not in TIERS:
        raise ValueError(f"unknown tier {tier!r}: the tiers are {', '.join(TIERS)}")
    found = []
    for path in puzzle_files(directory):
        doc = load_file(path)
        if isinstance(doc, Puzzle) and doc.difficulty == tier:
            found.append(doc)
    return found


def read_line(line: Line) -> list[Turn]:
    """The turns of a line: TOML (``[{shape = "L", ...}, {pass = true}]``) or JSON text,
    or a list of turn tables or :class:`Turn` s. Raises IllegalTurnError naming the round
    of a turn that breaks the format, ValueError for text that is not a list."""
    items: Sequence[Any] = _parse_text(line) if isinstance(line, str) else list(line)
    turns = []
    for i, item in enumerate(items, start=1):
        try:
            turns.append(item if isinstance(item, Turn) else Turn.from_dict(item))
        except IllegalTurnError as e:
            raise e.with_context(round=i) from None
    return turns


def _parse_text(text: str) -> list[Any]:
    stripped = text.strip()
    try:
        value = json.loads(stripped)
    except json.JSONDecodeError:
        try:
            value = tomllib.loads(f"line = {stripped}")["line"]
        except tomllib.TOMLDecodeError as e:
            raise ValueError(f"this is neither TOML nor JSON ({e})") from None
    if not isinstance(value, list):
        raise ValueError("a line is a list of turns, one per round: [ {...}, {...} ]")
    return value


def line_text(turns: Sequence[Turn]) -> str:
    """A line in the TOML notation a student writes, one turn a line."""
    def table(t: Turn) -> str:
        parts = []
        for key, value in t.to_dict().items():
            parts.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
        return "{ " + ", ".join(parts) + " }"
    return "[\n" + "".join(f"  {table(t)},\n" for t in turns) + "]"


def check_line(puzzle: Puzzle, line: Line, *, time_limit: float | None = 60.0) -> Feedback:
    """Right when ``line`` is a legal line of ``puzzle`` reaching its optimum; otherwise
    what is wrong. The optimum is the puzzle's stored one (a draft's is searched)."""
    theme = puzzle.map.theme
    try:
        turns = read_line(line)
    except IllegalTurnError as e:
        return wrong(f"round {e.round}: {e.message}.",
                     hint="a turn is {shape, dig, cells} or {pass = true}")
    except ValueError as e:
        return wrong(f"I cannot read your line: {e}.",
                     hint='write it like [{shape = "L", dig = "dot", cells = ["B2", ...]}]')
    game = Game.from_puzzle(puzzle)
    try:
        states = replay_turns(game, puzzle.rolls, turns)
    except IllegalTurnError as e:
        return wrong(f"round {e.round}: {e.message}. Rule {e.rule}: "
                     f"{rule_text(e.rule, 'en', theme=theme)}", hint=_fix_hint(e.rule))
    score = states[-1].score().total
    optimum = _optimum(puzzle, time_limit)
    if score >= optimum:
        return right(f"your line is legal and scores {score}, the optimum.")
    short = optimum - score
    return wrong(f"your line is legal but scores {score}: {short} point{'s' * (short != 1)} "
                 f"short of the optimum {optimum}.", hint=_missed(states[-1]))


def _optimum(puzzle: Puzzle, time_limit: float | None) -> int:
    if not puzzle.is_draft and puzzle.optimum is not None:
        return puzzle.optimum
    return solve(puzzle, time_limit=time_limit).optimum


def _fix_hint(rule: str) -> str:
    """Where to look, for each family of rules."""
    if rule in ("missing-turn", "extra-turn"):
        return "write exactly one turn per roll"
    if rule == "pass-when-fits":
        return "you may pass only when no shape of the roll fits anywhere"
    if rule in ("stars-count", "star-kind-exhausted"):
        return 'list one bonus in stars = [...] for each star the shape covers'
    if rule in ("bonus-not-held", "bonus-gained-this-round"):
        return "a switch or a One Square spends a bonus held since an earlier round"
    if rule in ("shape-not-allowed", "dig-not-allowed"):
        return "one die gives the shape, the other die the dig type"
    if rule.startswith("square"):
        return "a One Square goes on an open cell, not a star nor a fossil"
    return "redraw that turn on open cells that make the shape"


def _missed(final: State) -> str:
    """Which fossils the line left: not dug up, or dug up without the same-dig bonus."""
    g = final.game
    score = {f.id: f for f in final.score().fossils}
    notes = []
    for fossil in g.map.fossils:
        if fossil.id not in score:
            notes.append(f"{_named(fossil)} is not dug up")
        elif fossil.bonus and not score[fossil.id].bonus:
            notes.append(f"{_named(fossil)} misses its +{fossil.bonus} "
                         "same-dig-type bonus")
    if not notes:
        return "every fossil is dug up with its bonus: the missing points are +1 Points from stars"
    return "; ".join(notes)


def _named(fossil: Fossil) -> str:
    return f"{fossil.name} ({fossil.id})" if fossil.name else f"fossil {fossil.id}"
