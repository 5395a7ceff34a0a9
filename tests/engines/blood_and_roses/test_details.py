"""Smaller rules checked on hand-built positions: data attributes, command effects, LOS details,
retreat edge cases, continued-attack markers, advance limits, charge paths."""

from __future__ import annotations

import pytest

from games.engines.blood_and_roses import ENGINE, charge, flight, missile, shock_resolution
from games.engines.blood_and_roses.board import line_of_sight
from games.engines.blood_and_roses.data import tables
from games.engines.blood_and_roses.hexgrid import distance

from .helpers import activate, bosworth, fresh, keep_facings, only, play, put, rig, said, strike, types, walk

W, E = 3, 0


@pytest.mark.rule("BR-2.2e", "BR-5.0a", "BR-2.2f", "BR-2.4a", "BR-2.4h", "BR-7.4a", "BR-6.3a", "BR-5.1c")
def test_set_up_attributes_come_from_the_battle_data() -> None:
    state = bosworth()
    assert {u["battle"] for u in state["units"].values()} == set(state["battles"])
    assert state["units"]["L-Inf1"]["nationality"] == "Welsh"  # descriptive only
    assert all(1 <= leader["activation"] <= 5 for leader in state["leaders"].values())
    assert state["battles"]["oxford"]["flight_edge"] == "W" and state["battles"]["william"]["flight_edge"] == "S"
    assert all(u["type"] == "MM" for u in state["units"].values() if u["id"] in ("Y-MM1", "L-MM3"))
    assert len(state["markers"]["lancaster"]) == 4
    names = [leader["name"] for leader in state["leaders"].values()]
    assert len(names) == len(set(names))  # one counter per commander, on the side the battle names


@pytest.mark.rule("BR-2.2g", "BR-14.1c")
def test_tables_are_data_with_one_common_shock_defence() -> None:
    values = list(tables.SHOCK_DEFENCE.values())
    assert max(set(values), key=values.count) == 1  # most units share one value
    assert "stand-in" in tables.TABLES_TITLE.lower() or "Stand-in" in tables.TABLES_TITLE
    for column in tables.SHOCK_TABLE.values():
        assert [row[0] for row in column] == sorted(row[0] for row in column)


@pytest.mark.rule("BR-5.3d", "BR-5.3f")
def test_out_of_command_units_may_fire_but_not_enter_an_enemy_leader_hex() -> None:
    state = only(fresh(), "Y-LB1", "Y-Inf1", "L-Inf1")
    put(state, "Y-LB1", "1205", E)
    put(state, "L-Inf1", "1405", W)
    put(state, "Y-Inf1", "1009")
    state["leaders"]["warwick"]["hex"] = "1109"
    state = activate(state, "van", "york")
    assert not state["acted"]["Y-LB1"]["in_command"] and not state["acted"]["Y-Inf1"]["in_command"]
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    assert "fire" in types(ENGINE.legal_actions(state, "york"))
    state = play(state, "york", {"type": "done"})
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    assert "1109" not in {c["action"].get("hex") for c in ENGINE.legal_actions(state, "york")}


@pytest.mark.rule("BR-5.4b", "BR-6.2l")
def test_charisma_of_any_friendly_leader_and_no_cinc_bonus_to_activation() -> None:
    state = only(fresh(), "Y-Inf2", "L-Inf1")
    put(state, "Y-Inf2", "0505", E)
    put(state, "L-Inf1", "0605", W)
    state["leaders"]["edward"]["hex"] = "0505"  # Edward leads "van"; Y-Inf2 is of "rear"
    state["leaders"]["hastings"]["hex"] = "0404"
    state = activate(state, "rear", "york")
    assert shock_resolution.shock_drm(state, "Y-Inf2", "L-Inf1", False)[0] == 2
    from games.engines.blood_and_roses.common import rating

    assert rating(state, "rear", "york") == 2


@pytest.mark.rule("BR-5.5b", "BR-5.5d", "BR-5.5h")
def test_no_leader_check_for_terrain_disorder_and_relocation_after_a_rout_by_fire() -> None:
    state = only(fresh(), "Y-Cav1", "Y-Inf2", "L-Inf1")
    put(state, "Y-Cav1", "1108")
    state["leaders"]["hastings"]["hex"] = "1108"
    state = activate(state, "rear", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-Cav1"})
    rig(state, 0)
    state = walk(state, "york", "1208")
    assert state["units"]["Y-Cav1"]["disordered"] and not state["leaders"]["hastings"]["dead"]
    state = only(fresh(), "Y-LB1", "L-Inf1", "L-DM1", "L-Lvy1")
    put(state, "L-Inf1", "0405", 0, disordered=True)
    put(state, "L-DM1", "1206", W)
    put(state, "L-Lvy1", "1606", W)
    state["leaders"]["warwick"]["hex"] = "0405"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    rig(state, 8, 0)  # 8 + 1 = 9 on the Disordered foot column: Rout; the leader rolls 0 and lives
    state = play(state, "york", {"type": "fire", "target": "L-Inf1"})
    assert state["units"]["L-Inf1"]["rout"]
    warwick = state["leaders"]["warwick"]
    assert not warwick["dead"] and warwick["hex"] == "1206"  # the nearest unit of his Battle, L-DM1


@pytest.mark.rule("BR-7.2b", "BR-14.4h", "BR-14.4i")
def test_a_unit_that_cannot_retreat_is_eliminated() -> None:
    state = only(fresh(), "Y-DM1", "L-Inf1", "L-DM1")
    put(state, "L-Inf1", "2001", W)  # the corner: off the map, next to the attacker, or occupied
    put(state, "L-DM1", "2002", W)
    put(state, "Y-DM1", "1901", E)
    state["leaders"]["edward"]["hex"] = "1801"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "end_moves"})
    rig(state, 6)  # 6 + 2 = 8: Retreat
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-Inf1"})
    assert "L-Inf1" not in state["units"] and state["flight_points"]["lancaster"] == 1


@pytest.mark.rule("BR-7.2d", "BR-14.8h")
def test_a_fleeing_battle_marks_its_flight_hex_which_its_side_may_not_enter() -> None:
    state = fresh()
    flight.battle_flees(state, "rear")
    flight_hex = state["battles"]["rear"]["flight_hex"]
    assert flight_hex and flight_hex[:2] == "01"
    put(state, "Y-Inf1", "02" + flight_hex[2:])
    state["leaders"]["edward"]["hex"] = "0303"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    assert flight_hex not in {c["action"].get("hex") for c in ENGINE.legal_actions(state, "york")}


@pytest.mark.rule("BR-11.2i", "BR-7.3a")
def test_no_reaction_fire_at_an_advance_or_a_retreat() -> None:
    state = only(fresh(), "Y-DM1", "L-Inf1", "L-LB1")
    put(state, "Y-DM1", "0505", E)
    put(state, "L-Inf1", "0605", W)
    put(state, "L-LB1", "0706", 2)  # front hexes 0605 (NW)... and 0705
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "end_moves"})
    rig(state, 9)  # 9 + 2 = 11: Rout: the hex is vacated and Y-DM1 advances into it
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-Inf1"})
    assert state["units"]["Y-DM1"]["hex"] == "0605"
    assert not any("reaction-fires" in ENGINE.text(e["text"]) for e in state["log"])


@pytest.mark.rule("BR-11.4d", "BR-11.4e", "BR-11.4g", "BR-11.4h", "BR-11.4i", "BR-11.4f")
def test_line_of_sight_details() -> None:
    state = only(fresh(), "Y-LB1", "Y-Inf1", "Y-DM1", "L-Inf1")
    assert not line_of_sight(state, "0911", "1111", "LB", False)[0]  # both hexes along the line are crest
    assert line_of_sight(state, "0809", "0811", "LB", False)[0]
    put(state, "Y-Inf1", "0505")
    assert line_of_sight(state, "0305", "0705", "LB", False) == (True, True)  # over units, -1 once
    assert not line_of_sight(state, "0305", "0705", "HG", True)[0]
    put(state, "Y-LB1", "0204", E)
    put(state, "L-Inf1", "0606", W)
    put(state, "Y-Inf1", "1414")
    put(state, "Y-DM1", "0506")  # friendly, next to the target, on the line
    assert not missile.can_fire_at(state, "Y-LB1", "L-Inf1")
    put(state, "Y-DM1", "0405")  # on the line but not next to the target: fire over it at -1
    assert missile.can_fire_at(state, "Y-LB1", "L-Inf1")
    assert missile.fire_roll(state, "Y-LB1", "L-Inf1")["drm"] == -1 - 1  # range 4 (stand-in -1), over units -1


@pytest.mark.rule("BR-14.2c")
def test_a_disordered_firer_has_minus_two() -> None:
    state = only(fresh(), "Y-LB1", "L-Inf1")
    put(state, "L-Inf1", "0505", 0)
    state["units"]["Y-LB1"]["disordered"] = True
    assert missile.fire_roll(state, "Y-LB1", "L-Inf1")["drm"] == -2


@pytest.mark.rule("BR-12.2d", "BR-12.2h", "BR-12.2i", "BR-15.2f")
def test_retreat_before_combat_only_into_empty_hexes() -> None:
    state = only(fresh(), "Y-Inf1", "L-Cav1", "L-Inf1", "L-DM1")
    put(state, "Y-Inf1", "0505", E)
    put(state, "L-Cav1", "0605", W)
    put(state, "L-Inf1", "0705")
    put(state, "L-DM1", "0706")
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    options = shock_resolution.retreat_before_combat_options(state, "Y-Inf1", "L-Cav1")
    assert options and "0705" not in options and "0706" not in options
    assert all(distance(h, "0505") >= 2 for h in options)
    assert shock_resolution.retreat_before_combat_options(state, "Y-Inf1", "L-Inf1") == []  # foot never


@pytest.mark.rule("BR-12.4d", "BR-14.7d", "BR-14.7b", "BR-12.4e")
def test_no_advance_when_disordered_and_continued_attack_owed_only_with_an_enemy_in_front() -> None:
    def attack(die: int, disordered: bool) -> dict:
        state = only(fresh(), "Y-DM1", "L-Inf1")
        put(state, "Y-DM1", "0505", E, disordered=disordered)
        put(state, "L-Inf1", "0605", W)
        state["leaders"]["edward"]["hex"] = "0404"
        state = activate(state, "van", "york")
        state = play(state, "york", {"type": "end_moves"})
        rig(state, die)
        state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-Inf1"})
        if state["phase"] == "pending" and state["pending"][0]["kind"] == "retreat":
            state = play(state, "lancaster", ENGINE.legal_actions(state, "lancaster")[0]["action"])
        return keep_facings(state)

    state = attack(8, disordered=True)  # 8 + 2 - 2 = 8: Retreat; a Disordered attacker may not advance
    assert state["units"]["L-Inf1"]["hex"] != "0605" and state["units"]["Y-DM1"]["hex"] == "0505"
    state = attack(8, disordered=False)  # 8 + 2 = 10: Retreat; it advances
    assert state["units"]["Y-DM1"]["hex"] == "0605"
    state = attack(9, disordered=False)  # 11: Rout + no CA ... the unit advances, no enemy in front: no marker
    assert state["units"]["Y-DM1"]["hex"] == "0605" and not state["acted"]["Y-DM1"].get("must")
    state = attack(7, disordered=False)  # 9: D + Continued Attack with the defender still in front
    assert state["acted"]["Y-DM1"]["must"] and state["acted"]["Y-DM1"]["continued_attacks"] == 1


@pytest.mark.rule("BR-13.3g", "BR-13.3j", "BR-13.3l", "BR-13.2d", "BR-14.3c", "BR-13.4c")
def test_charge_paths_and_reaction_fire_during_a_charge() -> None:
    state = only(fresh(), "Y-MM1", "L-Inf1", "L-DM1")
    put(state, "Y-MM1", "0505", E)
    put(state, "L-Inf1", "0805", W)  # three hexes away
    put(state, "L-DM1", "1414")
    state = activate(state, "van", "york")
    assert charge.charge_path(state, "Y-MM1", "L-Inf1") == ["0604", "0705"]
    put(state, "L-DM1", "0704")  # next to 0604: that path may not pass it
    assert charge.charge_path(state, "Y-MM1", "L-Inf1")[0] == "0605"
    state = only(fresh(), "Y-MM1", "L-Inf1", "L-DM1")
    put(state, "Y-MM1", "0508", E)
    put(state, "L-Inf1", "0708", W)
    put(state, "L-DM1", "1414")
    state = activate(state, "van", "york")
    assert charge.charge_path(state, "Y-MM1", "L-Inf1") == ["0607"]
    put(state, "L-DM1", "0607")
    assert charge.charge_path(state, "Y-MM1", "L-Inf1") is None  # only across the river hexside 0608-0708
    state = only(fresh(), "Y-MM1", "L-Inf1", "L-LB1")
    put(state, "Y-MM1", "0505", E)
    put(state, "L-Inf1", "0705", W)
    put(state, "L-LB1", "0704", 4)  # faces SW: front hexes 0604 and 0705... 0604 is on the path
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "end_moves"})
    path = charge.charge_path(state, "Y-MM1", "L-Inf1")
    rig(state, 4, 5)  # reaction fire 4 + 1 + 1 = 6: "D" on the mounted column; the charger then shocks
    state = strike(state, "york", {"type": "charge", "unit": "Y-MM1", "target": "L-Inf1"})
    assert path == ["0604"]
    assert any(said(state, "L-LB1 reaction-fires at Y-MM1") in ENGINE.text(e["text"]) for e in state["log"])  # BR-13.2c
    assert state["units"]["Y-MM1"]["disordered"]
    assert any(
        said(state, "Y-MM1 shocks L-Inf1") in ENGINE.text(e["text"]) for e in state["log"]
    )  # no longer a charger


@pytest.mark.rule("BR-11.4k")
def test_hedge_cover_protects_non_missile_units() -> None:
    state = only(fresh(), "Y-LB1", "L-Inf1", "L-LB1")
    put(state, "Y-LB1", "0809", 4)  # faces SW... the target is due S
    put(state, "Y-LB1", "0809", 5)
    put(state, "L-Inf1", "0811", 1)
    assert line_of_sight(state, "0809", "0811", "LB", False)[0]
    assert not missile.can_fire_at(state, "Y-LB1", "L-Inf1")  # next to the hedge hex 0810 on the line
    put(state, "L-Inf1", "1515")
    put(state, "L-LB1", "0811", 1)
    assert missile.can_fire_at(state, "Y-LB1", "L-LB1")  # missile units are not covered
    put(state, "L-LB1", "1414")
    put(state, "L-Inf1", "1501", W)
    put(state, "Y-LB1", "1201", E)
    assert not missile.can_fire_at(state, "Y-LB1", "L-Inf1")  # behind the hedge hexside 1401-1501


@pytest.mark.rule("BR-7.2c")
def test_no_unit_may_enter_the_enemy_reinforcement_entry_hexes() -> None:
    state = only(fresh(), "L-Inf1", "Y-Inf1")
    put(state, "L-Inf1", "0214")
    state["leaders"]["warwick"]["hex"] = "0213"
    state = activate(state, "centre", "lancaster")
    state = play(state, "lancaster", {"type": "select", "unit": "L-Inf1"})
    steps = {c["action"].get("hex") for c in ENGINE.legal_actions(state, "lancaster")}
    assert "0114" not in steps and "0115" not in steps and "0213" in steps


@pytest.mark.rule("BR-13.2b")
def test_a_knight_may_turn_one_vertex_before_charging() -> None:
    state = only(fresh(), "Y-MM1", "L-Inf1")
    put(state, "Y-MM1", "0505", 1)  # faces NE: no charge path to 0705 as it stands
    put(state, "L-Inf1", "0705", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "end_moves"})
    charges = [c["action"] for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "charge"]
    assert charges == [{"type": "charge", "unit": "Y-MM1", "target": "L-Inf1", "facing": 0}]
    state = strike(state, "york", charges[0])
    assert state["units"]["Y-MM1"]["facing"] == 0 or "Y-MM1" not in state["units"]


@pytest.mark.rule("BR-13.3m")
def test_charge_paths_may_not_share_a_hex() -> None:
    state = only(fresh(), "Y-MM1", "L-Inf1")
    put(state, "Y-MM1", "0505", E)
    put(state, "L-Inf1", "0805", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "end_moves"})
    assert charge.charge_path(state, "Y-MM1", "L-Inf1") == ["0604", "0705"]
    state["charge_hexes"] = ["0604"]  # on an earlier charge's path
    assert charge.charge_path(state, "Y-MM1", "L-Inf1") == ["0605", "0705"]
    state["charge_hexes"] = []
    rig(state, 0, 0)
    state = strike(state, "york", {"type": "charge", "unit": "Y-MM1", "target": "L-Inf1"})
    assert state["charge_hexes"] == ["0604", "0705"]
