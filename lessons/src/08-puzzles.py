# %% [markdown]
# # Lesson 8 — Puzzles: a ladder of fixed-dice challenges
#
# **Learning goals**
# - read a **fixed-dice puzzle**: a small dig site, every roll known in advance, and one
#   question: *what is the highest score you can reach?*
# - climb the **ladder** of the collection: beginner, intermediate, advanced, expert;
# - play a puzzle with **hints** (a legal turn, then a turn that closes in on a fossil,
#   then the best turn), check your score against the **proven optimum**, reveal a best line;
# - write an answer as a **line of turns** in the file notation, and have it checked:
#   right, or what is wrong (which rule a turn breaks, or how many points are missing).

# %%
import random
from pathlib import Path

from paleowidgets import Game, render_svg
from paleowidgets.exercises.lesson08 import TIERS, check_line, line_text, load_tier
from paleowidgets.render.chart import bar_chart
from paleowidgets.solver.bots import GreedyBot, play_game
from paleowidgets.widgets.puzzle import PuzzleWidget

PUZZLES = Path("..") / "puzzles"
ladder = {tier: load_tier(tier, PUZZLES) for tier in TIERS}
for tier, puzzles in ladder.items():
    print(f"{tier:13} {len(puzzles):2} puzzles, {', '.join(str(len(p.rolls)) for p in puzzles)}"
          " rounds")

# %% [markdown]
# Each puzzle in the collection comes with its **optimum**, proven by the solver (lesson 7),
# and one line of play that reaches it. Higher tiers have more rounds, bigger sites, and
# traps where the obvious move is not the best one.

# %%
bar_chart([tier for tier in TIERS if ladder[tier]],
          [sum(p.optimum or 0 for p in ladder[tier]) / len(ladder[tier])
           for tier in TIERS if ladder[tier]],
          title="The ladder: the average optimum of each tier", xlabel="tier",
          ylabel="average optimum (points)")

# %% [markdown]
# ## The first rung
# Read the puzzle: the fossils with their points and their `+n` same-dig-type bonus, the
# star, and the rolls on the round track. Which fossil can you dig up with two shapes?

# %%
first = ladder["beginner"][0]
print(first.title, "-", first.story)
print("rolls:", "  ".join(f"{a}-{b}" for a, b in first.rolls))
first

# %% [markdown]
# ## Play it
# The puzzle widget is the game on the puzzle's fixed rolls, with four buttons:
# **Hint** (or the key **H** on the board) gives one more hint each time you press it: a
# legal turn, then a turn that closes in on a fossil, then the best turn, outlined on the
# board. **Check** compares your score with the proven optimum when all rounds are
# played. **Reveal** replays a best line, round by round. **Start again** gives a fresh
# sheet.

# %%
PuzzleWidget(first)

# %% [markdown]
# ## Write a line, check it
# An answer is a **line**: one turn a round, written as in a puzzle file. A turn that
# draws is `{ shape = "Y", dig = "dot", cells = ["C2", "B3", "C3", "D3", "E3"] }`; add
# `stars = ["plus-one"]` with one bonus per star the shape covers (`one-square`,
# `switch-shape`, `switch-dig`, `plus-one`), `switch = ["shape"]` when you spend a switch,
# `squares = ["A1"]` for One Squares. A round with no draw is `{ pass = true }`, allowed
# only when no shape of the roll fits.
#
# `check_line` replays the line through the rules, turn by turn. Here are four tries on
# *First ring*.
#
# **Try 1:** the Y comes with the 5, so its dig type must come from the other die, the 4.

# %%
check_line(first, """[
  { shape = "Y", dig = "hatch", cells = ["C2", "B3", "C3", "D3", "E3"] },
  { shape = "U", dig = "dot", cells = ["D4", "F4", "D5", "E5", "F5"], stars = ["plus-one"] },
]""")

# %% [markdown]
# **Try 2:** passing is safe, surely?

# %%
check_line(first, "[ { pass = true }, { pass = true } ]")

# %% [markdown]
# **Try 3:** legal turns, but far from the fossils.

# %%
check_line(first, """[
  { shape = "Y", dig = "dot", cells = ["C2", "B3", "C3", "D3", "E3"] },
  { shape = "U", dig = "dot", cells = ["A5", "C5", "A6", "B6", "C6"] },
]""")

# %% [markdown]
# **Try 4:** close the Ammonite's ring in dots, and take the star's +1 Point.

# %%
check_line(first, """[
  { shape = "Y", dig = "dot", cells = ["C2", "B3", "C3", "D3", "E3"] },
  { shape = "U", dig = "dot", cells = ["D4", "F4", "D5", "E5", "F5"], stars = ["plus-one"] },
]""")

# %% [markdown]
# ## Exercise: beat the greedy robot
# On the next puzzle of the ladder, the greedy robot plays the line below. It is legal,
# but is it the best? Check it, then write your own line in `my_line` and check it. Use
# the widget (and its hints) to find the turns, then copy them here.

# %%
second = ladder["beginner"][1]
_, greedy_turns = play_game(Game.from_puzzle(second), second.rolls, GreedyBot(),
                            random.Random(1))
greedy_line = line_text(greedy_turns)
print(second.title, "- rolls:", "  ".join(f"{a}-{b}" for a, b in second.rolls))
print(greedy_line)
check_line(second, greedy_line)

# %%
render_svg(second, turns=greedy_turns, title=f"{second.title}: the greedy robot's line")

# %%
PuzzleWidget(second)

# %%
# Here: the puzzle's own stored answer, to show a right one. Replace it with yours.
my_line = line_text(second.solution)
check_line(second, my_line)

# %% [markdown]
# ## Your turn
# 1. Climb the ladder: `PuzzleWidget(ladder["intermediate"][0])`. How many hints did you
#    need? Press **Check** to see.
# 2. A puzzle asks for the *highest* score. Why is a line that scores the optimum not
#    always the only right answer? Find two different best lines for *First ring*.
