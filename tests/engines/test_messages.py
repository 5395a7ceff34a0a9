"""Message records (engines.base.messages): rendered in English and in Russian, names and plural forms."""

from __future__ import annotations

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from games.engines.base import IllegalAction, msg, name, plural
from games.engines.base.messages import Catalogues, untranslated

PO = r"""
msgid ""
msgstr ""
"Language: ru\n"
"Content-Type: text/plain; charset=UTF-8\n"

msgid "{block} moves to {area}."
msgstr "{block} идёт в область {area}."

msgid "{n} step lost"
msgid_plural "{n} steps lost"
msgstr[0] "потерян {n} шаг"
msgstr[1] "потеряно {n} шага"
msgstr[2] "потеряно {n} шагов"

msgid "Pass"
msgstr "Пас"

msgid "{unit} rallies."
msgstr "{unit}: восстановление."
"""
NAMES = {
    "block:Y_Warwick": {"en": "Warwick", "ru": "Уорик"},
    "area:Kent": {"en": "Kent", "ru": "Кент"},
    "type:LB": {"en": "longbowmen", "ru": "лучники"},
}


def catalogues(tmp_path) -> Catalogues:
    folder = tmp_path / "locale" / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "game.po").write_text(PO, encoding="utf-8")
    with (folder / "game.po").open("rb") as po, (folder / "game.mo").open("wb") as mo:
        write_mo(mo, read_po(po))
    return Catalogues(tmp_path, "game", NAMES)


def test_a_record_reads_in_either_language_with_its_names(tmp_path):
    texts = catalogues(tmp_path)
    record = msg("{block} moves to {area}.", block=name("block:Y_Warwick"), area=name("area:Kent"))
    assert texts.render(record, "en") == "Warwick moves to Kent."
    assert texts.render(record, "ru") == "Уорик идёт в область Кент."
    assert texts.render("Pass", "ru") == "Пас"
    assert texts.render("Pass", "de") == "Pass"  # a language we do not have reads English


def test_russian_has_three_plural_forms(tmp_path):
    texts = catalogues(tmp_path)
    forms = [texts.render(plural("{n} step lost", "{n} steps lost", n), "ru") for n in (1, 3, 5, 21, 11)]
    assert forms == ["потерян 1 шаг", "потеряно 3 шага", "потеряно 5 шагов", "потерян 21 шаг", "потеряно 11 шагов"]
    assert texts.render(plural("{n} step lost", "{n} steps lost", 2), "en") == "2 steps lost"


def test_a_name_missing_from_the_table_shows_its_id_and_records_nest(tmp_path):
    texts = catalogues(tmp_path)
    inner = msg("{block} moves to {area}.", block=name("block:L_Exeter"), area=name("area:Kent"))
    assert texts.render(msg("Log: {what}", what=inner), "en") == "Log: L_Exeter moves to Kent."
    assert texts.render([name("area:Kent"), name("block:Y_Warwick")], "ru") == "Кент, Уорик"


def test_a_line_a_name_opens_starts_with_a_capital_and_the_name_stays_lower_case_inside(tmp_path):
    texts = catalogues(tmp_path)
    rallies = msg("{unit} rallies.", unit=name("type:LB"))
    assert texts.render(rallies, "ru") == "Лучники: восстановление."
    assert texts.render(rallies, "en") == "Longbowmen rallies."
    assert texts.render(msg("Log: {what}", what=rallies), "ru") == "Log: лучники: восстановление."
    assert texts.render(name("type:LB"), "ru") == "лучники"  # a bare name is a word, not a line
    assert texts.render(plural("{n} step lost", "{n} steps lost", 1), "ru") == "потерян 1 шаг"  # the text's own


def test_an_illegal_action_keeps_its_record_and_says_it_in_english():
    error = IllegalAction(msg("{area} is not adjacent.", area=name("area:Kent")))
    assert error.message == {"msg": "{area} is not adjacent.", "args": {"area": {"name": "area:Kent"}}}
    assert str(error) == untranslated(error.message) == "Kent is not adjacent."
