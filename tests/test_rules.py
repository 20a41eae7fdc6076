"""Table-driven tests for every rule and option of RULES.md, through the checked apply."""

from __future__ import annotations

import dataclasses

import pytest
from helpers import load, turn

from paleowidgets.core.errors import IllegalTurnError
from paleowidgets.core.geometry import parse_cell
from paleowidgets.core.maps import Map
from paleowidgets.core.rules import Game, State
from paleowidgets.core.terms import BONUS_KINDS, DIG_TYPES
from paleowidgets.core.turns import Turn

L_B = "L chevron B2 B3 B4 B5 C5"      # covers star B2 and ring cells B3 B4 C5 of fossil A
U_D = "U chevron D2 E2 E3 E4 D4"      # ring cells D2 E3 D4 of A
L_C = "L chevron C1 D1 E1 F1 C2"      # the last ring cell of A: C2


def cells(*names: str) -> frozenset[tuple[int, int]]:
    return frozenset(parse_cell(n) for n in names)


def drawn(state: State, names: str, dig: str = "chevron") -> State:
    """Set up a position: draw cells of one dig type without any rule check."""
    g = state.game
    return dataclasses.replace(state.play(g.mask_of(cells(*names.split())), DIG_TYPES.index(dig)),
                               round=state.round)


def holding(state: State, **kinds: int) -> State:
    held = tuple(kinds.get(k.replace("-", "_"), 0) for k in BONUS_KINDS)
    return dataclasses.replace(state, held=held)


# -- digging up, same-dig-type bonus, stars ---------------------------------------------

def test_whole_fossil_one_dig_type_scores_points_and_bonus(game: Game) -> None:
    s = game.initial_state()
    s = s.apply((2, 5), turn(L_B, stars=["plus-one"]))
    s = s.apply((1, 2), turn(U_D))
    assert s.dug == 0
    s = s.apply((5, 2), turn(L_C))
    sc = s.score()
    assert s.dug == 0b01 and s.same == 0b01
    assert [(f.id, f.points, f.bonus) for f in sc.fossils] == [("A", 4, 2)]
    assert sc.plus_one == 1 and sc.total == 7


def test_mixed_dig_types_lose_the_bonus(game: Game) -> None:
    s = game.initial_state()
    s = s.apply((2, 5), turn(L_B, stars=["plus-one"]))
    s = s.apply((1, 2), turn(U_D))
    s = s.apply((5, 5), turn("L hatch C1 D1 E1 F1 C2"))
    assert s.score().total == 4 + 1


def test_diagonal_neighbours_are_not_needed(game: Game) -> None:
    s = game.initial_state()
    ring = "C2 D2 B3 E3 B4 D4 C5"
    diagonals = "B2 E2 B5 D5 E4"
    assert drawn(s, ring).dug == 0b01
    for missing in ring.split():
        almost = " ".join(c for c in ring.split() if c != missing)
        assert drawn(s, almost + " " + diagonals).dug == 0, missing


@pytest.mark.parametrize("kind", BONUS_KINDS)
def test_each_bonus_kind_from_a_star(game: Game, kind: str) -> None:
    s = game.initial_state().apply((2, 5), turn(L_B, stars=[kind]))
    i = BONUS_KINDS.index(kind)
    assert s.held[i] == 1 and s.gained[i] == 1
    assert s.score().total == (1 if kind == "plus-one" else 0)


def test_star_cap_of_four(game: Game) -> None:
    s = dataclasses.replace(game.initial_state(), gained=(4, 4, 4, 3))
    # "L chevron B2..." covers one star; only plus-one can still be gained
    with pytest.raises(IllegalTurnError) as e:
        s.apply((2, 5), turn(L_B, stars=["one-square"]))
    assert e.value.rule == "star-kind-exhausted"
    assert s.apply((2, 5), turn(L_B, stars=["plus-one"])).gained == (4, 4, 4, 4)


def test_star_gives_nothing_when_all_kinds_used_up(game: Game) -> None:
    s = dataclasses.replace(game.initial_state(), gained=(4, 4, 4, 4))
    after = s.apply((2, 5), turn(L_B))
    assert after.held == s.held
    with pytest.raises(IllegalTurnError) as e:
        s.apply((2, 5), turn(L_B, stars=["plus-one"]))
    assert e.value.rule == "stars-count"


def test_a_star_that_can_give_cannot_be_declined(game: Game) -> None:
    with pytest.raises(IllegalTurnError) as e:
        game.initial_state().apply((2, 5), turn(L_B))
    assert e.value.rule == "stars-count"


def test_two_stars_respect_the_cap_together(game: Game) -> None:
    # U on A1 B1 A2 B2? U needs a gap; use a shape over stars B2 and B6? Too far: build a
    # map with two adjacent stars instead.
    m = load('''[map]
grid = """
. . . . . . .
. * * . . . .
. . . . . . .
. . . . A . .
. . . . . . .
"""
[fossils.A]
points = 1
bonus = 0
''')
    assert isinstance(m, Map)
    s = dataclasses.replace(Game(m).initial_state(), gained=(0, 0, 0, 3))
    with pytest.raises(IllegalTurnError) as e:
        s.apply((1, 1), turn("I chevron A2 B2 C2 D2 E2", stars=["plus-one", "plus-one"]))
    assert e.value.rule == "star-kind-exhausted"
    ok = s.apply((1, 1), turn("I chevron A2 B2 C2 D2 E2", stars=["plus-one", "switch-dig"]))
    assert ok.held == (0, 0, 1, 1) and ok.gained == (0, 0, 1, 4)


def test_start_bonuses_do_not_count_towards_the_cap(quarry: Map) -> None:
    g = Game(quarry, start_bonuses=(0, 0, 0, 5))
    s = dataclasses.replace(g.initial_state(), gained=(0, 0, 0, 3))
    s = s.apply((2, 5), turn(L_B, stars=["plus-one"]))
    assert s.held[3] == 6 and s.gained[3] == 4 and s.score().total == 6


# -- One Square Anywhere ---------------------------------------------------------------

def test_bonus_gained_this_round_is_not_usable_until_next(game: Game) -> None:
    s = game.initial_state()
    with pytest.raises(IllegalTurnError) as e:
        s.apply((2, 5), turn(L_B, stars=["one-square"], squares=["C2"]))
    assert e.value.rule == "bonus-gained-this-round"
    s = s.apply((2, 5), turn(L_B, stars=["one-square"]))
    s = s.apply((1, 2), turn(U_D, squares=["C2"]))      # next round: fine
    assert s.held[0] == 0 and s.dug & 1


def test_one_square_breaks_the_same_dig_bonus(game: Game) -> None:
    s = game.initial_state()
    s = s.apply((2, 5), turn(L_B, stars=["one-square"]))
    s = s.apply((1, 2), turn(U_D, squares=["C2"]))
    sc = s.score()
    assert [(f.id, f.bonus) for f in sc.fossils] == [("A", 0)] and sc.total == 4


def test_several_squares_in_one_round(game: Game) -> None:
    s = holding(game.initial_state(), one_square=2)
    s = s.apply((2, 5), turn("L chevron I1 I2 I3 I4 H4", squares=["G3", "G5"]))
    assert s.held[0] == 0
    s = s.apply((5, 6), turn("L hatch F2 F3 F4 F5 E5"))
    assert s.dug & 0b10 and not s.same & 0b10


@pytest.mark.parametrize(("square", "rule"), [
    ("J1", "square-outside-grid"),
    ("C3", "square-on-fossil"),
    ("H2", "square-on-star"),
    ("B3", "square-not-open"),       # drawn this very turn
    ("A1", "square-not-open"),       # drawn before
])
def test_square_placement_rules(game: Game, square: str, rule: str) -> None:
    s = holding(drawn(game.initial_state(), "A1"), one_square=1)
    with pytest.raises(IllegalTurnError) as e:
        s.apply((2, 5), turn(L_B, stars=["plus-one"], squares=[square]))
    assert e.value.rule == rule and e.value.round == 1


def test_square_without_the_bonus(game: Game) -> None:
    with pytest.raises(IllegalTurnError) as e:
        game.initial_state().apply((2, 5), turn(L_B, stars=["plus-one"], squares=["A1"]))
    assert e.value.rule == "bonus-not-held"


# -- dice, switches ----------------------------------------------------------------------

@pytest.mark.parametrize(("roll", "text", "switch", "rule"), [
    ((2, 5), "L chevron A1 A2 A3 A4 B4", [], None),            # L from the 5, V dig from the 2
    ((2, 5), "U hatch A1 A2 B2 C2 C1", [], None),              # U from the 2, hatch from the 5
    ((2, 5), "L hatch A1 A2 A3 A4 B4", [], "dig-not-allowed"),  # both from the 5
    ((2, 5), "P chevron A1 B1 A2 B2 A3", [], "shape-not-allowed"),
    ((2, 5), "L dot A1 A2 A3 A4 B4", [], "dig-not-allowed"),
    ((5, 5), "L hatch A1 A2 A3 A4 B4", [], None),              # doubles are fine
    ((5, 5), "Y hatch A1 A2 A3 A4 B2", [], None),
    ((3, 3), "V hatch A1 A2 A3 B3 C3", [], "dig-not-allowed"),
    ((2, 5), "P chevron A1 B1 A2 B2 A3", ["shape"], None),
    ((2, 5), "P dot A1 B1 A2 B2 A3", ["shape"], "dig-not-allowed"),
    ((2, 5), "L dot A1 A2 A3 A4 B4", ["dig"], None),
    ((2, 5), "P dot A1 B1 A2 B2 A3", ["dig"], "shape-not-allowed"),
    ((2, 5), "P dot A1 B1 A2 B2 A3", ["shape", "dig"], None),
])
def test_dice_assignment_and_switches(game: Game, roll: tuple[int, int], text: str,
                                      switch: list[str], rule: str | None) -> None:
    s = holding(game.initial_state(), switch_shape=1, switch_dig=1)
    t = turn(text, switch=switch, stars=["plus-one"] if "B2" in text.split() else [])
    if rule is None:
        after = s.apply(roll, t)
        assert after.held[1] == 1 - ("shape" in switch)
        assert after.held[2] == 1 - ("dig" in switch)
    else:
        with pytest.raises(IllegalTurnError) as e:
            s.apply(roll, t)
        assert e.value.rule == rule


def test_a_switch_that_changes_nothing_is_still_spent(game: Game) -> None:
    s = holding(game.initial_state(), switch_shape=1)
    after = s.apply((2, 5), turn("L chevron A1 A2 A3 A4 B4", switch=["shape"]))
    assert after.held[1] == 0


@pytest.mark.parametrize("switch", [["shape"], ["dig"]])
def test_switch_not_held(game: Game, switch: list[str]) -> None:
    with pytest.raises(IllegalTurnError) as e:
        game.initial_state().apply((2, 5), turn("L chevron A1 A2 A3 A4 B4", switch=switch))
    assert e.value.rule == "bonus-not-held"


def test_switch_gained_this_round(game: Game) -> None:
    with pytest.raises(IllegalTurnError) as e:
        game.initial_state().apply((2, 5), turn(L_B, switch=["shape"], stars=["switch-shape"]))
    assert e.value.rule == "bonus-gained-this-round"


def test_map_dice_tables_replace_the_defaults() -> None:
    m = load('''[map]
grid = """
. . . . . .
. . . . . .
. . . . A .
. . . . . .
"""
[fossils.A]
points = 1
bonus = 0
[dice]
shapes = { 1 = ["P"], 2 = ["P"], 3 = ["P"], 4 = ["P"], 5 = ["P"], 6 = ["I", "L"] }
digs = { 1 = "dot", 2 = "dot", 3 = "dot", 4 = "dot", 5 = "dot", 6 = "hatch" }
''')
    assert isinstance(m, Map)
    s = Game(m).initial_state()
    s.apply((1, 2), turn("P dot A1 B1 A2 B2 A3"))
    with pytest.raises(IllegalTurnError) as e:
        s.apply((1, 2), turn("P chevron A1 B1 A2 B2 A3"))
    assert e.value.rule == "dig-not-allowed"
    with pytest.raises(IllegalTurnError) as e:
        s.apply((1, 6), turn("L hatch A1 A2 A3 A4 B4"))   # L and hatch both from the 6
    assert e.value.rule == "dig-not-allowed"
    s.apply((1, 6), turn("L dot A1 A2 A3 A4 B4"))
    s.apply((1, 6), turn("P hatch A1 B1 A2 B2 A3"))


# -- cells -----------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "rule"), [
    ("L chevron F1 G1 H1 I1 J2", "cell-outside-grid"),
    ("L chevron A8 B8 C8 D8 A7", "cell-outside-grid"),
    ("L chevron C1 C2 C3 C4 D4", "cell-on-fossil"),
    ("L chevron A1 A2 A3 A4 B4", "cell-already-drawn"),
    ("L chevron B2 B3 B4 B5 C6", "cells-not-shape"),
    ("L chevron E1 F1 G1 H1 I1", "cells-not-shape"),       # an I, not an L
])
def test_cell_rules(game: Game, text: str, rule: str) -> None:
    s = drawn(game.initial_state(), "A4")
    with pytest.raises(IllegalTurnError) as e:
        s.apply((2, 5), turn(text, stars=["plus-one"] if "B2" in text.split() else []))
    assert e.value.rule == rule
    assert f"[{rule}]" in str(e.value) and "round 1" in str(e.value)


def test_repeated_cells_are_not_a_shape() -> None:
    with pytest.raises(IllegalTurnError) as e:
        turn("L chevron A1 A1 A2 A3 B3")
    assert e.value.rule == "cells-not-shape"


@pytest.mark.parametrize("data", [
    {"shape": "L", "dig": "chevron", "cells": ["A1"], "colour": "red"},
    {"pass": True, "shape": "L"},
    {"pass": True, "switch": ["shape"]},
    {"pass": True, "stars": ["plus-one"]},
    {"shape": "L", "dig": "chevron"},
    {},
    {"shape": "Q", "dig": "chevron", "cells": []},
    {"shape": "L", "dig": "stripes", "cells": []},
    {"shape": "L", "dig": "chevron", "cells": ["a1"]},
    {"shape": "L", "dig": "chevron", "cells": "A1 A2"},
    {"shape": "L", "dig": "chevron", "cells": [], "stars": ["gold"]},
    {"shape": "L", "dig": "chevron", "cells": [], "switch": ["shape", "shape"]},
    {"pass": "yes"},
    ["not", "a", "table"],
])
def test_malformed_turns(data: object) -> None:
    with pytest.raises(IllegalTurnError) as e:
        Turn.from_dict(data)
    assert e.value.rule == "malformed-turn"


# -- forced draw and pass ----------------------------------------------------------------

CRAMPED = '''[map]
grid = """
. . . .
. A . .
. . . .
"""
[fossils.A]
points = 3
bonus = 1
'''


def test_pass_only_when_nothing_fits() -> None:
    m = load(CRAMPED)
    assert isinstance(m, Map)
    s = Game(m).initial_state()
    assert not s.must_draw((1, 1))           # neither I nor X fits on 4x3 around a fossil
    assert s.apply((1, 1), Turn.pass_()).round == 1
    assert s.must_draw((5, 5))
    with pytest.raises(IllegalTurnError) as e:
        s.apply((5, 5), Turn.pass_())
    assert e.value.rule == "pass-when-fits" and "L" in e.value.message


def test_when_nothing_fits_a_switch_may_make_a_draw(quarry: Map) -> None:
    m = load(CRAMPED)
    assert isinstance(m, Map)
    s = holding(Game(m).initial_state(), switch_shape=1)
    after = s.apply((1, 1), turn("L chevron A1 B1 C1 D1 D2", switch=["shape"]))
    assert after.held[1] == 0
    turns = list(s.legal_turns((1, 1)))
    assert Turn.pass_() in turns and all(t.switch == {"shape"} for t in turns if not t.passed)


def test_a_pass_may_hold_squares_but_gains_no_star() -> None:
    m = load(CRAMPED)
    assert isinstance(m, Map)
    s = holding(Game(m).initial_state(), one_square=1)
    after = s.apply((1, 1), Turn.pass_(squares=[parse_cell("A1")]))
    assert after.held[0] == 0 and after.drawn & s.game.bit((0, 0))


def test_forced_draw_uses_the_board_at_the_start_of_the_round(game: Game) -> None:
    # Squares fill cells but never free them: a pass is judged before them, and a
    # pass while the roll's shape fits is illegal even if squares are filled first.
    s = holding(game.initial_state(), one_square=1)
    with pytest.raises(IllegalTurnError) as e:
        s.apply((1, 1), Turn.pass_(squares=[parse_cell("A1")]))
    assert e.value.rule == "pass-when-fits"


# -- fossils dug by one draw, game end -------------------------------------------------

def test_two_fossils_dug_up_by_one_draw(game: Game) -> None:
    s = drawn(game.initial_state(), "C2 D2 B3 B4 D4 C5", "hatch")
    s = drawn(s, "G3 H4 G5", "hatch")
    assert s.dug == 0
    s = s.apply((5, 6), turn("L hatch E3 F3 F4 F5 F6"))
    assert s.dug == 0b11 and s.same == 0b11
    assert s.score().total == 4 + 2 + 1 + 1


def test_extra_turn_after_the_last_round(quarry: Map) -> None:
    s = Game(quarry, rounds=1).initial_state().apply((2, 5), turn("L chevron A1 A2 A3 A4 B4"))
    assert s.is_terminal
    with pytest.raises(IllegalTurnError) as e:
        s.apply((2, 5), turn("L chevron E1 E2 E3 E4 F4"))
    assert e.value.rule == "extra-turn"


def test_predrawn_cells_count_for_rings_but_carry_no_dig_type() -> None:
    p = load('''[map]
grid = """
. . . . .
. # # # .
. # A # .
. # . # .
. . . . .
"""
[fossils.A]
points = 2
bonus = 5
[puzzle]
rolls = [[5, 3]]
''')
    from paleowidgets.core.maps import Puzzle
    assert isinstance(p, Puzzle)
    s = Game.from_puzzle(p).initial_state()
    s = s.apply((5, 3), turn("Y dot A5 B5 C5 D5 C4"))
    assert s.dug == 1 and s.same == 0 and s.score().total == 2


# -- legal turn generation agrees with the checked apply -------------------------------

def test_every_generated_turn_is_legal_and_other_turns_are_not(game: Game) -> None:
    s = holding(game.initial_state(), switch_dig=1, one_square=1)
    s = drawn(s, "A1 A2 A3 A4")
    roll = (2, 5)
    legal = list(s.legal_turns(roll, max_squares=0))
    assert legal and len(set(legal)) == len(legal)
    for t in legal[::7]:
        s.apply(roll, t)
    # every (shape, dig) pair generated is one the roll and the held switch allow
    pairs = {(t.shape, t.dig) for t in legal}
    assert pairs == {(a, b) for a in "TULY" for b in DIG_TYPES} - {
        ("L", "dot"), ("Y", "dot"), ("T", "dot"), ("U", "dot")} | {
        ("L", "dot"), ("Y", "dot"), ("T", "dot"), ("U", "dot")}


def test_two_players_on_one_roll_sequence(game: Game) -> None:
    rolls = [(2, 5), (1, 2), (5, 2)]
    ada = [turn(L_B, stars=["plus-one"]), turn(U_D), turn(L_C)]
    bob = [turn("L chevron A1 A2 A3 A4 B4"), turn("U chevron G2 G3 H3 I3 I2"),
           turn("L chevron F4 F5 G5 H5 I5")]
    finals = []
    for turns in (ada, bob):
        s = game.initial_state()
        for r, t in zip(rolls, turns, strict=True):
            s = s.apply(r, t)
        finals.append(s.score().total)
    assert finals[0] == 7
    assert finals[1] == 0   # Tooth's ring still misses H4


def test_placements_by_orientation_make_up_the_placements() -> None:
    """One table in the core: each fixed orientation's placements, in order, are the
    shape's placements, and a shape fits exactly when one of its orientations fits (the
    play session's "turn it" hint asks one orientation at a time)."""
    import random

    from paleowidgets.core.geometry import FIXED_BY_LETTER, SYMMETRIES
    from paleowidgets.data import load_map

    g = Game(load_map("dig-site"))
    rng = random.Random(3)
    state = g.initial_state()
    for _ in range(8):
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        state = state.apply(roll, rng.choice(list(state.legal_turns(roll, max_squares=0))))
    for letter, forms in FIXED_BY_LETTER.items():
        assert sum((g.form_placements(letter, f) for f in forms), ()) == g.placements[letter]
        assert state.fits(letter) == any(state.fits_as(letter, f) for f in forms)
        for f in forms:
            open_ = [m for m in g.form_placements(letter, f) if not m & state.drawn]
            assert state.fits_as(letter, f) == bool(open_)
        turned = [s.apply(forms[0]) for s in SYMMETRIES.values()]    # any order of cells
        assert {tuple(g.form_placements(letter, t)) for t in turned} == {
            g.form_placements(letter, f) for f in forms}
    with pytest.raises(ValueError, match="not a form of the I pentomino"):
        g.form_placements("I", FIXED_BY_LETTER["L"][0])
