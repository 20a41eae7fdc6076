"""`paleo simulate`: a bot's score distribution over seeded games, as text, JSON and a
histogram image; the same seed gives the same output; errors are one stderr line."""

from __future__ import annotations

import random
import statistics
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.maps import Puzzle, load_document
from paleowidgets.core.rules import Game
from paleowidgets.data import load_map
from paleowidgets.solver.bots import GreedyBot, RandomBot, play_fast

DATA = Path(__file__).parent / "data"
GOOD = DATA / "good"
BAD = DATA / "bad"


def test_json_has_every_field_and_the_scores_of_the_seeded_games(paleo: Any) -> None:
    r = paleo("simulate", "first-dig", "--bot", "random", "--games", "12", "--seed", "5",
              "--json")
    assert r.code == 0 and r.err == ""
    data = r.json()
    assert {"map", "bot", "games", "seed", "scores", "mean", "sd", "min", "max", "median",
            "histogram"} <= set(data)
    assert (data["map"], data["bot"], data["games"], data["seed"]) == ("first-dig", "random",
                                                                       12, 5)
    # Game i rolls roll_sequence(seed + i) and the bot gets random.Random(seed + i).
    game = Game(load_map("first-dig"))
    expected = [play_fast(game, roll_sequence(5 + i, game.rounds), RandomBot(),
                          random.Random(5 + i)).score().total for i in range(12)]
    assert data["scores"] == expected
    assert data["mean"] == pytest.approx(statistics.fmean(expected), abs=1e-4)
    assert data["sd"] == pytest.approx(statistics.stdev(expected), abs=1e-4)
    assert data["median"] == statistics.median(expected)
    assert (data["min"], data["max"]) == (min(expected), max(expected))
    hist = data["histogram"]
    assert [h["score"] for h in hist] == list(range(min(expected), max(expected) + 1))
    assert sum(h["count"] for h in hist) == 12
    assert all(h["count"] == expected.count(h["score"]) for h in hist)


def test_same_seed_same_output_other_seed_other_games(paleo: Any) -> None:
    args = ("simulate", "ring-school", "--bot", "random", "--games", "8")
    first = paleo(*args, "--seed", "3")
    again = paleo(*args, "--seed", "3")
    other = paleo(*args, "--seed", "4", "--json")
    assert first.code == again.code == other.code == 0
    assert first.out == again.out
    assert other.json()["scores"] != paleo(*args, "--seed", "3", "--json").json()["scores"]


def test_text_report(paleo: Any) -> None:
    r = paleo("simulate", "first-dig", "--games", "10")
    assert r.code == 0 and r.err == ""
    lines = r.out.splitlines()
    assert lines[0].startswith("First dig (first-dig): 10 games of the greedy bot")
    data = paleo("simulate", "first-dig", "--games", "10", "--json").json()
    assert f"mean {data['mean']:.2f}  sd {data['sd']:.2f}" in lines
    assert any(line.startswith(f"min {data['min']}  q1 ") and
               line.endswith(f"max {data['max']}") for line in lines)
    assert any(line.startswith("full digs (every fossil dug up): ") for line in lines)
    at = lines.index("histogram (score: games):")
    counts = [int(line.split()[1]) for line in lines[at + 1:]]
    assert sum(counts) == 10


def test_greedy_digs_everything_on_the_small_map_sometimes(paleo: Any) -> None:
    data = paleo("simulate", "first-dig", "--games", "20", "--json").json()
    game = Game(load_map("first-dig"))
    everything = (1 << len(game.map.fossils)) - 1
    full = sum(play_fast(game, roll_sequence(i, game.rounds), GreedyBot(),
                         random.Random(i)).dug == everything for i in range(20))
    assert data["full_digs"] == full


def test_a_map_file_and_a_puzzle_file(paleo: Any) -> None:
    r = paleo("simulate", GOOD / "quarry.toml", "--games", "4", "--json")
    assert r.code == 0 and r.json()["rolls"] == "seeded"
    # A puzzle plays its own rolls every game: a bot that ignores its generator (greedy)
    # scores the same every time, and the puzzle's number of rounds.
    puzzle = load_document(GOOD / "puzzle.toml")
    assert isinstance(puzzle, Puzzle)
    r = paleo("simulate", GOOD / "puzzle.toml", "--games", "3", "--json")
    data = r.json()
    assert r.code == 0 and data["rolls"] == "puzzle"
    assert data["rounds"] == len(puzzle.rolls)
    assert len(set(data["scores"])) == 1 and data["sd"] == 0


@pytest.mark.parametrize("suffix", [".svg", ".png", ".pdf"])
def test_histogram_image(paleo: Any, tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"hist{suffix}"
    r = paleo("simulate", "first-dig", "--bot", "random", "--games", "15", "-o", out)
    assert r.code == 0 and r.err == ""
    assert f"wrote {out}: score histogram" in r.out
    data = out.read_bytes()
    assert data[:5] == {".svg": b"<?xml", ".png": b"\x89PNG\r", ".pdf": b"%PDF-"}[suffix]
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    if suffix == ".svg":
        root = ET.fromstring(data.decode("utf-8").split("\n", 1)[1])
        ns = "{http://www.w3.org/2000/svg}"
        bars = [el for el in root.iter(f"{ns}rect") if el.get("class") == "bar"]
        assert sum(int(b.get("data-count", "0")) for b in bars) == 15


def test_json_and_image_together(paleo: Any, tmp_path: Path) -> None:
    out = tmp_path / "h.svg"
    r = paleo("simulate", "first-dig", "--games", "3", "--json", "-o", out)
    assert r.code == 0 and r.json()["output"] == str(out) and out.exists()


@pytest.mark.parametrize("argv, needle", [
    (("nowhere.toml",), "nowhere.toml"),
    (("no-such-map",), "no such file, and no shipped map"),
    ((str(BAD / "invalid_toml.toml"),), "invalid_toml.toml"),
    ((str(GOOD / "game.json"),), "is a game log, not a map"),
    (("first-dig", "-o", "hist.txt"), "cannot write a histogram with '.txt'"),
    (("first-dig", "-o", "/no/such/dir/h.svg"), "does not exist"),
])
def test_bad_input_is_one_line_and_exit_2(paleo: Any, argv: tuple[str, ...],
                                           needle: str) -> None:
    r = paleo("simulate", *argv, "--games", "2")
    assert r.code == 2
    assert len(r.err.splitlines()) == 1 and needle in r.err
    r = paleo("simulate", *argv, "--games", "2", "--json")
    assert r.code == 2 and needle in r.json()["error"]["message"] + str(r.json()["error"])


@pytest.mark.parametrize("argv", [("--games", "0"), ("--games", "many"), ("--seed", "x"),
                                  ("--bot", "clever")])
def test_bad_arguments_exit_2(paleo: Any, argv: tuple[str, ...]) -> None:
    r = paleo("simulate", "first-dig", *argv)
    assert r.code == 2 and r.out == ""
    assert "error:" in r.err


def test_an_existing_output_is_left_alone_when_the_input_is_bad(paleo: Any,
                                                                tmp_path: Path) -> None:
    out = tmp_path / "h.svg"
    out.write_text("keep", encoding="utf-8")
    r = paleo("simulate", "no-such-map", "-o", out)
    assert r.code == 2 and out.read_text(encoding="utf-8") == "keep"
