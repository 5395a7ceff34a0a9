"""The phase table of ``engines.base.phases``: one look-up of the handler, hand-overs run by the sequencer."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from games.engines.base.phases import Handover, Phase, PhaseTable, hand_over, mark_hand_over


def bid(state: dict, role: str, action: dict) -> Handover | None:
    state["bids"].append((role, action["amount"]))
    return hand_over("close", winner=role) if action["amount"] >= 3 else None


def close(state: dict, winner: str) -> Handover:
    state["winner"] = winner
    return hand_over("finish")


def finish(state: dict) -> None:
    state["phase"] = "over"


TABLE = PhaseTable(
    [
        Phase(
            "bidding",
            lambda state, role: [{"action": {"type": "bid", "amount": n}, "label": f"Bid {n}"} for n in (1, 3)],
            {"bid": bid},
            prompt=lambda state, role: "Bid",
        )
    ],
    {"close": close, "finish": finish},
    active=lambda state: ["north"],
    prompt=lambda state, role: "Over",
)


def test_the_handler_is_looked_up_once_and_hand_overs_run_in_turn() -> None:
    state = {"phase": "bidding", "bids": []}
    TABLE.apply(state, "north", {"type": "bid", "amount": 1})
    assert state == {"phase": "bidding", "bids": [("north", 1)]}
    TABLE.apply(state, "north", {"type": "bid", "amount": 3})
    assert state["winner"] == "north" and state["phase"] == "over"


def test_roles_choices_and_prompts_come_from_the_running_phase() -> None:
    state = {"phase": "bidding", "bids": []}
    assert TABLE.active_roles(state) == ["north"]
    assert len(TABLE.legal_actions(state, "north")) == 2
    assert TABLE.legal_actions(state, "south") == []
    assert TABLE.prompt(state, "north") == "Bid"
    over = {"phase": "over"}
    assert TABLE.active_roles(over) == [] and TABLE.legal_actions(over, "north") == []
    assert TABLE.prompt(over, None) == "Over"


def test_an_action_the_phase_does_not_handle_is_refused() -> None:
    with pytest.raises(IllegalAction):
        TABLE.apply({"phase": "bidding", "bids": []}, "north", {"type": "pass"})
    with pytest.raises(IllegalAction):
        TABLE.apply({"phase": "over"}, "north", {"type": "bid", "amount": 1})


def test_a_marked_hand_over_runs_once_the_handler_returns_and_is_never_stored() -> None:
    def mark(state: dict, role: str, action: dict) -> None:
        mark_hand_over(state, "close", winner=role)
        state["bids"].append((role, 0))  # the action's last effect still comes first

    table = PhaseTable(
        [Phase("bidding", lambda s, r: [], {"mark": mark})], {"close": close, "finish": finish}, active=list
    )
    state = {"phase": "bidding", "bids": []}
    table.apply(state, "south", {"type": "mark"})
    assert state == {"phase": "over", "bids": [("south", 0)], "winner": "south"}
