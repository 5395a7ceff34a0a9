"""Combat results (14.0-14.6): Disordered, Unhorsed, Retreat, Rout, Eliminated; the capture of a
lone leader or banner (5.5g, 15.2d) by a unit entering its hex; Disorder from the ground (A41)."""

from __future__ import annotations

from typing import Any

from games.engines.base import add_event
from games.engines.base.messages import msg, name

from .board import adjacent_enemies, battle_map, entry_cost, hex_target, is_missile, leaders_at, occupant, side_of_unit
from .data.tables import FLIGHT_POINTS, TERRAIN_D_DISORDER_MAX
from .dice import roll
from .hexgrid import distance
from .leaders import kill_leader, leader_loss_check, leader_surrounded, place_leader
from .names import unit_name
from .texts import battle_name, leader_name
from .victory import add_flight_points

State = dict[str, Any]


def capture_leaders(state: State, h: str, role: str) -> None:
    """BR-5.5g: an enemy unit enters a hex holding only leaders; BR-15.2d: or only a banner."""
    for lid in leaders_at(state, h):
        if state["leaders"][lid]["side"] != role:
            if leader_surrounded(state, h, state["leaders"][lid]["side"]):
                kill_leader(state, lid, msg("captured"))
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
    add_event(state, msg("The banner of {battle} is captured.", battle=battle_name(state, bid)))
    for uid in sorted(state["units"]):
        u = state["units"].get(uid)
        if u and u["battle"] == bid and u.get("rout"):
            eliminate(state, uid, msg("banner captured"))


def eliminate(state: State, uid: str, why: Any) -> None:
    """BR-14.6a, BR-3.0h-m: remove the unit and add its FP (minus the Rout point already counted)."""
    unit = state["units"].pop(uid)
    role = state["battles"][unit["battle"]]["side"]
    state["eliminated"].append({"id": uid, "battle": unit["battle"], "type": unit["type"]})
    add_event(state, msg("{unit} is eliminated ({why}).", unit=unit_name(state, uid), why=why))
    if not state["battles"][unit["battle"]].get("uncommitted"):
        points = FLIGHT_POINTS[unit["type"]] - (1 if unit.get("rout") else 0)
        add_flight_points(state, role, max(0, points), msg("{unit} eliminated", unit=unit_name(state, uid)))
    if unit["hex"]:
        for lid in leaders_at(state, unit["hex"]):
            if leader_surrounded(state, unit["hex"], state["leaders"][lid]["side"]):
                kill_leader(state, lid, msg("surrounded"))
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
        add_event(state, msg("{leader} leaves the field: his Battle is gone.", leader=leader_name(state, lid)))


def disorder(state: State, uid: str) -> None:
    """BR-14.2a/f: flip to the Disordered side; no further effect when already Disordered."""
    state["units"][uid]["disordered"] = True


def rout(state: State, uid: str, why: Any) -> None:
    """BR-14.5a, BR-3.0l, A2: the unit is placed Disordered with a Rout marker in the vacant hex nearest
    its banner not adjacent to an enemy unit; eliminated if none, or if its banner is captured (14.5g)."""
    unit = state["units"][uid]
    b = state["battles"][unit["battle"]]
    if b.get("banner_captured") or b.get("banner") is None:
        eliminate(state, uid, msg("{why}; banner captured", why=why))
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
        eliminate(state, uid, msg("{why}; nowhere to rout", why=why))
        return
    unit.update({"hex": best[2], "disordered": True, "rout": True})
    add_event(
        state,
        msg("{unit} routs to {hex} ({why}).", unit=unit_name(state, uid), hex=best[2], why=why),
        at=[hex_target(old)],
    )
    add_flight_points(state, b["side"], 1, msg("{unit} routed", unit=unit_name(state, uid)))
    for lid in leaders_at(state, old):
        if leader_surrounded(state, old, state["leaders"][lid]["side"]):
            kill_leader(state, lid, msg("surrounded"))
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
        leader_loss_check(state, state["units"][uid]["hex"], 7, msg("no retreat"), unit_gone=False)
    eliminate(state, uid, msg("cannot retreat"))


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
    add_event(
        state,
        msg("{unit} retreated through {other}.", unit=unit_name(state, uid), other=unit_name(state, passed)),
        at=[hex_target(via)],
    )
    leader_loss_check(state, via, 7, msg("retreated through"), unit_gone=False)
    if state["units"][passed]["type"] == "Art":
        eliminate(state, passed, msg("a retreat passed through the guns"))
    elif state["units"][passed].get("disordered"):
        apply_result(state, passed, "R", [start], None)
    else:
        disorder(state, passed)


def retreat_to(state: State, uid: str, h: str) -> None:
    """BR-14.4: move one hex (not movement: no reaction fire, BR-14.4i); captures a lone leader or banner."""
    unit = state["units"][uid]
    old = unit["hex"]
    unit["hex"] = h
    add_event(
        state,
        msg("{unit} retreats {start}→{end}.", unit=unit_name(state, uid), start=old, end=h),
        path=[hex_target(old), hex_target(h)],
    )
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
                eliminate(state, uid, msg("gun crew disordered, DR {dr}", dr=dr))
            return
        if result in ("D", "R", "Rt", "E", "U"):
            eliminate(
                state, uid, msg("artillery {result}", result=name(f"result:{result}"))
            )  # BR-12.3h, 14.2g, 14.4f, 14.5h
            return
    if unit.get("rout") and result in ("D", "R", "Rt", "U", "E"):
        eliminate(state, uid, msg("routed unit hit ({result})", result=name(f"result:{result}")))  # BR-14.5f
        return
    if result == "D":
        disorder(state, uid)
        add_event(state, msg("{unit} is Disordered.", unit=unit_name(state, uid)))
    elif result == "U":
        if unit["type"] == "MM":  # BR-14.3a/b
            add_event(state, msg("{unit} is Unhorsed.", unit=unit_name(state, uid)))  # named as the knights it was
            unit["type"] = "UH"
            unit["disordered"] = True
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
        rout(state, uid, msg("Rout result"))
    elif result == "E":
        eliminate(state, uid, msg("combat result"))


def terrain_disorder(state: State, uid: str) -> None:
    """A41 stand-in "D" procedure: DR 0-4 on entering and the unit is Disordered (no leader check, 5.5b)."""
    dr = roll(state)
    if dr <= TERRAIN_D_DISORDER_MAX:
        disorder(state, uid)
        add_event(state, msg("{unit} is Disordered by the ground (DR {dr}).", unit=unit_name(state, uid), dr=dr), dr=dr)
