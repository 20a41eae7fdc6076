"""The lessons' checks answer in the notebook's language (issue 15, item 4).

For every check of the lessons translated so far, on its example question (the one
FORMS.md and tests/test_exercises.py use), in French and in Korean: the right answer, the
near misses (wrong answers with a hint), ``None`` and answers that cannot be read each
give the same verdict as in English, opened by the language's own words, and no sentence
of the English catalog (``en.exercises.json``) is left in them. English itself is pinned
by FORMS.md (tests/test_exercises.py) and the stored English lessons (nbval).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_exercises import ANYTHING, KIND_VALUES, SLOW

from paleowidgets import i18n
from paleowidgets.exercises import Checker, Feedback, ask
from paleowidgets.exercises.forms import UNREADABLE, _rest, checkers, near_misses, right_answers
from paleowidgets.exercises.words import plural_form, say, say_n
from paleowidgets.i18n import set_language

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "paleowidgets" / "i18n"
OTHERS = ("fr", "ko")
# Every lesson with checks.
TRANSLATED = tuple(f"lesson0{n}" for n in range(2, 10))
CHECKS = {f"{c.__module__.rsplit('.', 1)[-1]}.{c.__name__}": c for c in checkers()
          if c.__module__.rsplit(".", 1)[-1] in TRANSLATED}


@pytest.fixture(autouse=True)
def english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(i18n.ENV_VAR, raising=False)
    set_language(None)
    yield
    set_language(None)


def catalog_file(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((CATALOGS / f"{lang}.exercises.json").read_text("utf-8"))
    return data


@functools.cache
def english_pieces(lang: str) -> tuple[str, ...]:
    """The English catalog's sentences cut at their fields, keeping each piece of at least
    two English words that the ``lang`` text of the same key does not also hold (code such
    as ``free=..., one_sided=...`` stays the same in every language)."""
    en, other = catalog_file("en"), catalog_file(lang)
    pieces = set()
    for key, text in en.items():
        for piece in re.split(r"\{[^{}]*\}", text.replace("{{", "(").replace("}}", ")")):
            piece = piece.strip(" .,:;()")
            if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 2 and piece not in other[key]:
                pieces.add(piece)
    return tuple(sorted(pieces, key=len, reverse=True))


@functools.cache
def question(name: str) -> tuple[Any, ...]:
    check = CHECKS[name]
    assert check.example is not None
    return check.example()


def answers_to_try(check: Checker, q: tuple[Any, ...]) -> list[list[Any]]:
    """The right answer, the near misses, None, and answers no check can read."""
    rows = [next(right_answers(check, q)), *near_misses(check, q), [None] * len(check.answers)]
    return rows + [[junk, *_rest(check, q)] for junk in UNREADABLE]


def feedback_in(lang: str, check: Checker, q: tuple[Any, ...], answers: list[Any]) -> Feedback:
    set_language(lang)
    try:
        return ask(check, q, answers)
    finally:
        set_language(None)


def assert_no_english(text: str, lang: str) -> None:
    left = [p for p in english_pieces(lang) if p in text]
    assert not left, f"English left in the {lang} feedback {text!r}: {left}"


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("name", sorted(CHECKS))
def test_every_feedback_is_in_the_lessons_language(name: str, lang: str) -> None:
    check = CHECKS[name]
    statuses = set()
    for answers in answers_to_try(check, question(name)):
        english = ask(check, question(name), answers)
        other = feedback_in(lang, check, question(name), answers)
        statuses.add(other.status)
        assert (other.ok, other.status, other.lang) == (english.ok, english.status, lang)
        text = str(other)
        assert text.startswith(say(f"head.{other.status}", lang) + " "), text
        assert text != str(english), text
        if other.hint:
            assert say("hint", lang, hint=other.hint) in text
        assert_no_english(text, lang)
    # Each check was seen right, wrong or unreadable, and not answered.
    assert {"right", "unanswered", "unreadable"} <= statuses, statuses
    assert "wrong" in statuses or not list(near_misses(check, question(name)))


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("name", sorted(CHECKS))
def test_the_expected_form_is_said_in_the_language(name: str, lang: str) -> None:
    check = CHECKS[name]
    english = check.expects
    set_language(lang)
    assert check.expects != english
    assert_no_english(check.expects, lang)


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("lesson", TRANSLATED)
def test_exit_tickets_are_in_the_language(lesson: str, lang: str) -> None:
    import importlib
    module = importlib.import_module(f"paleowidgets.exercises.{lesson}")
    set_language(lang)
    ticket = module.exit_ticket()
    shown = str(ticket)
    assert shown.splitlines()[0] == say("ticket.title", lang, lesson=ticket.lesson)
    assert_no_english(shown, lang)
    assert_no_english(ticket._repr_html_(), lang)
    solutions = ticket.solutions()
    answers = solutions[0] if len(solutions) == 1 else solutions
    for marked in (ticket.mark(None), ticket.mark(answers), ticket.mark("oops")):
        assert_no_english(str(marked), lang)
        assert_no_english(marked._repr_html_(), lang)
    assert ticket.mark(answers)


def test_the_feedback_keeps_the_language_it_was_given_in() -> None:
    check = next(iter(CHECKS.values()))
    feedback = feedback_in("fr", check, question(next(iter(CHECKS))), [None] * len(check.answers))
    assert feedback.lang == "fr" and str(feedback).startswith("… Pas encore de réponse :")
    set_language("ko")
    assert str(feedback).startswith("… Pas encore de réponse :")


def test_plural_forms_follow_each_language() -> None:
    assert [plural_form(n, "en") for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_form(n, "fr") for n in (0, 1, 2)] == ["one", "one", "other"]
    assert [plural_form(n, "ko") for n in (0, 1, 2)] == ["other", "other", "other"]
    assert say_n("n.symmetries", 1, "en") == "1 symmetry"
    assert say_n("n.symmetries", 0, "fr") == "0 symétrie"
    assert say_n("n.symmetries", 2, "ko") == "대칭 2개"


def test_counted_texts_come_in_pairs() -> None:
    for lang in ("en", *OTHERS):
        keys = set(catalog_file(lang))
        for key in keys:
            if key.endswith(".one"):
                assert key[:-4] + ".other" in keys, (lang, key)
            if key.endswith(".other"):
                assert key[:-6] + ".one" in keys, (lang, key)


def test_every_exercise_text_is_in_its_own_catalog_part() -> None:
    """The exercises' words sit in ``<lang>.exercises.json``, all under ``ex.``, with the
    same keys in each language (test_i18n checks the merged catalogs the same way)."""
    keys = {lang: set(catalog_file(lang)) for lang in ("en", *OTHERS)}
    assert keys["en"] == keys["fr"] == keys["ko"]
    assert all(k.startswith("ex.") for k in keys["en"])


@pytest.mark.parametrize("lang", OTHERS)
def test_the_results_table_is_in_the_language(lang: str, tmp_path: Path) -> None:
    from paleowidgets.exercises.lesson05 import check_perimeter
    from paleowidgets.exercises.results import load_results, record_to, stop_recording
    record_to(tmp_path, pupil="Ada")
    try:
        check_perimeter("P", 12), check_perimeter("P", "10")
    finally:
        stop_recording()
    (tmp_path / "answers" / "broken.json").write_text("{", encoding="utf-8")
    set_language(lang)
    table = load_results(tmp_path)
    text, page = str(table), table._repr_html_()
    assert text.splitlines()[0].startswith(say("results.pupil", lang))
    assert say("results.tries", lang, n=2) in text and say("results.legend", lang) in text
    assert "broken.json" in text and len(table.skipped) == 1
    assert_no_english(text, lang)
    assert_no_english(page, lang)


@pytest.mark.parametrize("lang", OTHERS)
def test_an_illegal_turn_names_the_cell_in_the_language(lang: str) -> None:
    """In English the core's own message names the cell and the fossil; in French and
    Korean the same facts come in the language's sentence, then the rule in its words."""
    from paleowidgets.core.maps import parse_document
    from paleowidgets.core.rules import TINY
    from paleowidgets.exercises.lesson08 import check_line
    puzzle = parse_document(TINY + "[puzzle]\nrolls = [[1, 1]]\n")
    line = '[{shape = "I", dig = "chevron", cells = ["A3", "B3", "C3", "D3", "E3"]}]'
    english = str(check_line(puzzle, line))
    assert "cell C3 is part of fossil A" in english
    set_language(lang)
    feedback = check_line(puzzle, line)
    detail = i18n.t("illegal.detail.cell-on-fossil", lang, cell="C3", fossil="A")
    assert detail in feedback.message
    assert i18n.rule_text("cell-on-fossil", lang) in feedback.message
    assert_no_english(str(feedback), lang)


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("name", sorted(CHECKS))
def test_any_answer_gets_the_same_verdict_in_every_language(name: str, lang: str,
                                                            record_property: Any) -> None:
    """hypothesis: any value at all, and values of the answer's own kind, give in French
    and Korean the verdict they give in English, said in the language (every path of a
    check fills its sentence's fields, in each language)."""
    check = CHECKS[name]
    assert check.kind is not None
    values = st.one_of(ANYTHING, KIND_VALUES.get(check.kind.name, ANYTHING))
    n = len(check.answers)
    ran = []

    @settings(max_examples=20 if name in SLOW else 60, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(values, min_size=n, max_size=n))
    def prop(answers: list[Any]) -> None:
        ran.append(1)
        english = ask(check, question(name), answers)
        other = feedback_in(lang, check, question(name), answers)
        assert (other.ok, other.status) == (english.ok, english.status), (answers, str(other))
        assert str(other).startswith(say(f"head.{other.status}", lang) + " ")

    prop()
    record_property("hypothesis_examples", len(ran))
