"""Nine Years in English and Russian (issue 26, ARCHITECTURE §2.4): random positions, every choice label,
prompt (each role and a spectator), log event and result, and the map, panels and mail picture drawn with
``view["lang"]``. Russian output has no English word left; English output has no Cyrillic; every name exists."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from html import unescape
from typing import Any

import pytest

from games.engines.base.messages import LANGUAGES
from games.engines.nine_years import ENGINE
from games.engines.nine_years.data.cards import EVENT_CARDS
from games.engines.nine_years.data.leaders import LEADERS
from games.engines.nine_years.data.names import NAMES
from games.engines.nine_years.data.powers import POWERS, SIDES
from games.engines.nine_years.data.spaces import SPACES
from tests.engines.playouts import walk

SEEDS = (1, 2, 3, 4)
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# Latin tokens the Russian rulebook itself uses, kept tiny: the regnal numbers of "Яков II", "Вильгельм III".
ALLOWED_IN_RUSSIAN = frozenset({"II", "III"})


@cache
def _positions(seed: int) -> tuple[dict, ...]:
    return tuple(walk(ENGINE, seed, steps=700))


def _records(state: dict) -> Iterator[Any]:
    """Every record a player may read in this position."""
    for role in (*ENGINE.roles, None):
        yield ENGINE.view(state, role)["prompt"]
    for role in ENGINE.active_roles(state):
        for choice in ENGINE.legal_actions(state, role):
            yield choice["label"]
    if state["result"]:
        yield state["result"]["reason"]


def _names_used(record: Any) -> Iterator[str]:
    if isinstance(record, dict):
        if "name" in record:
            yield record["name"]
        for value in record.get("args", {}).values():
            yield from _names_used(value)
    elif isinstance(record, list):
        for item in record:
            yield from _names_used(item)


def _english_left(text: str) -> list[str]:
    return [w for w in LATIN_WORD.findall(text) if w not in ALLOWED_IN_RUSSIAN]


def _texts_of(markup: str) -> str:
    """The words a reader sees in SVG or HTML: text nodes and titles (tags and attribute names dropped)."""
    titles = " ".join(re.findall(r'title="([^"]*)"', markup))
    return unescape(re.sub(r"<[^>]+>", " ", markup) + " " + titles)


@pytest.mark.parametrize("seed", SEEDS)
def test_every_record_reads_in_both_languages(seed: int) -> None:
    positions = _positions(seed)
    records = [r for state in positions for r in _records(state)]
    records += [event["text"] for event in positions[-1]["log"]]
    for record in records:
        for ref in _names_used(record):
            assert ref in NAMES, ref
        russian, english = ENGINE.text(record, "ru"), ENGINE.text(record, "en")
        assert not _english_left(russian), (russian, record)
        assert not CYRILLIC.search(english), (english, record)


def test_the_walks_meet_the_main_kinds_of_record() -> None:
    """The seeds above reach battles, moves and reinforcements, so the test covers them."""
    log = [ENGINE.text(e["text"], "en") for seed in SEEDS for e in _positions(seed)[-1]["log"]]
    for start in ("Battle of", "Resource points", "The Bourbon play", "King William"):
        assert any(text.startswith(start) for text in log), start


@pytest.mark.parametrize("seed", SEEDS[:2])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pictures_are_drawn_in_the_readers_language(seed: int, lang: str) -> None:
    positions = _positions(seed)
    for state in positions[:: max(1, len(positions) // 6)] + positions[-1:]:
        for role in (*ENGINE.roles, None):
            view = {**ENGINE.view(state, role), "lang": lang}
            for markup in (ENGINE.render_svg(view), ENGINE.render_panels(view), ENGINE.render_picture(view)):
                shown = _texts_of(markup)
                if lang == "ru":
                    assert not _english_left(shown), _english_left(shown)
                else:
                    assert not CYRILLIC.search(shown)


def test_every_name_has_both_languages() -> None:
    expected = [f"space:{s}" for s in SPACES] + [f"leader:{lid}" for lid in LEADERS]
    expected += [f"card:{c}" for c in EVENT_CARDS] + [f"side:{side}" for side in SIDES]
    expected += [f"{kind}:{power}" for power in POWERS for kind in ("power", "adj")]
    assert not [ref for ref in expected if ref not in NAMES]
    for ref, entry in NAMES.items():
        assert entry["en"] and entry["ru"], ref
        assert not CYRILLIC.search(entry["en"]) and not _english_left(entry["ru"]), ref


def test_the_catalogue_translates_every_engine_constant() -> None:
    texts = [ENGINE.title, ENGINE.stand_in_notice, *ENGINE.changes.values()]
    texts += [option["label"] for option in ENGINE.options.values()]
    for text in texts:
        assert ENGINE.text(text, "ru") != text, text
