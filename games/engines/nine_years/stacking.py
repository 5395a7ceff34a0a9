"""Section 4 (seed): stacking limits, over-stacking penalties, stacking with enemy units, open counters."""

from __future__ import annotations

from .board import terrain
from .data.powers import side_of
from .data.spaces import STACKING

State = dict


def stacking_limit(space: str) -> int | None:
    """NY-4.1.1a/b: corps per player by terrain; None (unlimited) in the two home boxes (NY-2.4e)."""
    return STACKING[terrain(space)]


def corps_at(state: State, space: str, side: str) -> list[str]:
    return sorted(c for c, v in state["corps"].items() if v["space"] == space and side_of(v["power"]) == side)


def leaders_at(state: State, space: str, side: str) -> list[str]:
    from .counters import leader_side

    return sorted(lid for lid, v in state["leaders"].items() if v["space"] == space and leader_side(state, lid) == side)


def corps_count(state: State, space: str, side: str, extra: int = 0) -> int:
    """NY-4.1.1c: a reduced corps counts as one corps; leaders and markers do not count (A28: per side)."""
    return len(corps_at(state, space, side)) + extra


def fits(space: str, count: int) -> bool:
    limit = stacking_limit(space)
    return limit is None or count <= limit


def over_limit(state: State, space: str, side: str) -> bool:
    return not fits(space, corps_count(state, space, side))


def overstack_penalty(state: State, space: str, side: str) -> list[str]:
    """NY-4.1.3a: over the limit, full corps beyond limit/2 are reduced (A3: each side separately).

    The owner's choice is made for him (STAND-IN automation): the power with most full corps first.
    Returns the corps reduced.
    """
    limit = stacking_limit(space)
    if limit is None or not over_limit(state, space, side):
        return []
    full = [c for c in corps_at(state, space, side) if state["corps"][c]["full"]]
    excess = len(full) - limit // 2
    if excess <= 0:
        return []
    per_power: dict[str, int] = {}
    for c in full:
        per_power[state["corps"][c]["power"]] = per_power.get(state["corps"][c]["power"], 0) + 1
    full.sort(key=lambda c: (-per_power[state["corps"][c]["power"]], c))
    reduced = full[:excess]
    for c in reduced:
        state["corps"][c]["full"] = False
    return reduced


def activation_cap(state: State, space: str, side: str, wanted: int) -> int:
    """NY-4.1.3d: from an over-limit space no more corps than the limit take part in one activation."""
    limit = stacking_limit(space)
    if limit is not None and over_limit(state, space, side):
        return min(wanted, limit)
    return wanted


def may_repair_or_place(state: State, space: str, side: str, placing: int = 0) -> bool:
    """NY-4.1.3b/c: no repair in an over-limit space, and no placement into one (nor making one)."""
    return fits(space, corps_count(state, space, side, placing))
