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

# %%
from paleowidgets import load_map, Game, GameLog, PlayerLog, Turn
from paleowidgets.core.enclosure import enclosure, enclosures, names
from paleowidgets.core.geometry import diagonal_neighbours, orthogonal_neighbours, parse_cell
from paleowidgets.render.enclosure import describe, render_enclosure

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

# %%
for e in enclosures(blank):
    size = len(e.fossil.cells)
    print(f"{e.fossil.id} {e.fossil.name} ({size} cell{'s' if size > 1 else ''}): "
          f"ring of {len(e.ring)}: {' '.join(names(e.ring))}")

# %% [markdown]
# The Trilobite's ring, drawn: dashed squares with a circle are ring cells still missing,
# dotted squares with a small diamond are diagonal cells (not needed). Look at **C2**: it
# sits in the Trilobite's pocket and touches it on three sides, yet it is *one* ring cell.

# %%
render_enclosure(blank, "A", step=0, lang="en")

# %% [markdown]
# ## A fill that leaks
# Ada has played two rounds, both with the hatch dig type, on each side of the Tusk (B).

# %%
def turn(text, **extra):
    """A turn written briefly: turn("I hatch H1 H2 H3 H4 H5")."""
    shape, dig, *cells = text.split()
    return Turn.from_dict({"shape": shape, "dig": dig, "cells": cells, **extra})


rolls = [(1, 5), (1, 6), (5, 5), (2, 6), (1, 1), (6, 5)]
turns = [turn("I hatch H1 H2 H3 H4 H5"), turn("I hatch F2 F3 F4 F5 F6", stars=["plus-one"]),
         turn("L hatch D1 E1 F1 G1 G2"), turn("T hatch G6 G7 F8 G8 H8"),
         turn("X chevron B6 A7 B7 C7 B8"), turn("Z hatch C5 D5 D6 D7 E7")]
log = GameLog(school, rolls, (PlayerLog("Ada", tuple(turns)),))
after2 = log.state_at(0, 2)
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
    fill = [sentence for topic, sentence in describe(tusk, step, lang="en") if topic == "fill"]
    print(fill[0])
print(f"... {tusk.steps} steps in all; {len(tusk.escaped)} cells beyond the ring are wet.")

# %%
render_enclosure(after2, "B", step=1, turns=turns[:2], lang="en")

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
for _, sentence in describe(enclosure(after4, "B"), 0, lang="en"):
    print(sentence)
print("score:", after4.score().total)

# %%
render_enclosure(after4, "B", turns=turns[:4], lang="en")

# %% [markdown]
# ## The same-dig-type bonus, and why not
# Rounds 5 and 6 close the Tooth's ring too, but with an X of chevrons and a Z of hatching.
# The Tooth is dug up (its points count) but it misses its `+1`: its ring mixes two dig
# types.

# %%
after6 = log.state_at(0, 6)
tooth = enclosure(after6, "C")
print("dug up:", tooth.dug_up, "· bonus:", tooth.bonus.holds, "· why:", tooth.bonus.reasons)
for topic, sentence in describe(tooth, 0, lang="en"):
    if topic == "bonus":
        print(sentence)

# %%
render_enclosure(after6, "C", turns=turns, lang="en")

# %% [markdown]
# ## Try it: the enclosure inspector
# Pick a fossil (the list, a click on the fossil, its letter, or ↑ ↓), then step the fill
# with the buttons or the keys: → or Space one step, ← back, Home to the start, End the
# whole fill. The panel says what each step shows.

# %%
from paleowidgets.widgets.enclosure import EnclosureWidget

EnclosureWidget(after2, turns=turns[:2], fossil="B", lang="en")

# %% [markdown]
# ## Exercises
# The checks answer "right", or what is wrong with a hint. Here is a wrong answer being
# checked, then the right one.
#
# **1.** Name every ring cell of the Trilobite (A) on the blank map.

# %%
from paleowidgets.exercises.lesson04 import check_bonus, check_gaps, check_ring

check_ring(blank, "A", "B1 C1 D1 A2 C2 E2 A3 E3 B4 C4 D4")

# %%
check_ring(blank, "A", "B1 D1 A2 C2 E2 A3 E3 B4 C4 D4")

# %% [markdown]
# **2.** After round 2, through which cells does the fill leak out of the Tusk (B) first?

# %%
check_gaps(after2, "B", "G2")

# %%
check_gaps(after2, "B", "G2 G6")

# %% [markdown]
# **3.** After round 6, does the Tooth (C) earn its same-dig-type bonus? (`True` or `False`)

# %%
check_bonus(after6, "C", True)

# %%
check_bonus(after6, "C", False)

# %% [markdown]
# **Your turn.** With the inspector on `after6`, find the Trilobite's gaps. Which shapes,
# all of one dig type, would close them and earn its `+2`?
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
