"""Phase B movement: costs, stops, command, facing, dismounting, artillery, reinforcements, Army."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from games.engines.blood_and_roses import ENGINE

from .helpers import activate, fresh, only, play, put, rig, types, walk


def targets(state: dict, kind: str) -> set[str]:
    return {c["action"]["hex"] for c in ENGINE.legal_actions(state, state["decider"]) if c["action"]["type"] == kind}


def first_steps(state: dict) -> set[str]:
    """The hexes the selected unit may step into first: where its offered moves begin."""
    return {
        c["action"]["path"][0] for c in ENGINE.legal_actions(state, state["decider"]) if c["action"]["type"] == "move"
    }


@pytest.mark.rule("BR-7.1a", "BR-7.1b", "BR-7.1c", "BR-7.1d", "BR-2.2a")
def test_a_unit_moves_hex_by_hex_paying_terrain_costs() -> None:
    state = activate(only(fresh(), "Y-Inf1", "L-Inf1"), "van", "york")
    put(state, "Y-Inf1", "0204")
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    assert "0203" in first_steps(state)  # heath costs 2
    state = walk(state, "york", "0203")
    assert state["acted"]["Y-Inf1"]["mp"] == 3
    state = play(state, "york", {"type": "done"})
    assert state["selected"] is None and state["acted"]["Y-Inf1"]["done"]
    assert {"select", "select_leader", "end_moves"} >= set(types(ENGINE.legal_actions(state, "york")))


@pytest.mark.rule("BR-7.1n", "BR-7.1o", "BR-7.2a", "BR-7.1e", "BR-10.0a", "BR-10.0b", "BR-10.0g")
def test_prohibited_hexes_hexsides_occupied_hexes_and_the_edge() -> None:
    state = activate(only(fresh(), "Y-Inf1", "Y-LB1", "L-Inf1"), "van", "york")
    put(state, "Y-Inf1", "1514")  # next to the pond 1515
    put(state, "Y-LB1", "1513")
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    reach = first_steps(state)
    assert "1515" not in reach and "1513" not in reach and "1414" in reach
    state = activate(only(fresh(), "Y-Inf1", "L-Inf1"), "van", "york")
    put(state, "Y-Inf1", "0214")
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    assert "0314" not in first_steps(state)  # impassable hexside
    state = activate(only(fresh(), "Y-Inf1", "L-Inf1"), "van", "york")
    put(state, "Y-Inf1", "0101")
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    assert first_steps(state) == {"0102", "0201"}  # never off the map


@pytest.mark.rule("BR-7.1f", "BR-9.0a", "BR-5.3a")
def test_entering_a_hex_next_to_an_enemy_stops_the_unit() -> None:
    state = activate(only(fresh(), "Y-Inf1", "L-Inf1"), "van", "york")
    put(state, "Y-Inf1", "0505")
    put(state, "L-Inf1", "0805", 3)
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    state = walk(state, "york", "0605")  # not adjacent yet: no ZOC
    assert state["acted"]["Y-Inf1"]["mp"] == 4
    state = walk(state, "york", "0705")
    assert state["acted"]["Y-Inf1"]["mp"] == 0
    assert not first_steps(state)


@pytest.mark.rule("BR-7.1g")
def test_a_unit_starting_next_to_an_enemy_may_not_slide_along_it() -> None:
    state = only(fresh(), "Y-Inf1", "L-Inf1")
    put(state, "Y-Inf1", "0705")
    put(state, "L-Inf1", "0805", 3)
    state["leaders"]["edward"]["hex"] = "0604"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    reach = first_steps(state)
    assert "0804" not in reach and "0706" not in reach  # both adjacent to L-Inf1
    assert "0605" in reach


@pytest.mark.rule("BR-5.3b", "BR-5.3e", "BR-5.2c")
def test_out_of_command_units_keep_away_from_the_enemy() -> None:
    state = only(fresh(), "Y-Inf1", "Y-DM1", "L-Inf1", "L-DM1")
    put(state, "Y-Inf1", "1005")  # far from Edward at 0303
    put(state, "L-Inf1", "1205", 3)
    put(state, "Y-DM1", "1409")
    put(state, "L-DM1", "1509", 3)
    state = activate(state, "van", "york")
    assert not state["acted"]["Y-Inf1"]["in_command"]
    state["leaders"]["edward"]["hex"] = "0905"  # moving the leader later changes nothing (5.2c)
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    assert "1105" not in first_steps(state) and "0905" in first_steps(state)
    state = play(state, "york", {"type": "done"})
    state = play(state, "york", {"type": "select", "unit": "Y-DM1"})
    assert first_steps(state) == set()


@pytest.mark.rule("BR-8.0c", "BR-8.0d", "BR-8.0e", "BR-8.0f", "BR-8.0g", "BR-7.3c", "BR-7.3a")
def test_facing_changes_are_free_unless_adjacent_to_an_enemy() -> None:
    state = activate(only(fresh(), "Y-Inf1", "L-Inf1"), "van", "york")
    put(state, "Y-Inf1", "0505", 0)
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    facings = {c["action"]["facing"] for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "face"}
    assert facings == {1, 2, 3, 4, 5}
    state = play(state, "york", {"type": "face", "facing": 3})
    assert state["acted"]["Y-Inf1"]["mp"] == 5 and not state["acted"]["Y-Inf1"]["moved"]
    state = walk(state, "york", "0404")  # moving west-north: facing is not a limit
    state = activate(only(fresh(), "Y-Inf1", "L-Inf1"), "van", "york")
    put(state, "Y-Inf1", "0505", 0)
    put(state, "L-Inf1", "0605", 3)
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    facings = {c["action"]["facing"] for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "face"}
    assert facings == {1, 5}
    state = play(state, "york", {"type": "face", "facing": 1})
    assert not any(c["action"]["type"] == "face" for c in ENGINE.legal_actions(state, "york"))


@pytest.mark.rule("BR-7.4b", "BR-7.4c", "BR-7.4d", "BR-2.2b")
def test_dismounting_costs_two_mp_from_the_dm_allowance() -> None:
    state = activate(only(fresh(), "Y-MM1", "L-Inf1"), "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-MM1"})
    state = play(state, "york", {"type": "dismount"})
    assert state["units"]["Y-MM1"]["type"] == "DM" and state["acted"]["Y-MM1"]["mp"] == 2
    assert "dismount" not in types(ENGINE.legal_actions(state, "york"))
    state = only(fresh(), "Y-MM1", "L-Inf1")
    put(state, "L-Inf1", "0402")
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-MM1"})
    assert "dismount" not in types(ENGINE.legal_actions(state, "york"))  # adjacent to an enemy


@pytest.mark.rule("BR-7.6a", "BR-7.6b", "BR-7.6c", "BR-7.6d", "BR-2.2d")
def test_only_limbered_artillery_moves_and_firing_unlimbers_it_for_good() -> None:
    state = activate(only(fresh(), "Y-Art1", "Y-Art2", "L-Inf1"), "van", "york")
    assert state["units"]["Y-Art2"]["limbered"] and not state["units"]["Y-Art1"]["limbered"]
    state = play(state, "york", {"type": "select", "unit": "Y-Art1"})
    assert first_steps(state) == set()
    assert "face" in types(ENGINE.legal_actions(state, "york"))
    state = activate(only(fresh(), "Y-Art2", "L-Inf1"), "rear", "york")
    put(state, "L-Inf1", "0910", 3)
    state = play(state, "york", {"type": "select", "unit": "Y-Art2"})
    state = walk(state, "york", "0310")
    state = play(state, "york", {"type": "fire", "target": "L-Inf1"})
    assert not state["units"]["Y-Art2"]["limbered"]


@pytest.mark.rule("BR-14.2b", "BR-14.5c")
def test_disordered_units_lose_an_mp_and_routed_units_crawl_to_their_banner() -> None:
    state = only(fresh(), "Y-Inf1", "Y-LB1", "L-Inf1")
    put(state, "Y-Inf1", "0505", disordered=True)
    put(state, "Y-LB1", "0605", disordered=True, rout=True)
    state = activate(state, "van", "york")
    assert state["acted"]["Y-Inf1"]["mp"] == 4 and state["acted"]["Y-LB1"]["mp"] == 1
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    reach = first_steps(state)
    assert reach and all(h in ("0504", "0505", "0604") or h < "0605" for h in reach)
    from games.engines.blood_and_roses.hexgrid import distance

    assert all(distance(h, "0102") < distance("0605", "0102") for h in reach)


@pytest.mark.rule("BR-7.5a", "BR-7.5b", "BR-7.5c", "BR-7.5d", "BR-7.5f", "BR-5.2e")
def test_reinforcements_enter_in_command_with_their_leader() -> None:
    state = activate(fresh(), "late", "york")
    assert state["units"]["Y-Inf3"]["hex"] is None and state["acted"]["Y-Inf3"]["in_command"]
    state = play(state, "york", {"type": "select", "unit": "Y-Inf3"})
    assert targets(state, "enter") == {"0114", "0115"}
    state = play(state, "york", {"type": "enter", "hex": "0114"})
    assert state["units"]["Y-Inf3"]["hex"] == "0114"
    assert state["leaders"]["norfolk"]["hex"] == "0114"
    assert state["acted"]["Y-Inf3"]["mp"] == 4  # full MA, first MP spent entering


@pytest.mark.rule("BR-7.1h", "BR-7.1l")
def test_a_leader_stacked_with_a_moving_unit_goes_with_it() -> None:
    state = activate(only(fresh(), "Y-MM2", "L-Inf1"), "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-MM2"})
    state = walk(state, "york", "0403")
    assert state["leaders"]["edward"]["hex"] == "0403"


@pytest.mark.rule("BR-7.1n")
def test_marsh_is_a_d_entry_for_mounted_units() -> None:
    state = activate(only(fresh(), "Y-Cav1", "L-Inf1"), "rear", "york")
    put(state, "Y-Cav1", "1108")
    state = play(state, "york", {"type": "select", "unit": "Y-Cav1"})
    rig(state, 2)
    state = walk(state, "york", "1208")
    assert state["units"]["Y-Cav1"]["disordered"] and state["acted"]["Y-Cav1"]["mp"] == 5


@pytest.mark.rule("BR-6.1d", "BR-6.1e", "BR-6.1f", "BR-6.1g", "BR-6.1h", "BR-2.4d", "BR-4.0e")
def test_army_activation_moves_only_and_keeps_four_hexes_from_the_enemy() -> None:
    from games.engines.blood_and_roses.hexgrid import distance

    state = fresh()
    assert "army" not in types(ENGINE.legal_actions(state, "york"))  # Hastings is beyond Edward's range
    state["leaders"]["edward"]["range"] = 8
    put(state, "L-Inf1", "0608", 3)
    state = play(state, "york", {"type": "army"})
    assert state["activation"]["kind"] == "army" and set(state["activation"]["battles"]) == {"van", "rear"}
    near = {uid for uid, u in state["units"].items() if u["hex"] and distance(u["hex"], "0608") <= 3}
    assert near & {"Y-LB2", "Y-HG1", "Y-Inf2"} and not near & set(state["acted"])
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    assert "fire" not in types(ENGINE.legal_actions(state, "york"))
    assert first_steps(state) and all(distance(h, "0608") > 3 for h in first_steps(state))
    state = play(state, "york", {"type": "done"})
    state = play(state, "york", {"type": "end_moves"})
    assert state["phase"] in ("nominate", "over")  # no shock or rally phase


def test_an_illegal_step_is_refused() -> None:
    state = activate(only(fresh(), "Y-Inf1", "L-Inf1"), "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    with pytest.raises(IllegalAction):
        play(state, "york", {"type": "move", "hex": "1010", "path": ["1010"]})
    moves = [c["action"] for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "move"]
    reach = {m["hex"]: m["path"] for m in moves}
    destination = next(h for h, path in reach.items() if len(path) == 2)
    with pytest.raises(IllegalAction):  # only the path the engine offers
        play(state, "york", {"type": "move", "hex": destination, "path": list(reversed(reach[destination]))})


@pytest.mark.rule("BR-7.1i", "BR-7.1j", "BR-7.1k", "BR-5.0b")
def test_a_leader_alone_moves_five_mp_at_the_cheapest_cost_and_keeps_clear_of_enemies() -> None:
    state = only(fresh(), "Y-Inf1", "L-Inf1")
    state["leaders"]["edward"]["hex"] = "0505"
    put(state, "L-Inf1", "0805", 3)
    state["leaders"]["warwick"]["hex"] = "0504"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select_leader", "leader": "edward"})
    reach = targets(state, "lead")
    assert "0504" not in reach  # an enemy leader's hex
    assert "0605" in reach
    state = play(state, "york", {"type": "lead", "hex": "0605"})
    assert "0705" not in targets(state, "lead")  # next to L-Inf1 with no friendly unit there
    assert state["selected_leader"]["mp"] == 4
    state = play(state, "york", {"type": "leader_done"})
    assert "select_leader" not in types(ENGINE.legal_actions(state, "york"))
    # A lone leader does not stop an enemy unit moving next to him (leaders are not units).
    state = only(fresh(), "Y-Inf1", "L-Inf1")
    state["leaders"]["warwick"]["hex"] = "0705"
    put(state, "Y-Inf1", "0505")
    state["leaders"]["edward"]["hex"] = "0505"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    state = walk(state, "york", "0605")
    assert state["acted"]["Y-Inf1"]["mp"] == 4


@pytest.mark.rule("BR-6.1b", "BR-5.5g")
def test_a_cinc_without_a_battle_moves_in_any_activation_and_lone_leaders_are_captured() -> None:
    state = fresh()
    state = play(state, "york", {"type": "pass"})
    state = play(state, "lancaster", {"type": "activate", "battle": "left"})
    assert {"type": "select_leader", "leader": "somerset"} in [
        c["action"] for c in ENGINE.legal_actions(state, "lancaster")
    ]
    state = only(fresh(), "Y-Inf1", "L-Inf1")
    state["leaders"]["warwick"]["hex"] = "0605"
    put(state, "Y-Inf1", "0505")
    state["leaders"]["edward"]["hex"] = "0505"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-Inf1"})
    state = walk(state, "york", "0605")
    assert state["leaders"]["warwick"]["hex"] == state["units"]["L-Inf1"]["hex"]  # placed with his unit


@pytest.mark.rule("BR-10.0c", "BR-10.0d", "BR-10.0e", "BR-10.0b", "BR-10.0g")
def test_moving_through_friendly_units() -> None:
    from games.engines.blood_and_roses.board import occupant
    from games.engines.blood_and_roses.movement import destinations, may_enter

    state = only(fresh(), "Y-LB1", "Y-Inf1", "Y-HG1", "Y-Art2", "Y-DM1", "L-Inf1")
    put(state, "Y-LB1", "0505", 0)
    put(state, "Y-Inf1", "0605")
    put(state, "Y-HG1", "0504")
    put(state, "Y-DM1", "0506")
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    occ = occupant(state)
    for friend in ("0605", "0504", "0506"):  # A/LB/HG through any friendly unit, +1 for an occupied hex
        assert may_enter(state, "Y-LB1", "0505", friend, occ) == (1 if friend == "0504" else 2)
    assert not {"0605", "0504", "0506"} & set(destinations(state, "Y-LB1"))  # never ending there
    put(state, "Y-Inf1", "0507")
    occ = occupant(state)
    assert may_enter(state, "Y-DM1", "0506", "0507", occ) is None  # a DM may not pass through an Inf
    assert may_enter(state, "Y-DM1", "0506", "0505", occ) is None  # nor through an archer
    put(state, "Y-HG1", "0606")
    assert may_enter(state, "Y-DM1", "0506", "0606", occupant(state)) == 1  # through a handgunner, no extra
    state = activate(only(fresh(), "Y-Art2", "Y-Inf2", "L-Inf1"), "rear", "york")
    put(state, "Y-Inf2", "0310")
    put(state, "Y-Art2", "0210")
    state = play(state, "york", {"type": "select", "unit": "Y-Art2"})
    assert "0310" not in first_steps(state)  # artillery passes through nothing
