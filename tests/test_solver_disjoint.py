"""The disjoint cover (``solver/_planner/disjoint.py``): a target it finds no cover for is
reached by no line.

Checked against every may-pass line (so every real line) of small puzzles and random
mid-game states, enumerated by the brute force of the packing tests, per target (the
fossils a line digs up and the dig type of each bonus it earns, and every smaller target);
that it rules out targets the ring cover with overlapping draws
(:func:`.targets.reachable`) allows; and the planner asking it in every game against the
brute force's may-pass optimum.
"""

from __future__ import annotations

import random

import pytest
from helpers import random_midgame
from test_solver_packing import (
    _small,
    all_wants,
    lines_by_target,
    planner_keeps_the_may_pass_optimum,
    subsets,
)

from paleowidgets.core.rules import State
from paleowidgets.core.terms import ONE_SQUARE, SWITCH_DIG, SWITCH_SHAPE
from paleowidgets.solver._planner import disjoint, targets
from paleowidgets.solver._planner.run import Run
from paleowidgets.solver._planner.timing import may_switch
from paleowidgets.solver.brute import TooBig
from paleowidgets.solver.exact import Engine
from paleowidgets.solver.puzzlegen import crowded_puzzle, tiny_puzzle

# Per case of the tests below: the targets without a cover, those of them the ring cover
# with overlapping draws allows, and the (target, +1 Points) without a cover of targets
# that have one (summed by the cut test).
CUTS: dict[str, tuple[int, int, int]] = {}


def check_covers(start: State, rolls: tuple[tuple[int, int], ...]) -> tuple[int, int, int]:
    """Every target some line reaches, and every smaller one, has a disjoint cover, with
    star bonuses left over for as many +1 Points as that line gets; returns how many
    targets have none, how many of those the overlapping ring cover allows, and how many
    (target, +1 Points) have none where the target has one."""
    found = lines_by_target(start, rolls, 40_000)
    engine = Engine(start.game, rolls, switch_shape=start.held[1] > 0)
    run = Run(engine.planner, start, 0, None)
    t = engine.tables
    fit = t.all_pl & ~t.block(start.drawn)
    free = tuple(len(rs) for rs in run.class_rounds)
    v = may_switch(run, (), 0, 0)
    spend = run.cap_total0 if run.timing else 0
    n_sw = run.held0[SWITCH_SHAPE] + run.held0[SWITCH_DIG] + spend
    n_sq = run.held0[ONE_SQUARE] + spend
    open_f = sum(1 << f for f, ring in enumerate(t.rings) if ring & ~start.drawn)
    none = overlap = short = 0
    for sub in subsets(open_f):
        for w in all_wants(sub):
            most = max((plus for (d, *lw), plus in found.items() if d & sub == sub
                        and all(lw[k] & w[k] == w[k] for k in range(3))), default=-1)
            for need in range(4):
                got = disjoint.disjoint_cover(run, sub, w, free, fit, v, need)
                assert got is not None              # small: never gives up
                if need <= most:
                    assert got, (bin(sub), w, need, most)
                if not got:
                    if need == 0:
                        none += 1
                        overlap += targets.reachable(run, start.drawn, sub, w, fit, free,
                                                     v, n_sw, n_sq)
                        break
                    short += 1
                    break
    return none, overlap, short


@pytest.mark.parametrize("i", range(24))
def test_no_line_reaches_a_target_without_a_disjoint_cover_small_puzzles(i: int) -> None:
    game, rolls = _small(tiny_puzzle if i % 2 else crowded_puzzle, f"pack-{i}")
    CUTS[f"small-{i}"] = check_covers(game.initial_state(), rolls)


@pytest.mark.parametrize("i", range(24))
def test_no_line_reaches_a_target_without_a_disjoint_cover_midgames(i: int) -> None:
    rng = random.Random(f"pack-mid-{i}")
    while True:
        puzzle, s, _ = random_midgame(rng, max_fossils=3)
        try:
            CUTS[f"mid-{i}"] = check_covers(s, tuple(puzzle.rolls))
        except TooBig:
            continue
        return


def test_disjoint_cover_rules_out_what_overlapping_draws_allow() -> None:
    """Over the cases above (run alone, it runs them), the cover rules out targets, some
    of which the ring cover that lets draws overlap allows (what the target search's
    cut, :func:`.targets.reachable`, lets through), and some numbers of +1 Points of
    targets it allows."""
    for i in range(24):
        if f"small-{i}" not in CUTS:
            test_no_line_reaches_a_target_without_a_disjoint_cover_small_puzzles(i)
        if f"mid-{i}" not in CUTS:
            test_no_line_reaches_a_target_without_a_disjoint_cover_midgames(i)
    none, overlap, short = (sum(c[k] for c in CUTS.values()) for k in range(3))
    assert none > 0 and overlap > 0 and short > 0, (none, overlap, short)


@pytest.mark.parametrize("i", range(16))
def test_planner_with_the_disjoint_cover_keeps_the_may_pass_optimum(
        i: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the cover asked in every game, the planner's goals stay at least the brute
    force's may-pass optimum and it ends on that optimum."""
    monkeypatch.setattr(targets, "DISJOINT_GAME", 0)
    asked: list[bool | None] = []
    real = targets.disjoint_cover

    def counted(*args: object) -> bool | None:
        got = real(*args)           # type: ignore[arg-type]
        asked.append(got)
        return got

    monkeypatch.setattr(targets, "disjoint_cover", counted)
    planner_keeps_the_may_pass_optimum(i)
    assert None not in asked


def test_a_cover_search_past_its_nodes_gives_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``DISJOINT_NODES`` the search answers None (the target goes to the exact
    search); what it answers before that is its answer with the whole budget."""
    game, rolls = _small(crowded_puzzle, "pack-0")
    start = game.initial_state()
    engine = Engine(game, rolls, switch_shape=start.held[1] > 0)
    run = Run(engine.planner, start, 0, None)
    t = engine.tables
    fit = t.all_pl & ~t.block(start.drawn)
    free = tuple(len(rs) for rs in run.class_rounds)
    v = may_switch(run, (), 0, 0)
    open_f = sum(1 << f for f, ring in enumerate(t.rings) if ring & ~start.drawn)
    full = {sub: disjoint.disjoint_cover(run, sub, (0, 0, 0), free, fit, v)
            for sub in subsets(open_f)}
    monkeypatch.setattr(disjoint, "DISJOINT_NODES", 1)
    short = {sub: disjoint.disjoint_cover(run, sub, (0, 0, 0), free, fit, v)
             for sub in subsets(open_f)}
    assert None not in full.values() and None in short.values()
    assert all(short[sub] in (None, full[sub]) for sub in full)
