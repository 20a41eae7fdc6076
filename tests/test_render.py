"""The SVG sheets and their PNG/PDF files: structure read back with ElementTree."""

from __future__ import annotations

import json
import os
import struct
import tomllib
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from paleowidgets import i18n
from paleowidgets.core.errors import FormatError
from paleowidgets.core.geometry import cell_name
from paleowidgets.core.logs import GameLog
from paleowidgets.core.maps import Map, Puzzle, Roll, parse_document
from paleowidgets.core.rules import Game, State
from paleowidgets.core.turns import Turn
from paleowidgets.render import SvgDocument, render_svg, write_sheet
from paleowidgets.render.primitives import outline_loops

NS = "{http://www.w3.org/2000/svg}"

# Fossil A at D3: a U (chevron) closes three sides of its ring, an I (chevron) the fourth,
# so A is dug up with its same-dig bonus. The U covers the star at C4 (a One Square), the
# I the star at F2 (+1 Point); the square is spent at A5 in round 2.
PIT = '''[map]
name = "Test pit"
theme = "THEME"
grid = """
. . . . . . .
. . . . . * .
. . . A . . .
. . * . . B .
. . . . . . .
"""
[fossils.A]
name = "Ammonite"
points = 5
bonus = 3
[fossils.B]
name = "Tooth"
points = 2
bonus = 1
'''
ROLLS: list[Roll] = [(2, 2), (1, 1)]
TURNS = [
    Turn.from_dict({"shape": "U", "dig": "chevron", "cells": ["C3", "E3", "C4", "D4", "E4"],
                    "stars": ["one-square"]}),
    Turn.from_dict({"shape": "I", "dig": "chevron", "cells": ["B2", "C2", "D2", "E2", "F2"],
                    "stars": ["plus-one"], "squares": ["A5"]}),
]

PUZZLE = '''[map]
name = "Puzzle pit"
grid = """
. . . . . .
. # # . . .
. . A . * .
. . . . . .
"""
[fossils.A]
points = 3
bonus = 1
[puzzle]
title = "Two rolls"
rolls = [[2, 5], [1, 4]]
bonuses = { switch-shape = 1 }
'''


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sheets here are checked in English, whatever PALEOWIDGETS_LANG says
    (tests/test_i18n.py checks the other languages)."""
    monkeypatch.delenv(i18n.ENV_VAR, raising=False)
    i18n.set_language(None)


def pit(theme: str = "paleontologists") -> Map:
    doc = parse_document(PIT.replace("THEME", theme))
    assert isinstance(doc, Map)
    return doc


def played(theme: str = "paleontologists") -> State:
    state = Game(pit(theme)).initial_state()
    for roll, turn in zip(ROLLS, TURNS, strict=True):
        state = state.apply(roll, turn)
    return state


def puzzle() -> Puzzle:
    doc = parse_document(PUZZLE)
    assert isinstance(doc, Puzzle)
    return doc


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def find(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    """Every ``tag`` element (``*`` for any) whose class list holds ``cls``."""
    return [el for el in root.iter() if (tag == "*" or el.tag == NS + tag)
            and cls in classes(el)]


def one(root: ET.Element, tag: str, cls: str) -> ET.Element:
    found = find(root, tag, cls)
    assert len(found) == 1, (tag, cls, len(found))
    return found[0]


def texts(el: ET.Element) -> list[str]:
    return [t.text or "" for t in el.iter(NS + "text")]


def cells_by_name(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("data-cell", ""): el for el in find(root, "rect", "cell")}


def translate(el: ET.Element) -> tuple[float, float]:
    value = el.get("transform", "translate(0 0)")
    x, y = value.removeprefix("translate(").removesuffix(")").split()
    return float(x), float(y)


# -- outlines ------------------------------------------------------------------------------

def test_outline_of_a_square_block_is_one_loop_of_four_corners() -> None:
    assert outline_loops({(0, 0), (1, 0), (0, 1), (1, 1)}) == [((0, 0), (2, 0), (2, 2), (0, 2))]


def test_outline_of_a_ring_has_an_outer_and_an_inner_loop() -> None:
    ring = {(x, y) for x in range(3) for y in range(3)} - {(1, 1)}
    loops = outline_loops(ring)
    assert sorted(len(loop) for loop in loops) == [4, 4]


def test_outline_of_a_u_pentomino_has_eight_corners() -> None:
    (loop,) = outline_loops({(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)})
    assert len(loop) == 8


# -- the grid ------------------------------------------------------------------------------

def test_one_cell_per_grid_square_named_like_the_sheet() -> None:
    m = pit()
    cells = cells_by_name(parse(render_svg(m)))
    assert len(cells) == m.width * m.height == 35
    assert set(cells) == {cell_name((x, y)) for x in range(m.width) for y in range(m.height)}


def test_cell_names_on_the_margins_letters_on_top_numbers_on_the_left() -> None:
    root = parse(render_svg(pit()))
    grid = one(root, "g", "grid")
    board = one(grid, "g", "board")
    ox, oy = translate(board)
    columns = find(grid, "text", "column-name")
    rows = find(grid, "text", "row-name")
    assert [t.text for t in columns] == list("ABCDEFG")
    assert [t.text for t in rows] == ["1", "2", "3", "4", "5"]
    assert all(float(t.get("y", "0")) < oy for t in columns)
    assert all(float(t.get("x", "0")) < ox for t in rows)
    xs = [float(t.get("x", "0")) for t in columns]
    assert xs == sorted(xs)


def test_fossils_with_letters_values_and_names() -> None:
    root = parse(render_svg(pit()))
    marks = {g.get("data-fossil"): g for g in find(root, "g", "fossil")}
    assert set(marks) == {"A", "B"}
    assert "A" in texts(marks["A"]) and "5 +3" in texts(marks["A"])
    assert "2 +1" in texts(marks["B"])
    cells = cells_by_name(root)
    assert "fossil" in classes(cells["D3"]) and "fossil" in classes(cells["F4"])
    table = one(root, "g", "fossil-table")
    assert "Ammonite" in texts(table) and "Tooth" in texts(table)
    assert "Fossils" in texts(table)


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
@pytest.mark.parametrize("name", ["dig-site", "snow-map", "first-dig", "ring-school"])
def test_every_fossil_name_of_the_shipped_maps_is_written_whole(name: str, lang: str) -> None:
    """A long name (French "Défense de mammouth") is set smaller, never cut, and never
    smaller than the smallest bonus name may be."""
    from paleowidgets.data import load_map
    from paleowidgets.render.style import SMALL_SIZE, TEXT_SIZE, fossil_name

    m = load_map(name)
    root = parse(render_svg(m, lang=lang))
    names = [el for el in root.iter(f"{NS}text") if "fossil-name" in classes(el)]
    assert [el.text for el in names] == [fossil_name(f, m.theme, lang) for f in m.fossils]
    sizes = [float(el.get("font-size", 0)) for el in names]
    assert all(SMALL_SIZE * 0.85 * 36 - 0.01 <= s <= TEXT_SIZE * 36 + 0.01 for s in sizes)


def test_stars_on_their_cells() -> None:
    root = parse(render_svg(pit()))
    stars = find(root, "g", "star")
    assert {s.get("data-cell") for s in stars} == {"F2", "C4"}
    assert not find(root, "*", "snowflake")
    cells = cells_by_name(root)
    assert "star" in classes(cells["F2"])


def test_a_blank_map_has_only_open_star_and_fossil_cells() -> None:
    root = parse(render_svg(pit()))
    kinds = {next(iter(classes(c) - {"cell"})) for c in find(root, "rect", "cell")}
    assert kinds == {"open", "star", "fossil"}
    assert not find(root, "path", "shape-outline")
    assert not find(root, "text", "score-total")   # a blank sheet's score box stays empty


# -- a played sheet ------------------------------------------------------------------------

def test_drawn_cells_name_their_dig_type_and_use_its_pattern() -> None:
    state = played()
    root = parse(render_svg(state, rolls=ROLLS, turns=TURNS))
    patterns = {p.get("id"): p for p in root.iter(NS + "pattern")}
    cells = cells_by_name(root)
    drawn = [c for c in cells.values() if "drawn" in classes(c)]
    assert len(drawn) == 10
    for cell in drawn:
        assert "dig-chevron" in classes(cell)
        ref = cell.get("fill", "")
        assert ref.startswith("url(#") and ref.endswith(")")
        assert patterns[ref[5:-1]].get("data-dig") == "chevron"
    assert "has-star" in classes(cells["F2"]) and "has-star" in classes(cells["C4"])


def test_dig_patterns_differ_in_shape_and_colour() -> None:
    root = parse(render_svg(pit()))
    by_dig = {p.get("data-dig"): p for p in root.iter(NS + "pattern") if p.get("data-dig")}
    assert set(by_dig) == {"chevron", "dot", "hatch"}
    assert by_dig["dot"].find(NS + "circle") is not None          # dots
    assert by_dig["chevron"].find(NS + "path") is not None        # V shapes
    hatch = by_dig["hatch"].find(NS + "path")
    assert hatch is not None and hatch.get("d", "").count("M") == 3   # diagonal lines
    colours = {p.find(NS + "rect").get("fill") for p in by_dig.values()}  # type: ignore[union-attr]
    assert len(colours) == 3


def test_one_square_cells_are_solid_with_no_dig_type() -> None:
    root = parse(render_svg(played(), turns=TURNS))
    square = cells_by_name(root)["A5"]
    assert classes(square) == {"cell", "square"}
    assert not square.get("fill", "").startswith("url(")
    assert square.get("fill") != cells_by_name(root)["A4"].get("fill")


def test_predrawn_cells_of_a_puzzle() -> None:
    root = parse(render_svg(puzzle()))
    cells = cells_by_name(root)
    assert classes(cells["B2"]) == {"cell", "predrawn"}
    assert classes(cells["C2"]) == {"cell", "predrawn"}
    assert len(find(root, "rect", "predrawn")) == 2


def test_shape_outlines_follow_the_turns_or_else_the_pieces() -> None:
    state = played()
    with_turns = find(parse(render_svg(state, turns=TURNS)), "path", "shape-outline")
    assert [(p.get("data-shape"), p.get("data-round")) for p in with_turns] == [
        ("U", "1"), ("I", "2")]
    without = find(parse(render_svg(state)), "path", "shape-outline")
    assert len(without) == 1 and without[0].get("data-dig") == "chevron"   # U and I touch


def test_dug_fossil_is_marked_with_its_same_dig_bonus() -> None:
    root = parse(render_svg(played()))
    marks = {g.get("data-fossil"): g for g in find(root, "g", "fossil")}
    assert {"dug", "same"} <= classes(marks["A"])
    assert find(marks["A"], "path", "check")
    assert "dug" not in classes(marks["B"]) and not find(marks["B"], "path", "check")
    entries = {g.get("data-fossil"): g for g in find(root, "g", "fossil-entry")}
    assert find(entries["A"], "circle", "dug") and find(entries["A"], "circle", "earned")
    assert not find(entries["B"], "circle", "dug")


def test_score_box_holds_the_states_total() -> None:
    state = played()
    assert state.score().total == 5 + 3 + 1
    box = one(parse(render_svg(state)), "g", "score-box")
    assert one(box, "text", "score-total").text == str(state.score().total) == "9"


def test_round_track_shows_every_round_and_the_rolls() -> None:
    state = played()
    track = one(parse(render_svg(state, rolls=ROLLS, turns=TURNS)), "g", "round-track")
    rounds = find(track, "g", "round")
    assert [r.get("data-round") for r in rounds] == [str(i) for i in range(1, 21)]
    assert [t.text for t in find(track, "text", "roll")] == ["2-2", "1-1"]
    assert [r.get("data-roll") for r in rounds[:3]] == ["2-2", "1-1", None]
    assert [("played" in classes(r)) for r in rounds[:3]] == [True, True, False]
    assert [t.text for t in find(track, "text", "round-turn")] == ["U", "I"]


def test_bonus_track_four_kinds_four_circles_gained_and_spent() -> None:
    track = one(parse(render_svg(played())), "g", "bonus-track")
    rows = {r.get("data-bonus"): r for r in find(track, "g", "bonus-row")}
    assert list(rows) == ["one-square", "switch-shape", "switch-dig", "plus-one"]
    for row in rows.values():
        assert len(find(row, "circle", "bonus-circle")) == 4
    assert len(find(rows["one-square"], "circle", "gained")) == 1
    assert len(find(rows["one-square"], "circle", "spent")) == 1
    assert len(find(rows["plus-one"], "circle", "gained")) == 1
    assert not find(rows["plus-one"], "circle", "spent")
    assert rows["plus-one"].get("data-held") == "1"


def test_a_puzzles_start_bonus_is_shown_held_and_its_rolls_on_the_track() -> None:
    root = parse(render_svg(puzzle()))
    rows = {r.get("data-bonus"): r for r in find(root, "g", "bonus-row")}
    assert "held 1" in texts(rows["switch-shape"])
    track = one(root, "g", "round-track")
    assert [t.text for t in find(track, "text", "roll")] == ["2-5", "1-4"]
    assert len(find(track, "g", "round")) == 2
    assert one(root, "text", "title").text == "Two rolls"


# -- themes, options, inputs ---------------------------------------------------------------

def test_the_two_themes_differ_snowflakes_instead_of_stars() -> None:
    paleo = parse(render_svg(played("paleontologists")))
    snow = parse(render_svg(played("snowman")))
    assert "theme-snowman" in classes(snow) and "theme-paleontologists" in classes(paleo)
    assert len(find(snow, "g", "snowflake")) == 2 and not find(paleo, "g", "snowflake")
    paper = [one(root, "rect", "paper").get("fill") for root in (paleo, snow)]
    assert paper[0] != paper[1]
    assert "Items" in texts(one(snow, "g", "fossil-table"))
    chevron = [next(p for p in root.iter(NS + "pattern") if p.get("data-dig") == "chevron")
               for root in (paleo, snow)]
    assert chevron[0].get("id") != chevron[1].get("id")   # no clash on one notebook page


def test_dice_table_shows_each_faces_shapes_and_dig_pattern() -> None:
    table = one(parse(render_svg(pit())), "g", "dice-table")
    faces = find(table, "g", "die-face")
    assert [f.get("data-dig") for f in faces] == ["chevron", "chevron", "dot", "dot", "hatch",
                                                  "hatch"]
    assert [t.text for t in find(table, "text", "shape-names")] == [
        "I X", "T U", "V W", "F P", "L Y", "N Z"]
    assert [len(find(f, "circle", "pip")) for f in faces] == [1, 2, 3, 4, 5, 6]
    for face in faces:
        swatch = one(face, "rect", "dig-swatch")
        assert swatch.get("fill", "").endswith(f"-{face.get('data-dig')})")


def test_only_the_snowman_edition_has_a_snowman_to_dress() -> None:
    assert find(parse(render_svg(pit("snowman"))), "g", "snowman")
    assert not find(parse(render_svg(pit())), "g", "snowman")


def test_labels_replace_the_words() -> None:
    root = parse(render_svg(played(), labels={"score": "Punkte", "rounds": "Runden"}))
    assert "Punkte" in texts(one(root, "g", "score-box"))
    assert "Runden" in texts(one(root, "g", "round-track"))


def test_options_title_player_cell_size_and_no_track() -> None:
    small = parse(render_svg(pit(), cell_size=20))
    big = parse(render_svg(pit(), cell_size=40))
    assert float(big.get("width", "0")) == pytest.approx(2 * float(small.get("width", "0")))
    root = parse(render_svg(played(), title="Class game", player="Ada", show_track=False))
    assert one(root, "text", "title").text == "Class game"
    assert one(root, "text", "player-name").text == "Ada"
    assert not find(root, "g", "round-track") and not find(root, "g", "bonus-track")


def test_a_map_with_turns_is_played_through_them() -> None:
    root = parse(render_svg(pit(), rolls=ROLLS, turns=TURNS))
    assert one(root, "text", "score-total").text == "9"


def test_game_log_shows_the_chosen_players_final_sheet() -> None:
    log = GameLog.from_json(json.dumps({
        "format": 1, "map": tomllib.loads(PIT.replace("THEME", "paleontologists")),
        "rolls": [list(r) for r in ROLLS],
        "players": [{"name": "Ada", "turns": [t.to_dict() for t in TURNS]},
                    {"name": "Bob", "turns": [TURNS[0].to_dict(), {
                        "shape": "X", "dig": "chevron",
                        "cells": ["B1", "A2", "B2", "C2", "B3"]}]}]}))
    ada = parse(render_svg(log))
    assert one(ada, "text", "player-name").text == "Ada"
    assert one(ada, "text", "score-total").text == "9"
    bob = parse(render_svg(log, player="Bob"))
    assert one(bob, "text", "player-name").text == "Bob"
    assert parse(render_svg(log, player=1)).get("width") == bob.get("width")
    with pytest.raises(ValueError, match="no player 'Cy'"):
        render_svg(log, player="Cy")
    with pytest.raises(TypeError, match="its own rolls"):
        render_svg(log, rolls=ROLLS)


def test_bad_inputs_are_refused() -> None:
    with pytest.raises(TypeError):
        render_svg("not a map")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        render_svg(played(), player=0)
    with pytest.raises(ValueError, match="21 rolls"):
        render_svg(pit(), rolls=[(1, 1)] * 21)


def test_repr_svg_of_maps_puzzles_and_states_is_the_sheet() -> None:
    for obj in (pit(), puzzle(), played()):
        svg = obj._repr_svg_()
        root = parse(svg)
        assert len(find(root, "rect", "cell")) > 0
    document = render_svg(played())
    assert isinstance(document, SvgDocument) and isinstance(document, str)
    # a notebook shows it at most 640 px wide (issue 11), the same drawing scaled down as a
    # whole; the document itself (a file, a print) keeps its size
    assert float(parse(document).get("width", 0)) == 716.4
    shown = parse(document._repr_svg_())
    assert (shown.get("width"), shown.get("height"), shown.get("viewBox")) == (
        "640", "490.45", "0 0 716.4 549")
    assert document._repr_svg_().replace(' width="640" height="490.45"', "", 1) == \
        document.replace(' width="716.4" height="549"', "", 1)
    small = render_svg(played(), cell_size=24)
    assert float(parse(small).get("width", 0)) <= 640 and small._repr_svg_() == small
    assert played()._repr_svg_() == document._repr_svg_()


def test_rendering_is_pure() -> None:
    state = played()
    assert render_svg(state, rolls=ROLLS) == render_svg(state, rolls=ROLLS)


# -- files ---------------------------------------------------------------------------------

def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from the IHDR chunk, after checking that the pixel data inflates
    to exactly that many rows."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    idat, pos = b"", 8
    while pos < len(data):
        (length,), kind = struct.unpack(">I", data[pos:pos + 4]), data[pos + 4:pos + 8]
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    channels = {2: 3, 6: 4}[colour]
    assert len(zlib.decompress(idat)) == height * (1 + width * channels * depth // 8)
    return width, height


def test_write_svg_png_and_pdf(tmp_path: Path) -> None:
    state = played()
    svg_path = write_sheet(state, tmp_path / "sheet.svg", rolls=ROLLS)
    root = ET.parse(svg_path).getroot()
    assert root.tag == NS + "svg"
    width, height = float(root.get("width", "0")), float(root.get("height", "0"))

    png = write_sheet(state, tmp_path / "sheet.png", scale=1.5).read_bytes()
    assert png_size(png) == (round(width * 1.5), round(height * 1.5))

    pdf = write_sheet(puzzle(), tmp_path / "SHEET.PDF").read_bytes()
    assert pdf.startswith(b"%PDF-")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["SHEET.PDF", "sheet.png", "sheet.svg"]


def test_unknown_suffix_is_a_format_error_naming_the_path(tmp_path: Path) -> None:
    target = tmp_path / "sheet.gif"
    with pytest.raises(FormatError) as error:
        write_sheet(pit(), target)
    assert str(target) in str(error.value)
    assert ".svg, .png, .pdf" in str(error.value)
    with pytest.raises(FormatError):
        write_sheet(pit(), tmp_path / "sheet")
    assert list(tmp_path.iterdir()) == []


def test_a_failed_write_leaves_nothing_behind(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "sheet.svg"
    target.write_text("old sheet")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)   # the rename, after the temp file
    with pytest.raises(OSError, match="disk full"):
        write_sheet(pit(), target)
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.svg"]
    assert target.read_text() == "old sheet"


def test_a_failed_conversion_writes_nothing(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import cairosvg

    def broken(**_: object) -> bytes:
        raise RuntimeError("cairo failed")

    monkeypatch.setattr(cairosvg, "svg2png", broken)
    with pytest.raises(RuntimeError):
        write_sheet(pit(), tmp_path / "sheet.png")
    assert list(tmp_path.iterdir()) == []


def test_the_svg_text_is_what_elementtree_writes_for_the_plan() -> None:
    """plan_to_svg writes the text itself (for speed): it must be what ElementTree writes
    for the same plan, on whole sheets in three languages, a puzzle with its title, the
    round track, and items with every escape, empty texts and groups."""
    from paleowidgets.render.icons import tracks_svg
    from paleowidgets.render.plan import plan_sheet
    from paleowidgets.render.primitives import Circle, Group, Paint, Path, PatternSpec, Plan
    from paleowidgets.render.primitives import Rect as R
    from paleowidgets.render.primitives import Text as T
    from paleowidgets.render.sheet import sheet_of
    from paleowidgets.render.svg import plan_to_svg, plan_to_tree

    state = played()
    plans = [plan_sheet(sheet_of(state, turns=TURNS), lang=lang) for lang in ("en", "fr", "ko")]
    plans.append(plan_sheet(sheet_of(puzzle()), lang="en"))
    odd = 'a & b < c > d "e" \'f\''
    paint = Paint(fill="#123456", stroke="#654321", width=1.5, opacity=0.5)
    items = (R(0, 0, 10, 10, Paint(pattern="p&1"), odd, {"k": odd}, rx=2),
             Circle(1, 2, 3, paint, "c", {}), Path((((0, 0), (1, 1)),), paint, False),
             Path((((0, 0), (1, 1), (2, 0)),), Paint(fill="#000")),
             T(1, 2, odd, 3, "#000", odd),
             T(1, 2, "", 3, "#000", anchor="middle", bold=True),
             Group((), "empty"), Group((), "", 1, 0, tooltip=odd),
             Group((T(0, 0, "x", 1, "#000"),), "g", 0, 2, {"d": "1"}, "tip"))
    spec = PatternSpec("p&1", 6, "#fff", (R(0, 0, 3, 3, Paint(fill="#000")),), "pat",
                       {"dig": "dot"})
    plans += [Plan(10.5, 20, items, (spec,), odd, odd, "fr"), Plan(1, 1, ())]
    for plan in plans:
        assert plan_to_svg(plan) == ET.tostring(plan_to_tree(plan), encoding="unicode")
    track = tracks_svg(state, rolls=ROLLS, turns=TURNS, lang="en")
    assert track.startswith("<svg") and "round-track" in track
