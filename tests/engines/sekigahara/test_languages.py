"""Sekigahara in English and Russian (ARCHITECTURE §2.4): the choices, prompts and log of random games and
the pictures drawn from them read wholly in the reader's language, with every name in the names table."""

from __future__ import annotations

import pytest

from games.engines.base import msg, name
from games.engines.sekigahara.data.names import NAMES
from games.engines.sekigahara.engine import SekigaharaEngine
from tests.engines.languages import Languages
from tests.engines.playouts import walk

ENGINE = SekigaharaEngine()
# Block ids (I07, T12) are single letters and digits: nothing to allow.
READER = Languages(ENGINE)


@pytest.mark.parametrize("seed", range(3))
def test_random_games_read_in_either_language(seed: int) -> None:
    READER.check_game(list(walk(ENGINE, seed)))


@pytest.mark.parametrize("seed", range(2))
def test_pictures_are_drawn_in_the_readers_language(seed: int) -> None:
    states = list(walk(ENGINE, seed))
    for state in (states[0], states[len(states) // 2], states[-1]):
        READER.check_pictures(state)


def test_constant_texts_are_translated() -> None:
    READER.check_constants()


def test_a_russian_list_of_blocks_or_cards_reads_one_item_per_comma() -> None:
    """A design's kind is in brackets, never after a comma, so a list of them is not ambiguous."""
    drawn = msg(
        "You draw: {blocks}.",
        blocks=[name(f"face:{f}") for f in ("uesugi_leader", "uesugi_3", "ukita_2", "uesugi_gun")],
    )
    assert ENGINE.text(drawn, "ru") == "Вы вытягиваете: Уэсуги (лидер), Уэсуги 3, Укита 2, Уэсуги (аркебузы)."
    bid = msg("Bid {card}", card=msg("{card} [{bid}]", card=name("cardkind:kobayakawa_sword"), bid=3))
    assert ENGINE.text(bid, "ru") == "Ставка: Кобаякава (меч) [3]"
    assert [ref for ref, names in NAMES.items() if ", " in names["ru"]] == []
