"""Build your Snowman (Snowman Edition): the items a game dug up, placed on a blank snowman.

After a game on a snow map the player puts the items they dug up where they like on a
snowman and names it (RULES.md, Snowman Edition). This module holds the design as data
(:class:`Snowman`: a name and which item sits on which spot, immutable) and draws it as a
plan of primitives, so the SVG here and the canvas widget
(:mod:`paleowidgets.widgets.snowman`) paint the same picture.

Spots are fixed places on the snowman (``hat``, ``nose``, ``left-hand`` ...; :data:`SPOTS`),
so a design is easy to reach by keyboard and to check. Items are told apart by their
drawing (a top hat, a broom, coal buttons ...), not by colour alone, and the legend under
the snowman names each one and its spot.

>>> from paleowidgets.data import load_map
>>> from paleowidgets.core.rules import Game
>>> items = items_of(load_map("snow-map"))
>>> [i.id for i in items][:3], items[0].label("fr")
(['A', 'B', 'C'], 'Chapeau haut-de-forme')
>>> s = Snowman("Frosty").place("A", "hat").place("C", "left-hand")
>>> s.item_at("hat"), s.spot_of("C"), s.place("B", "hat").spot_of("A") is None
('A', 'left-hand', True)
>>> render_snowman(items, s).count('class="snowman-item kind-')
2
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from .. import i18n
from ..core.maps import Map
from ..core.rules import State
from . import style as st
from .primitives import Circle, Group, Item, Paint, Path, Plan, Point, Rect, Text
from .svg import SvgDocument, plan_to_svg

# The picture is drawn in units of ``u`` pixels: the snowman stands in a 12 x 14 box under
# a band for its name, with the legend below.
WIDTH = 12.0
NAME_BAND = 1.4
HEIGHT = 14.0
LEGEND_ROW = 0.62

#: Where items can go: spot -> (x, y, size) in units inside the 12 x 14 box, from the top
#: of the head down (the order of the legend and of keyboard numbering).
SPOTS: Mapping[str, tuple[float, float, float]] = {
    "hat": (6.0, 1.15, 1.7),
    "left-ear": (4.35, 3.0, 0.8),
    "right-ear": (7.65, 3.0, 0.8),
    "nose": (6.0, 3.45, 0.8),
    "mouth": (6.0, 4.3, 0.75),
    "neck": (6.0, 5.15, 1.3),
    "left-hand": (1.1, 4.3, 0.95),
    "right-hand": (10.9, 4.3, 0.95),
    "left-arm": (2.65, 5.75, 1.25),
    "right-arm": (9.35, 5.75, 1.25),
    "chest": (6.0, 6.45, 0.9),
    "belly": (6.0, 8.0, 0.9),
    "base": (6.0, 11.0, 1.15),
    "ground-left": (1.6, 12.9, 1.1),
    "ground-right": (10.4, 12.9, 1.1),
}

#: The three snow balls: (x, y, radius) in units.
BALLS = ((6.0, 11.15, 2.65), (6.0, 7.05, 2.3), (6.0, 3.3, 1.7))

#: Item kinds drawn as pictures, found by a word of the item's (English) name in the map.
KINDS: Mapping[str, tuple[str, ...]] = {
    "top-hat": ("hat",),
    "scarf": ("scarf",),
    "broom": ("broom",),
    "twig-arm": ("twig", "arm", "branch", "stick"),
    "earmuffs": ("earmuff",),
    "mittens": ("mitten", "glove"),
    "pipe": ("pipe",),
    "carrot-nose": ("carrot", "nose"),
    "coal-buttons": ("coal", "button"),
    "pine-cone": ("cone", "pine"),
}

INK = "#17324D"
BROWN = "#7A4A1E"
SNOW = "#FFFFFF"
SKY = "#EAF3FA"
GROUND = "#D6E8F5"
CURSOR = st.OKABE_ITO["blue"]


# -- the design as data --------------------------------------------------------------------

def item_kind(name: str) -> str:
    """The picture of an item by its name: ``item_kind("Carrot nose") == 'carrot-nose'``;
    ``''`` when no picture fits (it is drawn as a badge with its letter)."""
    words = re.findall(r"[a-z]+", name.lower())    # whole words: "earmuffs" is no "arm"
    return next((kind for kind, keys in KINDS.items()
                 if any(w.startswith(k) for k in keys for w in words)), "")


@dataclass(frozen=True)
class SnowmanItem:
    """An item that can go on the snowman: a fossil of a snow map, with its names in other
    languages from the map file (``names``: ``(language, name)`` pairs)."""

    id: str
    name: str
    kind: str = ""
    names: tuple[tuple[str, str], ...] = ()

    def label(self, lang: str | None = None) -> str:
        """Its name in ``lang``: the map file's name in that language, else its name (the
        same names as the sheet's, :func:`paleowidgets.render.style.fossil_name`)."""
        code = i18n.get_language() if lang is None else i18n.normalize(lang)
        return dict(self.names).get(code) or self.name or self.id


def items_of(document: Map) -> tuple[SnowmanItem, ...]:
    """Every item of a map, in its order."""
    return tuple(SnowmanItem(f.id, f.name or f.id, item_kind(f.name or ""),
                             tuple(sorted(f.names.items())))
                 for f in document.fossils)


def dug_items(state: State) -> tuple[SnowmanItem, ...]:
    """The items dug up in ``state`` (the core's ``dug`` set), in the map's order."""
    every = items_of(state.game.map)
    return tuple(item for i, item in enumerate(every) if state.dug >> i & 1)


@dataclass(frozen=True)
class Snowman:
    """A design: the snowman's name and the item on each spot (``(spot, item id)`` pairs in
    :data:`SPOTS` order). Every change returns a new design."""

    name: str = ""
    placed: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        spots = [s for s, _ in self.placed]
        items = [i for _, i in self.placed]
        unknown = [s for s in spots if s not in SPOTS]
        if unknown:
            raise ValueError(f"no spot {unknown[0]!r} on the snowman (spots: "
                             f"{', '.join(SPOTS)})")
        if len(set(spots)) != len(spots) or len(set(items)) != len(items):
            raise ValueError("a spot holds one item and an item sits on one spot")

    def item_at(self, spot: str) -> str | None:
        return dict(self.placed).get(spot)

    def spot_of(self, item: str) -> str | None:
        return next((s for s, i in self.placed if i == item), None)

    def place(self, item: str, spot: str) -> Snowman:
        """``item`` on ``spot``: it leaves the spot it was on, and an item already on
        ``spot`` is taken off."""
        if spot not in SPOTS:
            raise ValueError(f"no spot {spot!r} on the snowman (spots: {', '.join(SPOTS)})")
        kept = {s: i for s, i in self.placed if i != item and s != spot}
        kept[spot] = item
        return replace(self, placed=tuple((s, kept[s]) for s in SPOTS if s in kept))

    def remove(self, item: str) -> Snowman:
        return replace(self, placed=tuple(p for p in self.placed if p[1] != item))

    def named(self, name: str) -> Snowman:
        return replace(self, name=name)


# -- keyboard and pointer ----------------------------------------------------------------

def spot_at(x: float, y: float) -> str | None:
    """The spot nearest the point ``(x, y)`` (units, in the snowman box), if it is within
    reach of it (its size, at least one unit)."""
    best = min(SPOTS, key=lambda s: math.hypot(SPOTS[s][0] - x, SPOTS[s][1] - y))
    sx, sy, size = SPOTS[best]
    return best if math.hypot(sx - x, sy - y) <= max(1.0, size) else None


def step(spot: str, dx: int, dy: int) -> str:
    """The spot an arrow key leads to from ``spot``: the nearest one in that direction
    (a sideways offset counts double), or ``spot`` itself at the edge.

    >>> step("nose", 0, -1), step("nose", 0, 1), step("nose", 1, 0)
    ('hat', 'mouth', 'right-ear')
    """
    x0, y0, _ = SPOTS[spot]

    def cost(s: str) -> float:
        x, y, _ = SPOTS[s]
        ahead = (x - x0) * dx + (y - y0) * dy
        side = abs((x - x0) * dy) + abs((y - y0) * dx)
        return ahead + 2 * side if ahead > 1e-9 else math.inf

    best = min(SPOTS, key=cost)
    return best if cost(best) < math.inf else spot


# -- the picture ---------------------------------------------------------------------------

def plan_snowman(items: Sequence[SnowmanItem], snowman: Snowman, *, unit: float = 24.0,
                 lang: str | None = None, cursor: str | None = None,
                 legend: bool = True) -> Plan:
    """The whole picture as a plan: the blank snowman, the items on their spots, the name
    above and (``legend``) a line per placed item below; ``cursor`` outlines a spot."""
    code = i18n.get_language() if lang is None else i18n.normalize(lang)
    static = snowman_static(unit)
    marks = snowman_marks(items, snowman, unit=unit, lang=code, cursor=cursor)
    rows = legend_rows(items, snowman, code) if legend else []
    texts = tuple(Text(0.4 * unit, (NAME_BAND + HEIGHT + 0.55 + LEGEND_ROW * i) * unit, row,
                       0.32 * unit, INK, "snowman-legend-row") for i, row in enumerate(rows))
    height = (NAME_BAND + HEIGHT + (0.3 + LEGEND_ROW * len(rows) if rows else 0.0)) * unit
    title = snowman.name or i18n.t("snowman.title", code)
    return Plan(WIDTH * unit, math.ceil(height), (*static, *marks,
                                                  Group(texts, "snowman-legend")),
                title=title, cls="snowman", lang=code)


def render_snowman(items: Sequence[SnowmanItem], snowman: Snowman, *, unit: float = 24.0,
                   lang: str | None = None, legend: bool = True) -> SvgDocument:
    """The snowman as SVG (write it as PNG or PDF with
    :func:`paleowidgets.render.export.sheet_bytes`)."""
    return SvgDocument(plan_to_svg(plan_snowman(items, snowman, unit=unit, lang=lang,
                                                legend=legend)))


def legend_rows(items: Sequence[SnowmanItem], snowman: Snowman, lang: str) -> list[str]:
    by_id = {i.id: i for i in items}
    return [i18n.t("snowman.legend", lang, id=item, item=by_id[item].label(lang),
                   spot=i18n.t(f"spot.{spot}", lang))
            for spot, item in snowman.placed if item in by_id]


def snowman_static(unit: float) -> tuple[Item, ...]:
    """What never changes: the sky, the snow on the ground, the three balls, the eyes."""
    u = unit
    oy = NAME_BAND * u
    sky = Rect(0, 0, WIDTH * u, (NAME_BAND + HEIGHT) * u, Paint(fill=SKY), "snowman-sky")
    ground = Rect(0, oy + 12.2 * u, WIDTH * u, 1.8 * u, Paint(fill=GROUND), "snowman-ground")
    balls = tuple(Circle(x * u, oy + y * u, r * u, Paint(fill=SNOW, stroke=INK, width=0.06 * u),
                         "snowman-ball") for x, y, r in BALLS)
    eyes = tuple(Circle(x * u, oy + 2.75 * u, 0.16 * u, Paint(fill=INK), "snowman-eye")
                 for x in (5.4, 6.6))
    return (sky, ground, Group((*balls, *eyes), "snowman-body"))


def snowman_marks(items: Sequence[SnowmanItem], snowman: Snowman, *, unit: float,
                  lang: str, cursor: str | None = None) -> tuple[Item, ...]:
    """What the player changes: empty spots (a small ring), the items, the cursor, the
    name."""
    u = unit
    oy = NAME_BAND * u
    by_id = {i.id: i for i in items}
    taken = {s for s, i in snowman.placed if i in by_id}
    empty = tuple(Circle(x * u, oy + y * u, 0.14 * u,
                         Paint(stroke=st.THEMES["snowman"].muted, width=0.04 * u),
                         "snowman-spot", {"spot": s})
                  for s, (x, y, _) in SPOTS.items() if s not in taken)
    drawn: list[Item] = []
    for spot, item_id in snowman.placed:
        item = by_id.get(item_id)
        if item is None:
            continue
        x, y, size = SPOTS[spot]
        drawn.append(Group(item_picture(item, x * u, oy + y * u, size * u / 2),
                           f"snowman-item kind-{item.kind or 'badge'}",
                           data={"item": item.id, "spot": spot},
                           tooltip=f"{item.label(lang)}: {i18n.t(f'spot.{spot}', lang)}"))
    marks: list[Item] = [Group(empty, "snowman-spots"), Group(tuple(drawn), "snowman-items")]
    if cursor is not None:
        marks.append(cursor_items(cursor, u))
    if snowman.name:
        marks.append(Text(WIDTH * u / 2, 0.95 * u, snowman.name, 0.7 * u, INK, "snowman-name",
                          anchor="middle", bold=True))
    return tuple(marks)


def cursor_items(spot: str, u: float) -> Group:
    """The chosen spot: a square of corner brackets, dark on a white halo, seen on snow,
    on the sky and on any item."""
    x, y, size = SPOTS[spot]
    cx, cy = x * u, (NAME_BAND + y) * u
    k = max(size, 0.9) * u / 2 + 0.18 * u
    arm = 0.45 * k
    corners = tuple(((cx + sx * k, cy + sy * (k - arm)), (cx + sx * k, cy + sy * k),
                     (cx + sx * (k - arm), cy + sy * k))
                    for sx in (-1, 1) for sy in (-1, 1))
    return Group((Path(corners, Paint(stroke=SNOW, width=0.22 * u), closed=False,
                       cls="snowman-cursor-halo"),
                  Path(corners, Paint(stroke=CURSOR, width=0.1 * u), closed=False,
                       cls="snowman-cursor")), "snowman-cursor", data={"spot": spot})


# -- the items' pictures -------------------------------------------------------------------

def _line(points: Iterable[Point], colour: str, width: float, cls: str = "") -> Path:
    return Path((tuple(points),), Paint(stroke=colour, width=width), closed=False, cls=cls)


def _shape(points: Iterable[Point], fill: str, k: float) -> Path:
    return Path((tuple(points),), Paint(fill=fill, stroke=INK, width=0.08 * k))


def item_picture(item: SnowmanItem, cx: float, cy: float, k: float) -> tuple[Item, ...]:
    """``item`` drawn around ``(cx, cy)`` within ``k`` pixels of it (a half-size)."""
    draw = _PICTURES.get(item.kind)
    if draw is None:
        return _badge(item, cx, cy, k)
    return draw(cx, cy, k)


def _top_hat(cx: float, cy: float, k: float) -> tuple[Item, ...]:
    edge = Paint(fill="#1E1A16", stroke=INK, width=0.06 * k)
    return (Rect(cx - 0.62 * k, cy - 0.95 * k, 1.24 * k, 1.45 * k, edge),
            Rect(cx - 0.62 * k, cy + 0.12 * k, 1.24 * k, 0.26 * k,
                 Paint(fill=st.OKABE_ITO["vermillion"])),
            Rect(cx - k, cy + 0.45 * k, 2 * k, 0.28 * k, edge, rx=0.1 * k))


def _scarf(cx: float, cy: float, k: float) -> tuple[Item, ...]:
    red = st.OKABE_ITO["vermillion"]
    stripes = tuple(((cx + d * k, cy - 0.28 * k), (cx + d * k, cy + 0.28 * k))
                    for d in (-0.6, -0.2, 0.2, 0.6))
    return (Rect(cx - k, cy - 0.3 * k, 2 * k, 0.6 * k,
                 Paint(fill=red, stroke=INK, width=0.07 * k), rx=0.2 * k),
            Rect(cx + 0.25 * k, cy, 0.42 * k, k, Paint(fill=red, stroke=INK, width=0.07 * k)),
            Path(stripes, Paint(stroke=SNOW, width=0.1 * k), closed=False))


def _broom(cx: float, cy: float, k: float) -> tuple[Item, ...]:
    bristles = [(cx - 0.45 * k, cy + 0.25 * k), (cx + 0.45 * k, cy + 0.25 * k),
                (cx + 0.7 * k, cy + k), (cx - 0.7 * k, cy + k)]
    lines = tuple(((cx + d * 0.45 * k, cy + 0.3 * k), (cx + d * 0.7 * k, cy + 0.95 * k))
                  for d in (-0.6, 0.0, 0.6))
    return (_line([(cx, cy - k), (cx, cy + 0.3 * k)], BROWN, 0.16 * k),
            _shape(bristles, st.OKABE_ITO["orange"], k),
            Path(lines, Paint(stroke=INK, width=0.06 * k), closed=False))


def _twig_arm(cx: float, cy: float, k: float) -> tuple[Item, ...]:
    return (_line([(cx - k, cy + 0.45 * k), (cx + k, cy - 0.45 * k)], BROWN, 0.16 * k),
            _line([(cx + 0.2 * k, cy - 0.1 * k), (cx + 0.45 * k, cy - 0.75 * k)], BROWN,
                  0.11 * k),
            _line([(cx - 0.3 * k, cy + 0.15 * k), (cx - 0.15 * k, cy + 0.7 * k)], BROWN,
                  0.11 * k))


def _earmuffs(cx: float, cy: float, k: float) -> tuple[Item, ...]:
    band = [(cx + 0.7 * k * math.cos(a), cy + 0.2 * k - 0.9 * k * math.sin(a))
            for a in (math.pi * i / 12 for i in range(13))]
    pad = Paint(fill=st.OKABE_ITO["reddish-purple"], stroke=INK, width=0.07 * k)
    return (_line(band, INK, 0.12 * k),
            Circle(cx - 0.7 * k, cy + 0.3 * k, 0.32 * k, pad),
            Circle(cx + 0.7 * k, cy + 0.3 * k, 0.32 * k, pad))


def _mittens(cx: float, cy: float, k: float) -> tuple[Item, ...]:
    paint = Paint(fill=st.OKABE_ITO["blue"], stroke=INK, width=0.06 * k)
    out: list[Item] = []
    for side in (-1, 1):
        x = cx + side * 0.45 * k
        out += [Rect(x - 0.3 * k, cy - 0.4 * k, 0.6 * k, 0.95 * k, paint, rx=0.28 * k),
                Circle(x - side * 0.33 * k, cy, 0.15 * k, paint),
                Rect(x - 0.32 * k, cy + 0.45 * k, 0.64 * k, 0.2 * k, Paint(fill=SNOW,
                     stroke=INK, width=0.05 * k))]
    return tuple(out)


def _pipe(cx: float, cy: float, k: float) -> tuple[Item, ...]:
    return (_line([(cx - k, cy - 0.1 * k), (cx + 0.25 * k, cy + 0.2 * k)], BROWN, 0.16 * k),
            Rect(cx + 0.2 * k, cy - 0.45 * k, 0.55 * k, 0.8 * k,
                 Paint(fill=BROWN, stroke=INK, width=0.07 * k), rx=0.12 * k))


def _carrot(cx: float, cy: float, k: float) -> tuple[Item, ...]:
    body = [(cx - 0.3 * k, cy - 0.32 * k), (cx + k, cy), (cx - 0.3 * k, cy + 0.32 * k)]
    notches = tuple(((cx + d * k, cy - 0.2 * k), (cx + d * k, cy - 0.05 * k))
                    for d in (0.05, 0.4))
    return (_shape(body, st.OKABE_ITO["orange"], k),
            Path(notches, Paint(stroke=INK, width=0.06 * k), closed=False))


def _coal(cx: float, cy: float, k: float) -> tuple[Item, ...]:
    return tuple(Circle(cx, cy + d * k, 0.2 * k, Paint(fill="#1E1A16")) for d in (-0.65, 0, 0.65))


def _pine_cone(cx: float, cy: float, k: float) -> tuple[Item, ...]:
    oval = [(cx + 0.5 * k * math.sin(a), cy - 0.85 * k * math.cos(a))
            for a in (2 * math.pi * i / 16 for i in range(16))]
    scales = tuple(((cx - 0.45 * k, cy + d * k), (cx, cy + (d + 0.25) * k),
                    (cx + 0.45 * k, cy + d * k)) for d in (-0.55, -0.15, 0.25))
    return (_shape(oval, "#A0612B", k),
            Path(scales, Paint(stroke=INK, width=0.06 * k), closed=False))


def _badge(item: SnowmanItem, cx: float, cy: float, k: float) -> tuple[Item, ...]:
    """An item without a picture: a round badge with its letter."""
    return (Circle(cx, cy, 0.8 * k, Paint(fill=st.THEMES["snowman"].dug, stroke=INK,
                                          width=0.08 * k)),
            Text(cx, cy + 0.35 * k, item.id, k, INK, "snowman-badge", anchor="middle",
                 bold=True))


_PICTURES = {
    "top-hat": _top_hat, "scarf": _scarf, "broom": _broom, "twig-arm": _twig_arm,
    "earmuffs": _earmuffs, "mittens": _mittens, "pipe": _pipe, "carrot-nose": _carrot,
    "coal-buttons": _coal, "pine-cone": _pine_cone,
}
