"""The battle's set-up (BR-4.0a, BR-6.3a, BR-7.4a, BR-7.6a): the state a game starts from, built from a
validated battle (``battles.Map``)."""

from __future__ import annotations

from typing import Any

from games.engines.base import Rng, State, add_event
from games.engines.base.messages import msg

from .battles import Map
from .sequence import start
from .texts import field_name, side


def units_at_start(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    units = {}
    for uid, u in sorted(data["units"].items()):
        units[uid] = {
            "id": uid,
            "type": u["type"],
            "battle": u["battle"],
            "hex": u.get("hex"),
            "facing": u["facing"],
            "disordered": False,
            "rout": False,
        }
        if u["type"] == "Art":
            units[uid]["limbered"] = bool(u.get("limbered", False))
        if u.get("nationality"):
            units[uid]["nationality"] = u["nationality"]  # BR-2.2f: descriptive only
    return units


def leaders_at_start(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    leaders = {}
    for lid, leader in sorted(data["leaders"].items()):
        leaders[lid] = {
            "id": lid,
            "name": leader["name"],
            "side": leader["side"],
            "battle": leader.get("battle"),
            "hex": leader.get("hex"),
            "activation": leader["activation"],
            "range": leader["range"],
            "charisma": leader["charisma"],
            "cinc": bool(leader.get("cinc")),
            "king": bool(leader.get("king")),
            "dead": False,
            "due": False,
            "replacement": False,
        }
    return leaders


def battles_at_start(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    battles = {}
    for bid, b in sorted(data["battles"].items()):
        initial = sum(1 for u in data["units"].values() if u["battle"] == bid and u["type"] != "Art")
        battles[bid] = {
            "side": b["side"],
            "leader": b["leader"],
            "name": b["name"],
            "flight_edge": b["flight_edge"],
            "banner": b.get("banner"),
            "banner_captured": False,
            "uncommitted": bool(b.get("uncommitted")),
            "fled": False,
            "checked": False,
            "initial": initial,
            "roll_on_automatic": bool(b.get("roll_on_automatic")),
        }
    return battles


def battle_at_start(data: dict[str, Any]) -> State:
    """What the battle data sets: the armies, the Flight Levels, the markers and the special rules."""
    return {
        "units": units_at_start(data),
        "leaders": leaders_at_start(data),
        "battles": battles_at_start(data),
        "flight_points": {"york": 0, "lancaster": 0},
        "flight_level": dict(data["flight_level"]),
        "markers": {role: [dict(m) for m in data.get("seizure", {}).get(role, [])] for role in ("york", "lancaster")},
        "special": dict(data.get("special", {})),
        "reinforcements": dict(data.get("reinforcements", {})),
        "time": ({"limited": data["time"]["limited"], "left": data["time"]["start"]} if data.get("time") else None),
        "nightfall": data.get("nightfall", 60),
        "ambush": ({**data["ambush"], "used": False} if data.get("ambush") else None),
    }


def sequence_at_start(first: str) -> State:
    """Where the sequence of play stands before the first activation: nothing activated, nothing owed."""
    return {
        "activations": 0,
        "eliminated": [],
        "fled_units": [],
        "acted": {},
        "reacted": [],
        "pending": [],
        "selected": None,
        "activation": None,
        "chain": 0,
        "result": None,
        "phase": "activate",
        "player": first,
        "decider": first,
        "stanley_rolled": False,
        "counter_charged": [],
        "charge_hexes": [],
        "hitters": [],
        "defended": [],
        "fleeing": {},
        "fleeing_leader": {},
        "pursuers": {},
        "pursuit_queue": [],
        "selected_leader": None,
        "leaders_done": [],
        "men_at_arms_adjacent": {},
        "fresh": False,
    }


def initial_state(seed: int, options: dict[str, Any], m: Map, custom: dict | None = None) -> State:
    """BR-4.0a: the battle's set-up; ``first`` takes the first (automatic) activation."""
    data = m.data
    state: State = {
        "battle": data["name"],
        "battle_data": custom,
        "title": data["title"],
        "options": options,
        "rng": Rng.from_seed(seed).state,
        "log": [],
        **battle_at_start(data),
        **sequence_at_start(data["first"]),
    }
    add_event(
        state,
        msg(
            "{battle}: {side} takes the first (automatic) activation.",
            battle=field_name(state),
            side=side(data["first"]),
        ),
    )
    start(state, data["first"])
    return state
