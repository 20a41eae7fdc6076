"""Build your Snowman: the design as data, the picture (SVG, PNG, PDF), the widget headless."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import deque
from pathlib import Path

import pytest
from helpers import Messages, event, key
from test_widgets import tiny

from paleowidgets import i18n
from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.logs import GameLog, PlayerLog
from paleowidgets.core.maps import Map, parse_document
from paleowidgets.core.rules import Game, State
from paleowidgets.data import load_map
from paleowidgets.render.snowman import (
    NAME_BAND,
    SPOTS,
    Snowman,
    SnowmanItem,
    dug_items,
    item_kind,
    items_of,
    render_snowman,
    spot_at,
    step,
)
from paleowidgets.solver.bots import GreedyBot, play_game
from paleowidgets.widgets.snowman import MARKS, STATIC, SnowmanWidget

SVG = "{http://www.w3.org/2000/svg}"
ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")


def robot_game(seed: str = "SNOWY-2024") -> tuple[GameLog, State]:
    snow = load_map("snow-map")
    rolls = roll_sequence(seed, snow.rounds)
    final, turns = play_game(Game(snow), rolls, GreedyBot(), random.Random(seed))
    return GameLog(snow, rolls, (PlayerLog("Robot", tuple(turns)),)), final


@pytest.fixture(scope="module")
def game() -> tuple[GameLog, State]:
    return robot_game()


# -- the design ------------------------------------------------------------------------------

def test_placing_moving_replacing_and_removing() -> None:
    s = Snowman("Olaf").place("A", "hat").place("B", "neck")
    assert s.placed == (("hat", "A"), ("neck", "B"))
    moved = s.place("A", "base")                       # an item sits on one spot
    assert moved.spot_of("A") == "base" and moved.item_at("hat") is None
    replaced = s.place("C", "hat")                     # a spot holds one item
    assert replaced.item_at("hat") == "C" and replaced.spot_of("A") is None
    assert s.remove("A").placed == (("neck", "B"),)
    assert s.named("Frosty").name == "Frosty" and s.name == "Olaf"   # designs are values
    with pytest.raises(ValueError, match="'tail'"):
        s.place("A", "tail")
    with pytest.raises(ValueError, match="one item"):
        Snowman(placed=(("hat", "A"), ("neck", "A")))


def test_items_are_the_fossils_dug_up(game: tuple[GameLog, State]) -> None:
    _, final = game
    snow = load_map("snow-map")
    ids = [f.id for i, f in enumerate(snow.fossils) if final.dug >> i & 1]
    assert [i.id for i in dug_items(final)] == ids and ids        # the robot dug some up
    assert dug_items(Game(snow).initial_state()) == ()
    # every item of the snow map has its own picture (none falls back to a badge)
    kinds = [i.kind for i in items_of(snow)]
    assert "" not in kinds and len(set(kinds)) == len(kinds) == 10
    assert item_kind("Earmuffs") == "earmuffs" and item_kind("Twig arm") == "twig-arm"
    assert item_kind("Sled") == ""


def test_every_spot_is_reached_by_arrows_and_found_by_its_centre() -> None:
    seen, todo = {"hat"}, deque(["hat"])
    while todo:
        spot = todo.popleft()
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nxt = step(spot, dx, dy)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == set(SPOTS)
    for spot, (x, y, _) in SPOTS.items():
        assert spot_at(x, y) == spot
        assert spot_at(x + 0.3, y - 0.3) == spot
    assert spot_at(6.0, 9.6) is None                  # between the balls: no spot near


# -- the picture -----------------------------------------------------------------------------

def test_svg_shows_each_item_on_its_spot_and_the_legend(game: tuple[GameLog, State]) -> None:
    _, final = game
    items = dug_items(final)
    design = Snowman("Frosty")
    for item, spot in zip(items, SPOTS, strict=False):
        design = design.place(item.id, spot)
    root = ET.fromstring(render_snowman(items, design, lang="fr"))
    groups = [g for g in root.iter(f"{SVG}g") if "snowman-item" in g.get("class", "").split()]
    assert [(g.get("data-item"), g.get("data-spot")) for g in groups] == [
        (i, s) for s, i in design.placed]
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Frosty" in texts and root.findtext(f"{SVG}title") == "Frosty"
    legend = [t for t in texts if t and " · " in t]
    assert len(legend) == len(items)
    assert legend[0] == i18n.t("snowman.legend", "fr", id=items[0].id,
                               item=items[0].label("fr"), spot=i18n.t("spot.hat", "fr"))
    assert root.get("lang") == "fr"
    empty = render_snowman(items, Snowman())
    assert 'class="snowman-item ' not in empty and "snowman-spot" in empty


def test_an_item_without_a_picture_is_a_badge_with_its_letter() -> None:
    svg = render_snowman([SnowmanItem("Q", "Sled")], Snowman().place("Q", "base"))
    root = ET.fromstring(svg)
    badge = [g for g in root.iter(f"{SVG}g") if "kind-badge" in g.get("class", "")]
    assert len(badge) == 1 and "Q" in [t.text for t in badge[0].iter(f"{SVG}text")]


# -- the widget ------------------------------------------------------------------------------

def click(widget: SnowmanWidget, spot: str) -> None:
    x, y, _ = SPOTS[spot]
    px = widget._px
    event(widget.canvas, "mouse_down", x=x * px, y=(y + NAME_BAND) * px)


def shows_its_design(widget: SnowmanWidget) -> None:
    assert widget.shown == (widget.design, widget.cursor)
    assert widget.item_buttons.value == widget.selected
    assert widget.name_box.value == widget.design.name


def test_widget_keys_and_clicks_place_move_and_remove_in_one_message_each(
        messages: Messages, game: tuple[GameLog, State]) -> None:
    log, final = game
    widget = SnowmanWidget(log, player="Robot")
    items = dug_items(final)
    assert [v for _, v in widget.item_buttons.options] == [i.id for i in items]
    assert widget.selected == items[0].id and widget.cursor == "hat"
    messages.clear()
    key(widget.canvas, "Enter")                             # first item on the hat spot
    assert widget.design.item_at("hat") == items[0].id
    assert len(messages) == 1 and messages.layers(widget.canvas) == [MARKS]
    assert widget.selected == items[1].id                   # the next one, ready
    key(widget.canvas, "ArrowDown")
    assert widget.cursor == "nose" and len(messages) == 2
    key(widget.canvas, "2")                                 # key 2: the second item
    key(widget.canvas, "Enter")
    assert widget.design.item_at("nose") == items[1].id and len(messages) == 3
    key(widget.canvas, "1")
    click(widget, "base")                                   # moves the first item
    assert widget.design.spot_of(items[0].id) == "base" and widget.cursor == "base"
    assert widget.design.item_at("hat") is None and len(messages) == 4
    key(widget.canvas, "Delete")
    assert widget.design.spot_of(items[0].id) is None and widget.selected == items[0].id
    assert "taken off" in widget.message.value and len(messages) == 5
    key(widget.canvas, "Delete")                            # nothing there: nothing drawn
    assert len(messages) == 5 and "Nothing to take off" in widget.message.value
    shows_its_design(widget)


def test_widget_name_clear_and_client_ready(messages: Messages,
                                            game: tuple[GameLog, State]) -> None:
    widget = SnowmanWidget(game[1])
    widget.place()
    messages.clear()
    widget.name_box.value = "Frosty"
    assert widget.design.name == "Frosty" and len(messages) == 1
    assert "Frosty" in widget.svg() and "Frosty" in repr(widget)
    widget.clear_button.click()
    assert widget.design == Snowman("Frosty") and len(messages) == 2
    event(widget.canvas, "client_ready")
    assert messages.layers(widget.canvas) == [STATIC, MARKS] and widget.redraws == 2
    shows_its_design(widget)


def test_widget_exports_svg_png_and_pdf(tmp_path: Path, game: tuple[GameLog, State]) -> None:
    widget = SnowmanWidget(game[1], name="Frosty")
    widget.place()
    svg = widget.export(tmp_path / "frosty.svg").read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and 'class="snowman-item ' in svg
    assert widget.export(tmp_path / "frosty.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert widget.export(tmp_path / "frosty.pdf").read_bytes()[:5] == b"%PDF-"
    with pytest.raises(ValueError, match=r"'\.gif'"):
        widget.export(tmp_path / "frosty.gif")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["frosty.pdf", "frosty.png",
                                                          "frosty.svg"]


def test_export_button_names_the_file_after_the_snowman(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: tuple[GameLog, State]) -> None:
    monkeypatch.chdir(tmp_path)
    widget = SnowmanWidget(game[1], name="Mr Frost!")
    widget.format.value = "SVG"
    widget.export_button.click()
    assert (tmp_path / "Mr-Frost.svg").exists() and "Mr-Frost.svg" in widget.message.value


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_widget_speaks_its_language(lang: str, game: tuple[GameLog, State]) -> None:
    widget = SnowmanWidget(game[1], lang=lang)
    first = dug_items(game[1])[0]
    assert widget.item_buttons.options[0][0] == first.label(lang)
    assert widget.remove_button.description == i18n.t("snowman.remove", lang)
    widget.place()
    assert i18n.t("spot.hat", lang) in widget.legend.value
    assert f'lang="{lang}"' in widget.fallback_svg()


def test_only_a_snowman_game_builds_a_snowman() -> None:
    with pytest.raises(ValueError, match="paleontologists"):
        SnowmanWidget(Game(tiny()).initial_state())


def test_a_game_with_nothing_dug_up_leaves_the_snowman_plain() -> None:
    widget = SnowmanWidget(Game(load_map("snow-map")).initial_state())
    assert widget.items == () and widget.selected is None
    assert "stays plain" in widget.message.value
    widget.place()
    assert "Choose an item first" in widget.message.value and widget.design == Snowman()


def test_output_has_widget_svg_and_stable_text(game: tuple[GameLog, State]) -> None:
    widget = SnowmanWidget(game[1], name="Frosty")
    data = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["image/svg+xml"].startswith("<svg")
    n = len(dug_items(game[1]))
    assert data["text/plain"] == f"<SnowmanWidget Frosty 0/{n} items>"


def test_rapid_random_input_never_leaves_picture_and_design_apart(
        messages: Messages, game: tuple[GameLog, State]) -> None:
    rng = random.Random(11)
    widget = SnowmanWidget(game[1])
    for _ in range(400):
        before = len(messages)
        r = rng.random()
        if r < 0.5:
            key(widget.canvas, rng.choice([*ARROWS, "Enter", "Delete", "1", "2", "3", "x"]))
        elif r < 0.8:
            event(widget.canvas, "mouse_down", x=rng.uniform(0, widget.canvas.width),
                  y=rng.uniform(0, widget.canvas.height))
        elif r < 0.9:
            widget.item_buttons.value = rng.choice([v for _, v in widget.item_buttons.options])
        else:
            widget.name_box.value = rng.choice(["", "Olaf", "Frosty"])
        assert len(messages) - before <= 1
        shows_its_design(widget)
    assert widget.design.placed                             # something got placed


def test_map_names_drive_the_pictures() -> None:
    doc = parse_document(SNOWY)
    assert isinstance(doc, Map)
    assert [i.kind for i in items_of(doc)] == ["carrot-nose", ""]


SNOWY = '''[map]
name = "Snowy yard"
theme = "snowman"
grid = """
. . . . . .
. A . . . .
. . . . B .
. . . . . .
"""
[fossils.A]
name = "Carrot"
points = 2
bonus = 1
[fossils.B]
name = "Sled"
points = 1
bonus = 1
'''


def test_lesson9_snowman_check(game: tuple[GameLog, State]) -> None:
    from paleowidgets.exercises.lesson09 import check_snowman

    _, final = game
    items = dug_items(final)
    dressed = Snowman()
    for item, spot in zip(items, SPOTS, strict=False):
        dressed = dressed.place(item.id, spot)
    assert not check_snowman(final, dressed)                     # no name yet
    assert check_snowman(final, dressed.named("Olaf"))
    half = dressed.remove(items[-1].id).named("Olaf")
    assert items[-1].name in check_snowman(final, half).message
    never = next(f.id for f in load_map("snow-map").fossils if f.id not in
                 {i.id for i in items})
    stranger = dressed.named("Olaf").place(never, "ground-right")
    assert "not dug up" in check_snowman(final, stranger).message


def test_the_items_carry_their_key_apart_from_their_names(game: tuple[GameLog, State]) -> None:
    """An item's button says its name alone; the page's stylesheet shows its key (1 to 9,
    then 0) before it where the main pointer is not a finger (events.css), so a tablet
    neither shows nor reads out a key it does not have. tests/browser/test_explorers_lab.py
    looks at a page with a mouse and with a finger."""
    from paleowidgets.widgets.events import STYLE

    widget = SnowmanWidget(game[1], lang="en")
    assert [label for label, _ in widget.item_buttons.options] == [
        item.label("en") for item in widget.items[:10]]
    assert "paleo-snowman-items" in widget.item_buttons._dom_classes
    mouse = STYLE[STYLE.index("@media not all and (pointer: coarse) {"):]
    mouse = mouse[:mouse.index("\n}\n")]
    assert 'content: counter(paleo-item) ". ";' in mouse
    assert ".widget-toggle-button:nth-of-type(10)::before {\n    content: \"0. \";" in mouse
    assert "paleo-item" not in STYLE.replace(mouse, "")     # nowhere but for a mouse
