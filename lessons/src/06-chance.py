# %% [markdown]
# # Lesson 6 — Chance: what will the dice give?
#
# **Learning goals**
# - list the **36 rolls** of two dice and find a chance by counting: a double, a given
#   shape, a given dig type, a shape *with* a dig type;
# - compare the exact chances with a **simulation** of many seeded rolls: close, never
#   exactly equal, and closer with more rolls;
# - read a **score histogram**: what a robot scores over many games, and which robot plays
#   better on average.
#
# Every roll here comes from a seed, so every laptop sees the same numbers.
#
# Each exercise comes *before* the cells that answer it: write your answer in place of
# `None`, run the cell, then run the check under it. A chance may be written as a
# fraction in quotes (`"11/36"`), a decimal to 2 places (`0.31`) or a whole percentage
# (`"31%"`).

# %% [markdown] teacher
# ## Teacher's note (teacher edition only)
# **Curriculum.** Probability: the **sample space** of two dice (36 equally likely
# outcomes), probability by counting favourable outcomes, "at least one" by the
# complement (36 − 25), avoiding double counting (inclusion-exclusion); **relative
# frequency** from a simulation and the law of large numbers; reading and comparing
# **distributions** with histograms, mean and standard deviation; the effect of sample
# size. Ages 12+.
#
# **Fits a 50-minute period** when the robots' part is shown rather than discussed at
# length (the robots' 90 games are most of the notebook's run time):
#
# | section | minutes |
# |---|---|
# | the 36 rolls, exercise 1 (doubles) | 8 |
# | which shapes, exercise 2 (a shape), how many shapes a roll offers | 8 |
# | dig types, exercises 3 and 4 | 10 |
# | simulation, law of large numbers, exercise 5 (counting in code) | 10 |
# | histograms, mean and sd, 30 games or 200 | 10 |
# | exit ticket | 4 |
#
# Short of time: skip exercise 5 and the best game's sheet; set the robots' part as
# homework reading.
#
# **Likely misconceptions.**
# - 21 rolls instead of 36: 2-5 and 5-2 are different rolls (paint the dice two colours).
# - Exercise 1: 1/36 (only 1-1) or 6/6.
# - Exercise 2: 1/6 (one die only) or 2/6 = 12/36 (adding both dice counts 4-4 twice: the
#   answer is 11/36).
# - Exercise 3: 24/36 (the same double counting: 3-3, 3-4, 4-3, 4-4 counted twice).
# - Exercise 4: 2/36 (forgetting the order of the dice): X on one die, hatch on the other,
#   either way round: 4/36.
# - "The simulation is wrong because it is not exactly 11/36": relative frequencies wobble
#   around the probability and settle as the number of rolls grows.
# - "30 games prove which robot is better": see *How sure are we?*.
#
# **Easier path.** Two real dice per pair, a 6 × 6 grid on paper to tick the rolls;
# exercises 1 to 3 only. **Harder path.** The chance that a roll offers the L *or* the P
# (inclusion-exclusion); the robots' give-or-take; `paleo simulate` with 200 games.
#
# The worked answers are in the answer cells, each with its reason.

# %%
from fractions import Fraction

from paleowidgets import Game, load_map, render_svg, roll_sequence
from paleowidgets.core.geometry import LETTERS
from paleowidgets.exercises.lesson06 import (
    check_dig_chance,
    check_double_chance,
    check_doubles_counted,
    check_pair_chance,
    check_shape_chance,
)
from paleowidgets.i18n import set_language
from paleowidgets.render.chart import bar_chart, histogram, line_chart, shared_axes

# One setting for every text below: the sheets and the checks ("fr", "ko").
set_language("en")

game = Game(load_map("dig-site"))
for face in range(1, 7):
    shapes = " or ".join(game.dice.shapes_of(face))
    print(f"face {face}: shape {shapes:6}  dig type {game.dice.dig_of(face)}")

# %% [markdown]
# ## The 36 rolls
# Paint one die red and the other blue: the red die shows 1 to 6 and, for each, the blue
# die shows 1 to 6. That makes 6 × 6 = **36 rolls**, all equally likely. A chance is then
# *(the number of rolls that work) / 36*.
#
# A **double** shows the same face twice: 1-1, 2-2, ..., 6-6.

# %% [markdown]
# **Exercise 1.** What is the chance of a double?

# %% answer
### BEGIN SOLUTION
answer = "1/6"    # 6 doubles (1-1 ... 6-6) among the 36 rolls: 6/36
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_double_chance(answer)
### END HIDDEN TESTS
check_double_chance(answer)

# %%
ROLLS = [(red, blue) for red in range(1, 7) for blue in range(1, 7)]
for red in range(1, 7):
    print("  ".join(f"{r}-{b}{'*' if r == b else ' '}" for r, b in ROLLS if r == red))
doubles = [roll for roll in ROLLS if roll[0] == roll[1]]
print(f"{len(ROLLS)} rolls, {len(doubles)} doubles (marked *): P(double) = "
      f"{Fraction(len(doubles), len(ROLLS))}")

# %% [markdown]
# ## Which shapes can I draw?
# Either die may give the shape, so roll 2-5 offers the shapes of face 2 **and** of face 5.
# A double offers only the two shapes of its face.

# %%
print("roll 2-5 offers", game.roll_shapes((2, 5)))
print("roll 3-3 offers", game.roll_shapes((3, 3)))

# %% [markdown]
# **Exercise 2.** The P is on face 4. What is the chance that a roll offers the P?
# Careful: either die may show the 4.

# %% answer
### BEGIN SOLUTION
answer = "11/36"    # 36 - 25 rolls with no 4 at all (5 x 5)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_shape_chance("P", answer)
### END HIDDEN TESTS
check_shape_chance("P", answer)

# %% [markdown]
# How often is a given shape offered? The L is on face 5: a roll offers it when **at least
# one** die shows 5. Count those rolls, or count the others: 5 × 5 = 25 rolls show no 5
# at all, so 36 − 25 = 11 rolls offer the L.

# %%
def shape_offered(shape):
    return sum(1 for roll in ROLLS if shape in game.roll_shapes(roll))


print({shape: f"{shape_offered(shape)}/36" for shape in LETTERS})

# %% [markdown]
# Every shape is offered by 11 of the 36 rolls, a little less than a third. And **how
# many** shapes does a roll offer? Four, unless it is a double.

# %%
offers = {2: 0, 4: 0}
for roll in ROLLS:
    offers[len(game.roll_shapes(roll))] += 1
print(offers)
bar_chart(["2 shapes", "4 shapes"], [offers[2] / 36, offers[4] / 36],
          title="How many shapes a roll offers", xlabel="shapes offered",
          ylabel="chance (out of 1)")

# %% [markdown]
# ## Dig types, and a shape with a dig type
# Faces 1-2 give the chevron, 3-4 dots, 5-6 hatching. A roll gives the chevron when at
# least one die shows 1 or 2: 36 − 4 × 4 = 20 rolls.

# %% [markdown]
# **Exercise 3.** What is the chance that a roll can give dots? (Adding "first die 3 or 4"
# and "second die 3 or 4" counts some rolls twice.)

# %% answer
### BEGIN SOLUTION
answer = "20/36"    # like the chevron: 36 - 4 x 4 rolls with no 3 and no 4
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_dig_chance("dot", answer)
### END HIDDEN TESTS
check_dig_chance("dot", answer)

# %% [markdown]
# To draw the **I in dots** you need one die on 1 (the I) and the *other* die on 3 or 4
# (dots): 1-3, 1-4, 3-1 and 4-1, so 4 rolls. The core rules answer the question
# "which (shape, dig type) pairs does this roll allow?" with `game.choices(roll)`.

# %% [markdown]
# **Exercise 4.** What is the chance of being allowed to draw the X (face 1) in hatching
# (faces 5-6)?

# %% answer
### BEGIN SOLUTION
answer = "4/36"    # 1-5, 1-6, 5-1, 6-1: the X from one die, hatch from the other
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_pair_chance("X", "hatch", answer)
### END HIDDEN TESTS
check_pair_chance("X", "hatch", answer)

# %% [markdown]
# The package counts them all:

# %%
def pair_allowed(shape, dig):
    return sum(1 for roll in ROLLS if (shape, dig) in game.choices(roll))


for dig in ("chevron", "dot", "hatch"):
    rolls_with_dig = sum(1 for roll in ROLLS if any(d == dig for _, d in game.choices(roll)))
    print(f"{dig:8} {rolls_with_dig}/36", end="   ")
print()
for shape, dig in [("I", "dot"), ("I", "chevron"), ("L", "hatch"), ("L", "dot")]:
    print(f"{shape} in {dig}: {pair_allowed(shape, dig)}/36")

# %% [markdown]
# Why is *L in hatch* rarer than *L in dots*? The L is on face 5, which is a hatch face
# itself: the rolls 5-5, 5-6 and 6-5 work, but 5-5 uses both dice at once. For *L in dots*
# the four rolls 5-3, 5-4, 3-5 and 4-5 all work.
#
# ## Simulation: roll the dice 3,600 times
# A computer can roll much faster than we can. Do the shares of the rolls come close to
# the exact chances? We roll 3,600 times from the seed `DODO-1234`.

# %%
SEED = "DODO-1234"
many = roll_sequence(SEED, 3600)
print("the first ten rolls:", " ".join(f"{a}-{b}" for a, b in many[:10]))
simulated = [sum(1 for roll in many if shape in game.roll_shapes(roll)) / len(many)
             for shape in LETTERS]
exact = [shape_offered(shape) / 36 for shape in LETTERS]
print("simulated:", " ".join(f"{s}={p:.3f}" for s, p in zip(LETTERS, simulated)))
print(f"exact: 11/36 = {11 / 36:.3f} for every shape")

# %%
bar_chart(list(LETTERS), {"exact": exact, "simulated (3,600 rolls)": simulated},
          title="P(a roll offers the shape): exact and simulated", xlabel="shape",
          ylabel="chance (out of 1)", width=640)

# %% [markdown]
# The simulated bars wobble around the exact height, never far from it. With **more**
# rolls the share of doubles settles on 1/6: the *law of large numbers*.

# %% [markdown]
# **Exercise 5.** How many doubles are among the first 360 rolls of seed `DODO-1234` (the
# list `many`)? About 60 are expected, but the dice decide: count them with code, like the
# cells above.

# %% answer
### BEGIN SOLUTION
answer = sum(1 for a, b in many[:360] if a == b)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_doubles_counted(SEED, 360, answer)
### END HIDDEN TESTS
check_doubles_counted(SEED, 360, answer)

# %% [markdown]
# The share of doubles among the first *n* rolls, for *n* = 100, 200, ... 3,600:

# %%
checkpoints = list(range(100, 3601, 100))
share = [sum(1 for a, b in many[:n] if a == b) / n for n in checkpoints]
line_chart(checkpoints, {"simulated share of doubles": share,
                         "exact: 1/6": [1 / 6] * len(checkpoints)},
           title="Doubles among the first n rolls", xlabel="rolls (n)",
           ylabel="share of doubles", y_min=0, y_max=0.3, width=640)

# %% [markdown]
# ## What does a robot score? A histogram
# One game of 20 rounds is one score, and luck plays a big part. Play **many** games with
# different seeds and count how often each score comes up: that is a **histogram**.
# Three robots play:
# - *random*: any shape that is allowed, anywhere;
# - *greedy*: each round, the move that gains the most right now;
# - *expectation*: greedy's best few moves, each judged also by what the **next** roll
#   will probably allow (the average over all 36 rolls).
#
# The command line does the same for many more games:
# `paleo simulate dig-site --bot expectation --games 200 -o hist.svg`.

# %%
from statistics import fmean, stdev

from paleowidgets.solver.bots import ExpectationBot, GreedyBot, RandomBot, simulate

GAMES = 30
results = {}
for bot in (RandomBot(), GreedyBot(), ExpectationBot()):
    finals = simulate(game, bot, GAMES, seed=0)
    results[bot.name] = [state.score().total for state in finals]
    scores = results[bot.name]
    print(f"{bot.name:12} mean {fmean(scores):5.1f}  sd {stdev(scores):4.1f}  "
          f"min {min(scores):2}  max {max(scores):2}")

# %% [markdown]
# The **mean** is the average score. The **sd** (standard deviation) says how far a
# game's score typically lies from the mean: in about two games out of three the score
# is within one sd of the mean. A big sd means the scores are spread out (luck plays a
# big part); a small sd means the robot scores about the same every game.
#
# The two histograms below use the **same axes** (the same score bins, the same height
# for a game), so you can compare them by eye: look where each pile stands, and how wide
# it is.

# %%
axes = shared_axes(results["greedy"], results["expectation"], bin_width=2)
histogram(results["greedy"], title=f"Greedy robot, {GAMES} games on the dig site",
          xlabel="score", ylabel="games", mark=fmean(results["greedy"]),
          mark_label=f"mean {fmean(results['greedy']):.1f}", **axes)

# %%
histogram(results["expectation"], title=f"Expectation robot, {GAMES} games on the dig site",
          xlabel="score", ylabel="games", mark=fmean(results["expectation"]),
          mark_label=f"mean {fmean(results['expectation']):.1f}", **axes)

# %% [markdown]
# Both robots played the **same** 30 roll sequences (seeds 0 to 29), so we can compare
# them game by game: in how many games did the expectation robot score more?

# %%
pairs = list(zip(results["greedy"], results["expectation"]))
better = sum(1 for g, e in pairs if e > g)
worse = sum(1 for g, e in pairs if e < g)
print(f"expectation better in {better} games, worse in {worse}, equal in "
      f"{GAMES - better - worse}")
print(f"mean difference: {fmean(e - g for g, e in pairs):+.2f} points a game")

# %% [markdown]
# ## How sure are we? 30 games or 200
# Another 30 games would give another mean: the mean of 30 games itself wobbles. How
# much? About **sd ÷ √(number of games)**, and the mean usually lands within twice that
# of the robot's true average. With 200 games, √200 ≈ 14.1 instead of √30 ≈ 5.5: the
# wobble is 2.6 times smaller.

# %%
from math import sqrt

for name, scores in results.items():
    sd = stdev(scores)
    print(f"{name:12} mean {fmean(scores):5.1f}, give or take {2 * sd / sqrt(GAMES):.1f} with "
          f"{GAMES} games, {2 * sd / sqrt(200):.1f} with 200")

# %% [markdown]
# Compare the gap between two robots' means with their "give or take". The random robot
# is far behind: 30 games are plenty to see it. When a gap is not much bigger than the
# wobbles, 30 games cannot settle which robot is better: play more. The command line
# plays as many games as you like (200 take a few minutes for the expectation robot):
# `paleo simulate dig-site --bot expectation --games 200`; the benchmark
# `benchmarks/bench_bots.py` plays hundreds and gives the difference with a confidence
# interval.
#
# Here is the sheet of the expectation robot's best game:

# %%
best_seed = max(range(GAMES), key=lambda i: results["expectation"][i])
(best,) = simulate(game, ExpectationBot(), 1, seed=best_seed)
render_svg(best, rolls=roll_sequence(best_seed, game.rounds),
           player=f"Expectation robot, seed {best_seed}")

# %% [markdown]
# ## To think about
# The expectation robot looks one roll ahead. Why might it prefer to leave a fossil's ring
# with a gap that **many** shapes can fill, rather than one that only the I can fill?

# %% [markdown]
# ## Exit ticket
# To finish, on your own: questions about cases this lesson never printed. For this
# ticket, run the next cell to see the questions, then write your answers in one list, in
# the order of the questions, like `answer = [first, second]`, and run the check. Your
# teacher may collect the results.

# %%
from paleowidgets.exercises.lesson06 import exit_ticket

ticket = exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = ["11/36", "20/36", "3/36"]    # like every shape; like every dig type; T (face 2) with chevron (1-2): 2-1, 1-2, 2-2
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
