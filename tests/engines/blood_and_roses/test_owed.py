"""Choices owed in the middle of a combat (retreats, facing, the advance after a retreat before combat) and
the rule fixes of engine version 3: stacking kept through several retreats, one leader check per result."""

from __future__ import annotations

import pytest

from games.engines.blood_and_roses import ENGINE

from .helpers import activate, fresh, keep_facings, only, play, put, rig, said, strike, types, walk
from .test_shock import against_two, shock_phase

W, E = 3, 0


def retreat_hexes(state: dict) -> list[str]:
    return [
        c["action"]["hex"] for c in ENGINE.legal_actions(state, state["decider"]) if c["action"]["type"] == "retreat"
    ]


@pytest.mark.rule("BR-10.0a", "BR-10.0g", "BR-14.4b", "BR-12.1f")
def test_a_second_retreat_is_never_offered_the_hex_the_first_took() -> None:
    state = against_two()
    rig(state, 9, 9)  # both defenders Retreat; each could go to 0705
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-Inf1", "target2": "L-Inf2"})
    assert [p["unit"] for p in state["pending"] if p["kind"] == "retreat"] == ["L-Inf1", "L-Inf2"]
    assert "0705" in retreat_hexes(state)
    state = play(state, "lancaster", {"type": "retreat", "hex": "0705"})
    assert state["pending"][0]["unit"] == "L-Inf2"
    assert retreat_hexes(state) == ["0606", "0706"]  # 0705 is taken now
    with pytest.raises(Exception, match="not legal for"):
        ENGINE.apply(state, "lancaster", {"type": "retreat", "hex": "0705"})
    state = keep_facings(play(state, "lancaster", {"type": "retreat", "hex": "0606"}))
    hexes = [u["hex"] for u in state["units"].values() if u["hex"]]
    assert len(hexes) == len(set(hexes))


@pytest.mark.rule("BR-14.4h", "BR-10.0g")
def test_a_retreat_left_without_a_hex_when_its_turn_comes_is_eliminated() -> None:
    state = only(fresh(), "Y-DM1", "L-Inf1", "L-Inf2", "L-Cav1", "L-MM1")
    put(state, "Y-DM1", "0505", E)
    put(state, "L-Inf1", "0604", W)
    put(state, "L-Inf2", "0605", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = play(activate(state, "van", "york"), "york", {"type": "end_moves"})
    rig(state, 9, 9)
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-Inf1", "target2": "L-Inf2"})
    state = play(state, "lancaster", {"type": "retreat", "hex": "0705"})
    assert retreat_hexes(state) == ["0606", "0706"]
    put(state, "L-Cav1", "0606", W)  # (hand-made) both hexes are taken before L-Inf2's turn comes
    put(state, "L-MM1", "0706", W)
    state["pending"].insert(0, {"kind": "face", "unit": "L-Inf1", "role": "lancaster"})
    state = play(state, "lancaster", {"type": "face", "facing": W})
    assert "L-Inf2" not in state["units"]
    assert any(
        ENGINE.text(e["text"]).startswith(said(state, "L-Inf2 is eliminated (cannot retreat)")) for e in state["log"]
    )


@pytest.mark.rule("BR-5.5e", "BR-14.4a")
def test_a_leader_with_a_retreating_defender_rolls_once() -> None:
    state = only(fresh(), "Y-Inf1", "L-Inf1")
    put(state, "Y-Inf1", "0505", E)
    put(state, "L-Inf1", "0605", W)
    state["leaders"]["warwick"]["hex"] = "0605"
    state["leaders"]["edward"]["hex"] = "0404"
    state = shock_phase(state)
    rig(state, 7, 6, 9)  # 7 + 1 = 8: Retreat; Warwick rolls 6 and lives (a second roll would be a 9)
    state = strike(state, "york", {"type": "shock", "unit": "Y-Inf1", "target": "L-Inf1"})
    state = keep_facings(play(state, "lancaster", {"type": "retreat", "hex": retreat_hexes(state)[0]}))
    assert not state["leaders"]["warwick"]["dead"]
    assert state["leaders"]["warwick"]["hex"] == state["units"]["L-Inf1"]["hex"]  # BR-7.1l: he went along


@pytest.mark.rule("BR-5.5e", "BR-14.1e", "BR-14.1d")
def test_a_leader_with_an_attacker_that_takes_retreat_or_disorder_is_checked() -> None:
    for choice in ("disorder", "retreat"):
        state = only(fresh(), "Y-Inf1", "L-DM1")
        put(state, "Y-Inf1", "0505", E, disordered=True)
        put(state, "L-DM1", "0605", W)
        state["leaders"]["edward"]["hex"] = "0505"
        state = shock_phase(state)
        state["markers"]["york"] = []  # no Near Miss to save him
        rig(state, 0, 8, 8)  # 0 - 2 = -2: attacker Retreat or Disorder; Edward rolls 8: killed
        state = strike(state, "york", {"type": "shock", "unit": "Y-Inf1", "target": "L-DM1"})
        assert state["leaders"]["edward"]["dead"]
        assert [ENGINE.text(e["text"]) for e in state["log"] if "attacker hit" in ENGINE.text(e["text"])] == [
            "Edward IV is killed (leader check 8, attacker hit)."
        ]
        assert set(types(ENGINE.legal_actions(state, "york"))) == {"retreat", "disorder"}
        action = {"type": "disorder"} if choice == "disorder" else {"type": "retreat", "hex": retreat_hexes(state)[0]}
        state = keep_facings(play(state, "york", action))
        assert state["phase"] == "shock" and sum("is killed" in ENGINE.text(e["text"]) for e in state["log"]) == 1


@pytest.mark.rule("BR-13.3b")
def test_a_knight_that_starts_the_shock_phase_next_to_an_enemy_may_not_charge() -> None:
    state = only(fresh(), "Y-MM1", "L-Inf1", "L-DM1")
    put(state, "Y-MM1", "0405", E)  # not adjacent to anyone when the activation starts
    put(state, "L-DM1", "0604", W)
    put(state, "L-Inf1", "0705", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-MM1"})
    state = walk(state, "york", "0505")  # next to L-DM1: the shock phase starts so
    state = play(state, "york", {"type": "done"})
    state = play(state, "york", {"type": "end_moves"})
    actions = [c["action"] for c in ENGINE.legal_actions(state, "york")]
    assert {"type": "shock", "unit": "Y-MM1", "target": "L-DM1"} in actions
    assert "charge" not in types(ENGINE.legal_actions(state, "york"))


@pytest.mark.rule("BR-14.5c")
def test_a_routed_unit_moves_one_hex_toward_its_banner_whatever_the_terrain_costs() -> None:
    state = only(fresh(), "L-Inf1")
    put(state, "L-Inf1", "1108", W, disordered=True, rout=True)  # the marsh (3 MP) lies toward its banner (2007)
    state = activate(state, "centre", "lancaster")
    assert state["acted"]["L-Inf1"]["mp"] == 1
    state = play(state, "lancaster", {"type": "select", "unit": "L-Inf1"})
    steps = [c["action"]["hex"] for c in ENGINE.legal_actions(state, "lancaster") if c["action"]["type"] == "move"]
    assert "1208" in steps and all(len(h) == 4 for h in steps)
    state = walk(state, "lancaster", "1208")
    assert "move" not in types(ENGINE.legal_actions(state, "lancaster"))  # one hex only
