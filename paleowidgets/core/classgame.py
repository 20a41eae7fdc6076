"""A class game: many sheets, one roll sequence from a seed code the teacher posts.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> cg = ClassGame(parse_document(TINY), "TREX-4821", ["Ada", "Bo"])
>>> cg.roll_for("Ada") == cg.rolls[0]
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .dice import normalise_seed, roll_sequence
from .errors import IllegalTurnError
from .logs import GameLog, Outcome, PlayerLog
from .maps import Map, Puzzle, Roll
from .rules import Game, State
from .turns import Turn


def file_stem(name: str, default: str = "player") -> str:
    """A person's name as a file name stem: ``file_stem("Ada Lovelace") == 'Ada-Lovelace'``
    (letters of any script kept, other characters made dashes)."""
    return re.sub(r"[^\w\-]+", "-", name, flags=re.UNICODE).strip("-._") or default


class ClassGame:
    """Players who each play their own sheet on the same rolls, at their own pace."""

    def __init__(self, document: Map | Puzzle, seed: int | str,
                 players: Iterable[str] = ()) -> None:
        self.document = document
        self.game = Game.from_puzzle(document) if isinstance(document, Puzzle) else Game(document)
        self.seed = normalise_seed(seed)
        self.rolls: tuple[Roll, ...] = (tuple(document.rolls) if isinstance(document, Puzzle)
                                         else roll_sequence(self.seed, self.game.rounds))
        self._turns: dict[str, list[Turn]] = {}
        self._states: dict[str, list[State]] = {}
        for name in players:
            self.join(name)

    def join(self, name: str) -> None:
        if name in self._turns:
            raise ValueError(f"player {name!r} has already joined")
        self._turns[name] = []
        self._states[name] = [self.game.initial_state()]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self._turns)

    def state(self, name: str) -> State:
        return self._states[name][-1]

    def roll_for(self, name: str) -> Roll | None:
        """The roll this player plays next, or None when their game is over."""
        r = self.state(name).round
        return self.rolls[r] if r < len(self.rolls) else None

    def play(self, name: str, turn: Turn) -> State:
        """Check and apply the player's next turn (IllegalTurnError names player and round)."""
        state = self.state(name)
        roll = self.roll_for(name) or (1, 1)     # no roll left: apply raises extra-turn
        try:
            new = state.apply(roll, turn)
        except IllegalTurnError as e:
            raise e.with_context(player=name) from None
        self._turns[name].append(turn)
        self._states[name].append(new)
        return new

    def record(self, name: str, turn: Turn, state: State) -> State:
        """Add the player's next turn as already checked: ``state`` is what
        :meth:`State.apply` made of it (a play session's answer), so it is not checked
        again. Use :meth:`play` for a turn nobody has checked."""
        if state.round != self.state(name).round + 1:
            raise ValueError(f"a state after round {state.round} cannot follow round "
                             f"{self.state(name).round} of {name!r}")
        self._turns[name].append(turn)
        self._states[name].append(state)
        return state

    def undo(self, name: str) -> State:
        """Take back the player's last turn."""
        if self._turns[name]:
            self._turns[name].pop()
            self._states[name].pop()
        return self.state(name)

    def scoreboard(self) -> list[tuple[str, int, int]]:
        """(name, score, rounds played), best first; equal scores keep joining order."""
        rows = [(n, s[-1].score().total, s[-1].round) for n, s in self._states.items()]
        return sorted(rows, key=lambda r: -r[1])

    def log(self) -> GameLog:
        """The game so far as a log (rolls up to the slowest player's round)."""
        done = min((len(t) for t in self._turns.values()), default=0)
        return GameLog(self.document, self.rolls[:done],
                       tuple(PlayerLog(n, tuple(t[:done])) for n, t in self._turns.items()))

    def outcome(self) -> Outcome:
        return Outcome(tuple((n, s[-1].score()) for n, s in self._states.items()))
