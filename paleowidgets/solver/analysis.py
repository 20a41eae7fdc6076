"""Hindsight analysis of a finished game, and a ladder of hints for one state and roll.

The analysis of a game whose rolls are all known says, for every round, the best final
score still reachable before the turn played (all later rolls known: the puzzle view),
after it, and what the turn cost against it (the regret); with a turn that keeps the best
reachable. The regrets add up to ``best - final``.

>>> from paleowidgets.core.maps import parse_document
>>> from paleowidgets.core.rules import TINY, Game
>>> from paleowidgets.core.turns import Turn
>>> game = Game(parse_document(TINY), rounds=2)
>>> turns = [Turn.from_dict({"shape": "L", "dig": "chevron",
...                          "cells": ["A5", "A6", "B6", "C6", "D6"]}),
...          Turn.from_dict({"shape": "X", "dig": "dot",
...                          "cells": ["E3", "D4", "E4", "F4", "E5"]})]
>>> a = analyse(game, [(2, 5), (1, 4)], turns)
>>> a.final, a.best, [r.regret for r in a.rounds]
(0, 4, [3, 1])

How it is computed: the states of the game are solved from the last to the first with
one :class:`~paleowidgets.solver.exact.Engine`, so each solve finds the later states'
subtrees in the shared transposition table, and starts from a real line already: the
turn played followed by the best line from the next state (its value ``best_after``,
a lower bound of ``best_before``). So ``best_before >= best_after`` holds by
construction, even when a time limit cuts a search (the values are then the best lines
found, marked ``proven=False``), and ``best_after`` of round r is ``best_before`` of round
r + 1 exactly.

The hint ladder has up to three rungs, each a legal turn: ``legal`` (a turn that may be
played), ``enclosure`` (a turn that draws on the open ring of a fossil not dug yet, the
one that does the most for the fossils' points), ``optimal`` (the first turn of a best
line, when the rolls of the later rounds are known, as in a puzzle).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..core.logs import GameLog, replay_turns
from ..core.maps import Roll
from ..core.rules import Game, State
from ..core.terms import DIG_TYPES
from ..core.turns import Turn
from ._moves import Move
from .exact import Engine, Solution
from .lines_worker import LinesWorker, Result, may_start, moves_of

__all__ = ["Analysis", "Hint", "RoundAnalysis", "analyse", "analyse_log", "default_total_time",
           "hint_ladder"]


@dataclass(frozen=True)
class RoundAnalysis:
    """One round of an analysed game (``round`` counts from 1)."""

    round: int
    roll: Roll
    turn: Turn          # the turn played
    best_before: int    # best final score still reachable before this turn
    best_after: int     # best final score still reachable after the turn played
    regret: int         # best_before - best_after (>= 0)
    best_turn: Turn     # a turn that keeps best_before reachable
    proven: bool        # both values proven optimal (False when a time limit cut a search)
    bound_before: int   # no line from before this turn scores more (best_before if proven)
    bound_after: int    # no line from after the turn played scores more

    @property
    def regret_low(self) -> int:
        """The least the true regret can be: the best line found before the turn against
        the bound after it (the regret is ``regret`` exactly when proven)."""
        return max(0, self.best_before - self.bound_after)

    @property
    def regret_high(self) -> int:
        """The most the true regret can be: the bound before against the line found after."""
        return self.bound_before - self.best_after

    def to_dict(self) -> dict[str, object]:
        return {"round": self.round, "roll": list(self.roll), "turn": self.turn.to_dict(),
                "best_before": self.best_before, "best_after": self.best_after,
                "regret": self.regret, "best_turn": self.best_turn.to_dict(),
                "proven": self.proven, "bound_before": self.bound_before,
                "bound_after": self.bound_after, "regret_low": self.regret_low,
                "regret_high": self.regret_high}


@dataclass(frozen=True)
class Analysis:
    """A whole game analysed: the rounds, the final score and the hindsight optimum."""

    rounds: tuple[RoundAnalysis, ...]
    final: int          # the score the game reached
    best: int           # rounds[0].best_before: the hindsight optimum of the whole game
    proven: bool
    bound: int          # rounds[0].bound_before: no line of the game scores more
    stopped: bool = False   # Ctrl-C ended it early (the rounds not reached: quick bounds)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: ``{"final", "best", "proven", "bound", "stopped", "rounds": [...]}``,
        turns in the FORMATS turn notation."""
        return {"final": self.final, "best": self.best, "proven": self.proven,
                "bound": self.bound, "stopped": self.stopped,
                "rounds": [r.to_dict() for r in self.rounds]}


@dataclass(frozen=True)
class Hint:
    """One rung of the hint ladder."""

    level: str          # "legal" | "enclosure" | "optimal"
    turn: Turn          # a legal turn for this state and roll
    fossil: str | None  # "enclosure": the id of the fossil whose ring the turn advances
    value: int | None   # "optimal": the best final score reachable after this turn
    bound: int | None = None    # "optimal": no line from this state scores more (equal to
    #                             ``value`` when it is proven, above it when a limit cut it)


# ---------------------------------------------------------------------------------------
# Game analysis


def analyse(game: Game, rolls: Sequence[Roll], turns: Sequence[Turn], *,
            time_limit: float | None = None, total_time: float | None = None,
            progress: Callable[[int, int], object] | None = None,
            workers: int | None = None) -> Analysis:
    """Analyse a finished game: one roll and one turn for each of the game's rounds.

    ``time_limit`` (seconds) bounds each solve (there is one per round); None proves
    everything. ``total_time`` bounds the whole analysis instead (or as well), in two
    phases (:func:`_share`): from the last round back, while every round so far is
    proven, a solve may take all the time up to ``PROOF_SHARE`` of ``total_time`` (a
    state with 7 or 8 rounds left may need 5 to 50 s to be proven, the rounds after it
    a few seconds in all), and it only proves (``Engine.solve(lines_first=False)``: its
    seed is already a good line); from the first round not proven on, each solve gets
    an equal share of the time left for the rounds left, and searches for lines first
    (no earlier round is proven then: it has more rounds left; its solve finds lines
    and bounds). ``progress`` is called with (rounds analysed, rounds) after each one, and
    with the same numbers about twice a second while a round is analysed (so that a bar
    of ``total_time`` can move). The turns are replayed through ``State.apply`` first (an
    illegal one raises IllegalTurnError); a game not finished is a ValueError.

    With ``total_time``, on a game of ``WORKER_ROUNDS`` rounds or more and with
    ``workers`` at least 2 (None: where the machine allows it, :func:`.lines_worker.may_start`:
    two cores, and the memory for two processes),
    the line searches go to a second process (:mod:`.lines_worker`), from the state with
    ``WORKER_LEFT`` rounds left back to the first, and the proofs here may take all the
    time: their lines raise the proofs' floors as they come, and the rounds not proven
    take the best of both processes' lines and bounds.

    Every round carries its bracket: the best line found and an upper bound, before and
    after the turn played (equal when proven). The true best of a state is never below
    that of its successor, so a bound after the turn is also cut to the bound before it.

    Ctrl-C (KeyboardInterrupt, the notebook's ■) during a round's solve ends the analysis
    there, as it ends :func:`.exact.solve`: the rounds solved keep their brackets, those
    not reached take the line played and the quick bound (``Tables.quick_bound``), and
    the answer says ``stopped``.
    """
    rolls = tuple((int(a), int(b)) for a, b in rolls)
    if not len(rolls) == len(turns) == game.rounds:
        raise ValueError(f"a finished game of {game.rounds} rounds is needed; got "
                         f"{len(rolls)} rolls and {len(turns)} turns")
    states = replay_turns(game, rolls, turns)
    engine = Engine(game, rolls, switch_shape=any(s.held[1] for s in states))
    n = len(turns)
    final = states[-1].score().total
    t0 = time.perf_counter()
    worker = None
    if (total_time is not None and n >= WORKER_ROUNDS
            and (may_start() if workers is None else workers >= 2)):
        worker = LinesWorker.start(game, rolls, turns, max(0, n - WORKER_LEFT),
                                   time.monotonic() + total_time - WORKER_SLACK)
    # Each state's solves: (optimum, bound, proven, turns); the analysis' own, then the
    # worker's.
    solved: dict[int, list[Result]] = {r: [] for r in range(n)}
    done = [0]                           # rounds analysed, for ``progress``
    tick = None if progress is None else (lambda _nodes, _best: progress(done[0], n))
    lines: dict[int, tuple[int, tuple[Turn, ...]]] = {}
    after_line: list[Move] = []          # the best line found from states[r + 1]
    proving = True                       # every round solved so far is proven
    stopped = False                      # Ctrl-C cut a solve: no more solves
    r = n - 1
    try:
        while r >= 0 and not stopped and (worker is None or proving):
            s = states[r]
            played = engine.move_of(s, turns[r])
            limit = time_limit
            if total_time is not None:
                if worker is None:
                    share = _share(total_time, time.perf_counter() - t0, r + 1, proving)
                else:
                    share = max(0.0, total_time - (time.perf_counter() - t0))
                limit = share if limit is None else min(limit, share)
            outside = None if worker is None else partial(worker.outside, engine, r, s)
            # While proving, no anytime phase (beam.py): the seed is already a good line,
            # and the beams would take 70 % of the time the proof needs (the dig site's
            # state with 8 rounds left: proven in 24 s without them, not in 60 s with them).
            sol = _solve(engine, s, time_limit=limit, seed=[played, *after_line],
                         lines_first=not proving, outside=outside, progress=tick)
            if sol is None:              # Ctrl-C before the solve had a line: not reached
                stopped = True
                break
            proving, stopped = proving and sol.proven, engine.interrupted
            solved[r].append((sol.optimum, sol.bound, sol.proven, sol.turns))
            if worker is not None and sol.proven:
                worker.proven(r, sol.turns)
            after_line = moves_of(engine, s, sol.turns)
            done[0] = n - r
            if progress is not None:
                progress(n - r, n)
            r -= 1
    except BaseException:
        if worker is not None:          # an error (or Ctrl-C out of a proof's end)
            worker.finish((), 0.0)
        raise
    if worker is not None:
        # The states the worker is to give: from the one this process did not prove
        # (the last it solved) back, as far as the worker goes.
        top = -1 if proving else min(r + 1, worker.first)
        wait = None if progress is None else (lambda: progress(done[0], n))
        results, lines = worker.finish(() if stopped else range(top + 1), WORKER_GRACE,
                                       wait)
        stopped = stopped or worker.interrupted
        for k, got in results.items():
            solved[k].append(got)
    # From the last round back: the best line from each state is the best of its solves
    # and of the turn played followed by the best line from the next state (so
    # ``found[r] >= found[r + 1]`` by construction, and the regret is never negative);
    # its bound is the least of its solves'. A state no solve reached (the worker
    # stopped early) is solved here, in an equal share of what is left.
    found = [0] * (n + 1)                # the best line found from states[r]
    bound = [0] * (n + 1)                # an upper bound of every line from states[r]
    found[n] = bound[n] = final
    best_turns: list[Turn] = [Turn.pass_()] * n
    line: tuple[Turn, ...] = ()          # the best line from states[r + 1]
    for k in range(n - 1, -1, -1):
        extra = lines.get(k)            # the worker's best line, without a bound
        if not solved[k] and not stopped:
            limit = max(WORKER_LEAST,
                        ((total_time or 0.0) - (time.perf_counter() - t0)) / (k + 1))
            more = [] if extra is None else [moves_of(engine, states[k], extra[1])]
            sol = _solve(engine, states[k], time_limit=limit, outside=partial(list, more),
                         seed=moves_of(engine, states[k], (turns[k], *line)),
                         progress=tick)
            if sol is not None:
                solved[k].append((sol.optimum, sol.bound, sol.proven, sol.turns))
            stopped = engine.interrupted
        if not solved[k]:               # Ctrl-C: the line played below, the quick bound
            solved[k].append((-1, engine.tables.quick_bound(states[k]), False, ()))
        if k <= r:
            done[0] = n - k
            if progress is not None:
                progress(n - k, n)
        best, best_line = -1, line      # the analysis' own solve first on a tie
        for optimum, _bound, _proven, got_line in solved[k]:
            if optimum > best:
                best, best_line = optimum, got_line
        if extra is not None and extra[0] > best:
            best, best_line = extra
        if found[k + 1] > best:
            best, best_line = found[k + 1], (turns[k], *line)
        least = min(got[1] for got in solved[k])
        assert least >= best, (k, solved[k])    # every bound is above every real line
        found[k], bound[k], best_turns[k], line = best, least, best_line[0], best_line
    # The best from states[r + 1] is at most the best from states[r] (the turn played is
    # one of the turns of round r): a bound carries forward.
    for k in range(n):
        bound[k + 1] = min(bound[k + 1], bound[k])
    rounds = tuple(
        RoundAnalysis(k + 1, rolls[k], turns[k], found[k], found[k + 1],
                      found[k] - found[k + 1], best_turns[k],
                      found[k] == bound[k] and found[k + 1] == bound[k + 1],
                      bound[k], bound[k + 1])
        for k in range(n))
    return Analysis(rounds, final, found[0], all(x.proven for x in rounds), bound[0],
                    stopped)


def _solve(engine: Engine, state: State, **kw: Any) -> Solution | None:
    """``engine.solve(state, **kw)``, or None when Ctrl-C came before it had a line to
    return (during its first, greedy line, which the solve does not catch Ctrl-C in; a
    kernel interrupted there in a test); ``engine.interrupted`` is set then too."""
    try:
        return engine.solve(state, **kw)
    except KeyboardInterrupt:
        engine.interrupted = True
        return None


# The lines worker (:mod:`.lines_worker`): on games of at least WORKER_ROUNDS rounds
# (class games; not the lessons' short puzzles, where the proofs take well under a
# second), from the state with WORKER_LEFT rounds left (those after it are proven in a
# second or two: the worker would be behind the proofs), to be done WORKER_SLACK s before
# the end of ``total_time``; the analysis waits WORKER_GRACE s past that for its last
# results. A state neither process reached is solved in at least WORKER_LEAST s.
WORKER_ROUNDS = 12
WORKER_LEFT = 7
WORKER_SLACK = 0.5
WORKER_GRACE = 2.0
WORKER_LEAST = 0.05


# The share of ``total_time`` that the rounds proven from the end, and the first one that
# is not, may take (see :func:`_share`). Measured on the greedy game of seed 101 on the
# dig site (20 rounds, 60 s; benchmarks/README.md): its state with 7 rounds left is
# proven in 22 s; with equal shares (4 s each) it is not, and 0.75 left the first 13
# rounds 1.1 s each (best reachable 53 instead of 60); 0.5 proves it and keeps 60.
# Since the proving solves leave out the line searches (lines_first=False), the states
# with 7 and 8 rounds left there take about 13 s and 5 s, both within 0.5.
PROOF_SHARE = 0.5


def _share(total: float, spent: float, rounds_left: int, proving: bool) -> float:
    """The seconds the next solve of an analysis may take: ``rounds_left`` solves are
    still to come (this one included) and ``spent`` of ``total`` seconds are used.

    While ``proving`` (every later round proven), all of the time up to ``PROOF_SHARE``
    of the total, but at least an equal share of what is left. After that, an equal
    share of what is left.

    >>> _share(60, 0, 20, True) == PROOF_SHARE * 60 >= 3.0
    True
    >>> _share(60, 15, 10, False), _share(60, 59, 10, True)
    (4.5, 0.1)
    """
    left = max(0.0, total - spent)
    equal = left / rounds_left
    if proving:
        return max(equal, PROOF_SHARE * total - spent)
    return equal


# A class game (``WORKER_ROUNDS`` rounds or more) is not proven in any time a lesson has:
# where the caller gives no limit, :func:`default_total_time` gives it this many seconds in
# all (what ``paleo analyse`` takes by default), each round a bracket where not proven.
CLASS_GAME_SECONDS = 60.0


def default_total_time(game: Game, time_limit: float | None,
                       total_time: float | None) -> float | None:
    """``total_time``, or ``CLASS_GAME_SECONDS`` for a class game analysed with no limit
    at all (the analysis panel's default: a 20-round game proven to the end would take
    hours); a short game with no limit is proven, as before.

    >>> from paleowidgets.core.maps import parse_document
    >>> from paleowidgets.core.rules import TINY
    >>> doc = parse_document(TINY)
    >>> [default_total_time(Game(doc, rounds=n), None, None) for n in (2, 20)]
    [None, 60.0]
    >>> default_total_time(Game(doc, rounds=20), 5.0, None) is None
    True
    """
    if time_limit is None and total_time is None and game.rounds >= WORKER_ROUNDS:
        return CLASS_GAME_SECONDS
    return total_time


def analyse_log(log: GameLog, player: int | str = 0, **kw: Any) -> Analysis:
    """:func:`analyse` of one player of a game log (by index or by name)."""
    if isinstance(player, str):
        names = [p.name for p in log.players]
        if player not in names:
            raise ValueError(f"no player {player!r} in the log (players: {', '.join(names)})")
        player = names.index(player)
    return analyse(log.game, log.rolls, log.players[player].turns, **kw)


# ---------------------------------------------------------------------------------------
# The hint ladder


def hint_ladder(state: State, roll: Roll, *, future_rolls: Sequence[Roll] | None = None,
                time_limit: float | None = 10.0) -> tuple[Hint, ...]:
    """The hints for ``state`` and this round's ``roll``, rungs in order: ``legal``,
    ``enclosure`` (missing when no legal turn draws on an open ring), ``optimal`` (only
    with ``future_rolls``, the rolls of the rounds after this one, all of them; its
    ``value`` is proven unless ``time_limit`` cut the search, then it is the best found).

    >>> from paleowidgets.core.maps import parse_document
    >>> from paleowidgets.core.rules import TINY, Game
    >>> s = Game(parse_document(TINY), rounds=2).initial_state()
    >>> [h.level for h in hint_ladder(s, (2, 5), future_rolls=[(1, 4)])]
    ['legal', 'enclosure', 'optimal']
    """
    if state.is_terminal:
        raise ValueError(f"the game is over after {state.game.rounds} rounds: no hint")
    roll = (int(roll[0]), int(roll[1]))
    hints = [Hint("legal", _legal_turn(state, roll), None, None)]
    ring = _enclosure_turn(state, roll)
    if ring is not None:
        hints.append(Hint("enclosure", ring[0], ring[1], None))
    if future_rolls is not None:
        turn, value, bound = _optimal_turn(state, roll, future_rolls, time_limit)
        hints.append(Hint("optimal", turn, None, value, bound))
    return tuple(hints)


def _star_kinds(state: State, n_stars: int) -> tuple[str, ...]:
    """A choice of bonuses for ``n_stars`` covered stars: +1 Points first (they always
    count), then One Squares, then switches."""
    order = {k: i for i, k in enumerate(("plus-one", "one-square", "switch-shape",
                                         "switch-dig"))}
    return min(state.star_options(n_stars),
               key=lambda kinds: sorted(order[k] for k in kinds), default=())


def _draws(state: State, roll: Roll) -> Iterator[tuple[frozenset[str], str, str, int]]:
    """(switches, shape, dig, mask) of every draw, those spending fewer switches first."""
    for switch in state.switch_sets():
        for shape, dig in state.game.choices(roll, switch):
            for mask in state.placements(shape):
                yield switch, shape, dig, mask


def _turn(state: State, switch: frozenset[str], shape: str, dig: str, mask: int) -> Turn:
    stars = (mask & state.game.star_mask).bit_count()
    return state.turn_of(shape, dig, mask, switch=switch, stars=_star_kinds(state, stars))


def _legal_turn(state: State, roll: Roll) -> Turn:
    """A draw of the roll without switches (the first found), or the pass."""
    for switch, shape, dig, mask in _draws(state, roll):
        if switch:
            break
        return _turn(state, switch, shape, dig, mask)
    return Turn.pass_()      # nothing of the roll fits: the pass is legal


def _enclosure_turn(state: State, roll: Roll) -> tuple[Turn, str] | None:
    """The draw that does the most for the rings of fossils not dug yet, and the fossil
    it does most for; only with the fewest switches that allow some such draw.

    A draw's worth for a fossil is its share of the fossil's value (points, plus the
    same-dig-type bonus while still possible with this dig type) for each ring cell it
    draws, so that finishing a ring counts for all of it; a ring finished counts again
    (a dug fossil is worth more than a ring most of the way round)."""
    g = state.game
    undug = [(i, f, ring) for i, (f, ring) in enumerate(zip(g.map.fossils, g.rings,
                                                            strict=True))
             if not state.dug >> i & 1]
    best: tuple[float, int, int] | None = None     # (worth, -order, fossil index)
    best_draw: tuple[frozenset[str], str, str, int] | None = None
    spent: int | None = None
    for order, (switch, shape, dig, mask) in enumerate(_draws(state, roll)):
        if spent is not None and len(switch) > spent:
            break
        d = DIG_TYPES.index(dig)
        worth, top, top_f = 0.0, -1.0, -1
        for i, f, ring in undug:
            open_ring = ring & ~state.drawn
            k = (mask & open_ring).bit_count()
            if not k:
                continue
            done = ring & state.drawn
            value = f.points
            if f.bonus and done & state.digs[d] == done:
                value += f.bonus
            w = value * k / open_ring.bit_count() + (value if k == open_ring.bit_count() else 0)
            worth += w
            if w > top:
                top, top_f = w, i
        if top_f < 0:
            continue
        spent = len(switch)
        key = (worth, -order, top_f)
        if best is None or key > best:
            best, best_draw = key, (switch, shape, dig, mask)
    if best is None or best_draw is None:
        return None
    return _turn(state, *best_draw), g.map.fossils[best[2]].id


def _optimal_turn(state: State, roll: Roll, future_rolls: Sequence[Roll],
                  time_limit: float | None) -> tuple[Turn, int, int]:
    game = state.game
    left = game.rounds - state.round - 1
    if len(future_rolls) != left:
        raise ValueError(f"round {state.round + 1} of {game.rounds}: the optimal hint needs "
                         f"the rolls of the {left} rounds after it, not {len(future_rolls)}")
    # The rounds already played are never searched again: any roll can stand in for them.
    rolls = [roll] * state.round + [roll] + [(int(a), int(b)) for a, b in future_rolls]
    engine = Engine(game, rolls, switch_shape=state.held[1] > 0)
    sol = engine.solve(engine.check_start(state), time_limit=time_limit)
    return sol.turns[0], sol.optimum, sol.bound
