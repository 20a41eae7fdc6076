# nbgrader's settings for the lessons' teacher editions (lessons/README.md, "Grading with
# nbgrader"): copy this file into your nbgrader course folder, beside source/.
c = get_config()  # noqa: F821  (nbgrader defines it)

# An emptied answer reads `answer = None`, as in the pupil editions of lessons/ and as
# `paleo lessons student` writes them (paleowidgets/editions.py, CODE_STUB): the checks
# then say "not answered yet" instead of nbgrader's default `raise NotImplementedError()`.
c.ClearSolutions.code_stub = {"python": "answer = None"}

# The teacher's notes are "manually graded task" cells of 0 points whose text is a mark
# scheme region, delimited by HTML comments so they do not show in the teacher edition.
c.ClearMarkScheme.begin_mark_scheme_delimeter = "BEGIN MARK SCHEME"
c.ClearMarkScheme.end_mark_scheme_delimeter = "END MARK SCHEME"

# The lessons with the solver (7, 8) take up to a minute to run on a slow machine.
c.ExecutePreprocessor.timeout = 600

# A teacher's note leaves its cell empty once its mark scheme is cleared: the release drops
# every empty text cell, as the pupil editions of lessons/ and `paleo lessons student` do
# (paleowidgets/editions.py). It runs after SaveCells, so the gradebook still knows the
# note's cell (0 points, nothing to grade), and autograde does not add it back
# (OverwriteCells.add_missing_cells is off).
from nbgrader.converters import GenerateAssignment  # noqa: E402
from nbgrader.preprocessors import NbGraderPreprocessor  # noqa: E402


class DropEmptyTextCells(NbGraderPreprocessor):
    """Leave out of the release every text cell whose text is empty."""

    def preprocess(self, nb, resources):  # type: ignore[no-untyped-def]
        nb.cells = [cell for cell in nb.cells if cell.cell_type == "code" or cell.source.strip()]
        return nb, resources


c.GenerateAssignment.preprocessors = [
    *GenerateAssignment.class_traits()["preprocessors"].default(), DropEmptyTextCells]
