"""Game analysis and the hint ladder, checked against the brute force of test_solver.

Games are played on small random puzzles (so the brute force can say the best score from
every state): random legal turns, the greedy bot's, and the optimal line itself.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import time
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from test_solver import TooBig, mid_game_puzzle

from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.logs import GameLog, PlayerLog, replay_turns
from paleowidgets.core.maps import Puzzle, Roll
from paleowidgets.core.rules import Game, State
from paleowidgets.core.turns import Turn
from paleowidgets.data import load_map
from paleowidgets.solver import analysis, lines_worker
from paleowidgets.solver.analysis import Analysis, analyse, analyse_log, hint_ladder
from paleowidgets.solver.bots import GreedyBot, play_game
from paleowidgets.solver.exact import Engine, Solution, solve
from paleowidgets.solver.lines_worker import LinesWorker, cpus, memory_limit
from paleowidgets.solver.puzzlegen import random_puzzle

BUDGET = 4_000


def random_turns(game: Game, rolls: Sequence[Roll], rng: random.Random) -> list[Turn]:
    s = game.initial_state()
    turns = []
    for roll in rolls:
        turn = rng.choice(list(s.legal_turns(roll, max_squares=1)))
        turns.append(turn)
        s = s.apply(roll, turn)
    return turns


class Oracle:
    """The brute force of test_solver (every legal turn, checked, memoised on the State),
    with one memo for all the states of a game, so that solving every state of a game
    costs about as much as solving its first."""

    def __init__(self, rolls: Sequence[Roll], budget: int = BUDGET) -> None:
        self.rolls = rolls
        self.budget = budget
        self.memo: dict[State, int] = {}

    def __call__(self, s: State) -> int:
        hit = self.memo.get(s)
        if hit is None:
            if s.is_terminal:
                hit = s.score().total
            else:
                roll = self.rolls[s.round]
                hit = -1
                for turn in s.legal_turns(roll):
                    self.budget -= 1
                    if self.budget < 0:
                        raise TooBig
                    hit = max(hit, self(s.apply(roll, turn)))
            self.memo[s] = hit
        return hit




@cache
def game_case(seed: str, player: str) -> tuple[Puzzle, list[Turn], list[int]]:
    """A puzzle, a game on it, and the brute-force best from each of its states."""
    rng = random.Random(seed)
    while True:
        puzzle = mid_game_puzzle(rng)
        game = Game.from_puzzle(puzzle)
        if player == "greedy":
            turns = play_game(game, puzzle.rolls, GreedyBot(), rng)[1]
        elif player == "random":
            turns = random_turns(game, puzzle.rolls, rng)
        else:
            turns = list(solve(puzzle).turns)
        states = replay_turns(game, puzzle.rolls, turns)
        oracle = Oracle(puzzle.rolls)
        try:
            best = [oracle(s) for s in states]
        except TooBig:
            continue
        if best[0] > 0:          # a game where nothing can score says little
            return puzzle, turns, best


def check_analysis(a: Analysis, puzzle: Puzzle, turns: Sequence[Turn], best: list[int]) -> None:
    game = Game.from_puzzle(puzzle)
    oracle = Oracle(puzzle.rolls, budget=10 * BUDGET)
    states = replay_turns(game, puzzle.rolls, turns)
    assert len(a.rounds) == len(turns)
    assert a.final == states[-1].score().total
    assert a.best == a.rounds[0].best_before == best[0]
    assert a.proven
    for r, ra in enumerate(a.rounds):
        assert ra.round == r + 1 and ra.roll == puzzle.rolls[r] and ra.turn == turns[r]
        assert ra.proven
        assert (ra.best_before, ra.best_after) == (best[r], best[r + 1])
        assert ra.regret == ra.best_before - ra.best_after >= 0
        if r + 1 < len(a.rounds):
            assert ra.best_after == a.rounds[r + 1].best_before
        # The best turn is legal and keeps the best reachable.
        after = states[r].apply(puzzle.rolls[r], ra.best_turn)
        assert oracle(after) == ra.best_before
    assert sum(ra.regret for ra in a.rounds) == a.best - a.final


@pytest.mark.parametrize("player", ["greedy", "random", "optimal"])
@pytest.mark.parametrize("i", range(6))
def test_analysis_matches_brute_force(player: str, i: int) -> None:
    puzzle, turns, best = game_case(f"analysis-{player}-{i}", player)
    a = analyse(Game.from_puzzle(puzzle), puzzle.rolls, turns)
    check_analysis(a, puzzle, turns, best)
    if player == "optimal":
        assert all(ra.regret == 0 for ra in a.rounds)
        assert a.final == a.best


def record_workers(monkeypatch: pytest.MonkeyPatch) -> list[LinesWorker | None]:
    """The lines workers the analyses start from now on (None: could not start)."""
    started: list[LinesWorker | None] = []
    start = LinesWorker.start

    def starting(*a: Any) -> LinesWorker | None:
        started.append(start(*a))
        return started[-1]

    monkeypatch.setattr(LinesWorker, "start", starting)
    return started


@pytest.mark.parametrize("i", range(4))
def test_the_lines_worker_fills_the_rounds_the_proofs_miss(
        i: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the lines worker (a second process; here on a short game, from its last
    state), and this process's solves given no time from the third state from the end
    back, the analysis still matches the brute force, proven: the worker's solves (in
    its own process, not cut) fill the rounds this process could not prove."""
    puzzle, turns, best = game_case(f"analysis-greedy-{i}", "greedy")
    game = Game.from_puzzle(puzzle)
    n = len(turns)
    monkeypatch.setattr(analysis, "WORKER_ROUNDS", 0)
    monkeypatch.setattr(analysis, "WORKER_LEFT", 1)
    started = record_workers(monkeypatch)
    real = Engine.solve
    cut: list[bool] = []

    def cut_solve(self: Engine, s: State, **kw: Any) -> Solution:
        if s.round < n - 2:
            kw["time_limit"] = 0.0
            sol = real(self, s, **kw)
            cut.append(sol.proven)
            return sol
        return real(self, s, **kw)

    monkeypatch.setattr(Engine, "solve", cut_solve)
    a = analyse(game, puzzle.rolls, turns, total_time=30, workers=2)
    check_analysis(a, puzzle, turns, best)
    assert started and started[0] is not None
    assert False in cut             # a round this process did not prove
    assert any(proven for _, _, proven, _ in started[0].results.values())  # the worker did


def test_the_lines_worker_ends_with_an_analysis_that_fails(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An error in this process's proofs reaches the caller, and the worker process is
    stopped at once, not left running to its deadline."""
    puzzle, turns, _ = game_case("analysis-greedy-0", "greedy")
    monkeypatch.setattr(analysis, "WORKER_ROUNDS", 0)
    monkeypatch.setattr(analysis, "WORKER_LEFT", 1)
    started = record_workers(monkeypatch)
    def failing(self: Engine, s: State, **kw: Any) -> Solution:
        raise RuntimeError("a bug in a proof")

    monkeypatch.setattr(Engine, "solve", failing)
    with pytest.raises(RuntimeError, match="a bug in a proof"):
        analyse(Game.from_puzzle(puzzle), puzzle.rolls, turns, total_time=600, workers=2)
    worker = started[0]
    assert worker is not None and worker.proc.poll() is not None


def test_the_lines_worker_is_asked_for_by_the_cores() -> None:
    """``cpus()``: at least one core, at most the machine's."""
    assert 1 <= cpus() <= (os.cpu_count() or 1)


def test_the_container_limits_are_read_in_both_cgroup_versions(tmp_path: Path) -> None:
    """A quota of 1.5 CPUs or 1 GiB of memory, written as cgroup v2 or v1 writes them;
    v1's "no limit" (-1, a number near 2**63) and a missing file are no limit."""
    v2, v1 = tmp_path / "v2", tmp_path / "v1"
    (v1 / "cpu").mkdir(parents=True)
    (v1 / "memory").mkdir()
    v2.mkdir()
    (v2 / "cpu.max").write_text("150000 100000\n")
    (v2 / "memory.max").write_text("1073741824\n")
    (v1 / "cpu" / "cpu.cfs_quota_us").write_text("150000\n")
    (v1 / "cpu" / "cpu.cfs_period_us").write_text("100000\n")
    (v1 / "memory" / "memory.limit_in_bytes").write_text("1073741824\n")
    assert cpus(v2) == cpus(v1) == 1
    assert memory_limit(v2) == memory_limit(v1) == 1 << 30
    (v1 / "cpu" / "cpu.cfs_quota_us").write_text("-1\n")
    (v1 / "memory" / "memory.limit_in_bytes").write_text("9223372036854771712\n")
    (v2 / "cpu.max").write_text("max 100000\n")
    (v2 / "memory.max").write_text("max\n")
    machine = cpus(tmp_path / "nowhere")
    assert cpus(v1) == cpus(v2) == machine >= 1
    assert memory_limit(v1) is memory_limit(v2) is memory_limit(tmp_path) is None


def test_no_lines_worker_where_memory_is_short(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a container of 1 GiB (a JupyterHub's or Binder's limit), a class game's analysis
    runs alone even on two cores: the two processes together may pass 1 GB, and a kernel
    past its limit is killed. With the room for two, the worker starts."""
    game = Game(load_map("dig-site"))
    rng = random.Random(7)
    rolls = tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(game.rounds))
    turns = play_game(game, rolls, GreedyBot(), random.Random(7))[1]
    started = record_workers(monkeypatch)
    monkeypatch.setattr(lines_worker, "cpus", lambda: 2)
    monkeypatch.setattr(lines_worker, "memory_limit", lambda: 1 << 30)
    analyse(game, rolls, turns, total_time=1.0)
    assert started == []
    monkeypatch.setattr(lines_worker, "memory_limit", lambda: 4 << 30)
    analyse(game, rolls, turns, total_time=1.0)
    assert len(started) == 1


def test_progress_goes_on_while_a_round_is_analysed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A class game analysed in 3 s: its slow rounds call ``progress`` about twice a
    second with the rounds analysed so far (a bar of the time can move), never backwards,
    and the last call says every round was analysed. The proofs may take 90 % of the time,
    so the round they do not prove runs until 2.7 s: a slow round for sure (with 50 %, the
    proofs of this game end by 1.5 s, each round in under 0.5 s, and no call repeats)."""
    monkeypatch.setattr(analysis, "PROOF_SHARE", 0.9)
    game = Game(load_map("dig-site"))
    rng = random.Random(7)
    rolls = tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(game.rounds))
    turns = play_game(game, rolls, GreedyBot(), random.Random(7))[1]
    calls: list[tuple[int, float]] = []
    start = time.monotonic()
    analyse(game, rolls, turns, total_time=3.0, workers=1,
            progress=lambda k, n: calls.append((k, time.monotonic() - start)))
    done = [k for k, _ in calls]
    assert done == sorted(done) and done[-1] == game.rounds
    assert len(done) > len(set(done))                     # repeated while a round ran
    gaps = [b - a for (_, a), (_, b) in itertools.pairwise(calls)]
    assert max(gaps) < 1.5                                # never a long silence


class CtrlC:
    """``analyse``'s progress: Ctrl-C (a KeyboardInterrupt) at the first tick inside a
    solve once ``least`` rounds are analysed, where a user's Ctrl-C or the kernel's ■
    comes (solves take the time; between them the progress says a round is done, once,
    and the ticks of the next solve repeat that count)."""

    def __init__(self, least: int) -> None:
        self.least, self.last, self.done, self.at = least, -1, -1, 0.0

    def __call__(self, done: int, rounds: int) -> None:
        if done >= self.least and done == self.last and not self.at:
            self.done, self.at = done, time.monotonic()
            raise KeyboardInterrupt
        self.last = done


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_an_analysis_and_keeps_what_it_found(
        workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C during a class game's analysis (60 s in all) ends it within seconds, the
    lines worker stopped too: the rounds solved keep their brackets, those not reached
    show the line played and the quick bound, and the answer says it was stopped."""
    game = Game(load_map("dig-site"))
    rng = random.Random(7)
    rolls = tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(game.rounds))
    turns = play_game(game, rolls, GreedyBot(), random.Random(7))[1]
    states = replay_turns(game, rolls, turns)
    n = game.rounds
    started = record_workers(monkeypatch)
    ctrl_c = CtrlC(3)
    a = analyse(game, rolls, turns, total_time=60, workers=workers, progress=ctrl_c)
    assert ctrl_c.at and time.monotonic() - ctrl_c.at < 3.0      # not the minute
    assert a.stopped and a.to_dict()["stopped"] is True and not a.proven
    if workers == 2:
        assert started and started[0] is not None and started[0].proc.poll() is not None
    assert all(r.proven for r in a.rounds[n - 3:])               # solved before Ctrl-C
    cut = n - ctrl_c.done - 1                                    # the state it cut
    quick = Engine(game, rolls).tables.quick_bound
    for k, ra in enumerate(a.rounds):
        assert ra.best_before <= ra.bound_before and ra.best_after <= ra.bound_after
        if k < cut:                    # not reached: the quick bound
            assert ra.bound_before == min(quick(states[j]) for j in range(k + 1))
            assert not ra.proven
            if workers == 1:           # and the line played (no worker's lines)
                assert ra.best_before == ra.best_after == a.rounds[cut].best_before
    assert not analyse(game, rolls, turns, total_time=0.5, workers=1).stopped


def test_ctrl_c_before_a_solve_has_a_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C can come before a round's solve has its first line (it has nothing to
    return then; a kernel interrupted in its first greedy line, seen in a test): the
    analysis stops all the same, that round and those before it bracketed by the line
    played and the quick bound."""
    game, rolls, turns = dig_site_game(20, 7)
    states = replay_turns(game, rolls, turns)
    real = Engine.solve
    calls: list[int] = []

    def solve(self: Engine, s: State, **kw: Any) -> Solution:
        calls.append(s.round)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(self, s, **kw)

    monkeypatch.setattr(Engine, "solve", solve)
    a = analyse(game, rolls, turns, total_time=60, workers=1)
    assert a.stopped and len(calls) == 4 and calls[-1] == game.rounds - 4
    quick = Engine(game, rolls).tables.quick_bound
    assert all(r.proven for r in a.rounds[-3:])
    cut = game.rounds - 4
    assert a.rounds[cut].bound_before == min(quick(states[j]) for j in range(cut + 1))
    assert a.rounds[cut].best_before == a.rounds[cut].best_after == a.rounds[-3].best_before


def test_ctrl_c_while_the_analysis_waits_for_its_worker(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """When its proofs end early, a class game's analysis waits for the lines worker to
    the end of its time: the bar goes on moving meanwhile (progress about twice a
    second), and Ctrl-C there ends it at once, the worker stopped, the rounds bracketed."""
    game, rolls, turns = dig_site_game(20, 7)
    real = Engine.solve

    def cut_solve(self: Engine, s: State, **kw: Any) -> Solution:
        if s.round < game.rounds - 3:              # the proofs end early, not proven
            kw["time_limit"] = 0.5
        return real(self, s, **kw)

    monkeypatch.setattr(Engine, "solve", cut_solve)
    waiting: list[float] = []
    finish = LinesWorker.finish

    def finishing(self: LinesWorker, *a: Any, **kw: Any) -> Any:
        waiting.append(time.monotonic())
        return finish(self, *a, **kw)

    monkeypatch.setattr(LinesWorker, "finish", finishing)
    started = record_workers(monkeypatch)
    calls: list[float] = []
    pressed: list[float] = []

    def progress(done: int, rounds: int) -> None:
        calls.append(time.monotonic())
        if waiting and calls[-1] - waiting[0] > 2.0 and not pressed:
            pressed.append(calls[-1])
            raise KeyboardInterrupt

    a = analyse(game, rolls, turns, total_time=60, workers=2, progress=progress)
    end = time.monotonic()
    assert waiting and 2.0 < end - waiting[0] < 4.0 and a.stopped
    assert started and started[0] is not None and started[0].proc.poll() is not None
    ticks = [t for t in calls if waiting[0] <= t <= pressed[0]]
    assert len(ticks) >= 4 and max(b - a for a, b in itertools.pairwise(ticks)) < 1.0
    for ra in a.rounds:
        assert ra.best_before <= ra.bound_before and ra.best_after <= ra.bound_after


def test_ctrl_c_in_the_middle_of_a_workers_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while a message of the lines worker is half read: nothing more is read from
    it (the rest of that message would be taken for the next one's length, and the read
    would wait for bytes that never come: 29.8 s here before, the worker's time to its
    deadline), and the worker is still stopped at once."""
    game, rolls, turns = dig_site_game(20, 7)
    worker = LinesWorker.start(game, rolls, turns, 13, time.monotonic() + 30)
    assert worker is not None
    assert worker.conn.poll(30)                        # a message is there
    read = worker.conn._recv                           # type: ignore[attr-defined]

    def torn(size: int, *a: Any) -> Any:
        read(1)                                        # one byte, then Ctrl-C
        raise KeyboardInterrupt

    monkeypatch.setattr(worker.conn, "_recv", torn)
    with pytest.raises(KeyboardInterrupt):
        worker.poll()
    monkeypatch.setattr(worker.conn, "_recv", read)
    start = time.monotonic()
    worker.poll(1.0)
    assert worker.torn
    worker.finish((), 0.0)
    assert time.monotonic() - start < 3.0 and worker.proc.poll() is not None


def test_some_games_have_regret() -> None:
    """The cases above are not all trivial: some rounds of the bots' games cost points."""
    regrets = 0
    for i in range(6):
        for player in ("random", "greedy"):
            _puzzle, turns, best = game_case(f"analysis-{player}-{i}", player)
            regrets += sum(1 for r in range(len(turns)) if best[r] > best[r + 1])
    assert regrets >= 6


def test_progress_log_and_json() -> None:
    puzzle, turns, best = game_case("analysis-log", "greedy")
    game = Game.from_puzzle(puzzle)
    calls: list[tuple[int, int]] = []
    a = analyse(game, puzzle.rolls, turns, progress=lambda k, n: calls.append((k, n)))
    n = len(turns)
    # After each round, and again (the same numbers) while a round takes long.
    assert sorted(set(calls)) == [(k, n) for k in range(1, n + 1)] and calls == sorted(calls)
    log = GameLog(puzzle, tuple(puzzle.rolls),
                  (PlayerLog("Ada", tuple(turns)), PlayerLog("Bo", tuple(turns))))
    assert analyse_log(log, "Bo") == a == analyse_log(log)
    with pytest.raises(ValueError, match="no player"):
        analyse_log(log, "Cy")
    d = json.loads(json.dumps(a.to_dict()))
    assert d["best"] == best[0] and d["final"] == a.final and d["proven"] is True
    assert [r["regret"] for r in d["rounds"]] == [r.regret for r in a.rounds]
    assert Turn.from_dict(d["rounds"][0]["best_turn"]) == a.rounds[0].best_turn


def test_unfinished_game_is_refused() -> None:
    puzzle, turns, _ = game_case("analysis-log", "greedy")
    with pytest.raises(ValueError, match="finished"):
        analyse(Game.from_puzzle(puzzle), puzzle.rolls[:-1], turns[:-1])


def test_time_limited_analysis_stays_consistent() -> None:
    """A cut search still gives regrets >= 0 that add up, and says it is not proven."""
    game = Game(load_map("dig-site"), rounds=12)
    rolls = roll_sequence(3, game.rounds)
    turns = play_game(game, rolls, GreedyBot(), random.Random(3))[1]
    a = analyse(game, rolls, turns, time_limit=0.05)
    assert not a.proven
    assert all(ra.regret >= 0 for ra in a.rounds)
    assert all(x.best_after == y.best_before for x, y in zip(a.rounds, a.rounds[1:], strict=False))
    assert sum(ra.regret for ra in a.rounds) == a.best - a.final
    states = replay_turns(game, rolls, turns)
    for s, ra in zip(states, a.rounds, strict=False):
        s.apply(ra.roll, ra.best_turn)          # legal


# -- the hint ladder ---------------------------------------------------------------------


def hint_case(seed: str) -> tuple[Puzzle, State, int]:
    """A state some random rounds into a small puzzle, and its brute-force best."""
    rng = random.Random(seed)
    while True:
        puzzle = mid_game_puzzle(rng)
        game = Game.from_puzzle(puzzle)
        k = rng.randint(0, len(puzzle.rolls) - 1)
        s = replay_turns(game, puzzle.rolls[:k], random_turns(game, puzzle.rolls[:k], rng))[-1]
        try:
            return puzzle, s, Oracle(puzzle.rolls)(s)
        except TooBig:
            continue


@pytest.mark.parametrize("i", range(30))
def test_hint_ladder(i: int) -> None:
    puzzle, s, best = hint_case(f"hint-{i}")
    r = s.round
    roll = puzzle.rolls[r]
    hints = hint_ladder(s, roll, future_rolls=puzzle.rolls[r + 1:], time_limit=None)
    levels = [h.level for h in hints]
    assert levels in (["legal", "enclosure", "optimal"], ["legal", "optimal"])
    for h in hints:
        s.apply(roll, h.turn)                   # every rung is a legal turn
    g = s.game
    undug_open = [(f.id, ring & ~s.drawn) for i, (f, ring) in
                  enumerate(zip(g.map.fossils, g.rings, strict=True)) if not s.dug >> i & 1]
    # Some legal draw of the roll touches an open ring exactly when the rung is there.
    touches = any(not t.passed and g.mask_of(t.cells) & open_ring
                  for t in s.legal_turns(roll, max_squares=0) for _, open_ring in undug_open)
    assert ("enclosure" in levels) == bool(touches)
    for h in hints:
        if h.level == "enclosure":
            assert h.fossil is not None and not h.turn.passed
            open_ring = dict(undug_open)[h.fossil]
            assert g.mask_of(h.turn.cells) & open_ring
        else:
            assert h.fossil is None
    opt = hints[-1]
    assert opt.level == "optimal" and opt.value == best
    after = s.apply(roll, opt.turn)
    assert Oracle(puzzle.rolls, budget=10 * BUDGET)(after) == best


def test_hint_ladder_without_future_rolls() -> None:
    puzzle, s, _ = hint_case("hint-no-future")
    hints = hint_ladder(s, puzzle.rolls[s.round])
    assert [h.level for h in hints][:1] == ["legal"]
    assert "optimal" not in [h.level for h in hints]
    assert all(h.value is None for h in hints)


def test_hint_ladder_refuses_wrong_future() -> None:
    puzzle, s, _ = hint_case("hint-future")
    with pytest.raises(ValueError, match="rolls of the"):
        hint_ladder(s, puzzle.rolls[s.round], future_rolls=[*puzzle.rolls, (1, 1)])
    end = replay_turns(s.game, puzzle.rolls, list(solve(puzzle).turns))[-1]
    with pytest.raises(ValueError, match="over"):
        hint_ladder(end, (1, 1))


def test_hint_when_nothing_fits_is_the_pass() -> None:
    """A board so full that the roll's shapes fit nowhere: the legal hint is the pass. The
    map rule forbids a map that full at the start (fossil-never-dug-up: its ring could never
    be drawn), so a first turn fills every open cell but the ring of a one-cell fossil, whose
    four cells touch only by corners."""
    puzzle = random_puzzle(random.Random(5), width=5, height=5, fossils=1, rounds=3,
                           fossil_size=(1, 1))
    g = Game.from_puzzle(puzzle)
    every = g.mask_of((x, y) for x in range(g.width) for y in range(g.height))
    ring = g.mask_of(g.map.fossils[0].ring)
    s = g.initial_state().play(every & ~g.fossil_mask & ~g.predrawn_mask & ~ring, 0)
    assert not any(s.fits(shape) for shape in "FILNPTUVWXYZ")
    hints = hint_ladder(s, puzzle.rolls[s.round], future_rolls=puzzle.rolls[s.round + 1:])
    assert [h.level for h in hints] == ["legal", "optimal"]
    assert hints[0].turn.passed and hints[1].turn.passed


# -- brackets and `paleo analyse` --------------------------------------------------------


def dig_site_game(rounds: int, seed: int, name: str = "dig-site"
                  ) -> tuple[Game, tuple[Roll, ...], list[Turn]]:
    game = Game(load_map(name), rounds=rounds)
    rng = random.Random(seed)
    rolls = tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(rounds))
    return game, rolls, play_game(game, rolls, GreedyBot(), random.Random(seed))[1]


def test_a_cut_analysis_brackets_every_round() -> None:
    """Within a total time: every round is a bracket [found, bound] before and after the
    turn, consistent from round to round; a proven round's bracket is closed; the regret
    found lies within the regret's bracket."""
    game, rolls, turns = dig_site_game(12, 5)
    a = analyse(game, rolls, turns, total_time=8)
    assert a.bound == a.rounds[0].bound_before >= a.best
    for x, y in zip(a.rounds, a.rounds[1:], strict=False):
        assert (x.best_after, x.bound_after) == (y.best_before, y.bound_before)
    for ra in a.rounds:
        assert ra.best_before <= ra.bound_before and ra.best_after <= ra.bound_after
        assert ra.bound_after <= ra.bound_before
        assert ra.regret_low <= ra.regret <= ra.regret_high
        if ra.proven:
            assert ra.bound_before == ra.best_before and ra.bound_after == ra.best_after
            assert ra.regret_low == ra.regret_high == ra.regret
    # After the last turn the score is known exactly.
    assert a.rounds[-1].bound_after == a.rounds[-1].best_after == a.final
    d = a.to_dict()
    assert d["bound"] == a.bound and d["rounds"][0]["regret_high"] == a.rounds[0].regret_high


def test_paleo_analyse_prints_the_table_and_json(paleo: Any, tmp_path: Path) -> None:
    game = Game(load_map("first-dig"))
    n = game.rounds
    game, rolls, turns = dig_site_game(n, 9, "first-dig")
    path = tmp_path / "game.json"
    GameLog(game.map, rolls, (PlayerLog("Ada", tuple(turns)),)).save(path)
    run = paleo("analyse", path, "--time-limit", "20")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0].split() == ["round", "roll", "best", "before", "best", "after", "regret",
                                "proven"]
    assert len(lines) == 1 + n + 1
    assert lines[-1].startswith("Ada: final ")
    first = lines[1].split()
    assert first[0] == "1" and first[1:3] == [str(rolls[0][0]), str(rolls[0][1])]
    assert first[-1] in ("yes", "no")
    run = paleo("analyse", "--json", path, "--time-limit", "20")
    d = json.loads(run.out)
    assert d["player"] == "Ada" and len(d["rounds"]) == n
    assert d["final"] == replay_turns(game, rolls, turns)[-1].score().total
    assert all(r["best_before"] <= r["bound_before"] for r in d["rounds"])


def test_paleo_analyse_refuses_what_it_cannot_analyse(paleo: Any, tmp_path: Path) -> None:
    game, rolls, turns = dig_site_game(4, 2)
    path = tmp_path / "short.json"
    GameLog(game.map, rolls[:2], (PlayerLog("Ada", tuple(turns[:2])),)).save(path)
    run = paleo("analyse", path)
    assert run.code == 2 and "not finished: 2 turns of" in run.err and str(path) in run.err
    run = paleo("analyse", path, "--player", "Bo")
    assert run.code == 2 and "no player 'Bo'" in run.err
    puzzle = tmp_path / "map.toml"
    puzzle.write_text((Path(__file__).resolve().parents[1] / "paleowidgets" / "data" / "maps"
                       / "first-dig.toml").read_text())
    run = paleo("analyse", puzzle)
    assert run.code == 2 and "is a map, not a game log" in run.err


def test_paleo_solve_says_at_most(paleo: Any, tmp_path: Path) -> None:
    """A 20-round dig-site game cut at 1 s: the text says "best found N, at most M" and
    the JSON carries the bound."""
    root = Path(__file__).resolve().parents[1]
    rng = random.Random(101)
    rolls = [[rng.randint(1, 6), rng.randint(1, 6)] for _ in range(20)]
    path = tmp_path / "dig.toml"
    path.write_text((root / "paleowidgets" / "data" / "maps" / "dig-site.toml").read_text()
                    + f"\n[puzzle]\nrolls = {rolls}\n")
    run = paleo("solve", "--json", path, "--time-limit", "1")
    d = json.loads(run.out)
    assert d["proven"] is False and d["optimum"] < d["bound"]
    run = paleo("solve", path, "--time-limit", "1")
    first = run.out.splitlines()[0]
    assert "NOT proven" in first and ", at most " in first
