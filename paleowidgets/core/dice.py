"""Dice are chance, outside the players' turns: a seeded roller makes roll sequences.

A class game is one roll sequence shared by many sheets: the teacher posts a seed code,
every laptop computes the same rolls from it.

>>> roll_sequence("TREX-4821", 3) == roll_sequence("trex-4821 ", 3)
True
>>> all(1 <= d <= 6 for r in roll_sequence(7, 20) for d in r)
True
"""

from __future__ import annotations

import random

from .maps import Roll

_WORDS = ("TREX", "RAPTOR", "AMMO", "TRILO", "MAMMOTH", "STEGO", "DODO", "SNOWY", "FROSTY",
          "ICICLE", "MITTEN", "CARROT")


def normalise_seed(seed: int | str) -> int | str:
    """Seed codes are read without case or surrounding spaces, so 'trex-1 ' is 'TREX-1'."""
    return seed.strip().upper() if isinstance(seed, str) else seed


def roll_sequence(seed: int | str, rounds: int = 20) -> tuple[Roll, ...]:
    """``rounds`` rolls of two six-sided dice, the same for the same seed on every machine."""
    rng = random.Random(f"paleowidgets:{normalise_seed(seed)}")
    return tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(rounds))


def new_seed_code(rng: random.Random | None = None) -> str:
    """A short code a teacher can post, like 'STEGO-5190'."""
    r = rng or random.Random()
    return f"{r.choice(_WORDS)}-{r.randint(1000, 9999)}"


class Roller:
    """Rolls one pair at a time from a seed: ``Roller(seed).roll()``."""

    def __init__(self, seed: int | str) -> None:
        self.seed = normalise_seed(seed)
        self._rng = random.Random(f"paleowidgets:{self.seed}")

    def roll(self) -> Roll:
        return self._rng.randint(1, 6), self._rng.randint(1, 6)
