"""The maps shipped in paleowidgets/data/maps: they load, they follow the spec and the map
rule, and the two standard maps cannot be dug up completely by good (greedy) play."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.files import load_file
from paleowidgets.core.maps import Map
from paleowidgets.core.rules import Game
from paleowidgets.data import MAP_NAMES, load_map, map_path
from paleowidgets.solver.bots import GreedyBot, play_fast

STANDARD = ("dig-site", "snow-map")
MAPS_DIR = Path(__file__).resolve().parent.parent / "paleowidgets" / "data" / "maps"


def neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    x, y = cell
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


def test_map_names_are_the_shipped_files() -> None:
    assert sorted(MAP_NAMES) == sorted(p.stem for p in MAPS_DIR.glob("*.toml"))
    assert all(map_path(n).is_file() for n in MAP_NAMES)


def test_unknown_map_name_is_an_error() -> None:
    with pytest.raises(ValueError, match="no shipped map named 'moon'"):
        map_path("moon")


@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_shipped_map_loads_through_load_file(name: str) -> None:
    doc = load_file(map_path(name))
    assert isinstance(doc, Map)
    assert doc == load_map(name)
    assert not doc.predrawn


@pytest.mark.parametrize("name", MAP_NAMES)
def test_map_rule_holds(name: str) -> None:
    """Checked here on its own: no fossil cell on the edge, no two fossils side by side."""
    m = load_map(name)
    owner = {c: f.id for f in m.fossils for c in f.cells}
    for cell, fid in owner.items():
        x, y = cell
        assert 0 < x < m.width - 1 and 0 < y < m.height - 1, (name, fid, cell)
        for n in neighbours(cell):
            assert owner.get(n, fid) == fid, (name, fid, n)
    assert not m.stars & set(owner)


@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_fossil_is_named(name: str) -> None:
    assert all(f.name for f in load_map(name).fossils)


@pytest.mark.parametrize("name,theme", [("dig-site", "paleontologists"), ("snow-map", "snowman")])
def test_standard_maps_follow_the_spec(name: str, theme: str) -> None:
    m = load_map(name)
    assert m.theme == theme
    assert 11 <= m.width <= 13 and 11 <= m.height <= 13     # about 12x12
    assert m.rounds == 20
    assert 8 <= len(m.fossils) <= 10
    sizes = [len(f.cells) for f in m.fossils]
    assert min(sizes) == 1 and 5 <= max(sizes) <= 6
    assert len(set(sizes)) >= 5                       # fossils of different sizes
    assert len({f.points for f in m.fossils}) >= 5    # and different values
    assert 6 <= len(m.stars) <= 8


def test_first_dig_is_a_small_first_lesson() -> None:
    m = load_map("first-dig")
    assert 6 <= m.width <= 8 and 6 <= m.height <= 8
    assert len(m.fossils) == 2
    assert 6 <= m.rounds <= 8


def test_ring_school_teaches_enclosure() -> None:
    m = load_map("ring-school")
    assert 7 <= m.width <= 9 and 7 <= m.height <= 9
    assert len(m.fossils) == 3
    assert len(m.stars) >= 1
    assert 9 <= m.rounds <= 11
    # A hollow fossil: a ring cell with fossil on three sides (a pocket).
    pockets = [c for f in m.fossils for c in f.ring
               if sum(n in f.cells for n in neighbours(c)) == 3]
    assert pockets


@pytest.mark.parametrize("name", STANDARD)
def test_greedy_play_never_digs_everything(name: str) -> None:
    game = Game(load_map(name))
    everything = (1 << len(game.map.fossils)) - 1
    bot = GreedyBot()
    for seed in range(6):
        final = play_fast(game, roll_sequence(seed, game.rounds), bot, random.Random(seed))
        assert final.dug != everything, seed
        assert final.score().total > 0


@pytest.mark.parametrize("name", ("first-dig", "ring-school"))
def test_teaching_maps_can_be_cleared(name: str) -> None:
    """The small maps are for winning: good play digs everything up in some games."""
    game = Game(load_map(name))
    everything = (1 << len(game.map.fossils)) - 1
    bot = GreedyBot()
    cleared = sum(play_fast(game, roll_sequence(seed, game.rounds), bot,
                            random.Random(seed)).dug == everything for seed in range(10))
    assert cleared >= 3
