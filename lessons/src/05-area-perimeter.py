# %% [markdown]
# # Lesson 5 — Area and perimeter
#
# **Learning goals**
# - measure a shape three ways: its **area** (cells), its **perimeter** (cell sides on its
#   outline) and its **ring** (cells that share a side with it: what you must draw to dig
#   it up);
# - explain why a straight line of *n* cells has the biggest ring, **2n + 2**, and which
#   shapes have the smallest;
# - see what pockets, holes and the map's border do to a ring;
# - count how many pentominoes it takes, at least, to close a fossil's ring.
#
# Each exercise comes *before* the cells that answer it: write your answer in place of
# `None` (a whole number), run the cell, then run the check under it.

# %% [markdown] teacher
# ## Teacher's note (teacher edition only)
# **Curriculum.** Area by counting squares; perimeter of rectilinear shapes; comparing
# shapes of equal area and different perimeter; a formula in n (2n + 2) and a proof by
# induction for older pupils; optimisation (the shortest ring for a given area). Ages 11+,
# 45 minutes. Lesson 4 (the ring) first.
#
# | section | minutes |
# |---|---|
# | area, perimeter, ring of the pentominoes (exercises 1, 2), the table | 10 |
# | pockets and holes | 5 |
# | the longest ring 2n + 2, and why | 8 |
# | the shortest ring (exercise 3), diamonds, the map border | 10 |
# | pentominoes a ring needs (exercise 4), exercise 5 | 7 |
# | exit ticket | 5 |
#
# **Likely misconceptions.**
# - Perimeter = the number of cells around the shape (the ring): exercise 2 separates
#   them; an inside-corner cell touches two sides and counts once in the ring.
# - "Same area, same perimeter": all pentominoes have area 5, perimeters 10 or 12.
# - Exercise 3: a 2 × 3 rectangle is not the best; the diamond-like shapes win.
# - Exercise 4: ⌈4 / 5⌉ = 1 pentomino, forgetting that one shape cannot reach four cells
#   that touch only at corners.
#
# **Easier path.** Squared paper: draw each pentomino, count sides, then colour the ring;
# stop after the longest ring. **Harder path.** *For older students*: prove 2n + 2 by
# induction and that only the line reaches it; exercise 5 with the formula
# ⌈√(8n − 4)⌉ + 2.
#
# The worked answers are in the answer cells, each with its reason.

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

# One setting for every text below: the pictures and the checks ("fr", "ko").
set_language("en")

# %% [markdown]
# ## Area, perimeter and ring of the twelve pentominoes
# Every pentomino has area 5. Its perimeter is 5 × 4 = 20 sides, minus 2 for every pair
# of cells that share a side. Its ring is what a fossil of that shape would need.

# %% [markdown]
# **Exercise 1.** What is the perimeter of the P pentomino (how many cell sides on its
# outline)? Look at the P in lesson 2, or draw it.

# %% answer
### BEGIN SOLUTION
answer = 10    # 20 sides, minus 2 for each of the 5 pairs of cells that share a side
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_perimeter("P", answer)
### END HIDDEN TESTS
check_perimeter("P", answer)

# %% [markdown]
# **Exercise 2.** How many ring cells does the L pentomino have (cells that share a side
# with it, not part of it)?

# %% answer
### BEGIN SOLUTION
answer = 11    # perimeter 12, but the cell in its inside corner touches 2 sides: once
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_ring_size("L", answer)
### END HIDDEN TESTS
check_ring_size("L", answer)

# %%
print("shape  area  perimeter  ring")
for letter, p in PENTOMINOES.items():
    area, ring = len(p.cells), len(ring_of(p.cells))
    print(f"  {letter}     {area}      {perimeter(p.cells):2}       {ring:2}")

# %% [markdown]
# Only the P has perimeter 10: its 2 × 2 block shares one more side. But the rings differ
# a lot, from 8 (X) to 12 (I). Why is the ring sometimes smaller than the perimeter? A ring
# cell in an *inside corner* touches the shape on two sides: the perimeter counts both
# sides, the ring counts the cell once. Here is how many sides each ring cell of the L
# touches:

# %%
touch = contacts(PENTOMINOES["L"].cells)
print({cell: n for cell, n in sorted(touch.items()) if n > 1}, "->",
      sum(touch.values()), "sides,", len(touch), "ring cells")

# %% [markdown]
# **Perimeter = the sum, over the ring cells, of the sides each one touches.** So the
# ring is the perimeter minus what the corner and pocket cells share.

# %% [markdown]
# ## Pockets and holes
# On *Ring school* the Trilobite (A) is a U with a pocket. Its perimeter is 12 but its
# ring only 10: the pocket cell C2 touches it on three sides and counts once.

# %%
school = load_map("ring-school")
trilobite = school.fossil("A").cells
print("perimeter", perimeter(trilobite), "· ring", len(ring_of(trilobite)),
      "· C2 touches", contacts(trilobite)[(2, 1)], "sides")
render_enclosure(Game(school).initial_state(), "A", step=0, lang="en")

# %% [markdown]
# A fossil with a **hole**: eight cells round an empty one. The hole is a ring cell that
# touches four sides. Water poured on the fossil runs into it at step 1, like into every
# other gap, so it must be drawn too; no pentomino fits in one cell, so only a One Square
# can close it.

#
# `shape_map` draws a map with one fossil from a picture: `#` a fossil cell, `.` an empty
# one, one row after another.

# %%
ring8 = shape_map("### #.# ###", "A hollow fossil")
hollow = ring8.fossil("A").cells
print("area", len(hollow), "· perimeter", perimeter(hollow), "· ring", len(ring_of(hollow)))
render_enclosure(Game(ring8).initial_state(), "A", lang="en")

# %% [markdown]
# ## The longest ring: a straight line, 2n + 2
# A line of *n* cells has *n* ring cells above, *n* below and one at each end.

# %%
for n in range(1, 8):
    line = [(x, 0) for x in range(n)]
    print(f"n = {n}: ring {len(ring_of(line))} = 2 × {n} + 2")

# %% [markdown]
# **Why no shape does worse.** Build any shape cell by cell, each new cell next to one
# already there. The new cell was a ring cell (−1), and it has at most 3 other neighbours
# that can become new ring cells (+3): each cell adds at most 2. One cell has a ring of 4,
# so *n* cells have at most 4 + 2(n − 1) = **2n + 2**.

# %% [markdown]
# ## The shortest ring for n cells
# Try every shape! The kit lists all free polyominoes (turns and flips count as one) up to
# 8 cells and measures their rings.

# %% [markdown]
# **Exercise 3.** Before the table: what is the smallest ring a shape of 6 cells can have?
# Try a few shapes on squared paper.

# %% answer
### BEGIN SOLUTION
answer = 9    # e.g. a 2 x 3 block has 10; the 'fat' bent shapes reach 9
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_fewest_ring(6, answer)
### END HIDDEN TESTS
check_fewest_ring(6, answer)

# %%
table = [" n  shapes  fewest  formula  most  shapes with the most"]
for n in range(1, 9):
    rings = [len(ring_of(p)) for p in free_polyominoes(n)]
    table.append(f"{n:2}  {len(rings):6}  {min(rings):6}  {fewest_ring_cells(n):7}  "
                 f"{max(rings):4}  {rings.count(max(rings)):4}")
print("\n".join(table))

# %% [markdown]
# The fewest column follows ⌈√(8n − 4)⌉ + 2 (the "formula" column, checked here against
# every shape), and each time only one shape has the most: the straight line. The
# winners are as round as a grid allows: **diamonds**. A diamond of 13 cells has a ring of
# only 12, the same as a line of 5.

# %%
diamond = shape_map("..#.. .###. ##### .###. ..#..", "A diamond fossil")
print("diamond: area", len(diamond.fossil("A").cells), "· ring",
      len(ring_of(diamond.fossil("A").cells)))
render_enclosure(Game(diamond).initial_state(), "A", step=0, lang="en")

# %% [markdown]
# ## Edges on the map border cost nothing
# A side on the border of the map needs no ring cell: nothing can leak out there. A domino
# in a corner of a 5 × 5 map would need 3 ring cells instead of 6.

# %%
domino = {(0, 0), (1, 0)}
print("in the open:", len(ring_of(domino)), "· in a corner:", len(ring_of(domino, 5, 5)),
      names(ring_of(domino, 5, 5)))

# %% [markdown]
# That is why the game's map rule keeps every fossil off the edge: in the game, every
# fossil pays its whole ring.
#
# ## How many pentominoes does a ring need?
# Each pentomino covers at most 5 ring cells, so a ring of *r* cells needs at least
# ⌈r / 5⌉ pentominoes. Often one pentomino cannot even cover 5 of them: the Tooth's 4 ring
# cells touch only at corners, and a U covers 3 at best. The kit searches for the fewest
# shapes that draw each whole ring on the blank map.

# %% [markdown]
# **Exercise 4.** How many pentominoes, at least, does it take to close the Tooth's (C)
# ring on Ring school? (Its 4 ring cells touch each other only at corners.)

# %% answer
### BEGIN SOLUTION
answer = 2    # 4 cells need at least 1, but no pentomino reaches all four: 2
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
    shapes = ", ".join(f"{letter} on {' '.join(names(cells))}" for letter, cells in cover.shapes)
    print(f"{fossil.id}: ring {cover.ring}, at least ⌈{cover.ring}/5⌉ = {cover.bound}, "
          f"one shape covers at most {cover.best_single} -> {cover.count}: {shapes}")

# %% [markdown]
# The Trilobite's ring drawn with those three shapes (all chevron, so it would also earn
# its `+2`):

# %%
render_enclosure(ring_drawn(game, "A"), "A", lang="en")     # the three shapes drawn without dice

# %% [markdown]
# **Exercise 5.** A new size: what is the smallest ring a shape of **20** cells can have?
# Use the formula of the table (⌈x⌉ means x rounded up).

# %% answer
### BEGIN SOLUTION
answer = 15    # √(8 × 20 − 4) = √156 ≈ 12.5, rounded up 13, plus 2
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_fewest_ring(20, answer)
### END HIDDEN TESTS
check_fewest_ring(20, answer)

# %% [markdown]
# **A puzzle on this idea: *Two shapes will do***
# (`puzzles/1-beginner/24-two-shapes-will-do.toml`). The trilobite's ring has 8 cells:
# at least ⌈8/5⌉ = 2 shapes, and two Ls do it. A third shape on the ring costs a roll.
# Play it with lesson 8's puzzle widget: `PuzzleWidget("../puzzles/1-beginner/24-two-shapes-will-do.toml")`.

# %% [markdown]
# ## For older students
# - The edge perimeter has its own minimum: a shape of *n* cells has perimeter at least
#   2⌈2√n⌉ (Harary and Harborth, 1976), reached by squares and near-squares. The ring's
#   minimum, ⌈√(8n − 4)⌉ + 2 (N. Sieben, 2008), is reached by diamonds instead: along a
#   diamond's slanted sides every ring cell sits in an inside corner and touches two of
#   its cells (the 13-cell diamond: perimeter 20, ring 12).
# - Prove the 2n + 2 bound by induction, as above. Then show that only the straight line
#   reaches it (the table above finds exactly one shape for each n): what does a bend cost?
# - `fewest_shapes` is an exact search (iterative deepening): it tries 1, 2, 3 ... shapes
#   and stops at the first number that works, cutting every branch where the cells left
#   outnumber what the shapes left could cover.

# %% [markdown]
# ## Exit ticket
# To finish, on your own: questions about cases this lesson never printed. For this
# ticket, run the next cell to see the questions, then write your answers in one list, in
# the order of the questions, like `answer = [first, second]`, and run the check. Your
# teacher may collect the results.

# %%
from paleowidgets.exercises.lesson05 import exit_ticket

ticket = exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = [10, 8, 11]    # 16 - 2 x 3; two ring cells in its inside corners; √(8 x 9 - 4) = √68 ≈ 8.2, up 9, + 2
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
