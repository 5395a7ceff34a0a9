"""The Blood & Roses engine: the contract methods (ARCHITECTURE §2) over the phase table (``sequence``)."""

from __future__ import annotations

from typing import Any

from games.engines.base import (
    Action,
    Choice,
    Engine,
    IllegalAction,
    Rng,
    State,
    add_event,
    json_copy,
    visible_events,
)

from . import panels, svg
from .battles import NAMES, Map, battle, load
from .board import occupant
from .invariants import stacking_violations
from .policy import purposeful
from .sequence import TABLE, start
from .svg_terrain import map_view, shipped_layers
from .tables import TABLES_TITLE

# Actions a timed-out player takes when legal, best first (else the first legal choice).
PASSES = (
    "no_seize",
    "allow",
    "done",
    "leader_done",
    "resolve",
    "resolve_declared",
    "end_moves",
    "end_shock",
    "stand",
    "no_countercharge",
    "disorder",
    "no_pursuit",
    "end",
    "pass",
)


def initial_state(seed: int, options: dict[str, Any], m: Map, custom: dict | None = None) -> State:
    """BR-4.0a, BR-6.3a, BR-7.4a, BR-7.6a: the battle's set-up."""
    data = m.data
    units = {}
    for uid, u in sorted(data["units"].items()):
        units[uid] = {
            "id": uid,
            "type": u["type"],
            "battle": u["battle"],
            "hex": u.get("hex"),
            "facing": u["facing"],
            "dis": False,
            "rout": False,
        }
        if u["type"] == "Art":
            units[uid]["limbered"] = bool(u.get("limbered", False))
        if u.get("nationality"):
            units[uid]["nationality"] = u["nationality"]  # BR-2.2f: descriptive only
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
    state: State = {
        "battle": data["name"],
        "battle_data": custom,
        "title": data["title"],
        "options": options,
        "rng": Rng.from_seed(seed).state,
        "log": [],
        "units": units,
        "leaders": leaders,
        "battles": battles,
        "fp": {"york": 0, "lancaster": 0},
        "flight_level": dict(data["flight_level"]),
        "markers": {role: [dict(m) for m in data.get("seizure", {}).get(role, [])] for role in ("york", "lancaster")},
        "special": dict(data.get("special", {})),
        "reinforcements": dict(data.get("reinforcements", {})),
        "time": ({"limited": data["time"]["limited"], "left": data["time"]["start"]} if data.get("time") else None),
        "nightfall": data.get("nightfall", 60),
        "ambush": ({**data["ambush"], "used": False} if data.get("ambush") else None),
        "activations": 0,
        "eliminated": [],
        "fled_units": [],
        "acted": {},
        "reacted": [],
        "pending": [],
        "selected": None,
        "act": None,
        "chain": 0,
        "result": None,
        "phase": "activate",
        "player": data["first"],
        "decider": data["first"],
        "stanley_rolled": False,
        "cc_used": [],
        "charge_hexes": [],
        "hitters": [],
        "defended": [],
        "fleeing": {},
        "fleeing_leader": {},
        "pursuers": {},
        "pursuit_queue": [],
        "leader_sel": None,
        "leaders_done": [],
        "mm_adjacent": {},
        "fresh": False,
    }
    add_event(state, f"{data['title']}: {data['first'].title()} takes the first (automatic) activation.")
    start(state, data["first"])
    return state


FLAT = ("units", "leaders", "battles")  # id -> flat dict of scalars
SHARED = ("battle_data", "special", "options", "eliminated", "fled_units", "pending", "log")


def copy_state(state: State) -> State:
    """A copy that ``apply`` may change freely, made by structure (several times faster than a deep copy):
    append-only lists and never-changed data get new outer lists only."""
    new = {}
    for key, value in state.items():
        if key in FLAT:
            new[key] = {k: dict(v) for k, v in value.items()}
        elif key in SHARED:
            new[key] = list(value) if isinstance(value, list) else value
        elif key == "acted":
            new[key] = {k: {**v, "adj_start": list(v["adj_start"])} for k, v in value.items()}
        elif key == "markers":
            new[key] = {k: list(v) for k, v in value.items()}
        else:
            new[key] = json_copy(value)
    return new


class BloodAndRosesEngine(Engine):
    slug = "blood_and_roses"
    title = "Blood & Roses"
    stand_in_notice = "The battle map, its armies and the player-aid tables are stand-ins, not the published game"
    version = 4
    changes = {
        2: "Phase C: every shock and charge is declared first (an attacker and its target or targets, with any "
        "units joining it); then the declared combats are resolved in the order declared and none may be "
        "cancelled (BR-12.1c). Old games replay differently.",
        3: "Retreats: the hexes offered are worked out when the player chooses, so two retreating units never "
        "end in one hex, and a unit passing through a friendly missile unit takes its hex before that unit "
        "falls back (BR-10.0g, 14.4d). After a retreat or an advance the unit may take a new facing (12.4c, "
        "14.4c); the advance after a retreat before combat is the attacker's choice (12.2f). A knight that "
        "starts the shock phase next to an enemy may not charge (13.3b). Leaders roll once for a Retreat "
        "result and also when their attacking unit must retreat or be Disordered (5.5e). A Routed unit "
        "moves one hex whatever it costs (14.5c). Bosworth stand-ins: Flight Levels 16 and 16 (were York "
        "18, Lancaster 14), nightfall after 60 activations (was 40). A unit's move is one choice: its "
        "destination, with the path the engine worked out (the cheapest); facing is chosen by clicking an "
        "arrow around the unit.",
        4: 'The log says where things happened, so the page can draw them: each move (a new line, "moves '
        'A→B"), retreat and advance carries the hexes it went through, and each entry, fire, shock, charge, '
        "rally and rout the hexes where it happened. No rule changed.",
    }
    roles = ("york", "lancaster")
    passes = PASSES
    options: dict[str, dict[str, Any]] = {
        "battle": {"choices": list(NAMES), "default": "bosworth", "label": "Battle (stand-in layout)"},
        "battle_flight": {"choices": [True, False], "default": True, "label": "Battle Flight (optional rule 14.8)"},
        "pursuit": {
            "choices": [True, False],
            "default": True,
            "label": "Pursuit (optional rule 14.9, with Battle Flight)",
        },
    }

    def setup(self, seed: int, options: dict[str, Any]) -> State:
        options = self.resolve_options(options)
        return initial_state(seed, options, battle(options["battle"]))

    def setup_custom(self, seed: int, data: dict[str, Any], options: dict[str, Any] | None = None) -> State:
        """A game on a battle given as data (the tests' purpose-made battle), validated by the loader."""
        resolved = self.resolve_options({k: v for k, v in (options or {}).items() if k != "battle"})
        return initial_state(seed, resolved, load(data), custom=data)

    def active_roles(self, state: State) -> list[str]:
        return TABLE.active_roles(state)

    def legal_actions(self, state: State, role: str) -> list[Choice]:
        return TABLE.legal_actions(state, role)

    def apply(self, state: State, role: str, action: Action) -> State:
        self.check_legal(state, role, action)
        new = copy_state(state)
        TABLE.apply(new, role, action)
        return new

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        """Everything on the board is open; unused Seizure markers are seen only by their owner."""
        from .board import battle_map

        m = battle_map(state)
        out = {k: json_copy(v) for k, v in state.items() if k not in ("rng", "markers", "log", "battle_data")}
        out["markers"] = {r: (json_copy(ms) if r == role else {"count": len(ms)}) for r, ms in state["markers"].items()}
        out["log"] = visible_events(state["log"], role)
        out["map"] = map_view(m)
        # How the board draws the Battles and leaders (battle data, not state): the stripe colours, initials.
        out["divisions"] = {bid: b.get("division") for bid, b in m.data["battles"].items()}
        out["leader_initials"] = {lid: d["initials"] for lid, d in m.data["leaders"].items() if d.get("initials")}
        out["viewer"] = role
        out["tables"] = TABLES_TITLE
        out["occupied"] = occupant(state)
        out["prompt"] = TABLE.prompt(state, role)
        return out

    policies = {"purposeful": purposeful}

    def invariant_violations(self, state: State) -> list[str]:
        return stacking_violations(state)

    def milestones(self, state: State) -> list[str]:
        """ "contact": a shock or a charge was fought."""
        fought = any(" shocks " in e["text"] or " charges " in e["text"] for e in state["log"] if "dr" in e)
        return ["contact"] if fought else []

    def result(self, state: State) -> dict[str, Any] | None:
        return json_copy(state["result"]) if state.get("result") else None

    def render_svg(self, view: dict[str, Any]) -> str:
        return svg.render(view)

    def render_panels(self, view: dict[str, Any]) -> str:
        return panels.render(view)

    def render_picture(self, view: dict[str, Any]) -> str:
        return svg.render_picture(view)

    def layer(self, name: str) -> str | None:
        return shipped_layers().get(name)

    def check_legal(self, state: State, role: str, action: Action) -> None:
        if not isinstance(action, dict):
            raise IllegalAction('An action is a JSON object with a "type" key')
        super().check_legal(state, role, action)
