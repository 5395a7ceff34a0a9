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
    out["log"] = visible_events(state["log"], role)
    out["prompt"] = prompt(state, role)
    return out
