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

# %% [markdown] teacher
# ## Teacher's note (teacher edition only)
# **Curriculum.** Problem solving and reasoning: planning several steps ahead with all
# the information known; checking a solution against the rules; the difference between
# "a good answer" and "a proven best answer"; reading a notation (the line of turns).
# Lesson 1 first. Ages 10+, 30 to 60 minutes: the ladder scales.
#
# | section | minutes |
# |---|---|
# | the ladder, the first rung (read the puzzle) | 5 |
# | play it with the widget (hints, check, reveal) | 10 |
# | write a line: three wrong tries, exercise 1 | 10 |
# | exercise 2: beat the greedy robot | 10 |
# | exercise 3 (a new puzzle), exit ticket; more rungs for fast pairs | 5 to 25 |
#
# **Likely misconceptions.**
# - Taking the shape and the dig type from the same die (try 1): one die gives the shape,
#   the *other* the dig type (on a double, both the same face).
# - "Passing is always allowed": only when no shape of the roll fits.
# - "The widget's hint is the answer": the third hint is *a* best turn; other best lines
#   exist (*Your turn* 2).
# - Cell names: column letter then row number, rows counting downwards from A1 at the
#   top left.
#
# **Easier path.** Play the first two rungs with the widget and its hints only; write
# the line of exercise 1 together on the board. **Harder path.** The intermediate tier,
# then the advanced one; find two different best lines (*Your turn* 2); explain why the
# greedy robot fails on *Lucky doubles*.
#
# The worked answers are in the answer cells.

# %%
from paleowidgets import render_svg
from paleowidgets.exercises.helpers import greedy_turns
from paleowidgets.exercises.lesson08 import (TIERS, check_line, line_text, load_tier,
                                             tier_name)
from paleowidgets.i18n import set_language
from paleowidgets.render.chart import bar_chart
from paleowidgets.widgets.puzzle import PuzzleWidget

# One setting for every text below: the sheets, the widgets, the checks ("fr", "ko").
LANG = "en"
set_language(LANG)

ladder = {tier: load_tier(tier) for tier in TIERS}      # the puzzles/ folder of the kit
for tier, puzzles in ladder.items():
    print(f"{tier_name(tier):13} {len(puzzles):2} puzzles, {', '.join(str(len(p.rolls)) for p in puzzles)}"
          " rounds")

# %% [markdown]
# Each puzzle in the collection comes with its **optimum**, proven by the solver (lesson 7),
# and one line of play that reaches it. Higher tiers have more rounds, bigger sites, and
# traps where the obvious move is not the best one.

# %%
bar_chart([tier_name(tier) for tier in TIERS if ladder[tier]],
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
print(first.title_in(LANG), "-", first.story_in(LANG))
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
# `check_line` replays the line through the rules, turn by turn. Here are three wrong
# tries on *First ring*, each with what the check says.
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
# **Exercise 1.** Your try: write a line for *First ring* that scores its optimum. Start
# from try 1 and fix it; the widget above (and its hints) can help you find the turns.
# Write the line between triple quotes, as in the tries.

# %% answer
### BEGIN SOLUTION
answer = """[
  { shape = "Y", dig = "dot", cells = ["C2", "B3", "C3", "D3", "E3"] },
  { shape = "U", dig = "dot", cells = ["D4", "F4", "D5", "E5", "F5"], stars = ["plus-one"] },
]"""    # the Y takes its dig type from the 4 (dots), the U closes the ring and takes the star
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_line(first, answer)
### END HIDDEN TESTS
check_line(first, answer)


# %% [markdown]
# ## Beat the greedy robot
# On the next puzzle of the ladder, the greedy robot plays the line below. It is legal,
# but is it the best? Check it, then write your own line below. Use the widget (and its
# hints) to find the turns, then copy them here.

# %%
second = ladder["beginner"][1]
robot_turns = greedy_turns(second)
greedy_line = line_text(robot_turns)
print(second.title_in(LANG), "- rolls:", "  ".join(f"{a}-{b}" for a, b in second.rolls))
print(greedy_line)
check_line(second, greedy_line)

# %%
render_svg(second, turns=robot_turns, title=f"{second.title_in(LANG)}: the greedy robot's line")

# %%
PuzzleWidget(second)

# %% [markdown]
# **Exercise 2.** Your line for *Lucky doubles*: beat the greedy robot, and reach the
# optimum.

# %% answer
### BEGIN SOLUTION
answer = """[
  { shape = "X", dig = "chevron", cells = ["C4", "B5", "C5", "D5", "C6"], stars = ["plus-one"] },
  { shape = "U", dig = "chevron", cells = ["B2", "C2", "D2", "B3", "D3"] },
]"""    # the X takes the star first; both chevron
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_line(second, answer)
### END HIDDEN TESTS
check_line(second, answer)

# %% [markdown]
# ## A new puzzle
# The third rung, *Carrot or hat?*: no robot's line this time, and no answer printed
# anywhere. Read it, play it in the widget if you like, then write your line.

# %%
third = ladder["beginner"][2]
print(third.title_in(LANG), "-", third.story_in(LANG))
print("rolls:", "  ".join(f"{a}-{b}" for a, b in third.rolls))
third

# %%
PuzzleWidget(third)

# %% [markdown]
# **Exercise 3.** Your line for *Carrot or hat?*, at its optimum.

# %% answer
### BEGIN SOLUTION
answer = """[
  { shape = "F", dig = "chevron", cells = ["A3", "A4", "B4", "C4", "B5"] },
  { shape = "Y", dig = "hatch", cells = ["B2", "C2", "D2", "E2", "D3"], stars = ["plus-one"] },
]"""
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_line(third, answer)
### END HIDDEN TESTS
check_line(third, answer)


# %% [markdown]
# ## Your turn
# 1. Climb the ladder: `PuzzleWidget(ladder["intermediate"][0])`. How many hints did you
#    need? Press **Check** to see.
# 2. A puzzle asks for the *highest* score. Why is a line that scores the optimum not
#    always the only right answer? Find two different best lines for *First ring*.

# %% [markdown]
# ## Exit ticket
# To finish, on your own: questions about cases this lesson never printed. For this
# ticket, one question: write its answer, a line, in place of `None`, then run the check.
# Your teacher may collect the results.

# %%
from paleowidgets.exercises.lesson08 import exit_ticket, tiny_puzzle

ticket = exit_ticket()
print(ticket)
render_svg(tiny_puzzle())

# %% answer
### BEGIN SOLUTION
answer = """[
  { shape = "Y", dig = "dot", cells = ["C2", "D2", "E2", "F2", "E3"], stars = ["plus-one"] },
  { shape = "X", dig = "dot", cells = ["D4", "C5", "D5", "E5", "D6"] },
  { shape = "I", dig = "dot", cells = ["B1", "B2", "B3", "B4", "B5"] },
]"""    # every cell in dots: the Y takes the star
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
