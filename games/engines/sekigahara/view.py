"""What each role may see (SK-3.1b/c, SK-3.3e, SK-8.2.1b): secrets stay with their owner."""

from __future__ import annotations

from typing import Any

from games.engines.base import State, Text, json_copy, log_for, visible_events

from .common import OFF_MAP, SIDES, card, face, other, side_of, stacks, vp_scores
from .data.locations import DISCS
from .movement import eligible

# The public events of a march step or a retreat (battle.py, movement.py), by their message (the singular
# msgid of a plural record), and those that start a new group.
STEP_EVENTS = ("{side} moves {n} block from {start} to {end}.", "{side} retreats {n} block from {start} to {end}.")
GROUP_START = (
    "{side} sets off from {loc} with {n} block.",
    "{side} moves on with {n} block from {loc}.",
    "Week {week}, turn {turn}: Movement Phase of {side}.",
)


def _block(state: State, b: str, role: str | None = None) -> dict[str, Any]:
    """A block face up; its id only for its owner (an id must never link a face for the enemy)."""
    f = face(state, b)
    out = {"id": b} if role == side_of(b) else {}
    return {
        **out,
        "label": f.label,
        "face": state["faces"][b],  # the design, for its name in the reader's language (names table)
        "daimyo": f.daimyo,
        "strength": f.strength,
        "special": f.special,
        "leader": f.leader,
        "any_card": f.any_card,
    }


def _card(state: State, c: str, role: str | None = None) -> dict[str, Any]:
    """A card face up; its id only for its owner."""
    k = card(state, c)
    return {
        **({"id": c} if role is not None and role[0] == c[0] else {}),
        "label": k.label,
        "kind": state["cards"][c],  # the card kind, for its name in the reader's language (names table)
        "daimyo": k.daimyo,
        "bid": k.bid,
        "double": k.double,
        "sword": k.sword,
        "loyalty": k.loyalty,
    }


def view(state: State, role: str | None, prompt: Text | None) -> dict[str, Any]:
    """What ``role`` may see (None: a spectator); ``prompt`` is what the phase asks of him (the phase table)."""
    st = stacks(state)
    out_stacks: dict[str, Any] = {}
    for loc, here in st.items():
        entry = {}
        for s in SIDES:
            if here[s]:
                entry[s] = {"count": len(here[s])}
                if s == role:
                    entry[s]["blocks"] = [_block(state, b, role) for b in here[s]]
        out_stacks[loc] = entry
    areas = {}
    for s in SIDES:
        reinf = sorted(b for b, w in state["where"].items() if w == "reinf" and side_of(b) == s)
        areas[s] = {
            "reinforcements": len(reinf),
            "bag": sum(1 for b, w in state["where"].items() if w == "bag" and side_of(b) == s),
            "hand": len(state["hands"][s]),
            "deck": len(state["decks"][s]),
            "discards": len(state["discards"][s]),
            "top_discard": _card(state, state["discards"][s][-1]) if state["discards"][s] else None,
        }
        if s == role:
            areas[s]["reinforcement_blocks"] = [_block(state, b, role) for b in reinf]
            areas[s]["hand_cards"] = [_card(state, c, role) for c in state["hands"][s]]
    bids = {}
    for s in SIDES:
        if s in state["turn_order_bids"] and state["phase"] == "bid":
            bids[s] = _card(state, state["turn_order_bids"][s], role) if s == role else "face down"
    dead = [b for b, w in sorted(state["where"].items()) if w == "dead"]
    v: dict[str, Any] = {
        "game": "sekigahara",
        "you": role,
        "week": state["week"],
        "turn": state["turn"],
        "first": state["first"],
        "phase": state["phase"],
        "active_roles": list(state["active"]),
        "prompt": prompt,
        "stacks": out_stacks,
        "mori_area": [_block(state, b, role) for b, w in sorted(state["where"].items()) if w == "mori"],  # face up
        # the owner saw his lost blocks on the map: his own keep their ids
        "dead": [{"side": side_of(b), **_block(state, b, role)} for b in dead],
        "areas": areas,
        "turn_order_bids": bids,
        "discs": {d: {"location": DISCS[d], "alive": alive} for d, alive in state["discs"].items()},
        "castles": dict(state["castles"]),
        "resources": dict(state["resources"]),
        "sieges": {loc: _siege(s, role) for loc, s in state["sieges"].items()},
        "scores": vp_scores(state),
        "battle": _battle(state, role),
        "movement": _movement(state, role),
        "muster": _muster(state, role),
        "last_move": last_move(visible_events(state["log"], role)),
        "log": log_for(state["log"], role),  # one line per event: each reader's side of a twin
        "result": state["result"],
        # What either player knows from the table (and the owner of his own blocks) that the state needs to be
        # rebuilt from a view (``sampling``): the half of the turn, the match options, the discards owed,
        # the combats resolved this phase, a castle's pending choice and the Movement Phase so far.
        "half": state["half"],
        "options": dict(state["options"]),
        "discards_owed": dict(state["discards_owed"]),
        "resolved": list(state["resolved"]),
        "siege_choice": state.get("siege_choice"),
        "moves_made": _moves_made(state, role),
    }
    return v


def _siege(siege: dict[str, Any], role: str | None) -> dict[str, Any]:
    """A siege: the blocks inside counted, and named for their owner."""
    out: dict[str, Any] = {"side": siege["side"], "blocks": len(siege["blocks"])}
    if role == siege["side"]:
        out["inside"] = list(siege["blocks"])
    return out


def _moves_made(state: State, role: str | None) -> dict[str, Any] | None:
    """The Movement Phase so far, as long as it counts (through the Combat Phase that follows).

    Its owner sees his own blocks by id; the other side sees, per location, what the public log told him
    of the mover's blocks there: where they came from, whether they moved or mustered, which group they march
    in. Which blocks the mover is picking, and whether a leader gives the stack Leadership before he
    declares it (AMB-09), stay hidden."""
    movement = state["movement"]
    if not movement or state["phase"] in ("discard", "bid", "first", "over"):
        return None
    public = ("player", "level", "cards_to_pay", "moves_left", "musters_left", "muster_costs_move", "exchanged")
    out: dict[str, Any] = {key: movement[key] for key in public}
    out.update(activated=list(movement["activated"]), roads_used=list(movement["roads_used"]))
    group = state["group"]
    alive = {b for b, w in state["where"].items() if w != "dead"}
    if role == movement["player"]:
        out["moved"] = [b for b in movement["moved"] if b in alive]
        out["mustered"] = [b for b in movement["mustered"] if b in alive]
        out["entered_from"] = {b: loc for b, loc in movement["entered_from"].items() if b in alive}
        out["group"] = json_copy(group)
        return out
    out["marks"] = _marks(state)
    if group:
        keys = ("from", "declared", "move_cost", "has_moved", "at", "allowance", "steps", "highway_bonus")
        out["group"] = {key: group[key] for key in (*keys, "forced_march", "dropped") if key in group}
        if "blocks" in group:
            out["group"]["size"] = len(group["blocks"])
            out["group"]["branches"] = [
                {"size": len(br["blocks"]), "at": br["at"], "steps": br["steps"], "highway_bonus": br["highway_bonus"]}
                for br in group["branches"]
            ]
    else:
        out["group"] = None
    return out


def _marks(state: State) -> dict[str, list[list[Any]]]:
    """location -> one [came from, moved, mustered, group] per marked block of the mover there (no ids)."""
    movement, group = state["movement"], state["group"]
    slot: dict[str, str] = {}
    if group and "blocks" in group:
        slot.update({b: "group" for b in group["blocks"]})
        slot.update({b: f"branch{i}" for i, br in enumerate(group["branches"]) for b in br["blocks"]})
    moved, mustered, came_from = set(movement["moved"]), set(movement["mustered"]), movement["entered_from"]
    out: dict[str, list[list[Any]]] = {}
    for b in sorted(moved | mustered | set(came_from) | set(slot)):
        where = state["where"][b]
        if where not in OFF_MAP:
            mark = [came_from.get(b, ""), int(b in moved), int(b in mustered), slot.get(b, "")]
            out.setdefault(where, []).append(mark)
    return {loc: sorted(marks) for loc, marks in out.items()}


def _movement(state: State, role: str | None) -> dict[str, Any] | None:
    movement = state["movement"]
    if not movement or state["phase"] not in ("level", "pay", "move", "pick", "march", "muster"):
        return None
    out: dict[str, Any] = {
        "player": movement["player"],
        "level": movement["level"],
        "moves_left": movement["moves_left"],
        "musters_left": movement["musters_left"],
    }
    group = state["group"]
    if group and "at" in group and state["phase"] == "march":
        out["group"] = {"from": group["from"], "at": group["at"], "size": len(group["blocks"]), "steps": group["steps"]}
        if role == movement["player"]:
            out["group"]["blocks"] = [_block(state, b, role) for b in group["blocks"]]
    elif group and state["phase"] == "pick":  # the activation is announced; the picks are not
        out["picking"] = {"from": group["from"]}
        if role == movement["player"]:
            out["picking"]["blocks"] = [
                {**_block(state, b, role), "picked": b in group["picked"]} for b in eligible(state, group["from"])
            ]
    return out


def _muster(state: State, role: str | None) -> dict[str, Any] | None:
    """A Muster being chosen: where and which blocks, for the mustering player only (shown once placed)."""
    muster = state.get("muster")
    if not muster or state["phase"] != "muster" or role != state["movement"]["player"]:
        return None
    return {"at": muster["location"], "picked": list(muster["picked"])}


def last_move(log: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The path of the last group that marched or retreated, read from the public events a viewer has."""
    path: list[str] = []
    side = None
    for event in reversed(log):
        text = event["text"]
        message = text.get("msg") if isinstance(text, dict) else text
        if message in STEP_EVENTS and event.get("for") is None:
            args = text["args"]
            who = args["side"]["name"]
            src, dst = (args[key]["name"].partition(":")[2] for key in ("start", "end"))
            if path and (who != side or dst != path[0]):
                break
            side, path = who, [src, dst] if not path else [src, *path]
        elif path and message in GROUP_START:
            break
    if not path or side is None:
        return None
    return {"side": side.partition(":")[2], "path": path}


def _battle(state: State, role: str | None) -> dict[str, Any] | None:
    battle = state["battle"]
    if not battle:
        return None
    deployed = {d["block"] for d in battle["deployed"]}
    undeployed = {}
    for s in SIDES:
        mine = [
            b
            for b, side in sorted(battle["fighting_for"].items())
            if side == s and b not in deployed and state["where"][b] != "dead"
        ]
        undeployed[s] = {"count": len(mine)}
        if s == role:
            undeployed[s]["blocks"] = [_block(state, b, role) for b in mine]
    return {
        "location": battle["location"],
        "kind": battle["kind"],
        "attacker": battle["attacker"],
        "defender": battle["defender"],
        "impact": dict(battle["impact"]),
        # SK-8.2.1b: deployed blocks are shown face up until the battle ends
        "deployed": [_deployed(state, d, role) for d in battle["deployed"]],
        "cards_played": {s: [_card(state, c) for c in battle["cards_played"][s]] for s in SIDES},
        "undeployed": undeployed,
        "besieged": _besieged(state, role) if battle["kind"] == "siege" else None,
        "winner": battle["winner"],
        "losses_owed": dict(battle["losses_owed"]),
        "passed": dict(battle["passed"]),
        # public from the table: where the attacker came from (AMB-23), who held the castle, losses so far,
        # who has played a card, and the last deployment a loyalty card may answer
        "entered_from": list(battle["entered_from"]),
        "castle_control": battle["castle_control"],
        "lost": dict(battle["lost"]),
        "losing": battle["losing"],
        "card_played": dict(battle["card_played"]),
        "last_deployment": _last_deployment(state),
        **({"shelter": list(battle["shelter"])} if battle["winner"] and role == other(battle["winner"]) else {}),
    }


def _deployed(state: State, deployed: dict[str, Any], role: str | None) -> dict[str, Any]:
    """A deployed block face up. An enemy block that defected to ``role`` and still fights carries its id as
    ``defector``: his loss choices name it already (SK-8.7.2b); the picture still targets it by its place."""
    block = deployed["block"]
    alive = state["where"][block] != "dead"
    out = {"side": deployed["side"], "owner": side_of(block), "impact": deployed["impact"], "alive": alive}
    out.update(_block(state, block, role))
    if role is not None and deployed["side"] == role != side_of(block) and alive:
        out["defector"] = block
    return out


def _last_deployment(state: State) -> dict[str, Any] | None:
    last = state["battle"]["last_deployment"]
    if last is None:
        return None
    kind = state["cards"][last["card"]] if last["card"] else None
    return {"side": last["side"], "indexes": list(last["indexes"]), "card": kind}


def _besieged(state: State, role: str | None) -> dict[str, Any]:
    """The blocks inside the castle under siege: counted, and named for their owner."""
    battle = state["battle"]
    siege = state["sieges"].get(
        battle["location"], {"side": battle["defender"], "blocks": []}
    )  # gone once the castle falls
    inside = [b for b in siege["blocks"] if state["where"][b] == battle["location"]]
    out: dict[str, Any] = {"side": siege["side"], "count": len(inside)}
    if role == siege["side"]:
        out["blocks"] = [_block(state, b, role) for b in inside]
    return out
