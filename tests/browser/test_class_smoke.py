"""A class of two in Voila: ``benchmarks/bench_class.py`` (protocol-level pupils on the
demo) at its smallest, so the harness keeps working as the widgets change."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_class

pytestmark = pytest.mark.browser


def test_two_pupils_play_two_rounds_of_the_demo(capsys: pytest.CaptureFixture[str]) -> None:
    rc = bench_class.main(["--pupils", "2", "--rounds", "2", "--think", "0", "--hover-gap", "0",
                           "--stagger", "0", "--json"])
    s = json.loads(capsys.readouterr().out)
    assert s["errors"] == {}, s["errors"]
    assert s["unanswered"] == [], s["unanswered"]
    assert s["games_finished"] == 2
    # every press on the board was answered: drawn (a canvas message) or a bonus asked
    assert s["clicks_answered"] == s["presses_sent"] >= 4
    assert s["click_ms"]["n"] + s["star_choices"] >= 4
    assert s["hover_ms"]["n"] > 0 and s["roll_ms"]["n"] == 4
    assert 20 < s["kernel_rss_mb"]["min"] <= s["kernel_rss_mb"]["max"] < 2000
    assert rc == 0
