"""What each role may see (R3-4.1b, R3-4.2a, R3-6.1c): own blocks in full, enemy blocks as counts."""

from __future__ import annotations

import re
from typing import Any

from games.engines.base import log_for
from games.engines.base import name as ref
from games.engines.base.messages import untranslated

from .battle import current
from .board import BLOCK_IDS, ROLES, name, other, owner, pretender
from .cards_phase import card_label
from .combat import contested_areas, initiative, rating
from .data.areas import AREAS
from .data.blocks import BLOCKS
from .data.cards import CARDS
from .public import public_record
from .sequence import TABLE
from .turn_record import undeclared

NEW_TURN = re.compile(r"^Turn \d+: ")


def card_entry(card: int) -> dict[str, Any]:
    """A card the viewer may see: its label (a record), its AP and its event's name (or None)."""
    ap, event = CARDS[card]
    return {"card": card, "label": card_label(card), "ap": ap, "event": ref(f"event:{event}") if event else None}


def block_info(state: dict, bid: str, in_battle: bool = False) -> dict[str, Any]:
    rec = state["blocks"][bid]
    info = BLOCKS[bid]
    out = {
        "id": bid,
        "name": name(bid),
        "side": owner(state, bid),
        "at": rec["at"],
        "steps": rec["strength"],
        "max": info["steps"],
        "rating": f"{info['init']}{info['fp']}",
        "kind": info["kind"],
        "down": rec["down"],
    }
    if in_battle:
        out["rating"] = rating(state, bid) if initiative(state, bid) else out["rating"]
    return out


def last_move(log: list[dict]) -> dict[str, str | None] | None:
    """The latest block movement or recruit of this turn, from the board marks of the events the viewer
    may read (a move's path ends, or a recruit's area)."""
    for event in reversed(log):
        english = untranslated(event["text"])  # records and the plain texts of older states alike
        if NEW_TURN.match(english):
            return None
        areas = [t.split(":", 1)[1] for t in event.get("path") or [] if t.startswith("area:")]
        if len(areas) >= 2:
            return {"from": areas[0], "to": areas[-1], "text": event["text"]}
        if "recruit" in english and event.get("at"):
            return {"from": None, "to": event["at"][0].split(":", 1)[1], "text": event["text"]}
    return None


def selection(state: dict, role: str | None) -> dict[str, Any] | None:
    """What the player to act has chosen so far in the current decision (shown only to that player)."""
    phase = state["phase"]
    if phase == "action" and state["action_phase"]["role"] == role:
        action_phase = state["action_phase"]
        mode = action_phase["mode"]
        if mode == "transit":
            path = action_phase["transit"]["path"]
            return {"block": action_phase["transit"]["block"], "area": path[-1], "path": list(path)}
        if mode == "group":
            return {"area": action_phase.get("group") or action_phase.get("target")}
        if mode == "sea":
            return {"area": action_phase["sea"]["from"], "block": action_phase["sea"]["block"]}
        if mode == "recruit":
            return {"block": action_phase["recruit"]}
        if mode == "main":
            return {"area": undeclared(state, role)[0]}
    if phase == "battle" and state["battle"] and state["battle"]["stage"] == "fight":
        battle = state["battle"]
        now = current(state) if not battle["pending"] else None
        if now and now[0] == role:
            if battle.get("actor") in now[1]:
                return {"block": battle["actor"]}
            if len(now[1]) == 1:
                return {"block": now[1][0]}
    if phase in ("supply", "political"):
        ask = state[phase]["ask"]  # the Supply Phase or the Political Turn
        if ask and ask.get("role") == role and "block" in ask:
            return {"block": ask["block"]}
    return None


def battle_view(state: dict, role: str | None) -> dict[str, Any]:
    """The battle being fought: all its blocks revealed (R3-6.1c)."""
    battle = state["battle"]
    return {
        "area": battle["area"],
        "attacker": battle["attacker"],
        "defender": battle["defender"],
        "round": battle["round"],
        "stage": battle["stage"],
        "blocks": [
            dict(block_info(state, b, True), reserve=b in battle["reserves"])
            for b in BLOCK_IDS
            if state["blocks"][b]["at"] == battle["area"]
            # R3-6.1c: once the battle is over (regroup) the survivors stand up hidden again
            and (battle["stage"] != "regroup" or owner(state, b) == role)
        ],
    }


def make_view(engine: Any, state: dict, role: str | None) -> dict[str, Any]:
    active = engine.active_roles(state)
    areas: dict[str, dict[str, int]] = {a: {"lancaster": 0, "york": 0} for a in AREAS}
    pools = {"lancaster": 0, "york": 0}
    for b in BLOCK_IDS:
        at = state["blocks"][b]["at"]
        if at in AREAS:
            areas[at][owner(state, b)] += 1
        elif at == "pool":
            pools[owner(state, b)] += 1
    mine = []
    if role is not None:
        mine = [
            block_info(state, b)
            for b in BLOCK_IDS
            if owner(state, b) == role and state["blocks"][b]["at"] not in ("off", "out")
        ]
    played = {}
    both = all(state["played"][r] is not None for r in ROLES)
    for r in ROLES:
        card = state["played"][r]
        if card is None:
            played[r] = None
        elif both or r == role:
            played[r] = card_entry(card)
        else:
            played[r] = "face down"
    view: dict[str, Any] = {
        "game": "richard3",
        "role": role,
        "scenario": state["scenario"],
        "campaign": state["campaign"],
        "last_campaign": state["last_campaign"],
        "turn": state["turn"],
        "phase": state["phase"],
        "king": state["king"],
        "pretender": pretender(state),
        "crowned": {r: (name(b) if (b := state["crowned"][r]) else None) for r in ROLES},
        "player1": state["player1"],
        "played": played,
        "hand": [card_entry(c) for c in state["hands"][role]] if role else [],
        "hand_sizes": {r: len(state["hands"][r]) for r in ROLES},
        "areas": areas,
        "pool_counts": pools,
        "my_blocks": mine,
        "prisoner": state["blocks"]["L_HenryVI"]["at"] == "prisoner",
        "dead_heirs": [
            name(b) for b in BLOCK_IDS if BLOCKS[b]["kind"] == "heir" and state["blocks"][b]["at"] == "dead"
        ],
        "contested": contested_areas(state),
        "log": log_for(state["log"], role),  # one line per event: each reader's side of a twin
        "active_roles": active,
        "prompt": TABLE.prompt(state, role),
        "result": engine.result(state),
    }
    if state["phase"] == "action":
        view["action"] = {
            "role": state["action_phase"]["role"],
            "action_points": state["action_phase"]["action_points"],
            "event": state["action_phase"]["event"],
            "event_name": ref(f"event:{state['action_phase']['event']}"),
        }
    if state["battle"]:
        view["battle"] = battle_view(state, role)
    view["opponent"] = other(role) if role else None
    view["selection"] = selection(state, role) if role else None
    view["last_move"] = last_move(view["log"])
    if role is not None:
        # what the side knows beyond the board, for its computer player (sampling.py)
        view["public"] = public_record(state, role)
    return view
