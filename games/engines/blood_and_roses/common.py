"""What every phase of the sequence of play (4.0) asks about a side: its Battles, its CinC and ratings,
the Stanleys, banners; and the end of the battle. Phase modules share these and import nothing else of
the sequence of play."""

from __future__ import annotations

from typing import Any

from games.engines.base import add_event
from games.engines.base.messages import msg

from .board import command_reach, enemy_units_of, in_command_units, occupant
from .hexgrid import distance

State = dict[str, Any]


def live_battles(state: State, role: str) -> list[str]:
    """Battles that can still be activated: on the side, committed, not fled, with units."""
    have = {u["battle"] for u in state["units"].values()}
    return [
        bid
        for bid, b in sorted(state["battles"].items())
        if b["side"] == role and not b.get("uncommitted") and not b.get("fled") and bid in have
    ]


def cinc(state: State, role: str) -> str | None:
    for lid, leader in sorted(state["leaders"].items()):
        if leader["side"] == role and leader.get("cinc") and leader.get("hex"):
            return lid
    return None


def rating(state: State, bid: str | None, role: str) -> int:
    """BR-6.2f: the nominated Battle leader's activation rating (the CinC's for the Army)."""
    lid = cinc(state, role) if bid is None else state["battles"][bid]["leader"]
    leader = state["leaders"].get(lid) if lid else None
    if leader is None or leader.get("hex") is None:
        return 1
    return leader["activation"]


def army_members(state: State, role: str) -> tuple[list[str], list[str]]:
    """BR-6.1d/e/f, A11: (Battles, units) an Army activation includes."""
    chief = cinc(state, role)
    if chief is None:
        return [], []
    occ = occupant(state)
    leader = state["leaders"][chief]
    reach = command_reach(state, leader["hex"], leader["range"], role, occ)
    battles, units = [], []
    enemies = [state["units"][e]["hex"] for e in enemy_units_of(state, role)]
    for bid in live_battles(state, role):
        bl = state["leaders"].get(state["battles"][bid]["leader"])
        if bl is None or bl.get("hex") is None:
            continue
        if bl["hex"] not in reach and bid != leader.get("battle"):
            continue
        battles.append(bid)
        for uid in in_command_units(state, bid):
            h = state["units"][uid]["hex"]
            if h is not None and all(distance(h, e) > 3 for e in enemies):
                units.append(uid)
    return battles, units


def end_game(state: State, winner: str | None, reason: Any) -> None:
    state["phase"] = "over"
    state["decider"] = None
    state["result"] = {"winner": winner, "scores": dict(state["flight_points"]), "reason": reason}
    add_event(state, msg("The battle is over: {reason}.", reason=reason))


def stanleys_waiting(state: State) -> bool:
    special = state["special"].get("stanleys")
    return bool(special) and any(state["battles"][b].get("uncommitted") for b in special["battles"])


def stanleys_join(state: State, why: Any) -> None:
    for bid in state["special"]["stanleys"]["battles"]:
        state["battles"][bid]["uncommitted"] = False
    add_event(state, msg("The Stanleys join Henry Tudor ({why}).", why=why))


def banner_rallies(state: State, bid: str) -> list[str]:
    """BR-15.1d: Routed units of the Battle in the banner's hex or within one hex of it."""
    h = state["battles"][bid]["banner"]
    return sorted(
        uid
        for uid, u in state["units"].items()
        if u["battle"] == bid and u.get("rout") and u["hex"] and distance(u["hex"], h) <= 1
    )


def leader_target(state: State, bid: str) -> dict[str, str]:
    """A Battle is activated by clicking its leader on the map (when he is on it)."""
    lid = state["battles"][bid]["leader"]
    leader = state["leaders"].get(lid)
    return {"target": f"leader:{lid}"} if leader and leader.get("hex") else {}
