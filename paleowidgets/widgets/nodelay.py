"""Opt-in: send kernel messages to the browser without Nagle's delay (``TCP_NODELAY``).

jupyter_server's kernel websocket leaves Nagle's algorithm on. A widget round trip ends
with several small frames in a row (status busy, the canvas message, a label update,
status idle); Nagle holds the later ones until the browser acknowledges the first, and
the browser delays that acknowledgement (40 ms on Linux). Measured here: a bare
button -> label round trip takes ~50 ms through the server against ~5 ms straight to the
kernel, ~7 ms with ``TCP_NODELAY`` (benchmarks/bench_widgets.py ``--nodelay``).

Enable it as a server extension (JupyterLab, Notebook, ``voila`` as a server extension)::

    jupyter lab --ServerApp.jpserver_extensions="{'paleowidgets.widgets.nodelay': True}"

or, for the standalone ``voila`` command, with one line in a ``voila.py`` config file in a
Jupyter config folder: ``import paleowidgets.widgets.nodelay as n; n.install()``.
"""

from __future__ import annotations

from typing import Any

_MARK = "_paleowidgets_nodelay"


def install() -> bool:
    """Make every kernel websocket set ``TCP_NODELAY`` when it opens (Voila's handler is
    a subclass, so it is covered too). Returns False when it was installed already."""
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

    handler: Any = KernelWebsocketHandler
    if getattr(handler.open, _MARK, False):
        return False
    original = handler.open

    async def open(self: Any, *args: Any, **kwargs: Any) -> Any:
        self.set_nodelay(True)
        return await original(self, *args, **kwargs)

    setattr(open, _MARK, True)
    handler.open = open
    return True


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "paleowidgets.widgets.nodelay"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    if install():
        serverapp.log.info("paleowidgets: TCP_NODELAY on kernel websockets")
