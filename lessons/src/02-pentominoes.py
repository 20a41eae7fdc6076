# %% [markdown]
# # Lesson 2 — Pentominoes: why there are 12 (and 18, and 63)
#
# **Learning goals**
# - know what a *pentomino* is: five squares, each sharing a whole side with another;
# - tell apart **free** (turn and flip allowed), **one-sided** (turn only) and **fixed**
#   (nothing allowed) pentominoes, and explain the numbers 12, 18 and 63;
# - count the orientations of a shape with its symmetries: *orbit × stabiliser = 8*;
# - find every pentomino by growing the tetrominoes one square at a time.
#
# In *Paleontologists* the shape die gives you a pentomino, and you may turn it and flip it
# over before drawing it. So on the sheet, one letter stands for several pictures.

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
from paleowidgets.render.figures import dice_svg, orbit_svg, pentominoes_svg, shapes_svg

pentominoes_svg()

# %% [markdown]
# ## The twelve shapes and their letters
# These are the twelve **free** pentominoes. Each one is named after a letter it looks a
# bit like: F, I, L, N, P, T, U, V, W, X, Y, Z. Two drawings are the *same free pentomino*
# when you can turn one, or flip it over, so that it lies exactly on the other.
#
# ## The shapes on the dice
# The shape die has six faces and every face offers two shapes: all twelve are on it once.

# %%
dice = Dice()
for face, shapes in enumerate(dice.shapes, start=1):
    print(f"face {face}: {' or '.join(shapes)}")
dice_svg(dice)

# %% [markdown]
# ## One shape, many pictures: the orbit
# Take the F. Turn it a quarter turn, a half turn, three quarters; flip it over and turn
# it again: eight moves in all (the **eight symmetries of the square**). For the F, all
# eight pictures are different. The set of different pictures is the shape's **orbit**.

# %%
orbit_svg("F")

# %% [markdown]
# The T is different: flipping it left–right gives the same T back. The symmetries that
# leave a shape unchanged are its **stabiliser**. The T's stabiliser has 2 of the 8
# symmetries, so the eight moves give each picture twice, and the T has only 8 ÷ 2 = 4
# different pictures. Below, each different picture is drawn once with *every* symmetry
# that gives it.

# %%
orbit_svg("T")

# %% [markdown]
# **The rule: orbit × stabiliser = 8.** A table for the twelve shapes:

# %%
print("shape  orbit  stabiliser  orbit x stabiliser")
for letter in LETTERS:
    cells = PENTOMINOES[letter].cells
    n, k = len(orbit(cells)), len(stabiliser(cells))
    print(f"  {letter}      {n}        {k}              {n * k}")
print("fixed pentominoes:", sum(len(orbit(p.cells)) for p in PENTOMINOES.values()))

# %% [markdown]
# ## 12, 18 and 63
# - **Fixed** pentominoes: every different picture counts. Add up the orbits:
#   8 + 2 + 8 + 8 + 8 + 4 + 4 + 4 + 4 + 1 + 8 + 4 = **63**.
# - **One-sided** pentominoes: turning is allowed, flipping over is not (think of tiles
#   with a painted top). A shape whose mirror image cannot be reached by turning counts
#   twice: F, L, N, P, Y, Z. So 12 + 6 = **18**.
# - **Free** pentominoes: turning and flipping allowed: **12**.
#
# The package counts them for us from the 63 fixed forms:

# %%
print("free, one-sided, fixed =", count_shapes(FIXED))
print(len(ONE_SIDED), "one-sided;", len(FIXED), "fixed")
print({letter: len(forms) for letter, forms in FIXED_BY_LETTER.items()})

# %% [markdown]
# ## Growing them: from tetrominoes to pentominoes
# How do we know there are no more than twelve? Start from a single square and add one
# square at a time, next to a square already there, in every possible way. Two squares
# make a domino, three a tromino, four a **tetromino** (the shapes of Tetris). Here are
# the five free tetrominoes:

# %%
tetrominoes = polyominoes(4)
print("tetrominoes: free, one-sided, fixed =", count_shapes(tetrominoes))
free_tetrominoes = sorted({canonical(form) for form in tetrominoes})
shapes_svg(free_tetrominoes, columns=5)

# %% [markdown]
# Add one square to each of the 19 fixed tetrominoes, in every free place next to it:
# every pentomino appears, because removing a square from the edge of any pentomino
# leaves a tetromino. We get exactly the 63 fixed pentominoes, that is 12 free ones.

# %%
grown = grow(tetrominoes)
print(len(grown), "fixed shapes grown; the same as the 63 fixed pentominoes:",
      grown == set(FIXED))
print("free, one-sided, fixed =", count_shapes(grown))

# %% [markdown]
# ## Exercises
# Each answer is checked by a function of the package. Here is a wrong answer being
# checked, then the right one.
#
# **1.** How many different orientations (fixed pentominoes) does the T have?

# %%
check.check_fixed_count("T", 8)

# %%
check.check_fixed_count("T", 4)

# %% [markdown]
# **2.** How many symmetries map the U onto itself? (Use orbit × stabiliser = 8.)

# %%
check.check_stabiliser_size("U", 2)

# %% [markdown]
# **3.** Which pentominoes are different from their mirror image?

# %%
check.check_mirror_pairs(["F", "L", "N", "T"])

# %%
check.check_mirror_pairs(["F", "L", "N", "P", "Y", "Z"])

# %% [markdown]
# **4.** How many free, one-sided and fixed pentominoes are there?

# %%
check.check_totals(free=12, one_sided=12, fixed=63)

# %%
check.check_totals(free=12, one_sided=18, fixed=63)

# %% [markdown]
# **5.** Draw the L in an orientation different from the list's: give its five cells as
# `(x, y)`, x to the right, y downwards.

# %%
check.check_drawing([(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)], "L")

# %%
check.check_drawing([(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)], "L")

# %% [markdown]
# ## Going further (older students)
# - The symmetries of the square form a **group** of 8 elements, called D4. Each shape's
#   orbit and stabiliser obey |orbit| × |stabiliser| = |D4| — the *orbit-stabiliser
#   theorem*. Why must the size of an orbit divide 8?
# - Counting free shapes by averaging over the group (**Burnside's lemma**): the number of
#   free pentominoes is the average, over the 8 symmetries, of how many fixed pentominoes
#   each symmetry leaves unchanged (computed below).
# - Check with the package: how many free, one-sided and fixed **hexominoes** (six
#   squares) are there? `check.check_counts(6, free, one_sided, fixed)` says if you are right.

# %%
unchanged = {name: sum(1 for form in FIXED if s.apply(form) == form)
             for name, s in SYMMETRIES.items()}
print(unchanged)
print("average:", sum(unchanged.values()), "/ 8 =", sum(unchanged.values()) / 8)
