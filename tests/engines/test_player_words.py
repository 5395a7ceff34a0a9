"""Players read "the rulebook", never "the seed" (the project's word for the source rulebooks, and the random
generator's): not on a rules page, a card, a name, a label, a prompt, an event or a picture, in either
language."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from games import engines
from games.engines.nine_years import decks
from games.engines.nine_years.data.cards import EFFECT_TEXTS, EVENT_CARDS
from games.engines.nine_years.texts import RETIRED_TEXTS
from games.rules_pages import rules_sections, stand_ins_html

from .languages import Languages, drawn_text, every
from .playouts import walk

SEED = re.compile(r"\bseed|\bсид\b", re.IGNORECASE)  # not «сидит», «субсидии»
ENGINES = engines.all()
ENGINES_BY_SLUG = {engine.slug: engine for engine in ENGINES}


def seed_words(text: str) -> list[str]:
    return SEED.findall(text)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_no_player_facing_markdown_says_seed(engine):
    package = Path(sys.modules[type(engine).__module__].__file__).parent
    notes = list(package.glob("*.md"))
    assert notes, package
    for path in notes:
        assert seed_words(path.read_text(encoding="utf-8")) == [], path
    for lang in ("en", "ru"):
        pages = [stand_ins_html(engine.slug, lang), *(section.html for section in rules_sections(engine.slug, lang))]
        assert all(seed_words(html) == [] for html in pages), (engine.slug, lang)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_no_name_option_note_or_notice_says_seed(engine):
    checks = Languages(engine)
    for constant in checks.constants():
        for lang in ("en", "ru"):
            assert seed_words(engine.text(constant, lang)) == [], constant
    for ref, entry in checks.catalogues.names.items():
        assert seed_words(" ".join(entry.values())) == [], ref


def test_no_nine_years_card_says_seed():
    assert all(seed_words(text) == [] for text in EFFECT_TEXTS.values())
    for card in EVENT_CARDS:
        for lang in ("en", "ru"):
            assert seed_words(ENGINES_BY_SLUG["nine_years"].text(decks.event_text(card), lang)) == [], card


def test_an_event_stored_by_an_older_version_reads_in_the_current_words():
    engine = ENGINES_BY_SLUG["nine_years"]
    for old, new in RETIRED_TEXTS.items():
        stored = {
            "msg": "The {side} draw the event “{card}”: {effect}",
            "args": {"side": {"name": "side:bourbon"}, "card": {"name": "card:E12"}, "effect": {"msg": old}},
        }
        assert engine.text({"msg": old}, "en") == new
        assert "7.2.1d–h" in engine.text(stored, "en") and not seed_words(engine.text(stored, "en"))
        assert engine.text({"msg": old}, "ru") == engine.text({"msg": new}, "ru") != new


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
@pytest.mark.parametrize("seed", [1, 2])
def test_no_label_prompt_event_or_picture_of_a_random_game_says_seed(engine, seed):
    checks = Languages(engine)
    states = list(walk(engine, seed, steps=400))
    read = 0
    for state in every(states, 40):
        records = [*checks.records(state), *(event["text"] for event in state["log"])]
        for record in records:
            assert seed_words(engine.text(record, "en")) == [], record
        read += len(records)
        for role in (*engine.roles, None):
            view = {**engine.view(state, role), "lang": "en"}
            for markup in (engine.render_svg(view), engine.render_panels(view)):
                assert seed_words(drawn_text(markup)) == [], (engine.slug, role)
    assert read > 0
