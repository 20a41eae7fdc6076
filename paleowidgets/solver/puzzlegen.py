"""Random puzzles that obey the map rules: for tests, benchmarks and puzzle authors' drafts.

>>> import random
>>> p = random_puzzle(random.Random(1), width=7, height=7, fossils=2, rounds=3, stars=1)
>>> len(p.rolls), len(p.map.fossils), len(p.map.stars)
(3, 2, 1)

Each puzzle is written as TOML text and read back through the core
(:func:`~paleowidgets.core.maps.parse_document`), so the map rules hold by construction.

Authoring (``paleo puzzles new``): :func:`new_puzzle` draws candidates of a :class:`Spec`
from a seed, proves each with the exact solver, rejects the trivial ones (optimum 0, or the
greedy bot reaches the optimum), grades the first one kept (:mod:`.grading`) and writes it
with :func:`puzzle_toml`, ready for the author's title and story.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.geometry import LETTERS
from ..core.maps import Puzzle, load_document, parse_document
from ..core.terms import BONUS_KINDS
from ..core.turns import Turn
from ..core.writer import toml_string, turn_inline
from .exact import Solution, solve
from .grading import Grade, grade

__all__ = ["NewPuzzle", "Rejected", "Spec", "candidate", "collection_table", "crowded_puzzle",
           "new_puzzle", "puzzle_toml", "random_puzzle", "tiny_puzzle", "with_table"]


def random_puzzle(rng: random.Random, *, width: int, height: int, fossils: int, rounds: int,
                  stars: int = 0, predrawn: int = 0, bonuses: dict[str, int] | None = None,
                  fossil_size: tuple[int, int] = (1, 3), custom_dice: bool = False,
                  points: tuple[int, int] = (1, 6), bonus: tuple[int, int] = (0, 3)) -> Puzzle:
    """A random valid puzzle (fossils off the edge and apart, rings not pre-completed)."""
    for _ in range(1000):
        text = _try_puzzle(rng, width, height, fossils, rounds, stars, predrawn,
                           bonuses or {}, fossil_size, custom_dice, points, bonus)
        if text is not None:
            doc = parse_document(text)
            assert isinstance(doc, Puzzle)
            return doc
    raise RuntimeError("could not place the fossils")


def _try_puzzle(rng: random.Random, w: int, h: int, n_fossils: int, rounds: int, n_stars: int,
                n_pre: int, bonuses: dict[str, int], fossil_size: tuple[int, int],
                custom_dice: bool, points: tuple[int, int], bonus: tuple[int, int]) -> str | None:
    grid = [["." for _ in range(w)] for _ in range(h)]
    owner: dict[tuple[int, int], int] = {}
    for i in range(n_fossils):
        size = rng.randint(*fossil_size)
        for _attempt in range(50):
            x, y = rng.randint(1, w - 2), rng.randint(1, h - 2)
            cells = [(x, y)]
            while len(cells) < size:
                cx, cy = rng.choice(cells)
                dx, dy = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
                n = (cx + dx, cy + dy)
                if 1 <= n[0] <= w - 2 and 1 <= n[1] <= h - 2 and n not in cells:
                    cells.append(n)
            ok = all(c not in owner for c in cells) and not any(
                owner.get((cx + dx, cy + dy), i) != i
                for cx, cy in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            if ok:
                for c in cells:
                    owner[c] = i
                    grid[c[1]][c[0]] = chr(ord("A") + i)
                break
        else:
            return None
    open_cells = [(x, y) for y in range(h) for x in range(w) if grid[y][x] == "."]
    rng.shuffle(open_cells)
    for x, y in open_cells[:n_stars]:
        grid[y][x] = "*"
    for x, y in open_cells[n_stars:n_stars + n_pre]:
        grid[y][x] = "#"
    lines = ["[map]", 'name = "random"', 'grid = """']
    lines += [" ".join(row) for row in grid]
    lines.append('"""')
    for i in range(n_fossils):
        lines += [f"[fossils.{chr(ord('A') + i)}]", f"points = {rng.randint(*points)}",
                  f"bonus = {rng.randint(*bonus)}"]
    if custom_dice:
        faces = []
        for face in range(1, 7):
            k = rng.randint(1, 2)
            faces.append(f'{face} = [{", ".join(repr(s) for s in rng.sample(LETTERS, k))}]')
        faces = [f.replace("'", '"') for f in faces]
        digs = [f'{face} = "{rng.choice(["chevron", "dot", "hatch"])}"' for face in range(1, 7)]
        lines += ["[dice]", f"shapes = {{ {', '.join(faces)} }}", f"digs = {{ {', '.join(digs)} }}"]
    rolls = [[rng.randint(1, 6), rng.randint(1, 6)] for _ in range(rounds)]
    lines += ["[puzzle]", f"rolls = {rolls}"]
    if bonuses:
        items = ", ".join(f"{k} = {v}" for k, v in bonuses.items() if k in BONUS_KINDS)
        lines.append(f"bonuses = {{ {items} }}")
    text = "\n".join(lines) + "\n"
    try:
        parse_document(text)
    except ValueError:
        return None
    return text


def tiny_puzzle(rng: random.Random) -> Puzzle:
    """A puzzle small enough for the brute force."""
    w, h = rng.randint(5, 6), rng.randint(5, 6)
    bonuses = {}
    for kind in BONUS_KINDS:
        if rng.random() < 0.25:
            bonuses[kind] = 1
    rounds = rng.choice((1, 2, 2, 3, 3))
    predrawn = rng.choice(((0, 0, 2, 5), (0, 3, 6, 8), (5, 8, 10, 12))[rounds - 1])
    return random_puzzle(rng, width=w, height=h, fossils=rng.randint(1, 2), rounds=rounds,
                         stars=rng.randint(0, 3), predrawn=predrawn, bonuses=bonuses,
                         custom_dice=rng.random() < 0.2)


def crowded_puzzle(rng: random.Random) -> Puzzle:
    """A small puzzle with many cells already drawn: the forced-draw rule bites, passes
    happen, and One Squares can make a later round passable."""
    w, h = rng.randint(5, 6), rng.randint(5, 6)
    bonuses = {}
    if rng.random() < 0.5:
        bonuses["one-square"] = rng.randint(1, 2)
    for kind in ("switch-shape", "switch-dig", "plus-one"):
        if rng.random() < 0.2:
            bonuses[kind] = 1
    return random_puzzle(rng, width=w, height=h, fossils=rng.randint(1, 2),
                         rounds=rng.randint(2, 4), stars=rng.randint(0, 2),
                         predrawn=rng.randint(w * h // 3, w * h // 2), bonuses=bonuses,
                         custom_dice=rng.random() < 0.3)


def small_puzzle(rng: random.Random) -> Puzzle:
    """A 6x6-7x7 puzzle, 1-3 fossils, 2-3 rounds, with every rule in play now and then
    (stars, start bonuses, pre-drawn cells, custom dice): the CP-SAT cross-check's size."""
    w, h = rng.randint(6, 7), rng.randint(6, 7)
    bonuses = {k: rng.randint(1, 2) for k in BONUS_KINDS if rng.random() < 0.3}
    return random_puzzle(rng, width=w, height=h, fossils=rng.randint(1, 3),
                         rounds=rng.randint(2, 3), stars=rng.randint(0, 2),
                         predrawn=rng.choice((0, 0, 4, 8, 14)), bonuses=bonuses,
                         custom_dice=rng.random() < 0.2)


# ---------------------------------------------------------------------------------------
# Authoring: `paleo puzzles new` (a candidate, solved, graded, written as TOML)

FOSSIL_NAMES = {
    "paleontologists": ("Ammonite", "Trilobite", "Raptor claw", "Mammoth tusk", "Shark tooth",
                        "Fern leaf", "Dino egg", "Sea lily", "Sabre tooth", "Amber bug",
                        "Fish bone", "Shell"),
    "snowman": ("Carrot nose", "Top hat", "Red scarf", "Mittens", "Coal buttons", "Pipe",
                "Broom", "Earmuffs", "Bobble hat", "Snow boots", "Pebble eyes", "Bow tie"),
}
MAP_NAMES = {"paleontologists": "Puzzle quarry", "snowman": "Puzzle snowfield"}


@dataclass(frozen=True)
class Spec:
    """What ``paleo puzzles new`` asks for: the candidates' size and contents."""

    width: int
    height: int
    fossils: int
    rounds: int
    theme: str = "paleontologists"
    stars: int = 0
    predrawn: int = 0
    bonuses: tuple[tuple[str, int], ...] = ()
    custom_dice: bool = False

    def args(self) -> str:
        """The command line that asks for this spec (without ``--seed``)."""
        words = [f"--size {self.width}x{self.height}", f"--fossils {self.fossils}",
                 f"--rounds {self.rounds}", f"--theme {self.theme}"]
        words += [f"--stars {self.stars}"] if self.stars else []
        words += [f"--predrawn {self.predrawn}"] if self.predrawn else []
        words += [f"--bonus {k}={n}" for k, n in self.bonuses]
        words += ["--custom-dice"] if self.custom_dice else []
        return " ".join(words)


def candidate(spec: Spec, rng: random.Random) -> Puzzle:
    """One random puzzle of the spec (map rules checked by the core)."""
    # Fossils of 1-4 cells worth 1-6 points: rings of 4-10 cells, closable in a few rounds.
    return random_puzzle(rng, width=spec.width, height=spec.height, fossils=spec.fossils,
                         rounds=spec.rounds, stars=spec.stars, predrawn=spec.predrawn,
                         bonuses=dict(spec.bonuses), fossil_size=(1, 4),
                         custom_dice=spec.custom_dice, points=(1, 6), bonus=(0, 3))


@dataclass(frozen=True)
class Rejected:
    """A candidate that was not kept (its number, from 1), and why."""

    number: int
    reason: str


@dataclass(frozen=True)
class NewPuzzle:
    """The outcome of :func:`new_puzzle`: the puzzle, its proof and grade, the TOML text."""

    puzzle: Puzzle
    solution: Solution
    grade: Grade
    text: str
    candidates: int
    rejected: tuple[Rejected, ...]


def new_puzzle(spec: Spec, seed: int, *, title: str = "", story: str = "",
               tier: str | None = None, time_limit: float | None = 60.0,
               max_nodes: int | None = None, tries: int = 50) -> NewPuzzle:
    """Draw candidates from ``seed`` until one is worth keeping: proven (within
    ``time_limit`` and ``max_nodes``), optimum above 0, the greedy bot strictly below it,
    graded as ``tier`` when one is asked for. The same arguments give the same puzzle (as
    long as every proof finishes within the time limit, the one machine-dependent test).
    Raises :class:`LookupError` when ``tries`` candidates were all rejected."""
    rng = random.Random(f"paleowidgets:new:{seed}")
    command = " ".join([spec.args(), f"--seed {seed}", *([f"--tier {tier}"] if tier else []),
                        *([f"--max-nodes {max_nodes}"] if max_nodes else []),
                        *([f"--time-limit {time_limit:g}"] if time_limit != 60 else [])])
    rejected: list[Rejected] = []
    for i in range(1, tries + 1):
        puzzle = candidate(spec, rng)
        reason, sol, grade_ = _judge(puzzle, tier, time_limit, max_nodes)
        if reason:
            rejected.append(Rejected(i, reason))
            continue
        assert sol is not None and grade_ is not None
        text = puzzle_toml(puzzle, theme=spec.theme, title=title or f"Puzzle {seed}",
                           story=story or "Write a one-line story here.",
                           difficulty=grade_.tier, optimum=sol.optimum, solution=sol.turns,
                           header=[f"Made by `paleo puzzles new {command}` (candidate {i});",
                                   f"graded {grade_}."])
        final = parse_document(text)
        assert isinstance(final, Puzzle)
        return NewPuzzle(final, sol, grade_, text, i, tuple(rejected))
    reasons = sorted({r.reason.split(":")[0] for r in rejected})
    raise LookupError(f"no puzzle kept among {tries} candidates ({'; '.join(reasons)}): "
                      "try another seed or other sizes")


def _judge(puzzle: Puzzle, tier: str | None, time_limit: float | None,
           max_nodes: int | None) -> tuple[str, Solution | None, Grade | None]:
    """Why a candidate is rejected ('' when it is kept), its solution and grade."""
    sol = solve(puzzle, time_limit=time_limit)
    if not sol.proven:
        return f"not proven within {time_limit} s", None, None
    if max_nodes is not None and sol.nodes > max_nodes:
        return f"proof too long: {sol.nodes:,} nodes > {max_nodes:,}", None, None
    if sol.optimum == 0:
        return "trivial: optimum 0", None, None
    g = grade(puzzle, sol)
    if g.greedy >= sol.optimum:
        return f"trivial: the greedy bot reaches the optimum {sol.optimum}", None, None
    if tier is not None and g.tier != tier:
        return f"graded {g.tier}, not {tier}", None, None
    return "", sol, g


def puzzle_toml(puzzle: Puzzle, *, theme: str | None = None, name: str | None = None,
                title: str | None = None, story: str | None = None,
                difficulty: str | None = None, optimum: int | None = None,
                solution: Sequence[Turn] | None = None, header: Sequence[str] = ()) -> str:
    """The puzzle as a FORMATS.md file; every keyword replaces the puzzle's own value.

    >>> p = random_puzzle(random.Random(1), width=7, height=7, fossils=1, rounds=2)
    >>> parse_document(puzzle_toml(p, title="Hi")).title
    'Hi'
    """
    m = puzzle.map
    theme = theme or m.theme
    names = FOSSIL_NAMES.get(theme, FOSSIL_NAMES["paleontologists"])
    map_name = name or (m.name if m.name != "random" else MAP_NAMES.get(theme, "Puzzle"))
    lines = [f"# {h}" for h in header]
    lines += ["[map]", f"name = {toml_string(map_name)}", f"theme = {toml_string(theme)}",
              'grid = """', *m.grid_rows(), '"""', ""]
    for i, f in enumerate(m.fossils):
        lines += [f"[fossils.{f.id}]", f"name = {toml_string(f.name or names[i % len(names)])}",
                  f"points = {f.points}", f"bonus = {f.bonus}", ""]
    if not m.dice.is_default():
        faces = ", ".join(f"{k} = [{', '.join(toml_string(s) for s in m.dice.shapes_of(k))}]"
                          for k in range(1, 7))
        digs = ", ".join(f"{k} = {toml_string(m.dice.dig_of(k))}" for k in range(1, 7))
        lines += ["[dice]", f"shapes = {{ {faces} }}", f"digs = {{ {digs} }}", ""]
    lines += ["[puzzle]", f"title = {toml_string(puzzle.title if title is None else title)}",
              f"story = {toml_string(puzzle.story if story is None else story)}"]
    level = puzzle.difficulty if difficulty is None else difficulty
    if level:
        lines.append(f"difficulty = {toml_string(level)}")
    lines.append("rolls = [" + ", ".join(f"[{a}, {b}]" for a, b in puzzle.rolls) + "]")
    held = [f"{k} = {n}" for k, n in zip(BONUS_KINDS, puzzle.bonuses, strict=True) if n]
    if held:
        lines.append(f"bonuses = {{ {', '.join(held)} }}")
    turns = puzzle.solution if solution is None else tuple(solution)
    best = puzzle.optimum if optimum is None else optimum
    if turns and best is not None:
        lines += [f"optimum = {best}", "solution = ["]
        lines += [f"  {turn_inline(t)}," for t in turns]
        lines.append("]")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------
# The collection's table (puzzles/README.md)

TABLE_BEGIN = "<!-- collection table: made by tools/make_puzzles.py, do not edit -->"
TABLE_END = "<!-- end of the collection table -->"


def collection_table(root: Path) -> str:
    """The Markdown table of every puzzle under ``root`` (sorted by path), between the
    TABLE_BEGIN and TABLE_END markers: file, title, theme, size, rounds, what it holds,
    optimum, tier."""
    rows = [TABLE_BEGIN, "", "| file | title | theme | size | rounds | holds | optimum | tier |",
            "|---|---|---|---|---|---|---|---|"]
    for path in sorted(root.rglob("*.toml")):
        p = load_document(path)
        if not isinstance(p, Puzzle):
            continue
        m = p.map
        snow = m.theme == "snowman"
        holds = [_counted(len(m.fossils), "item" if snow else "fossil")]
        holds += [_counted(len(m.stars), "snowflake" if snow else "star")] if m.stars else []
        holds += [f"{len(m.predrawn)} drawn"] if m.predrawn else []
        holds += [f"{n} {k}" for k, n in zip(BONUS_KINDS, p.bonuses, strict=True) if n]
        holds += ["own dice"] if not m.dice.is_default() else []
        rel = path.relative_to(root).as_posix()
        rows.append(f"| [{rel}]({rel}) | {p.title} | {m.theme} | {m.width}x{m.height} | "
                    f"{len(p.rolls)} | {', '.join(holds)} | {p.optimum} | {p.difficulty} |")
    return "\n".join([*rows, "", TABLE_END])


def _counted(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def with_table(readme: str, table: str) -> str:
    """``readme`` with the text between the markers (included) replaced by ``table``."""
    start, end = readme.find(TABLE_BEGIN), readme.find(TABLE_END)
    if start < 0 or end < start:
        raise ValueError("the README has no collection table markers")
    return readme[:start] + table + readme[end + len(TABLE_END):]
