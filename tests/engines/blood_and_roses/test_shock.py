"""Shock and charge: DRMs, results, retreat before combat, advance, continued attack, Levy, leaders."""

from __future__ import annotations

import pytest

from games.engines.blood_and_roses import ENGINE
from games.engines.blood_and_roses.shock_resolution import shock_drm

from .helpers import activate, fresh, keep_facings, only, play, put, rig, said, strike, types, walk

W, E = 3, 0


def melee(*units: str, battle: str = "van") -> dict:
    state = only(fresh(), *units)
    return state, battle


def shock_phase(state: dict, battle: str = "van") -> dict:
    state = activate(state, battle, "york")
    return play(state, "york", {"type": "end_moves"})


def drm(state: dict, a: str, d: str, charging: bool = False) -> int:
    return shock_drm(state, a, d, charging)[0]


def dm1_walks_up_to_two(other: str) -> dict:
    """York's dismounted men-at-arms step up to face L-Inf2 and ``other`` in its two front hexes, ready to shock."""
    state = only(fresh(), "Y-DM1", "L-Inf2", other)
    put(state, "Y-DM1", "0405", E)
    put(state, other, "0604", W)
    put(state, "L-Inf2", "0605", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-DM1"})
    state = walk(state, "york", "0505")
    state = play(state, "york", {"type": "done"})
    return play(state, "york", {"type": "end_moves"})


@pytest.mark.rule("BR-12.3j", "BR-12.3q", "BR-12.3s", "BR-12.3l", "BR-12.3m", "BR-12.3p", "BR-12.3r", "BR-5.4a")
def test_shock_drms_add_up() -> None:
    state = only(fresh(), "Y-Inf1", "L-Inf1")
    put(state, "Y-Inf1", "0505", E)
    put(state, "L-Inf1", "0605", W)
    state["leaders"]["edward"]["hex"] = "0303"
    state = activate(state, "van", "york")
    assert drm(state, "Y-Inf1", "L-Inf1") == 1  # Inf vs Inf: weapons 0, defence +1
    state["units"]["L-Inf1"]["facing"] = 1  # faces NE: the attacker at its SW... flank or rear
    assert drm(state, "Y-Inf1", "L-Inf1") in (3, 4)
    state["units"]["L-Inf1"]["facing"] = W
    state["leaders"]["edward"]["hex"] = "0505"
    assert drm(state, "Y-Inf1", "L-Inf1") == 2  # Edward's charisma +1 when with the attacker
    state["leaders"]["edward"]["hex"] = "0303"
    put(state, "Y-Inf1", "0903", 0)
    put(state, "L-Inf1", "1003", W)  # village: -1 for foot attackers
    assert drm(state, "Y-Inf1", "L-Inf1") == 0
    put(state, "Y-Inf1", "0911", E)
    put(state, "L-Inf1", "1011", W)  # the crest: uphill -1
    assert drm(state, "Y-Inf1", "L-Inf1") == 0


@pytest.mark.rule("BR-12.3t", "BR-12.3v", "BR-14.2d", "BR-14.5e", "BR-16.3b", "BR-16.3d")
def test_disordered_attacker_routed_defender_and_levy_defender() -> None:
    state = only(fresh(), "Y-DM1", "L-Inf1", "L-Lvy1")
    put(state, "Y-DM1", "0505", E)
    put(state, "L-Inf1", "0605", W)
    state = activate(state, "van", "york")
    assert drm(state, "Y-DM1", "L-Inf1") == 2  # DM vs Inf +1 (rule example), defence +1
    state["units"]["Y-DM1"]["disordered"] = True
    assert drm(state, "Y-DM1", "L-Inf1") == 0
    state["units"]["L-Inf1"].update(disordered=True, rout=True)
    assert drm(state, "Y-DM1", "L-Inf1") == 2
    state["units"]["Y-DM1"]["disordered"] = False
    put(state, "L-Inf1", "1515")
    put(state, "L-Lvy1", "0605", W)
    assert drm(state, "Y-DM1", "L-Lvy1") == 3  # DM vs Lvy +1, defence +1, Levy +1


@pytest.mark.rule(
    "BR-12.3a",
    "BR-12.3b",
    "BR-12.3d",
    "BR-12.3f",
    "BR-14.1a",
    "BR-14.1b",
    "BR-14.4a",
    "BR-12.4a",
    "BR-12.4b",
    "BR-12.4c",
    "BR-4.0f",
    "BR-6.1a",
)
def test_a_shock_retreat_and_the_advance_after_combat() -> None:
    state = only(fresh(), "Y-Inf1", "L-Inf1")
    put(state, "Y-Inf1", "0505", E)
    put(state, "L-Inf1", "0605", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = shock_phase(state)
    assert types(ENGINE.legal_actions(state, "york")) == ["shock", "end_shock"]
    rig(state, 7)  # 7 + 1 = 8: defender Retreat (normal column)
    state = strike(state, "york", {"type": "shock", "unit": "Y-Inf1", "target": "L-Inf1"})
    assert state["pending"][0]["kind"] == "retreat"
    options = [c["action"]["hex"] for c in ENGINE.legal_actions(state, "lancaster")]
    from games.engines.blood_and_roses.hexgrid import distance

    assert len(options) > 1 and all(distance(h, "0505") >= 2 for h in options)
    state = play(state, "lancaster", {"type": "retreat", "hex": options[0]})
    assert state["pending"][0]["kind"] == "face" and ENGINE.active_roles(state) == ["lancaster"]  # BR-14.4c
    state = play(state, "lancaster", {"type": "face", "facing": 4})
    assert state["units"]["L-Inf1"]["hex"] == options[0] and state["units"]["L-Inf1"]["facing"] == 4
    assert state["units"]["Y-Inf1"]["hex"] == "0605" and ENGINE.active_roles(state) == ["york"]
    facings = [c["action"] for c in ENGINE.legal_actions(state, "york")]
    assert len(facings) == 6 and facings[0] == {"type": "face", "facing": E}  # BR-12.4c: keeping listed first
    state = play(state, "york", {"type": "face", "facing": 1})
    assert state["units"]["Y-Inf1"]["facing"] == 1 and state["phase"] == "shock"


@pytest.mark.rule("BR-14.7a", "BR-14.7c", "BR-14.7g", "BR-12.3w", "BR-12.4g", "BR-12.3i", "BR-14.7f", "BR-14.7h")
def test_continued_attack_advances_and_must_attack_again_at_minus_one() -> None:
    state = only(fresh(), "Y-DM1", "L-Inf1", "L-Inf2")
    put(state, "Y-DM1", "0505", E)
    put(state, "L-Inf1", "0605", W)
    put(state, "L-Inf2", "0705", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = shock_phase(state)
    rig(state, 7)  # 7 + 2 = 9: defender Disordered + Continued Attack
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-Inf1"})
    assert state["units"]["L-Inf1"]["disordered"]
    acted = state["acted"]["Y-DM1"]
    assert acted["continued_attacks"] == 1 and acted["must"]
    choices = ENGINE.legal_actions(state, "york")
    assert types(choices) == ["shock"]  # no end of phase while a continued attack is owed
    assert drm(state, "Y-DM1", "L-Inf1") == 1  # -1 for the earlier shock phase


@pytest.mark.rule("BR-14.1d", "BR-14.1e", "BR-14.2f")
def test_attacker_choice_of_retreat_or_disorder() -> None:
    state = only(fresh(), "Y-Inf1", "L-DM1")
    put(state, "Y-Inf1", "0505", E)
    put(state, "L-DM1", "0605", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = shock_phase(state)
    rig(state, 0)  # 0 + (-1 weapons, +0 defence) = -1: attacker Retreat or Disorder
    state = strike(state, "york", {"type": "shock", "unit": "Y-Inf1", "target": "L-DM1"})
    assert state["phase"] == "pending" and ENGINE.active_roles(state) == ["york"]
    assert "disorder" in types(ENGINE.legal_actions(state, "york"))
    state = play(state, "york", {"type": "disorder"})
    assert state["units"]["Y-Inf1"]["disordered"] and state["phase"] == "shock"


@pytest.mark.rule("BR-12.3h", "BR-14.4f", "BR-14.5h", "BR-14.6a")
def test_artillery_defender_is_eliminated_by_disorder_retreat_or_rout() -> None:
    state = only(fresh(), "Y-Inf1", "L-Inf1")
    state["units"]["L-Art"] = {
        "id": "L-Art",
        "type": "Art",
        "battle": "right",
        "hex": "0605",
        "facing": W,
        "disordered": False,
        "rout": False,
        "limbered": False,
    }
    put(state, "Y-Inf1", "0505", E)
    state["leaders"]["edward"]["hex"] = "0404"
    state = shock_phase(state)
    rig(state, 4)  # 4 + 1 (weapons) + 2 (defence) = 7: defender "D"
    state = strike(state, "york", {"type": "shock", "unit": "Y-Inf1", "target": "L-Art"})
    assert "L-Art" not in state["units"] and state["flight_points"]["lancaster"] == 0


@pytest.mark.rule("BR-14.5a", "BR-14.5b", "BR-3.0l", "BR-14.5d")
def test_rout_places_the_unit_by_its_banner_and_costs_a_flight_point() -> None:
    state = only(fresh(), "Y-DM1", "L-Inf1")
    put(state, "Y-DM1", "0505", E)
    put(state, "L-Inf1", "0605", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = shock_phase(state)
    rig(state, 9)  # 9 + 2 = 11: Rout
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-Inf1"})
    unit = state["units"]["L-Inf1"]
    assert unit["rout"] and unit["disordered"] and state["flight_points"]["lancaster"] == 1
    from games.engines.blood_and_roses.hexgrid import distance

    assert distance(unit["hex"], "2007") <= 1  # Warwick's banner


@pytest.mark.rule("BR-14.5f", "BR-3.0m", "BR-3.0j")
def test_a_routed_unit_hit_again_is_eliminated_for_its_value_minus_one() -> None:
    state = only(fresh(), "Y-DM1", "L-Inf1", "L-MM1")
    put(state, "Y-DM1", "0505", E)
    put(state, "L-Inf1", "0605", W, disordered=True, rout=True)
    state["leaders"]["edward"]["hex"] = "0404"
    state = shock_phase(state)
    rig(state, 5)
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-Inf1"})
    assert "L-Inf1" not in state["units"] and state["flight_points"]["lancaster"] == 0  # Inf: 1 - 1


@pytest.mark.rule("BR-14.5g", "BR-15.2d", "BR-15.2e")
def test_a_captured_banner_turns_rout_into_elimination() -> None:
    state = only(fresh(), "Y-DM1", "Y-Inf1", "L-Inf1", "L-DM1")
    put(state, "L-DM1", "1912", W, disordered=True, rout=True)
    put(state, "Y-Inf1", "2006")
    state["leaders"]["edward"]["hex"] = "2006"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    state = walk(state, "york", "2007")  # the banner hex of Warwick's Battle
    assert state["battles"]["centre"]["banner_captured"] and "L-DM1" not in state["units"]


@pytest.mark.rule("BR-5.5e", "BR-5.5f", "BR-5.4c")
def test_a_leader_with_a_unit_hit_in_shock_rolls_seven_or_more_to_die() -> None:
    state = only(fresh(), "Y-DM1", "L-Inf1", "L-DM1")
    put(state, "Y-DM1", "0505", E)
    put(state, "L-Inf1", "0605", W)
    state["leaders"]["warwick"]["hex"] = "0605"
    state["leaders"]["edward"]["hex"] = "0404"
    state = shock_phase(state)
    rig(state, 4, 7)  # 4 + 2 = 6: "D"; Warwick rolls 7: killed
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-Inf1"})
    assert state["leaders"]["warwick"]["dead"] and state["flight_points"]["lancaster"] == 2


@pytest.mark.rule("BR-12.2a", "BR-12.2b", "BR-12.2c", "BR-12.2e", "BR-12.2f", "BR-14.2e")
def test_mounted_defender_may_retreat_before_a_foot_attack() -> None:
    state = only(fresh(), "Y-Inf1", "L-Cav1")
    put(state, "Y-Inf1", "0505", E)
    put(state, "L-Cav1", "0605", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = shock_phase(state)
    state = strike(state, "york", {"type": "shock", "unit": "Y-Inf1", "target": "L-Cav1"})
    assert state["phase"] == "pending" and ENGINE.active_roles(state) == ["lancaster"]
    choices = ENGINE.legal_actions(state, "lancaster")
    assert "stand" in types(choices)
    hexes = [c["action"]["hex"] for c in choices if c["action"]["type"] == "retreat"]
    state = keep_facings(play(state, "lancaster", {"type": "retreat", "hex": hexes[0]}))
    assert state["units"]["L-Cav1"]["disordered"] and state["units"]["Y-Inf1"]["hex"] == "0505"
    # BR-12.2f: the attacker "may" advance: a choice, not automatic
    assert [c["action"] for c in ENGINE.legal_actions(state, "york")] == [
        {"type": "advance", "unit": "Y-Inf1", "hex": "0605"},
        {"type": "no_advance"},
    ]
    stay = play(state, "york", {"type": "no_advance"})
    assert stay["units"]["Y-Inf1"]["hex"] == "0505" and stay["phase"] == "shock"
    state = keep_facings(play(state, "york", {"type": "advance", "unit": "Y-Inf1", "hex": "0605"}))
    assert state["units"]["Y-Inf1"]["hex"] == "0605" and state["phase"] == "shock"
    assert not any("shocks" in ENGINE.text(e["text"]) for e in state["log"])


@pytest.mark.rule("BR-12.1a", "BR-12.1b", "BR-16.3a", "BR-16.3c", "BR-5.3c")
def test_who_may_shock_missile_units_levy_and_out_of_command() -> None:
    state = only(fresh(), "Y-LB1", "Y-Lvy1", "Y-Inf2", "L-Inf1", "L-Inf2")
    put(state, "Y-LB1", "0505", E)
    put(state, "L-Inf1", "0605", W)
    put(state, "Y-Lvy1", "0510", E)
    put(state, "L-Inf2", "0610", W)
    put(state, "Y-Inf2", "0309", E)
    state["leaders"]["hastings"]["hex"] = "0410"
    state = activate(state, "rear", "york")
    state = play(state, "york", {"type": "end_moves"})
    assert types(ENGINE.legal_actions(state, "york")) == ["end_shock"]  # Levy alone may not shock
    put(state, "Y-Inf2", "0609", 4)  # a non-Levy unit of the Battle next to the same defender
    assert [c["action"] for c in ENGINE.legal_actions(state, "york")] == [
        {"type": "shock", "unit": "Y-Inf2", "target": "L-Inf2"},
        {"type": "end_shock"},
    ]
    state = strike(state, "york", {"type": "shock", "unit": "Y-Inf2", "target": "L-Inf2"})
    assert ENGINE.legal_actions(state, "york")[0]["action"] == {"type": "join", "unit": "Y-Lvy1"}
    rig(state, 9)  # 9 + 1 (strength) + 1 (defence) = 11: Rout; the hex is vacated
    state = strike(state, "york", {"type": "join", "unit": "Y-Lvy1"})
    assert state["units"]["Y-Inf2"]["hex"] == "0610"  # the non-Levy unit advances
    assert state["units"]["Y-Lvy1"]["hex"] == "0510"
    # An out-of-command unit may not shock.
    state = only(fresh(), "Y-Inf2", "L-Inf1")
    put(state, "Y-Inf2", "1505", E)
    put(state, "L-Inf1", "1605", W)
    state = activate(state, "rear", "york")
    state = play(state, "york", {"type": "end_moves"})
    assert not state["acted"]["Y-Inf2"]["in_command"] and types(ENGINE.legal_actions(state, "york")) == ["end_shock"]


@pytest.mark.rule(
    "BR-13.1a",
    "BR-13.2a",
    "BR-13.2c",
    "BR-13.3e",
    "BR-13.3f",
    "BR-13.3h",
    "BR-13.3i",
    "BR-12.3e",
    "BR-13.0a",
    "BR-13.5a",
)
def test_a_charge_moves_the_knight_next_to_its_target_and_uses_the_charge_table() -> None:
    state = only(fresh(), "Y-MM1", "Y-Cav1", "L-Inf1")
    put(state, "Y-MM1", "0505", E)
    put(state, "L-Inf1", "0705", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = shock_phase(state)
    charges = [c["action"] for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "charge"]
    assert charges == [{"type": "charge", "unit": "Y-MM1", "target": "L-Inf1"}]
    rig(state, 3)
    state = strike(state, "york", charges[0])
    assert any(said(state, "charges L-Inf1") in ENGINE.text(e["text"]) for e in state["log"])
    assert state["units"]["Y-MM1"]["hex"] in ("0605", "0604", "0705")


@pytest.mark.rule("BR-12.3u", "BR-13.4b", "BR-2.2i")
def test_a_charge_after_moving_costs_one() -> None:
    state = only(fresh(), "Y-MM1", "L-Inf1")
    put(state, "Y-MM1", "0405", E)
    put(state, "L-Inf1", "0705", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-MM1"})
    state = walk(state, "york", "0505")
    assert shock_drm(state, "Y-MM1", "L-Inf1", True)[0] == shock_drm(state, "Y-MM1", "L-Inf1", False)[0] - 1


@pytest.mark.rule("BR-13.3b", "BR-13.3k", "BR-13.3a", "BR-13.3d")
def test_charge_restrictions() -> None:
    state = only(fresh(), "Y-MM1", "L-Inf1", "L-DM1")
    put(state, "Y-MM1", "0803", E)
    put(state, "L-Inf1", "1003", W)  # in the village: no charge
    state["leaders"]["edward"]["hex"] = "0404"
    state = shock_phase(state)
    assert "charge" not in types(ENGINE.legal_actions(state, "york"))
    state = only(fresh(), "Y-MM1", "L-Inf1", "L-DM1")
    put(state, "Y-MM1", "0505", E)
    put(state, "L-Inf1", "0705", W)
    put(state, "L-DM1", "0504", W)  # adjacent at the start of the activation
    state["leaders"]["edward"]["hex"] = "0404"
    state = shock_phase(state)
    assert "charge" not in types(ENGINE.legal_actions(state, "york"))
    state = only(fresh(), "Y-MM1", "L-Inf1", "L-DM1")
    put(state, "Y-MM1", "0505", E, disordered=True)
    put(state, "L-Inf1", "0705", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = shock_phase(state)
    assert "charge" not in types(ENGINE.legal_actions(state, "york"))


@pytest.mark.rule("BR-14.4d", "BR-14.4e", "BR-14.4g", "BR-10.0f")
def test_a_retreat_may_pass_through_a_friendly_missile_unit() -> None:
    def position(missile: str) -> dict:
        state = only(fresh(), "Y-Inf1", "Y-Inf2", "Y-DM1", missile, "L-Inf1")
        put(state, "Y-Inf1", "0505", E)
        put(state, "Y-Inf2", "0504")
        put(state, "Y-DM1", "0404")
        put(state, missile, "0405", E)
        put(state, "L-Inf1", "0605", W)
        state["leaders"]["warwick"]["hex"] = "0705"
        state["leaders"]["edward"]["hex"] = "0405"
        activate(state, "centre", "lancaster")
        state = play(state, "lancaster", {"type": "end_moves"})
        rig(state, 7, 0, 0)  # 7 + 1 = 8: Retreat; then leader checks roll 0
        return strike(state, "lancaster", {"type": "shock", "unit": "L-Inf1", "target": "Y-Inf1"})

    state = position("Y-LB1")
    assert state["phase"] == "pending" and ENGINE.active_roles(state) == ["york"]
    hexes = [c["action"]["hex"] for c in ENGINE.legal_actions(state, "york")]
    assert set(hexes) == {"0305", "0306", "0406"}
    state = play(state, "york", {"type": "retreat", "hex": "0305"})
    assert state["units"]["Y-Inf1"]["hex"] == "0305" and state["units"]["Y-LB1"]["disordered"]
    assert any(said(state, "retreated through Y-LB1") in ENGINE.text(e["text"]) for e in state["log"])
    assert not state["leaders"]["edward"]["dead"]  # checked (DR 0) and survived
    state = position("Y-Art1")
    state = play(state, "york", {"type": "retreat", "hex": "0305"})
    assert "Y-Art1" not in state["units"]


@pytest.mark.rule("BR-14.4d", "BR-10.0g")
def test_a_disordered_missile_unit_passed_through_never_falls_back_into_the_hex_taken() -> None:
    state = only(fresh(), "Y-Inf1", "Y-Inf2", "Y-DM1", "Y-LB1", "L-Inf1")
    put(state, "Y-Inf1", "0505", E)
    put(state, "Y-Inf2", "0504")
    put(state, "Y-DM1", "0404")
    put(state, "Y-LB1", "0405", E, disordered=True)
    put(state, "L-Inf1", "0605", W)
    state["leaders"]["warwick"]["hex"] = "0705"
    activate(state, "centre", "lancaster")
    state = play(state, "lancaster", {"type": "end_moves"})
    rig(state, 7, 0, 0)
    state = strike(state, "lancaster", {"type": "shock", "unit": "L-Inf1", "target": "Y-Inf1"})
    state = play(state, "york", {"type": "retreat", "hex": "0305"})
    assert [p["kind"] for p in state["pending"]] == ["face", "retreat"]
    state = keep_facings(state)
    hexes = [c["action"]["hex"] for c in ENGINE.legal_actions(state, "york")]
    assert hexes and "0305" not in hexes  # Y-Inf1 is there now
    state = keep_facings(play(state, "york", {"type": "retreat", "hex": hexes[0]}))
    assert state["units"]["Y-Inf1"]["hex"] == "0305"
    assert state["units"]["Y-LB1"]["hex"] == hexes[0]
    hexes = [u["hex"] for u in state["units"].values() if u["hex"]]
    assert len(hexes) == len(set(hexes))


def joint() -> dict:
    state = only(fresh(), "Y-Inf1", "Y-DM1", "Y-MM1", "L-Inf1")
    put(state, "Y-Inf1", "0505", E)  # L-Inf1 at 0605 faces W: 0505 is a front hex
    put(state, "Y-DM1", "0604", 4)  # N of 0605, facing SW so 0605 is in its front: a flank of L-Inf1
    put(state, "L-Inf1", "0605", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    return play(state, "york", {"type": "end_moves"})


@pytest.mark.rule("BR-12.1f", "BR-12.3k", "BR-12.3a", "BR-14.1d")
def test_several_units_may_attack_one_defender_together() -> None:
    state = joint()
    state = strike(state, "york", {"type": "shock", "unit": "Y-Inf1", "target": "L-Inf1"})
    assert state["phase"] == "join"
    assert [c["action"] for c in ENGINE.legal_actions(state, "york")] == [
        {"type": "join", "unit": "Y-DM1"},
        {"type": "resolve"},
    ]
    rig(state, 0)
    state = strike(state, "york", {"type": "join", "unit": "Y-DM1"})
    text = [ENGINE.text(e["text"]) for e in state["log"] if "shocks" in ENGINE.text(e["text"])][-1]
    assert text.startswith(said(state, "Y-Inf1 + Y-DM1 shocks L-Inf1"))
    assert "strength +1" in text and "angle +4" in text and "weapons +1" in text  # front + flank: +4 (A24)
    assert state["acted"]["Y-DM1"]["attacked"]


@pytest.mark.rule("BR-12.1e")
def test_each_enemy_unit_is_attacked_once_per_activation() -> None:
    state = joint()
    rig(state, 4)  # 4 + 1 = 5: no effect
    state = strike(state, "york", {"type": "shock", "unit": "Y-Inf1", "target": "L-Inf1"})
    state = strike(state, "york", {"type": "resolve"})
    assert types(ENGINE.legal_actions(state, "york")) == ["end_shock"]  # Y-DM1 may not attack it again


@pytest.mark.rule("BR-12.3o")
def test_the_terrain_most_favourable_to_the_defender_is_used() -> None:
    state = only(fresh(), "Y-Inf1", "Y-DM1", "L-Inf1")
    put(state, "L-Inf1", "0707", 2)
    put(state, "Y-Inf1", "0607", 5)  # across the stream hexside 0607-0707: -1
    put(state, "Y-DM1", "0706", 4)  # from the north: no hexside
    state["leaders"]["edward"]["hex"] = "0505"
    state = activate(state, "van", "york")
    from games.engines.blood_and_roses.shock_resolution import shock_drm

    text = [ENGINE.text(part) for part in shock_drm(state, ["Y-Inf1", "Y-DM1"], "L-Inf1", [])[1]]
    assert "terrain -1" in text


@pytest.mark.rule("BR-14.7e")
def test_the_marker_goes_when_no_new_continued_attack_is_rolled() -> None:
    state = only(fresh(), "Y-DM1", "L-Inf1")
    put(state, "Y-DM1", "0505", E)
    put(state, "L-Inf1", "0605", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = shock_phase(state)
    rig(state, 7)  # D + Continued Attack
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-Inf1"})
    assert types(ENGINE.legal_actions(state, "york")) == ["shock"]
    rig(state, 2)  # 2 + 1 = 3 on the Disordered column: no effect, no new Continued Attack
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-Inf1"})
    assert not state["acted"]["Y-DM1"]["must"]
    assert types(ENGINE.legal_actions(state, "york")) == ["end_shock"]


def against_two() -> dict:
    state = only(fresh(), "Y-DM1", "L-Inf1", "L-Inf2", "L-Cav1")
    put(state, "Y-DM1", "0505", E)  # front hexes 0604 and 0605
    put(state, "L-Inf1", "0604", W)
    put(state, "L-Inf2", "0605", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    return play(state, "york", {"type": "end_moves"})


@pytest.mark.rule("BR-12.3g", "BR-12.3n", "BR-14.1f", "BR-12.4f")
def test_one_attacker_against_the_two_units_in_its_front_hexes() -> None:
    state = against_two()
    action = {"type": "shock", "unit": "Y-DM1", "target": "L-Inf1", "target2": "L-Inf2"}
    assert action in [c["action"] for c in ENGINE.legal_actions(state, "york")]
    rig(state, 9, 9)  # each roll 9 + 2 - 1 (one against two) = 10: Retreat for both
    state = strike(state, "york", action)
    texts = [ENGINE.text(e["text"]) for e in state["log"] if "shocks" in ENGINE.text(e["text"])]
    assert len(texts) == 2 and all("strength -1" in t for t in texts)
    while state["phase"] == "pending":
        role = ENGINE.active_roles(state)[0]
        state = play(state, role, ENGINE.legal_actions(state, role)[0]["action"])
    assert state["units"]["Y-DM1"]["hex"] == "0604"  # both hexes vacated: the first by id


@pytest.mark.rule("BR-12.2g")
def test_against_two_a_retreat_before_combat_leaves_the_other_defender() -> None:
    state = dm1_walks_up_to_two("L-Cav1")
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-Cav1", "target2": "L-Inf2"})
    assert state["pending"][0]["kind"] == "rbc" and state["pending"][0]["unit"] == "L-Cav1"
    hexes = [c["action"]["hex"] for c in ENGINE.legal_actions(state, "lancaster") if c["action"]["type"] == "retreat"]
    rig(state, 9)
    state = keep_facings(play(state, "lancaster", {"type": "retreat", "hex": hexes[0]}))
    texts = [ENGINE.text(e["text"]) for e in state["log"] if "shocks" in ENGINE.text(e["text"])]
    assert texts and said(state, "shocks L-Inf2") in texts[-1] and said(state, "L-Cav1") not in texts[-1]
    assert "strength" not in texts[-1]  # now one against one


@pytest.mark.rule("BR-13.8d")
def test_against_two_a_counter_charge_helps_only_its_own_combat() -> None:
    state = dm1_walks_up_to_two("L-MM1")
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-Inf2", "target2": "L-MM1"})
    state = play(state, "lancaster", {"type": "stand"})
    rig(state, 0, 5, 5)
    state = play(state, "lancaster", {"type": "countercharge"})
    texts = [ENGINE.text(e["text"]) for e in state["log"] if "shocks" in ENGINE.text(e["text"])]
    on_knight = next(t for t in texts if said(state, "shocks L-MM1") in t)
    on_foot = next(t for t in texts if said(state, "shocks L-Inf2") in t)
    assert "counter-charge -2" in on_knight and "counter-charge" not in on_foot


@pytest.mark.rule("BR-12.1d")
def test_a_unit_that_attacks_must_attack_every_enemy_in_its_front_hexes() -> None:
    state = against_two()
    shocks = [c["action"] for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "shock"]
    assert shocks == [{"type": "shock", "unit": "Y-DM1", "target": "L-Inf1", "target2": "L-Inf2"}]
    state["defended"].append("L-Inf1")  # already attacked by another unit: only the other one is owed
    shocks = [c["action"] for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "shock"]
    assert shocks == [{"type": "shock", "unit": "Y-DM1", "target": "L-Inf2"}]
