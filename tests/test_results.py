"""Results a teacher can collect (issue 14, item 5): record_to, load_results, paleo results,
and the exit tickets of every lesson."""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from paleowidgets.cli import main
from paleowidgets.exercises import results
from paleowidgets.exercises.lesson05 import check_perimeter, exit_ticket
from paleowidgets.exercises.results import load_results, record_to, stop_recording
from paleowidgets.exercises.tickets import ExitTicket


@pytest.fixture(autouse=True)
def no_recorder() -> Iterator[None]:
    stop_recording()
    yield
    stop_recording()


def test_checks_record_to_the_pupils_file(tmp_path: Path) -> None:
    recorder = record_to(tmp_path, pupil="Ada Lovelace")
    assert recorder.path == tmp_path / "answers" / "Ada-Lovelace.json"
    check_perimeter("P", None)
    check_perimeter("P", 12)
    check_perimeter("P", "10")
    check_perimeter("P", "ten")
    data = json.loads(recorder.path.read_text(encoding="utf-8"))
    assert data["format"] == 1 and data["pupil"] == "Ada Lovelace"
    assert [(a["exercise"], a["answer"], a["status"]) for a in data["answers"]] == [
        ("check_perimeter('P')", "None", "unanswered"),
        ("check_perimeter('P')", "12", "wrong"),
        ("check_perimeter('P')", "'10'", "right"),
        ("check_perimeter('P')", "'ten'", "unreadable")]
    assert all(a["lesson"] == "lesson05" for a in data["answers"])
    datetime.fromisoformat(data["answers"][0]["time"])      # ISO 8601
    stop_recording()
    check_perimeter("P", 10)                                 # no longer recorded
    assert len(json.loads(recorder.path.read_text(encoding="utf-8"))["answers"]) == 4


def test_a_restarted_notebook_goes_on_from_the_file(tmp_path: Path) -> None:
    record_to(tmp_path, pupil="Bo")
    check_perimeter("P", 11)
    record_to(tmp_path, pupil="Bo")                          # the kernel restarted
    check_perimeter("P", 10)
    table = load_results(tmp_path)
    assert table.cell("Bo", ("lesson05", "check_perimeter('P')")) == "✔ (2 tries)"


def test_the_teachers_table(tmp_path: Path) -> None:
    clock = iter(datetime(2026, 12, 1, 9, m, tzinfo=UTC) for m in range(60))
    for pupil, answers in (("Ada", [12, 10]), ("Bo", [10]), ("Cy", [None])):
        rec = results.Recorder(tmp_path, pupil, clock=lambda: next(clock))
        results._recorder = rec
        for a in answers:
            check_perimeter("P", a)
    stop_recording()
    (tmp_path / "answers" / "broken.json").write_text("{not json", encoding="utf-8")
    table = load_results(tmp_path)
    assert table.pupils == ["Ada", "Bo", "Cy"]
    assert table.rows() == [["pupil", "lesson05 check_perimeter('P')"],
                            ["Ada", "✔ (2 tries)"], ["Bo", "✔"], ["Cy", "…"]]
    assert table.skipped[0][0] == "broken.json" and "line 1" in table.skipped[0][1]
    html = table._repr_html_()
    assert "<table" in html and 'title="last answer: 10"' in html
    assert "skipped broken.json" in str(table)


def test_paleo_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_to(tmp_path, pupil="Ada")
    check_perimeter("P", 10)
    stop_recording()
    assert main(["results", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Ada" in out and "✔" in out and "check_perimeter('P')" in out
    assert main(["results", "--json", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["pupils"][0]["pupil"] == "Ada" and data["skipped"] == []
    (tmp_path / "answers" / "x.json").write_text("[]", encoding="utf-8")
    assert main(["results", str(tmp_path)]) == 2
    assert "x.json" in capsys.readouterr().err
    assert main(["results", str(tmp_path / "nowhere")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_a_class_game_folder_ignores_the_answers(tmp_path: Path) -> None:
    from paleowidgets.widgets.classgame import load_class_logs
    record_to(tmp_path, pupil="Ada")
    check_perimeter("P", 10)
    stop_recording()
    assert not list(tmp_path.glob("*.json"))               # answers/ is a sub-folder
    class_logs = load_class_logs(tmp_path)
    assert class_logs.problems == [] and class_logs.players == []


# -- exit tickets ------------------------------------------------------------------------------

LESSONS = [f"paleowidgets.exercises.lesson0{n}" for n in range(2, 10)]


@pytest.mark.parametrize("module", LESSONS)
def test_every_lesson_has_an_exit_ticket(module: str) -> None:
    ticket = importlib.import_module(module).exit_ticket()
    assert isinstance(ticket, ExitTicket) and ticket.questions
    assert f"lesson {module[-1]}" in str(ticket)
    key = ticket.solutions()
    right = ticket.check(*key)
    assert right and right.right == len(ticket.questions), str(right)
    blank = ticket.check()
    assert not blank and blank.right == 0
    assert all(f.status == "unanswered" for f in blank.feedback)
    for q in ticket.questions:
        assert q.text.endswith(("?", ")", ".")) and q.expects


def test_exit_tickets_are_recorded_as_such(tmp_path: Path) -> None:
    record_to(tmp_path, pupil="Ada")
    result = exit_ticket().check(10, "9", "twelve")
    stop_recording()
    assert result.right == 1 and "1 of 3 right" in str(result)
    exercises = [r.exercise for r in load_results(tmp_path).records]
    assert exercises == ["exit 1: check_perimeter('T tetromino')",
                         "exit 2: check_ring_size('T tetromino')",
                         "exit 3: check_fewest_ring(9)"]
    with pytest.raises(TypeError, match="3 questions"):
        exit_ticket().check(1, 2, 3, 4)


def test_a_ticket_question_with_several_answers() -> None:
    from paleowidgets.exercises.lesson02 import exit_ticket as ticket2
    q = ticket2().questions[2]
    assert q.mark([2, 2, 6]) and q.mark(("2", "2", "6"))
    assert q.mark(5).status == "unreadable" and q.mark(None).status == "unanswered"


# -- helpers the lessons call instead of showing plumbing (item 4) --------------------------

def test_lesson_helpers() -> None:
    from paleowidgets.core.enclosure import perimeter, ring_of
    from paleowidgets.exercises.lesson04 import turn
    from paleowidgets.exercises.lesson05 import shape_map
    from paleowidgets.exercises.lesson09 import gathered, robot_game

    t = turn("I hatch H1 H2 H3 H4 H5", stars=["plus-one"])
    assert str(t.shape) == "I" and len(t.cells) == 5 and t.stars == ("plus-one",)
    hollow = shape_map("### #.# ###", "A hollow fossil")
    cells = hollow.fossil("A").cells
    assert (len(cells), perimeter(cells), len(ring_of(cells))) == (8, 16, 13)
    assert (hollow.width, hollow.height) == (7, 7)
    game = robot_game()
    assert set(game.players) == {"Greedy Gus", "Greedy Gina", "Random Rita"}
    seen = gathered(game)
    assert sorted(name for name, _, _ in seen.players) == sorted(game.players)
    assert seen.problems == []
