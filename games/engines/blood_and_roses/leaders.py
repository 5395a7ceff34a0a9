"""Leader loss (5.5) and replacement leaders (5.6)."""

from __future__ import annotations

from typing import Any

from games.engines.base import add_event
from games.engines.base.messages import msg

from .board import battle_map, entry_cost, leaders_at, occupant, side_of_unit
from .data.tables import CINC_FP, KING_FP, LEADER_FP, REPLACEMENT
from .dice import roll
from .hexgrid import distance
from .texts import battle_name, leader_name
from .victory import add_flight_points

State = dict[str, Any]


def kill_leader(state: State, lid: str, why: Any) -> None:
    """BR-5.5a, BR-3.0f/g/i/n, BR-6.3k (Near Miss played automatically when held; A40: also vs capture)."""
    leader = state["leaders"][lid]
    role = leader["side"]
    for marker in state["markers"][role]:
        if marker["kind"] == "near_miss":
            state["markers"][role].remove(marker)
            add_event(
                state,
                msg("{leader} would die ({why}) but a Near Miss saves him.", leader=leader_name(state, lid), why=why),
            )
            place_leader(state, lid, near_miss=True)
            return
    add_event(state, msg("{leader} is killed ({why}).", leader=leader_name(state, lid), why=why))
    if leader.get("cinc"):
        add_flight_points(
            state,
            role,
            KING_FP if leader.get("king") else CINC_FP,
            msg("{leader} lost", leader=leader_name(state, lid)),
        )  # BR-3.0f/g, A42
    elif not leader.get("replacement"):
        add_flight_points(state, role, LEADER_FP, msg("{leader} lost", leader=leader_name(state, lid)))  # BR-3.0i
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


def leader_loss_check(state: State, h: str, threshold: int, why: Any, unit_gone: bool) -> None:
    """BR-5.5c/e: each leader in ``h`` rolls; killed at ``threshold`` or more. Survivors of a unit routed or
    eliminated are placed with the nearest unit of their Battle, killed if surrounded (BR-5.5d/f)."""
    for lid in leaders_at(state, h):
        dr = roll(state)
        if dr >= threshold:
            kill_leader(state, lid, msg("leader check {dr}, {why}", dr=dr, why=why))
        elif unit_gone:
            if leader_surrounded(state, h, state["leaders"][lid]["side"]):
                kill_leader(state, lid, msg("surrounded"))
            else:
                place_leader(state, lid)


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
        add_event(state, msg("A replacement leader takes over {battle}.", battle=battle_name(state, leader["battle"])))
