"""Where things stand in a TOML source: the line of a table, a key, an array element.

``tomllib`` gives values without positions; an author needs the line. This scanner reads
the hand-written layout our files use (``[table]`` headers, ``key = value`` lines, arrays of
inline tables over several lines). When it cannot tell, it answers ``None`` and the error
still names the file and the key path.

>>> src = '[map]\\nname = "x"\\n[fossils.A]\\npoints = 1\\n'
>>> TomlPositions(src).key_line(("fossils", "A"), "points")
4
"""

from __future__ import annotations

import re

_HEADER = re.compile(r"\s*\[\s*([A-Za-z0-9_.\-\" ]+?)\s*\]\s*(#.*)?$")
_KEY = re.compile(r"\s*([A-Za-z0-9_\-]+|\"[^\"]*\")\s*=")


def _split_path(text: str) -> tuple[str, ...]:
    return tuple(p.strip().strip('"') for p in text.split("."))


class TomlPositions:
    """Line numbers (from 1) of tables, keys and array elements in one TOML source."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.lines = source.splitlines()
        self._tables: dict[tuple[str, ...], int] = {}
        self._keys: dict[tuple[tuple[str, ...], str], int] = {}
        self._scan()

    def _scan(self) -> None:
        table: tuple[str, ...] = ()
        depth = 0          # bracket depth of a value that spans lines
        in_string: str | None = None
        for number, line in enumerate(self.lines, start=1):
            if depth == 0 and in_string is None:
                m = _HEADER.match(line)
                if m and not line.lstrip().startswith("[["):
                    table = _split_path(m.group(1))
                    self._tables.setdefault(table, number)
                    continue
                k = _KEY.match(line)
                if k:
                    key = k.group(1).strip('"')
                    self._keys.setdefault((table, key), number)
                    # dotted keys like fossils.A.points at top level are left unlocated
            depth, in_string = _track(line, depth, in_string)

    def table_line(self, table: tuple[str, ...]) -> int | None:
        return self._tables.get(table)

    def key_line(self, table: tuple[str, ...], key: str) -> int | None:
        """The line of ``key = ...`` in ``[table]``, or of a ``[table.key]`` header."""
        line = self._keys.get((table, key))
        if line is None:
            line = self._tables.get((*table, key))
        return line if line is not None else self.table_line(table)

    def string_first_line(self, table: tuple[str, ...], key: str) -> int | None:
        """The line holding the first character of a (multi-line) string value."""
        line = self._keys.get((table, key))
        if line is None:
            return None
        rest = self.lines[line - 1].split("=", 1)[1].strip()
        for quote in ('"""', "'''"):
            if rest.startswith(quote) and rest[3:].strip() == "":
                return line + 1   # TOML trims a newline right after the opening quotes
        return line

    def array_item_lines(self, table: tuple[str, ...], key: str) -> list[int]:
        """The line where each top-level element of an array value starts."""
        line = self._keys.get((table, key))
        if line is None:
            return []
        starts: list[int] = []
        depth = 0
        in_string: str | None = None
        expecting = False
        first = True
        for number in range(line, len(self.lines) + 1):
            text = self.lines[number - 1]
            if first:
                text = text.split("=", 1)[1]
                first = False
            i = 0
            while i < len(text):
                ch = text[i]
                if in_string:
                    if text.startswith(in_string, i):
                        i += len(in_string)
                        in_string = None
                        continue
                    if ch == "\\" and in_string == '"':
                        i += 2
                        continue
                    i += 1
                    continue
                if ch == "#":
                    break
                if ch in "[{":
                    if depth == 1 and expecting:
                        starts.append(number)
                        expecting = False
                    depth += 1
                    if depth == 1:
                        expecting = True
                elif ch in "]}":
                    depth -= 1
                    if depth == 0:
                        return starts
                elif ch == ",":
                    if depth == 1:
                        expecting = True
                elif not ch.isspace():
                    if depth == 1 and expecting:
                        starts.append(number)
                        expecting = False
                    if ch in "\"'":
                        q = text[i:i + 3] if text[i:i + 3] in ('"""', "'''") else ch
                        in_string = q
                        i += len(q)
                        continue
                i += 1
        return starts


def _track(line: str, depth: int, in_string: str | None) -> tuple[int, str | None]:
    """Bracket depth and open multi-line string after one line (comments and strings skipped)."""
    i = 0
    while i < len(line):
        ch = line[i]
        if in_string:
            if line.startswith(in_string, i):
                i += len(in_string)
                in_string = None
                continue
            if ch == "\\" and in_string in ('"', '"""'):
                i += 2
                continue
            i += 1
            continue
        if ch == "#":
            break
        if ch in "\"'":
            q = line[i:i + 3] if line[i:i + 3] in ('"""', "'''") else ch
            in_string = q
            i += len(q)
            continue
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1
    if in_string in ('"', "'"):
        in_string = None  # single-line strings cannot span lines
    return depth, in_string
