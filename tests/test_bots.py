"""The bots: whole games on every shipped map replay through the checked rules; greedy
beats random; the rare cases (pass, switch to draw, One Square on the last ring cell)."""

from __future__ import annotations

import dataclasses
import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paleowidgets.core.dice import roll_sequence
from paleowidgets.core.logs import GameLog, PlayerLog, replay_turns
from paleowidgets.core.maps import Map, Roll, parse_document
from paleowidgets.core.rules import TINY, Game, State
from paleowidgets.core.terms import ONE_SQUARE, SWITCH_SHAPE
from paleowidgets.core.turns import Turn
from paleowidgets.data import MAP_NAMES, load_map
from paleowidgets.solver.bots import (
    BOT_NAMES,
    DISTINCT_ROLLS,
    PASS,
    Bot,
    ExpectationBot,
    GreedyBot,
    RandomBot,
    bot_named,
    play_fast,
    play_game,
    random_move,
    random_turn,
    simulate,
)

BOTS: list[Bot] = [RandomBot(), GreedyBot()]


def games_replay(game: Game, bot: Bot, seeds: range) -> list[State]:
    finals = []
    for seed in seeds:
        rolls = roll_sequence(seed, game.rounds)
        final, turns = play_game(game, rolls, bot, random.Random(seed))
        assert len(turns) == game.rounds and final.is_terminal
        replayed = replay_turns(game, rolls, turns)[-1]       # State.apply: checked
        assert replayed == final
        assert replayed.score() == final.score()
        finals.append(final)
    return finals


@pytest.mark.parametrize("name", MAP_NAMES)
@pytest.mark.parametrize("bot", BOTS, ids=lambda b: b.name)
def test_bot_games_replay_through_the_checked_rules(name: str, bot: Bot) -> None:
    games_replay(Game(load_map(name)), bot, range(4))


def test_bots_with_start_bonuses_replay() -> None:
    """Held bonuses from the start: the greedy bot spends switches and squares legally."""
    game = Game(load_map("ring-school"), start_bonuses=(3, 2, 2, 0))
    finals = games_replay(game, GreedyBot(), range(6)) + games_replay(game, RandomBot(), range(6))
    assert any(f.held[ONE_SQUARE] < 3 for f in finals)


def test_a_bot_game_saves_and_loads_as_a_log() -> None:
    m = load_map("first-dig")
    game = Game(m)
    rolls = roll_sequence("TREX-4821", game.rounds)
    players = []
    for bot in BOTS:
        _, turns = play_game(game, rolls, bot, random.Random(7))
        players.append(PlayerLog(bot.name, tuple(turns)))
    log = GameLog(m, rolls, tuple(players))
    again = GameLog.from_json(log.to_json())
    assert [s.total for _, s in again.outcome().scores] == \
        [s.total for _, s in log.outcome().scores]


def test_play_fast_agrees_with_play_game() -> None:
    game = Game(load_map("dig-site"))
    rolls = roll_sequence(3, game.rounds)
    for bot in BOTS:
        final, _ = play_game(game, rolls, bot, random.Random(3))
        assert play_fast(game, rolls, bot, random.Random(3)) == final


@pytest.mark.parametrize("name", ("dig-site", "snow-map"))
def test_greedy_beats_random(name: str) -> None:
    game = Game(load_map(name))
    means = {}
    for bot in BOTS:
        means[bot.name] = statistics.mean(
            play_fast(game, roll_sequence(seed, game.rounds), bot,
                      random.Random(seed)).score().total for seed in range(30))
    assert means["greedy"] > 3 * means["random"]
    assert means["greedy"] > 0.4 * sum(f.points + f.bonus for f in game.map.fossils)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6),
       rolls=st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6)), min_size=8, max_size=8))
def test_random_turns_are_legal(seed: int, rolls: list[Roll]) -> None:
    game = Game(load_map("first-dig"))
    rng = random.Random(seed)
    state = game.initial_state()
    for roll in rolls:
        turn = random_turn(state, roll, rng)
        state = state.apply(roll, turn)
    assert state.is_terminal


# ---------------------------------------------------------------------------------------
# Constructed positions

TINY_MAP = parse_document(TINY)
assert isinstance(TINY_MAP, Map)
TINY_GAME = Game(TINY_MAP)


def nearly_full(game: Game, *open_cells: str, **held: int) -> State:
    """A position with every cell drawn but ``open_cells`` (as One-Square cells, so no ring
    is of one dig type; the fossils whose rings are closed dug up), holding the bonuses
    named (one_square=1, switch_shape=1...)."""
    from paleowidgets.core.geometry import parse_cell

    open_mask = game.mask_of(parse_cell(c) for c in open_cells)
    drawn = game.all_mask & ~game.fossil_mask & ~open_mask
    bonuses = (held.get("one_square", 0), held.get("switch_shape", 0),
               held.get("switch_dig", 0), held.get("plus_one", 0))
    dug = sum(1 << i for i, ring in enumerate(game.rings) if ring & drawn == ring)
    return dataclasses.replace(game.initial_state(), drawn=drawn, squares=drawn, held=bonuses,
                               dug=dug)


def test_random_bot_passes_when_nothing_fits() -> None:
    # Two open cells: no pentomino fits anywhere.
    state = nearly_full(TINY_GAME, "A1", "G6")
    rng = random.Random(1)
    for roll in [(a, b) for a in range(1, 7) for b in range(1, 7)]:
        assert not state.must_draw(roll)
        assert random_move(state, roll, rng) == PASS
        turn = random_turn(state, roll, rng)
        assert turn == Turn.pass_()
        assert state.apply(roll, turn).round == state.round + 1
        assert GreedyBot().choose(state, roll, rng).passed


def test_random_bot_spends_a_switch_only_when_the_roll_does_not_fit() -> None:
    # Only a straight line of five is open: the roll V/W (3-3) does not fit, an I does.
    state = nearly_full(TINY_GAME, "A1", "B1", "C1", "D1", "E1", switch_shape=1)
    roll = (3, 3)
    assert not state.must_draw(roll)
    turn = random_turn(state, roll, random.Random(0))
    assert turn.shape == "I" and turn.switch == frozenset({"shape"})
    after = state.apply(roll, turn)
    assert after.held[SWITCH_SHAPE] == 0
    # When the roll fits, the random bot draws it and keeps its switch.
    roll = (1, 1)
    turn = random_turn(state, roll, random.Random(0))
    assert turn.shape == "I" and not turn.switch
    state.apply(roll, turn)


def test_random_bot_draws_uniformly() -> None:
    # On an empty board every placement of the roll's choices is equally likely.
    game = Game(load_map("first-dig"))
    state = game.initial_state()
    roll = (1, 1)      # I or X, chevron
    n_i = sum(1 for _ in state.placements("I"))
    n_x = sum(1 for _ in state.placements("X"))
    rng = random.Random(5)
    draws = [random_move(state, roll, rng).shape for _ in range(4000)]
    share_i = draws.count("I") / len(draws)
    assert abs(share_i - n_i / (n_i + n_x)) < 0.04


def test_greedy_spends_one_square_on_the_last_ring_cell() -> None:
    # Fossil B (F5) has three ring cells drawn; F6 is open but no pentomino can reach it.
    # The roll's I fits only on row 1: the bot must draw it, and squares F6.
    state = nearly_full(TINY_GAME, "A1", "B1", "C1", "D1", "E1", "F6", one_square=1)
    roll = (1, 1)
    move = GreedyBot().choose(state, roll, random.Random(0))
    turn = move.turn(state)
    assert turn.shape == "I"
    assert turn.squares == frozenset({(5, 5)})
    after = state.apply(roll, turn)
    assert after.dug >> 1 & 1        # B dug up
    assert after == move.apply(state)


def test_greedy_takes_the_score_now() -> None:
    # Two straight lines are open; the bottom one closes fossil B's ring (it misses F6).
    state = nearly_full(TINY_GAME, "A1", "B1", "C1", "D1", "E1", "C6", "D6", "E6", "F6", "G6")
    roll = (1, 2)     # I/X with chevron, or T/U with chevron: only the I fits
    move = GreedyBot().choose(state, roll, random.Random(0))
    assert move.shape == "I" and move.mask & TINY_GAME.bit((5, 5))
    assert move.apply(state).score().total == state.score().total + 1


# ---------------------------------------------------------------------------------------
# The expectation bot: greedy plus one round of look-ahead over the 36 rolls


def test_distinct_rolls_are_the_36_rolls() -> None:
    assert len(DISTINCT_ROLLS) == 21
    assert sum(w for _, w in DISTINCT_ROLLS) == 36
    expanded = sorted(r for (a, b), w in DISTINCT_ROLLS
                      for r in ([(a, b)] if w == 1 else [(a, b), (b, a)]))
    assert expanded == [(a, b) for a in range(1, 7) for b in range(1, 7)]


@pytest.mark.parametrize("name", MAP_NAMES)
def test_expectation_games_replay_through_the_checked_rules(name: str) -> None:
    games_replay(Game(load_map(name)), ExpectationBot(), range(2))


def test_expectation_with_start_bonuses_replays() -> None:
    """Held switches and squares from the start: every move still passes State.apply."""
    game = Game(load_map("ring-school"), start_bonuses=(3, 2, 2, 0))
    finals = games_replay(game, ExpectationBot(), range(4))
    assert any(f.held[ONE_SQUARE] < 3 for f in finals)


def test_expectation_is_deterministic_and_ignores_its_generator() -> None:
    game = Game(load_map("first-dig"))
    rolls = roll_sequence("STEGO-5190", game.rounds)
    runs = [play_game(game, rolls, ExpectationBot(), random.Random(seed))[1]
            for seed in (1, 1, 2)]
    assert runs[0] == runs[1] == runs[2]


def test_expected_next_is_the_exact_average_over_the_rolls() -> None:
    # Only C6-G6 is open; drawing it (an I, 11 of the 36 rolls) closes fossil B's ring
    # for its 1 point (no same-dig bonus: the ring is squares). At the last round the
    # greedy value of a draw is exactly the score it gains, so the expectation is 11/36.
    state = dataclasses.replace(
        nearly_full(TINY_GAME, "C6", "D6", "E6", "F6", "G6"), round=TINY_GAME.rounds - 1)
    bot = ExpectationBot(horizon=False)
    assert bot.expected_next(state) == pytest.approx(11 / 36)
    # With a Switch Shape held, every roll can give the I (at the late switch cost 0.05).
    held = dataclasses.replace(state, held=(0, 1, 0, 0))
    assert bot.expected_next(held) == pytest.approx(11 / 36 + 25 / 36 * (1 - 0.05))
    # Nothing fits anywhere: every roll is a pass, worth 0.
    assert bot.expected_next(nearly_full(TINY_GAME, "A1", "G6")) == 0


def test_expectation_takes_the_sure_point_over_a_hoped_for_one() -> None:
    # Rows 1 and 6 are open (A1-E1 and C6-G6), nothing else. Roll 1-1 offers I or X: the I
    # fits on either row. Drawing row 6 now closes B's ring; drawing row 1 would leave it
    # to a later I (11 rolls in 36). The bot takes the point now, and its move replays.
    state = nearly_full(TINY_GAME, "A1", "B1", "C1", "D1", "E1", "C6", "D6", "E6", "F6", "G6")
    move = ExpectationBot().choose(state, (1, 1), random.Random(0))
    assert move.shape == "I" and move.mask & TINY_GAME.bit((5, 5))
    assert state.apply((1, 1), move.turn(state)) == move.apply(state)


def test_expectation_beats_greedy_on_seeded_games() -> None:
    """A small paired comparison on the standard dig site (benchmarks/bench_bots.py plays
    hundreds of games and gives the confidence interval)."""
    game = Game(load_map("dig-site"))
    greedy = [s.score().total for s in simulate(game, GreedyBot(), 10, seed=100)]
    expect = [s.score().total for s in simulate(game, ExpectationBot(), 10, seed=100)]
    assert statistics.mean(expect) > statistics.mean(greedy) + 1
    assert sum(e > g for g, e in zip(greedy, expect, strict=True)) >= 6


def test_bots_by_name() -> None:
    assert [bot_named(n).name for n in BOT_NAMES] == list(BOT_NAMES)
    with pytest.raises(ValueError, match="no bot named 'clever'"):
        bot_named("clever")
