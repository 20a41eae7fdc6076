"""The packing bound (``solver/_planner/packing.py``): per fossil set, an upper bound on
the +1 Points of every line that completes it (NONE: no line does), from how many rounds
each cluster of rings needs and how many squares that costs.

Checked against every may-pass line (so every real line) of small puzzles and of random
mid-game states, enumerated by a brute force that knows nothing of the bound, per fossil
set and per target (the set with the dig type of each bonus its lines earn), and the
finer bound by the rounds' classes and the switches (``Packing.usage_bound``) per target
and number of +1 Points asked, with its third stage (the stars the clusters' own draws
can cover) and, for what that stage cuts, without it; then the planner with the bound
switched on for small games (it is asked only in long games otherwise) against the
brute force's may-pass optimum; and on the dig site's greedy game of seed 101, that it
rules out a fossil set the relaxation gives up on.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from helpers import random_midgame

from paleowidgets.core.rules import Game, State
from paleowidgets.core.terms import PLUS_ONE
from paleowidgets.core.turns import Turn
from paleowidgets.solver import _tables
from paleowidgets.solver._moves import NONE
from paleowidgets.solver._planner import packing, targets
from paleowidgets.solver._planner.packing import Packing
from paleowidgets.solver._planner.run import Run
from paleowidgets.solver.brute import TooBig, brute_force
from paleowidgets.solver.exact import Engine
from paleowidgets.solver.puzzlegen import crowded_puzzle, tiny_puzzle

# A line's target: the fossils it digs up, and per dig type d those of them that earned
# their same-dig-type bonus in d.
Target = tuple[int, int, int, int]


def lines_by_target(start: State, rolls: tuple[tuple[int, int], ...], budget: int
                    ) -> dict[Target, int]:
    """Per target some may-pass line from ``start`` reaches (the fossils it digs up
    beyond those dug at the start, and the dig type of each bonus they earn), the most
    +1 Points from stars such a line gains: every legal turn and the extra pass, by the
    core's checked rules (TooBig past ``budget`` turns)."""
    work = 0
    dug0, plus0 = start.dug, start.gained[PLUS_ONE]
    rings = start.game.rings

    def target(s: State) -> Target:
        dug = s.dug & ~dug0
        want = [0, 0, 0]
        for f in range(len(rings)):
            if (s.same & dug) >> f & 1:
                d = next(d for d in range(3) if rings[f] & s.digs[d] == rings[f])
                want[d] |= 1 << f
        return dug, want[0], want[1], want[2]

    @cache
    def ends(s: State) -> tuple[tuple[Target, int], ...]:
        nonlocal work
        if s.is_terminal:
            return ((target(s), s.gained[PLUS_ONE] - plus0),)
        roll = rolls[s.round]
        turns = list(s.legal_turns(roll))
        forced = s.must_draw(roll)
        if forced:
            turns.append(Turn.pass_())
        out: dict[Target, int] = {}
        for turn in turns:
            work += 1
            if work > budget:
                raise TooBig
            after = s.play(0, 0) if turn.passed and forced else s.apply(roll, turn)
            for tg, plus in ends(after):
                out[tg] = max(out.get(tg, -1), plus)
        return tuple(out.items())

    try:
        return dict(ends(start))
    finally:
        ends.cache_clear()


def lines_by_set(start: State, rolls: tuple[tuple[int, int], ...], budget: int
                 ) -> dict[int, int]:
    """Per set of fossils some may-pass line from ``start`` digs up (beyond those dug
    at the start), the most +1 Points from stars such a line gains."""
    out: dict[int, int] = {}
    for (dug, *_want), plus in lines_by_target(start, rolls, budget).items():
        out[dug] = max(out.get(dug, -1), plus)
    return out


def subsets(mask: int) -> list[int]:
    out, sub = [], mask
    while True:
        out.append(sub)
        if not sub:
            return out
        sub = (sub - 1) & mask


class StarCounting(Packing):
    """The packing bound, counting the (target, need) the third stage of ``usage_bound``
    (the stars the clusters' own draws can cover) rules out: it is asked only where the
    bound without it allows ``need``, and each (target, need) once."""

    star_cuts = 0

    def _usage_plus(self, sub: int, want: tuple[int, int, int], need: int, apart: bool,
                    stars: bool = False, blind: list[int] | None = None) -> int:
        got = super()._usage_plus(sub, want, need, apart, stars, blind)
        self.star_cuts += stars and got < need
        return got


def packing_of(start: State, rolls: tuple[tuple[int, int], ...]) -> tuple[StarCounting, int]:
    """The packing bound of ``start`` and the fossils whose rings are still open."""
    engine = Engine(start.game, rolls, switch_shape=start.held[1] > 0)
    open_f = sum(1 << f for f, ring in enumerate(engine.tables.rings) if ring & ~start.drawn)
    return StarCounting(Run(engine.planner, start, 0, None)), open_f


def check_against_lines(start: State, rolls: tuple[tuple[int, int], ...]) -> int:
    """Every set a line digs, and every subset of it, gets a packing bound at least
    that line's +1 Points; returns how many sets the bound ruled out or cut."""
    found = lines_by_set(start, rolls, 40_000)
    pack, open_f = packing_of(start, rolls)
    for dug, plus in found.items():
        for sub in subsets(dug):
            assert pack.plus_bound(sub) >= plus, (bin(sub), bin(dug), plus)
    cut = 0
    for sub in subsets(open_f):
        best = max((p for d, p in found.items() if d & sub == sub), default=NONE)
        pb = pack.plus_bound(sub)
        assert pb >= best
        cut += pb < pack.plus_cap
    return cut


def with_bonus(want: tuple[int, int, int], f: int, d: int) -> tuple[int, int, int]:
    """``want`` with fossil ``f``'s bonus wanted in dig type ``d``."""
    return (want[0] | (1 << f if d == 0 else 0), want[1] | (1 << f if d == 1 else 0),
            want[2] | (1 << f if d == 2 else 0))


def wants_within(sub: int, want: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """Every way to keep, of the bonuses ``want`` (per dig type), those of fossils of
    ``sub`` or fewer: the targets a line of ``(sub, want)`` is also a line of."""
    out = [(0, 0, 0)]
    for d in range(3):
        for f in range(want[d].bit_length()):
            if (want[d] & sub) >> f & 1:
                out += [with_bonus(w, f, d) for w in out]
    return out


def all_wants(sub: int) -> list[tuple[int, int, int]]:
    """Every choice of a dig type or none per fossil of ``sub``."""
    out = [(0, 0, 0)]
    for f in range(sub.bit_length()):
        if sub >> f & 1:
            out = [w2 for w in out for w2 in [w, *(with_bonus(w, f, d) for d in range(3))]]
    return out


def check_targets_against_lines(start: State, rolls: tuple[tuple[int, int], ...]) -> int:
    """Every target a line reaches, and every smaller one (fewer fossils, fewer
    bonuses), gets a packing bound with its bonuses at least that line's +1 Points;
    returns how many targets the dig types ruled out or cut below the bound without them."""
    found = lines_by_target(start, rolls, 40_000)
    pack, open_f = packing_of(start, rolls)
    for (dug, *want), plus in found.items():
        for sub in subsets(dug):
            for w in wants_within(sub, (want[0], want[1], want[2])):
                assert pack.plus_bound(sub, w) >= plus, (bin(sub), w, bin(dug), want, plus)
    cut = 0
    for sub in subsets(open_f):
        plain = pack.plus_bound(sub)
        for w in all_wants(sub):
            best = max((p for (d, *lw), p in found.items() if d & sub == sub
                        and all(lw[k] & w[k] == w[k] for k in range(3))), default=NONE)
            pb = pack.plus_bound(sub, w)
            assert pb >= best, (bin(sub), w, pb, best)
            assert pb <= plain
            cut += pb < plain
    return cut


def check_usage_against_lines(start: State, rolls: tuple[tuple[int, int], ...],
                              star_cuts: list[int] | None = None) -> int:
    """Every target a line reaches, and every smaller one, gets a usage bound (the rounds
    per class and the switches counted, with the stars the clusters' draws can cover) at
    least that line's +1 Points whenever it is asked for at most that many; returns how
    many (target, need) the usage bound ruled out that the packing bound with the dig
    types allowed (and appends to ``star_cuts`` how many of them the stars' stage ruled
    out, past the bound without it)."""
    found = lines_by_target(start, rolls, 40_000)
    pack, open_f = packing_of(start, rolls)
    for (dug, *want), plus in found.items():
        for sub in subsets(dug):
            for w in wants_within(sub, (want[0], want[1], want[2])):
                for need in range(plus + 1):
                    got = pack.usage_bound(sub, w, need)
                    assert got >= plus, (bin(sub), w, need, got, bin(dug), want, plus)
    cut = 0
    for sub in subsets(open_f):
        for w in all_wants(sub):
            best = max((p for (d, *lw), p in found.items() if d & sub == sub
                        and all(lw[k] & w[k] == w[k] for k in range(3))), default=NONE)
            pb = pack.plus_bound(sub, w)
            for need in range(pack.plus_cap + 1):
                got = pack.usage_bound(sub, w, need)
                assert got >= best or got < need, (bin(sub), w, need, got, best)
                cut += got < need <= pb
    if star_cuts is not None:
        star_cuts.append(pack.star_cuts)
    return cut


def _small(make, seed: str) -> tuple[Game, tuple[tuple[int, int], ...]]:
    rng = random.Random(seed)
    while True:
        puzzle = make(rng)
        game = Game.from_puzzle(puzzle)
        try:
            brute_force(game, puzzle.rolls, budget=15_000, may_pass=True)
            lines_by_set(game.initial_state(), tuple(puzzle.rolls), 40_000)
        except TooBig:
            continue
        return game, tuple(puzzle.rolls)


# The bound of fossil sets, of targets (sets with their bonuses in their dig types), and
# of targets by the rounds' classes and the switches (Packing.usage_bound).
CHECKS = {"sets": check_against_lines, "targets": check_targets_against_lines,
          "usage": check_usage_against_lines}


# Small puzzles where the stars stage of the usage bound rules something out (for the
# test of its limits).
FALLBACK_PUZZLES = (7, 11)

# What each small puzzle's check ruled out, by (check, puzzle): the cut test below sums
# them (a module's tests run in one process, in order; run alone, it checks them itself).
SMALL_CUTS: dict[tuple[str, int], int] = {}
# What the usage bound's stars stage ruled out on each small puzzle (the usage check's).
STAR_CUTS: dict[int, int] = {}


def small_puzzle_cut(check: str, i: int) -> int:
    if (check, i) not in SMALL_CUTS:
        game, rolls = _small(tiny_puzzle if i % 2 else crowded_puzzle, f"pack-{i}")
        if check == "usage":
            stars: list[int] = []
            SMALL_CUTS[check, i] = check_usage_against_lines(game.initial_state(), rolls,
                                                             stars)
            STAR_CUTS[i] = stars[0]
        else:
            SMALL_CUTS[check, i] = CHECKS[check](game.initial_state(), rolls)
    return SMALL_CUTS[check, i]


@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("i", range(24))
def test_packing_bound_is_above_every_line_of_small_puzzles(i: int, check: str) -> None:
    SMALL_CUTS.pop((check, i), None)
    small_puzzle_cut(check, i)


@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("i", range(24))
def test_packing_bound_is_above_every_line_of_random_midgames(i: int, check: str) -> None:
    rng = random.Random(f"pack-mid-{i}")
    while True:
        puzzle, s, _ = random_midgame(rng, max_fossils=3)
        try:
            lines_by_set(s, tuple(puzzle.rolls), 40_000)
        except TooBig:
            continue
        CHECKS[check](s, tuple(puzzle.rolls))
        return


@pytest.mark.parametrize("check", CHECKS)
def test_packing_bound_cuts_on_small_puzzles(check: str) -> None:
    """The bound is not vacuous where the brute force can check it: over the cases of
    the tests above, it rules out or cuts some fossil sets, with the dig types some
    targets below the bound of their fossil set, and by the rounds' classes and the
    switches some (target, +1 Points) that the bound with the dig types allows."""
    assert sum(small_puzzle_cut(check, i) for i in range(24)) > 0


def test_usage_bound_with_stars_cuts() -> None:
    """The usage bound's third stage (the stars the clusters' own draws can cover) rules
    out some (target, +1 Points) that the classes and switches alone allow, over the
    small puzzles of the tests above (whose ``usage`` check asks the bound with it)."""
    for i in range(24):
        if i not in STAR_CUTS:
            SMALL_CUTS.pop(("usage", i), None)
            small_puzzle_cut("usage", i)
    assert sum(STAR_CUTS.values()) > 0


@pytest.mark.parametrize("i", FALLBACK_PUZZLES)
def test_usage_bound_falls_back_past_its_limits(i: int, monkeypatch: pytest.MonkeyPatch
                                                ) -> None:
    """With the stars stage's search stopped at once (``STAR_NODES`` 0), the usage
    searches' tables dropped at every search and every Pareto filter in numpy, the usage
    bound is still above every line, and wherever the stage searched (a cluster of the
    target near a star) the answer is the one without the stage: never a tighter one."""
    monkeypatch.setattr(packing, "STAR_NODES", 0)
    monkeypatch.setattr(packing, "MEMO_USAGES", 0)
    monkeypatch.setattr(packing, "PARETO_NUMPY", 1)
    game, rolls = _small(tiny_puzzle if i % 2 else crowded_puzzle, f"pack-{i}")
    start = game.initial_state()
    check_usage_against_lines(start, rolls)
    pack, open_f = packing_of(start, rolls)
    plain, _ = packing_of(start, rolls)
    plain.with_stars = False
    searched = 0
    for sub in subsets(open_f):
        if not any(pack.near.get(f, 0) for f in range(sub.bit_length()) if sub >> f & 1):
            continue
        for w in all_wants(sub):
            for need in range(pack.plus_cap + 1):
                assert pack.usage_bound(sub, w, need) == plain.usage_bound(sub, w, need)
                searched += 1
    assert searched > 0


@pytest.mark.parametrize("i", FALLBACK_PUZZLES)
def test_usage_search_on_undominated_draws_gives_the_same(i: int) -> None:
    """The usage searches branch only on the draws no other one dominates: the same
    answers as on every draw, for every target and need."""
    game, rolls = _small(tiny_puzzle if i % 2 else crowded_puzzle, f"pack-{i}")
    start = game.initial_state()
    pack, open_f = packing_of(start, rolls)
    every, _ = packing_of(start, rolls)
    every.prune_draws = False
    for sub in subsets(open_f):
        for w in all_wants(sub):
            for need in range(pack.plus_cap + 1):
                assert pack.usage_bound(sub, w, need) == every.usage_bound(sub, w, need)
    assert pack.star_cuts > 0


def test_undominated_draws() -> None:
    """``_undominated`` keeps exactly the draws (cells, stars, way) that no other one
    dominates (superset of cells and of stars, a way at most its own in every field),
    against every pair, on random draws."""
    rng = random.Random("draws")
    guard = packing._pack([32] * 4)
    for _ in range(30):
        draws = {(rng.randrange(1, 16), rng.randrange(8),
                  packing._pack([rng.randint(0, 2) for _ in range(4)])) for _ in range(40)}

        def dominates(p: tuple[int, int, int], d: tuple[int, int, int]) -> bool:
            return (p != d and p[0] & d[0] == d[0] and p[1] & d[1] == d[1]
                    and ((d[2] | guard) - p[2]) & guard == guard)

        want = {d for d in draws if not any(dominates(p, d) for p in draws)}
        assert set(packing._undominated(draws, guard)) == want


def test_pareto_in_numpy_is_the_same() -> None:
    """``_pareto``'s numpy form keeps the same usages as the plain one, on random usages
    of 10 fields of 6 bits and 6 stars' fields of 2 (two 60-bit words)."""
    rng = random.Random("pareto")
    guard = packing._pack([32] * 10) | sum(2 << (60 + 2 * j) for j in range(6))
    for n in (1, 2, 130, 300, 700):
        usages = [packing._pack([rng.randint(0, 3) for _ in range(10)])
                  | sum(rng.randint(0, 1) << (60 + 2 * j) for j in range(6))
                  for _ in range(n)]
        plain = []
        for u in sorted(set(usages)):
            if not any((u | guard) - w & guard == guard for w in plain):
                plain.append(u)
        assert packing._pareto_numpy(sorted(set(usages)), guard) == plain
        assert packing._pareto(usages, guard) == plain


def test_bits_of_long_ints_through_numpy_is_the_same() -> None:
    """``bits_of`` gives every set bit, lowest first, on both of its ways: the loop and
    numpy (long ints with many bits, as the placement sets of a 13x13 map are)."""
    rng = random.Random("bits")
    used = 0
    for size in (1, 64, 169, 1025, 4200):
        for k in (0, 1, 5, 41, 300):
            if k > size:
                continue
            mask = sum(1 << b for b in rng.sample(range(size), k))
            if mask.bit_length() > _tables.BITS_NUMPY and k > _tables.BITS_NUMPY_COUNT:
                used += 1
            assert _tables.bits_of(mask) == [b for b in range(size) if mask >> b & 1]
    assert used >= 2                        # the numpy way was taken


@pytest.mark.parametrize("i", range(16))
def test_planner_with_packing_bound_keeps_the_may_pass_optimum(
        i: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the packing bound asked in every game, the planner's goals stay at least the
    brute force's may-pass optimum and it ends on that optimum."""
    monkeypatch.setattr(targets, "PACK_GAME", 0)
    planner_keeps_the_may_pass_optimum(i)


def planner_keeps_the_may_pass_optimum(i: int) -> None:
    """On the ``i``-th small puzzle of the goal tests, the planner's goals stay at least
    the brute force's may-pass optimum and it ends on that optimum."""
    game, rolls = _small(tiny_puzzle if i % 2 else crowded_puzzle, f"pack-goals-{i}")
    relaxed = brute_force(game, rolls, budget=15_000, may_pass=True)
    engine = Engine(game, rolls, switch_shape=game.initial_state().held[1] > 0)
    seen: list[int] = []
    value, _line = engine.planner.solve(game.initial_state(), 0, on_bound=seen.append)
    assert all(g >= relaxed for g in seen), (seen, relaxed)
    if relaxed > 0:
        assert value == relaxed


def test_packing_rules_out_what_the_relaxation_gives_up_on() -> None:
    """The dig site's greedy game of seed 101, 9 rounds left: every open fossil at once
    needs more rounds than are left (two clusters of 6+ and 8+ rounds with no square),
    which the relaxation cannot decide within its states; single fossils stay allowed."""
    from paleowidgets.data import load_map
    from paleowidgets.solver.bots import bot_named, play_game

    game = Game(load_map("dig-site"))
    rng = random.Random(101)
    rolls = tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(game.rounds))
    _, turns = play_game(game, rolls, bot_named("greedy"), random.Random(101))
    s = game.initial_state()
    for roll, turn in zip(rolls[:11], turns[:11], strict=True):
        s = s.apply(roll, turn)
    engine = Engine(game, rolls)
    pack = Packing(Run(engine.planner, s, 0, None))
    open_f = [f for f, ring in enumerate(engine.tables.rings) if ring & ~s.drawn]
    assert len(open_f) == 9
    assert pack.plus_bound(sum(1 << f for f in open_f)) == NONE
    assert all(pack.plus_bound(1 << f) >= 0 for f in open_f)


@pytest.mark.parametrize("i", range(12))
def test_weighted_cover_search_gives_the_same_rounds(i: int) -> None:
    """``Tables.cover_rounds(weighted=True)`` (the packing bound's cover search) only
    cuts: the same fewest rounds as without the cut, for every set of fossils and
    number of squares, on random mid-game states."""
    rng = random.Random(f"pack-weighted-{i}")
    puzzle, s, _ = random_midgame(rng, max_fossils=3)
    rolls = tuple(puzzle.rolls)
    engine = Engine(s.game, rolls, switch_shape=s.held[1] > 0)
    pack = Packing(Run(engine.planner, s, 0, None))
    t = engine.tables
    open_f = [f for f, ring in enumerate(t.rings) if ring & ~s.drawn]
    for sub in subsets(sum(1 << f for f in open_f))[:-1]:
        fossils = tuple((f, 0) for f in range(t.nf) if sub >> f & 1)
        for q in range(3):
            args = (fossils, s.drawn, pack.slots, pack.upgrades, q, 0)
            plain = t.cover_rounds(*args, max_nodes=10**6)
            t._cover_cache.clear()
            assert t.cover_rounds(*args, max_nodes=10**6, weighted=True) == plain
            t._cover_cache.clear()
