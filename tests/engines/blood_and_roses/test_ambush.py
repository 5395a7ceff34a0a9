"""Ambush (16.1) on the test battle: Y-Cav2 waits off the map with entry hexes 0901 and 1001."""

from __future__ import annotations

import pytest

from games.engines.blood_and_roses import ENGINE

from .helpers import fresh, keep_facings, play, put, types, walk


@pytest.mark.rule("BR-16.1a", "BR-16.1b", "BR-16.1c", "BR-16.1d", "BR-16.1e")
def test_the_ambushing_cavalry_enters_at_double_speed_and_strikes() -> None:
    state = fresh()
    put(state, "L-Inf1", "1102", 3, disordered=True)  # a Disordered enemy near the ambush entry
    put(state, "L-DM1", "1203", 3)
    assert "ambush" in types(ENGINE.legal_actions(state, "york"))
    state = play(state, "york", {"type": "ambush"})
    assert list(state["acted"]) == ["Y-Cav2"]  # only the ambusher acts
    assert state["acted"]["Y-Cav2"]["in_command"] and state["acted"]["Y-Cav2"]["mp"] == 16
    state = play(state, "york", {"type": "select", "unit": "Y-Cav2"})
    entry = {c["action"]["hex"] for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "enter"}
    assert entry == {"0901", "1001"}
    state = play(state, "york", {"type": "enter", "hex": "0901"})
    state = walk(state, "york", "1001")  # next to L-Inf1 (1102): it stops
    assert state["acted"]["Y-Cav2"]["mp"] == 0
    state = play(state, "york", {"type": "done"})
    assert state["units"]["L-Inf1"]["hex"] != "1102" or state["phase"] == "pending"
    if state["pending"] and state["pending"][0]["kind"] == "retreat":
        state = play(state, "lancaster", ENGINE.legal_actions(state, "lancaster")[0]["action"])
    state = keep_facings(state)
    assert state["units"]["L-Inf1"]["hex"] != "1102" and not state["leaders"]["warwick"]["dead"]
    state = play(state, "york", {"type": "end_moves"})
    assert state["phase"] == "shock"  # it may then shock as usual
    state = play(state, "york", {"type": "end_shock"})
    assert state["units"]["Y-Cav2"]["battle"] == "rear" and state["battles"]["rear"]["initial"] == 5
    assert "ambush" not in types(ENGINE.legal_actions(state, state["decider"]))
