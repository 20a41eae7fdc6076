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
from .answers import ROLL, Kind, Unreadable, not_a, shown
from .answers import items as listed
from .tickets import ExitTicket, Question
from .words import both, say, say_n

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
        return right(say("l09.roll.right", code=code, round=round, a=want[0], b=want[1]))
    if got == (want[1], want[0]):
        return right(say("l09.roll.swapped", round=round, a=want[0], b=want[1]))
    if round >= 2 and got == rolls[round - 2]:
        return wrong(say("l09.roll.off-by-one", got=got, other=round - 1))
    if got == rolls[round]:
        return wrong(say("l09.roll.off-by-one", got=got, other=round + 1))
    return wrong(say("l09.roll.wrong", got=got, round=round, code=code),
                 hint=say("l09.roll.hint"))


def _names(answer: Any) -> frozenset[str]:
    """Player names: one text ("Gus", or "Gus, Gina", or "Gus and Gina"), or a list."""
    if isinstance(answer, str):
        items: list[Any] = re.split(r"\s*(?:,|;|\band\b|\bet\b|&)\s*", answer.strip())
    else:
        items = listed(answer, say("what.names"))
    if not all(isinstance(n, str) for n in items):
        raise Unreadable(not_a(answer, say("what.names")))
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
        return wrong(say("l09.winners.unknown", names=", ".join(unknown)),
                     hint=say("l09.winners.players", players=", ".join(game.players)))
    names = {by_key[n.casefold()] for n in given}
    winners = set(game.outcome().winners)
    best = max((score for _, score, _ in game.scoreboard()), default=0)
    if names == winners:
        who = both(sorted(winners))
        return right(say_n("l09.winners.right", len(winners), who=who, best=best))
    if names < winners:
        return wrong(say("l09.winners.not-alone", names=", ".join(sorted(names)),
                         n=len(winners), best=best), hint=say("l09.winners.share"))
    if not names:
        return wrong(say("l09.winners.none"), hint=say("l09.winners.none.hint"))
    return wrong(say("l09.winners.less", best=best,
                     names=", ".join(sorted(names - winners))))


def _snowman(answer: Any) -> Snowman:
    if not isinstance(answer, Snowman):
        raise Unreadable(say("l09.not-snowman", answer=shown(answer)))
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
        return wrong(say("l09.snowman.strangers", items=", ".join(strangers)),
                     hint=say("l09.snowman.strangers.hint"))
    missing = [dug[i].label() for i in dug if i not in worn]
    if missing:
        return wrong(say("l09.snowman.missing", items=", ".join(missing)))
    if not got.name.strip():
        return wrong(say("l09.snowman.no-name"), hint=say("l09.snowman.no-name.hint"))
    return right(say_n("l09.snowman.right", len(dug), name=got.name))


def exit_ticket() -> ExitTicket:
    """Lesson 9's exit ticket: a roll of another seed code, and the winners of another
    robots' game."""
    return ExitTicket(9, (
        Question(say("l09.exit.1"), check_roll, ("MAMMOTH-1234", 5)),
        Question(say("l09.exit.2"), check_winners, (robot_game("ICICLE-77"),)),
    ))
