"""The traps of a pupil's first minutes (issue 11), headless: a shape that fits only turned
says so on the message line (the session decides, the widget shows it); Pass, when it is
off, says why there too; a finger is told to tap, not to press keys; the Save button
answers beside itself in a plain sentence, with no file path. The browser half is
tests/browser/test_pupil_traps_browser.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pits import pit
from test_classroom import tap
from test_keeping import play_out

from paleowidgets import i18n
from paleowidgets.core.geometry import IDENTITY, PENTOMINOES, ROTATIONS, Symmetry
from paleowidgets.core.maps import parse_document
from paleowidgets.core.session import FLIP, PlaySession, Text
from paleowidgets.widgets.play import PlayWidget
from paleowidgets.widgets.text import message_text

# 4 wide, 6 high, every die an I: the I as drawn (lying) fits nowhere, standing it fits.
TALL = '''[map]
name = "Tall"
rounds = 2
grid = """
. . . .
. . . .
. . . .
. . . .
. . . .
. . . .
"""
[dice]
shapes = { 1 = ["I"], 2 = ["I"], 3 = ["I"], 4 = ["I"], 5 = ["I"], 6 = ["I"] }
'''
# 4 by 4: the I fits nowhere, turned or not; the X (a 2) fits.
SQUARE = '''[map]
name = "Square"
rounds = 2
grid = """
. . . .
. . . .
. . . .
. . . .
"""
[dice]
shapes = { 1 = ["I"], 2 = ["X"], 3 = ["I"], 4 = ["I"], 5 = ["I"], 6 = ["I"] }
[puzzle]
rolls = [[1, 2], [1, 1]]
'''


def hole_puzzle(shape: str, orientation: Symmetry) -> str:
    """A puzzle whose only open cells are ``shape`` turned by ``orientation``: every die
    gives that shape."""
    form = set(orientation.apply(PENTOMINOES[shape].cells))
    rows = [" ".join("." if (x - 1, y - 1) in form else "#" for x in range(7))
            for y in range(7)]
    dice = ", ".join(f'{d} = ["{shape}"]' for d in range(1, 7))
    return ('[map]\nname = "Hole"\ngrid = """\n' + "\n".join(rows) + '\n"""\n'
            f"[dice]\nshapes = {{ {dice} }}\n[puzzle]\nrolls = [[1, 1]]\n")


def rolled(text: str, **kwargs: object) -> PlaySession:
    s = PlaySession(parse_document(text), **kwargs)   # type: ignore[arg-type]
    s.roll_dice()
    return s


# -- the session decides -----------------------------------------------------------------------

def test_a_shape_that_fits_only_turned_says_turn_it() -> None:
    s = rolled(TALL, seed="TREX-1")
    assert s.shape == "I" and s.table.orientation == IDENTITY
    assert not s.can_pass() and s.pass_refused() == Text("pass.forbidden",
                                                         {"shapes": "I", "s": "s"})
    assert not s.fits_as("I", IDENTITY) and s.fits_as("I", ROTATIONS[1])
    message = s.message()                                # no ghost yet
    assert message.text == Text("fits.rotated", {"shape": "I"}), message
    s.hover((1, 2))                                      # a ghost off the board: refused
    message = s.message()
    assert message.kind == "illegal" and Text("fits.rotated", {"shape": "I"}) in message.more
    s.rotate()                                           # standing: it fits, no hint
    assert s.candidate() is not None and s.candidate().legal   # type: ignore[union-attr]
    said = s.message().text
    assert said is not None and said.key == "legal"
    assert s.stuck() == ()
    s.cancel()
    assert s.message().text == Text("hover", {"shape": "I"})


@pytest.mark.parametrize("shape", ["L", "N", "F"])
def test_a_shape_that_fits_only_flipped_says_flip_it(shape: str) -> None:
    s = rolled(hole_puzzle(shape, FLIP))
    assert s.shape == shape and s.state.fits(shape) and not s.can_pass()
    assert s.stuck() == (Text("fits.flipped", {"shape": shape}),)
    s.flip()
    assert s.stuck() == () and s.message().text == Text("hover", {"shape": shape})
    s.rotate()                                           # turned away again: turn it back
    assert s.stuck() == (Text("fits.rotated", {"shape": shape}),)


def test_a_shape_that_fits_nowhere_says_why_pass_is_off_or_open() -> None:
    s = rolled(SQUARE)
    assert s.roll == (1, 2) and s.shape == "X"           # the shape that fits comes first
    s.select("I")
    assert s.stuck() == (Text("no-room", {"shape": "I"}),
                         Text("pass.forbidden", {"shapes": "X", "s": "s"}))
    message = s.message()
    assert message.text == Text("no-room", {"shape": "I"}) and not s.can_pass()
    assert message_text(message, "en", s.game.map) == (
        "I fits nowhere on the board now. You cannot pass: X fits on the board.")
    s.hover((1, 1))                                      # pointing: refused, and still why
    assert s.message().more == s.stuck()
    s.select("X")
    s.click((1, 1))
    assert s.state.round == 1
    s.roll_dice()                                         # (1, 1): only the I, fits nowhere
    assert s.can_pass() and s.pass_refused() is None
    assert s.message().more[-1] == Text("pass.allowed")       # the ghost is still there
    assert "press Pass" in message_text(s.message(), "en", s.game.map)


def test_the_turn_hint_is_the_cores_fits_for_every_orientation() -> None:
    """fits_as agrees with the core: a shape fits somewhere exactly when one of its
    orientations does, on boards as they are during a game."""
    s = PlaySession(parse_document(TALL.replace("rounds = 2", "rounds = 3")), seed="T-1")
    for _ in range(3):
        s.roll_dice()
        for shape in PENTOMINOES:
            anywhere = any(s.fits_as(shape, r @ f) for r in ROTATIONS for f in (IDENTITY, FLIP))
            assert anywhere == s.state.fits(shape), shape
        s.rotate()
        s.click((1, 2))
        if s.roll is not None:
            s.pass_round()


# -- the widget shows it --------------------------------------------------------------------------

def visible(value: str, touch: bool = False) -> str:
    """The text a page shows of an HTML value: for a mouse (or, ``touch``, a finger)."""
    hidden = "paleo-for-mouse" if touch else "paleo-for-touch"
    value = re.sub(f"<span class='{hidden}'>[^<]*</span>", "", value)
    return re.sub("<[^>]+>", "", value)


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_the_message_line_says_turn_it_for_keys_and_for_a_finger(lang: str) -> None:
    play = PlayWidget(parse_document(TALL), seed="TREX-1", lang=lang, save=False)
    play.roll_dice()
    assert play.pass_button.disabled
    mouse_words = i18n.t("fits.rotated", lang, shape="I")
    touch_words = i18n.t("fits.rotated.touch", lang, shape="I")
    assert visible(play.message.value) == mouse_words
    assert visible(play.message.value, touch=True) == touch_words
    assert "R" in mouse_words and " R " not in touch_words
    # the tooltip says why Pass is off too, in the widget's language
    assert play.pass_button.tooltip == i18n.t("pass.forbidden", lang, shapes="I", s="s")
    play.rotate()
    assert mouse_words not in play.message.value


def test_a_touch_marks_the_widget_for_finger_words() -> None:
    play = PlayWidget(pit(), save=False)
    assert "paleo-touch" not in play._dom_classes
    play.roll_dice()
    assert "press Roll" not in visible(play.message.value)
    assert "tap" in visible(play.keys_help.value, touch=True)
    assert "Enter" not in visible(play.keys_help.value, touch=True)
    tap(play.board, (1, 1))
    assert "paleo-touch" in play._dom_classes
    assert "tap the same cell again" in visible(play.message.value, touch=True)


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_the_star_choice_speaks_of_tapping_to_a_finger(lang: str) -> None:
    play = PlayWidget(pit(), save=False, lang=lang)
    play.roll_dice()
    play.select("T")
    play.click((5, 1))                                    # T on E2 F2 G2 F3 F4: the star F2
    assert play.table.pending is not None
    mouse_line = visible(play.message.value)
    touch_line = visible(play.message.value, touch=True)
    assert "Esc" in mouse_line or "Échap" in mouse_line
    for keys in ("Esc", "Échap", "1 to", "1 à", "1~"):            # no key, no key numbers
        assert keys not in touch_line, touch_line
    assert i18n.t("stars.cancel", lang) in touch_line


def test_every_touch_variant_has_its_key_and_fields() -> None:
    for lang in ("en", "fr", "ko"):
        catalog = i18n.catalog(lang)
        variants = [k for k in catalog if k.endswith(".touch")]
        assert len(variants) >= 10, variants
        for key in variants:
            base = key.removesuffix(".touch")
            assert base in catalog, key
            assert i18n.fields(catalog[key]) <= i18n.fields(catalog[base]), key
        if lang == "en":
            for key in variants:
                words = catalog[key]
                assert not re.search(r"\b(press|click|Enter|Esc|key|keys)\b", words), words


# -- the save says it plainly, where the pupil looks ---------------------------------------------

@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_save_answers_beside_its_button_without_a_path(tmp_path: Path, lang: str) -> None:
    play = PlayWidget(pit(), player="Ada", save=tmp_path, lang=lang)
    play_out(play)
    assert play.save_path is not None
    play.keeper.save_button.click()
    note = play.keeper.end_note
    assert note in play.keeper.end_row.children
    assert visible(note.value) == i18n.t("saved.pupil", lang)
    assert str(tmp_path) not in visible(note.value) and ".json" not in visible(note.value)
    assert play.save_path.name in note.value                  # in the tooltip, for the teacher
    assert play.keeper.note.value == ""                        # nothing in the side column
    # a game that comes back says so without a path either
    again = PlayWidget(pit(), player="Ada", save=tmp_path, lang=lang)
    assert ".json" not in visible(again.message.value) and "saved-games" not in again.message.value
    assert i18n.t("resumed.over", lang) in visible(again.message.value)


def test_a_save_that_fails_says_so_plainly(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    play = PlayWidget(pit(), player="Ada", save=blocked)
    play_out(play)
    assert visible(play.keeper.note.value) == i18n.t("save.failed.pupil", "en")
    assert "file" in play.keeper.note.value                    # the path, in the tooltip
    play.keeper.save_button.click()
    assert visible(play.keeper.end_note.value) == i18n.t("save.failed.pupil", "en")


def test_the_end_does_not_say_not_rolled_yet() -> None:
    play = PlayWidget(pit(), save=False)
    assert i18n.t("roll.none", "en") in play.roll_label.value
    play_out(play)
    assert i18n.t("roll.none", "en") not in play.roll_label.value


def test_the_keys_line_goes_when_the_game_is_over() -> None:
    """No key does anything once the game is over: its line goes, the summary stays."""
    play = PlayWidget(pit(), save=False)
    assert play.keys_help.layout.display is None
    play_out(play)
    assert play.keys_help.layout.display == "none"
    assert play.summary.layout.display is None


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_the_star_choice_buttons_carry_their_key_apart_from_their_words(lang: str) -> None:
    """A button's words are the choice alone; the page's stylesheet counts the buttons
    marked paleo-key and shows the number, their key, before the words, except on a
    finger's screen (events.css; tests/browser/test_screen_fit.py looks at a page)."""
    from paleowidgets.widgets.events import STYLE

    play = PlayWidget(pit(), save=False, lang=lang)
    play.roll_dice()
    play.select("T")
    play.click((5, 1))                                    # T on E2 F2 G2 F3 F4: the star F2
    *choices, cancel = play.star_box.children
    assert len(choices) == len(play.star_options()) >= 2
    for button, option in zip(choices, play.star_options(), strict=True):
        assert button.description == " + ".join(i18n.t(f"bonus.{k}", lang) for k in option)
        assert "paleo-key" in button._dom_classes
    assert 'content: counter(paleo-key) ". ";' in STYLE
    assert "paleo-key" not in cancel._dom_classes
    touch = STYLE[STYLE.index("@media (pointer: coarse) {\n  .paleo-widget .paleo-key"):]
    assert "content: none" in touch.split("}")[0]
    assert ".paleo-widget.paleo-touch .paleo-key::before {\n  content: none;" in STYLE
