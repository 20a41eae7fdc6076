"""The transform explorer and the pentomino figures: headless widget tests (buttons, keys
and clicks through the canvas' own message handler, one canvas message per update, the
view agreeing with the core), the static SVG figures, and the words in three languages."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from helpers import Messages, event, key
from ipycanvas.canvas import _CANVAS_MANAGER

from paleowidgets import i18n
from paleowidgets.core.geometry import (
    IDENTITY,
    LETTERS,
    PENTOMINOES,
    SYMMETRIES,
    compose,
    orbit,
    orbit_groups,
    slid_to_corner,
    stabiliser,
)
from paleowidgets.core.maps import Dice
from paleowidgets.render.figures import (
    dice_svg,
    orbit_columns,
    orbit_svg,
    pentominoes_svg,
    plan_explorer,
    shape_svg,
    shapes_svg,
    symmetry_name,
    transform_svg,
)
from paleowidgets.render.svg import DISPLAY_WIDTH, fit_display
from paleowidgets.widgets.transform import DYNAMIC, STATIC, TransformExplorer

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
SYMS = list(SYMMETRIES.values())


def agrees(ex: TransformExplorer) -> None:
    """The picture is the model's: the plan of exactly this shape and symmetry."""
    assert ex.shown == (ex.shape, ex.symmetry)
    assert ex.plan == plan_explorer(ex.shape, ex.symmetry, cell_size=ex._unit, lang=ex.lang)
    assert ex.shape_buttons.value == ex.shape


def svg_texts(svg: str, cls: str) -> list[str]:
    root = ET.fromstring(svg)
    return [el.text or "" for el in root.iter(f"{NS}text") if cls in el.get("class", "")]


# -- the widget ------------------------------------------------------------------------------

def test_built_in_one_message_painting_both_layers(messages: Messages) -> None:
    ex = TransformExplorer("F", lang="en")
    assert len(messages) == 1 and messages.layers(ex.canvas) == [STATIC, DYNAMIC]
    assert ex.symmetry == IDENTITY and ex.steps == [] and ex.redraws == 1
    assert ex.undo_button.disabled and ex.reset_button.disabled
    assert "No step yet" in ex.steps_panel.value
    agrees(ex)


def test_a_button_is_one_message_on_the_top_layer_only(messages: Messages) -> None:
    ex = TransformExplorer("L", lang="en")
    messages.clear()
    ex.symmetry_buttons["rotate-90"].click()
    assert len(messages) == 1 and messages.layers(ex.canvas) == [DYNAMIC]
    assert ex.symmetry == SYMMETRIES["rotate-90"] and not ex.undo_button.disabled
    agrees(ex)
    ex.symmetry_buttons["flip-horizontal"].click()
    assert len(messages) == 2
    # a quarter turn then a left-right mirror is one mirror in the diagonal (core's product)
    assert ex.symmetry == SYMMETRIES["flip-horizontal"] @ SYMMETRIES["rotate-90"]
    assert ex.symmetry.name == "flip-diagonal"
    assert "quarter turn clockwise then mirror left–right" in ex.steps_panel.value
    assert "one symmetry: mirror in the diagonal ↘" in ex.steps_panel.value
    agrees(ex)


def test_a_new_shape_repaints_both_layers_in_one_message(messages: Messages) -> None:
    ex = TransformExplorer("F", lang="en")
    ex.apply("rotate-180")
    messages.clear()
    ex.shape_buttons.value = "Z"                       # as the browser sets it
    assert len(messages) == 1 and messages.layers(ex.canvas) == [STATIC, DYNAMIC]
    assert ex.shape == "Z" and ex.steps == [SYMMETRIES["rotate-180"]]
    agrees(ex)


def test_steps_that_end_where_the_picture_is_send_nothing(messages: Messages) -> None:
    ex = TransformExplorer("T", lang="en")
    messages.clear()
    ex.reset()                                          # no steps: nothing to do
    ex.select("T")
    assert len(messages) == 0
    for _ in range(3):
        ex.apply("rotate-90")
    assert len(messages) == 3
    ex.apply("rotate-90")                               # four quarter turns: back home
    assert len(messages) == 4 and ex.symmetry == IDENTITY
    ex.apply("flip-horizontal")                         # T is its own mirror image ...
    assert len(messages) == 5
    assert ex.plan.dynamic != plan_explorer("T", IDENTITY, cell_size=ex._unit).dynamic
    agrees(ex)


def test_keys_on_the_canvas_drive_every_action(messages: Messages) -> None:
    ex = TransformExplorer("P", lang="en")
    for i, s in enumerate(SYMS, start=1):
        key(ex.canvas, str(i))
        assert ex.steps[-1] == s
    assert ex.symmetry == compose(SYMS)
    key(ex.canvas, "Escape")
    assert ex.steps == []
    key(ex.canvas, "r")
    key(ex.canvas, "F")
    assert ex.steps == [SYMMETRIES["rotate-90"], SYMMETRIES["flip-horizontal"]]
    key(ex.canvas, "Backspace")
    assert ex.steps == [SYMMETRIES["rotate-90"]]
    key(ex.canvas, "ArrowRight")
    assert ex.shape == "T"                              # the letter after P
    key(ex.canvas, "ArrowLeft")
    key(ex.canvas, "ArrowLeft")
    assert ex.shape == "N"
    ex.select("F")
    key(ex.canvas, "ArrowLeft")
    assert ex.shape == "Z"                              # round the end of the list
    key(ex.canvas, "q")                                 # no such key: nothing changes
    assert ex.steps == [SYMMETRIES["rotate-90"]]
    agrees(ex)


def test_every_update_is_exactly_one_message(messages: Messages) -> None:
    ex = TransformExplorer("N", lang="en")
    shown = ex.shown
    for k in ["1", "2", "5", "r", "Backspace", "ArrowRight", "8", "Escape", "f", "f"]:
        messages.clear()
        key(ex.canvas, k)
        want = 1 if ex.shown != shown else 0
        assert len(messages) == want, k
        shown = ex.shown
        agrees(ex)


def test_a_click_on_the_orbit_strip_shows_that_orientation(messages: Messages) -> None:
    ex = TransformExplorer("Y", lang="en")
    groups = orbit_groups(PENTOMINOES["Y"].cells)
    assert len(ex.plan.slots) == len(groups) == 8
    for i, (x, y, w, h) in enumerate(ex.plan.slots):
        event(ex.canvas, "mouse_down", x=x + w / 2, y=y + h / 2)
        assert ex.symmetry in groups[i][1]
        assert ex.symmetry.apply(PENTOMINOES["Y"].cells) == groups[i][0]
        assert f"number {i + 1} of the 8" in ex.orbit_panel.value
        agrees(ex)
    messages.clear()
    event(ex.canvas, "mouse_down", x=1, y=1)            # on the paper: nothing
    assert len(messages) == 0
    event(ex.canvas, "mouse_down", x=ex.plan.slots[0][0] + 2, y=ex.plan.slots[0][1] + 2)
    assert ex.steps == []                               # the first orientation: no step


def test_client_ready_repaints_everything_in_one_message(messages: Messages) -> None:
    ex = TransformExplorer("W", lang="en")
    ex.apply("rotate-270")
    messages.clear()
    _CANVAS_MANAGER._current_canvas = ex.canvas[1]
    event(ex.canvas, "client_ready")
    assert len(messages) == 1 and messages.layers(ex.canvas) == [STATIC, DYNAMIC]
    assert ex.redraws == 2
    agrees(ex)


def test_the_coordinates_table_is_the_cores(messages: Messages) -> None:
    for letter in "FLX":
        ex = TransformExplorer(letter, lang="en")
        for s in SYMS:
            ex.steps = [s]
            ex._refresh()
            rows = re.findall(r"<tr><td[^>]*>(\d)</td><td>\(([^)]*)\)</td><td>\(([^)]*)\)</td>"
                              r"<td>\(([^)]*)\)</td></tr>", ex.coordinates_panel.value)
            cells = PENTOMINOES[letter].cells
            after = [s(c) for c in cells]
            assert [(int(n), b, a, sl) for n, b, a, sl in rows] == [
                (i, f"{c[0]}, {c[1]}", f"{p[0]}, {p[1]}", f"{q[0]}, {q[1]}")
                for i, (c, p, q) in enumerate(zip(cells, after, slid_to_corner(after),
                                                  strict=True), start=1)]


@pytest.mark.parametrize("letter", list(LETTERS))
def test_orbit_panel_says_orbit_stabiliser_and_chirality(letter: str) -> None:
    ex = TransformExplorer(letter, lang="en")
    cells = PENTOMINOES[letter].cells
    n, k = len(orbit(cells)), len(stabiliser(cells))
    text = ex.orbit_panel.value
    assert f"{n} × {k} = 8" in text
    assert "12 free · 18 one-sided · 63 fixed" in text
    chiral = not any(s.is_reflection for s in stabiliser(cells))
    assert ("counts twice" in text) == chiral and ("counts once" in text) == (not chiral)
    assert len(re.findall(r'class="shape orientation"', ex.fallback_svg())) == n


def test_output_is_a_widget_an_svg_and_a_stable_text() -> None:
    ex = TransformExplorer("L", lang="en")
    ex.apply("rotate-90")
    data = ex._repr_mimebundle_()
    assert data["text/plain"] == "<TransformExplorer L rotate-90 = rotate-90>" == repr(ex)
    assert "application/vnd.jupyter.widget-view+json" in data
    svg = data["image/svg+xml"]
    root = ET.fromstring(svg)
    current = [el for el in root.iter(f"{NS}rect") if el.get("class") == "current"]
    assert [el.get("data-slot") for el in current] == ["1"]
    assert "After: quarter turn clockwise" in svg_texts(svg, "title")
    assert "2: (0, 1) → (-1, 0)" in svg_texts(svg, "coordinates")
    drawn = plan_explorer("L", SYMMETRIES["rotate-90"], cell_size=ex._unit).svg()
    assert svg == drawn._repr_svg_() == fit_display(ex.fallback_svg())   # at most 640 px wide


@pytest.mark.parametrize(("lang", "title", "turn"), [
    ("fr", "Explorateur de transformations", "identité (ne rien changer)"),
    ("ko", "변환 탐색기", "항등 변환 (그대로 두기)")])
def test_every_word_in_french_and_korean(lang: str, title: str, turn: str) -> None:
    ex = TransformExplorer("F", lang=lang)
    assert title in ex.header.value
    assert ex.symmetry_buttons["identity"].description == turn
    ex.apply("flip-vertical")
    english = [i18n.t(k, "en") for k in ("transform.none", "transform.rotations",
                                         "transform.reflections", "transform.undo")]
    shown = " ".join([ex.steps_panel.value, ex.orbit_panel.value, ex.keys_help.value,
                      ex.coordinates_panel.value, ex.undo_button.description,
                      *(b.description for b in ex.symmetry_buttons.values())])
    assert not [w for w in english if w in shown]
    assert i18n.t("symmetry.flip-vertical", lang) in ex.steps_panel.value
    assert i18n.t("figure.after", lang, name=i18n.t("symmetry.flip-vertical", lang)) in \
        svg_texts(ex.fallback_svg(), "title")


def test_language_follows_the_setting_and_bad_input_is_refused() -> None:
    i18n.set_language("fr")
    try:
        assert TransformExplorer("X").lang == "fr"
    finally:
        i18n.set_language(None)
    with pytest.raises(ValueError, match="'xx'"):
        TransformExplorer("F", lang="xx")
    with pytest.raises(ValueError, match="unknown pentomino 'Q'"):
        TransformExplorer("Q")
    with pytest.raises(ValueError, match="unknown pentomino"):
        TransformExplorer("F").select("q")


def test_every_control_is_a_focusable_button_with_a_key_in_its_tip() -> None:
    ex = TransformExplorer("F", lang="en")
    for i, (name, b) in enumerate(ex.symmetry_buttons.items(), start=1):
        assert f"paleo-key-{i}" in b._dom_classes and f"(key {i})" in b.tooltip
        assert name in b._dom_classes[0]
    assert len(ex.shape_buttons.tooltips) == 12


# -- the figures -----------------------------------------------------------------------------

def test_the_twelve_pentominoes_figure() -> None:
    svg = pentominoes_svg()
    root = ET.fromstring(svg)
    shapes = [g for g in root.iter(f"{NS}g") if g.get("class") == "shape"]
    assert [g.get("data-label") for g in shapes] == list(LETTERS)
    for g, letter in zip(shapes, LETTERS, strict=True):
        cells = {(int(r.get("data-x", "")), int(r.get("data-y", ""))) for r in g.iter(f"{NS}rect")}
        assert tuple(sorted(cells)) == PENTOMINOES[letter].cells
    assert svg_texts(svg, "label") == list(LETTERS)


def test_one_shape_figure_numbers_its_cells() -> None:
    svg = shape_svg([(1, 1), (2, 1), (2, 2)], label="a tromino", numbers=True)
    assert svg_texts(svg, "number") == ["1", "2", "3"]
    assert svg_texts(svg, "label") == ["a tromino"]


def test_many_shapes_need_as_many_labels() -> None:
    with pytest.raises(ValueError, match="1 labels for 2 shapes"):
        shapes_svg(["F", "I"], labels=["F"])
    with pytest.raises(ValueError, match="unknown pentomino"):
        shapes_svg(["Q"])


def test_the_dice_figure_shows_every_face() -> None:
    dice = Dice()
    labels = svg_texts(dice_svg(dice), "label")
    assert labels == [f"Face {f}: {s}" for f, face in enumerate(dice.shapes, start=1)
                      for s in face]
    assert svg_texts(dice_svg(lang="ko"), "label")[0] == "1번 면: I"


@pytest.mark.parametrize("letter", list(LETTERS))
def test_orbit_figure_groups_the_coinciding_images(letter: str) -> None:
    svg = orbit_svg(letter)
    root = ET.fromstring(svg)
    boxes = [g for g in root.iter(f"{NS}g") if g.get("class") == "shape orientation"]
    groups = orbit_groups(PENTOMINOES[letter].cells)
    assert [g.get("data-symmetries") for g in boxes] == [
        " ".join(s.name for s in syms) for _, syms in groups]
    names = {el.get("data-symmetry") or "": " ".join(t.text or "" for t in el)
             for el in root.iter(f"{NS}g") if el.get("class") == "symmetry-name"}
    assert sorted(names) == sorted(SYMMETRIES)                       # each symmetry once
    # a long name is wrapped onto lines, word for word
    assert names == {n: symmetry_name(n, "en") for n in SYMMETRIES}
    k = len(stabiliser(PENTOMINOES[letter].cells))
    assert svg_texts(svg, "title") == [
        f"The {letter} pentomino: orbit {len(groups)} × stabiliser {k} = 8"]


def root_size(svg: str) -> tuple[float, float]:
    root = ET.fromstring(svg)
    return float(root.get("width", "0")), float(root.get("height", "0"))


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
@pytest.mark.parametrize("letter", list(LETTERS))
def test_orbit_figure_fits_a_notebook_output_with_its_words_whole(letter: str,
                                                                  lang: str) -> None:
    """Issue 11: the F's strip was 886 px wide in English and 1174 in French (each box as
    wide as its longest name), wider than a 668 px output in JupyterLab. Now the names wrap
    in their boxes, at full size, and the four boxes of a row still stand side by side."""
    svg = orbit_svg(letter, lang=lang)
    width, _ = root_size(svg)
    assert width <= DISPLAY_WIDTH == 640
    assert svg._repr_svg_() == svg                     # shown at the size it is drawn
    root = ET.fromstring(svg)
    lines = [t for t in root.iter(f"{NS}text") if t.get("class") == "symmetry-name-line"]
    assert {float(t.get("font-size", "0")) for t in lines} == {12}     # 0.75 of 16 px
    wrapped = {" ".join(t.text or "" for t in g) for g in root.iter(f"{NS}g")
               if g.get("class") == "symmetry-name"}
    assert wrapped == {symmetry_name(s, lang) for s in SYMMETRIES}
    boxes = [r for r in root.iter(f"{NS}rect") if r.get("class") == "orientation-box"]
    assert len({r.get("y") for r in boxes}) == -(-len(boxes) // 4)   # 4 to a row
    cells = [r for r in root.iter(f"{NS}rect") if r.get("class") == "cell"]
    assert cells and {float(r.get("width", "0")) for r in cells} == {16}


def test_orbit_figure_wraps_its_names_before_it_stands_fewer_to_a_row() -> None:
    # 16 px cells, 12 px words, 8 px margins: "half turn" (about 65 px) wraps in a 58 px box
    assert orbit_columns([["half turn"]] * 8, 2, 16, 12, 4, 250) == (
        4, 48, [[["half", "turn"]]] * 8)
    # a 5-cell image needs a 96 px box: four of them need 4 * 96 + 16 px
    assert orbit_columns([["x"]] * 8, 5, 16, 12, 4, 4 * 96 + 16)[:2] == (4, 96)
    assert orbit_columns([["x"]] * 8, 5, 16, 12, 4, 4 * 96 + 15)[:2] == (3, 96)
    svg = orbit_svg("L", max_width=300)
    root = ET.fromstring(svg)
    rows = {r.get("y") for r in root.iter(f"{NS}rect") if r.get("class") == "orientation-box"}
    assert root_size(svg)[0] <= 300 and len(rows) == 4             # 8 images, 2 to a row


@pytest.mark.parametrize("s", SYMS, ids=[s.name for s in SYMS])
def test_transform_figure_lists_the_cores_coordinates(s: Any) -> None:
    svg = transform_svg("F", s)
    cells = PENTOMINOES["F"].cells
    lines = svg_texts(svg, "coordinates")
    assert lines[:5] == [f"{i}: ({x}, {y})" for i, (x, y) in enumerate(cells, start=1)]
    assert lines[5:] == [f"{i}: ({x}, {y}) → ({a}, {b})" for i, ((x, y), (a, b)) in
                         enumerate(((c, s(c)) for c in cells), start=1)]
    root = ET.fromstring(svg)
    after = next(g for g in root.iter(f"{NS}g") if g.get("class") == "after")
    drawn = {(int(r.get("data-x", "")), int(r.get("data-y", "")))
             for r in after.iter(f"{NS}rect") if r.get("class") == "cell"}
    assert drawn == {s(c) for c in cells}
    classes = [el.get("class") for el in root.iter() if el.get("data-symmetry") == s.name]
    # a mirror is a dashed line, a turn a ring round its centre, the identity neither
    assert classes == (["mirror"] if s.is_reflection else
                       [] if s == IDENTITY else ["turn-centre"])
    assert symmetry_name(s) in svg_texts(svg, "title")[1]


def test_figures_refuse_shapes_off_the_grid() -> None:
    with pytest.raises(ValueError, match="from -4 to 4"):
        transform_svg([(0, 0), (5, 0)], "identity")


# -- the words -------------------------------------------------------------------------------

def test_every_key_the_explorer_and_figures_use_is_in_the_part_catalogs() -> None:
    part = set(json.loads((ROOT / "paleowidgets/i18n/en.transform.json").read_text()))
    used: set[str] = set()
    for name in ("widgets/transform.py", "render/figures.py"):
        text = (ROOT / "paleowidgets" / name).read_text()
        used |= set(re.findall(r"\btr?\(\s*\"((?:transform|figure|symmetry)\.[a-z.\-]+)\"",
                               text))
    used |= {f"symmetry.{n}" for n in SYMMETRIES}
    assert len(used) >= 25
    assert sorted(used - part) == []
    for lang in ("fr", "ko"):
        other = json.loads((ROOT / f"paleowidgets/i18n/{lang}.transform.json").read_text())
        assert set(other) == part
    assert len({i18n.t(f"symmetry.{n}", "ko") for n in SYMMETRIES}) == 8


# -- the lessons' exercise checks ------------------------------------------------------------

def test_lesson02_checks_agree_with_the_core() -> None:
    from paleowidgets.exercises import lesson02 as ex2

    for letter in LETTERS:
        n = len(orbit(PENTOMINOES[letter].cells))
        assert ex2.check_fixed_count(letter, n).ok
        assert not ex2.check_fixed_count(letter, n + 1).ok
        assert not ex2.check_fixed_count(letter, 9).ok
        assert ex2.check_stabiliser_size(letter, 8 // n).ok
        assert not ex2.check_stabiliser_size(letter, 8 // n + 1).ok
    assert ex2.check_totals(12, 18, 63).ok
    fb = ex2.check_totals(12, 12, 63)
    assert not fb.ok and "one-sided" in fb.message and "flipping" in fb.hint
    assert ex2.check_counts(4, 5, 7, 19).ok and not ex2.check_counts(4, 5, 7, 20).ok
    assert ex2.check_mirror_pairs("ZYPNLF").ok
    fb = ex2.check_mirror_pairs(["F", "L", "T"])
    assert not fb.ok and "T can be turned" in fb.message and "4 more shapes cannot" in fb.message
    fb = ex2.check_mirror_pairs("F L")
    assert not fb.ok and "you found 2 of the 6" in fb.message
    assert ex2.check_drawing([(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)], "L").ok
    assert "exactly as it is drawn" in ex2.check_drawing(PENTOMINOES["L"].cells, "L").message
    assert "not the L" in ex2.check_drawing(PENTOMINOES["N"].cells, "L").message
    assert "not a pentomino" in ex2.check_drawing([(0, 0), (2, 0)], "L").message


def test_lesson03_checks_agree_with_the_core() -> None:
    from paleowidgets.exercises import lesson03 as ex3

    for s in SYMS:
        assert ex3.check_image(s.name, (2, 1), s((2, 1))).ok
        assert ex3.check_matrix(s, [list(r) for r in s.matrix]).ok
        assert ex3.check_inverse(s, s.inverse.name).ok
        for f in SYMS:
            assert ex3.check_composition(f, s, (s @ f).name).ok
            assert ex3.check_non_commuting(f, s).ok == (f @ s != s @ f)
    fb = ex3.check_composition("rotate-90", "flip-horizontal", "flip-antidiagonal")
    assert not fb.ok and "order matters" in fb.hint
    assert not ex3.check_image("rotate-90", (2, 1), (1, 2)).ok
    assert not ex3.check_inverse("rotate-90", "rotate-90").ok
    assert "not the name" in ex3.check_inverse("rotate-90", "spin").message
    assert ex3.check_stabiliser("T", ["identity", "flip-horizontal"]).ok
    assert "identity" in ex3.check_stabiliser("T", ["flip-horizontal"]).hint
    assert not ex3.check_stabiliser("T", ["identity", "flip-horizontal", "rotate-90"]).ok
    with pytest.raises(ValueError, match="not one of the eight"):
        ex3.symmetry("spin")


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_the_buttons_carry_their_key_apart_from_their_words(lang: str) -> None:
    """A symmetry button says the symmetry alone (what a screen reader reads on a tablet);
    its class paleo-key-N lets the page's stylesheet show the key N before it where the
    main pointer is not a finger (events.css; tests/browser/test_explorers_lab.py)."""
    from paleowidgets.render.figures import key_of
    from paleowidgets.widgets.events import STYLE

    ex = TransformExplorer("F", lang=lang)
    mouse = STYLE[STYLE.index("@media not all and (pointer: coarse) {"):]
    mouse = mouse[:mouse.index("\n}\n")]
    for name, b in ex.symmetry_buttons.items():
        s = SYMMETRIES[name]
        assert b.description == symmetry_name(s, lang)
        assert f"paleo-key-{key_of(s)}" in b._dom_classes
        assert f'.paleo-key-{key_of(s)}::before {{ content: "{key_of(s)} · "; }}' in mouse
        assert str(key_of(s)) in b.tooltip                  # the tooltip says the key
    assert sorted(key_of(s) for s in SYMMETRIES.values()) == list(range(1, 9))
    assert "paleo-key-1::before" not in STYLE.replace(mouse, "")
