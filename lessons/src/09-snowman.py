# %% [markdown]
# # Lesson 9 — Snowman Edition: a class game and Build your Snowman
#
# **Learning goals**
# - play a **class game**: one **seed code** on the board, the same dice on every laptop,
#   each player on their own sheet, one scoreboard;
# - read a scoreboard: who is ahead, who won, and why equal scores share the win;
# - after the game, **build your snowman** from the items you dug up, name it, and save
#   the picture.
#
# The Snowman Edition plays by the same rules as Paleontologists: *items* instead of
# fossils, *snowflakes* instead of stars, a *snow map* instead of a dig site.

# %% [markdown] teacher
# ## Teacher's note (teacher edition only)
# **Curriculum.** Reading and comparing data in a table (a scoreboard: order, ties);
# counting from 1 or from 0 (the rolls of a list); following instructions; a shared
# random sequence (every laptop gets the same rolls from one code). Lesson 1 first.
# Ages 9+, 45 minutes.
#
# | section | minutes |
# |---|---|
# | one seed code, the same dice everywhere; exercise 1 | 7 |
# | three robots play a class game; exercise 2 | 8 |
# | the teacher gathers the saved games | 3 |
# | play the class game yourselves (one seed code on the board) | 17 |
# | build your snowman; exercise 3 | 10 |
#
# **Likely misconceptions.**
# - Exercise 1: `rolls[3]` for round 3: the list counts from 0, the rounds from 1.
# - Exercise 2: the top line of the scoreboard is *the* winner: equal scores share the
#   win (the two greedy robots choose the same way on the same dice).
# - "A different laptop gives different dice": not with the same seed code; a mistyped
#   code gives other dice, and the teacher's folder leaves that game out, saying why.
# - Cell names count rows downwards from A1 at the top left.
#
# **Easier path.** Play the class game on the board with the whole class (several
# players at one screen: `player=["Ada", "Bo"]`), then build snowmen; exercises 1 and 2
# as a class discussion. **Harder path.** Predict the robots' scoreboard before running
# it; compare the greedy and the random robots over several seed codes.
#
# The worked answers are in the answer cells.

# %%
from paleowidgets import load_map, render_svg, roll_sequence
from paleowidgets.exercises.lesson09 import (check_roll, check_snowman, check_winners,
                                             robot_game, show_scoreboard)
from paleowidgets.i18n import set_language
from paleowidgets.render.snowman import SPOTS, Snowman, dug_items, render_snowman

# One setting for every text below: the map, the widgets, the checks ("fr", "ko").
LANG = "en"
set_language(LANG)

snow_map = load_map("snow-map")
for item in snow_map.fossils:
    print(f"{item.id}  {item.name_in(LANG):13} {item.points} points, +{item.bonus} same dig type")

# %% [markdown]
# ## One seed code, the same dice everywhere
# The teacher writes a seed code on the board, say `SNOWY-2024`. Every laptop that uses it
# computes the same twenty rolls, so everybody plays the same game of dice, each on their
# own sheet. Capital letters and spaces do not matter.

# %%
SEED = "SNOWY-2024"
rolls = roll_sequence(SEED, snow_map.rounds)
print(rolls)
print(roll_sequence(" snowy-2024 ", 3) == rolls[:3])

# %% [markdown]
# **Exercise 1.** What is the roll of round 3 for a class with the seed code `SNOWY-2024`?
# Write the two dice, like `(1, 6)`.

# %% answer
### BEGIN SOLUTION
answer = rolls[2]    # round 3 is the third roll: the list starts at rolls[0]
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_roll(SEED, 3, answer)
### END HIDDEN TESTS
check_roll(SEED, 3, answer)

# %% [markdown]
# ## Three robots play a class game
# `ClassGame` keeps one sheet per player on the rolls of the seed. Two *greedy* robots
# (they take the best placement of the moment) and one *random* robot (any legal
# placement) play the twenty rounds, each at its own pace.

# %%
game = robot_game(SEED)      # Greedy Gus, Greedy Gina and Random Rita play every round
show_scoreboard(game)

# %% [markdown]
# **Exercise 2.** Who won the robots' class game? Answer with a name, like `"Random
# Rita"`, or a list of names if the best score is shared.

# %% answer
### BEGIN SOLUTION
answer = ["Greedy Gus", "Greedy Gina"]    # same dice, same way of choosing: a shared win
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_winners(game, answer)
### END HIDDEN TESTS
check_winners(game, answer)

# %%
game.outcome().winners

# %% [markdown]
# Greedy Gus's sheet at the end:

# %%
log = game.log()
render_svg(log, player="Greedy Gus")

# %% [markdown]
# ## The teacher gathers the saved games
# Each student saves their game as a *game log* (a JSON file; `paleo score` reads it too).
# The teacher puts the files in one folder and loads them all: the scoreboard, and every
# board. A file played with other dice (a mistyped seed code) or on another map is left
# out, with the reason.

# %%
from paleowidgets.exercises.helpers import favourite_snowman
from paleowidgets.exercises.lesson09 import gathered
from paleowidgets.widgets.classgame import ClassGameWidget

gathered(game)      # each robot's saved game, gathered in one folder

# %% [markdown]
# ## Play the class game yourself
# Type your name and the seed code on the board:
# `ClassGameWidget(snow_map, seed="SNOWY-2024", player="Ada", save_to="my-class")`.
# Every turn is then saved at once in the folder `my-class/`, and opening the widget again
# goes on from your file, so nothing is lost if the notebook restarts.
#
# The teacher can seat several players at one screen: `player=["Ada", "Bo"]`, then the
# buttons (or `[` and `]` on the board) switch sheets, and the small boards and the
# scoreboard follow every turn.

# %%
ClassGameWidget(snow_map, seed=SEED, player=["Ada", "Bo"])

# %% [markdown]
# ## Build your Snowman
# After the game, the items you dug up go on a blank snowman, wherever you like. In the
# widget: choose an item (or press 1, 2, 3 ... on the snowman), then click a spot, or move
# the square with the arrow keys and press **Enter**; **Delete** takes an item off. Name
# your snowman and save the picture (SVG, PNG or PDF).
#
# Here is the snowman of Greedy Gus, built in code:

# %%
gus = game.state("Greedy Gus")
items = dug_items(gus)
snowman = favourite_snowman(gus, "Gus the Snowman")     # each item on its favourite spot
print(", ".join(f"{item.label(LANG)} ({item.id})" for item in items))
render_snowman(items, snowman)

# %% [markdown]
# And the widget, to build your own from Greedy Gina's items:

# %%
from paleowidgets.widgets.snowman import SnowmanWidget

gina = game.state("Greedy Gina")
builder = SnowmanWidget(gina, name="")
builder

# %% [markdown]
# **Exercise 3.** Dress Gina's snowman in the widget above with *every* item she dug up,
# and give it a name. Then write `answer = builder.design` below and run the check.

# %% answer
### BEGIN SOLUTION
answer = Snowman("Gina's snowman")    # or builder.design, once dressed in the widget
for item, spot in zip(dug_items(gina), SPOTS, strict=False):
    answer = answer.place(item.id, spot)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_snowman(gina, answer)
### END HIDDEN TESTS
check_snowman(gina, answer)

# %% [markdown]
# ## Exit ticket
# To finish, on your own: questions about cases this lesson never printed. For this
# ticket, run the next cell to see the questions, then write your answers in one list, in
# the order of the questions, like `answer = [first, second]`, and run the check. Your
# teacher may collect the results.

# %%
from paleowidgets.exercises.lesson09 import exit_ticket

ticket = exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = [(4, 6), ["Greedy Gus", "Greedy Gina"]]
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
