"""Pursuit (14.9, optional rule, match option ``pursuit``): after an enemy Battle flees, a Battle that
fought in that activation may chase it off the map, kill fleeing units, and must later come back."""

from __future__ import annotations

import math
from typing import Any

from games.engines.base import Choice, add_event
from games.engines.base.messages import msg, plural

from . import dice, victory
from .board import in_command_units, other
from .data.tables import FLIGHT_POINTS, MOUNTED
from .hexgrid import distance
from .names import unit_name
from .texts import battle_name, leader_name

State = dict[str, Any]


def candidates(state: State, fled: str) -> list[str]:
    """A36: Battles of the other side that fought in this activation and still have units on the map."""
    role = other(state["battles"][fled]["side"])
    on_map = {u["battle"] for u in state["units"].values() if u["hex"]}
    return [
        b
        for b in sorted(set(state["hitters"]))
        if state["battles"][b]["side"] == role and b in on_map and b not in state["pursuers"]
    ]


def charisma(state: State, bid: str) -> int:
    """BR-14.9c/e: the leader's charisma counts if at least one unit of his Battle is within his range."""
    leader = state["leaders"].get(state["battles"][bid]["leader"])
    if leader is None or not leader.get("hex"):
        return 0
    return leader["charisma"] if any(state["units"][u]["hex"] for u in in_command_units(state, bid)) else 0


def start(state: State, fled: str) -> bool:
    """Set up the pursuit decision for one fled Battle; False when nobody can pursue (14.9d)."""
    options = candidates(state, fled)
    if not options:
        no_pursuit(state, fled)
        return False
    state["pursuit"] = {"fled": fled, "battle": options[0] if len(options) == 1 else None, "stage": "choose"}
    if len(options) == 1:
        check(state)
    state["phase"] = "pursue"
    state["decider"] = other(state["battles"][fled]["side"])
    return True


def check(state: State) -> None:
    """BR-14.9a/b/c: DR + charisma of 4 or less must pursue; otherwise the player chooses."""
    p = state["pursuit"]
    dr = dice.roll(state)
    total = dr + charisma(state, p["battle"])
    must = total <= 4
    add_event(
        state,
        msg(
            "Pursuit check for {battle}: {total} — they must pursue."
            if must
            else "Pursuit check for {battle}: {total}.",
            battle=battle_name(state, p["battle"]),
            total=total,
        ),
        dr=dr,
    )
    p["stage"] = "must" if must else "decide"


def choices(state: State, role: str) -> list[Choice]:
    p = state["pursuit"]
    if p["stage"] == "choose":
        return [
            {
                "action": {"type": "pursuer", "battle": b},
                "label": msg("{battle} may pursue", battle=battle_name(state, b)),
            }
            for b in candidates(state, p["fled"])
        ]
    out: list[Choice] = []
    cha = charisma(state, p["battle"])
    leader = state["leaders"].get(state["battles"][p["battle"]]["leader"])
    for joins in (True, False) if leader and leader.get("hex") else (False,):
        for fewer in (False, True) if cha else (False,):
            action = {"type": "pursue", **({} if joins else {"leader": False}), **({"fewer": True} if fewer else {})}
            text = (
                "Pursue with the leader (size roll {drm})" if joins else "Pursue without the leader (size roll {drm})"
            )
            label = msg(text, drm=f"-{cha}" if fewer else f"+{cha}")
            out.append({"action": action, "label": label})
    if p["stage"] == "decide":
        out.append({"action": {"type": "no_pursuit"}, "label": "Hold back"})
    return out


def no_pursuit(state: State, fled: str) -> None:
    """BR-14.9d: the fleeing Battle's banner is removed."""
    state["battles"][fled]["flight_hex"] = None
    add_event(state, msg("No pursuit of {battle}.", battle=battle_name(state, fled)))


def pursue(state: State, bid: str, fled: str, with_leader: bool, fewer: bool) -> None:
    """BR-14.9e-l: size roll (charisma added or subtracted, the player's choice), pursuers (mounted
    first, then by id) and, if the player wishes, the leader leave the map; one kill roll per pursuer."""
    cha = charisma(state, bid)
    dr = dice.roll(state)
    size = max(0, min(10, dr - cha if fewer else dr + cha))
    eligible = sorted(
        (
            uid
            for uid, u in state["units"].items()
            if u["battle"] == bid and u["hex"] and not u.get("rout") and u["type"] != "Art"
        ),
        key=lambda uid: (state["units"][uid]["type"] not in MOUNTED, uid),
    )
    count = math.ceil(len(eligible) * size / 10)
    chosen = eligible[:count]
    leader_id = state["battles"][bid]["leader"]
    leader = state["leaders"].get(leader_id)
    joins = with_leader and bool(chosen) and leader is not None and leader.get("hex") is not None  # BR-14.9f
    add_event(
        state,
        plural(
            "{battle} pursues with {n} unit (DR {dr}).",
            "{battle} pursues with {n} units (DR {dr}).",
            len(chosen),
            battle=battle_name(state, bid),
            dr=dr,
        ),
        dr=dr,
    )
    units = [state["units"].pop(uid) for uid in chosen]
    if joins:
        leader["hex"] = None
    state["pursuers"][bid] = {
        "units": units,
        "leader": joins,
        "entry": state["battles"][fled].get("flight_hex"),
        "fled": fled,
    }
    victims = state["fleeing"].get(fled, [])
    fled_side = state["battles"][fled]["side"]
    for unit in units:
        die = dice.roll(state)
        total = die - (1 if unit.get("disordered") else 0) + (leader["charisma"] if joins else 0)  # BR-14.9h
        mounted = unit["type"] in MOUNTED
        fled_leader = state["fleeing_leader"].get(fled)
        if mounted and die == 9 and fled_leader:  # BR-14.9j
            state["fleeing_leader"][fled] = None
            lost = state["leaders"][fled_leader]
            add_event(
                state,
                msg(
                    "{unit} cuts down {leader} in the rout.",
                    unit=unit_name(state, unit["id"]),
                    leader=leader_name(state, fled_leader),
                ),
                dr=die,
            )
            if not lost.get("cinc") and not lost.get("replacement"):
                victory.add_flight_points(
                    state, fled_side, 2, msg("{leader} killed in pursuit", leader=leader_name(state, fled_leader))
                )
            lost["dead"] = True
            continue
        pool = [v for v in victims if mounted or v["type"] not in MOUNTED]
        if pool and total >= (5 if mounted else 7):  # BR-14.9i/k (A35)
            victim = pool[0]
            victim_name = unit_name(state, victim["id"])  # named while it is still among the fleeing
            victims.remove(victim)
            add_event(
                state,
                msg("{unit} rides down the fleeing {victim}.", unit=unit_name(state, unit["id"]), victim=victim_name),
                dr=die,
            )
            victory.add_flight_points(
                state, fled_side, FLIGHT_POINTS[victim["type"]], msg("{unit} killed in pursuit", unit=victim_name)
            )


def return_choices(state: State, role: str) -> list[Choice]:
    """BR-14.9m: every automatic activation is spent bringing one pursuing Battle back."""
    return [
        {"action": {"type": "return", "battle": b}, "label": msg("Bring {battle} back", battle=battle_name(state, b))}
        for b in sorted(state["pursuers"])
        if state["battles"][b]["side"] == role
    ]


def come_back(state: State, bid: str) -> list[str]:
    """BR-14.9q/r/s/t: 6 or more (+ charisma if the leader pursued) and the unit returns as a
    reinforcement at the fleeing Battle's banner hex, in its state; 5 or less it is lost looting."""
    chase = state["pursuers"][bid]
    leader = state["leaders"].get(state["battles"][bid]["leader"])
    cha = leader["charisma"] if chase["leader"] and leader else 0
    back = []
    for unit in chase["units"]:
        dr = dice.roll(state)
        if dr + cha >= 6 and chase["entry"]:
            unit["hex"] = None
            state["units"][unit["id"]] = unit
            back.append(unit["id"])
            add_event(
                state,
                msg("{unit} returns from the pursuit (DR {dr}).", unit=unit_name(state, unit["id"]), dr=dr),
                dr=dr,
            )
        else:
            add_event(state, msg("{unit} is lost looting (DR {dr}).", unit=unit_name(state, unit["id"]), dr=dr), dr=dr)
    del state["pursuers"][bid]  # after the rolls, so the units lost looting are still named
    if chase["entry"]:
        state["reinforcements"][bid] = {"entry": [chase["entry"]]}
    if chase["leader"] and leader and not back:
        on_map = sorted(
            (u for u, x in state["units"].items() if x["battle"] == bid and x["hex"]),
            key=lambda u: (distance(state["units"][u]["hex"], chase["entry"] or state["units"][u]["hex"]), u),
        )
        leader["hex"] = state["units"][on_map[0]]["hex"] if on_map else None
    return back
