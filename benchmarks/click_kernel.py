"""A click's time in the kernel, split by function (not a test: run it by hand).

    python benchmarks/click_kernel.py            # 3 games, 10 clicks each: medians in ms

A ``PlayWidget`` on the dig site (seed ``BENCH-1``, as in ``bench_widgets.py``) gets
mouse presses through ipycanvas' own event handler (``tests/helpers.mouse``), each on a
legal ghost that covers no star; the widgets' comm messages go nowhere. Each function
below is timed with ``perf_counter`` round its calls during a press (no profiler): the
board's part (``plan_board``, the marks diff and paint, ``update`` up to the canvas
message) and the words and controls made after it.
"""

from __future__ import annotations

import collections
import functools
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "benchmarks")]

import comm  # noqa: E402
from bench_widgets import MAP, PLAY_SEED, legal_anchor  # noqa: E402
from helpers import mouse  # noqa: E402

import paleowidgets.widgets.board as board  # noqa: E402
import paleowidgets.widgets.play as play  # noqa: E402
from paleowidgets.data import load_map  # noqa: E402

TIMES: dict[str, float] = collections.defaultdict(float)


def timed(owner: Any, name: str) -> None:
    """Add the time of every call of ``owner.name`` to ``TIMES[name]``."""
    f = getattr(owner, name)

    @functools.wraps(f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t = time.perf_counter()
        try:
            return f(*args, **kwargs)
        finally:
            TIMES[name] += time.perf_counter() - t
    setattr(owner, name, wrapper)


def main() -> int:
    comm.DummyComm.publish_msg = lambda self, *a, **k: None   # no kernel: nowhere to send
    for owner, name in ((board, "plan_board"), (board, "changed_boxes"),
                        (board.BoardWidget, "_paint_marks"), (board.BoardWidget, "_compose"),
                        (board.BoardWidget, "update"), (play, "round_track_html"),
                        (play, "score_html"), (play.PlayWidget, "_refresh_words")):
        timed(owner, name)
    site = load_map(MAP)
    rows: list[dict[str, float]] = []
    for _ in range(3):
        game = play.PlayWidget(site, seed=PLAY_SEED, save=False, ask_name=False)
        mirror = play.PlayWidget(site, seed=PLAY_SEED, save=False, ask_name=False)
        while not game.state.is_terminal:
            if game.roll is None:
                game.roll_dice()
                mirror.roll_dice()
            found = legal_anchor(mirror)
            if found is None:
                break
            anchor, _ = found
            mouse(game.board, "mouse_move", anchor)
            TIMES.clear()
            t = time.perf_counter()
            mouse(game.board, "mouse_down", anchor)
            rows.append({**TIMES, "the whole handler": time.perf_counter() - t})
            mirror.click(anchor)
    print(f"{len(rows)} clicks, medians in ms")
    for key in rows[-1]:
        print(f"  {key:20s} {statistics.median(r.get(key, 0.0) for r in rows) * 1000:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
