"""Codes for sharing (core/codes.py, ``paleo code`` / ``paleo decode``): every puzzle of the
collection, every shipped map and every golden game goes through a code and back equal in
content; a damaged code is a clean error (the checksum), never another puzzle; the widgets
open codes and the class game builds its scoreboard from pasted game codes."""

from __future__ import annotations

import base64
import contextlib
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paleowidgets.core.codes import (
    CodeError,
    decode,
    decode_document,
    decode_log,
    encode,
    file_text,
    same_content,
)
from paleowidgets.core.errors import PaleoError
from paleowidgets.core.files import load_file
from paleowidgets.core.logs import GameLog, PlayerLog
from paleowidgets.core.maps import Map, Puzzle, parse_document
from paleowidgets.data import MAP_NAMES, load_map, map_path

ROOT = Path(__file__).parent.parent
COLLECTION = sorted((ROOT / "puzzles").rglob("*.toml"))
GOLDEN = sorted(p for p in (Path(__file__).parent / "data" / "golden").glob("*.json")
                if p.name != "expected.json")
URL_SAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def round_trip(doc: Map | Puzzle | GameLog) -> str:
    code = encode(doc)
    assert set(code) <= URL_SAFE
    back = decode(code)
    assert same_content(back, doc)
    text, suffix = file_text(back)       # the file `paleo decode` writes reads back equal
    again = GameLog.from_json(text) if suffix == ".json" else parse_document(text)
    assert same_content(again, doc)
    return code


@pytest.mark.parametrize("path", COLLECTION, ids=[p.stem for p in COLLECTION])
def test_every_collection_puzzle_round_trips(path: Path) -> None:
    puzzle = load_file(path)
    assert isinstance(puzzle, Puzzle) and not puzzle.is_draft
    assert round_trip(puzzle).startswith("P1-")


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_every_golden_game_round_trips(path: Path) -> None:
    log = load_file(path)
    assert isinstance(log, GameLog)
    code = round_trip(log)
    assert code.startswith("G1-")
    # a shipped map goes by its name: the code is shorter than the same game inline
    inline = encode(GameLog(_renamed(log.document), log.rolls, log.players))
    assert len(code) < len(inline)


def _renamed(doc: Map | Puzzle) -> Map:
    assert isinstance(doc, Map)
    return parse_document(file_text(doc)[0].replace(f'name = "{doc.name}"',
                                                    'name = "Elsewhere"', 1))  # type: ignore[return-value]


@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_shipped_map_round_trips(name: str) -> None:
    m = load_map(name)
    assert round_trip(m) and parse_document(map_path(name).read_text()) == m
    # the names in other languages are not part of equality: checked on their own
    for back in (decode(encode(m)), parse_document(file_text(m)[0])):
        assert isinstance(back, Map) and back.names == m.names
        assert [f.names for f in back.fossils] == [f.names for f in m.fossils]
    assert m.names and any(f.names for f in m.fossils)


def test_a_puzzle_with_every_optional_part_round_trips() -> None:
    text = (ROOT / "tests" / "data" / "good" / "puzzle.toml").read_text(encoding="utf-8")
    base = parse_document(text)
    assert isinstance(base, Puzzle)
    extra = text.replace("[puzzle]", '[dice]\nshapes = { 1 = ["I"], 2 = ["T", "U", "X"], '
                         '3 = ["V"], 4 = ["F"], 5 = ["L"], 6 = ["N"] }\n'
                         'digs = { 1 = "dot", 2 = "dot", 3 = "dot", 4 = "hatch", '
                         '5 = "hatch", 6 = "chevron" }\n\n[puzzle]\n'
                         'story = "Ünïcode ☃ and \\"quotes\\"\\nover two lines"\n'
                         'bonuses = { switch-shape = 2, plus-one = 1 }\n'
                         'difficulty = "expert"', 1)
    draft = parse_document(extra.split("optimum")[0] if "optimum" in extra else extra)
    assert isinstance(draft, Puzzle) and draft.map.dice != base.map.dice
    round_trip(draft)


def test_the_wrong_kind_of_code_is_a_clear_error() -> None:
    game = encode(load_file(GOLDEN[0]))
    with pytest.raises(CodeError, match="code of a game"):
        decode_document(game)
    with pytest.raises(CodeError, match="code of a map or puzzle"):
        decode_log(encode(load_map("first-dig")))


# ---------------------------------------------------------------------------------------
# Damaged codes


SAMPLE = encode(load_file(COLLECTION[0]))
SAMPLE_DOC = load_file(COLLECTION[0])


@pytest.mark.parametrize(("code", "says"), [
    ("", "starts with P1-"),
    ("hello", "starts with P1-"),
    ("P2-" + SAMPLE[3:], "version '2'"),
    (SAMPLE[:-7], "cut or changed"),
    (SAMPLE[:40], "cut or changed"),
    (SAMPLE + "A", "cut or changed"),
    (SAMPLE[:20] + "!" + SAMPLE[21:], "only the letters"),
    (SAMPLE.replace("P1-", "G1-"), "cut or changed"),
])
def test_damaged_codes_say_so(code: str, says: str) -> None:
    with pytest.raises(CodeError, match=says):
        decode(code)


def test_a_code_broken_over_lines_still_reads() -> None:
    wrapped = "\n".join(SAMPLE[i:i + 30] for i in range(0, len(SAMPLE), 30))
    assert decode("  " + wrapped + "\n") == SAMPLE_DOC


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=len(SAMPLE) - 1),
       st.sampled_from(sorted(URL_SAFE)))
def test_any_changed_character_is_caught(at: int, ch: str) -> None:
    changed = SAMPLE[:at] + ch + SAMPLE[at + 1:]
    try:
        got = decode(changed)
    except PaleoError:
        return
    # only a change that leaves the bytes as they were (the unused bits of the last
    # base64 character) may decode, and then to the same puzzle
    assert got == SAMPLE_DOC


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_code_or_a_clean_error(text: str) -> None:
    with contextlib.suppress(PaleoError):
        decode(text)


def _wrapped(kind: str, data: bytes, flag: int) -> str:
    body = bytes([flag]) + (zlib.compress(data, 9, wbits=-15) if flag else data)
    body += zlib.crc32(body, zlib.crc32(f"{kind}1-".encode())).to_bytes(4, "big")
    return f"{kind}1-" + base64.urlsafe_b64encode(body).decode().rstrip("=")


@settings(max_examples=400, deadline=None)
@given(st.sampled_from("PG"), st.binary(max_size=200), st.integers(0, 1))
def test_garbage_with_a_good_checksum_is_a_clean_error(kind: str, data: bytes,
                                                       flag: int) -> None:
    """Past the checksum, the reader still trusts nothing: any bytes end in a PaleoError
    (or, by chance, a valid document), never in another exception."""
    with contextlib.suppress(PaleoError):
        decode(_wrapped(kind, data, flag))


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(1, 3))
def test_a_valid_code_cut_short_is_caught(seed: int, cut: int) -> None:
    code = encode(load_file(COLLECTION[seed % len(COLLECTION)]))
    with pytest.raises(CodeError):
        decode(code[:-cut - seed % 9])


# ---------------------------------------------------------------------------------------
# The command


def test_paleo_code_and_decode(paleo: Any, tmp_path: Path) -> None:
    src = COLLECTION[-1]
    run = paleo("code", src)
    assert run.code == 0 and run.err == ""
    code = run.out.strip()
    assert "\n" not in code and code.startswith("P1-")
    out = tmp_path / "back.toml"
    run = paleo("decode", code, "-o", out)
    assert run.code == 0, run.err
    assert load_file(out) == load_file(src)
    run = paleo("puzzles", "verify", out)
    assert run.code == 0, run.err
    # an existing file is kept unless --force; the suffix must fit what the code holds
    run = paleo("decode", code, "-o", out)
    assert run.code == 2 and "exists" in run.err and len(run.err_lines) == 1
    assert paleo("decode", code, "-o", out, "--force").code == 0
    run = paleo("decode", code, "-o", tmp_path / "back.json")
    assert run.code == 2 and ".toml" in run.err and not (tmp_path / "back.json").exists()
    run = paleo("code", "--json", src)
    (obj,) = run.json_lines()
    assert obj["code"] == code and obj["length"] == len(code) and obj["kind"] == "puzzle"


def test_paleo_decode_a_game_writes_a_log_that_scores_the_same(paleo: Any,
                                                                tmp_path: Path) -> None:
    src = GOLDEN[0]
    code = paleo("code", src).out.strip()
    out = tmp_path / "game.json"
    assert paleo("decode", code, "-o", out).code == 0
    assert paleo("score", "--json", out).out == paleo("score", "--json", src).out


def test_paleo_decode_a_damaged_code_is_one_line_exit_2(paleo: Any, tmp_path: Path) -> None:
    out = tmp_path / "x.toml"
    run = paleo("decode", SAMPLE[:-3] + ("A" if SAMPLE[-3] != "A" else "B") + SAMPLE[-2:],
                "-o", out)
    assert run.code == 2 and len(run.err_lines) == 1 and "bad code" in run.err
    assert not out.exists()


# ---------------------------------------------------------------------------------------
# Widgets and the class game


def test_puzzle_and_replay_widgets_open_codes() -> None:
    from paleowidgets.widgets.puzzle import PuzzleWidget
    from paleowidgets.widgets.replay import ReplayWidget

    w = PuzzleWidget.from_code(SAMPLE, "en")
    assert w.puzzle == SAMPLE_DOC
    log = load_file(GOLDEN[0])
    assert isinstance(log, GameLog)
    r = ReplayWidget.from_code(encode(log), player=1, round=3)
    assert r.states == log.replay()[1] and r.round == 3
    with pytest.raises(ValueError, match="holds a map"):
        PuzzleWidget.from_code(encode(load_map("first-dig")))
    with pytest.raises(CodeError):
        ReplayWidget.from_code(SAMPLE)


def test_class_game_scoreboard_from_pasted_codes() -> None:
    from paleowidgets.widgets.classgame import load_class_codes

    log = load_file(GOLDEN[0])
    assert isinstance(log, GameLog)
    codes = [encode(GameLog(log.document, log.rolls, (p,))) for p in log.players]
    broken = codes[0][:-5] + ("A" if codes[0][-5] != "A" else "B") + codes[0][-4:]
    wrapped = codes[1][:25] + "\n" + codes[1][25:]      # an e-mail broke the line
    pasted = f"{codes[0]}\n\n{wrapped}\n{broken}\n"
    results = load_class_codes(pasted, lang="en")
    finals = {p.name: s[-1].score().total for p, s in zip(log.players, log.replay(),
                                                          strict=True)}
    assert sorted(results.scoreboard()) == sorted((n, t, len(log.rolls))
                                                  for n, t in finals.items())
    # the damaged code is left out with the reason; the first copy of a name is kept
    assert len(results.problems) == 1
    assert results.problems[0] == ("code 3 is left out: the code is damaged (cut or changed): "
                                   "copy the whole code again")


def draw_somewhere(play: Any) -> None:
    """Roll, take the first choice, and click cells in reading order until one draws."""
    play.roll_dice()
    play.select(*play.choices()[0])
    g = play.game
    for cell in [(x, y) for y in range(g.height) for x in range(g.width)]:
        play.click(cell)
        if play.table.pending is not None:
            play.choose_stars(play.star_options()[0])
        if play.turns:
            return
    raise AssertionError("nothing could be drawn")


def test_a_pupils_class_game_hands_in_a_code() -> None:
    from paleowidgets.widgets.classgame import ClassGameWidget, load_class_codes

    game = ClassGameWidget(load_map("first-dig"), seed="TREX-4821", player=["Ada", "Bo"])
    for name in ("Ada", "Bo"):
        game.show(name)
        draw_somewhere(game.play)
    codes = [game.player_code(n) for n in game.players]
    results = load_class_codes(codes, seed="TREX-4821", lang="fr")
    assert [n for n, _, _ in results.players] == ["Ada", "Bo"] and not results.problems
    assert {n: r for n, _, r in results.scoreboard()} == {"Ada": 1, "Bo": 1}
    assert decode_log(codes[0]).players == (PlayerLog("Ada", game.plays["Ada"].turns),)


def test_an_empty_grid_with_a_solution_is_a_clean_error() -> None:
    # flags: puzzle; name ""; width 0, height 0; then a would-be solution
    data = bytes([1, 0, 0, 0]) + bytes(20)
    with pytest.raises(CodeError, match="grid is 0x0"):
        decode(_wrapped("P", data, 0))
