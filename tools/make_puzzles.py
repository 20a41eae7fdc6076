"""Make the puzzle collection in puzzles/ and its table in puzzles/README.md.

    .venv/bin/python tools/make_puzzles.py generate [--force] [FILE...]   # write puzzles
    .venv/bin/python tools/make_puzzles.py retitle                        # titles, stories
    .venv/bin/python tools/make_puzzles.py readme                         # rewrite the table

Every generated puzzle is what ``paleo puzzles new`` writes for the arguments listed in
COLLECTION (the same seed gives the same file), with the title and the one-line story
written here by hand. Hand-made puzzles (``spec`` None) are only listed: their files are
the source. ``generate`` leaves existing files alone unless ``--force``; ``readme`` builds
the table from the files themselves, so it cannot drift from them (tests/test_puzzles.py
checks it). ``retitle`` writes the titles and stories listed here into the existing files
without solving anything again.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from paleowidgets.solver.puzzlegen import Spec, collection_table, new_puzzle, with_table

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"
README = PUZZLES / "README.md"


@dataclass(frozen=True)
class Entry:
    """One puzzle of the collection: its file, how it is made, its title and story."""

    file: str
    title: str
    story: str
    spec: Spec | None = None     # None: written by hand
    seed: int = 0
    tier: str | None = None
    max_nodes: int | None = None
    time_limit: float = 60.0
    tries: int = 50


# What a tier's search may spend: a cap on a candidate's proof (nodes; None: no cap), the
# seconds per candidate, the candidates drawn. The small tiers draw many and keep the quick
# proofs; the big maps keep the first candidate their seed gives.
BUDGETS: dict[str, tuple[int | None, float, int]] = {
    "beginner": (3000, 8, 12),
    "intermediate": (5000, 8, 12),
    "advanced": (None, 6, 1),
    "expert": (None, 30, 1),
}


def made(file: str, title: str, story: str, spec: Spec, seed: int, *,
         time_limit: float | None = None) -> Entry:
    """A generated entry of the tier its folder names, with that tier's budget (a longer
    ``time_limit`` where a puzzle needs it): ``made("1-beginner/x.toml", ..., spec, 1)``."""
    tier = file.split("/")[0].partition("-")[2]          # "1-beginner/x.toml": "beginner"
    max_nodes, seconds, tries = BUDGETS[tier]
    return Entry(file, title, story, spec, seed, tier, max_nodes,
                 seconds if time_limit is None else time_limit, tries)


P, S = "paleontologists", "snowman"

COLLECTION: tuple[Entry, ...] = (
    # -- 1 beginner: 2-3 rounds on a small map ------------------------------------------
    Entry("1-beginner/01-first-ring.toml", "First ring", "(hand-made)"),
    made("1-beginner/02-lucky-doubles.toml", "Lucky doubles",
         "Doubles twice in a row: close the ammonite's ring and catch the star too.",
         Spec(6, 6, 1, 2, P, stars=1), 1),
    made("1-beginner/03-carrot-or-hat.toml", "Carrot or hat?",
         "Two rolls on the snow map: the carrot nose is worth the most, and a snowflake "
         "is worth a point.",
         Spec(6, 6, 2, 2, S, stars=1), 1),
    made("1-beginner/04-two-stars.toml", "Two stars",
         "Three rolls: ring the big ammonite, and two stars are waiting on the way.",
         Spec(7, 7, 2, 3, P, stars=2), 2),
    made("1-beginner/05-tidy-carrot.toml", "Tidy carrot",
         "Ring the carrot nose in one pattern: the snowflake can help you switch.",
         Spec(7, 6, 1, 3, S, stars=1, bonuses=(("plus-one", 1),)), 3),
    made("1-beginner/06-strange-dice.toml", "Strange dice",
         "These dice have their own shapes: read the dice table before you dig!",
         Spec(6, 7, 1, 2, P, custom_dice=True), 2),
    made("1-beginner/07-switch-it.toml", "Switch it",
         "You hold a Switch Dig Type, but do you need it? Find the best two rolls.",
         Spec(6, 6, 2, 2, S, stars=1, bonuses=(("switch-dig", 1),)), 2),
    made("1-beginner/08-half-dug.toml", "Half dug",
         "Someone started digging here already: which fossil can you still finish in "
         "three rolls?",
         Spec(7, 7, 2, 3, P, predrawn=6), 4),
    made("1-beginner/09-crowded-corner.toml", "Crowded corner",
         "Old trenches leave little room: which shape still fits round the ammonite?",
         Spec(6, 6, 1, 2, P, predrawn=8), 5),
    made("1-beginner/10-two-small-finds.toml", "Two small finds",
         "Two fossils, three rolls: can you ring both, or is one enough?",
         Spec(7, 7, 2, 3, P), 6),
    made("1-beginner/11-nose-and-hat.toml", "Nose and hat",
         "Two items on a small snow map and a snowflake in reach: two rolls to use well.",
         Spec(6, 6, 2, 2, S, stars=1), 7),
    made("1-beginner/12-a-point-to-start.toml", "A point to start",
         "You start with a +1 Point: three rolls to add a whole ring to it.",
         Spec(7, 7, 1, 3, P, stars=1, bonuses=(("plus-one", 1),)), 8),
    made("1-beginner/13-one-roll-two-ways.toml", "One roll, two ways",
         "Each roll can go two ways round: shape from one die, dig type from the other.",
         Spec(6, 6, 1, 2, P, stars=1), 13),
    made("1-beginner/14-snow-path.toml", "Snow path",
         "A path is cleared already: three rolls to ring the item beside it.",
         Spec(7, 7, 1, 3, S, predrawn=5), 14),
    made("1-beginner/15-the-better-ring.toml", "The better ring",
         "Two fossils, two rolls: which ring can you close, and with which dig type?",
         Spec(7, 6, 2, 2, P), 15),
    made("1-beginner/16-free-switch.toml", "Free switch",
         "A Switch Shape to start with: any of the twelve shapes, once.",
         Spec(6, 6, 1, 2, P, bonuses=(("switch-shape", 1),)), 16),
    made("1-beginner/17-star-on-the-way.toml", "Star on the way",
         "An ammonite and a star, two rolls: can you take both?",
         Spec(6, 6, 1, 2, P, stars=1), 21),
    made("1-beginner/18-snowball.toml", "Snowball",
         "One item, three rolls, a small snow map: ring it in one pattern if you can.",
         Spec(6, 6, 1, 3, S), 22),
    made("1-beginner/19-two-stars-one-ring.toml", "Two stars, one ring",
         "Two stars and one fossil, two rolls: ring it, and take a star if you can.",
         Spec(6, 6, 1, 2, P, stars=2), 35),
    made("1-beginner/20-doubles.toml", "Doubles",
         "Three rolls and two fossils: count the cells before you draw.",
         Spec(7, 7, 2, 3, P), 24),
    made("1-beginner/21-cold-hands.toml", "Cold hands",
         "Two items and a snowflake, three rolls: which do you ring first?",
         Spec(7, 6, 2, 3, S, stars=1), 25),
    made("1-beginner/22-spare-point.toml", "Spare point",
         "A +1 Point to start, a star and three rolls to earn more.",
         Spec(7, 7, 2, 3, P, stars=1, bonuses=(("plus-one", 1),)), 34),
    # one idea each, linked from the lesson that teaches it (tests/test_studio_teaching.py)
    Entry("1-beginner/23-one-way-in.toml", "One way in", "(hand-made)"),
    Entry("1-beginner/24-two-shapes-will-do.toml", "Two shapes will do", "(hand-made)"),
    Entry("1-beginner/25-keep-the-switch.toml", "Keep the switch", "(hand-made)"),
    Entry("1-beginner/26-hatch-is-coming.toml", "Hatch is coming", "(hand-made)"),
    # -- 2 intermediate: 3-5 rounds -------------------------------------------------------
    made("2-intermediate/01-side-by-side.toml", "Side by side",
         "Four rolls, two fossils side by side and two stars: plan the order.",
         Spec(7, 7, 2, 4, P, stars=2), 1),
    made("2-intermediate/02-one-free-swap.toml", "One free swap",
         "You may change one shape once: spend it well to dress the snowman.",
         Spec(8, 8, 2, 4, S, stars=2, bonuses=(("switch-shape", 1),)), 1),
    made("2-intermediate/03-far-apart.toml", "Far apart",
         "The carrot nose and the top hat are far apart: can four rolls reach both?",
         Spec(8, 8, 2, 4, S, stars=2, bonuses=(("switch-shape", 1),)), 2),
    made("2-intermediate/04-old-trenches.toml", "Old trenches",
         "Old trenches already cut the quarry: use them to reach two of the three fossils.",
         Spec(8, 7, 3, 4, P, stars=1, predrawn=8), 1),
    made("2-intermediate/05-lines-everywhere.toml", "Lines everywhere",
         "Diagonal lines on every roll: which rings can you close in one pattern?",
         Spec(8, 7, 3, 4, P, stars=1, predrawn=8), 2),
    made("2-intermediate/06-a-handy-square.toml", "A handy square",
         "Five rolls, two items and a spare square: what is the best you can do?",
         Spec(8, 8, 2, 5, S, stars=1, bonuses=(("one-square", 1),)), 1),
    made("2-intermediate/07-top-hat-hunt.toml", "Top hat hunt",
         "Five rolls and a spare square: find the top hat a tidy ring.",
         Spec(8, 8, 2, 5, S, stars=1, bonuses=(("one-square", 1),)), 2),
    made("2-intermediate/08-dice-of-their-own.toml", "Dice of their own",
         "These dice have their own shapes, and a star can let you pick any shape once.",
         Spec(7, 8, 2, 3, P, stars=2, custom_dice=True), 1),
    made("2-intermediate/09-square-in-hand.toml", "Square in hand",
         "You hold One Square Anywhere: it may close a ring, but it spoils the same-dig "
         "bonus.",
         Spec(7, 7, 2, 4, P, bonuses=(("one-square", 1),)), 9),
    made("2-intermediate/10-snowy-trenches.toml", "Snowy trenches",
         "Someone has been sledging here: four rolls round the cleared paths.",
         Spec(8, 7, 2, 4, S, predrawn=8), 10),
    made("2-intermediate/11-three-small-rings.toml", "Three small rings",
         "Three little fossils and five rolls: which rings are worth closing first?",
         Spec(8, 8, 3, 5, P), 11),
    made("2-intermediate/12-swap-the-shape.toml", "Swap the shape",
         "A Switch Shape in your pocket: keep it for the roll that needs it.",
         Spec(7, 7, 2, 4, P, stars=1, bonuses=(("switch-shape", 1),)), 12),
    made("2-intermediate/13-snowflake-detour.toml", "Snowflake detour",
         "Two snowflakes off the straight path: is the detour worth a roll?",
         Spec(8, 7, 2, 4, S, stars=2), 17),
    made("2-intermediate/14-narrow-ground.toml", "Narrow ground",
         "Old trenches everywhere: four rolls, and every shape must find its gap.",
         Spec(8, 8, 2, 4, P, predrawn=12), 18),
    made("2-intermediate/15-odd-dice.toml", "Odd dice",
         "Dice with shapes and dig types of their own: read the table, then plan five rolls.",
         Spec(8, 7, 2, 5, P, custom_dice=True), 19),
    made("2-intermediate/16-dig-type-swap.toml", "Dig type swap",
         "A Switch Dig Type in hand and a same-dig bonus to earn: when do you spend it?",
         Spec(7, 7, 2, 4, S, bonuses=(("switch-dig", 1),)), 20),
    made("2-intermediate/17-four-rolls-three-finds.toml", "Four rolls, three finds",
         "Three fossils, four rolls: you cannot have them all. Which ones?",
         Spec(8, 8, 3, 4, P), 27),
    made("2-intermediate/18-frozen-paths.toml", "Frozen paths",
         "Paths already cleared and a snowflake: five rolls on a narrow snow map.",
         Spec(8, 7, 2, 5, S, stars=1, predrawn=8), 28),
    made("2-intermediate/19-square-or-shape.toml", "Square or shape?",
         "One Square Anywhere and a star: fill a gap, or keep the same-dig bonus?",
         Spec(7, 7, 2, 4, P, stars=1, bonuses=(("one-square", 1),)), 29),
    made("2-intermediate/20-bent-ammonite.toml", "Bent ammonite",
         "Five rolls and a bent fossil: its ring takes more than one shape.",
         Spec(8, 8, 1, 5, P), 30),
    made("2-intermediate/21-frosty-dice.toml", "Frosty dice",
         "Dice of their own on the snow map: read the table, then plan four rolls.",
         Spec(8, 7, 2, 4, S, custom_dice=True), 31),
    made("2-intermediate/22-two-switches.toml", "Two switches",
         "A Switch Shape and a Switch Dig Type: five rolls to spend them well.",
         Spec(8, 8, 2, 5, P, bonuses=(("switch-shape", 1), ("switch-dig", 1))), 32),
    # -- 3 advanced: 6-10 rounds on bigger maps -------------------------------------------
    made("3-advanced/01-full-snowman.toml", "Full snowman",
         "Six rolls, three items: can you dress the whole snowman?",
         Spec(9, 9, 3, 6, S, stars=2), 2),
    made("3-advanced/02-eight-rolls.toml", "Eight rolls",
         "Three fossils and eight rolls: decide which ring to close first.",
         Spec(10, 10, 3, 8, P, stars=2), 3),
    made("3-advanced/03-the-claw.toml", "The claw",
         "The raptor claw is the big prize, if its ring stays one pattern.",
         Spec(10, 10, 3, 8, P, stars=2), 11),
    made("3-advanced/04-big-quarry.toml", "Big quarry",
         "A big quarry with small fossils: every roll has to count.",
         Spec(12, 12, 3, 9, P, stars=2), 5),
    made("3-advanced/05-long-winter.toml", "Long winter",
         "Ten rolls on a wide snow map: every item counts, and so does the spare square.",
         Spec(11, 11, 3, 10, S, stars=2, bonuses=(("one-square", 1),)), 2, time_limit=30),
    made("3-advanced/06-two-flakes.toml", "Two flakes",
         "Two snowflakes side by side: catch both in one shape, then plan nine more rolls.",
         Spec(11, 11, 3, 10, S, stars=2, bonuses=(("one-square", 1),)), 5),
    made("3-advanced/07-tiny-trilobite.toml", "Tiny trilobite",
         "The tiny trilobite is worth nine if its ring is all one pattern.",
         Spec(10, 10, 3, 8, P, stars=2), 4),
    made("3-advanced/08-spread-out.toml", "Spread out",
         "Three fossils far apart on a big quarry: nine rolls to reach them.",
         Spec(12, 12, 3, 9, P, stars=2), 9),
    made("3-advanced/09-old-quarry.toml", "Old quarry",
         "Somebody dug here before you: work around the old trenches.",
         Spec(10, 10, 3, 9, P, stars=2, predrawn=15), 7, time_limit=30),
    made("3-advanced/10-trampled-snow.toml", "Trampled snow",
         "Footprints all over the snow: find a way around them to the items.",
         Spec(12, 12, 3, 10, S, stars=2, predrawn=20), 2, time_limit=30),
    made("3-advanced/11-snow-dice.toml", "Snow dice",
         "Snow dice with shapes of their own, two items and three snowflakes.",
         Spec(10, 10, 2, 10, S, stars=3, custom_dice=True), 11, time_limit=30),
    # -- 4 expert: 9-10 rounds, a real search ---------------------------------------------
    made("4-expert/01-grand-snowman.toml", "The grand snowman",
         "Ten rolls, three items, one spare square: only a careful plan dresses the whole "
         "snowman.",
         Spec(11, 11, 3, 10, S, stars=2, bonuses=(("one-square", 1),)), 1),
    made("4-expert/02-raptor-trail.toml", "Raptor trail",
         "Old trenches, three fossils and nine rolls: you can dig up all three, but not "
         "every bonus.",
         Spec(10, 10, 3, 9, P, stars=2, predrawn=15), 12),
    made("4-expert/03-one-point-more.toml", "One point more",
         "The obvious plan gets close; the best plan gets one point more. Find it!",
         Spec(10, 10, 3, 9, P, stars=2, predrawn=15), 17),
    made("4-expert/04-deep-trenches.toml", "Deep trenches",
         "Nine rolls through a quarry full of old trenches: plan every ring from the start.",
         Spec(10, 10, 3, 9, P, stars=2, predrawn=15), 35),
    made("4-expert/05-hard-ground.toml", "Hard ground",
         "Few places to dig and only five points to win: can you find every one?",
         Spec(10, 10, 3, 9, P, stars=2, predrawn=15), 37),
)


def generate(entries: list[Entry], *, force: bool) -> None:
    for e in entries:
        target = PUZZLES / e.file
        if e.spec is None:
            print(f"hand-made, kept: {e.file}")
            continue
        if target.exists() and not force:
            print(f"exists, kept: {e.file} (--force to remake it)")
            continue
        try:
            made = new_puzzle(e.spec, e.seed, title=e.title, story=e.story, tier=e.tier,
                              max_nodes=e.max_nodes, time_limit=e.time_limit, tries=e.tries)
        except LookupError as exc:
            print(f"NOT MADE {e.file}: {exc}", file=sys.stderr)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(made.text, encoding="utf-8")
        print(f"wrote {e.file}: {made.grade}")


def retitle(entries: list[Entry]) -> None:
    """Write each entry's title and story into its file (the lines ``title = "..."`` and
    ``story = "..."`` of the [puzzle] table), touching nothing else."""
    for e in entries:
        target = PUZZLES / e.file
        text = target.read_text(encoding="utf-8")
        head, sep, table = text.partition("\n[puzzle]\n")
        for key, value in (("title", e.title), ("story", e.story)):
            line = f"{key} = {json.dumps(value, ensure_ascii=False)}"
            # A function as the replacement: the line is taken as is, never as a template.
            table, n = re.subn(rf"^{key} = .*$", _constant(line), table, count=1, flags=re.M)
            if n != 1:
                raise SystemExit(f"{e.file}: no {key} line in [puzzle]")
        new = head + sep + table
        if new != text:
            target.write_text(new, encoding="utf-8")
            print(f"retitled {e.file}")


def _constant(text: str) -> Callable[[re.Match[str]], str]:
    return lambda _match: text


def write_readme() -> None:
    text = README.read_text(encoding="utf-8")
    README.write_text(with_table(text, collection_table(PUZZLES)), encoding="utf-8")
    print(f"rewrote the table in {README.relative_to(ROOT)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="write the generated puzzles")
    g.add_argument("files", nargs="*", metavar="FILE", help="only these (e.g. "
                   "1-beginner/01-first-ring.toml)")
    g.add_argument("--force", action="store_true", help="remake existing files")
    sub.add_parser("retitle", help="write the titles and stories into the files")
    sub.add_parser("readme", help="rewrite the collection table of puzzles/README.md")
    args = parser.parse_args(argv)
    if args.command == "generate":
        chosen = [e for e in COLLECTION if not args.files or e.file in args.files]
        unknown = set(args.files) - {e.file for e in COLLECTION}
        if unknown:
            print(f"not in the collection: {', '.join(sorted(unknown))}", file=sys.stderr)
            return 2
        generate(chosen, force=args.force)
    if args.command == "retitle":
        retitle([e for e in COLLECTION if e.spec is not None])
    write_readme()
    return 0


if __name__ == "__main__":
    sys.exit(main())
