"""The playout policies. Purposeful: leaders ride first, a CinC out of the fighting (BR-3.0f/g, BR-5.5e),
and units close on the enemy without leaving their leader's range (BR-5.2a, 5.3c). Tactical, the computer
player's: the same, by the odds (BR-12.3l, BR-11.3b, BR-12.3j-x)."""

from __future__ import annotations

from games.engines.base import Rng
from games.engines.blood_and_roses import ENGINE
from games.engines.blood_and_roses.board import occupant
from games.engines.blood_and_roses.hexgrid import distance, step
from games.engines.blood_and_roses.policy import (
    SAFE_DISTANCE,
    engagement,
    flank_angle,
    in_command_range,
    not_held_back,
    purposeful,
    tactical,
)

from .helpers import activate, bosworth, fresh, only, play, put
from .testbattle import NW, E, W


def policy_step(state: dict, role: str, chooser: Rng) -> tuple[dict, dict]:
    action = purposeful(state, role, ENGINE.legal_actions(state, role), chooser)["action"]
    return ENGINE.apply(state, role, action), action


def test_the_king_rides_alone_out_of_the_fighting_before_his_battle_moves() -> None:
    state = only(fresh(), "Y-MM1", "Y-MM2", "Y-DM1", "Y-Inf1", "L-Inf1")
    put(state, "L-Inf1", "0603", W)
    assert state["leaders"]["edward"]["hex"] == "0303" == state["units"]["Y-MM2"]["hex"]
    state, chooser, taken = activate(state, "van", "york"), Rng.from_seed(1), []
    while state["selected"] is None:
        state, action = policy_step(state, "york", chooser)
        taken.append(action["type"])
    assert taken[0] == "select_leader" and taken[-2] == "leader_done" and taken[-1] == "select"
    king = state["leaders"]["edward"]["hex"]
    assert king not in occupant(state)  # no unit of his to be hit in a shock with him
    assert distance(king, "0603") >= SAFE_DISTANCE
    assert all(distance(king, state["units"][u]["hex"]) <= 3 for u in ("Y-MM1", "Y-MM2", "Y-DM1", "Y-Inf1"))


def test_a_unit_closes_on_the_enemy_within_its_leaders_range_where_a_move_is() -> None:
    state = only(fresh(), "Y-Inf1", "L-Inf1")
    state["leaders"]["edward"]["hex"] = "0304"  # range 3
    put(state, "Y-Inf1", "0305")
    moves = [{"action": {"type": "move", "hex": h}} for h in ("0605", "0505", "0806")]
    assert [c["action"]["hex"] for c in in_command_range(state, "Y-Inf1", moves)] == ["0605", "0505"]
    beyond = [{"action": {"type": "move", "hex": "0806"}}]
    assert in_command_range(state, "Y-Inf1", beyond) == beyond  # none in range: the unit still closes
    state["leaders"]["edward"]["hex"] = "0305"  # he rides with the unit: every move keeps him with it
    assert in_command_range(state, "Y-Inf1", moves) == moves


def test_a_battle_that_must_roll_to_move_is_activated_only_when_no_other_can_be() -> None:
    state = bosworth()
    norfolk, northumberland = ({"action": {"type": "activate", "battle": b}} for b in ("norfolk", "northumberland"))
    assert not_held_back(state, [northumberland, norfolk]) == [norfolk]
    assert not_held_back(state, [northumberland]) == [northumberland]


def picks(policy, state: dict, role: str) -> list[dict]:
    """What ``policy`` chooses in ``state`` with eight different choosers."""
    choices = ENGINE.legal_actions(state, role)
    return [policy(state, role, choices, Rng.from_seed(seed))["action"] for seed in range(8)]


def test_tactical_activates_the_battle_nearest_the_fighting() -> None:
    state = fresh()
    put(state, "L-Inf1", step("0310", E), W)  # next to Hastings' Y-Inf2; Edward's van is farther off
    assert engagement(state, "york", "rear") == (3, 6)  # three of his units within two hexes of it
    assert engagement(state, "york", "van") == (0, 4)
    assert {a["battle"] for a in picks(purposeful, state, "york") if a["type"] == "activate"} >= {"rear", "van"}
    assert [a["battle"] for a in picks(tactical, state, "york")] == ["rear"] * 8


def test_tactical_closes_on_the_enemy_at_its_rear_where_a_hex_as_close_is() -> None:
    state = only(fresh(), "Y-Inf1", "L-Inf1")
    put(state, "L-Inf1", "0705", W)
    put(state, "Y-Inf1", "0405", E)
    state["leaders"]["edward"]["hex"] = "0504"  # every hex next to L-Inf1 in his range (BR-5.2a)
    state = play(activate(state, "van", "york"), "york", {"type": "select", "unit": "Y-Inf1"})
    assert {a["hex"] for a in picks(purposeful, state, "york")} >= {"0604", "0605"}  # its front hexes
    assert {a["hex"] for a in picks(tactical, state, "york")} == {"0805"}
    assert flank_angle(state, "Y-Inf1", "0805") == 3  # BR-12.3l: the rear; the front hexes give 0
    assert flank_angle(state, "Y-Inf1", "0604") == flank_angle(state, "Y-Inf1", "0605") == 0


def test_tactical_shoots_at_the_target_with_the_best_fire_drm() -> None:
    state = only(fresh(), "Y-LB1", "L-Inf1", "L-DM1")
    put(state, "L-Inf1", "0506", W)  # range 2: +0
    put(state, "L-DM1", "0606", W)  # range 3, dismounted men-at-arms: -2 (BR-11.3b/c)
    state = play(activate(state, "van", "york"), "york", {"type": "select", "unit": "Y-LB1"})
    assert {a["target"] for a in picks(purposeful, state, "york")} == {"L-Inf1", "L-DM1"}
    assert {a["target"] for a in picks(tactical, state, "york")} == {"L-Inf1"}


def test_tactical_declares_the_shock_with_the_best_drm() -> None:
    state = only(fresh(), "Y-Inf1", "Y-DM1", "L-Inf1", "L-Inf2")
    state["leaders"]["edward"]["hex"] = "0406"  # both in command (BR-5.3c)
    put(state, "Y-Inf1", "0505", E)
    put(state, "L-Inf1", step("0505", E), W)  # front to front: +1
    put(state, "Y-DM1", "0508", E)
    put(state, "L-Inf2", step("0508", E), NW)  # attacked on its left flank: +4 (BR-12.3l)
    state = play(activate(state, "van", "york"), "york", {"type": "end_moves"})
    assert {a["unit"] for a in picks(purposeful, state, "york")} == {"Y-Inf1", "Y-DM1"}
    assert {a["unit"] for a in picks(tactical, state, "york")} == {"Y-DM1"}
