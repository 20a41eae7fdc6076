"""Charts as SVG: histograms, bar charts and line charts, pure functions of their numbers.

Built with :mod:`xml.etree.ElementTree` like the sheets (:mod:`paleowidgets.render.svg`) and
returned as the same :class:`~paleowidgets.render.svg.SvgDocument`, so a notebook shows
them as pictures and ``paleo simulate -o`` writes them through the sheets' export. No
plotting library: a lesson's charts are a few dozen rectangles and lines.

Series are told apart by more than colour (Okabe-Ito palette): bars of the second series
are hatched, lines have their own dash pattern and marker shape, and a legend names them.
Elements carry ``class`` and ``data-*`` attributes (``<rect class="bar" data-low="40"
data-count="12">``), so tests can count them. The words (title, axis labels, series
names) are the caller's, in the caller's language.

>>> svg = histogram([3, 4, 4, 5], title="Scores", xlabel="score", ylabel="games")
>>> svg.count('class="bar"'), svg._repr_svg_() == svg
(3, True)
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .primitives import text_width
from .style import FONT_FAMILY, HANGUL, OKABE_ITO, font_family
from .svg import SVG_NS, SvgDocument, num

__all__ = ["SERIES_COLOURS", "bar_chart", "histogram", "line_chart", "nice_ticks",
           "shared_axes"]

#: Series colours in order: Okabe-Ito, the darker ones first (they read on white).
SERIES_COLOURS: tuple[str, ...] = (
    OKABE_ITO["blue"], OKABE_ITO["orange"], OKABE_ITO["bluish-green"],
    OKABE_ITO["vermillion"], OKABE_ITO["reddish-purple"], OKABE_ITO["sky-blue"],
    OKABE_ITO["black"])
#: Dash patterns of the line series, in order ("" is a solid line).
DASHES: tuple[str, ...] = ("", "7 4", "2 3", "9 3 2 3", "4 4", "12 4")
#: Marker shapes of the line series, in order.
MARKERS: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "cross", "plus")

INK = "#222222"
MUTED = "#666666"
GRID = "#DDDDDD"
FONT = 12.0
TITLE_FONT = 15.0


# ---------------------------------------------------------------------------------------
# Axes


def nice_ticks(low: float, high: float, most: int = 7) -> list[float]:
    """At most ``most`` round tick values (steps 1, 2 or 5 times a power of ten) covering
    ``low``..``high``.

    >>> nice_ticks(0, 37)
    [0, 10, 20, 30, 40]
    >>> nice_ticks(0, 0.3, 4)
    [0, 0.1, 0.2, 0.3]
    """
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, most - 1)
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step + 1e-9)
    last = math.ceil(high / step - 1e-9)
    ticks = [round(k * step, 10) for k in range(first, last + 1)]
    return [int(t) if float(t).is_integer() else t for t in ticks]


def tick_label(value: float) -> str:
    """``12`` for whole numbers, else at most three decimals: ``tick_label(0.125) == '0.125'``."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.3f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Frame:
    """The plot area inside the chart (pixels) and the data ranges it shows."""

    left: float
    top: float
    width: float
    height: float
    x_low: float
    x_high: float
    y_low: float
    y_high: float

    def x(self, value: float) -> float:
        span = self.x_high - self.x_low or 1.0
        return self.left + (value - self.x_low) / span * self.width

    def y(self, value: float) -> float:
        span = self.y_high - self.y_low or 1.0
        return self.top + self.height - (value - self.y_low) / span * self.height

    @property
    def bottom(self) -> float:
        return self.top + self.height


def _root(kind: str, width: float, height: float, title: str) -> ET.Element:
    root = ET.Element("svg", {
        "xmlns": SVG_NS, "version": "1.1", "width": num(width), "height": num(height),
        "viewBox": f"0 0 {num(width)} {num(height)}", "font-family": FONT_FAMILY,
        "class": f"chart {kind}", "role": "img"})
    if title:
        root.set("aria-label", title)
        ET.SubElement(root, "title").text = title
    ET.SubElement(root, "rect", {"class": "background", "width": num(width),
                                 "height": num(height), "fill": "#FFFFFF"})
    return root


def _text(parent: ET.Element, x: float, y: float, text: str, *, cls: str, size: float = FONT,
          anchor: str = "middle", fill: str = INK, rotate: bool = False) -> ET.Element:
    el = ET.SubElement(parent, "text", {"class": cls, "x": num(x), "y": num(y),
                                        "font-size": num(size), "fill": fill})
    if anchor != "start":
        el.set("text-anchor", anchor)
    if rotate:
        el.set("transform", f"rotate(-90 {num(x)} {num(y)})")
    el.text = text
    return el


def _frame(width: float, height: float, *, title: str, xlabel: str, ylabel: str,
           legend_rows: int, x_range: tuple[float, float], y_range: tuple[float, float],
           y_ticks: Sequence[float]) -> Frame:
    """The plot area left once the title, legend, tick labels and axis labels have room."""
    longest = max((text_width(tick_label(t), FONT) for t in y_ticks), default=0.0)
    left = 14 + longest + (FONT + 8 if ylabel else 0)
    top = 12 + (TITLE_FONT + 10 if title else 0) + legend_rows * (FONT + 8)
    bottom = 14 + FONT + 6 + (FONT + 8 if xlabel else 0)
    right = 18
    return Frame(left, top, max(40.0, width - left - right), max(40.0, height - top - bottom),
                 x_range[0], x_range[1], y_range[0], y_range[1])


def _axes(root: ET.Element, f: Frame, *, title: str, xlabel: str, ylabel: str,
          y_ticks: Sequence[float], x_ticks: Sequence[tuple[float, str]],
          width: float) -> None:
    """Grid lines, the two axes with their ticks and labels, and the title."""
    grid = ET.SubElement(root, "g", {"class": "grid", "stroke": GRID, "stroke-width": "1"})
    axis_y = ET.SubElement(root, "g", {"class": "axis y-axis"})
    for t in y_ticks:
        y = f.y(t)
        ET.SubElement(grid, "line", {"x1": num(f.left), "x2": num(f.left + f.width),
                                     "y1": num(y), "y2": num(y)})
        tick = ET.SubElement(axis_y, "g", {"class": "tick", "data-value": tick_label(t)})
        ET.SubElement(tick, "line", {"x1": num(f.left - 4), "x2": num(f.left), "y1": num(y),
                                     "y2": num(y), "stroke": INK})
        _text(tick, f.left - 7, y + FONT * 0.35, tick_label(t), cls="tick-label",
              anchor="end", fill=MUTED)
    ET.SubElement(axis_y, "line", {"x1": num(f.left), "x2": num(f.left), "y1": num(f.top),
                                   "y2": num(f.bottom), "stroke": INK})
    axis_x = ET.SubElement(root, "g", {"class": "axis x-axis"})
    ET.SubElement(axis_x, "line", {"x1": num(f.left), "x2": num(f.left + f.width),
                                   "y1": num(f.bottom), "y2": num(f.bottom), "stroke": INK})
    for x, text in x_ticks:
        tick = ET.SubElement(axis_x, "g", {"class": "tick", "data-value": text})
        ET.SubElement(tick, "line", {"x1": num(x), "x2": num(x), "y1": num(f.bottom),
                                     "y2": num(f.bottom + 4), "stroke": INK})
        _text(tick, x, f.bottom + 6 + FONT, text, cls="tick-label", fill=MUTED)
    if xlabel:
        _text(root, f.left + f.width / 2, f.bottom + 2 * FONT + 16, xlabel,
              cls="axis-label x-label")
    if ylabel:
        x = 4 + FONT
        _text(root, x, f.top + f.height / 2, ylabel, cls="axis-label y-label", rotate=True)
    if title:
        _text(root, width / 2, 12 + TITLE_FONT, title, cls="chart-title", size=TITLE_FONT)
        root[-1].set("font-weight", "bold")


def _legend(root: ET.Element, f: Frame, entries: Sequence[tuple[str, int]], kind: str,
            *, title: bool) -> None:
    """One row of legend entries above the plot: a swatch (bar) or a line with its marker."""
    legend = ET.SubElement(root, "g", {"class": "legend"})
    x = f.left
    y = 12 + (TITLE_FONT + 10 if title else 0) + FONT
    for name, i in entries:
        entry = ET.SubElement(legend, "g", {"class": "legend-entry", "data-series": name,
                                            "data-index": str(i)})
        if kind == "bar":
            _bar_rect(entry, x, y - FONT + 1, 14, FONT, i)
            swatch = 20
        else:
            _line_path(entry, [(x, y - FONT * 0.35), (x + 26, y - FONT * 0.35)], i)
            _marker(entry, x + 13, y - FONT * 0.35, i, cls="legend-marker")
            swatch = 32
        _text(entry, x + swatch, y, name, cls="legend-label", anchor="start")
        x += swatch + text_width(name, FONT) + 18


# ---------------------------------------------------------------------------------------
# Marks


def _series_colour(i: int) -> str:
    return SERIES_COLOURS[i % len(SERIES_COLOURS)]


def _hatch_id(i: int) -> str:
    return f"chart-hatch-{i}"


def _defs(root: ET.Element, series: int) -> None:
    """Hatch patterns for bar series after the first (colour alone never tells them apart)."""
    if series < 2:
        return
    defs = ET.SubElement(root, "defs")
    for i in range(1, series):
        colour = _series_colour(i)
        p = ET.SubElement(defs, "pattern", {
            "id": _hatch_id(i), "patternUnits": "userSpaceOnUse", "width": "6", "height": "6",
            "patternTransform": f"rotate({45 if i % 2 else -45})"})
        ET.SubElement(p, "rect", {"width": "6", "height": "6", "fill": "#FFFFFF"})
        ET.SubElement(p, "rect", {"width": "3", "height": "6", "fill": colour})


def _bar_rect(parent: ET.Element, x: float, y: float, w: float, h: float, i: int,
              cls: str = "swatch") -> ET.Element:
    fill = _series_colour(i) if i == 0 else f"url(#{_hatch_id(i)})"
    return ET.SubElement(parent, "rect", {
        "class": cls, "x": num(x), "y": num(y), "width": num(max(0.0, w)),
        "height": num(max(0.0, h)), "fill": fill, "stroke": _series_colour(i),
        "stroke-width": "1"})


def _line_path(parent: ET.Element, points: Sequence[tuple[float, float]], i: int,
               cls: str = "swatch-line") -> ET.Element:
    d = "M" + " L".join(f"{num(x)} {num(y)}" for x, y in points)
    el = ET.SubElement(parent, "path", {"class": cls, "d": d, "fill": "none",
                                        "stroke": _series_colour(i), "stroke-width": "2",
                                        "stroke-linejoin": "round"})
    dash = DASHES[i % len(DASHES)]
    if dash:
        el.set("stroke-dasharray", dash)
    return el


def _marker(parent: ET.Element, x: float, y: float, i: int,
            data: Mapping[str, str] | None = None, cls: str = "marker") -> ET.Element:
    """The marker of series ``i`` at (x, y): circle, square, triangle, diamond, cross, plus."""
    shape = MARKERS[i % len(MARKERS)]
    colour = _series_colour(i)
    r = 4.0
    if shape == "circle":
        el = ET.SubElement(parent, "circle", {"cx": num(x), "cy": num(y), "r": num(r)})
    elif shape == "square":
        el = ET.SubElement(parent, "rect", {"x": num(x - r), "y": num(y - r),
                                            "width": num(2 * r), "height": num(2 * r)})
    else:
        loops = {
            "triangle": [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)],
            "diamond": [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)],
            "cross": [(x - r, y - r), (x + r, y + r), (x, y), (x + r, y - r), (x - r, y + r)],
            "plus": [(x - r, y), (x + r, y), (x, y), (x, y - r), (x, y + r)],
        }[shape]
        closed = shape in ("triangle", "diamond")
        d = "M" + " L".join(f"{num(a)} {num(b)}" for a, b in loops) + ("Z" if closed else "")
        if not closed:   # two strokes through the centre
            a, b, c, e = loops[0], loops[1], loops[3], loops[4]
            d = (f"M{num(a[0])} {num(a[1])} L{num(b[0])} {num(b[1])} "
                 f"M{num(c[0])} {num(c[1])} L{num(e[0])} {num(e[1])}")
        el = ET.SubElement(parent, "path", {"d": d})
        if not closed:
            el.set("stroke-width", "2")
    el.set("class", f"{cls} marker-{shape}")
    el.set("fill", colour if shape not in ("cross", "plus") else "none")
    el.set("stroke", colour)
    for key, value in (data or {}).items():
        el.set(f"data-{key}", value)
    return el


def _finish(root: ET.Element) -> SvgDocument:
    if HANGUL.search("".join(root.itertext())):
        root.set("font-family", font_family("ko"))
    return SvgDocument(ET.tostring(root, encoding="unicode"))


def _check_finite(name: str, values: Sequence[float]) -> None:
    for v in values:
        if not math.isfinite(v):
            raise ValueError(f"{name}: {v!r} is not a finite number")


# ---------------------------------------------------------------------------------------
# Histogram


def histogram_bins(values: Sequence[float], *, bin_width: float | None = None,
                   most: int = 30, span: tuple[float, float] | None = None
                   ) -> list[tuple[float, float, int]]:
    """(low, high, count) of each bin, half-open ``[low, high)``, from the lowest value's
    bin to the highest's (or wider, to the bins of ``span``'s two ends: two histograms
    with one span share their x axis); whole-number bins when ``bin_width`` is None
    (1, 2, 5, 10 ... so that at most ``most`` bins are needed).

    >>> histogram_bins([1, 2, 2, 5])
    [(1, 2, 1), (2, 3, 2), (3, 4, 0), (4, 5, 0), (5, 6, 1)]
    >>> histogram_bins([2], span=(1, 3))
    [(1, 2, 0), (2, 3, 1), (3, 4, 0)]
    """
    if not values:
        return []
    lo, hi = min(values), max(values)
    if span is not None:
        lo, hi = min(lo, span[0]), max(hi, span[1])
    if bin_width is None:
        bin_width = next(w for w in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 10**4, 10**5,
                                     10**6) if (hi - lo) / w < most)
    if not bin_width > 0:
        raise ValueError(f"bin_width must be positive, not {bin_width!r}")
    first = math.floor(lo / bin_width)
    last = math.floor(hi / bin_width)
    counts = [0] * (last - first + 1)
    for v in values:
        counts[math.floor(v / bin_width) - first] += 1
    return [(_tidy((first + k) * bin_width), _tidy((first + k + 1) * bin_width), c)
            for k, c in enumerate(counts)]


def shared_axes(*series: Sequence[float], bin_width: float | None = None
                ) -> dict[str, Any]:
    """The bins and axes that give the histograms of every series the same axes:
    ``histogram(a, **shared_axes(a, b))`` and ``histogram(b, **shared_axes(a, b))``.

    >>> shared_axes([1, 2, 2], [4], bin_width=1)
    {'bin_width': 1, 'x_span': (1, 4), 'y_max': 2}
    """
    values = [v for s in series for v in s]
    if not values:
        return {"bin_width": bin_width, "x_span": None, "y_max": None}
    span = (min(values), max(values))
    tallest = max((c for s in series if s
                   for _, _, c in histogram_bins(s, bin_width=bin_width, span=span)), default=0)
    return {"bin_width": bin_width, "x_span": span, "y_max": tallest}


def _tidy(x: float) -> float:
    r = round(x, 9)
    return int(r) if float(r).is_integer() else r


def histogram(values: Sequence[float], *, title: str = "", xlabel: str = "",
              ylabel: str = "", bin_width: float | None = None, width: float = 520,
              height: float = 320, mark: float | None = None, mark_label: str = "",
              x_span: tuple[float, float] | None = None, y_max: float | None = None
              ) -> SvgDocument:
    """A histogram of ``values`` (bins as :func:`histogram_bins`), one ``rect.bar`` per
    bin with ``data-low``, ``data-high`` and ``data-count``; ``mark`` draws a dashed
    vertical line (e.g. the mean) labelled ``mark_label``. Histograms to compare share
    their axes: the same ``x_span`` (the bins reach both its ends) and ``y_max`` (the
    y axis reaches at least that count).

    >>> histogram([1, 1, 2], xlabel="score").count('data-count="2"')
    1
    """
    _check_finite("histogram", values)
    bins = histogram_bins(values, bin_width=bin_width, span=x_span)
    top = max(max((c for _, _, c in bins), default=0), y_max or 0)
    y_ticks = nice_ticks(0, top * 1.12 + 1, 6)   # headroom for the mark's label
    x_low = bins[0][0] if bins else 0
    x_high = bins[-1][1] if bins else 1
    f = _frame(width, height, title=title, xlabel=xlabel, ylabel=ylabel, legend_rows=0,
               x_range=(x_low, x_high), y_range=(0, y_ticks[-1]), y_ticks=y_ticks)
    root = _root("histogram", width, height, title)
    step = (bins[0][1] - bins[0][0]) if bins else 1
    every = max(1, math.ceil(len(bins) * 34 / f.width))   # tick labels ~34 px apart
    whole = step == 1 and all(float(lo).is_integer() for lo, _, _ in bins)
    x_ticks = []
    for k, (lo, hi, _) in enumerate(bins):
        if k % every == 0:   # whole-number bins are labelled at their middle, by value
            where = f.x((lo + hi) / 2) if whole else f.x(lo)
            x_ticks.append((where, tick_label(lo)))
    if bins and not whole:
        x_ticks.append((f.x(x_high), tick_label(x_high)))
    _axes(root, f, title=title, xlabel=xlabel, ylabel=ylabel, y_ticks=y_ticks,
          x_ticks=x_ticks, width=width)
    bars = ET.SubElement(root, "g", {"class": "bars", "data-series": "0"})
    for lo, hi, count in bins:
        x0, x1 = f.x(lo), f.x(hi)
        rect = _bar_rect(bars, x0 + 1, f.y(count), x1 - x0 - 2, f.bottom - f.y(count), 0,
                         cls="bar")
        rect.set("data-low", tick_label(lo))
        rect.set("data-high", tick_label(hi))
        rect.set("data-count", str(count))
        ET.SubElement(rect, "title").text = f"{tick_label(lo)}–{tick_label(hi)}: {count}"
    if mark is not None and bins:    # a whole-number value stands at its bar's middle
        _mark(root, f, mark + (0.5 if whole else 0.0), mark_label, mark)
    return _finish(root)


def _mark(root: ET.Element, f: Frame, where: float, label: str, value: float) -> None:
    x = f.x(min(max(where, f.x_low), f.x_high))
    g = ET.SubElement(root, "g", {"class": "mark", "data-value": tick_label(round(value, 3))})
    ET.SubElement(g, "line", {"x1": num(x), "x2": num(x), "y1": num(f.top),
                              "y2": num(f.bottom), "stroke": INK, "stroke-width": "1.5",
                              "stroke-dasharray": "5 3"})
    if label:
        _text(g, x + 4, f.top + FONT, label, cls="mark-label", anchor="start")


# ---------------------------------------------------------------------------------------
# Bar chart


def _series_of(values: Sequence[float] | Mapping[str, Sequence[float]], n: int
               ) -> list[tuple[str, list[float]]]:
    named = list(values.items()) if isinstance(values, Mapping) else [("", values)]
    out = []
    for name, ys in named:
        ys = [float(y) for y in ys]
        if len(ys) != n:
            raise ValueError(f"series {name!r} has {len(ys)} values for {n} labels")
        _check_finite(f"series {name!r}", ys)
        out.append((name, ys))
    if not out:
        raise ValueError("a chart needs at least one series")
    return out


def bar_chart(labels: Sequence[str], values: Sequence[float] | Mapping[str, Sequence[float]],
              *, title: str = "", xlabel: str = "", ylabel: str = "", width: float = 520,
              height: float = 320, y_max: float | None = None) -> SvgDocument:
    """Bars for ``labels``: ``values`` one number per label, or several named series
    (``{"exact": [...], "simulated": [...]}``) drawn side by side, the second hatched, with
    a legend. Each bar is a ``rect.bar`` with ``data-label``, ``data-series`` and
    ``data-value``.

    >>> bar_chart(["1", "2"], {"exact": [0.5, 0.5], "simulated": [0.4, 0.6]}).count('class="bar"')
    4
    """
    series = _series_of(values, len(labels))
    top = max([0.0, *(y for _, ys in series for y in ys)])
    bottom = min([0.0, *(y for _, ys in series for y in ys)])
    y_ticks = nice_ticks(bottom, y_max if y_max is not None else max(top, 1e-9), 6)
    legend = [(name, i) for i, (name, _) in enumerate(series) if name]
    f = _frame(width, height, title=title, xlabel=xlabel, ylabel=ylabel,
               legend_rows=1 if legend else 0, x_range=(0, max(1, len(labels))),
               y_range=(y_ticks[0], y_ticks[-1]), y_ticks=y_ticks)
    root = _root("bar-chart", width, height, title)
    _defs(root, len(series))
    _axes(root, f, title=title, xlabel=xlabel, ylabel=ylabel, y_ticks=y_ticks,
          x_ticks=[(f.x(k + 0.5), str(label)) for k, label in enumerate(labels)], width=width)
    if legend:
        _legend(root, f, legend, "bar", title=bool(title))
    slot = f.width / max(1, len(labels))
    bar_w = slot * 0.8 / len(series)
    zero = f.y(0)
    for i, (name, ys) in enumerate(series):
        group = ET.SubElement(root, "g", {"class": "bars", "data-series": name or str(i)})
        for k, (label, y) in enumerate(zip(labels, ys, strict=True)):
            x = f.left + k * slot + slot * 0.1 + i * bar_w
            y_top = min(zero, f.y(y))
            rect = _bar_rect(group, x, y_top, bar_w - 1, abs(f.y(y) - zero), i, cls="bar")
            rect.set("data-label", str(label))
            rect.set("data-series", name or str(i))
            rect.set("data-value", tick_label(round(y, 6)))
            ET.SubElement(rect, "title").text = (f"{name}: " if name else "") + \
                f"{label}: {tick_label(round(y, 4))}"
    return _finish(root)


# ---------------------------------------------------------------------------------------
# Line chart


def line_chart(xs: Sequence[float], series: Mapping[str, Sequence[float]], *,
               title: str = "", xlabel: str = "", ylabel: str = "", width: float = 520,
               height: float = 320, y_min: float | None = None,
               y_max: float | None = None) -> SvgDocument:
    """One line per named series over ``xs``, each with its own colour, dash pattern and
    marker shape, and a legend: ``path.line`` with ``data-series``, one ``.marker`` per
    point with ``data-x`` and ``data-y``.

    >>> svg = line_chart([1, 2, 3], {"best reachable": [9, 7, 6], "score": [0, 2, 5]})
    >>> svg.count('class="line"'), svg.count('class="marker marker-square"')
    (2, 3)
    """
    named = _series_of(series, len(xs))
    xs = [float(x) for x in xs]
    _check_finite("xs", xs)
    all_y = [y for _, ys in named for y in ys]
    y_ticks = nice_ticks(min([0.0, *all_y]) if y_min is None else y_min,
                         (max(all_y, default=1.0) or 1.0) if y_max is None else y_max, 6)
    x_ticks_values = nice_ticks(min(xs, default=0.0), max(xs, default=1.0), 11)
    legend = [(name, i) for i, (name, _) in enumerate(named) if name]
    f = _frame(width, height, title=title, xlabel=xlabel, ylabel=ylabel,
               legend_rows=1 if legend else 0,
               x_range=(x_ticks_values[0], x_ticks_values[-1]),
               y_range=(y_ticks[0], y_ticks[-1]), y_ticks=y_ticks)
    root = _root("line-chart", width, height, title)
    _axes(root, f, title=title, xlabel=xlabel, ylabel=ylabel, y_ticks=y_ticks,
          x_ticks=[(f.x(t), tick_label(t)) for t in x_ticks_values], width=width)
    if legend:
        _legend(root, f, legend, "line", title=bool(title))
    for i, (name, ys) in enumerate(named):
        group = ET.SubElement(root, "g", {"class": "series", "data-series": name or str(i)})
        points = [(f.x(x), f.y(y)) for x, y in zip(xs, ys, strict=True)]
        if points:
            _line_path(group, points, i, cls="line").set("data-series", name or str(i))
        for (px, py), x, y in zip(points, xs, ys, strict=True):
            _marker(group, px, py, i, {"x": tick_label(x), "y": tick_label(round(y, 6))})
    return _finish(root)
