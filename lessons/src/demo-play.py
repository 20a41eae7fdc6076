# %%
# The game alone, for Voila (`./kit voila`; `PALEOWIDGETS_LANG=fr ./kit voila` in French).
# Voila shows only the outputs: every word on the page comes from the catalogs of the
# language set, so the page speaks that language only. In Voila the widget asks the pupil's
# name first (each tab is a kernel of its own) and saves the game under it.
from IPython.display import Markdown, display

from paleowidgets import PlayWidget, load_map
from paleowidgets.i18n import rules_summary, t

display(Markdown(f"# {t('demo.title')}\n\n{t('demo.intro')}"))
PlayWidget(load_map("dig-site"), seed="TREX-4821")

# %%
Markdown(rules_summary())
