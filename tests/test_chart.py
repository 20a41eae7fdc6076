"""The SVG charts: well-formed, one mark per number, series told apart by more than colour,
axes labelled, the same SvgDocument as the sheets."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paleowidgets.render.chart import (
    SERIES_COLOURS,
    bar_chart,
    histogram,
    histogram_bins,
    line_chart,
    nice_ticks,
)
from paleowidgets.render.style import OKABE_ITO
from paleowidgets.render.svg import SvgDocument

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


def texts(root: ET.Element, cls: str) -> list[str]:
    return [el.text or "" for el in with_class(root, cls)]


# ---------------------------------------------------------------------------------------
# Histogram


def test_histogram_one_bar_per_whole_number_with_counts() -> None:
    svg = histogram([3, 5, 5, 7, 7, 7], title="Scores", xlabel="score", ylabel="games")
    assert isinstance(svg, SvgDocument) and svg._repr_svg_() == svg
    root = parse(svg)
    assert root.tag == f"{NS}svg" and root.get("class") == "chart histogram"
    bars = with_class(root, "bar")
    assert [(b.get("data-low"), b.get("data-count")) for b in bars] == [
        ("3", "1"), ("4", "0"), ("5", "2"), ("6", "0"), ("7", "3")]
    # heights are proportional to the counts
    heights = {b.get("data-count"): float(b.get("height", "0")) for b in bars}
    assert heights["0"] == 0 and heights["3"] == pytest.approx(1.5 * heights["2"], rel=0.02)
    assert texts(root, "chart-title") == ["Scores"]
    assert root.find(f"{NS}title") is not None and root.get("aria-label") == "Scores"
    assert texts(root, "x-label") == ["score"] and texts(root, "y-label") == ["games"]
    assert with_class(root, "x-axis") and with_class(root, "y-axis")


def test_histogram_wide_range_uses_wider_bins_and_keeps_every_value() -> None:
    values = list(range(0, 200, 3))
    bins = histogram_bins(values)
    assert len(bins) <= 30 and sum(c for _, _, c in bins) == len(values)
    assert all(hi - lo == bins[0][1] - bins[0][0] for lo, hi, _ in bins)
    root = parse(histogram(values))
    assert sum(int(b.get("data-count", "0")) for b in with_class(root, "bar")) == len(values)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-50, 300), min_size=1, max_size=80))
def test_histogram_bins_count_every_value_once(values: list[int]) -> None:
    bins = histogram_bins(values)
    assert sum(c for _, _, c in bins) == len(values)
    for v in values:
        assert sum(1 for lo, hi, _ in bins if lo <= v < hi) == 1
    assert bins[0][2] > 0 and bins[-1][2] > 0      # no empty bins at the ends


def test_histogram_mark_and_empty_input() -> None:
    root = parse(histogram([1, 2, 2, 3], mark=2.0, mark_label="mean 2.0"))
    (mark,) = with_class(root, "mark")
    assert mark.get("data-value") == "2" and texts(root, "mark-label") == ["mean 2.0"]
    assert with_class(parse(histogram([])), "bar") == []


def test_histograms_with_one_span_and_y_max_share_their_axes() -> None:
    """Lesson 6 compares two robots' scores: the same bins and the same y axis on both."""
    low, high = [10, 12, 12, 14], [18, 20, 20, 20, 22]
    charts = [parse(histogram(v, bin_width=2, x_span=(10, 22), y_max=3)) for v in (low, high)]
    bins = [[b.get("data-low") for b in with_class(root, "bar")] for root in charts]
    assert bins[0] == bins[1] == [str(x) for x in range(10, 23, 2)]
    y_axes = [[t.get("data-value") for t in with_class(root, "y-axis")[0]
               if t.get("class") == "tick"] for root in charts]
    assert y_axes[0] == y_axes[1] and float(y_axes[0][-1]) >= 3
    heights = [{b.get("data-low"): float(b.get("height", "0")) for b in with_class(root, "bar")}
               for root in charts]
    assert heights[0]["12"] == pytest.approx(heights[1]["22"] * 2, rel=0.02)   # 2 vs 1 game
    # without them, each histogram spans only its own values
    alone = parse(histogram(low, bin_width=2))
    assert [b.get("data-low") for b in with_class(alone, "bar")] == ["10", "12", "14"]


def test_histogram_rejects_non_finite_values() -> None:
    with pytest.raises(ValueError, match="not a finite number"):
        histogram([1, float("nan")])


# ---------------------------------------------------------------------------------------
# Bar chart


def test_bar_chart_two_series_side_by_side_hatched_with_legend() -> None:
    labels = ["2", "3", "4"]
    svg = bar_chart(labels, {"exact": [1 / 36, 2 / 36, 3 / 36], "simulated": [0.03, 0.05, 0.09]},
                    title="Sums", xlabel="sum", ylabel="share")
    root = parse(svg)
    bars = with_class(root, "bar")
    assert len(bars) == 6
    exact = [b for b in bars if b.get("data-series") == "exact"]
    simulated = [b for b in bars if b.get("data-series") == "simulated"]
    assert [b.get("data-label") for b in exact] == labels
    # side by side: each simulated bar right of its exact bar, in the same slot
    for e, s in zip(exact, simulated, strict=True):
        assert float(s.get("x", "0")) > float(e.get("x", "0"))
        assert float(s.get("x", "0")) - float(e.get("x", "0")) < 2 * float(e.get("width", "0"))
    # told apart by more than colour: the second series is filled with a hatch pattern
    assert exact[0].get("fill") == SERIES_COLOURS[0]
    assert (simulated[0].get("fill") or "").startswith("url(#chart-hatch-")
    assert root.find(f".//{NS}pattern") is not None
    assert texts(root, "legend-label") == ["exact", "simulated"]
    assert float(exact[2].get("height", "0")) == pytest.approx(
        3 * float(exact[0].get("height", "0")), rel=0.02)


def test_bar_chart_one_series_has_no_legend_and_checks_lengths() -> None:
    root = parse(bar_chart(["a", "b"], [3, 4]))
    assert len(with_class(root, "bar")) == 2 and not with_class(root, "legend-entry")
    assert [t for t in texts(root, "tick-label") if t in ("a", "b")] == ["a", "b"]
    with pytest.raises(ValueError, match="3 values for 2 labels"):
        bar_chart(["a", "b"], [1, 2, 3])


def test_bar_chart_negative_values_hang_below_zero() -> None:
    root = parse(bar_chart(["up", "down"], [2, -1]))
    up, down = with_class(root, "bar")
    assert float(down.get("y", "0")) >= float(up.get("y", "0")) + float(up.get("height", "0")) - 1


# ---------------------------------------------------------------------------------------
# Line chart


def test_line_chart_series_differ_in_colour_dash_and_marker() -> None:
    xs = list(range(1, 21))
    svg = line_chart(xs, {"best reachable": [60 - x for x in xs], "score": [2 * x for x in xs]},
                     title="Round by round", xlabel="round", ylabel="points")
    root = parse(svg)
    lines = with_class(root, "line")
    assert [el.get("data-series") for el in lines] == ["best reachable", "score"]
    assert lines[0].get("stroke") != lines[1].get("stroke")
    assert lines[0].get("stroke-dasharray") != lines[1].get("stroke-dasharray")
    markers = with_class(root, "marker")
    assert len(markers) == 40
    shapes = {(el.get("class") or "").split()[1] for el in markers}
    assert shapes == {"marker-circle", "marker-square"}
    first = [el for el in markers if "marker-square" in (el.get("class") or "")]
    assert [el.get("data-y") for el in first[:3]] == ["2", "4", "6"]
    assert texts(root, "legend-label") == ["best reachable", "score"]
    assert texts(root, "x-label") == ["round"] and texts(root, "y-label") == ["points"]


def test_line_chart_colours_are_okabe_ito_and_many_series_stay_distinct() -> None:
    names = [f"s{i}" for i in range(6)]
    root = parse(line_chart([0, 1], {n: [i, i + 1] for i, n in enumerate(names)}))
    lines = with_class(root, "line")
    styles = {(el.get("stroke"), el.get("stroke-dasharray")) for el in lines}
    assert len(styles) == 6
    assert {el.get("stroke") for el in lines} <= set(OKABE_ITO.values())
    markers = {(el.get("class") or "").split()[1] for el in with_class(root, "marker")}
    assert len(markers) == 6


# ---------------------------------------------------------------------------------------
# Ticks


@pytest.mark.parametrize("low, high", [(0, 37), (0, 1), (3, 3), (-7, 12), (0, 0.36), (40, 55)])
def test_nice_ticks_cover_the_range_with_round_steps(low: float, high: float) -> None:
    ticks = nice_ticks(low, high)
    assert ticks[0] <= low and ticks[-1] >= high and 2 <= len(ticks) <= 8
    steps = {round(b - a, 9) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1
    step = steps.pop()
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert round(mantissa, 6) in (1, 2, 5)
