"""Lesson 7, strategy and optimisation: bots against the proven optimum, branch and bound
on a tiny example, and the regret of each round of a game.

Branch and bound is shown on a problem small enough to follow by hand: a **dig bag**.
Each find takes some room and is worth some points; the bag holds so much room; which
finds give the most points? Every find is taken or left: a tree of choices. The bound
at a node is the points taken so far plus *every* find still to decide, as if the bag
had no limit: a relaxation, like the solver's "may pass every round", that can only
over-estimate. A node whose bound is not above the best bag found so far is cut.

>>> bag = branch_and_bound(FINDS, ROOM)
>>> bag.best, bag.taken, bag.nodes, brute_force(FINDS, ROOM)
(10, ('Skull', 'Shell'), 10, (10, 16))
>>> bag.leaves, tree_nodes(len(FINDS))      # like with like: 2 of 16 bags, 10 of 31 nodes
(2, 31)
>>> check_bound(FINDS, {"Skull": True, "Tooth": False}, 7)
✘ Not yet: 7 is only what the bag holds so far.
  Hint: add the points of every find not decided yet, as if the room were endless
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.maps import Puzzle
from ..core.rules import Game
from ..solver.analysis import Analysis
from ..solver.bots import Bot, GreedyBot, play_game
from . import Feedback, checker, right, wrong
from .answers import WHOLE_NUMBER, YES_NO
from .tickets import ExitTicket, Question
from .words import say, say_n

__all__ = [
    "FINDS",
    "ROOM",
    "Bag",
    "Find",
    "bot_score",
    "branch_and_bound",
    "brute_force",
    "check_bound",
    "check_cut",
    "check_gap",
    "check_worst_round",
    "exit_ticket",
    "node_bound",
]


@dataclass(frozen=True)
class Find:
    """Something to carry home: its name, the room it takes, its points."""

    name: str
    room: int
    points: int


FINDS = (Find("Skull", 6, 7), Find("Tooth", 2, 1), Find("Shell", 3, 3), Find("Claw", 4, 2))
ROOM = 10


@dataclass(frozen=True)
class Bag:
    """What a search found: the best points, the finds taken, nodes visited, and each
    node cut with (its decisions, its bound, the best bag known then)."""

    best: int
    taken: tuple[str, ...]
    nodes: int
    cuts: tuple[tuple[dict[str, bool], int, int], ...]
    leaves: int = 0      # whole bags reached (every find decided): compare with brute force


def tree_nodes(n: int) -> int:
    """Every node of the full tree of ``n`` take-or-leave choices, inner nodes and leaves
    (the 2^n bags): ``tree_nodes(4) == 31``. Compare it with :attr:`Bag.nodes`; compare
    :attr:`Bag.leaves` with brute force's 2^n bags."""
    return (1 << (n + 1)) - 1


def brute_force(finds: Sequence[Find], room: int) -> tuple[int, int]:
    """The best points by trying every bag (2^n of them), and how many were tried."""
    best, tried = 0, 0
    for mask in range(1 << len(finds)):
        chosen = [f for i, f in enumerate(finds) if mask >> i & 1]
        tried += 1
        if sum(f.room for f in chosen) <= room:
            best = max(best, sum(f.points for f in chosen))
    return best, tried


def node_bound(finds: Sequence[Find], decisions: Mapping[str, bool]) -> int:
    """The bound at a node of the tree: ``decisions`` says, for the first finds in order,
    taken (True) or left (False). Points taken plus every find still undecided."""
    names = [f.name for f in finds]
    if list(decisions) != names[:len(decisions)]:
        raise ValueError(f"decide the finds in order: {', '.join(names)}")
    taken = sum(f.points for f in finds if decisions.get(f.name))
    return taken + sum(f.points for f in finds[len(decisions):])


def _node(finds: Sequence[Find], taken: tuple[str, ...], i: int) -> dict[str, bool]:
    return {f.name: f.name in taken for f in finds[:i]}


def branch_and_bound(finds: Sequence[Find], room: int) -> Bag:
    """The best bag by depth-first search (take before leave), cutting each node whose
    bound (:func:`node_bound`'s relaxation) is not above the best bag found so far."""
    best, nodes, leaves = 0, 0, 0
    best_taken: tuple[str, ...] = ()
    cuts: list[tuple[dict[str, bool], int, int]] = []

    def visit(i: int, taken: tuple[str, ...], used: int, points: int) -> None:
        nonlocal best, best_taken, nodes, leaves
        nodes += 1
        if points > best:
            best, best_taken = points, taken
        if i == len(finds):
            leaves += 1
            return
        bound = points + sum(f.points for f in finds[i:])
        if bound <= best:           # nothing below can beat the best bag: cut
            cuts.append((_node(finds, taken, i), bound, best))
            return
        f = finds[i]
        if used + f.room <= room:
            visit(i + 1, (*taken, f.name), used + f.room, points + f.points)
        visit(i + 1, taken, used, points)

    visit(0, (), 0, 0)
    return Bag(best, best_taken, nodes, tuple(cuts), leaves)


def _bag_node() -> tuple[Sequence[Find], dict[str, bool]]:
    return FINDS, {"Skull": True, "Tooth": False}


@checker(WHOLE_NUMBER, solution=node_bound, example=_bag_node)
def check_bound(finds: Sequence[Find], decisions: Mapping[str, bool],
                answer: Any) -> Feedback:
    """Exercise: the bound at the node of ``decisions`` (find name -> taken)."""
    want = node_bound(finds, decisions)
    have = sum(f.points for f in finds if decisions.get(f.name))
    got = WHOLE_NUMBER.read(answer)
    if got == want:
        return right(say("l07.bound.right", want=want, have=have, rest=want - have))
    if got == have:
        return wrong(say("l07.bound.so-far", got=got), hint=say("l07.bound.so-far.hint"))
    if got == sum(f.points for f in finds):
        return wrong(say("l07.bound.all", got=got), hint=say("l07.bound.all.hint"))
    return wrong(say("l07.bound.wrong", got=got), hint=say("l07.bound.hint"))


def _cut(finds: Sequence[Find], decisions: Mapping[str, bool], best_so_far: int) -> bool:
    return node_bound(finds, decisions) <= best_so_far


@checker(YES_NO, solution=_cut, example=lambda: (FINDS, {"Skull": False}, 10))
def check_cut(finds: Sequence[Find], decisions: Mapping[str, bool], best_so_far: int,
              answer: Any) -> Feedback:
    """Exercise: may the search skip everything below the node of ``decisions`` when the
    best bag found so far scores ``best_so_far``? (yes when the bound is not above it)"""
    bound = node_bound(finds, decisions)
    cut = bound <= best_so_far
    if YES_NO.read(answer) == cut:
        return right(say("l07.cut.cut" if cut else "l07.cut.keep", bound=bound,
                         best=best_so_far))
    return wrong(say("l07.cut.wrong"), hint=say("l07.cut.hint", bound=bound))


def bot_score(puzzle: Puzzle, bot: Bot | None = None, *, seed: int = 1) -> int:
    """What a bot (the greedy one by default) scores on a puzzle's rolls."""
    if bot is None:
        return _greedy_score(puzzle, seed)
    game = Game.from_puzzle(puzzle)
    final, _ = play_game(game, puzzle.rolls, bot or GreedyBot(), random.Random(seed))
    return final.score().total


def _optimum(puzzle: Puzzle) -> int:
    from .lesson08 import _optimum as optimum
    return optimum(puzzle, None)


def _gap(puzzle: Puzzle) -> int:
    return _optimum(puzzle) - bot_score(puzzle)


@functools.lru_cache(maxsize=64)
def _greedy_score(puzzle: Puzzle, seed: int) -> int:
    return bot_score(puzzle, GreedyBot(), seed=seed)


def _tiny() -> tuple[Puzzle]:
    from .lesson08 import tiny_puzzle
    return (tiny_puzzle(),)


@checker(WHOLE_NUMBER, solution=_gap, example=_tiny)
def check_gap(puzzle: Puzzle, answer: Any) -> Feedback:
    """Exercise: how many points does the greedy bot leave on a puzzle (optimum - greedy)?"""
    optimum = _optimum(puzzle)
    greedy = bot_score(puzzle)
    gap = optimum - greedy
    got = WHOLE_NUMBER.read(answer)
    if got == gap:
        return right(say("l07.gap.right", greedy=greedy, optimum=optimum, gap=gap))
    if got in (greedy, optimum):
        return wrong(say("l07.gap.score", got=got), hint=say("l07.gap.subtract"))
    if got == -gap:
        return wrong(say("l07.gap.negative", got=got), hint=say("l07.gap.subtract"))
    return wrong(say("l07.gap.wrong", got=got), hint=say("l07.gap.hint"))


def _worst_round(analysis: Analysis) -> int:
    return max(analysis.rounds, key=lambda ra: ra.regret).round


def _greedy_analysis() -> tuple[Analysis]:
    from ..solver.analysis import analyse
    (puzzle,) = _tiny()
    game = Game.from_puzzle(puzzle)
    _, turns = play_game(game, puzzle.rolls, GreedyBot(), random.Random(1))
    return (analyse(game, puzzle.rolls, tuple(turns)),)


@checker(WHOLE_NUMBER, expects="l07.worst-round.expects", solution=_worst_round,
         example=_greedy_analysis)
def check_worst_round(analysis: Analysis, answer: Any) -> Feedback:
    """Exercise: which round gave away the most (the highest regret)?"""
    regrets = {ra.round: ra.regret for ra in analysis.rounds}
    worst = max(regrets.values(), default=0)
    got = WHOLE_NUMBER.read(answer)
    if got not in regrets:
        return wrong(say("l07.worst.no-round", got=got),
                     hint=say("l07.worst.no-round.hint", rounds=len(regrets)))
    if regrets[got] == worst:
        if worst == 0:
            return right(say("l07.worst.none", got=got))
        return right(say_n("l07.worst.right", worst, got=got))
    return wrong(say("l07.worst.wrong", got=got, regret=regrets[got]),
                 hint=say("l07.worst.hint"))


def exit_ticket() -> ExitTicket:
    """Lesson 7's exit ticket, on the dig bag: a bound, and a cut."""
    return ExitTicket(7, (
        Question(say("l07.exit.1"), check_bound, (FINDS, {"Skull": False, "Tooth": True})),
        Question(say("l07.exit.2"), check_cut, (FINDS, {"Skull": False, "Tooth": False}, 7)),
    ))
