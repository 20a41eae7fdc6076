"""The words of the exercises, in the lesson's language.

Every sentence a check, an exit ticket or the results table shows lives in the catalogs
``paleowidgets/i18n/<lang>.exercises.json`` under keys starting ``ex.``; the language is
the one setting of :mod:`paleowidgets.i18n` (a lesson calls ``set_language("fr")`` in its
first cell). A text that depends on a count has two keys, ``<key>.one`` and
``<key>.other``, chosen by the language's own rule (:func:`plural_form`: in French 0 and
1 take the singular, in Korean nouns do not change).

>>> say("hint", hint="flip it over")
'Hint: flip it over'
>>> say_n("n.rings", 1), say_n("n.rings", 0)
('1 ring cell', '0 ring cells')
>>> say_n("n.rings", 0, lang="fr"), say_n("n.rings", 3, lang="ko")
("0 case de l'anneau", '고리 칸 3개')
>>> decimal(0.3056, 3, "fr"), either([1, 2], "en")
('0,306', '1 or 2')
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from ..i18n import get_language, normalize, template

__all__ = ["PREFIX", "both", "clauses", "decimal", "either", "plural_form", "say", "say_n",
           "sentence"]

PREFIX = "ex."


def say(key: str, /, lang: str | None = None, **fields: object) -> str:
    """The text of ``ex.<key>`` in ``lang`` (the current language by default), its fields
    filled. Every exercise text is a format string, with or without fields: a brace of
    its own is written twice (``{{pass = true}}``)."""
    return template(PREFIX + key, lang).format(**fields)


def plural_form(n: int | float | Fraction, lang: str | None = None) -> str:
    """``"one"`` or ``"other"``: which form of a counted text ``n`` takes in ``lang``
    (English: one only for 1; French: for 0 and 1; Korean: always other)."""
    code = get_language() if lang is None else normalize(lang)
    if code == "ko":
        return "other"
    if code == "fr":
        return "one" if -2 < n < 2 else "other"
    return "one" if n == 1 else "other"


def say_n(key: str, n: int | float | Fraction, /, lang: str | None = None, **fields: object) -> str:
    """The text of ``ex.<key>.one`` or ``ex.<key>.other`` for the count ``n`` (given to
    the text as ``{n}``), in ``lang``."""
    return say(f"{key}.{plural_form(n, lang)}", lang, n=n, **fields)


def _joined(word: str, items: Iterable[object], lang: str | None) -> str:
    return f" {say(word, lang)} ".join(str(i) for i in items)


def either(items: Iterable[object], lang: str | None = None) -> str:
    """``"1 or 2"`` in ``lang`` (``"1 ou 2"``, ``"1 또는 2"``)."""
    return _joined("or", items, lang)


def both(items: Iterable[object], lang: str | None = None) -> str:
    """``"A and B"`` in ``lang`` (``"A et B"``; ``"A, B"`` in Korean)."""
    code = get_language() if lang is None else normalize(lang)
    if code == "ko":
        return ", ".join(str(i) for i in items)
    return _joined("and", items, lang)


def clauses(parts: Iterable[str], lang: str | None = None) -> str:
    """Clauses joined by semicolons: ``"a; b"`` (``"a ; b"`` in French)."""
    joined = ""
    for part in parts:
        joined = say("semicolon", lang, a=joined, b=part) if joined else part
    return joined


def sentence(parts: Iterable[str], lang: str | None = None) -> str:
    """Clauses joined by semicolons into one sentence: ``"a; b."``."""
    return say("sentence", lang, a=clauses(parts, lang))


def decimal(x: float, places: int, lang: str | None = None) -> str:
    """``x`` to ``places`` decimals with the language's decimal sign (a comma in French)."""
    code = get_language() if lang is None else normalize(lang)
    text = f"{x:.{places}f}"
    return text.replace(".", ",") if code == "fr" else text
