"""PROVISIONAL 11 Supply: lines of communication (LOC) over friendly spaces, by land and by controlled seas."""

from __future__ import annotations

from collections import deque

from ..board import NEIGHBOURS, capitals, controller, in_great_britain_or_ireland, may_use_link, sea_zones
from ..data.powers import other, side_of
from ..data.spaces import SPACES
from ..stacking import corps_count, fits

State = dict


def enemy_present(state: State, space: str, side: str) -> bool:
    return space in enemy_spaces(state, side)


def enemy_spaces(state: State, side: str) -> set[str]:
    """The spaces holding a corps of ``side``'s enemy (a search asks once, not at every step)."""
    enemy = other(side)
    return {v["space"] for v in state["corps"].values() if side_of(v["power"]) == enemy}


def _ports(zone: str) -> list[str]:
    return sorted(s for s in SPACES if zone in SPACES[s][6])


def _reach(state: State, start: str, side: str, goals: set[str], by_sea: bool) -> bool:
    """11.1: a path of adjacent spaces controlled by ``side`` and free of enemy corps (the start may be any
    space); with ``by_sea``, a leg from a port to a port across a sea zone that ``side`` controls."""
    seen = {start}
    queue = deque([start])
    enemy = enemy_spaces(state, side)
    while queue:
        here = queue.popleft()
        if here in goals:
            return True
        steps = [(b, red) for b, red in NEIGHBOURS[here]]
        if by_sea:
            for zone in sea_zones(here):
                if state["seas"][zone] == side:
                    steps += [(p, False) for p in _ports(zone)]
        for nxt, red in steps:
            if nxt in seen or not may_use_link(state, side, here, nxt, red):
                continue
            if controller(state, nxt) != side or nxt in enemy:
                continue
            seen.add(nxt)
            queue.append(nxt)
    return False


def has_loc(state: State, space: str, power: str) -> bool:
    """11.2.1: LOC to a friendly-held capital of the power (NY-2.2a); none while all are lost (NY-7.1.2b)."""
    side = side_of(power)
    goals = {c for c in capitals(state, power) if controller(state, c) == side}
    if not goals:
        return False
    if (
        power == "jacobites"
        and state["glorious_revolution"]
        and in_great_britain_or_ireland(space)
        and "paris" in goals
    ):
        return True  # NY-7.2.6d: Jacobites in the Isles reach Paris whoever holds the Atlantic
    return _reach(state, space, side, goals, by_sea=True)


def land_loc(state: State, start: str, goal: str, side: str) -> bool:
    """6.2 (second page): a land LOC, no sea leg (dark-red links for the Alliance only, NY-2.1.4a)."""
    return _reach(state, start, side, {goal}, by_sea=False)


def nearest_choices(
    state: State, start: str, side: str, capital: str, movers: int, through: tuple[str, ...] = ()
) -> list[str]:
    """NY-7.2.1f/g (A10): the nearest spaces (in connections the side may use, and across the spaces
    ``through`` that are being left) held by ``side``, free of enemy corps, with a LOC to ``capital`` and room
    for ``movers`` corps: NY-4.1.2d allows over-stacking only after a mandatory retreat or a siege relief,
    and this displacement is neither. The owner chooses among them."""
    seen = {start: 0}
    queue = deque([start])
    found: list[tuple[int, str]] = []
    while queue:
        here = queue.popleft()
        for nxt, red in NEIGHBOURS[here]:
            if nxt in seen or not (nxt in through or may_use_link(state, side, here, nxt, red)):
                continue
            seen[nxt] = seen[here] + 1
            queue.append(nxt)
            held = controller(state, nxt) == side and not enemy_present(state, nxt, side)
            room = fits(nxt, corps_count(state, nxt, side, movers))
            if held and room and (nxt == capital or _reach(state, nxt, side, {capital}, by_sea=False)):
                found.append((seen[nxt], nxt))
    nearest = min((d for d, _ in found), default=None)
    return sorted(s for d, s in found if d == nearest)
