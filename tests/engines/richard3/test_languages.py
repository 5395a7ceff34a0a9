"""Richard III in English and Russian (issue 26, ARCHITECTURE §2.4): random positions' choices, prompts and
log events, and the pictures drawn with ``view["lang"]``, read in each language; every name exists."""

from __future__ import annotations

import re
from functools import cache

import pytest

from games.engines.base import State
from games.engines.richard3 import ENGINE
from tests.engines.languages import Languages, drawn_text, every, records_in
from tests.engines.playouts import walk

# Tokens the Russian rulebook itself writes in Latin letters: regnal numbers (Henry VI, Richard III).
READER = Languages(ENGINE, allowed=frozenset({"VI", "III"}))
ROLES = ("york", "lancaster", None)


@cache
def games() -> tuple[list[State], ...]:
    """Every 9th state of a few seeded random games, each scenario, and each game's last state."""
    scenarios = ((1, "1460"), (2, "1469"), (3, "1485"), (4, "1460"))
    return tuple(every(list(walk(ENGINE, seed, {"scenario": scenario}, steps=500)), 9) for seed, scenario in scenarios)


def test_every_name_used_is_in_the_table():
    records = [record for game in games() for state in game for record in READER.records(state)]
    used = {part["name"] for part in records_in(records) if "name" in part}
    assert used <= set(READER.catalogues.names), used - set(READER.catalogues.names)


def test_every_name_has_both_languages():
    READER.check_names()


def test_choices_prompts_and_events_are_russian_in_russian_and_english_in_english():
    assert sum(READER.check_game(game) for game in games()) > 1000


@pytest.mark.parametrize("role", ROLES)
def test_the_board_panels_and_picture_are_drawn_in_the_readers_language(role):
    for state in [state for game in games() for state in game][::4]:
        READER.check_pictures(state, roles=[role])


def test_engine_constant_texts_are_translated():
    READER.check_constants()


def test_every_msgid_of_the_catalogue_is_translated():
    from babel.messages.pofile import read_po

    with (READER.catalogues.localedir / "ru" / "LC_MESSAGES" / "richard3.po").open("rb") as po:
        catalogue = read_po(po)
    untranslated = [
        m.id for m in catalogue if m.id and not all(m.string if isinstance(m.string, tuple) else [m.string])
    ]
    assert not untranslated
    assert catalogue.plural_forms.startswith("nplurals=3;")


LATIN_RATING = re.compile(r"(?<![A-Za-z])[ABC][1-4]\b")
CYRILLIC_RATING = re.compile(r"(?<![А-Яа-яЁё])[АВС][1-4]\b")


def test_a_rating_reads_in_the_rulebooks_cyrillic_letters_in_russian():
    """3.12 «Боевой рейтинг»: «А2 или В3». The log, the board and its pictures use the letters of the rules
    page in Russian, the Latin ones in English; the stored log keeps the Latin."""
    events = [e["text"] for game in games() for e in game[-1]["log"] if "rating" in e["text"].get("args", {})]
    assert events and all(LATIN_RATING.fullmatch(e["args"]["rating"]) for e in events)
    russian = [ENGINE.text(e, "ru") for e in events]
    assert all(CYRILLIC_RATING.search(line) and not LATIN_RATING.search(line) for line in russian), russian[:3]
    assert all(LATIN_RATING.search(ENGINE.text(e, "en")) for e in events)
    view = ENGINE.view(games()[0][0], "york")
    for lang, letters, other in (("ru", CYRILLIC_RATING, LATIN_RATING), ("en", LATIN_RATING, CYRILLIC_RATING)):
        drawn = {**view, "lang": lang}
        for markup in (ENGINE.render_svg(drawn), ENGINE.render_picture(drawn)):
            words = drawn_text(markup)
            assert letters.search(words) and not other.search(words), lang
