"""Reading a pupil's answer: one place for every form a pupil may type.

Each *kind* of answer (a whole number, a chance, yes or no, cell names ...) is a
:class:`Kind`: ``read`` turns whatever the pupil wrote into one value or raises
:class:`Unreadable` saying what it could not read; ``forms`` lists the ways of writing a
value that ``read`` accepts (the tests and the table of forms, ``FORMS.md``, use it);
``expects`` is the sentence a lesson shows under the question.

>>> WHOLE_NUMBER.read(" 12 "), WHOLE_NUMBER.read(12.0)
(12, 12)
>>> CHANCE.read("17%").matches(Fraction(1, 6)), CHANCE.read("0.16").matches(Fraction(1, 6))
(True, False)
>>> YES_NO.read("no"), YES_NO.read("True")
(False, True)
>>> sorted(CELL_NAMES.read("b2, C3"))
[(1, 1), (2, 2)]

An answer that is ``None`` (what a pupil's edition holds), ``...`` or blank text is not an
answer yet: :func:`is_unanswered`.
"""

from __future__ import annotations

import ast
import math
import numbers
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from ..core.errors import FormatError
from ..core.geometry import LETTERS, SYMMETRIES, Cell, Symmetry, cell_name, parse_cell
from .words import say, say_n

__all__ = [
    "CELL_NAMES", "CHANCE", "KINDS", "LETTER_SET", "MATRIX", "POINT", "POINTS", "ROLL",
    "SYMMETRY", "SYMMETRY_SET", "WHOLE_NUMBER", "YES_NO", "Chance", "Kind", "Unreadable",
    "is_unanswered", "items", "names_of", "shown",
]

T = TypeVar("T")


class Unreadable(ValueError):
    """An answer that cannot be read as the kind asked for; the message says why, in words
    a pupil reads after "I can't read this: "."""


def is_unanswered(answer: object) -> bool:
    """``None``, ``...`` and blank text are not answers yet: ``is_unanswered(" ") is True``."""
    if answer is None or answer is Ellipsis:
        return True
    return isinstance(answer, str) and not answer.strip()


def shown(answer: object, limit: int = 60) -> str:
    """An answer as the feedback quotes it: its repr, cut to ``limit`` characters (a repr
    that fails is replaced by the type's name, so quoting never raises)."""
    try:
        text = repr(answer)
    except Exception:
        text = f"<{type(answer).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _no_misses(value: Any) -> list[Any]:
    return []


@dataclass(frozen=True)
class Kind(Generic[T]):
    """A kind of answer: its name (the key in FORMS.md and the tests), the key of the
    sentence that says the form expected (``ex.kind.<expects_key>``), a reader, the
    accepted ways of writing a value, and a few near misses of a value (wrong answers the
    table of forms shows)."""

    name: str
    expects_key: str
    read: Callable[[Any], T]
    forms: Callable[[T], list[Any]]
    misses: Callable[[T], list[Any]] = _no_misses

    @property
    def expects(self) -> str:
        """The sentence that says the form expected, in the current language."""
        return say(f"kind.{self.expects_key}", symmetries=", ".join(SYMMETRIES))


# -- whole numbers -----------------------------------------------------------------------------

def _whole(answer: Any) -> int:
    if isinstance(answer, bool) or type(answer).__name__ == "bool_":
        raise Unreadable(say("read.yes-no-not-number", answer=repr(answer)))
    if isinstance(answer, numbers.Integral):
        return int(answer)
    if isinstance(answer, numbers.Rational):
        if answer.denominator == 1:
            return int(answer.numerator)
        raise Unreadable(say("read.not-whole", answer=_show_fraction(Fraction(answer))))
    if isinstance(answer, numbers.Real):
        value = float(answer)
        if math.isfinite(value) and value == int(value):
            return int(value)
        raise Unreadable(say("read.not-whole", answer=shown(answer)))
    if isinstance(answer, str):
        text = answer.strip().replace("_", "")
        for parse in (int, float):
            try:
                return _whole(parse(text))
            except (ValueError, OverflowError):
                continue
        raise Unreadable(say("read.not-whole", answer=shown(answer)))
    raise Unreadable(say("read.not-whole", answer=shown(answer)))


WHOLE_NUMBER: Kind[int] = Kind(
    "whole number", "whole-number", _whole,
    lambda n: [n, str(n), f" {n} ", float(n), Fraction(n)],
    lambda n: [n + 1, str(n - 1), n + 0.5])


# -- chances -----------------------------------------------------------------------------------

SLACK = Fraction(1, 200)   # a decimal right to 2 places, a percentage to the whole percent


@dataclass(frozen=True)
class Chance:
    """A chance as the pupil wrote it: exactly (a fraction, 0 or 1), or rounded (a
    decimal, or a percentage when ``percent``)."""

    value: Fraction
    exact: bool = True
    percent: bool = False
    whole: int | None = None     # the whole number the pupil wrote (17 for 17 or "17%")

    def matches(self, exact: Fraction) -> bool:
        """Is this the chance ``exact``, as precisely as it is written? A decimal must be
        right to 2 places (within 0.005), a percentage to the whole percent (within 0.5)."""
        if self.exact:
            return self.value == exact
        return abs(self.value - exact) <= SLACK

    @property
    def in_range(self) -> bool:
        return 0 <= self.value <= 1


def _chance_number(value: int) -> Chance:
    """A whole number standing alone: 0 and 1 are chances, any other a percentage."""
    if value not in (0, 1):
        return Chance(Fraction(value, 100), exact=False, percent=True, whole=value)
    return Chance(Fraction(value), whole=value)


def _chance(answer: Any) -> Chance:
    if isinstance(answer, bool) or type(answer).__name__ == "bool_":
        raise Unreadable(say("read.yes-no-not-chance", answer=repr(answer)))
    if isinstance(answer, numbers.Integral):
        return _chance_number(int(answer))
    if isinstance(answer, numbers.Rational):
        return Chance(Fraction(answer))
    if isinstance(answer, numbers.Real):
        value = float(answer)
        if not math.isfinite(value):
            raise Unreadable(say("read.not-number", answer=repr(answer)))
        if value > 1:
            return Chance(Fraction(value) / 100, exact=False, percent=True)
        return Chance(Fraction(value), exact=False)
    if isinstance(answer, str):
        return _chance_text(answer)
    raise Unreadable(say("read.not-number", answer=shown(answer)))


_OUT_OF = re.compile(r"^(\d+)\s*(?:out\s+of|in|sur)\s*(\d+)$", re.IGNORECASE)
_KOREAN_FRACTION = re.compile(r"^(\d+)\s*분의\s*(\d+)$")     # "36분의 11" is 11/36


def _chance_text(answer: str) -> Chance:
    text = answer.strip().replace(" ", "").replace(",", ".")
    try:
        if text.endswith("%"):
            value = Fraction(text[:-1])
            whole = int(value) if value.denominator == 1 else None
            return Chance(value / 100, exact=False, percent=True, whole=whole)
        m = _OUT_OF.match(answer.strip())
        if m:
            text = f"{m.group(1)}/{m.group(2)}"
        m = _KOREAN_FRACTION.match(answer.strip())
        if m:
            text = f"{m.group(2)}/{m.group(1)}"
        if "/" in text:
            return Chance(Fraction(text))
        if re.fullmatch(r"[+-]?\d+", text):
            return _chance_number(int(text))
        if re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)", text):
            value = Fraction(text)
            if value > 1:
                return Chance(value / 100, exact=False, percent=True)
            return Chance(value, exact=False)
    except (ValueError, ZeroDivisionError):
        pass
    raise Unreadable(say("read.not-chance", answer=shown(answer)))


def _show_fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def _chance_forms(c: Chance) -> list[Any]:
    p = c.value
    forms: list[Any] = [p, _show_fraction(p), f" {p.numerator} / {p.denominator} "]
    if p.denominator != 36 and 36 % p.denominator == 0:
        k = 36 // p.denominator
        forms += [f"{p.numerator * k}/36", Fraction(p.numerator * k, 36)]
    forms += [f"{p.numerator} out of {p.denominator}", f"{p.numerator} sur {p.denominator}",
              f"{p.denominator}분의 {p.numerator}"]
    two = round(float(p), 2)
    forms += [two, f"{float(p):.2f}", f"{float(p):.3f}", float(p),
              f"{float(p):.2f}".replace(".", ",")]
    pct = round(float(p) * 100)
    if pct not in (0, 1):
        forms += [pct, str(pct)]
    forms += [f"{pct}%", f"{pct} %", f"{float(p) * 100:.1f}%"]
    return forms


CHANCE: Kind[Chance] = Kind(
    "chance", "chance", _chance, _chance_forms,
    lambda c: [_show_fraction(c.value / 2), round(float(c.value), 1),
               f"{float(c.value):.2f}"[:-1] + "9", int(c.value * 36)])


# -- yes or no ---------------------------------------------------------------------------------

_YES = {"yes", "y", "true", "t", "oui", "o", "1", "네", "예"}
_NO = {"no", "n", "false", "f", "non", "0", "아니요", "아니오"}


def _yes_no(answer: Any) -> bool:
    if isinstance(answer, bool) or type(answer).__name__ == "bool_":
        return bool(answer)
    if isinstance(answer, numbers.Integral) and int(answer) in (0, 1):
        return bool(answer)
    if isinstance(answer, str):
        word = answer.strip().strip(".!").lower()
        if word in _YES:
            return True
        if word in _NO:
            return False
    raise Unreadable(say("read.not-yes-no", answer=shown(answer)))


YES_NO: Kind[bool] = Kind(
    "yes or no", "yes-no", _yes_no,
    lambda b: [b, "yes" if b else "no", "Yes" if b else "No", str(b), str(b).lower(),
               int(b)],
    lambda b: [not b, "no" if b else "yes"])


# -- cells named like B3 -----------------------------------------------------------------------

def items(answer: Any, what: str) -> list[Any]:
    """The items of a list (tuple, set ...) answer; Unreadable("<answer> is not <what>")
    for text, a dict, a number, or an object that fails to iterate (``what`` in the
    current language: ``say("what.point")``)."""
    if isinstance(answer, str | bytes | Mapping) or not isinstance(answer, Iterable):
        raise Unreadable(not_a(answer, what))
    try:
        return list(answer)
    except Exception:
        raise Unreadable(not_a(answer, what)) from None


def not_a(answer: Any, what: str) -> str:
    """Why ``answer`` cannot be read: "<answer> is not <what>" in the current language."""
    return say("read.not-what", answer=shown(answer), what=what)


def _words(answer: Any, what: str) -> list[Any]:
    """The items of a list answer, or the words of a text answer (split on commas,
    semicolons and spaces); ``what`` is the key of "a list of ..." (``ex.what.<what>``)."""
    if isinstance(answer, str):
        return [w for w in re.split(r"[\s,;]+", answer.strip()) if w]
    return items(answer, say(f"what.{what}"))


_NONE = {"none", "no gap", "no gaps", "nothing", "no cell", "no cells",
         "aucune", "aucun", "rien", "없음", "없어요"}


def _cell_names(answer: Any) -> frozenset[Cell]:
    if isinstance(answer, str) and answer.strip().lower().rstrip(".") in _NONE:
        return frozenset()
    cells = set()
    for word in _words(answer, "cell-names"):
        if not isinstance(word, str):
            raise Unreadable(say("read.not-cell", answer=shown(word)))
        try:
            cells.add(parse_cell(word.strip().upper()))
        except FormatError:
            raise Unreadable(say("read.not-cell.why", answer=shown(word))) from None
    return frozenset(cells)


def names_of(cells: Iterable[Cell]) -> list[str]:
    """Cell names in reading order (rows from the top, then columns)."""
    return [cell_name(c) for c in sorted(cells, key=lambda c: (c[1], c[0]))]


def _cell_forms(cells: frozenset[Cell]) -> list[Any]:
    named = names_of(cells)
    if not named:
        return [[], (), "none", set()]
    return [" ".join(named), ", ".join(named).lower(), named, tuple(reversed(named)),
            set(named), ";".join(named)]


CELL_NAMES: Kind[frozenset[Cell]] = Kind(
    "cell names", "cell-names", _cell_names, _cell_forms,
    lambda cells: [" ".join(names_of(cells)[1:]),
                   " ".join(names_of(cells | {(c[0] + 1, c[1] + 1) for c in cells}))])


# -- pentomino letters -------------------------------------------------------------------------

def _letter_set(answer: Any) -> frozenset[str]:
    items = _words(answer, "letters")
    if isinstance(answer, str) and len(items) == 1 and len(items[0]) > 1:
        items = list(items[0])          # "FLN": the letters run together
    letters = set()
    for item in items:
        letter = item.strip().upper() if isinstance(item, str) else None
        if letter is None or letter not in LETTERS or len(letter) != 1:
            raise Unreadable(say("read.not-letter", answer=shown(item),
                                 letters=" ".join(LETTERS)))
        letters.add(letter)
    return frozenset(letters)


LETTER_SET: Kind[frozenset[str]] = Kind(
    "letters", "letters", _letter_set,
    lambda s: [sorted(s), tuple(sorted(s)), " ".join(sorted(s)), ", ".join(sorted(s)).lower(),
               "".join(sorted(s)), set(s)],
    lambda s: [sorted(s)[1:], sorted(s ^ {"T"})])


# -- points (x, y), lists of points, matrices ----------------------------------------------------

def _literal(answer: Any, what: str) -> Any:
    """A text answer read as a Python literal ("(1, 2)", "[[0, 1], [1, 0]]"); numpy arrays
    become lists; anything else as it is."""
    if isinstance(answer, str):
        text = answer.strip()
        if not text.startswith(("(", "[")):
            text = f"({text})" if "," in text else "(" + ", ".join(text.split()) + ",)"
        try:
            return ast.literal_eval(text)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            raise Unreadable(not_a(answer, what)) from None
    tolist = getattr(answer, "tolist", None)
    if callable(tolist) and not isinstance(answer, numbers.Number):
        try:
            return tolist()
        except Exception:
            raise Unreadable(not_a(answer, what)) from None
    return answer


def _pair(answer: Any, what: str) -> tuple[int, int]:
    both = items(answer, what)
    if len(both) != 2:
        raise Unreadable(say_n("read.pair-size", len(both), answer=shown(answer), what=what))
    try:
        return _whole(both[0]), _whole(both[1])
    except Unreadable as e:
        raise Unreadable(say("read.not-what.why", answer=shown(answer), what=what,
                             why=e)) from None


def _point(answer: Any) -> tuple[int, int]:
    what = say("what.point")
    return _pair(_literal(answer, what), what)


POINT: Kind[tuple[int, int]] = Kind(
    "point", "point", _point,
    lambda p: [p, list(p), f"({p[0]}, {p[1]})", f"{p[0]}, {p[1]}", f"[{p[0]},{p[1]}]"],
    lambda p: [(p[1], p[0]), (-p[0], -p[1]), (p[0] + 1, p[1])])


def _points(answer: Any) -> tuple[tuple[int, int], ...]:
    what = say("what.points")
    listed = items(_literal(answer, what), what)
    return tuple(_pair(item, say("what.point-cell")) for item in listed)


POINTS: Kind[tuple[tuple[int, int], ...]] = Kind(
    "cells (x, y)", "points", _points,
    lambda ps: [list(ps), tuple(ps), [list(p) for p in ps], list(reversed(ps)), str(list(ps))],
    lambda ps: [list(ps[:-1]), [(x + 2 * (i == 0), y) for i, (x, y) in enumerate(ps)]])


def _matrix(answer: Any) -> tuple[tuple[int, int], tuple[int, int]]:
    got = items(_literal(answer, say("what.matrix")), say("what.matrix-full"))
    if len(got) != 2:
        raise Unreadable(say_n("read.matrix-rows", len(got), answer=shown(answer)))
    row = say("what.row")
    first, second = (_pair(_literal(r, row), row) for r in got)
    return first, second


MATRIX: Kind[tuple[tuple[int, int], tuple[int, int]]] = Kind(
    "matrix", "matrix", _matrix,
    lambda m: [[list(m[0]), list(m[1])], m, [m[0], m[1]], str([list(m[0]), list(m[1])])],
    lambda m: [[[m[0][0], m[1][0]], [m[0][1], m[1][1]]], [[-m[0][0], -m[0][1]],
                                                          [-m[1][0], -m[1][1]]]])


# -- symmetries ---------------------------------------------------------------------------------

def _squash(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.lower())


_BY_SQUASHED = {_squash(name): name for name in SYMMETRIES}


def _symmetry(answer: Any) -> Symmetry:
    if isinstance(answer, Symmetry):
        return answer
    if isinstance(answer, str):
        name = _BY_SQUASHED.get(_squash(answer))
        if name is not None:
            return SYMMETRIES[name]
    raise Unreadable(say("read.not-symmetry", answer=shown(answer),
                         symmetries=", ".join(SYMMETRIES)))


SYMMETRY: Kind[Symmetry] = Kind(
    "symmetry", "symmetry", _symmetry,
    lambda s: [s.name, s, s.name.upper(), s.name.replace("-", " "), s.name.replace("-", "_")],
    lambda s: [n for n in ("identity", "rotate-180", "flip-diagonal") if n != s.name][:2])


def _symmetry_set(answer: Any) -> frozenset[str]:
    if isinstance(answer, str):
        parts = re.split(r"[,;]", answer) if re.search(r"[,;]", answer) else answer.split()
        items: list[Any] = [p for p in parts if p.strip()]
    else:
        items = _words(answer, "symmetry-names")
    return frozenset(_symmetry(item).name for item in items)


SYMMETRY_SET: Kind[frozenset[str]] = Kind(
    "symmetries", "symmetries", _symmetry_set,
    lambda s: [sorted(s), tuple(sorted(s)), ", ".join(sorted(s)), set(s),
               [SYMMETRIES[n] for n in sorted(s)], " ".join(sorted(s)).upper()],
    lambda s: [sorted(s - {"identity"}), sorted(s ^ {"rotate-90"})])


# -- rolls ---------------------------------------------------------------------------------------

def _roll(answer: Any) -> tuple[int, int]:
    value = answer
    if isinstance(answer, str):
        value = re.split(r"[\s,;\-–]+", answer.strip().strip("()[]").strip())
    try:
        what = say("what.roll")
        a, b = _pair(_literal(value, what), what)
    except Unreadable:
        raise Unreadable(say("read.not-roll", answer=shown(answer))) from None
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise Unreadable(say("read.roll-faces", answer=shown(answer)))
    return a, b


ROLL: Kind[tuple[int, int]] = Kind(
    "roll", "roll", _roll,
    lambda r: [r, list(r), f"{r[0]}-{r[1]}", f"{r[0]} {r[1]}", f"({r[0]}, {r[1]})"],
    lambda r: [(r[0] % 6 + 1, r[1]), (7, 1)])


KINDS: tuple[Kind[Any], ...] = (WHOLE_NUMBER, CHANCE, YES_NO, CELL_NAMES, LETTER_SET, POINT,
                                POINTS, MATRIX, SYMMETRY, SYMMETRY_SET, ROLL)


def read_all(kind: Kind[T], answers: Sequence[Any]) -> list[T]:
    """Each answer read as ``kind`` (for exercises with several answers)."""
    return [kind.read(a) for a in answers]
