"""A puzzle being written: what the editor changes, cell by cell, checked at every step.

A :class:`Draft` holds what a puzzle file holds, in a form that may be wrong for a while
(a fossil on the edge, no rolls yet): :meth:`Draft.problems` says what is wrong, with the
map rules' ids and cells (:func:`~paleowidgets.core.maps.map_problems`), and
:meth:`Draft.document` builds the map or puzzle through the file reader, so what the
editor saves is exactly what a file would be.

>>> d = Draft(6, 6)
>>> d.paint((2, 2), "A")
True
>>> d.rolls = [(2, 5)]
>>> [p.rule for p in d.problems()], d.document().map.fossils[0].ring == ring_of({(2, 2)})
([], True)
>>> d.paint((0, 0), "B")
True
>>> [(p.rule, p.fossil, sorted(p.cells)) for p in d.problems()]
[('fossil-on-edge', 'B', [(0, 0)])]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .enclosure import ring_of
from .errors import FormatError
from .maps import Dice, Fossil, Map, MapProblem, Puzzle, document_from_dict, map_problems
from .terms import BONUS_KINDS, MAX_COLUMNS, MAX_ROUNDS, MAX_ROWS, ONE_SQUARE
from .turns import Turn

__all__ = ["BRUSHES", "Draft", "FossilInfo", "Problem", "RollsError", "parse_rolls", "rolls_text"]

#: What a cell can be painted as: open, already drawn, a star, or a fossil letter.
BRUSHES = (".", "#", "*", *"ABCDEFGHIJKLMNOPQRSTUVWXYZ")


@dataclass(frozen=True)
class Problem:
    """Why the draft is not a puzzle yet: a map rule (with its cell), or something else
    (``rule`` ``"no-rolls"``, ``"format"``) with no cell."""

    rule: str
    message: str
    fossil: str = ""
    cells: frozenset[tuple[int, int]] = frozenset()
    reason: str = ""          # a never-dug-up problem's why (MapProblem.reason)
    limit: int = 0            # and, for "square", how many One Squares the map can give

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]"


@dataclass
class FossilInfo:
    name: str = ""
    points: int = 2
    bonus: int = 1
    names: dict[str, str] = field(default_factory=dict)   # other languages' names


@dataclass
class Draft:
    """A map or puzzle in the making. ``cells`` holds every cell that is not open."""

    width: int
    height: int
    cells: dict[tuple[int, int], str] = field(default_factory=dict)
    fossils: dict[str, FossilInfo] = field(default_factory=dict)
    name: str = "My dig"
    names: dict[str, str] = field(default_factory=dict)   # the map's other languages
    theme: str = "paleontologists"
    title: str = ""
    story: str = ""
    titles: dict[str, str] = field(default_factory=dict)    # the title in other languages
    stories: dict[str, str] = field(default_factory=dict)   # the story in other languages
    difficulty: str = ""
    rolls: list[tuple[int, int]] = field(default_factory=list)
    bonuses: tuple[int, int, int, int] = (0, 0, 0, 0)
    dice: Dice = field(default_factory=Dice)
    rounds: int = MAX_ROUNDS             # a map's rounds (a puzzle lasts len(rolls))
    optimum: int | None = None
    solution: tuple[Turn, ...] = ()      # a proven line, kept until the draft changes

    # -- reading -------------------------------------------------------------------------

    @classmethod
    def of(cls, doc: Map | Puzzle) -> Draft:
        """The draft of a map or puzzle (to edit it)."""
        m = doc.map if isinstance(doc, Puzzle) else doc
        d = cls(m.width, m.height, name=m.name, names=dict(m.names), theme=m.theme,
                dice=m.dice, rounds=MAX_ROUNDS if isinstance(doc, Puzzle) else m.rounds)
        for f in m.fossils:
            for c in f.cells:
                d.cells[c] = f.id
            d.fossils[f.id] = FossilInfo(f.name, f.points, f.bonus, dict(f.names))
        d.cells.update({c: "*" for c in m.stars})
        d.cells.update({c: "#" for c in m.predrawn})
        if isinstance(doc, Puzzle):
            d.title, d.story, d.difficulty = doc.title, doc.story, doc.difficulty
            d.titles, d.stories = dict(doc.titles), dict(doc.stories)
            d.rolls, d.bonuses = list(doc.rolls), doc.bonuses
            d.optimum, d.solution = doc.optimum, doc.solution
        return d

    def symbol(self, cell: tuple[int, int]) -> str:
        return self.cells.get(cell, ".")

    def fossil_ids(self) -> list[str]:
        return sorted({s for s in self.cells.values() if s.isalpha()})

    # -- changing ------------------------------------------------------------------------

    def paint(self, cell: tuple[int, int], brush: str) -> bool:
        """Paint one cell; whether anything changed (a change forgets the proof)."""
        x, y = cell
        if brush not in BRUSHES or not (0 <= x < self.width and 0 <= y < self.height):
            return False
        if self.symbol(cell) == brush:
            return False
        if brush == ".":
            del self.cells[cell]
        else:
            self.cells[cell] = brush
        if brush.isalpha():
            self.fossils.setdefault(brush, FossilInfo())
        self.changed()
        return True

    def resize(self, width: int, height: int) -> None:
        """A new size (cells outside it are dropped)."""
        if not (5 <= width <= MAX_COLUMNS and 5 <= height <= MAX_ROWS):
            raise ValueError(f"a map is 5 to {MAX_COLUMNS} cells wide and 5 to {MAX_ROWS} "
                             f"high, not {width}x{height}")
        self.width, self.height = width, height
        self.cells = {(x, y): s for (x, y), s in self.cells.items() if x < width and y < height}
        self.changed()

    def changed(self) -> None:
        """The draft changed: a proof no longer holds."""
        self.optimum, self.solution = None, ()

    # -- checking ------------------------------------------------------------------------

    def game_map(self, *, clipped: bool = False) -> Map:
        """The map as drawn so far, even if it breaks the rules (``clipped``: rings cut to
        the grid, so that a board can show a fossil on the edge)."""
        by_id: dict[str, set[tuple[int, int]]] = {}
        for c, s in self.cells.items():
            if s.isalpha():
                by_id.setdefault(s, set()).add(c)
        fossils = []
        for fid in sorted(by_id):
            info = self.fossils.get(fid, FossilInfo())
            ring = (ring_of(by_id[fid], self.width, self.height) if clipped
                    else ring_of(by_id[fid]))
            fossils.append(Fossil(fid, info.points, info.bonus, frozenset(by_id[fid]), ring,
                                  info.name, dict(info.names)))
        kinds = {s: frozenset(c for c, v in self.cells.items() if v == s) for s in "*#"}
        return Map(self.name, self.width, self.height, tuple(fossils), kinds["*"],
                   kinds["#"], self.theme, len(self.rolls) or self.rounds, self.dice,
                   names=dict(self.names))

    def problems(self) -> list[Problem]:
        """Everything that keeps the draft from being a puzzle: the map rules first (each
        with its fossil and cell), then no rolls, then any other file error."""
        start = self.bonuses[ONE_SQUARE] if self.rolls else 0   # a map holds no bonuses
        out = [_problem(p) for p in map_problems(self.game_map(), one_square=start)]
        if not self.rolls:
            out.append(Problem("no-rolls", "a puzzle needs rolls: type them or roll them"))
        if not out:
            try:
                self.document()
            except FormatError as e:
                out.append(Problem("format", e.message))
        return out

    def document(self) -> Map | Puzzle:
        """The map (no rolls) or puzzle, read as a file would be (raises FormatError)."""
        return document_from_dict(self.to_dict(), file="<editor>")

    def to_dict(self) -> dict[str, Any]:
        """The document as the TOML tables of FORMATS.md."""
        rows = [" ".join(self.symbol((x, y)) for x in range(self.width))
                for y in range(self.height)]
        m: dict[str, Any] = {"name": self.name, "theme": self.theme, "grid": "\n".join(rows)}
        if self.names:
            m["names"] = dict(self.names)
        if not self.rolls and self.rounds != MAX_ROUNDS:
            m["rounds"] = self.rounds
        doc: dict[str, Any] = {"map": m}
        fossils: dict[str, Any] = {}
        for fid in self.fossil_ids():
            info = self.fossils.get(fid, FossilInfo())
            fossils[fid] = {"points": info.points, "bonus": info.bonus}
            if info.name:
                fossils[fid]["name"] = info.name
            if info.names:
                fossils[fid]["names"] = dict(info.names)
        if fossils:
            doc["fossils"] = fossils
        if not self.dice.is_default():
            doc["dice"] = {"shapes": {str(k): list(self.dice.shapes_of(k)) for k in range(1, 7)},
                           "digs": {str(k): self.dice.dig_of(k) for k in range(1, 7)}}
        if self.rolls:
            p: dict[str, Any] = {"title": self.title, "rolls": [list(r) for r in self.rolls]}
            if self.story:
                p["story"] = self.story
            if self.titles:
                p["titles"] = dict(self.titles)
            if self.stories:
                p["stories"] = dict(self.stories)
            if self.difficulty:
                p["difficulty"] = self.difficulty
            held = {k: n for k, n in zip(BONUS_KINDS, self.bonuses, strict=True) if n}
            if held:
                p["bonuses"] = held
            if self.solution and self.optimum is not None:
                p["optimum"] = self.optimum
                p["solution"] = [t.to_dict() for t in self.solution]
            doc["puzzle"] = p
        return doc


def _problem(p: MapProblem) -> Problem:
    return Problem(p.rule, p.message, p.fossil, frozenset(p.where), p.reason, p.limit)


class RollsError(ValueError):
    """Rolls that cannot be read: ``kind`` says why (``"digit"``, ``"odd"``, ``"many"``)
    and ``fields`` what to say it with, for a page in any language."""

    def __init__(self, message: str, kind: str, **fields: object) -> None:
        super().__init__(message)
        self.kind = kind
        self.fields = fields


def parse_rolls(text: str) -> list[tuple[int, int]]:
    """Rolls typed as pairs of dice: ``"25 14 63"`` or ``"2-5, 1-4"``.

    >>> parse_rolls("25 1-4, 6 3")
    [(2, 5), (1, 4), (6, 3)]
    """
    digits = [ch for ch in text if not ch.isspace() and ch not in ",;-/()[]"]
    bad = [ch for ch in digits if ch not in "123456"]
    if bad:
        raise RollsError(f"rolls are dice 1 to 6, not {bad[0]!r}", "digit", char=repr(bad[0]))
    if len(digits) % 2:
        raise RollsError("rolls come in pairs of dice: one die is missing", "odd")
    if len(digits) // 2 > MAX_ROUNDS:
        raise RollsError(f"a puzzle has at most {MAX_ROUNDS} rolls", "many", most=MAX_ROUNDS)
    return [(int(digits[i]), int(digits[i + 1])) for i in range(0, len(digits), 2)]


def rolls_text(rolls: list[tuple[int, int]]) -> str:
    """The rolls as the editor shows them: ``"25 14 63"``."""
    return " ".join(f"{a}{b}" for a, b in rolls)
