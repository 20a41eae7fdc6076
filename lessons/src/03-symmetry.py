# %% [markdown]
# # Lesson 3 — Symmetry: rotations and reflections as a group acting on coordinates
#
# **Learning goals**
# - describe the eight symmetries of the square: four turns and four mirrors;
# - compute where a cell `(x, y)` goes under each of them, with a 2 × 2 **matrix**;
# - **compose** two symmetries (do one, then the other) and find the single symmetry they
#   make; find the **inverse** that undoes one;
# - see that the order matters: a turn then a mirror is not a mirror then a turn.
#
# On the sheet, **x** counts columns to the right and **y** counts rows *downwards* (as
# on a screen). Cell `(0, 0)` is the centre of every turn and lies on every mirror.
#
# **Careful if you know matrices from a maths book:** there the y axis points *up*. With
# y pointing down, everything looks mirrored top to bottom: the matrix this lesson calls a
# quarter turn **clockwise** is the one a maths book calls a quarter turn
# *anticlockwise*, and the diagonal ↘ here is the book's line y = x (drawn ↗ there).
#
# Each exercise comes *before* the cells that answer it: write your answer in place of
# `None`, run the cell, then run the check under it.

# %% [markdown] teacher
# ## Teacher's note (teacher edition only)
# **Curriculum.** Transformations on a coordinate grid: rotations about the origin
# (quarter and half turns), reflections in the axes and in the lines y = x and y = −x;
# 2 × 2 matrices as transformations, matrix product as composition, the inverse
# (here the transpose); non-commutativity; for older pupils the dihedral group D4, the
# order of an element, the determinant. Ages 14+, 50 minutes.
#
# | section | minutes |
# |---|---|
# | the eight symmetries, a symmetry moves every cell, exercise 1 | 10 |
# | the rule as a matrix: exercise 2, the matrices | 10 |
# | composition: exercises 3 and 4, the table | 12 |
# | the inverse: exercise 5; explore | 8 |
# | exercises 6 and 7, exit ticket | 10 |
#
# **The y axis points down (say it first).** Every matrix here is the textbook's matrix
# of the *mirrored* transformation: `rotate-90`, a quarter turn **clockwise** on the
# screen, has the matrix `[[0, -1], [1, 0]]`, which a textbook with y up calls the
# quarter turn **anticlockwise**; `flip-diagonal` (↘ on screen) is the textbook's
# reflection in y = x. The algebra (products, inverses, the table) is the same; only the
# words clockwise/anticlockwise swap. Pupils who check with a textbook will find the
# "opposite" answer: they are right too, in the other convention.
#
# **Likely misconceptions.**
# - Reading `second @ first` left to right: the step on the right is done first, as for
#   matrices and functions (f ∘ g).
# - Exercise 1: (1, 2) or (1, −2): a turn the wrong way, or a sign lost; draw the cell.
# - Exercise 3: thinking every product of two symmetries commutes (turns do; a turn and a
#   mirror do not).
# - Exercise 5: "a quarter turn undoes a quarter turn": it takes three of them.
# - Exercise 6: the stabiliser always contains the identity.
#
# **Easier path.** Exercises 1, 5 and 6 with the explorer widget and squared paper;
# skip the composition table. **Harder path.** *Going further*: associativity, orders,
# determinants; prove that the inverse of each matrix is its transpose.
#
# The worked answers are in the answer cells, each with its reason.

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

# One setting for every text below: the figures, the widgets, the checks ("fr", "ko").
set_language("en")

for key, (name, s) in enumerate(SYMMETRIES.items(), start=1):
    kind = "turn  " if s.is_rotation else "mirror"
    print(f"{key}. {kind} {name:18} {symmetry_name(s, 'en')}")

# %% [markdown]
# ## A symmetry moves every cell
# Here is the L, its cells numbered 1 to 5, before and after a **quarter turn
# clockwise**. Follow cell 2: it was at `(0, 1)`, it goes to `(-1, 0)`. The ring marks the
# centre of the turn.

# %%
transform_svg("L", "rotate-90")

# %% [markdown]
# **Exercise 1.** Where does the cell `(2, 1)` go under a quarter turn clockwise? Answer
# with a cell `(x, y)`, like `(3, 0)`; draw it on squared paper first.

# %% answer
### BEGIN SOLUTION
answer = (-1, 2)    # (x, y) -> (-y, x): the column (1, 0) goes to (0, 1), (0, 1) to (-1, 0)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_image("rotate-90", (2, 1), answer)
### END HIDDEN TESTS
check.check_image("rotate-90", (2, 1), answer)

# %% [markdown]
# And a **mirror** in the diagonal ↘ (the dashed line): every cell `(x, y)` goes to
# `(y, x)`. Cells on the mirror line stay where they are.

# %%
transform_svg("F", "flip-diagonal")

# %% [markdown]
# ## The rule as a matrix
# Each symmetry is a rule `(x, y) → (a·x + b·y, c·x + d·y)`, written as the matrix
# `[[a, b], [c, d]]`. The numbers a, b, c, d are 0, 1 or −1. The columns of the matrix
# say where the cells `(1, 0)` and `(0, 1)` go.

# %% [markdown]
# **Exercise 2.** Before you see the list: write the matrix of the mirror in the diagonal
# ↘ (it sends `(x, y)` to `(y, x)`), as `[[a, b], [c, d]]`.

# %% answer
### BEGIN SOLUTION
answer = [[0, 1], [1, 0]]    # columns: (1, 0) -> (0, 1) and (0, 1) -> (1, 0)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_matrix("flip-diagonal", answer)
### END HIDDEN TESTS
check.check_matrix("flip-diagonal", answer)

# %% [markdown]
# The matrices of the eight symmetries:

# %%
for name, s in SYMMETRIES.items():
    print(f"{name:18} {[list(row) for row in s.matrix]}   (1, 0) -> {s((1, 0))}, "
          f"(0, 1) -> {s((0, 1))}")

# %% [markdown]
# A whole shape moves cell by cell; then we slide it back so its smallest x and y are 0
# (that is how the orientations were drawn in lesson 2):

# %%
cells = PENTOMINOES["L"].cells
turned = [SYMMETRIES["rotate-90"](c) for c in cells]
print("before:     ", cells)
print("after:      ", tuple(turned))
print("slid back:  ", normalise(turned))

# %% [markdown]
# ## Doing two in a row: composition
# Do a quarter turn, **then** the mirror left–right. The result is again one of the eight
# symmetries. In the package, `second @ first` is "first, then second" (as for matrices,
# the step on the right is done first). The table gives every pair: row = the second
# step, column = the first step.

# %% [markdown]
# **Exercise 3.** Which single symmetry is "a quarter turn clockwise, **then** a mirror
# left–right"? Answer with its name, like `"rotate-180"`. Follow the cells `(1, 0)` and
# `(0, 1)`.

# %% answer
### BEGIN SOLUTION
answer = "flip-diagonal"    # (1, 0) -> (0, 1) -> (0, 1) and (0, 1) -> (-1, 0) -> (1, 0)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_composition("rotate-90", "flip-horizontal", answer)
### END HIDDEN TESTS
check.check_composition("rotate-90", "flip-horizontal", answer)

# %% [markdown]
# **Exercise 4.** Find a symmetry whose order with the quarter turn clockwise matters:
# doing it before the quarter turn does not give the same as doing it after. Answer with
# its name.

# %% answer
### BEGIN SOLUTION
answer = "flip-vertical"    # any of the four mirrors: a turn then a mirror is another mirror
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_non_commuting("rotate-90", answer)
### END HIDDEN TESTS
check.check_non_commuting("rotate-90", answer)

# %%
quarter, mirror = SYMMETRIES["rotate-90"], SYMMETRIES["flip-horizontal"]
print("quarter turn, then mirror:", (mirror @ quarter).name)
print("mirror, then quarter turn:", (quarter @ mirror).name)

short = {"identity": "id", "rotate-90": "r90", "rotate-180": "r180", "rotate-270": "r270",
         "flip-horizontal": "m|", "flip-vertical": "m-", "flip-diagonal": "m\\",
         "flip-antidiagonal": "m/"}
table = composition_table()
print("second\\first " + "".join(f"{short[f]:>6}" for f in SYMMETRIES))
for second in SYMMETRIES:
    print(f"{short[second]:>12} " + "".join(f"{short[table[(second, f)]]:>6}"
                                            for f in SYMMETRIES))

# %% [markdown]
# Read the table: every symmetry appears exactly once in each row and each column. The
# identity row and column copy the headings. The table is **not symmetric**: the order
# matters (the group is *not commutative*). Two turns, though, can always be swapped.
#
# ## Undoing: the inverse
# Every symmetry can be undone by one of the eight.

# %% [markdown]
# **Exercise 5.** Which symmetry undoes a quarter turn clockwise? Answer with its name.

# %% answer
### BEGIN SOLUTION
answer = "rotate-270"    # three more quarter turns clockwise: a quarter turn anticlockwise
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_inverse("rotate-90", answer)
### END HIDDEN TESTS
check.check_inverse("rotate-90", answer)

# %% [markdown]
# A mirror undoes itself, a quarter turn clockwise is undone by a quarter turn
# anticlockwise. For these matrices the inverse is the **transpose** (rows become
# columns).

# %%
for name, s in SYMMETRIES.items():
    print(f"{name:18} is undone by {s.inverse.name:18} check: {(s.inverse @ s).name}")

# %% [markdown]
# ## Explore
# Choose a shape, press the symmetries one after another (or click the picture and use
# the keys 1–8, R, F, ← →, Backspace, Esc). You see the coordinates before and after,
# the one symmetry your steps add up to, and the shape's orbit with the current
# orientation framed. Click an orientation in the strip to show it.

# %%
from paleowidgets.widgets.transform import TransformExplorer

explorer = TransformExplorer("F", lang="en")
explorer.apply("rotate-90")
explorer.apply("flip-horizontal")
explorer

# %% [markdown]
# ## Two more
# **Exercise 6.** Which symmetries leave the T unchanged (its stabiliser)? Answer with a
# list of names, like `["rotate-180"]`. (The T stands upright, its bar at the top.)

# %% answer
### BEGIN SOLUTION
answer = ["identity", "flip-horizontal"]    # doing nothing, and the mirror left-right
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_stabiliser("T", answer)
### END HIDDEN TESTS
check.check_stabiliser("T", answer)

# %% [markdown]
# **Exercise 7.** A new mirror: the anti-diagonal ↙ (the line through `(1, -1)` and `(-1,
# 1)`). Where does it send the cell `(3, 1)`?

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
# ## Going further (older students)
# - The eight symmetries with composition form the **dihedral group D4**: there is an
#   identity, every element has an inverse, and composition is associative. Check that
#   `(a @ b) @ c == a @ (b @ c)` for a few triples.
# - The **order** of a symmetry is how many times it must be repeated to get back to the
#   start. Which orders appear? Why can a mirror's order only be 2?
# - The determinant `a·d − b·c` of a turn is 1 and of a mirror is −1. Why is a mirror
#   followed by a mirror always a turn?

# %%
print({name: s.order for name, s in SYMMETRIES.items()})
print({name: s.a * s.d - s.b * s.c for name, s in SYMMETRIES.items()})

# %% [markdown]
# ## Exit ticket
# To finish, on your own: questions about cases this lesson never printed. For this
# ticket, run the next cell to see the questions, then write your answers in one list, in
# the order of the questions, like `answer = [first, second]`, and run the check. Your
# teacher may collect the results.

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
