"""Bots' games played once and stored: :func:`~.bots.simulate` replays them instead of
playing them again.

Lesson 6 compares the bots over 30 seeded games on the dig site; the expectation robot
takes about a second a game, so the lesson, each of its editions and every test run
would wait for the same games. ``data/bot-games.json`` holds those games: each game's
turns (FORMATS), with the bot, the map (its code, :mod:`paleowidgets.core.codes`) and the
seed. A stored game is used only when everything that decides it matches: the
bot's class and every setting (its public attributes), the seed, the map (the code's map
equals the game's, names in other languages aside), the rounds and the starting bonuses;
its turns then replay through the rules (:meth:`~paleowidgets.core.rules.State.apply`,
every turn checked) on the caller's game.
Anything else is played as before. ``tests/test_lessons_played.py`` plays every stored
game again and compares: a change to a bot that changes its play fails there, and
``python -m paleowidgets.solver.played`` writes the file again.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterable
from importlib.resources import files
from pathlib import Path
from typing import Any

from ..core.codes import decode_document, encode
from ..core.dice import roll_sequence
from ..core.logs import replay_turns
from ..core.maps import Map, Puzzle
from ..core.rules import NO_BONUSES, Game, State
from ..core.turns import Turn

__all__ = ["STORED", "bot_key", "lesson_games", "play_and_store", "stored_final", "stored_games",
           "write"]

STORED = "bot-games.json"
# What lesson 6 plays: 30 games of each slow bot on the dig site, seeds 0 to 29.
LESSON_GAMES = (("dig-site", "greedy", range(30)), ("dig-site", "expectation", range(30)))


def bot_key(bot: Any) -> str:
    """The bot's class and its settings, in one line: ``GreedyBot(crowding=0.25, ...)``.
    Two bots with the same key play the same games (the bots keep nothing else between
    games but caches of the game's tables)."""
    settings = sorted((k, v) for k, v in vars(bot).items() if not k.startswith("_"))
    if not all(isinstance(v, bool | int | float | str) for _, v in settings):
        raise ValueError(f"{type(bot).__name__} has a setting that is not a number, a bool "
                         "or a text: its games cannot be stored")
    return f"{type(bot).__name__}({', '.join(f'{k}={v!r}' for k, v in settings)})"


def _path() -> Path:
    return Path(str(files("paleowidgets.data").joinpath(STORED)))


@functools.cache
def stored_games() -> dict[tuple[str, int], list[tuple[str, list[dict[str, Any]]]]]:
    """(bot key, seed) -> (map code, the game's turns as FORMATS dictionaries) for each
    stored game, as stored (empty when the file is missing)."""
    path = _path()
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    games: dict[tuple[str, int], list[tuple[str, list[dict[str, Any]]]]] = {}
    for g in data["games"]:
        games.setdefault((g["bot"], g["seed"]), []).append((data["maps"][g["map"]], g["turns"]))
    return games


@functools.cache
def _map(code: str) -> Map | Puzzle:
    return decode_document(code)


def stored_final(game: Game, bot: Any, seed: int) -> State | None:
    """The final state of ``bot``'s game on ``game`` with seed ``seed``, when it is stored
    and everything that decides it matches; None otherwise (then play it). The map
    matches when it equals the stored one (its names in other languages do not count)."""
    if game.rounds != game.map.rounds or game.start_bonuses != NO_BONUSES:
        return None
    try:
        stored = stored_games().get((bot_key(bot), seed), [])
    except ValueError:
        return None
    for code, turns in stored:
        if _map(code) == game.map:
            return replay_turns(game, roll_sequence(seed, game.rounds),
                                [Turn.from_dict(t) for t in turns])[-1]
    return None


def play_and_store(game: Game, bot: Any, seed: int) -> tuple[State, list[dict[str, Any]]]:
    """Play ``bot``'s game with seed ``seed`` as :func:`~.bots.simulate` plays it; its final
    state and its turns as stored."""
    from .bots import play_game
    final, turns = play_game(game, roll_sequence(seed, game.rounds), bot, random.Random(seed))
    return final, [t.to_dict() for t in turns]


def lesson_games(games: Iterable[tuple[str, str, Iterable[int]]] = LESSON_GAMES
                 ) -> dict[str, Any]:
    """The stored file's content for ``games`` (map name, bot name, seeds), played now."""
    from ..data import load_map
    from .bots import bot_named
    stored: dict[str, Any] = {
        "about": "Bots' games, replayed by paleowidgets.solver.bots.simulate instead of "
                 "played (paleowidgets/solver/played.py); written by python -m "
                 "paleowidgets.solver.played",
        "maps": {}, "games": []}
    for map_name, bot_name, seeds in games:
        game = Game(load_map(map_name))
        stored["maps"][map_name] = encode(game.map)
        for seed in seeds:
            bot = bot_named(bot_name)
            _, turns = play_and_store(game, bot, seed)
            stored["games"].append({"bot": bot_key(bot), "map": map_name, "seed": seed,
                                    "turns": turns})
    return stored


def write(stored: dict[str, Any], path: Path) -> None:
    """One game a line: the file stays readable and its diffs small."""
    games = ",\n".join(json.dumps(g, separators=(",", ":")) for g in stored["games"])
    path.write_text(f'{{"about": {json.dumps(stored["about"])},\n"maps": '
                    f'{json.dumps(stored["maps"])},\n"games": [\n{games}\n]}}\n',
                    encoding="utf-8")


if __name__ == "__main__":
    write(lesson_games(), _path())
    print(f"wrote {_path()}")
