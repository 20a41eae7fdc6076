"""Random puzzles that obey the map rules: for tests, benchmarks and puzzle authors' drafts.

>>> import random
>>> p = random_puzzle(random.Random(1), width=7, height=7, fossils=2, rounds=3, stars=1)
>>> len(p.rolls), len(p.map.fossils), len(p.map.stars)
(3, 2, 1)

Each puzzle is written as TOML text and read back through the core
(:func:`~paleowidgets.core.maps.parse_document`), so the map rules hold by construction.
"""

from __future__ import annotations

import random

from ..core.geometry import LETTERS
from ..core.maps import Puzzle, parse_document
from ..core.terms import BONUS_KINDS

__all__ = ["crowded_puzzle", "random_puzzle", "tiny_puzzle"]


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
