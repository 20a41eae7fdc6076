"""Rebuilding lines: from what a search holds at a leaf to one Move per round, checked.

The searches do not walk the rounds in order, so a leaf holds its draws as records
(:data:`.run.Draw`: a specific round, or -1 for a neutral draw that takes any free round
of its class), the squares drawn as a mask, and the events of bonus timing.
:func:`leaf_line` gives every neutral draw a free round of its class, the One Squares to
the last round and the star bonuses their kinds (:func:`.timing.assign`);
:func:`record` replays that line with the core rules and keeps it if it beats the best
(its score must be the one the search counted: anything else is a bug, and raises).
:func:`realise` draws a path of the relaxation (:func:`.relaxation.dp_plus`) as real,
disjoint placements, when it finds some quickly, and records that line the same way.

Called by the cell search (:mod:`.cells`, at its leaves) and the relaxation; calls
:mod:`.timing`.
"""

from __future__ import annotations

from .._moves import NO_GAINS, PASS, Move
from .._tables import Variant, bits_of
from .run import VARIANT_COSTS, Draw, Event, Run, want_dig
from .timing import assign


def realise(run: Run, sets: list[tuple[int, int, int]], universe: int, need: int,
            wanted: tuple[int, int, int], touch: int) -> None:
    """Record the may-pass line of a path of :func:`.relaxation.dp_plus`, if one exists that
    is found quickly: per round (round, cells of the universe drawn, switches), a
    placement drawing exactly those cells of the universe with at most those switches
    (in the wanted dig type where it meets a wanted ring), all disjoint; the open
    cells of ``need`` left take One Squares. The relaxation let draws overlap outside
    the universe, so there may be none; the line is checked as every line is."""
    t = run.t
    options: list[tuple[int, list[tuple[int, int, int, Variant]]]] = []
    for rd, x, c in sets:
        if not x:
            continue                          # the round passes
        seen: set[int] = set()
        opts: list[tuple[int, int, int, Variant]] = []
        for var, cost in VARIANT_COSTS:
            if cost > c:
                continue
            for si, d in t.pairs[rd][var]:
                for i in bits_of(touch & t.shape_bits[si]):
                    m = t.pl_mask[i]
                    if m & universe != x or m in seen:
                        continue
                    wd = want_dig(m, wanted)
                    if wd == -2 or (wd >= 0 and wd != d):
                        continue
                    seen.add(m)
                    opts.append((m, si, d, var))
        if not opts:
            return
        options.append((rd, opts))
    options.sort(key=lambda e: len(e[1]))
    chosen: list[tuple[int, int, int, int, Variant]] = []
    budget = [5_000]

    def place(k: int, cells: int) -> bool:
        if k == len(options):
            return True
        rd, opts = options[k]
        for m, si, d, var in opts:
            budget[0] -= 1
            if m & cells or budget[0] < 0:
                continue
            chosen.append((rd, m, si, d, var))
            if place(k + 1, cells | m):
                return True
            chosen.pop()
        return False

    if not place(0, 0):
        return
    drawn = run.s0.drawn
    for _, m, _, _, _ in chosen:
        drawn |= m
    sqm = need & ~drawn
    ci_of = {rd: ci for ci, rs in enumerate(run.class_rounds) for rd in rs}
    draws = tuple(Draw(rd, ci_of[rd], m, si, d, var[0], var[1])
                  for rd, m, si, d, var in chosen)
    events = tuple(sorted(Event(rd, (m & t.stars & ~run.s0.drawn).bit_count(), var[0], var[1])
                          for rd, m, _, _, var in chosen))
    if assign(run, events, sqm.bit_count()) is not None:
        record(run, None, events, sqm, draws, drawn | sqm)


def record(run: Run, value: int | None, events: tuple[Event, ...], sqm: int,
           draws: tuple[Draw, ...], drawn: int) -> None:
    """Record the line of a leaf if it beats the best one. ``value``: what it must
    score (checked), or None to take its score."""
    if value is not None and value <= run.best:
        return
    line = leaf_line(run, events, sqm, draws)
    s = run.s0
    for mv in line:
        s = s.play(mv.mask, mv.dig, spend_shape=mv.spend_shape, spend_dig=mv.spend_dig,
                   gains=mv.gains, squares=mv.squares)
    got = run.t.score(s)
    if value is None:
        if got <= run.best:
            return
        value = got
    if got != value:
        raise AssertionError(f"planner line scores {got}, expected {value}")
    run.best = value
    run.best_line = line
    if run.on_improve is not None:
        run.on_improve(value, line)


def leaf_line(run: Run, events: tuple[Event, ...], sqm: int, draws: tuple[Draw, ...]
              ) -> list[Move]:
    """The may-pass line of a leaf: one Move per round from the start state's round."""
    t = run.t
    r0 = run.s0.round
    gains = assign(run, events, sqm.bit_count()) or {}
    taken = {d.round for d in draws if d.round >= 0}
    spare = [[rd for rd in rs if rd not in taken] for rs in run.class_rounds]
    line = [PASS] * (t.R - r0)
    for rd, ci, m, si, di, w0, w1 in draws:
        if rd < 0:
            rd = spare[ci].pop(0)
        line[rd - r0] = Move(m, si, di, w0, w1, gains.get(rd, NO_GAINS), 0, False)
    if sqm:
        line[-1] = line[-1]._replace(squares=sqm)
    return line
