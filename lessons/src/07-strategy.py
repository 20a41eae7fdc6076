# %% [markdown]
# # Lesson 7 — Strategy and optimisation: greedy, smarter, best
#
# **Learning goals**
# - compare three players on the same fixed dice: a **greedy** robot (the best-looking
#   move now), a robot that **looks one roll ahead**, and the **solver**, which knows all
#   the dice and *proves* the best score;
# - understand **branch and bound**: search a tree of choices, but cut every branch that
#   cannot beat the best found so far;
# - know what an **upper bound** is, and how the solver gets one by *relaxing* a rule
#   ("you may pass every round");
# - read the **regret** of each round of a game: how many points a turn gave away.

# %%
import random
from pathlib import Path

from paleowidgets import Game, GameLog, PlayerLog, render_svg
from paleowidgets.exercises.lesson07 import (
    FINDS,
    ROOM,
    bot_score,
    branch_and_bound,
    brute_force,
    check_bound,
    check_cut,
    check_gap,
    check_worst_round,
    node_bound,
)
from paleowidgets.exercises.lesson08 import load_tier
from paleowidgets.render.chart import bar_chart
from paleowidgets.solver.analysis import analyse
from paleowidgets.solver.bots import ExpectationBot, GreedyBot, play_game
from paleowidgets.solver.exact import solve
from paleowidgets.widgets.analysis import (
    AnalysisPanel,
    chart_svg,
    replay_with_analysis,
    scores_of,
)

PUZZLES = Path("..") / "puzzles"

# %% [markdown]
# ## Three players, the same dice
# A **fixed-dice puzzle** gives every roll in advance. The greedy robot does not look at
# the later rolls: each round it takes the move that looks best *now*. The expectation
# robot also does not know the later rolls, but it asks "which move leaves me good moves
# for the *likely* next rolls?". The solver reads every roll and searches until it can
# **prove** that no line of play scores more.

# %%
puzzles = load_tier("beginner", PUZZLES) + load_tier("intermediate", PUZZLES)[:4]
names, greedy, ahead, best = [], [], [], []
print(f"{'puzzle':14} rounds  greedy  one-ahead  optimum")
for puzzle in puzzles:
    names.append(puzzle.title)
    greedy.append(bot_score(puzzle, GreedyBot()))
    ahead.append(bot_score(puzzle, ExpectationBot()))
    best.append(solve(puzzle).optimum)
    print(f"{puzzle.title:14} {len(puzzle.rolls):6}  {greedy[-1]:6}  {ahead[-1]:9}  {best[-1]:7}")

# %%
bar_chart(names, {"greedy": greedy, "one roll ahead": ahead, "optimum (proven)": best},
          title="Three players on the same fixed dice", xlabel="puzzle", ylabel="score",
          width=640)

# %% [markdown]
# Neither robot ever beats the optimum: it is the best score *any* line of play can reach.
# Looking ahead helps on some puzzles and hurts on others: a guess about the dice is
# still a guess.
#
# ### Exercise 1
# On the puzzle *First ring*, how many points does the greedy robot leave on the table
# (optimum minus greedy)? A score is not an answer: the question is the difference.

# %%
first_ring = next(p for p in puzzles if p.title == "First ring")
check_gap(first_ring, 6)

# %%
check_gap(first_ring, 2)

# %% [markdown]
# ## Branch and bound, on a tiny example
# Forget the dice for a moment. You are packing a **dig bag** that holds 10 units of room.
# Each find takes some room and is worth some points:

# %%
for find in FINDS:
    print(f"{find.name:6} room {find.room}  points {find.points}")
print("bag room:", ROOM)

# %% [markdown]
# Every find is **taken or left**: a tree of choices with 2 × 2 × 2 × 2 = 16 bags at the
# bottom. Trying them all (*brute force*) always works, but the tree doubles with every
# find: 30 finds would make more than a billion bags.

# %%
best_points, tried = brute_force(FINDS, ROOM)
print(f"brute force: best {best_points} points, {tried} bags tried")

# %% [markdown]
# **Branch and bound** walks down the tree (take first, then leave) and keeps the best bag
# found so far. At each node it computes a **bound**: the points already in the bag plus
# the points of *every* find not decided yet, as if the bag had endless room. No bag below
# that node can score more than the bound. So when the bound is not above the best bag
# already found, the whole branch is **cut** without looking inside.

# %%
bag = branch_and_bound(FINDS, ROOM)
print(f"branch and bound: best {bag.best} points with {', '.join(bag.taken)}; "
      f"{bag.nodes} nodes visited")
for decisions, bound, best_then in bag.cuts:
    said = ", ".join(f"{name} {'taken' if took else 'left'}" for name, took in decisions.items())
    print(f"cut at [{said}]: bound {bound} <= best so far {best_then}")

# %% [markdown]
# ### Exercise 2
# The node where the Skull is taken and the Tooth is left: what is its bound? (The Skull
# gives 7 points; the Shell and the Claw are still undecided.)

# %%
check_bound(FINDS, {"Skull": True, "Tooth": False}, 7)

# %%
check_bound(FINDS, {"Skull": True, "Tooth": False}, 12)

# %% [markdown]
# The search has already found a bag worth 10. May it skip everything below the node
# "Skull left"?

# %%
print("bound at [Skull left]:", node_bound(FINDS, {"Skull": False}))
check_cut(FINDS, {"Skull": False}, 10, False)

# %%
check_cut(FINDS, {"Skull": False}, 10, True)

# %% [markdown]
# ## What the solver proves, and how
# The solver does the same thing on the real game, where the tree is the turns of each
# round. It needs two numbers:
#
# - a **lower bound**: the score of a real line of play it has found (any legal line will
#   do; the better, the more it can cut);
# - an **upper bound**: a number that no line can beat. The solver gets it by *relaxing*
#   one rule: **"you may pass in every round"**, even when a shape fits. With that rule
#   relaxed every real line is still allowed, and more besides, so the relaxed best can
#   only be higher or equal. And the relaxed game is much easier to solve: a useless
#   draw can simply be replaced by a pass.
#
# When a real line reaches the upper bound, nothing can do better: that is the **proof**.
# Otherwise the solver runs branch and bound over the real game, using the relaxed best
# from each node as the bound.

# %%
solution = solve(first_ring)
print("optimum:", solution.optimum, "| proven:", solution.proven)
for number, (roll, turn) in enumerate(zip(first_ring.rolls, solution.turns, strict=True), start=1):
    print(f"round {number}: roll {roll[0]}-{roll[1]} -> {turn}")
render_svg(first_ring, turns=solution.turns, title="First ring: a best line")

# %% [markdown]
# ## Where did the points go? The regret of each round
# Take the intermediate puzzle on which greedy loses the most, and let greedy play it.
# After each round we ask the solver: *what was the best score still reachable before
# this turn, and after it?* The difference is the turn's **regret**. A turn with regret 0
# kept every chance; the regrets add up to what the game gave away.

# %%
def greedy_game(puzzle):
    game = Game.from_puzzle(puzzle)
    _, turns = play_game(game, puzzle.rolls, GreedyBot(), random.Random(1))
    return game, tuple(turns)


worst = max(load_tier("intermediate", PUZZLES), key=lambda p: p.optimum - bot_score(p))
game, turns = greedy_game(worst)
analysis = analyse(game, worst.rolls, turns)
print(f"{worst.title}: greedy scores {analysis.final}, the optimum is {analysis.best}")
for ra in analysis.rounds:
    print(f"round {ra.round}: best reachable {ra.best_before} -> {ra.best_after}, "
          f"regret {ra.regret}")
print("regrets add up to", sum(ra.regret for ra in analysis.rounds), "=",
      analysis.best, "-", analysis.final)

# %% [markdown]
# The analysis panel draws it: the dashed line with squares is the best score still
# reachable, the solid line with dots is the score so far, the bars are the regrets.
# Click a round (or use the arrows) to read it in words, with a turn that would have kept
# the best. Beside a replay of the game, both move together.

# %%
chart_svg(analysis, scores_of(game, analysis), round=0)

# %%
AnalysisPanel(analysis, game=game)

# %%
replay_with_analysis(GameLog(worst, worst.rolls, (PlayerLog("Greedy", turns),)),
                     analysis=analysis)

# %% [markdown]
# ### Exercise 3
# Which round of greedy's game gave away the most points?

# %%
first_guess = min(analysis.rounds, key=lambda ra: ra.regret).round   # the calmest round
check_worst_round(analysis, first_guess)

# %%
check_worst_round(analysis, max(analysis.rounds, key=lambda ra: ra.regret).round)

# %% [markdown]
# ## Your turn
# 1. Add a fifth find to the bag (room 1, points 2). Does branch and bound still visit
#    fewer nodes than brute force? Why does the *order* of the finds matter?
# 2. Play `PuzzleWidget` on the puzzle above (lesson 8) and beat greedy's score. Then
#    analyse your own game with `analyse(game, rolls, turns)`.
