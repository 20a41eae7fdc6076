"""The play widget shows what the paper sheet shows (headless): pictures on the shape and dig
buttons, the dice as pictures with words, the round and bonus tracks, and a fossil's name
and points under the pointer, in the widget's language."""

from __future__ import annotations

import base64
import re

import pytest

from paleowidgets.core.geometry import PENTOMINOES
from paleowidgets.data import load_map
from paleowidgets.i18n import t
from paleowidgets.widgets import PlayWidget, PuzzleWidget


def pictures(style: str) -> dict[str, str]:
    """``selector -> decoded SVG`` of a button stylesheet."""
    found = re.findall(r"(\.[\w-]+ button:nth-of-type\(\d\))\{background-image:url\('"
                       r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)'\)\}", style)
    return {sel: base64.b64decode(data).decode() for sel, data in found}


def test_shape_and_dig_buttons_get_pictures_and_keep_their_words() -> None:
    play = PlayWidget(load_map("dig-site"), seed="TREX-4821", lang="fr")
    play.roll_dice()
    shapes = list(play.shape_buttons.options)
    digs = [d for _, d in play.dig_buttons.options]
    assert shapes and all(s in PENTOMINOES for s in shapes)       # the letters stay
    assert play.shape_buttons.tooltips == tuple(f"Forme {s}" for s in shapes)
    got = pictures(play.pictures.value)
    assert "<style>" not in play.roll_label.value   # the words alone: restyled on new choices
    scope = play._scope
    for k, shape in enumerate(shapes, start=1):
        svg = got[f".{scope}-shapes button:nth-of-type({k})"]
        assert f'data-shape="{shape}"' in svg
    for k, dig in enumerate(digs, start=1):
        assert f'data-dig="{dig}"' in got[f".{scope}-digs button:nth-of-type({k})"]
    assert f"{scope}-shapes" in play.shape_buttons._dom_classes
    assert f"{scope}-digs" in play.dig_buttons._dom_classes


def test_the_dice_are_pictures_with_words() -> None:
    play = PlayWidget(load_map("dig-site"), seed="TREX-4821", lang="ko")
    assert "paleo-die" not in play.roll_label.value           # not rolled yet
    play.roll_dice()
    a, b = play.roll or (0, 0)
    dice = re.findall(r"<img class='paleo-die' src='([^']+)' width='44' height='44' "
                      r"alt='([^']+)'", play.roll_label.value)
    assert len(dice) == 2
    for (uri, alt), face in zip(dice, (a, b), strict=True):
        svg = base64.b64decode(uri.split(",", 1)[1]).decode()
        assert svg.count('class="pip"') == face
        assert alt.startswith(f"주사위 {face}: 모양 ")


def test_the_tracks_show_the_rolls_so_far_or_all_of_a_puzzles() -> None:
    play = PlayWidget(load_map("first-dig"), seed="TREX-4821", lang="en")
    assert "paleo-round-track" in play.round_track.value
    assert "paleo-bonus-track" in play.bonus_track.value

    def rolls_shown(widget: PlayWidget) -> list[str]:
        uri = re.search(r"class='paleo-tracks paleo-round-track' src='([^']+)'",
                        widget.round_track.value)
        assert uri is not None
        svg = base64.b64decode(uri.group(1).split(",", 1)[1]).decode()
        return re.findall(r'data-roll="([0-9]-[0-9])"', svg)

    assert rolls_shown(play) == []
    play.roll_dice()
    a, b = play.rolls[0]
    assert rolls_shown(play) == [f"{a}-{b}"]
    puzzle = PuzzleWidget("puzzles/1-beginner/01-first-ring.toml", lang="en")
    assert rolls_shown(puzzle.play) == [f"{a}-{b}" for a, b in puzzle.puzzle.rolls]


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_a_fossil_is_named_under_the_pointer(lang: str) -> None:
    site = load_map("dig-site")
    play = PlayWidget(site, seed="TREX-4821", lang=lang)
    skull = site.fossil("A")
    play.hover(min(skull.cells))
    info = play.fossil_info.value
    assert skull.name_in(lang) in info and "7" in info and "+3" in info
    assert info.startswith("<div class='paleo-fossil-info'")
    play.hover((0, 0))                                      # an open cell: nothing named
    assert play.fossil_info.value == ""
    play.click(min(skull.cells))                            # a tap names it too
    assert skull.name_in(lang) in play.fossil_info.value
    assert t("fossil.hover.dug", lang) not in play.fossil_info.value


@pytest.mark.parametrize("name", ["dig-site", "snow-map"])
def test_the_remembered_bonus_track_is_the_track_of_every_state(name: str) -> None:
    """bonus_track_html makes the bonus track once per game, bonuses held and gained and
    language: along whole games (stars gained and spent, a puzzle's starting bonuses),
    it is the picture bonus_track_svg draws for the state itself."""
    import random

    from paleowidgets.core.rules import Game
    from paleowidgets.render.icons import bonus_track_svg
    from paleowidgets.widgets.pictures import TRACK_CELL, bonus_track_html

    rng = random.Random(7)
    games = [Game(load_map(name)), Game(load_map(name), start_bonuses=(1, 0, 2, 1))]
    for game in games:
        state = game.initial_state()
        while not state.is_terminal:
            for lang in ("en", "ko"):
                html = bonus_track_html(state, lang)
                direct = bonus_track_svg(state, lang=lang, cell_size=TRACK_CELL)
                img = re.findall(r"paleo-bonus-track' src='data:image/svg\+xml;base64,([^']+)'",
                                 html)
                assert img and base64.b64decode(img[0]).decode("utf-8") == direct
            roll = (rng.randint(1, 6), rng.randint(1, 6))
            state = state.apply(roll, rng.choice(list(state.legal_turns(roll))))
