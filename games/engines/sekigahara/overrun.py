"""SK-7.4: overruns, checked whenever blocks arrive (move, retreat, Muster, Mori entry)."""

from __future__ import annotations

from games.engines.base import State, add_event, msg

from .common import NAMES, blocks_at, draw_cards, kill, loc_name, other
from .data.locations import CASTLES


def try_overrun(state: State, loc: str, role: str) -> bool:
    """4:1 or better in blocks (not strength) eliminates the enemy there; returns True if it did."""
    enemy = other(role)
    foes = blocks_at(state, loc, enemy)
    if not foes:
        return False
    if loc in CASTLES and state["castles"].get(loc) == enemy:
        return False  # SK-7.4.3a: blocks that control a castle cannot be overrun
    mine = blocks_at(state, loc, role)  # SK-7.4.2d, SK-7.4.3b: blocks already there count, besieged too
    if len(mine) < 4 * len(foes):
        return False
    add_event(
        state,
        msg(
            "Overrun at {loc}: {mine} blocks of {side} against {foes}.",
            loc=loc_name(loc),
            mine=len(mine),
            side=NAMES[role],
            foes=len(foes),
        ),
        at=[f"location:{loc}"],
    )
    for block in foes:  # SK-7.4.2b: all of them; the overrunning side loses nothing
        kill(state, block)
    draw_cards(state, enemy, len(foes) // 2)  # SK-8.10c: one card per two blocks lost
    return True


def arrival_overrun(state: State, loc: str, role: str) -> str | None:
    """SK-7.4.1a, SK-7.4.2a: after ``role``'s blocks arrive, either side with 4:1 overruns the other.

    Returns the side whose blocks were eliminated, or None.
    """
    if try_overrun(state, loc, role):
        return other(role)
    if try_overrun(state, loc, other(role)):
        return role
    return None
