# %% [markdown]
# # Leçon 6 — Le hasard : que vont donner les dés ?
#
# **Objectifs**
# - faire la liste des **36 lancers** de deux dés et trouver une chance en comptant : un
#   double, une forme donnée, un type de fouille donné, une forme *avec* un type de fouille ;
# - comparer les chances exactes avec une **simulation** de beaucoup de lancers : proches,
#   jamais exactement égales, et plus proches avec plus de lancers ;
# - lire un **histogramme de points** : ce qu'un robot marque sur beaucoup de parties, et
#   quel robot joue le mieux en moyenne.
#
# Ici, chaque lancer vient d'un code de dés, donc chaque ordinateur voit les mêmes
# nombres.
#
# Chaque exercice vient *avant* les cellules qui y répondent : écris ta réponse à la place
# de `None`, exécute la cellule, puis exécute la vérification en dessous. Une chance peut
# s'écrire comme une fraction entre guillemets (`"11/36"`), un nombre décimal à 2 chiffres
# après la virgule, avec un point (`0.31`), ou un pourcentage entier (`"31%"`).

# %% [markdown] teacher
# ## Note pour l'enseignant (édition enseignant seulement)
# **Programme.** Probabilités : l'**univers** des issues de deux dés (36 issues
# équiprobables), une probabilité en comptant les issues favorables, « au moins un » par
# l'événement contraire (36 − 25), éviter de compter deux fois (inclusion-exclusion) ;
# **fréquence** observée dans une simulation et loi des grands nombres ; lire et comparer
# des **distributions** avec des histogrammes, la moyenne et l'écart type ; l'effet de la
# taille de l'échantillon. À partir de 12 ans.
#
# **Tient en une séance de 50 minutes** si la partie des robots est montrée plutôt que
# discutée longuement (les 90 parties des robots sont la plus grande part du temps
# d'exécution du notebook) :
#
# | partie | minutes |
# |---|---|
# | les 36 lancers, exercice 1 (les doubles) | 8 |
# | quelles formes, exercice 2 (une forme), combien de formes offre un lancer | 8 |
# | types de fouille, exercices 3 et 4 | 10 |
# | simulation, loi des grands nombres, exercice 5 (compter avec du code) | 10 |
# | histogrammes, moyenne et écart type, 30 parties ou 200 | 10 |
# | ticket de sortie | 4 |
#
# En manque de temps : sauter l'exercice 5 et la feuille de la meilleure partie ; donner la
# partie des robots à lire à la maison.
#
# **Erreurs fréquentes.**
# - 21 lancers au lieu de 36 : 2-5 et 5-2 sont des lancers différents (peindre les dés de
#   deux couleurs).
# - Exercice 1 : 1/36 (seulement 1-1) ou 6/6.
# - Exercice 2 : 1/6 (un seul dé) ou 2/6 = 12/36 (additionner les deux dés compte 4-4 deux
#   fois : la réponse est 11/36).
# - Exercice 3 : 24/36 (le même double compte : 3-3, 3-4, 4-3, 4-4 comptés deux fois).
# - Exercice 4 : 2/36 (oublier l'ordre des dés) : le X sur un dé, les hachures sur l'autre,
#   dans un sens ou dans l'autre : 4/36.
# - « La simulation est fausse parce qu'elle ne donne pas exactement 11/36 » : les
#   fréquences oscillent autour de la probabilité et se stabilisent quand le nombre de
#   lancers grandit.
# - « 30 parties prouvent quel robot est le meilleur » : voir *Quelle confiance ?*.
#
# **Parcours plus facile.** Deux vrais dés par binôme, une grille 6 × 6 sur papier pour
# cocher les lancers ; exercices 1 à 3 seulement. **Parcours plus difficile.** La chance
# qu'un lancer offre le L *ou* le P (inclusion-exclusion) ; la marge des robots ;
# `paleo simulate` avec 200 parties.
#
# Les réponses rédigées sont dans les cellules de réponse, chacune avec sa raison.

# %%
from fractions import Fraction

from paleowidgets import Game, load_map, render_svg, roll_sequence
from paleowidgets.core.geometry import LETTERS
from paleowidgets.exercises.lesson06 import (
    check_dig_chance,
    check_double_chance,
    check_doubles_counted,
    check_pair_chance,
    check_shape_chance,
)
from paleowidgets.i18n import set_language
from paleowidgets.render.chart import bar_chart, histogram, line_chart, shared_axes

# Un seul réglage pour tous les textes qui suivent : les feuilles et les vérifications.
set_language("fr")

game = Game(load_map("dig-site"))
for face in range(1, 7):
    shapes = " ou ".join(game.dice.shapes_of(face))
    print(f"face {face} : forme {shapes:6}  type de fouille {game.dice.dig_of(face)}")

# %% [markdown]
# ## Les 36 lancers
# Peins un dé en rouge et l'autre en bleu : le dé rouge montre 1 à 6 et, pour chacun, le
# dé bleu montre 1 à 6. Cela fait 6 × 6 = **36 lancers**, tous aussi probables. Une chance,
# c'est alors *(le nombre de lancers qui marchent) / 36*.
#
# (Dans le code, les types de fouille gardent leur nom anglais : `chevron` pour chevrons,
# `dot` pour pois, `hatch` pour hachures.)
#
# Un **double** montre deux fois la même face : 1-1, 2-2, ..., 6-6.

# %% [markdown]
# **Exercice 1.** Quelle est la chance de faire un double ?

# %% answer
### BEGIN SOLUTION
answer = "1/6"    # 6 doubles (1-1 ... 6-6) parmi les 36 lancers : 6/36
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_double_chance(answer)
### END HIDDEN TESTS
check_double_chance(answer)

# %%
ROLLS = [(red, blue) for red in range(1, 7) for blue in range(1, 7)]
for red in range(1, 7):
    print("  ".join(f"{r}-{b}{'*' if r == b else ' '}" for r, b in ROLLS if r == red))
doubles = [roll for roll in ROLLS if roll[0] == roll[1]]
print(f"{len(ROLLS)} lancers, {len(doubles)} doubles (marqués *) : P(double) = "
      f"{Fraction(len(doubles), len(ROLLS))}")

# %% [markdown]
# ## Quelles formes puis-je dessiner ?
# N'importe lequel des deux dés peut donner la forme, donc le lancer 2-5 offre les formes
# de la face 2 **et** celles de la face 5. Un double n'offre que les deux formes de sa face.

# %%
print("le lancer 2-5 offre", game.roll_shapes((2, 5)))
print("le lancer 3-3 offre", game.roll_shapes((3, 3)))

# %% [markdown]
# **Exercice 2.** Le P est sur la face 4. Quelle est la chance qu'un lancer offre le P ?
# Attention : n'importe lequel des deux dés peut montrer le 4.

# %% answer
### BEGIN SOLUTION
answer = "11/36"    # 36 - 25 lancers sans aucun 4 (5 x 5)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_shape_chance("P", answer)
### END HIDDEN TESTS
check_shape_chance("P", answer)

# %% [markdown]
# Combien de fois une forme donnée est-elle offerte ? Le L est sur la face 5 : un lancer
# l'offre quand **au moins un** dé montre 5. Compte ces lancers, ou compte les autres :
# 5 × 5 = 25 lancers ne montrent aucun 5, donc 36 − 25 = 11 lancers offrent le L.

# %%
def shape_offered(shape):
    return sum(1 for roll in ROLLS if shape in game.roll_shapes(roll))


print({shape: f"{shape_offered(shape)}/36" for shape in LETTERS})

# %% [markdown]
# Chaque forme est offerte par 11 des 36 lancers, un peu moins d'un tiers. Et **combien**
# de formes offre un lancer ? Quatre, sauf pour un double.

# %%
offers = {2: 0, 4: 0}
for roll in ROLLS:
    offers[len(game.roll_shapes(roll))] += 1
print(offers)
bar_chart(["2 formes", "4 formes"], [offers[2] / 36, offers[4] / 36],
          title="Combien de formes offre un lancer", xlabel="formes offertes",
          ylabel="chance (sur 1)")

# %% [markdown]
# ## Types de fouille, et une forme avec un type de fouille
# Les faces 1-2 donnent les chevrons, 3-4 les pois, 5-6 les hachures. Un lancer donne les
# chevrons quand au moins un dé montre 1 ou 2 : 36 − 4 × 4 = 20 lancers.

# %% [markdown]
# **Exercice 3.** Quelle est la chance qu'un lancer puisse donner les pois ? (Additionner
# « premier dé 3 ou 4 » et « deuxième dé 3 ou 4 » compte certains lancers deux fois.)

# %% answer
### BEGIN SOLUTION
answer = "20/36"    # comme les chevrons : 36 - 4 x 4 lancers sans 3 ni 4
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_dig_chance("dot", answer)
### END HIDDEN TESTS
check_dig_chance("dot", answer)

# %% [markdown]
# Pour dessiner le **I en pois**, il faut un dé sur 1 (le I) et l'*autre* dé sur 3 ou 4
# (les pois) : 1-3, 1-4, 3-1 et 4-1, donc 4 lancers. Les règles du programme répondent à la
# question « quelles paires (forme, type de fouille) ce lancer permet-il ? » avec
# `game.choices(roll)`.

# %% [markdown]
# **Exercice 4.** Quelle est la chance d'avoir le droit de dessiner le X (face 1) en
# hachures (faces 5-6) ?

# %% answer
### BEGIN SOLUTION
answer = "4/36"    # 1-5, 1-6, 5-1, 6-1 : le X avec un dé, les hachures avec l'autre
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_pair_chance("X", "hatch", answer)
### END HIDDEN TESTS
check_pair_chance("X", "hatch", answer)

# %% [markdown]
# Le programme les compte toutes :

# %%
def pair_allowed(shape, dig):
    return sum(1 for roll in ROLLS if (shape, dig) in game.choices(roll))


for dig in ("chevron", "dot", "hatch"):
    rolls_with_dig = sum(1 for roll in ROLLS if any(d == dig for _, d in game.choices(roll)))
    print(f"{dig:8} {rolls_with_dig}/36", end="   ")
print()
for shape, dig in [("I", "dot"), ("I", "chevron"), ("L", "hatch"), ("L", "dot")]:
    print(f"{shape} en {dig} : {pair_allowed(shape, dig)}/36")

# %% [markdown]
# Pourquoi le *L en hachures* est-il plus rare que le *L en pois* ? Le L est sur la
# face 5, qui est elle-même une face de hachures : les lancers 5-5, 5-6 et 6-5 marchent,
# mais 5-5 utilise les deux dés à la fois. Pour le *L en pois*, les quatre lancers 5-3,
# 5-4, 3-5 et 4-5 marchent tous.
#
# ## Simulation : lancer les dés 3 600 fois
# Un ordinateur lance les dés bien plus vite que nous. Les parts des lancers se
# rapprochent-elles des chances exactes ? On lance 3 600 fois à partir du code `DODO-1234`.

# %%
SEED = "DODO-1234"
many = roll_sequence(SEED, 3600)
print("les dix premiers lancers :", " ".join(f"{a}-{b}" for a, b in many[:10]))
simulated = [sum(1 for roll in many if shape in game.roll_shapes(roll)) / len(many)
             for shape in LETTERS]
exact = [shape_offered(shape) / 36 for shape in LETTERS]
print("simulé :", " ".join(f"{s}={p:.3f}" for s, p in zip(LETTERS, simulated)))
print(f"exact : 11/36 = {11 / 36:.3f} pour chaque forme")

# %%
bar_chart(list(LETTERS), {"exact": exact, "simulé (3 600 lancers)": simulated},
          title="P(un lancer offre la forme) : exacte et simulée", xlabel="forme",
          ylabel="chance (sur 1)", width=640)

# %% [markdown]
# Les barres simulées oscillent autour de la hauteur exacte, jamais loin d'elle. Avec
# **plus** de lancers, la part des doubles se stabilise sur 1/6 : c'est la *loi des grands
# nombres*.

# %% [markdown]
# **Exercice 5.** Combien de doubles y a-t-il parmi les 360 premiers lancers du code
# `DODO-1234` (la liste `many`) ? On en attend environ 60, mais ce sont les dés qui
# décident : compte-les avec du code, comme dans les cellules ci-dessus.

# %% answer
### BEGIN SOLUTION
answer = sum(1 for a, b in many[:360] if a == b)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_doubles_counted(SEED, 360, answer)
### END HIDDEN TESTS
check_doubles_counted(SEED, 360, answer)

# %% [markdown]
# La part des doubles parmi les *n* premiers lancers, pour *n* = 100, 200, ... 3 600 :

# %%
checkpoints = list(range(100, 3601, 100))
share = [sum(1 for a, b in many[:n] if a == b) / n for n in checkpoints]
line_chart(checkpoints, {"part simulée des doubles": share,
                         "exacte : 1/6": [1 / 6] * len(checkpoints)},
           title="Les doubles parmi les n premiers lancers", xlabel="lancers (n)",
           ylabel="part des doubles", y_min=0, y_max=0.3, width=640)

# %% [markdown]
# ## Combien marque un robot ? Un histogramme
# Une partie de 20 manches donne un seul score, et la chance y joue un grand rôle. Joue
# **beaucoup** de parties avec des codes différents et compte combien de fois chaque score
# sort : c'est un **histogramme**. Trois robots jouent (leur nom reste en anglais dans le
# code) :
# - *random* (au hasard) : n'importe quelle forme permise, n'importe où ;
# - *greedy* (glouton) : à chaque manche, le coup qui rapporte le plus tout de suite ;
# - *expectation* (espérance) : les meilleurs coups du glouton, chacun jugé aussi d'après
#   ce que le **prochain** lancer permettra sans doute (la moyenne sur les 36 lancers).
#
# La ligne de commande fait la même chose pour beaucoup plus de parties :
# `paleo simulate dig-site --bot expectation --games 200 -o hist.svg`.

# %%
from statistics import fmean, stdev

from paleowidgets.solver.bots import ExpectationBot, GreedyBot, RandomBot, simulate

GAMES = 30
results = {}
for bot in (RandomBot(), GreedyBot(), ExpectationBot()):
    finals = simulate(game, bot, GAMES, seed=0)
    results[bot.name] = [state.score().total for state in finals]
    scores = results[bot.name]
    print(f"{bot.name:12} moyenne {fmean(scores):5.1f}  écart type {stdev(scores):4.1f}  "
          f"min {min(scores):2}  max {max(scores):2}")

# %% [markdown]
# La **moyenne**, c'est le score moyen. L'**écart type** dit à quelle distance de la
# moyenne se trouve en général le score d'une partie : dans environ deux parties sur
# trois, le score est à moins d'un écart type de la moyenne. Un grand écart type veut dire
# que les scores sont très étalés (la chance joue un grand rôle) ; un petit écart type veut
# dire que le robot marque à peu près la même chose à chaque partie.
#
# Les deux histogrammes ci-dessous ont les **mêmes axes** (les mêmes classes de scores, la
# même hauteur pour une partie), donc tu peux les comparer à l'œil : regarde où se trouve
# chaque tas, et sa largeur.

# %%
axes = shared_axes(results["greedy"], results["expectation"], bin_width=2)
histogram(results["greedy"], title=f"Robot glouton, {GAMES} parties sur le site de fouille",
          xlabel="points", ylabel="parties", mark=fmean(results["greedy"]),
          mark_label=f"moyenne {fmean(results['greedy']):.1f}", **axes)

# %%
histogram(results["expectation"], title=f"Robot espérance, {GAMES} parties sur le site de fouille",
          xlabel="points", ylabel="parties", mark=fmean(results["expectation"]),
          mark_label=f"moyenne {fmean(results['expectation']):.1f}", **axes)

# %% [markdown]
# Les deux robots ont joué les **mêmes** 30 suites de lancers (codes 0 à 29), donc on peut
# les comparer partie par partie : dans combien de parties le robot espérance a-t-il
# marqué plus ?

# %%
pairs = list(zip(results["greedy"], results["expectation"]))
better = sum(1 for g, e in pairs if e > g)
worse = sum(1 for g, e in pairs if e < g)
print(f"espérance meilleur dans {better} parties, moins bon dans {worse}, égal dans "
      f"{GAMES - better - worse}")
print(f"différence moyenne : {fmean(e - g for g, e in pairs):+.2f} points par partie")

# %% [markdown]
# ## Quelle confiance ? 30 parties ou 200
# 30 autres parties donneraient une autre moyenne : la moyenne de 30 parties oscille elle
# aussi. De combien ? D'environ **écart type ÷ √(nombre de parties)**, et la moyenne tombe
# en général à moins de deux fois cela de la vraie moyenne du robot. Avec 200 parties,
# √200 ≈ 14,1 au lieu de √30 ≈ 5,5 : l'oscillation est 2,6 fois plus petite.

# %%
from math import sqrt

for name, scores in results.items():
    sd = stdev(scores)
    print(f"{name:12} moyenne {fmean(scores):5.1f}, à {2 * sd / sqrt(GAMES):.1f} près avec "
          f"{GAMES} parties, {2 * sd / sqrt(200):.1f} avec 200")

# %% [markdown]
# Compare l'écart entre les moyennes de deux robots avec leur « à … près ». Le robot au
# hasard est loin derrière : 30 parties suffisent largement pour le voir. Quand un écart
# n'est pas beaucoup plus grand que les oscillations, 30 parties ne peuvent pas dire quel
# robot est le meilleur : joue plus. La ligne de commande joue autant de parties que tu
# veux (200 prennent quelques minutes pour le robot espérance) :
# `paleo simulate dig-site --bot expectation --games 200` ; le banc d'essai
# `benchmarks/bench_bots.py` en joue des centaines et donne la différence avec un
# intervalle de confiance.
#
# Voici la feuille de la meilleure partie du robot espérance :

# %%
best_seed = max(range(GAMES), key=lambda i: results["expectation"][i])
(best,) = simulate(game, ExpectationBot(), 1, seed=best_seed)
render_svg(best, rolls=roll_sequence(best_seed, game.rounds),
           player=f"Robot espérance, code {best_seed}")

# %% [markdown]
# ## À méditer
# Le robot espérance regarde un lancer à l'avance. Pourquoi pourrait-il préférer laisser
# dans l'anneau d'un fossile un trou que **beaucoup** de formes peuvent remplir, plutôt
# qu'un trou que seul le I peut remplir ?

# %% [markdown]
# ## Ticket de sortie
# Pour finir, tout seul : des questions sur des cas que cette leçon n'a jamais affichés.
# Exécute la cellule suivante pour voir les questions, puis écris tes réponses dans une
# seule liste, dans l'ordre des questions, comme `answer = [premiere, deuxieme]`, et exécute
# la vérification. Ton enseignant peut ramasser les résultats.

# %%
from paleowidgets.exercises.lesson06 import exit_ticket

ticket = exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = ["11/36", "20/36", "3/36"]    # comme chaque forme ; comme chaque type de fouille ; T (face 2) en chevrons (1-2) : 2-1, 1-2, 2-2
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
