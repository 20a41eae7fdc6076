"""The target search: the exact may-pass optimum, one search per target, in descending goals.

:func:`by_targets` splits the lines by *target*: the fossils a line completes and the dig
types of the same-dig-type bonuses it earns. It works down from the top in *goals*: at
goal g every target's bound is at most g, and each target still at g is asked for a line
of at least g (:func:`at_goal`). First the relaxation (:func:`.relaxation.dp_plus`),
asked only about lines with the +1 Points the goal needs (``at_least``: it cuts far more
then), which proves that none exists or bounds the target below g; when it allows one, a
few of its paths are drawn as real placements (:func:`.lines.realise`); on a long game,
:func:`covered` asks whether disjoint draws can close the target at all with the star
bonuses the goal needs left over (:mod:`.disjoint`); and only then is the target searched
exactly (:func:`dfs_req`: every open ring cell of the target must be drawn, so there is
no "stays open" branch and the bounds are cheap). The first line
found at goal g is optimal. Measurements of what each part settles are in
benchmarks/README.md.

On a long game (``LONG_GAME`` rounds or more: whole class games, never the puzzle
collection) the last goals go differently: once the goal is at most ``JUMP_GAP`` above the
best line, :func:`settle` asks each target left once for a line above the best line
(``run.best``, rising as lines are found) instead of goal by goal. Goal by goal, a target
still open at goals g and g - 1 is searched twice, the second time mostly again (its
table entries are bounds above g - 2 that no longer cut); where the best line is already
optimal (a game analysis seeds each solve with a line from the round after) only the last
goal's searches are needed. The goal one above the best line is still searched goal by
goal (``JUMP_GAP`` 1): a search for a line of g cuts at g - 1, 2 to 4 times faster than
one above the best line, so a line of best + 2 is found sooner that way (the snow map's
state with 9 rounds left of seed 103, from a line of 56: proven 58 in 16 s instead of
65 s), and where there is none its goal costs little (the same state from 58: 3.8 s
instead of 3.6 s). On a long game the caller's lines (``run.more_lines``) are asked at
every goal: one reaching the goal ends the goals there.

:func:`dfs_req` branches as the cell search does (:func:`.cells.options`,
:func:`.cells.child`, :func:`.cells.stars_phase` once every fossil of the target is
complete) and cuts with :func:`req_bound` (the target's value) and :func:`reachable`
(can the free rounds still draw the target's open cells: :func:`coverable`, then
:meth:`Tables.cover_rounds`). With too many targets it leaves the work to
:func:`.cells.dfs`, which is exact too.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.terms import ONE_SQUARE, PLUS_ONE, SWITCH_DIG, SWITCH_SHAPE
from .._moves import NONE
from .._tables import COVER_BUDGET, N_SHAPES, Variant, bits_of
from .cells import cell_options, child, dfs, stars_phase
from .disjoint import disjoint_cover
from .packing import Packing
from .relaxation import WEIGHT, dp_plus, weight_levels
from .run import Draw, Event, Node, OutOfBudget, Run, want_dig
from .timing import free_shape_bits, may_switch, switches_spent

# Beyond this many targets by_targets leaves the state to cells.dfs. Snow-map 101's greedy
# game, 11 rounds left, above a line of 51: 9,925 targets; cells.dfs found no bound in 60 s
# (its bound 0.23 s a node), the target search 58 in 31 s (benchmarks/README.md).
MAX_TARGETS = 12_000
# On a long game (at least LONG_GAME rounds; the puzzle collection has at most 10), once
# the goal is at most JUMP_GAP above the best line, by_targets searches every target left
# once above the best line (:func:`settle`) instead of goal by goal: there each goal's
# searches are mostly done again at the next goal. Not from 2 above: a search above
# best + 1 cuts 2 to 4 times faster than one above best, so when a line of best + 2
# exists it is found far sooner goal by goal, and when none does the goal costs little
# (benchmarks/README.md measures both).
LONG_GAME = 12
JUMP_GAP = 1
# From this many rounds in the game on, a target the relaxation allows is asked whether
# disjoint draws can close it (:mod:`.disjoint`) before its exact search (the tests set
# it to 0 to cross-check it on small games; the puzzle collection's searches stay as
# they were).
DISJOINT_GAME = LONG_GAME
NONE_ABOVE = 1 << 30                        # covered(): no need known to be out of reach
# From this many rounds in the game on, the packing bound (:mod:`.packing`) is asked of
# every target before the relaxation (the puzzle collection's searches stay as they were;
# the tests set it to 0 to cross-check it on small games).
PACK_GAME = LONG_GAME


def by_targets(run: Run, open_fossils: int, free: tuple[int, ...], fit: int) -> int:
    """The may-pass optimum, one search per *target*: a set S of fossils not yet dug
    to complete, and for some of them the dig type their same-dig-type bonus is to be
    earned in (``want``: per dig type, the fossils). Every may-pass line has exactly
    one target (the fossils it completes, the bonuses it earns and their dig types),
    and is reached by that target's search (:func:`dfs_req`), whose bounds count
    that target's value; so the best over the targets is the optimum. Each target
    has a bound, at first its value (with the stars it could still collect); a target
    not above the best line found is never searched, nor one holding a target found
    impossible (its lines would reach that one too). The goal is the highest bound
    left: each target at the goal is asked for a line of at least the goal
    (:func:`at_goal`, with the best line taken as goal - 1, so every cut is at its
    strongest); a line found then is optimal, as no target's bound is above the goal;
    a target without one gets a bound below the goal. When the goal is not above the
    best line found before, that line is optimal."""
    s0 = run.s0
    t = run.t
    empty = (0, 0, 0)
    v = may_switch(run, (), 0, 0)
    spend = run.cap_total0 if run.timing else 0
    n_sw = run.held0[SWITCH_SHAPE] + run.held0[SWITCH_DIG] + spend
    n_sq = run.held0[ONE_SQUARE] + spend
    base, _spare = req_bound(run, s0.drawn, s0.digs, 0, empty, free, (), 0, 0, 0)
    if base == NONE:
        return NONE

    def possible(sub: int, want: tuple[int, int, int]) -> bool:
        """Whether the free rounds may still complete ``sub`` with the bonuses of ``want``
        (necessary conditions, with every switch and square the stars could pay for)."""
        return reachable(run, s0.drawn, sub, want, fit, free, v, n_sw, n_sq)

    # Per fossil, what it can be in a target: completed without a wanted bonus (-1),
    # or with it in dig type d (the cells drawn on its ring already all in d).
    fossils = bits_of(open_fossils)
    choices: dict[int, list[tuple[int, int]]] = {}
    for f in fossils:
        ch: list[tuple[int, int]] = []
        if possible(1 << f, empty):
            ch.append((-1, t.points[f]))
            if t.bonus[f]:
                done = t.rings[f] & s0.drawn
                for d in range(3):
                    want = (1 << f if d == 0 else 0, 1 << f if d == 1 else 0,
                            1 << f if d == 2 else 0)
                    if done & s0.digs[d] == done and possible(1 << f, want):
                        ch.append((d, t.points[f] + t.bonus[f]))
        choices[f] = ch
    usable = [f for f in fossils if choices[f]]
    rest_max = [0] * (len(usable) + 1)
    for j in range(len(usable) - 1, -1, -1):
        rest_max[j] = rest_max[j + 1] + max(x for _, x in choices[usable[j]])
    targets: list[tuple[int, int, tuple[int, int, int]]] = []
    floor = run.best

    def gen(j: int, sub: int, want: tuple[int, int, int], value: int) -> None:
        """Every target from fossil ``usable[j]`` on whose value could beat the best line
        (``rest_max``: the most the fossils left can add), into ``targets``."""
        if value + rest_max[j] <= floor:
            return
        if j == len(usable):
            targets.append((value, sub, want))
            if len(targets) > MAX_TARGETS:
                raise OutOfBudget
            return
        f = usable[j]
        gen(j + 1, sub, want, value)
        for d, x in choices[f]:
            w2 = want if d < 0 else (want[0] | (1 << f if d == 0 else 0),
                                     want[1] | (1 << f if d == 1 else 0),
                                     want[2] | (1 << f if d == 2 else 0))
            gen(j + 1, sub | 1 << f, w2, value + x)

    try:
        gen(0, 0, empty, base)
    except OutOfBudget:
        # Too many targets (many fossils, a low best line): the cell-branching search,
        # which decides the fossils as it goes, is exact too.
        return dfs(run, s0.drawn, s0.digs, open_fossils, free, 0, (), 0, 0, 0, (), fit)
    if t.R >= LONG_GAME:
        # Fewest fossils first: a target found impossible rules out every target holding
        # it (``dead``), and a line of the goal is found sooner in a smaller target. On
        # the mid-game states of class games, proofs from below the optimum took 1.1 to
        # 2.7 times less, from the optimum 3 % more at most (benchmarks/README.md); each
        # target's search is exact, so the order changes no answer.
        targets.sort(key=lambda x: (x[1].bit_count(), -x[0]))
    else:
        targets.sort(key=lambda x: (-x[0], -x[1].bit_count()))
    # Descending goals: at goal g every target's bound is at most g, and the targets
    # at g are asked for a line of at least g (the relaxation with ``at_least``, then
    # the exact search as if the best line were g - 1: both cut hardest then). The
    # first line found at goal g is optimal; a target that has none gets a bound
    # below g; when none is left at g, the goal drops to the highest bound left.
    incumbent = run.best
    bounds = [value for value, _, _ in targets]
    parts: dict[int, int] = {}                      # target -> its fossil part
    exact_plus: dict[int, int] = {}                 # target -> its relaxation's answer
    dead: list[tuple[int, int, int, int]] = []      # (fossils, wanted per dig type): no line
    base_plus: dict[int, int] = {}                  # fossil set -> +1 Points bound
    base_asked: dict[int, int] = {}                 # fossil set -> its at_least
    base_gave_up: dict[int, int] = {}               # fossil set -> at_least it gave up
    goal = max(bounds, default=NONE)
    jump = JUMP_GAP if t.R >= LONG_GAME else -1
    pack = Packing(run) if t.R >= PACK_GAME else None
    while goal > incumbent:
        if run.on_bound is not None:
            # Every target's bound is at most the goal, and the lines of no target
            # (their value, with every star) are at most the floor: so is every line.
            run.on_bound(goal)
        if jump >= 0:
            found = outside_line(run, incumbent)
            if found > incumbent:
                incumbent = found           # the goals left may all be at or below it
                continue
        if goal - incumbent <= jump:
            run.best = incumbent            # not goal - 1 of the goal before
            return settle(run, targets, bounds, free, fit, parts, exact_plus, dead,
                          (base_plus, base_asked, base_gave_up), possible, pack)
        run.best = goal - 1
        for i, (_value, sub, want) in enumerate(targets):
            if bounds[i] < goal:
                continue
            got = at_goal(run, goal, i, sub, want, free, fit, parts, exact_plus,
                          dead, (base_plus, base_asked, base_gave_up), possible, pack)
            if run.best >= goal:
                return run.best            # every target's bound is at most goal
            # Every search above is exact for lines above ``run.best``, so no line of
            # this target reaches the goal (a bound it returned may be looser).
            bounds[i] = min(got, goal - 1)
        goal = max(bounds, default=NONE)
    run.best = incumbent
    return max(goal, incumbent)


def settle(run: Run, targets: list[tuple[int, int, tuple[int, int, int]]],
           bounds: list[int], free: tuple[int, ...], fit: int, parts: dict[int, int],
           exact_plus: dict[int, int], dead: list[tuple[int, int, int, int]],
           base: tuple[dict[int, int], dict[int, int], dict[int, int]],
           possible: Callable[[int, tuple[int, int, int]], bool],
           pack: Packing | None = None) -> int:
    """The end of :func:`by_targets` in one pass, with ``run.best`` the best line found
    (it only rises, as lines are recorded): each target whose bound is above it is asked
    for a line above it (:func:`at_goal` at goal ``run.best + 1``), again whenever the
    ask ended early on a line of that goal (the relaxation's paths drawn), until its
    search ran to the end. A search that ran to the end is exact for the lines above
    ``run.best`` (its cuts only compare bounds with ``run.best``, which only rose during
    it: a cut made earlier is still a cut), and each such line is recorded; so then no
    line of the target is above ``run.best``. When every target is settled, no line is,
    and ``run.best`` is the optimum (returned; the best line is recorded when it is above
    the floor the search started from). The answer is the same as goal by goal."""
    for i, (_value, sub, want) in enumerate(targets):
        if bounds[i] > run.best:
            run.best = outside_line(run, run.best)
        while bounds[i] > run.best:
            before = run.best
            got = at_goal(run, before + 1, i, sub, want, free, fit, parts, exact_plus,
                          dead, base, possible, pack)
            if run.best == before or got < run.best:
                # Ran to the end (no line above ``before`` was found), or ended with a
                # bound below the best line: settled either way.
                bounds[i] = min(got, run.best)
    return run.best


def outside_line(run: Run, best: int) -> int:
    """``best``, or the value of a better real line the caller found meanwhile
    (``run.more_lines``; e.g. another process searching lines from the same state). The
    last goals are searched above the best line, and cut far more above a better one (the
    snow map's state with 9 rounds left of seed 103: the proof takes 212 s above the
    analysis' line of 56, 10.6 s above 58; benchmarks/README.md). A real line is a
    may-pass line, so it is a floor: the planner's answer without a line of its own
    (``run.floor``) rises with it, and a may-pass line it recorded below it is dropped."""
    if run.more_lines is None:
        return best
    found = run.more_lines()
    if found <= best:
        return best
    run.floor = found
    run.best_line = None
    return found


def at_goal(run: Run, goal: int, i: int, sub: int, want: tuple[int, int, int],
            free: tuple[int, ...], fit: int, parts: dict[int, int],
            exact_plus: dict[int, int], dead: list[tuple[int, int, int, int]],
            base: tuple[dict[int, int], dict[int, int], dict[int, int]],
            possible: Callable[[int, tuple[int, int, int]], bool],
            pack: Packing | None = None) -> int:
    """A bound on the lines of target ``i`` (fossils ``sub``, bonuses ``want``),
    whose bound was ``goal``, with ``run.best`` at ``goal - 1``: a line of at least
    ``goal`` is recorded if there is one. ``pack`` (long games): the packing bound
    (:mod:`.packing`), then its finer form by the rounds' classes and the switches
    (:meth:`.packing.Packing.usage_bound`), asked before the relaxation."""
    s0 = run.s0
    empty = (0, 0, 0)
    if any(d[0] & sub == d[0] and all(d[1 + k] & want[k] == d[1 + k] for k in range(3))
           for d in dead):
        return NONE                         # its lines would complete a dead one
    fp = parts.get(i)
    if fp is None:
        if not possible(sub, want):
            dead.append((sub, *want))
            return NONE
        fp = parts[i] = req_bound(run, s0.drawn, s0.digs, sub, want, free, (), 0, 0,
                                       0, stars=False)[0]
    need = goal - fp                        # +1 Points a line must get
    if pack is not None:
        # Every line of the target completes ``sub``: its +1 Points are at most the
        # packing bound of ``sub`` (NONE: no line completes it, nor any superset), and
        # at most that of ``sub`` with the bonuses of ``want`` in their dig types.
        pb = pack.plus_bound(sub)
        if pb == NONE:
            dead.append((sub, 0, 0, 0))
            return NONE
        if pb < need:
            return fp + pb
        if want != empty:
            pb = pack.plus_bound(sub, want)
            if pb == NONE:
                dead.append((sub, *want))
                return NONE
            if pb < need:
                return fp + pb
        # Finer: the rounds of each class and the switches the clusters' covers use.
        pu = pack.usage_bound(sub, want, need)
        if pu < need:
            if pu == NONE:
                dead.append((sub, *want))
                return NONE
            return fp + pu
    if want != empty and run.t.R < LONG_GAME:
        base_plus, base_asked, base_gave_up = base
        # One relaxation without the bonuses bounds every dig type at once: a line of
        # (sub, want) is a line of (sub, no bonus wanted) too, with the same +1
        # Points. Its answer to ``at_least`` a is exact if at least a, else a bound
        # below a; it is asked again only when that cannot settle this variant, and
        # not with a weaker cut than one it gave up under (more states still).
        # Not on long games: there the one without the bonuses has the most states
        # (it gave up, or took 3-10 s, and settled no target on the dig site's 9
        # rounds left), where the one with them, asked next anyway, took 0.2-4 s.
        bp = base_plus.get(sub)
        unsettled = bp is None or need <= bp < base_asked[sub]
        if unsettled and base_gave_up.get(sub, NONE) < max(0, need):
            got = dp_plus(run, sub, empty, free, at_least=need)
            if got is None:
                base_gave_up[sub] = max(0, need)    # as dp_plus takes it
            else:
                bp = base_plus[sub] = got
                base_asked[sub] = need
                if got == NONE:
                    dead.append((sub, 0, 0, 0))
        if bp is not None and bp < need:
            return NONE if bp == NONE else fp + bp
    plus = exact_plus.get(i)
    if plus is None:
        plus = dp_plus(run, sub, want, free, at_least=need, lines=True)
        if run.best >= goal:
            return run.best                # a path of the relaxation was drawn
        if plus == NONE:
            dead.append((sub, *want))       # no line completes it (nor holds it)
            return NONE
        if plus is not None and plus < need:
            return fp + plus
        if plus is not None:
            exact_plus[i] = plus            # at least ``need``: exact
    elif plus < need:
        return fp + plus
    if run.t.R >= DISJOINT_GAME and not covered(run, i, sub, want, free, fit, need):
        if need <= 0:
            dead.append((sub, *want))       # no line completes it (nor holds it)
            return NONE
        return goal - 1                     # its lines get fewer than ``need`` +1 Points
    return dfs_req(run, s0.drawn, s0.digs, sub, want, free, 0, (), 0, 0, 0, (), fit)


def covered(run: Run, i: int, sub: int, want: tuple[int, int, int], free: tuple[int, ...],
            fit: int, need: int) -> bool:
    """Whether disjoint draws may close target ``i`` (fossils ``sub``, bonuses ``want``)
    with ``need`` star bonuses left over for +1 Points (:func:`.disjoint.disjoint_cover`;
    a search that gave up counts as a yes). Asked once per target and need: with ``a``
    the most +1 Points known allowed and ``b`` the fewest known not, the answer is yes
    up to ``a`` and no from ``b`` on."""
    need = max(0, need)
    a, b = run.covers.get(i, (-1, NONE_ABOVE))
    if need <= a:
        return True
    if need >= b:
        return False
    got = disjoint_cover(run, sub, want, free, fit, may_switch(run, (), 0, 0), need)
    run.covers[i] = (need, b) if got is not False else (a, need)
    return got is not False


def req_bound(run: Run, drawn: int, digs: tuple[int, int, int], active: int,
              want: tuple[int, int, int], free: tuple[int, ...], events: tuple[Event, ...],
              nss: int, nsd: int, nsq: int, *, stars: bool = True) -> tuple[int, int]:
    """An upper bound on a line of the target (``active`` still to complete, with the
    bonuses of ``want``): the fossils completed already at their real value, those of
    ``active`` with their wanted bonuses, the +1 Points held, and the star bonuses
    still to come as in :func:`.cells.bound` less the switches and squares already spent
    beyond the start bonuses (each needs a star bonus), the rest +1 Points up to the
    cap; and how many star bonuses beyond those +1 Points could still be spent. NONE
    when the spends cannot be paid."""
    t = run.t
    value = run.fossil_value(drawn, digs) + run.held0[PLUS_ONE]
    wanted = want[0] | want[1] | want[2]
    for f in bits_of(active):
        value += t.points[f]
        if wanted >> f & 1:
            value += t.bonus[f]
    if not stars:
        return value, 0                     # without what stars may still give
    ss, sd = switches_spent(events, nss, nsd)
    owed = (max(0, ss - run.held0[SWITCH_SHAPE]) + max(0, sd - run.held0[SWITCH_DIG])
            + max(0, nsq - run.held0[ONE_SQUARE]))
    if not run.timing:
        return (NONE, 0) if owed else (value, 0)
    v = may_switch(run, events, nss, nsd)
    committed = sum(e.stars for e in events)
    open_stars = (t.stars & ~drawn).bit_count()
    gains = min(run.cap_total0,
                committed + min(open_stars, run.star_reach(drawn, run.slots(free, v))))
    spare = gains - owed
    if spare < 0:
        return NONE, 0
    plus = min(run.caps0[PLUS_ONE], spare)
    return value + plus, spare - plus


def reachable(run: Run, drawn: int, active: int, want: tuple[int, int, int], fit: int,
              free: tuple[int, ...], v: Variant, n_sw: int, n_sq: int,
              stars: int = 0) -> bool:
    """Necessary conditions for the free rounds to complete ``active`` with the
    bonuses of ``want`` (and draw the cells ``stars``): :func:`coverable`, then
    :meth:`Tables.cover_rounds` (the rings only)."""
    t = run.t
    need = stars | run.open_rings(active, drawn)
    if not need:
        return True
    if need.bit_count() > 5 * sum(free) + n_sq:
        return False                       # five cells a round, one a square
    wc = run.want_cells(drawn, active, want)
    if wc[0] & wc[1] or wc[0] & wc[2] or wc[1] & wc[2]:
        return False                       # one cell, two dig types
    if not coverable(run, need, wc, fit, free, v, n_sw, n_sq):
        return False
    targets = tuple((f, next((1 + d for d in range(3) if want[d] >> f & 1), 0))
                    for f in bits_of(active))
    return t.cover_rounds(targets, drawn, tuple(run.slots(free, v)), n_sw, n_sq, 0,
                          possible=True, budget=[COVER_BUDGET]) is not None


def dfs_req(run: Run, drawn: int, digs: tuple[int, int, int], active: int,
            want: tuple[int, int, int], free: tuple[int, ...], taken: int,
            events: tuple[Event, ...], nss: int, nsd: int, sqm: int,
            draws: tuple[Draw, ...], fit: int, known_b: int | None = None) -> int:
    """An upper bound on the best line of the target below this node (the lines
    completing ``active`` and earning the bonuses of ``want``; others found on the way
    are recorded at their real value too). The branching is :func:`.cells.dfs`'s without
    the "cell stays open" branch: an open ring cell of ``active`` with the fewest ways to
    be drawn, and every way, a cell of a wanted bonus's ring only in its dig type
    and never by a square (so every line of the target is reached: its draw on that
    cell is one of the children; the dig type of a draw meeting no wanted ring
    matters to no bound here, so one is tried: the line with another is of another
    target, or of this one with the same value). A node is cut when
    :func:`req_bound` is not above the best line, or when :func:`reachable` says the
    free rounds cannot complete the target, with as many switches and squares as
    could be paid for and leave a line above the best one. (Spending one beyond the
    start bonuses costs a star bonus; a line spending more is not above the best,
    which the answer then covers.)"""
    run.p.clock.tick()
    t = run.t
    key = (drawn, digs, active, want, free, taken, events, nss, nsd)
    known = run.tt_req.get(key)
    if known is not None and known <= run.best:
        return known
    nsq = sqm.bit_count()
    b, spare = req_bound(run, drawn, digs, active, want, free, events, nss, nsd, nsq)
    if known_b is not None:
        b = min(b, known_b)
    if b <= run.best:
        run.tt_req[key] = b
        return b
    spend = spare + (b - run.best - 1)
    ss, sd = switches_spent(events, nss, nsd)
    left_ss = max(0, run.held0[SWITCH_SHAPE] - ss)
    left_sd = max(0, run.held0[SWITCH_DIG] - sd)
    left_sq = max(0, run.held0[ONE_SQUARE] - nsq)
    star_ok = run.timing and spend > 0
    v = (left_ss > 0 or (star_ok and run.caps0[SWITCH_SHAPE] > 0),
         left_sd > 0 or (star_ok and run.caps0[SWITCH_DIG] > 0))
    can_square = left_sq > 0 or (star_ok and run.caps0[ONE_SQUARE] > 0)
    cut = run.best if run.timing else NONE
    need = run.open_rings(active, drawn)
    if not need:
        ub = stars_phase(run, drawn, digs, free, taken, events, nss, nsd, sqm, draws, fit, 0)
        ub = min(ub, b)
        run.tt_req[key] = ub
        return ub
    n_sw = left_ss + left_sd + (spend if star_ok else 0)
    n_sq = left_sq + (spend if star_ok else 0)
    # When the line needs every open star's bonus to beat the best one (each as a +1
    # Point or to pay for a spend already made), the open stars must be drawn too.
    stars_needed = 0
    open_stars = t.stars & ~drawn
    if run.timing and open_stars:
        fossils_b = req_bound(run, drawn, digs, active, want, free, events, nss, nsd,
                              nsq, stars=False)[0]
        gained = sum(e.stars for e in events)
        owed = (max(0, ss - run.held0[SWITCH_SHAPE]) + max(0, sd - run.held0[SWITCH_DIG])
                + max(0, nsq - run.held0[ONE_SQUARE]))
        if run.best + 1 - fossils_b + owed >= gained + open_stars.bit_count():
            stars_needed = open_stars
    if not reachable(run, drawn, active, want, fit, free, v, n_sw, n_sq, stars_needed):
        run.tt_req[key] = cut
        return cut
    wc = run.want_cells(drawn, active, want)
    allowed = free_shape_bits(run, free, v)
    c, n_opts = fewest_cell(run, need | stars_needed, fit & allowed, can_square,
                            wc[0] | wc[1] | wc[2])
    ub = cut
    if n_opts:
        options = cell_options(run, c, drawn, digs, active, free, taken, v, events, nsq,
                               can_square, wc)
        ranked: list[tuple[int, int, Node]] = []
        for i, (_, opt) in enumerate(options):
            ch = child(run, opt, c, drawn, digs, active, free, taken, events, nss, nsd,
                       sqm, draws, fit)
            known_c = run.tt_req.get((ch.drawn, ch.digs, ch.active, want, ch.free, ch.taken,
                                      ch.events, ch.nss, ch.nsd))
            if known_c is None or known_c > run.best:
                known_c, _ = req_bound(run, ch.drawn, ch.digs, ch.active, want, ch.free,
                                       ch.events, ch.nss, ch.nsd, ch.sqm.bit_count())
            ranked.append((known_c, i, ch))
        ranked.sort(key=lambda x: (-x[0], x[1]))
        for bc, _i, ch in ranked:
            if bc <= run.best:
                ub = max(ub, bc)
                continue
            sub = dfs_req(run, ch.drawn, ch.digs, ch.active, want, ch.free, ch.taken,
                          ch.events, ch.nss, ch.nsd, ch.sqm, ch.draws, ch.fit, known_b=bc)
            if sub > ub:
                ub = sub
    ub = min(ub, b)
    run.tt_req[key] = ub
    return ub


def coverable(run: Run, need: int, want: tuple[int, int, int], fit: int,
              free: tuple[int, ...], v: Variant, upgrades: int, squares: int) -> bool:
    """A necessary condition for the free rounds, with at most ``upgrades`` switches
    and ``squares`` One Squares, to draw every cell of ``need`` with disjoint draws,
    the cells of ``want[d]`` in dig type d (no square there). A usable placement
    fits, meets the cells of at most one wanted dig type d, and has a shape some free
    round offers (in dig type d if it meets those cells). For each cell x, let k(x)
    be the most cells of ``need`` one usable placement through x covers. Then:

    - rounds: give x the weight 1/k(x). A placement m covers at most 1 in weight
      (each of its |m & need| cells has k >= |m & need|), a square one cell; so the
      rounds needed are at least the total weight less the ``squares`` heaviest
      cells a square may take (the covering problem's dual, with a feasible
      solution). Likewise the cells of the wanted dig types D need at least their
      weight in rounds that offer a dig type of D (with a switch-dig, any round, in
      at most ``upgrades`` more). Weights are counted in 60ths.
    - cells: per round, the most cells one usable placement of a shape it offers
      covers, summed (switches in at most ``upgrades`` rounds), plus the squares.

    All of it holds for overlapping draws too, so for any real line."""
    t = run.t
    cand = 0
    for c in bits_of(need):
        cand |= t.cell_pl.get(c, 0)
    cand &= fit
    allowed = [[False] * N_SHAPES for _ in range(4)]     # any dig, dig 0, 1, 2
    offers = [0, 0, 0]                # free rounds offering dig d without switch-dig
    n_free = 0
    for ci, n in enumerate(free):
        if n:
            n_free += n
            sf = t.shapes_for[run.class_first[ci]]
            for k in range(4):
                for si in sf[v][k]:
                    allowed[k][si] = True
            no_sd = sf[(v[0], False)]
            for d in range(3):
                if no_sd[1 + d]:
                    offers[d] += n
    most = [0] * N_SHAPES
    # by_k[k]: the cells some usable placement covering k cells of ``need`` holds.
    by_k = [0, 0, 0, 0, 0, 0]
    pl_mask, pl_shape = t.pl_mask, t.pl_shape
    w0, w1, w2 = want
    wall = w0 | w1 | w2
    any_dig = allowed[0]
    for i in bits_of(cand):
        m = pl_mask[i]
        si = pl_shape[i]
        if m & wall:                    # meets a wanted ring: its dig type is set
            wd = want_dig(m, want)
            if wd == -2 or not allowed[1 + wd][si]:
                continue
        elif not any_dig[si]:
            continue
        x = m & need
        k = x.bit_count()
        if k > most[si]:
            most[si] = k
        by_k[k] |= x
    no_square = t.stars | w0 | w1 | w2
    # level[k]: the cells with k(x) = k (level[0]: no placement, only a square).
    level = weight_levels(by_k, need)
    if level[0] & no_square:
        return False
    weight = WEIGHT
    total_w = sum(weight[k] * level[k].bit_count() for k in range(6))
    left = squares
    for k in range(6):                       # the heaviest cells a square may take
        if left <= 0:
            break
        n = min(left, (level[k] & ~no_square).bit_count())
        total_w -= n * weight[k]
        left -= n
    if total_w > 60 * n_free:
        return False
    if w0 | w1 | w2:
        per = [sum(weight[k] * (level[k] & wd).bit_count() for k in range(6))
               for wd in want]
        for dset in range(1, 8):
            wsum = sum(per[d] for d in range(3) if dset >> d & 1)
            if not wsum:
                continue
            rounds = sum(offers[d] for d in range(3) if dset >> d & 1)
            rounds = min(n_free, rounds)
            if v[1]:
                rounds = min(n_free, rounds + upgrades)
            if wsum > 60 * rounds:
                return False
    total = 0
    better: list[tuple[int, int]] = []
    for ci, n in enumerate(free):
        if n:
            sf = t.shapes_for[run.class_first[ci]]
            b = max((most[si] for si in sf[(False, False)][0]), default=0)
            u = max((most[si] for si in sf[v][0]), default=0)
            total += n * b
            if u > b:
                better.append((u - b, n))
    for gain, n in sorted(better, reverse=True):
        if upgrades <= 0:
            break
        take = min(n, upgrades)
        total += gain * take
        upgrades -= take
    return total + squares >= need.bit_count()


def fewest_cell(run: Run, need: int, usable: int, can_square: bool, no_square: int
                ) -> tuple[int, int]:
    """The open cell of ``need`` with the fewest ways to be drawn (fitting placements
    of a shape some free round offers, and a square where one may go), and that number
    (0: it cannot be drawn)."""
    t = run.t
    no_square |= t.stars
    best_c, best_n = -1, 1 << 30
    for c in bits_of(need):
        n = (usable & t.cell_pl.get(c, 0)).bit_count()
        if can_square and not no_square >> c & 1:
            n += 1
        if n < best_n:
            best_c, best_n = c, n
            if n == 0:
                break
    return best_c, best_n
