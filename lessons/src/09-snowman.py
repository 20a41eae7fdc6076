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

# %%
import random
import tempfile
from pathlib import Path

from paleowidgets import ClassGame, load_map, render_svg, roll_sequence
from paleowidgets.exercises.lesson09 import check_roll, check_snowman, check_winners
from paleowidgets.render.snowman import SPOTS, Snowman, dug_items, render_snowman
from paleowidgets.solver.bots import GreedyBot, RandomBot

snow_map = load_map("snow-map")
for item in snow_map.fossils:
    print(f"{item.id}  {item.name:13} {item.points} points, +{item.bonus} same dig type")

# %% [markdown]
# ## One seed code, the same dice everywhere
# The teacher writes a seed code on the board, say `SNOWY-2024`. Every laptop that uses it
# computes the same twenty rolls, so everybody plays the same game of dice, each on their
# own sheet. Capital letters and spaces do not matter.

# %%
SEED = "SNOWY-2024"
rolls = roll_sequence(SEED, snow_map.rounds)
print(" ".join(f"{a}-{b}" for a, b in rolls))
print(roll_sequence(" snowy-2024 ", 3) == rolls[:3])

# %% [markdown]
# ## Three robots play a class game
# `ClassGame` keeps one sheet per player on the rolls of the seed. Two *greedy* robots
# (they take the best placement of the moment) and one *random* robot (any legal
# placement) play the twenty rounds, each at its own pace: `roll_for(name)` is the roll
# that player plays next.

# %%
robots = {"Greedy Gus": GreedyBot(), "Greedy Gina": GreedyBot(), "Random Rita": RandomBot()}
game = ClassGame(snow_map, SEED, list(robots))
for name, bot in robots.items():
    rng = random.Random(name)          # each robot's own choices, seeded too
    while (roll := game.roll_for(name)) is not None:
        state = game.state(name)
        game.play(name, bot.choose(state, roll, rng).turn(state))

for place, (name, score, played) in enumerate(game.scoreboard(), start=1):
    print(f"{place}. {name:12} {score:3} points after {played} rounds")
print("winners:", ", ".join(game.outcome().winners))

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
from paleowidgets.core.logs import GameLog
from paleowidgets.widgets.classgame import ClassGameWidget, load_class_logs

with tempfile.TemporaryDirectory() as folder:
    for player in log.players:
        GameLog(log.document, log.rolls, (player,)).save(Path(folder) / f"{player.name}.json")
    results = load_class_logs(folder, seed=SEED)
results

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
favourite = {"top-hat": "hat", "carrot-nose": "nose", "pipe": "mouth", "scarf": "neck",
             "coal-buttons": "chest", "earmuffs": "left-ear", "mittens": "right-hand",
             "broom": "left-hand", "twig-arm": "right-arm", "pine-cone": "ground-left"}
snowman = Snowman("Gus the Snowman")
free = [spot for spot in SPOTS if spot not in favourite.values()]
for item in items:
    snowman = snowman.place(item.id, favourite.get(item.kind) or free.pop(0))
print(", ".join(f"{item.name} ({item.id})" for item in items))
render_snowman(items, snowman)

# %% [markdown]
# And the widget, to build your own from Greedy Gina's items:

# %%
from paleowidgets.widgets.snowman import SnowmanWidget

SnowmanWidget(game.state("Greedy Gina"), name="")

# %% [markdown]
# ## Your turn
# **1.** What is the roll of round 3 for a class with the seed code `SNOWY-2024`?
# A first try took `rolls[3]`:

# %%
check_roll(SEED, 3, rolls[3])

# %% [markdown]
# Fix the answer (the list starts at `rolls[0]`):

# %%
check_roll(SEED, 3, rolls[2])

# %% [markdown]
# **2.** Who won the robots' class game? Answer with a name, or a list of names if the
# best score is shared. A first try took the top line of the scoreboard:

# %%
check_winners(game, game.scoreboard()[0][0])

# %% [markdown]
# The two greedy robots choose the same way, and they had the same dice... Look at the
# scoreboard again and fix the answer:

# %%
check_winners(game, ["Greedy Gus", "Greedy Gina"])

# %% [markdown]
# **3.** Build a snowman that wears *every* item Greedy Gina dug up, and give it a name.
# This one is only half dressed:

# %%
gina = game.state("Greedy Gina")
gina_items = dug_items(gina)
half = Snowman("Gina's snowman")
for item, spot in zip(gina_items[: len(gina_items) // 2], SPOTS, strict=False):
    half = half.place(item.id, spot)
check_snowman(gina, half)

# %% [markdown]
# Place the rest:

# %%
dressed = half
for item, spot in zip(gina_items, SPOTS, strict=False):
    dressed = dressed.place(item.id, spot)
check_snowman(gina, dressed)
