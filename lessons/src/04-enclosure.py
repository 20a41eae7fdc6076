# %% [markdown]
# # Lesson 4 — Neighbours and enclosure
#
# **Learning goals**
# - tell a cell's four *orthogonal* neighbours (sharing a side) from its four *diagonal*
#   ones (touching only at a corner);
# - find a fossil's **ring**: every cell that shares a side with it;
# - see why a fossil is dug up exactly when its ring is closed, with a **flood fill** that
#   leaks out through any gap;
# - say whether the same-dig-type bonus holds, and why not.
#
# We use the small teaching map *Ring school*: a Trilobite with a pocket (A), a long Tusk
# (B) and a one-cell Tooth (C).
#
# Each exercise comes *before* the cells that answer it: write your answer in place of
# `None`, run the cell, then run the check under it.

# %% [markdown] teacher
# ## Teacher's note (teacher edition only)
# **Curriculum.** Position on a grid (cell references); squares sharing a side or only a
# corner; the boundary of a region; a step-by-step procedure (an algorithm) carried out
# by hand: the flood fill, i.e. breadth-first search; for older pupils 4- and
# 8-connectivity and the digital Jordan curve theorem. Ages 11+, 45 minutes.
#
# | section | minutes |
# |---|---|
# | neighbours, the ring of a fossil (exercise 1) | 10 |
# | a fill that leaks (exercise 2), why diagonals do not count | 12 |
# | closing the gaps, the bonus (exercise 3) | 8 |
# | the inspector, exercise 4 (a new fossil) | 10 |
# | exit ticket | 5 |
#
# **Rows count downwards:** A1 is the top-left cell, A2 below it; the names are column
# letter then row number.
#
# **Likely misconceptions.**
# - Counting diagonal cells in the ring (exercise 1 has 10 cells, none of them at a
#   corner only); the fill shows why a corner cannot leak.
# - Counting the pocket cell C2 two or three times because it touches the Trilobite on
#   three sides: it is one cell of the ring.
# - Exercise 2: naming every missing cell anywhere on the sheet instead of the ring's.
# - Exercise 3: "dug up" means "bonus": the +1 needs one dig type on the whole ring.
#
# **Easier path.** Print the map and colour the ring cells by hand; do exercises 1 and 3
# only, with the inspector. **Harder path.** *For older students*: run the fill by hand
# as a queue (breadth-first search), and explain why 8-connected walls and 4-connected
# water go together.
#
# The worked answers are in the answer cells, each with its reason.

# %%
from paleowidgets import Game, GameLog, PlayerLog, load_map, render_svg
from paleowidgets.core.enclosure import enclosure, enclosures, names
from paleowidgets.core.geometry import diagonal_neighbours, orthogonal_neighbours, parse_cell
from paleowidgets.exercises.lesson04 import check_bonus, check_gaps, check_ring, turn
from paleowidgets.i18n import set_language
from paleowidgets.render.enclosure import describe, render_enclosure

# One setting for every text below: the map, the widgets, the checks ("fr", "ko").
LANG = "en"
set_language(LANG)

school = load_map("ring-school")
blank = Game(school).initial_state()
school

# %% [markdown]
# ## Neighbours: orthogonal and diagonal
# Cell D4 has eight cells round it. Four share a whole side with it (up, right, down,
# left): its **orthogonal** neighbours. Four touch it only at a corner: its **diagonal**
# neighbours.

# %%
d4 = parse_cell("D4")
print("orthogonal:", names(orthogonal_neighbours(d4)))
print("diagonal:  ", names(diagonal_neighbours(d4)))

# %% [markdown]
# ## The ring of a fossil
# A fossil's **ring** is every cell orthogonally next to it that is not part of it. The
# rules dig a fossil up when every ring cell is drawn; diagonal cells do not count.

# %% [markdown]
# **Exercise 1.** Name every ring cell of the Trilobite (A) on the blank map above, as one
# text of cell names like `"B1 C1"` (or a list of names).

# %% answer
### BEGIN SOLUTION
answer = "B1 D1 A2 C2 E2 A3 E3 B4 C4 D4"    # 10 cells; C2, in the pocket, counts once
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_ring(blank, "A", answer)
### END HIDDEN TESTS
check_ring(blank, "A", answer)

# %% [markdown]
# Every fossil's ring, counted by the package:

# %%
for e in enclosures(blank):
    size = len(e.fossil.cells)
    print(f"{e.fossil.id} {e.fossil.name_in(LANG)} ({size} cell{'s' if size > 1 else ''}): "
          f"ring of {len(e.ring)}: {' '.join(names(e.ring))}")

# %% [markdown]
# The Trilobite's ring, drawn: dashed squares with a circle are ring cells still missing,
# dotted squares with a small diamond are diagonal cells (not needed). Look at **C2**: it
# sits in the Trilobite's pocket and touches it on three sides, yet it is *one* ring cell.

# %%
render_enclosure(blank, "A", step=0, lang=LANG)

# %% [markdown]
# ## A fill that leaks
# Ada has played two rounds, both with the hatch dig type, on each side of the Tusk (B).

# A turn is written as shape, dig type and cells: `turn("I hatch H1 H2 H3 H4 H5")`.

# %%
rolls = [(1, 5), (1, 6), (5, 5), (2, 6), (1, 1), (6, 5)]
turns = [turn("I hatch H1 H2 H3 H4 H5"), turn("I hatch F2 F3 F4 F5 F6", stars=["plus-one"]),
         turn("L hatch D1 E1 F1 G1 G2"), turn("T hatch G6 G7 F8 G8 H8"),
         turn("X chevron B6 A7 B7 C7 B8"), turn("Z hatch C5 D5 D6 D7 E7")]
log = GameLog(school, rolls, (PlayerLog("Ada", tuple(turns)),))
after2 = log.state_at(0, 2)
render_svg(after2, rolls=rolls, turns=turns[:2], player="Ada")

# %% [markdown]
# **Exercise 2.** After round 2, through which cells can water poured on the Tusk (B) leak
# out of it first (its *gaps*)? Cell names, like `"B3 C3"`.

# %% answer
### BEGIN SOLUTION
answer = "G2 G6"    # the two ring cells of the Tusk not drawn yet, at its two ends
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_gaps(after2, "B", answer)
### END HIDDEN TESTS
check_gaps(after2, "B", answer)

# %%
tusk = enclosure(after2, "B")
print("ring drawn:", names(tusk.covered))
print("missing:   ", names(tusk.missing))

# %% [markdown]
# Imagine pouring water on the Tusk. Drawn cells are walls; the water moves only from a
# cell to a cell that **shares a side** with it. Step 0 is the fossil itself; at step 1 the
# water is in every ring cell that is not drawn: the **gaps**. If there is no gap, the
# water cannot get out, and that is exactly when the fossil is dug up.

# %%
for step in range(4):
    fill = [sentence for topic, sentence in describe(tusk, step, lang=LANG) if topic == "fill"]
    print(fill[0])
print(f"... {tusk.steps} steps in all; {len(tusk.escaped)} cells beyond the ring are wet.")

# %%
render_enclosure(after2, "B", step=1, turns=turns[:2], lang=LANG)

# %% [markdown]
# **Why are diagonal cells not needed?** Water cannot squeeze between two walls that touch
# only at a corner: to get from the fossil to a diagonal cell it must first step on a ring
# cell. Close the ring, and the diagonal cells are out of reach.

# %% [markdown]
# ## Closing the gaps
# Rounds 3 and 4 draw an L over G2 and a T over G6, both hatch again. The fill cannot leave
# the Tusk any more: it is dug up, and since all eight ring cells are hatch, it also earns
# its same-dig-type bonus.

# %%
after4 = log.state_at(0, 4)
for _, sentence in describe(enclosure(after4, "B"), 0, lang=LANG):
    print(sentence)
print("score:", after4.score().total)

# %%
render_enclosure(after4, "B", turns=turns[:4], lang=LANG)

# %% [markdown]
# ## The same-dig-type bonus, and why not
# Rounds 5 and 6 close the Tooth's ring too, with an X of chevrons and a Z of hatching.

# %%
after6 = log.state_at(0, 6)

# %% [markdown]
# **Exercise 3.** After round 6, does the Tooth (C) earn its same-dig-type bonus? Answer
# `True` or `False`.

# %% answer
### BEGIN SOLUTION
answer = False    # dug up, but its ring mixes two dig types: chevron and hatch
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_bonus(after6, "C", answer)
### END HIDDEN TESTS
check_bonus(after6, "C", answer)

# %% [markdown]
# The Tooth is dug up (its points count) but it misses its `+1`: its ring mixes two dig
# types.

# %%
tooth = enclosure(after6, "C")
print("dug up:", tooth.dug_up, "· bonus:", tooth.bonus.holds, "· why:", tooth.bonus.reasons)
for topic, sentence in describe(tooth, 0, lang=LANG):
    if topic == "bonus":
        print(sentence)

# %%
render_enclosure(after6, "C", turns=turns, lang=LANG)

# %% [markdown]
# **A puzzle on this idea: *Hatch is coming*** (`puzzles/1-beginner/26-hatch-is-coming.toml`).
# Its second roll gives hatch shapes only, and a shape that fits must be drawn: drawn on
# the raptor claw's ring, it spoils the same-dig-type bonus. Find a place that does not.
# Play it with lesson 8's puzzle widget: `PuzzleWidget("../puzzles/1-beginner/26-hatch-is-coming.toml")`.

# %% [markdown]
# ## Try it: the enclosure inspector
# Pick a fossil (the list, a click on the fossil, its letter, or ↑ ↓), then step the fill
# with the buttons or the keys: → or Space one step, ← back, Home to the start, End the
# whole fill. The panel says what each step shows.

# %%
from paleowidgets.widgets.enclosure import EnclosureWidget

EnclosureWidget(after2, turns=turns[:2], fossil="B", lang=LANG)

# %% [markdown]
# **Exercise 4.** A new fossil: after round 6, through which cells can water leak out of
# the Trilobite (A) first? The picture of round 6 above shows the whole sheet.

# %% answer
### BEGIN SOLUTION
answer = "B1 A2 C2 E2 A3 E3 B4 C4 D4"    # every ring cell but D1, drawn in round 3
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_gaps(after6, "A", answer)
### END HIDDEN TESTS
check_gaps(after6, "A", answer)

# %% [markdown]
# **Your turn.** Which shapes, all of one dig type, would close the Trilobite's gaps and
# earn its `+2`?
#
# ## For older students
# - The fill is a **breadth-first search**: the cells reached at step *k* are exactly
#   those *k* orthogonal moves away through open cells. It visits each cell once, so its
#   time grows like the number of cells of the map.
# - A fossil is dug up when its ring is complete; the fill's step 1 is the set of missing
#   ring cells, so "the fill cannot leave" and "the ring is complete" are the same
#   statement. The tests of this kit check it against the rules on random games.
# - The water moves with **4-connectivity**; a wall stops it when it is **8-connected**
#   (cells may touch at corners). That pairing is the digital version of the Jordan curve
#   theorem: a closed 8-connected curve separates the 4-connected inside from the outside.
#   Mix them up the other way round and the water would leak through corners.

# %% [markdown]
# ## Exit ticket
# To finish, on your own: questions about cases this lesson never printed. For this
# ticket, run the next cell to see the questions, then write your answers in one list, in
# the order of the questions, like `answer = [first, second]`, and run the check. Your
# teacher may collect the results.

# %%
from paleowidgets.exercises.lesson04 import exit_ticket

ticket = exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = ["G2 F3 H3 F4 H4 F5 H5 G6", False]    # nothing drawn yet: no dig type at all
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
