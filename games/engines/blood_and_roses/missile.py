"""Missile fire (11.0): range, arc and line of sight, the fire roll, active, return and reaction fire."""

from __future__ import annotations

from typing import Any

from games.engines.base import add_event
from games.engines.base.messages import msg, name

from .board import (
    are_enemies,
    battle_map,
    front_hexes,
    hex_target,
    is_missile,
    leaders_at,
    line_of_sight,
    occupant,
    side_of_unit,
)
from .combat_results import apply_result, disorder, eliminate, rout
from .data.tables import FIRE_DRM, FIRE_RESULTS, MOUNTED, RANGE_DRM, TERRAIN
from .dice import lookup, roll
from .hexgrid import arc, distance
from .leaders import kill_leader
from .names import unit_name

State = dict[str, Any]


def fire_range(unit_type: str) -> int:
    return max(RANGE_DRM[unit_type])


def can_fire_at(state: State, firer: str, target: str, arcs: tuple[str, ...] | None = None) -> bool:
    """BR-11.1a-f, BR-11.4: an enemy unit in range, in arc and in LOS."""
    f, t = state["units"][firer], state["units"].get(target)
    if t is None or t["hex"] is None or f["hex"] is None or not are_enemies(state, firer, target):
        return False
    rng = distance(f["hex"], t["hex"])
    if rng > fire_range(f["type"]):
        return False
    allowed = arcs or (("front",) if f["type"] == "Art" else ("front", "flank"))  # BR-11.1d
    if arc(f["facing"], f["hex"], t["hex"]) not in allowed:
        return False
    screens: frozenset[str] = frozenset()
    if f["type"] in ("A", "LB"):  # BR-11.4f: a unit friendly to the firer next to the target blocks
        occ = occupant(state)
        side = side_of_unit(state, firer)
        screens = frozenset(
            n
            for n in battle_map(state).neighbours[t["hex"]]
            if n and n in occ and side_of_unit(state, occ[n]) == side and occ[n] != firer
        )
    clear, _ = line_of_sight(state, f["hex"], t["hex"], f["type"], f["type"] in ("Art", "HG"), screens)
    return clear and not hedge_cover(state, f["hex"], t)


def hedge_cover(state: State, origin: str, target: dict) -> bool:
    """BR-11.4k, A19: a non-missile target next to a hedge hex or hedge hexside that the line of sight
    crosses cannot be fired at (missile units behind hedges fire and are fired at normally)."""
    if is_missile(target["type"]):
        return False
    m = battle_map(state)
    covered = []
    for line in m.sight_lines(origin, target["hex"]):
        path = [origin, *line, target["hex"]]
        hedge_hex = any(TERRAIN[m.terrain[h]].get("hg_blocks") and distance(h, target["hex"]) == 1 for h in line)
        hedge_side = m.hexsides.get((path[-2], path[-1])) == "hedge"
        covered.append(hedge_hex or hedge_side)
    return all(covered)


def fire_drm(state: State, firer: str, target: str) -> int:
    """BR-11.3b/c, A21: the range DRM and the situational DRMs of a shot (shown before it is taken)."""
    f, t = state["units"][firer], state["units"][target]
    drm = RANGE_DRM[f["type"]][distance(f["hex"], t["hex"])]
    _, over = line_of_sight(state, f["hex"], t["hex"], f["type"], units_block=False)
    if over and f["type"] in ("A", "LB"):
        drm += FIRE_DRM["over_units"]
    if t["type"] == "DM":
        drm += FIRE_DRM["target_DM"]
    if t["type"] in MOUNTED:
        drm += FIRE_DRM["target_mounted"]
    if f.get("disordered"):
        drm += FIRE_DRM["firer_disordered"]  # BR-14.2c
    if t.get("rout"):
        drm += FIRE_DRM["target_routed"]  # BR-14.5e
    return drm


def fire_roll(state: State, firer: str, target: str) -> dict[str, Any]:
    """BR-11.3a-d, A16, A21: roll and read the stand-in Fire Results Table; nothing is applied yet."""
    f, t = state["units"][firer], state["units"][target]
    drm = fire_drm(state, firer, target)
    die = roll(state)
    column = ("mounted" if t["type"] in MOUNTED else "foot") + ("_disordered" if t.get("disordered") else "")
    result = lookup(FIRE_RESULTS[column], die + drm)[1]
    if result == "U" and t["type"] != "MM":
        result = "D"
    return {
        "firer": firer,
        "target": target,
        "die": die,
        "drm": drm,
        "result": result,
        "hex": t["hex"],
        "from": f["hex"],
    }


def apply_fire(state: State, shot: dict[str, Any]) -> None:
    """Apply a rolled shot: the result, the leader check on DR 9+ (BR-5.5c), then reliability (11.3d/e)."""
    total = shot["die"] + shot["drm"]
    add_event(
        state,
        msg(
            "{firer} fires at {target}: DR {dr}{drm} = {total}, result {result}.",
            firer=unit_name(state, shot["firer"]),
            target=unit_name(state, shot["target"]),
            dr=shot["die"],
            drm=f"{shot['drm']:+d}",
            total=total,
            result=name(f"result:{shot['result']}"),
        ),
        dr=shot["die"],
        at=[hex_target(shot["from"]), hex_target(shot["hex"])],
    )
    if total >= 9:
        for lid in leaders_at(state, shot["hex"]):
            dr = roll(state)
            if dr >= 8:
                kill_leader(state, lid, msg("hit by fire, DR {dr}", dr=dr))
    apply_result(state, shot["target"], shot["result"], [], shot["from"])
    firer = state["units"].get(shot["firer"])
    if firer is not None and shot["die"] == 0:
        if firer["type"] == "Art":
            eliminate(state, shot["firer"], msg("gun explodes"))  # BR-11.3d (0 FP)
        elif firer["type"] == "HG":
            if firer.get("disordered"):
                rout(state, shot["firer"], msg("handgun misfire"))  # BR-11.3e
            else:
                disorder(state, shot["firer"])
                add_event(state, msg("{unit} misfires and is Disordered.", unit=unit_name(state, shot["firer"])))


def active_fire(state: State, firer: str, target: str) -> None:
    """BR-11.2b/c/d/e/f: active fire, with simultaneous return fire by an A or LB target."""
    f = state["units"][firer]
    if f["type"] == "Art":
        f["limbered"] = False  # BR-7.6c
    state["hitters"].append(f["battle"])
    t = state["units"][target]
    shot = fire_roll(state, firer, target)
    back = None
    rear = arc(t["facing"], t["hex"], f["hex"]) == "rear"  # BR-11.2f
    if t["type"] in ("A", "LB") and not t.get("rout") and not rear and can_fire_at(state, target, firer):
        back = fire_roll(state, target, firer)
    apply_fire(state, shot)
    if back is not None:
        add_event(state, msg("{unit} returns fire.", unit=unit_name(state, target)))
        state["hitters"].append(t["battle"])
        apply_fire(state, back)


def reaction_fire(state: State, mover: str, h: str) -> None:
    """BR-11.2g/h/i/j/k, A22: when ``mover`` enters ``h``, one inactive enemy missile unit with ``h`` in
    its front hexes fires (preference LB, A, HG, Art, then id: the owner's choice made fixed)."""
    order = {"LB": 0, "A": 1, "HG": 2, "Art": 3}
    occ = occupant(state)
    m = battle_map(state)
    best = None
    for n in m.neighbours[h]:
        uid = occ.get(n) if n else None
        if not uid or not are_enemies(state, uid, mover):
            continue
        u = state["units"][uid]
        if not is_missile(u["type"]) or u.get("rout") or h not in front_hexes(state, uid):
            continue
        if u["type"] in ("Art", "HG") and uid in state["reacted"]:
            continue
        key = (order[u["type"]], uid)
        if best is None or key < best:
            best = key
    if best is None:
        return
    uid = best[1]
    state["hitters"].append(state["units"][uid]["battle"])
    if state["units"][uid]["type"] in ("Art", "HG"):
        state["reacted"].append(uid)
    add_event(
        state, msg("{unit} reaction-fires at {target}.", unit=unit_name(state, uid), target=unit_name(state, mover))
    )
    apply_fire(state, fire_roll(state, uid, mover))
