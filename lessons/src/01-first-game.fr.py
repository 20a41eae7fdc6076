# %% [markdown]
# # Leçon 1 — Ta première partie
#
# **Objectifs**
# - lire un site de fouille : chaque case a pour nom la lettre de sa colonne et le numéro
#   de sa ligne, `A1` en haut à gauche (aux échecs, a1 est en bas : ici les lignes se
#   comptent vers le bas) ; des fossiles, des étoiles bonus ;
# - connaître une manche : deux dés, l'un donne la **forme**, l'autre le **type de fouille** ;
# - voir comment on *déterre* un fossile : toutes les cases qui le touchent orthogonalement
#   doivent être dessinées.
#
# Toute la classe utilise les mêmes dés : l'enseignant affiche un **code de dés** et
# chaque ordinateur calcule les mêmes lancers à partir de ce code.
#
# *Cette leçon existe aussi en anglais (`01-first-game.ipynb`) et en coréen
# (`01-first-game.ko.ipynb`).*

# %% [markdown] teacher
# ## Note pour l'enseignant (édition enseignant seulement)
# **Programme.** Se repérer sur un quadrillage (la lettre d'une colonne et le numéro d'une
# ligne, comme sur une carte) ; lire un tableau de données (le journal de partie) ; côtés
# et sommets des carrés (voisins orthogonaux et diagonaux). À partir de 9 ans, 45 minutes,
# en binômes.
#
# | partie | minutes |
# |---|---|
# | objectifs, le site de fouille, les règles en bref | 10 |
# | les dés de la partie de classe, les cinq premières manches du robot | 8 |
# | la feuille après 5 manches et à la fin, les points | 7 |
# | rejouer la partie du robot | 5 |
# | jouer soi-même, *À toi* (les questions de sortie) | 15 |
#
# **Attention aux coordonnées.** Les lignes se comptent *vers le bas* : `A1` est la case en
# haut à gauche et `A2` est juste en dessous, comme quand on lit une page ; ce n'est pas
# comme un échiquier (a1 en bas à gauche), ni comme les graphiques des cours de maths, où
# y monte. Le dire une fois, le doigt sur la grille.
#
# **Erreurs fréquentes.**
# - « Un dé donne la forme et le type de fouille » : non, un dé donne la forme, l'*autre*
#   le type de fouille ; sur un double, les deux viennent de la même face.
# - « Toucher par un coin compte » : un fossile est déterré seulement quand toutes les
#   cases qui partagent un *côté* avec lui sont dessinées ; les cases en diagonale ne
#   comptent jamais.
# - « Le robot a bien joué, donc c'est le meilleur score » : la leçon 7 montre le meilleur
#   score prouvé.
#
# **Parcours plus facile.** Laisser de côté la notation du journal de partie : rejouer la
# partie du robot avec les boutons, puis jouer sur les mêmes dés avec un camarade, l'un lit
# le lancer, l'autre dessine. **Parcours plus difficile.** La question 2 de *À toi*, puis
# prévoir le détail des points de sa propre partie avant que la grille ne l'affiche.
#
# **Les réponses.** À toi 1 : la feuille finale du robot ci-dessus montre quels fossiles il
# a déterrés (ils sont marqués), et le replay montre les cases d'anneau qui manquent ; 2 et
# 3 sont ouvertes.

# %%
from IPython.display import Markdown

from paleowidgets import load_map, render_svg, roll_sequence
from paleowidgets.exercises.lesson01 import in_words, robot_game
from paleowidgets.i18n import rules_summary, set_language

# Un seul réglage pour tous les textes qui suivent : widgets, feuilles et règles.
set_language("fr")

dig_site = load_map("dig-site")
dig_site

# %% [markdown]
# ## Les règles en bref
# Lis-les une fois maintenant ; reviens-y chaque fois que la grille dit qu'un placement
# n'est pas permis.

# %%
Markdown(rules_summary())

# %% [markdown]
# ## Les dés de notre partie de classe
# Le code `TREX-4821` donne vingt lancers. Les faces 1 et 2 donnent les chevrons, 3 et 4 les
# pois, 5 et 6 les hachures ; chaque face propose aussi deux formes (voir la feuille).

# %%
SEED = "TREX-4821"
rolls = roll_sequence(SEED, dig_site.rounds)
print(" ".join(f"{a}-{b}" for a, b in rolls))

# %% [markdown]
# ## Un robot joue les vingt manches
# Le robot *glouton* choisit, à chaque manche, le placement qui rapporte le plus tout de
# suite. Sa partie est enregistrée dans un **journal de partie** : la carte, les lancers et
# chaque tour.
#
# Un tour s'écrit comme dans les fichiers de parties, avec des mots anglais :
# `L hatch F3 C4 D4 E4 F4` veut dire la forme L, le type de fouille hachures (*hatch*), sur
# les cases F3, C4, D4, E4 et F4 ; `chevron` veut dire chevrons et `dot` pois ;
# `stars one-square` dit quel bonus le robot a choisi pour une étoile qu'il a couverte
# (*one-square* : Un carré n'importe où).

# %%
log = robot_game(dig_site, SEED, "Robot glouton")
turns = log.players[0].turns
for number in range(1, 6):
    roll, turn = rolls[number - 1], turns[number - 1]
    print(f"manche {number} : lancer {roll[0]}-{roll[1]} -> {turn}  ({in_words(turn)})")

# %% [markdown]
# ## La feuille après 5 manches, puis à la fin

# %%
render_svg(log.state_at(0, 5), rolls=rolls, turns=turns[:5], player="Robot glouton")

# %%
render_svg(log, player=0)

# %%
score = log.state_at(0, dig_site.rounds).score()
for fossil in score.fossils:
    bonus = f" + {fossil.bonus} de même type de fouille" if fossil.bonus else ""
    print(f"fossile {fossil.id} : {fossil.points} points{bonus}")
print(f"bonus +1 point : {score.plus_one}")
print(f"total : {score.total}")

# %% [markdown]
# ## Rejoue la partie du robot
# Avance dans la partie enregistrée manche par manche (boutons, curseur, ou touches ← →
# après avoir cliqué sur la grille). « Continuer à partir d'ici » te laisse prendre la main
# à n'importe quelle manche.

# %%
from paleowidgets.widgets import PlayWidget, ReplayWidget

ReplayWidget(log, round=5)

# %% [markdown]
# ## À toi de jouer, avec les mêmes dés
# Choisis une forme et un type de fouille, vise la grille et clique. **R** tourne la forme,
# **F** la retourne, les flèches la déplacent, **Entrée** la dessine, **U** annule. Quand un
# placement n'est pas permis, la grille dit pourquoi.

# %%
PlayWidget(dig_site, seed=SEED, player="Moi")

# %% [markdown]
# ## À toi
# 1. Quels fossiles le robot a-t-il déterrés ? Quelles cases manquent encore autour des
#    autres ?
# 2. Trouve une manche où le robot aurait pu prendre *l'autre* dé pour la forme.
#    Qu'est-ce qui aurait changé ?
# 3. Joue ta propre partie ci-dessus. As-tu battu le score du robot ? Lesquels de tes choix
#    ont fait la différence ?
