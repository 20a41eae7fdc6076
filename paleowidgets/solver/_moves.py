"""Small shared pieces of the exact solver: the move tuple, the clock, the stop signals."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import NamedTuple

from ..core.rules import Bonuses

NONE = -(10**9)
INF = 10**9
NO_GAINS: Bonuses = (0, 0, 0, 0)


class Move(NamedTuple):
    """One round as masks: what ``State.play`` takes, plus a search flag."""

    mask: int              # the shape's cells; 0 for a pass
    shape: int             # index into LETTERS; -1 for a pass
    dig: int               # index into DIG_TYPES
    spend_shape: bool
    spend_dig: bool
    gains: Bonuses         # bonuses the covered stars give, by kind
    squares: int           # One-Square cells
    block_next: bool       # the squares make the next round passable, and it must pass

    @property
    def cells(self) -> int:
        return self.mask | self.squares


PASS = Move(0, -1, 0, False, False, NO_GAINS, 0, False)


class Timeout(Exception):
    """The time limit ran out."""


class Done(Exception):
    """The best line reached a known upper bound: it is optimal."""


class Clock:
    """Counts nodes, enforces the time limit, reports progress now and then."""

    def __init__(self, time_limit: float | None,
                 progress: Callable[[int, int], object] | None) -> None:
        self.start = time.perf_counter()
        self.deadline = None if time_limit is None else self.start + time_limit
        self.progress = progress
        self.nodes = 0
        self.next_report = self.start + 0.5
        self.best: Callable[[], int] = lambda: 0

    def tick(self) -> None:
        self.nodes += 1
        # Every 8 nodes: a planner node on a whole game can take 25 ms, and a limit of
        # 10 s overran by 0.3-0.6 s when this was every 64 (benchmarks/README.md).
        if self.nodes & 7 == 0:
            self.check()

    def check(self) -> None:
        """Raise Timeout past the deadline, and report progress when due (for long
        computations between nodes: a bound may take a while)."""
        now = time.perf_counter()
        if self.deadline is not None and now >= self.deadline:
            raise Timeout
        if self.progress is not None and now >= self.next_report:
            self.next_report = now + 0.5
            self.progress(self.nodes, self.best())

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.start
