"""Codes for sharing: a map, a puzzle or a game log as one short, URL-safe line of text.

A code is a prefix saying what it holds and the format's version (``P1-`` a map or puzzle,
``G1-`` a game log), then base64url (no padding) of::

    flag byte (0: packed bytes as they are, 1: packed bytes deflated) | body | CRC-32

(the CRC-32 of the prefix, the flag and the body).

The packed bytes hold the parsed document, not its text: the grid as one symbol a cell,
the names in other languages,
numbers as varints, strings as UTF-8 with a length, every drawn shape as one byte (its
fixed orientation and dig type) and its corner cell. A game log on a shipped map names the
map instead of holding it. The CRC-32 over everything before it turns a changed or cut code into a
clear error (:class:`CodeError`), never a wrong puzzle; what decodes is then read and
checked like a file (map rules, the puzzle's solution replayed, the log's turns replayed).

"Equal in content" (:func:`same_content`): the decoded document equals the original as
parsed (:class:`~paleowidgets.core.maps.Map` and :class:`~paleowidgets.core.maps.Puzzle`
equality: everything but comments and layout); a decoded log has the same document,
rolls and players' turns (a log that named its map file now holds the map inline).

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> puzzle = parse_document(TINY + '[puzzle]\\nrolls = [[2, 5], [1, 4]]\\n')
>>> code = encode(puzzle)
>>> code[:3], decode(code) == puzzle
('P1-', True)
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import FormatError, IllegalTurnError, PaleoError
from .geometry import FIXED_BY_LETTER, LETTERS, Cell, cell_name, normalise
from .logs import GameLog
from .maps import DIFFICULTIES, Map, Puzzle, document_from_dict
from .terms import BONUS_KINDS, DIG_TYPES, MAX_ROUNDS, SWITCHES
from .turns import Turn

__all__ = ["CodeError", "decode", "decode_document", "decode_log", "encode", "file_text",
           "same_content"]

VERSION = 1
DOCUMENT, GAME = "P", "G"
_PUZZLE, _SNOWMAN, _DICE = 1, 2, 4            # document flags
_TEXTS = 8          # a puzzle's title and story in other languages follow its story
_PASS, _SWITCH_SHAPE, _SWITCH_DIG, _STARS, _SQUARES = 1, 2, 4, 8, 16   # turn flags
_SYMBOLS = ".*#ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# The 63 fixed forms, letter by letter: a drawn shape is its form's number and dig type,
# 3 * 63 = 189 values of one byte; the bytes from 189 on start a turn with flags.
_FORM_LIST = tuple((letter, form) for letter in LETTERS for form in FIXED_BY_LETTER[letter])
_FORMS = {form: (letter, i) for i, (letter, form) in enumerate(_FORM_LIST)}
_FLAGGED = 3 * len(_FORM_LIST)


class CodeError(PaleoError):
    """A code that cannot be read: cut, changed, or not a code of this kind.

    ``why`` says which, for a reader's own words: ``"damaged"`` (cut, changed, not a code
    at all), ``"kind"`` (a puzzle's code where a game's is wanted, or the other way round),
    ``"version"`` (a code of another format version).

    >>> str(CodeError("the checksum does not match"))
    'bad code: the checksum does not match'
    """

    def __init__(self, message: str, why: str = "damaged") -> None:
        self.message = message
        self.why = why
        super().__init__(f"bad code: {message}")


# ---------------------------------------------------------------------------------------
# Encoding


def encode(doc: Map | Puzzle | GameLog) -> str:
    """The code of a map, a puzzle or a game log."""
    out = _Writer()
    if isinstance(doc, GameLog):
        _write_log(out, doc)
        kind = GAME
    else:
        _write_document(out, doc)
        kind = DOCUMENT
    raw = bytes(out.data)
    packed = zlib.compress(raw, 9, wbits=-15)
    body = b"\x01" + packed if len(packed) < len(raw) else b"\x00" + raw
    prefix = f"{kind}{VERSION}-"
    body += _checksum(prefix, body)
    return prefix + base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")


def _checksum(prefix: str, body: bytes) -> bytes:
    """CRC-32 of the prefix and the body: a changed kind letter is caught too."""
    return zlib.crc32(body, zlib.crc32(prefix.encode("ascii"))).to_bytes(4, "big")


class _Writer:
    def __init__(self) -> None:
        self.data = bytearray()

    def uint(self, n: int) -> None:
        """A varint: 7 bits a byte, low bits first."""
        while True:
            low = n & 0x7F
            n >>= 7
            self.data.append(low | (0x80 if n else 0))
            if not n:
                return

    def text(self, s: str) -> None:
        b = s.encode("utf-8")
        self.uint(len(b))
        self.data += b


def _write_document(out: _Writer, doc: Map | Puzzle) -> None:
    puzzle = doc if isinstance(doc, Puzzle) else None
    m = doc.map if isinstance(doc, Puzzle) else doc
    flags = ((_PUZZLE if puzzle else 0) | (_SNOWMAN if m.theme == "snowman" else 0)
             | (0 if m.dice.is_default() else _DICE)
             | (_TEXTS if puzzle and (puzzle.titles or puzzle.stories) else 0))
    out.uint(flags)
    out.text(m.name)
    _write_names(out, m.names)
    out.uint(m.width)
    out.uint(m.height)
    if puzzle is None:
        out.uint(m.rounds)
    for row in m.grid_rows():
        out.data += bytes(_SYMBOLS.index(s) for s in row.split(" "))
    for f in m.fossils:
        out.uint(f.points)
        out.uint(f.bonus)
        out.text(f.name)
        _write_names(out, f.names)
    if flags & _DICE:
        for face in range(1, 7):
            shapes = m.dice.shapes_of(face)
            out.uint(len(shapes))
            out.data += bytes(LETTERS.index(s) for s in shapes)
        out.data += bytes(DIG_TYPES.index(m.dice.dig_of(face)) for face in range(1, 7))
    if puzzle is not None:
        out.text(puzzle.title)
        out.text(puzzle.story)
        if flags & _TEXTS:
            _write_names(out, puzzle.titles)
            _write_names(out, puzzle.stories)
        out.uint(DIFFICULTIES.index(puzzle.difficulty) + 1 if puzzle.difficulty else 0)
        for n in puzzle.bonuses:
            out.uint(n)
        _write_rolls(out, puzzle.rolls)
        out.uint(len(puzzle.solution))
        if puzzle.solution:
            out.uint(puzzle.optimum or 0)
            for t in puzzle.solution:
                _write_turn(out, t, m.width)


def _write_names(out: _Writer, names: Mapping[str, str]) -> None:
    """A name in other languages (``names = { fr = "...", ko = "..." }``)."""
    out.uint(len(names))
    for lang, text in sorted(names.items()):
        out.text(lang)
        out.text(text)


def _write_rolls(out: _Writer, rolls: Iterable[tuple[int, int]]) -> None:
    pairs = list(rolls)
    out.uint(len(pairs))
    out.data += bytes((a - 1) * 6 + (b - 1) for a, b in pairs)


def _write_turn(out: _Writer, t: Turn, width: int) -> None:
    """A plain draw is one byte (its fixed form and dig type) and its corner cell; a turn
    with a pass, switches, stars or squares starts with a byte of flags."""
    flags = ((_PASS if t.passed else 0) | (_SWITCH_SHAPE if "shape" in t.switch else 0)
             | (_SWITCH_DIG if "dig" in t.switch else 0) | (_STARS if t.stars else 0)
             | (_SQUARES if t.squares else 0))
    if flags:
        out.data.append(_FLAGGED + flags)
    if not t.passed:
        assert t.shape is not None and t.dig is not None
        form = normalise(t.cells)
        if _FORMS.get(form, (None,))[0] != t.shape:
            raise CodeError(f"turn {t} draws cells that are not a {t.shape}")
        out.data.append(_FORMS[form][1] * 3 + DIG_TYPES.index(t.dig))
        corner = (min(x for x, _ in t.cells), min(y for _, y in t.cells))
        out.uint(_index(corner, width))
    if t.stars:
        out.uint(len(t.stars))
        out.data += bytes(BONUS_KINDS.index(k) for k in t.stars)
    if t.squares:
        out.uint(len(t.squares))
        for c in sorted(t.squares, key=lambda c: (c[1], c[0])):
            out.uint(_index(c, width))


def _index(cell: Cell, width: int) -> int:
    return cell[1] * width + cell[0]


def _write_log(out: _Writer, log: GameLog) -> None:
    from ..data import MAP_NAMES, load_map  # the shipped maps, by name

    shipped = next((i for i, name in enumerate(MAP_NAMES) if load_map(name) == log.document),
                   None)
    if shipped is not None:
        out.uint(1)
        out.uint(shipped)
    else:
        out.uint(0)
        _write_document(out, log.document)
    _write_rolls(out, log.rolls)
    out.uint(len(log.players))
    width = log.game.map.width
    for p in log.players:
        out.text(p.name)
        if len(p.turns) != len(log.rolls):
            raise CodeError(f"player {p.name!r} has {len(p.turns)} turns for "
                            f"{len(log.rolls)} rolls")
        for t in p.turns:
            _write_turn(out, t, width)


# ---------------------------------------------------------------------------------------
# Decoding


def decode(code: str) -> Map | Puzzle | GameLog:
    """What a code holds, read and checked as a file would be. Raises :class:`CodeError`
    (a damaged code) or the error of the file it holds (FormatError, IllegalTurnError)."""
    kind, data = _unwrap(code)
    r = _Reader(data)
    result: Map | Puzzle | GameLog
    if kind == GAME:
        result = _read_log(r)
    else:
        result = _read_document(r)
        if isinstance(result, Puzzle):
            from .files import check_solution

            _checked(lambda: check_solution(result))
    r.end()
    return result


def decode_document(code: str) -> Map | Puzzle:
    """The map or puzzle of a ``P`` code (a game code is an error)."""
    doc = decode(code)
    if isinstance(doc, GameLog):
        raise CodeError("this is the code of a game, not of a map or puzzle", "kind")
    return doc


def decode_log(code: str) -> GameLog:
    """The game log of a ``G`` code (a puzzle code is an error)."""
    doc = decode(code)
    if not isinstance(doc, GameLog):
        raise CodeError("this is the code of a map or puzzle, not of a game", "kind")
    return doc


def _unwrap(code: str) -> tuple[str, bytes]:
    if not isinstance(code, str):
        raise CodeError(f"a code is text, not {type(code).__name__}")
    text = "".join(code.split())          # a code may come back wrapped over lines
    head = text[:3]
    if len(head) < 3 or head[0] not in (DOCUMENT, GAME) or head[2] != "-":
        raise CodeError(f"a code starts with {DOCUMENT}{VERSION}- (a map or puzzle) or "
                        f"{GAME}{VERSION}- (a game), not {text[:12]!r}")
    if head[1] != str(VERSION):
        raise CodeError(f"this code is of format version {head[1]!r}; this paleowidgets "
                        f"reads version {VERSION}", "version")
    payload = text[3:]
    if not payload or any(not (ch.isascii() and (ch.isalnum() or ch in "-_"))
                          for ch in payload):
        raise CodeError("a code holds only the letters A-Z a-z, digits, '-' and '_' "
                        "after its prefix")
    try:
        body = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise CodeError("the code is cut or changed (its length is not possible)") from None
    if len(body) < 6 or _checksum(head, body[:-4]) != body[-4:]:
        raise CodeError("the code is cut or changed: its checksum does not match "
                        "(copy the whole code again)")
    flag, data = body[0], body[1:-4]
    if flag == 1:
        try:
            data = zlib.decompress(data, wbits=-15)
        except zlib.error:
            raise CodeError("the code's packed data cannot be unpacked") from None
    elif flag != 0:
        raise CodeError(f"unknown packing {flag}")
    return head[0], data


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise CodeError("the code ends too early")
        self.at += 1
        return self.data[self.at - 1]

    def uint(self, limit: int = 1 << 31) -> int:
        n, shift = 0, 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                break
            if shift > 35:
                raise CodeError("a number in the code is too long")
        if n > limit:
            raise CodeError(f"a number in the code is {n}, more than {limit}")
        return n

    def raw(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise CodeError("the code ends too early")
        self.at += n
        return self.data[self.at - n:self.at]

    def text(self) -> str:
        try:
            return self.raw(self.uint(100_000)).decode("utf-8")
        except UnicodeDecodeError:
            raise CodeError("a text in the code is not UTF-8") from None

    def choice(self, options: str | tuple[str, ...]) -> str:
        i = self.byte()
        if i >= len(options):
            raise CodeError(f"a value in the code is {i}, not one of {len(options)} choices")
        return options[i]

    def end(self) -> None:
        if self.at != len(self.data):
            raise CodeError(f"{len(self.data) - self.at} bytes left over at the end of the code")


def _checked(make: Any) -> Any:
    """Run ``make()``; a file error inside names the code, not a file."""
    try:
        return make()
    except IllegalTurnError as e:
        raise e.with_context(file="<code>") from None
    except FormatError as e:
        raise FormatError(e.message, file="<code>", line=None) from None


def _read_document(r: _Reader) -> Map | Puzzle:
    return _checked(lambda: document_from_dict(_document_dict(r), file="<code>"))  # type: ignore[no-any-return]


def _document_dict(r: _Reader) -> dict[str, Any]:
    flags = r.uint(15)
    name = r.text()
    names = _read_names(r)
    width, height = r.uint(26), r.uint(99)
    if not (width and height):
        raise CodeError(f"the code's grid is {width}x{height}")
    m: dict[str, Any] = {"name": name, "theme": "snowman" if flags & _SNOWMAN
                         else "paleontologists"}
    if names:
        m["names"] = names
    if not flags & _PUZZLE:
        m["rounds"] = r.uint(MAX_ROUNDS)
    symbols = [r.choice(_SYMBOLS) for _ in range(width * height)]
    rows = [" ".join(symbols[y * width:(y + 1) * width]) for y in range(height)]
    m["grid"] = "\n".join(rows)
    doc: dict[str, Any] = {"map": m}
    fossils: dict[str, Any] = {}
    for letter in sorted({s for s in symbols if s.isalpha()}):
        fossil: dict[str, Any] = {"points": r.uint(999), "bonus": r.uint(999)}
        fossil_name = r.text()
        if fossil_name:
            fossil["name"] = fossil_name
        fossil_names = _read_names(r)
        if fossil_names:
            fossil["names"] = fossil_names
        fossils[letter] = fossil
    if fossils:
        doc["fossils"] = fossils
    if flags & _DICE:
        shapes = {str(face): [r.choice(LETTERS) for _ in range(r.uint(12))]
                  for face in range(1, 7)}
        digs = {str(face): r.choice(DIG_TYPES) for face in range(1, 7)}
        doc["dice"] = {"shapes": shapes, "digs": digs}
    if flags & _PUZZLE:
        p: dict[str, Any] = {"title": r.text(), "story": r.text()}
        if flags & _TEXTS:
            p["titles"], p["stories"] = _read_names(r), _read_names(r)
        level = r.uint(len(DIFFICULTIES))
        if level:
            p["difficulty"] = DIFFICULTIES[level - 1]
        held = {k: r.uint(20) for k in BONUS_KINDS}
        p["bonuses"] = {k: n for k, n in held.items() if n}
        p["rolls"] = _read_rolls(r)
        n = r.uint(MAX_ROUNDS)
        if n:
            p["optimum"] = r.uint(100_000)
            p["solution"] = [_read_turn(r, width) for _ in range(n)]
        doc["puzzle"] = p
    return doc


def _read_names(r: _Reader) -> dict[str, str]:
    return {r.text(): r.text() for _ in range(r.uint(100))}


def _read_rolls(r: _Reader) -> list[list[int]]:
    rolls = []
    for _ in range(r.uint(MAX_ROUNDS)):
        v = r.byte()
        if v >= 36:
            raise CodeError(f"a roll in the code is {v}, not a pair of dice")
        rolls.append([v // 6 + 1, v % 6 + 1])
    return rolls


def _read_turn(r: _Reader, width: int) -> dict[str, Any]:
    first = r.byte()
    flags = first - _FLAGGED if first >= _FLAGGED else 0
    if flags > 31:
        raise CodeError(f"a turn in the code starts with {first}")
    turn: dict[str, Any] = {}
    if flags & _PASS:
        turn["pass"] = True
    else:
        v = r.byte() if flags else first
        if v >= 3 * len(_FORM_LIST):
            raise CodeError(f"a shape in the code is {v}, not one of the 63 fixed forms")
        shape, form = _FORM_LIST[v // 3]
        dig = DIG_TYPES[v % 3]
        corner = divmod(r.uint(26 * 99), width)
        turn.update(shape=shape, dig=dig,
                    cells=[cell_name((x + corner[1], y + corner[0])) for x, y in form])
        switch = [s for s, bit in zip(SWITCHES, (_SWITCH_SHAPE, _SWITCH_DIG), strict=True)
                  if flags & bit]
        if switch:
            turn["switch"] = switch
    if flags & _STARS:
        turn["stars"] = [r.choice(BONUS_KINDS) for _ in range(r.uint(5))]
    if flags & _SQUARES:
        turn["squares"] = [cell_name(divmod(r.uint(26 * 99), width)[::-1])
                           for _ in range(r.uint(26 * 99))]
    return turn


def _read_log(r: _Reader) -> GameLog:
    if r.uint(1):
        from ..data import MAP_NAMES, load_map

        i = r.uint(len(MAP_NAMES) - 1)
        doc_dict: Mapping[str, Any] = load_map(MAP_NAMES[i]).doc
    else:
        doc_dict = _document_dict(r)
    rolls = _read_rolls(r)
    players = []
    width = _width(doc_dict)
    for _ in range(r.uint(1000)):
        name = r.text()
        players.append({"name": name, "turns": [_read_turn(r, width) for _ in rolls]})
    data = {"format": 1, "map": doc_dict, "rolls": rolls, "players": players}

    def load() -> GameLog:
        log = GameLog.from_dict(data, file="<code>")
        log.replay()
        return log

    return _checked(load)  # type: ignore[no-any-return]


def _width(doc: Mapping[str, Any]) -> int:
    first = next((line for line in str(doc["map"]["grid"]).split("\n") if line.strip()), "")
    return max(1, len(first.split()))


# ---------------------------------------------------------------------------------------
# Equality


def same_content(a: Map | Puzzle | GameLog, b: Map | Puzzle | GameLog) -> bool:
    """Whether two documents or logs say the same: equal documents; for logs, the same
    document, rolls and players' turns (whether the map was inline or a file does not
    matter)."""
    if isinstance(a, GameLog) and isinstance(b, GameLog):
        return (a.document, a.rolls, a.players) == (b.document, b.rolls, b.players)
    return a == b



def file_text(doc: Map | Puzzle | GameLog) -> tuple[str, str]:
    """The file a decoded code is written to: its text and suffix (``.toml`` for a map or
    puzzle, ``.json`` for a game log, its map inline)."""
    if isinstance(doc, GameLog):
        return doc.to_json(), ".json"
    from .writer import document_toml

    return document_toml(doc), ".toml"
