"""The purposeful policy, the computer player's rollouts: leaders ride first, a CinC out of the fighting
(BR-3.0f/g, BR-5.5e), and units close on the enemy without leaving their leader's range (BR-5.2a, 5.3c)."""

from __future__ import annotations

from games.engines.base import Rng
from games.engines.blood_and_roses import ENGINE
from games.engines.blood_and_roses.board import occupant
from games.engines.blood_and_roses.hexgrid import distance
from games.engines.blood_and_roses.policy import SAFE_DISTANCE, in_command_range, not_held_back, purposeful

from .helpers import activate, bosworth, fresh, only, put
from .testbattle import W


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
