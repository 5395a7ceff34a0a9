"""What a player (or a spectator) sees: everything but the draw-pile order and the RNG (A11)."""

from __future__ import annotations

from typing import Any

from ..base import State, visible_events
from .data.components import ROLES
from .scoring import outcome, scores
from .sequence import TABLE


def view(state: State, role: str | None) -> dict[str, Any]:
    board = state["board"]
    return {
        "role": role,
        "roles": list(ROLES),
        "board": dict(board),
        "crown": list(state["crown"]),
        "hands": {r: list(state["hands"][r]) for r in ROLES},
        "heroes": dict(state["heroes"]),
        "discard": list(state["discard"]),
        "draw_pile_count": len(state["draw_pile"]),
        "supply": state["supply"],
        "stones": {r: sum(1 for owner in board.values() if owner == r) for r in ROLES},
        "scores": scores(board),
        "turn": state["turn"],
        "result": outcome(state),
        "active_roles": TABLE.active_roles(state),
        "prompt": TABLE.prompt(state, role),
        "log": visible_events(state["log"], role),
    }
