"""Sequence of play: activation, continuation, seizure, Loss Checks, Flight Points, time, flight, rally."""

from __future__ import annotations

import pytest

from games.engines.blood_and_roses import ENGINE, combat_results, continuation, leaders

from .helpers import activate, bosworth, fresh, only, play, put, rig, types


def to_nominate(state: dict, role: str = "york", battle: str = "van") -> dict:
    state = play(state, role, {"type": "activate", "battle": battle})
    state = play(state, role, {"type": "end_moves"})
    return play(state, role, {"type": "end_shock"})


@pytest.mark.rule("BR-4.0a", "BR-4.0b", "BR-2.4c", "BR-6.1k", "BR-2.4b")
def test_the_first_activation_is_automatic_and_offers_battle_army_banner_or_pass() -> None:
    state = fresh()
    assert ENGINE.active_roles(state) == ["york"] and state["phase"] == "activate"
    kinds = types(ENGINE.legal_actions(state, "york"))
    assert kinds.count("activate") == 3 and "pass" in kinds  # "late" may activate to enter the map
    state = play(state, "york", {"type": "activate", "battle": "van"})
    assert state["activation"] == {"kind": "battle", "battles": ["van"], "automatic": True}
    assert set(state["acted"]) == {u for u, x in state["units"].items() if x["battle"] == "van" and u != "Y-Cav2"}


@pytest.mark.rule("BR-4.0h", "BR-4.0i", "BR-6.2a", "BR-6.2b", "BR-4.0j", "BR-6.1c")
def test_nomination_excludes_the_battle_just_activated() -> None:
    state = to_nominate(fresh())
    assert state["phase"] == "nominate"
    battles = [c["action"].get("battle") for c in ENGINE.legal_actions(state, "york")]
    assert "van" not in battles and "rear" in battles and None in battles  # None: end the chain
    assert "continue_army" not in types(ENGINE.legal_actions(state, "york"))


@pytest.mark.rule("BR-6.2f", "BR-6.2h", "BR-6.2j", "BR-4.0m", "BR-3.0b", "BR-6.2e")
def test_continuation_roll_against_the_rating_with_the_chain_modifier() -> None:
    state = to_nominate(fresh())
    state["markers"]["lancaster"] = []  # no seizure possible
    rig(state, 2)  # 2 + 0 <= Hastings 2: success
    state = play(state, "york", {"type": "continue", "battle": "rear"})
    assert state["activation"] == {"kind": "battle", "battles": ["rear"], "automatic": False} and state["chain"] == 1
    state = play(state, "york", {"type": "end_moves"})
    rig(state, 3)  # 3 + 1 > Edward 3: fails; no Loss Check after a continued activation
    state = play(state, "york", {"type": "end_shock"})
    assert not any("Loss Check" in ENGINE.text(e["text"]) for e in state["log"][-3:])
    state = play(state, "york", {"type": "continue", "battle": "van"})
    assert state["phase"] == "activate" and ENGINE.active_roles(state) == ["lancaster"] and state["chain"] == 0


@pytest.mark.rule("BR-6.2i", "BR-6.2g", "BR-6.2d")
def test_one_battle_and_army_continuation_modifiers() -> None:
    state = only(fresh(), "Y-Inf1", "L-Inf1")
    state = to_nominate(state)
    state["markers"]["lancaster"] = []
    battles = [c["action"].get("battle") for c in ENGINE.legal_actions(state, "york")]
    assert battles == ["van", None]  # only one Battle: it may go again
    rig(state, 2)  # 2 + 1 (one Battle) <= 3
    state = play(state, "york", {"type": "continue", "battle": "van"})
    assert "+1" in [ENGINE.text(e["text"]) for e in state["log"] if "Continuation" in ENGINE.text(e["text"])][-1]
    state = fresh()
    state["leaders"]["edward"]["range"] = 8
    state = play(state, "york", {"type": "army"})
    state = play(state, "york", {"type": "end_moves"})
    assert "continue_army" in types(ENGINE.legal_actions(state, "york"))
    state["markers"]["lancaster"] = []
    rig(state, 2)  # 2 + 1 (Army) <= 3
    state = play(state, "york", {"type": "continue_army"})
    assert state["activation"]["kind"] == "army" and not state["activation"]["automatic"]


@pytest.mark.rule("BR-4.0k", "BR-4.0l", "BR-6.3b", "BR-6.3c", "BR-6.3d", "BR-6.3e", "BR-6.3m", "BR-6.2k")
def test_a_successful_seizure_activates_the_seizing_battle() -> None:
    state = to_nominate(fresh())
    state["chain"] = 2
    state = play(state, "york", {"type": "continue", "battle": "rear"})
    assert state["phase"] == "seize" and ENGINE.active_roles(state) == ["lancaster"]
    state = play(state, "lancaster", {"type": "seize", "marker": "L1", "battle": "right"})
    assert state["phase"] == "negate" and ENGINE.active_roles(state) == ["york"]
    rig(state, 6)  # within 0-6
    state = play(state, "york", {"type": "allow"})
    assert (
        state["player"] == "lancaster"
        and state["activation"]["battles"] == ["right"]
        and not state["activation"]["automatic"]
    )
    assert [m["id"] for m in state["markers"]["lancaster"]] == ["L2"] and state["chain"] == 0
    assert "banner" not in types(ENGINE.legal_actions(state, "lancaster"))


@pytest.mark.rule("BR-6.3f", "BR-4.0l")
def test_a_failed_seizure_gives_the_other_player_an_automatic_activation() -> None:
    state = to_nominate(fresh())
    state["markers"]["york"] = [m for m in state["markers"]["york"] if m["kind"] != "negation"]
    state = play(state, "york", {"type": "continue", "battle": "rear"})
    rig(state, 7)
    state = play(state, "lancaster", {"type": "seize", "marker": "L1", "battle": "right"})
    assert state["phase"] == "activate" and ENGINE.active_roles(state) == ["york"]
    assert {"type": "activate", "battle": "van"} in [c["action"] for c in ENGINE.legal_actions(state, "york")]


@pytest.mark.rule("BR-6.3g", "BR-6.3h")
def test_a_negation_cancels_the_seizure_and_the_roll_goes_ahead() -> None:
    state = fresh()
    assert "seize" not in types(ENGINE.legal_actions(state, "lancaster"))  # never against an automatic one
    state = to_nominate(state)
    state = play(state, "york", {"type": "continue", "battle": "rear"})
    state = play(state, "lancaster", {"type": "seize", "marker": "L1", "battle": "right"})
    rig(state, 0)
    state = play(state, "york", {"type": "negate", "marker": "Y2"})
    assert state["player"] == "york" and state["activation"]["battles"] == ["rear"]
    assert not any(m["kind"] == "negation" for m in state["markers"]["york"])
    assert not any(m["kind"] == "opportunity" for m in state["markers"]["lancaster"])


@pytest.mark.rule("BR-3.0a", "BR-3.0c", "BR-3.0e", "BR-6.1l")
def test_loss_checks_follow_an_automatic_activation_and_a_pass() -> None:
    state = fresh()
    state["flight_points"]["lancaster"] = 15
    rig(state, 5)  # Lancaster: 5 + 15 = 20, not more than 20: holds (York's check is skipped: 0 + 9 <= 20)
    state = play(state, "york", {"type": "pass"})
    checks = [ENGINE.text(e["text"]) for e in state["log"] if "Loss Check" in ENGINE.text(e["text"])]
    assert len(checks) == 1 and "Lancaster" in checks[0]
    assert ENGINE.active_roles(state) == ["lancaster"] and state["phase"] == "activate"
    state["flight_points"]["lancaster"] = 16
    rig(state, 5)
    state = play(state, "lancaster", {"type": "pass"})
    assert ENGINE.result(state)["winner"] == "york"
    assert ENGINE.active_roles(state) == []


@pytest.mark.rule("BR-3.0d")
def test_both_armies_failing_is_a_draw() -> None:
    state = fresh()
    state["flight_points"] = {"york": 19, "lancaster": 19}
    rig(state, 9, 9)
    state = play(state, "york", {"type": "pass"})
    assert ENGINE.result(state)["winner"] is None and "both" in ENGINE.text(ENGINE.result(state)["reason"])


@pytest.mark.rule("BR-3.0f", "BR-3.0g", "BR-3.0h", "BR-3.0n", "BR-5.6c", "BR-5.6b")
def test_flight_points_for_leaders_and_knights() -> None:
    state = fresh()
    leaders.kill_leader(state, "somerset", "test")
    assert state["flight_points"]["lancaster"] == 5  # CinC, not a King
    state["markers"]["york"] = []
    leaders.kill_leader(state, "edward", "test")
    assert state["flight_points"]["york"] == 10  # a King: 10, not 10 + 2
    combat_results.eliminate(state, "Y-MM1", "test")
    assert state["flight_points"]["york"] == 13
    leaders.replace_leaders(state, "york")
    edward = state["leaders"]["edward"]
    assert edward["replacement"] and not edward["cinc"] and edward["hex"] is not None
    leaders.kill_leader(state, "edward", "again")
    assert state["flight_points"]["york"] == 13  # a replacement is worth nothing
    leaders.replace_leaders(state, "york")
    assert state["leaders"]["edward"]["hex"] is not None


@pytest.mark.rule("BR-6.3k")
def test_near_miss_saves_a_leader() -> None:
    state = fresh()
    leaders.kill_leader(state, "hastings", "test")
    assert not state["leaders"]["hastings"]["dead"] and state["flight_points"]["york"] == 0
    assert not any(m["kind"] == "near_miss" for m in state["markers"]["york"])


@pytest.mark.rule("BR-5.0c")
def test_a_battle_with_no_units_loses_its_leader_without_points() -> None:
    state = fresh()
    for uid in [u for u, x in state["units"].items() if x["battle"] == "left"]:
        combat_results.eliminate(state, uid, "test")
    assert state["leaders"]["exeter"]["hex"] is None and state["flight_points"]["lancaster"] == 3 + 2


@pytest.mark.rule("BR-16.2a", "BR-16.2b", "BR-16.2c", "BR-6.1m")
def test_the_time_marker_moves_only_when_the_unlimited_player_passes() -> None:
    state = fresh()
    assert state["time"] == {"limited": "york", "left": 3}
    state = play(state, "york", {"type": "pass"})  # the limited player passing moves nothing
    assert state["time"]["left"] == 3
    for _ in range(2):
        state = play(state, "lancaster", {"type": "pass"})
        state = play(state, "york", {"type": "pass"})
    assert state["time"]["left"] == 1
    state = play(state, "lancaster", {"type": "pass"})
    assert ENGINE.result(state)["winner"] == "lancaster" and "time" in ENGINE.text(ENGINE.result(state)["reason"])


@pytest.mark.rule("BR-15.1a", "BR-15.1b", "BR-15.1c", "BR-4.0g", "BR-2.4g")
def test_idle_disordered_units_rally_at_the_end_of_their_battle_activation() -> None:
    state = only(fresh(), "Y-Inf1", "Y-LB1", "L-Inf1")
    put(state, "Y-Inf1", "0505", disordered=True)
    put(state, "Y-LB1", "0306", disordered=True)
    put(state, "L-Inf1", "0405", 3)  # next to Y-LB1 (0306)? 0405 is adjacent to 0306? no: keep LB as control
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    state = play(state, "york", {"type": "face", "facing": 1})
    state = play(state, "york", {"type": "done"})
    state = play(state, "york", {"type": "end_moves"})
    state = play(state, "york", {"type": "end_shock"})
    assert not state["units"]["Y-Inf1"]["disordered"] or state["units"]["Y-Inf1"]["hex"] in ("0505",)
    assert state["units"]["Y-LB1"]["disordered"]  # it changed facing


@pytest.mark.rule("BR-15.1e")
def test_no_rally_next_to_an_enemy() -> None:
    state = only(fresh(), "Y-Inf1", "L-Inf1")
    put(state, "Y-Inf1", "0505", disordered=True)
    put(state, "L-Inf1", "0605", 3)
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "end_moves"})
    state = play(state, "york", {"type": "end_shock"})
    assert state["units"]["Y-Inf1"]["disordered"]


@pytest.mark.rule("BR-15.1d", "BR-6.1i", "BR-6.1j", "BR-4.0d", "BR-15.2a")
def test_a_banner_activation_rallies_routed_units_near_it() -> None:
    state = fresh()
    put(state, "Y-LB1", "0103", disordered=True, rout=True)
    state["flight_points"]["york"] = 1
    choices = ENGINE.legal_actions(state, "york")
    banner = [c for c in choices if c["action"]["type"] == "banner"]
    assert banner and banner[0]["target"] == "hex:0102"
    state = play(state, "york", banner[0]["action"])
    unit = state["units"]["Y-LB1"]
    assert not unit["rout"] and unit["disordered"] and state["flight_points"]["york"] == 0
    assert state["phase"] == "nominate"


@pytest.mark.rule("BR-14.8a", "BR-14.8b", "BR-14.8c", "BR-14.8d", "BR-14.8e", "BR-14.8f", "BR-14.8g")
def test_battle_flight_at_half_losses() -> None:
    state = fresh()
    for uid in ("L-MM1",):
        combat_results.eliminate(state, uid, "test")
    state["units"]["L-Cav1"].update(disordered=True, rout=True)  # left: 2 units, both lost
    rig(state, 0)
    state["player"] = "york"
    state["activation"] = {"kind": "pass", "battles": [], "automatic": False}
    continuation.finish_activation(state, False)
    left = state["battles"]["left"]
    assert left["checked"] and left["fled"] and "L-Cav1" not in state["units"]
    assert state["flight_points"]["lancaster"] == 3 + 1  # MM 3; the routed Cav left behind: 2 less its Rout point
    off = fresh(1, battle_flight=False)
    combat_results.eliminate(off, "L-MM1", "test")
    off["units"]["L-Cav1"].update(disordered=True, rout=True)
    off["player"] = "york"
    continuation.finish_activation(off, False)
    assert not off["battles"]["left"]["checked"]


@pytest.mark.rule("BR-14.8i")
def test_the_last_battle_fleeing_loses_the_battle() -> None:
    state = only(fresh(), "Y-Inf1", "L-Inf1", "L-DM1")
    combat_results.eliminate(state, "L-DM1", "test")
    state["units"]["L-Inf1"].update(disordered=True, rout=True)
    rig(state, 0)
    state["player"] = "york"
    continuation.finish_activation(state, False)
    assert ENGINE.result(state)["winner"] == "york"


def test_northumberland_must_roll_even_on_an_automatic_activation() -> None:
    state = bosworth()
    state = play(state, "lancaster", {"type": "pass"})
    rig(state, 2)
    state = play(state, "york", {"type": "activate", "battle": "northumberland"})
    assert state["phase"] == "activate" and ENGINE.active_roles(state) == ["lancaster"]  # counted as a pass
    state = bosworth()
    state = play(state, "lancaster", {"type": "pass"})
    rig(state, 1)
    state = play(state, "york", {"type": "activate", "battle": "northumberland"})
    assert state["activation"]["battles"] == ["northumberland"]


def test_the_stanleys_join_henry_on_a_defection_roll() -> None:
    state = bosworth()
    assert "william" not in [c["action"].get("battle") for c in ENGINE.legal_actions(state, "lancaster")]
    rig(state, 4)
    state = play(state, "lancaster", {"type": "stanleys"})
    assert state["battles"]["william"]["uncommitted"] and "stanleys" not in types(
        ENGINE.legal_actions(state, "lancaster")
    )
    state = bosworth()
    rig(state, 3)
    state = play(state, "lancaster", {"type": "stanleys"})
    assert not state["battles"]["william"]["uncommitted"] and not state["battles"]["stanley"]["uncommitted"]
    assert "william" in [c["action"].get("battle") for c in ENGINE.legal_actions(state, "lancaster")]


def test_nightfall_ends_the_battle_drawn() -> None:
    state = fresh()
    state["activations"] = state["nightfall"] - 1
    state = play(state, "york", {"type": "activate", "battle": "van"})
    state = play(state, "york", {"type": "end_moves"})
    state = play(state, "york", {"type": "end_shock"})
    assert ENGINE.result(state) == {
        "winner": None,
        "scores": state["flight_points"],
        "reason": ENGINE.result(state)["reason"],
    }
    assert "nightfall" in ENGINE.text(ENGINE.result(state)["reason"])


@pytest.mark.rule("BR-15.2b", "BR-15.2c", "BR-6.2c")
def test_moving_a_banner_and_routed_units_left_behind() -> None:
    state = fresh()
    put(state, "Y-LB1", "0103", disordered=True, rout=True)
    put(state, "Y-LB2", "0202", disordered=True, rout=True)
    state = play(state, "york", {"type": "banner_move", "battle": "van"})
    assert state["phase"] == "banner"
    places = {c["action"]["hex"] for c in ENGINE.legal_actions(state, "york")}
    assert "0104" in places and "0102" not in places and "0112" not in places  # not onto another banner
    rig(state, 5, 4)  # Y-LB1 rolls 5: lost; Y-LB2 rolls 4: stays
    state = play(state, "york", {"type": "place_banner", "hex": "0104"})
    assert state["battles"]["van"]["banner"] == "0104"
    assert "Y-LB1" not in state["units"] and "Y-LB2" in state["units"]
    assert state["phase"] == "nominate"
    battles = [c["action"].get("battle") for c in ENGINE.legal_actions(state, "york")]
    assert "van" in battles  # after a Banner activation the same Battle may be nominated


@pytest.mark.rule("BR-7.5e")
def test_reinforcements_left_off_the_map_must_enter_later() -> None:
    state = activate(fresh(), "late", "york")
    state = play(state, "york", {"type": "end_moves"})
    assert state["battles"]["late"]["must_enter"]
    state = activate(state, "late", "york")
    kinds = types(ENGINE.legal_actions(state, "york"))
    assert "end_moves" not in kinds
    state = play(state, "york", {"type": "select", "unit": "Y-Inf3"})
    assert set(types(ENGINE.legal_actions(state, "york"))) == {"enter"}
