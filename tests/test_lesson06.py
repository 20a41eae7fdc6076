"""Lesson 6's chances and checks: the exact chances agree with an independent count over the
dice faces, every right answer is accepted in each notation, the usual mistakes are named."""

from __future__ import annotations

from fractions import Fraction

import pytest

from paleowidgets.core.geometry import LETTERS
from paleowidgets.core.terms import DIG_TYPES
from paleowidgets.exercises.lesson06 import (
    ROLLS,
    check_dig_chance,
    check_double_chance,
    check_doubles_counted,
    check_pair_chance,
    check_shape_chance,
    dig_chance,
    double_chance,
    pair_chance,
    shape_chance,
)

# RULES.md's dice tables, written out again for an independent count.
SHAPES = {1: "IX", 2: "TU", 3: "VW", 4: "FP", 5: "LY", 6: "NZ"}
DIGS = {1: "chevron", 2: "chevron", 3: "dot", 4: "dot", 5: "hatch", 6: "hatch"}


def brute(event: object) -> Fraction:
    n = sum(1 for a in range(1, 7) for b in range(1, 7) if event(a, b))  # type: ignore[operator]
    return Fraction(n, 36)


def test_the_36_rolls() -> None:
    assert len(ROLLS) == len(set(ROLLS)) == 36
    assert double_chance() == Fraction(1, 6)


@pytest.mark.parametrize("shape", LETTERS)
def test_shape_chance_agrees_with_a_count_over_faces(shape: str) -> None:
    assert shape_chance(shape) == brute(lambda a, b: shape in SHAPES[a] + SHAPES[b])
    assert shape_chance(shape) == Fraction(11, 36)


@pytest.mark.parametrize("dig", DIG_TYPES)
def test_dig_chance_agrees_with_a_count_over_faces(dig: str) -> None:
    assert dig_chance(dig) == brute(lambda a, b: dig in (DIGS[a], DIGS[b])) == Fraction(20, 36)


@pytest.mark.parametrize("shape", LETTERS)
@pytest.mark.parametrize("dig", DIG_TYPES)
def test_pair_chance_agrees_with_a_count_over_faces(shape: str, dig: str) -> None:
    expected = brute(lambda a, b: (shape in SHAPES[a] and DIGS[b] == dig)
                     or (shape in SHAPES[b] and DIGS[a] == dig))
    assert pair_chance(shape, dig) == expected
    assert expected in (Fraction(3, 36), Fraction(4, 36))


@pytest.mark.parametrize("answer", ["11/36", "22/72", Fraction(11, 36), 11 / 36, "0.3056",
                                    "30.56%", " 11 / 36 ", 0.31, "0.31", "0,31", 31, "31",
                                    "31%", "31 %", "11 out of 36"])
def test_every_notation_of_the_right_answer_is_right(answer: object) -> None:
    assert check_shape_chance("L", answer)  # type: ignore[arg-type]


@pytest.mark.parametrize("answer, says", [
    ("1/6", "one die shows face 5"),
    ("12/36", "counted twice"),
    ("1/36", "both dice show it"),
    ("0.3", "not right to 2 decimal places"),
    ("0.30", "not right to 2 decimal places"),
    ("30%", "not right to 2 decimal places"),
    ("7/36", "7 rolls out of 36, but not that many"),
    ("3/36", "3 rolls out of 36"),
    ("1/7", "with two dice it is a number of rolls out of 36"),
    ("2/1", "between 0 and 1"),
    ("150%", "between 0 and 1"),
    ("11", "how many of the 36 rolls work"),
])
def test_wrong_shape_answers_say_what_is_wrong(answer: str, says: str) -> None:
    feedback = check_shape_chance("L", answer)
    assert not feedback and says in str(feedback)
    assert str(feedback).startswith("✘ Not yet: ")


@pytest.mark.parametrize("answer", ["lots", True, [11, 36], "11/0"])
def test_unreadable_chances_say_so(answer: object) -> None:
    feedback = check_shape_chance("L", answer)
    assert not feedback and feedback.status == "unreadable"
    assert str(feedback).startswith("✘ I can't read this: ")


def test_the_issue_s_chances() -> None:
    """Issue 14: 0.17 for 1/6 and 31 % for 11/36 are right (0.11 for 1/9 already was)."""
    assert check_double_chance(0.17) and check_double_chance("17%") and check_double_chance(17)
    assert check_pair_chance("I", "dot", 0.11)
    assert check_shape_chance("I", "31%") and check_shape_chance("I", 0.31)
    assert "whole number of rolls" not in str(check_shape_chance("I", "3/36"))


def test_other_checks() -> None:
    assert check_double_chance("6/36") and not check_double_chance("1/36")
    assert "six doubles" in check_double_chance("1/36").hint
    assert check_dig_chance("hatch", "5/9") and not check_dig_chance("hatch", "1/3")
    assert "counted twice" in str(check_dig_chance("hatch", "24/36"))
    assert check_pair_chance("L", "hatch", "3/36")
    assert "counted twice" in str(check_pair_chance("L", "hatch", "4/36"))
    assert "OTHER die" in str(check_pair_chance("I", "dot", "11/36"))
    assert not check_shape_chance("Q", "11/36") and not check_dig_chance("stripes", "1/2")


def test_doubles_counted() -> None:
    from paleowidgets.core.dice import roll_sequence

    count = sum(1 for a, b in roll_sequence("MITTEN-7", 100) if a == b)
    assert check_doubles_counted("MITTEN-7", 100, count)
    assert not check_doubles_counted("MITTEN-7", 100, count + 1)
    assert check_doubles_counted("MITTEN-7", 100, str(count))
    assert check_doubles_counted("MITTEN-7", 100, None).status == "unanswered"
    assert check_doubles_counted("MITTEN-7", 100, "many").status == "unreadable"
