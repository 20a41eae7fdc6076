"""A second process for a game analysis: good lines ahead of the proofs, on a second core.

A game analysis (:func:`.analysis.analyse` with ``total_time``) proves its states from the
last round back; each proof is quicker above a better line (the planner's last goals are
searched above the best line: the snow map's state with 9 rounds left of seed 103 took
212 s above the analysis' line of 56, 10.6 s above 58), and the rounds it does not prove
need good lines of their own. On a machine with two cores or more, the *lines worker*
searches those lines (``Engine.solve`` with its line searches first, an equal share of the
time left for each state) from the state with ``first`` rounds played back to the first,
while the analysis' own process only proves. Each line it finds is sent back at once:
the proof of that state takes it as a floor, before its last goals if it is not yet there
(``Engine.solve(outside=...)``), and a round the proofs do not reach takes the worker's
line and bound. States the analysis has proven meanwhile are skipped, and their lines
seed the worker's next solve.

Messages, over one ``multiprocessing`` pipe (turns in the FORMATS notation, as dicts):
worker to analysis ``(r, optimum, bound, proven, turns)`` for the state before round
``r + 1``; analysis to worker ``(r, turns)``, a proven best line from that state, and
``None``: stop. The worker is a fresh interpreter (see :class:`LinesWorker`); it builds
its own tables (0.02 s on the dig site).
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from ..core.logs import replay_turns
from ..core.maps import Roll
from ..core.rules import Game, State
from ..core.turns import Turn
from ._moves import Move
from .exact import Engine
from .exact import _turns as turns_of

__all__ = ["LinesWorker", "cpus", "may_start", "memory_limit", "moves_of"]

# The first pass (:func:`_main`): the FRONTIER states from ``first`` back, the ones the
# proofs meet next (the first unproven state of an analysis has 7 to 10 rounds left),
# FRONTIER_SECONDS each of line searches. The snow map's state with 9 rounds left of seed
# 103: the beams find 58 in 4.5 s where the analysis held 56 (benchmarks/README.md). At
# most FRONTIER_SHARE of the worker's time in all (a shorter analysis, as a pupil's 20 s,
# leaves the rest to the early rounds' lines: with 4 s each there, nothing was left, and
# the best line at round 1 fell by 2-7 points).
FRONTIER = 5
FRONTIER_SECONDS = 4.0
FRONTIER_SHARE = 1 / 3

# A result: (optimum, bound, proven, turns) of one solve from one state.
Result = tuple[int, int, bool, tuple[Turn, ...]]


CGROUP = Path("/sys/fs/cgroup")

# The lines worker starts only where the container's memory allows WORKER_MEMORY bytes:
# the analysis and its worker together peaked at 856 MB on the dig site (the most of six
# games, the two processes' peaks added; 1,179 MB before the relaxation's states were
# packed: benchmarks/README.md), the kernel and the notebook server come on top, and a
# kernel that passes its container's limit is killed, with the pupil's unsaved work.
WORKER_MEMORY = 2 << 30


def cpus(cgroup: Path = CGROUP) -> int:
    """The cores this process may use: its CPU affinity, cut to its cgroup's CPU quota
    (a container's limit, as a JupyterHub or Binder sets it: cgroup v2's ``cpu.max``,
    "quota period" or "max period"; or v1's ``cpu/cpu.cfs_quota_us``, -1 for none).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = (Path(d) / "cpu.max").write_text("150000 100000")
    ...     cpus(Path(d))
    1
    """
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:          # not on Linux
        n = os.cpu_count() or 1
    quota = _read(cgroup / "cpu.max") or " ".join(
        filter(None, (_read(cgroup / "cpu" / "cpu.cfs_quota_us"),
                      _read(cgroup / "cpu" / "cpu.cfs_period_us"))))
    with contextlib.suppress(ValueError):
        q, period = quota.split()[:2]
        if q not in ("max", "-1"):
            n = min(n, max(1, int(q) // int(period)))
    return n


def memory_limit(cgroup: Path = CGROUP) -> int | None:
    """This process's cgroup memory limit in bytes, None when there is none (cgroup v2's
    ``memory.max``, "max" for none; v1's ``memory/memory.limit_in_bytes``, a number near
    2**63 for none).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = (Path(d) / "memory.max").write_text("1073741824")
    ...     memory_limit(Path(d)), memory_limit(Path(d) / "nowhere")
    (1073741824, None)
    """
    text = _read(cgroup / "memory.max") or _read(cgroup / "memory" / "memory.limit_in_bytes")
    try:
        limit = int(text)
    except ValueError:              # "max", or no such file
        return None
    return None if limit >= 1 << 60 else limit


def may_start() -> bool:
    """Whether an analysis may start its lines worker here: two cores or more
    (:func:`cpus`), and memory for both processes (:func:`memory_limit`, at least
    ``WORKER_MEMORY``, or no limit)."""
    limit = memory_limit()
    return cpus() >= 2 and (limit is None or limit >= WORKER_MEMORY)


def _read(path: Path) -> str:
    """A cgroup file's first line ("" when it cannot be read)."""
    try:
        return path.read_text().strip()
    except OSError:
        return ""


def moves_of(engine: Engine, start: State, turns: Sequence[Turn]) -> list[Move]:
    """A legal line of turns from ``start`` as the engine's Moves."""
    out = []
    s = start
    for turn in turns:
        mv = engine.move_of(s, turn)
        out.append(mv)
        s = s.play(mv.mask, mv.dig, spend_shape=mv.spend_shape, spend_dig=mv.spend_dig,
                   gains=mv.gains, squares=mv.squares)
    return out


class LinesWorker:
    """The analysis' end of the worker process: start it, read its results, tell it the
    states proven, stop it."""

    def __init__(self, game: Game, rolls: Sequence[Roll], turns: Sequence[Turn], first: int,
                 deadline: float) -> None:
        """Start the worker on the states ``first``, ``first - 1``, ..., 0 of the game
        (``states[r]``: before round ``r + 1``), to be done by ``deadline``
        (``time.monotonic()``, the same clock in every process).

        A fresh interpreter (``sys.executable``, this process's ``sys.path``) runs
        :func:`_child` on one end of a socket pair: not ``multiprocessing``'s spawn,
        which runs the caller's main script again in the child (a script calling
        ``analyse`` at its top level would run twice), nor its fork, which copies a
        kernel's threads."""
        mine, theirs = socket.socketpair()
        with mine, theirs:
            code = ("import sys, json; sys.path[:] = json.loads(sys.argv[2]); "
                    "from paleowidgets.solver.lines_worker import _child; "
                    "_child(int(sys.argv[1]))")
            self.proc = subprocess.Popen(
                [sys.executable, "-c", code, str(theirs.fileno()), json.dumps(sys.path)],
                pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL)
            self.conn = Connection(mine.detach())
        self.first = first
        self.deadline = deadline
        self.results: dict[int, Result] = {}                # r -> the worker's solve
        self.lines: dict[int, tuple[int, tuple[Turn, ...]]] = {}   # r -> best line, value
        self.taken: dict[int, int] = {}     # r -> the best value handed to a proof of r
        self.interrupted = False            # Ctrl-C came while :meth:`finish` waited
        self.torn = False                   # Ctrl-C came in the middle of a message
        self.conn.send((game, tuple(rolls), tuple(turns), first, deadline))

    @classmethod
    def start(cls, game: Game, rolls: Sequence[Roll], turns: Sequence[Turn], first: int,
              deadline: float) -> LinesWorker | None:
        """A worker, or None where no process can be started (a system out of
        processes): the analysis goes on alone."""
        try:
            return cls(game, rolls, turns, first, deadline)
        except OSError:
            return None

    def poll(self, wait: float = 0.0) -> None:
        """Read what was sent so far (waiting up to ``wait`` seconds for the first).
        Ctrl-C in the middle of a message leaves the socket halfway through it: from
        then on nothing more is read (a read would wait for a length that never comes)."""
        if self.torn:
            return
        try:
            while self.conn.poll(wait):
                self.torn = True            # until the whole message is read
                msg = self.conn.recv()
                self.torn = False
                wait = 0.0
                line = tuple(Turn.from_dict(d) for d in msg[-1])
                if msg[0] == "line":
                    _, r, value, _dicts = msg
                    if value > self.lines.get(r, (-1, ()))[0]:
                        self.lines[r] = (value, line)
                else:
                    _, r, optimum, bound, proven, _dicts = msg
                    self.results[r] = (optimum, bound, proven, line)
                    if optimum > self.lines.get(r, (-1, ()))[0]:
                        self.lines[r] = (optimum, line)
        except (EOFError, OSError):     # the worker ended (or died): what it sent stands
            pass

    def outside(self, engine: Engine, r: int, start: State) -> list[list[Move]]:
        """The worker's best line from ``states[r]`` if it is better than any handed out
        before: ``Engine.solve(outside=...)`` asks this during the proof of that state."""
        self.poll()
        value, line = self.lines.get(r, (-1, ()))
        if value <= self.taken.get(r, -1):
            return []
        self.taken[r] = value
        return [moves_of(engine, start, line)]

    def proven(self, r: int, turns: Sequence[Turn]) -> None:
        """Tell the worker that ``states[r]`` is proven, with its best line."""
        with contextlib.suppress(OSError):
            self.conn.send((r, [t.to_dict() for t in turns]))

    def finish(self, needed: Sequence[int], grace: float,
               tick: Callable[[], object] | None = None
               ) -> tuple[dict[int, Result], dict[int, tuple[int, tuple[Turn, ...]]]]:
        """Wait for the solves of the states ``needed`` (until the deadline and ``grace``
        seconds after it; ``tick()`` about twice a second meanwhile, for a progress bar),
        stop the worker, and return its solves and its best lines. Ctrl-C while it waits
        (KeyboardInterrupt) stops it at once with what came (``interrupted``): a message
        read halfway is left unread."""
        try:
            while any(r not in self.results for r in needed) and self.proc.poll() is None:
                left = self.deadline + grace - time.monotonic()
                if left <= 0:
                    break
                self.poll(min(left, 0.5))
                if tick is not None:
                    tick()
            self.poll()
        except KeyboardInterrupt:
            self.interrupted = True
        with contextlib.suppress(OSError):
            self.conn.send(None)
        try:
            self.proc.wait(0.5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.conn.close()
        return self.results, self.lines


class _Stop(Exception):
    """The analysis is done with the worker."""


def _child(fd: int) -> None:
    """The worker process's entry: its arguments come first on the socket ``fd``."""
    conn = Connection(fd)
    try:
        game, rolls, turns, first, deadline = conn.recv()
    except EOFError:
        return
    _main(game, rolls, turns, first, deadline, conn)


def _main(game: Game, rolls: tuple[Roll, ...], turns: tuple[Turn, ...], first: int,
          deadline: float, conn: Connection) -> None:
    """The worker process, in two passes over the states the analysis has not proven.

    First the states the proofs are about to meet, ``states[first]`` back to
    ``states[first - FRONTIER + 1]``: ``FRONTIER_SECONDS`` of line searches each, at most
    ``FRONTIER_SHARE`` of the time in all (:meth:`.exact.Engine.find_lines`), every better
    line sent at once (``"line"``).
    Then ``states[first]`` back to ``states[0]``: a solve each (lines first, then the
    bounds; an equal share of the time left), sent when done (``"solved"``). The seed of
    each is the turn played then the best line known from the next state (the
    analysis' proven one, else the worker's own, else the game's own turns); a line the
    first pass found from the state itself is handed to its solve too."""
    states = replay_turns(game, rolls, turns)
    engine = Engine(game, rolls, switch_shape=any(s.held[1] for s in states))
    proven: dict[int, tuple[Turn, ...]] = {}
    own: dict[int, tuple[Turn, ...]] = {}
    found: dict[int, list[Move]] = {}

    def read() -> None:
        """Read the analysis' messages (raises _Stop on its last)."""
        while conn.poll():
            msg: Any = conn.recv()
            if msg is None:
                raise _Stop
            r, dicts = msg
            proven[r] = tuple(Turn.from_dict(d) for d in dicts)

    def seed(r: int) -> list[Move]:
        nxt = proven.get(r + 1) or own.get(r + 1) or turns[r + 1:]
        return moves_of(engine, states[r], (turns[r], *nxt))

    def done(r: int) -> bool:
        read()
        return any(p <= r for p in proven)     # the analysis has proven it

    each = min(FRONTIER_SECONDS,
               FRONTIER_SHARE * max(0.0, deadline - time.monotonic()) / FRONTIER)
    try:
        for r in range(first, max(-1, first - FRONTIER), -1):
            if done(r):
                continue

            def send(value: int, line: list[Move], r: int = r) -> None:
                found[r] = line
                conn.send(("line", r, value,
                           [t.to_dict() for t in turns_of(engine.tables, states[r], line)]))

            engine.find_lines(states[r], min(each, max(0.0, deadline - time.monotonic())),
                              seed=seed(r), on_line=send, stop=partial(done, r))
        for r in range(first, -1, -1):
            if done(r):
                continue
            limit = max(0.0, deadline - time.monotonic()) / (r + 1)
            extra = [found.pop(r)] if r in found else []
            sol = engine.solve(states[r], time_limit=limit, seed=seed(r), lines_first=True,
                               outside=partial(list, extra))
            own[r] = sol.turns
            conn.send(("solved", r, sol.optimum, sol.bound, sol.proven,
                       [t.to_dict() for t in sol.turns]))
    except (_Stop, EOFError, BrokenPipeError, KeyboardInterrupt):
        pass
    finally:
        conn.close()

