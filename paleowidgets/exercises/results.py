"""Results a teacher can collect: every checked answer saved to a class folder.

Once at the top of a lesson, a pupil writes ``record_to("class", pupil="Ada")``; from then
on every check (and every exit-ticket question) appends one record to
``class/answers/Ada.json``: the lesson, the exercise, the answer, right or wrong, the time.
The file is rewritten whole and atomically after each check (as the class game saves its
logs), so it is always a complete JSON document, even if the laptop stops mid-lesson.

The teacher gathers the folder into one table of who answered what:
``load_results("class")`` in a notebook, or ``paleo results class`` in a terminal.

>>> import tempfile
>>> from paleowidgets.exercises.lesson05 import check_perimeter
>>> with tempfile.TemporaryDirectory() as folder:
...     _ = record_to(folder, pupil="Ada")
...     _ = check_perimeter("P", 12), check_perimeter("P", "10")
...     stop_recording()
...     print(load_results(folder))
pupil  lesson05 check_perimeter('P')
-----  -----------------------------
Ada    ✔ (2 tries)
✔ right, ✘ wrong, ? could not be read, … not answered (the last answer; ...
"""

from __future__ import annotations

import html
import json
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..core.atomic import write_atomically
from ..core.classgame import file_stem
from .answers import shown
from .words import say

__all__ = ["FORMAT", "ClassAnswers", "Record", "Recorder", "answers_file", "current_recorder",
           "load_results", "record_to", "stop_recording"]

FORMAT = 1
SUBFOLDER = "answers"
SIGNS = {"right": "✔", "wrong": "✘", "unanswered": "…", "unreadable": "?"}


def legend() -> str:
    """What the signs of the table mean, in the current language."""
    return say("results.legend")


_recorder: Recorder | None = None


def answers_file(folder: str | Path, pupil: str) -> Path:
    """Where ``pupil``'s answers go: ``answers_file("class", "Ada Lovelace")`` is
    ``class/answers/Ada-Lovelace.json`` (the class game's logs sit beside ``answers/``)."""
    return Path(folder) / SUBFOLDER / f"{file_stem(pupil, 'pupil')}.json"


@dataclass(frozen=True)
class Record:
    """One checked answer: who, which lesson and exercise, what they wrote (as text), the
    status of the feedback (``right``, ``wrong``, ``unanswered``, ``unreadable``), when."""

    pupil: str
    lesson: str
    exercise: str
    answer: str
    status: str
    time: str

    def to_dict(self) -> dict[str, str]:
        return {"lesson": self.lesson, "exercise": self.exercise, "answer": self.answer,
                "status": self.status, "time": self.time}


class Recorder:
    """Appends each checked answer of one pupil to their file (rewritten atomically)."""

    def __init__(self, folder: str | Path, pupil: str,
                 clock: Callable[[], datetime] | None = None) -> None:
        if not isinstance(pupil, str) or not pupil.strip():
            raise ValueError(say("results.no-name"))
        self.pupil = pupil.strip()
        self.path = answers_file(folder, self.pupil)
        self._clock = clock or (lambda: datetime.now(UTC))
        self.records: list[Record] = _read_file(self.path)[1] if self.path.exists() else []

    def record(self, *, lesson: str, exercise: str, answer: Any, feedback: Any) -> Record:
        """Append one answer and save the file; a failed save warns, it never raises."""
        rec = Record(self.pupil, lesson, exercise, shown(answer, 200), feedback.status,
                     self._clock().isoformat(timespec="seconds"))
        self.records.append(rec)
        document = {"format": FORMAT, "pupil": self.pupil,
                    "answers": [r.to_dict() for r in self.records]}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path, (json.dumps(document, ensure_ascii=False, indent=1)
                                         + "\n").encode("utf-8"))
        except OSError as e:
            warnings.warn(say("results.not-saved", path=self.path, error=e), stacklevel=3)
        return rec

    def __repr__(self) -> str:
        return say("results.recording", pupil=self.pupil, path=self.path.as_posix())


def record_to(folder: str | Path, *, pupil: str) -> Recorder:
    """From now on, every check saves the answer to ``folder/answers/<pupil>.json``
    (answers already there are kept: a restarted notebook goes on from them)."""
    global _recorder
    _recorder = Recorder(folder, pupil)
    return _recorder


def stop_recording() -> None:
    """Checks no longer save answers."""
    global _recorder
    _recorder = None


def current_recorder() -> Recorder | None:
    """The recorder set by :func:`record_to`, or None."""
    return _recorder


def _read_file(path: Path) -> tuple[str, list[Record]]:
    """A pupil's answers file; a ValueError names the file and what is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise ValueError(say("results.not-json", path=path, line=e.lineno, why=e.msg)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT \
            or not isinstance(data.get("pupil"), str) or not isinstance(data.get("answers"), list):
        raise ValueError(say("results.not-answers", path=path, format=FORMAT))
    pupil = data["pupil"]
    records = []
    keys = ("lesson", "exercise", "answer", "status", "time")
    for i, item in enumerate(data["answers"], start=1):
        if not isinstance(item, dict) or not all(isinstance(item.get(k), str) for k in keys) \
                or item["status"] not in SIGNS:
            raise ValueError(say("results.bad-answer", path=path, i=i, keys=", ".join(keys),
                                 statuses=", ".join(SIGNS)))
        records.append(Record(pupil, *(item[k] for k in keys)))
    return pupil, records


@dataclass(frozen=True)
class ClassAnswers:
    """Every pupil's answers in a class folder: one row a pupil, one column an exercise
    (lesson and exercise), each cell the last answer's sign and how many tries it took.
    ``skipped`` lists the files that could not be read, with the reason."""

    records: tuple[Record, ...]
    skipped: tuple[tuple[str, str], ...] = ()

    @property
    def pupils(self) -> list[str]:
        return sorted({r.pupil for r in self.records}, key=str.casefold)

    @property
    def columns(self) -> list[tuple[str, str]]:
        seen: dict[tuple[str, str], None] = {}
        for r in sorted(self.records, key=lambda r: r.lesson):
            seen.setdefault((r.lesson, r.exercise), None)
        return list(seen)

    def tries(self, pupil: str, column: tuple[str, str]) -> list[Record]:
        """``pupil``'s answers to one exercise, in the order given."""
        return [r for r in self.records if r.pupil == pupil and (r.lesson, r.exercise) == column]

    def cell(self, pupil: str, column: tuple[str, str]) -> str:
        """``✔``, ``✘``, ``…`` (not answered) or ``?`` (unreadable) for the last try, and
        the number of tries when more than one; empty when never checked."""
        tries = [r for r in self.tries(pupil, column) if r.status != "unanswered"] \
            or self.tries(pupil, column)
        if not tries:
            return ""
        n = len(tries)
        return SIGNS[tries[-1].status] + (" " + say("results.tries", n=n) if n > 1 else "")

    def rows(self) -> list[list[str]]:
        """The table: a header row, then one row a pupil."""
        head = [say("results.pupil")] + [f"{lesson} {exercise}"
                                         for lesson, exercise in self.columns]
        return [head] + [[p] + [self.cell(p, c) for c in self.columns] for p in self.pupils]

    def to_json(self) -> dict[str, Any]:
        return {"pupils": [{"pupil": p, "answers": [r.to_dict() for r in self.records
                                                    if r.pupil == p]} for p in self.pupils],
                "skipped": [{"file": f, "reason": why} for f, why in self.skipped]}

    def __str__(self) -> str:
        rows = self.rows()
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
                 for row in rows]
        lines.insert(1, "  ".join("-" * w for w in widths))
        lines += [legend()] if self.records else []
        lines += [say("results.skipped", file=f, why=why) for f, why in self.skipped]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        rows = self.rows()
        cell = 'style="border:1px solid #999;padding:2px 6px;text-align:center"'
        head = "".join(f"<th {cell}>{html.escape(c)}</th>" for c in rows[0])
        body = "".join("<tr>" + f'<th {cell}>{html.escape(row[0])}</th>' + "".join(
            f'<td {cell} title="{html.escape(_last_answer(self, row[0], col))}">'
            f"{html.escape(c)}</td>"
            for c, col in zip(row[1:], self.columns, strict=True)) + "</tr>" for row in rows[1:])
        notes = "".join(f"<p>{html.escape(say('results.skipped', file=f, why=w))}</p>"
                        for f, w in self.skipped)
        return (f'<table class="paleo-results" style="border-collapse:collapse">'
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
                f"<p>{html.escape(legend())}</p>{notes}")


def _last_answer(table: ClassAnswers, pupil: str, column: tuple[str, str]) -> str:
    tries = table.tries(pupil, column)
    return say("results.last-answer", answer=tries[-1].answer) if tries else ""


def load_results(folder: str | Path) -> ClassAnswers:
    """Every pupil's answers saved under ``folder`` (its ``answers/`` sub-folder, or the
    folder itself when it holds the answers files). A file that cannot be read is left out
    and named in ``skipped`` with the reason."""
    base = Path(folder)
    if not base.is_dir():
        raise FileNotFoundError(say("results.no-folder", path=base))
    where = base / SUBFOLDER if (base / SUBFOLDER).is_dir() else base
    records: list[Record] = []
    skipped: list[tuple[str, str]] = []
    for path in sorted(where.glob("*.json")):
        try:
            records += _read_file(path)[1]
        except (ValueError, OSError) as e:
            skipped.append((path.name, str(e)))
    return ClassAnswers(tuple(records), tuple(skipped))

