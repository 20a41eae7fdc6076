"""Small pictures drawn as paths: the bonus star, the snowflake, a check mark, die pips.

Each returns the loops of a :class:`~paleowidgets.render.primitives.Path` centred on
``(cx, cy)`` and sized by ``r``, so SVG and canvas draw them alike.

>>> len(star_points(0, 0, 10))
10
"""

from __future__ import annotations

import math

from .primitives import Point


def star_points(cx: float, cy: float, r: float, inner: float = 0.45) -> tuple[Point, ...]:
    """A five-pointed star, one point straight up."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * inner
        angle = math.pi * i / 5 - math.pi / 2
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return tuple(points)


def snowflake_lines(cx: float, cy: float, r: float) -> tuple[tuple[Point, ...], ...]:
    """Six arms, each with a pair of twigs: open polylines."""
    lines: list[tuple[Point, ...]] = []
    for i in range(6):
        a = math.pi * i / 3 - math.pi / 2
        tip = (cx + r * math.cos(a), cy + r * math.sin(a))
        lines.append(((cx, cy), tip))
        fork = (cx + 0.55 * r * math.cos(a), cy + 0.55 * r * math.sin(a))
        for side in (-1, 1):
            b = a + side * math.pi / 4
            twig = (fork[0] + 0.35 * r * math.cos(b), fork[1] + 0.35 * r * math.sin(b))
            lines.append((fork, twig))
    return tuple(lines)


def check_mark(cx: float, cy: float, r: float) -> tuple[Point, ...]:
    """A tick, as one open polyline."""
    return ((cx - r, cy), (cx - 0.3 * r, cy + 0.7 * r), (cx + r, cy - 0.8 * r))


def pip_centres(face: int, cx: float, cy: float, r: float) -> tuple[Point, ...]:
    """Where the pips of die ``face`` (1-6) sit on a die of half-size ``r``.

    >>> len(pip_centres(5, 0, 0, 1))
    5
    """
    d = 0.5 * r
    spots = {
        1: ((0, 0),),
        2: ((-1, -1), (1, 1)),
        3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
        5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
    }[face]
    return tuple((cx + dx * d, cy + dy * d) for dx, dy in spots)
