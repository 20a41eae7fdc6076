"""Fixtures of the real-browser tests: one scratch folder, one Chromium and one JupyterLab
server per test session (each stopped in a ``finally``), and the test notebook."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import harness as h
import pytest


@pytest.fixture(scope="session", autouse=True)
def _sigterm_tears_down() -> Iterator[None]:
    """A SIGTERM (``timeout``, CI cancelling) ends the run like Ctrl-C, so the servers'
    and the browser's ``finally`` blocks still run."""
    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@pytest.fixture(scope="session")
def browser_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("browser")
    h.write_notebook(root / "widgets.ipynb")
    return root


@pytest.fixture(scope="session")
def browser(browser_root: Path) -> Iterator[Any]:
    with h.chromium(browser_root) as b:
        yield b


@pytest.fixture(scope="session")
def lab(browser_root: Path) -> Iterator[h.Server]:
    h.require_chromium()           # fail early and clearly, before starting a server
    with h.jupyter_lab(browser_root) as server:
        yield server


@pytest.fixture(scope="session")
def geometry() -> tuple[Any, Any]:
    """The board plans of the notebook's PlayWidget and ReplayWidget (built here)."""
    play, replay = h.local_widgets()
    return play.board.plan, replay.board.plan
