"""Game logs (JSON, FORMATS.md): save, load, replay to any round. Replays are exact.

A log is a map (or puzzle) document, the rolls, and one list of turns per player. Loading
replays every turn through :meth:`State.apply`, so an illegal turn is an error naming the
player, the round and the rule id.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from .atomic import write_atomically
from .errors import FormatError, IllegalTurnError, PaleoError
from .maps import Map, Puzzle, Roll, document_from_dict, load_document, read_text
from .rules import Game, Score, State
from .turns import Turn

LOG_FORMAT = 1


@dataclass(frozen=True)
class PlayerLog:
    name: str
    turns: tuple[Turn, ...]


@dataclass(frozen=True)
class Outcome:
    """The end of a game as data: each player's score and who won (equal scores share)."""

    scores: tuple[tuple[str, Score], ...]

    @property
    def winners(self) -> tuple[str, ...]:
        if not self.scores:
            return ()
        best = max(s.total for _, s in self.scores)
        return tuple(name for name, s in self.scores if s.total == best)


@dataclass(frozen=True)
class GameLog:
    """A recorded game: the document it was played on, the rolls, each player's turns."""

    document: Map | Puzzle
    rolls: tuple[Roll, ...]
    players: tuple[PlayerLog, ...]
    map_ref: str | None = None          # the TOML path, when the log names one
    source: str | None = field(default=None, compare=False)

    # -- the game ----------------------------------------------------------------------

    @cached_property
    def game(self) -> Game:
        d = self.document
        return Game.from_puzzle(d) if isinstance(d, Puzzle) else Game(d)

    def replay(self) -> list[list[State]]:
        """Every player's states, round by round: ``replay()[p][r]`` is after ``r`` rounds.
        Raises IllegalTurnError naming the player, the round and the rule."""
        game = self.game
        return [replay_turns(game, self.rolls, p.turns, player=p.name) for p in self.players]

    def state_at(self, player: int, round: int) -> State:
        """One player's state after ``round`` rounds."""
        return replay_turns(self.game, self.rolls[:round], self.players[player].turns[:round],
                            player=self.players[player].name)[-1]

    def outcome(self) -> Outcome:
        finals = [states[-1] for states in self.replay()]
        return Outcome(tuple((p.name, s.score()) for p, s in zip(self.players, finals,
                                                                strict=True)))

    # -- JSON --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": LOG_FORMAT,
            "map": self.map_ref if self.map_ref is not None else dict(self.document.doc),
            "rolls": [list(r) for r in self.rolls],
            "players": [{"name": p.name, "turns": [t.to_dict() for t in p.turns]}
                        for p in self.players],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"

    def save(self, path: str | Path) -> None:
        """Write the log; the file appears whole or not at all (no half-written log)."""
        write_atomically(Path(path), self.to_json().encode("utf-8"))

    @classmethod
    def load(cls, path: str | Path) -> GameLog:
        p = Path(path)
        return cls.from_json(read_text(p), file=str(path), base_dir=p.parent)

    @classmethod
    def from_json(cls, text: str, *, file: str | None = None,
                  base_dir: str | Path | None = None) -> GameLog:
        """Read a log and replay it (an illegal turn raises, naming player/round/rule)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise FormatError(f"not valid JSON: {e.msg}", file=file, line=e.lineno,
                              column=e.colno) from None
        except ValueError as e:        # e.g. an integer of more than 4300 digits
            raise FormatError(f"not valid JSON: {e}", file=file) from None
        except RecursionError:
            raise FormatError("not valid JSON: nested too deeply", file=file) from None
        log = cls.from_dict(data, file=file, base_dir=base_dir)
        log.replay()
        return log

    @classmethod
    def from_dict(cls, data: Any, *, file: str | None = None,
                  base_dir: str | Path | None = None) -> GameLog:
        def fail(message: str) -> FormatError:
            return FormatError(message, file=file)

        if not isinstance(data, Mapping):
            raise FormatError("a game log is a JSON object", file=file)
        unknown = [k for k in data if k not in ("format", "map", "rolls", "players")]
        if unknown:
            raise fail(f"unknown key {unknown[0]!r} in game log")
        if type(data.get("format")) is not int or data.get("format") != LOG_FORMAT:
            raise fail(f"game log 'format' must be {LOG_FORMAT}, not {data.get('format')!r}")
        document, map_ref = _log_document(data.get("map"), file, base_dir)
        rolls = _log_rolls(data.get("rolls"), file)
        players = _log_players(data.get("players"), file)
        rounds = len(document.rolls) if isinstance(document, Puzzle) else document.rounds
        if len(rolls) > rounds:
            raise fail(f"the log has {len(rolls)} rolls but the game lasts {rounds} rounds")
        if isinstance(document, Puzzle) and tuple(document.rolls[:len(rolls)]) != rolls:
            raise fail("the log's rolls differ from the puzzle's fixed rolls")
        return cls(document, rolls, players, map_ref, source=file)


def replay_turns(game: Game, rolls: Sequence[Roll], turns: Sequence[Turn], *,
                 player: str | None = None) -> list[State]:
    """The states from the start through each turn; a turn missing or extra is an error."""
    states = [game.initial_state()]
    for i, roll in enumerate(rolls):
        if i >= len(turns):
            raise IllegalTurnError("missing-turn", f"no turn for roll {roll[0]}-{roll[1]}",
                                   round=i + 1, player=player)
        try:
            states.append(states[-1].apply(roll, turns[i]))
        except IllegalTurnError as e:
            raise e.with_context(player=player) from None
    if len(turns) > len(rolls):
        raise IllegalTurnError("extra-turn", f"{len(turns)} turns for {len(rolls)} rolls",
                               round=len(rolls) + 1, player=player)
    return states


def _log_document(value: Any, file: str | None,
                  base_dir: str | Path | None) -> tuple[Map | Puzzle, str | None]:
    if isinstance(value, str):
        base = Path(base_dir) if base_dir is not None else Path(".")
        return load_document(base / value), value
    if isinstance(value, Mapping):
        return document_from_dict(value, file=f"{file or '<log>'} (map)"), None
    raise FormatError("game log 'map' must be a map document or a path to a TOML file",
                      file=file)


def _log_rolls(value: Any, file: str | None) -> tuple[Roll, ...]:
    if not isinstance(value, list):
        raise FormatError("game log 'rolls' must be a list of pairs like [2, 5]", file=file)
    rolls = []
    for i, pair in enumerate(value):
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                           for d in pair)):
            raise FormatError(f"game log roll {i + 1} must be two dice 1-6 like [2, 5], "
                              f"not {pair!r}", file=file)
        rolls.append((pair[0], pair[1]))
    return tuple(rolls)


def _log_players(value: Any, file: str | None) -> tuple[PlayerLog, ...]:
    if not isinstance(value, list) or not value:
        raise FormatError("game log 'players' must be a non-empty list", file=file)
    players = []
    for i, p in enumerate(value):
        if not isinstance(p, Mapping) or not isinstance(p.get("name"), str) \
                or not isinstance(p.get("turns"), list):
            raise FormatError(f"game log player {i + 1} must be "
                              '{"name": "...", "turns": [...]}', file=file)
        extra = [k for k in p if k not in ("name", "turns")]
        if extra:
            raise FormatError(f"unknown key {extra[0]!r} in player {p['name']!r}", file=file)
        turns = []
        for r, t in enumerate(p["turns"]):
            try:
                turns.append(Turn.from_dict(t))
            except IllegalTurnError as e:
                raise e.with_context(player=p["name"], round=r + 1, file=file) from None
            except PaleoError as e:
                raise FormatError(f"player {p['name']!r} round {r + 1}: {e}", file=file) from None
        players.append(PlayerLog(p["name"], tuple(turns)))
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise FormatError("game log players must have different names", file=file)
    return tuple(players)
