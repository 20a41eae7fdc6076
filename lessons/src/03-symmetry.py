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

# %%
from paleowidgets.core.geometry import (
    PENTOMINOES,
    SYMMETRIES,
    composition_table,
    normalise,
)
from paleowidgets.exercises import lesson03 as check
from paleowidgets.render.figures import symmetry_name, transform_svg

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
# And a **mirror** in the diagonal ↘ (the dashed line): every cell `(x, y)` goes to
# `(y, x)`. Cells on the mirror line stay where they are.

# %%
transform_svg("F", "flip-diagonal")

# %% [markdown]
# ## The rule as a matrix
# Each symmetry is a rule `(x, y) → (a·x + b·y, c·x + d·y)`, written as the matrix
# `[[a, b], [c, d]]`. The numbers a, b, c, d are 0, 1 or −1. The columns of the matrix
# say where the cells `(1, 0)` and `(0, 1)` go.

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
# Every symmetry can be undone by one of the eight: a mirror undoes itself, a quarter
# turn clockwise is undone by a quarter turn anticlockwise. For these matrices the
# inverse is the **transpose** (rows become columns).

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
# ## Exercises
# Each answer is checked by a function of the package: a wrong answer first, then the
# right one.
#
# **1.** Where does the cell `(2, 1)` go under a quarter turn clockwise?

# %%
check.check_image("rotate-90", (2, 1), (1, 2))

# %%
check.check_image("rotate-90", (2, 1), (-1, 2))

# %% [markdown]
# **2.** Which single symmetry is "a quarter turn clockwise, then a mirror left–right"?

# %%
check.check_composition("rotate-90", "flip-horizontal", "flip-antidiagonal")

# %%
check.check_composition("rotate-90", "flip-horizontal", "flip-diagonal")

# %% [markdown]
# **3.** Which symmetry undoes a quarter turn clockwise?

# %%
check.check_inverse("rotate-90", "rotate-90")

# %%
check.check_inverse("rotate-90", "rotate-270")

# %% [markdown]
# **4.** Find two symmetries whose order matters.

# %%
check.check_non_commuting("rotate-90", "rotate-180")

# %%
check.check_non_commuting("rotate-90", "flip-vertical")

# %% [markdown]
# **5.** Write the matrix of the mirror in the diagonal ↘.

# %%
check.check_matrix("flip-diagonal", [[1, 0], [0, 1]])

# %%
check.check_matrix("flip-diagonal", [[0, 1], [1, 0]])

# %% [markdown]
# **6.** Which symmetries leave the T unchanged (its stabiliser)?

# %%
check.check_stabiliser("T", ["flip-horizontal"])

# %%
check.check_stabiliser("T", ["identity", "flip-horizontal"])

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
