"""Missile fire: active, return and reaction fire, reliability, leaders hit, results by fire."""

from __future__ import annotations

import pytest

from games.engines.blood_and_roses import ENGINE

from .helpers import activate, fresh, only, play, put, rig, said, types, walk


def firing(*units: str) -> dict:
    return activate(only(fresh(), *units), "van", "york")


@pytest.mark.rule("BR-11.2a", "BR-11.2b", "BR-11.2c", "BR-11.3a", "BR-11.3b", "BR-14.2a", "BR-2.3b")
def test_active_fire_rolls_on_the_table_and_ends_movement() -> None:
    state = firing("Y-LB1", "L-Inf1")
    put(state, "L-Inf1", "0505", 0)  # range 2, facing away: no return fire
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    rig(state, 6)  # 6 + 0 = 6: "D" on the stand-in foot column
    state = play(state, "york", {"type": "fire", "target": "L-Inf1"})
    assert state["units"]["L-Inf1"]["disordered"]
    assert state["acted"]["Y-LB1"]["fired"] and state["acted"]["Y-LB1"]["mp"] == 0
    assert not {"step", "fire"} & set(types(ENGINE.legal_actions(state, "york")))


@pytest.mark.rule("BR-11.2d", "BR-11.2e")
def test_longbows_fired_on_return_fire_simultaneously() -> None:
    state = firing("Y-LB1", "L-LB1")
    put(state, "L-LB1", "0505", 3)
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    rig(state, 9, 9)  # both roll 9: 9 + 0 = 9 on each side: Retreat for both
    state = play(state, "york", {"type": "fire", "target": "L-LB1"})
    assert any("returns fire" in ENGINE.text(e["text"]) for e in state["log"])
    # Both results were rolled before either applied: the York LB retreats too (maybe via a choice).
    assert state["phase"] == "pending" or state["units"]["Y-LB1"]["hex"] != "0306"


@pytest.mark.rule("BR-11.2f", "BR-11.2l")
def test_no_return_fire_through_the_rear_and_never_by_handgunners() -> None:
    state = firing("Y-LB1", "L-LB1", "L-HG1")
    put(state, "L-LB1", "0505", 0)  # faces E: the firer at 0306 is in its rear
    put(state, "L-HG1", "0406", 3)
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    rig(state, 1)
    state = play(state, "york", {"type": "fire", "target": "L-LB1"})
    assert not any("returns fire" in ENGINE.text(e["text"]) for e in state["log"])
    state = play(state, "york", {"type": "done"})
    state = play(state, "york", {"type": "select", "unit": "Y-LB2"}) if "Y-LB2" in state["units"] else state


@pytest.mark.rule("BR-11.2g", "BR-11.2h", "BR-11.2k", "BR-7.3b", "BR-11.2j")
def test_reaction_fire_when_entering_a_front_hex_once_per_entry() -> None:
    state = only(fresh(), "Y-Inf1", "Y-DM1", "L-HG1", "L-A1")
    put(state, "L-HG1", "0805", 3)  # front hexes 0705 and 0706
    put(state, "L-A1", "0806", 3)  # front hexes 0706 and 0707
    put(state, "Y-Inf1", "0505")
    put(state, "Y-DM1", "0607")
    state["leaders"]["edward"]["hex"] = "0506"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    state = walk(state, "york", "0605")
    rig(state, 0)
    state = walk(state, "york", "0706")  # both could fire: only the archer does
    fired = [ENGINE.text(e["text"]) for e in state["log"] if "reaction-fires" in ENGINE.text(e["text"])]
    assert fired == [said(state, "L-A1 reaction-fires at Y-Inf1.")]
    state = play(state, "york", {"type": "done"})
    state = play(state, "york", {"type": "select", "unit": "Y-DM1"})
    rig(state, 0)
    state = walk(state, "york", "0707")
    assert [ENGINE.text(e["text"]) for e in state["log"] if "reaction-fires" in ENGINE.text(e["text"])][-1] == said(
        state, "L-A1 reaction-fires at Y-DM1."
    )


@pytest.mark.rule("BR-11.2k")
def test_handgunners_react_only_once_per_enemy_activation() -> None:
    state = only(fresh(), "Y-Inf1", "Y-DM1", "L-HG1")
    put(state, "L-HG1", "0805", 3)
    put(state, "Y-Inf1", "0605")
    put(state, "Y-DM1", "0606")
    state["leaders"]["edward"]["hex"] = "0506"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    rig(state, 1)
    state = walk(state, "york", "0705")
    state = play(state, "york", {"type": "done"})
    state = play(state, "york", {"type": "select", "unit": "Y-DM1"})
    state = walk(state, "york", "0706")
    assert sum("reaction-fires" in ENGINE.text(e["text"]) for e in state["log"]) == 1


@pytest.mark.rule("BR-11.3d", "BR-11.3f", "BR-3.0k", "BR-11.3c")
def test_an_unmodified_zero_blows_up_the_gun_for_no_flight_points() -> None:
    state = firing("Y-Art1", "Y-LB1", "L-Inf1")
    put(state, "L-Inf1", "0806", 3)
    state["leaders"]["edward"]["hex"] = "0206"
    state = play(state, "york", {"type": "select", "unit": "Y-Art1"})
    rig(state, 0)
    state = play(state, "york", {"type": "fire", "target": "L-Inf1"})
    assert "Y-Art1" not in state["units"] and state["flight_points"]["york"] == 0
    edward = state["leaders"]["edward"]
    assert not edward["dead"] and edward["hex"] == "0306"  # no leader check: placed with Y-LB1


@pytest.mark.rule("BR-11.3e")
def test_a_handgun_misfire_disorders_then_routs() -> None:
    state = firing("Y-HG1", "L-Inf1")
    put(state, "L-Inf1", "0407", 3)
    state = play(state, "york", {"type": "select", "unit": "Y-HG1"})
    rig(state, 0)
    state = play(state, "york", {"type": "fire", "target": "L-Inf1"})
    assert state["units"]["Y-HG1"]["disordered"] and not state["units"]["Y-HG1"].get("rout")


@pytest.mark.rule("BR-5.5c", "BR-5.5a", "BR-3.0i", "BR-5.6a", "BR-4.0c", "BR-2.4i")
def test_a_leader_under_fire_of_nine_or_more_rolls_eight_or_nine_to_die() -> None:
    state = firing("Y-LB1", "L-Inf1", "L-DM1")
    put(state, "L-Inf1", "0405", 0)  # LB at range 1: +1
    state["leaders"]["warwick"]["hex"] = "0405"
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    rig(state, 8, 9)  # 8 + 1 = 9: leader rolls 9: killed; then the R result
    state = play(state, "york", {"type": "fire", "target": "L-Inf1"})
    warwick = state["leaders"]["warwick"]
    assert warwick["dead"] and warwick["due"] and state["flight_points"]["lancaster"] >= 2

    activate(state, "centre", "lancaster")
    assert state["leaders"]["warwick"]["replacement"] and state["leaders"]["warwick"]["hex"] is not None
    assert state["leaders"]["warwick"]["activation"] == 1


@pytest.mark.rule("BR-14.2h", "BR-14.2g", "BR-2.2c")
def test_artillery_disordered_by_fire_rolls_zero_to_four_to_be_lost() -> None:
    state = firing("Y-LB1", "L-Inf1")
    state["units"]["L-Art"] = {
        "id": "L-Art",
        "type": "Art",
        "battle": "right",
        "hex": "0405",
        "facing": 0,
        "disordered": False,
        "rout": False,
        "limbered": False,
    }
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    rig(state, 6, 7)  # 6 + 1 = 7: "D"; the gun crew rolls 7: no effect
    state = play(state, "york", {"type": "fire", "target": "L-Art"})
    assert "L-Art" in state["units"] and not state["units"]["L-Art"]["disordered"]


@pytest.mark.rule("BR-14.3a", "BR-14.3b")
def test_fire_can_unhorse_a_mounted_knight() -> None:
    state = firing("Y-LB1", "L-MM1")
    put(state, "L-MM1", "0405", 0)
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    rig(state, 6)  # 6 + 1 (range 1) + 1 (mounted target) = 8: "U"
    state = play(state, "york", {"type": "fire", "target": "L-MM1"})
    unit = state["units"]["L-MM1"]
    assert unit["type"] == "UH" and unit["disordered"] and unit["battle"] == "left"


@pytest.mark.rule("BR-14.4a", "BR-14.4c", "BR-14.4b")
def test_a_retreat_from_fire_is_chosen_by_its_owner_away_from_the_firer() -> None:
    state = firing("Y-LB1", "L-Inf1")
    put(state, "L-Inf1", "0605", 0)
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    rig(state, 9)  # 9 + 0 = 9: Retreat
    state = play(state, "york", {"type": "fire", "target": "L-Inf1"})
    assert state["phase"] == "pending" and ENGINE.active_roles(state) == ["lancaster"]
    options = [c["action"]["hex"] for c in ENGINE.legal_actions(state, "lancaster")]
    from games.engines.blood_and_roses.hexgrid import distance

    assert options and all(distance(h, "0306") > distance("0605", "0306") for h in options)
    state = play(state, "lancaster", {"type": "retreat", "hex": options[0]})
    assert state["units"]["L-Inf1"]["hex"] == options[0] and state["pending"][0]["kind"] == "face"
    state = play(state, "lancaster", {"type": "face", "facing": 1})  # BR-14.4c: it may change facing
    assert state["units"]["L-Inf1"]["facing"] == 1 and state["phase"] == "move"
