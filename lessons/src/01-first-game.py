# %% [markdown]
# # Lesson 1 — Play your first game
#
# **Learning goals**
# - read a dig site: cells named like chess squares (`A1` is top left), fossils, bonus stars;
# - know a round: two dice, one gives the **shape**, the other the **dig type**;
# - see how a fossil is *dug up*: every cell orthogonally next to it must be drawn.
#
# Everybody in the class uses the same dice: the teacher posts a **seed code** and every
# laptop computes the same rolls from it.
#
# *This lesson also exists in French (`01-first-game.fr.ipynb`) and Korean
# (`01-first-game.ko.ipynb`).*

# %%
import random

from IPython.display import Markdown

from paleowidgets import Game, GameLog, PlayerLog, load_map, render_svg, roll_sequence
from paleowidgets.i18n import rules_summary, set_language, t
from paleowidgets.solver.bots import GreedyBot, play_game

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
def in_words(turn):
    """The shape and the dig type of a turn, in the lesson's language."""
    if turn.passed:
        return t("sheet.pass")
    return f"{t('shape.' + turn.shape)}, {t('dig.' + turn.dig)}"


game = Game(dig_site)
final, turns = play_game(game, rolls, GreedyBot(), random.Random(SEED))
log = GameLog(dig_site, rolls, (PlayerLog("Greedy robot", tuple(turns)),))
for number, (roll, turn) in enumerate(zip(rolls, turns, strict=True), start=1):
    if number <= 5:
        print(f"round {number}: roll {roll[0]}-{roll[1]} -> {turn}  ({in_words(turn)})")

# %% [markdown]
# ## The sheet after 5 rounds, and at the end

# %%
render_svg(log.state_at(0, 5), rolls=rolls, turns=turns[:5], player="Greedy robot")

# %%
render_svg(log, player=0)

# %%
score = final.score()
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
