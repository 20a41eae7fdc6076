"""Maps and puzzles: the TOML files of FORMATS.md, read and checked against RULES.md.

``parse_document(text, file=...)`` reads a map or a puzzle; every error is a
:class:`FormatError` naming the file, the line and what is wrong. Replaying a puzzle's
``solution`` needs the rules, so it happens in :mod:`paleowidgets.core.files`.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import FormatError, PaleoError
from .geometry import LETTERS, Cell, cell_name, is_connected, orthogonal_neighbours
from .terms import (
    BONUS_CAP,
    BONUS_KINDS,
    DIG_TYPES,
    MAX_COLUMNS,
    MAX_ROUNDS,
    MAX_ROWS,
    ONE_SQUARE,
    THEMES,
)
from .tomlpos import TomlPositions
from .turns import Turn

Roll = tuple[int, int]


@dataclass(frozen=True)
class Dice:
    """What each die face gives: shapes (for the shape die) and a dig type (for the dig die)."""

    shapes: tuple[tuple[str, ...], ...] = (
        ("I", "X"), ("T", "U"), ("V", "W"), ("F", "P"), ("L", "Y"), ("N", "Z"))
    digs: tuple[str, ...] = ("chevron", "chevron", "dot", "dot", "hatch", "hatch")

    def shapes_of(self, face: int) -> tuple[str, ...]:
        return self.shapes[face - 1]

    def dig_of(self, face: int) -> str:
        return self.digs[face - 1]

    def is_default(self) -> bool:
        return self == Dice()


@dataclass(frozen=True)
class Fossil:
    """A fossil (Snowman Edition: an item): cells, points and the same-dig-type bonus."""

    id: str
    points: int
    bonus: int
    cells: frozenset[Cell]
    ring: frozenset[Cell]
    name: str = ""
    # the name in other languages, by language code ({"fr": "Ammonite"}): FORMATS.md's
    # ``names``; not part of what makes two fossils the same
    names: Mapping[str, str] = field(default_factory=dict, compare=False)

    @property
    def label(self) -> str:
        return self.name or f"Fossil {self.id}"

    def name_in(self, lang: str) -> str:
        """The fossil's name in ``lang``: its ``names`` entry, else its name ('' if none)."""
        return self.names.get(lang, self.name)


@dataclass(frozen=True)
class Map:
    """A dig site (or snow map): the grid, fossils, stars, pre-drawn cells, dice, rounds."""

    name: str
    width: int
    height: int
    fossils: tuple[Fossil, ...]
    stars: frozenset[Cell]
    predrawn: frozenset[Cell] = frozenset()
    theme: str = "paleontologists"
    rounds: int = MAX_ROUNDS
    dice: Dice = field(default_factory=Dice)
    doc: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    source: str | None = field(default=None, compare=False)
    names: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)

    def name_in(self, lang: str) -> str:
        """The map's name in ``lang``: its ``names`` entry, else its name."""
        return self.names.get(lang, self.name)

    def __repr__(self) -> str:
        return (f"<Map {self.name!r} {self.width}x{self.height}, {len(self.fossils)} fossils, "
                f"{len(self.stars)} stars>")

    def inside(self, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height

    def fossil_at(self, cell: Cell) -> Fossil | None:
        for f in self.fossils:
            if cell in f.cells:
                return f
        return None

    def fossil(self, fossil_id: str) -> Fossil:
        for f in self.fossils:
            if f.id == fossil_id:
                return f
        raise KeyError(fossil_id)

    def grid_rows(self) -> list[str]:
        """The grid in file notation, one string a row."""
        rows = []
        for y in range(self.height):
            row = []
            for x in range(self.width):
                c = (x, y)
                f = self.fossil_at(c)
                row.append(f.id if f else "*" if c in self.stars else "#" if c in self.predrawn
                           else ".")
            rows.append(" ".join(row))
        return rows

    def _repr_svg_(self) -> str:
        from ..render.svg import render_svg  # lazily: loading the rules never loads rendering

        return render_svg(self)._repr_svg_()


@dataclass(frozen=True)
class Puzzle:
    """A map, fixed rolls, bonuses held at the start, and (once solved) optimum and solution."""

    map: Map
    rolls: tuple[Roll, ...]
    title: str = ""
    story: str = ""
    bonuses: tuple[int, int, int, int] = (0, 0, 0, 0)
    optimum: int | None = None
    solution: tuple[Turn, ...] = ()
    difficulty: str = ""
    doc: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    source: str | None = field(default=None, compare=False)
    # the title and story in other languages, by language code: FORMATS.md's ``titles``
    # and ``stories`` (like a map's ``names``, not part of what makes two puzzles the same)
    titles: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    stories: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def is_draft(self) -> bool:
        return not self.solution

    def title_in(self, lang: str) -> str:
        """The puzzle's title in ``lang``: its ``titles`` entry, else its title."""
        return self.titles.get(lang, self.title)

    def story_in(self, lang: str) -> str:
        """The puzzle's story in ``lang``: its ``stories`` entry, else its story."""
        return self.stories.get(lang, self.story)

    def __repr__(self) -> str:
        return f"<Puzzle {self.title or self.map.name!r}: {len(self.rolls)} rolls on {self.map!r}>"

    def _repr_svg_(self) -> str:
        from ..render.svg import render_svg

        return render_svg(self)._repr_svg_()


# ---------------------------------------------------------------------------------------
# Reading


class _Reader:
    """Checks one parsed document, turning every problem into a located FormatError."""

    def __init__(self, doc: Mapping[str, Any], file: str | None, source: str | None) -> None:
        self.doc = doc
        self.file = file
        self.pos = TomlPositions(source) if source is not None else None
        self.row_lines: dict[int, int | None] = {}    # grid row -> line in the file

    def fail(self, message: str, table: tuple[str, ...] = (), key: str | None = None,
             line: int | None = None) -> FormatError:
        if line is None and self.pos is not None:
            line = self.pos.key_line(table, key) if key else self.pos.table_line(table)
        return FormatError(message, file=self.file, line=line)

    def table(self, name: str, *, required: bool) -> Mapping[str, Any] | None:
        value = self.doc.get(name)
        if value is None:
            if required:
                raise self.fail(f"missing [{name}] table")
            return None
        if not isinstance(value, Mapping):
            raise self.fail(f"'{name}' must be a table", (), name)
        return value

    def known_keys(self, table: Mapping[str, Any], path: tuple[str, ...],
                   allowed: Sequence[str]) -> None:
        for key in table:
            if key not in allowed:
                where = f"in [{'.'.join(path)}]" if path else "at the top level"
                raise self.fail(f"unknown key {key!r} {where} "
                                f"(expected one of: {', '.join(allowed)})", path, key)

    def integer(self, table: Mapping[str, Any], path: tuple[str, ...], key: str, *,
                lo: int, hi: int, default: int | None = None) -> int:
        value = table.get(key, default)
        if value is None:
            raise self.fail(f"[{'.'.join(path)}] needs {key!r} (an integer)", path)
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise self.fail(f"[{'.'.join(path)}] {key} must be an integer from {lo} to {hi}, "
                            f"not {value!r}", path, key)
        return value

    def names(self, table: Mapping[str, Any], path: tuple[str, ...],
              key: str = "names") -> dict[str, str]:
        """The optional ``names`` of a map or fossil (a puzzle's ``titles`` and ``stories``):
        a table from language codes (two lower-case letters) to non-empty texts,
        ``names = { fr = "...", ko = "..." }``."""
        value = table.get(key, {})
        where = f"[{'.'.join(path)}] {key}"
        what = key[:-3] + "y" if key.endswith("ies") else key[:-1]     # name, title, story
        if not isinstance(value, Mapping):
            example = ('{ fr = "Ammonite", ko = "암모나이트" }' if key == "names"
                       else '{ fr = "...", ko = "..." }')
            raise self.fail(f"{where} must be a table of language codes to {key}, like "
                            f"{example}, not {value!r}", path, key)
        for code, text in value.items():
            if not _LANGUAGE_CODE.match(code):
                raise self.fail(f"{where}: {code!r} is not a language code (two lower-case "
                                "letters, like fr or ko)", path, key)
            if not isinstance(text, str) or not text.strip():
                raise self.fail(f"{where}: the {code} {what} must be a non-empty string, "
                                f"not {text!r}", path, key)
        return dict(value)

    def string(self, table: Mapping[str, Any], path: tuple[str, ...], key: str,
               default: str = "") -> str:
        value = table.get(key, default)
        if not isinstance(value, str):
            raise self.fail(f"[{'.'.join(path)}] {key} must be a string, not {value!r}", path, key)
        return value


_LETTER_SET = frozenset(LETTERS)
_MAP_KEYS = ("name", "names", "theme", "rounds", "grid")
_FOSSIL_KEYS = ("name", "names", "points", "bonus")
_LANGUAGE_CODE = re.compile(r"[a-z]{2}\Z")
_PUZZLE_KEYS = ("title", "titles", "story", "stories", "rolls", "bonuses", "optimum",
                "solution", "difficulty")
# The tiers of the puzzle collection, easiest first (puzzles/README.md, solver/grading.py).
DIFFICULTIES = ("beginner", "intermediate", "advanced", "expert")
_TOP_KEYS = ("map", "fossils", "dice", "puzzle")


def parse_document(text: str, *, file: str | None = None) -> Map | Puzzle:
    """Read a map or puzzle from TOML text. Raises :class:`FormatError` with the place."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise FormatError(f"not valid TOML: {e}", file=file, line=_toml_error_line(e)) from None
    except ValueError as e:        # e.g. an integer of more than 4300 digits
        raise FormatError(f"not valid TOML: {e}", file=file) from None
    except RecursionError:
        raise FormatError("not valid TOML: nested too deeply", file=file) from None
    return document_from_dict(doc, file=file, source=text)


def load_document(path: str | Path) -> Map | Puzzle:
    """Read a map or puzzle file (TOML)."""
    p = Path(path)
    return parse_document(read_text(p), file=str(path))


def read_text(path: Path) -> str:
    """A file's text, or a FormatError naming the file and why it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise FormatError(f"cannot read file: not UTF-8 text (byte {e.start})",
                          file=str(path)) from None
    except (OSError, ValueError) as e:   # ValueError: a path with a NUL byte
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise FormatError(f"cannot read file: {reason}", file=str(path)) from None


def _toml_error_line(e: tomllib.TOMLDecodeError) -> int | None:
    import re

    m = re.search(r"line (\d+)", str(e))
    return int(m.group(1)) if m else None


def document_from_dict(doc: Mapping[str, Any], *, file: str | None = None,
                       source: str | None = None) -> Map | Puzzle:
    """Build a Map or Puzzle from the parsed document (TOML tables, or their JSON form)."""
    if not isinstance(doc, Mapping):
        raise FormatError("a map document must be a table/object", file=file)
    r = _Reader(doc, file, source)
    r.known_keys(doc, (), _TOP_KEYS)
    puzzle_table = r.table("puzzle", required=False)
    # a puzzle's One Squares at the start count for the map rule (fossil-never-dug-up)
    bonuses = (_read_bonuses(r, puzzle_table.get("bonuses", {})) if puzzle_table is not None
               else (0, 0, 0, 0))
    game_map = _read_map(r, is_puzzle=puzzle_table is not None,
                         one_square=bonuses[ONE_SQUARE])
    if puzzle_table is None:
        return game_map
    return _read_puzzle(r, puzzle_table, game_map, bonuses)


def _read_map(r: _Reader, *, is_puzzle: bool, one_square: int = 0) -> Map:
    m = r.table("map", required=True)
    assert m is not None
    r.known_keys(m, ("map",), _MAP_KEYS)
    name = r.string(m, ("map",), "name", "Untitled map")
    names = r.names(m, ("map",))
    theme = r.string(m, ("map",), "theme", "paleontologists")
    if theme not in THEMES:
        raise r.fail(f"[map] theme must be one of {', '.join(THEMES)}, not {theme!r}",
                     ("map",), "theme")
    rounds = r.integer(m, ("map",), "rounds", lo=1, hi=MAX_ROUNDS, default=MAX_ROUNDS)
    grid_text = m.get("grid")
    if not isinstance(grid_text, str):
        raise r.fail("[map] needs a grid (a multi-line string)", ("map",), "grid" if
                     "grid" in m else None)
    cells, width, height = _read_grid(r, grid_text, is_puzzle=is_puzzle)
    fossils = _read_fossils(r, cells)
    stars = frozenset(c for c, s in cells.items() if s == "*")
    predrawn = frozenset(c for c, s in cells.items() if s == "#")
    dice = _read_dice(r)
    result = Map(name=name, width=width, height=height, fossils=fossils, stars=stars,
                 predrawn=predrawn, theme=theme, rounds=rounds, dice=dice,
                 doc=_json_copy(r.doc), source=r.file, names=names)
    _check_map_rule(r, result, one_square)
    return result


def _read_grid(r: _Reader, text: str, *, is_puzzle: bool) -> tuple[dict[Cell, str], int, int]:
    first_line = r.pos.string_first_line(("map",), "grid") if r.pos else None
    raw = text.split("\n")
    rows: list[tuple[int, list[str]]] = []   # (index in raw, symbols)
    for i, line in enumerate(raw):
        stripped = line.strip()
        if stripped:
            rows.append((i, stripped.split(" ")))
        elif rows and any(s.strip() for s in raw[i:]):
            rows.append((i, []))   # a blank line inside the grid: reported below as ragged

    def where(i: int) -> int | None:
        return first_line + i if first_line is not None else None

    if not rows:
        raise r.fail("[map] grid is empty", ("map",), "grid")
    width = len(rows[0][1])
    if width > MAX_COLUMNS:
        raise r.fail(f"grid row 1 has {width} columns; at most {MAX_COLUMNS} are allowed",
                     line=where(rows[0][0]))
    if len(rows) > MAX_ROWS:
        raise r.fail(f"grid has {len(rows)} rows; at most {MAX_ROWS} are allowed",
                     ("map",), "grid")
    cells: dict[Cell, str] = {}
    for y, (i, symbols) in enumerate(rows):
        r.row_lines[y] = where(i)
        if len(symbols) != width:
            raise r.fail(f"grid row {y + 1} has {len(symbols)} cells but row 1 has {width} "
                         "(rows must be equal; cells are separated by single spaces)",
                         line=where(i))
        for x, s in enumerate(symbols):
            ok = s in (".", "*", "#") or (len(s) == 1 and "A" <= s <= "Z")
            if not ok:
                raise r.fail(f"grid cell {cell_name((x, y))} is {s!r}: expected '.', '*', '#' "
                             "or a fossil letter A-Z", line=where(i))
            if s == "#" and not is_puzzle:
                raise r.fail(f"grid cell {cell_name((x, y))} is '#' (already drawn), which only "
                             "puzzles may have", line=where(i))
            cells[(x, y)] = s
    return cells, width, len(rows)


def _read_fossils(r: _Reader, cells: Mapping[Cell, str]) -> tuple[Fossil, ...]:
    table = r.table("fossils", required=False) or {}
    letters = sorted({s for s in cells.values() if "A" <= s <= "Z"})
    for letter in letters:
        if letter not in table:
            where = min((c for c, s in cells.items() if s == letter), key=lambda c: (c[1], c[0]))
            raise r.fail(f"grid letter {letter} (first at {cell_name(where)}) has no "
                         f"[fossils.{letter}] table", ("map",), "grid",
                         line=r.row_lines.get(where[1]))
    fossils = []
    for fid, spec in table.items():
        path = ("fossils", fid)
        if not (len(fid) == 1 and "A" <= fid <= "Z"):
            raise r.fail(f"[fossils.{fid}]: a fossil id is one upper-case letter A-Z", path)
        if not isinstance(spec, Mapping):
            raise r.fail(f"fossils.{fid} must be a table", ("fossils",), fid)
        r.known_keys(spec, path, _FOSSIL_KEYS)
        if fid not in letters:
            raise r.fail(f"[fossils.{fid}] has no cells in the grid", path)
        points = r.integer(spec, path, "points", lo=0, hi=999)
        bonus = r.integer(spec, path, "bonus", lo=0, hi=999)
        name = r.string(spec, path, "name")
        names = r.names(spec, path)
        fcells = frozenset(c for c, s in cells.items() if s == fid)
        if not is_connected(fcells):
            raise _problem_error(r, MapProblem("fossil-disconnected", fid,
                                               _reading_order(fcells)[0]))
        ring = frozenset(n for c in fcells for n in orthogonal_neighbours(c) if n not in fcells)
        fossils.append(Fossil(fid, points, bonus, fcells, ring, name, names))
    return tuple(sorted(fossils, key=lambda f: f.id))


def _read_dice(r: _Reader) -> Dice:
    table = r.table("dice", required=False)
    if table is None:
        return Dice()
    r.known_keys(table, ("dice",), ("shapes", "digs"))
    default = Dice()
    shapes = default.shapes
    digs = default.digs
    if "shapes" in table:
        faces = _faces(r, table["shapes"], "shapes")
        shape_rows = []
        for face in range(1, 7):
            v = faces[face]
            if isinstance(v, str):
                v = [v]
            if (not isinstance(v, list) or not v
                    or not all(isinstance(s, str) and s in _LETTER_SET for s in v)):
                raise r.fail(f"[dice] shapes face {face} must list one or more pentomino letters "
                             f"({' '.join(LETTERS)}), not {v!r}", ("dice",), "shapes")
            shape_rows.append(tuple(dict.fromkeys(v)))
        shapes = tuple(shape_rows)
    if "digs" in table:
        faces = _faces(r, table["digs"], "digs")
        dig_row = []
        for face in range(1, 7):
            v = faces[face]
            if v not in DIG_TYPES:
                raise r.fail(f"[dice] digs face {face} must be one of {', '.join(DIG_TYPES)}, "
                             f"not {v!r}", ("dice",), "digs")
            dig_row.append(v)
        digs = tuple(dig_row)
    return Dice(shapes, digs)


def _faces(r: _Reader, value: Any, key: str) -> dict[int, Any]:
    if not isinstance(value, Mapping):
        raise r.fail(f"[dice] {key} must be a table of faces 1-6", ("dice",), key)
    faces: dict[int, Any] = {}
    for k, v in value.items():
        if str(k) not in {"1", "2", "3", "4", "5", "6"}:
            raise r.fail(f"[dice] {key} has face {k!r}; faces are 1 to 6", ("dice",), key)
        faces[int(k)] = v
    missing = [f for f in range(1, 7) if f not in faces]
    if missing:
        raise r.fail(f"[dice] {key} must name all six faces; missing "
                     f"{', '.join(map(str, missing))}", ("dice",), key)
    return faces


def _check_map_rule(r: _Reader, m: Map, one_square: int) -> None:
    """RULES.md's map rule: no fossil on the edge, no ring holding another fossil's cell,
    no fossil that can never be dug up; and a puzzle's rings not closed at the start (a
    map has no cell drawn at the start)."""
    for p in map_problems(m, one_square=one_square):
        if p.rule != "fossil-disconnected":     # the fossils' reader has said that one
            raise _problem_error(r, p)


# ---------------------------------------------------------------------------------------
# The map rules (docs/FORMATS.md, "Why a map is rejected"): one place for the reader and
# for the editor's live check.

MAP_RULE_IDS = ("fossil-disconnected", "fossil-on-edge", "fossils-adjacent",
                "ring-complete-at-start", "fossil-never-dug-up")


@dataclass(frozen=True)
class MapProblem:
    """A map rule a map breaks: the rule id, the fossil, the cell to point at (and the other
    fossil, for ``fossils-adjacent``). A fossil that can never be dug up also says why
    (``reason``): ``"star"`` (one star of its ring no pentomino fits over), ``"stars"``
    (stars of its ring, ``cells``, that no set of non-overlapping pentominoes covers all
    together), ``"square"`` (ring cells, ``cells``, that no pentomino fits over, more
    than the ``limit`` One Squares the map can ever give).

    >>> MapProblem("fossil-on-edge", "A", (0, 2)).message.split(":")[0]
    'fossil A touches the grid edge at cell A3'
    """

    rule: str
    fossil: str
    cell: Cell
    other: str = ""
    cells: tuple[Cell, ...] = ()
    reason: str = ""
    limit: int = 0

    @property
    def where(self) -> tuple[Cell, ...]:
        """Every cell the problem is about (the one ``cell`` when it names no more)."""
        return self.cells or (self.cell,)

    @property
    def message(self) -> str:
        f, c = self.fossil, cell_name(self.cell)
        if self.rule == "fossil-disconnected":
            return (f"fossil {f}'s cells are not orthogonally connected (cell {c} and others "
                    "form separate pieces)")
        if self.rule == "fossil-on-edge":
            return (f"fossil {f} touches the grid edge at cell {c}: it could never be dug up "
                    "(map rule: no fossil on the edge)")
        if self.rule == "fossils-adjacent":
            return (f"fossil {f} is orthogonally next to fossil {self.other} at cell {c}: its "
                    "ring holds another fossil's cell, so it could never be dug up (map rule)")
        if self.rule == "ring-complete-at-start":
            return (f"fossil {f}'s ring is already complete at the start (all drawn with '#'): "
                    "a puzzle must leave every fossil to dig")
        names = ", ".join(cell_name(x) for x in self.where)
        if self.reason == "stars":
            return (f"fossil {f} can never be dug up: the stars {names} of its ring cannot all "
                    "be covered by pentominoes that do not overlap, and One Square may not "
                    "fill a star (map rule)")
        if self.reason == "square":
            cells = (f"its ring cell {names} is a cell" if len(self.where) == 1
                     else f"its ring cells {names} are cells")
            if not self.limit:
                return (f"fossil {f} can never be dug up: {cells} that no pentomino fits over, "
                        "and One Square can never be had on this map (no pentomino fits over "
                        "a star, and no bonus is held at the start) (map rule)")
            return (f"fossil {f} can never be dug up: {cells} that no pentomino fits over, "
                    f"and at most {self.limit} One Square{'s' if self.limit != 1 else ''} can "
                    "be had on this map (map rule)")
        return (f"fossil {f} can never be dug up: its ring cell {c} is a star that no "
                "pentomino fits over and One Square may not fill (map rule)")


class MapRuleError(FormatError):
    """A map that breaks a map rule: the FormatError, with the rule id, fossil and cell."""

    def __init__(self, problem: MapProblem, *, file: str | None = None,
                 line: int | None = None) -> None:
        super().__init__(f"{problem.message} [{problem.rule}]", file=file, line=line)
        self.problem = problem
        self.rule = problem.rule

    def located(self, *, file: str | None = None, line: int | None = None) -> FormatError:
        return MapRuleError(self.problem, file=self.file or file,
                            line=self.line if self.line is not None else line)


def _problem_error(r: _Reader, p: MapProblem) -> MapRuleError:
    line = r.pos.table_line(("fossils", p.fossil)) if r.pos is not None else None
    return MapRuleError(p, file=r.file, line=line)


def _reading_order(cells: Iterable[Cell]) -> list[Cell]:
    return sorted(cells, key=lambda c: (c[1], c[0]))


def map_problems(m: Map, *, one_square: int = 0) -> list[MapProblem]:
    """Every map rule the map breaks, fossil by fossil (in id order); empty for a good map.
    A map read from a file has none (reading stops at the first); the editor shows them all.
    ``one_square``: the One Square bonuses a puzzle holds at the start.
    """
    owner = {c: f for f in m.fossils for c in f.cells}
    problems: list[MapProblem] = []
    reach: _Reach | None = None
    for f in m.fossils:
        if not is_connected(f.cells):
            problems.append(MapProblem("fossil-disconnected", f.id, _reading_order(f.cells)[0]))
        for c in _reading_order(f.ring):
            if not m.inside(c):
                edge = next(fc for fc in _reading_order(f.cells)
                            if c in orthogonal_neighbours(fc))
                if MapProblem("fossil-on-edge", f.id, edge) not in problems:   # a corner
                    problems.append(MapProblem("fossil-on-edge", f.id, edge))
            elif c in owner and owner[c].id != f.id:
                problems.append(MapProblem("fossils-adjacent", f.id, c, owner[c].id))
        if all(m.inside(c) for c in f.ring) and f.ring - m.predrawn:
            reach = reach or _Reach(m, one_square)
            problems += reach.never_dug_up(f)
        if f.ring and f.ring <= m.predrawn:
            problems.append(MapProblem("ring-complete-at-start", f.id,
                                       _reading_order(f.cells)[0]))
    return problems


class _Reach:
    """What pentominoes and One Square can ever draw on a map, for ``fossil-never-dug-up``:
    the placements are the rules' own (``Game.placements``: every cell inside the grid,
    not a fossil cell, not drawn at the start), every one of them taken as drawable (the
    rolls, rounds and dice are not looked at: docs/FORMATS.md)."""

    def __init__(self, m: Map, one_square: int) -> None:
        from .rules import Game  # here: the rules read maps, so they load after this module

        inside = tuple(Fossil(f.id, f.points, f.bonus, f.cells,
                              frozenset(c for c in f.ring if m.inside(c))) for f in m.fossils)
        self.game = g = Game(Map(m.name, m.width, m.height, inside, m.stars, m.predrawn,
                                 m.theme, m.rounds, m.dice))
        self.placements = [p for masks in g.placements.values() for p in masks]
        reach = 0
        for p in self.placements:
            reach |= p
        self.reach = reach                   # the cells some pentomino fits over
        # One Square comes from a star's bonus (the first star a shape covers can always
        # give one, at most BONUS_CAP a game) or from a puzzle's start; a fossil's bonus is
        # points only (RULES.md).
        self.one_squares = one_square + min(BONUS_CAP, (g.star_mask & reach).bit_count())

    def never_dug_up(self, f: Fossil) -> list[MapProblem]:
        g = self.game
        ring = g.mask_of(f.ring) & ~g.predrawn_mask
        stars = ring & g.star_mask
        out = [MapProblem("fossil-never-dug-up", f.id, c, reason="star")
               for c in _reading_order(g.cells_of(stars & ~self.reach))]
        if not out:                                  # each star alone has a shape over it
            options = [p for p in self.placements if p & stars]
            for group in _apart(stars, options):
                if _disjoint_cover(group, options):
                    continue
                for i in range(group.bit_length()):  # keep only the stars in the way
                    b = 1 << i
                    if group & b and not _disjoint_cover(group & ~b, options):
                        group &= ~b
                cells = tuple(_reading_order(g.cells_of(group)))
                out.append(MapProblem("fossil-never-dug-up", f.id, cells[0], cells=cells,
                                      reason="stars"))
        holes = ring & ~g.star_mask & ~g.fossil_mask & ~self.reach   # One Square alone fills
        if holes.bit_count() > self.one_squares:
            cells = tuple(_reading_order(g.cells_of(holes)))
            out.append(MapProblem("fossil-never-dug-up", f.id, cells[0], cells=cells,
                                  reason="square", limit=self.one_squares))
        return out


def _apart(targets: int, options: Sequence[int]) -> list[int]:
    """``targets`` in groups that do not meet: two targets are in one group when some
    option over one and some option over the other share a cell (joined step by step), so
    each group can be covered, or not, whatever the others do. Groups of two or more.

    >>> _apart(0b100101, [0b11, 0b110, 0b100000]), _apart(0b101, [0b11, 0b100])
    ([5], [])
    """
    groups: list[tuple[int, int]] = []        # (targets, the cells their options cover)
    bits = targets
    while bits:
        low = bits & -bits
        bits ^= low
        group, area = low, 0
        for p in options:
            if p & low:
                area |= p
        for other in [x for x in groups if x[1] & area]:
            groups.remove(other)
            group, area = group | other[0], area | other[1]
        groups.append((group, area))
    return [t for t, _ in groups if t & (t - 1)]


def _disjoint_cover(targets: int, options: Sequence[int]) -> bool:
    """Whether some pairwise disjoint masks among ``options`` cover every bit of
    ``targets``: a search that covers first the target with the fewest options left and
    remembers the sets of drawn cells that failed.

    >>> _disjoint_cover(0b101, [0b011, 0b110]), _disjoint_cover(0b101, [0b011, 0b100])
    (False, True)
    """
    over: dict[int, list[int]] = {}          # each target bit: the options over it
    bits = targets
    while bits:
        low = bits & -bits
        over[low] = [p for p in options if p & low]
        bits ^= low
    failed: set[int] = set()

    def search(used: int) -> bool:
        left = targets & ~used
        if not left:
            return True
        if used in failed:
            return False
        best: list[int] | None = None
        while left:
            low = left & -left
            fits = [p for p in over[low] if not p & used]
            if best is None or len(fits) < len(best):
                best = fits
                if not fits:
                    break
            left ^= low
        if not any(search(used | p) for p in best or ()):
            failed.add(used)
            return False
        return True

    return search(0)


def _read_puzzle(r: _Reader, table: Mapping[str, Any], base: Map,
                 bonuses: tuple[int, int, int, int]) -> Puzzle:
    path = ("puzzle",)
    r.known_keys(table, path, _PUZZLE_KEYS)
    title = r.string(table, path, "title")
    story = r.string(table, path, "story")
    titles = r.names(table, path, "titles")
    stories = r.names(table, path, "stories")
    difficulty = r.string(table, path, "difficulty")
    if "difficulty" in table and difficulty not in DIFFICULTIES:
        raise r.fail(f"[puzzle] difficulty must be one of {', '.join(DIFFICULTIES)}, "
                     f"not {difficulty!r}", path, "difficulty")
    rolls = _read_rolls(r, table.get("rolls"))
    optimum: int | None = None
    if "optimum" in table:
        optimum = r.integer(table, path, "optimum", lo=0, hi=100_000)
    solution = _read_solution(r, table.get("solution", []))
    game_map = Map(name=base.name, width=base.width, height=base.height, fossils=base.fossils,
                   stars=base.stars, predrawn=base.predrawn, theme=base.theme,
                   rounds=len(rolls), dice=base.dice, doc=base.doc, source=base.source,
                   names=base.names)
    return Puzzle(map=game_map, rolls=rolls, title=title, story=story, bonuses=bonuses,
                  optimum=optimum if solution else None, solution=solution,
                  difficulty=difficulty, doc=base.doc, source=r.file, titles=titles,
                  stories=stories)


def _read_rolls(r: _Reader, value: Any) -> tuple[Roll, ...]:
    path = ("puzzle",)
    if not isinstance(value, list) or not value:
        raise r.fail("[puzzle] needs rolls: a list of pairs like [[2, 5], [1, 4]]", path,
                     "rolls" if value is not None else None)
    if len(value) > MAX_ROUNDS:
        raise r.fail(f"[puzzle] has {len(value)} rolls; a game lasts at most {MAX_ROUNDS} rounds",
                     path, "rolls")
    lines = r.pos.array_item_lines(path, "rolls") if r.pos else []
    rolls = []
    for i, pair in enumerate(value):
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(d, int) and not isinstance(d, bool) for d in pair)):
            raise r.fail(f"[puzzle] roll {i + 1} must be a pair of dice like [2, 5], "
                         f"not {pair!r}", path, "rolls",
                         line=lines[i] if i < len(lines) else None)
        if not all(1 <= d <= 6 for d in pair):
            raise r.fail(f"[puzzle] roll {i + 1} is {pair!r}: dice show 1 to 6", path, "rolls",
                         line=lines[i] if i < len(lines) else None)
        rolls.append((pair[0], pair[1]))
    return tuple(rolls)


def _read_bonuses(r: _Reader, value: Any) -> tuple[int, int, int, int]:
    path = ("puzzle",)
    if not isinstance(value, Mapping):
        raise r.fail("[puzzle] bonuses must be a table like { switch-shape = 1 }", path, "bonuses")
    counts = [0, 0, 0, 0]
    for k, v in value.items():
        if k not in BONUS_KINDS:
            raise r.fail(f"[puzzle] bonuses has unknown kind {k!r} "
                         f"(expected {', '.join(BONUS_KINDS)})", path, "bonuses")
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 20:
            raise r.fail(f"[puzzle] bonuses {k} must be an integer from 0 to 20, not {v!r}",
                         path, "bonuses")
        counts[BONUS_KINDS.index(k)] = v
    return counts[0], counts[1], counts[2], counts[3]


def _read_solution(r: _Reader, value: Any) -> tuple[Turn, ...]:
    path = ("puzzle",)
    if not isinstance(value, list):
        raise r.fail("[puzzle] solution must be a list of turns", path, "solution")
    lines = r.pos.array_item_lines(path, "solution") if r.pos else []
    turns = []
    for i, item in enumerate(value):
        try:
            turns.append(Turn.from_dict(item))
        except PaleoError as e:
            raise r.fail(f"[puzzle] solution turn {i + 1} (round {i + 1}): "
                         f"{getattr(e, 'message', str(e))}", path, "solution",
                         line=lines[i] if i < len(lines) else None) from None
    return tuple(turns)


def _positions(puzzle: Puzzle) -> TomlPositions | None:
    if puzzle.source is None:
        return None
    try:
        return TomlPositions(Path(puzzle.source).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def solution_lines(puzzle: Puzzle) -> list[int]:
    """The line of each solution turn in the puzzle's file (empty when unknown)."""
    pos = _positions(puzzle)
    return pos.array_item_lines(("puzzle",), "solution") if pos else []


def solution_key_line(puzzle: Puzzle) -> int | None:
    """The line of ``solution =`` in the puzzle's file."""
    pos = _positions(puzzle)
    return pos.key_line(("puzzle",), "solution") if pos else None


def _json_copy(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The document as plain JSON data (what a game log embeds)."""
    return json.loads(json.dumps(doc, default=str))  # type: ignore[no-any-return]
