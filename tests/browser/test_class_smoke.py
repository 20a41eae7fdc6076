"""A class of two in Voila: ``benchmarks/bench_class.py`` (protocol-level pupils on the
demo) at its smallest, so the harness keeps working as the widgets change."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_class
from helpers import in_own_thread

from paleowidgets.core.saves import SAVE_ENV

pytestmark = pytest.mark.browser


@in_own_thread     # bench_class runs asyncio, which a worker's Playwright loop would block
def test_two_pupils_play_two_rounds_of_the_demo(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # the suite turns autosaving off (conftest); the demo's kernels save here instead
    monkeypatch.setenv(SAVE_ENV, str(tmp_path / "saved"))
    rc = bench_class.main(["--pupils", "2", "--rounds", "2", "--think", "0", "--hover-gap", "0",
                           "--stagger", "0", "--logs-dir", str(tmp_path), "--json"])
    s = json.loads(capsys.readouterr().out)
    assert s["errors"] == {}, s["errors"]
    assert s["unanswered"] == [], s["unanswered"]
    assert s["games_finished"] == 2
    # every press on the board was answered: drawn (a canvas message) or a bonus asked
    assert s["clicks_answered"] == s["presses_sent"] >= 4
    assert s["click_ms"]["n"] + s["star_choices"] >= 4
    assert s["hover_ms"]["n"] > 0 and s["roll_ms"]["n"] == 4
    assert 20 < s["kernel_rss_mb"]["min"] <= s["kernel_rss_mb"]["max"] < 2000
    # Voila asks each pupil's name, and each one's game is saved under it, every round in it
    assert s["asked_names"] == 2
    assert s["logs_saved"] == 2 and s["logs_found"] == {"Pupil 01": [2], "Pupil 02": [2]}
    assert rc == 0
