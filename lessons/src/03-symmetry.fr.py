# %% [markdown]
# # Leçon 3 — Symétries : tourner et retourner, un groupe qui agit sur les coordonnées
#
# **Objectifs**
# - décrire les huit symétries du carré : quatre rotations et quatre miroirs ;
# - calculer où va une case `(x, y)` avec chacune d'elles, grâce à une **matrice** 2 × 2 ;
# - **composer** deux symétries (faire l'une, puis l'autre) et trouver la symétrie unique
#   qu'elles donnent ; trouver l'**inverse** qui en annule une ;
# - voir que l'ordre compte : une rotation puis un miroir, ce n'est pas un miroir puis une
#   rotation.
#
# Sur la feuille, **x** compte les colonnes vers la droite et **y** compte les lignes *vers
# le bas* (comme sur un écran). La case `(0, 0)` est le centre de chaque rotation et se
# trouve sur chaque miroir.
#
# **Attention si tu connais les matrices d'un livre de maths :** là-bas, l'axe des y monte.
# Ici il descend, donc tout semble retourné de haut en bas : la matrice que cette leçon
# appelle un quart de tour **dans le sens horaire** est celle qu'un livre de maths appelle
# un quart de tour *dans le sens antihoraire*, et la diagonale ↘ d'ici est la droite y = x
# du livre (dessinée ↗ là-bas).
#
# Chaque exercice vient *avant* les cellules qui y répondent : écris ta réponse à la place
# de `None`, exécute la cellule, puis exécute la vérification en dessous.

# %% [markdown] teacher
# ## Note pour l'enseignant (édition enseignant seulement)
# **Programme.** Transformations dans un repère quadrillé : rotations autour de l'origine
# (quart de tour, demi-tour), symétries axiales par rapport aux axes et aux droites y = x et
# y = −x ; matrices 2 × 2 comme transformations, produit de matrices comme composition,
# l'inverse (ici la transposée) ; non-commutativité ; pour les plus grands, le groupe
# diédral D4, l'ordre d'un élément, le déterminant. À partir de 14 ans, 50 minutes.
#
# | partie | minutes |
# |---|---|
# | les huit symétries, une symétrie déplace chaque case, exercice 1 | 10 |
# | la règle en matrice : exercice 2, les matrices | 10 |
# | la composition : exercices 3 et 4, la table | 12 |
# | l'inverse : exercice 5 ; explorer | 8 |
# | exercices 6 et 7, ticket de sortie | 10 |
#
# **L'axe des y descend (le dire en premier).** Chaque matrice ici est la matrice du
# manuel pour la transformation *retournée* : `rotate-90`, un quart de tour **dans le sens
# horaire** à l'écran, a pour matrice `[[0, -1], [1, 0]]`, qu'un manuel avec y vers le haut
# appelle le quart de tour **dans le sens antihoraire** ; `flip-diagonal` (↘ à l'écran)
# est la symétrie du manuel par rapport à y = x. L'algèbre (produits, inverses, la table)
# est la même ; seuls les mots horaire/antihoraire s'échangent. Les élèves qui vérifient
# avec un manuel trouveront la réponse « contraire » : ils ont raison aussi, dans l'autre
# convention.
#
# **Erreurs fréquentes.**
# - Lire `second @ first` de gauche à droite : l'étape de droite se fait en premier, comme
#   pour les matrices et les fonctions (f ∘ g).
# - Exercice 1 : (1, 2) ou (1, −2) : une rotation dans le mauvais sens, ou un signe perdu ;
#   dessiner la case.
# - Exercice 3 : croire que deux symétries commutent toujours (deux rotations, oui ; une
#   rotation et un miroir, non).
# - Exercice 5 : « un quart de tour annule un quart de tour » : il en faut trois.
# - Exercice 6 : le stabilisateur contient toujours l'identité.
#
# **Parcours plus facile.** Exercices 1, 5 et 6 avec le widget d'exploration et du papier
# quadrillé ; laisser de côté la table de composition. **Parcours plus difficile.** *Pour
# aller plus loin* : associativité, ordres, déterminants ; prouver que l'inverse de chaque
# matrice est sa transposée.
#
# Les réponses rédigées sont dans les cellules de réponse, chacune avec sa raison.

# %%
from paleowidgets.core.geometry import (
    PENTOMINOES,
    SYMMETRIES,
    composition_table,
    normalise,
)
from paleowidgets.exercises import lesson03 as check
from paleowidgets.i18n import set_language
from paleowidgets.render.figures import symmetry_name, transform_svg

# Un seul réglage pour tous les textes qui suivent : figures, widgets et vérifications.
set_language("fr")

for key, (name, s) in enumerate(SYMMETRIES.items(), start=1):
    kind = "rotation" if s.is_rotation else "miroir  "
    print(f"{key}. {kind} {name:18} {symmetry_name(s, 'fr')}")

# %% [markdown]
# ## Une symétrie déplace chaque case
# Voici le L, ses cases numérotées de 1 à 5, avant et après un **quart de tour dans le sens
# horaire**. Suis la case 2 : elle était en `(0, 1)`, elle va en `(-1, 0)`. Le rond marque le
# centre de la rotation.

# %%
transform_svg("L", "rotate-90")

# %% [markdown]
# **Exercice 1.** Où va la case `(2, 1)` avec un quart de tour dans le sens horaire ?
# Réponds avec une case `(x, y)`, comme `(3, 0)` ; dessine-la d'abord sur du papier
# quadrillé.

# %% answer
### BEGIN SOLUTION
answer = (-1, 2)    # (x, y) -> (-y, x) : la colonne (1, 0) va en (0, 1), (0, 1) en (-1, 0)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_image("rotate-90", (2, 1), answer)
### END HIDDEN TESTS
check.check_image("rotate-90", (2, 1), answer)

# %% [markdown]
# Et un **miroir** selon la diagonale ↘ (la ligne en pointillés) : chaque case `(x, y)` va
# en `(y, x)`. Les cases sur la ligne du miroir ne bougent pas.

# %%
transform_svg("F", "flip-diagonal")

# %% [markdown]
# ## La règle en matrice
# Chaque symétrie est une règle `(x, y) → (a·x + b·y, c·x + d·y)`, qu'on écrit avec la
# matrice `[[a, b], [c, d]]`. Les nombres a, b, c, d valent 0, 1 ou −1. Les colonnes de la
# matrice disent où vont les cases `(1, 0)` et `(0, 1)`.

# %% [markdown]
# **Exercice 2.** Avant de voir la liste : écris la matrice du miroir selon la diagonale ↘
# (il envoie `(x, y)` en `(y, x)`), sous la forme `[[a, b], [c, d]]`.

# %% answer
### BEGIN SOLUTION
answer = [[0, 1], [1, 0]]    # colonnes : (1, 0) -> (0, 1) et (0, 1) -> (1, 0)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_matrix("flip-diagonal", answer)
### END HIDDEN TESTS
check.check_matrix("flip-diagonal", answer)

# %% [markdown]
# Les matrices des huit symétries :

# %%
for name, s in SYMMETRIES.items():
    print(f"{name:18} {[list(row) for row in s.matrix]}   (1, 0) -> {s((1, 0))}, "
          f"(0, 1) -> {s((0, 1))}")

# %% [markdown]
# Une forme entière bouge case par case ; ensuite on la fait glisser pour que ses plus
# petits x et y valent 0 (c'est ainsi que les orientations étaient dessinées dans la
# leçon 2) :

# %%
cells = PENTOMINOES["L"].cells
turned = [SYMMETRIES["rotate-90"](c) for c in cells]
print("avant :         ", cells)
print("après :         ", tuple(turned))
print("après glissement :", normalise(turned))

# %% [markdown]
# ## Deux à la suite : la composition
# Fais un quart de tour, **puis** le miroir gauche–droite. Le résultat est encore une des
# huit symétries. Dans le code, `second @ first` veut dire « d'abord *first*, puis
# *second* » (comme pour les matrices, l'étape de droite se fait en premier). La table donne
# toutes les paires : ligne = la deuxième étape, colonne = la première étape.

# %% [markdown]
# **Exercice 3.** Quelle symétrie unique est « un quart de tour dans le sens horaire,
# **puis** un miroir gauche–droite » ? Réponds avec son nom, comme `"rotate-180"`. Suis les
# cases `(1, 0)` et `(0, 1)`.

# %% answer
### BEGIN SOLUTION
answer = "flip-diagonal"    # (1, 0) -> (0, 1) -> (0, 1) et (0, 1) -> (-1, 0) -> (1, 0)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_composition("rotate-90", "flip-horizontal", answer)
### END HIDDEN TESTS
check.check_composition("rotate-90", "flip-horizontal", answer)

# %% [markdown]
# **Exercice 4.** Trouve une symétrie pour laquelle l'ordre avec le quart de tour dans le
# sens horaire compte : la faire avant le quart de tour ne donne pas la même chose que la
# faire après. Réponds avec son nom.

# %% answer
### BEGIN SOLUTION
answer = "flip-vertical"    # n'importe quel miroir : rotation puis miroir = un autre miroir
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_non_commuting("rotate-90", answer)
### END HIDDEN TESTS
check.check_non_commuting("rotate-90", answer)

# %%
quarter, mirror = SYMMETRIES["rotate-90"], SYMMETRIES["flip-horizontal"]
print("quart de tour, puis miroir :", (mirror @ quarter).name)
print("miroir, puis quart de tour :", (quarter @ mirror).name)

short = {"identity": "id", "rotate-90": "r90", "rotate-180": "r180", "rotate-270": "r270",
         "flip-horizontal": "m|", "flip-vertical": "m-", "flip-diagonal": "m\\",
         "flip-antidiagonal": "m/"}
table = composition_table()
print(" après\\avant " + "".join(f"{short[f]:>6}" for f in SYMMETRIES))
for second in SYMMETRIES:
    print(f"{short[second]:>12} " + "".join(f"{short[table[(second, f)]]:>6}"
                                            for f in SYMMETRIES))

# %% [markdown]
# Lis la table : chaque symétrie apparaît exactement une fois dans chaque ligne et dans
# chaque colonne. La ligne et la colonne de l'identité recopient les titres. La table
# n'est **pas symétrique** : l'ordre compte (le groupe n'est *pas commutatif*). Deux
# rotations, elles, peuvent toujours s'échanger.
#
# ## Annuler : l'inverse
# Chaque symétrie peut être annulée par l'une des huit.

# %% [markdown]
# **Exercice 5.** Quelle symétrie annule un quart de tour dans le sens horaire ? Réponds
# avec son nom.

# %% answer
### BEGIN SOLUTION
answer = "rotate-270"    # trois quarts de tour horaires de plus = un quart de tour antihoraire
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_inverse("rotate-90", answer)
### END HIDDEN TESTS
check.check_inverse("rotate-90", answer)

# %% [markdown]
# Un miroir s'annule lui-même ; un quart de tour dans le sens horaire est annulé par un
# quart de tour dans le sens antihoraire. Pour ces matrices, l'inverse est la
# **transposée** (les lignes deviennent les colonnes).

# %%
for name, s in SYMMETRIES.items():
    print(f"{name:18} est annulée par {s.inverse.name:18} vérification : {(s.inverse @ s).name}")

# %% [markdown]
# ## Explorer
# Choisis une forme, appuie sur les symétries l'une après l'autre (ou pointe l'image et
# utilise les touches 1–8, R, F, ← →, Retour arrière, Échap). Tu vois les coordonnées avant
# et après, la symétrie unique que donnent tes étapes, et l'orbite de la forme avec
# l'orientation actuelle encadrée. Clique sur une orientation de la bande pour l'afficher.

# %%
from paleowidgets.widgets.transform import TransformExplorer

explorer = TransformExplorer("F", lang="fr")
explorer.apply("rotate-90")
explorer.apply("flip-horizontal")
explorer

# %% [markdown]
# ## Encore deux
# **Exercice 6.** Quelles symétries laissent le T inchangé (son stabilisateur) ? Réponds
# avec une liste de noms, comme `["rotate-180"]`. (Le T est debout, sa barre en haut.)

# %% answer
### BEGIN SOLUTION
answer = ["identity", "flip-horizontal"]    # ne rien faire, et le miroir gauche-droite
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_stabiliser("T", answer)
### END HIDDEN TESTS
check.check_stabiliser("T", answer)

# %% [markdown]
# **Exercice 7.** Un nouveau miroir : l'anti-diagonale ↙ (la droite qui passe par
# `(1, -1)` et `(-1, 1)`). Où envoie-t-il la case `(3, 1)` ?

# %% answer
### BEGIN SOLUTION
answer = (-1, -3)    # (x, y) -> (-y, -x)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_image("flip-antidiagonal", (3, 1), answer)
### END HIDDEN TESTS
check.check_image("flip-antidiagonal", (3, 1), answer)

# %% [markdown]
# ## Pour aller plus loin (les plus grands)
# - Les huit symétries avec la composition forment le **groupe diédral D4** : il y a une
#   identité, chaque élément a un inverse, et la composition est associative. Vérifie que
#   `(a @ b) @ c == a @ (b @ c)` pour quelques triplets.
# - L'**ordre** d'une symétrie, c'est le nombre de fois qu'il faut la répéter pour revenir
#   au départ. Quels ordres apparaissent ? Pourquoi l'ordre d'un miroir ne peut-il être
#   que 2 ?
# - Le déterminant `a·d − b·c` d'une rotation vaut 1, celui d'un miroir vaut −1. Pourquoi
#   un miroir suivi d'un miroir est-il toujours une rotation ?

# %%
print({name: s.order for name, s in SYMMETRIES.items()})
print({name: s.a * s.d - s.b * s.c for name, s in SYMMETRIES.items()})

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
answer = [(-3, 1), "rotate-90", ["identity", "rotate-180", "flip-horizontal", "flip-vertical"]]
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
