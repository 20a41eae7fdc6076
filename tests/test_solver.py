"""The exact solver: cross-checked against an independent brute force, and its contract.

The brute force knows nothing of the solver. It tries every turn the core's checked
generator ``State.legal_turns`` produces, applies it with the checked ``State.apply``, and
memoises on the whole ``State`` (a state's future depends on nothing else): no pruning, no
dominance, no bound. Puzzles come from fixed seeds; one the brute force cannot finish
within its budget of applied turns is replaced by the next one from the same generator, so
every test checks one puzzle, always the same one.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from paleowidgets.core.logs import replay_turns
from paleowidgets.core.maps import Puzzle, document_from_dict, parse_document
from paleowidgets.core.rules import TINY, Game, State
from paleowidgets.core.terms import BONUS_KINDS
from paleowidgets.solver.brute import TooBig, brute_force, checked_case
from paleowidgets.solver.exact import Solution, replay_score, solve
from paleowidgets.solver.puzzlegen import crowded_puzzle, random_puzzle, tiny_puzzle


def assert_solution(puzzle: Puzzle, sol: Solution, optimum: int) -> None:
    assert sol.proven
    assert sol.optimum == optimum, "\n".join(puzzle.map.grid_rows()) + f"\n{puzzle.rolls}"
    assert len(sol.turns) == len(puzzle.rolls)
    assert replay_score(puzzle, sol.turns) == optimum


# -- against the brute force --------------------------------------------------------------


@pytest.mark.parametrize("i", range(160))
def test_tiny_puzzles_match_brute_force(i: int) -> None:
    """5x5-6x6, one or two fossils, 1-3 rounds, stars, start bonuses, pre-drawn cells."""
    puzzle, optimum = checked_case(tiny_puzzle, f"tiny-{i}", 15_000)
    assert_solution(puzzle, solve(puzzle), optimum)


@pytest.mark.parametrize("i", range(160))
def test_crowded_puzzles_match_brute_force(i: int) -> None:
    """A third to a half of the cells drawn already: the forced-draw rule bites, rounds
    pass, One Squares may make a later round passable."""
    puzzle, optimum = checked_case(crowded_puzzle, f"crowded-{i}", 15_000)
    assert_solution(puzzle, solve(puzzle), optimum)


# -- lines the relaxation misses ------------------------------------------------------------

# Found by search, checked by the brute force: the optimum needs One Squares placed before
# the last round, to make the next round passable (the roll's shape would otherwise have
# to be drawn where it spoils the plan).
BLOCKING_SQUARES: list[tuple[dict[str, Any], int, int]] = [
    ({"map": {"name": "random",
              "grid": "# # # # .\n. . . . .\n. # A A .\n. . . A .\n# # . . #\n"},
      "fossils": {"A": {"points": 3, "bonus": 0}},
      "puzzle": {"rolls": [[4, 6], [4, 4], [1, 4], [3, 4]], "bonuses": {"one-square": 1}}},
     3, 0),
    ({"map": {"name": "random", "grid": ". . . . . . .\n. A . . # . .\n. . # # . . .\n"
              "# # . # . B .\n. . # # # # #\n"},
      "fossils": {"A": {"points": 6, "bonus": 3}, "B": {"points": 4, "bonus": 2}},
      "puzzle": {"rolls": [[6, 3], [1, 2], [6, 3], [2, 5]], "bonuses": {"one-square": 2}}},
     13, 10),
]


@pytest.mark.parametrize("doc, optimum, without", BLOCKING_SQUARES)
def test_squares_that_make_the_next_round_passable(doc: dict[str, Any], optimum: int,
                                                   without: int) -> None:
    puzzle = document_from_dict(doc)
    assert isinstance(puzzle, Puzzle)
    assert brute_force(Game.from_puzzle(puzzle), puzzle.rolls) == optimum
    sol = solve(puzzle)
    assert_solution(puzzle, sol, optimum)
    early = [t for t in sol.turns[:-1] if t.squares]
    assert early, "the optimum needs a square before the last round"
    assert without < optimum


# Found by search: boards where the forced draw costs points (the may-pass optimum is
# higher), so the real search has to run; and a puzzle where the best line needs one star
# to give a square and another a switch (a bound once got that split wrong).
FORCED: list[tuple[dict[str, Any], int, int]] = [
    ({"map": {"name": "random", "grid": "# # . . . .\n# # . . # #\n# . . # . .\n"
              "# . . # . #\n# A . * # .\n. . # . # #\n"},
      "fossils": {"A": {"points": 4, "bonus": 1}},
      "puzzle": {"rolls": [[2, 1], [4, 1], [1, 4]]}}, 0, 4),
    ({"map": {"name": "random", "grid": ". # . # # #\n* A # B B #\n. A # # B #\n"
              ". . . # . #\n. . # # # .\n# # . # # .\n"},
      "fossils": {"A": {"points": 5, "bonus": 2}, "B": {"points": 5, "bonus": 3}},
      "puzzle": {"rolls": [[1, 4], [3, 4], [3, 1], [5, 4]], "bonuses": {"plus-one": 1}}}, 6, 11),
    ({"map": {"name": "random", "grid": "# . . . *\n# A # B .\n. A . B .\n. A . B *\n"
              ". . . . #\n. # . . .\n"},
      "fossils": {"A": {"points": 3, "bonus": 2}, "B": {"points": 6, "bonus": 2}},
      "puzzle": {"rolls": [[6, 6], [2, 5], [6, 1]]}}, 9, 9),
]


@pytest.mark.parametrize("doc, optimum, may_pass", FORCED)
def test_forced_draw_and_relaxation(doc: dict[str, Any], optimum: int, may_pass: int) -> None:
    puzzle = document_from_dict(doc)
    assert isinstance(puzzle, Puzzle)
    game = Game.from_puzzle(puzzle)
    assert brute_force(game, puzzle.rolls) == optimum
    assert brute_force(game, puzzle.rolls, may_pass=True) == may_pass
    assert_solution(puzzle, solve(puzzle), optimum)


# -- the contract ---------------------------------------------------------------------------

TINY_PUZZLE = TINY + "[puzzle]\nrolls = [[2, 5]]\n"


def test_tiny_quarry() -> None:
    puzzle = parse_document(TINY_PUZZLE)
    assert isinstance(puzzle, Puzzle)
    game = Game.from_puzzle(puzzle)
    optimum = brute_force(game, puzzle.rolls)
    sol = solve(puzzle)
    assert_solution(puzzle, sol, optimum)
    # No search node needed here: the quick line already reaches the bound of the start.
    assert sol.nodes == 0 and sol.seconds >= 0
    # The same through (game, rolls), and the turns in file notation replay.
    again = solve((game, puzzle.rolls))
    assert again.optimum == optimum
    states = replay_turns(game, puzzle.rolls,
                          [type(t).from_dict(t.to_dict()) for t in again.turns])
    assert states[-1].score().total == optimum
    assert sol.to_dict()["optimum"] == optimum


def test_game_and_rolls_must_agree() -> None:
    puzzle = parse_document(TINY_PUZZLE)
    assert isinstance(puzzle, Puzzle)
    with pytest.raises(ValueError, match="rounds"):
        solve((Game(puzzle.map, rounds=5), puzzle.rolls))


def big_puzzle() -> Puzzle:
    return random_puzzle(random.Random(7), width=12, height=12, fossils=8, rounds=12, stars=4)


def test_time_limit_returns_a_legal_line() -> None:
    puzzle = big_puzzle()
    sol = solve(puzzle, time_limit=0.5)
    assert not sol.proven
    assert sol.seconds < 5
    assert replay_score(puzzle, sol.turns) == sol.optimum


def test_progress_and_interrupt() -> None:
    """``progress`` is called now and then; Ctrl-C returns the best line, unproven."""
    puzzle = big_puzzle()
    calls: list[tuple[int, int]] = []

    def progress(nodes: int, best: int) -> None:
        calls.append((nodes, best))
        # the search moved on since the first report (a better line from the anytime
        # phase, which counts no nodes, or more nodes of the exact search): stop it
        if (nodes, best) > calls[0]:
            raise KeyboardInterrupt

    sol = solve(puzzle, time_limit=30, progress=progress)
    # (On a busy machine two reports, half a second apart, may still see the same line.)
    assert len(calls) >= 2
    assert calls[0] < calls[-1]
    assert calls[-1][1] == sol.optimum
    assert not sol.proven
    assert replay_score(puzzle, sol.turns) == sol.optimum


# -- from a mid-game state ----------------------------------------------------------------


def mid_game_puzzle(rng: random.Random) -> Puzzle:
    """Small boards, 3-5 rounds, everything the rules have (stars, bonuses, pre-drawn)."""
    w, h = rng.randint(5, 6), rng.randint(5, 6)
    bonuses = {k: rng.randint(1, 2) for k in BONUS_KINDS if rng.random() < 0.3}
    return random_puzzle(rng, width=w, height=h, fossils=rng.randint(1, 2),
                         rounds=rng.randint(3, 5), stars=rng.randint(0, 3),
                         predrawn=rng.randint(0, w * h // 3), bonuses=bonuses,
                         custom_dice=rng.random() < 0.2)


def played_state(puzzle: Puzzle, rng: random.Random, rounds: int) -> State:
    """The state after ``rounds`` rounds of random legal turns (squares included)."""
    s = Game.from_puzzle(puzzle).initial_state()
    for roll in puzzle.rolls[:rounds]:
        s = s.apply(roll, rng.choice(list(s.legal_turns(roll, max_squares=1))))
    return s


def mid_game_case(seed: str, budget: int) -> tuple[Puzzle, State, int]:
    rng = random.Random(seed)
    while True:
        puzzle = mid_game_puzzle(rng)
        start = played_state(puzzle, rng, rng.randint(1, len(puzzle.rolls) - 1))
        try:
            return puzzle, start, brute_force(start.game, puzzle.rolls, budget=budget,
                                              start=start)
        except TooBig:
            continue


@pytest.mark.parametrize("i", range(60))
def test_mid_game_states_match_brute_force(i: int) -> None:
    """Solving from a state after some random rounds: the optimum of the rounds left, and
    a line that the checked ``State.apply`` replays from that state to it."""
    puzzle, start, optimum = mid_game_case(f"mid-{i}", 15_000)
    sol = solve(puzzle, start=start)
    assert sol.proven
    assert sol.optimum == optimum, (puzzle.rolls, start.round, start)
    assert len(sol.turns) == len(puzzle.rolls) - start.round
    s = start
    for roll, turn in zip(puzzle.rolls[start.round:], sol.turns, strict=True):
        s = s.apply(roll, turn)
    assert s.is_terminal and s.score().total == optimum


def test_start_state_of_another_game_is_refused() -> None:
    puzzle = parse_document(TINY_PUZZLE)
    assert isinstance(puzzle, Puzzle)
    other = Game(puzzle.map, rounds=3).initial_state()
    with pytest.raises(ValueError, match="start state"):
        solve(puzzle, start=other)


def test_terminal_start_state() -> None:
    puzzle = parse_document(TINY_PUZZLE)
    assert isinstance(puzzle, Puzzle)
    end = solve(puzzle)
    s = Game.from_puzzle(puzzle).initial_state().apply(puzzle.rolls[0], end.turns[0])
    sol = solve(puzzle, start=s)
    assert sol.proven and sol.turns == () and sol.optimum == end.optimum


# -- the ring-cover bound ---------------------------------------------------------------------

COVER_CASES = [
    dict(width=7, height=7, fossils=2, rounds=3, stars=2),
    dict(width=8, height=8, fossils=3, rounds=4, stars=2),
    dict(width=8, height=8, fossils=3, rounds=5, stars=0),
    dict(width=7, height=7, fossils=3, rounds=4, stars=1, bonuses={"one-square": 1}),
]


@pytest.mark.parametrize("i", range(8))
def test_ring_cover_never_asks_more_than_a_real_line_uses(i: int) -> None:
    """Along a real line (the solver's, replayed, so it is legal whatever the proof): the
    bound of every state on it is at least the line's score, and for every fossil the
    line completes later, ``Tables.cover_rounds`` asks for no more rounds than the line
    spends touching its ring, and says the fossils completed together can be covered
    together (in the dig type of their bonus where they earn it)."""
    from paleowidgets.solver._tables import Tables

    spec = COVER_CASES[i % len(COVER_CASES)]
    puzzle = random_puzzle(random.Random(f"cover-{i}"), **spec)
    game = Game.from_puzzle(puzzle)
    sol = solve(puzzle, time_limit=1.5)       # any real line will do (proven or not)
    t = Tables(game, puzzle.rolls)
    states = [game.initial_state()]
    for roll, turn in zip(puzzle.rolls, sol.turns, strict=True):
        states.append(states[-1].apply(roll, turn))
    final = states[-1]
    assert final.score().total == sol.optimum
    for r, s in enumerate(states[:-1]):
        assert t.bound(s) >= sol.optimum
        # Rounds with any switch the line may spend; as many upgrades as it spends.
        slots = tuple((t.shapes_for[rr][(False, False)], t.shapes_for[rr][(True, True)], 1)
                      for rr in range(r, t.R))
        spent = sum(1 for turn in sol.turns[r:] if turn.switch)
        together = []
        for f, ring in enumerate(t.rings):
            if s.dug >> f & 1 or not final.dug >> f & 1:
                continue
            open_ring = ring & ~s.drawn
            used = sum(1 for a, b in zip(states[r:-1], states[r + 1:], strict=True)
                       if (b.drawn & ~a.drawn) & open_ring)
            squares = s.held[0] + sum(1 for x in states[r + 1:] if x.held[0])  # generous
            k = next((1 + d for d in range(3) if ring & final.digs[d] == ring), 0)
            together.append((f, k))
            got = t.cover_rounds(((f, k),), s.drawn, slots, spent, squares if not k else 0, 0)
            assert got is not None and got <= used, (f, r, got, used)
        if len(together) >= 2:
            assert t.cover_rounds(tuple(together), s.drawn, slots, spent, 99, 0,
                                  possible=True) == 0


# -- the planner's relaxation by target -----------------------------------------------------

RELAX_CASES = [
    dict(width=7, height=7, fossils=2, rounds=3, stars=2),
    dict(width=8, height=8, fossils=3, rounds=4, stars=2, bonuses={"switch-shape": 1}),
    dict(width=8, height=8, fossils=3, rounds=5, stars=1, bonuses={"one-square": 1}),
    dict(width=9, height=9, fossils=4, rounds=5, stars=2, bonuses={"switch-dig": 1}),
]


@pytest.mark.parametrize("i", range(24))
def test_relaxation_admits_every_real_line(i: int) -> None:
    """The dynamic program of the planner (``_planner.relaxation.dp_plus``) bounds the +1
    Points of every line of a target: fed the target of a real line (the fossils it dug,
    the dig types of the bonuses it earned), it must allow at least that line's +1 Points
    from stars."""
    from paleowidgets.solver._moves import NONE, Clock
    from paleowidgets.solver._planner import Planner, Run
    from paleowidgets.solver._planner.relaxation import dp_plus
    from paleowidgets.solver._tables import Tables

    spec = RELAX_CASES[i % len(RELAX_CASES)]
    puzzle = random_puzzle(random.Random(f"relax-{i}"), **spec)
    game = Game.from_puzzle(puzzle)
    sol = solve(puzzle, time_limit=1.5)       # any real line will do (proven or not)
    s0 = game.initial_state()
    final = replay_turns(game, puzzle.rolls, sol.turns)[-1]
    t = Tables(game, puzzle.rolls, switch_shape=True)
    run = Run(Planner(t, Clock(None, None)), s0, -1, None)
    want = [0, 0, 0]
    for f, ring in enumerate(t.rings):
        if final.same >> f & 1:
            want[next(d for d in range(3) if ring & final.digs[d] == ring)] |= 1 << f
    free = tuple(len(rs) for rs in run.class_rounds)
    plus = dp_plus(run, final.dug, (want[0], want[1], want[2]), free)
    assert plus is not None and plus != NONE
    assert plus >= final.held[3] - s0.held[3]


@pytest.mark.parametrize("bits", [3, 5])
def test_relaxation_keeps_the_fewest_switches_per_cells(bits: int) -> None:
    """The relaxation's states are kept one per set of cells, with the fewest switches
    spent: sorted as one word (cells above, switches below) or by two keys, the answer
    is the one a dictionary gives, in the order of the cells."""
    import numpy as np

    from paleowidgets.solver._planner.relaxation import _Made, fewest_spent

    rng = random.Random(f"fewest-{bits}")
    cells = [rng.randrange(1 << 20) | rng.choice([0, 1 << (63 - bits)]) for _ in range(400)]
    cells += cells[:150]                                    # the same cells again
    spent = [rng.randrange(1 << bits) for _ in cells]
    fewest: dict[int, int] = {}
    for c, u in zip(cells, spent, strict=True):
        fewest[c] = min(u, fewest.get(c, u))
    want = [sorted(fewest), [fewest[c] for c in sorted(fewest)]]
    for way in (bits, 0):
        got = fewest_spent(np.array(cells, np.uint64), np.array(spent, np.int32), way)
        assert [a.tolist() for a in got] == want, way
        # dp_plus keeps a round's states in parts (packed as one word each with bits),
        # joined only to be sorted: the same answer
        made = _Made(way)
        for lo, hi in ((0, 0), (0, 200), (200, 201), (201, len(cells))):
            made.add(np.array(cells[lo:hi], np.uint64), np.array(spent[lo:hi], np.int32))
        assert made.count == len(cells)
        got = made.fewest_spent()
        assert [a.tolist() for a in got] == want and got[1].dtype == np.int32, way
        assert made.parts == [] and made.spent == []          # let go once joined


@pytest.mark.parametrize("i", range(12))
def test_relaxation_at_least_is_exact_or_says_below(i: int) -> None:
    """``dp_plus(..., at_least=k)`` cuts every state that cannot leave k +1 Points, so it
    must return the same answer as without the cut when that answer is at least k, and an
    upper bound below k (not a proof that no line exists) when it is below, for every
    fossil set and k = 1..3, on puzzles with stars, switches and squares held."""
    from paleowidgets.solver._moves import Clock
    from paleowidgets.solver._planner import Planner, Run
    from paleowidgets.solver._planner.relaxation import dp_plus
    from paleowidgets.solver._tables import Tables

    spec = RELAX_CASES[i % len(RELAX_CASES)]
    puzzle = random_puzzle(random.Random(f"at-least-{i}"), **spec)
    game = Game.from_puzzle(puzzle)
    t = Tables(game, puzzle.rolls, switch_shape=True)
    run = Run(Planner(t, Clock(None, None)), game.initial_state(), -1, None)
    free = tuple(len(rs) for rs in run.class_rounds)
    checked = 0
    for sub in range(1, 1 << len(t.rings)):
        exact = dp_plus(run, sub, (0, 0, 0), free)
        assert exact is not None
        for k in range(1, 4):
            got = dp_plus(run, sub, (0, 0, 0), free, at_least=k)
            if exact >= k:
                assert got == exact
            else:
                assert got is not None and exact <= got < k
            checked += 1
    assert checked >= 9


def test_bench_row_11_is_proven() -> None:
    """Row 11 of ``benchmarks/bench_solver.py`` (12x12, 8 rounds, 6 fossils, 2 stars): the
    goals come down from the top, the relaxation asked for at least the +1 Points each
    goal needs settles every target above 27, and a path of it drawn as a line reaches 27
    (before, neither our solver in 28 minutes nor CP-SAT in 120 s proved it)."""
    puzzle = random_puzzle(random.Random(108), width=12, height=12, fossils=6, rounds=8,
                           stars=2)
    sol = solve(puzzle)
    assert sol.proven and sol.optimum == 27
    assert replay_score(puzzle, sol.turns) == 27


def test_relaxation_paths_are_drawn_as_lines() -> None:
    """On row 11 the relaxation allows 27 for fossils A-E with the bonuses of A, C and E
    in dig type 1 and one +1 Point; asked with ``lines``, it draws one of its paths with
    real placements and records that line of 27 (the exact search needed 245 s for it).
    Without ``lines`` nothing is recorded, so the line is the path's."""
    from paleowidgets.solver._moves import Clock
    from paleowidgets.solver._planner import Planner, Run
    from paleowidgets.solver._planner.relaxation import dp_plus
    from paleowidgets.solver._tables import Tables

    puzzle = random_puzzle(random.Random(108), width=12, height=12, fossils=6, rounds=8,
                           stars=2)
    game = Game.from_puzzle(puzzle)
    t = Tables(game, puzzle.rolls, switch_shape=True)
    assert [f.id for f in puzzle.map.fossils][:5] == ["A", "B", "C", "D", "E"]
    want = (0, 0b10101, 0)                             # A, C and E in dig type 1
    for lines in (False, True):
        run = Run(Planner(t, Clock(None, None)), game.initial_state(), 26, None)
        free = tuple(len(rs) for rs in run.class_rounds)
        assert dp_plus(run, 0b11111, want, free, at_least=1, lines=lines) == 1
        if lines:
            assert run.best == 27 and run.best_line is not None
            assert len(run.best_line) == len(puzzle.rolls)
        else:
            assert run.best == 26 and run.best_line is None


def test_bench_row_9_is_proven() -> None:
    """Row 9 of ``benchmarks/bench_solver.py`` (11x11, 6 rounds, 5 fossils, 2 stars): the
    may-pass optimum by target proves it (before, no solve of ours or of CP-SAT did)."""
    puzzle = random_puzzle(random.Random(106), width=11, height=11, fossils=5, rounds=6,
                           stars=2)
    sol = solve(puzzle)
    assert sol.proven and sol.optimum == 19
    assert replay_score(puzzle, sol.turns) == 19
