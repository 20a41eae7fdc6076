"""The class game's code box (issue 13, item 4 of the codes): a pupil presses *My game
code* and copies the code; the teacher pastes the class's codes into *Game codes* and the
scoreboard builds from them, a damaged code left out with the reason in the widget's
language (never an English sentence from the code reader in a French or Korean widget)."""

from __future__ import annotations

import html

import pytest
from test_codes import draw_somewhere

from paleowidgets import i18n
from paleowidgets.core.codes import CodeError, decode_log, encode
from paleowidgets.core.logs import PlayerLog
from paleowidgets.data import load_map
from paleowidgets.widgets.classgame import ClassGameWidget

SEED = "TREX-4821"


def pupil(name: str, lang: str) -> ClassGameWidget:
    """A pupil's own laptop: one sheet, one turn played, the code shown by the button."""
    game = ClassGameWidget(load_map("first-dig"), seed=SEED, player=name, lang=lang)
    draw_somewhere(game.play)
    assert game.code_row.layout.display == "none"
    game.code_button.click()
    assert game.code_row.layout.display is None
    return game


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_pupils_hand_in_codes_and_the_teacher_pastes_them(lang: str) -> None:
    ada, bo = pupil("Ada", lang), pupil("Bo", lang)
    assert decode_log(ada.code_box.value).players == (PlayerLog("Ada", ada.play.turns),)
    damaged = bo.code_box.value[:-6] + ("A" if bo.code_box.value[-6] != "A" else "B") + \
        bo.code_box.value[-5:]
    puzzle_code = encode(load_map("first-dig"))
    teacher = ClassGameWidget(load_map("first-dig"), seed=SEED, player="Teacher", lang=lang)
    teacher.codes_box.value = "\n".join([ada.code_box.value, damaged, puzzle_code,
                                         bo.code_box.value])
    teacher.codes_button.click()
    results = teacher.results
    assert results is not None
    assert [n for n, _, _ in results.scoreboard()] == ["Ada", "Bo"]
    shown = html.unescape(teacher.codes_result.value)
    assert "Ada" in shown and "Bo" in shown
    damaged_words = i18n.t("class.problem.damaged", lang)
    kind_words = i18n.t("class.problem.kind", lang)
    assert results.problems == [
        i18n.t("class.problem", lang, file=i18n.t("class.code", lang, n=2),
               reason=damaged_words),
        i18n.t("class.problem", lang, file=i18n.t("class.code", lang, n=3), reason=kind_words)]
    assert damaged_words in shown and kind_words in shown
    if lang != "en":
        assert "bad code" not in shown and "checksum" not in shown


def test_nothing_pasted_says_so_and_other_dice_are_left_out() -> None:
    teacher = ClassGameWidget(load_map("first-dig"), seed=SEED, player="Teacher", lang="ko")
    assert teacher.load_codes() is None
    assert i18n.t("class.codes.empty", "ko") in html.unescape(teacher.codes_result.value)
    other = ClassGameWidget(load_map("first-dig"), seed="STEGO-5190", player="Cy", lang="ko")
    draw_somewhere(other.play)
    results = teacher.load_codes(other.show_code())
    assert results is not None and not results.players
    assert results.problems[0].endswith(i18n.t("class.problem.seed", "ko", seed=SEED))


def test_a_code_that_reads_but_breaks_the_rules_is_said_in_words() -> None:
    from paleowidgets.widgets.classgame import _game_of_code

    with pytest.raises(CodeError) as e:
        _game_of_code("G1-AAAA")
    assert e.value.why == "damaged"
    with pytest.raises(CodeError) as e:
        _game_of_code(encode(load_map("first-dig")))
    assert e.value.why == "kind"
    # a whole code whose game breaks the rules: an I on a roll of 5 and 6
    from paleowidgets.core.dice import roll_sequence
    from paleowidgets.core.logs import GameLog
    from paleowidgets.core.turns import Turn

    first_dig = load_map("first-dig")
    rolls = tuple(roll_sequence(SEED, first_dig.rounds)[:1])
    assert rolls == ((5, 6),)
    wrong = Turn.draw("I", "hatch", [(x, 0) for x in range(5)])
    code = encode(GameLog(first_dig, rolls, (PlayerLog("Ada", (wrong,)),)))
    with pytest.raises(CodeError) as e:
        _game_of_code(code)
    assert e.value.why == "content" and "shape-not-allowed" in e.value.message
    teacher = ClassGameWidget(first_dig, seed=SEED, player="Teacher", lang="fr")
    results = teacher.load_codes(code)
    assert results is not None
    assert results.problems == [i18n.t("class.problem", "fr", file="code 1",
                                       reason=i18n.t("class.problem.content", "fr"))]
