"""The planner: the may-pass relaxation of a game, solved exactly.

Allow a pass in every round (``exact.py`` explains why that bounds the real game, and how
its lines are realised). :class:`Planner` is the entry point: :meth:`Planner.solve` for
the exact may-pass optimum from a state, :meth:`Planner.dive` for quick good lines. Each
call makes a :class:`.run.Run` (the state of one search) and hands it to the parts, one
module per job:

- :mod:`.run` -- the state of one search (start state, best line so far, classes of
  rounds, transposition tables) and small helpers every part reads.
- :mod:`.timing` -- bonus timing: when star bonuses are gained and whether they can pay
  for the switches and squares spent (the matching at the leaves, and a necessary
  condition for it that cuts early).
- :mod:`.packing` -- the packing bound (:meth:`.packing.Packing.plus_bound`, long games):
  whether the rounds left can close a fossil set's rings at all, cluster by cluster, and
  what that costs in squares; asked of each target before the relaxation.
- :mod:`.disjoint` -- the disjoint cover (long games): whether disjoint draws of the
  rounds left can close a target's rings at all, without the stars' timing; asked of
  each target the relaxation allows, before its exact search.
- :mod:`.targets` -- the exact search (:func:`.targets.by_targets`): one search per
  *target* (the fossils a line completes, the dig types of its bonuses), in descending
  goals; each target asks the relaxation first, then its own exact search
  (:func:`.targets.dfs_req`).
- :mod:`.relaxation` -- the dynamic program over the rounds that bounds a target's +1
  Points (:func:`.relaxation.dp_plus`), and draws a few of its paths as lines.
- :mod:`.cells` -- the cell search (:func:`.cells.dfs`): branch on how an open ring cell
  gets drawn, fossils optional; the dives, the fallback when there are too many targets,
  and the branching and star phase that the target search reuses.
- :mod:`.lines` -- rebuilding lines: from a leaf's draws to one Move per round, replayed
  by the core rules and recorded if better; drawing a relaxation path as placements.

Who calls whom: ``solve`` -> ``targets.by_targets`` -> ``packing.Packing.plus_bound``,
``relaxation.dp_plus`` (-> ``lines.realise``), ``disjoint.disjoint_cover`` and
``targets.dfs_req`` -> ``cells.cell_options``/``cells.child``/``cells.stars_phase`` ->
``lines.record``; ``dive`` -> ``cells.dfs`` -> the same leaves.
Everything asks ``timing`` about bonuses. The imports go one way: each module of run,
timing, lines, relaxation, cells, packing, disjoint, targets imports only modules before it
in that list.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from ...core.rules import State
from .._moves import Clock, Move
from .._tables import N_SHAPES, Tables, bits_of
from .cells import dfs
from .run import OutOfBudget, Run
from .targets import by_targets

__all__ = ["Planner", "Run"]


class Planner:
    """Exact optimum of the may-pass relaxation from any state."""

    def __init__(self, tables: Tables, clock: Clock) -> None:
        self.t = tables
        self.clock = clock
        g = tables.game
        n_cells = g.width * g.height
        lists: list[list[list[int]]] = [[[] for _ in range(N_SHAPES)] for _ in range(n_cells)]
        for m, si in zip(tables.pl_mask, tables.pl_shape, strict=True):
            for c in bits_of(m):
                lists[c][si].append(m)
        self.cell_shape: list[tuple[tuple[int, ...], ...]] = [
            tuple(tuple(x) for x in per) for per in lists]
        self.star_pl = 0
        for i, m in enumerate(tables.pl_mask):
            if m & tables.stars:
                self.star_pl |= 1 << i

    def solve(self, s0: State, floor: int,
              on_improve: Callable[[int, list[Move]], None] | None = None,
              on_bound: Callable[[int], None] | None = None,
              more_lines: Callable[[], int] | None = None
              ) -> tuple[int, list[Move] | None]:
        """The may-pass optimum from ``s0`` if it is above ``floor``, with a line reaching
        it (one Move per round left); else ``(ub, None)`` with ``ub <= floor`` an upper
        bound. Raises Timeout when the clock runs out. ``on_bound`` is told upper bounds
        of the may-pass optimum as they are learnt (each goal of
        :func:`.targets.by_targets`, taken with ``floor``), so that a search cut by the
        clock still has one. ``more_lines`` (long games): asked before each goal and
        before each target of the last goal for the value of a real line found meanwhile
        (e.g. by another process); above the best line, it stands as the floor from then
        on (:func:`.targets.by_targets`, :func:`.targets.settle`)."""
        run = Run(self, s0, floor, on_improve)
        run.on_bound = on_bound
        run.more_lines = more_lines
        ub = _go(run)
        if run.best_line is not None:
            return run.best, run.best_line
        return min(ub, run.floor), None

    def dive(self, s0: State, floor: int, on_improve: Callable[[int, list[Move]], None],
             *, width: int, nodes: int) -> None:
        """A quick, incomplete search for good may-pass lines (reported to ``on_improve``):
        only the ``width`` best-looking ways to draw each cell, at most ``nodes`` nodes.
        It proves nothing; it finds lines for the exact searches to beat."""
        run = Run(self, s0, floor, on_improve)
        run.width = width
        run.budget = nodes
        with contextlib.suppress(OutOfBudget):
            _go(run)


def _go(run: Run) -> int:
    """Search from the run's start state: by targets, or the cell search for a dive."""
    s0 = run.s0
    t = run.t
    fit = t.all_pl & ~t.block(s0.drawn)
    active = 0
    for f, ring in enumerate(t.rings):
        if ring & ~s0.drawn:
            active |= 1 << f
    free = tuple(len(rs) for rs in run.class_rounds)
    if run.width is None:
        return by_targets(run, active, free, fit)
    return dfs(run, s0.drawn, s0.digs, active, free, 0, (), 0, 0, 0, (), fit)
