"""SK-5: the set-up."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engines.sekigahara import ENGINE
from games.engines.sekigahara.data.setup import FIXED

from .helpers import fresh


def _on(state: dict, loc: str) -> Counter:
    return Counter(state["faces"][b] for b, w in state["where"].items() if w == loc)


@pytest.mark.rule("SK-5.1a", "SK-5.1b", "SK-3.3b", "SK-6.2a", "SK-6.3f")
def test_marker_week_1_hands_of_5_and_bid_first() -> None:
    state = fresh(5)
    assert state["week"] == 1 and state["turn"] == "A"
    assert len(state["hands"]["ishida"]) == 5 and len(state["hands"]["tokugawa"]) == 5
    assert len(state["decks"]["ishida"]) == 50
    # week 1 skips the Reinforcement step and starts with the bid
    assert state["phase"] == "bid" and sorted(ENGINE.active_roles(state)) == ["ishida", "tokugawa"]
    # decks are shuffled separately: different seeds give different orders
    assert fresh(6)["decks"]["ishida"] != state["decks"]["ishida"] or fresh(6)["cards"] != state["cards"]


@pytest.mark.rule("SK-5.1c", "SK-5.2.1a", "SK-5.1d", "SK-9.3a", "SK-4.4c")
def test_fixed_blocks_on_their_symbols() -> None:
    state = fresh(8)
    for loc, faces in FIXED.items():
        where = "mori" if loc == "mori_box" else loc
        have = _on(state, where)
        for f, n in Counter(faces).items():
            assert have[f] >= n, (loc, f)
    assert sorted(_on(state, "mori").elements()) == ["mori_3"] * 4 + ["mori_terumoto"]
    # the Mori area is face up: everyone sees it
    assert len(ENGINE.view(state, "tokugawa")["mori_area"]) == 5


@pytest.mark.rule("SK-5.2.2a", "SK-5.2.2b", "SK-5.2.2c", "SK-5.2.2d", "SK-5.2.3a", "SK-4.4a")
def test_random_blocks_and_first_reinforcements() -> None:
    state = fresh(9)
    count = Counter(w for w in state["where"].values())
    ishida_on_map = sum(1 for b, w in state["where"].items() if b[0] == "I" and w not in ("bag", "reinf", "mori"))
    tokugawa_on_map = sum(1 for b, w in state["where"].items() if b[0] == "T" and w not in ("bag", "reinf", "mori"))
    assert ishida_on_map == 9 + 10 and tokugawa_on_map == 14 + 8
    assert count["reinf"] == 8 and count["bag"] == 20 + 22
    # +N markers: Ueda gets 3 gold blocks, Miyazu one black
    assert sum(1 for b, w in state["where"].items() if w == "ueda") == 3
    assert sum(1 for b, w in state["where"].items() if w == "miyazu") == 1
    # random blocks are hidden from the opponent but seen by their owner
    assert "blocks" not in ENGINE.view(state, "tokugawa")["stacks"]["ueda"]["ishida"]
    assert len(ENGINE.view(state, "ishida")["stacks"]["ueda"]["ishida"]["blocks"]) == 3


@pytest.mark.rule("SK-4.2c", "SK-4.5a", "SK-4.3a")
def test_initial_control() -> None:
    state = fresh(2)
    assert state["resources"]["kyoto"] == "ishida" and state["resources"]["edo"] == "tokugawa"
    assert state["resources"]["kuwana"] is None  # neutral
    assert state["castles"]["osaka"] == "ishida" and state["castles"]["okazaki"] == "tokugawa"
    assert ENGINE.view(state, None)["scores"] == {"ishida": 9, "tokugawa": 11}
