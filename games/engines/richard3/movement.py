"""The Action Phase: land moves, sea moves, recruits and the six events (R3-1.2, R3-5.2-5.4)."""

from __future__ import annotations

from games.engines.base import IllegalAction, add_event

from .board import (
    ADJ,
    BLOCK_IDS,
    BORDER,
    LIMITS,
    NO_SEA_MOVE,
    WALES,
    add_twin,
    area_target,
    at_area,
    block_target,
    blocks_by_area,
    blocks_in,
    border_key,
    eliminate,
    friendly_or_vacant,
    may_enter,
    name,
    occupancy,
    other,
    owner,
    status,
    status_in,
)
from .data.areas import AREAS, SEAS
from .data.blocks import BLOCKS
from .data.cards import CARDS

NO_SEA_AREAS = ("Hereford", "Gloucester", "South Yorks")  # R3-5.3i, A9
GROUP_EVENTS = ("Force March", "Surprise", "Treason")  # "move one group" events
SEA_EVENTS = ("Surprise", "Treason", "Piracy")


def new_turn_record() -> dict:
    return {"moved": [], "recruited": [], "cross": {"lancaster": {}, "york": {}}, "attacks": {}, "treason": None}


def start_action_phase(state: dict, role: str) -> None:
    """Player ``role`` gets the AP of the card he played (R3-1.2b); event AP only serve the event (A4)."""
    ap, event = CARDS[state["played"][role]]
    state["phase"] = "action"
    state["act"] = {"role": role, "ap": ap, "event": event, "event_done": False, "mode": None}
    state["act"]["gmode"] = default_gmode(event)
    if event == "Treason":
        state["t"]["treason"] = role
    add_event(state, f"{role.capitalize()}'s Action Phase ({ap} AP{', ' + event if event else ''}).")


def default_gmode(event: str | None) -> str:
    return {"Force March": "force", "Surprise": "surprise"}.get(event, "land")


# --- attack bookkeeping ---------------------------------------------------------------------------


def attack_record(state: dict, area: str) -> dict | None:
    return state["t"]["attacks"].get(area)


def engaged_attackers(state: dict, area: str) -> list[str]:
    """Attacking blocks in the area that are not reserves: they pin as many Defenders (R3-5.2.2b)."""
    rec = attack_record(state, area)
    if rec is None:
        return []
    att = rec["attacker"]
    return [
        b
        for b in rec["entries"].get(att, {}).get(rec["main"], [])
        if state["blocks"][b]["at"] == area and owner(state, b) == att
    ]


def reserve_blocks(rec: dict) -> list[str]:
    """Attackers across any border but the Main Attack, and every defender reinforcement (R3-6.3c/g)."""
    att = rec["attacker"]
    out = [b for key, bids in rec["entries"].get(att, {}).items() if key != rec["main"] for b in bids]
    return out + rec["reserves"]


def side_of(key: str, area: str) -> str:
    """Human words for the border ``key`` into ``area``: "from Kent" or "by sea (North Sea)"."""
    if key.startswith("sea:"):
        return f"by sea ({key[4:]})"
    return "from " + next(a for a in key.split("|") if a != area)


def border_target(key: str, area: str) -> str:
    """The board target of the border ``key`` into ``area``: the sea zone, or the area on the other side."""
    if key.startswith("sea:"):
        return key
    return area_target(next(a for a in key.split("|") if a != area))


def undeclared(state: dict, role: str) -> list[str]:
    """Areas the player attacked across several borders and must still name a Main Attack for (R3-6.3c)."""
    return [
        area
        for area, rec in state["t"]["attacks"].items()
        if rec["attacker"] == role and len(rec["entries"].get(role, {})) > 1 and not rec.get("declared")
    ]


def closed_exits(state: dict, area: str, role: str) -> set[str]:
    """Borders an unpinned Defender may not leave by: every border the attackers used (R3-5.2.2c, A8)."""
    rec = attack_record(state, area)
    if rec is None or rec["attacker"] == role:
        return set()
    return set(rec["entries"].get(rec["attacker"], {}))


def can_leave(state: dict, bid: str) -> bool:
    """Pinned Defenders may not leave; the defender keeps as many back as attackers engaged (R3-5.2.2b)."""
    role = owner(state, bid)
    area = state["blocks"][bid]["at"]
    rec = attack_record(state, area)
    if rec is None or rec["attacker"] == role:
        return True
    moved = state["t"]["moved"]
    unmoved = [b for b in blocks_in(state, area, role) if b not in moved]
    return len(unmoved) > len(engaged_attackers(state, area))


def attack_borders_ok(state: dict, role: str, area: str, key: str) -> bool:
    """Attack across at most 3 borders (R3-6.3a); reinforce a defence across at most 2 (R3-6.3h)."""
    rec = attack_record(state, area)
    used = set(rec["entries"].get(role, {})) if rec else set()
    used.add(key)
    limit = 3 if rec is None or rec["attacker"] == role else 2
    return len(used) <= limit


def register_entry(state: dict, role: str, bid: str, area: str, key: str) -> None:
    """Record an entry into an Enemy or Contested area: main attack, reserve or reinforcement (R3-6.3c/g)."""
    attacks = state["t"]["attacks"]
    rec = attacks.get(area)
    if rec is None:
        # The first border used is the Main Attack until the attacker names another one (R3-6.3c).
        rec = attacks[area] = {"attacker": role, "main": key, "entries": {}, "reserves": []}
        add_event(state, f"{role.capitalize()} attacks {area}.", at=at_area(area))
    rec["entries"].setdefault(role, {}).setdefault(key, []).append(bid)
    if rec["attacker"] != role:
        rec["reserves"].append(bid)  # a reinforcement of the defence


# --- land moves -------------------------------------------------------------------------------------


def border_limit(state: dict, colour: str) -> int:
    bonus = 1 if state["act"].get("gmode") == "surprise" else 0  # Surprise event
    return LIMITS[colour] + bonus


def movable(state: dict, role: str, bid: str) -> bool:
    """On the map, upright, not yet moved or recruited this turn (R3-5.2e, R3-1.2e), not pinned."""
    rec = state["blocks"][bid]
    t = state["t"]
    return (
        owner(state, bid) == role
        and rec["at"] in AREAS
        and bid not in t["moved"]
        and bid not in t["recruited"]
        and can_leave(state, bid)
    )


def max_areas(state: dict) -> int:
    return 3 if state["act"].get("gmode") == "force" else 2  # R3-5.2a; Force March 3


def step_ok(state: dict, role: str, bid: str, frm: str, to: str, start: str, left: int) -> bool:
    """May this block cross from ``frm`` to ``to`` now (border limits, exiles, pinning, muster target)?"""
    if to not in ADJ[frm] or not may_enter(to, role):
        return False
    key = border_key(frm, to)
    colour = BORDER[(frm, to)]
    if state["t"]["cross"][role].get(key, 0) >= border_limit(state, colour):  # R3-5.2.1a/b
        return False
    if frm == start and key in closed_exits(state, start, role):  # R3-5.2.2c
        return False
    st = status(state, to, role)
    act = state["act"]
    if act.get("gmode") == "muster":
        target = act["target"]
        if st in ("enemy", "contested"):
            return False
        if to == target:
            return True
        return (
            left > 1
            and colour != "red"
            and any(step_ok(state, role, bid, to, nxt, start, left - 1) for nxt in ADJ[to] if nxt == target)
        )
    if st in ("enemy", "contested"):
        return attack_borders_ok(state, role, to, key)
    return True


def transit_choices(state: dict, role: str) -> list[dict]:
    act = state["act"]
    tr = act["transit"]
    bid, path = tr["block"], tr["path"]
    here = path[-1]
    left = max_areas(state) - (len(path) - 1)
    out = []
    for to in ADJ[here]:
        if to in path or not step_ok(state, role, bid, here, to, path[0], left):
            continue
        out.append(
            {
                "action": {"type": "step", "to": to},
                "label": f"Move {name(bid)} from {here} to {to}",
                "target": area_target(to),
            }
        )
    if len(path) > 1 and act.get("gmode") != "muster":
        # clicking the area the block stands in stops it there
        out.append({"action": {"type": "stop"}, "label": f"Stop {name(bid)} in {here}", "target": area_target(here)})
    return out


def can_start_move(state: dict, role: str, bid: str, area: str) -> bool:
    return movable(state, role, bid) and any(
        step_ok(state, role, bid, area, to, area, max_areas(state)) for to in ADJ[area]
    )


def group_choices(state: dict, role: str) -> list[dict]:
    act = state["act"]
    out = []
    if act["gmode"] == "muster":
        sources = [b for b in BLOCK_IDS if owner(state, b) == role and state["blocks"][b]["at"] in AREAS]
    else:
        sources = blocks_in(state, act["group"], role)
    for b in sources:
        at = state["blocks"][b]["at"]
        if at != act.get("target") and can_start_move(state, role, b, at):
            out.append(
                {
                    "action": {"type": "move", "block": b},
                    "label": f"Move {name(b)} (in {at})",
                    "target": block_target(b),
                }
            )
    out.append({"action": {"type": "done"}, "label": "Finish this move"})
    return out


def finish_transit(state: dict, role: str) -> None:
    act = state["act"]
    tr = act.pop("transit")
    path = tr["path"]
    act["mode"] = "group"
    add_twin(
        state,
        role,
        f"{name(tr['block'])} moves {' → '.join(path)}.",
        f"{role.capitalize()} moves a block from {path[0]} to {path[-1]}.",
        own_path=at_area(*path),
        path=at_area(path[0], path[-1]),  # the others learn only where it started and stopped
    )


def apply_step(state: dict, role: str, to: str) -> None:
    act = state["act"]
    tr = act["transit"]
    bid = tr["block"]
    frm = tr["path"][-1]
    st = status(state, to, role)
    key = border_key(frm, to)
    cross = state["t"]["cross"][role]
    cross[key] = cross.get(key, 0) + 1
    if st in ("enemy", "contested"):
        register_entry(state, role, bid, to, key)
    state["blocks"][bid]["at"] = to
    tr["path"].append(to)
    stop = (
        st in ("enemy", "contested")  # R3-5.2d
        or BORDER[(frm, to)] == "red"  # R3-5.2.1c
        or len(tr["path"]) - 1 >= max_areas(state)
        or (act.get("gmode") == "muster" and to == act["target"])
        or not transit_choices(state, role)
    )
    if stop:
        finish_transit(state, role)


# --- sea moves --------------------------------------------------------------------------------------


SEA_NEIGHBOURS = {a: [b for b in AREAS if b != a and set(AREAS[a]["seas"]) & set(AREAS[b]["seas"])] for a in AREAS}


def can_sea_move(bid: str) -> bool:
    """Scots, Welsh, Rebel, city levies and Bombards never Sea Move (R3-5.3j, A9)."""
    return bid not in NO_SEA_MOVE and BLOCKS[bid]["kind"] not in ("levy", "bombard")


def sea_zone(frm: str, to: str) -> str | None:
    for zone in SEAS:
        if zone in AREAS[frm]["seas"] and zone in AREAS[to]["seas"]:
            return zone
    return None


def sea_destinations(state: dict, role: str, frm: str) -> list[str]:
    """Coastal areas on a shared sea zone, Friendly or Vacant (R3-5.3a/c/e-i); Piracy may attack."""
    piracy = state["act"]["event"] == "Piracy"
    out = []
    if frm in NO_SEA_AREAS or not AREAS[frm]["seas"]:
        return out
    occ = occupancy(state)
    closed = closed_exits(state, frm, role)
    for to in SEA_NEIGHBOURS[frm]:
        facts = AREAS[to]
        if to in NO_SEA_AREAS or not may_enter(to, role):
            continue
        zone = sea_zone(frm, to)
        if ("sea:" + zone) in closed:
            continue
        st = status_in(occ, to, role)
        attack = piracy and facts["kind"] != "exile" and attack_borders_ok(state, role, to, "sea:" + zone)
        if st in ("friendly", "vacant") or attack:
            out.append(to)
    return out


def can_ship(state: dict, role: str, bid: str) -> bool:
    at = state["blocks"][bid]["at"]
    return movable(state, role, bid) and can_sea_move(bid) and bool(sea_destinations(state, role, at))


def apply_sail(state: dict, role: str, to: str) -> None:
    act = state["act"]
    sea = act["sea"]
    bid, frm = sea["block"], sea["from"]
    zone = sea_zone(frm, to)
    attack = status(state, to, role) in ("enemy", "contested")
    if attack:
        register_entry(state, role, bid, to, "sea:" + zone)  # Piracy attack
    state["t"]["moved"].append(bid)
    state["blocks"][bid]["at"] = to
    add_twin(
        state,
        role,
        f"{name(bid)} sails from {frm} to {to} ({zone}).",
        f"{role.capitalize()} sails a block from {frm} to {to} ({zone}).",
        path=[area_target(frm), f"sea:{zone}", area_target(to)],
    )
    sea.update(to=to, n=sea["n"] + 1, attack=attack)
    # R3-5.3.1a, A10: a second block from the same major port to the same major port for the same AP
    if sea["n"] >= 2 or attack or not (AREAS[frm]["major"] and AREAS[to]["major"]) or not second_ships(state, role):
        act["mode"] = None
        del act["sea"]


def second_ships(state: dict, role: str) -> list[str]:
    sea = state["act"]["sea"]
    return [
        b
        for b in blocks_in(state, sea["from"], role)
        if movable(state, role, b) and can_sea_move(b) and sea["to"] in sea_destinations(state, role, sea["from"])
    ]


# --- recruits ---------------------------------------------------------------------------------------


def recruit_areas(state: dict, role: str, bid: str) -> list[str]:
    """Where a pool block may be placed (R3-5.4c-i, A11, A12)."""
    info = BLOCKS[bid]
    kind = info["kind"]
    if kind == "bombard":
        return [a for a, f in AREAS.items() if f["city"] and status(state, a, role) == "friendly"]
    if kind == "rebel":
        return [a for a, f in AREAS.items() if f["kind"] == "land" and status(state, a, role) == "vacant"]
    if bid == "L_Welsh":
        return [a for a in WALES if friendly_or_vacant(state, a, role)]
    if kind in ("lord", "church", "levy"):
        return [a for a in info["seats"] if may_enter(a, role) and friendly_or_vacant(state, a, role)]
    return []  # heirs and the exile mercenaries are never recruited (R3-5.4h)


def recruitable(state: dict, role: str) -> list[str]:
    """Upright blocks of the player's own pool (R3-4.2b, R3-5.4k)."""
    return [
        b
        for b in BLOCK_IDS
        if state["blocks"][b]["at"] == "pool"
        and not state["blocks"][b]["down"]
        and owner(state, b) == role
        and recruit_areas(state, role, b)
    ]


# --- events -----------------------------------------------------------------------------------------


def plague_targets(state: dict, role: str) -> list[str]:
    return [a for a, f in AREAS.items() if f["city"] and status(state, a, role) == "enemy"]


def muster_targets(state: dict, role: str) -> list[str]:
    out = []
    act = state["act"]
    for area, facts in AREAS.items():
        if facts["kind"] == "sea" or not may_enter(area, role) or not friendly_or_vacant(state, area, role):
            continue
        act.update(gmode="muster", target=area)
        try:
            if any(
                state["blocks"][b]["at"] != area and can_start_move(state, role, b, state["blocks"][b]["at"])
                for b in BLOCK_IDS
                if owner(state, b) == role and state["blocks"][b]["at"] in AREAS
            ):
                out.append(area)
        finally:
            act["gmode"] = default_gmode(act["event"])
            act.pop("target")
    return out


# --- choices and application ------------------------------------------------------------------------


def action_choices(state: dict, role: str) -> list[dict]:
    act = state["act"]
    mode = act["mode"]
    if mode == "transit":
        return transit_choices(state, role)
    if mode == "group":
        return group_choices(state, role)
    if mode == "sea":
        sea = act["sea"]
        if sea["n"] == 0 and sea["block"] is None:
            out = [
                {
                    "action": {"type": "ship", "block": b},
                    "label": f"Sea move {name(b)} from {sea['from']}",
                    "target": block_target(b),
                }
                for b in blocks_in(state, sea["from"], role)
                if can_ship(state, role, b)
            ]
            return [*out, {"action": {"type": "done"}, "label": "Cancel this sea move"}]
        if sea["n"] == 0:
            return [
                *(
                    {
                        "action": {"type": "sail", "to": to},
                        "label": f"Sail {name(sea['block'])} from {sea['from']} to {to}",
                        "target": area_target(to),
                    }
                    for to in sea_destinations(state, role, sea["from"])
                ),
                {"action": {"type": "back"}, "label": "Back: choose another block"},
            ]
        out = [
            {
                "action": {"type": "ship", "block": b},
                "label": f"Also sail {name(b)} to {sea['to']} (port to port)",
                "target": block_target(b),
            }
            for b in second_ships(state, role)
        ]
        return [*out, {"action": {"type": "done"}, "label": "No second block"}]
    if mode == "main":
        area = undeclared(state, role)[0]
        rec = state["t"]["attacks"][area]
        return [
            {
                "action": {"type": "main", "area": area, "border": key},
                "label": f"Main Attack on {area} {side_of(key, area)}",
                "target": border_target(key, area),
            }
            for key in sorted(rec["entries"][role])
        ]
    if mode == "recruit":
        bid = act["recruit"]
        return [
            *(
                {"action": {"type": "place", "area": a}, "label": f"Place {name(bid)} in {a}", "target": area_target(a)}
                for a in recruit_areas(state, role, bid)
            ),
            {"action": {"type": "back"}, "label": "Back: recruit nobody now"},
        ]
    out = []
    event = act["event"]
    if event == "Plague" and not act["event_done"]:
        out += [
            {"action": {"type": "plague", "area": a}, "label": f"Plague in {a}", "target": area_target(a)}
            for a in plague_targets(state, role)
        ]
    if event == "Muster" and not act["event_done"]:
        out += [
            {"action": {"type": "muster", "area": a}, "label": f"Muster to {a}", "target": area_target(a)}
            for a in muster_targets(state, role)
        ]
    if act["ap"] > 0:
        mine = blocks_by_area(state, role)  # one pass over the blocks, not one per area
        if event is None or event in GROUP_EVENTS:
            for area in AREAS:
                if any(can_start_move(state, role, b, area) for b in mine.get(area, ())):
                    out.append(
                        {
                            "action": {"type": "activate", "area": area},
                            "label": f"Activate {area} (1 AP)",
                            "target": area_target(area),
                        }
                    )
        if event is None or event in SEA_EVENTS:
            for area in AREAS:
                # can_ship, with the destinations (the same for every block of the area) looked up once
                ships = any(movable(state, role, b) and can_sea_move(b) for b in mine.get(area, ()))
                if ships and sea_destinations(state, role, area):
                    out.append(
                        {
                            "action": {"type": "sea", "area": area},
                            "label": f"Sea move from {area} (1 AP)",
                            "target": area_target(area),
                        }
                    )
        if event is None:
            for b in recruitable(state, role):
                out.append(
                    {
                        "action": {"type": "recruit", "block": b},
                        "label": f"Recruit {name(b)} (1 AP)",
                        "target": block_target(b),
                    }
                )
    out.append({"action": {"type": "end"}, "label": "End your Action Phase"})
    return out


def apply_action(state: dict, role: str, action: dict) -> bool:
    """Apply one Action Phase choice; returns True when the player's Action Phase is over."""
    act = state["act"]
    kind = action["type"]
    if kind in ("end", "main"):
        if kind == "main":
            rec = state["t"]["attacks"][action["area"]]
            rec.update(main=action["border"], declared=True)
            add_event(
                state,
                f"{role.capitalize()} names the Main Attack on {action['area']} "
                f"{side_of(action['border'], action['area'])}.",
            )
        if undeclared(state, role):
            act["mode"] = "main"
            return False
        add_event(state, f"{role.capitalize()} ends the Action Phase.")
        return True
    if kind == "activate":
        act["ap"] -= 1
        act.update(mode="group", group=action["area"])
        add_event(state, f"{role.capitalize()} activates {action['area']}.", at=at_area(action["area"]))
    elif kind == "muster":
        act["event_done"] = True
        act.update(mode="group", group=None, gmode="muster", target=action["area"])
        add_event(state, f"{role.capitalize()} musters to {action['area']}.", at=at_area(action["area"]))
    elif kind == "move":
        bid = action["block"]
        state["t"]["moved"].append(bid)
        act.update(mode="transit", transit={"block": bid, "path": [state["blocks"][bid]["at"]]})
    elif kind == "step":
        apply_step(state, role, action["to"])
    elif kind == "stop":
        finish_transit(state, role)
    elif kind == "done":
        act["mode"] = None
        for k in ("group", "target", "sea"):
            act.pop(k, None)
        act["gmode"] = default_gmode(act["event"])
    elif kind == "sea":
        act.update(mode="sea", sea={"from": action["area"], "block": None, "to": None, "n": 0})
    elif kind == "back":  # nothing paid yet: choose the sea move's block again, or give up the recruit
        if act["mode"] == "recruit":
            act.pop("recruit")
            act["mode"] = None
        else:
            act["sea"]["block"] = None
    elif kind == "ship":
        sea = act["sea"]
        sea["block"] = action["block"]
        if sea["n"] == 1:  # the free second block, port to port (R3-5.3.1a)
            apply_sail(state, role, sea["to"])
    elif kind == "sail":
        act["ap"] -= 1  # R3-5.3a: 1 AP per sea move
        apply_sail(state, role, action["to"])
    elif kind == "recruit":
        act.update(mode="recruit", recruit=action["block"])
    elif kind == "place":
        bid = act.pop("recruit")
        act["ap"] -= 1
        act["mode"] = None
        rec = state["blocks"][bid]
        rec.update(at=action["area"], s=BLOCKS[bid]["steps"])  # full strength (R3-5.4b)
        state["t"]["recruited"].append(bid)
        add_twin(
            state,
            role,
            f"You recruit {name(bid)} in {action['area']}.",
            f"{role.capitalize()} recruits a block in {action['area']}.",
            at=at_area(action["area"]),
        )
    elif kind == "plague":
        act["event_done"] = True
        area = action["area"]
        victims = blocks_in(state, area, other(role))
        add_event(state, f"Plague strikes {area}: {len(victims)} enemy block(s) lose a step.", at=at_area(area))
        for b in victims:
            state["blocks"][b]["s"] -= 1
            if state["blocks"][b]["s"] <= 0:
                add_event(state, f"{name(b)} dies of the plague.", only_for=[other(role)])
                eliminate(state, b)
    else:
        raise IllegalAction(f"Unknown action {kind!r}")
    return False
