# %% [markdown]
# # Paleontologists — play a game
# Roll the dice, choose a shape and a dig type, and surround the fossils.
# **R** rotates, **F** flips, the arrows move the shape, **Enter** draws it, **U** undoes.
# (The board and the rules below follow `PALEOWIDGETS_LANG`: `PALEOWIDGETS_LANG=fr ./kit voila`.)

# %%
from IPython.display import Markdown

from paleowidgets import load_map
from paleowidgets.i18n import rules_summary
from paleowidgets.widgets import PlayWidget

PlayWidget(load_map("dig-site"), seed="TREX-4821", player="Me")

# %%
Markdown(rules_summary())
