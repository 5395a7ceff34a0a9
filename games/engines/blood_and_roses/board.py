"""Reading a position: who is where, enemies, command range, line of sight, terrain costs.

Pure functions over the state and the battle ``Map``; the rules that change the state are in
the rule modules (``combat_results``, ``missile``, ``shock_resolution``, ...). Rule IDs are noted
where each is applied.
"""

from __future__ import annotations

from typing import Any

from .battles import Map, battle
from .data.tables import HEXSIDES, MISSILE, MOUNTED, MOVEMENT_ALLOWANCE, TERRAIN
from .hexgrid import distance, front_dirs

State = dict[str, Any]


def battle_map(state: State) -> Map:
    return battle(state["battle"]) if state.get("battle_data") is None else _custom(state)


_CUSTOM: dict[str, Map] = {}


def _custom(state: State) -> Map:
    """A battle carried in the state (the tests' purpose-made battle), indexed once per process."""
    from .battles import load

    name = state["battle_data"]["name"]
    if name not in _CUSTOM:
        _CUSTOM[name] = load(state["battle_data"])
    return _CUSTOM[name]


def hex_target(h: str) -> str:
    """The board target of a hex, as the map marks it (``data-target``) and events name it."""
    return f"hex:{h}"


def other(role: str) -> str:
    return "lancaster" if role == "york" else "york"


def occupant(state: State) -> dict[str, str]:
    """hex -> unit id (BR-10.0a: at most one unit a hex)."""
    return {u["hex"]: uid for uid, u in state["units"].items() if u["hex"] is not None}


def committed(state: State, uid: str) -> bool:
    return not state["battles"][state["units"][uid]["battle"]].get("uncommitted")


def side_of_unit(state: State, uid: str) -> str:
    return state["battles"][state["units"][uid]["battle"]]["side"]


def are_enemies(state: State, a: str, b: str) -> bool:
    """Uncommitted Stanley units are nobody's enemy until they join (Bosworth special rule)."""
    return side_of_unit(state, a) != side_of_unit(state, b) and committed(state, a) and committed(state, b)


def enemy_units_of(state: State, role: str) -> list[str]:
    return [
        uid
        for uid, u in state["units"].items()
        if u["hex"] is not None and side_of_unit(state, uid) != role and committed(state, uid)
    ]


def adjacent_enemies(state: State, uid: str, at: str | None = None, occ: dict[str, str] | None = None) -> list[str]:
    m = battle_map(state)
    occ = occupant(state) if occ is None else occ
    here = at or state["units"][uid]["hex"]
    found = []
    for n in m.neighbours[here]:
        other_uid = occ.get(n) if n else None
        if other_uid and other_uid != uid and are_enemies(state, uid, other_uid):
            found.append(other_uid)
    return found


def unit_class(unit_type: str) -> str:
    return "mounted" if unit_type in MOUNTED else "foot"


def movement_allowance(unit: dict) -> int:
    """BR-14.2b: a Disordered unit has one MP less; BR-14.5c: a Routed unit moves one hex."""
    if unit.get("rout"):
        return 1
    return MOVEMENT_ALLOWANCE[unit["type"]] - (1 if unit.get("disordered") else 0)


def entry_cost(m: Map, src: str | None, dst: str, unit_type: str) -> tuple[int, bool] | None:
    """BR-7.1c/n/o: MP to enter ``dst`` from ``src`` (None from off the map) and whether the entry is a
    "D" entry; None when prohibited (NA terrain or hexside)."""
    entry = TERRAIN[m.terrain[dst]][unit_class(unit_type)]
    if entry == "NA":
        return None
    d_entry = isinstance(entry, tuple)
    cost = entry[1] if d_entry else entry
    if src is not None:
        feature = m.hexsides.get((src, dst))
        if feature is not None:
            extra = HEXSIDES[feature]["cost"]
            if extra == "NA":
                return None
            cost += extra
        if m.elevation[dst] > m.elevation[src]:
            from .data.tables import CLIMB_COST

            cost += CLIMB_COST * (m.elevation[dst] - m.elevation[src])
    return cost, d_entry


def passable_for_all(m: Map, src: str, dst: str) -> bool:
    """BR-5.2b: a command path may not enter a hex or cross a hexside impassable to all units."""
    return entry_cost(m, src, dst, "Inf") is not None or entry_cost(m, src, dst, "MM") is not None


def command_reach(state: State, start: str, rng: int, role: str, occ: dict[str, str]) -> set[str]:
    """BR-5.2a/b: hexes within ``rng`` hexes along any path not through enemy units or impassable terrain."""
    m = battle_map(state)
    reached = {start}
    frontier = [start]
    for _ in range(rng):
        nxt = []
        for h in frontier:
            for n in m.neighbours[h]:
                if n is None or n in reached or not passable_for_all(m, h, n):
                    continue
                holder = occ.get(n)
                if holder and side_of_unit(state, holder) != role and committed(state, holder):
                    continue
                reached.add(n)
                nxt.append(n)
        frontier = nxt
    return reached


def in_command_units(state: State, battle_id: str) -> list[str]:
    """BR-5.2a-d: units of the Battle within its leader's range, plus the chain of adjacent units of the
    same Battle (A9); reinforcements entering are in command (BR-5.2e, BR-7.5d)."""
    b = state["battles"][battle_id]
    leader = state["leaders"].get(b["leader"])
    occ = occupant(state)
    members = sorted(uid for uid, u in state["units"].items() if u["battle"] == battle_id)
    entering = [uid for uid in members if state["units"][uid]["hex"] is None]
    if leader is None or leader.get("hex") is None:
        return entering
    reach = command_reach(state, leader["hex"], leader["range"], b["side"], occ)
    inside = {uid for uid in members if state["units"][uid]["hex"] in reach}
    m = battle_map(state)
    frontier = list(inside)
    while frontier:
        uid = frontier.pop()
        for n in m.neighbours[state["units"][uid]["hex"]]:
            other_uid = occ.get(n) if n else None
            if other_uid and other_uid not in inside and state["units"][other_uid]["battle"] == battle_id:
                inside.add(other_uid)
                frontier.append(other_uid)
    return sorted(inside) + entering


def blocks_terrain(m: Map, h: str, a: str, b: str, unit_type: str) -> bool:
    terrain = TERRAIN[m.terrain[h]]
    if terrain.get("blocks"):
        return True  # BR-11.4b
    if unit_type == "HG" and terrain.get("hg_blocks"):
        return True  # BR-11.4c
    return m.elevation[h] > max(m.elevation[a], m.elevation[b])  # crest between lower hexes (A20 family)


def line_of_sight(
    state: State, a: str, b: str, unit_type: str, units_block: bool, screens: frozenset[str] = frozenset()
) -> tuple[bool, bool]:
    """BR-11.4a-c/h/i/j: (LOS clear, passes over a unit). A line along a hexside is blocked only if both
    sides block (the two nudged lines); a line through a vertex is blocked if a hex beside it blocks.
    ``units_block``: Art, HG and charges cannot see through units (11.1f)."""
    m = battle_map(state)
    occ = occupant(state)
    blocked, over_units = [], False
    for line in m.sight_lines(a, b):
        hit = False
        for h in line:
            if blocks_terrain(m, h, a, b, unit_type) or h in screens:
                hit = True  # BR-11.4h: a blocking hex blocks as a whole; BR-11.4f: screens
                break
            if h in occ:
                if units_block:
                    hit = True
                    break
                over_units = True
            if unit_type == "HG":
                feature_block = any(
                    HEXSIDES[m.hexsides[(h, n)]].get("hg_blocks")
                    for n in m.neighbours[h]
                    if n and (h, n) in m.hexsides and n in line
                )
                if feature_block:
                    hit = True
                    break
        blocked.append(hit)
    for h in m.vertex_touches(a, b):  # BR-11.4j: through a vertex, one blocking hex beside it blocks
        if blocks_terrain(m, h, a, b, unit_type) or h in screens or (units_block and h in occ):
            return False, over_units
    return not all(blocked), over_units


def front_hexes(state: State, uid: str) -> list[str]:
    """BR-8.0b: the two hexes sharing the faced vertex (those on the map)."""
    m = battle_map(state)
    unit = state["units"][uid]
    return [m.neighbours[unit["hex"]][d] for d in front_dirs(unit["facing"]) if m.neighbours[unit["hex"]][d]]


def leaders_at(state: State, h: str) -> list[str]:
    return sorted(lid for lid, leader in state["leaders"].items() if leader.get("hex") == h)


def is_missile(unit_type: str) -> bool:
    return unit_type in MISSILE


def within(a: str, b: str, n: int) -> bool:
    return distance(a, b) <= n
