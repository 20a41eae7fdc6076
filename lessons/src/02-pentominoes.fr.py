# %% [markdown]
# # Leçon 2 — Les pentominos : pourquoi il y en a 12 (et 18, et 63)
#
# **Objectifs**
# - savoir ce qu'est un *pentomino* : cinq carrés, chacun partageant tout un côté avec un
#   autre ;
# - distinguer les pentominos **libres** (on peut tourner et retourner), **à une face** (on
#   peut seulement tourner) et **fixés** (on ne peut rien faire), et expliquer les nombres
#   12, 18 et 63 ;
# - compter les orientations d'une forme grâce à ses symétries : *orbite × stabilisateur
#   = 8* ;
# - trouver tous les pentominos en faisant grandir les tétrominos d'un carré à la fois.
#
# Dans *Paleontologists*, le dé de forme te donne un pentomino, et tu peux le tourner et
# le retourner avant de le dessiner. Donc sur la feuille, une lettre représente plusieurs
# dessins.
#
# **Comment marchent les exercices.** Un exercice pose une question *avant* les cellules
# qui y répondent. Écris ta réponse à la place de `None` dans la cellule `answer = None`,
# exécute-la, puis exécute la vérification en dessous : elle dit si tu as juste, ou te
# donne un indice.

# %% [markdown] teacher
# ## Note pour l'enseignant (édition enseignant seulement)
# **Programme.** Symétrie axiale et rotation de figures planes ; **axes de symétrie** et
# **ordre de la symétrie de rotation** (le T : 1 axe, ordre 1 ; le I : 2 axes, ordre 2 ;
# le X : 4 axes, ordre 4) ; dénombrer et lister de façon méthodique ; pour les plus
# grands, le groupe du carré et la relation orbite-stabilisateur. À partir de 11 ans,
# 50 minutes.
#
# | partie | minutes |
# |---|---|
# | les douze formes, les dés | 8 |
# | une forme, beaucoup de dessins : le F, exercice 1, le T | 10 |
# | orbite × stabilisateur, exercice 2, le tableau | 7 |
# | exercices 3 et 4, puis 12, 18 et 63 | 10 |
# | faire grandir les tétrominos | 7 |
# | exercices 5 et 6 (dessiner), ticket de sortie | 8 |
#
# **Erreurs fréquentes.**
# - « Une forme retournée est un autre pentomino » : parmi les 12 pentominos *libres*,
#   tourner et retourner donnent le même ; c'est dans le compte à une face (18) qu'un
#   retournement donne une nouvelle pièce.
# - Exercice 1 : 8 (chaque mouvement donnerait un nouveau dessin) ; les dessins du T
#   reviennent par deux.
# - Exercice 2 : oublier l'identité (ne rien faire laisse toujours une forme sur elle-même).
# - Exercice 3 : lister les formes *avec* un axe de symétrie au lieu de celles qui n'en ont
#   pas.
# - « Fixés = 12 × 8 = 96 » : seuls F, L, N, P, Y et Z ont 8 orientations ; 96 est la somme
#   de Burnside, qu'on divise ensuite par 8.
#
# **Coordonnées.** Les cases sont `(x, y)` avec y qui compte *vers le bas* (comme sur la
# feuille). Aux exercices 5 et 6, un élève qui compte y vers le haut dessine l'image dans
# un miroir : c'est encore le même pentomino libre, et la vérification accepte toutes les
# orientations, donc rien ne se passe mal ici ; cela compte dans la leçon 3.
#
# **Parcours plus facile.** Imprimer la feuille et découper les douze formes dans du
# carton : les élèves les tournent et les retournent pour les exercices 1 à 4 ; sauter
# *Les faire grandir* et *Pour aller plus loin*. **Parcours plus difficile.** *Pour aller
# plus loin* : le compte de Burnside (96 / 8 = 12), pourquoi la taille d'une orbite divise
# 8, et les hexominos (35 libres, 60 à une face, 216 fixés :
# `check.check_counts(6, 35, 60, 216)`).
#
# Les réponses rédigées sont dans les cellules de réponse ci-dessous, chacune avec sa
# raison ; les vérifications en dessous affichent ✔ dans cette édition.

# %%
from paleowidgets.core.geometry import (
    FIXED,
    FIXED_BY_LETTER,
    LETTERS,
    ONE_SIDED,
    PENTOMINOES,
    SYMMETRIES,
    canonical,
    count_shapes,
    grow,
    orbit,
    polyominoes,
    stabiliser,
)
from paleowidgets.core.maps import Dice
from paleowidgets.exercises import lesson02 as check
from paleowidgets.i18n import set_language
from paleowidgets.render.figures import dice_svg, orbit_svg, pentominoes_svg, shapes_svg

# Un seul réglage pour tous les textes qui suivent : les figures et les vérifications.
set_language("fr")

pentominoes_svg()

# %% [markdown]
# ## Les douze formes et leurs lettres
# Voici les douze pentominos **libres**. Chacun porte le nom d'une lettre à laquelle il
# ressemble un peu : F, I, L, N, P, T, U, V, W, X, Y, Z. Deux dessins sont le *même
# pentomino libre* quand on peut tourner l'un, ou le retourner, pour qu'il se pose
# exactement sur l'autre.
#
# ## Les formes sur les dés
# Le dé de forme a six faces et chaque face offre deux formes : les douze y sont chacune
# une fois.

# %%
dice = Dice()
for face, shapes in enumerate(dice.shapes, start=1):
    print(f"face {face} : {' ou '.join(shapes)}")
dice_svg(dice)

# %% [markdown]
# ## Une forme, beaucoup de dessins : l'orbite
# Prends le F. Tourne-le d'un quart de tour, d'un demi-tour, de trois quarts de tour ;
# retourne-le et tourne-le encore : huit mouvements en tout (les **huit symétries du
# carré**). Pour le F, les huit dessins sont tous différents. L'ensemble des dessins
# différents est l'**orbite** de la forme.

# %%
orbit_svg("F")

# %% [markdown]
# **Exercice 1.** Le T reste pareil quand on le retourne de gauche à droite. Combien de
# dessins (d'orientations) *différents* le T a-t-il ? Réponds avec un nombre entier, avant
# d'exécuter les cellules qui suivent la vérification.

# %% answer
### BEGIN SOLUTION
answer = 4      # 8 mouvements, mais chaque dessin revient deux fois (le miroir gauche-droite le redonne)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_fixed_count("T", answer)
### END HIDDEN TESTS
check.check_fixed_count("T", answer)

# %% [markdown]
# Le T n'est pas comme le F : le retourner de gauche à droite redonne le même T. Les
# symétries qui laissent une forme inchangée forment son **stabilisateur**. Le
# stabilisateur du T contient 2 des 8 symétries, donc les huit mouvements donnent chaque
# dessin deux fois, et le T n'a que 8 ÷ 2 = 4 dessins différents. Ci-dessous, chaque
# dessin différent est dessiné une fois avec *toutes* les symétries qui le donnent.

# %%
orbit_svg("T")

# %% [markdown]
# **La règle : orbite × stabilisateur = 8.**
#
# **Exercice 2.** Le U a 4 orientations différentes. Combien des 8 symétries laissent le U
# sur lui-même ? (Un nombre entier ; utilise la règle.)

# %% answer
### BEGIN SOLUTION
answer = 2      # orbite × stabilisateur = 8 : 4 × 2 (ne rien faire, et le miroir gauche-droite)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_stabiliser_size("U", answer)
### END HIDDEN TESTS
check.check_stabiliser_size("U", answer)

# %% [markdown]
# Maintenant le tableau des douze formes :

# %%
print("forme  orbite  stabilisateur  orbite x stabilisateur")
for letter in LETTERS:
    cells = PENTOMINOES[letter].cells
    n, k = len(orbit(cells)), len(stabiliser(cells))
    print(f"  {letter}      {n}          {k}               {n * k}")
print("pentominos fixés :", sum(len(orbit(p.cells)) for p in PENTOMINOES.values()))

# %% [markdown]
# **Exercice 3.** Quels pentominos sont différents de leur image dans un miroir (aucune
# rotation ne pose la forme retournée sur l'originale) ? Réponds avec une liste de lettres,
# comme `["F", "T"]`.

# %% answer
### BEGIN SOLUTION
answer = ["F", "L", "N", "P", "Y", "Z"]     # les six qui n'ont aucun axe de symétrie
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_mirror_pairs(answer)
### END HIDDEN TESTS
check.check_mirror_pairs(answer)

# %% [markdown]
# **Exercice 4.** Des pièces peintes sur le dessus peuvent être tournées mais pas
# retournées. Combien y a-t-il de pièces différentes de ce genre (des pentominos **à une
# face**) ? Il y a 12 pentominos libres et 63 fixés ; réponds avec un nombre entier.

# %% answer
### BEGIN SOLUTION
answer = 18     # 12, plus une de plus pour chacune des 6 formes de l'exercice 3
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_totals(free=12, one_sided=answer, fixed=63)
### END HIDDEN TESTS
check.check_totals(free=12, one_sided=answer, fixed=63)

# %% [markdown]
# **Une énigme sur cette idée : *Une seule façon d'entrer*** (`puzzles/1-beginner/23-one-way-in.toml`).
# La poche à côté de la dent de requin a la forme d'un Y : des huit dessins du Y, un seul
# y entre. Joue-la avec le widget d'énigme de la leçon 8 : `PuzzleWidget("../puzzles/1-beginner/23-one-way-in.toml")`.

# %% [markdown]
# ## 12, 18 et 63
# - Pentominos **fixés** : chaque dessin différent compte. Additionne les orbites :
#   8 + 2 + 8 + 8 + 8 + 4 + 4 + 4 + 4 + 1 + 8 + 4 = **63**.
# - Pentominos **à une face** : on peut tourner, pas retourner (pense à des pièces peintes
#   sur le dessus). Une forme dont l'image dans un miroir ne s'obtient pas en tournant
#   compte deux fois : F, L, N, P, Y, Z. Donc 12 + 6 = **18**.
# - Pentominos **libres** : on peut tourner et retourner : **12**.
#
# Le programme les compte pour nous à partir des 63 formes fixées (dans le code :
# `free` libres, `one_sided` à une face, `fixed` fixés) :

# %%
print("libres, à une face, fixés =", count_shapes(FIXED))
print(len(ONE_SIDED), "à une face ;", len(FIXED), "fixés")
print({letter: len(forms) for letter, forms in FIXED_BY_LETTER.items()})

# %% [markdown]
# ## Les faire grandir : des tétrominos aux pentominos
# Comment savoir qu'il n'y en a pas plus de douze ? Pars d'un seul carré et ajoute un carré
# à la fois, à côté d'un carré déjà là, de toutes les façons possibles. Deux carrés font
# un domino, trois un triomino, quatre un **tétromino** (les formes de Tetris). Voici les
# cinq tétrominos libres :

# %%
tetrominoes = polyominoes(4)
print("tétrominos : libres, à une face, fixés =", count_shapes(tetrominoes))
free_tetrominoes = sorted({canonical(form) for form in tetrominoes})
shapes_svg(free_tetrominoes, columns=5)

# %% [markdown]
# Ajoute un carré à chacun des 19 tétrominos fixés, à chaque place libre à côté de lui :
# chaque pentomino apparaît, parce que chaque pentomino a un carré qu'on peut enlever pour
# laisser un tétromino (un carré à un bout : pour le U, le bout d'un bras, pas le milieu de
# sa base, qui le couperait en deux). On obtient exactement les 63 pentominos fixés,
# c'est-à-dire 12 libres.

# %%
grown = grow(tetrominoes)
print(len(grown), "formes fixées obtenues ; les mêmes que les 63 pentominos fixés :",
      grown == set(FIXED))
print("libres, à une face, fixés =", count_shapes(grown))

# %% [markdown]
# ## Dessiner avec des coordonnées
# **Exercice 5.** Dessine le L dans une orientation différente de celle de la liste :
# donne ses cinq cases dans une liste de `(x, y)`, x vers la droite, y *vers le bas* (comme
# sur la feuille), comme `[(0, 0), (1, 0), ...]`.

# %% answer
### BEGIN SOLUTION
answer = [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)]    # le L de la liste tourné d'un quart de tour
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_drawing(answer, "L")
### END HIDDEN TESTS
check.check_drawing(answer, "L")

# %% [markdown]
# **Exercice 6 (nouvelle forme).** Maintenant le Y, dans une orientation différente de
# celle de la liste. Regarde le Y dans la première image de la leçon, puis tourne-le ou
# retourne-le dans ta tête.

# %% answer
### BEGIN SOLUTION
answer = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1)]    # une longue rangée de 4, la bosse au-dessus
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_drawing(answer, "Y")
### END HIDDEN TESTS
check.check_drawing(answer, "Y")

# %% [markdown]
# ## Pour aller plus loin (les plus grands)
# - Les symétries du carré forment un **groupe** de 8 éléments, appelé D4. L'orbite et le
#   stabilisateur de chaque forme vérifient |orbite| × |stabilisateur| = |D4| : c'est la
#   *relation orbite-stabilisateur*. Pourquoi la taille d'une orbite doit-elle diviser 8 ?
# - Compter les formes libres en faisant la moyenne sur le groupe (le **lemme de
#   Burnside**) : le nombre de pentominos libres est la moyenne, sur les 8 symétries, du
#   nombre de pentominos fixés que chaque symétrie laisse inchangés (calculé ci-dessous).
# - Vérifie avec le programme : combien y a-t-il d'**hexominos** (six carrés) libres, à une
#   face et fixés ? `check.check_counts(6, free, one_sided, fixed)` te dit si tu as juste.

# %%
unchanged = {name: sum(1 for form in FIXED if s.apply(form) == form)
             for name, s in SYMMETRIES.items()}
print(unchanged)
print("moyenne :", sum(unchanged.values()), "/ 8 =", sum(unchanged.values()) / 8)

# %% [markdown]
# ## Ticket de sortie
# Pour finir, tout seul : des questions sur des cas que cette leçon n'a jamais affichés.
# Exécute la cellule suivante pour voir les questions, puis écris tes réponses dans une
# seule liste, dans l'ordre des questions, comme `answer = [premiere, deuxieme]`, et exécute
# la vérification. Ton enseignant peut ramasser les résultats.

# %%
ticket = check.exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = [4, 8, [2, 2, 6]]    # le S : le demi-tour le redonne (8 / 2) ; le O : les 8 ; la ligne (2) et le L (4)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
