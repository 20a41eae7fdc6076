# %% [markdown]
# # Leçon 8 — Énigmes : une échelle de défis à dés fixés
#
# **Objectifs**
# - lire une **énigme à dés fixés** : un petit site de fouille, tous les lancers connus à
#   l'avance, et une seule question : *quel est le plus haut score que tu peux atteindre ?*
# - grimper l'**échelle** de la collection : débutant, intermédiaire, avancé, expert (en
#   anglais dans le code : `beginner`, `intermediate`, `advanced`, `expert`) ;
# - jouer une énigme avec des **indices** (un tour permis, puis un tour qui se rapproche
#   d'un fossile, puis le meilleur tour), comparer ton score avec l'**optimum prouvé**,
#   dévoiler une meilleure façon de jouer ;
# - écrire une réponse comme une **suite de tours** dans la notation des fichiers, et la
#   faire vérifier : juste, ou ce qui ne va pas (quelle règle un tour enfreint, ou combien
#   de points manquent).

# %% [markdown] teacher
# ## Note pour l'enseignant (édition enseignant seulement)
# **Programme.** Résolution de problèmes et raisonnement : prévoir plusieurs étapes à
# l'avance quand on connaît toute l'information ; vérifier une solution avec les règles ;
# la différence entre « une bonne réponse » et « une meilleure réponse prouvée » ; lire une
# notation (la suite de tours). Faire d'abord la leçon 1. À partir de 10 ans, 30 à
# 60 minutes : l'échelle s'adapte.
#
# | partie | minutes |
# |---|---|
# | l'échelle, le premier échelon (lire l'énigme) | 5 |
# | la jouer avec le widget (indices, vérifier, dévoiler) | 10 |
# | écrire une suite : trois essais faux, exercice 1 | 10 |
# | exercice 2 : battre le robot glouton | 10 |
# | exercice 3 (une nouvelle énigme), ticket de sortie ; d'autres échelons pour les binômes rapides | 5 à 25 |
#
# **Erreurs fréquentes.**
# - Prendre la forme et le type de fouille sur le même dé (essai 1) : un dé donne la
#   forme, l'*autre* le type de fouille (sur un double, les deux viennent de la même face).
# - « On peut toujours passer » : seulement quand aucune forme du lancer ne rentre.
# - « L'indice du widget est la réponse » : le troisième indice est *un* meilleur tour ;
#   il existe d'autres meilleures façons de jouer (*À toi* 2).
# - Noms des cases : la lettre de la colonne puis le numéro de la ligne, les lignes se
#   comptant vers le bas à partir de A1 en haut à gauche.
#
# **Parcours plus facile.** Jouer les deux premiers échelons seulement avec le widget et
# ses indices ; écrire la suite de l'exercice 1 ensemble au tableau. **Parcours plus
# difficile.** Le niveau intermédiaire, puis l'avancé ; trouver deux meilleures façons de
# jouer différentes (*À toi* 2) ; expliquer pourquoi le robot glouton échoue sur *Lucky
# doubles*.
#
# Les réponses rédigées sont dans les cellules de réponse.

# %%
from paleowidgets import render_svg
from paleowidgets.exercises.helpers import greedy_turns
from paleowidgets.exercises.lesson08 import (TIERS, check_line, line_text, load_tier,
                                             tier_name)
from paleowidgets.i18n import set_language
from paleowidgets.render.chart import bar_chart
from paleowidgets.widgets.puzzle import PuzzleWidget

# Un seul réglage pour tous les textes qui suivent : les feuilles, les widgets, les
# vérifications.
LANG = "fr"
set_language(LANG)

ladder = {tier: load_tier(tier) for tier in TIERS}      # le dossier puzzles/ du kit
for tier, puzzles in ladder.items():
    print(f"{tier_name(tier):13} {len(puzzles):2} énigmes, {', '.join(str(len(p.rolls)) for p in puzzles)}"
          " manches")

# %% [markdown]
# Chaque énigme de la collection vient avec son **optimum**, prouvé par le solveur
# (leçon 7), et une façon de jouer qui l'atteint. Les niveaux plus hauts ont plus de
# manches, des sites plus grands, et des pièges où le coup évident n'est pas le meilleur.

# %%
bar_chart([tier_name(tier) for tier in TIERS if ladder[tier]],
          [sum(p.optimum or 0 for p in ladder[tier]) / len(ladder[tier])
           for tier in TIERS if ladder[tier]],
          title="L'échelle : l'optimum moyen de chaque niveau", xlabel="niveau",
          ylabel="optimum moyen (points)")

# %% [markdown]
# ## Le premier échelon
# Lis l'énigme : les fossiles avec leurs points et leur bonus de même type de fouille `+n`,
# l'étoile bonus, et les lancers sur la piste des manches. Quel fossile peux-tu déterrer
# avec deux formes ?

# %%
first = ladder["beginner"][0]
print(first.title_in(LANG), "-", first.story_in(LANG))
print("lancers :", "  ".join(f"{a}-{b}" for a, b in first.rolls))
first

# %% [markdown]
# ## Joue-la
# Le widget d'énigme, c'est le jeu sur les lancers fixés de l'énigme, avec quatre
# boutons : **Indice** (ou la touche **H** dans la grille) donne un indice de plus chaque
# fois que tu appuies : un tour permis, puis un tour qui se rapproche d'un fossile, puis le
# meilleur tour, dessiné en contour sur la grille. **Vérifier** compare ton score avec
# l'optimum prouvé quand toutes les manches sont jouées. **Dévoiler** rejoue une meilleure
# façon de jouer, manche par manche. **Recommencer** donne une feuille neuve.

# %%
PuzzleWidget(first)

# %% [markdown]
# ## Écris une suite, vérifie-la
# Une réponse est une **suite** : un tour par manche, écrit comme dans un fichier
# d'énigme, avec les mots anglais des fichiers. Un tour qui dessine s'écrit
# `{ shape = "Y", dig = "dot", cells = ["C2", "B3", "C3", "D3", "E3"] }` (`shape` : la
# forme, `dig` : le type de fouille, `chevron`, `dot` pour pois ou `hatch` pour hachures,
# `cells` : les cases) ; ajoute `stars = ["plus-one"]` avec un bonus par étoile que la
# forme couvre (`one-square` pour Un carré n'importe où, `switch-shape` pour Changer de
# forme, `switch-dig` pour Changer de type de fouille, `plus-one` pour +1 point),
# `switch = ["shape"]` quand tu dépenses un bonus Changer, `squares = ["A1"]` pour les
# bonus Un carré. Une manche sans dessin s'écrit `{ pass = true }` (passer), permis
# seulement quand aucune forme du lancer ne rentre.
#
# `check_line` rejoue la suite avec les règles, tour par tour. Voici trois essais faux sur
# *First ring* (premier anneau), chacun avec ce que dit la vérification.
#
# **Essai 1 :** le Y vient avec le 5, donc son type de fouille doit venir de l'autre dé,
# le 4.

# %%
check_line(first, """[
  { shape = "Y", dig = "hatch", cells = ["C2", "B3", "C3", "D3", "E3"] },
  { shape = "U", dig = "dot", cells = ["D4", "F4", "D5", "E5", "F5"], stars = ["plus-one"] },
]""")

# %% [markdown]
# **Essai 2 :** passer, c'est sans risque, non ?

# %%
check_line(first, "[ { pass = true }, { pass = true } ]")

# %% [markdown]
# **Essai 3 :** des tours permis, mais loin des fossiles.

# %%
check_line(first, """[
  { shape = "Y", dig = "dot", cells = ["C2", "B3", "C3", "D3", "E3"] },
  { shape = "U", dig = "dot", cells = ["A5", "C5", "A6", "B6", "C6"] },
]""")

# %% [markdown]
# **Exercice 1.** À ton tour d'essayer : écris une suite pour *First ring* qui marque son
# optimum. Pars de l'essai 1 et corrige-le ; le widget ci-dessus (et ses indices) peut
# t'aider à trouver les tours. Écris la suite entre triples guillemets, comme dans les
# essais.

# %% answer
### BEGIN SOLUTION
answer = """[
  { shape = "Y", dig = "dot", cells = ["C2", "B3", "C3", "D3", "E3"] },
  { shape = "U", dig = "dot", cells = ["D4", "F4", "D5", "E5", "F5"], stars = ["plus-one"] },
]"""    # le Y prend son type de fouille sur le 4 (pois), le U ferme l'anneau et prend l'étoile
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_line(first, answer)
### END HIDDEN TESTS
check_line(first, answer)


# %% [markdown]
# ## Bats le robot glouton
# Sur l'énigme suivante de l'échelle, le robot glouton joue la suite ci-dessous. Elle est
# permise, mais est-ce la meilleure ? Vérifie-la, puis écris ta propre suite plus bas.
# Utilise le widget (et ses indices) pour trouver les tours, puis recopie-les ici.

# %%
second = ladder["beginner"][1]
robot_turns = greedy_turns(second)
greedy_line = line_text(robot_turns)
print(second.title_in(LANG), "- lancers :", "  ".join(f"{a}-{b}" for a, b in second.rolls))
print(greedy_line)
check_line(second, greedy_line)

# %%
render_svg(second, turns=robot_turns, title=f"{second.title_in(LANG)} : la suite du robot glouton")

# %%
PuzzleWidget(second)

# %% [markdown]
# **Exercice 2.** Ta suite pour *Lucky doubles* (doubles chanceux) : bats le robot
# glouton, et atteins l'optimum.

# %% answer
### BEGIN SOLUTION
answer = """[
  { shape = "X", dig = "chevron", cells = ["C4", "B5", "C5", "D5", "C6"], stars = ["plus-one"] },
  { shape = "U", dig = "chevron", cells = ["B2", "C2", "D2", "B3", "D3"] },
]"""    # le X prend d'abord l'étoile ; les deux en chevrons
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_line(second, answer)
### END HIDDEN TESTS
check_line(second, answer)

# %% [markdown]
# ## Une nouvelle énigme
# Le troisième échelon, *Carrot or hat?* (carotte ou chapeau ?) : pas de suite de robot
# cette fois, et aucune réponse affichée nulle part. Lis-la, joue-la dans le widget si tu
# veux, puis écris ta suite.

# %%
third = ladder["beginner"][2]
print(third.title_in(LANG), "-", third.story_in(LANG))
print("lancers :", "  ".join(f"{a}-{b}" for a, b in third.rolls))
third

# %%
PuzzleWidget(third)

# %% [markdown]
# **Exercice 3.** Ta suite pour *Carrot or hat?*, à son optimum.

# %% answer
### BEGIN SOLUTION
answer = """[
  { shape = "F", dig = "chevron", cells = ["A3", "A4", "B4", "C4", "B5"] },
  { shape = "Y", dig = "hatch", cells = ["B2", "C2", "D2", "E2", "D3"], stars = ["plus-one"] },
]"""
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_line(third, answer)
### END HIDDEN TESTS
check_line(third, answer)


# %% [markdown]
# ## À toi
# 1. Grimpe l'échelle : `PuzzleWidget(ladder["intermediate"][0])`. De combien d'indices
#    as-tu eu besoin ? Appuie sur **Vérifier** pour le voir.
# 2. Une énigme demande le *plus haut* score. Pourquoi une suite qui marque l'optimum
#    n'est-elle pas toujours la seule bonne réponse ? Trouve deux meilleures suites
#    différentes pour *First ring*.

# %% [markdown]
# ## Ticket de sortie
# Pour finir, tout seul : des questions sur des cas que cette leçon n'a jamais affichés.
# Pour ce ticket, une seule question : écris sa réponse, une suite, à la place de `None`,
# puis exécute la vérification. Ton enseignant peut ramasser les résultats.

# %%
from paleowidgets.exercises.lesson08 import exit_ticket, tiny_puzzle

ticket = exit_ticket()
print(ticket)
render_svg(tiny_puzzle())

# %% answer
### BEGIN SOLUTION
answer = """[
  { shape = "Y", dig = "dot", cells = ["C2", "D2", "E2", "F2", "E3"], stars = ["plus-one"] },
  { shape = "X", dig = "dot", cells = ["D4", "C5", "D5", "E5", "D6"] },
  { shape = "I", dig = "dot", cells = ["B1", "B2", "B3", "B4", "B5"] },
]"""    # chaque case en pois : le Y prend l'étoile
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
