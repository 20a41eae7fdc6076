"""The error tree: one base class, a file/notation error and a rules error.

Both are ``ValueError``s, and every message quotes the input and where it stands, so a
user sees one clear line (``tiny.toml:7: ...`` or ``round 3: ... [cell-on-fossil]``).
"""

from __future__ import annotations

from collections.abc import Mapping

RULE_IDS = (
    "cell-outside-grid",
    "cell-on-fossil",
    "cell-already-drawn",
    "cells-not-shape",
    "shape-not-allowed",
    "dig-not-allowed",
    "pass-when-fits",
    "bonus-not-held",
    "bonus-gained-this-round",
    "stars-count",
    "star-kind-exhausted",
    "square-outside-grid",
    "square-on-fossil",
    "square-on-star",
    "square-not-open",
    "missing-turn",
    "extra-turn",
    "malformed-turn",
)


class PaleoError(ValueError):
    """Base class of every error this package raises on bad input."""


class FormatError(PaleoError):
    """A file or a piece of notation that cannot be read: names the file and the place.

    >>> str(FormatError("row 3 has 6 cells, row 1 has 7", file="m.toml", line=9))
    'm.toml:9: row 3 has 6 cells, row 1 has 7'
    """

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 column: int | None = None) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        super().__init__(self._text())

    def _text(self) -> str:
        where = self.file or "<input>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}"

    def located(self, *, file: str | None = None, line: int | None = None) -> FormatError:
        """The same error with a file (and a line, when it had none) filled in."""
        return FormatError(self.message, file=self.file or file,
                           line=self.line if self.line is not None else line, column=self.column)


class IllegalTurnError(PaleoError):
    """A turn the rules forbid, naming the rule id, the round and (in games) the player.

    >>> str(IllegalTurnError("cell-on-fossil", "cell D4 is part of fossil A", round=3))
    'round 3: cell D4 is part of fossil A [cell-on-fossil]'
    """

    def __init__(self, rule: str, message: str, *, round: int | None = None,
                 player: str | None = None, file: str | None = None,
                 line: int | None = None, details: Mapping[str, str] | None = None) -> None:
        assert rule in RULE_IDS, rule
        self.rule = rule
        self.message = message
        # The message's facts as data ({"cell": "C3", "fossil": "A"}), so that a widget can
        # say the same sentence in another language.
        self.details: Mapping[str, str] = dict(details or {})
        self.round = round
        self.player = player
        self.file = file
        self.line = line
        super().__init__(self._text())

    def _text(self) -> str:
        parts = []
        if self.file:
            parts.append(self.file + (f":{self.line}" if self.line is not None else ""))
        if self.player is not None:
            parts.append(f"player {self.player!r}")
        if self.round is not None:
            parts.append(f"round {self.round}")
        prefix = ", ".join(parts)
        text = f"{self.message} [{self.rule}]"
        return f"{prefix}: {text}" if prefix else text

    def with_context(self, *, round: int | None = None, player: str | None = None,
                     file: str | None = None, line: int | None = None) -> IllegalTurnError:
        """The same error with more context filled in (what is already set is kept)."""
        return IllegalTurnError(
            self.rule, self.message,
            round=self.round if self.round is not None else round,
            player=self.player if self.player is not None else player,
            file=self.file or file, line=self.line if self.line is not None else line,
            details=self.details)
