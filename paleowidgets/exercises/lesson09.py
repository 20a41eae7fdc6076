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

import random
import re
from typing import Any

from ..core.classgame import ClassGame
from ..core.dice import normalise_seed, roll_sequence
from ..core.rules import State
from ..render.snowman import SPOTS, Snowman, dug_items
from . import Feedback, checker, right, wrong
from .answers import ROLL, Kind, Unreadable, shown
from .answers import items as listed
from .tickets import ExitTicket, Question

__all__ = ["NAMES", "SNOWMAN", "check_roll", "check_snowman", "check_winners", "exit_ticket",
           "gathered", "robot_game", "show_scoreboard"]

SEED = "SNOWY-2024"


def _roll(seed: int | str, round: int) -> tuple[int, int]:
    return roll_sequence(normalise_seed(seed), max(round, 1))[round - 1]


@checker(ROLL, solution=_roll, example=lambda: (SEED, 3))
def check_roll(seed: int | str, round: int, answer: Any) -> Feedback:
    """Is ``answer`` the roll of round ``round`` (from 1) for a class with ``seed``?"""
    code = normalise_seed(seed)
    rolls = roll_sequence(code, max(round + 1, 20))
    want = rolls[round - 1]
    got = ROLL.read(answer)
    if got == want:
        return right(f"with seed {code}, round {round} rolls {want[0]} and {want[1]}, on "
                     "every laptop.")
    if got == (want[1], want[0]):
        return right(f"(the dice in the other order: round {round} rolls {want[0]} and "
                     f"{want[1]}; either die can give the shape).")
    if round >= 2 and got == rolls[round - 2]:
        return wrong(f"{got} is the roll of round {round - 1}: rounds count from 1, the "
                     "list from 0.")
    if got == rolls[round]:
        return wrong(f"{got} is the roll of round {round + 1}: rounds count from 1, the "
                     "list from 0.")
    return wrong(f"{got} is not the roll of round {round} with seed {code}.",
                 hint="seed codes ignore case and spaces; did you type the right one?")


def _names(answer: Any) -> frozenset[str]:
    """Player names: one text ("Gus", or "Gus, Gina", or "Gus and Gina"), or a list."""
    if isinstance(answer, str):
        items: list[Any] = re.split(r"\s*(?:,|;|\band\b|&)\s*", answer.strip())
    else:
        items = listed(answer, "a name or a list of names")
    if not all(isinstance(n, str) for n in items):
        raise Unreadable(f"{shown(answer)} is not a name or a list of names")
    return frozenset(" ".join(n.split()) for n in items if n.strip())


NAMES: Kind[frozenset[str]] = Kind(
    "names", "names", _names,
    lambda ns: [sorted(ns), tuple(sorted(ns)), ", ".join(sorted(ns)),
                " and ".join(sorted(ns)).lower(), set(ns)]
    + ([next(iter(ns))] if len(ns) == 1 else []),
    lambda ns: [sorted(ns)[0]] if len(ns) > 1 else [])


def robot_game(seed: int | str = SEED) -> ClassGame:
    """Lesson 9's class game: Greedy Gus and Greedy Gina (the greedy robot) and Random Rita
    (any legal placement) play the snow map on ``seed``, each robot with its own seeded
    choices."""
    from ..data import load_map
    from ..solver.bots import Bot, GreedyBot, RandomBot
    robots: dict[str, Bot] = {"Greedy Gus": GreedyBot(), "Greedy Gina": GreedyBot(),
                              "Random Rita": RandomBot()}
    game = ClassGame(load_map("snow-map"), seed, list(robots))
    for name, bot in robots.items():
        rng = random.Random(name)
        roll = game.roll_for(name)
        while roll is not None:
            state = game.state(name)
            game.play(name, bot.choose(state, roll, rng).turn(state))
            roll = game.roll_for(name)
    return game


def show_scoreboard(game: ClassGame, lang: str | None = None) -> None:
    """Print the class game's scoreboard, best first: the place (equal scores share it),
    the name, the score and the rounds played, with the headings in ``lang`` (the
    language setting when None)."""
    from .. import i18n
    rows = sorted(game.scoreboard(), key=lambda r: -r[1])
    width = max([len(i18n.t("class.name", lang))] + [len(name) for name, _, _ in rows])
    print("  ".join([i18n.t("class.rank", lang), i18n.t("class.name", lang).ljust(width),
                     i18n.t("class.score", lang), i18n.t("class.rounds", lang)]))
    place = 0
    for i, (name, score, played) in enumerate(rows):
        if i == 0 or score != rows[i - 1][1]:
            place = i + 1
        rounds = i18n.t("class.rounds.value", lang, played=played, rounds=game.game.rounds)
        print(f"{place:>{len(i18n.t('class.rank', lang))}}  {name.ljust(width)}  "
              f"{score:>{len(i18n.t('class.score', lang))}}  {rounds}")


def gathered(game: ClassGame, seed: int | str = SEED) -> Any:
    """What the teacher sees after collecting the class's saved games: each player's log
    saved to a folder (a temporary one), then read back with
    :func:`~paleowidgets.widgets.classgame.load_class_logs`."""
    import tempfile
    from pathlib import Path

    from ..core.logs import GameLog
    from ..widgets.classgame import load_class_logs, log_file_name
    log = game.log()
    with tempfile.TemporaryDirectory() as folder:
        for player in log.players:
            GameLog(log.document, log.rolls, (player,)).save(Path(folder) / log_file_name(
                player.name))
        return load_class_logs(folder, seed=seed)


def _winners(game: ClassGame) -> list[str]:
    return sorted(game.outcome().winners)


@checker(NAMES, solution=_winners, example=lambda: (robot_game(),))
def check_winners(game: ClassGame, answer: Any) -> Feedback:
    """Who won the class game? A name, or several names when scores are equal."""
    by_key = {p.casefold(): p for p in game.players}
    given = NAMES.read(answer)
    unknown = sorted(n for n in given if n.casefold() not in by_key)
    if unknown:
        return wrong(f"{', '.join(unknown)} did not play in this class game.",
                     hint=f"the players are {', '.join(game.players)}")
    names = {by_key[n.casefold()] for n in given}
    winners = set(game.outcome().winners)
    best = max((score for _, score, _ in game.scoreboard()), default=0)
    if names == winners:
        who = " and ".join(sorted(winners))
        shared = " (equal scores share the win)" if len(winners) > 1 else ""
        return right(f"{who} won with {best} points{shared}.")
    if names < winners:
        return wrong(f"{', '.join(sorted(names))} scored the most, but not alone: "
                     f"{len(winners)} players have {best} points.",
                     hint="equal scores share the win")
    if not names:
        return wrong("somebody won: name the winner.", hint="game.scoreboard() lists the "
                     "players, best first")
    return wrong(f"the best score is {best}: "
                 f"{', '.join(sorted(names - winners))} scored less.")


def _snowman(answer: Any) -> Snowman:
    if not isinstance(answer, Snowman):
        raise Unreadable(f"{shown(answer)} is not a snowman: start from Snowman(\"a name\")")
    return answer


def _dressed(state: State) -> Snowman:
    snowman = Snowman("Frosty")
    for item, spot in zip(dug_items(state), SPOTS, strict=False):
        snowman = snowman.place(item.id, spot)
    return snowman


SNOWMAN: Kind[Snowman] = Kind(
    "snowman", "snowman", _snowman,
    lambda s: [s, s.named(s.name.upper())],
    lambda s: [Snowman(s.name), s.named("")])


def _gina() -> tuple[State]:
    return (robot_game().state("Greedy Gina"),)


@checker(SNOWMAN, answers=("snowman",), solution=_dressed, example=_gina)
def check_snowman(state: State, snowman: Any) -> Feedback:
    """Does the snowman wear every item dug up in ``state``, and nothing else, and has it
    a name?"""
    got = SNOWMAN.read(snowman)
    dug = {item.id: item for item in dug_items(state)}
    worn = [item for _, item in got.placed]
    strangers = [i for i in worn if i not in dug]
    if strangers:
        return wrong(f"item {', '.join(strangers)} was not dug up in this game.",
                     hint="only the items dug up in your game go on your snowman")
    missing = [dug[i].label("en") for i in dug if i not in worn]
    if missing:
        return wrong(f"still to place: {', '.join(missing)}.")
    if not got.name.strip():
        return wrong("your snowman has no name yet.", hint="Snowman(...).named(\"...\")")
    return right(f"{got.name} wears all {len(dug)} items dug up.")


def exit_ticket() -> ExitTicket:
    """Lesson 9's exit ticket: a roll of another seed code, and the winners of another
    robots' game."""
    return ExitTicket(9, (
        Question("What is the roll of round 5 for the seed code MAMMOTH-1234?", check_roll,
                 ("MAMMOTH-1234", 5)),
        Question("Who won the robots' class game on the seed code ICICLE-77 "
                 "(robot_game(\"ICICLE-77\"))?", check_winners, (robot_game("ICICLE-77"),)),
    ))
