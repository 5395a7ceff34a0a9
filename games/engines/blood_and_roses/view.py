"""What a player sees (``Engine.view``): everything on the board is open; unused Seizure markers are seen
only by their owner (BR-6.3), but which ones each side has played is public: every play is announced and
the marker discarded (BR-6.3c)."""

from __future__ import annotations

from typing import Any

from games.engines.base import State, json_copy, visible_events

from .board import battle_map, occupant
from .data.tables import TABLES_TITLE
from .sequence import TABLE
from .svg_terrain import map_view

# What a view adds to the state's own keys (drawn from the battle data or worked out from the state).
VIEW_ONLY = ("map", "divisions", "leader_initials", "viewer", "tables", "occupied", "prompt", "markers_played")


def view(state: State, role: str | None) -> dict[str, Any]:
    m = battle_map(state)
    out = {k: json_copy(v) for k, v in state.items() if k not in ("rng", "markers", "log")}
    out["markers"] = {r: (json_copy(ms) if r == role else {"count": len(ms)}) for r, ms in state["markers"].items()}
    out["markers_played"] = markers_played(state, m.data.get("seizure", {}))
    out["log"] = visible_events(state["log"], role)
    out["map"] = map_view(m)
    # How the board draws the Battles and leaders (battle data, not state): the stripe colours, initials.
    out["divisions"] = {bid: b.get("division") for bid, b in m.data["battles"].items()}
    out["leader_initials"] = {lid: d["initials"] for lid, d in m.data["leaders"].items() if d.get("initials")}
    out["viewer"] = role
    out["tables"] = TABLES_TITLE
    out["occupied"] = occupant(state)
    out["prompt"] = TABLE.prompt(state, role)
    return out


def markers_played(state: State, mix: dict[str, list[dict[str, Any]]]) -> dict[str, list[str]]:
    """The ids of the Seizure markers each side was given (BR-6.3a) and no longer holds."""
    held = {r: {m["id"] for m in ms} for r, ms in state["markers"].items()}
    return {r: [m["id"] for m in mix.get(r, []) if m["id"] not in held[r]] for r in state["markers"]}
