"""Checks for the lessons' exercises: each says "right", or what is wrong.

A lesson never re-defines the package: its exercises call a check from here (one module
per lesson, ``lesson02`` ...), and the check answers with a :class:`Feedback`, shown as
one line in the notebook (and as the same text on GitHub or in nbval).

>>> right("12 free pentominoes.")
✔ Right: 12 free pentominoes.
>>> wrong("you counted F and its mirror image twice.", hint="flip it over")
✘ Not yet: you counted F and its mirror image twice. Hint: flip it over
"""

from __future__ import annotations

import html
from dataclasses import dataclass

__all__ = ["Feedback", "right", "wrong"]


@dataclass(frozen=True)
class Feedback:
    """The answer of a check: ``ok`` and a sentence that says why (and a hint when wrong)."""

    ok: bool
    message: str
    hint: str = ""

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        head = "✔ Right: " if self.ok else "✘ Not yet: "
        tail = f" Hint: {self.hint}" if self.hint and not self.ok else ""
        return head + self.message + tail

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        # Not by colour alone: the sign and the words say it too.
        colour = "#0072B2" if self.ok else "#D55E00"
        return (f'<p class="paleo-feedback" data-ok="{str(self.ok).lower()}" '
                f'style="border-left:4px solid {colour};padding-left:8px">'
                f"{html.escape(str(self))}</p>")


def right(message: str) -> Feedback:
    """A correct answer, with a sentence that says what it shows."""
    return Feedback(True, message)


def wrong(message: str, *, hint: str = "") -> Feedback:
    """A wrong answer: what is wrong, and optionally a hint towards the right one."""
    return Feedback(False, message, hint)
