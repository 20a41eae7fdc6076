"""Where games wait: every turn is saved as a game log, so no game is lost to a re-run of its
cell, a page reload or a kernel restart.

One file per game and player, a game log of FORMATS.md (``paleo score`` reads it), written
whole or not at all::

    <folder>/<game>/<dice>/<player>.json

- ``folder``: ``$PALEOWIDGETS_SAVE`` when set (``off`` turns saving off), else
  ``saved-games`` in the kernel's working folder (the notebook's folder);
- ``game``: the map's name or the puzzle's title as a file name, and 8 hex digits of the
  document itself, so two maps that share a name never share a folder;
- ``dice``: the seed code (``TREX-4821``), or ``rolls-`` and 8 hex digits of fixed rolls;
- ``player``: the player's name as a file name (:func:`log_file_name`).

So every pupil of a class playing one seed code has a file of their own in one folder
(``load_class_logs`` reads it for the scoreboard), and a game without a seed code is found
again as the newest unfinished game of that map and player.

>>> log_file_name("Ada Lovelace")
'Ada-Lovelace.json'
>>> dice_key("trex-4821 ", ())
'TREX-4821'
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .atomic import write_atomically
from .dice import normalise_seed, roll_sequence
from .errors import PaleoError
from .logs import GameLog
from .maps import Map, Puzzle, Roll

SAVE_ENV = "PALEOWIDGETS_SAVE"
DEFAULT_FOLDER = "saved-games"
OFF = ("off", "no", "none", "false", "0")

__all__ = ["DEFAULT_FOLDER", "SAVE_ENV", "Saved", "dice_key", "find_saved", "free_path", "game_key",
           "log_file_name", "save_folder", "save_path", "write_log"]


def log_file_name(player: str) -> str:
    """The file a player's log is saved to: ``log_file_name("Ada Lovelace") ==
    'Ada-Lovelace.json'`` (letters of any script kept, other characters made dashes)."""
    stem = re.sub(r"[^\w\-]+", "-", player, flags=re.UNICODE).strip("-._")
    return f"{stem or 'player'}.json"


def save_folder(setting: bool | str | Path | None = None) -> Path | None:
    """The folder games are saved in: ``setting`` when it is a path, None when it is False
    (no saving); else ``$PALEOWIDGETS_SAVE`` (``off`` turns saving off), else
    ``saved-games`` in the working folder."""
    if setting is False:
        return None
    if isinstance(setting, str | Path) and not isinstance(setting, bool):
        return Path(setting)
    env = os.environ.get(SAVE_ENV, "").strip()
    if env.lower() in OFF:
        return None
    return Path(env) if env else Path(DEFAULT_FOLDER)


def _digest(data: object) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def game_key(document: Map | Puzzle) -> str:
    """The folder of a map or puzzle: its name as a file name and 8 hex of the document."""
    title = document.title or document.map.name if isinstance(document, Puzzle) else \
        document.name
    stem = log_file_name(title or "game")[:-len(".json")].lower()
    return f"{stem}-{_digest(dict(document.doc))}"


def dice_key(seed: int | str | None, rolls: Sequence[Roll]) -> str:
    """The folder of a roll sequence: its seed code, else ``rolls-`` and 8 hex of them."""
    if seed is not None:
        return log_file_name(str(normalise_seed(seed)))[:-len(".json")]
    return f"rolls-{_digest([list(r) for r in rolls])}"


def save_path(folder: Path, document: Map | Puzzle, seed: int | str | None,
              rolls: Sequence[Roll], player: str) -> Path:
    """Where ``player``'s game on ``document`` with these dice is saved."""
    return folder / game_key(document) / dice_key(seed, rolls) / log_file_name(player)


def write_log(path: Path, log: GameLog) -> None:
    """Write ``log`` at ``path`` whole or not at all (its folders made as needed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, log.to_json().encode("utf-8"))


@dataclass(frozen=True)
class Saved:
    """A saved game found again: the file, the log, and the seed code of its dice (None
    when its rolls were fixed)."""

    path: Path
    log: GameLog
    seed: int | str | None

    @property
    def finished(self) -> bool:
        return len(self.log.rolls) >= self.log.game.rounds


def find_saved(folder: Path, document: Map | Puzzle, player: str, *,
               seed: int | str | None = None, rolls: Sequence[Roll] = ()) -> Saved | None:
    """``player``'s saved game on ``document``: the one with these dice (``seed``, or fixed
    ``rolls``), or without either the newest unfinished one. A file that cannot be read or
    is not a game of this document is never taken (nor overwritten: see :func:`save_path`,
    which gives it another folder)."""
    if seed is not None or rolls:
        return _read(save_path(folder, document, seed, rolls, player), document, player,
                     seed, rolls)
    candidates = sorted((folder / game_key(document)).glob(f"*/{log_file_name(player)}"),
                        key=_mtime, reverse=True)
    for path in candidates:
        code = _seed_of(path.parent.name)
        found = _read(path, document, player, code, ())
        if found is not None and not found.finished:
            return found
    return None


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _seed_of(name: str) -> int | str | None:
    """The seed code a dice folder stands for (None: fixed rolls)."""
    if name.startswith("rolls-"):
        return None
    return int(name) if re.fullmatch(r"-?\d+", name) else name


def _read(path: Path, document: Map | Puzzle, player: str, seed: int | str | None,
          rolls: Sequence[Roll]) -> Saved | None:
    """The game at ``path`` if it is one of ``document`` with these dice (and, for a named
    player, theirs)."""
    if not path.is_file():
        return None
    try:
        log = GameLog.load(path)
    except (OSError, PaleoError):
        return None
    if log.document != document or (player and player not in [p.name for p in log.players]):
        return None
    if rolls:
        expected = tuple(rolls[:len(log.rolls)])
    elif seed is not None and isinstance(document, Map):
        expected = roll_sequence(seed, len(log.rolls))
    else:
        expected = tuple(log.rolls)
    return Saved(path, log, seed) if tuple(log.rolls) == expected else None


def free_path(path: Path) -> Path:
    """``path``, or when a file is there already, the first ``name-2.json``,
    ``name-3.json``... that is free (a file that is not this game is never overwritten)."""
    if not path.exists():
        return path
    n = 2
    while (path.with_name(f"{path.stem}-{n}{path.suffix}")).exists():
        n += 1
    return path.with_name(f"{path.stem}-{n}{path.suffix}")
