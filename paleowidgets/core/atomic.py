"""Writing a file whole or not at all: a temporary file in the same folder, then a rename.

Used for everything the kit writes for a user (game logs, sheets, puzzles, snowmen), so a
crash, a full disk or a pulled plug never leaves a half-written file where a good one was.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

__all__ = ["write_atomically"]


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename
    (atomic on one file system); on any failure the temporary file is removed and an
    existing ``path`` is left as it was."""
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)   # mkstemp makes 0600 files; a sheet or log is for sharing
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
