"""Exit tickets: a few transfer questions at the end of a lesson, checked and recorded.

Each lesson module has ``exit_ticket()``, returning an :class:`ExitTicket`: its questions
(asked about cases the lesson never printed), the form each expects, and one check for
all the answers. In a lesson:

>>> from paleowidgets.exercises.lesson05 import exit_ticket
>>> ticket = exit_ticket()
>>> print(ticket)                                # doctest: +ELLIPSIS
Exit ticket, lesson 5
1. What is the perimeter of the T tetromino (rows ### over .#.)? (a whole number, like 12 ...)
...
>>> print(ticket.check(10, None, "ten"))         # doctest: +ELLIPSIS
Exit ticket, lesson 5: 1 of 3 right
1. ✔ Right: the T tetromino has a perimeter of 10 cell sides.
2. … Not answered yet: write your answer in place of None (...).
3. ✘ I can't read this: 'ten' is not a whole number. Hint: write ...

When :func:`~.results.record_to` is on, every answer is recorded as exercise
``exit N: <check>`` of the lesson, so the teacher's table shows the ticket.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import Checker, Feedback, ask, labelled, unreadable
from .words import say

__all__ = ["ExitTicket", "Question", "TicketResult"]


@dataclass(frozen=True)
class Question:
    """A question: its text, the check that marks it, and the check's other arguments
    (the answer comes last; several answers, for a check that takes several, as a list)."""

    text: str
    check: Checker
    args: tuple[Any, ...] = ()

    @property
    def expects(self) -> str:
        return self.check.expects

    def solution(self) -> Any:
        """The right answer (the teacher's key), computed by the package."""
        assert self.check.solution is not None
        return self.check.solution(*self.args)

    def mark(self, answer: Any) -> Feedback:
        """The check's feedback on ``answer``."""
        n = len(self.check.answers)
        if n == 1 or answer is None:
            return ask(self.check, self.args, [answer] * n)
        if isinstance(answer, str | bytes) or not isinstance(answer, Sequence) \
                or len(answer) != n:
            return unreadable(say("ticket.wants-answers", n=n, answer=repr(answer)),
                              self.expects)
        return ask(self.check, self.args, list(answer))


@dataclass(frozen=True)
class TicketResult:
    """A ticket's feedbacks, one per question, and how many are right."""

    lesson: int
    feedback: tuple[Feedback, ...]

    @property
    def right(self) -> int:
        return sum(1 for f in self.feedback if f)

    def __bool__(self) -> bool:
        return self.right == len(self.feedback)

    def __str__(self) -> str:
        head = say("ticket.result", lesson=self.lesson, right=self.right,
                   total=len(self.feedback))
        return "\n".join([head] + [f"{i}. {f}" for i, f in enumerate(self.feedback, 1)])

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{f._repr_html_()}</li>" for f in self.feedback)
        head = html.escape(say("ticket.title", lesson=self.lesson))
        score = html.escape(say("ticket.score", right=self.right, total=len(self.feedback)))
        return (f'<div class="paleo-ticket"><p><b>{head}:</b> '
                f"{score}</p><ol>{items}</ol></div>")


@dataclass(frozen=True)
class ExitTicket:
    """The exit ticket of a lesson: show it for the questions, ``check(a1, a2, ...)`` to
    mark the answers (one per question, in order; None for a question left blank)."""

    lesson: int
    questions: tuple[Question, ...]

    def check(self, *answers: Any) -> TicketResult:
        """Mark one answer per question; missing answers count as not answered."""
        if len(answers) > len(self.questions):
            raise TypeError(f"this exit ticket has {len(self.questions)} questions, not "
                            f"{len(answers)}")
        given = list(answers) + [None] * (len(self.questions) - len(answers))
        marks = []
        for i, (q, a) in enumerate(zip(self.questions, given, strict=False), start=1):
            with labelled(f"exit {i}"):
                marks.append(q.mark(a))
        return TicketResult(self.lesson, tuple(marks))

    def mark(self, answers: Any) -> TicketResult:
        """Mark the answers as a lesson's answer cell holds them, in one value: a list or
        tuple of one answer per question, in order (a ticket of one question takes its
        answer itself); None, as the pupil edition has it, is "not answered yet" for every
        question. Anything else says, for every question, that a list is wanted.

        >>> from paleowidgets.exercises.lesson05 import exit_ticket
        >>> ticket = exit_ticket()
        >>> print(ticket.mark(None))                     # doctest: +ELLIPSIS
        Exit ticket, lesson 5: 0 of 3 right
        1. … Not answered yet: ...
        >>> ticket.mark([10, 8, 11]).right, ticket.mark(10).right
        (3, 0)
        """
        n = len(self.questions)
        if answers is None or n == 1:
            return self.check(answers)
        if isinstance(answers, list | tuple) and len(answers) == n:
            return self.check(*answers)
        return TicketResult(self.lesson, tuple(
            unreadable(say("ticket.wants-list", n=n, answer=repr(answers)), q.expects)
            for q in self.questions))

    def solutions(self) -> list[Any]:
        """The right answers, in order (the teacher's key)."""
        return [q.solution() for q in self.questions]

    def __str__(self) -> str:
        lines = [say("ticket.title", lesson=self.lesson)]
        lines += [f"{i}. {q.text} ({q.expects})" for i, q in enumerate(self.questions, 1)]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(q.text)} <i>({html.escape(q.expects)})</i></li>"
                        for q in self.questions)
        head = html.escape(say("ticket.title", lesson=self.lesson))
        return f'<div class="paleo-ticket"><p><b>{head}</b></p><ol>{items}</ol></div>'
