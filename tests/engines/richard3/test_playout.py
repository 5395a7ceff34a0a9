"""Random playouts finish, replay identically and are fast."""

import time

import pytest

from games.engines.base import state_hash
from games.engines.base.playout import random_playout, replay
from games.engines.richard3 import ENGINE


@pytest.mark.rule("R3-1.0a", "R3-1.0b", "R3-1.0c", "R3-1.0d", "R3-8.0a", "R3-8.0b")
@pytest.mark.parametrize("seed", range(1, 31))
def test_random_playout_finishes_and_replays(seed):
    play = random_playout(ENGINE, seed)
    state = play.final_state
    assert ENGINE.active_roles(state) == []
    result = ENGINE.result(state)
    assert result["winner"] in ENGINE.roles
    assert state_hash(replay(ENGINE, seed, None, play.actions)) == play.final_hash
    # Every game either ends by sudden death or after exactly 3 campaigns of 7 turns.
    if "Usurpation" in result["reason"]:
        assert state["campaign"] == 3 and state["turn"] == 7
        assert sum(1 for e in state["log"] if e["text"].startswith("Usurpation count")) == 3


@pytest.mark.parametrize("seed", range(1, 6))
def test_1485_playout(seed):
    play = random_playout(ENGINE, seed, {"scenario": "1485"})
    assert ENGINE.result(play.final_state) is not None


def test_random_game_is_fast():
    start = time.perf_counter()
    for seed in range(100, 105):
        random_playout(ENGINE, seed)
    assert (time.perf_counter() - start) / 5 < 1.0
