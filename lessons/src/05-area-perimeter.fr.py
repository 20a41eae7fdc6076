# %% [markdown]
# # Leçon 5 — Aire et périmètre
#
# **Objectifs**
# - mesurer une forme de trois façons : son **aire** (en cases), son **périmètre** (les
#   côtés de case sur son contour) et son **anneau** (les cases qui partagent un côté avec
#   elle : ce qu'il faut dessiner pour la déterrer) ;
# - expliquer pourquoi une ligne droite de *n* cases a le plus grand anneau, **2n + 2**, et
#   quelles formes ont le plus petit ;
# - voir ce que font à un anneau les poches, les trous et le bord de la carte ;
# - compter combien de pentominos il faut, au minimum, pour fermer l'anneau d'un fossile.
#
# Chaque exercice vient *avant* les cellules qui y répondent : écris ta réponse à la place
# de `None` (un nombre entier), exécute la cellule, puis exécute la vérification en
# dessous.

# %% [markdown] teacher
# ## Note pour l'enseignant (édition enseignant seulement)
# **Programme.** L'aire en comptant des carreaux ; le périmètre de figures à angles droits ;
# comparer des figures de même aire et de périmètres différents ; une formule en n
# (2n + 2) et, pour les plus grands, une démonstration par récurrence ; optimisation (le
# plus petit anneau pour une aire donnée). À partir de 11 ans, 45 minutes. Faire d'abord la
# leçon 4 (l'anneau).
#
# | partie | minutes |
# |---|---|
# | aire, périmètre, anneau des pentominos (exercices 1, 2), le tableau | 10 |
# | poches et trous | 5 |
# | le plus long anneau 2n + 2, et pourquoi | 8 |
# | le plus court anneau (exercice 3), les losanges, le bord de la carte | 10 |
# | les pentominos dont un anneau a besoin (exercice 4), exercice 5 | 7 |
# | ticket de sortie | 5 |
#
# **Erreurs fréquentes.**
# - Périmètre = le nombre de cases autour de la forme (l'anneau) : l'exercice 2 les
#   sépare ; une case dans un coin rentrant touche deux côtés et compte une fois dans
#   l'anneau.
# - « Même aire, même périmètre » : tous les pentominos ont une aire de 5, des périmètres de
#   10 ou 12.
# - Exercice 3 : un rectangle 2 × 3 n'est pas le meilleur ; les formes en losange gagnent.
# - Exercice 4 : ⌈4 / 5⌉ = 1 pentomino, en oubliant qu'une seule forme ne peut pas
#   atteindre quatre cases qui ne se touchent que par les coins.
#
# **Parcours plus facile.** Papier quadrillé : dessiner chaque pentomino, compter les
# côtés, puis colorier l'anneau ; s'arrêter après le plus long anneau. **Parcours plus
# difficile.** *Pour les plus grands* : démontrer 2n + 2 par récurrence, et que seule la
# ligne l'atteint ; l'exercice 5 avec la formule ⌈√(8n − 4)⌉ + 2.
#
# Les réponses rédigées sont dans les cellules de réponse, chacune avec sa raison.

# %%
from paleowidgets import Game, load_map
from paleowidgets.core.enclosure import (contacts, fewest_ring_cells, fewest_shapes,
                                         free_polyominoes, names, perimeter, ring_of)
from paleowidgets.core.geometry import PENTOMINOES
from paleowidgets.exercises.lesson05 import (check_fewest_ring, check_perimeter,
                                             check_ring_size, check_shapes_needed, ring_drawn,
                                             shape_map)
from paleowidgets.i18n import set_language
from paleowidgets.render.enclosure import render_enclosure

# Un seul réglage pour tous les textes qui suivent : les images et les vérifications.
set_language("fr")

# %% [markdown]
# ## Aire, périmètre et anneau des douze pentominos
# Chaque pentomino a une aire de 5. Son périmètre vaut 5 × 4 = 20 côtés, moins 2 pour
# chaque paire de cases qui partagent un côté. Son anneau, c'est ce dont aurait besoin un
# fossile de cette forme.

# %% [markdown]
# **Exercice 1.** Quel est le périmètre du pentomino P (combien de côtés de case sur son
# contour) ? Regarde le P dans la leçon 2, ou dessine-le.

# %% answer
### BEGIN SOLUTION
answer = 10    # 20 côtés, moins 2 pour chacune des 5 paires de cases qui partagent un côté
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_perimeter("P", answer)
### END HIDDEN TESTS
check_perimeter("P", answer)

# %% [markdown]
# **Exercice 2.** Combien de cases a l'anneau du pentomino L (les cases qui partagent un
# côté avec lui, sans en faire partie) ?

# %% answer
### BEGIN SOLUTION
answer = 11    # périmètre 12, mais la case de son coin rentrant touche 2 côtés : une seule fois
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_ring_size("L", answer)
### END HIDDEN TESTS
check_ring_size("L", answer)

# %%
print("forme  aire  périmètre  anneau")
for letter, p in PENTOMINOES.items():
    area, ring = len(p.cells), len(ring_of(p.cells))
    print(f"  {letter}     {area}      {perimeter(p.cells):2}       {ring:2}")

# %% [markdown]
# Seul le P a un périmètre de 10 : son bloc 2 × 2 partage un côté de plus. Mais les
# anneaux varient beaucoup, de 8 (X) à 12 (I). Pourquoi l'anneau est-il parfois plus petit
# que le périmètre ? Une case de l'anneau dans un *coin rentrant* touche la forme sur deux
# côtés : le périmètre compte les deux côtés, l'anneau compte la case une fois. Voici
# combien de côtés touche chaque case de l'anneau du L :

# %%
touch = contacts(PENTOMINOES["L"].cells)
print({cell: n for cell, n in sorted(touch.items()) if n > 1}, "->",
      sum(touch.values()), "côtés,", len(touch), "cases d'anneau")

# %% [markdown]
# **Périmètre = la somme, sur les cases de l'anneau, des côtés que chacune touche.** Donc
# l'anneau, c'est le périmètre moins ce que partagent les cases des coins et des poches.

# %% [markdown]
# ## Poches et trous
# Sur *L'école des anneaux*, le Trilobite (A) est un U avec une poche. Son périmètre est de
# 12 mais son anneau de 10 seulement : la case C2 de la poche le touche sur trois côtés et
# compte une fois.

# %%
school = load_map("ring-school")
trilobite = school.fossil("A").cells
print("périmètre", perimeter(trilobite), "· anneau", len(ring_of(trilobite)),
      "· C2 touche", contacts(trilobite)[(2, 1)], "côtés")
render_enclosure(Game(school).initial_state(), "A", step=0, lang="fr")

# %% [markdown]
# Un fossile avec un **trou** : huit cases autour d'une case vide. Le trou est une case de
# l'anneau qui touche quatre côtés. L'eau versée sur le fossile y coule à l'étape 1, comme
# dans chaque autre trou de l'anneau, donc il faut la dessiner aussi ; aucun pentomino ne
# tient dans une case, donc seul un bonus Un carré n'importe où peut le fermer.

#
# `shape_map` dessine une carte avec un seul fossile à partir d'un dessin : `#` une case
# de fossile, `.` une case vide, une ligne après l'autre.

# %%
ring8 = shape_map("### #.# ###", "Un fossile creux")
hollow = ring8.fossil("A").cells
print("aire", len(hollow), "· périmètre", perimeter(hollow), "· anneau", len(ring_of(hollow)))
render_enclosure(Game(ring8).initial_state(), "A", lang="fr")

# %% [markdown]
# ## Le plus long anneau : une ligne droite, 2n + 2
# Une ligne de *n* cases a *n* cases d'anneau au-dessus, *n* en dessous et une à chaque
# bout.

# %%
for n in range(1, 8):
    line = [(x, 0) for x in range(n)]
    print(f"n = {n} : anneau {len(ring_of(line))} = 2 × {n} + 2")

# %% [markdown]
# **Pourquoi aucune forme ne fait pire.** Construis n'importe quelle forme case par case,
# chaque nouvelle case à côté d'une case déjà là. La nouvelle case était une case de
# l'anneau (−1), et elle a au plus 3 autres voisins qui peuvent devenir de nouvelles cases
# de l'anneau (+3) : chaque case ajoute au plus 2. Une seule case a un anneau de 4, donc
# *n* cases ont au plus 4 + 2(n − 1) = **2n + 2**.

# %% [markdown]
# ## Le plus court anneau pour n cases
# Essaie toutes les formes ! Le kit fait la liste de tous les polyominos libres (tourner et
# retourner ne comptent pas comme une nouvelle forme) jusqu'à 8 cases et mesure leurs
# anneaux.

# %% [markdown]
# **Exercice 3.** Avant le tableau : quel est le plus petit anneau que peut avoir une forme
# de 6 cases ? Essaie quelques formes sur du papier quadrillé.

# %% answer
### BEGIN SOLUTION
answer = 9    # par ex. un bloc 2 x 3 en a 10 ; les formes « grasses » coudées arrivent à 9
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_fewest_ring(6, answer)
### END HIDDEN TESTS
check_fewest_ring(6, answer)

# %%
table = [" n  formes  moins  formule  plus  formes avec le plus"]
for n in range(1, 9):
    rings = [len(ring_of(p)) for p in free_polyominoes(n)]
    table.append(f"{n:2}  {len(rings):6}  {min(rings):5}  {fewest_ring_cells(n):7}  "
                 f"{max(rings):4}  {rings.count(max(rings)):4}")
print("\n".join(table))

# %% [markdown]
# La colonne « moins » (le plus petit anneau) suit ⌈√(8n − 4)⌉ + 2 (la colonne
# « formule », vérifiée ici sur chaque forme), et à chaque fois une seule forme a le plus
# grand anneau (la colonne « plus ») : la ligne droite. Les gagnantes sont aussi proches
# d'un cercle que le permet un quadrillage : des **losanges**. Un losange de 13 cases a un anneau de 12
# seulement, comme une ligne de 5.

# %%
diamond = shape_map("..#.. .###. ##### .###. ..#..", "Un fossile en losange")
print("losange : aire", len(diamond.fossil("A").cells), "· anneau",
      len(ring_of(diamond.fossil("A").cells)))
render_enclosure(Game(diamond).initial_state(), "A", step=0, lang="fr")

# %% [markdown]
# ## Les côtés sur le bord de la carte ne coûtent rien
# Un côté sur le bord de la carte n'a besoin d'aucune case d'anneau : rien ne peut
# s'échapper par là. Un domino dans un coin d'une carte 5 × 5 aurait besoin de 3 cases
# d'anneau au lieu de 6.

# %%
domino = {(0, 0), (1, 0)}
print("au milieu :", len(ring_of(domino)), "· dans un coin :", len(ring_of(domino, 5, 5)),
      names(ring_of(domino, 5, 5)))

# %% [markdown]
# C'est pourquoi la règle des cartes du jeu garde chaque fossile loin du bord : dans le
# jeu, chaque fossile paie tout son anneau.
#
# ## De combien de pentominos un anneau a-t-il besoin ?
# Chaque pentomino couvre au plus 5 cases de l'anneau, donc un anneau de *r* cases a
# besoin d'au moins ⌈r / 5⌉ pentominos. Souvent, un pentomino ne peut même pas en couvrir
# 5 : les 4 cases de l'anneau de la Dent ne se touchent que par les coins, et un U en
# couvre 3 au mieux. Le kit cherche le plus petit nombre de formes qui dessinent chaque
# anneau entier sur la carte vide.

# %% [markdown]
# **Exercice 4.** Combien de pentominos faut-il, au minimum, pour fermer l'anneau de la
# Dent (C) sur L'école des anneaux ? (Les 4 cases de son anneau ne se touchent que par les
# coins.)

# %% answer
### BEGIN SOLUTION
answer = 2    # 4 cases demandent au moins 1 pentomino, mais aucun n'atteint les quatre : 2
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_shapes_needed(Game(school), "C", answer)
### END HIDDEN TESTS
check_shapes_needed(Game(school), "C", answer)

# %%
game = Game(school)
for fossil in school.fossils:
    cover = fewest_shapes(game, fossil.id)
    shapes = ", ".join(f"{letter} sur {' '.join(names(cells))}" for letter, cells in cover.shapes)
    print(f"{fossil.id} : anneau {cover.ring}, au moins ⌈{cover.ring}/5⌉ = {cover.bound}, "
          f"une forme en couvre au plus {cover.best_single} -> {cover.count} : {shapes}")

# %% [markdown]
# L'anneau du Trilobite dessiné avec ces trois formes (toutes en chevrons, donc il
# gagnerait aussi son `+2`) :

# %%
render_enclosure(ring_drawn(game, "A"), "A", lang="fr")     # les trois formes, dessinées sans dés

# %% [markdown]
# **Exercice 5.** Une nouvelle taille : quel est le plus petit anneau que peut avoir une
# forme de **20** cases ? Utilise la formule du tableau (⌈x⌉ veut dire x arrondi au nombre
# entier supérieur).

# %% answer
### BEGIN SOLUTION
answer = 15    # √(8 × 20 − 4) = √156 ≈ 12,5, arrondi au-dessus 13, plus 2
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_fewest_ring(20, answer)
### END HIDDEN TESTS
check_fewest_ring(20, answer)

# %% [markdown]
# **Une énigme sur cette idée : *Deux formes suffisent***
# (`puzzles/1-beginner/24-two-shapes-will-do.toml`). L'anneau du trilobite a 8 cases :
# au moins ⌈8/5⌉ = 2 formes, et deux L suffisent. Une troisième forme sur l'anneau coûte
# un lancer. Joue-la avec le widget d'énigme de la leçon 8 : `PuzzleWidget("../puzzles/1-beginner/24-two-shapes-will-do.toml")`.

# %% [markdown]
# ## Pour les plus grands
# - Le périmètre a son propre minimum : une forme de *n* cases a un périmètre d'au moins
#   2⌈2√n⌉ (Harary et Harborth, 1976), atteint par les carrés et les presque-carrés. Le
#   minimum de l'anneau, ⌈√(8n − 4)⌉ + 2 (N. Sieben, 2008), est atteint par les losanges :
#   le long des côtés en biais d'un losange, chaque case de l'anneau est dans un coin
#   rentrant et touche deux de ses cases (le losange de 13 cases : périmètre 20,
#   anneau 12).
# - Démontre la borne 2n + 2 par récurrence, comme ci-dessus. Puis montre que seule la
#   ligne droite l'atteint (le tableau ci-dessus trouve exactement une forme pour chaque
#   n) : que coûte un coude ?
# - `fewest_shapes` est une recherche exacte (approfondissement itératif) : elle essaie 1,
#   2, 3 ... formes et s'arrête au premier nombre qui marche, en coupant chaque branche où
#   les cases qui restent sont plus nombreuses que ce que les formes qui restent pourraient
#   couvrir.

# %% [markdown]
# ## Ticket de sortie
# Pour finir, tout seul : des questions sur des cas que cette leçon n'a jamais affichés.
# Exécute la cellule suivante pour voir les questions, puis écris tes réponses dans une
# seule liste, dans l'ordre des questions, comme `answer = [premiere, deuxieme]`, et exécute
# la vérification. Ton enseignant peut ramasser les résultats.

# %%
from paleowidgets.exercises.lesson05 import exit_ticket

ticket = exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = [10, 8, 11]    # 16 - 2 x 3 ; deux cases d'anneau dans ses coins rentrants ; √(8 x 9 - 4) = √68 ≈ 8,2, arrondi 9, + 2
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
