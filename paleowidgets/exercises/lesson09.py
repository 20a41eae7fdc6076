"""Lesson 9, Snowman Edition: checks for the class-game and Build your Snowman exercises.

Every answer is checked against the package itself: the rolls against
:func:`~paleowidgets.core.dice.roll_sequence`, the winners against the class game's
:meth:`~paleowidgets.core.classgame.ClassGame.outcome`, a snowman against the items the
core says were dug up. A usual mistake (counting rounds from 0, forgetting a tie, putting
an item on the snowman that was never dug up) is told which.

>>> print(check_roll("TREX-4821", 1, roll_sequence("TREX-4821", 1)[0]))
✔ Right: with seed TREX-4821, round 1 rolls 5 and 6, on every laptop.
>>> print(check_roll("TREX-4821", 2, roll_sequence("TREX-4821", 2)[0]).message)
(5, 6) is the roll of round 1: rounds count from 1, the list from 0.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.classgame import ClassGame
from ..core.dice import normalise_seed, roll_sequence
from ..core.maps import Roll
from ..core.rules import State
from ..render.snowman import Snowman, dug_items
from . import Feedback, right, wrong

__all__ = ["check_roll", "check_snowman", "check_winners"]

MISSING = "write your answer in place of None"


def check_roll(seed: int | str, round: int, answer: Roll | None) -> Feedback:
    """Is ``answer`` the roll of round ``round`` (from 1) for a class with ``seed``?"""
    if answer is None:
        return wrong(MISSING, hint="roll_sequence(seed, 20) lists the rolls of the game")
    code = normalise_seed(seed)
    rolls = roll_sequence(code, max(round + 1, 20))
    want = rolls[round - 1]
    got = tuple(answer)
    if got == want:
        return right(f"with seed {code}, round {round} rolls {want[0]} and {want[1]}, on "
                     "every laptop.")
    if round >= 2 and got == rolls[round - 2]:
        return wrong(f"{got} is the roll of round {round - 1}: rounds count from 1, the "
                     "list from 0.")
    if got == rolls[round]:
        return wrong(f"{got} is the roll of round {round + 1}: rounds count from 1, the "
                     "list from 0.")
    if got == (want[1], want[0]):
        return right(f"(the dice in the other order: round {round} rolls {want[0]} and "
                     f"{want[1]}; either die can give the shape).")
    return wrong(f"{got} is not the roll of round {round} with seed {code}.",
                 hint="seed codes ignore case and spaces; did you type the right one?")


def check_winners(game: ClassGame, answer: str | Iterable[str] | None) -> Feedback:
    """Who won the class game? A name, or several names when scores are equal."""
    if answer is None:
        return wrong(MISSING, hint="game.scoreboard() lists the players, best first")
    names = {answer} if isinstance(answer, str) else set(answer)
    winners = set(game.outcome().winners)
    best = max((score for _, score, _ in game.scoreboard()), default=0)
    unknown = names - set(game.players)
    if unknown:
        return wrong(f"{', '.join(sorted(unknown))} did not play in this class game.")
    if names == winners:
        who = " and ".join(sorted(winners))
        shared = " (equal scores share the win)" if len(winners) > 1 else ""
        return right(f"{who} won with {best} points{shared}.")
    if names < winners:
        return wrong(f"{', '.join(sorted(names))} scored the most, but not alone: "
                     f"{len(winners)} players have {best} points.",
                     hint="equal scores share the win")
    return wrong(f"the best score is {best}: "
                 f"{', '.join(sorted(names - winners))} scored less.")


def check_snowman(state: State, snowman: Snowman) -> Feedback:
    """Does the snowman wear every item dug up in ``state``, and nothing else, and has it
    a name?"""
    dug = {item.id: item for item in dug_items(state)}
    worn = [item for _, item in snowman.placed]
    strangers = [i for i in worn if i not in dug]
    if strangers:
        return wrong(f"item {', '.join(strangers)} was not dug up in this game.",
                     hint="only the items dug up in your game go on your snowman")
    missing = [dug[i].label("en") for i in dug if i not in worn]
    if missing:
        return wrong(f"still to place: {', '.join(missing)}.")
    if not snowman.name.strip():
        return wrong("your snowman has no name yet.", hint="Snowman(...).named(\"...\")")
    return right(f"{snowman.name} wears all {len(dug)} items dug up.")
