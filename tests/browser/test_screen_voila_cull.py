"""Voila shuts down the kernel of a page that is gone, and only that one (issue 11, a class
of 30 on one machine; voila issue #1458: the shutdown request a closing tab sends is often
lost).

Voila is started as ``./kit voila`` starts it (jupyter-config/ on the config path, so its
``voila.py`` is read), with the culling times made short on the command line. Two pupils
open the page; the first one's tab closes with its shutdown request lost (blocked here);
within the idle timeout and one culling interval that kernel is shut down by the culler
(the server says so), while the second pupil's kernel, idle as long but with its page
open, stays and still answers.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import harness as h
import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
IDLE, INTERVAL = 6, 1           # seconds: short, for the test; jupyter-config/voila.py: 600, 60
SLACK = 20                      # seconds more on a busy machine


def kernel_id(page: Any) -> str:
    found: str = page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
        ".kernelId")
    return found


def kernel_alive(server: h.Server, kid: str) -> bool:
    try:
        with urllib.request.urlopen(f"{server.url}/api/kernels/{kid}", timeout=5) as r:
            return bool(r.status == 200 and json.load(r)["id"] == kid)
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return False
        raise


def open_page(browser: Any, server: h.Server) -> Any:
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, device_scale_factor=1)
    page = ctx.new_page()
    page.goto(f"{server.url}/", wait_until="domcontentloaded", timeout=90_000)
    page.locator(".paleo-play canvas.paleo-board").first.wait_for(timeout=90_000)
    return page


def test_voila_culls_the_kernel_of_a_closed_page_and_keeps_an_open_one(
        browser: Any, browser_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = browser_root / "cull"
    root.mkdir()
    notebook = h.write_notebook(root / "cull.ipynb")
    was = os.environ.get("JUPYTER_CONFIG_PATH")
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", os.pathsep.join(
        [str(REPO / "jupyter-config"), *filter(None, [was])]))
    port = h.free_port()
    cmd = [str(h.VENV_BIN / "voila"), str(notebook), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", f"--Voila.connection_dir_root={root}",
           f"--MappingKernelManager.cull_idle_timeout={IDLE}",
           f"--MappingKernelManager.cull_interval={INTERVAL}"]
    base = f"http://127.0.0.1:{port}"
    with h.serve(cmd, f"{base}/voila/static/voila.js", base, root, "voila-cull") as server:
        gone = open_page(browser, server)
        stays = open_page(browser, server)
        try:
            lost, kept = kernel_id(gone), kernel_id(stays)
            assert lost != kept and kernel_alive(server, lost) and kernel_alive(server, kept)
            # the tab closes and its shutdown request never arrives
            gone.route("**/voila/api/shutdown/**", lambda route: route.abort())
            gone.context.close()
            t0 = time.monotonic()
            while kernel_alive(server, lost):
                assert time.monotonic() - t0 < IDLE + INTERVAL + SLACK, (
                    f"the closed page's kernel is still there: {server.tail()}")
                time.sleep(0.5)
            waited = time.monotonic() - t0
            log = server.log.read_text(errors="replace")
            assert f"Culling 'idle' kernel 'python3' ({lost})" in log, server.tail()
            # the open page: idle longer than the timeout, connected, so kept ...
            time.sleep(max(0.0, IDLE + 2 * INTERVAL - waited))
            assert kernel_alive(server, kept), server.tail()
            assert not [line for line in log.splitlines() if "Culling" in line and kept in line]
            # ... and its kernel still answers a press
            stays.locator(".paleo-play .paleo-roll").click()
            stays.locator(".paleo-play span.paleo-dice").wait_for(timeout=30_000)
        finally:
            stays.context.close()
