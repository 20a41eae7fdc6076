"""Checks for the lessons' exercises: each says "right", or what is wrong.

A lesson never re-defines the package: its exercises call a check from here (one module
per lesson, ``lesson02`` ...), and the check answers with a :class:`Feedback`, shown as
one line in the notebook (and as the same text on GitHub or in nbval).

Every check is total: it reads the pupil's answer with :mod:`.answers` (every correct form
a pupil may type), says "not answered yet" for ``None``, "I can't read this" for an
answer of the wrong form, and never raises on an answer. Each check states the form it
expects (``check.expects``), knows the right answer to its question (``check.solution``),
and, once :func:`~.results.record_to` has been called, records every answer for the
teacher.

>>> right("12 free pentominoes.")
✔ Right: 12 free pentominoes.
>>> wrong("you counted F and its mirror image twice.", hint="flip it over")
✘ Not yet: you counted F and its mirror image twice. Hint: flip it over
>>> unanswered("a whole number, like 12")
… Not answered yet: write your answer in place of None (a whole number, like 12).
"""

from __future__ import annotations

import contextlib
import functools
import html
import inspect
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Protocol, cast

from .answers import Kind, Unreadable, is_unanswered

__all__ = ["Checker", "Feedback", "ask", "checker", "labelled", "right", "unanswered",
           "unreadable", "wrong"]

#: The statuses of a feedback, and the words that open its line.
HEADS = {"right": "✔ Right: ", "wrong": "✘ Not yet: ", "unanswered": "… Not answered yet: ",
         "unreadable": "✘ I can't read this: "}
NOT_ANSWERED = "write your answer in place of None ({expects})."
CANNOT_READ_HINT = "write {expects}"


@dataclass(frozen=True)
class Feedback:
    """The answer of a check: ``ok`` and a sentence that says why (and a hint when wrong).
    ``status`` is ``right``, ``wrong``, ``unanswered`` or ``unreadable``."""

    ok: bool
    message: str
    hint: str = ""
    status: str = ""

    def __post_init__(self) -> None:
        if not self.status:
            object.__setattr__(self, "status", "right" if self.ok else "wrong")
        if self.status not in HEADS or self.ok != (self.status == "right"):
            raise ValueError(f"a feedback cannot be ok={self.ok} with status {self.status!r}")

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        tail = f" Hint: {self.hint}" if self.hint and not self.ok else ""
        return HEADS[self.status] + self.message + tail

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        # Not by colour alone: the sign and the words say it too.
        colour = {"right": "#0072B2", "unanswered": "#666666"}.get(self.status, "#D55E00")
        return (f'<p class="paleo-feedback" data-ok="{str(self.ok).lower()}" '
                f'data-status="{self.status}" '
                f'style="border-left:4px solid {colour};padding-left:8px">'
                f"{html.escape(str(self))}</p>")


def right(message: str) -> Feedback:
    """A correct answer, with a sentence that says what it shows."""
    return Feedback(True, message)


def wrong(message: str, *, hint: str = "") -> Feedback:
    """A wrong answer: what is wrong, and optionally a hint towards the right one."""
    return Feedback(False, message, hint)


def unanswered(expects: str) -> Feedback:
    """No answer yet (``None``): never right, and it says the form to write."""
    return Feedback(False, NOT_ANSWERED.format(expects=expects), status="unanswered")


def unreadable(why: str, expects: str) -> Feedback:
    """An answer that cannot be read as the form asked for: why, and the form."""
    return Feedback(False, why.rstrip(".") + ".",
                    CANNOT_READ_HINT.format(expects=expects), status="unreadable")


class Checker(Protocol):
    """A check function with what the lessons, the tests and FORMS.md need to know."""

    __name__: str
    __module__: str
    kind: Kind[Any] | None
    expects: str
    answers: tuple[str, ...]
    solution: Callable[..., Any] | None
    example: Callable[[], tuple[Any, ...]] | None

    def __call__(self, *args: Any, **kwargs: Any) -> Feedback: ...


def checker(kind: Kind[Any] | None, *, answers: Sequence[str] = ("answer",),
            expects: str | None = None, solution: Callable[..., Any] | None = None,
            example: Callable[[], tuple[Any, ...]] | None = None,
            ) -> Callable[[Callable[..., Feedback]], Checker]:
    """Make ``fn`` a total check: its ``answers`` parameters (read with ``kind`` inside
    ``fn``) give "not answered yet" when one is None, and an :class:`Unreadable` raised
    while reading gives "I can't read this". ``solution(*question)`` is the right answer
    to the question (the other arguments), in the form ``kind`` reads; ``example()`` the
    arguments of one question, for the table of forms and the tests."""
    said = expects if expects is not None else (kind.expects if kind else "your answer")

    def wrap(fn: Callable[..., Feedback]) -> Checker:
        signature = inspect.signature(fn)

        @functools.wraps(fn)
        def check(*args: Any, **kwargs: Any) -> Feedback:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            given = [bound.arguments[name] for name in answers]
            if any(is_unanswered(a) for a in given):
                feedback = unanswered(said)
            else:
                try:
                    feedback = fn(*bound.args, **bound.kwargs)
                except Unreadable as e:
                    feedback = unreadable(str(e), said)
            _record(fn, bound.arguments, answers, given, feedback)
            return feedback

        done = cast(Checker, check)
        done.kind, done.expects, done.answers = kind, said, tuple(answers)
        done.solution, done.example = solution, example
        return done
    return wrap


def ask(check: Checker, question: Sequence[Any], answers: Sequence[Any]) -> Feedback:
    """``check`` on a question (its other arguments, in order) and its answers (in the
    order of ``check.answers``), wherever the answers stand among the parameters."""
    params = [n for n in inspect.signature(check).parameters if n not in check.answers]
    return check(**dict(zip(params, question, strict=False)),
                 **dict(zip(check.answers, answers, strict=True)))


_label: ContextVar[str] = ContextVar("paleo_exercise_label", default="")


@contextlib.contextmanager
def labelled(prefix: str) -> Iterator[None]:
    """Checks inside record their exercise as ``"<prefix>: <check>(...)"`` (exit tickets
    use ``exit 1`` ...)."""
    token = _label.set(prefix)
    try:
        yield
    finally:
        _label.reset(token)


def _record(fn: Callable[..., Feedback], arguments: dict[str, Any], answers: Sequence[str],
            given: Sequence[Any], feedback: Feedback) -> None:
    from .results import current_recorder
    recorder = current_recorder()
    if recorder is None:
        return
    question = [_question_part(v) for k, v in arguments.items() if k not in answers]
    label = f"{fn.__name__}({', '.join(q for q in question if q)})"
    if _label.get():
        label = f"{_label.get()}: {label}"
    recorder.record(lesson=fn.__module__.rsplit(".", 1)[-1], exercise=label,
                    answer=given[0] if len(given) == 1 else list(given), feedback=feedback)


def _question_part(value: Any) -> str:
    """A question's argument as the results table names it: short texts and numbers as
    written, a puzzle by its title, anything else left out."""
    if isinstance(value, str | int) and len(repr(value)) <= 24:
        return repr(value)
    title = getattr(value, "title", None)
    return repr(title) if isinstance(title, str) and title else ""
