"""``./kit``'s install shows progress: pip's output becomes one status line that counts the
packages collected (rewritten in place on a terminal), then says it installs them."""

from __future__ import annotations

import os
import pty
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PIP = ("Looking in indexes: somewhere\nCollecting jupyterlab\n  Downloading x.whl\n"
       "Collecting ipycanvas (from paleowidgets==0.1.0)\nObtaining file:///repo\n"
       "Installing collected packages: jupyterlab, ipycanvas\nSuccessfully installed\n")
SCRIPT = ('source <(sed -n "/^say()/p;/^pip_steps()/,/^}/p" kit)\n'
          'pip_steps; echo "status $?"')


def steps(tty: bool) -> str:
    """pip_steps of ``kit`` on PIP, its stdout a terminal or a pipe."""
    if not tty:
        run = subprocess.run(["bash", "-c", SCRIPT], input=PIP, capture_output=True,
                             text=True, cwd=ROOT, check=True)
        return run.stdout
    master, slave = pty.openpty()
    run = subprocess.run(["bash", "-c", SCRIPT], input=PIP.encode(), stdout=slave,
                         stderr=slave, cwd=ROOT, check=True)
    os.close(slave)
    out = b""
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        out += data
    os.close(master)
    assert run.returncode == 0
    return out.decode()


def test_on_a_terminal_the_packages_are_counted_in_place() -> None:
    out = steps(tty=True)
    assert "collecting packages: 1 (jupyterlab)" in out
    assert "collecting packages: 2 (ipycanvas)" in out and "(from" not in out
    assert "collecting packages: 3 (file:///repo)" in out
    assert "collected 3 packages; installing them" in out
    assert out.count("\n") <= 3 and "status 0" in out     # one line, rewritten with \r


def test_in_a_log_only_the_totals_show() -> None:
    out = steps(tty=False)
    assert out.splitlines() == [
        "\x1b[1m[kit]\x1b[0m collected 3 packages; installing them (a minute or two the "
        "first time)", "status 0"]


def test_kit_installs_through_the_status_line() -> None:
    kit = (ROOT / "kit").read_text(encoding="utf-8")
    assert 'pip_install -e ".[$extra]"' in kit and "--quiet -e" not in kit
