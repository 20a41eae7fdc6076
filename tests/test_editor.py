"""The puzzle studio (widgets/editor.py, core/drafts.py), headless: painting by mouse,
drag, touch and keys; live checks of every map rule with the cells outlined on the board;
rolls typed or rolled; Prove (and Stop), Grade, Try, Save, Open, Code. The browser test is
tests/browser/test_editor_lab.py."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from helpers import event, key, mouse

from paleowidgets import i18n
from paleowidgets.cli import main
from paleowidgets.core.codes import decode
from paleowidgets.core.drafts import Draft, parse_rolls
from paleowidgets.core.files import load_file
from paleowidgets.core.geometry import cell_name
from paleowidgets.core.maps import Dice, Map, Puzzle
from paleowidgets.data import load_map
from paleowidgets.widgets.editor import PuzzleEditor, parse_dice

ROOT = Path(__file__).parent.parent
COLLECTION = sorted((ROOT / "puzzles").rglob("*.toml"))


def small() -> PuzzleEditor:
    """A 7x7 editor with fossil A (C3, D3) and two rolls."""
    e = PuzzleEditor(width=7, height=7, lang="en")
    e.paint((2, 2), "A")
    e.paint((3, 2), "A")
    e.set_rolls("25 14")
    return e


def rules(e: PuzzleEditor) -> list[tuple[str, str]]:
    return [(p.rule, p.fossil) for p in e.problems()]


def test_mouse_press_and_drag_paint_with_the_chosen_brush() -> None:
    e = PuzzleEditor(width=7, height=7, lang="en")
    e.brushes.value = "*"
    mouse(e.board, "mouse_down", (1, 1))
    mouse(e.board, "mouse_move", (2, 1))
    mouse(e.board, "mouse_move", (3, 1))
    mouse(e.board, "mouse_up", (3, 1))
    mouse(e.board, "mouse_move", (4, 1))          # released: no paint
    assert e.draft.game_map().stars == {(1, 1), (2, 1), (3, 1)}
    e.letter.value = "C"
    assert e.brush == "C" and e.brushes.value == "A"   # the fossil brush, letter C
    mouse(e.board, "mouse_down", (3, 4))
    assert e.draft.symbol((3, 4)) == "C" and "C" in e.draft.fossils


def test_touch_paints_every_finger() -> None:
    e = PuzzleEditor(width=7, height=7, lang="en")
    e.set_brush("#")
    boxes = [e.board.plan.cell_box(c) for c in ((1, 1), (5, 5))]
    event(e.board, "touch_start", touches=[{"x": x + w / 2, "y": y + h / 2}
                                           for x, y, w, h in boxes])
    assert e.draft.game_map().predrawn == {(1, 1), (5, 5)}


def test_keys_move_the_cursor_choose_brushes_and_paint() -> None:
    e = PuzzleEditor(width=7, height=7, lang="en")
    for k in ("ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown"):
        key(e.board, k)
    assert e.cursor == (2, 2) and e.board.ghost is not None
    assert e.board.ghost.cells == {(2, 2)}
    key(e.board, "b")                    # fossil B, painted at the cursor
    key(e.board, "ArrowRight")
    key(e.board, " ")                    # Space paints with the same brush
    key(e.board, "ArrowDown")
    key(e.board, "*")
    key(e.board, "Enter")
    assert e.draft.cells == {(2, 2): "B", (3, 2): "B", (3, 3): "*"}
    key(e.board, "Backspace")
    key(e.board, "ArrowLeft")
    key(e.board, "ArrowLeft")
    key(e.board, "ArrowLeft")
    key(e.board, "ArrowLeft")            # stops at the edge
    assert e.cursor == (0, 3) and (3, 3) not in e.draft.cells
    key(e.board, "z", ctrl=True)         # Ctrl+Z is not a fossil Z
    assert "Z" not in e.draft.fossils


@pytest.mark.parametrize(("paint", "rule", "fossil", "cell"), [
    ({(0, 3): "B"}, "fossil-on-edge", "B", (0, 3)),
    ({(4, 2): "B"}, "fossils-adjacent", "A", (4, 2)),
    ({(5, 5): "A"}, "fossil-disconnected", "A", (2, 2)),
    ({(1, 2): "#", (4, 2): "#", (2, 1): "#", (3, 1): "#", (2, 3): "#", (3, 3): "#"},
     "ring-complete-at-start", "A", (2, 2)),
])
def test_each_map_rule_is_shown_on_the_board_and_in_words(
        paint: dict[tuple[int, int], str], rule: str, fossil: str,
        cell: tuple[int, int]) -> None:
    e = small()
    assert e.problems() == [] and "✔" in e.problem_list.value
    for c, s in paint.items():
        e.paint(c, s)
    assert (rule, fossil) in rules(e)
    assert cell in e.board.highlight
    assert f"data-rule='{rule}'" in e.problem_list.value
    words = i18n.t(f"editor.rule.{rule}", "en", fossil=fossil, cell=cell_name(cell))
    assert html.escape(words) in e.problem_list.value


def test_the_new_rule_a_star_no_shape_can_reach() -> None:
    e = PuzzleEditor(width=7, height=7, lang="en")
    for c in ((1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3), (2, 3), (3, 3)):
        e.paint(c, "A")
    e.set_rolls("11")
    e.paint((6, 6), "*")                 # a star a shape can cover: One Square can be had
    assert e.problems() == []            # so the open hole is fine
    e.paint((2, 2), "*")
    assert rules(e) == [("fossil-never-dug-up", "A")]
    assert (2, 2) in e.board.highlight and "C3" in e.problem_list.value
    assert e.prove() is None and "Cannot prove" in e.status.value


def ring_of_a(e: PuzzleEditor) -> None:
    """Fossil A on C3 of a 7x7 draft with three rolls."""
    e.paint((2, 2), "A")
    e.set_rolls("12 34 56")


# Each way a fossil can never be dug up, painted in the editor: what to paint, the cells
# outlined, the catalog key and its fields; then what turns it around.
NEVER = {
    "stars": ({(3, 0): "#", (1, 1): "#", (3, 1): "#", (0, 3): "#", (1, 3): "#",
               (2, 1): "*", (1, 2): "*"},
              {(2, 1), (1, 2)}, "editor.rule.fossil-never-dug-up.stars",
              {"cells": "C2, B3"}, {(3, 0): "."}),
    "square": ({(1, 1): "#", (0, 2): "#", (1, 3): "#"},
               {(1, 2)}, "editor.rule.fossil-never-dug-up.square", {"cells": "B3"},
               {(6, 6): "*"}),
}


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
@pytest.mark.parametrize("case", sorted(NEVER))
def test_a_fossil_never_dug_up_is_said_in_the_editors_language(case: str, lang: str) -> None:
    paint, cells, key, fields, fix = NEVER[case]
    e = PuzzleEditor(width=7, height=7, lang=lang)
    ring_of_a(e)
    for c, brush in paint.items():
        e.paint(c, brush)
    (problem,) = e.problems()
    assert (problem.rule, problem.fossil, problem.cells) == ("fossil-never-dug-up", "A", cells)
    assert cells <= e.board.highlight
    words = i18n.t(key, lang, fossil="A", **fields)
    assert html.escape(words) in e.problem_list.value, e.problem_list.value
    assert "[fossil-never-dug-up]" in e.problem_list.value
    if lang != "en":
        assert html.escape(i18n.t(key, "en", fossil="A", **fields)) not in e.problem_list.value
        assert "can never" not in e.problem_list.value
    for c, brush in fix.items():         # just on the other side: no problem left
        e.paint(c, brush)
    assert e.problems() == []


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_one_squares_held_at_the_start_count_and_are_counted(lang: str) -> None:
    """Five walled holes in A's ring (the five-holes map of test_studio_never_dug): stars
    give at most 4 One Squares; a fifth held at the start makes it a puzzle again."""
    e = PuzzleEditor(width=9, height=7, lang=lang)
    grid = ["* . . . * . . . *", ". # # # # # # # .", ". # . # . # . # .",
            ". # A A A A A # .", ". # # . # . # # .", ". # # # # # # # .",
            "* . . . . . . . *"]
    for y, row in enumerate(grid):
        for x, brush in enumerate(row.split()):
            e.paint((x, y), brush)
    e.set_rolls("12 34 56")
    (problem,) = e.problems()
    assert (problem.reason, problem.limit) == ("square", 4) and len(problem.cells) == 5
    words = i18n.t("editor.rule.fossil-never-dug-up.squares", lang, fossil="A",
                   cells="C3, E3, G3, D5, F5", limit=4)
    assert html.escape(words) in e.problem_list.value
    e.bonus_fields[0].value = 1          # a One Square held at the start
    assert e.problems() == []
    e.set_rolls([])                      # a map holds no bonuses: the problem is back
    assert [p.reason for p in e.problems() if p.rule == "fossil-never-dug-up"] == ["square"]


def test_rolls_typed_or_rolled() -> None:
    e = small()
    e.rolls_field.value = "6-6, 1 2"
    assert e.draft.rolls == [(6, 6), (1, 2)]
    e.rolls_field.value = "6-6, 1 7"
    assert e.draft.rolls == [(6, 6), (1, 2)] and "1 to 6" in e.status.value
    e.roll_count.value = 5
    e.roll(seed=3)
    assert len(e.draft.rolls) == 5 and e.rolls_field.value == " ".join(
        f"{a}{b}" for a, b in e.draft.rolls)
    assert parse_rolls("") == []
    e.set_rolls("")
    assert rules(e) == [("no-rolls", "")]


def test_prove_grade_try_save_and_verify(tmp_path: Path) -> None:
    e = small()
    e.paint((4, 4), "*")
    e.fossil_name.value = "Tooth"
    sol = e.prove()
    assert sol is not None and sol.proven and e.draft.optimum == sol.optimum
    assert "Proven" in e.status.value and e.progress.bar.bar_style == "success"
    g = e.grade()
    assert g is not None and e.difficulty.value == g.tier and g.tier in e.status.value
    e.title.value = "Star and tooth"       # words keep the proof
    assert e.draft.solution
    w = e.try_it()
    assert w is not None and w.puzzle == e.puzzle() and e.try_box.children == (w,)
    path = e.save(tmp_path / "star.toml")
    assert path is not None and "finished puzzle" in e.status.value
    back = load_file(path)
    assert isinstance(back, Puzzle) and back == e.puzzle()
    assert back.optimum == sol.optimum and back.title == "Star and tooth"
    assert back.map.fossil("A").name == "Tooth"
    assert main(["puzzles", "verify", str(path)]) == 0
    # a change of points forgets the proof: Save then writes a draft
    e.fossil_points.value = 5
    assert not e.draft.solution and e.grade() is None
    e.save(tmp_path / "draft.toml")
    d = load_file(tmp_path / "draft.toml")
    assert isinstance(d, Puzzle) and d.is_draft and "draft" in e.status.value


def test_stop_keeps_the_best_line_marked_not_proven(tmp_path: Path) -> None:
    e = PuzzleEditor(load_map("dig-site"), lang="en", time_limit=120)
    e.roll(14, seed=1)
    assert e.prove(wait=False) is None
    e.stop()
    sol = e.wait(60)
    assert sol is not None and not sol.proven and len(sol.turns) == 14
    assert "not proven" in e.status.value and e.progress.bar.bar_style == "warning"
    assert not e.draft.solution              # an unproven line is never saved as the answer
    e.save(tmp_path / "dig.toml")
    again = load_file(tmp_path / "dig.toml")
    assert isinstance(again, Puzzle) and again.is_draft


@pytest.mark.parametrize("path", COLLECTION, ids=[p.stem for p in COLLECTION])
def test_open_then_save_gives_the_same_puzzle(path: Path, tmp_path: Path) -> None:
    e = PuzzleEditor(path, lang="en")
    original = load_file(path)
    assert e.problems() == [] and e.puzzle() == original
    out = e.save(tmp_path / path.name)
    assert out is not None and load_file(out) == original


def test_open_a_map_a_log_and_a_broken_file(tmp_path: Path) -> None:
    e = PuzzleEditor(lang="en")
    assert e.load(ROOT / "paleowidgets" / "data" / "maps" / "first-dig.toml")
    assert e.draft.document() == load_map("first-dig")      # its 8 rounds too
    assert rules(e) == [("no-rolls", "")]
    assert not e.load(ROOT / "tests" / "data" / "golden" / "first-dig.json")
    assert "game log" in e.status.value
    assert not e.load(ROOT / "tests" / "data" / "bad" / "fossil_never_dug_up.toml")
    assert "C3" in e.status.value
    assert not e.save(tmp_path / "x.txt") and ".toml" in e.status.value


def test_a_map_without_rolls_saves_as_a_map(tmp_path: Path) -> None:
    e = PuzzleEditor(load_map("ring-school"), lang="en")
    e.map_name.value = "Ring school 2"
    out = e.save(tmp_path / "ring.toml")
    assert out is not None
    m = load_file(out)
    assert isinstance(m, Map) and m.name == "Ring school 2"
    assert (m.fossils, m.stars, m.rounds) == (load_map("ring-school").fossils,
                                              load_map("ring-school").stars,
                                              load_map("ring-school").rounds)


def test_theme_size_bonuses_and_dice_table() -> None:
    e = small()
    e.theme.value = "snowman"
    e.width_field.value, e.height_field.value = 9, 6
    e.resize_button.click()
    assert (e.draft.width, e.draft.height) == (9, 6) and e.draft.theme == "snowman"
    e.bonus_fields[1].value = 1
    e.own_dice.value = True
    e.dice_shapes.value = "IX TU VW FP LY NZ"
    e.dice_digs.value = "d d d d h h"
    p = e.puzzle()
    assert p.map.theme == "snowman" and p.bonuses == (0, 1, 0, 0)
    assert p.map.dice == Dice(Dice().shapes, ("dot",) * 4 + ("hatch",) * 2)
    e.dice_digs.value = "d d d"
    assert "six dig types" in e.status.value
    assert parse_dice("ix tu vw fp ly nz", "c c d d h h") == Dice()
    e.own_dice.value = False
    assert e.puzzle().map.dice == Dice()


def test_code_gives_the_puzzle() -> None:
    e = small()
    e.prove()
    code = e.code()
    assert code is not None and e.code_field.value == code and decode(code) == e.puzzle()


def test_french_and_korean_editors_speak_their_language() -> None:
    english = set(i18n.catalog("en").values())
    for lang in ("fr", "ko"):
        e = PuzzleEditor(width=7, height=7, lang=lang)
        e.paint((0, 2), "A")
        shown = [e.prove_button.description, e.save_button.description,
                 *[label for label, _ in e.brushes.options], e.problem_list.value]
        assert not [s for s in shown if s in english], lang
        assert i18n.t("editor.rule.fossil-on-edge", lang, fossil="A", cell="A3") in \
            e.problem_list.value


def test_a_draft_reads_back_as_the_document_it_came_from() -> None:
    for path in COLLECTION[:6]:
        p = load_file(path)
        assert Draft.of(p).document() == p
    m = load_map("dig-site")
    assert Draft.of(m).document() == m


def names_of(doc: Map | Puzzle) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """A document's names in other languages: the map's, and each fossil's by id (names
    are not part of a document's equality, so they are compared on their own)."""
    m = doc.map if isinstance(doc, Puzzle) else doc
    return dict(m.names), {f.id: dict(f.names) for f in m.fossils}


@pytest.mark.parametrize("name", ["dig-site", "snow-map"])
def test_save_keeps_the_names_in_other_languages(name: str, tmp_path: Path) -> None:
    original = load_map(name)
    assert names_of(original)[0] and all(names_of(original)[1].values())   # fr and ko
    e = PuzzleEditor(original, lang="fr")
    assert "fr" in e.draft.names
    assert e.draft.game_map().fossils[0].name_in("ko") == original.fossils[0].name_in("ko")
    e.fossil_points.value = 5                    # an edit elsewhere keeps them too
    out = e.save(tmp_path / f"{name}.toml")
    assert out is not None
    again = load_file(out)
    assert isinstance(again, Map) and names_of(again) == names_of(original)
    assert again.name == original.name
    e.set_rolls("25 14")                         # and as a puzzle, through its code
    code = e.code()
    assert code is not None and names_of(decode(code)) == names_of(original)


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_the_grade_speaks_the_editors_language(lang: str) -> None:
    e = PuzzleEditor(ROOT / "puzzles" / "1-beginner" / "24-two-shapes-will-do.toml", lang=lang)
    e.prove()
    g = e.grade()
    assert g is not None and g.parts[3] == ("trap", 1)
    said = html.unescape(e.status.value)
    for english in ("depth", "breadth", "trap", "greedy", "round", "node", "beginner"):
        assert english not in said, (lang, english, said)
    assert i18n.t("puzzle.tier.beginner", lang) in said
    assert f"{g.greedy}" in said and f"{g.optimum}" in said


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_bonuses_and_tiers_are_named_in_the_editors_language(lang: str) -> None:
    e = PuzzleEditor(width=7, height=7, lang=lang)
    assert [f.description for f in e.bonus_fields] == [
        i18n.t(f"bonus.{kind}", lang) for kind in ("one-square", "switch-shape", "switch-dig",
                                                   "plus-one")]
    assert [label for label, _ in e.difficulty.options][1:] == [
        i18n.t(f"puzzle.tier.{d}", lang) for d in ("beginner", "intermediate", "advanced",
                                                    "expert")]
    assert e.dice_shapes.style.description_width == "initial"    # a French label, whole


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_themes_dice_and_rolls_speak_the_editors_language(lang: str) -> None:
    """The theme list, the dig die's line (placeholder, the draft's own dice, what may be
    typed) and every warning about typed rolls or dice are in the page's words."""
    english = {v for v in i18n.catalog("en").values() if " " in v}
    e = PuzzleEditor(width=7, height=7, lang=lang)
    assert [label for label, _ in e.theme.options] == [
        i18n.t(f"editor.theme.{th}", lang) for th in ("paleontologists", "snowman")]
    assert not {label for label, _ in e.theme.options} & {"paleontologists", "snowman"}
    e.theme.value = "snowman"
    assert e.draft.theme == "snowman"
    words = [i18n.t(f"editor.dice.dig.{d}", lang) for d in ("chevron", "dot", "hatch")]
    assert e.dice_digs.placeholder == " ".join(w for w in words for _ in (0, 1))
    assert e.dice_digs.value == e.dice_digs.placeholder             # the default dice
    assert e.dice_digs.placeholder != "c c d d h h"
    e.own_dice.value = True
    e.dice_digs.value = " ".join(reversed(e.dice_digs.placeholder.split()))
    assert e.draft.dice.digs == ("hatch", "hatch", "dot", "dot", "chevron", "chevron")
    e.dice_digs.value = "x x x x x x"
    said = html.unescape(e.status.value)
    assert i18n.t("dig.hatch", lang) in said and not [p for p in english if p in said], said
    for typed, why in (("7 1", "digit"), ("1 2 3", "odd"), ("12 " * 21, "many")):
        e.rolls_field.value = typed
        said = html.unescape(e.status.value)
        assert i18n.t(f"editor.rolls.{why}", lang, char="'7'", most=20) in said
    e.paint((0, 2), "A")                 # on the edge: Prove says why in the page's words
    e.set_rolls("12")
    assert e.prove() is None
    said = html.unescape(e.status.value)
    assert i18n.t("editor.rule.fossil-on-edge", lang, fossil="A", cell="A3") in said
    assert "touches the grid edge" not in said


def test_dice_typed_in_any_of_the_words() -> None:
    assert parse_dice("IX TU VW FP LY NZ", "c c d d h h") == Dice()
    assert parse_dice("IX TU VW FP LY NZ", "chevrons c pois p hach h", "fr") == Dice()
    assert parse_dice("IX TU VW FP LY NZ", "V자 v 점 d 빗금 빗", "ko") == Dice()
    with pytest.raises(ValueError, match="IX TU VW FP LY NZ"):
        parse_dice("IX TU", "c c d d h h", "fr")
    with pytest.raises(ValueError, match="c c p p h h"):
        parse_dice("IX TU VW FP LY NZ", "c c d d h", "fr")


def test_a_change_after_a_proof_takes_its_words_back() -> None:
    # "Proven: ... Save keeps it" must not stay on screen once the draft has changed
    # (a roll typed after Prove was pressed reached the kernel after the proof in CI)
    e = small()
    e.paint((4, 4), "*")
    assert e.prove() is not None and "Proven" in e.status.value
    e.set_rolls("25 14 63")
    assert e.solution is None and e.status.value == ""
    e.title.value = "Words only"            # words keep the proof, and its line
    assert e.prove() is not None and "Proven" in e.status.value
    e.title.value = "Other words"
    assert "Proven" in e.status.value and e.draft.solution
