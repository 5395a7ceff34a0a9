"""Rosenkönig in English and Russian (ARCHITECTURE §2.4): the choices, prompts and log of random games and
the pictures drawn from them read wholly in the reader's language, with every name in the names table."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from games.engines.rosenkoenig.engine import RosenkoenigEngine
from tests.engines.languages import CYRILLIC, Languages
from tests.engines.playouts import walk

ENGINE = RosenkoenigEngine()
# The card numerals are printed as Roman numerals in the Russian rulebook too.
READER = Languages(ENGINE, allowed=frozenset({"II", "III"}))


@pytest.mark.parametrize("seed", range(4))
def test_random_games_read_in_either_language(seed: int) -> None:
    READER.check_game(list(walk(ENGINE, seed)))


@pytest.mark.parametrize("seed", range(2))
def test_pictures_are_drawn_in_the_readers_language(seed: int) -> None:
    states = list(walk(ENGINE, seed))
    for state in (states[0], states[len(states) // 2], states[-1]):
        READER.check_pictures(state)


def test_constant_texts_are_translated() -> None:
    READER.check_constants()


@pytest.mark.parametrize(
    "action",
    [
        {"type": "draw", "card": "N1"},
        {"type": "pass"},
        {"type": "play"},
        {"type": "play", "card": "XX9"},
        {"type": "play", "card": "S3"},
        {"type": "hero", "card": "N1"},
    ],
    ids=str,
)
def test_refusals_read_in_russian(action: dict) -> None:
    state = ENGINE.setup(1, {})
    for role in ENGINE.roles:
        with pytest.raises(IllegalAction) as refused:
            ENGINE.apply(state, role, action)
        russian = ENGINE.text(refused.value.message, "ru")
        assert CYRILLIC.search(russian) and not CYRILLIC.search(ENGINE.text(refused.value.message, "en")), russian
