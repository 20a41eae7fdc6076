# %% [markdown]
# # Leçon 9 — Édition Bonhomme de neige : une partie de classe et Construis ton bonhomme de neige
#
# **Objectifs**
# - jouer une **partie de classe** : un seul **code de dés** au tableau, les mêmes dés sur
#   chaque ordinateur, chaque joueur sur sa propre feuille, un seul classement ;
# - lire un classement : qui est en tête, qui a gagné, et pourquoi des scores égaux
#   partagent la victoire ;
# - après la partie, **construire ton bonhomme de neige** avec les objets que tu as
#   déterrés, lui donner un nom et enregistrer l'image.
#
# L'Édition Bonhomme de neige se joue avec les mêmes règles que Paleontologists : des
# *objets* au lieu des fossiles, des *flocons* au lieu des étoiles, une *carte enneigée* au
# lieu d'un site de fouille.

# %% [markdown] teacher
# ## Note pour l'enseignant (édition enseignant seulement)
# **Programme.** Lire et comparer des données dans un tableau (un classement : ordre,
# ex æquo) ; compter à partir de 1 ou de 0 (les lancers d'une liste) ; suivre des
# consignes ; une suite de hasard partagée (chaque ordinateur obtient les mêmes lancers à
# partir d'un seul code). Faire d'abord la leçon 1. À partir de 9 ans, 45 minutes.
#
# | partie | minutes |
# |---|---|
# | un seul code de dés, les mêmes dés partout ; exercice 1 | 7 |
# | trois robots jouent une partie de classe ; exercice 2 | 8 |
# | l'enseignant rassemble les parties enregistrées | 3 |
# | jouer soi-même la partie de classe (un seul code de dés au tableau) | 17 |
# | construire son bonhomme de neige ; exercice 3 | 10 |
#
# **Erreurs fréquentes.**
# - Exercice 1 : `rolls[3]` pour la manche 3 : la liste compte à partir de 0, les manches
#   à partir de 1.
# - Exercice 2 : la première ligne du classement serait *le* gagnant : des scores égaux
#   partagent la victoire (les deux robots gloutons choisissent de la même façon sur les
#   mêmes dés).
# - « Un autre ordinateur donne d'autres dés » : pas avec le même code de dés ; un code mal
#   tapé donne d'autres dés, et le dossier de l'enseignant laisse cette partie de côté en
#   disant pourquoi.
# - Les noms des cases comptent les lignes vers le bas à partir de A1 en haut à gauche.
#
# **Parcours plus facile.** Jouer la partie de classe au tableau avec toute la classe
# (plusieurs joueurs sur un écran : `player=["Ada", "Bo"]`), puis construire les
# bonshommes de neige ; exercices 1 et 2 en discussion collective. **Parcours plus
# difficile.** Prévoir le classement des robots avant de l'exécuter ; comparer les robots
# glouton et au hasard sur plusieurs codes de dés.
#
# Les réponses rédigées sont dans les cellules de réponse.

# %%
from paleowidgets import load_map, render_svg, roll_sequence
from paleowidgets.exercises.lesson09 import (check_roll, check_snowman, check_winners,
                                             robot_game, show_scoreboard)
from paleowidgets.i18n import set_language
from paleowidgets.render.snowman import SPOTS, Snowman, dug_items, render_snowman

# Un seul réglage pour tous les textes qui suivent : la carte, les widgets, les
# vérifications.
LANG = "fr"
set_language(LANG)

snow_map = load_map("snow-map")
for item in snow_map.fossils:
    print(f"{item.id}  {item.name_in(LANG):22} {item.points} points, +{item.bonus} de même type de fouille")

# %% [markdown]
# ## Un seul code de dés, les mêmes dés partout
# L'enseignant écrit un code de dés au tableau, par exemple `SNOWY-2024`. Chaque ordinateur
# qui l'utilise calcule les mêmes vingt lancers, donc tout le monde joue la même partie de
# dés, chacun sur sa propre feuille. Les majuscules et les espaces ne comptent pas.

# %%
SEED = "SNOWY-2024"
rolls = roll_sequence(SEED, snow_map.rounds)
print(rolls)
print(roll_sequence(" snowy-2024 ", 3) == rolls[:3])

# %% [markdown]
# **Exercice 1.** Quel est le lancer de la manche 3 pour une classe qui a le code de dés
# `SNOWY-2024` ? Écris les deux dés, comme `(1, 6)`.

# %% answer
### BEGIN SOLUTION
answer = rolls[2]    # la manche 3 est le troisième lancer : la liste commence à rolls[0]
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_roll(SEED, 3, answer)
### END HIDDEN TESTS
check_roll(SEED, 3, answer)

# %% [markdown]
# ## Trois robots jouent une partie de classe
# `ClassGame` garde une feuille par joueur sur les lancers du code. Deux robots *gloutons*
# (ils prennent le meilleur placement du moment) et un robot *au hasard* (n'importe quel
# placement permis) jouent les vingt manches, chacun à son rythme. Leurs noms restent en
# anglais : *Greedy* veut dire glouton, *Random* au hasard.

# %%
game = robot_game(SEED)      # Greedy Gus, Greedy Gina et Random Rita jouent chaque manche
show_scoreboard(game)

# %% [markdown]
# **Exercice 2.** Qui a gagné la partie de classe des robots ? Réponds avec un nom, comme
# `"Random Rita"`, ou une liste de noms si le meilleur score est partagé.

# %% answer
### BEGIN SOLUTION
answer = ["Greedy Gus", "Greedy Gina"]    # mêmes dés, même façon de choisir : une victoire partagée
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_winners(game, answer)
### END HIDDEN TESTS
check_winners(game, answer)

# %%
game.outcome().winners

# %% [markdown]
# La feuille de Greedy Gus à la fin :

# %%
log = game.log()
render_svg(log, player="Greedy Gus")

# %% [markdown]
# ## L'enseignant rassemble les parties enregistrées
# Chaque élève enregistre sa partie dans un *journal de partie* (un fichier JSON ;
# `paleo score` le lit aussi). L'enseignant met les fichiers dans un seul dossier et les
# charge tous : le classement, et chaque grille. Un fichier joué avec d'autres dés (un code
# de dés mal tapé) ou sur une autre carte est laissé de côté, avec la raison.

# %%
from paleowidgets.exercises.helpers import favourite_snowman
from paleowidgets.exercises.lesson09 import gathered
from paleowidgets.widgets.classgame import ClassGameWidget

gathered(game)      # la partie enregistrée de chaque robot, rassemblée dans un seul dossier

# %% [markdown]
# ## Joue toi-même la partie de classe
# Tape ton prénom et le code de dés du tableau :
# `ClassGameWidget(snow_map, seed="SNOWY-2024", player="Ada", save_to="ma-classe")`.
# Chaque tour est alors enregistré tout de suite dans le dossier `ma-classe/`, et rouvrir
# le widget reprend à partir de ton fichier, donc rien n'est perdu si le notebook
# redémarre.
#
# L'enseignant peut installer plusieurs joueurs devant un seul écran :
# `player=["Ada", "Bo"]` ; alors les boutons (ou `[` et `]` dans la grille) changent de
# feuille, et les petites grilles et le classement suivent chaque tour.

# %%
ClassGameWidget(snow_map, seed=SEED, player=["Ada", "Bo"])

# %% [markdown]
# ## Construis ton bonhomme de neige
# Après la partie, les objets que tu as déterrés vont sur un bonhomme de neige vierge, où
# tu veux. Dans le widget : choisis un objet (ou appuie sur 1, 2, 3 ... sur le bonhomme),
# puis clique sur une place, ou déplace le carré avec les flèches et appuie sur
# **Entrée** ; **Suppr** enlève un objet. Donne un nom à ton bonhomme de neige et
# enregistre l'image (SVG, PNG ou PDF).
#
# Voici le bonhomme de neige de Greedy Gus, construit avec du code :

# %%
gus = game.state("Greedy Gus")
items = dug_items(gus)
snowman = favourite_snowman(gus, "Gus le bonhomme de neige")     # chaque objet à sa place préférée
print(", ".join(f"{item.label(LANG)} ({item.id})" for item in items))
render_snowman(items, snowman)

# %% [markdown]
# Et le widget, pour construire le tien avec les objets de Greedy Gina :

# %%
from paleowidgets.widgets.snowman import SnowmanWidget

gina = game.state("Greedy Gina")
builder = SnowmanWidget(gina, name="")
builder

# %% [markdown]
# **Exercice 3.** Habille le bonhomme de neige de Gina dans le widget ci-dessus avec
# *tous* les objets qu'elle a déterrés, et donne-lui un nom. Ensuite, écris
# `answer = builder.design` ci-dessous et exécute la vérification.

# %% answer
### BEGIN SOLUTION
answer = Snowman("Le bonhomme de Gina")    # ou builder.design, une fois habillé dans le widget
for item, spot in zip(dug_items(gina), SPOTS, strict=False):
    answer = answer.place(item.id, spot)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_snowman(gina, answer)
### END HIDDEN TESTS
check_snowman(gina, answer)

# %% [markdown]
# ## Ticket de sortie
# Pour finir, tout seul : des questions sur des cas que cette leçon n'a jamais affichés.
# Exécute la cellule suivante pour voir les questions, puis écris tes réponses dans une
# seule liste, dans l'ordre des questions, comme `answer = [premiere, deuxieme]`, et exécute
# la vérification. Ton enseignant peut ramasser les résultats.

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
