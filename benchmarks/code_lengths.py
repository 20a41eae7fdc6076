"""How long the sharing codes are (core/codes.py): the puzzle collection, and one pupil's
20-round game on the two 20-round shipped maps (greedy and random bots, seeded dice),
against the same content as zlib-deflated JSON in base64url (the plain alternative).

    .venv/bin/python benchmarks/code_lengths.py [GAMES]
"""

from __future__ import annotations

import base64
import json
import random
import statistics
import sys
import zlib
from pathlib import Path

from paleowidgets.core.codes import decode, encode, same_content
from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.files import load_file
from paleowidgets.core.logs import GameLog, PlayerLog
from paleowidgets.core.rules import Game
from paleowidgets.data import load_map
from paleowidgets.solver.bots import GreedyBot, RandomBot, play_game

ROOT = Path(__file__).parent.parent


def plain(data: object) -> int:
    """The length of the same content as deflated JSON in base64url (no checksum)."""
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    return len(base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"="))


def spread(values: list[int]) -> str:
    return f"min {min(values)}, median {statistics.median(values):g}, max {max(values)}"


def main(games: int = 10) -> None:
    ours, theirs = [], []
    for path in sorted((ROOT / "puzzles").rglob("*.toml")):
        doc = load_file(path)
        code = encode(doc)
        assert same_content(decode(code), doc)
        ours.append(len(code))
        theirs.append(plain(doc.doc))
    print(f"collection ({len(ours)} puzzles): code {spread(ours)} characters; "
          f"deflated JSON {spread(theirs)}")
    for name in ("dig-site", "snow-map"):
        m = load_map(name)
        game = Game(m)
        for label, bot in (("greedy", GreedyBot()), ("random", RandomBot())):
            lengths, json_lengths = [], []
            for i in range(games):
                rolls = roll_sequence(f"BENCH-{i}", 20)
                _, turns = play_game(game, rolls, bot, random.Random(i))
                log = GameLog(m, rolls, (PlayerLog("Ada", tuple(turns)),))
                code = encode(log)
                assert same_content(decode(code), log)
                lengths.append(len(code))
                json_lengths.append(plain(log.to_dict()))
            print(f"{name}, one {label} player, 20 rounds ({games} games): code "
                  f"{spread(lengths)}; deflated JSON with the map inline {spread(json_lengths)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
