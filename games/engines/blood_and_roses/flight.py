"""Battle Flight (14.8, optional rule): the check at half losses and a Battle fleeing the field."""

from __future__ import annotations

from typing import Any

from games.engines.base import add_event
from games.engines.base.messages import msg

from .board import are_enemies, battle_map, in_command_units, occupant
from .combat_results import eliminate
from .data.tables import CINC_FP, KING_FP
from .dice import roll
from .texts import battle_name, leader_name
from .victory import add_flight_points

State = dict[str, Any]


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
        add_event(
            state,
            msg(
                "Battle Flight check for {battle}: DR {dr}{drm}.",
                battle=battle_name(state, bid),
                dr=dr,
                drm=f"{charisma:+d}",
            ),
            dr=dr,
        )
        if dr + charisma <= 4:
            battle_flees(state, bid)


def battle_flees(state: State, bid: str) -> None:
    b = state["battles"][bid]
    b["fled"] = True
    occ = occupant(state)
    free = [h for h in battle_map(state).edge_hexes(b["flight_edge"]) if h not in occ]
    b["flight_hex"] = free[0] if free else None  # BR-14.8h: the banner marks the flight hex
    b["banner"] = None
    add_event(state, msg("{battle} flees the field.", battle=battle_name(state, bid)))
    for uid in sorted(u for u, unit in state["units"].items() if unit["battle"] == bid):
        unit = state["units"][uid]
        occ = occupant(state)
        surrounded = unit["hex"] is not None and all(
            n is not None and n in occ and are_enemies(state, occ[n], uid)
            for n in battle_map(state).neighbours[unit["hex"]]
        )
        if unit["type"] == "Art" or unit.get("rout") or surrounded:
            eliminate(state, uid, msg("left behind in the flight"))  # BR-14.8e
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
                add_flight_points(
                    state,
                    b["side"],
                    KING_FP if leader.get("king") else CINC_FP,
                    msg("{leader} fled", leader=leader_name(state, lid)),
                )
