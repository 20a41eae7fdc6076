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

Every word of a feedback is in the lesson's language (``set_language("fr")`` in its first
cell, or ``PALEOWIDGETS_LANG``): the sentences live in ``i18n/<lang>.exercises.json``
(:mod:`.words`), and a feedback keeps the language it was given in.

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
from typing import Any

from ..i18n import get_language
from .answers import Kind, Unreadable, is_unanswered
from .words import say

__all__ = ["Checker", "Feedback", "ask", "checker", "labelled", "right", "unanswered",
           "unreadable", "wrong"]

#: The statuses of a feedback (the words that open its line are ``ex.head.<status>``).
STATUSES = ("right", "wrong", "unanswered", "unreadable")


@dataclass(frozen=True)
class Feedback:
    """The answer of a check: ``ok`` and a sentence that says why (and a hint when wrong).
    ``status`` is ``right``, ``wrong``, ``unanswered`` or ``unreadable``; ``lang`` the
    language the sentences are in (the one in force when the check ran)."""

    ok: bool
    message: str
    hint: str = ""
    status: str = ""
    lang: str = ""

    def __post_init__(self) -> None:
        if not self.status:
            object.__setattr__(self, "status", "right" if self.ok else "wrong")
        if self.status not in STATUSES or self.ok != (self.status == "right"):
            raise ValueError(f"a feedback cannot be ok={self.ok} with status {self.status!r}")
        if not self.lang:
            object.__setattr__(self, "lang", get_language())

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        tail = " " + say("hint", self.lang, hint=self.hint) if self.hint and not self.ok else ""
        return say(f"head.{self.status}", self.lang) + " " + self.message + tail

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
    return Feedback(False, say("not-answered", expects=expects), status="unanswered")


def unreadable(why: str, expects: str) -> Feedback:
    """An answer that cannot be read as the form asked for: why, and the form."""
    return Feedback(False, why.rstrip(".") + ".", say("cannot-read.hint", expects=expects),
                    status="unreadable")


class Checker:
    """A check function (made by :func:`checker`) with what the lessons, the tests and
    FORMS.md need to know: the ``kind`` of answer it reads, the names of its ``answers``
    parameters, the sentence saying the form it ``expects`` (in the current language),
    its ``solution`` and an ``example`` question."""

    __name__: str
    __wrapped__: Callable[..., Feedback]

    def __init__(self, fn: Callable[..., Feedback], kind: Kind[Any] | None,
                 answers: Sequence[str], expects_key: str | None,
                 solution: Callable[..., Any] | None,
                 example: Callable[[], tuple[Any, ...]] | None) -> None:
        functools.update_wrapper(self, fn)
        self._fn, self._signature = fn, inspect.signature(fn)
        self.kind, self.answers, self.expects_key = kind, tuple(answers), expects_key
        self.solution, self.example = solution, example

    @property
    def expects(self) -> str:
        """The form the answer takes, in the current language."""
        if self.expects_key is not None:
            return say(self.expects_key)
        return self.kind.expects if self.kind else say("kind.any")

    def __call__(self, *args: Any, **kwargs: Any) -> Feedback:
        bound = self._signature.bind(*args, **kwargs)
        bound.apply_defaults()
        given = [bound.arguments[name] for name in self.answers]
        if any(is_unanswered(a) for a in given):
            feedback = unanswered(self.expects)
        else:
            try:
                feedback = self._fn(*bound.args, **bound.kwargs)
            except Unreadable as e:
                feedback = unreadable(str(e), self.expects)
        _record(self._fn, bound.arguments, self.answers, given, feedback)
        return feedback


def checker(kind: Kind[Any] | None, *, answers: Sequence[str] = ("answer",),
            expects: str | None = None, solution: Callable[..., Any] | None = None,
            example: Callable[[], tuple[Any, ...]] | None = None,
            ) -> Callable[[Callable[..., Feedback]], Checker]:
    """Make ``fn`` a total check: its ``answers`` parameters (read with ``kind`` inside
    ``fn``) give "not answered yet" when one is None, and an :class:`Unreadable` raised
    while reading gives "I can't read this". ``expects`` is the key (``ex.<expects>``) of
    the sentence saying the form, when the kind's own does not say it;
    ``solution(*question)`` is the right answer to the question (the other arguments), in
    the form ``kind`` reads; ``example()`` the arguments of one question, for the table of
    forms and the tests."""
    def wrap(fn: Callable[..., Feedback]) -> Checker:
        return Checker(fn, kind, answers, expects, solution, example)
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
