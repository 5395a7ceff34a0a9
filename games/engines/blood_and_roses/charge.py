"""Charge and counter-charge (13.0): who may charge, the charge path, the counter-charge facings."""

from __future__ import annotations

from typing import Any

from .board import (
    adjacent_enemies,
    are_enemies,
    battle_map,
    entry_cost,
    front_hexes,
    line_of_sight,
    occupant,
    side_of_unit,
)
from .data.tables import HEXSIDES, TERRAIN
from .hexgrid import arc, direction_to, distance, front_dirs, side_of

State = dict[str, Any]


def charge_path(state: State, attacker: str, defender: str) -> list[str] | None:
    """BR-13.3a-m, A30: a path of one or two empty hexes starting in a front hex, not passing next to an
    enemy before its end, no charge-forbidden terrain or hexside, the target then in a front hex."""
    m = battle_map(state)
    a, d = state["units"][attacker], state["units"].get(defender)
    if d is None or a["type"] != "MM" or a.get("disordered") or a.get("rout"):
        return None
    dist = distance(a["hex"], d["hex"])
    if dist not in (2, 3) or TERRAIN[m.terrain[d["hex"]]].get("no_charge"):
        return None
    clear, _ = line_of_sight(state, a["hex"], d["hex"], "MM", units_block=True)  # BR-13.3d
    if not clear:
        return None
    occ = occupant(state)

    used = state["charge_hexes"]

    def open_step(src: str, dst: str | None) -> bool:
        if dst is None or dst in occ or dst in used or TERRAIN[m.terrain[dst]].get("no_charge"):
            return False  # BR-13.3i/k/m
        feature = m.hexsides.get((src, dst))
        if feature and HEXSIDES[feature]["no_charge"]:
            return False
        return entry_cost(m, src, dst, "MM") is not None

    fronts = [h for h in front_hexes(state, attacker)]
    paths = []
    for first in fronts:
        if not open_step(a["hex"], first):
            continue
        if dist == 2:
            paths.append([first])
        else:
            if adjacent_enemies(state, attacker, at=first, occ=occ):
                continue
            for second in m.neighbours[first]:
                if second and distance(second, d["hex"]) == 1 and open_step(first, second):
                    paths.append([first, second])
    for path in sorted(paths):
        end = path[-1]
        if distance(end, d["hex"]) != 1:
            continue
        direction = direction_to(end, d["hex"])
        if side_of(a["facing"], direction) != "front":
            continue
        crossing = m.hexsides.get((end, d["hex"]))
        if crossing and HEXSIDES[crossing]["no_charge"]:
            continue
        return path
    return None


def can_charge(state: State, attacker: str, defender: str) -> bool:
    """BR-13.1a, BR-13.3a/b: a non-Disordered MM in command that started neither the activation nor the
    shock phase adjacent to an enemy."""
    acted = state["acted"].get(attacker)
    if (
        acted is None
        or not acted["in_command"]
        or acted["attacked"]
        or acted["adjacent_at_start"]
        or acted.get("continued_attacks")
    ):
        return False
    if acted.get("adjacent_at_shock"):
        return False
    if not are_enemies(state, attacker, defender):
        return False
    return charge_path(state, attacker, defender) is not None


def charge_facings(state: State, attacker: str, defender: str) -> list[int]:
    """BR-13.2b: the facings (current, or one vertex either way) from which the charge is legal."""
    unit = state["units"][attacker]
    start = unit["facing"]
    found = []
    try:
        for facing in (start, (start + 1) % 6, (start - 1) % 6):
            unit["facing"] = facing
            if can_charge(state, attacker, defender):
                found.append(facing)
    finally:
        unit["facing"] = start
    return found


def counter_charge_facing(state: State, mm: str, attackers: str | list[str]) -> int | None:
    """BR-13.6a-d, BR-13.3a/c: the facing (current or one vertex off) that puts every attacker in the
    inactive MM's front hexes, or None when it may not counter-charge."""
    attackers = [attackers] if isinstance(attackers, str) else attackers
    u = state["units"].get(mm)
    if u is None or u["type"] != "MM" or u.get("disordered") or u.get("rout") or mm in state["counter_charged"]:
        return None
    if side_of_unit(state, mm) == state["player"] or any(a not in state["units"] for a in attackers):
        return None
    directions = [direction_to(u["hex"], state["units"][a]["hex"]) for a in attackers]
    if None in directions or any(side_of(u["facing"], d) == "rear" for d in directions):
        return None  # BR-13.6b
    for enemy, start in state["men_at_arms_adjacent"].get(mm, []):
        if enemy in state["units"] and state["units"][enemy]["hex"] == start:
            return None  # BR-13.3c: an enemy it started the activation beside has not left its hex
    for facing in (u["facing"], (u["facing"] + 1) % 6, (u["facing"] - 1) % 6):
        if all(side_of(facing, d) == "front" for d in directions):
            return facing  # BR-13.6c
    return None


def counter_charge_fire_path(state: State, mm: str, firer: str) -> tuple[int, list[str]] | None:
    """BR-13.9a, BR-13.6b, BR-13.3: a counter-charge against a missile unit firing at the MM: (facing,
    path of empty hexes ending next to the firer with the firer in a front hex), or None."""
    u, f = state["units"].get(mm), state["units"].get(firer)
    if (
        u is None
        or f is None
        or u["type"] != "MM"
        or u.get("disordered")
        or u.get("rout")
        or mm in state["counter_charged"]
    ):
        return None
    if side_of_unit(state, mm) == state["player"] or arc(u["facing"], u["hex"], f["hex"]) == "rear":
        return None
    for enemy, start in state["men_at_arms_adjacent"].get(mm, []):
        if enemy in state["units"] and state["units"][enemy]["hex"] == start:
            return None  # BR-13.3c
    if distance(u["hex"], f["hex"]) > 1 and not line_of_sight(state, u["hex"], f["hex"], "MM", True)[0]:
        return None  # BR-13.3d
    m = battle_map(state)
    occ = occupant(state)

    def open_step(src: str, dst: str | None) -> bool:
        if dst is None or dst in occ or dst in state["charge_hexes"] or TERRAIN[m.terrain[dst]].get("no_charge"):
            return False  # BR-13.3i/k/m
        feature = m.hexsides.get((src, dst))
        return not (feature and HEXSIDES[feature]["no_charge"]) and entry_cost(m, src, dst, "MM") is not None

    def firer_in_front(h: str, facing: int) -> bool:
        direction = direction_to(h, f["hex"])
        return direction is not None and side_of(facing, direction) == "front"

    for facing in (u["facing"], (u["facing"] + 1) % 6, (u["facing"] - 1) % 6):
        if firer_in_front(u["hex"], facing):
            return facing, []
        starts = [m.neighbours[u["hex"]][d] for d in front_dirs(facing)]
        frontier = [[h] for h in starts if open_step(u["hex"], h)]
        seen = {u["hex"], *(p[0] for p in frontier)}
        while frontier:
            nxt = []
            for path in frontier:
                end = path[-1]
                if firer_in_front(end, facing):
                    return facing, path
                if adjacent_enemies(state, mm, at=end, occ=occ):
                    continue  # BR-13.3g: may end next to an enemy, not pass one
                for n in m.neighbours[end]:
                    if n not in seen and open_step(end, n):
                        seen.add(n)
                        nxt.append([*path, n])
            frontier = nxt
    return None
