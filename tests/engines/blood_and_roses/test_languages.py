"""Blood & Roses in Russian and English (ARCHITECTURE §2.4): positions from seeded games (random walks
and a combat-seeking game), every choice label, the prompt of each side and of a spectator, every log
event, the map, the panels and the picture: no English left in Russian, no Cyrillic in English, no
missing name."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest

from games.engines.base import Rng, State, msg
from games.engines.blood_and_roses import ENGINE
from games.engines.blood_and_roses.combat_results import eliminate
from games.engines.blood_and_roses.names import unit_name
from games.engines.blood_and_roses.policy import purposeful
from tests.engines.languages import Languages, every
from tests.engines.playouts import walk

# Tokens the Russian rulebook itself prints in Latin letters: the unit-type codes of its 2.2 ("Лучники с
# длинными луками (LB)"), which are also in our unit ids (Y-LB1); and the Roman numeral of Richard III.
READER = Languages(ENGINE, allowed=frozenset({"MM", "DM", "UH", "Cav", "Inf", "Lvy", "LB", "HG", "Art", "III"}))


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
def games() -> tuple[list[State], ...]:
    """Every 5th state of two random walks and every 4th of a combat-seeking game, each with its last."""
    walks = [every(list(walk(ENGINE, seed, steps=500)), 5) for seed in (1, 2)]
    return (*walks, every(list(combat_game(3)), 4))


def positions() -> list[State]:
    return [state for game in games() for state in game]


def test_the_games_meet_combat_and_the_end() -> None:
    log = " ".join(ENGINE.text(e["text"]) for e in positions()[-1]["log"])
    assert " shocks " in log or " charges " in log
    assert " fires at " in log


def test_every_choice_prompt_and_event_reads_in_russian_and_in_english() -> None:
    assert sum(READER.check_game(game) for game in games()) > 1000


def test_the_engine_texts_shown_by_the_platform_are_translated() -> None:
    READER.check_constants()


@pytest.mark.parametrize("role", [*ENGINE.roles, None])
def test_the_board_panels_and_picture_are_drawn_in_the_readers_language(role: str | None) -> None:
    for state in positions()[::12]:
        READER.check_pictures(state, roles=[role])


def test_the_russian_board_page_keeps_its_budget() -> None:
    """The board re-sent after each move: at most 90 KB also late in a battle (the combat game's last
    position draws 86 KB, the set-up 76 KB), the Russian words at most 6 % more than the English."""
    for state in (positions()[0], positions()[-1]):
        view = {**ENGINE.view(state, "york"), "layer_url": "/games/blood_and_roses/layers/"}
        russian, english = (len(ENGINE.render_svg({**view, "lang": lang}).encode()) for lang in ("ru", "en"))
        assert russian <= 90_000 and russian <= 1.06 * english


def test_the_log_names_units_by_name_also_once_they_left_the_map() -> None:
    ids = re.compile(r"\b(" + "|".join(map(re.escape, positions()[0]["units"])) + r")\b")
    lines = [ENGINE.text(e["text"], lang) for game in games() for e in game[-1]["log"] for lang in ("en", "ru")]
    assert any(" is eliminated (" in line for line in lines)
    assert [line for line in lines if ids.search(line)] == []


def test_an_eliminated_unit_keeps_its_name() -> None:
    state = ENGINE.setup(1, ENGINE.resolve_options({}))
    named = unit_name(state, "Y-LB1")
    eliminate(state, "Y-LB1", msg("combat result"))
    assert "Y-LB1" not in state["units"] and unit_name(state, "Y-LB1") == named
    eliminated, points = (e["text"] for e in state["log"][-2:])
    assert ENGINE.text(eliminated) == "Norfolk's longbowmen 1 is eliminated (combat result)."
    assert ENGINE.text(eliminated, "ru").startswith("Лучники с длинными луками 1 (Норфолк): ")
    assert ENGINE.text(points) == "York +2 FP (Norfolk's longbowmen 1 eliminated); now 2."


def test_a_russian_line_that_opens_with_a_unit_starts_with_a_capital_letter() -> None:
    opening = [e["text"] for game in games() for e in game[-1]["log"] if str(e["text"].get("msg")).startswith("{unit}")]
    assert len(opening) > 50
    assert [ENGINE.text(t, "ru") for t in opening if not ENGINE.text(t, "ru")[0].isupper()] == []
