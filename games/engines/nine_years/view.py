"""What a role may see: everything on the board is open (NY-4.4a); hands and decks are not (NY-4.4b)."""

from __future__ import annotations

from typing import Any

from games.engines.base import json_copy, visible_events

from .data.powers import SIDES
from .prompts import prompt

State = dict
PUBLIC = (
    "year",
    "phase",
    "active",
    "vp",
    "king_williams_war",
    "initiative",
    "first",
    "control",
    "fortress_strength",
    "lines",
    "leaders",
    "corps",
    "glorious_revolution",
    "savoy",
    "seas",
    "resource_points",
    "round",
    "move",
    "pending",
    "battle",
    "displace",
    "acted",
    "result",
    # What the sequence of play, the events drawn and the options make known to both players, kept in the
    # view so that a state can be rebuilt from it (``sampling``): the year's remaining steps, the RP the
    # events give, where play resumes after Savoy's question.
    "steps",
    "resource_point_changes",
    "lasting_resource_points",
    "resume",
    "options",
)


def view(state: State, role: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {k: json_copy(state[k]) for k in PUBLIC}
    out["role"] = role
    out["hand"] = list(state["hands"][role]) if role in SIDES else []
    out["hand_counts"] = {side: len(state["hands"][side]) for side in SIDES}
    decks = state["decks"]
    out["deck_counts"] = {
        "events": len(decks["event_deck"]),
        "set_aside": len(decks["set_aside"]),
        "actions": len(decks["action_deck"]),
    }
    out["event_discards"] = list(decks["event_discards"])
    out["action_discards"] = list(decks["discards"])  # played face up (only unplayed cards are hidden, NY-4.4b)
    out["savoy_ask"] = list(state.get("savoy_ask", []))
    out["log"] = visible_events(state["log"], role)
    out["prompt"] = prompt(state, role)
    return out
