# %% [markdown]
# # Paleontologists — play a game
# Roll the dice, choose a shape and a dig type, and surround the fossils.
# **R** rotates, **F** flips, the arrows move the shape, **Enter** draws it, **U** undoes.

# %%
from paleowidgets import load_map
from paleowidgets.widgets import PlayWidget

PlayWidget(load_map("dig-site"), seed="TREX-4821", player="Me")
