"""The exit tickets' questions, checked like the exercises (tests/test_exercises.py): a
ticket asks a check about another case than the exercise's (the S tetromino, 9 cells,
another seed code), so each question gets the same properties on its own arguments:
every right form is ✔, every near miss ✘ with a reason, anything at all gives feedback
and never an error, and a ✔ only for an answer that reads as the key. And no ticket asks
what its lesson prints before it."""

from __future__ import annotations

import functools
import importlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_exercises import ANYTHING, KIND_VALUES

from paleowidgets.exercises import answers as A
from paleowidgets.exercises.forms import near_misses, right_answers
from paleowidgets.exercises.tickets import ExitTicket, Question

ROOT = Path(__file__).resolve().parent.parent
LESSONS = range(2, 10)
# Lesson 8's line is a whole game: its own tests replay lines (test_exercises, SLOW).
LEFT_OUT = {"check_line"}


@functools.cache
def ticket(lesson: int) -> ExitTicket:
    ticket: ExitTicket = importlib.import_module(
        f"paleowidgets.exercises.lesson0{lesson}").exit_ticket()
    return ticket


QUESTIONS = [(n, i) for n in LESSONS for i, q in enumerate(ticket(n).questions)
             if q.check.__name__ not in LEFT_OUT]


def question(lesson: int, i: int) -> Question:
    return ticket(lesson).questions[i]


def as_list(q: Question, answer: Any) -> list[Any]:
    return list(answer) if len(q.check.answers) > 1 else [answer]


def key_is(q: Question, answers: list[Any]) -> bool:
    """The oracle: the answers read, by the check's kind, as the key (a chance matching
    it, a roll in either order, names in any case)."""
    kind = q.check.kind
    assert kind is not None
    try:
        got = [kind.read(a) for a in answers]
    except A.Unreadable:
        return False
    want = [kind.read(v) for v in as_list(q, q.solution())]
    if kind is A.CHANCE:
        return bool(got[0].matches(want[0].value))
    if kind.name == "roll":
        return got[0] in (want[0], want[0][::-1])
    if kind.name == "names":
        return {n.casefold() for n in got[0]} == {n.casefold() for n in want[0]}
    return got == want


def mark(q: Question, answers: list[Any]) -> Any:
    return q.mark(answers if len(answers) > 1 else answers[0])


@pytest.mark.parametrize(("lesson", "i"), QUESTIONS)
def test_right_forms_are_right_and_near_misses_wrong(lesson: int, i: int) -> None:
    q = question(lesson, i)
    forms = list(right_answers(q.check, q.args))
    assert len(forms) >= 2
    for answers in forms:
        assert mark(q, answers).status == "right", (answers, str(mark(q, answers)))
    for answers in near_misses(q.check, q.args):
        feedback = mark(q, answers)
        assert not feedback and feedback.message and not key_is(q, answers), answers


@pytest.mark.parametrize(("lesson", "i"), QUESTIONS)
def test_anything_gives_feedback_and_right_only_for_the_key(lesson: int, i: int) -> None:
    q = question(lesson, i)
    n = len(q.check.answers)
    assert q.check.kind is not None
    values = KIND_VALUES.get(q.check.kind.name, ANYTHING)

    @settings(max_examples=60, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(st.one_of(ANYTHING, values), min_size=n, max_size=n))
    def prop(answers: list[Any]) -> None:
        feedback = mark(q, answers)
        assert feedback.status in ("right", "wrong", "unanswered", "unreadable")
        assert str(feedback) and feedback.message
        assert bool(feedback) == key_is(q, answers), (answers, str(feedback))

    prop()


def printed(lesson: int) -> str:
    """Everything lesson ``lesson``'s pupil edition shows before its exit ticket: its text
    and its stored outputs."""
    (path,) = [p for p in (ROOT / "lessons").glob(f"0{lesson}-*.ipynb") if "." not in p.stem]
    nb = json.loads(path.read_text(encoding="utf-8"))
    shown = []
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if "exit_ticket()" in text:
            break
        shown.append(text)
        for out in cell.get("outputs", []):
            shown.append("".join(out.get("text", "")))
            shown.append("".join(out.get("data", {}).get("text/plain", "")))
    return "\n".join(shown)


def test_the_tickets_of_lessons_2_and_5_ask_about_shapes_the_lessons_never_measure() -> None:
    """Lesson 2 printed the N's orientations, the X's symmetries and the tetromino counts;
    lesson 5 the X's perimeter and the T's ring: now the tickets ask about tetrominoes and
    trominoes, which neither lesson measures."""
    for lesson in (2, 5):
        shown = printed(lesson)
        for q in ticket(lesson).questions:
            for arg in q.args:
                if isinstance(arg, str):
                    assert arg.endswith(" tetromino") and arg not in shown, (lesson, arg)
    assert "(2, 2, 6)" not in printed(2) and "(5, 7, 19)" in printed(2)   # trominoes, tetrominoes
    assert [q.solution() for q in ticket(2).questions] == [4, 8, (2, 2, 6)]
    assert [q.solution() for q in ticket(5).questions] == [10, 8, 11]
