"""One round of one player, in the turn format of FORMATS.md.

>>> t = Turn.from_dict({"shape": "L", "dig": "chevron", "cells": ["B2", "B3", "B4", "B5", "C5"]})
>>> str(t)
'L chevron B2 B3 B4 B5 C5'
>>> Turn.from_dict(t.to_dict()) == t
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import FormatError, IllegalTurnError
from .geometry import LETTERS, Cell, cell_name, parse_cell
from .terms import BONUS_KINDS, DIG_TYPES, SWITCHES

_KEYS = ("shape", "dig", "cells", "pass", "switch", "stars", "squares")


def _order(cells: Iterable[Cell]) -> list[Cell]:
    return sorted(cells, key=lambda c: (c[1], c[0]))


@dataclass(frozen=True)
class Turn:
    """A draw (shape, dig type, five cells) or a pass, with bonuses spent and gained.

    ``stars`` holds one bonus kind per covered star, sorted; ``switch`` the switches spent;
    ``squares`` the One-Square cells filled this round.
    """

    shape: str | None = None
    dig: str | None = None
    cells: frozenset[Cell] = field(default_factory=frozenset)
    passed: bool = False
    switch: frozenset[str] = field(default_factory=frozenset)
    stars: tuple[str, ...] = ()
    squares: frozenset[Cell] = field(default_factory=frozenset)

    @classmethod
    def draw(cls, shape: str, dig: str, cells: Iterable[Cell], *, switch: Iterable[str] = (),
             stars: Iterable[str] = (), squares: Iterable[Cell] = ()) -> Turn:
        return cls(shape, dig, frozenset(cells), False, frozenset(switch),
                   tuple(sorted(stars, key=_kind_order)), frozenset(squares))

    @classmethod
    def pass_(cls, squares: Iterable[Cell] = ()) -> Turn:
        return cls(passed=True, squares=frozenset(squares))

    # -- the file notation -------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Any) -> Turn:
        """Read a turn (TOML table or JSON object). Raises IllegalTurnError('malformed-turn')
        for a turn that breaks the format, and 'cells-not-shape' for repeated cells."""
        if not isinstance(data, Mapping):
            raise _malformed(f"a turn must be a table/object, not {data!r}")
        for key in data:
            if key not in _KEYS:
                raise _malformed(f"unknown key {key!r} in turn (expected {', '.join(_KEYS)})")
        passed = data.get("pass", False)
        if not isinstance(passed, bool):
            raise _malformed(f"'pass' must be true or false, not {passed!r}")
        squares = frozenset(_cells(data.get("squares", []), "squares", unique=True))
        if passed:
            extra = [k for k in ("shape", "dig", "cells", "switch", "stars") if k in data]
            if extra:
                raise _malformed(f"a pass carries no {', '.join(extra)}")
            return cls.pass_(squares)
        if "cells" not in data:
            raise _malformed("a turn needs 'cells' (with 'shape' and 'dig') or 'pass = true'")
        shape, dig = data.get("shape"), data.get("dig")
        if not isinstance(shape, str) or len(shape) != 1 or shape not in LETTERS:
            raise _malformed(f"'shape' must be one of {' '.join(LETTERS)}, not {shape!r}")
        if not isinstance(dig, str) or dig not in DIG_TYPES:
            raise _malformed(f"'dig' must be one of {', '.join(DIG_TYPES)}, not {dig!r}")
        cells = _cells(data["cells"], "cells", unique=False)
        if len(set(cells)) != len(cells):
            raise IllegalTurnError("cells-not-shape",
                                   f"cells {' '.join(map(cell_name, cells))} repeat a cell")
        switch = _names(data.get("switch", []), "switch", SWITCHES)
        if len(set(switch)) != len(switch):
            raise _malformed(f"'switch' lists a switch twice: {switch!r}")
        stars = _names(data.get("stars", []), "stars", BONUS_KINDS)
        return cls.draw(shape, dig, cells, switch=switch, stars=stars, squares=squares)

    def to_dict(self) -> dict[str, Any]:
        """The turn in file notation, keys in a stable order, empty parts left out."""
        out: dict[str, Any] = {}
        if self.passed:
            out["pass"] = True
        else:
            out["shape"] = self.shape
            out["dig"] = self.dig
            out["cells"] = [cell_name(c) for c in _order(self.cells)]
            if self.switch:
                out["switch"] = [s for s in SWITCHES if s in self.switch]
            if self.stars:
                out["stars"] = list(self.stars)
        if self.squares:
            out["squares"] = [cell_name(c) for c in _order(self.squares)]
        return out

    def __str__(self) -> str:
        if self.passed:
            text = "pass"
        else:
            text = f"{self.shape} {self.dig} " + " ".join(cell_name(c) for c in _order(self.cells))
            if self.switch:
                text += " switch " + "+".join(s for s in SWITCHES if s in self.switch)
            if self.stars:
                text += " stars " + "+".join(self.stars)
        if self.squares:
            text += " squares " + " ".join(cell_name(c) for c in _order(self.squares))
        return text

    def __repr__(self) -> str:
        return f"Turn.from_dict({self.to_dict()!r})"


def _kind_order(kind: str) -> int:
    return BONUS_KINDS.index(kind) if kind in BONUS_KINDS else len(BONUS_KINDS)


def _malformed(message: str) -> IllegalTurnError:
    return IllegalTurnError("malformed-turn", message)


def _names(value: Any, key: str, allowed: tuple[str, ...]) -> list[str]:
    if not isinstance(value, list | tuple):
        raise _malformed(f"{key!r} must be a list, not {value!r}")
    for v in value:
        if v not in allowed:
            raise _malformed(f"{key!r} holds {v!r}; expected any of {', '.join(allowed)}")
    return list(value)


def _cells(value: Any, key: str, *, unique: bool) -> list[Cell]:
    if not isinstance(value, list | tuple):
        raise _malformed(f"{key!r} must be a list of cell names, not {value!r}")
    out = []
    for name in value:
        try:
            out.append(parse_cell(name))
        except FormatError as e:
            raise _malformed(f"{key!r}: {e.message}") from None
    if unique and len(set(out)) != len(out):
        raise _malformed(f"{key!r} names a cell twice")
    return out
