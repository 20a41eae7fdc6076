"""An independent reference for the exact solver: the optimum by brute force.

It knows nothing of the solver. It tries every turn the core's checked generator
``State.legal_turns`` produces, applies it with the checked ``State.apply``, and memoises on
the whole ``State`` (a state's future depends on nothing else): no pruning, no dominance,
no bound. So it is slow, and only for tiny puzzles; the test suite and
``benchmarks/cross_check.py`` compare the solver with it.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> puzzle = parse_document(TINY + '[puzzle]\\nrolls = [[2, 5], [1, 4]]\\n')
>>> from paleowidgets.solver.exact import solve
>>> brute_force(Game.from_puzzle(puzzle), puzzle.rolls) == solve(puzzle).optimum
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache

from ..core.maps import Puzzle, Roll
from ..core.rules import Game, State
from ..core.turns import Turn

__all__ = ["TooBig", "brute_force", "checked_case", "looks_small"]


class TooBig(Exception):
    """The brute force would take too long on this puzzle."""


def brute_force(game: Game, rolls: Sequence[Roll], *, budget: int | None = None,
                may_pass: bool = False, start: State | None = None) -> int:
    """The optimum by trying every legal turn, memoised on the State. With ``may_pass``,
    a plain pass is also tried where the forced-draw rule forbids it (the relaxation);
    with ``start``, from that state (round r plays ``rolls[r]``)."""
    work = 0

    @cache
    def best(s: State) -> int:
        nonlocal work
        if s.is_terminal:
            return s.score().total
        roll = rolls[s.round]
        forced = s.must_draw(roll)
        turns = list(s.legal_turns(roll))
        if may_pass and forced:
            turns.append(Turn.pass_())
        value = -1
        for turn in turns:
            work += 1
            if budget is not None and work > budget:
                raise TooBig
            # The relaxation's extra pass is played unchecked: State.apply refuses it.
            after = s.play(0, 0) if turn.passed and forced else s.apply(roll, turn)
            value = max(value, best(after))
        return value

    try:
        return best(game.initial_state() if start is None else start)
    finally:
        best.cache_clear()


def looks_small(puzzle: Puzzle, budget: int) -> bool:
    """A quick guess whether the brute force finishes within ``budget`` turns: the turns
    of the first round, to the power of the rounds."""
    game = Game.from_puzzle(puzzle)
    turns = game.initial_state().legal_turns(puzzle.rolls[0])
    return all(n ** len(puzzle.rolls) <= 4 * budget for n, _ in enumerate(turns, 1))


def checked_case(make: Callable[[random.Random], Puzzle], seed: str, budget: int
                 ) -> tuple[Puzzle, int]:
    """The first puzzle ``make`` draws from ``random.Random(seed)`` that the brute force
    finishes within ``budget`` applied turns, with its optimum (always the same puzzle
    for the same seed)."""
    rng = random.Random(seed)
    while True:
        puzzle = make(rng)
        if not looks_small(puzzle, budget):
            continue
        try:
            return puzzle, brute_force(Game.from_puzzle(puzzle), puzzle.rolls, budget=budget)
        except TooBig:
            continue

