"""A map or puzzle written back as a FORMATS.md file (TOML) that reads back equal.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> m = parse_document(TINY)
>>> parse_document(document_toml(m)) == m
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from .maps import Map, Puzzle
from .terms import BONUS_KINDS, MAX_ROUNDS
from .turns import Turn


def document_toml(doc: Map | Puzzle, *, header: Sequence[str] = ()) -> str:
    """The document as TOML text: ``parse_document(document_toml(d)) == d``. ``header``
    lines become comments at the top."""
    puzzle = doc if isinstance(doc, Puzzle) else None
    m = doc.map if isinstance(doc, Puzzle) else doc
    lines = [f"# {h}" for h in header]
    lines += ["[map]", f"name = {toml_string(m.name)}", *names_line(m.names),
              f"theme = {toml_string(m.theme)}"]
    if puzzle is None and m.rounds != MAX_ROUNDS:
        lines.append(f"rounds = {m.rounds}")
    lines += ['grid = """', *m.grid_rows(), '"""', ""]
    for f in m.fossils:
        lines.append(f"[fossils.{f.id}]")
        if f.name:
            lines.append(f"name = {toml_string(f.name)}")
        lines += names_line(f.names)
        lines += [f"points = {f.points}", f"bonus = {f.bonus}", ""]
    if not m.dice.is_default():
        faces = ", ".join(f"{k} = [{', '.join(toml_string(s) for s in m.dice.shapes_of(k))}]"
                          for k in range(1, 7))
        digs = ", ".join(f"{k} = {toml_string(m.dice.dig_of(k))}" for k in range(1, 7))
        lines += ["[dice]", f"shapes = {{ {faces} }}", f"digs = {{ {digs} }}", ""]
    if puzzle is not None:
        lines += ["[puzzle]", f"title = {toml_string(puzzle.title)}",
                  *names_line(puzzle.titles, "titles")]
        if puzzle.story:
            lines.append(f"story = {toml_string(puzzle.story)}")
        lines += names_line(puzzle.stories, "stories")
        if puzzle.difficulty:
            lines.append(f"difficulty = {toml_string(puzzle.difficulty)}")
        lines.append("rolls = [" + ", ".join(f"[{a}, {b}]" for a, b in puzzle.rolls) + "]")
        held = [f"{k} = {n}" for k, n in zip(BONUS_KINDS, puzzle.bonuses, strict=True) if n]
        if held:
            lines.append(f"bonuses = {{ {', '.join(held)} }}")
        if puzzle.solution and puzzle.optimum is not None:
            lines += [f"optimum = {puzzle.optimum}", "solution = ["]
            lines += [f"  {turn_inline(t)}," for t in puzzle.solution]
            lines.append("]")
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"


def names_line(names: Mapping[str, str], key: str = "names") -> list[str]:
    """The ``names = { fr = "...", ... }`` line of a map or fossil (none without names),
    or the ``titles``/``stories`` line of a puzzle.

    >>> names_line({"fr": "Dent", "ko": "이빨"})
    ['names = { fr = "Dent", ko = "이빨" }']
    """
    if not names:
        return []
    pairs = ", ".join(f"{code} = {toml_string(text)}" for code, text in sorted(names.items()))
    return [f"{key} = {{ {pairs} }}"]


def toml_string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's, for the characters JSON escapes)."""
    return json.dumps(text, ensure_ascii=False)


def turn_inline(turn: Turn | Mapping[str, Any]) -> str:
    """A turn (or its FORMATS.md table, as ``Turn.to_dict`` gives it) as a TOML inline
    table, its keys in FORMATS.md's order.

    >>> turn_inline(Turn.pass_())
    '{ pass = true }'
    >>> turn_inline({"shape": "L", "cells": ["B2", "B3"]})
    '{ shape = "L", cells = ["B2", "B3"] }'
    """
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return toml_string(str(v))

    table = turn.to_dict() if isinstance(turn, Turn) else turn
    return "{ " + ", ".join(f"{k} = {value(v)}" for k, v in table.items()) + " }"
