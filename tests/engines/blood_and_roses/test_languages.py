"""Blood & Roses in Russian and English (ARCHITECTURE §2.4): positions from seeded games (random walks
and a combat-seeking game), every choice label, the prompt of each side and of a spectator, every log
event, the map, the panels and the picture: no English left in Russian, no Cyrillic in English, no
missing name."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from html import unescape
from typing import Any

import pytest

from games.engines.base import Rng, State
from games.engines.blood_and_roses import ENGINE
from games.engines.blood_and_roses.data.names import NAMES
from games.engines.blood_and_roses.policy import purposeful
from tests.engines.playouts import walk

# Tokens the Russian rulebook itself prints in Latin letters: the unit-type codes of its 2.2 ("Лучники с
# длинными луками (LB)"), which are also in our unit ids (Y-LB1); and the Roman numeral of Richard III.
ALLOWED = {"MM", "DM", "UH", "Cav", "Inf", "Lvy", "LB", "HG", "Art", "III"}
LATIN = re.compile(r"[A-Za-z]{2,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def english_left(text: str) -> list[str]:
    return [word for word in LATIN.findall(text) if word not in ALLOWED]


def combat_game(seed: int, actions: int = 900) -> Iterator[State]:
    """A game where both sides seek battle (fire, shock, charge, rout, flight)."""
    chooser = Rng.from_seed(seed)
    state = ENGINE.setup(seed, ENGINE.resolve_options({}))
    yield state
    for _ in range(actions):
        roles = ENGINE.active_roles(state)
        if not roles:
            return
        role = roles[chooser.below(len(roles))]
        state = ENGINE.apply(state, role, purposeful(state, role, ENGINE.legal_actions(state, role), chooser)["action"])
        yield state


@cache
def positions() -> list[State]:
    states = [s for seed in (1, 2) for i, s in enumerate(walk(ENGINE, seed, steps=500)) if i % 5 == 0]
    return states + [s for i, s in enumerate(combat_game(3)) if i % 4 == 0]


def records(state: State) -> Iterator[Any]:
    """Every text a reader meets in this position, as records."""
    for role in ENGINE.roles:
        for choice in ENGINE.legal_actions(state, role):
            yield choice["label"]
    for role in (*ENGINE.roles, None):
        yield ENGINE.view(state, role)["prompt"]
    if state.get("result"):
        yield state["result"]["reason"]


def names_used(record: Any) -> Iterator[str]:
    if isinstance(record, dict):
        if "name" in record:
            yield record["name"]
        for value in record.get("args", {}).values():
            yield from names_used(value)
    elif isinstance(record, list):
        for item in record:
            yield from names_used(item)


def svg_texts(svg: str) -> list[str]:
    """The text nodes of an SVG or HTML fragment (titles and attribute titles included)."""
    nodes = re.findall(r">([^<>]+)<", svg) + re.findall(r'title="([^"]*)"', svg)
    return [unescape(node) for node in nodes if node.strip()]


def test_the_games_meet_combat_and_the_end() -> None:
    log = " ".join(ENGINE.text(e["text"]) for e in positions()[-1]["log"])
    assert " shocks " in log or " charges " in log
    assert " fires at " in log


def test_every_choice_prompt_and_event_reads_in_russian_and_in_english() -> None:
    seen = 0
    for state in positions():
        texts = list(records(state)) + [e["text"] for e in state["log"]]
        for record in texts:
            russian, english = ENGINE.text(record, "ru"), ENGINE.text(record, "en")
            assert not english_left(russian), (russian, english)
            assert not CYRILLIC.search(english), english
            for ref in names_used(record):
                assert ref in NAMES, ref
            seen += 1
    assert seen > 1000


def test_the_engine_texts_shown_by_the_platform_are_translated() -> None:
    constants = [ENGINE.title, ENGINE.stand_in_notice, *ENGINE.changes.values()]
    constants += [spec["label"] for spec in ENGINE.options.values()]
    for text in constants:
        assert not english_left(ENGINE.text(text, "ru")), text


@pytest.mark.parametrize("role", [*ENGINE.roles, None])
def test_the_board_panels_and_picture_are_drawn_in_the_readers_language(role: str | None) -> None:
    for state in positions()[::12]:
        view = ENGINE.view(state, role)
        for lang, check in (("ru", english_left), ("en", CYRILLIC.findall)):
            drawn = {**view, "lang": lang}
            for part in (
                ENGINE.render_svg(drawn),
                ENGINE.render_panels(drawn),
                ENGINE.render_picture(drawn),
            ):
                for node in svg_texts(part):
                    assert not check(node), (lang, node)


def test_the_russian_board_page_keeps_its_budget() -> None:
    for state in (positions()[0], positions()[-1]):
        view = {**ENGINE.view(state, "york"), "lang": "ru", "layer_url": "/games/blood_and_roses/layers/"}
        assert len(ENGINE.render_svg(view).encode()) <= 80_000
