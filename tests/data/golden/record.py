"""Record the golden games (run once; the files are then fixed test data).

    .venv/bin/python tests/data/golden/record.py

Each game is a FORMATS.md game log plus, in expected.json, every player's score after
every round as recorded. tests/test_golden.py replays the logs through the rules and
must find the same scores: a change to the rules that changes a recorded game shows up.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.logs import GameLog, PlayerLog
from paleowidgets.core.rules import Game
from paleowidgets.data import load_map
from paleowidgets.solver.bots import GreedyBot, RandomBot, play_game

HERE = Path(__file__).parent
GAMES = [("dig-site", "TREX-4821"), ("snow-map", "FROSTY-1225"), ("ring-school", "AMMO-7"),
         ("first-dig", "DODO-3")]


def main() -> None:
    expected = {}
    for name, seed in GAMES:
        m = load_map(name)
        game = Game(m)
        rolls = roll_sequence(seed, game.rounds)
        players = []
        for label, bot in (("Greedy", GreedyBot()), ("Random", RandomBot())):
            _, turns = play_game(game, rolls, bot, random.Random(seed))
            players.append(PlayerLog(label, tuple(turns)))
        log = GameLog(m, rolls, tuple(players), map_ref=None)
        path = HERE / f"{name}.json"
        log.save(path)
        expected[path.name] = {p.name: [s.score().total for s in states]
                               for p, states in zip(players, log.replay(), strict=True)}
    (HERE / "expected.json").write_text(json.dumps(expected, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
