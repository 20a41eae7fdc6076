"""Shared fixtures."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers import QUARRY, Messages, Run, load
from ipycanvas.canvas import _CANVAS_MANAGER

from paleowidgets.cli import main
from paleowidgets.core.maps import Map
from paleowidgets.core.rules import Game
from paleowidgets.core.saves import SAVE_ENV

# No autosave while testing (kernels started by the tests inherit this too): a test that
# saves names its folder, and no test resumes a game another one left behind.
os.environ[SAVE_ENV] = "off"


@pytest.fixture
def quarry() -> Map:
    m = load(QUARRY)
    assert isinstance(m, Map)
    return m


@pytest.fixture
def game(quarry: Map) -> Game:
    return Game(quarry)


@pytest.fixture
def messages(monkeypatch: pytest.MonkeyPatch) -> Iterator[Messages]:
    """Every canvas message sent during the test, recorded instead of sent; the test fails
    if it leaves canvas batching on (an exception inside ``hold_canvas`` without finally)."""
    spy = Messages()
    monkeypatch.setattr(_CANVAS_MANAGER, "send", spy.record)
    yield spy
    assert not _CANVAS_MANAGER._caching, "a batch left canvas batching on"


@pytest.fixture
def paleo(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """``paleo("score", path).code``: the ``paleo`` command run in-process, with what it
    printed; no run may print a traceback (every failure is one clear line)."""
    def run(*argv: str | Path) -> Run:
        code = main([str(a) for a in argv])
        captured = capsys.readouterr()
        for stream in (captured.out, captured.err):
            assert "Traceback" not in stream
        return Run(code, captured.out, captured.err)

    return run
