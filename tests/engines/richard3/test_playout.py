"""Random playouts finish, replay identically and are fast."""

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
        assert sum(1 for e in state["log"] if ENGINE.text(e["text"], "en").startswith("Usurpation count")) == 3


@pytest.mark.parametrize("scenario", ["1469", "1485"])
@pytest.mark.parametrize("seed", range(1, 6))
def test_short_scenario_playouts(seed, scenario):
    play = random_playout(ENGINE, seed, {"scenario": scenario})
    assert ENGINE.result(play.final_state) is not None
    assert state_hash(replay(ENGINE, seed, {"scenario": scenario}, play.actions)) == play.final_hash


@pytest.mark.rule("R3-1.0c", "R3-1.3a", "R3-1.4a")
def test_phase_order_within_a_game_turn():
    chooser_state = ENGINE.setup(11, {})
    seen = []
    state = chooser_state
    while state["turn"] == 1 and state["campaign"] == 1 and ENGINE.active_roles(state):
        if not seen or seen[-1] != state["phase"]:
            seen.append(state["phase"])
        role = ENGINE.active_roles(state)[0]
        state = ENGINE.apply(state, role, ENGINE.default_action(state, role))
    texts = [ENGINE.text(e["text"], "en") for e in state["log"]]
    order = [
        next(i for i, t in enumerate(texts) if t.startswith(p)) for p in ("Turn 1:", "Battle Phase", "Supply Phase")
    ]
    assert order == sorted(order)
    assert [p for p in seen if p != "redeal"][:2] == ["card", "action"]


@pytest.mark.rule("R3-8.0b")
def test_political_steps_in_order():
    play = random_playout(ENGINE, 12)
    texts = [ENGINE.text(e["text"], "en") for e in play.final_state["log"]]
    first = texts.index(next(t for t in texts if t.startswith("Political Turn")))
    usurp = texts.index(next(t for t in texts if t.startswith("Usurpation count")))
    reset = texts.index(next(t for t in texts if t.startswith("Campaign reset")))
    assert first < usurp < reset
