"""What a sheet shows, whatever it was made from: a map, a puzzle, a state or a game log.

:func:`sheet_of` turns each into one :class:`Sheet` (a state, the rolls, the turns that
led there, a title, a player's name), so the layout code deals with one thing.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> sheet_of(parse_document(TINY)).state.round
0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..core.dice import normalise_seed, roll_sequence
from ..core.logs import GameLog, replay_turns
from ..core.maps import Map, Puzzle, Roll
from ..core.rules import Game, State
from ..core.turns import Turn
from .style import THEMES, Theme, label

Renderable = Map | Puzzle | State | GameLog


@dataclass(frozen=True)
class Sheet:
    """One player's sheet. ``blank`` when nothing has been played on it yet (a map or a
    puzzle handed out), so the score box and the name line stay empty."""

    state: State
    rolls: tuple[Roll, ...] = ()
    turns: tuple[Turn, ...] = ()
    title: str = ""
    player: str = ""
    blank: bool = False
    puzzle: bool = False
    seed: str = ""        # the seed code whose rolls fill the round track, shown on the sheet
    # the title in other languages (a puzzle's ``titles``), by language code
    titles: Mapping[str, str] = field(default_factory=dict, compare=False)

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def theme(self) -> Theme:
        return THEMES.get(self.game.map.theme, THEMES["paleontologists"])


@dataclass(frozen=True)
class Ctx:
    """The drawing context: the cell size ``u`` (every size is a multiple of it), the
    theme's colours and the words."""

    u: float
    theme: Theme
    labels: Mapping[str, str]
    lang: str = "en"          # the language of the words the map file gives (names)

    def __call__(self, k: float) -> float:
        """``k`` cells in pixels: ``ctx(0.5)`` is half a cell."""
        return k * self.u

    def text(self, key: str, **fields: object) -> str:
        return label(self.labels, key, **fields)


def sheet_of(obj: Renderable, *, rolls: Sequence[Roll] | None = None,
             turns: Sequence[Turn] | None = None, player: int | str | None = None,
             title: str | None = None, seed: int | str | None = None) -> Sheet:
    """The sheet of ``obj``. A map or puzzle with ``turns`` is played through them (the
    rolls are the puzzle's, or ``rolls``); a game log shows player ``player`` (an index or
    a name, the first by default) after its last roll, with its own rolls and turns.
    ``seed`` (a map only) fills the round track with the rolls of that seed code, those of
    a class game on it, and writes the code on the sheet."""
    if seed is not None:
        return _seeded(obj, seed, rolls=rolls, turns=turns, player=player, title=title)
    if isinstance(obj, GameLog):
        if rolls is not None or turns is not None:
            raise TypeError("a GameLog brings its own rolls and turns")
        return _log_sheet(obj, player, title)
    if isinstance(player, int):
        raise TypeError("player is an index only for a GameLog; give a name (str) otherwise")
    name = player or ""
    if isinstance(obj, State):
        return _checked(Sheet(obj, tuple(rolls or ()), tuple(turns or ()),
                              title or obj.game.map.name, name))
    if isinstance(obj, Puzzle):
        game = Game.from_puzzle(obj)
        all_rolls = tuple(rolls if rolls is not None else obj.rolls)
        heading = title or obj.title or obj.map.name
        sheet = _played(game, all_rolls, tuple(turns or ()), heading, name, puzzle=True)
        return replace(sheet, titles=_titles(obj, title))
    if isinstance(obj, Map):
        return _played(Game(obj), tuple(rolls or ()), tuple(turns or ()), title or obj.name,
                       name, puzzle=False)
    raise TypeError(f"cannot draw a sheet of {type(obj).__name__}: expected a Map, Puzzle, "
                    "State or GameLog")


def _seeded(obj: Renderable, seed: int | str, *, rolls: Sequence[Roll] | None,
            turns: Sequence[Turn] | None, player: int | str | None,
            title: str | None) -> Sheet:
    """The sheet of a map on the rolls of a seed code, the code written on it."""
    if not isinstance(obj, Map):
        raise ValueError(f"a seed code gives the rolls of a map; a {type(obj).__name__} "
                         "brings its own rolls")
    if rolls is not None:
        raise TypeError("give rolls or a seed code, not both")
    code = str(normalise_seed(seed))
    if not code:
        raise ValueError("the seed code is empty")
    sheet = sheet_of(obj, rolls=roll_sequence(seed, obj.rounds), turns=turns, player=player,
                     title=title)
    return replace(sheet, seed=code)


def _played(game: Game, rolls: tuple[Roll, ...], turns: tuple[Turn, ...], title: str,
            player: str, *, puzzle: bool) -> Sheet:
    """A fresh sheet of ``game``, played through ``turns`` when there are any."""
    state = game.initial_state()
    if turns:
        state = replay_turns(game, rolls[:len(turns)], turns)[-1]
    return _checked(Sheet(state, rolls, turns, title, player, blank=not turns, puzzle=puzzle))


def _log_sheet(log: GameLog, player: int | str | None, title: str | None) -> Sheet:
    names = [p.name for p in log.players]
    if player is None:
        index = 0
    elif isinstance(player, str):
        if player not in names:
            raise ValueError(f"no player {player!r} in this game log (players: "
                             f"{', '.join(names)})")
        index = names.index(player)
    else:
        index = player
        if not 0 <= index < len(names):
            raise ValueError(f"player index {index} out of range: the log has "
                             f"{len(names)} players")
    p = log.players[index]
    state = replay_turns(log.game, log.rolls, p.turns, player=p.name)[-1]
    doc = log.document
    heading = title or (doc.title or doc.map.name if isinstance(doc, Puzzle) else doc.name)
    return _checked(Sheet(state, log.rolls, p.turns, heading, p.name,
                          puzzle=isinstance(doc, Puzzle),
                          titles=_titles(doc, title) if isinstance(doc, Puzzle) else {}))


def _titles(puzzle: Puzzle, title: str | None) -> Mapping[str, str]:
    """A puzzle sheet's title in other languages: the puzzle's ``titles`` when the sheet
    is headed by the puzzle's own title."""
    return puzzle.titles if not title and puzzle.title else {}


def _checked(sheet: Sheet) -> Sheet:
    rounds = sheet.game.rounds
    if len(sheet.rolls) > rounds:
        raise ValueError(f"{len(sheet.rolls)} rolls for a game of {rounds} rounds")
    return sheet
