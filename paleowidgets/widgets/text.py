"""Every word the widgets show, in one mapping, so that an i18n layer can replace it.

``t(key, **fields)`` fills ``{name}`` fields. Only English ships now; :func:`language`
checks a widget's ``lang`` argument against :data:`LANGUAGES`.

>>> t("round", round=3, rounds=20)
'Round 3 of 20'
>>> t("no-such-key")
'no-such-key'
"""

from __future__ import annotations

from collections.abc import Mapping

DICE_FACES = "⚀⚁⚂⚃⚄⚅"

TEXT: dict[str, str] = {
    # the header
    "round": "Round {round} of {rounds}",
    "round.over": "All {rounds} rounds played",
    "seed": "seed {seed}",
    "rolls.fixed": "fixed rolls",
    # rolling and choosing
    "roll": "Roll the dice",
    "roll.tip": "Roll the two dice for this round (Enter)",
    "roll.shown": "Roll {a} and {b}",
    "roll.none": "Not rolled yet",
    "roll.waiting": "Round {round}: press Roll (or Enter on the board) to roll the dice.",
    "shape": "Shape",
    "dig": "Dig type",
    "choice.tip": "The roll gives this {what}",
    "dig.chevron": "chevron",
    "dig.dot": "dot",
    "dig.hatch": "hatch",
    "mode.shape": "Draw the shape",
    "mode.square": "One Square",
    # placing
    "rotate": "⟳ Rotate (R)",
    "flip": "⇋ Flip (F)",
    "rotate.tip": "Turn the shape a quarter turn clockwise (key R)",
    "flip.tip": "Mirror the shape left to right (key F)",
    "switch-shape": "Switch Shape ({n})",
    "switch-dig": "Switch Dig ({n})",
    "one-square": "One Square ({n})",
    "switch-shape.tip": "Spend a Switch Shape: any of the 12 shapes this round",
    "switch-dig.tip": "Spend a Switch Dig Type: any of the 3 dig types this round",
    "one-square.tip": "Fill one open cell (not a star, not a fossil) with a One Square",
    "pass": "Pass",
    "pass.tip": "Pass this round (only when no shape of the roll fits)",
    "pass.forbidden": "You cannot pass: {shapes} fit{s} on the board.",
    "undo": "↶ Undo",
    "undo.tip": "Take back the last action of this round",
    "legal": "✓ {shape} {dig} on {cells}: click or press Enter to draw it.",
    "legal.square": "✓ One Square on {cell}: click or press Enter to fill it.",
    "illegal": "✗ Not here: {reason}.",
    "hover": "Point at the grid (or press an arrow key) to place the {shape}.",
    "hover.square": "Point at an open cell to fill it with a One Square.",
    "no-room": "{shape} fits nowhere on the board now.",
    "squares.pending": "One Square cells this round: {cells}.",
    "placed": "Round {round}: {turn}.",
    "passed": "Round {round}: passed.",
    "undone": "Undone.",
    "keys": "Keys on the board: arrows move · R rotate · F flip · Enter draw · Esc cancel",
    # stars
    "stars.pick": "Your shape covers {n} {star}{s}: choose {what}.",
    "stars.what.1": "a bonus",
    "stars.what.n": "{n} bonuses",
    "stars.cancel": "Cancel",
    "star.paleontologists": "star",
    "star.snowman": "snowflake",
    # bonuses
    "bonus.one-square": "One Square",
    "bonus.switch-shape": "Switch Shape",
    "bonus.switch-dig": "Switch Dig",
    "bonus.plus-one": "+1 Point",
    "bonuses": "Bonuses",
    "bonus.row": "{name}: held {held}, gained {gained} of 4",
    # the score
    "score": "Score",
    "score.label": "Score {score}",
    "score.fossil": "{name}",
    "score.same": "+{bonus} same dig",
    "score.plus-one": "+1 Point bonuses",
    "score.total": "Total",
    "score.none": "No fossil dug up yet.",
    "score.none.snowman": "No item dug up yet.",
    "fossil": "Fossil {id}",
    # the end
    "game-over": "Game over: {score} point{s}.",
    "game-over.dug": "Dug up {dug} of {total}: {names}.",
    "game-over.none": "Nothing dug up this time.",
    "game-over.log": "Save the game with .log().save(\"game.json\"); replay it with ReplayWidget.",
    # the replay
    "replay.first.tip": "Back to the start (Home)",
    "replay.prev.tip": "One round back (←)",
    "replay.next.tip": "One round on (→)",
    "replay.last.tip": "To the last round (End)",
    "replay.speed": "Speed",
    "replay.round": "Round",
    "replay.start": "Start: nothing drawn yet.",
    "replay.step": "Round {round} of {rounds}: roll {a} and {b}, {turn}.",
    "replay.score": "Score {score}",
    "replay.player": "Player {name}",
    "replay.play-on": "Play on from here",
    "replay.play-on.tip": "Start a game from this round, with the same rolls",
    "replay.keys": "Keys on the board: ← → step · Home · End",
}

LANGUAGES: Mapping[str, Mapping[str, str]] = {"en": TEXT}


def language(lang: str) -> Mapping[str, str]:
    """The words of ``lang``; a ValueError names the languages there are."""
    try:
        return LANGUAGES[lang]
    except KeyError:
        raise ValueError(f"no widget texts for language {lang!r} (there are: "
                         f"{', '.join(sorted(LANGUAGES))})") from None


def t(key: str, /, **fields: object) -> str:
    """The English text for ``key`` with ``fields`` filled in (the key itself when unknown)."""
    text = TEXT.get(key, key)
    return text.format(**fields) if fields else text


def dice(a: int, b: int) -> str:
    """A roll as dice faces: ``dice(2, 5) == '⚁ ⚄'``."""
    return f"{DICE_FACES[a - 1]} {DICE_FACES[b - 1]}"


def plural(n: int) -> str:
    return "" if n == 1 else "s"
