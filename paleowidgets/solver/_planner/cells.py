"""The cell search: branch on how an open ring cell gets drawn, fossils optional.

If a pass were always allowed, a round that draws nothing useful would simply pass, and
the order of the rounds would only matter for bonus timing. So the planner does not walk
the rounds in order. :func:`dfs` picks an open ring cell of a fossil it still aims for
(``active``), and branches on how that cell gets drawn: a placement containing it, drawn
in a round whose roll allows it (with switches if needed, in each dig type when a bonus
can still depend on it), or a One Square; or the cell stays open, and every fossil whose
ring holds it is given up. When no fossil is aimed for any more, spare rounds collect
stars (:func:`stars_phase`). This partitions the lines by what happens to each chosen
cell, so every may-pass line is reached (a line that completes a fossil the search gave
up is still counted at its real value).

Rounds are resources (:mod:`.run`): a draw that neither covers a star nor spends a switch
("neutral") only takes one round of its class, which round being left open: such draws
are interchangeable between the rounds of a class (nothing about them depends on when
they happen). Draws that gain or spend bonuses take a specific round, and every free
round of the class is tried (which one matters: a star gained earlier can pay for more,
and two draws of a class gaining different numbers of stars are not interchangeable),
except when no star bonus can ever pay for anything (only +1 Points): then timing does
not matter and one round is tried. At the leaves, :mod:`.timing` matches the star
bonuses to what was spent and :mod:`.lines` rebuilds and records the line.

The bound at each node (:func:`bound`) is :meth:`Tables.stars_and_fossils` over the free
rounds of every class, with the switches and squares that are held or can still be
gained. A node computes the bound of each of its children first and searches them
highest bound first (the bound sees the rings' geometry, so good lines come early; each
child gets its bound handed down instead of computing it again).

The same search, with ``run.width`` set, is the quick *dive* that finds good lines first
(only the best-looking options per node, a budget of nodes); the target search
(:mod:`.targets`) uses its :func:`options`, :func:`child` and :func:`stars_phase` for its
own exact search, and falls back on :func:`dfs` when there are too many targets.
"""

from __future__ import annotations

from ...core.terms import ONE_SQUARE, PLUS_ONE, SWITCH_DIG, SWITCH_SHAPE
from .._moves import NONE
from .._tables import Variant, bits_of
from .lines import record
from .run import Draw, Event, Node, Option, OutOfBudget, Run, want_dig
from .timing import (
    free_shape_bits,
    may_square,
    may_switch,
    pair_switches,
    switches_spent,
    timing_memo,
    timing_plus,
    timing_possible,
)


def bound(run: Run, drawn: int, digs: tuple[int, int, int], active: int,
          free: tuple[int, ...], events: tuple[Event, ...], nss: int, nsd: int,
          nsq: int, enough: int | None = None) -> int:
    """An upper bound on the best score of the lines below a node of the cell search:
    the fossils complete, plus :meth:`Tables.stars_and_fossils` over the free rounds
    (the fossils of ``active`` and the stars they can still draw, with the switches and
    squares held or still gainable from stars). ``enough``: the bound may stop once it
    knows it is above that (the search only asks whether it beats the best line)."""
    v = may_switch(run, events, nss, nsd)
    slots = run.slots(free, v)
    value = run.fossil_value(drawn, digs) + run.held0[PLUS_ONE]
    gains = 0
    ss, sd = switches_spent(events, nss, nsd)
    held_sw = max(0, run.held0[SWITCH_SHAPE] - ss) + max(0, run.held0[SWITCH_DIG] - sd)
    owed = max(0, ss - run.held0[SWITCH_SHAPE]) + max(0, sd - run.held0[SWITCH_DIG])
    sw_cap = 0
    if run.timing:
        committed = sum(e.stars for e in events)
        open_stars = (run.t.stars & ~drawn).bit_count()
        gains = min(run.cap_total0,
                    committed + min(open_stars, run.star_reach(drawn, slots)))
        sw_cap = run.caps0[SWITCH_SHAPE] + run.caps0[SWITCH_DIG]
        if not any(e.stars for e in events):
            # No star gained yet: the earliest free round has no earlier round to
            # gain a switch in, so at most all the other free rounds can spend one.
            sw_cap = min(sw_cap, max(0, sum(free) - 1))
    return value + run.t.stars_and_fossils(
        drawn, digs, bits_of(active), slots, held_sq=run.held0[ONE_SQUARE], used_sq=nsq,
        gains=gains, sq_cap=run.caps0[ONE_SQUARE] if run.timing else 0,
        plus_cap=run.caps0[PLUS_ONE], held_sw=held_sw, sw_cap=sw_cap, owed_sw=owed,
        enough=None if enough is None else enough - value)


def dfs(run: Run, drawn: int, digs: tuple[int, int, int], active: int,
        free: tuple[int, ...], taken: int, events: tuple[Event, ...], nss: int, nsd: int,
        sqm: int, draws: tuple[Draw, ...], fit: int, known_b: int | None = None) -> int:
    """An upper bound on the best score below this node (the fields of a :class:`.Node`;
    the best line found is recorded). ``known_b``: an upper bound already computed for
    this node (by its parent, to order its children), used instead of computing it again.

    The transposition table ``run.tt`` maps (drawn cells, dig types, fossils aimed for,
    free rounds per class, rounds taken, bonus events, neutral spends) to an upper bound
    of the best score below; the squares are the drawn cells in no dig type, the fitting
    placements follow from the drawn cells, and the draws made do not change what is
    still possible, so everything the subtree depends on is in the key (:meth:`.Node.key`).
    A stored bound is used only when it does not beat the best line (an upper bound
    found when the best line was lower is still an upper bound)."""
    run.p.clock.tick()
    if run.budget >= 0:
        if run.budget == 0:
            raise OutOfBudget
        run.budget -= 1
    t = run.t
    key = (drawn, digs, active, free, taken, events, nss, nsd)
    known = run.tt.get(key)
    if known is not None and known <= run.best:
        return known
    nsq = sqm.bit_count()
    b = (known_b if known_b is not None
         else bound(run, drawn, digs, active, free, events, nss, nsd, nsq, run.best))
    if b <= run.best:
        run.tt[key] = b
        return b
    need = run.open_rings(active, drawn)
    if not need:
        ub = stars_phase(run, drawn, digs, free, taken, events, nss, nsd, sqm, draws, fit, 0)
        ub = min(ub, b)
        run.tt[key] = ub
        return ub
    v = may_switch(run, events, nss, nsd)
    allowed = free_shape_bits(run, free, v)
    can_square = may_square(run, nsq)
    c, n_opts = pick_cell(run, active, drawn, digs, fit & allowed, can_square)
    ub = NONE
    if n_opts:
        options = cell_options(run, c, drawn, digs, active, free, taken, v, events, nsq)
        if run.width is not None:
            options = options[:run.width]
        children = [child(run, opt, c, drawn, digs, active, free, taken, events, nss, nsd,
                          sqm, draws, fit) for _, opt in options]
        # Children in the order of their bounds, highest first (ties: the heuristic's
        # order): the bound sees the geometry, so the best lines come early. Each
        # child's bound is computed once, here, and handed to it; an upper bound
        # stays one however the best line moves afterwards.
        ranked: list[tuple[int, int, int | None]] = []
        for i, ch in enumerate(children):
            known_c = run.tt.get(ch.key())
            if known_c is not None and known_c <= run.best:
                ranked.append((known_c, i, None))
                continue
            bc = bound(run, ch.drawn, ch.digs, ch.active, ch.free, ch.events, ch.nss, ch.nsd,
                       ch.sqm.bit_count(), run.best)
            ranked.append((bc, i, bc))
        ranked.sort(key=lambda x: (-x[0], x[1]))
        for bc, i, kb in ranked:
            if bc <= run.best:
                ub = max(ub, bc)
                continue
            sub = dfs(run, *children[i], known_b=kb)       # a Node's fields, in order
            if sub > ub:
                ub = sub
    # The cell stays open: every fossil whose ring holds it is given up.
    drop = 0
    for f in bits_of(active):
        if t.rings[f] >> c & 1:
            drop |= 1 << f
    sub = dfs(run, drawn, digs, active & ~drop, free, taken, events, nss, nsd, sqm, draws, fit)
    ub = min(max(ub, sub), b)
    run.tt[key] = ub
    return ub


def child(run: Run, opt: Option, c: int, drawn: int, digs: tuple[int, int, int], active: int,
          free: tuple[int, ...], taken: int, events: tuple[Event, ...], nss: int, nsd: int,
          sqm: int, draws: tuple[Draw, ...], fit: int) -> Node:
    """The node after drawing option ``opt`` (mask 0: a One Square on ``c``). A neutral
    draw (round -1) takes no specific round: it only uses up one free round of its
    class, and its switches are counted in ``nss``/``nsd``."""
    t = run.t
    m, si, di, ci, rd, w0, w1, nst = opt
    if m:
        d = [digs[0], digs[1], digs[2]]
        d[di] |= m
        digs2 = (d[0], d[1], d[2])
        free2 = (*free[:ci], free[ci] - 1, *free[ci + 1:])
        if rd >= 0:
            taken2 = taken | 1 << rd
            events2 = tuple(sorted((*events, Event(rd, nst, w0, w1))))
            nss2, nsd2 = nss, nsd
        else:
            taken2, events2 = taken, events
            nss2, nsd2 = nss + w0, nsd + w1
        sqm2 = sqm
        draws2 = (*draws, Draw(rd, ci, m, si, di, w0, w1))
    else:                            # a One Square on c
        digs2, free2, taken2, events2, nss2, nsd2 = digs, free, taken, events, nss, nsd
        sqm2 = sqm | 1 << c
        m = 1 << c
        draws2 = draws
    drawn2 = drawn | m
    active2 = active
    for f in bits_of(active):
        if not t.rings[f] & ~drawn2:
            active2 &= ~(1 << f)
    return Node(drawn2, digs2, active2, free2, taken2, events2, nss2, nsd2, sqm2, draws2,
                fit & ~t.block(m))


def pick_cell(run: Run, active: int, drawn: int, digs: tuple[int, int, int], usable: int,
              can_square: bool) -> tuple[int, int]:
    """The ring cell to branch on, and how many ways it has to be drawn (0: none, its
    fossils must be given up, the only branch). Any cell that cannot be drawn at all
    comes first; else the fossil already started (or the most valuable per open ring
    cell), and in it the cell with the fewest fitting placements. Any choice keeps the
    partition (every line either draws the cell, in one of the ways tried, or leaves it
    open); this one finds good lines early. When the start holds a switch-shape, every
    round offers every shape and that cell can still have hundreds of children: then the
    fossil whose best cell has the fewest fitting placements (the started ones first) is
    taken instead (benchmarks/README.md, "The planner's choices", says what each costs)."""
    t = run.t
    fewest_first = run.held0[SWITCH_SHAPE] > 0
    best_key: tuple[int, float, float] | None = None
    best_c, best_n = -1, 0
    started = drawn & ~run.s0.drawn
    for f in bits_of(active):
        ring = t.rings[f]
        open_ring = ring & ~drawn
        cell, count = -1, 1 << 30
        for c in bits_of(open_ring):
            n = (usable & t.cell_pl.get(c, 0)).bit_count()
            if n == 0:
                if not can_square or t.stars >> c & 1:
                    return c, 0
                n = 1
            elif can_square and not t.stars >> c & 1:
                n += 1
            if n < count:
                cell, count = c, n
        done = ring & drawn
        value = t.points[f]
        if t.bonus[f] and (not done or any(done & d == done for d in digs)):
            value += t.bonus[f]
        per_cell = value / open_ring.bit_count()
        key = ((1 if ring & started else 0, -count, per_cell) if fewest_first
               else (1 if ring & started else 0, per_cell, 0.0))
        if best_key is None or key > best_key:
            best_key, best_c, best_n = key, cell, count
    return best_c, best_n


def cell_options(run: Run, c: int, drawn: int, digs: tuple[int, int, int], active: int,
                 free: tuple[int, ...], taken: int, v: Variant, events: tuple[Event, ...],
                 nsq: int, can_square: bool | None = None,
                 want: tuple[int, int, int] | None = None) -> list[tuple[float, Option]]:
    """Ways to draw cell ``c``, best-looking first, each with its heuristic value; mask 0
    is a One Square on ``c``. With ``want`` (the open ring cells that must be drawn in
    dig type 0, 1, 2), a draw meeting those cells has that dig type (none if it meets
    two), and any other draw is tried in one dig type per smallest switch set (its dig
    type is not wanted).

    Why the shortcuts here are safe:

    - A (shape, dig) pair is tried only with its smallest switch sets
      (:func:`.timing.pair_switches`), and a draw whose dig type no bonus can depend on
      (it touches no ring of a fossil still aimed for whose bonus is still possible)
      with one dig type: as in ``exact.py``.
    - A draw that neither covers a star nor spends a switch is neutral (round -1: see
      :func:`child`); one that does takes a specific round, each free round of its class
      tried, except when no star bonus can ever pay for anything (only +1 Points): then
      the round of a draw spending no switch cannot matter and one is tried.
    - Options whose switch spends cannot be paid even if every free earlier round
      collected as many stars as one placement can cover are not generated
      (:func:`.timing.timing_possible`, a necessary condition); the exact check is the
      matching at the leaf."""
    t = run.t
    open_stars = t.stars & ~drawn
    per_shape: dict[int, list[tuple[int, dict[int, list[Variant]]]]] = {}
    for ci, n in enumerate(free):
        if not n:
            continue
        by_shape: dict[int, dict[int, list[Variant]]] = {}
        for (si, di), ws in pair_switches(run, ci, v).items():
            by_shape.setdefault(si, {})[di] = ws
        for si, dm in by_shape.items():
            per_shape.setdefault(si, []).append((ci, dm))
    targets = []
    for f in bits_of(active):
        ring = t.rings[f]
        open_ring = ring & ~drawn
        done = ring & drawn
        dig = -1
        bonus = t.bonus[f]
        if done:
            dig = next((d for d in range(3) if done & digs[d] == done), -2)
            if dig == -2:
                bonus = 0
        n_open = open_ring.bit_count()
        targets.append((open_ring, dig, t.points[f] / n_open, bonus / n_open, f))
    out: list[tuple[float, Option]] = []
    timing_ok = timing_memo(run, events, nsq, free, taken, drawn)
    for si, entries in per_shape.items():
        for m in run.p.cell_shape[c][si]:
            if m & drawn:
                continue
            nst = (m & open_stars).bit_count()
            base = 0.5 * nst
            bonus_dep = False
            for open_ring, _dig, pp, bp, _f in targets:
                k = (m & open_ring).bit_count()
                if k:
                    base += k * pp
                    if bp:
                        bonus_dep = True
            wd = -1
            if want is not None:
                bonus_dep = False
                wd = want_dig(m, want)
                if wd == -2:
                    continue
            for ci, dm in entries:
                if wd >= 0:
                    combos = [(wd, w) for w in dm.get(wd, [])]
                elif bonus_dep:
                    combos = [(di, w) for di, ws in dm.items() for w in ws]
                else:
                    # No bonus can depend on this draw's dig type: one dig per
                    # minimal switch set.
                    first: dict[Variant, int] = {}
                    for di, ws in sorted(dm.items()):
                        for w in ws:
                            first.setdefault(w, di)
                    combos = [(di, w) for w, di in first.items()
                              if not any(x != w and x[0] <= w[0] and x[1] <= w[1]
                                         for x in first)]
                for di, w in combos:
                    h = base - 0.3 * (w[0] + w[1])
                    if bonus_dep:
                        for open_ring, dig, _pp, bp, _f in targets:
                            k = (m & open_ring).bit_count()
                            if k and bp and dig in (-1, di):
                                h += k * bp
                    relevant = run.timing and (nst > 0 or w[0] or w[1])
                    if not relevant:
                        out.append((h, Option(m, si, di, ci, -1, w[0], w[1], nst)))
                        continue
                    rounds = [rd for rd in run.class_rounds[ci] if not taken >> rd & 1]
                    if not (w[0] or w[1]) and not run.gains_pay:
                        rounds = rounds[:1]      # timing cannot matter: any one will do
                    for rd in rounds:
                        if (w[0] or w[1]) and not timing_ok(ci, rd, nst, w):
                            continue
                        out.append((h, Option(m, si, di, ci, rd, w[0], w[1], nst)))
    out.sort(key=lambda x: -x[0])
    if can_square is None:
        can_square = may_square(run, nsq)
    if want is not None and (want[0] | want[1] | want[2]) >> c & 1:
        can_square = False               # a square spoils a wanted bonus
    if (can_square and not t.stars >> c & 1
            and (not run.timing or timing_possible(run, events, nsq + 1, free, taken,
                                                   drawn | 1 << c))):
        out.append((0.0, Option(0, -1, 0, -1, -1, False, False, 0)))
    return out


def stars_phase(run: Run, drawn: int, digs: tuple[int, int, int], free: tuple[int, ...],
                taken: int, events: tuple[Event, ...], nss: int, nsd: int, sqm: int,
                draws: tuple[Draw, ...], fit: int, start: int) -> int:
    """No fossil left to aim for: spare rounds may still collect stars (for +1
    Points, or to pay for bonuses spent). Returns an upper bound; records lines.

    The stars are taken in order (``start``: the first of ``run.star_list`` still to
    try), each collected by a placement through it or left. Collectors covering the same
    stars in the same round with the same switches and blocking the same star-covering
    placements are interchangeable here (fossils no longer matter), so one of each is
    tried (``seen``)."""
    run.p.clock.tick()
    nsq = sqm.bit_count()
    value = run.fossil_value(drawn, digs) + run.held0[PLUS_ONE]
    ub = NONE
    if run.timing:
        plus = timing_plus(run, events, nsq)
    else:
        plus = 0
        if (nss > run.held0[SWITCH_SHAPE] or nsd > run.held0[SWITCH_DIG]
                or nsq > run.held0[ONE_SQUARE]):
            return NONE                 # no star bonus to pay for spends beyond the held
    if plus is not None:
        record(run, value + plus, events, sqm, draws, drawn)
        ub = value + plus
        if not run.timing or plus >= run.caps0[PLUS_ONE]:
            return ub
    v = may_switch(run, events, nss, nsd)
    slots = run.slots(free, v)
    committed = sum(e.stars for e in events)
    open_stars = (run.t.stars & ~drawn).bit_count()
    pot = value + min(run.caps0[PLUS_ONE], run.cap_total0,
                      committed + min(open_stars, run.star_reach(drawn, slots)))
    if pot <= run.best:
        return max(ub, pot)
    t = run.t
    for j in range(start, len(run.star_list)):
        x = run.star_list[j]
        if drawn >> x & 1:
            continue
        seen: set[tuple[int, int, bool, bool, int]] = set()
        timing_ok = timing_memo(run, events, nsq, free, taken, drawn)
        for ci, n in enumerate(free):
            if not n:
                continue
            by_shape: dict[int, list[Variant]] = {}
            for (si, _di), ws in pair_switches(run, ci, v).items():
                for w in ws:
                    if w not in by_shape.setdefault(si, []):
                        by_shape[si].append(w)
            rounds_all = [rd for rd in run.class_rounds[ci] if not taken >> rd & 1]
            for si, ws in by_shape.items():
                minimal = [w for w in ws if not any(x2 != w and x2[0] <= w[0]
                                                    and x2[1] <= w[1] for x2 in ws)]
                for m in run.p.cell_shape[x][si]:
                    if m & drawn:
                        continue
                    nst = (m & t.stars & ~drawn).bit_count()
                    sig = t.block(m) & fit & run.p.star_pl
                    for w in minimal:
                        di = next(d for (s2, d), ws2 in pair_switches(run, ci, v).items()
                                  if s2 == si and w in ws2)
                        rounds = (rounds_all if (w[0] or w[1]) or run.gains_pay
                                  else rounds_all[:1])
                        for rd in rounds:
                            k = (m & t.stars, rd, w[0], w[1], sig)
                            if k in seen:
                                continue
                            if (w[0] or w[1]) and not timing_ok(ci, rd, nst, w):
                                continue
                            seen.add(k)
                            d = [digs[0], digs[1], digs[2]]
                            d[di] |= m
                            sub = stars_phase(
                                run, drawn | m, (d[0], d[1], d[2]),
                                (*free[:ci], free[ci] - 1, *free[ci + 1:]),
                                taken | 1 << rd,
                                tuple(sorted((*events, Event(rd, nst, w[0], w[1])))),
                                nss, nsd, sqm, (*draws, Draw(rd, ci, m, si, di, w[0], w[1])),
                                fit & ~t.block(m), j + 1)
                            ub = max(ub, sub)
    return max(ub, min(pot, ub if ub != NONE else pot))
