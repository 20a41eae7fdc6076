# %%
# Le jeu seul, pour Voilà (sur Binder : `…?urlpath=voila/render/lessons/demo-play.fr.ipynb` ;
# sur ton ordinateur, `PALEOWIDGETS_LANG=fr ./kit voila` sert la même page). Voilà ne
# montre que les sorties : chaque mot de la page vient des catalogues de la langue choisie,
# donc la page ne parle que cette langue. Dans Voilà, le widget demande d'abord le prénom
# de l'élève (chaque onglet a son propre noyau) et enregistre la partie à ce nom.
import os

from IPython.display import Markdown, display

from paleowidgets import PlayWidget, load_map
from paleowidgets.i18n import rules_summary, set_language, t

# La langue : celle de PALEOWIDGETS_LANG quand elle est réglée, sinon celle de cette page
# (le français ; demo-play.ipynb est la même page en anglais).
set_language(None if os.environ.get("PALEOWIDGETS_LANG") else "fr")

display(Markdown(f"# {t('demo.title')}\n\n{t('demo.intro')}"))
PlayWidget(load_map("dig-site"), seed="TREX-4821")

# %%
Markdown(rules_summary())
