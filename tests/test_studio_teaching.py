"""The puzzles that teach one idea each (issue 13, item 5): each holds its idea (checked
here on the map and the proven line, not taken on trust) and is linked from the lesson
that teaches it, in English, French and Korean. Proof, grade and greedy trap are
tests/test_puzzles.py's, like every puzzle of the collection."""

from __future__ import annotations

from pathlib import Path

import pytest

from paleowidgets.core.enclosure import fewest_shapes
from paleowidgets.core.geometry import FIXED_BY_LETTER, LETTERS
from paleowidgets.core.maps import Puzzle, load_document
from paleowidgets.core.rules import Game, State

ROOT = Path(__file__).resolve().parent.parent
BEGINNER = ROOT / "puzzles" / "1-beginner"
LESSONS = ROOT / "lessons" / "src"

# file: the lesson that teaches its idea
TEACHING = {
    "23-one-way-in.toml": "02-pentominoes",
    "24-two-shapes-will-do.toml": "05-area-perimeter",
    "25-keep-the-switch.toml": "07-strategy",
    "26-hatch-is-coming.toml": "04-enclosure",
}


def puzzle(name: str) -> Puzzle:
    p = load_document(BEGINNER / name)
    assert isinstance(p, Puzzle) and p.optimum is not None and p.solution
    return p


def states(p: Puzzle) -> list[State]:
    """The states of the proven line: before round 1, ..., after the last round."""
    game = Game.from_puzzle(p)
    out = [game.initial_state()]
    for roll, turn in zip(p.rolls, p.solution, strict=True):
        out.append(out[-1].apply(roll, turn))
    return out


def ring(p: Puzzle, fossil: str) -> frozenset[tuple[int, int]]:
    return next(f.ring for f in p.map.fossils if f.id == fossil)


def bonus_of(state: State, fossil: str) -> int | None:
    """The same-dig-type bonus the fossil earned (None: not dug up)."""
    return next((f.bonus for f in state.score().fossils if f.id == fossil), None)


@pytest.mark.parametrize(("name", "lesson"), TEACHING.items())
@pytest.mark.parametrize("lang", ["", ".fr", ".ko"])
def test_each_is_linked_from_its_lesson(name: str, lesson: str, lang: str) -> None:
    source = (LESSONS / f"{lesson}{lang}.py").read_text(encoding="utf-8")
    assert f'PuzzleWidget("../puzzles/1-beginner/{name}")' in source
    assert (ROOT / "lessons" / ".." / "puzzles" / "1-beginner" / name).is_file()   # from lessons/


def test_one_way_in_only_one_picture_of_the_y_fits_the_pocket() -> None:
    p = puzzle("23-one-way-in.toml")
    open_ring = ring(p, "A") - p.map.predrawn
    game = Game.from_puzzle(p)
    start = game.initial_state()
    need = game.mask_of(open_ring)
    # every fixed pentomino (any shape, any of its pictures) that fits the map at the
    # start and covers the shark tooth's open ring cells: one picture of the Y
    covers = [(shape, m) for shape in LETTERS for m in start.placements(shape)
              if need & ~m == 0]
    assert [shape for shape, _ in covers] == ["Y"] and len(FIXED_BY_LETTER["Y"]) == 8
    closing = [t for t in p.solution if open_ring & t.cells]
    assert [t.shape for t in closing] == ["Y"] and game.mask_of(closing[0].cells) == covers[0][1]
    assert bonus_of(states(p)[-1], "A") is not None


def test_two_shapes_will_do_the_fewest_shapes_close_the_ring() -> None:
    p = puzzle("24-two-shapes-will-do.toml")
    game = Game.from_puzzle(p)
    cover = fewest_shapes(game, "A")
    assert (cover.ring, cover.bound, cover.count) == (8, 2, 2)
    on_ring = [t for t in p.solution if ring(p, "A") & t.cells]
    assert len(on_ring) == cover.count                 # the line uses the fewest
    assert len({t.dig for t in on_ring}) == 1
    assert bonus_of(states(p)[-1], "A") == 2           # and earns the +2
    assert any(t.stars for t in p.solution if t not in on_ring)   # the spare roll's star


def test_keep_the_switch_a_star_bonus_spent_rounds_later() -> None:
    p = puzzle("25-keep-the-switch.toml")
    taken = [i for i, t in enumerate(p.solution) if "switch-shape" in t.stars]
    spent = [i for i, t in enumerate(p.solution) if "shape" in t.switch]
    assert taken == [0] and spent == [2]               # gained in round 1, kept, spent in 3
    shape = p.solution[2].shape
    assert shape not in {s for die in p.rolls[2] for s in p.map.dice.shapes_of(die)}
    assert bonus_of(states(p)[-1], "A") == 2


def test_hatch_is_coming_the_forced_draw_stays_off_the_ring() -> None:
    p = puzzle("26-hatch-is-coming.toml")
    before = states(p)[1]
    roll = p.rolls[1]
    assert {p.map.dice.dig_of(d) for d in roll} == {"hatch"}    # hatch shapes only
    assert before.must_draw(roll)                      # and one must be drawn
    # some of its places touch the raptor claw's ring (and would spoil its bonus)
    claw = ring(p, "A")
    draws = [t for t in before.legal_turns(roll, max_squares=0) if not t.passed]
    assert any(t.cells & claw for t in draws) and any(not t.cells & claw for t in draws)
    assert not p.solution[1].cells & claw
    assert bonus_of(states(p)[-1], "A") == 2
