"""Every lesson check is total and honest (issue 14, item 3).

For EVERY check of every lesson module, on its example question:
- ``None`` (and ``...``, blank text) is "not answered yet", never ✔;
- every accepted form of the right answer (``kind.forms``) is ✔;
- hypothesis: any value at all (numbers, text, lists, dicts, objects) gives a Feedback,
  never an exception, and a ✔ only for a value an independent oracle calls right;
- hypothesis: random values of the answer's own type are ✔ exactly when the oracle says;
- the table of forms (FORMS.md) is what the checks say today.
Plus the bugs issue 14 lists, one by one.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paleowidgets.core.geometry import LETTERS, PENTOMINOES, SYMMETRIES, normalise, recognise
from paleowidgets.exercises import Checker, Feedback, ask
from paleowidgets.exercises import answers as A
from paleowidgets.exercises.forms import checkers, forms_table, right_answers

ROOT = Path(__file__).resolve().parent.parent
CHECKS = {f"{c.__module__.rsplit('.', 1)[-1]}.{c.__name__}": c for c in checkers()}
# Checks whose every call replays or solves a puzzle: fewer random examples.
SLOW = {"lesson08.check_line"}


@functools.cache
def question(name: str) -> tuple[Any, ...]:
    check = CHECKS[name]
    assert check.example is not None
    return check.example()


@functools.cache
def solution(name: str) -> list[Any]:
    check = CHECKS[name]
    assert check.solution is not None
    value = check.solution(*question(name))
    return list(value) if len(check.answers) > 1 else [value]


def run(name: str, answers: list[Any]) -> Feedback:
    return ask(CHECKS[name], question(name), answers)


def oracle(name: str, answers: list[Any]) -> bool:
    """Is this answer right? Decided from the check's kind and solution, and for the
    checks with many right answers from the geometry directly."""
    check = CHECKS[name]
    assert check.kind is not None
    try:
        got = [check.kind.read(a) for a in answers]
    except A.Unreadable:
        return False
    want = [check.kind.read(v) for v in solution(name)]
    if name == "lesson02.check_drawing":
        letter = question(name)[0]
        cells = got[0]
        return len(set(cells)) == 5 == len(cells) and recognise(cells) == letter and (
            letter == "X" or normalise(cells) != PENTOMINOES[letter].cells)
    if name == "lesson03.check_non_commuting":
        f, s = got
        return s @ f != f @ s
    if check.kind is A.CHANCE:
        return bool(got[0].matches(want[0].value))
    if name == "lesson09.check_roll":
        return got[0] in (want[0], want[0][::-1])
    if name == "lesson09.check_winners":
        return {n.casefold() for n in got[0]} == {n.casefold() for n in want[0]}
    if name == "lesson09.check_snowman":
        return {i for _, i in got[0].placed} == {i for _, i in want[0].placed} \
            and bool(got[0].name.strip())
    if name == "lesson08.check_line":
        return False          # random values are never lines; the forms test covers ✔
    return got == want


def test_every_check_is_a_checker() -> None:
    assert len(CHECKS) == 32
    for name, check in CHECKS.items():
        assert check.expects and check.kind is not None, name
        assert check.solution is not None and check.example is not None, name
        assert check.answers and all(a in check.__wrapped__.__code__.co_varnames  # type: ignore[attr-defined]
                                     for a in check.answers), name


# -- None, blank, every right form ---------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(CHECKS))
@pytest.mark.parametrize("blank", [None, ..., "", "   "])
def test_no_answer_is_not_answered(name: str, blank: object) -> None:
    n = len(CHECKS[name].answers)
    feedback = run(name, [blank] * n)
    assert not feedback and feedback.status == "unanswered"
    assert str(feedback).startswith("… Not answered yet: ") and "✔" not in str(feedback)
    if n > 1:   # one answer missing is enough
        assert run(name, [*solution(name)[:-1], blank]).status == "unanswered"


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_every_form_of_the_right_answer_is_right(name: str) -> None:
    forms = list(right_answers(CHECKS[name], question(name)))
    assert len(forms) >= 2
    for answers in forms:
        feedback = run(name, answers)
        assert feedback and feedback.status == "right", (answers, str(feedback))


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_near_misses_are_wrong_with_a_reason(name: str) -> None:
    from paleowidgets.exercises.forms import near_misses
    for answers in near_misses(CHECKS[name], question(name)):
        feedback = run(name, answers)
        assert not feedback and feedback.message, (answers, str(feedback))
        assert oracle(name, answers) is False


# -- hypothesis: anything at all -----------------------------------------------------------------

class Odd:
    """An object whose text, iteration and numbers fail, as a pupil's half-written class
    might (its repr works: hypothesis prints it)."""

    def __repr__(self) -> str:
        return "Odd()"

    def __str__(self) -> str:
        raise RuntimeError("no text")

    def __iter__(self) -> Any:
        raise RuntimeError("no iteration")

    def __index__(self) -> int:
        raise RuntimeError("no number")


def test_an_answer_whose_repr_fails_is_still_quoted() -> None:
    class NoRepr:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    feedback = CHECKS["lesson05.check_perimeter"]("P", NoRepr())
    assert feedback.status == "unreadable" and "<NoRepr>" in feedback.message


SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-3, 100),
    st.floats(allow_nan=True, allow_infinity=True), st.floats(0, 1), st.fractions(),
    st.text(max_size=12), st.sampled_from(["yes", "no", "True", "False", "12", "1/6", "17%",
                                            "B3", "b3 c4", "rotate-90", "F L N", "(1, 2)",
                                            "[[0, 1], [1, 0]]", "5-6", "[]", "[{pass = true}]",
                                            "none", "0.17", "{}", "[1, [2]]", "1/0"]),
    st.complex_numbers(max_magnitude=5), st.builds(Odd), st.builds(object), st.binary(max_size=4),
    st.sampled_from(list(SYMMETRIES.values())))
ANYTHING = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.tuples(inner, inner), st.frozensets(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), inner, max_size=3)), max_leaves=8)


def _never_raises_nor_lies(name: str, answers: list[Any]) -> None:
    feedback = run(name, answers)
    assert isinstance(feedback, Feedback)
    assert feedback.status in ("right", "wrong", "unanswered", "unreadable")
    assert str(feedback) and feedback.message
    if feedback:
        assert oracle(name, answers), (answers, str(feedback))


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_anything_gives_feedback_never_an_error(name: str, record_property: Any) -> None:
    n = len(CHECKS[name].answers)
    examples = 40 if name in SLOW else 150
    ran = []

    @settings(max_examples=examples, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(ANYTHING, min_size=n, max_size=n))
    def prop(answers: list[Any]) -> None:
        ran.append(1)
        _never_raises_nor_lies(name, answers)

    prop()
    record_property("hypothesis_examples", len(ran))   # --junitxml shows how many ran


# -- hypothesis: values of the answer's own kind ---------------------------------------------------

CELLS = st.tuples(st.integers(0, 7), st.integers(0, 7))
NAMES = st.sampled_from(["A1", "B2", "C5", "B6", "D6", "C7", "H8", "G2", "C6", "b6", "c5"])
KIND_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "whole number": st.one_of(st.integers(-20, 80), st.integers(-20, 80).map(str)),
    "chance": st.one_of(st.fractions(0, 1, max_denominator=72),
                        st.floats(0, 1).map(lambda x: round(x, 2)), st.integers(0, 100),
                        st.integers(0, 100).map(lambda n: f"{n}%"),
                        st.fractions(0, 1, max_denominator=36).map(
                            lambda f: f"{f.numerator}/{f.denominator}")),
    "yes or no": st.sampled_from([True, False, "yes", "no", "Yes", "NO", "true", "False", 0, 1]),
    "cell names": st.one_of(st.lists(NAMES, max_size=6), st.lists(NAMES, max_size=6).map(" ".join)),
    "letters": st.sets(st.sampled_from(LETTERS)).map(sorted),
    "point": st.tuples(st.integers(-4, 4), st.integers(-4, 4)),
    "cells (x, y)": st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=3,
                             max_size=6),
    "matrix": st.lists(st.lists(st.integers(-1, 1), min_size=2, max_size=2), min_size=2,
                       max_size=2),
    "symmetry": st.sampled_from(list(SYMMETRIES)),
    "symmetries": st.sets(st.sampled_from(list(SYMMETRIES))).map(sorted),
    "roll": st.tuples(st.integers(1, 6), st.integers(1, 6)),
    "names": st.sets(st.sampled_from(["Greedy Gus", "Greedy Gina", "Random Rita", "greedy gus"]),
                     min_size=1).map(sorted),
}


@pytest.mark.parametrize("name", sorted(n for n in CHECKS if CHECKS[n].kind is not None
                                        and CHECKS[n].kind.name in KIND_VALUES))
def test_values_of_the_kind_are_right_exactly_when_right(name: str,
                                                         record_property: Any) -> None:
    check: Checker = CHECKS[name]
    ran = []
    assert check.kind is not None
    n = len(check.answers)
    values = KIND_VALUES[check.kind.name]

    @settings(max_examples=40 if name in SLOW else 150, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(values, min_size=n, max_size=n))
    def prop(answers: list[Any]) -> None:
        ran.append(1)
        feedback = run(name, answers)
        assert bool(feedback) == oracle(name, answers), (answers, str(feedback))
        assert (feedback.status == "unanswered") == any(A.is_unanswered(a) for a in answers)

    prop()
    record_property("hypothesis_examples", len(ran))


# -- the table of forms --------------------------------------------------------------------------

def test_the_table_of_forms_is_up_to_date() -> None:
    stored = (ROOT / "paleowidgets" / "exercises" / "FORMS.md").read_text(encoding="utf-8")
    assert stored == forms_table() + "\n", "run: .venv/bin/python tools/exercise_forms.py"
    for name in CHECKS:
        assert f"## {name}\n" in stored


# -- the bugs issue 14 lists ---------------------------------------------------------------------

def test_issue_14_bugs() -> None:
    from paleowidgets.exercises import (
        lesson02,
        lesson03,
        lesson04,
        lesson05,
        lesson06,
        lesson07,
        lesson08,
    )
    from paleowidgets.exercises.lesson07 import FINDS

    # Lesson 7's check_cut read bool(answer): "no" was a yes, None was ✔.
    assert not lesson07.check_cut(FINDS, {"Skull": False}, 10, None)
    assert lesson07.check_cut(FINDS, {"Skull": False}, 10, "yes")
    assert not lesson07.check_cut(FINDS, {"Skull": False}, 10, "no")
    # None raised TypeError in lessons 2, 3, 4 (ring), 5 (fewest) and 8.
    state, _ = lesson04._blank()
    for feedback in (lesson02.check_fixed_count("T", None), lesson03.check_image(
            "rotate-90", (2, 1), None), lesson04.check_ring(state, "C", None),
            lesson05.check_fewest_ring(6, None), lesson08.check_line(lesson08.tiny_puzzle(), None)):
        assert feedback.status == "unanswered"
    # check_drawing crashed on lists of lists.
    assert lesson02.check_drawing([[0, 0], [1, 0], [2, 0], [3, 0], [3, 1]], "L")
    # Lesson 6: 0.17 for 1/6 and 31 % for 11/36; no "whole number of rolls" for 3/36.
    assert lesson06.check_double_chance(0.17) and lesson06.check_shape_chance("I", "31%")
    assert "whole number" not in str(lesson06.check_double_chance("3/36"))
    # Lesson 5: "10" for P's perimeter.
    assert lesson05.check_perimeter("P", "10")
    # check_bonus(..., "False") agreed with the pupil yet marked it wrong.
    assert lesson04.check_bonus(state, "C", "False")
    assert not lesson04.check_bonus(state, "C", "True")
    # Lowercase cells pass in lesson 4 and now in lesson 8 too.
    p = lesson08.tiny_puzzle()
    line = lesson08.line_text(p.solution or lesson08._best_turns(p))
    assert lesson08.check_line(p, line.replace('"C', '"c').replace('"D', '"d'))


def test_lesson08_hint_leaves_out_fossils_the_best_line_leaves_too() -> None:
    from paleowidgets.core.maps import parse_document
    from paleowidgets.core.rules import TINY
    from paleowidgets.exercises.lesson08 import check_line

    # One round with a double 1: the best line takes the star's +1 and digs nothing.
    p = parse_document(TINY + "[puzzle]\nrolls = [[1, 1]]\n")
    feedback = check_line(p, '[{shape = "I", dig = "chevron", '
                             'cells = ["A1", "B1", "C1", "D1", "E1"]}]')
    assert not feedback and "not dug up" not in feedback.hint
    assert feedback.hint == "the missing points are +1 Points from stars"


def test_chance_reading() -> None:
    read = A.CHANCE.read
    assert read("1/6").value == Fraction(1, 6) and read("1/6").exact
    assert read(17).percent and read("17%").whole == 17 and read(0.17).value == Fraction(0.17)
    assert read(1).value == 1 and read(0).value == 0 and read("1").value == 1
    assert read("11 out of 36").value == Fraction(11, 36)
    assert read("0,31").matches(Fraction(11, 36)) and not read("0.30").matches(Fraction(11, 36))
    with pytest.raises(A.Unreadable):
        read("1/0")
    with pytest.raises(A.Unreadable):
        read(True)
