"""Nine Years in English and Russian (issue 26, ARCHITECTURE §2.4): random positions, every choice label,
prompt (each role and a spectator), log event and result, and the map, panels and mail picture drawn with
``view["lang"]``. Russian output has no English word left; English output has no Cyrillic; every name exists."""

from __future__ import annotations

from functools import cache

import pytest

from games.engines.base.messages import LANGUAGES
from games.engines.nine_years import ENGINE
from games.engines.nine_years.data.cards import EVENT_CARDS
from games.engines.nine_years.data.leaders import LEADERS
from games.engines.nine_years.data.names import NAMES
from games.engines.nine_years.data.powers import POWERS, SIDES
from games.engines.nine_years.data.spaces import SPACES
from tests.engines.languages import Languages, every
from tests.engines.playouts import walk

SEEDS = (1, 2, 3, 4)
# Latin tokens the Russian rulebook itself uses, kept tiny: the regnal numbers of "Яков II", "Вильгельм III".
READER = Languages(ENGINE, allowed=frozenset({"II", "III"}))


@cache
def _positions(seed: int) -> tuple[dict, ...]:
    return tuple(walk(ENGINE, seed, steps=700))


@pytest.mark.parametrize("seed", SEEDS)
def test_every_record_reads_in_both_languages(seed: int) -> None:
    READER.check_game(_positions(seed))


def test_the_walks_meet_the_main_kinds_of_record() -> None:
    """The seeds above reach battles, moves and reinforcements, so the test covers them."""
    log = [ENGINE.text(e["text"], "en") for seed in SEEDS for e in _positions(seed)[-1]["log"]]
    for start in ("Battle of", "Resource points", "The Bourbon play", "King William"):
        assert any(text.startswith(start) for text in log), start


@pytest.mark.parametrize("seed", SEEDS[:2])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pictures_are_drawn_in_the_readers_language(seed: int, lang: str) -> None:
    positions = _positions(seed)
    for state in every(positions, max(1, len(positions) // 6)):
        READER.check_pictures(state, langs=[lang])


def test_every_name_has_both_languages() -> None:
    expected = [f"space:{s}" for s in SPACES] + [f"leader:{lid}" for lid in LEADERS]
    expected += [f"card:{c}" for c in EVENT_CARDS] + [f"side:{side}" for side in SIDES]
    expected += [f"{kind}:{power}" for power in POWERS for kind in ("power", "adj")]
    assert not [ref for ref in expected if ref not in NAMES]
    READER.check_names()


def test_the_catalogue_translates_every_engine_constant() -> None:
    READER.check_constants()
