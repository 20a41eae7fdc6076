"""The state of one planner search, :class:`Run`, and the small helpers every part reads.

A :class:`Run` is made by :class:`.Planner` for one start state and handed,
as the first argument, to the functions of the other modules: it holds the start state,
the best line found so far (``best``, ``best_line``; :func:`.lines.record` moves them),
the classes of rounds, the bonuses held and still gainable at the start, and the
transposition tables of the two searches.

Rounds are resources. Rounds whose rolls offer the same (shape, dig) pairs form a
*class* (``class_rounds``, ``class_first``); the searches count the free rounds of each
class (``free``, a tuple indexed by class) and take a specific round only for a draw
whose timing matters (:mod:`.cells` says when). ``taken`` in the searches is the set of
rounds already taken, as a bit mask.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ...core.rules import State
from ...core.terms import BONUS_CAP, ONE_SQUARE, SWITCH_DIG, SWITCH_SHAPE
from .._moves import Move
from .._tables import Slot, Variant, bits_of

if TYPE_CHECKING:
    from . import Planner


# The bonus kinds a line spends (the fourth, +1 Point, is only kept).
SPENT_KINDS = (ONE_SQUARE, SWITCH_SHAPE, SWITCH_DIG)


class Event(NamedTuple):
    """A draw whose round matters for bonus timing (it covers stars or spends a switch)."""

    round: int
    stars: int              # the open stars it covers (each a star bonus, up to the caps)
    spend_shape: bool
    spend_dig: bool


class Draw(NamedTuple):
    """A draw of a line being built (:mod:`.lines` turns a leaf's draws into Moves)."""

    round: int              # -1: a neutral draw, in any free round of its class
    cls: int                # its class of rounds
    mask: int
    shape: int
    dig: int
    spend_shape: bool
    spend_dig: bool


class Option(NamedTuple):
    """A way to draw the cell a node branches on (:func:`.cells.cell_options`)."""

    mask: int               # 0: a One Square on the cell
    shape: int
    dig: int
    cls: int                # its class of rounds (-1 for a square)
    round: int              # -1: neutral, in any free round of its class
    spend_shape: bool
    spend_dig: bool
    stars: int              # the open stars it covers


class Node(NamedTuple):
    """A node of the cell search and of the target search (their functions take these
    fields as arguments, in this order)."""

    drawn: int                          # the cells drawn
    digs: tuple[int, int, int]          # the cells drawn in each dig type
    active: int                         # the fossils still aimed for
    free: tuple[int, ...]               # per class of rounds, the rounds still free
    taken: int                          # the rounds taken by non-neutral draws (bits)
    events: tuple[Event, ...]           # sorted
    nss: int                            # switch-shapes spent by neutral draws
    nsd: int                            # switch-digs spent by neutral draws
    sqm: int                            # the cells of One Squares
    draws: tuple[Draw, ...]
    fit: int                            # the placements that still fit (bits)

    def key(self) -> tuple[object, ...]:
        """The cell search's transposition key (:func:`.cells.dfs` says why it is enough):
        the first eight fields."""
        return self[:8]


# The switch sets a draw may use, with how many switches each spends.
VARIANT_COSTS: tuple[tuple[Variant, int], ...] = (((False, False), 0), ((True, False), 1),
                                                  ((False, True), 1), ((True, True), 2))


class OutOfBudget(Exception):
    """A dive used up its nodes, or there are too many targets for the target search."""


class Run:
    """One planner search from one state."""

    def __init__(self, planner: Planner, s0: State, floor: int,
                 on_improve: Callable[[int, list[Move]], None] | None) -> None:
        t = planner.t
        self.p = planner
        self.t = t
        self.s0 = s0
        self.best = floor
        self.best_line: list[Move] | None = None
        self.on_improve = on_improve
        self.on_bound: Callable[[int], None] | None = None
        # Long games (targets.by_targets): asked before the last goals and before each of
        # their targets, the value of a real line the caller found meanwhile (a real line
        # is a may-pass line); above ``best``, the search goes on above it, and ``floor``
        # (what the planner answers when it records no line) rises with it.
        self.more_lines: Callable[[], int] | None = None
        self.floor = floor
        self.width: int | None = None            # dives: options tried per node
        self.budget = -1                          # dives: nodes left (-1: no limit)
        index: dict[frozenset[tuple[int, int]], int] = {}
        self.class_rounds: list[list[int]] = []
        self.class_first: list[int] = []
        for rd in range(s0.round, t.R):
            sig = t.pairs[rd][(False, False)]
            ci = index.get(sig)
            if ci is None:
                index[sig] = len(self.class_rounds)
                self.class_rounds.append([rd])
                self.class_first.append(rd)
            else:
                self.class_rounds[ci].append(rd)
        self.held0 = s0.held
        self.caps0 = tuple(BONUS_CAP - g for g in s0.gained)
        self.cap_total0 = sum(self.caps0)
        self.timing = bool(t.stars & ~s0.drawn) and self.cap_total0 > 0
        # Whether a star's bonus can ever pay for something (a square or a switch): if
        # not, only +1 Points come from stars and the rounds of gains do not matter.
        self.gains_pay = self.timing and any(self.caps0[k] for k in SPENT_KINDS)
        self.star_list = bits_of(t.stars & ~s0.drawn)
        self.tt: dict[tuple[object, ...], int] = {}
        self.tt_req: dict[tuple[object, ...], int] = {}
        # Per target of targets.by_targets (its index): the most +1 Points known within
        # disjoint.disjoint_cover's reach, the fewest known beyond it (targets.covered).
        self.covers: dict[int, tuple[int, int]] = {}
        self.switch_cache: dict[tuple[int, bool, bool],
                                dict[tuple[int, int], list[Variant]]] = {}
        self.shape_bits_cache: dict[tuple[int, Variant], int] = {}

    def fossil_value(self, drawn: int, digs: tuple[int, int, int]) -> int:
        """The points of the fossils dug with the cells ``drawn``, with the same-dig-type
        bonus of each whose ring is all in one dig type of ``digs``."""
        t = self.t
        v = 0
        d0, d1, d2 = digs
        for f, ring in enumerate(t.rings):
            if not ring & ~drawn:
                v += t.points[f]
                if t.bonus[f] and (ring & d0 == ring or ring & d1 == ring or ring & d2 == ring):
                    v += t.bonus[f]
        return v

    def slots(self, free: tuple[int, ...], v: Variant) -> list[Slot]:
        """The free rounds as :meth:`Tables.stars_and_fossils` takes them: per class with
        a free round, the shapes offered without switches, with the switches ``v``, and
        how many free rounds."""
        t = self.t
        out: list[Slot] = []
        for ci, n in enumerate(free):
            if n:
                first = self.class_first[ci]
                out.append((t.shapes_for[first][(False, False)], t.shapes_for[first][v], n))
        return out

    def star_reach(self, drawn: int, slots: list[Slot]) -> int:
        """The most open stars the free rounds ``slots`` can cover: per round, the most
        one fitting placement of a shape it offers covers (overlaps allowed)."""
        get = self.t.star_info(drawn).__getitem__
        return sum(n * max(map(get, up[0]), default=0) for _, up, n in slots)

    def open_rings(self, fossils: int, drawn: int) -> int:
        """The open ring cells of ``fossils``."""
        t = self.t
        out = 0
        for f in bits_of(fossils):
            out |= t.rings[f] & ~drawn
        return out

    def want_cells(self, drawn: int, active: int, want: tuple[int, int, int]
                   ) -> tuple[int, int, int]:
        """Per dig type d, the open ring cells of the fossils of ``active`` whose bonus is
        wanted in d (``want[d]``): they must be drawn in dig type d."""
        t = self.t
        out = [0, 0, 0]
        for d in range(3):
            for f in bits_of(want[d] & active):
                out[d] |= t.rings[f] & ~drawn
        return out[0], out[1], out[2]


def want_dig(m: int, want: tuple[int, int, int]) -> int:
    """The dig type a draw ``m`` must have to meet the wanted cells ``want`` (per dig
    type): d, -1 when it meets none, -2 when it meets two dig types (impossible)."""
    d = -1
    for k in range(3):
        if m & want[k]:
            if d >= 0:
                return -2
            d = k
    return d
