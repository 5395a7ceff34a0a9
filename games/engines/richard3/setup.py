"""The initial state of a Richard III game: the scenario's set-up (R3-4.0-4.6) and the first deal."""

from __future__ import annotations

from typing import Any

from games.engines.base import Rng, State, add_event, msg

from .board import BLOCK_IDS, ROLES, other, senior_heir_in_play, side_name
from .data.blocks import BLOCKS
from .data.scenarios import SETUP_1460, SETUP_1469, SETUP_1485
from .sequence import start
from .turn_record import new_turn_record

SCENARIOS = {
    "1460": {"setup": SETUP_1460, "king": "lancaster", "campaign": 1, "last": 3},
    "1469": {"setup": SETUP_1469, "king": "york", "campaign": 2, "last": 2},
    "1485": {"setup": SETUP_1485, "king": "york", "campaign": 3, "last": 3},
}


def initial_state(seed: int, options: dict[str, Any]) -> State:
    scenario = options.get("scenario", "1460")
    spec = SCENARIOS[scenario]
    blocks = {}
    for b in BLOCK_IDS:
        at = spec["setup"][b]
        full = at not in ("off", "out", "dead")
        blocks[b] = {"at": at, "strength": BLOCKS[b]["steps"] if full else 0, "down": False}  # R3-4.1a
    king = spec["king"]
    state: State = {
        "scenario": scenario,
        "two_events": options.get("two_events", "pretender"),
        "rng": Rng.from_seed(seed).state,
        "log": [],
        "campaign": spec["campaign"],
        "last_campaign": spec["last"],
        "turn": 1,
        "king": king,  # R3-0.1c
        "crowned": {"lancaster": None, "york": None},
        "minors_due": {"lancaster": 0, "york": 0},
        "blocks": blocks,
        "hands": {"lancaster": [], "york": []},
        "deck": [],
        "played": {"lancaster": None, "york": None},
        "player1": None,
        "phase": "card",
        "turn_record": new_turn_record(),
        "action_phase": None,
        "battle": None,
        "supply": None,
        "political": None,
        "over": None,
    }
    for side in ROLES:
        state["crowned"][side] = senior_heir_in_play(state, side)
    if blocks["L_HenryVI"]["at"] == "prisoner":
        state["crowned"]["lancaster"] = "L_HenryVI"  # the captive Pretender (1469)
    add_event(
        state,
        msg(
            "Scenario {scenario}: {king} is King, {pretender} is Pretender. Campaign {campaign}.",
            scenario=scenario,
            king=side_name(king),
            pretender=side_name(other(king)),
            campaign=state["campaign"],
        ),
    )
    start(state)
    return state
