"""Every word the kit shows, in English, French and Korean, chosen by one setting.

The words live in JSON catalogs beside this file (``en.json``, ``fr.json``, ``ko.json``,
and parts ``<lang>.<part>.json`` merged into them, one per family of widgets): one flat
mapping of keys to texts with ``{name}`` fields. English is complete by
definition; a key missing from another catalog falls back to English (the tests make sure
none is missing). One setting picks the language for the widgets, the sheets and the
rules summary: :func:`set_language`, else the environment variable ``PALEOWIDGETS_LANG``,
else English.

The keys, by family:

- the widgets' words (``roll``, ``pass.tip``...; each widget family may add a part file);
- the printed sheet's own words: ``sheet.*``, ``edition.*``, ``fossils.*`` (the sheet
  maps its label keys to these in :data:`paleowidgets.render.style.SHEET_KEYS`);
- the game's vocabulary: ``shape.F`` .. ``shape.Z``, ``dig.chevron|dot|hatch``,
  ``bonus-name.<kind>`` (the four bonuses' full names), ``star.<theme>``, ``term.*``;
- why a turn is illegal: ``rule.<rule id>`` (:func:`rule_text`);
- the languages' own names: ``language.en|fr|ko``.
- the exercises' feedback, exit tickets and results table: ``ex.*`` (``<lang>.exercises.json``;
  counted texts as ``<key>.one`` / ``<key>.other``: :mod:`paleowidgets.exercises.words`).

A key ending in ``.snowman`` is the Snowman Edition's wording of the key without it.

>>> t("round", "fr", round=3, rounds=20)
'Manche 3 sur 20'
>>> rule_text("cell-on-fossil", "en")
'A shape cannot cover a fossil.'
"""

from __future__ import annotations

import functools
import json
import os
import string
from collections.abc import Mapping
from importlib import resources
from types import MappingProxyType

from ..core.errors import RULE_IDS
from ..core.terms import THEMES

ENV_VAR = "PALEOWIDGETS_LANG"
DEFAULT_LANGUAGE = "en"
# Fields a translation may leave out: the English (and French) plural ending, which
# Korean nouns do not take. Every other field of the English text must be in each one.
OPTIONAL_FIELDS = frozenset({"s"})

_chosen: str | None = None   # set_language's choice; None: the environment decides

__all__ = [
    "DEFAULT_LANGUAGE", "ENV_VAR", "OPTIONAL_FIELDS", "available_languages", "catalog",
    "catalog_files",
    "fields", "get_language", "normalize", "rule_text", "rules_summary", "set_language",
    "t", "template",
]


# -- the catalogs --------------------------------------------------------------------------

@functools.cache
def available_languages() -> tuple[str, ...]:
    """The languages with a catalog, English first: ``('en', 'fr', 'ko')``."""
    found = {p.name.split(".")[0] for p in resources.files(__name__).iterdir()
             if p.name.endswith(".json")}
    return (DEFAULT_LANGUAGE, *sorted(found - {DEFAULT_LANGUAGE}))


def normalize(lang: str) -> str:
    """The catalog code of ``lang``: ``normalize("fr-FR") == normalize("FR") == 'fr'``;
    a ValueError names the languages there are."""
    code = lang.strip().replace("_", "-").split("-")[0].lower()
    if code not in available_languages():
        raise ValueError(f"unknown language {lang!r}: the languages are "
                         f"{', '.join(available_languages())}")
    return code


def catalog_files(lang: str) -> list[str]:
    """The files of ``lang``'s catalog: ``<lang>.json``, then each ``<lang>.<part>.json``
    (one part per family of widgets, so each can be edited on its own) by name."""
    names = [p.name for p in resources.files(__name__).iterdir()]
    parts = sorted(n for n in names if n.startswith(f"{lang}.") and n.endswith(".json")
                   and n != f"{lang}.json")
    return [f"{lang}.json", *parts]


@functools.cache
def _load(lang: str) -> Mapping[str, str]:
    merged: dict[str, str] = {}
    for name in catalog_files(lang):
        data = json.loads((resources.files(__name__) / name).read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                 for k, v in data.items()):
            raise ValueError(f"{name}: a catalog is one JSON object of strings")
        twice = sorted(merged.keys() & data.keys())
        if twice:
            raise ValueError(f"{name}: key {twice[0]!r} is already in another file of "
                             f"the {lang!r} catalog")
        merged.update(data)
    return MappingProxyType(merged)


def catalog(lang: str | None = None) -> Mapping[str, str]:
    """The whole catalog of ``lang`` (the current language by default), read-only."""
    return _load(_resolve(lang))


# -- the one setting -----------------------------------------------------------------------

def set_language(lang: str | None) -> None:
    """Choose the language of every text from now on; ``None`` goes back to the default
    (``PALEOWIDGETS_LANG``, else English)."""
    global _chosen
    _chosen = None if lang is None else normalize(lang)


def get_language() -> str:
    """The language in force: :func:`set_language`'s, else ``$PALEOWIDGETS_LANG``'s,
    else ``'en'``."""
    if _chosen is not None:
        return _chosen
    env = os.environ.get(ENV_VAR, "").strip()
    if not env:
        return DEFAULT_LANGUAGE
    try:
        return normalize(env)
    except ValueError as error:
        raise ValueError(f"{ENV_VAR}={env!r}: {error}") from None


def _resolve(lang: str | None) -> str:
    return get_language() if lang is None else normalize(lang)


# -- texts ---------------------------------------------------------------------------------

def template(key: str, lang: str | None = None) -> str:
    """The text of ``key`` with its ``{fields}`` unfilled: the language's, else the English
    one, else the key itself (a typo shows on screen rather than stopping a lesson)."""
    text = catalog(lang).get(key)
    if text is None:
        text = _load(DEFAULT_LANGUAGE).get(key, key)
    return text


def t(key: str, /, lang: str | None = None, **fields: object) -> str:
    """The text of ``key`` in ``lang`` (the current language by default), fields filled.

    >>> t("roll.shown", "en", a=2, b=5)
    'Roll 2 and 5'
    """
    text = template(key, lang)
    return text.format(**fields) if fields else text


def fields(text: str) -> frozenset[str]:
    """The names of the ``{fields}`` of a text: ``fields("{a} and {b}") == {'a', 'b'}``."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text)
                     if name is not None and name != "")


def _theme(theme: str) -> str:
    if theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}: the themes are {', '.join(THEMES)}")
    return theme


def rule_text(rule_id: str, lang: str | None = None, *, theme: str = "paleontologists") -> str:
    """A short explanation, for a student, of the rule a turn broke (a rule id of
    FORMATS.md, as in :class:`~paleowidgets.core.errors.IllegalTurnError`'s ``rule``).

    >>> rule_text("square-on-star", "fr", theme="snowman")
    'Un carré ne peut pas aller sur un flocon.'
    """
    if rule_id not in RULE_IDS:
        raise ValueError(f"unknown rule id {rule_id!r}: the rule ids are {', '.join(RULE_IDS)}")
    key = f"rule.{rule_id}"
    themed = f"{key}.{_theme(theme)}"
    return template(themed if themed in _load(DEFAULT_LANGUAGE) else key, lang)


# -- the rules summary ---------------------------------------------------------------------

THEME_MARK = "<!-- theme: {} -->"


def rules_summary(lang: str | None = None, theme: str = "paleontologists") -> str:
    """The rules in short, as Markdown, in ``lang`` (the current language by default) for
    ``theme`` (``"paleontologists"`` or ``"snowman"``: items and snowflakes).

    Each ``rules_summary.<lang>.md`` holds one section per theme, each starting with a
    line ``<!-- theme: NAME -->``.
    """
    code = _resolve(lang)
    return _summaries(code)[_theme(theme)]


@functools.cache
def _summaries(lang: str) -> Mapping[str, str]:
    name = f"rules_summary.{lang}.md"
    text = (resources.files(__name__) / name).read_text(encoding="utf-8")
    sections: dict[str, str] = {}
    current: str | None = None
    lines: list[str] = []
    for line in [*text.splitlines(), THEME_MARK.format("")]:
        if line.startswith("<!-- theme:"):
            if current is not None:
                sections[current] = "\n".join(lines).strip() + "\n"
            current = line.removeprefix("<!-- theme:").removesuffix("-->").strip()
            lines = []
        elif current is not None:
            lines.append(line)
    missing = [th for th in THEMES if th not in sections]
    if missing:
        raise ValueError(f"{name}: no section for theme {', '.join(missing)}")
    return MappingProxyType(sections)
