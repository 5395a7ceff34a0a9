"""Richard III in English and Russian (issue 26, ARCHITECTURE §2.4): random positions' choices, prompts and
log events, and the pictures drawn with ``view["lang"]``, read in each language; every name exists."""

from __future__ import annotations

import re
from functools import cache
from html import unescape
from typing import Any

import pytest

from games.engines.base.messages import LANGUAGES
from games.engines.richard3 import ENGINE
from games.engines.richard3.data.names import NAMES
from tests.engines.playouts import walk

LATIN = re.compile(r"[A-Za-z]{2,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# Tokens the Russian rulebook itself writes in Latin letters: regnal numbers (Henry VI, Richard III).
ALLOWED = {"VI", "III"}
ROLES = ("york", "lancaster", None)


@cache
def positions() -> list[dict]:
    """Every 9th state of a few seeded random games, each scenario, and each game's last state."""
    out = []
    for seed, scenario in ((1, "1460"), (2, "1469"), (3, "1485"), (4, "1460")):
        states = list(walk(ENGINE, seed, {"scenario": scenario}, steps=500))
        out += [*states[::9], states[-1]]
    return out


def records(state: dict) -> list[Any]:
    """Every text a player may read in this state: labels of every role's choices, prompts, log events."""
    out: list[Any] = []
    for role in ENGINE.active_roles(state):
        out += [c["label"] for c in ENGINE.legal_actions(state, role)]
    for role in ROLES:
        out.append(ENGINE.view(state, role)["prompt"])
    out += [event["text"] for event in state["log"][-40:]]
    return out


def names_used(record: Any) -> list[str]:
    if isinstance(record, dict):
        found = [record["name"]] if "name" in record else []
        return found + [ref for value in record.get("args", {}).values() for ref in names_used(value)]
    if isinstance(record, list):
        return [ref for item in record for ref in names_used(item)]
    return []


def english_left(text: str) -> list[str]:
    return [word for word in LATIN.findall(text) if word not in ALLOWED]


def test_every_name_used_is_in_the_table():
    missing = {ref for state in positions() for record in records(state) for ref in names_used(record)} - set(NAMES)
    assert not missing


def test_every_name_has_both_languages():
    assert all(set(LANGUAGES) <= set(entry) for entry in NAMES.values())
    assert all(not english_left(entry["ru"]) and not CYRILLIC.search(entry["en"]) for entry in NAMES.values())


def test_choices_prompts_and_events_are_russian_in_russian_and_english_in_english():
    seen = 0
    for state in positions():
        for record in records(state):
            russian, english = ENGINE.text(record, "ru"), ENGINE.text(record, "en")
            assert not english_left(russian), (russian, record)
            assert not CYRILLIC.search(english), (english, record)
            seen += 1
    assert seen > 1000


def picture_words(markup: str) -> list[str]:
    """The words of an SVG or HTML fragment a reader sees: text nodes, titles and aria-labels."""
    texts = re.findall(r">([^<>]+)<", markup) + re.findall(r'aria-label="([^"]*)"', markup)
    return [unescape(t) for t in texts if t.strip()]


@pytest.mark.parametrize("role", ROLES)
def test_the_board_panels_and_picture_are_drawn_in_the_readers_language(role):
    for state in positions()[::4]:
        view = ENGINE.view(state, role)
        for lang in LANGUAGES:
            view["lang"] = lang
            for markup in (ENGINE.render_svg(view), ENGINE.render_panels(view), ENGINE.render_picture(view)):
                for words in picture_words(markup):
                    if lang == "ru":
                        assert not english_left(words), words
                    else:
                        assert not CYRILLIC.search(words), words


def test_engine_constant_texts_are_translated():
    for words in (ENGINE.title, *ENGINE.changes.values(), *(option["label"] for option in ENGINE.options.values())):
        assert CYRILLIC.search(ENGINE.text(words, "ru")) and not english_left(ENGINE.text(words, "ru"))


def test_every_msgid_of_the_catalogue_is_translated():
    from babel.messages.pofile import read_po

    from games.engines.richard3.texts import CATALOGUES

    with (CATALOGUES.localedir / "ru" / "LC_MESSAGES" / "richard3.po").open("rb") as po:
        catalogue = read_po(po)
    untranslated = [
        m.id for m in catalogue if m.id and not all(m.string if isinstance(m.string, tuple) else [m.string])
    ]
    assert not untranslated
    assert catalogue.plural_forms.startswith("nplurals=3;")
