# %% [markdown]
# # Leçon 4 — Voisins et anneaux
#
# **Objectifs**
# - distinguer les quatre voisins *orthogonaux* d'une case (qui partagent un côté avec
#   elle) de ses quatre voisins *diagonaux* (qui la touchent seulement par un coin) ;
# - trouver l'**anneau** d'un fossile : toutes les cases qui partagent un côté avec lui ;
# - comprendre pourquoi un fossile est déterré exactement quand son anneau est fermé,
#   grâce à un **remplissage** (comme de l'eau) qui s'échappe par le moindre trou ;
# - dire si le bonus de même type de fouille est gagné, et pourquoi il ne l'est pas.
#
# On utilise la petite carte d'entraînement *L'école des anneaux* : un Trilobite avec une
# poche (A), une longue Défense (B) et une Dent d'une seule case (C).
#
# Chaque exercice vient *avant* les cellules qui y répondent : écris ta réponse à la place
# de `None`, exécute la cellule, puis exécute la vérification en dessous.

# %% [markdown] teacher
# ## Note pour l'enseignant (édition enseignant seulement)
# **Programme.** Se repérer sur un quadrillage (noms des cases) ; carrés qui partagent un
# côté ou seulement un coin ; la frontière d'une région ; une procédure pas à pas (un
# algorithme) exécutée à la main : le remplissage par diffusion, c'est-à-dire le parcours
# en largeur ; pour les plus grands, la 4- et la 8-connexité et le théorème de Jordan
# discret. À partir de 11 ans, 45 minutes.
#
# | partie | minutes |
# |---|---|
# | voisins, l'anneau d'un fossile (exercice 1) | 10 |
# | un remplissage qui fuit (exercice 2), pourquoi les diagonales ne comptent pas | 12 |
# | fermer les trous, le bonus (exercice 3) | 8 |
# | l'inspecteur, exercice 4 (un nouveau fossile) | 10 |
# | ticket de sortie | 5 |
#
# **Les lignes se comptent vers le bas :** A1 est la case en haut à gauche, A2 juste en
# dessous ; un nom de case, c'est la lettre de la colonne puis le numéro de la ligne.
#
# **Erreurs fréquentes.**
# - Compter des cases diagonales dans l'anneau (à l'exercice 1, l'anneau a 10 cases,
#   aucune ne touche seulement par un coin) ; le remplissage montre pourquoi un coin ne
#   laisse pas passer l'eau.
# - Compter deux ou trois fois la case C2 de la poche, parce qu'elle touche le Trilobite
#   sur trois côtés : c'est une seule case de l'anneau.
# - Exercice 2 : nommer toutes les cases vides de la feuille au lieu de celles de l'anneau.
# - Exercice 3 : croire que « déterré » veut dire « bonus » : le +1 demande un seul type
#   de fouille sur tout l'anneau.
#
# **Parcours plus facile.** Imprimer la carte et colorier les cases de l'anneau à la main ;
# faire seulement les exercices 1 et 3, avec l'inspecteur. **Parcours plus difficile.**
# *Pour les plus grands* : faire le remplissage à la main avec une file d'attente (parcours
# en largeur), et expliquer pourquoi des murs 8-connexes vont avec une eau 4-connexe.
#
# Les réponses rédigées sont dans les cellules de réponse, chacune avec sa raison.

# %%
from paleowidgets import Game, GameLog, PlayerLog, load_map, render_svg
from paleowidgets.core.enclosure import enclosure, enclosures, names
from paleowidgets.core.geometry import diagonal_neighbours, orthogonal_neighbours, parse_cell
from paleowidgets.exercises.lesson04 import check_bonus, check_gaps, check_ring, turn
from paleowidgets.i18n import set_language
from paleowidgets.render.enclosure import describe, render_enclosure

# Un seul réglage pour tous les textes qui suivent : la carte, les widgets, les vérifications.
LANG = "fr"
set_language(LANG)

school = load_map("ring-school")
blank = Game(school).initial_state()
school

# %% [markdown]
# ## Voisins : orthogonaux et diagonaux
# La case D4 a huit cases autour d'elle. Quatre partagent tout un côté avec elle (en haut,
# à droite, en bas, à gauche) : ce sont ses voisins **orthogonaux**. Quatre la touchent
# seulement par un coin : ce sont ses voisins **diagonaux**.

# %%
d4 = parse_cell("D4")
print("orthogonaux :", names(orthogonal_neighbours(d4)))
print("diagonaux :  ", names(diagonal_neighbours(d4)))

# %% [markdown]
# ## L'anneau d'un fossile
# L'**anneau** d'un fossile, ce sont toutes les cases orthogonalement voisines de lui qui
# n'en font pas partie. Les règles disent qu'on déterre un fossile quand toutes les cases
# de son anneau sont dessinées ; les cases diagonales ne comptent pas.

# %% [markdown]
# **Exercice 1.** Nomme toutes les cases de l'anneau du Trilobite (A) sur la carte vide
# ci-dessus, dans un seul texte de noms de cases comme `"B1 C1"` (ou une liste de noms).

# %% answer
### BEGIN SOLUTION
answer = "B1 D1 A2 C2 E2 A3 E3 B4 C4 D4"    # 10 cases ; C2, dans la poche, compte une fois
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_ring(blank, "A", answer)
### END HIDDEN TESTS
check_ring(blank, "A", answer)

# %% [markdown]
# L'anneau de chaque fossile, compté par le programme :

# %%
for e in enclosures(blank):
    size = len(e.fossil.cells)
    print(f"{e.fossil.id} {e.fossil.name_in(LANG)} ({size} case{'s' if size > 1 else ''}) : "
          f"anneau de {len(e.ring)} : {' '.join(names(e.ring))}")

# %% [markdown]
# L'anneau du Trilobite, dessiné : les carrés en tirets avec un rond sont les cases de
# l'anneau qui manquent encore, les carrés en pointillés avec un petit losange sont les
# cases diagonales (pas nécessaires). Regarde **C2** : elle est dans la poche du Trilobite
# et le touche sur trois côtés, pourtant c'est *une seule* case de l'anneau.

# %%
render_enclosure(blank, "A", step=0, lang=LANG)

# %% [markdown]
# ## Un remplissage qui fuit
# Ada a joué deux manches, toutes les deux en hachures, de chaque côté de la Défense (B).

# Un tour s'écrit avec la forme, le type de fouille (en anglais : `hatch` pour hachures,
# `chevron` pour chevrons, `dot` pour pois) et les cases : `turn("I hatch H1 H2 H3 H4 H5")`.

# %%
rolls = [(1, 5), (1, 6), (5, 5), (2, 6), (1, 1), (6, 5)]
turns = [turn("I hatch H1 H2 H3 H4 H5"), turn("I hatch F2 F3 F4 F5 F6", stars=["plus-one"]),
         turn("L hatch D1 E1 F1 G1 G2"), turn("T hatch G6 G7 F8 G8 H8"),
         turn("X chevron B6 A7 B7 C7 B8"), turn("Z hatch C5 D5 D6 D7 E7")]
log = GameLog(school, rolls, (PlayerLog("Ada", tuple(turns)),))
after2 = log.state_at(0, 2)
render_svg(after2, rolls=rolls, turns=turns[:2], player="Ada")

# %% [markdown]
# **Exercice 2.** Après la manche 2, par quelles cases de l'eau versée sur la Défense (B)
# peut-elle s'échapper en premier (ses *trous*) ? Des noms de cases, comme `"B3 C3"`.

# %% answer
### BEGIN SOLUTION
answer = "G2 G6"    # les deux cases de l'anneau de la Défense pas encore dessinées, à ses bouts
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_gaps(after2, "B", answer)
### END HIDDEN TESTS
check_gaps(after2, "B", answer)

# %%
tusk = enclosure(after2, "B")
print("anneau dessiné :", names(tusk.covered))
print("manquent :      ", names(tusk.missing))

# %% [markdown]
# Imagine que tu verses de l'eau sur la Défense. Les cases dessinées sont des murs ; l'eau
# passe seulement d'une case à une case qui **partage un côté** avec elle. L'étape 0,
# c'est le fossile lui-même ; à l'étape 1, l'eau est dans chaque case de l'anneau qui n'est
# pas dessinée : les **trous**. S'il n'y a aucun trou, l'eau ne peut pas sortir, et c'est
# exactement à ce moment-là que le fossile est déterré.

# %%
for step in range(4):
    fill = [sentence for topic, sentence in describe(tusk, step, lang=LANG) if topic == "fill"]
    print(fill[0])
print(f"... {tusk.steps} étapes en tout ; {len(tusk.escaped)} cases au-delà de l'anneau sont mouillées.")

# %%
render_enclosure(after2, "B", step=1, turns=turns[:2], lang=LANG)

# %% [markdown]
# **Pourquoi les cases diagonales ne sont-elles pas nécessaires ?** L'eau ne peut pas se
# faufiler entre deux murs qui se touchent seulement par un coin : pour aller du fossile à
# une case diagonale, elle doit d'abord passer par une case de l'anneau. Ferme l'anneau, et
# les cases diagonales sont hors d'atteinte.

# %% [markdown]
# ## Fermer les trous
# Les manches 3 et 4 dessinent un L sur G2 et un T sur G6, encore en hachures. Le
# remplissage ne peut plus quitter la Défense : elle est déterrée, et comme les huit cases
# de son anneau sont en hachures, elle gagne aussi son bonus de même type de fouille.

# %%
after4 = log.state_at(0, 4)
for _, sentence in describe(enclosure(after4, "B"), 0, lang=LANG):
    print(sentence)
print("points :", after4.score().total)

# %%
render_enclosure(after4, "B", turns=turns[:4], lang=LANG)

# %% [markdown]
# ## Le bonus de même type de fouille, et pourquoi il manque
# Les manches 5 et 6 ferment aussi l'anneau de la Dent, avec un X en chevrons et un Z en
# hachures.

# %%
after6 = log.state_at(0, 6)

# %% [markdown]
# **Exercice 3.** Après la manche 6, la Dent (C) gagne-t-elle son bonus de même type de fouille ?
# Réponds `True` (vrai) ou `False` (faux).

# %% answer
### BEGIN SOLUTION
answer = False    # déterrée, mais son anneau mélange deux types de fouille : chevrons et hachures
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_bonus(after6, "C", answer)
### END HIDDEN TESTS
check_bonus(after6, "C", answer)

# %% [markdown]
# La Dent est déterrée (ses points comptent) mais elle perd son `+1` : son anneau mélange
# deux types de fouille.

# %%
tooth = enclosure(after6, "C")
print("déterrée :", tooth.dug_up, "· bonus :", tooth.bonus.holds, "· pourquoi :", tooth.bonus.reasons)
for topic, sentence in describe(tooth, 0, lang=LANG):
    if topic == "bonus":
        print(sentence)

# %%
render_enclosure(after6, "C", turns=turns, lang=LANG)

# %% [markdown]
# **Une énigme sur cette idée : *Les hachures arrivent***
# (`puzzles/1-beginner/26-hatch-is-coming.toml`). Son deuxième lancer ne donne que des
# formes à hachures, et une forme qui entre doit être dessinée : dessinée sur l'anneau de
# la griffe de raptor, elle gâche le bonus de même type de fouille. Trouve une place qui
# ne le gâche pas. Joue-la avec le widget d'énigme de la leçon 8 : `PuzzleWidget("../puzzles/1-beginner/26-hatch-is-coming.toml")`.

# %% [markdown]
# ## Essaie : l'inspecteur d'anneaux
# Choisis un fossile (dans la liste, en cliquant sur le fossile, avec sa lettre, ou avec
# ↑ ↓), puis avance le remplissage avec les boutons ou les touches : → ou Espace pour une
# étape, ← pour revenir, Début pour recommencer, Fin pour tout le remplissage. Le panneau
# dit ce que montre chaque étape.

# %%
from paleowidgets.widgets.enclosure import EnclosureWidget

EnclosureWidget(after2, turns=turns[:2], fossil="B", lang=LANG)

# %% [markdown]
# **Exercice 4.** Un nouveau fossile : après la manche 6, par quelles cases l'eau peut-elle
# s'échapper en premier du Trilobite (A) ? L'image de la manche 6 ci-dessus montre toute la
# feuille.

# %% answer
### BEGIN SOLUTION
answer = "B1 A2 C2 E2 A3 E3 B4 C4 D4"    # toutes les cases de l'anneau sauf D1, dessinée à la manche 3
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_gaps(after6, "A", answer)
### END HIDDEN TESTS
check_gaps(after6, "A", answer)

# %% [markdown]
# **À toi.** Quelles formes, toutes du même type de fouille, fermeraient les trous du
# Trilobite et lui feraient gagner son `+2` ?
#
# ## Pour les plus grands
# - Le remplissage est un **parcours en largeur** : les cases atteintes à l'étape *k* sont
#   exactement celles qui sont à *k* pas orthogonaux, en passant par des cases libres. Il
#   visite chaque case une fois, donc son temps grandit comme le nombre de cases de la
#   carte.
# - Un fossile est déterré quand son anneau est complet ; l'étape 1 du remplissage, ce sont
#   les cases de l'anneau qui manquent, donc « le remplissage ne peut pas sortir » et
#   « l'anneau est complet » disent la même chose. Les tests de ce kit le vérifient avec
#   les règles sur des parties au hasard.
# - L'eau se déplace en **4-connexité** ; un mur l'arrête quand il est **8-connexe** (ses
#   cases peuvent se toucher par un coin). Ce couple est la version sur quadrillage du
#   théorème de Jordan : une courbe fermée 8-connexe sépare l'intérieur 4-connexe de
#   l'extérieur. Échange les deux, et l'eau passerait par les coins.

# %% [markdown]
# ## Ticket de sortie
# Pour finir, tout seul : des questions sur des cas que cette leçon n'a jamais affichés.
# Exécute la cellule suivante pour voir les questions, puis écris tes réponses dans une
# seule liste, dans l'ordre des questions, comme `answer = [premiere, deuxieme]`, et exécute
# la vérification. Ton enseignant peut ramasser les résultats.

# %%
from paleowidgets.exercises.lesson04 import exit_ticket

ticket = exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = ["G2 F3 H3 F4 H4 F5 H5 G6", False]    # rien n'est encore dessiné : aucun type de fouille
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
