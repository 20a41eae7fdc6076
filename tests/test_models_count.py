"""How many widget models each widget holds: bounded, so the count cannot creep back.

When a JupyterLab page loads (or a pupil reloads it), ipywidgets asks the kernel for the
state of every widget model and gives up after 4 s (``CONTROL_COMM_TIMEOUT`` in
jupyterlab_widgets 3.0.17, jupyter-widgets/ipywidgets#3633): the pupil then reads "Error
displaying widget: model not found" until another reload. The fewer models, the sooner the
kernel answers. Widgets share equal layouts and styles (paleowidgets/widgets/shared.py) and
build rarely shown controls when first needed; benchmarks/bench_models.py prints the
table (each widget in a fresh process, the same numbers as here).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import load_script

from paleowidgets.widgets import events, shared

bench = load_script("benchmarks/bench_models.py")

# The most models each widget may hold, a little above what it holds (2 December), with
# the page hooks every widget shows (3 models); before the sharing in parentheses.
LIMITS = {
    "board (dig-site)": 16,         # (20)
    "play (dig-site)": 72,          # (119)
    "play (tiny)": 72,              # (119)
    "puzzle": 84,                   # (146)
    "class game, 1 player": 120,    # (194)
    "class game, 2 players": 172,   # (335)
    "replay": 58,                   # (70)
    "replay with analysis": 80,     # (100)
    "enclosure": 44,                # (55)
    "transform explorer": 52,       # (68)
    "snowman": 48,                  # (46)
    "puzzle editor": 118,           # (170)
    "solve progress": 10,           # (8)
}


@pytest.fixture
def fresh_kernel(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """As in a fresh kernel: no shared layout, style, pattern or page hooks yet, and
    nothing saved."""
    monkeypatch.setattr(shared, "_SHARED", {})
    monkeypatch.setattr(shared, "_PATTERNS", {})
    monkeypatch.setattr(events, "_HOOKS", None)
    monkeypatch.setenv("PALEOWIDGETS_SAVE", "off")
    monkeypatch.chdir(tmp_path)


def test_every_widget_of_the_benchmark_has_a_limit() -> None:
    assert set(LIMITS) == set(bench.WIDGETS)


@pytest.mark.parametrize("name", list(LIMITS))
def test_models_per_widget_stay_under_their_limit(name: str, fresh_kernel: None) -> None:
    result: dict[str, Any] = bench.measure_one(name)
    assert result["models"] <= LIMITS[name], (
        f"{name} holds {result['models']} widget models (limit {LIMITS[name]}): a page load "
        "asks the kernel for every model's state and gives up after 4 s (ipywidgets "
        "#3633), so share equal layouts and styles (widgets/shared.py: looks) and build "
        f"rarely shown controls when needed; by kind: {result['kinds']}")
    assert result["models"] >= LIMITS[name] - 12, "the limit is far above: lower it"


def test_shared_layouts_are_never_changed(fresh_kernel: None) -> None:
    """A shared layout or style changed by one widget would change every widget that
    shows it: playing a whole game with the end, a star choice and the replay opened
    leaves them all as they were built."""
    import random

    from paleowidgets.core.maps import parse_document
    from paleowidgets.core.rules import TINY, Game
    from paleowidgets.solver.bots import GreedyBot, play_game
    from paleowidgets.widgets import PlayWidget

    play = PlayWidget(parse_document(TINY), seed=7)
    before = {key: w.get_state() for key, w in shared._SHARED.items()}
    _, turns = play_game(Game(play.document), play.rolls, GreedyBot(), random.Random(7))
    for turn in turns:
        play.play_turn(turn)
    assert play.state.is_terminal and play.keeper.end_row.children
    play.keeper.open_replay()
    after = {key: w.get_state() for key, w in shared._SHARED.items() if key in before}
    assert after == before
