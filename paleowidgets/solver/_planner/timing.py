"""Bonus timing: when the bonuses of stars are gained, and whether they pay for what is spent.

A line of the planner gains star bonuses in the rounds whose draws cover stars, and spends
switches (in a draw's round) and One Squares (in the last round: see ``exact.py`` for why
waiting is always as good without the forced-draw rule). An *event* records a draw whose
timing matters: its round, the stars it covers, the switches it spends. A draw that neither
covers a star nor spends a switch ("neutral") records no event, only its class of rounds;
its switch spends, if any, are counted in ``nss``/``nsd`` (paid by the start bonuses).

At a leaf, a small matching (:func:`assign`) decides which kind each star bonus gives:
every switch or square spent beyond the start bonuses needs a star bonus gained in an
earlier round, per-kind caps hold, and the remaining star bonuses give +1 Points up to
the cap. If no matching exists the line is not counted. While searching,
:func:`timing_possible` is a necessary condition for that matching, cheap enough to cut
options before they are tried; :func:`may_switch` and :func:`may_square` say what may
still be spent at all.

Called by the cell search (:mod:`.cells`), the target search (:mod:`.targets`) and the
line rebuilding (:mod:`.lines`); calls nothing of the planner but :class:`.run.Run`.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.rules import Bonuses
from ...core.terms import BONUS_KINDS, ONE_SQUARE, PLUS_ONE, SWITCH_DIG, SWITCH_SHAPE
from .._moves import NO_GAINS
from .._tables import Variant
from .run import SPENT_KINDS, Event, Run


def switches_spent(events: tuple[Event, ...], nss: int, nsd: int) -> tuple[int, int]:
    """The switch-shapes and switch-digs spent: by the draws of ``events`` and by neutral
    draws (``nss``, ``nsd``)."""
    return (nss + sum(1 for e in events if e.spend_shape),
            nsd + sum(1 for e in events if e.spend_dig))


def spend_rounds(run: Run, events: tuple[Event, ...], nsq: int) -> dict[int, list[int]]:
    """Per bonus kind spent, the rounds of its spends, sorted: the ``nsq`` One Squares in
    the last round, each switch in its draw's round."""
    return {ONE_SQUARE: [run.t.R - 1] * nsq,
            SWITCH_SHAPE: sorted(e.round for e in events if e.spend_shape),
            SWITCH_DIG: sorted(e.round for e in events if e.spend_dig)}


def may_switch(run: Run, events: tuple[Event, ...], nss: int, nsd: int) -> tuple[bool, bool]:
    """Whether a switch-shape / switch-dig may still be spent (held, or a star might
    give one: then the matching at the end decides)."""
    ss, sd = switches_spent(events, nss, nsd)
    return (run.held0[SWITCH_SHAPE] - ss > 0 or (run.timing and run.caps0[SWITCH_SHAPE] > 0),
            run.held0[SWITCH_DIG] - sd > 0 or (run.timing and run.caps0[SWITCH_DIG] > 0))


def may_square(run: Run, nsq: int) -> bool:
    """Whether a One Square may still be placed (held, or a star might give one)."""
    return run.held0[ONE_SQUARE] - nsq > 0 or (run.timing and run.caps0[ONE_SQUARE] > 0)


def pair_switches(run: Run, ci: int, v: Variant) -> dict[tuple[int, int], list[Variant]]:
    """(shape, dig) pairs of class ``ci`` with their minimal switch sets, when the
    switches of ``v`` may be spent (a switch a pair does not need is never spent:
    the same draw holding more bonuses is at least as good)."""
    key = (ci, v[0], v[1])
    hit = run.switch_cache.get(key)
    if hit is not None:
        return hit
    pairs = run.t.pairs[run.class_first[ci]]
    out: dict[tuple[int, int], list[Variant]] = {p: [(False, False)]
                                                 for p in pairs[(False, False)]}
    for w in ((True, False), (False, True)):
        if (w[0] and v[0]) or (w[1] and v[1]):
            for p in pairs[w]:
                if out.get(p) != [(False, False)]:
                    out.setdefault(p, []).append(w)
    if v[0] and v[1]:
        for p in pairs[(True, True)]:
            out.setdefault(p, [(True, True)])
    run.switch_cache[key] = out
    return out


def class_shape_bits(run: Run, ci: int, v: Variant) -> int:
    """The placements (bits over placement indices) of the shapes the rounds of class
    ``ci`` offer with the switches ``v``, memoised."""
    hit = run.shape_bits_cache.get((ci, v))
    if hit is None:
        hit = 0
        for si in run.t.shapes_for[run.class_first[ci]][v][0]:
            hit |= run.t.shape_bits[si]
        run.shape_bits_cache[(ci, v)] = hit
    return hit


def free_shape_bits(run: Run, free: tuple[int, ...], v: Variant) -> int:
    """The placements of a shape some free round offers (with the switches ``v``)."""
    allowed = 0
    for ci, n in enumerate(free):
        if n:
            allowed |= class_shape_bits(run, ci, v)
    return allowed


def timing_plus(run: Run, events: tuple[Event, ...], nsq: int) -> int | None:
    """The most +1 Points the stars of ``events`` can give while paying for every
    switch spent and every square (placed in the last round) beyond the bonuses held
    at the start; None when they cannot pay."""
    assignment = assign(run, events, nsq)
    if assignment is None:
        return None
    return sum(g[PLUS_ONE] for g in assignment.values())


def assign(run: Run, events: tuple[Event, ...], nsq: int) -> dict[int, Bonuses] | None:
    """The matching at a leaf: per round, the bonuses its stars give (by kind), such that
    every spend beyond the start bonuses is paid by a star bonus of an earlier round and
    the caps hold; the star bonuses left give +1 Points, then whatever the caps allow.
    None when no such matching exists. The gains a spend may take are those of the
    rounds before it, a prefix of the gains in time order that grows with the spend's
    round; so taking the spends in time order, each with the earliest free gain before
    it, finds a matching whenever one exists."""
    cap_total = run.cap_total0
    gains: list[int] = []                     # the round of each star bonus gained
    for rd, n, _ss, _sd in sorted(events):
        got = min(n, cap_total)
        cap_total -= got
        gains += [rd] * got
    need: list[tuple[int, int]] = []
    for k, rounds in spend_rounds(run, events, nsq).items():
        extra = rounds[run.held0[k]:]
        if len(extra) > run.caps0[k]:
            return None
        need += [(tm, k) for tm in extra]
    kind: list[int] = [-1] * len(gains)
    for tm, k in sorted(need):
        i = next((i for i, rd in enumerate(gains) if kind[i] < 0 and rd < tm), None)
        if i is None:
            return None
        kind[i] = k
    used = [sum(1 for x in kind if x == k) for k in range(len(BONUS_KINDS))]
    for i in range(len(gains)):
        if kind[i] < 0:
            k = next(k for k in (PLUS_ONE, *SPENT_KINDS) if used[k] < run.caps0[k])
            kind[i] = k
            used[k] += 1
    out: dict[int, Bonuses] = {}
    for rd, k in zip(gains, kind, strict=True):
        g = list(out.get(rd, NO_GAINS))
        g[k] += 1
        out[rd] = (g[0], g[1], g[2], g[3])
    return out


def timing_memo(run: Run, events: tuple[Event, ...], nsq: int, free: tuple[int, ...],
                taken: int, drawn: int) -> Callable[[int, int, int, Variant], bool]:
    """``timing_possible`` of one more draw (class, round, stars, switches) from this
    node, memoised on those four. It is asked with the node's ``drawn``, not with the
    draw's cells added: with fewer cells drawn, at least as many placements fit and
    stars are open, so the stars collectable can only be over-estimated and the
    condition stays necessary (the exact check is still the matching at the leaf);
    and then it depends on the draw only through these four."""
    memo: dict[tuple[int, int, int, Variant], bool] = {}

    def ok(ci: int, rd: int, nst: int, w: Variant) -> bool:
        key = (ci, rd, nst, w)
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = timing_possible(
                run, (*events, Event(rd, nst, w[0], w[1])), nsq,
                (*free[:ci], free[ci] - 1, *free[ci + 1:]), taken | 1 << rd, drawn)
        return hit

    return ok


def timing_possible(run: Run, events: tuple[Event, ...], nsq: int, free: tuple[int, ...],
                    taken: int, drawn: int) -> bool:
    """A necessary condition for the matching at the end (:func:`assign`): a switch spent
    in round t, or a square (in the last round), beyond the start bonuses, needs a star
    bonus gained before it; so the i-th such spend in time order needs i star bonuses
    from earlier rounds, gained already (``events``) or collectable by the free rounds
    before it, each at most the stars one placement of a shape it offers covers (with
    every switch: an over-estimate, as the condition must only be necessary). Options
    failing it are not generated; the exact check is still the matching at the leaf."""
    t = run.t
    times: list[int] = []
    for k, rounds in spend_rounds(run, events, nsq).items():
        extra = rounds[run.held0[k]:]
        if len(extra) > run.caps0[k]:
            return False
        times += extra
    if not times:
        return True
    times.sort()
    cap_total = run.cap_total0
    got: list[tuple[int, int]] = []
    for rd, n, _a, _b in sorted(events):
        g = min(n, cap_total)
        cap_total -= g
        got.append((rd, g))
    smost = t.star_info(drawn)
    open_stars = (t.stars & ~drawn).bit_count()
    per_class = [max((smost[si] for si in t.shapes_for[run.class_first[ci]][(True, True)][0]),
                     default=0) for ci in range(len(free))]
    for i, tau in enumerate(times):
        before = sum(g for rd, g in got if rd < tau)
        more = 0
        for ci, n in enumerate(free):
            if n and per_class[ci]:
                k = sum(1 for rd in run.class_rounds[ci] if rd < tau and not taken >> rd & 1)
                more += min(n, k) * per_class[ci]
        if min(run.cap_total0, before + min(open_stars, more)) < i + 1:
            return False
    return True
