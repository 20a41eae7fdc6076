"""The disjoint cover: can the rounds left close a target's rings with draws that do not overlap?

The target search's hardest targets on class games are hardly about +1 Points: the
target's own value reaches the goal, or nearly, and the question is whether some line
completes it at all (its fossils, each wanted bonus's ring in its dig type).
:func:`.targets.dfs_req` answers that exactly, but slowly there: its cut
(:func:`.targets.reachable`, whose ring cover lets draws overlap) lets most of the tree
through, and its transposition table keys on the rounds that star and switch draws take
(bonus timing), so the same board reached in two orders is searched twice. The dig site's
greedy game of seed 101, 11 rounds left, above a line of 60: one target (7 fossils, 4
bonuses wanted) took 58 s, 476,562 nodes, to find no line (benchmarks/README.md).
:func:`disjoint_cover` decides such a target without the stars' timing; the target search
asks it (:func:`.targets.covered`) before :func:`.targets.dfs_req`, once per target and
number of +1 Points the goal needs.

The search: every open ring cell of the target is drawn, by a fitting placement (one per
round, rounds taken per class of rounds, the shape offered by the class's roll, in the dig
type of the wanted rings it meets, with a switch in at most as many rounds as there are
switches to spend) or by a One Square (not on a star or a wanted ring); placements drawn
never overlap each other or the board. It branches on the open cell with the fewest ways
left, and remembers the nodes without a cover by what the rest of the search reads: the
cells left, which of their candidate placements still fit, the stars drawn, the rounds
left per class, and the switches, squares and star bonuses left.

Why "no cover" means no line reaches the target with ``need`` +1 Points: a line completing
it draws every open cell of its rings. Its draws meeting those cells are placements that
fit now, pairwise disjoint, in distinct rounds, each of a shape its round offers with the
switches the line spends there (a draw meeting a ring wanted in dig type d in d, so it
meets no ring wanted in another); its squares take the other cells, on neither a star nor
a wanted ring. Its +1 Points beyond those held and the switches and squares it spends
beyond those held are star bonuses: at most the caps' total, each a star the line draws
(by one of those draws, or by a draw in a round they leave: at most ``per_round`` stars
a draw); so with ``need`` +1 Points it spends at most that total less ``need``, and draws
at least its spends plus ``need`` stars. The search counts a draw's switches as one (a
line may spend two there: more freedom here) and lets any bonus be spent before it is
gained; so the line's draws on the rings are branches of the search, each taken when the
search reaches the first cell it covers, and the search finds a cover.
"""

from __future__ import annotations

from ...core.terms import ONE_SQUARE, PLUS_ONE, SWITCH_DIG, SWITCH_SHAPE
from .._tables import Variant, bits_of
from .run import Run, want_dig

# A search past this many nodes gives up (the target goes to the exact search, as before).
DISJOINT_NODES = 1_000_000
# The most nodes without a cover one search remembers (each some 500 bytes: the analysis'
# process stays under Binder's 1 GB with the lines worker beside it).
DISJOINT_TABLE = 100_000


class _GaveUp(Exception):
    pass


def disjoint_cover(run: Run, sub: int, want: tuple[int, int, int], free: tuple[int, ...],
                   fit: int, v: Variant, need: int = 0) -> bool | None:
    """Whether some disjoint draws of the free rounds (``free``, per class of rounds) may
    close every open ring cell of the fossils ``sub`` with the bonuses of ``want`` (per
    dig type, the fossils whose ring is drawn all in it): False when none can (no line
    completes the target), True when a cover exists (a line may), None when the search
    gave up. With ``need``, star bonuses for that many +1 Points are to be left over
    (False: no line of the target gets them). ``fit``: the placements that fit the
    start; ``v``: the switches that may be spent (held or gained)."""
    t = run.t
    drawn0 = run.s0.drawn
    target = run.open_rings(sub, drawn0)
    if not target:
        return True
    wc = run.want_cells(drawn0, sub, want)
    if wc[0] & wc[1] or wc[0] & wc[2] or wc[1] & wc[2]:
        return False                        # one cell, two dig types
    free_sq = target & ~t.stars & ~(wc[0] | wc[1] | wc[2])
    stars0 = t.stars & ~drawn0
    # Star bonuses that may be spent beyond the held switches and squares (each a star
    # the line draws), ``need`` of them kept for +1 Points.
    need = max(0, need)
    if need and (not run.timing or need > run.caps0[PLUS_ONE]):
        return False
    extra = max(0, min(run.cap_total0, stars0.bit_count()) - need) if run.timing else 0
    switches = run.held0[SWITCH_SHAPE] + run.held0[SWITCH_DIG]
    may_upgrade = switches + extra > 0
    slots = []
    counts0 = []
    for ci, n in enumerate(free):
        if n:
            sf = t.shapes_for[run.class_first[ci]]
            slots.append((sf[(False, False)], sf[v]))
            counts0.append(n)
    # The candidates: the placements that fit, meet an open cell of the target and may
    # be drawn there (their kind, shape and 1 + the dig type the wanted rings they meet
    # need, 0: any, is offered by some class, maybe for a switch), numbered 0, 1, ... here
    # so that the sets of them the search keeps are short ints.
    accept: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
    masks: list[int] = []                  # per candidate: its cells
    ways: list[tuple[tuple[int, int], ...]] = []    # ... and (class, switches) it takes
    pl_mask, pl_shape = t.pl_mask, t.pl_shape
    for i in bits_of(fit & t.block(target)):
        m = pl_mask[i]
        k = want_dig(m, wc)
        if k == -2:
            continue                        # it meets rings wanted in two dig types
        kind = (pl_shape[i], k + 1)
        acc = accept.get(kind)
        if acc is None:
            si, kk = kind
            acc = accept[kind] = tuple(
                (j, 0 if si in b[kk] else 1) for j, (b, u) in enumerate(slots)
                if si in b[kk] or (may_upgrade and si in u[kk]))
        if acc:
            masks.append(m)
            ways.append(acc)
    n_cand = len(masks)
    cand = {c: 0 for c in bits_of(target)}     # per open cell: the candidates on it
    by_cell: dict[int, int] = {}                # per cell: the candidates meeting it
    cost0 = [0] * len(slots)               # per class: the candidates it offers free
    cost1 = [0] * len(slots)               # ... and those it offers for a switch
    for x, (m, acc) in enumerate(zip(masks, ways, strict=True)):
        bit = 1 << x
        for c in bits_of(m):
            by_cell[c] = by_cell.get(c, 0) | bit
            if target >> c & 1:
                cand[c] |= bit
        for j, cost in acc:
            if cost:
                cost1[j] |= bit
            else:
                cost0[j] |= bit
    # Per candidate: the candidates it overlaps (itself included).
    clash = []
    for m in masks:
        b = 0
        for c in bits_of(m):
            b |= by_cell[c]
        clash.append(b)
    per_round = max(((pl_mask[i] & stars0).bit_count()
                     for i in bits_of(fit & t.block(stars0))), default=0)
    failed: set[tuple[object, ...]] = set()
    nodes = 0
    tick = run.p.clock.tick

    def go(left: int, alive: int, stars: int, counts: tuple[int, ...], sw: int, sq: int,
           ex: int) -> bool:
        """A cover of the cells ``left`` by the candidates ``alive`` (those meeting no
        draw so far), ``counts`` rounds per class, ``sw`` switches and ``sq`` squares
        held, ``ex`` star bonuses left to spend; ``stars`` the open stars drawn so far."""
        nonlocal nodes
        if not left:
            # Each star bonus spent is a star drawn: by the cover's draws, or by draws in
            # the rounds it leaves.
            more = min((stars0 & ~stars).bit_count(), per_round * sum(counts))
            return extra - ex + need <= stars.bit_count() + more
        nodes += 1
        if nodes > DISJOINT_NODES:
            raise _GaveUp
        tick()
        if left.bit_count() > 5 * sum(counts) + sq + ex:
            return False                    # five cells a round, one a square
        usable = 0
        upgrade = sw + ex > 0
        for j, n in enumerate(counts):
            if n:
                usable |= cost0[j] | cost1[j] if upgrade else cost0[j]
        live = alive & usable
        square = sq + ex > 0
        seen = 0
        best_c, best_n = -1, 1 << 30
        for c in bits_of(left):
            bits = cand[c]
            seen |= bits
            n = (bits & live).bit_count()
            if square and free_sq >> c & 1:
                n += 1
            if n < best_n:
                best_c, best_n = c, n
                if n == 0:
                    return False
        key = (left, alive & seen, stars, counts, sw, sq, ex)
        if key in failed:
            return False
        options = bits_of(cand[best_c] & live)
        options.sort(key=lambda x: -(masks[x] & left).bit_count())
        for x in options:
            m = masks[x]
            after = alive & ~clash[x]
            got = stars | m & stars0
            for j, cost in ways[x]:
                if not counts[j] or cost > sw + ex:
                    continue
                c2 = (*counts[:j], counts[j] - 1, *counts[j + 1:])
                use = min(cost, sw)
                if go(left & ~m, after, got, c2, sw - use, sq, ex - (cost - use)):
                    return True
        if square and free_sq >> best_c & 1:
            use = min(1, sq)
            if go(left & ~(1 << best_c), alive & ~by_cell.get(best_c, 0), stars, counts, sw,
                  sq - use, ex - (1 - use)):
                return True
        if len(failed) < DISJOINT_TABLE:
            failed.add(key)
        return False

    try:
        return go(target, (1 << n_cand) - 1, 0, tuple(counts0), switches,
                  run.held0[ONE_SQUARE], extra)
    except _GaveUp:
        return None
