"""Recorded whole games replayed as golden tests: the same scores, round by round.

The logs in tests/data/golden/ were recorded once by record.py (greedy and random robots on
the shipped maps, seeded dice); they use stars, switches and One-Square cells. Replaying
them checks every turn again through the rules, and the scores must not move.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paleowidgets.core.logs import GameLog

GOLDEN = Path(__file__).parent / "data" / "golden"
EXPECTED = json.loads((GOLDEN / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_game_replays_to_the_recorded_scores(name: str) -> None:
    log = GameLog.load(GOLDEN / name)
    replay = log.replay()
    got = {p.name: [s.score().total for s in states]
           for p, states in zip(log.players, replay, strict=True)}
    assert got == EXPECTED[name]
    # and the log survives a save/load unchanged
    assert GameLog.from_json(log.to_json()).to_dict() == log.to_dict()


def test_golden_games_use_every_kind_of_choice() -> None:
    text = "".join(p.read_text(encoding="utf-8") for p in GOLDEN.glob("*.json"))
    for key in ('"squares"', '"switch"', '"stars"', '"plus-one"', '"one-square"'):
        assert key in text, key
