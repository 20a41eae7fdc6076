"""Game sheets as SVG: a pure function of a map, a puzzle, a state or a game log.

The sheet is planned once (:mod:`paleowidgets.render.plan`) and written here with
:mod:`xml.etree.ElementTree`. Elements carry ``class`` and ``data-*`` attributes that say
what they show (``<rect class="cell drawn dig-dot" data-cell="B3">``), so tests and
stylesheets can find them.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> svg = render_svg(parse_document(TINY))
>>> svg.startswith("<svg") and svg._repr_svg_() == svg
True
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import TypedDict

from ..core.maps import Roll
from ..core.turns import Turn
from ..i18n import DEFAULT_LANGUAGE
from .plan import plan_sheet
from .primitives import Circle, Group, Item, Paint, Path, PatternSpec, Plan, Rect, Text
from .sheet import Renderable, sheet_of
from .style import font_family

SVG_NS = "http://www.w3.org/2000/svg"


class SheetOptions(TypedDict, total=False):
    """The keyword options of :func:`render_svg` (for functions that pass them on)."""

    rolls: Sequence[Roll] | None
    turns: Sequence[Turn] | None
    player: int | str | None
    cell_size: float
    title: str | None
    show_track: bool
    labels: Mapping[str, str] | None
    lang: str | None
    seed: int | str | None


class SvgDocument(str):
    """SVG text that Jupyter shows as a picture: ``_repr_svg_`` returns it."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def render_svg(obj: Renderable, *, rolls: Sequence[Roll] | None = None,
               turns: Sequence[Turn] | None = None, player: int | str | None = None,
               cell_size: float = 36, title: str | None = None, show_track: bool = True,
               labels: Mapping[str, str] | None = None, lang: str | None = None,
               seed: int | str | None = None) -> SvgDocument:
    """The game sheet of ``obj`` (a Map, Puzzle, State or GameLog) as SVG.

    ``rolls`` fill the round track (a puzzle's and a log's come with them); ``turns`` let
    each drawn shape be outlined on its own (for a map or a puzzle they are played first);
    ``player`` picks a log's player (index or name) or is the name written on the sheet;
    ``lang`` (``"en"``, ``"fr"``, ``"ko"``; by default the language set with
    :func:`paleowidgets.i18n.set_language`) chooses the sheet's words, and ``labels``
    replaces some of them (keys as in :data:`paleowidgets.render.style.LABELS`); ``seed``
    (a map only) fills the round track with the rolls of a seed code, those a class game
    on that code rolls, and writes the code on the sheet.
    """
    sheet = sheet_of(obj, rolls=rolls, turns=turns, player=player, title=title, seed=seed)
    plan = plan_sheet(sheet, cell_size=cell_size, show_track=show_track, labels=labels,
                      lang=lang)
    return SvgDocument(plan_to_svg(plan))


def plan_to_svg(plan: Plan) -> str:
    """Serialise a drawing plan as one ``<svg>`` element (no XML declaration)."""
    root = ET.Element("svg", {
        "xmlns": SVG_NS, "version": "1.1", "width": num(plan.width), "height": num(plan.height),
        "viewBox": f"0 0 {num(plan.width)} {num(plan.height)}",
        "font-family": font_family(plan.lang)})
    if plan.lang != DEFAULT_LANGUAGE:   # English sheets stay as they always were
        root.set("lang", plan.lang)
    if plan.cls:
        root.set("class", plan.cls)
    if plan.title:
        ET.SubElement(root, "title").text = plan.title
    defs = ET.SubElement(root, "defs")
    for pattern in plan.patterns:
        add_pattern(defs, pattern)
    for item in plan.items:
        add_item(root, item)
    return ET.tostring(root, encoding="unicode")


def num(value: float) -> str:
    """A coordinate, short: ``num(12.0) == '12'``, ``num(1/3) == '0.33'``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def add_pattern(parent: ET.Element, spec: PatternSpec) -> None:
    el = ET.SubElement(parent, "pattern", {
        "id": spec.id, "patternUnits": "userSpaceOnUse", "x": "0", "y": "0",
        "width": num(spec.size), "height": num(spec.size)})
    set_common(el, spec.cls, spec.data)
    ET.SubElement(el, "rect", {"width": num(spec.size), "height": num(spec.size),
                               "fill": spec.background})
    for item in spec.items:
        add_item(el, item)


def add_item(parent: ET.Element, item: Item) -> None:
    """Append the element(s) for one plan item."""
    match item:
        case Group():
            add_group(parent, item)
        case Rect():
            el = ET.SubElement(parent, "rect", {"x": num(item.x), "y": num(item.y),
                                                "width": num(item.w), "height": num(item.h)})
            if item.rx:
                el.set("rx", num(item.rx))
            finish(el, item.cls, item.data, item.paint)
        case Circle():
            el = ET.SubElement(parent, "circle", {"cx": num(item.cx), "cy": num(item.cy),
                                                  "r": num(item.r)})
            finish(el, item.cls, item.data, item.paint)
        case Path():
            el = ET.SubElement(parent, "path", {"d": path_data(item)})
            finish(el, item.cls, item.data, item.paint)
            if item.paint.stroke:
                el.set("stroke-linejoin", "round")
                el.set("stroke-linecap", "round")
        case Text():
            add_text(parent, item)


def add_group(parent: ET.Element, group: Group) -> None:
    el = ET.SubElement(parent, "g")
    set_common(el, group.cls, group.data)
    if group.x or group.y:
        el.set("transform", f"translate({num(group.x)} {num(group.y)})")
    if group.tooltip:
        ET.SubElement(el, "title").text = group.tooltip
    for item in group.items:
        add_item(el, item)


def add_text(parent: ET.Element, text: Text) -> None:
    el = ET.SubElement(parent, "text", {"x": num(text.x), "y": num(text.y),
                                        "font-size": num(text.size), "fill": text.fill})
    if text.anchor != "start":
        el.set("text-anchor", text.anchor)
    if text.bold:
        el.set("font-weight", "bold")
    set_common(el, text.cls, text.data)
    el.text = text.text


def path_data(path: Path) -> str:
    """``M x y L x y ... Z`` for each loop (no ``Z`` on open polylines)."""
    parts = []
    for loop in path.loops:
        points = [f"{num(x)} {num(y)}" for x, y in loop]
        parts.append("M" + " L".join(points) + ("Z" if path.closed else ""))
    return " ".join(parts)


def set_common(el: ET.Element, cls: str, data: Mapping[str, str]) -> None:
    if cls:
        el.set("class", cls)
    for key, value in data.items():
        el.set(f"data-{key}", value)


def finish(el: ET.Element, cls: str, data: Mapping[str, str], paint: Paint) -> None:
    set_common(el, cls, data)
    el.set("fill", f"url(#{paint.pattern})" if paint.pattern else paint.fill or "none")
    if paint.stroke:
        el.set("stroke", paint.stroke)
        el.set("stroke-width", num(paint.width))
    if paint.opacity != 1:
        el.set("opacity", num(paint.opacity))
