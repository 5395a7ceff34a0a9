"""Sekigahara in English and Russian (ARCHITECTURE §2.4): the choices, prompts and log of random games and
the pictures drawn from them read wholly in the reader's language, with every name in the names table."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from games.engines.sekigahara.data.names import NAMES
from games.engines.sekigahara.engine import SekigaharaEngine
from games.engines.sekigahara.texts import CATALOGUES
from tests.engines.playouts import walk

ENGINE = SekigaharaEngine()
# Block ids (I07, T12) are single letters and digits: nothing to allow.
ALLOWED: set[str] = set()
LATIN = re.compile(r"[A-Za-z]{2,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _texts(seed: int) -> Iterator[Any]:
    """Every label, prompt (each role and a spectator), log event and result of a seeded random game."""
    for state in walk(ENGINE, seed):
        for role in ENGINE.active_roles(state):
            yield from (choice["label"] for choice in ENGINE.legal_actions(state, role))
        for role in (*ENGINE.roles, None):
            yield ENGINE.view(state, role)["prompt"]
    yield from (event["text"] for event in state["log"])
    result = ENGINE.result(state)
    if result:
        yield result["reason"]


def _records(record: Any) -> Iterator[dict]:
    """The record and every record inside its arguments."""
    if isinstance(record, list):
        for item in record:
            yield from _records(item)
    elif isinstance(record, dict):
        yield record
        for value in record.get("args", {}).values():
            yield from _records(value)


def english_words(text: str) -> list[str]:
    return [word for word in LATIN.findall(text) if word not in ALLOWED]


@pytest.mark.parametrize("seed", range(3))
def test_random_games_read_in_either_language(seed: int) -> None:
    catalogue = CATALOGUES.get("ru").translations._catalog  # type: ignore[attr-defined]
    for record in _texts(seed):
        russian, english = ENGINE.text(record, "ru"), ENGINE.text(record, "en")
        assert not english_words(russian), russian
        assert not CYRILLIC.search(english), english
        for part in [record] if isinstance(record, str) else _records(record):
            if isinstance(part, str) or "msg" in part:
                key = part if isinstance(part, str) else part["msg"]
                key = (key, 0) if isinstance(part, dict) and "plural" in part else key
                assert key in catalogue, key
            if isinstance(part, dict) and "name" in part:
                assert part["name"] in NAMES, part["name"]


def _drawn_text(markup: str) -> str:
    """The words a reader meets in a picture or panel: text nodes, titles and labels."""
    words = re.findall(r">([^<>]+)<", markup)
    words += re.findall(r'(?:title|aria-label)="([^"]*)"', markup)
    return " ".join(words)


@pytest.mark.parametrize("seed", range(2))
def test_pictures_are_drawn_in_the_readers_language(seed: int) -> None:
    states = list(walk(ENGINE, seed))
    for state in (states[0], states[len(states) // 2], states[-1]):
        for role in (*ENGINE.roles, None):
            view = {**ENGINE.view(state, role), "lang": "ru"}
            for markup in (ENGINE.render_svg(view), ENGINE.render_panels(view), ENGINE.render_picture(view)):
                assert not english_words(_drawn_text(markup)), english_words(_drawn_text(markup))
            view["lang"] = "en"
            assert not CYRILLIC.search(ENGINE.render_picture(view) + ENGINE.render_panels(view))


def test_constant_texts_are_translated() -> None:
    labels = [option["label"] for option in ENGINE.options.values()]
    for constant in (ENGINE.title, ENGINE.stand_in_notice, *ENGINE.changes.values(), *labels):
        assert CYRILLIC.search(ENGINE.text(constant, "ru")), constant
