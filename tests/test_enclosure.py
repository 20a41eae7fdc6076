"""Enclosure: rings, the flood fill and the bonus check against the rules (State), the
general shape measures against brute force, the SVG of the inspector, and the inspector
widget headless (traits, handlers, one canvas message per update, model/view agreement)."""

from __future__ import annotations

import itertools
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from helpers import Messages, event, key, mouse

from paleowidgets import i18n
from paleowidgets.core.enclosure import (
    MIXED_DIGS,
    NOT_DUG_UP,
    ONE_SQUARE,
    PREDRAWN,
    contacts,
    diagonal_only,
    enclosure,
    enclosures,
    fewest_ring_cells,
    fewest_shapes,
    flood_fill,
    free_polyominoes,
    most_ring_cells,
    perimeter,
    ring_of,
)
from paleowidgets.core.geometry import (
    SYMMETRIES,
    Cell,
    canonical,
    diagonal_neighbours,
    orthogonal_neighbours,
    parse_cell,
    recognise,
)
from paleowidgets.core.maps import Map, Puzzle, parse_document
from paleowidgets.core.rules import TINY, Game, State
from paleowidgets.core.terms import DIG_TYPES
from paleowidgets.core.turns import Turn
from paleowidgets.data import MAP_NAMES, load_map
from paleowidgets.render.canvas import plan_board
from paleowidgets.render.enclosure import describe, overlay, render_enclosure
from paleowidgets.render.sheet import sheet_of
from paleowidgets.solver.bots import RandomBot, play_game
from paleowidgets.widgets.board import MARKS, OVERLAY, STATIC
from paleowidgets.widgets.enclosure import EnclosureWidget

NS = "{http://www.w3.org/2000/svg}"


def named(text: str) -> frozenset[Cell]:
    return frozenset(parse_cell(n) for n in text.split())


def school() -> Game:
    return Game(load_map("ring-school"))


def tiny() -> Map:
    m = parse_document(TINY)
    assert isinstance(m, Map)
    return m


# A puzzle with pre-drawn cells in the rings of A (C2) and B (F4); C4 left for a square.
HASH = '''[map]
name = "Hash pit"
grid = """
. . . . . . .
. . # . . . .
. . A . . . .
. . . . . # .
. . . . . B .
. . . . . . .
"""
[fossils.A]
points = 3
bonus = 2
[fossils.B]
points = 1
bonus = 1
[puzzle]
rolls = [[1, 1]]
'''


# -- rings and diagonals -----------------------------------------------------------------------

def test_ring_school_rings_pocket_and_diagonals() -> None:
    s = school().initial_state()
    a, b, c = enclosures(s)
    assert a.ring == named("B1 D1 A2 C2 E2 A3 E3 B4 C4 D4")   # C2 is the pocket
    assert len(b.ring) == 8 == 2 * 3 + 2                       # a straight line of 3
    assert c.ring == named("C5 B6 D6 C7")
    assert c.diagonal == named("B5 D5 B7 D7")
    assert a.diagonal == named("A1 C1 E1 A4 E4")                # C1 and the pocket's corners
    assert perimeter(a.fossil.cells) == 12 and contacts(a.fossil.cells)[parse_cell("C2")] == 3
    for e in (a, b, c):
        assert not e.covered and e.missing == e.ring and not e.dug_up
        assert not e.ring & e.diagonal and not e.diagonal & e.fossil.cells


def test_diagonals_are_the_corner_only_neighbours() -> None:
    for shape in free_polyominoes(5):
        cells = frozenset(shape)
        ring = ring_of(cells)
        assert ring == {n for c in cells for n in orthogonal_neighbours(c)} - cells
        near = {n for c in cells for n in (*orthogonal_neighbours(c), *diagonal_neighbours(c))}
        assert diagonal_only(cells) == near - cells - ring


# -- the fill ----------------------------------------------------------------------------------

def test_flood_fill_layers_are_distances_through_open_cells() -> None:
    walls = named("B1 B2 B3")      # a wall in column B, open below it
    layers = flood_fill({(0, 0)}, walls, 3, 4)
    assert layers[0] == {(0, 0)}
    assert [len(x) for x in layers] == [1] * 9
    assert layers[-1] == {(2, 0)}   # round the wall: 8 moves
    assert flood_fill({(1, 1)}, ring_of({(1, 1)}), 3, 3) == (frozenset({(1, 1)}),)


def random_states(game: Game, seed: int, games: int) -> Iterator[State]:
    """Every state of ``games`` random legal games (the random bot, the core's turns)."""
    rng = random.Random(seed)
    for _ in range(games):
        rolls = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(game.rounds)]
        _, turns = play_game(game, rolls, RandomBot(), rng)
        state = game.initial_state()
        for roll, turn in zip(rolls, turns, strict=True):
            state = state.apply(roll, turn)
            yield state


def scribbled_states(game: Game, seed: int, n: int) -> Iterator[State]:
    """States of the unchecked path with One Squares and pre-drawn cells: random shapes
    of random dig types and random single squares, until the board is nearly full."""
    rng = random.Random(seed)
    for _ in range(n):
        state = game.initial_state()
        while True:
            free = [m for letter in "FILNPTUVWXYZ" for m in game.placements[letter]
                    if not m & state.drawn]
            if not free:
                break
            if rng.random() < 0.3:
                cells = state.open_square_cells()
                if cells:
                    state = state.play(0, 0, squares=game.bit(rng.choice(cells)))
            state = state.play(rng.choice(free), rng.randrange(3))
            yield state


def agrees_with_state(state: State) -> None:
    g = state.game
    for e in enclosures(state):
        assert e.dug_up == bool(state.dug >> e.index & 1)
        assert e.bonus.holds == bool(state.same >> e.index & 1)
        assert e.gaps == e.missing                     # step 1 of the fill: the gaps
        assert (e.steps == 0) == e.dug_up
        assert e.covered | e.missing == e.ring and not e.covered & e.missing
        assert e.covered == {c for c in e.ring if g.bit(c) & state.drawn}
        reached = e.reached()
        assert not any(g.bit(c) & state.drawn for c in reached)
        assert e.escaped <= reached and not e.escaped & e.ring
        b = e.bonus
        assert b.holds == (not b.reasons)
        assert (NOT_DUG_UP in b.reasons) == (not e.dug_up)
        assert (MIXED_DIGS in b.reasons) == (len(b.digs) > 1)
        assert (ONE_SQUARE in b.reasons) == bool(b.squares)
        assert (PREDRAWN in b.reasons) == bool(b.predrawn)
        drawn_ring = set().union(*b.digs.values(), b.squares, b.predrawn)
        assert drawn_ring == e.covered
        if b.possible:       # nothing spoils it yet: completing with that dig would earn it
            assert not e.dug_up and len(b.digs) <= 1


@pytest.mark.parametrize("name", MAP_NAMES)
def test_dug_up_and_bonus_agree_with_the_rules_on_random_games(name: str) -> None:
    game = Game(load_map(name))
    seen_dug = seen_same = seen_mixed = 0
    for state in random_states(game, seed=MAP_NAMES.index(name), games=6):
        agrees_with_state(state)
        seen_dug += state.dug.bit_count()
        seen_same += state.same.bit_count()
        seen_mixed += sum(MIXED_DIGS in e.bonus.reasons for e in enclosures(state))
    assert seen_dug and seen_mixed       # the games did reach the cases checked
    if name in ("ring-school", "first-dig"):
        assert seen_same


def test_squares_and_predrawn_cells_agree_with_the_rules() -> None:
    puzzle = parse_document(HASH)
    assert isinstance(puzzle, Puzzle)
    reasons: set[str] = set()
    for game in (Game.from_puzzle(puzzle), school()):
        for state in scribbled_states(game, seed=7, n=12):
            agrees_with_state(state)
            reasons |= {r for e in enclosures(state) for r in e.bonus.reasons}
    assert reasons == {NOT_DUG_UP, MIXED_DIGS, ONE_SQUARE, PREDRAWN}


def test_bonus_possible_then_lost_then_why() -> None:
    game = school()
    s = game.initial_state()
    c = enclosure(s, "C")
    assert c.bonus.possible and c.bonus.reasons == (NOT_DUG_UP,)
    # an I of hatch along row 5: covers C5 only of C's ring
    s = s.play(game.mask_of(named("A5 B5 C5 D5 E5")), DIG_TYPES.index("hatch"))
    c = enclosure(s, "C")
    assert c.bonus.possible and c.bonus.dig == "hatch" and c.covered == named("C5")
    s = s.play(0, 0, squares=game.mask_of(named("B6")))
    c = enclosure(s, "C")
    assert not c.bonus.possible and c.bonus.reasons == (NOT_DUG_UP, ONE_SQUARE)
    assert c.bonus.squares == named("B6")


# -- shapes in general -------------------------------------------------------------------------

def test_polyomino_counts_are_the_known_ones() -> None:
    assert [len(free_polyominoes(n)) for n in range(1, 9)] == [1, 1, 2, 5, 12, 35, 108, 369]
    assert {recognise(p) for p in free_polyominoes(5)} == set("FILNPTUVWXYZ")
    with pytest.raises(ValueError, match="1 to 10"):
        free_polyominoes(11)


def test_fewest_and_most_ring_cells_against_every_polyomino() -> None:
    for n in range(1, 9):
        sizes = [len(ring_of(p)) for p in free_polyominoes(n)]
        assert min(sizes) == fewest_ring_cells(n), n
        assert max(sizes) == most_ring_cells(n) == 2 * n + 2, n
        assert sizes.count(max(sizes)) == 1            # the straight line only
    line = [(x, 0) for x in range(7)]
    assert len(ring_of(line)) == perimeter(line) == 16


def test_perimeter_is_the_sum_of_contacts_and_at_least_the_ring() -> None:
    for n in (4, 5, 6):
        for p in free_polyominoes(n):
            assert perimeter(p) == sum(contacts(p).values()) >= len(ring_of(p))
            assert perimeter(p) == sum(1 for c in p for d in orthogonal_neighbours(c)
                                       if d not in p)
    ring8 = [c for c in itertools.product(range(3), range(3)) if c != (1, 1)]
    assert (1, 1) in ring_of(ring8) and contacts(ring8)[(1, 1)] == 4   # a hole
    assert canonical(SYMMETRIES["rotate-90"].apply(ring8)) == canonical(ring8)


def test_the_map_border_costs_nothing() -> None:
    domino = {(0, 0), (1, 0)}
    assert len(ring_of(domino)) == 6 and len(ring_of(domino, 5, 5)) == 3


@pytest.mark.parametrize("name", ["ring-school", "first-dig", "dig-site"])
def test_fewest_shapes_draws_the_ring_and_cannot_do_with_fewer(name: str) -> None:
    game = Game(load_map(name))
    for f in game.map.fossils:
        cover = fewest_shapes(game, f.id)
        cells = [c for _, shape in cover.shapes for c in shape]
        assert len(cells) == len(set(cells)) == 5 * cover.count       # no overlap
        assert f.ring <= set(cells)
        assert all(recognise(shape) == letter for letter, shape in cover.shapes)
        assert not set(cells) & {c for g in game.map.fossils for c in g.cells}
        assert cover.count >= cover.bound == -(-len(f.ring) // 5)
        assert cover.count >= -(-len(f.ring) // cover.best_single)
    # a one-cell fossil: its ring's 4 cells touch only at corners; one shape covers 3
    b = fewest_shapes(Game(tiny()), "B")
    assert (b.ring, b.best_single, b.count) == (4, 3, 2)


@pytest.mark.parametrize("name", ["ring-school", "first-dig"])
def test_fewest_shapes_against_brute_force(name: str) -> None:
    """No set of one shape fewer covers the ring (every pair or single, tried)."""
    game = Game(load_map(name))
    for i, f in enumerate(game.map.fossils):
        ring = game.rings[i]
        masks = [m for letter in "FILNPTUVWXYZ" for m in game.placements[letter] if m & ring]
        fewer = fewest_shapes(game, f.id).count - 1
        assert 1 <= fewer <= 2
        assert not any(
            (sum(combo) & ring) == ring for combo in itertools.combinations(masks, fewer)
            if all(not a & b for a, b in itertools.combinations(combo, 2))), f.id


# -- the SVG -----------------------------------------------------------------------------------

def svg_root(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def cells_with(root: ET.Element, cls: str) -> set[str]:
    return {el.get("data-cell", "") for el in root.iter(NS + "g")
            if el.get("class") == cls and el.get("data-cell")}


def test_svg_marks_match_the_enclosure_at_every_step() -> None:
    game = school()
    s = game.initial_state().play(game.mask_of(named("A1 B1 C1 D1 E1")), 0)
    e = enclosure(s, "A")
    board = plan_board(sheet_of(s), cell_size=36)
    for step in range(e.steps + 1):
        root = svg_root(render_enclosure(s, "A", step=step, lang="en"))
        group = next(el for el in root.iter(NS + "g") if el.get("class") == "enclosure")
        assert group.get("data-step") == str(step)
        assert cells_with(group, "ring covered") == {"B1", "D1"}
        assert cells_with(group, "ring missing") == {"A2", "C2", "E2", "A3", "E3", "B4", "C4",
                                                     "D4"}
        assert cells_with(group, "diagonal") == {"A1", "C1", "E1", "A4", "E4"}
        fill = cells_with(group, "fill")
        assert fill == {n for n in _names(e.reached(step))}
        texts = [el.text or "" for el in root.iter(NS + "text")]
        assert f"Step {step} of {e.steps}" in " ".join(texts)
        assert overlay(board, e, step)[0].data["step"] == str(step)


def _names(cells: frozenset[Cell]) -> list[str]:
    from paleowidgets.core.geometry import cell_name

    return [cell_name(c) for c in cells]


def test_svg_says_it_in_words_and_in_each_language() -> None:
    s = Game(tiny()).initial_state()
    en = render_enclosure(s, "B", step=1, lang="en")
    assert "Step 1: it leaks out through the gaps F4, E5, G5, F6." in en
    assert "ring cell missing: a gap" in en            # the legend
    fr = render_enclosure(s, "B", step=1, lang="fr")
    ko = render_enclosure(s, "B", step=1, lang="ko")
    assert "Étape 1 : il fuit par les trous F4, E5, G5, F6." in fr and "leaks" not in fr
    assert "1단계: 틈 F4, E5, G5, F6(으)로 새어 나가요." in ko and 'lang="ko"' in ko
    assert render_enclosure(s, "B") == render_enclosure(s, "B", step=99)   # the whole fill


def test_describe_says_why_the_bonus_fails() -> None:
    game = school()
    s = game.initial_state()
    s = s.play(game.mask_of(named("A5 B5 C5 D5 E5")), 2)          # I hatch: C5
    s = s.play(game.mask_of(named("B6 B7 B8 C8 D8")), 0)          # V chevron: B6
    s = s.play(game.mask_of(named("C7 D7 E7 F7 G7")), 1)          # I dot: C7
    s = s.play(0, 0, squares=game.mask_of(named("D6")))           # One Square: D6
    e = enclosure(s, "C")
    assert e.dug_up and not e.bonus.holds
    lines = dict.fromkeys(line for _, line in describe(e, 0, lang="en"))
    assert "Every ring cell is drawn: the fossil is dug up." in lines
    assert "Same-dig-type bonus +1: not earned." in lines
    assert "The ring mixes dig types: chevron on B6; dot on C7; hatch on C5." in lines
    assert "One Square cells have no dig type: D6." in lines
    assert "It cannot get out: every ring cell is drawn." in lines


# -- the widget --------------------------------------------------------------------------------

def agrees(w: EnclosureWidget) -> None:
    """The view is the model: the board's top layer is the overlay of the core's
    enclosure at the step shown, and the panel says the core's sentences."""
    core = enclosure(w.state, w.fossil)
    assert w.enclosure == core
    assert w.board.extra == overlay(w.board.plan, core, w.step)
    assert w.picker.value == w.fossil
    for _, sentence in describe(core, w.step, lang=w.lang):
        assert sentence.replace("'", "&#x27;") in w.panel.value
    assert w.back_button.disabled == (w.step == 0)
    assert w.next_button.disabled == (w.step == core.steps)


def test_widget_steps_one_message_each_on_the_top_layer(messages: Messages) -> None:
    w = EnclosureWidget(tiny(), fossil="B", lang="en")
    assert len(messages) == 1 and messages.layers(w.board) == [STATIC, MARKS, OVERLAY]
    agrees(w)
    steps = w.enclosure.steps
    for n in range(1, steps + 1):
        w.next_button.click()
        assert w.step == n and len(messages) == 1 + n
        assert messages.layers(w.board) == [OVERLAY]
        agrees(w)
    w.next_button.click()                       # at the end: nothing to send
    assert w.step == steps and len(messages) == 1 + steps
    w.back_button.click()
    w.reset_button.click()
    assert w.step == 0 and len(messages) == 3 + steps
    w.all_button.click()
    assert w.step == steps
    agrees(w)


def test_widget_keys_pick_and_step(messages: Messages) -> None:
    w = EnclosureWidget(load_map("ring-school"), lang="en")
    assert w.fossil == "A"
    key(w.board, "ArrowRight")
    key(w.board, " ")
    assert w.step == 2
    key(w.board, "ArrowLeft")
    assert w.step == 1
    key(w.board, "End")
    assert w.step == w.enclosure.steps
    key(w.board, "Home")
    assert w.step == 0
    n = len(messages)
    key(w.board, "ArrowDown")
    assert w.fossil == "B" and w.step == 0 and len(messages) == n + 1
    key(w.board, "c")
    assert w.fossil == "C"
    key(w.board, "ArrowDown")
    assert w.fossil == "A"                      # round the list
    key(w.board, "ArrowUp")
    assert w.fossil == "C"
    n = len(messages)
    key(w.board, "q")                           # no fossil Q: nothing happens
    key(w.board, "Home")                        # already at step 0
    assert w.fossil == "C" and len(messages) == n
    agrees(w)


def test_widget_picker_and_click_choose_the_fossil(messages: Messages) -> None:
    w = EnclosureWidget(load_map("ring-school"), fossil="C", step=3, lang="en")
    assert w.step == 3
    n = len(messages)
    w.picker.value = "B"
    assert w.fossil == "B" and w.step == 0 and len(messages) == n + 1
    agrees(w)
    mouse(w.board, "mouse_down", parse_cell("C3"))  # a cell of A
    assert w.fossil == "A"
    mouse(w.board, "mouse_down", parse_cell("A8"))  # not a fossil: nothing changes
    assert w.fossil == "A" and len(messages) == n + 2
    with pytest.raises(ValueError, match="no fossil 'Q'"):
        w.pick("Q")


def test_widget_redraws_everything_with_its_layer_when_a_client_connects(
        messages: Messages) -> None:
    w = EnclosureWidget(tiny(), fossil="A", step=2, lang="en")
    before = w.board.extra
    assert before
    event(w.board, "client_ready")
    assert len(messages) == 2 and messages.layers(w.board) == [STATIC, MARKS, OVERLAY]
    assert w.board.extra == before and w.board.redraws == 2


def test_widget_output_languages_and_state_input() -> None:
    puzzle = parse_document(HASH)
    assert isinstance(puzzle, Puzzle)
    turns = [Turn.draw("X", "chevron", named("C3 B4 C4 D4 C5"))]
    with pytest.raises(Exception, match="fossil"):     # X on fossil A's cell C3: illegal
        EnclosureWidget(puzzle, turns=turns)
    turns = [Turn.draw("I", "chevron", named("A1 B1 C1 D1 E1"))]
    a = EnclosureWidget(puzzle, turns=turns, lang="en")
    b = EnclosureWidget(sheet_of(puzzle, turns=turns).state, turns=turns, lang="en")
    da, db = a._repr_mimebundle_(), b._repr_mimebundle_()
    want = "<EnclosureWidget Hash pit fossil A step 0/7 ring 1/4>"
    assert da["text/plain"] == db["text/plain"] == want
    assert da["image/svg+xml"] == db["image/svg+xml"]
    assert "application/vnd.jupyter.widget-view+json" in da
    svg_root(da["image/svg+xml"])
    fr = EnclosureWidget(puzzle, lang="fr-FR")
    assert fr.lang == "fr" and fr.next_button.description == "Étape ▶"
    assert fr.picker.description == "Fossile" and "Anneau" in fr.panel.value
    ko = EnclosureWidget(load_map("snow-map"), lang="ko")
    assert ko.picker.description == "아이템" and "아이템" in ko.panel.value
    with pytest.raises(ValueError, match="'xx'"):
        EnclosureWidget(puzzle, lang="xx")


def test_widget_language_defaults_to_the_setting() -> None:
    try:
        i18n.set_language("fr")
        assert EnclosureWidget(tiny()).lang == "fr"
    finally:
        i18n.set_language(None)
    assert EnclosureWidget(tiny()).lang == "en"


# -- the lessons' checks -----------------------------------------------------------------------

def test_lesson04_checks_say_what_is_wrong() -> None:
    from paleowidgets.exercises.lesson04 import check_bonus, check_gaps, check_ring

    game = school()
    blank = game.initial_state()
    assert check_ring(blank, "A", "B1 D1 A2 C2 E2 A3 E3 B4 C4 D4")
    assert check_ring(blank, "A", ["b1", "D1", "A2", "C2", "E2", "A3", "E3", "B4", "C4", "D4"])
    assert "corner" in check_ring(blank, "A", "A1 B1 D1 A2 C2 E2 A3 E3 B4 C4 D4").message
    assert "part of A" in check_ring(blank, "A", "B2").message
    assert "not touch" in check_ring(blank, "A", "H8").message
    assert "1 ring cell is missing" in check_ring(blank, "A", "B1 D1 A2 E2 A3 E3 B4 C4 D4").message
    assert "cell name" in check_ring(blank, "A", "B1 Q").message
    s = blank.play(game.mask_of(named("H1 H2 H3 H4 H5")), 2)
    assert check_gaps(s, "B", "G2 F3 F4 F5 G6")
    assert not check_gaps(s, "B", "G2 F3 F4 F5 G6 H3")          # H3 is drawn
    assert not check_gaps(s, "B", "G2 F3 F4 F5")
    assert not check_gaps(s, "B", "G2 F3 F4 F5 G6 F2")          # a diagonal: not at step 1
    s = s.play(game.mask_of(named("F2 F3 F4 F5 F6")), 2)
    s = s.play(game.mask_of(named("D1 E1 F1 G1 G2")), 2)
    s = s.play(game.mask_of(named("G6 G7 F8 G8 H8")), 2)
    assert check_gaps(s, "B", []) and check_gaps(s, "B", "none") and not check_gaps(s, "B", "G2")
    assert check_gaps(s, "B", "").status == "unanswered"
    assert check_bonus(s, "B", True) and not check_bonus(s, "B", False)
    assert check_bonus(s, "C", False) and not check_bonus(s, "C", True)


def test_lesson05_checks_use_the_true_measures() -> None:
    from paleowidgets.exercises.lesson05 import (
        check_fewest_ring,
        check_perimeter,
        check_ring_size,
        check_shapes_needed,
    )

    assert check_perimeter("P", 10) and not check_perimeter("P", 12)
    assert "20 is 5 cells" in check_perimeter("X", 20).message
    assert check_ring_size("X", 8) and check_ring_size("I", 12) and check_ring_size("L", 11)
    assert "perimeter" in check_ring_size("L", 12).message
    assert check_fewest_ring(5, 8) and check_fewest_ring(13, 12)
    assert "MOST" in check_fewest_ring(6, 14).message and not check_fewest_ring(6, 8)
    game = school()
    assert check_shapes_needed(game, "A", 3) and not check_shapes_needed(game, "A", 2)
    assert not check_shapes_needed(game, "C", 3)
    with pytest.raises(ValueError, match="unknown shape 'Q': the pentominoes are"):
        check_perimeter("Q", 1)
