# %%
# The game alone, for Voila (`./kit voila`; `PALEOWIDGETS_LANG=fr ./kit voila` in French).
# Voila shows only the outputs: every word on the page comes from the catalogs of the
# language set, so the page speaks that language only. In Voila the widget asks the pupil's
# name first (each tab is a kernel of its own) and saves the game under it.
import os

from IPython.display import Markdown, display

from paleowidgets import PlayWidget, load_map
from paleowidgets.i18n import rules_summary, set_language, t

# The language: PALEOWIDGETS_LANG's when it is set, else this page's own (English here;
# demo-play.fr.ipynb is the same page in French).
set_language(None if os.environ.get("PALEOWIDGETS_LANG") else "en")

display(Markdown(f"# {t('demo.title')}\n\n{t('demo.intro')}"))
PlayWidget(load_map("dig-site"), seed="TREX-4821")

# %%
Markdown(rules_summary())
