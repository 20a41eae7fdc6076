"""One vocabulary per language: the game's terms in ``glossary.<lang>.toml`` and a search
for the variants each glossary rejects.

A glossary is a TOML file beside the catalogs (its header says how to write one): for
each term of the game, the English term, the word to use in that language and the
variants that must not appear. :func:`rejected_in` finds those variants in a text, as
words: French elision (``l'anneau``) and plurals, Korean particles (``보드에서``) and a
syllable before (``키보드`` holds no ``보드``) are taken into account.

>>> [f.found for f in rejected_in("Clique sur la grille, puis sur l'énigme.", "fr")]
[]
>>> [str(f) for f in rejected_in("Un casse-tête sur le plateau.", "fr", file="x.md")][:1]
["x.md:1: 'casse-tête' is a rejected variant of 'puzzle (a fixed-dice puzzle)': use 'énigme'"]
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from typing import cast

__all__ = ["Finding", "Term", "glossary", "glossary_languages", "rejected_in", "variant_pattern"]

HANGUL = "\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3"
# What may follow a Korean noun in the same word: a plural 들, then a particle or copula.
PARTICLES = sorted(
    ("은", "는", "이", "가", "을", "를", "에", "에서", "에게", "의", "으로", "로", "와", "과",
     "도", "만", "까지", "부터", "처럼", "보다", "마다", "이나", "나", "랑", "이랑", "하고",
     "이에요", "예요", "이야", "야", "입니다", "이다", "인", "이고", "이라", "라"),
    key=len, reverse=True)
# A space in a variant: any run of spaces, no-break spaces and line breaks, and the "#"
# that continues a comment (a lesson source's text cells) after a line break.
SPACE = r"(?:[\s\u00a0\u202f]|(?<=\n)#)+"
APOSTROPHES = str.maketrans({"\u2019": "'", "\u02bc": "'"})


@dataclass(frozen=True)
class Term:
    """One entry of a glossary: ``term`` in place of every variant of ``rejected``."""

    key: str
    en: str
    term: str
    rejected: tuple[str, ...] = ()
    scope: str = "all"                  # "all", or "pupils": not in teachers' texts
    required_in: tuple[str, ...] = ()   # catalog keys whose text must hold ``term``


@dataclass(frozen=True)
class Finding:
    """A rejected variant found in a text: where, which, and the term to use instead."""

    file: str
    line: int
    variant: str
    found: str
    term: Term

    def __str__(self) -> str:
        return (f"{self.file}:{self.line}: {self.found!r} is a rejected variant of "
                f"{self.term.en!r}: use {self.term.term!r}")


def glossary_languages() -> tuple[str, ...]:
    """The languages with a glossary: ``('fr', 'ko')``."""
    return tuple(sorted(p.name.split(".")[1] for p in resources.files(__package__).iterdir()
                        if p.name.startswith("glossary.") and p.name.endswith(".toml")))


@functools.cache
def glossary(lang: str) -> tuple[Term, ...]:
    """The terms of ``lang``'s glossary; a ValueError names the file and what is wrong."""
    name = f"glossary.{lang}.toml"
    try:
        data = tomllib.loads((resources.files(__package__) / name).read_text("utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{name}: {exc}") from None
    if data.get("language") != lang:
        raise ValueError(f"{name}: language = {lang!r} expected, not {data.get('language')!r}")
    return tuple(_term(name, key, spec) for key, spec in data.get("terms", {}).items())


def _term(name: str, key: str, spec: dict[str, object]) -> Term:
    known = {"en", "term", "rejected", "scope", "required_in"}
    unknown = sorted(set(spec) - known)
    texts = [spec.get("en"), spec.get("term")]
    lists = [spec.get("rejected", []), spec.get("required_in", [])]
    if unknown or not all(isinstance(t, str) and t for t in texts) or not all(
            isinstance(v, list) and all(isinstance(s, str) and s.strip("*") for s in v)
            for v in lists) or spec.get("scope", "all") not in ("all", "pupils"):
        raise ValueError(f"{name}: [terms.{key}] needs en and term (texts), may have "
                         f"rejected and required_in (lists of texts) and scope (all or "
                         f"pupils), nothing else{f': not {unknown[0]!r}' if unknown else ''}")
    rejected, required = (cast(list[str], v) for v in lists)
    return Term(key, str(spec["en"]), str(spec["term"]), tuple(rejected),
                str(spec.get("scope", "all")), tuple(required))


@functools.cache
def variant_pattern(variant: str, lang: str) -> re.Pattern[str]:
    """The regular expression that finds ``variant`` as words of ``lang`` (the header of
    a glossary file says how: ``*`` at either end, plurals, elision, particles)."""
    core = variant.strip("*").translate(APOSTROPHES)
    body = SPACE.join(re.escape(w) for w in core.split())
    # A "*" end takes the rest of the word, so that a finding shows the whole word.
    if lang == "ko":
        letters = f"[{HANGUL}]*"
        tail = "|".join(map(re.escape, PARTICLES))
        before = letters if variant.startswith("*") else f"(?<![{HANGUL}])"
        after = letters if variant.endswith("*") else f"(?:들)?(?:{tail})?(?![{HANGUL}])"
        return re.compile(before + body + after)
    before = r"\w*" if variant.startswith("*") else r"(?<!\w)"
    after = r"\w*" if variant.endswith("*") else r"(?:s|x)?(?!\w)"
    return re.compile(before + body + after, re.IGNORECASE)


def rejected_in(text: str, lang: str, *, file: str = "<text>", pupils: bool = True,
                first_line: int = 1) -> list[Finding]:
    """Every rejected variant of ``lang``'s glossary in ``text``, in order of place.

    ``pupils=False`` for a text written for teachers (the terms of scope "pupils", such as
    the form of address, are not checked there); ``first_line`` is the line of the file
    where ``text`` starts.
    """
    plain = text.translate(APOSTROPHES)
    found = [
        Finding(file, first_line + plain.count("\n", 0, m.start()), variant, m.group(0),
                term)
        for term, variant in _variants(lang, pupils)
        for m in variant_pattern(variant, lang).finditer(plain)]
    return sorted(found, key=lambda f: (f.line, f.variant))


def _variants(lang: str, pupils: bool) -> Iterator[tuple[Term, str]]:
    for term in glossary(lang):
        if pupils or term.scope == "all":
            yield from ((term, v) for v in term.rejected)
