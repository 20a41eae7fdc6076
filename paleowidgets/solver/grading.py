"""How hard is a puzzle? A grade from its proof, the greedy bot and its first round.

>>> from paleowidgets.core.maps import load_document
>>> puzzle = load_document("puzzles/1-beginner/01-first-ring.toml")   # doctest: +SKIP
>>> grade(puzzle, solve(puzzle)).tier                                  # doctest: +SKIP
'beginner'

A :class:`Grade` is a pure function of a puzzle and its :class:`~.exact.Solution`: the
solver's effort (nodes; the seconds are reported but never graded, they depend on the
machine), what :class:`~.bots.GreedyBot` scores on the same rolls (a fixed rng seed), and,
optionally, the first round analysed turn by turn: how many legal first turns there are
and how many of them keep the optimum reachable (the number of optimal ways in).

The tier rule
=============
Four kinds of points are added up:

- **depth** (how far ahead one plans): rounds 1-3 give 0, 4-5 give 1, 6-7 give 2,
  8 or more give 3;
- **breadth** (how many places to look): 1 when the map has 70 or more open cells (a 9x9
  map or bigger, fossils and drawn cells aside), else 0;
- **effort** (how hard the proof was for the exact solver): fewer than 40 nodes give 0,
  fewer than 80 give 1, fewer than 400 give 2, more give 3 (:data:`EFFORT_NODES`: the
  limits follow the solver; they were 100/1,000/10,000 before its ring-cover bound cut
  node counts by 10-200x);
- **trap** (how badly the obvious play does): 1 when the greedy bot misses at least a
  quarter of the optimum, 2 when it misses at least half.

Then 0-1 points is **beginner**, 2-3 **intermediate**, 4-5 **advanced**, 6 or more
**expert**. Solver speed-ups change ``nodes``, so a puzzle near a threshold may move by a
tier: ``paleo puzzles verify --grade`` shows where the collection stands.

The first-round analysis is reported but not graded: it costs one exact solve per legal
first turn (seconds on a 6x6 map, minutes on bigger ones, so it is skipped above
FIRST_MOVES_CAP turns), which is too slow to re-check a whole collection in CI, and a
rule must give the same tier whether or not it ran.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..core.maps import DIFFICULTIES, Puzzle, Roll
from ..core.rules import Game, State
from ..core.turns import Turn
from .bots import GreedyBot, play_game

__all__ = [
    "FIRST_MOVES_CAP",
    "GREEDY_SEED",
    "Grade",
    "SolutionLike",
    "grade",
    "greedy_score",
    "tier_of",
]

GREEDY_SEED = 0            # the greedy bot's rng seed: a grade is reproducible
FIRST_MOVES_CAP = 2000     # more legal first turns than this: the first round is not analysed
TIER_POINTS = (2, 4, 6)    # the points at which intermediate, advanced, expert start


class SolutionLike(Protocol):
    """What grading reads of :class:`~.exact.Solution`."""

    @property
    def optimum(self) -> int: ...
    @property
    def proven(self) -> bool: ...
    @property
    def nodes(self) -> int: ...
    @property
    def seconds(self) -> float: ...


@dataclass(frozen=True)
class Grade:
    """A puzzle's difficulty: the tier, the points behind it and the measures behind them.

    ``first_moves`` (distinct legal turns of round 1, One Squares aside) and
    ``optimal_first_moves`` (those from which the optimum is still reachable) are None when
    the first round was not analysed.
    """

    tier: str
    points: int
    optimum: int
    nodes: int
    seconds: float
    rounds: int
    greedy: int
    first_moves: int | None = None
    optimal_first_moves: int | None = None
    reasons: tuple[str, ...] = ()
    open_cells: int = 0
    # the points of each kind, in the rule's order: (("depth", 0), ("breadth", 0), ...);
    # a widget words them in its language from these and the measures above
    parts: tuple[tuple[str, int], ...] = ()

    @property
    def gap(self) -> int:
        """How many points the greedy bot leaves on the table."""
        return self.optimum - self.greedy

    def to_dict(self) -> dict[str, object]:
        """The ``paleo puzzles grade --json`` object."""
        return {"tier": self.tier, "points": self.points, "optimum": self.optimum,
                "nodes": self.nodes, "seconds": round(self.seconds, 3), "rounds": self.rounds,
                "greedy": self.greedy, "gap": self.gap, "first_moves": self.first_moves,
                "optimal_first_moves": self.optimal_first_moves,
                "reasons": list(self.reasons)}

    def __str__(self) -> str:
        first = ("" if self.first_moves is None else
                 f", {self.optimal_first_moves} of {self.first_moves} first turns keep it")
        return (f"{self.tier} ({_count(self.points, 'point')}: {'; '.join(self.reasons)}); "
                f"optimum {self.optimum}, greedy {self.greedy}, {_count(self.nodes, 'node')}"
                f"{first}")


def _count(n: int, word: str) -> str:
    """A count and its noun, singular for one:

    >>> _count(1, "point"), _count(0, "point"), _count(1200, "node")
    ('1 point', '0 points', '1,200 nodes')
    """
    return f"{n:,} {word}{'' if n == 1 else 's'}"


# ---------------------------------------------------------------------------------------
# The rule


def depth_points(rounds: int) -> int:
    """Depth points for the number of rounds.

    >>> [depth_points(r) for r in (2, 4, 6, 8)]
    [0, 1, 2, 3]
    """
    return 0 if rounds <= 3 else 1 if rounds <= 5 else 2 if rounds <= 7 else 3


def breadth_points(open_cells: int) -> int:
    """Breadth points for the number of open cells.

    >>> breadth_points(69), breadth_points(70)
    (0, 1)
    """
    return 1 if open_cells >= 70 else 0


# Node counts of the exact solver as it stands (with the geometric ring-cover bound of
# 2026-11-30 its proofs of the collection take 0-605 nodes, where the solver before it
# needed up to 23,000): a faster solver shrinks them, so these limits follow the solver.
EFFORT_NODES = (40, 80, 400)


def effort_points(nodes: int) -> int:
    """Effort points for the solver's nodes.

    >>> [effort_points(n) for n in (10, 40, 80, 400)]
    [0, 1, 2, 3]
    """
    return sum(nodes >= limit for limit in EFFORT_NODES)


def open_cells(puzzle: Puzzle) -> int:
    """Cells a shape may still cover at the start: neither fossil nor already drawn."""
    m = puzzle.map
    return m.width * m.height - sum(len(f.cells) for f in m.fossils) - len(m.predrawn)


def trap_points(optimum: int, greedy: int) -> int:
    """Trap points for what the greedy bot leaves on the table.

    >>> trap_points(12, 10), trap_points(12, 9), trap_points(12, 6)
    (0, 1, 2)
    """
    gap = optimum - greedy
    return 2 if 2 * gap >= optimum > 0 else 1 if 4 * gap >= optimum > 0 else 0


def tier_of(points: int) -> str:
    """The tier of a number of points.

    >>> [tier_of(p) for p in (0, 2, 4, 6, 9)]
    ['beginner', 'intermediate', 'advanced', 'expert', 'expert']
    """
    return DIFFICULTIES[sum(points >= p for p in TIER_POINTS)]


# ---------------------------------------------------------------------------------------
# The measures


def greedy_score(puzzle: Puzzle) -> int:
    """What the greedy bot scores on the puzzle's rolls (rng seeded with GREEDY_SEED)."""
    game = Game.from_puzzle(puzzle)
    final, _ = play_game(game, puzzle.rolls, GreedyBot(), random.Random(GREEDY_SEED))
    return final.score().total


SolveFrom = Callable[[Game, Sequence[Roll], State], int]


def solve_from() -> SolveFrom | None:
    """The best final score reachable from a state (the exact solver's ``start=``), or None
    when this solver cannot start mid-game."""
    from .exact import solve

    if "start" not in inspect.signature(solve).parameters:
        return None

    def best(game: Game, rolls: Sequence[Roll], state: State) -> int:
        sol = solve((game, rolls), start=state)   # type: ignore[call-arg, unused-ignore]
        if not sol.proven:
            raise RuntimeError("the solver stopped without a proof")
        return int(sol.optimum)

    return best


def first_round(puzzle: Puzzle, optimum: int, *, cap: int = FIRST_MOVES_CAP
                ) -> tuple[int, int] | None:
    """(legal first turns, those that keep ``optimum`` reachable), One Squares aside (a
    square can wait for a later round); None when there are more than ``cap`` first turns
    or the solver cannot start mid-game. Turns leading to the same state count once."""
    best = solve_from()
    if best is None:
        return None
    game = Game.from_puzzle(puzzle)
    start = game.initial_state()
    roll = puzzle.rolls[0]
    children: dict[State, Turn] = {}
    for turn in start.legal_turns(roll, max_squares=0):
        children.setdefault(start.apply(roll, turn), turn)
        if len(children) > cap:
            return None
    good = sum(best(game, puzzle.rolls, child) == optimum for child in children)
    return len(children), good


def grade(puzzle: Puzzle, solution: SolutionLike, *, first_moves: bool = False,
          cap: int = FIRST_MOVES_CAP) -> Grade:
    """The puzzle's :class:`Grade` (see the module docstring for the rule). With
    ``first_moves`` the first round is analysed turn by turn (one exact solve per legal
    first turn: seconds to minutes; reported, not graded)."""
    if not solution.proven:
        raise ValueError("grading needs a proven optimum (solve without a time limit)")
    optimum = int(solution.optimum)
    greedy = greedy_score(puzzle)
    rounds = len(puzzle.rolls)
    nodes = int(solution.nodes)
    first = first_round(puzzle, optimum, cap=cap) if first_moves else None
    cells = open_cells(puzzle)
    parts = (("depth", depth_points(rounds), _count(rounds, "round")),
             ("breadth", breadth_points(cells), _count(cells, "open cell")),
             ("effort", effort_points(nodes), _count(nodes, "node")),
             ("trap", trap_points(optimum, greedy), f"greedy {greedy} of {optimum}"))
    points = sum(p for _, p, _ in parts)
    reasons = tuple(f"{name} +{p} ({why})" for name, p, why in parts)
    return Grade(tier=tier_of(points), points=points, optimum=optimum, nodes=nodes,
                 seconds=float(solution.seconds), rounds=rounds, greedy=greedy,
                 first_moves=None if first is None else first[0],
                 optimal_first_moves=None if first is None else first[1], reasons=reasons,
                 open_cells=cells, parts=tuple((name, p) for name, p, _ in parts))
