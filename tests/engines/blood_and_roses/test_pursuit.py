"""Pursuit (14.9): the check, the size, kill rolls, the return."""

from __future__ import annotations

import pytest

from games.engines.blood_and_roses import ENGINE, combat_results, continuation, flight

from .helpers import fresh, play, rig, said, types


def right_flees() -> dict:
    state = fresh()
    combat_results.eliminate(state, "L-LB1", "test")
    combat_results.eliminate(state, "L-A1", "test")
    state["player"] = "york"
    state["activation"] = {"kind": "battle", "battles": ["van"], "automatic": False}
    state["hitters"] = ["van"]
    rig(state, 0, 2, 0, 5)  # flight check 0 + 2; pursuit check 2 + 1; size 0 + 1; kill roll 5 + 1
    continuation.finish_activation(state, False)
    return state


@pytest.mark.rule(
    "BR-14.9a",
    "BR-14.9b",
    "BR-14.9c",
    "BR-14.9g",
    "BR-14.9h",
    "BR-14.9i",
    "BR-14.9l",
    "BR-4.0h",
)
def test_a_battle_that_fought_pursues_and_rides_down_fleeing_units() -> None:
    state = right_flees()
    assert state["battles"]["right"]["fled"]
    assert state["phase"] == "pursue" and ENGINE.active_roles(state) == ["york"]
    assert set(types(ENGINE.legal_actions(state, "york"))) == {"pursue"}  # 2 + 1 <= 4: they must
    fp = state["flight_points"]["lancaster"]
    state = play(state, "york", {"type": "pursue"})
    chase = state["pursuers"]["van"]
    assert [u["id"] for u in chase["units"]] == ["Y-MM1"] and chase["leader"]  # 10 %: one unit, mounted first
    assert "Y-MM1" not in state["units"] and state["leaders"]["edward"]["hex"] is None
    assert state["flight_points"]["lancaster"] == fp + 1  # one fleeing foot unit (HG or Inf) ridden down
    ridden = [ENGINE.text(e["text"]) for e in state["log"][-2:]]  # the victim has left the state: named before
    assert ridden[0] == said(state, "Y-MM1 rides down the fleeing Oxford's handgunners 1.")
    assert ridden[1].startswith("Lancaster +1 FP (Oxford's handgunners 1 killed in pursuit)"), ridden
    assert len(state["fleeing"]["right"]) == 1
    assert state["phase"] == "nominate"


@pytest.mark.rule("BR-14.9d")
def test_holding_back_removes_the_fleeing_banner() -> None:
    state = fresh()
    combat_results.eliminate(state, "L-LB1", "test")
    combat_results.eliminate(state, "L-A1", "test")
    state["player"] = "york"
    state["hitters"] = ["van"]
    rig(state, 0, 7)
    continuation.finish_activation(state, False)
    assert "no_pursuit" in types(ENGINE.legal_actions(state, "york"))
    state = play(state, "york", {"type": "no_pursuit"})
    assert state["battles"]["right"]["flight_hex"] is None and not state["pursuers"]


@pytest.mark.rule("BR-14.9m", "BR-14.9n", "BR-14.9q", "BR-14.9r", "BR-14.9t", "BR-14.9p")
def test_the_pursuers_must_come_back_on_the_next_automatic_activation() -> None:
    state = right_flees()
    state = play(state, "york", {"type": "pursue"})
    state = play(state, "york", {"type": "end"})
    state = play(state, "lancaster", {"type": "pass"})
    choices = ENGINE.legal_actions(state, "york")
    assert [c["action"] for c in choices] == [{"type": "return", "battle": "van"}]
    rig(state, 5)  # 5 + 1 (Edward pursued) = 6: it returns
    state = play(state, "york", {"type": "return", "battle": "van"})
    unit = state["units"]["Y-MM1"]
    assert unit["hex"] is None and not state["acted"]["Y-MM1"]["in_command"]  # out of command on its return
    entry = state["reinforcements"]["van"]["entry"]
    assert entry == [state["battles"]["right"]["flight_hex"]]
    state = play(state, "york", {"type": "select", "unit": "Y-MM1"})
    state = play(state, "york", {"type": "enter", "hex": entry[0]})
    assert state["leaders"]["edward"]["hex"] == entry[0]


@pytest.mark.rule("BR-14.9s")
def test_pursuers_may_be_lost_looting() -> None:
    state = right_flees()
    state = play(state, "york", {"type": "pursue"})
    state = play(state, "york", {"type": "end"})
    state = play(state, "lancaster", {"type": "pass"})
    rig(state, 4)
    named = said(state, "Y-MM1")  # while it is among the pursuers
    state = play(state, "york", {"type": "return", "battle": "van"})
    assert "Y-MM1" not in state["units"] and state["flight_points"]["york"] == 0
    assert any(ENGINE.text(e["text"]) == f"{named} is lost looting (DR 4)." for e in state["log"])
    assert state["leaders"]["edward"]["hex"] is not None  # he comes back to the nearest unit


@pytest.mark.rule("BR-14.9u")
def test_a_pursuing_battle_that_flees_loses_its_pursuers() -> None:
    state = right_flees()
    state = play(state, "york", {"type": "pursue"})
    flight.battle_flees(state, "van")
    assert "van" not in state["pursuers"] and "Y-MM1" in state["fled_units"]


@pytest.mark.rule("BR-14.9j")
def test_a_mounted_pursuer_rolling_a_natural_nine_kills_the_fleeing_leader() -> None:
    state = fresh()
    combat_results.eliminate(state, "L-LB1", "test")
    combat_results.eliminate(state, "L-A1", "test")
    state["player"] = "york"
    state["hitters"] = ["van"]
    rig(state, 0, 2, 0, 9)
    continuation.finish_activation(state, False)
    fp = state["flight_points"]["lancaster"]
    state = play(state, "york", {"type": "pursue"})
    assert state["leaders"]["oxford"]["dead"] and state["flight_points"]["lancaster"] == fp + 2
    assert len(state["fleeing"]["right"]) == 2


@pytest.mark.rule("BR-14.9k")
def test_foot_pursuers_need_seven_and_kill_only_foot() -> None:
    def chase(kill_die: int) -> dict:
        state = fresh()
        del state["units"]["Y-Cav1"]
        combat_results.eliminate(state, "L-LB1", "test")
        combat_results.eliminate(state, "L-A1", "test")
        state["player"] = "york"
        state["hitters"] = ["rear"]
        rig(state, 0, 2, 1, kill_die)  # flight; pursuit check 2; size 1: 10 % of 5 units -> 1 (Y-A1)
        continuation.finish_activation(state, False)
        return play(state, "york", {"type": "pursue"})

    state = chase(7)
    assert [u["id"] for u in state["pursuers"]["rear"]["units"]] == ["Y-A1"]
    assert len(state["fleeing"]["right"]) == 1
    state = chase(6)
    assert len(state["fleeing"]["right"]) == 2


@pytest.mark.rule("BR-14.9p", "BR-7.1m")
def test_with_its_leader_pursuing_the_battle_left_behind_is_out_of_command() -> None:
    from .helpers import activate

    state = right_flees()
    state = play(state, "york", {"type": "pursue"})
    state = activate(state, "van", "york", automatic=False)
    on_map = [u for u, x in state["units"].items() if x["battle"] == "van" and x["hex"]]
    assert on_map and not any(state["acted"][u]["in_command"] for u in on_map)
    # A leader of another Battle stacked with a fleeing unit stays behind.
    state = fresh()
    state["leaders"]["hastings"]["hex"] = "0305"
    flight.battle_flees(state, "van")
    assert state["leaders"]["hastings"]["hex"] == "0305" and state["leaders"]["edward"]["hex"] is None


@pytest.mark.rule("BR-14.9e", "BR-14.9f", "BR-14.9o")
def test_the_size_modifier_and_the_leader_are_the_players_choice() -> None:
    state = right_flees()
    actions = [c["action"] for c in ENGINE.legal_actions(state, "york")]
    assert {"type": "pursue", "leader": False, "fewer": True} in actions and {"type": "pursue"} in actions
    rig(state, 2, 5)  # size 2 - 1 = 1: one unit; Edward stays
    state = play(state, "york", {"type": "pursue", "leader": False, "fewer": True})
    assert not state["pursuers"]["van"]["leader"] and state["leaders"]["edward"]["hex"] is not None
    assert len(state["pursuers"]["van"]["units"]) == 1
    # With the leader at home, the Battle's units on the map act in command by continuation (pursuers ignored).
    from .helpers import activate

    state = activate(state, "van", "york", automatic=False)
    assert any(state["acted"][u]["in_command"] for u in state["acted"])
    assert "Y-MM1" not in state["acted"]
