"""Small helpers for the widgets' words. The words themselves live in :mod:`paleowidgets.i18n`
(``i18n.t(key, lang, **fields)``, catalogs in English, French and Korean).

A widget takes ``lang=None`` (the one setting, :func:`paleowidgets.i18n.get_language`) or a
language code, resolved once with :func:`language`.

>>> language("FR")
'fr'
>>> dice(2, 5)
'⚁ ⚄'
>>> illegal_text("cell C3 is part of fossil A", "cell-on-fossil", "ko")
'✗ 여기는 안 돼요: 화석 위에는 모양을 그릴 수 없어요.'
>>> illegal_text("cell C3 is part of fossil A", "cell-on-fossil", "ko",
...              details={"cell": "C3", "fossil": "A"})
'✗ 여기는 안 돼요: C3 칸은 화석 A의 일부예요.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import i18n
from ..core.maps import Map
from ..core.session import Message, Text
from ..render.style import fossil_name as style_fossil_name

DICE_FACES = "⚀⚁⚂⚃⚄⚅"


def language(lang: str | None) -> str:
    """The catalog code of ``lang``, the language in force when None; a ValueError names
    the languages there are."""
    return i18n.get_language() if lang is None else i18n.normalize(lang)


def dice(a: int, b: int) -> str:
    """A roll as dice faces: ``dice(2, 5) == '⚁ ⚄'``."""
    return f"{DICE_FACES[a - 1]} {DICE_FACES[b - 1]}"


def plural(n: int) -> str:
    """The English (and French) plural ending ``{s}``; Korean texts leave the field out."""
    return "" if n == 1 else "s"


def illegal_text(message: str, rule: str | None, lang: str, *,
                 theme: str = "paleontologists",
                 details: Mapping[str, str] | None = None) -> str:
    """Why a placement is refused, for the student. In English the core's own message says
    it best (it names the cell and the fossil: "cell C3 is part of fossil A"). The core's
    messages are English sentences: other languages say the same facts (the error's
    ``details``) with their own sentence ``illegal.detail.<rule>`` where there is one,
    else explain the rule id."""
    if lang == i18n.DEFAULT_LANGUAGE or rule is None:
        return i18n.t("illegal", lang, reason=message)
    key = f"illegal.detail.{rule}"
    if theme == "snowman" and f"{key}.snowman" in i18n.catalog(lang):
        key += ".snowman"
    catalog = i18n.catalog(lang)
    if details and key in catalog and i18n.fields(catalog[key]) <= set(details):
        return i18n.t("illegal", lang, reason=i18n.t(key, lang, **details))
    return i18n.t("illegal.rule", lang, reason=i18n.rule_text(rule, lang, theme=theme))


def fossil_name(game_map: Map, fossil_id: str, lang: str | None = None) -> str:
    """A fossil's name as the sheet gives it in ``lang`` ("T. rex skull", "Crâne de T. rex":
    the map file's ``names``), else "Fossil A" (in the Snowman Edition "Item A")."""
    return style_fossil_name(game_map.fossil(fossil_id), game_map.theme, lang)


def touch_key(key: str, lang: str, touch: bool) -> str:
    """The catalog key to say ``key`` with: on a touch screen (``touch``) its variant
    ``<key>.touch`` where there is one (it speaks of tapping, not of keys)."""
    variant = f"{key}.touch"
    return variant if touch and variant in i18n.catalog(lang) else key


def say(text: Text, lang: str, *, touch: bool = False) -> str:
    """A :class:`~paleowidgets.core.session.Text` in ``lang``: its fields that are Texts
    are said first, a tuple of them is a list joined with commas. ``touch``: for a
    finger (:func:`touch_key`)."""
    def word(value: Any) -> Any:
        if isinstance(value, Text):
            return say(value, lang, touch=touch)
        if isinstance(value, tuple) and all(isinstance(v, Text) for v in value):
            return ", ".join(say(v, lang, touch=touch) for v in value)
        return value

    return i18n.t(touch_key(text.key, lang, touch), lang,
                  **{k: word(v) for k, v in text.fields.items()})


def message_text(message: Message, lang: str, game_map: Map, *, touch: bool = False) -> str:
    """A session's message as the line under the board says it in ``lang``: its sentence
    (or the core's reason for refusing a turn), what else the turn did, what it dug up.
    ``touch``: as said to a finger (tap, not click or keys)."""
    parts = []
    e = message.error
    if e is not None:
        parts.append(illegal_text(e.message, e.rule, lang, theme=game_map.theme,
                                  details=e.details))
    if message.text is not None:
        parts.append(say(message.text, lang, touch=touch))
    parts += [say(t, lang, touch=touch) for t in message.more]
    for f in message.finds:
        key = "found.bonus" if f.bonus else "found"
        parts.append(i18n.t(key, lang, fossil=fossil_name(game_map, f.fossil, lang),
                            points=f.points, bonus=f.bonus))
    return " ".join(parts)
