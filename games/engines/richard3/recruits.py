"""Where the Action Phase may recruit and strike (shared by its choices and handlers): pool blocks that may be
recruited and where (R3-5.4), and the Plague's targets (R3-5.1)."""

from __future__ import annotations

from .board import BLOCK_IDS, WALES, friendly_or_vacant, may_enter, owner, status
from .data.areas import AREAS
from .data.blocks import BLOCKS


def recruit_areas(state: dict, role: str, bid: str) -> list[str]:
    """Where a pool block may be placed (R3-5.4c-i, A11, A12)."""
    info = BLOCKS[bid]
    kind = info["kind"]
    if kind == "bombard":
        return [a for a, f in AREAS.items() if f["city"] and status(state, a, role) == "friendly"]
    if kind == "rebel":
        return [a for a, f in AREAS.items() if f["kind"] == "land" and status(state, a, role) == "vacant"]
    if bid == "L_Welsh":
        return [a for a in WALES if friendly_or_vacant(state, a, role)]
    if kind in ("lord", "church", "levy"):
        return [a for a in info["seats"] if may_enter(a, role) and friendly_or_vacant(state, a, role)]
    return []  # heirs and the exile mercenaries are never recruited (R3-5.4h)


def recruitable(state: dict, role: str) -> list[str]:
    """Upright blocks of the player's own pool (R3-4.2b, R3-5.4k)."""
    return [
        b
        for b in BLOCK_IDS
        if state["blocks"][b]["at"] == "pool"
        and not state["blocks"][b]["down"]
        and owner(state, b) == role
        and recruit_areas(state, role, b)
    ]


def plague_targets(state: dict, role: str) -> list[str]:
    return [a for a, f in AREAS.items() if f["city"] and status(state, a, role) == "enemy"]
