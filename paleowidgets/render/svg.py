"""Game sheets as SVG: a pure function of a map, a puzzle, a state or a game log.

The sheet is planned once (:mod:`paleowidgets.render.plan`) and written here, as
:mod:`xml.etree.ElementTree` would write it. Elements carry ``class`` and ``data-*``
attributes that say what they show (``<rect class="cell drawn dig-dot" data-cell="B3">``),
so tests and stylesheets can find them.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY
>>> svg = render_svg(parse_document(TINY))
>>> svg.startswith("<svg"), svg[:200].count('width="716.4"')
(True, 1)
>>> shown = svg._repr_svg_()            # what a notebook shows: the same drawing, smaller
>>> 'width="640"' in shown[:200] and 'viewBox="0 0 716.4 585"' in shown[:200]
True
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypedDict

from ..core.maps import Roll
from ..core.turns import Turn
from ..i18n import DEFAULT_LANGUAGE
from .plan import plan_sheet
from .primitives import Circle, Group, Item, Paint, Path, PatternSpec, Plan, Rect, Text
from .sheet import Renderable, sheet_of
from .style import font_family

SVG_NS = "http://www.w3.org/2000/svg"
# The widest a picture is shown in a notebook, in pixels: JupyterLab at 1100 px with its file
# browser open leaves an output about 668 px, and it shows image/svg+xml as an <img> that
# its own stylesheet does not shrink (nor do GitHub's and nbviewer's pages, by default).
DISPLAY_WIDTH = 640
ROOT_TAG = re.compile(r"<svg\b[^>]*>")


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
    """SVG text that Jupyter shows as a picture: ``_repr_svg_`` returns it. Its plain-text
    form in a notebook is one line (:meth:`describe`), not the SVG text again: a notebook
    stores both, and the lessons' pictures would weigh twice as much.

    >>> SvgDocument('<svg width="640" height="48.5"><title>Dig site</title></svg>').describe()
    '<SVG picture 640 x 48.5: Dig site>'
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return fit_display(self)

    def describe(self) -> str:
        """One line: the picture's size and its title, if it has one."""
        root = ROOT_TAG.search(self)
        width, height = size_attributes(root.group(0) if root is not None else "")
        size = f" {width.group(1)} x {height.group(1)}" if width and height else ""
        title = re.search(r"<title>([^<]*)</title>", self[:4000])
        return f"<SVG picture{size}{': ' + title.group(1) if title else ''}>"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """IPython's plain text (Jupyter's ``text/plain``): :meth:`describe`."""
        p.text(self.describe())


def size_attributes(tag: str) -> tuple[re.Match[str] | None, re.Match[str] | None]:
    """The ``width`` and ``height`` attributes of an ``<svg ...>`` tag (None: missing)."""
    return (re.search(r'\swidth="([\d.]+)"', tag), re.search(r'\sheight="([\d.]+)"', tag))


def fit_display(svg: str, max_width: float = DISPLAY_WIDTH) -> str:
    """``svg`` shown at most ``max_width`` pixels wide: a wider picture's ``width`` and
    ``height`` are scaled down together and its ``viewBox`` keeps the whole drawing (added
    when missing), so it is the same picture, smaller. A file or a print keeps the size the
    renderer gave it; only what a notebook shows is capped.

    >>> fit_display('<svg width="1280" height="300"><rect/></svg>')
    '<svg width="640" height="150" viewBox="0 0 1280 300"><rect/></svg>'
    >>> fit_display('<svg width="320" height="300" />')
    '<svg width="320" height="300" />'
    """
    root = ROOT_TAG.search(svg)
    if root is None:
        return str(svg)
    tag = root.group(0)
    width, height = size_attributes(tag)
    if width is None or height is None or float(width.group(1)) <= max_width:
        return str(svg)
    w, h = float(width.group(1)), float(height.group(1))
    box = "" if " viewBox=" in tag else f' viewBox="0 0 {num(w)} {num(h)}"'
    new = tag.replace(width.group(0), f' width="{num(max_width)}"', 1)
    new = new.replace(height.group(0), f' height="{num(h * max_width / w)}"{box}', 1)
    return str(svg[:root.start()]) + new + str(svg[root.end():])


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
    """Serialise a drawing plan as one ``<svg>`` element (no XML declaration): the text
    ``ElementTree`` writes for :func:`plan_to_tree`, written straight from the plan (the
    play widget makes its round track at every turn, and the tree took most of that
    time; ``tests/test_render.py`` checks the two agree)."""
    out: list[str] = []
    w = out.append
    w(_open("svg", _root_attrs(plan)))
    w(">")
    if plan.title:
        w(f"<title>{_cdata(plan.title)}</title>")
    if plan.patterns:
        w("<defs>")
        for pattern in plan.patterns:
            _write_pattern(w, pattern)
        w("</defs>")
    else:
        w("<defs />")
    for item in plan.items:
        _write_item(w, item)
    w("</svg>")
    return "".join(out)


def plan_to_tree(plan: Plan) -> ET.Element:
    """A drawing plan as an ``ElementTree`` element (:func:`plan_to_svg` writes the same
    text without building it)."""
    root = ET.Element("svg", dict(_root_attrs(plan)))
    if plan.title:
        ET.SubElement(root, "title").text = plan.title
    defs = ET.SubElement(root, "defs")
    for pattern in plan.patterns:
        add_pattern(defs, pattern)
    for item in plan.items:
        add_item(root, item)
    return root


def _root_attrs(plan: Plan) -> list[tuple[str, str]]:
    attrs = [("xmlns", SVG_NS), ("version", "1.1"), ("width", num(plan.width)),
             ("height", num(plan.height)),
             ("viewBox", f"0 0 {num(plan.width)} {num(plan.height)}"),
             ("font-family", font_family(plan.lang))]
    if plan.lang != DEFAULT_LANGUAGE:   # English sheets stay as they always were
        attrs.append(("lang", plan.lang))
    if plan.cls:
        attrs.append(("class", plan.cls))
    return attrs


# -- the text, written as ElementTree writes it ----------------------------------------------

def _attrib(text: str) -> str:
    """An attribute value escaped as ElementTree escapes it."""
    text = _cdata(text)
    if '"' in text:
        text = text.replace('"', "&quot;")
    if "\r" in text:
        text = text.replace("\r", "&#13;")
    if "\n" in text:
        text = text.replace("\n", "&#10;")
    if "\t" in text:
        text = text.replace("\t", "&#09;")
    return text


def _cdata(text: str) -> str:
    """Element text escaped as ElementTree escapes it."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


_SPECIAL = re.compile('[&<>"\r\n\t]')


def _open(tag: str, attrs: Sequence[tuple[str, str]]) -> str:
    """``<tag k="v" ...`` (the caller closes it with ``>`` or `` />``)."""
    parts = ["<", tag]
    for k, v in attrs:
        parts += (" ", k, '="', _attrib(v) if _SPECIAL.search(v) else v, '"')
    return "".join(parts)


def _common(attrs: list[tuple[str, str]], cls: str, data: Mapping[str, str]) -> None:
    if cls:
        attrs.append(("class", cls))
    attrs += [(f"data-{key}", value) for key, value in data.items()]


def _painted(attrs: list[tuple[str, str]], cls: str, data: Mapping[str, str],
             paint: Paint) -> None:
    _common(attrs, cls, data)
    attrs.append(("fill", f"url(#{paint.pattern})" if paint.pattern else paint.fill or "none"))
    if paint.stroke:
        attrs.append(("stroke", paint.stroke))
        attrs.append(("stroke-width", num(paint.width)))
    if paint.opacity != 1:
        attrs.append(("opacity", num(paint.opacity)))


def _write_pattern(w: Callable[[str], object], spec: PatternSpec) -> None:
    attrs = [("id", spec.id), ("patternUnits", "userSpaceOnUse"), ("x", "0"), ("y", "0"),
             ("width", num(spec.size)), ("height", num(spec.size))]
    _common(attrs, spec.cls, spec.data)
    w(_open("pattern", attrs) + ">")
    w(_open("rect", [("width", num(spec.size)), ("height", num(spec.size)),
                     ("fill", spec.background)]) + " />")
    for item in spec.items:
        _write_item(w, item)
    w("</pattern>")


def _write_item(w: Callable[[str], object], item: Item) -> None:
    attrs: list[tuple[str, str]]
    match item:
        case Group():
            attrs = []
            _common(attrs, item.cls, item.data)
            if item.x or item.y:
                attrs.append(("transform", f"translate({num(item.x)} {num(item.y)})"))
            if not (item.tooltip or item.items):
                w(_open("g", attrs) + " />")
                return
            w(_open("g", attrs) + ">")
            if item.tooltip:
                w(f"<title>{_cdata(item.tooltip)}</title>")
            for child in item.items:
                _write_item(w, child)
            w("</g>")
        case Rect():
            attrs = [("x", num(item.x)), ("y", num(item.y)), ("width", num(item.w)),
                     ("height", num(item.h))]
            if item.rx:
                attrs.append(("rx", num(item.rx)))
            _painted(attrs, item.cls, item.data, item.paint)
            w(_open("rect", attrs) + " />")
        case Circle():
            attrs = [("cx", num(item.cx)), ("cy", num(item.cy)), ("r", num(item.r))]
            _painted(attrs, item.cls, item.data, item.paint)
            w(_open("circle", attrs) + " />")
        case Path():
            attrs = [("d", path_data(item))]
            _painted(attrs, item.cls, item.data, item.paint)
            if item.paint.stroke:
                attrs += [("stroke-linejoin", "round"), ("stroke-linecap", "round")]
            w(_open("path", attrs) + " />")
        case Text():
            attrs = [("x", num(item.x)), ("y", num(item.y)), ("font-size", num(item.size)),
                     ("fill", item.fill)]
            if item.anchor != "start":
                attrs.append(("text-anchor", item.anchor))
            if item.bold:
                attrs.append(("font-weight", "bold"))
            _common(attrs, item.cls, item.data)
            if item.text:
                w(_open("text", attrs) + f">{_cdata(item.text)}</text>")
            else:
                w(_open("text", attrs) + " />")


# -- the tree ---------------------------------------------------------------------------------

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
