"""The play widgets' small pictures (paleowidgets.render.icons): shapes, dice, tracks."""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET

import pytest

from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.geometry import PENTOMINOES
from paleowidgets.core.rules import Game
from paleowidgets.core.terms import BONUS_KINDS
from paleowidgets.data import load_map
from paleowidgets.render.icons import (
    bonus_track_svg,
    data_uri,
    die_picture,
    dig_patch,
    shape_picture,
    tracks_svg,
)

NS = "{http://www.w3.org/2000/svg}"


def classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


@pytest.mark.parametrize("letter", sorted(PENTOMINOES))
def test_a_shape_picture_draws_its_pentomino(letter: str) -> None:
    svg = ET.fromstring(shape_picture(letter, cell=10))
    assert svg.get("width") == svg.get("height") == "50"
    squares = [r for r in svg.iter(NS + "rect") if "shape-cell" in classes(r)]
    group = next(g for g in svg.iter(NS + "g") if g.get("data-shape"))
    ox, oy = (float(v) for v in group.get("transform", "translate(0 0)")[10:-1].split())
    got = {(round(float(r.get("x", 0)) / 10), round(float(r.get("y", 0)) / 10))
           for r in squares}
    base = set(PENTOMINOES[letter].cells)
    assert got == base                             # the reference drawing ...
    w, h = 1 + max(x for x, _ in base), 1 + max(y for _, y in base)
    assert (ox, oy) == ((5 - w) * 5, (5 - h) * 5)  # ... in the middle of the 5x5 square
    assert svg.find(NS + "title").text == letter


def test_a_shape_picture_can_carry_its_letter_and_a_dig_pattern() -> None:
    svg = ET.fromstring(shape_picture("T", dig="hatch", label=True))
    assert [t.text for t in svg.iter(NS + "text")] == ["T"]
    cell = next(r for r in svg.iter(NS + "rect") if "shape-cell" in classes(r))
    assert cell.get("fill", "").startswith("url(#pw-paleontologists-")
    assert any(p.get("data-dig") == "hatch" for p in svg.iter(NS + "pattern"))
    with pytest.raises(ValueError, match="no pentomino 'Q'"):
        shape_picture("Q")


@pytest.mark.parametrize("face", range(1, 7))
def test_a_die_shows_its_pips(face: int) -> None:
    svg = ET.fromstring(die_picture(face, size=40))
    assert sum("pip" in classes(c) for c in svg.iter(NS + "circle")) == face
    assert svg.get("width") == "40"
    dig = ET.fromstring(die_picture(face, dig="dot"))
    bands = [r for r in dig.iter(NS + "rect") if "die-dig" in classes(r)]
    assert [b.get("data-dig") for b in bands] == ["dot"]     # a pattern, not a colour only
    with pytest.raises(ValueError, match="1 to 6"):
        die_picture(7)


def test_tracks_show_every_roll_given_the_turns_and_the_bonuses() -> None:
    game = Game(load_map("first-dig"))
    rolls = roll_sequence("TREX-4821", game.rounds)
    state = game.initial_state()
    choices = game.choices(rolls[0])
    shape, dig = choices[0]
    # the first legal placement of the first choice: the core says which
    turn = next(t for t in state.legal_turns(rolls[0]) if not t.passed)
    state = state.apply(rolls[0], turn)
    svg = ET.fromstring(tracks_svg(state, rolls=rolls, turns=(turn,), lang="en"))
    boxes = [g for g in svg.iter(NS + "g") if g.get("data-round")]
    assert len(boxes) == game.rounds
    assert [g.get("data-roll") for g in boxes] == [f"{a}-{b}" for a, b in rolls]
    played = [g for g in boxes if "played" in classes(g)]
    assert len(played) == 1
    notes = [t for t in played[0].iter(NS + "text") if "round-turn" in classes(t)]
    assert [t.text for t in notes] == [turn.shape]
    swatch = [r for r in played[0].iter(NS + "rect") if "dig-swatch" in classes(r)]
    assert [r.get("data-dig") for r in swatch] == [turn.dig]
    # five boxes a row: four rows for twenty rounds, 205 px wide at the sheet's 36 px cell
    assert float(svg.get("width")) < 210
    assert shape and dig
    bonus = ET.fromstring(bonus_track_svg(state, lang="fr"))
    rows = [g for g in bonus.iter(NS + "g") if "bonus-row" in classes(g)]
    assert [r.get("data-bonus") for r in rows] == list(BONUS_KINDS)
    for row in rows:
        circles = [c for c in row.iter(NS + "circle") if "bonus-circle" in classes(c)]
        assert len(circles) == 4
        assert sum("gained" in classes(c) for c in circles) == int(row.get("data-gained"))
        assert len([t for t in row.iter(NS + "text") if "bonus-name" in classes(t)]) == 1
    names = [t.text for t in bonus.iter(NS + "text") if "bonus-name" in classes(t)]
    assert "Changer de type de fouille" in names
    assert float(bonus.get("width")) < 220        # the names above the circles: narrow


def test_a_dig_patch_is_its_pattern() -> None:
    svg = ET.fromstring(dig_patch("chevron", size=40))
    (patch,) = [r for r in svg.iter(NS + "rect") if "dig-patch" in classes(r)]
    assert patch.get("data-dig") == "chevron" and patch.get("fill", "").startswith("url(#")


def test_tracks_speak_the_language_asked_for() -> None:
    state = Game(load_map("first-dig")).initial_state()
    fr = tracks_svg(state, lang="fr")
    ko = bonus_track_svg(state, lang="ko")
    assert "Manches" in fr and ">Rounds<" not in fr
    assert 'lang="ko"' in ko and "보너스" in ko


def test_data_uri_round_trips() -> None:
    svg = die_picture(2)
    uri = data_uri(svg)
    assert base64.b64decode(uri.split(",", 1)[1]).decode("utf-8") == svg


def test_a_map_written_back_keeps_its_names() -> None:
    """core.writer (the editor's Save, puzzlegen) writes the names per language too."""
    from paleowidgets.core.maps import parse_document
    from paleowidgets.core.writer import document_toml

    site = load_map("dig-site")
    again = parse_document(document_toml(site))
    assert again == site and again.names == site.names
    assert [f.names for f in again.fossils] == [f.names for f in site.fossils]
    assert again.fossil("A").name_in("ko") == "티라노사우루스 두개골"
