# %% [markdown]
# # Lesson 1 — Play your first game
#
# **Learning goals**
# - read a dig site: each cell is named by its column letter and its row number, `A1` at
#   the top left (on a chess board a1 is at the bottom: here the rows count downwards);
#   fossils, bonus stars;
# - know a round: two dice, one gives the **shape**, the other the **dig type**;
# - see how a fossil is *dug up*: every cell orthogonally next to it must be drawn.
#
# Everybody in the class uses the same dice: the teacher posts a **seed code** and every
# laptop computes the same rolls from it.
#
# *This lesson also exists in French (`01-first-game.fr.ipynb`) and Korean
# (`01-first-game.ko.ipynb`).*

# %% [markdown] teacher
# ## Teacher's note (teacher edition only)
# **Curriculum.** Coordinates on a grid (a column letter and a row number, like map
# references); reading a table of data (the game log); sides and corners of squares
# (orthogonal and diagonal neighbours). Ages 9+, 45 minutes, in pairs.
#
# | section | minutes |
# |---|---|
# | goals, the dig site, the rules in short | 10 |
# | the dice of the class game, the robot's first five rounds | 8 |
# | the sheet after 5 rounds and at the end, the score | 7 |
# | replay the robot's game | 5 |
# | play it yourself, *Your turn* (the exit questions) | 15 |
#
# **Watch the coordinates.** Rows count *downwards*: `A1` is the top-left cell and `A2` is
# below it, like reading a page, unlike a chess board (a1 bottom left) and unlike the
# graphs of maths lessons, where y grows upwards. Say it once, with a finger on the board.
#
# **Likely misconceptions.**
# - "One die gives the shape and the dig type": no, one die gives the shape, the *other*
#   the dig type; on a double both come from the same face.
# - "Touching at a corner counts": a fossil is dug up only when every cell that shares a
#   *side* with it is drawn; the diagonal cells never count.
# - "The robot played well, so that is the best score": lesson 7 shows the proven best.
#
# **Easier path.** Skip the game log's notation: replay the robot's game with the buttons,
# then play on the same dice with a partner, one reads the roll, one draws.
# **Harder path.** Question 2 of *Your turn*, then predict the score breakdown of your own
# game before the board shows it.
#
# **The answers.** Your turn 1: the robot's final sheet above shows which fossils it dug
# up (they are marked), and the replay shows the missing ring cells; 2 and 3 are open.

# %%
from IPython.display import Markdown

from paleowidgets import load_map, render_svg, roll_sequence
from paleowidgets.exercises.lesson01 import in_words, robot_game
from paleowidgets.i18n import rules_summary, set_language

# One setting for every text below: the widgets, the sheets and the rules ("fr", "ko").
set_language("en")

dig_site = load_map("dig-site")
dig_site

# %% [markdown]
# ## The rules in short
# Read them once now; come back to them whenever the board says a placement is not allowed.

# %%
Markdown(rules_summary())

# %% [markdown]
# ## The dice of our class game
# The seed code `TREX-4821` gives twenty rolls. Die faces 1–2 give the chevron dig type,
# 3–4 dots, 5–6 diagonal hatching; each face also offers two shapes (see the sheet).

# %%
SEED = "TREX-4821"
rolls = roll_sequence(SEED, dig_site.rounds)
print(" ".join(f"{a}-{b}" for a, b in rolls))

# %% [markdown]
# ## A robot plays the twenty rounds
# The *greedy* robot picks, each round, the placement that gains the most right now.
# Its game is recorded as a **game log**: the map, the rolls and every turn.
#
# A turn is written as in the game files: `L hatch F3 C4 D4 E4 F4` means the L shape, the
# hatch dig type, on cells F3, C4, D4, E4 and F4; `stars one-square` says which bonus the
# robot chose for a star it covered.

# %%
log = robot_game(dig_site, SEED, "Greedy robot")
turns = log.players[0].turns
for number in range(1, 6):
    roll, turn = rolls[number - 1], turns[number - 1]
    print(f"round {number}: roll {roll[0]}-{roll[1]} -> {turn}  ({in_words(turn)})")

# %% [markdown]
# ## The sheet after 5 rounds, and at the end

# %%
render_svg(log.state_at(0, 5), rolls=rolls, turns=turns[:5], player="Greedy robot")

# %%
render_svg(log, player=0)

# %%
score = log.state_at(0, dig_site.rounds).score()
for fossil in score.fossils:
    bonus = f" + {fossil.bonus} same dig type" if fossil.bonus else ""
    print(f"fossil {fossil.id}: {fossil.points} points{bonus}")
print(f"+1 Point bonuses: {score.plus_one}")
print(f"total: {score.total}")

# %% [markdown]
# ## Replay the robot's game
# Step through the recorded game round by round (buttons, slider, or the ← → keys once
# you have clicked the board). "Play on from here" lets you take over at any round.

# %%
from paleowidgets.widgets import PlayWidget, ReplayWidget

ReplayWidget(log, round=5)

# %% [markdown]
# ## Play it yourself, on the same dice
# Choose a shape and a dig type, point at the board and click. **R** rotates, **F** flips,
# the arrows move the shape, **Enter** draws it, **U** undoes. When a placement is not
# allowed, the board says why.

# %%
PlayWidget(dig_site, seed=SEED, player="Me")

# %% [markdown]
# ## Your turn
# 1. Which fossils did the robot dig up? Which ring cells are still missing around the others?
# 2. Find a round where the robot could have chosen the *other* die for the shape.
#    What would have changed?
# 3. Play your own game above. Did you beat the robot's score? Which of your choices
#    made the difference?
