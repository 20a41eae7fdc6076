# %% [markdown]
# # Leçon 7 — Stratégie et optimisation : glouton, plus malin, le meilleur
#
# **Objectifs**
# - comparer trois joueurs sur les mêmes dés fixés : un robot **glouton** (le coup qui
#   semble le meilleur tout de suite), un robot qui **regarde un lancer à l'avance**, et le
#   **solveur**, qui connaît tous les dés et *prouve* le meilleur score ;
# - comprendre la **séparation et évaluation** (en anglais *branch and bound*) : chercher
#   dans un arbre de choix, mais couper chaque branche qui ne peut pas battre le meilleur
#   résultat trouvé jusque-là ;
# - savoir ce qu'est un **majorant** (une borne supérieure), et comment le solveur en
#   obtient un en *relâchant* une règle (« tu peux passer à chaque manche ») ;
# - lire le **regret** de chaque manche d'une partie : combien de points un tour a perdus.
#
# Chaque exercice vient *avant* les cellules qui y répondent : écris ta réponse à la place
# de `None`, exécute la cellule, puis exécute la vérification en dessous.

# %% [markdown] teacher
# ## Note pour l'enseignant (édition enseignant seulement)
# **Programme.** Algorithmique et optimisation : un algorithme glouton et pourquoi il peut
# échouer ; la recherche exhaustive (un arbre de 2ⁿ choix) face à la séparation et
# évaluation ; majorants et minorants ; relâcher une contrainte pour obtenir une borne ;
# lire un graphique en ligne et un diagramme en barres d'une partie. Informatique :
# décomposition, abstraction (le sac de fouille est un problème du sac à dos 0/1). À partir
# de 14 ans. Faire d'abord la leçon 6 (les robots).
#
# **Tient en une séance de 50 minutes** si le panneau d'analyse et le replay sont montrés
# par l'enseignant au tableau (le notebook met jusqu'à une minute à s'exécuter : le lancer
# en premier) :
#
# | partie | minutes |
# |---|---|
# | trois joueurs sur les mêmes dés, exercice 1 | 8 |
# | séparation et évaluation sur le sac de fouille : l'arbre, exercices 2 et 3, les coupes | 15 |
# | ce que prouve le solveur (la relaxation) | 7 |
# | le regret : exercice 4, le panneau et le replay (écran de l'enseignant) | 10 |
# | exercice 5, ticket de sortie | 10 |
#
# **Erreurs fréquentes.**
# - « Le robot glouton est le meilleur possible » : l'optimum est prouvé, le glouton est un
#   pari ; regarder un lancer à l'avance aide sur certaines énigmes et nuit sur d'autres.
# - Exercice 1 : répondre un score au lieu de la différence.
# - Exercice 2 : prendre comme borne seulement les points du sac (7) au lieu du sac + toutes
#   les trouvailles pas encore décidées (7 + 3 + 2 = 12) ; ou enlever les trouvailles qui
#   ne rentrent pas : la borne ignore la place exprès (c'est la relaxation).
# - Exercice 3 : « couper seulement quand la borne est en dessous du meilleur » : une borne
#   *égale* au meilleur ne peut pas le battre non plus, donc la branche est coupée.
# - Comparer les 16 sacs de la force brute avec les nœuds que visite la séparation et
#   évaluation : l'arbre entier a 31 nœuds (15 nœuds intérieurs et 16 sacs) ; comparer des
#   nœuds avec des nœuds.
#
# **Parcours plus facile.** Le sac de fouille sur papier : dessiner l'arbre avec les quatre
# trouvailles, barrer les branches coupées ; exercices 1 à 3 seulement. **Parcours plus
# difficile.** *À toi* 1 (une cinquième trouvaille et l'ordre des trouvailles) ; une
# meilleure borne (remplir la place avec les meilleurs points par unité de place, le sac à
# dos fractionnaire) et combien de nœuds elle fait gagner.
#
# Les réponses rédigées sont dans les cellules de réponse, chacune avec sa raison.

# %%
import random

from paleowidgets import Game, GameLog, PlayerLog, render_svg
from paleowidgets.exercises.lesson07 import (
    FINDS,
    ROOM,
    bot_score,
    branch_and_bound,
    brute_force,
    check_bound,
    check_cut,
    check_gap,
    check_worst_round,
    node_bound,
    tree_nodes,
)
from paleowidgets.exercises.lesson08 import load_tier
from paleowidgets.i18n import set_language
from paleowidgets.render.chart import bar_chart
from paleowidgets.solver.analysis import analyse
from paleowidgets.solver.bots import ExpectationBot, GreedyBot, play_game
from paleowidgets.solver.exact import solve
from paleowidgets.widgets.analysis import (
    AnalysisPanel,
    chart_svg,
    replay_with_analysis,
    scores_of,
)

# Un seul réglage pour tous les textes qui suivent : les feuilles, les widgets, les
# vérifications.
LANG = "fr"
set_language(LANG)


# %% [markdown]
# ## Trois joueurs, les mêmes dés
# Une **énigme à dés fixés** donne tous les lancers à l'avance. Le robot glouton ne
# regarde pas les lancers suivants : à chaque manche, il prend le coup qui semble le
# meilleur *maintenant*. Le robot espérance ne connaît pas non plus les lancers suivants,
# mais il se demande « quel coup me laisse de bons coups pour les prochains lancers
# *probables* ? ». Le solveur lit tous les lancers et cherche jusqu'à pouvoir **prouver**
# qu'aucune façon de jouer ne marque plus.

# %%
puzzles = load_tier("beginner") + load_tier("intermediate")[:4]   # dans le dossier puzzles/ du kit
names, greedy, ahead, best = [], [], [], []
print(f"{'énigme':26} manches  glouton  1 d'avance  optimum")
for puzzle in puzzles:
    names.append(puzzle.title_in(LANG))
    greedy.append(bot_score(puzzle, GreedyBot()))
    ahead.append(bot_score(puzzle, ExpectationBot()))
    best.append(solve(puzzle).optimum)
    print(f"{puzzle.title_in(LANG):26} {len(puzzle.rolls):7}  {greedy[-1]:7}  {ahead[-1]:10}  {best[-1]:7}")

# %%
bar_chart(names, {"glouton": greedy, "un lancer d'avance": ahead, "optimum (prouvé)": best},
          title="Trois joueurs sur les mêmes dés fixés", xlabel="énigme", ylabel="points",
          width=640)

# %% [markdown]
# Aucun robot ne bat jamais l'optimum : c'est le meilleur score que *n'importe quelle*
# façon de jouer peut atteindre. Regarder à l'avance aide sur certaines énigmes et nuit sur
# d'autres : un pari sur les dés reste un pari.
#
# %%
first_ring = next(p for p in puzzles if p.title == "First ring")

# %% [markdown]
# **Exercice 1.** Sur l'énigme *First ring* (premier anneau), combien de points le robot
# glouton laisse-t-il sur la table (l'optimum moins le score du glouton) ? Un score n'est
# pas une réponse : la question, c'est la différence.

# %% answer
### BEGIN SOLUTION
answer = 2    # à lire dans le tableau : l'optimum moins le score du glouton
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_gap(first_ring, answer)
### END HIDDEN TESTS
check_gap(first_ring, answer)

# %% [markdown]
# ## Séparation et évaluation, sur un tout petit exemple
# Oublie les dés un instant. Tu remplis un **sac de fouille** qui a 10 unités de place.
# Chaque trouvaille prend de la place et vaut des points (leurs noms restent en anglais
# dans le code : `Skull` le crâne, `Tooth` la dent, `Shell` le coquillage, `Claw` la
# griffe) :

# %%
for find in FINDS:
    print(f"{find.name:6} place {find.room}  points {find.points}")
print("place du sac :", ROOM)

# %% [markdown]
# Chaque trouvaille est **prise ou laissée** : un arbre de choix. Le nœud du haut décide du
# Crâne, le niveau suivant de la Dent, et ainsi de suite ; tout en bas, il y a
# 2 × 2 × 2 × 2 = 16 sacs. Avec les nœuds du chemin, l'arbre a 1 + 2 + 4 + 8 + 16 =
# **31 nœuds**. Essayer tous les sacs (la *force brute*) marche toujours, mais l'arbre
# double à chaque trouvaille : 30 trouvailles feraient plus d'un milliard de sacs.

# %%
best_points, tried = brute_force(FINDS, ROOM)
print(f"force brute : meilleur {best_points} points, {tried} sacs essayés, "
      f"{tree_nodes(len(FINDS))} nœuds dans l'arbre entier")

# %% [markdown]
# La **séparation et évaluation** descend dans l'arbre (d'abord prendre, puis laisser) et
# garde le meilleur sac trouvé jusque-là. À chaque nœud, elle calcule une **borne** : les
# points déjà dans le sac plus les points de *toutes* les trouvailles pas encore décidées,
# comme si le sac avait une place infinie. Aucun sac sous ce nœud ne peut marquer plus que
# la borne. Donc quand la borne n'est pas au-dessus du meilleur sac déjà trouvé, toute la
# branche est **coupée** sans regarder dedans.

# %% [markdown]
# **Exercice 2.** Le nœud où le Crâne est pris et la Dent laissée : quelle est sa borne ?
# (Le Crâne donne 7 points ; le Coquillage et la Griffe ne sont pas encore décidés.)

# %% answer
### BEGIN SOLUTION
answer = 12    # 7 dans le sac + 3 (Coquillage) + 2 (Griffe), comme si la place était infinie
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_bound(FINDS, {"Skull": True, "Tooth": False}, answer)
### END HIDDEN TESTS
check_bound(FINDS, {"Skull": True, "Tooth": False}, answer)

# %% [markdown]
# **Exercice 3.** La recherche a déjà trouvé un sac qui vaut 10. Peut-elle sauter tout ce
# qui est sous le nœud « Crâne laissé » ? Réponds `True` (oui, couper) ou `False` (non).

# %% answer
### BEGIN SOLUTION
answer = True    # sa borne est 1 + 3 + 2 = 6, pas au-dessus de 10 : rien en dessous ne bat 10
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_cut(FINDS, {"Skull": False}, 10, answer)
### END HIDDEN TESTS
check_cut(FINDS, {"Skull": False}, 10, answer)

# %% [markdown]
# Maintenant, la recherche elle-même. Elle compte chaque nœud qu'elle visite, nœuds
# intérieurs et sacs, donc compare son nombre avec les 31 nœuds de l'arbre entier :

# %%
bag = branch_and_bound(FINDS, ROOM)
print(f"séparation et évaluation : meilleur {bag.best} points avec {', '.join(bag.taken)} ; "
      f"{bag.nodes} nœuds visités sur {tree_nodes(len(FINDS))}, "
      f"{bag.leaves} sacs complets sur {tried}")
for decisions, bound, best_then in bag.cuts:
    said = ", ".join(f"{name} {'pris' if took else 'laissé'}" for name, took in decisions.items())
    print(f"coupe en [{said}] : borne {bound} <= meilleur jusque-là {best_then}")

# %%
print("borne en [Skull laissé] :", node_bound(FINDS, {"Skull": False}))

# %% [markdown]
# ## Ce que prouve le solveur, et comment
# Le solveur fait la même chose sur le vrai jeu, où l'arbre est fait des tours de chaque
# manche. Il a besoin de deux nombres :
#
# - un **minorant** : le score d'une vraie façon de jouer qu'il a trouvée (n'importe
#   laquelle qui respecte les règles ; meilleure elle est, plus il peut couper) ;
# - un **majorant** : un nombre qu'aucune façon de jouer ne peut battre. Le solveur
#   l'obtient en *relâchant* une règle : **« tu peux passer à chaque manche »**, même
#   quand une forme rentre. Avec cette règle relâchée, chaque vraie façon de jouer est
#   encore permise, et d'autres en plus, donc le meilleur score relâché ne peut être que
#   plus grand ou égal. Et le jeu relâché est bien plus facile à résoudre : un dessin
#   inutile peut simplement être remplacé par un passage.
#
# Quand une vraie façon de jouer atteint le majorant, rien ne peut faire mieux : c'est la
# **preuve**. Sinon, le solveur lance la séparation et évaluation sur le vrai jeu, avec le
# meilleur score relâché de chaque nœud comme borne.

# %%
solution = solve(first_ring)
print("optimum :", solution.optimum, "| prouvé :", solution.proven)
for number, (roll, turn) in enumerate(zip(first_ring.rolls, solution.turns, strict=True), start=1):
    print(f"manche {number} : lancer {roll[0]}-{roll[1]} -> {turn}")
render_svg(first_ring, turns=solution.turns, title=f"{first_ring.title_in(LANG)} : une meilleure façon de jouer")

# %% [markdown]
# ## Où sont passés les points ? Le regret de chaque manche
# Prends l'énigme intermédiaire sur laquelle le glouton perd le plus, et laisse le glouton
# la jouer. Après chaque manche, on demande au solveur : *quel était le meilleur score
# encore possible avant ce tour, et après ?* La différence, c'est le **regret** du tour.
# Un tour de regret 0 a gardé toutes ses chances ; les regrets s'additionnent pour donner
# ce que la partie a perdu.

# %%
def greedy_game(puzzle):
    game = Game.from_puzzle(puzzle)
    _, turns = play_game(game, puzzle.rolls, GreedyBot(), random.Random(1))
    return game, tuple(turns)


worst = max(load_tier("intermediate"), key=lambda p: p.optimum - bot_score(p))
game, turns = greedy_game(worst)
analysis = analyse(game, worst.rolls, turns)
print(f"{worst.title_in(LANG)} : le glouton marque {analysis.final}, l'optimum est {analysis.best}")

# %% [markdown]
# **Exercice 4.** Quelle manche de la partie du glouton a perdu le plus de points ? Chaque
# `ra` de `analysis.rounds` a `ra.round` (la manche) et `ra.regret` (le regret) : trouve la
# manche avec du code, avant que la liste ci-dessous ne les affiche.

# %% answer
### BEGIN SOLUTION
answer = max(analysis.rounds, key=lambda ra: ra.regret).round
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_worst_round(analysis, answer)
### END HIDDEN TESTS
check_worst_round(analysis, answer)

# %%
for ra in analysis.rounds:
    print(f"manche {ra.round} : meilleur possible {ra.best_before} -> {ra.best_after}, "
          f"regret {ra.regret}")
print("les regrets s'additionnent :", sum(ra.regret for ra in analysis.rounds), "=",
      analysis.best, "-", analysis.final)

# %% [markdown]
# Le panneau d'analyse le dessine : la ligne en tirets avec des carrés est le meilleur
# score encore possible, la ligne pleine avec des points est le score atteint, les barres
# sont les regrets. Clique sur une manche (ou utilise les flèches) pour la lire en mots,
# avec un tour qui aurait gardé le meilleur. À côté d'un replay de la partie, les deux
# avancent ensemble.

# %%
chart_svg(analysis, scores_of(game, analysis), round=0)

# %%
AnalysisPanel(analysis, game=game)

# %%
replay_with_analysis(GameLog(worst, worst.rolls, (PlayerLog("Glouton", turns),)),
                     analysis=analysis)

# %% [markdown]
# **Exercice 5.** Retour au sac de fouille, avec un nœud que la recherche n'a jamais
# affiché : le Crâne et la Dent sont pris tous les deux. Quelle est sa borne ?

# %% answer
### BEGIN SOLUTION
answer = 13    # 7 + 1 dans le sac + 3 + 2 encore à décider
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_bound(FINDS, {"Skull": True, "Tooth": True}, answer)
### END HIDDEN TESTS
check_bound(FINDS, {"Skull": True, "Tooth": True}, answer)

# %% [markdown]
# ## À toi
# 1. Ajoute une cinquième trouvaille au sac (place 1, points 2). La séparation et
#    évaluation visite-t-elle encore moins de nœuds que la force brute ? Pourquoi l'*ordre*
#    des trouvailles compte-t-il ?
# 2. Joue l'énigme ci-dessus avec `PuzzleWidget` (leçon 8) et bats le score du glouton.
#    Ensuite, analyse ta propre partie avec `analyse(game, rolls, turns)`.
# 3. Quand un bonus vaut-il la peine d'être dépensé ? *Garde le changement*
#    (`puzzles/1-beginner/25-keep-the-switch.toml`) : son étoile bonus donne le bonus de
#    ton choix ; lequel, et à quelle manche le dépenser ? Le glouton laisse l'étoile bonus.
#    `PuzzleWidget("../puzzles/1-beginner/25-keep-the-switch.toml")`

# %% [markdown]
# ## Ticket de sortie
# Pour finir, tout seul : des questions sur des cas que cette leçon n'a jamais affichés.
# Exécute la cellule suivante pour voir les questions, puis écris tes réponses dans une
# seule liste, dans l'ordre des questions, comme `answer = [premiere, deuxieme]`, et exécute
# la vérification. Ton enseignant peut ramasser les résultats.

# %%
from paleowidgets.exercises.lesson07 import exit_ticket

ticket = exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = [6, True]    # 1 (la Dent) + 3 + 2 ; la borne 5 n'est pas au-dessus de 7
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
