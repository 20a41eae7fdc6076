"""What the paper sheet shows, shown by the play widget: pictures on the shape and dig
buttons, large dice, the round and bonus tracks, a fossil's name and points under the
pointer. The pictures come from :mod:`paleowidgets.render.icons`; this module only puts
them into HTML (an ``<img>`` with words for screen readers, or a CSS background for a
button that keeps its letter as text), so nothing relies on a picture or a colour alone.

>>> from paleowidgets.data import load_map
>>> "Crâne de T. rex" in fossil_html(load_map("dig-site"), "A", dug=False, lang="fr")
True
"""

from __future__ import annotations

import dataclasses
import functools
import html
from collections.abc import Sequence

from .. import i18n
from ..core.maps import Dice, Map, Roll
from ..core.rules import Bonuses, Game, State
from ..core.terms import BONUS_KINDS
from ..core.turns import Turn
from ..render.icons import (
    bonus_track_svg,
    data_uri,
    die_picture,
    dig_patch,
    shape_picture,
    tracks_svg,
)
from ..render.style import fossil_name, themed

BUTTON_PICTURE = 30      # px: the picture on a shape or dig button, above its word
DIE = 44                 # px: a die of the roll
TRACK_CELL = 36          # px: the tracks' cell, as a printed sheet's (200 px wide)


# Every click asks again for the pictures beside the board; most are what they were (the
# same roll's buttons and dice, the same bonuses), so each is made once and remembered.

def button_pictures(scope: str, shapes: Sequence[str], digs: Sequence[str], *,
                    theme: str) -> str:
    """A ``<style>`` giving the k-th button of the shape buttons (class ``scope``-shapes)
    the picture of ``shapes[k]`` and of the dig buttons (``scope``-digs) a patch of
    ``digs[k]``'s pattern, above the button's own text (the letter, the dig's name)."""
    return _button_pictures(scope, tuple(shapes), tuple(digs), theme)


@functools.lru_cache(maxsize=256)
def _button_pictures(scope: str, shapes: tuple[str, ...], digs: tuple[str, ...],
                     theme: str) -> str:
    rules = []
    for kind, items in (("shapes", shapes), ("digs", digs)):
        for k, item in enumerate(items, start=1):
            svg = (shape_picture(item, cell=8, theme=theme) if kind == "shapes" else
                   dig_patch(item, theme=theme))
            rules.append(f".{scope}-{kind} button:nth-of-type({k}){{"
                         f"background-image:url('{data_uri(svg)}')}}")
    common = (f".{scope}-shapes button, .{scope}-digs button{{"
              f"background-repeat:no-repeat;background-position:center 4px;"
              f"background-size:auto {BUTTON_PICTURE}px;height:auto;min-height:44px;"
              f"padding-top:{BUTTON_PICTURE + 6}px;line-height:1.2}}")
    return f"<style>{common}{''.join(rules)}</style>"


@functools.lru_cache(maxsize=256)
def dice_html(roll: Roll | None, dice: Dice, lang: str, *, theme: str) -> str:
    """The two dice of a roll as pictures (pips, and a band of the face's dig pattern),
    each described in words for a screen reader: its face, its shapes, its dig type."""
    if roll is None:
        return ""
    out = []
    for face in roll:
        dig = dice.dig_of(face)
        words = i18n.t("die.alt", lang, face=face, shapes=" ".join(dice.shapes_of(face)),
                       dig=i18n.t(f"dig.{dig}", lang))
        svg = die_picture(face, size=DIE, theme=theme, dig=dig)
        out.append(f"<img class='paleo-die' src='{data_uri(svg)}' width='{DIE}' "
                   f"height='{DIE}' alt='{html.escape(words, quote=True)}' "
                   f"title='{html.escape(words, quote=True)}' "
                   f"style='vertical-align:middle;margin-right:4px'>")
    return "".join(out)


def round_track_html(state: State, rolls: Sequence[Roll], turns: Sequence[Turn],
                     lang: str) -> str:
    """The round track (every roll known so far) as a picture at the sheet's scale that
    fits the side panel, with its content in words for a screen reader."""
    rounds = tracks_svg(state, rolls=rolls, turns=turns, lang=lang, cell_size=TRACK_CELL)
    played = i18n.t("sheet.progress", lang, round=state.round, rounds=state.game.rounds)
    return _track_img("paleo-tracks paleo-round-track", rounds, played)


def bonus_track_html(state: State, lang: str) -> str:
    """The bonus track (gained, spent and held of each kind) as a picture at the sheet's
    scale, with its content in words for a screen reader."""
    bonus = _bonus_track(state.game, state.held, state.gained, lang)
    rows = [i18n.t("bonus.row", lang, name=i18n.t(f"bonus.{kind}", lang),
                   held=state.held[i], gained=state.gained[i])
            for i, kind in enumerate(BONUS_KINDS)]
    return _track_img("paleo-tracks paleo-bonus-track", bonus, ". ".join(rows))


def _track_img(cls: str, svg: str, words: str) -> str:
    return (f"<img class='{cls}' src='{data_uri(svg)}' alt='{html.escape(words, quote=True)}' "
            f"style='display:block;width:100%;max-width:{_width(svg)}px;margin-top:6px'>")


@functools.lru_cache(maxsize=256)
def _bonus_track(game: Game, held: Bonuses, gained: Bonuses, lang: str) -> str:
    """The bonus track, which shows the game (its theme, its starting bonuses) and the
    bonuses held and gained, nothing else of the state (tests/test_pictures.py checks it
    against the track of every state of whole games)."""
    state = dataclasses.replace(game.initial_state(), held=held, gained=gained)
    return bonus_track_svg(state, lang=lang, cell_size=TRACK_CELL)


def _width(svg: str) -> int:
    """The width an SVG of ours declares (its first ``width="..."``)."""
    start = svg.index('width="') + 7
    return round(float(svg[start:svg.index('"', start)]))


def fossil_html(game_map: Map, fossil_id: str | None, *, dug: bool, lang: str) -> str:
    """A fossil's letter, name and points (and whether it is dug up): what the pointer
    (or a finger) is on. Empty when it is on no fossil."""
    if fossil_id is None:
        return ""
    f = game_map.fossil(fossil_id)
    key = themed("fossil.hover", game_map.theme)
    text = i18n.t(key, lang, id=f.id, name=fossil_name(f, game_map.theme, lang),
                  points=f.points, bonus=f.bonus)
    if dug:
        text += " " + i18n.t(themed("fossil.hover.dug", game_map.theme), lang)
    return f"<div class='paleo-fossil-info' style='margin-top:4px'>{html.escape(text)}</div>"
