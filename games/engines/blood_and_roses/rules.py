"""The rules that change a position: fire, shock and charge, combat results, leader loss, rout,
Battle Flight, Loss Checks. Each function is named after the rulebook concept, rule IDs in comments."""

from __future__ import annotations

from typing import Any

from games.engines.base import Rng, add_event

from .board import (
    adjacent_enemies,
    are_enemies,
    battle_map,
    entry_cost,
    front_hexes,
    hex_target,
    in_command_units,
    is_missile,
    leaders_at,
    line_of_sight,
    occupant,
    side_of_unit,
    unit_class,
)
from .data.tables import (
    CHARGE_TABLE,
    CINC_FP,
    FIRE_DRM,
    FIRE_RESULTS,
    FLIGHT_POINTS,
    HEXSIDES,
    KING_FP,
    LEADER_FP,
    MOUNTED,
    RANGE_DRM,
    REPLACEMENT,
    SHOCK_DEFENCE,
    SHOCK_TABLE,
    TERRAIN,
    TERRAIN_D_DISORDER_MAX,
    WEAPON_MATRIX,
)
from .hexgrid import arc, direction_to, distance, front_dirs, line_hexes, side_of

State = dict[str, Any]


def roll(state: State) -> int:
    """BR-2.3a: one ten-sided die read 0-9."""
    rng = Rng(state["rng"])
    value = rng.below(10)
    state["rng"] = rng.state
    return value


def lookup(rows: tuple, dr: int) -> tuple:
    """The row of a stand-in table whose lowest modified DR is the largest not above ``dr``."""
    found = rows[0]
    for row in rows:
        if dr >= row[0]:
            found = row
    return found


# --- Flight Points (3.0) -----------------------------------------------------------------------


def add_fp(state: State, role: str, points: int, why: str) -> None:
    if points:
        state["fp"][role] = max(0, state["fp"][role] + points)
        add_event(state, f"{role.title()} {'+' if points > 0 else ''}{points} FP ({why}); now {state['fp'][role]}.")


# --- Leader loss (5.5, 5.6) --------------------------------------------------------------------


def kill_leader(state: State, lid: str, why: str) -> None:
    """BR-5.5a, BR-3.0f/g/i/n, BR-6.3k (Near Miss played automatically when held; A40: also vs capture)."""
    leader = state["leaders"][lid]
    role = leader["side"]
    for marker in state["markers"][role]:
        if marker["kind"] == "near_miss":
            state["markers"][role].remove(marker)
            add_event(state, f"{leader['name']} would die ({why}) but a Near Miss saves him.")
            place_leader(state, lid, near_miss=True)
            return
    add_event(state, f"{leader['name']} is killed ({why}).")
    if leader.get("cinc"):
        add_fp(state, role, KING_FP if leader.get("king") else CINC_FP, f"{leader['name']} lost")  # BR-3.0f/g, A42
    elif not leader.get("replacement"):
        add_fp(state, role, LEADER_FP, f"{leader['name']} lost")  # BR-3.0i
    leader["hex"] = None
    leader["dead"] = True
    leader["due"] = leader.get("battle") is not None  # BR-5.6a/b: returns as a replacement


def place_leader(state: State, lid: str, near_miss: bool = False) -> None:
    """BR-5.5d/f/g/h: put a leader with the nearest unit of his Battle (ties by unit id, A18); killed if
    none; a CinC without a Battle goes to the nearest friendly unit."""
    leader = state["leaders"][lid]
    here = leader.get("hex")
    candidates = [
        uid
        for uid, u in state["units"].items()
        if u["hex"] is not None
        and side_of_unit(state, uid) == leader["side"]
        and (u["battle"] == leader.get("battle") or leader.get("battle") is None or near_miss)
    ]
    own = [uid for uid in candidates if state["units"][uid]["battle"] == leader.get("battle")]
    pool = own or candidates
    if not pool:
        leader["hex"] = None
        leader["dead"] = True
        return
    best = min(pool, key=lambda uid: (distance(here, state["units"][uid]["hex"]) if here else 0, uid))
    leader["hex"] = state["units"][best]["hex"]


def leader_surrounded(state: State, h: str, role: str) -> bool:
    """BR-2.4f: every adjacent hex enemy-occupied, impassable or off the map."""
    m = battle_map(state)
    occ = occupant(state)
    for n in m.neighbours[h]:
        if n is None or entry_cost(m, h, n, "Inf") is None:
            continue
        holder = occ.get(n)
        if holder is None or side_of_unit(state, holder) == role:
            return False
    return True


def leader_loss_check(state: State, h: str, threshold: int, why: str, unit_gone: bool) -> None:
    """BR-5.5c/e: each leader in ``h`` rolls; killed at ``threshold`` or more. Survivors of a unit routed or
    eliminated are placed with the nearest unit of their Battle, killed if surrounded (BR-5.5d/f)."""
    for lid in leaders_at(state, h):
        dr = roll(state)
        if dr >= threshold:
            kill_leader(state, lid, f"leader check {dr}, {why}")
        elif unit_gone:
            if leader_surrounded(state, h, state["leaders"][lid]["side"]):
                kill_leader(state, lid, "surrounded")
            else:
                place_leader(state, lid)


def capture_leaders(state: State, h: str, role: str) -> None:
    """BR-5.5g: an enemy unit enters a hex holding only leaders; BR-15.2d: or only a banner."""
    for lid in leaders_at(state, h):
        if state["leaders"][lid]["side"] != role:
            if leader_surrounded(state, h, state["leaders"][lid]["side"]):
                kill_leader(state, lid, "captured")
            else:
                place_leader(state, lid)
    for bid, b in state["battles"].items():
        if b.get("banner") == h and b["side"] != role:
            capture_banner(state, bid)


def capture_banner(state: State, bid: str) -> None:
    """BR-15.2d/e: all Routed units of the Battle are eliminated; later Rout results eliminate."""
    b = state["battles"][bid]
    b["banner"] = None
    b["banner_captured"] = True
    add_event(state, f"The banner of {b['name']} is captured.")
    for uid in sorted(state["units"]):
        u = state["units"].get(uid)
        if u and u["battle"] == bid and u.get("rout"):
            eliminate(state, uid, "banner captured")


def replace_leaders(state: State, role: str) -> None:
    """BR-5.6a/b/c, BR-4.0c: at the end of Phase A, dead leaders return on their replacement side."""
    for lid in sorted(state["leaders"]):
        leader = state["leaders"][lid]
        if leader["side"] != role or not leader.get("due"):
            continue
        units = sorted(uid for uid, u in state["units"].items() if u["battle"] == leader["battle"] and u["hex"])
        if not units:
            continue
        leader.update(REPLACEMENT)
        leader.update({"due": False, "dead": False, "replacement": True, "cinc": False, "king": False})
        leader["hex"] = state["units"][units[0]]["hex"]
        add_event(state, f"A replacement leader takes over {state['battles'][leader['battle']]['name']}.")


# --- Combat results (14.0) ---------------------------------------------------------------------


def eliminate(state: State, uid: str, why: str) -> None:
    """BR-14.6a, BR-3.0h-m: remove the unit and add its FP (minus the Rout point already counted)."""
    unit = state["units"].pop(uid)
    role = state["battles"][unit["battle"]]["side"]
    state["eliminated"].append({"id": uid, "battle": unit["battle"], "type": unit["type"]})
    add_event(state, f"{uid} is eliminated ({why}).")
    if not state["battles"][unit["battle"]].get("uncommitted"):
        points = FLIGHT_POINTS[unit["type"]] - (1 if unit.get("rout") else 0)
        add_fp(state, role, max(0, points), f"{uid} eliminated")
    if unit["hex"]:
        for lid in leaders_at(state, unit["hex"]):
            if leader_surrounded(state, unit["hex"], state["leaders"][lid]["side"]):
                kill_leader(state, lid, "surrounded")
            else:
                place_leader(state, lid)
    battle_gone(state, unit["battle"])


def battle_gone(state: State, bid: str) -> None:
    """BR-5.0c: a Battle with no unit left loses its leader, without FP."""
    if any(u["battle"] == bid for u in state["units"].values()):
        return
    lid = state["battles"][bid]["leader"]
    leader = state["leaders"].get(lid)
    if leader and leader.get("hex") is not None and not leader.get("cinc"):
        leader["hex"] = None
        leader["due"] = False
        add_event(state, f"{leader['name']} leaves the field: his Battle is gone.")


def disorder(state: State, uid: str) -> None:
    """BR-14.2a/f: flip to the Disordered side; no further effect when already Disordered."""
    state["units"][uid]["dis"] = True


def rout(state: State, uid: str, why: str) -> None:
    """BR-14.5a, BR-3.0l, A2: the unit is placed Disordered with a Rout marker in the vacant hex nearest
    its banner not adjacent to an enemy unit; eliminated if none, or if its banner is captured (14.5g)."""
    unit = state["units"][uid]
    b = state["battles"][unit["battle"]]
    if b.get("banner_captured") or b.get("banner") is None:
        eliminate(state, uid, f"{why}; banner captured")
        return
    m = battle_map(state)
    occ = occupant(state)
    old = unit["hex"]
    best = None
    for h in m.hexes:
        if (h in occ and h != old) or entry_cost(m, None, h, unit["type"]) is None:
            continue
        if adjacent_enemies(state, uid, at=h, occ=occ):
            continue
        key = (distance(h, b["banner"]), distance(h, old), h)
        if best is None or key < best:
            best = key
    if best is None:
        eliminate(state, uid, f"{why}; nowhere to rout")
        return
    unit.update({"hex": best[2], "dis": True, "rout": True})
    add_event(state, f"{uid} routs to {best[2]} ({why}).", at=[hex_target(old)])
    add_fp(state, b["side"], 1, f"{uid} routed")
    for lid in leaders_at(state, old):
        if leader_surrounded(state, old, state["leaders"][lid]["side"]):
            kill_leader(state, lid, "surrounded")
        else:
            place_leader(state, lid)


def retreat_options(state: State, uid: str, away_from: list[str], from_fire: str | None) -> list[str]:
    """BR-14.4a/b/c/i, A23, A33: hexes one hex away, empty of units, enterable, not adjacent to any unit
    that caused the result (for fire: farther from the firer). Off-map hexes are not offered."""
    m = battle_map(state)
    unit = state["units"][uid]
    occ = occupant(state)
    options = []
    for n in m.neighbours[unit["hex"]]:
        if n is None or n in occ or entry_cost(m, unit["hex"], n, unit["type"]) is None:
            continue
        if from_fire is not None:
            if distance(n, from_fire) <= distance(unit["hex"], from_fire):
                continue
        elif any(distance(n, h) <= 1 for h in away_from):
            continue
        options.append(n)
    return options


def retreat_through_options(state: State, uid: str, away_from: list[str], from_fire: str | None) -> dict[str, str]:
    """BR-14.4d: when the only way out is blocked by a friendly missile unit, the hex beyond it
    (hex beyond -> the missile unit's hex passed through)."""
    m = battle_map(state)
    unit = state["units"][uid]
    occ = occupant(state)
    role = side_of_unit(state, uid)
    start = unit["hex"]

    def clear_of(h: str) -> bool:
        if from_fire is not None:
            return distance(h, from_fire) > distance(start, from_fire)
        return all(distance(h, a) > 1 for a in away_from)

    through: dict[str, str] = {}
    for n in m.neighbours[start]:
        holder = occ.get(n) if n else None
        if not holder or side_of_unit(state, holder) != role or not is_missile(state["units"][holder]["type"]):
            continue
        if entry_cost(m, start, n, unit["type"]) is None or not clear_of(n):
            continue
        for b in m.neighbours[n]:
            if b and b != start and b not in occ and entry_cost(m, n, b, unit["type"]) and clear_of(b):
                through.setdefault(b, n)
    return through


def retreat_hexes(state: State, uid: str, away_from: list[str], from_fire: str | None) -> dict[str, str | None]:
    """BR-14.4a/b/d: where ``uid`` may retreat now (hex -> the friendly missile unit's hex passed
    through, None for a plain retreat). Worked out when the choice is made, never earlier, so a hex
    another retreat has just taken is never offered (BR-10.0g)."""
    plain = retreat_options(state, uid, away_from, from_fire)
    if plain:
        return dict.fromkeys(plain)
    return dict(retreat_through_options(state, uid, away_from, from_fire))


def cannot_retreat(state: State, uid: str, from_fire: str | None) -> None:
    """BR-14.4h, A17: eliminated; its leaders check as for a Retreat result (a shock Retreat was checked
    when the result was rolled, BR-5.5e, so only once)."""
    if from_fire is not None:
        leader_loss_check(state, state["units"][uid]["hex"], 7, "no retreat", unit_gone=False)
    eliminate(state, uid, "cannot retreat")


def take_retreat(state: State, uid: str, h: str, via: str | None) -> None:
    """A Retreat result carried out. Passing through a friendly missile unit (BR-14.4d/e/g): the unit
    retreating reaches the hex beyond first (so the one passed through never falls back into it), then
    the one passed through is Disordered (or retreats if already Disordered, A33), Art is eliminated,
    and its leaders check."""
    start = state["units"][uid]["hex"]
    passed = occupant(state)[via] if via is not None else None
    retreat_to(state, uid, h)
    if passed is None:
        return
    add_event(state, f"{uid} retreated through {passed}.", at=[hex_target(via)])
    leader_loss_check(state, via, 7, "retreated through", unit_gone=False)
    if state["units"][passed]["type"] == "Art":
        eliminate(state, passed, "a retreat passed through the guns")
    elif state["units"][passed].get("dis"):
        apply_result(state, passed, "R", [start], None)
    else:
        disorder(state, passed)


def retreat_to(state: State, uid: str, h: str) -> None:
    """BR-14.4: move one hex (not movement: no reaction fire, BR-14.4i); captures a lone leader or banner."""
    unit = state["units"][uid]
    old = unit["hex"]
    unit["hex"] = h
    add_event(state, f"{uid} retreats {old}→{h}.", path=[hex_target(old), hex_target(h)])
    capture_leaders(state, h, side_of_unit(state, uid))
    for lid in leaders_at(state, old):
        place_leader(state, lid)
    state["pending"].append({"kind": "face", "unit": uid, "role": side_of_unit(state, uid)})  # BR-14.4c, 12.2d


def apply_result(state: State, uid: str, result: str, away_from: list[str], from_fire: str | None) -> None:
    """Apply one result to one unit (BR-14.2-14.6). A Retreat with a choice of hexes is queued for the
    owner (state["pending"]); with none the unit is eliminated (BR-14.4h)."""
    unit = state["units"].get(uid)
    if unit is None or result in ("-", ""):
        return
    if unit["type"] == "Art":
        if result == "D" and from_fire is not None:
            dr = roll(state)  # BR-14.2h
            if dr <= 4:
                eliminate(state, uid, f"gun crew disordered, DR {dr}")
            return
        if result in ("D", "R", "Rt", "E", "U"):
            eliminate(state, uid, f"artillery {result}")  # BR-12.3h, 14.2g, 14.4f, 14.5h
            return
    if unit.get("rout") and result in ("D", "R", "Rt", "U", "E"):
        eliminate(state, uid, f"routed unit hit ({result})")  # BR-14.5f
        return
    if result == "D":
        disorder(state, uid)
        add_event(state, f"{uid} is Disordered.")
    elif result == "U":
        if unit["type"] == "MM":  # BR-14.3a/b
            unit["type"] = "UH"
            unit["dis"] = True
            add_event(state, f"{uid} is Unhorsed.")
        else:
            disorder(state, uid)
    elif result == "R":
        hexes = retreat_hexes(state, uid, away_from, from_fire)
        if not hexes:
            cannot_retreat(state, uid, from_fire)
        elif len(hexes) == 1:
            take_retreat(state, uid, *next(iter(hexes.items())))
        else:
            owner = side_of_unit(state, uid)
            state["pending"].append(
                {"kind": "retreat", "unit": uid, "role": owner, "away_from": away_from, "from_fire": from_fire}
            )
    elif result == "Rt":
        rout(state, uid, "Rout result")
    elif result == "E":
        eliminate(state, uid, "combat result")


# --- Missile fire (11.0) -----------------------------------------------------------------------


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
    for line in line_hexes_cached(state, origin, target["hex"]):
        path = [origin, *line, target["hex"]]
        hedge_hex = any(TERRAIN[m.terrain[h]].get("hg_blocks") and distance(h, target["hex"]) == 1 for h in line)
        hedge_side = m.hexsides.get((path[-2], path[-1])) == "hedge"
        covered.append(hedge_hex or hedge_side)
    return all(covered)


def line_hexes_cached(state: State, a: str, b: str) -> tuple:
    m = battle_map(state)
    key = (a, b, "x")
    if key not in m.los_cache:
        m.los_cache[key] = line_hexes(a, b)
    return m.los_cache[key]


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
    if f.get("dis"):
        drm += FIRE_DRM["firer_disordered"]  # BR-14.2c
    if t.get("rout"):
        drm += FIRE_DRM["target_routed"]  # BR-14.5e
    return drm


def fire_roll(state: State, firer: str, target: str) -> dict[str, Any]:
    """BR-11.3a-d, A16, A21: roll and read the stand-in Fire Results Table; nothing is applied yet."""
    f, t = state["units"][firer], state["units"][target]
    drm = fire_drm(state, firer, target)
    die = roll(state)
    column = ("mounted" if t["type"] in MOUNTED else "foot") + ("_disordered" if t.get("dis") else "")
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
        f"{shot['firer']} fires at {shot['target']}: DR {shot['die']}{shot['drm']:+d} = {total}, "
        f"result {shot['result']}.",
        dr=shot["die"],
        at=[hex_target(shot["from"]), hex_target(shot["hex"])],
    )
    if total >= 9:
        for lid in leaders_at(state, shot["hex"]):
            dr = roll(state)
            if dr >= 8:
                kill_leader(state, lid, f"hit by fire, DR {dr}")
    apply_result(state, shot["target"], shot["result"], [], shot["from"])
    firer = state["units"].get(shot["firer"])
    if firer is not None and shot["die"] == 0:
        if firer["type"] == "Art":
            eliminate(state, shot["firer"], "gun explodes")  # BR-11.3d (0 FP)
        elif firer["type"] == "HG":
            if firer.get("dis"):
                rout(state, shot["firer"], "handgun misfire")  # BR-11.3e
            else:
                disorder(state, shot["firer"])
                add_event(state, f"{shot['firer']} misfires and is Disordered.")


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
        add_event(state, f"{target} returns fire.")
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
    add_event(state, f"{uid} reaction-fires at {mover}.")
    apply_fire(state, fire_roll(state, uid, mover))


# --- Shock and charge (12.0, 13.0) -------------------------------------------------------------


def shock_drm(
    state: State, attackers: str | list[str], defender: str, charging: bool | list[str], defenders: int = 1
) -> tuple[int, list[str]]:
    """BR-12.3j-x: the DRMs of the attackers against one defender (positive favours the attacker).
    ``charging``: the attackers still charging (True: all of them)."""
    attackers = [attackers] if isinstance(attackers, str) else list(attackers)
    chargers = attackers if charging is True else (charging or [])
    m = battle_map(state)
    d = state["units"][defender]
    units = [state["units"][a] for a in attackers]
    parts: list[str] = []
    drm = 0
    strength = len(attackers) - defenders  # BR-12.3k: one against two gives -1 on each roll
    if strength:
        drm += strength
        parts.append(f"strength {strength:+d}")
    sides = {side_of(d["facing"], direction_to(d["hex"], a["hex"])) for a in units}
    angle = 4 if len(sides) > 1 else {"left": 2, "right": 2, "rear": 3}.get(next(iter(sides)), 0)  # BR-12.3l, A24
    if angle:
        drm += angle
        parts.append(f"angle +{angle}")
    terrains = []
    for a in units:
        cls = unit_class(a["type"])
        terrain = TERRAIN[m.terrain[d["hex"]]]["shock"][cls]  # BR-12.3m
        feature = m.hexsides.get((a["hex"], d["hex"]))
        if feature:
            terrain += HEXSIDES[feature]["shock"][cls]
        terrains.append(terrain)
    terrain = min(terrains)  # BR-12.3o: the one most favourable to the defender
    if terrain:
        drm += terrain
        parts.append(f"terrain {terrain:+d}")
    if all(m.elevation[a["hex"]] < m.elevation[d["hex"]] for a in units):
        drm -= 1
        parts.append("uphill -1")  # BR-12.3p
    defence = SHOCK_DEFENCE[d["type"]] + (1 if d["type"] == "Lvy" else 0)  # BR-12.3q, BR-16.3b
    drm += defence
    parts.append(f"defence {defence:+d}")
    charisma = max((state["leaders"][lid]["charisma"] for a in units for lid in leaders_at(state, a["hex"])), default=0)
    if charisma:
        drm += charisma
        parts.append(f"leader {charisma:+d}")  # BR-5.4a-c, BR-12.3r
    weapons = max(WEAPON_MATRIX[a["type"]].get(d["type"], 0) for a in units)  # BR-12.3s: the best type
    if weapons:
        drm += weapons
        parts.append(f"weapons {weapons:+d}")
    if any(a.get("dis") for a in units):
        drm -= 2
        parts.append("disordered attacker -2")  # BR-12.3t
    if any(state["acted"].get(a, {}).get("moved") for a in chargers):
        drm -= 1
        parts.append("charged after moving -1")  # BR-12.3u
    if d.get("rout"):
        drm += 2
        parts.append("routed defender +2")  # BR-12.3v
    ca = max(state["acted"].get(a, {}).get("ca", 0) for a in attackers)
    if ca:
        drm -= ca
        parts.append(f"continued attack -{ca}")  # BR-12.3w, BR-14.7g
    return drm, parts


def can_shock(state: State, attacker: str, defender: str) -> bool:
    """BR-12.1, A28, BR-5.3c, BR-14.5d, BR-16.3a: an eligible attacker against an enemy in its front hexes."""
    a = state["units"][attacker]
    acted = state["acted"].get(attacker)
    if acted is None or not acted["cmd"] or a.get("rout") or a["type"] not in WEAPON_MATRIX:
        return False
    if acted["attacked"] and not acted.get("must"):
        return False
    d = state["units"].get(defender)
    if d is None or not are_enemies(state, attacker, defender) or d["hex"] not in front_hexes(state, attacker):
        return False
    return battle_map(state).hexsides.get((a["hex"], d["hex"])) != "impassable"  # BR-7.1o


def charge_path(state: State, attacker: str, defender: str) -> list[str] | None:
    """BR-13.3a-m, A30: a path of one or two empty hexes starting in a front hex, not passing next to an
    enemy before its end, no charge-forbidden terrain or hexside, the target then in a front hex."""
    m = battle_map(state)
    a, d = state["units"][attacker], state["units"].get(defender)
    if d is None or a["type"] != "MM" or a.get("dis") or a.get("rout"):
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
    if acted is None or not acted["cmd"] or acted["attacked"] or acted["adj_start"] or acted.get("ca"):
        return False
    if acted.get("adj_shock"):
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
    if u is None or u["type"] != "MM" or u.get("dis") or u.get("rout") or mm in state["cc_used"]:
        return None
    if side_of_unit(state, mm) == state["player"] or any(a not in state["units"] for a in attackers):
        return None
    directions = [direction_to(u["hex"], state["units"][a]["hex"]) for a in attackers]
    if None in directions or any(side_of(u["facing"], d) == "rear" for d in directions):
        return None  # BR-13.6b
    for enemy, start in state["mm_adjacent"].get(mm, []):
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
    if u is None or f is None or u["type"] != "MM" or u.get("dis") or u.get("rout") or mm in state["cc_used"]:
        return None
    if side_of_unit(state, mm) == state["player"] or arc(u["facing"], u["hex"], f["hex"]) == "rear":
        return None
    for enemy, start in state["mm_adjacent"].get(mm, []):
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


def retreat_before_combat_options(state: State, attackers: str | list[str], defender: str) -> list[str]:
    """BR-12.2a/c/d/e: a mounted, non-Disordered defender attacked only by foot may step one hex away
    from every attacker."""
    attackers = [attackers] if isinstance(attackers, str) else attackers
    d = state["units"][defender]
    if d["type"] not in MOUNTED or d.get("dis") or d.get("rout"):
        return []
    if any(state["units"][a]["type"] in MOUNTED for a in attackers):
        return []
    return retreat_options(state, defender, [state["units"][a]["hex"] for a in attackers], None)


def resolve_shock(
    state: State,
    attackers: str | list[str],
    defender: str,
    charging: bool | list[str],
    extra: int = 0,
    defenders: int = 1,
) -> dict[str, Any]:
    """BR-12.3a/e/f, BR-14.1a/b/d: one roll for the defender on the Charge Table (when at least half the
    attackers still charge) or the Shock Table; leader checks (BR-5.5e, A17); results applied, the
    defender's first, the attackers' result to every attacker. Returns what advance and Continued
    Attack need."""
    attackers = [attackers] if isinstance(attackers, str) else list(attackers)
    chargers = attackers if charging is True else (charging or [])
    d = state["units"][defender]
    state["hitters"].extend([state["units"][attackers[0]]["battle"], d["battle"]])
    drm, parts = shock_drm(state, attackers, defender, chargers, defenders)
    if extra:
        drm += extra
        parts.append(f"markers/counter-charge {extra:+d}")
    die = roll(state)
    charge_table = bool(chargers) and len(chargers) * 2 >= len(attackers)
    table = CHARGE_TABLE if charge_table else SHOCK_TABLE
    column = "disordered" if d.get("dis") or d.get("rout") else "normal"
    _, att_result, def_result, cont = lookup(table[column], die + drm)
    name = "charges" if charge_table else "shocks"
    add_event(
        state,
        f"{' + '.join(attackers)} {name} {defender}: DR {die} {', '.join(parts)} = {die + drm}; attacker "
        f"{att_result}, defender {def_result}{', continued attack' if cont else ''}.",
        dr=die,
        at=[*(hex_target(state["units"][a]["hex"]) for a in attackers), hex_target(d["hex"])],
    )
    d_hex = d["hex"]
    if def_result in ("D", "R", "Rt", "E"):
        leader_loss_check(state, d_hex, 7, "defender hit", unit_gone=def_result in ("Rt", "E"))
    apply_result(state, defender, def_result, [state["units"][a]["hex"] for a in attackers], None)
    return {
        "attacker": attackers[0],
        "attackers": attackers,
        "defender": defender,
        "hex": d_hex,
        "continued": cont,
        "att_result": att_result,
    }


def attacker_leader_checks(state: State, attackers: list[str], results: list[str]) -> None:
    """BR-5.5e, A17: leaders stacked with attackers that are Disordered, or must Retreat or be Disordered,
    roll once per combat (7+ kills), however many defenders gave that result."""
    if not any(r in ("D", "RD") for r in results):
        return
    for a in attackers:
        if a in state["units"]:
            leader_loss_check(state, state["units"][a]["hex"], 7, "attacker hit", unit_gone=False)


def attacker_result(state: State, attackers: list[str], result: str, d_hex: str) -> None:
    """BR-14.1d/e: the attacker's result applies to every attacking unit; Retreat-or-Disorder is each
    unit's own choice."""
    for a in attackers:
        if a not in state["units"]:
            continue
        if result == "D":
            disorder(state, a)
        elif result == "RD":
            owner = side_of_unit(state, a)
            state["pending"].append({"kind": "attacker_rd", "unit": a, "role": owner, "away_from": [d_hex]})


def priority(state: State, units: list[str], chargers: list[str]) -> list[str]:
    """Table 12.4 / BR-12.4e, BR-14.7b: charging, then mounted, then non-Disordered; ties by id."""
    return sorted(
        (u for u in units if u in state["units"]),
        key=lambda u: (
            u not in chargers,
            state["units"][u]["type"] not in MOUNTED,
            bool(state["units"][u].get("dis")),
            u,
        ),
    )


def may_advance(state: State, attacker: str, h: str, continued: bool) -> bool:
    """BR-12.4b/d/g, BR-16.3c: into a vacated hex unless Disordered without Continued Attack, Levy,
    or terrain prohibited."""
    a = state["units"].get(attacker)
    if a is None or h in occupant(state) or a["type"] == "Lvy" or a.get("rout"):
        return False
    if a.get("dis") and not continued:
        return False
    return entry_cost(battle_map(state), a["hex"], h, a["type"]) is not None


def advance(state: State, attacker: str, h: str) -> None:
    """BR-12.4a: not movement (no MP, no reaction fire); leaders stacked go along (BR-7.1l)."""
    a = state["units"][attacker]
    old = a["hex"]
    for lid in leaders_at(state, old):
        state["leaders"][lid]["hex"] = h
    a["hex"] = h
    capture_leaders(state, h, side_of_unit(state, attacker))
    add_event(state, f"{attacker} advances into {h}.", path=[hex_target(old), hex_target(h)])


# --- Battle Flight (14.8) and Loss Check (3.0) -------------------------------------------------


def battle_losses(state: State, bid: str) -> tuple[int, int]:
    """A34: (eliminated + currently Routed, original units), artillery not counted."""
    gone = sum(1 for e in state["eliminated"] if e["battle"] == bid and e["type"] != "Art")
    routed = sum(1 for u in state["units"].values() if u["battle"] == bid and u.get("rout") and u["type"] != "Art")
    return gone + routed, state["battles"][bid]["initial"]


def battle_flight_checks(state: State) -> None:
    """BR-14.8b/c/d/e/f/g: every Battle at half losses checks once; DR + charisma (leader with a unit in
    range) of 4 or less flees."""
    for bid in sorted(state["battles"]):
        b = state["battles"][bid]
        if b.get("checked") or b.get("fled") or b.get("uncommitted") or b["initial"] == 0:
            continue
        lost, initial = battle_losses(state, bid)
        if lost * 2 < initial:
            continue
        b["checked"] = True
        leader = state["leaders"].get(b["leader"])
        charisma = 0
        if leader and leader.get("hex") and in_command_units(state, bid):
            charisma = leader["charisma"]
        dr = roll(state)
        add_event(state, f"Battle Flight check for {b['name']}: DR {dr}{charisma:+d}.", dr=dr)
        if dr + charisma <= 4:
            battle_flees(state, bid)


def battle_flees(state: State, bid: str) -> None:
    b = state["battles"][bid]
    b["fled"] = True
    occ = occupant(state)
    free = [h for h in battle_map(state).edge_hexes(b["flight_edge"]) if h not in occ]
    b["flight_hex"] = free[0] if free else None  # BR-14.8h: the banner marks the flight hex
    b["banner"] = None
    add_event(state, f"{b['name']} flees the field.")
    for uid in sorted(u for u, unit in state["units"].items() if unit["battle"] == bid):
        unit = state["units"][uid]
        occ = occupant(state)
        surrounded = unit["hex"] is not None and all(
            n is not None and n in occ and are_enemies(state, occ[n], uid)
            for n in battle_map(state).neighbours[unit["hex"]]
        )
        if unit["type"] == "Art" or unit.get("rout") or surrounded:
            eliminate(state, uid, "left behind in the flight")  # BR-14.8e
        else:
            state["fleeing"].setdefault(bid, []).append(state["units"].pop(uid))
            state["fled_units"].append(uid)  # BR-14.8f: no FP
    chase = state["pursuers"].pop(bid, None)
    if chase:  # BR-14.9u: a pursuing Battle that flees loses its pursuers too
        state["fled_units"].extend(u["id"] for u in chase["units"])
    for lid in sorted(state["leaders"]):
        leader = state["leaders"][lid]
        if leader.get("battle") == bid and (leader.get("hex") is not None or (chase and chase["leader"])):
            state["fleeing_leader"][bid] = lid
            leader["hex"] = None
            leader["due"] = False
            if leader.get("cinc"):
                add_fp(state, b["side"], KING_FP if leader.get("king") else CINC_FP, f"{leader['name']} fled")


def loss_checks(state: State) -> dict[str, bool]:
    """BR-3.0b/c/e: each player rolls one die plus FP; strictly greater than the Flight Level loses.
    A check that cannot be lost (FP + 9 <= Flight Level) is skipped."""
    lost = {}
    for role in ("york", "lancaster"):
        fp, level = state["fp"][role], state["flight_level"][role]
        if fp + 9 <= level:
            lost[role] = False
            continue
        dr = roll(state)
        lost[role] = dr + fp > level
        add_event(
            state,
            f"Loss Check for {role.title()}: DR {dr} + {fp} FP vs Flight Level {level}"
            f"{' — the army flees!' if lost[role] else ''}.",
            dr=dr,
        )
    return lost


def terrain_disorder(state: State, uid: str) -> None:
    """A41 stand-in "D" procedure: DR 0-4 on entering and the unit is Disordered (no leader check, 5.5b)."""
    dr = roll(state)
    if dr <= TERRAIN_D_DISORDER_MAX:
        disorder(state, uid)
        add_event(state, f"{uid} is Disordered by the ground (DR {dr}).", dr=dr)
