"""The Jupyter config files ``./kit lessons`` and ``./kit voila`` put on the config path
(jupyter-config/): what they set, read as Jupyter reads them (traitlets). The culling they
set is seen working in a real Voila server in tests/browser/test_screen_voila_cull.py."""

from __future__ import annotations

from pathlib import Path

from traitlets.config.loader import PyFileConfigLoader

CONFIG = Path(__file__).resolve().parent.parent / "jupyter-config"


def load(name: str) -> object:
    return PyFileConfigLoader(name, path=str(CONFIG)).load_config()


def test_voila_shuts_down_the_kernels_of_lost_pages_only() -> None:
    kernels = load("voila.py").MappingKernelManager     # type: ignore[attr-defined]
    assert 0 < kernels.cull_idle_timeout <= 15 * 60     # a lost kernel goes within minutes
    assert 0 < kernels.cull_interval <= kernels.cull_idle_timeout
    assert kernels.cull_connected is False              # an open page keeps its kernel
    assert kernels.cull_busy is False


def test_jupyterlab_keeps_its_kernels() -> None:
    """A lesson's kernel holds the pupil's variables: Lab never culls it."""
    assert "cull_idle_timeout" not in load("jupyter_server_config.py").MappingKernelManager  # type: ignore[attr-defined]
