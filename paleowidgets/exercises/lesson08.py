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
  Hint: the missing points are +1 Points from stars
>>> check_line(p, [{"shape": "I", "dig": "chevron", "cells": ["A2", "B2", "C2", "D2", "E2"],
...                 "stars": ["plus-one"]}])
✔ Right: your line is legal and scores 1, the optimum.
>>> check_line(p, '[{shape = "I", dig = "chevron", cells = ["A3", "B3", "C3", "D3", "E3"]}]')
✘ Not yet: round 1: cell C3 is part of fossil A. Rule cell-on-fossil:
  A shape cannot cover a fossil. Hint: redraw that turn on open cells that make the shape
"""

from __future__ import annotations

import functools
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
from ..i18n import DEFAULT_LANGUAGE, catalog, fields, get_language, rule_text, t
from ..solver.exact import Solution, solve
from . import Feedback, checker, right, wrong
from .answers import Kind, Unreadable
from .tickets import ExitTicket, Question
from .words import clauses, say, say_n

__all__ = [
    "LINE",
    "TIERS",
    "check_line",
    "exit_ticket",
    "line_text",
    "load_tier",
    "puzzle_files",
    "puzzle_folder",
    "read_line",
    "tier_name",
    "tiny_puzzle",
]

TIERS = ("beginner", "intermediate", "advanced", "expert")
Line = str | Sequence[Mapping[str, Any] | Turn]


def tier_name(tier: str, lang: str | None = None) -> str:
    """A tier's name in ``lang`` (the language in force by default), as the puzzle widget
    says it: ``tier_name("beginner", "fr") == 'débutant'``."""
    if tier not in TIERS:
        raise ValueError(f"unknown tier {tier!r}: the tiers are {', '.join(TIERS)}")
    return t(f"puzzle.tier.{tier}", lang)


def puzzle_files(directory: str | Path) -> list[Path]:
    """Every puzzle file under ``directory`` (sub-folders too), in name order."""
    return sorted(Path(directory).rglob("*.toml"))


def puzzle_folder(start: str | Path = ".") -> Path:
    """The collection's ``puzzles/`` folder: in ``start`` or the nearest folder above it
    (a lesson runs in ``lessons/`` or ``lessons/teacher/``, the collection is beside them)."""
    here = Path(start).resolve()
    for folder in (here, *here.parents):
        if (folder / "puzzles").is_dir():
            return folder / "puzzles"
    raise FileNotFoundError(f"no puzzles/ folder in {here} or above it")


def load_tier(tier: str, directory: str | Path | None = None) -> list[Puzzle]:
    """The puzzles of one tier (their ``difficulty`` key), in file-name order, each read
    and checked (its stored solution replayed to its optimum); ``directory`` defaults to
    :func:`puzzle_folder`."""
    if tier not in TIERS:
        raise ValueError(f"unknown tier {tier!r}: the tiers are {', '.join(TIERS)}")
    files = puzzle_files(puzzle_folder() if directory is None else directory)
    return [doc for path in files
            for doc in [_loaded(path.resolve(), *_stamp(path))]
            if isinstance(doc, Puzzle) and doc.difficulty == tier]


def _stamp(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size


@functools.lru_cache(maxsize=512)
def _loaded(path: Path, mtime_ns: int, size: int) -> Any:
    """A puzzle file read and checked once per process while it is unchanged (a lesson
    asks for several tiers, each from the whole folder): the documents are immutable."""
    return load_file(path)


def read_line(line: Line) -> list[Turn]:
    """The turns of a line: TOML (``[{shape = "L", ...}, {pass = true}]``) or JSON text,
    or a list of turn tables or :class:`Turn` s; cell names, shapes and dig types in any
    case. Raises IllegalTurnError naming the round of a turn that breaks the format,
    ValueError for text that is not a list."""
    if isinstance(line, Mapping) or not isinstance(line, str | Sequence):
        raise ValueError(say("l08.not-a-list"))
    items: Sequence[Any] = _parse_text(line) if isinstance(line, str) else list(line)
    turns = []
    for i, item in enumerate(items, start=1):
        try:
            turns.append(item if isinstance(item, Turn) else Turn.from_dict(_tidy(item)))
        except IllegalTurnError as e:
            raise e.with_context(round=i) from None
    return turns


def _tidy(item: Any) -> Any:
    """A turn table with its names in the file's case: cells upper case ("e4" is E4),
    the shape upper case, dig types and bonus kinds lower case."""
    if not isinstance(item, Mapping):
        return item
    def each(value: Any, fix: Any) -> Any:
        if isinstance(value, str):
            return fix(value.strip())
        if isinstance(value, list | tuple):
            return [fix(v.strip()) if isinstance(v, str) else v for v in value]
        return value
    fixes = {"cells": str.upper, "squares": str.upper, "shape": str.upper, "dig": str.lower,
             "stars": str.lower, "switch": str.lower}
    return {k: each(v, fixes[k]) if k in fixes else v for k, v in item.items()}


def _parse_text(text: str) -> list[Any]:
    stripped = text.strip()
    try:
        value = json.loads(stripped)
    except json.JSONDecodeError:
        try:
            value = tomllib.loads(f"line = {stripped}")["line"]
        except tomllib.TOMLDecodeError:
            raise ValueError(say("l08.not-toml")) from None
    if not isinstance(value, list):
        raise ValueError(say("l08.not-a-list"))
    return value


def _read_for_check(line: Any) -> list[Turn]:
    try:
        return read_line(line)
    except IllegalTurnError:
        raise
    except (ValueError, TypeError, AttributeError) as e:
        raise Unreadable(say("l08.your-line", why=e)) from None


def _line_forms(turns: list[Turn]) -> list[Any]:
    tables = [t.to_dict() for t in turns]
    return [line_text(turns), json.dumps(tables), tables, tuple(turns), list(turns),
            line_text(turns).lower()]


LINE: Kind[list[Turn]] = Kind(
    "line", "line",
    _read_for_check, _line_forms,
    lambda turns: [line_text(turns[:-1]), "[" + ", ".join(["{pass = true}"] * len(turns)) + "]"])


def tiny_puzzle() -> Puzzle:
    """A three-round puzzle on the tiny quarry (a draft: its optimum is searched), for
    examples and tests."""
    from ..core.maps import parse_document
    from ..core.rules import TINY
    doc = parse_document(TINY + '[puzzle]\ntitle = "Tiny quarry"\n'
                         'titles = { fr = "Petite carrière", ko = "작은 채석장" }\n'
                         "rolls = [[5, 3], [3, 1], [1, 4]]\n")
    assert isinstance(doc, Puzzle)
    return doc


def _best_turns(puzzle: Puzzle, time_limit: float | None = 60.0) -> list[Turn]:
    if not puzzle.is_draft:
        return list(puzzle.solution)
    return list(_searched(puzzle, time_limit).turns)


def line_text(turns: Sequence[Turn]) -> str:
    """A line in the TOML notation a student writes, one turn a line."""
    def table(t: Turn) -> str:
        parts = []
        for key, value in t.to_dict().items():
            parts.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
        return "{ " + ", ".join(parts) + " }"
    return "[\n" + "".join(f"  {table(t)},\n" for t in turns) + "]"


@checker(LINE, answers=("line",), solution=_best_turns, example=lambda: (tiny_puzzle(),))
def check_line(puzzle: Puzzle, line: Any, *, time_limit: float | None = 60.0) -> Feedback:
    """Right when ``line`` is a legal line of ``puzzle`` reaching its optimum; otherwise
    what is wrong. The optimum is the puzzle's stored one (a draft's is searched)."""
    theme = puzzle.map.theme
    try:
        turns = LINE.read(line)
    except IllegalTurnError as e:
        why = _why(e, theme)
        return wrong(say("l08.malformed", round=e.round,
                         why=why or rule_text(e.rule, theme=theme).rstrip(".")),
                     hint=say("l08.malformed.hint"))
    game = Game.from_puzzle(puzzle)
    try:
        states = replay_turns(game, puzzle.rolls, turns)
    except IllegalTurnError as e:
        why, text = _why(e, theme), rule_text(e.rule, theme=theme)
        if why:
            return wrong(say("l08.illegal", round=e.round, why=why, rule=e.rule, text=text),
                         hint=_fix_hint(e.rule))
        return wrong(say("l08.illegal.rule", round=e.round, rule=e.rule, text=text),
                     hint=_fix_hint(e.rule))
    score = states[-1].score().total
    optimum = _optimum(puzzle, time_limit)
    if score >= optimum:
        return right(say("l08.right", score=score))
    short = optimum - score
    best = replay_turns(game, puzzle.rolls, _best_turns(puzzle, time_limit))[-1]
    return wrong(say_n("l08.short", short, score=score, optimum=optimum),
                 hint=_missed(states[-1], best))


def _why(e: IllegalTurnError, theme: str) -> str:
    """What the turn did wrong, in the current language: in English the core's own
    message (it names the cell and the fossil); in another language the same facts (the
    error's ``details``) in that language's sentence, when it has one; else ''."""
    lang = get_language()
    if lang == DEFAULT_LANGUAGE:
        return e.message
    key = f"illegal.detail.{e.rule}"
    if theme == "snowman" and f"{key}.snowman" in catalog(lang):
        key += ".snowman"
    if key in catalog(lang) and fields(catalog(lang)[key]) <= set(e.details):
        return t(key, **e.details)
    return ""


def _optimum(puzzle: Puzzle, time_limit: float | None) -> int:
    if not puzzle.is_draft and puzzle.optimum is not None:
        return puzzle.optimum
    return _searched(puzzle, time_limit).optimum


@functools.lru_cache(maxsize=16)
def _searched(puzzle: Puzzle, time_limit: float | None) -> Solution:
    """A draft's optimum and best line, searched once per puzzle."""
    return solve(puzzle, time_limit=time_limit)


def _fix_hint(rule: str) -> str:
    """Where to look, for each family of rules."""
    if rule in ("missing-turn", "extra-turn"):
        return say("l08.fix.turns")
    if rule == "pass-when-fits":
        return say("l08.fix.pass")
    if rule in ("stars-count", "star-kind-exhausted"):
        return say("l08.fix.stars")
    if rule in ("bonus-not-held", "bonus-gained-this-round"):
        return say("l08.fix.bonus")
    if rule in ("shape-not-allowed", "dig-not-allowed"):
        return say("l08.fix.dice")
    if rule.startswith("square"):
        return say("l08.fix.square")
    return say("l08.fix.cells")


def _missed(final: State, best: State) -> str:
    """The points a best line gets and this one does not: fossils it digs up that this
    line leaves buried, bonuses it earns that this line misses."""
    g = final.game
    mine = {f.id: f for f in final.score().fossils}
    theirs = {f.id: f for f in best.score().fossils}
    notes = []
    for fossil in g.map.fossils:
        if fossil.id in theirs and fossil.id not in mine:
            notes.append(say("l08.missed.buried", fossil=_named(fossil)))
        elif fossil.id in theirs and theirs[fossil.id].bonus and not mine[fossil.id].bonus:
            notes.append(say("l08.missed.bonus", fossil=_named(fossil), bonus=fossil.bonus))
    if not notes:
        return say("l08.missed.stars")
    return clauses(notes)


def _named(fossil: Fossil) -> str:
    name = fossil.name_in(get_language())
    return say("l08.named", name=name, id=fossil.id) if name else \
        say("l08.fossil-id", id=fossil.id)


def exit_ticket() -> ExitTicket:
    """Lesson 8's exit ticket: a best line for the tiny quarry (``tiny_puzzle()``)."""
    return ExitTicket(8, (
        Question(say("l08.exit.1"), check_line, (tiny_puzzle(),)),
    ))
