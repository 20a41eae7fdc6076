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
#
# Each exercise comes *before* the cells that answer it: write your answer in place of
# `None`, run the cell, then run the check under it.

# %% [markdown] teacher
# ## Teacher's note (teacher edition only)
# **Curriculum.** Algorithms and optimisation: a greedy algorithm and why it can fail;
# exhaustive search (a tree of 2ⁿ choices) against branch and bound; upper and lower
# bounds; relaxing a constraint to get a bound; reading a line graph and a bar chart of
# a game. Computing: decomposition, abstraction (the dig bag is a 0/1 knapsack). Ages 14+.
# Lesson 6 first (the robots).
#
# **Fits a 50-minute period** when the analysis panel and the replay are shown by the
# teacher on the board (the notebook takes up to a minute to run: start it first):
#
# | section | minutes |
# |---|---|
# | three players on the same dice, exercise 1 | 8 |
# | branch and bound on the dig bag: the tree, exercises 2 and 3, the cuts | 15 |
# | what the solver proves (the relaxation) | 7 |
# | regret: exercise 4, the panel and replay (teacher's screen) | 10 |
# | exercise 5, exit ticket | 10 |
#
# **Likely misconceptions.**
# - "The greedy robot is the best possible": the optimum is proven, greedy is a guess;
#   looking one roll ahead helps on some puzzles and hurts on others.
# - Exercise 1: answering a score instead of the difference.
# - Exercise 2: the bound as the points in the bag only (7) instead of bag + every
#   undecided find (7 + 3 + 2 = 12); or subtracting the finds that do not fit: the
#   bound ignores the room on purpose (that is the relaxation).
# - Exercise 3: "cut only when the bound is below the best": a bound *equal* to the best
#   cannot beat it either, so the branch is cut.
# - Comparing the 16 bags of brute force with the nodes branch and bound visits: the
#   whole tree has 31 nodes (15 inner nodes and 16 bags); compare nodes with nodes.
#
# **Easier path.** The dig bag on paper: draw the tree with the four finds, cross out the
# cut branches; exercises 1 to 3 only. **Harder path.** *Your turn* 1 (a fifth find and
# the order of the finds); a better bound (fill the room with the best points per unit of
# room, the fractional knapsack) and how many nodes it saves.
#
# The worked answers are in the answer cells, each with its reason.

# %%
import random

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
    tree_nodes,
)
from paleowidgets.exercises.lesson08 import load_tier
from paleowidgets.i18n import set_language
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

# One setting for every text below: the sheets, the widgets, the checks ("fr", "ko").
LANG = "en"
set_language(LANG)


# %% [markdown]
# ## Three players, the same dice
# A **fixed-dice puzzle** gives every roll in advance. The greedy robot does not look at
# the later rolls: each round it takes the move that looks best *now*. The expectation
# robot also does not know the later rolls, but it asks "which move leaves me good moves
# for the *likely* next rolls?". The solver reads every roll and searches until it can
# **prove** that no line of play scores more.

# %%
puzzles = load_tier("beginner") + load_tier("intermediate")[:4]   # from the kit's puzzles/
names, greedy, ahead, best = [], [], [], []
print(f"{'puzzle':14} rounds  greedy  one-ahead  optimum")
for puzzle in puzzles:
    names.append(puzzle.title_in(LANG))
    greedy.append(bot_score(puzzle, GreedyBot()))
    ahead.append(bot_score(puzzle, ExpectationBot()))
    best.append(solve(puzzle).optimum)
    print(f"{puzzle.title_in(LANG):14} {len(puzzle.rolls):6}  {greedy[-1]:6}  {ahead[-1]:9}  {best[-1]:7}")

# %%
bar_chart(names, {"greedy": greedy, "one roll ahead": ahead, "optimum (proven)": best},
          title="Three players on the same fixed dice", xlabel="puzzle", ylabel="score",
          width=640)

# %% [markdown]
# Neither robot ever beats the optimum: it is the best score *any* line of play can reach.
# Looking ahead helps on some puzzles and hurts on others: a guess about the dice is
# still a guess.
#
# %%
first_ring = next(p for p in puzzles if p.title == "First ring")

# %% [markdown]
# **Exercise 1.** On the puzzle *First ring*, how many points does the greedy robot leave
# on the table (optimum minus greedy)? A score is not an answer: the question is the
# difference.

# %% answer
### BEGIN SOLUTION
answer = 2    # read in the table: the optimum minus the greedy score
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_gap(first_ring, answer)
### END HIDDEN TESTS
check_gap(first_ring, answer)

# %% [markdown]
# ## Branch and bound, on a tiny example
# Forget the dice for a moment. You are packing a **dig bag** that holds 10 units of room.
# Each find takes some room and is worth some points:

# %%
for find in FINDS:
    print(f"{find.name:6} room {find.room}  points {find.points}")
print("bag room:", ROOM)

# %% [markdown]
# Every find is **taken or left**: a tree of choices. Its top node decides the Skull, the
# next level the Tooth, and so on; at the bottom are 2 × 2 × 2 × 2 = 16 bags. With the
# nodes on the way, the tree has 1 + 2 + 4 + 8 + 16 = **31 nodes**. Trying every bag
# (*brute force*) always works, but the tree doubles with every find: 30 finds would make
# more than a billion bags.

# %%
best_points, tried = brute_force(FINDS, ROOM)
print(f"brute force: best {best_points} points, {tried} bags tried, "
      f"{tree_nodes(len(FINDS))} nodes in the whole tree")

# %% [markdown]
# **Branch and bound** walks down the tree (take first, then leave) and keeps the best bag
# found so far. At each node it computes a **bound**: the points already in the bag plus
# the points of *every* find not decided yet, as if the bag had endless room. No bag below
# that node can score more than the bound. So when the bound is not above the best bag
# already found, the whole branch is **cut** without looking inside.

# %% [markdown]
# **Exercise 2.** The node where the Skull is taken and the Tooth is left: what is its
# bound? (The Skull gives 7 points; the Shell and the Claw are still undecided.)

# %% answer
### BEGIN SOLUTION
answer = 12    # 7 in the bag + 3 (Shell) + 2 (Claw), as if the room were endless
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_bound(FINDS, {"Skull": True, "Tooth": False}, answer)
### END HIDDEN TESTS
check_bound(FINDS, {"Skull": True, "Tooth": False}, answer)

# %% [markdown]
# **Exercise 3.** The search has already found a bag worth 10. May it skip everything
# below the node 'Skull left'? Answer `True` (yes, cut) or `False`.

# %% answer
### BEGIN SOLUTION
answer = True    # its bound is 1 + 3 + 2 = 6, not above 10: nothing below can beat 10
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_cut(FINDS, {"Skull": False}, 10, answer)
### END HIDDEN TESTS
check_cut(FINDS, {"Skull": False}, 10, answer)

# %% [markdown]
# Now the search itself. It counts every node it visits, inner nodes and bags alike, so
# compare its count with the 31 nodes of the whole tree:

# %%
bag = branch_and_bound(FINDS, ROOM)
print(f"branch and bound: best {bag.best} points with {', '.join(bag.taken)}; "
      f"{bag.nodes} nodes visited out of {tree_nodes(len(FINDS))}, "
      f"{bag.leaves} whole bags out of {tried}")
for decisions, bound, best_then in bag.cuts:
    said = ", ".join(f"{name} {'taken' if took else 'left'}" for name, took in decisions.items())
    print(f"cut at [{said}]: bound {bound} <= best so far {best_then}")

# %%
print("bound at [Skull left]:", node_bound(FINDS, {"Skull": False}))

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
render_svg(first_ring, turns=solution.turns, title=f"{first_ring.title_in(LANG)}: a best line")

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


worst = max(load_tier("intermediate"), key=lambda p: p.optimum - bot_score(p))
game, turns = greedy_game(worst)
analysis = analyse(game, worst.rolls, turns)
print(f"{worst.title_in(LANG)}: greedy scores {analysis.final}, the optimum is {analysis.best}")

# %% [markdown]
# **Exercise 4.** Which round of greedy's game gave away the most points? Each `ra` in
# `analysis.rounds` has `ra.round` and `ra.regret`: find the round with code, before the
# list below prints them.

# %% answer
### BEGIN SOLUTION
answer = max(analysis.rounds, key=lambda ra: ra.regret).round
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_worst_round(analysis, answer)
### END HIDDEN TESTS
check_worst_round(analysis, answer)

# %%
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
# **Exercise 5.** Back to the dig bag, a node the search never printed: the Skull and the
# Tooth are both taken. What is its bound?

# %% answer
### BEGIN SOLUTION
answer = 13    # 7 + 1 in the bag + 3 + 2 still undecided
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_bound(FINDS, {"Skull": True, "Tooth": True}, answer)
### END HIDDEN TESTS
check_bound(FINDS, {"Skull": True, "Tooth": True}, answer)

# %% [markdown]
# ## Your turn
# 1. Add a fifth find to the bag (room 1, points 2). Does branch and bound still visit
#    fewer nodes than brute force? Why does the *order* of the finds matter?
# 2. Play `PuzzleWidget` on the puzzle above (lesson 8) and beat greedy's score. Then
#    analyse your own game with `analyse(game, rolls, turns)`.
# 3. When is a bonus worth spending? *Keep the switch*
#    (`puzzles/1-beginner/25-keep-the-switch.toml`): its star gives a bonus of your choice;
#    which one, and in which round do you spend it? Greedy leaves the star.
#    `PuzzleWidget("../puzzles/1-beginner/25-keep-the-switch.toml")`

# %% [markdown]
# ## Exit ticket
# To finish, on your own: questions about cases this lesson never printed. For this
# ticket, run the next cell to see the questions, then write your answers in one list, in
# the order of the questions, like `answer = [first, second]`, and run the check. Your
# teacher may collect the results.

# %%
from paleowidgets.exercises.lesson07 import exit_ticket

ticket = exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = [6, True]    # 1 (the Tooth) + 3 + 2; the bound 5 is not above 7
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
