"""Long commands show progress on a terminal: ``paleo simulate`` writes a progress line on
stderr when stderr is a terminal (never with --json, never on stdout)."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys

import pytest

from paleowidgets.cli import GamesProgress


def simulate_on_a_terminal(*args: str) -> tuple[str, str]:
    """Run ``paleo simulate ARGS`` with stderr on a pseudo-terminal: (stdout, stderr)."""
    master, slave = pty.openpty()
    try:
        run = subprocess.run([sys.executable, "-m", "paleowidgets.cli", "simulate", *args],
                             stdout=subprocess.PIPE, stderr=slave, text=True, timeout=300)
        os.close(slave)
        chunks = []
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:          # the terminal is closed: all read
                break
            if not data:
                break
            chunks.append(data)
    finally:
        os.close(master)
    assert run.returncode == 0
    return run.stdout, b"".join(chunks).decode("utf-8", "replace")


def test_simulate_shows_progress_on_a_terminal() -> None:
    out, err = simulate_on_a_terminal("first-dig", "--games", "30", "--seed", "3")
    assert "30 of 30 games" in err and "[########################]" in err
    assert err.rstrip().endswith("\x1b[K")           # the line is wiped at the end
    assert "games ·" not in out and out.startswith("First dig (first-dig): 30 games")


def test_simulate_json_shows_no_progress() -> None:
    out, err = simulate_on_a_terminal("first-dig", "--games", "5", "--json")
    assert json.loads(out)["games"] == 5
    assert "games" not in err


def test_no_progress_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    line = GamesProgress(True)
    line(1, 2)
    line.clear()
    assert capsys.readouterr().err == ""
    assert GamesProgress(True).line(50, 200, 12.34) == (
        "  [######··················] 50 of 200 games · 12.3 s")
