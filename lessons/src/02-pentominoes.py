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
#
# **How the exercises work.** An exercise asks a question *before* the cells that answer
# it. Write your answer in place of `None` in the cell `answer = None`, run it, then run
# the check below it: it says whether you are right, or gives a hint.

# %% [markdown] teacher
# ## Teacher's note (teacher edition only)
# **Curriculum.** Reflection and rotation of 2D shapes; **lines of symmetry** and the
# **order of rotational symmetry** (the T: 1 line, order 1; the I: 2 lines, order 2; the
# X: 4 lines, order 4); systematic counting and listing; for older pupils the group of
# the square and the orbit-stabiliser theorem. Ages 11+, 50 minutes.
#
# | section | minutes |
# |---|---|
# | the twelve shapes, the dice | 8 |
# | one shape, many pictures: the F, exercise 1, the T | 10 |
# | orbit × stabiliser, exercise 2, the table | 7 |
# | exercises 3 and 4, then 12, 18 and 63 | 10 |
# | growing from tetrominoes | 7 |
# | exercises 5 and 6 (drawing), exit ticket | 8 |
#
# **Likely misconceptions.**
# - "A flipped shape is another pentomino": among the 12 *free* pentominoes turning and
#   flipping give the same one; the one-sided count (18) is where a flip makes a new tile.
# - Exercise 1: 8 (every move gives a new picture); the T's pictures repeat in pairs.
# - Exercise 2: forgetting the identity (doing nothing always maps a shape onto itself).
# - Exercise 3: listing the shapes *with* a line of symmetry instead of those without.
# - "Fixed = 12 × 8 = 96": only the F, L, N, P, Y and Z have 8 orientations; 96 is the
#   Burnside sum, which is then divided by 8.
#
# **Coordinates.** Cells are `(x, y)` with y counting *downwards* (as on the sheet). In
# exercises 5 and 6 a pupil who counts y upwards draws the mirror image: still the same
# free pentomino, and the check accepts every orientation, so nothing goes wrong here; it
# matters in lesson 3.
#
# **Easier path.** Print the sheet and cut the twelve shapes out of card: pupils turn and
# flip them for exercises 1 to 4; skip *Growing them* and *Going further*.
# **Harder path.** *Going further*: Burnside's count (96 / 8 = 12), why an orbit's size
# divides 8, and the hexominoes (35 free, 60 one-sided, 216 fixed:
# `check.check_counts(6, 35, 60, 216)`).
#
# The worked answers are in the answer cells below, each with its reason; the checks under
# them show ✔ in this edition.

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
from paleowidgets.i18n import set_language
from paleowidgets.render.figures import dice_svg, orbit_svg, pentominoes_svg, shapes_svg

# One setting for every text below: the figures and the checks ("fr", "ko").
set_language("en")

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
# **Exercise 1.** The T looks the same after you flip it left–right. How many *different*
# pictures (orientations) does the T have? Answer with a whole number, before you run the
# cells after the check.

# %% answer
### BEGIN SOLUTION
answer = 4      # 8 moves, but each picture comes twice (the flip left-right gives it back)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_fixed_count("T", answer)
### END HIDDEN TESTS
check.check_fixed_count("T", answer)

# %% [markdown]
# The T is different from the F: flipping it left–right gives the same T back. The
# symmetries that leave a shape unchanged are its **stabiliser**. The T's stabiliser has 2
# of the 8 symmetries, so the eight moves give each picture twice, and the T has only
# 8 ÷ 2 = 4 different pictures. Below, each different picture is drawn once with *every*
# symmetry that gives it.

# %%
orbit_svg("T")

# %% [markdown]
# **The rule: orbit × stabiliser = 8.**
#
# **Exercise 2.** The U has 4 different orientations. How many of the 8 symmetries map the
# U onto itself? (A whole number; use the rule.)

# %% answer
### BEGIN SOLUTION
answer = 2      # orbit × stabiliser = 8: 4 × 2 (doing nothing, and the mirror left-right)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_stabiliser_size("U", answer)
### END HIDDEN TESTS
check.check_stabiliser_size("U", answer)

# %% [markdown]
# Now the table for the twelve shapes:

# %%
print("shape  orbit  stabiliser  orbit x stabiliser")
for letter in LETTERS:
    cells = PENTOMINOES[letter].cells
    n, k = len(orbit(cells)), len(stabiliser(cells))
    print(f"  {letter}      {n}        {k}              {n * k}")
print("fixed pentominoes:", sum(len(orbit(p.cells)) for p in PENTOMINOES.values()))

# %% [markdown]
# **Exercise 3.** Which pentominoes are different from their mirror image (no turn makes
# the flipped shape lie on the original)? Answer with a list of letters, like `["F",
# "T"]`.

# %% answer
### BEGIN SOLUTION
answer = ["F", "L", "N", "P", "Y", "Z"]     # the six with no line of symmetry
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_mirror_pairs(answer)
### END HIDDEN TESTS
check.check_mirror_pairs(answer)

# %% [markdown]
# **Exercise 4.** Tiles painted on top may be turned but not flipped over. How many
# different such tiles (**one-sided** pentominoes) are there? There are 12 free
# pentominoes and 63 fixed ones; answer with a whole number.

# %% answer
### BEGIN SOLUTION
answer = 18     # 12, plus one more for each of the 6 shapes of exercise 3
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_totals(free=12, one_sided=answer, fixed=63)
### END HIDDEN TESTS
check.check_totals(free=12, one_sided=answer, fixed=63)

# %% [markdown]
# **A puzzle on this idea: *One way in*** (`puzzles/1-beginner/23-one-way-in.toml`). The
# pocket beside the shark tooth has the form of a Y: of the Y's eight pictures, only one
# fits it. Play it with lesson 8's puzzle widget: `PuzzleWidget("../puzzles/1-beginner/23-one-way-in.toml")`.

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
# every pentomino appears, because every pentomino has a square whose removal leaves a
# tetromino (a square at an end: for the U, the tip of an arm, not the middle of its
# base, which would split it in two). We get exactly the 63 fixed pentominoes, that is
# 12 free ones.

# %%
grown = grow(tetrominoes)
print(len(grown), "fixed shapes grown; the same as the 63 fixed pentominoes:",
      grown == set(FIXED))
print("free, one-sided, fixed =", count_shapes(grown))

# %% [markdown]
# ## Drawing with coordinates
# **Exercise 5.** Draw the L in an orientation different from the list's: give its five
# cells as a list of `(x, y)`, x to the right, y *downwards* (as on the sheet), like `[(0,
# 0), (1, 0), ...]`.

# %% answer
### BEGIN SOLUTION
answer = [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)]    # the list's L turned a quarter turn
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_drawing(answer, "L")
### END HIDDEN TESTS
check.check_drawing(answer, "L")

# %% [markdown]
# **Exercise 6 (new shape).** Now the Y, in an orientation different from the list's. Look
# at the Y in the first picture of the lesson, then turn or flip it in your head.

# %% answer
### BEGIN SOLUTION
answer = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1)]    # a long row of 4, the bump above
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_drawing(answer, "Y")
### END HIDDEN TESTS
check.check_drawing(answer, "Y")

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
answer = [4, 8, [2, 2, 6]]    # the S: the half turn gives it back (8 / 2); the O: all 8; the line (2) and the L (4)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
