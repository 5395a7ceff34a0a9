"""The Action Phase: land moves, sea moves, recruits and the six events (R3-1.2, R3-5.2-5.4)."""

from __future__ import annotations

from games.engines.base import add_event, msg, plural
from games.engines.base import name as ref
from games.engines.base.phases import Handover, Phase, hand_over

from .action_prompts import action_prompt, action_waiting
from .board import (
    ADJ,
    BLOCK_IDS,
    BORDER,
    LIMITS,
    NO_SEA_MOVE,
    add_twin,
    area_name,
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
    path_text,
    side_name,
    status,
    status_in,
)
from .data.areas import AREAS, SEAS
from .data.blocks import BLOCKS
from .data.cards import CARDS
from .prompts import prompt
from .recruits import plague_targets, recruit_areas, recruitable
from .turn_record import (
    attack_borders_ok,
    border_target,
    can_leave,
    closed_exits,
    register_entry,
    side_of,
    undeclared,
)

NO_SEA_AREAS = ("Hereford", "Gloucester", "South Yorks")  # R3-5.3i, A9
GROUP_EVENTS = ("Force March", "Surprise", "Treason")  # "move one group" events
SEA_EVENTS = ("Surprise", "Treason", "Piracy")


def enter_action_phase(state: dict, role: str) -> None:
    """Player ``role`` gets the AP of the card he played (R3-1.2b); event AP only serve the event (A4)."""
    ap, event = CARDS[state["played"][role]]
    state["phase"] = "action"
    state["action_phase"] = {"role": role, "action_points": ap, "event": event, "event_done": False, "mode": None}
    state["action_phase"]["group_move"] = default_group_move(event)
    if event == "Treason":
        state["turn_record"]["treason"] = role
    add_event(
        state,
        msg("{side} Action Phase ({ap} AP, {event}).", side=side_name(role), ap=ap, event=ref(f"event:{event}"))
        if event
        else msg("{side} Action Phase ({ap} AP).", side=side_name(role), ap=ap),
    )


def default_group_move(event: str | None) -> str:
    return {"Force March": "force", "Surprise": "surprise"}.get(event, "land")


# --- land moves -------------------------------------------------------------------------------------


def border_limit(state: dict, colour: str) -> int:
    bonus = 1 if state["action_phase"].get("group_move") == "surprise" else 0  # Surprise event
    return LIMITS[colour] + bonus


def movable(state: dict, role: str, bid: str) -> bool:
    """On the map, upright, not yet moved or recruited this turn (R3-5.2e, R3-1.2e), not pinned."""
    rec = state["blocks"][bid]
    t = state["turn_record"]
    return (
        owner(state, bid) == role
        and rec["at"] in AREAS
        and bid not in t["moved"]
        and bid not in t["recruited"]
        and can_leave(state, bid)
    )


def max_areas(state: dict) -> int:
    return 3 if state["action_phase"].get("group_move") == "force" else 2  # R3-5.2a; Force March 3


def step_ok(state: dict, role: str, bid: str, frm: str, to: str, start: str, left: int) -> bool:
    """May this block cross from ``frm`` to ``to`` now (border limits, exiles, pinning, muster target)?"""
    if to not in ADJ[frm] or not may_enter(to, role):
        return False
    key = border_key(frm, to)
    colour = BORDER[(frm, to)]
    if state["turn_record"]["crossings"][role].get(key, 0) >= border_limit(state, colour):  # R3-5.2.1a/b
        return False
    if frm == start and key in closed_exits(state, start, role):  # R3-5.2.2c
        return False
    st = status(state, to, role)
    action_phase = state["action_phase"]
    if action_phase.get("group_move") == "muster":
        target = action_phase["target"]
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
    action_phase = state["action_phase"]
    tr = action_phase["transit"]
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
                "label": msg(
                    "Move {block} from {from_area} to {to_area}",
                    block=name(bid),
                    from_area=area_name(here),
                    to_area=area_name(to),
                ),
                "target": area_target(to),
            }
        )
    if len(path) > 1 and action_phase.get("group_move") != "muster":
        # clicking the area the block stands in stops it there
        out.append(
            {
                "action": {"type": "stop"},
                "label": msg("Stop {block} in {area}", block=name(bid), area=area_name(here)),
                "target": area_target(here),
            }
        )
    return out


def can_start_move(state: dict, role: str, bid: str, area: str) -> bool:
    return movable(state, role, bid) and any(
        step_ok(state, role, bid, area, to, area, max_areas(state)) for to in ADJ[area]
    )


def group_choices(state: dict, role: str) -> list[dict]:
    action_phase = state["action_phase"]
    out = []
    if action_phase["group_move"] == "muster":
        sources = [b for b in BLOCK_IDS if owner(state, b) == role and state["blocks"][b]["at"] in AREAS]
    else:
        sources = blocks_in(state, action_phase["group"], role)
    for b in sources:
        at = state["blocks"][b]["at"]
        if at != action_phase.get("target") and can_start_move(state, role, b, at):
            out.append(
                {
                    "action": {"type": "move", "block": b},
                    "label": msg("Move {block} (in {area})", block=name(b), area=area_name(at)),
                    "target": block_target(b),
                }
            )
    out.append({"action": {"type": "done"}, "label": msg("Finish this move")})
    return out


def finish_transit(state: dict, role: str) -> None:
    action_phase = state["action_phase"]
    tr = action_phase.pop("transit")
    path = tr["path"]
    action_phase["mode"] = "group"
    add_twin(
        state,
        role,
        msg("{block} moves {path}.", block=name(tr["block"]), path=path_text(path)),
        msg(
            "{side} moves a block from {from_area} to {to_area}.",
            side=side_name(role),
            from_area=area_name(path[0]),
            to_area=area_name(path[-1]),
        ),
        own_path=at_area(*path),
        path=at_area(path[0], path[-1]),  # the others learn only where it started and stopped
    )


def apply_step(state: dict, role: str, to: str) -> None:
    action_phase = state["action_phase"]
    tr = action_phase["transit"]
    bid = tr["block"]
    frm = tr["path"][-1]
    st = status(state, to, role)
    key = border_key(frm, to)
    cross = state["turn_record"]["crossings"][role]
    cross[key] = cross.get(key, 0) + 1
    if st in ("enemy", "contested"):
        register_entry(state, role, bid, to, key)
    state["blocks"][bid]["at"] = to
    tr["path"].append(to)
    stop = (
        st in ("enemy", "contested")  # R3-5.2d
        or BORDER[(frm, to)] == "red"  # R3-5.2.1c
        or len(tr["path"]) - 1 >= max_areas(state)
        or (action_phase.get("group_move") == "muster" and to == action_phase["target"])
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


def sea_destinations(state: dict, role: str, frm: str, occ: dict[str, set[str]] | None = None) -> list[str]:
    """Coastal areas on a shared sea zone, Friendly or Vacant (R3-5.3a/c/e-i); Piracy may attack. ``occ``:
    the ``occupancy`` of ``state``, when the caller has it already."""
    piracy = state["action_phase"]["event"] == "Piracy"
    out = []
    if frm in NO_SEA_AREAS or not AREAS[frm]["seas"]:
        return out
    occ = occupancy(state) if occ is None else occ
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
    action_phase = state["action_phase"]
    sea = action_phase["sea"]
    bid, frm = sea["block"], sea["from"]
    zone = sea_zone(frm, to)
    attack = status(state, to, role) in ("enemy", "contested")
    if attack:
        register_entry(state, role, bid, to, "sea:" + zone)  # Piracy attack
    state["turn_record"]["moved"].append(bid)
    state["blocks"][bid]["at"] = to
    add_twin(
        state,
        role,
        msg(
            "{block} sails from {from_area} to {to_area} ({sea}).",
            block=name(bid),
            from_area=area_name(frm),
            to_area=area_name(to),
            sea=ref(f"sea:{zone}"),
        ),
        msg(
            "{side} sails a block from {from_area} to {to_area} ({sea}).",
            side=side_name(role),
            from_area=area_name(frm),
            to_area=area_name(to),
            sea=ref(f"sea:{zone}"),
        ),
        path=[area_target(frm), f"sea:{zone}", area_target(to)],
    )
    sea.update(to=to, sailed=sea["sailed"] + 1, attack=attack)
    # R3-5.3.1a, A10: a second block from the same major port to the same major port for the same AP
    if (
        sea["sailed"] >= 2
        or attack
        or not (AREAS[frm]["major"] and AREAS[to]["major"])
        or not second_ships(state, role)
    ):
        action_phase["mode"] = None
        del action_phase["sea"]


def second_ships(state: dict, role: str) -> list[str]:
    sea = state["action_phase"]["sea"]
    return [
        b
        for b in blocks_in(state, sea["from"], role)
        if movable(state, role, b) and can_sea_move(b) and sea["to"] in sea_destinations(state, role, sea["from"])
    ]


# --- events -----------------------------------------------------------------------------------------


def muster_targets(state: dict, role: str) -> list[str]:
    out = []
    action_phase = state["action_phase"]
    for area, facts in AREAS.items():
        if facts["kind"] == "sea" or not may_enter(area, role) or not friendly_or_vacant(state, area, role):
            continue
        action_phase.update(group_move="muster", target=area)
        try:
            if any(
                state["blocks"][b]["at"] != area and can_start_move(state, role, b, state["blocks"][b]["at"])
                for b in BLOCK_IDS
                if owner(state, b) == role and state["blocks"][b]["at"] in AREAS
            ):
                out.append(area)
        finally:
            action_phase["group_move"] = default_group_move(action_phase["event"])
            action_phase.pop("target")
    return out


# --- choices ----------------------------------------------------------------------------------------


def ship_choices(state: dict, role: str) -> list[dict]:
    """A sea move: first the block, then where it sails; then perhaps a second block (R3-5.3, R3-5.3.1a)."""
    sea = state["action_phase"]["sea"]
    if sea["sailed"] == 0 and sea["block"] is None:
        out = [
            {
                "action": {"type": "ship", "block": b},
                "label": msg("Sea move {block} from {area}", block=name(b), area=area_name(sea["from"])),
                "target": block_target(b),
            }
            for b in blocks_in(state, sea["from"], role)
            if can_ship(state, role, b)
        ]
        return [*out, {"action": {"type": "done"}, "label": msg("Cancel this sea move")}]
    if sea["sailed"] == 0:
        return [
            *(
                {
                    "action": {"type": "sail", "to": to},
                    "label": msg(
                        "Sail {block} from {from_area} to {to_area}",
                        block=name(sea["block"]),
                        from_area=area_name(sea["from"]),
                        to_area=area_name(to),
                    ),
                    "target": area_target(to),
                }
                for to in sea_destinations(state, role, sea["from"])
            ),
            {"action": {"type": "back"}, "label": msg("Back: choose another block")},
        ]
    out = [
        {
            "action": {"type": "ship", "block": b},
            "label": msg("Also sail {block} to {area} (port to port)", block=name(b), area=area_name(sea["to"])),
            "target": block_target(b),
        }
        for b in second_ships(state, role)
    ]
    return [*out, {"action": {"type": "done"}, "label": msg("No second block")}]


def main_attack_choices(state: dict, role: str) -> list[dict]:
    """Name the Main Attack of an area attacked across several borders (R3-6.3c)."""
    area = undeclared(state, role)[0]
    rec = state["turn_record"]["attacks"][area]
    return [
        {
            "action": {"type": "main", "area": area, "border": key},
            "label": msg("Main Attack on {area} {border}", area=area_name(area), border=side_of(key, area)),
            "target": border_target(key, area),
        }
        for key in sorted(rec["entries"][role])
    ]


def placement_choices(state: dict, role: str) -> list[dict]:
    """Where the chosen recruit is placed (R3-5.4c-i)."""
    bid = state["action_phase"]["recruit"]
    return [
        *(
            {
                "action": {"type": "place", "area": a},
                "label": msg("Place {block} in {area}", block=name(bid), area=area_name(a)),
                "target": area_target(a),
            }
            for a in recruit_areas(state, role, bid)
        ),
        {"action": {"type": "back"}, "label": msg("Back: recruit nobody now")},
    ]


def event_choices(state: dict, role: str) -> list[dict]:
    """Plague and Muster, once each, on their card (R3-5.1)."""
    action_phase = state["action_phase"]
    event = action_phase["event"]
    if action_phase["event_done"]:
        return []
    if event == "Plague":
        return [
            {
                "action": {"type": "plague", "area": a},
                "label": msg("Plague in {area}", area=area_name(a)),
                "target": area_target(a),
            }
            for a in plague_targets(state, role)
        ]
    if event == "Muster":
        return [
            {
                "action": {"type": "muster", "area": a},
                "label": msg("Muster to {area}", area=area_name(a)),
                "target": area_target(a),
            }
            for a in muster_targets(state, role)
        ]
    return []


def activation_choices(state: dict, role: str, mine: dict[str, list[str]]) -> list[dict]:
    """1 AP activates one area: its blocks move as a group (R3-1.2c, R3-5.2)."""
    return [
        {
            "action": {"type": "activate", "area": area},
            "label": msg("Activate {area} (1 AP)", area=area_name(area)),
            "target": area_target(area),
        }
        for area in AREAS
        if any(can_start_move(state, role, b, area) for b in mine.get(area, ()))
    ]


def sea_move_choices(state: dict, role: str, mine: dict[str, list[str]]) -> list[dict]:
    """1 AP sea moves from one coastal area (R3-5.3a)."""
    out = []
    occ = occupancy(state)
    for area in AREAS:
        # can_ship, with the destinations (the same for every block of the area) looked up once
        ships = any(movable(state, role, b) and can_sea_move(b) for b in mine.get(area, ()))
        if ships and sea_destinations(state, role, area, occ):
            out.append(
                {
                    "action": {"type": "sea", "area": area},
                    "label": msg("Sea move from {area} (1 AP)", area=area_name(area)),
                    "target": area_target(area),
                }
            )
    return out


def recruit_choices(state: dict, role: str) -> list[dict]:
    """1 AP recruits one pool block (R3-1.2d, R3-5.4)."""
    return [
        {
            "action": {"type": "recruit", "block": b},
            "label": msg("Recruit {block} (1 AP)", block=name(b)),
            "target": block_target(b),
        }
        for b in recruitable(state, role)
    ]


def spending_choices(state: dict, role: str) -> list[dict]:
    """What the player may do next: the event, then what his AP buy (R3-1.2b-d, A4), or end."""
    action_phase = state["action_phase"]
    event = action_phase["event"]
    out = event_choices(state, role)
    if action_phase["action_points"] > 0:
        mine = blocks_by_area(state, role)  # one pass over the blocks, not one per area
        if event is None or event in GROUP_EVENTS:
            out += activation_choices(state, role, mine)
        if event is None or event in SEA_EVENTS:
            out += sea_move_choices(state, role, mine)
        if event is None:
            out += recruit_choices(state, role)
    out.append({"action": {"type": "end"}, "label": msg("End your Action Phase")})
    return out


MODE_CHOICES = {
    None: spending_choices,
    "transit": transit_choices,
    "group": group_choices,
    "sea": ship_choices,
    "main": main_attack_choices,
    "recruit": placement_choices,
}


def action_choices(state: dict, role: str) -> list[dict]:
    return MODE_CHOICES[state["action_phase"]["mode"]](state, role)


# --- one handler per action -------------------------------------------------------------------------


def end(state: dict, role: str, action: dict) -> Handover | None:
    """The player ends his Action Phase, once every Main Attack is named (R3-6.3c)."""
    if undeclared(state, role):
        state["action_phase"]["mode"] = "main"
        return None
    add_event(state, msg("{side} ends the Action Phase.", side=side_name(role)))
    return hand_over("action_over", role=role)


def main(state: dict, role: str, action: dict) -> Handover | None:
    """Name the Main Attack; the blocks across the other borders are reserves (R3-6.3c)."""
    rec = state["turn_record"]["attacks"][action["area"]]
    rec.update(main=action["border"], declared=True)
    add_event(
        state,
        msg(
            "{side} names the Main Attack on {area} {border}.",
            side=side_name(role),
            area=area_name(action["area"]),
            border=side_of(action["border"], action["area"]),
        ),
    )
    return end(state, role, action)


def activate(state: dict, role: str, action: dict) -> None:
    action_phase = state["action_phase"]
    action_phase["action_points"] -= 1  # R3-1.2c
    action_phase.update(mode="group", group=action["area"])
    add_event(
        state,
        msg("{side} activates {area}.", side=side_name(role), area=area_name(action["area"])),
        at=at_area(action["area"]),
    )


def muster(state: dict, role: str, action: dict) -> None:
    action_phase = state["action_phase"]
    action_phase["event_done"] = True
    action_phase.update(mode="group", group=None, group_move="muster", target=action["area"])
    add_event(
        state,
        msg("{side} musters to {area}.", side=side_name(role), area=area_name(action["area"])),
        at=at_area(action["area"]),
    )


def move(state: dict, role: str, action: dict) -> None:
    bid = action["block"]
    state["turn_record"]["moved"].append(bid)
    state["action_phase"].update(mode="transit", transit={"block": bid, "path": [state["blocks"][bid]["at"]]})


def step(state: dict, role: str, action: dict) -> None:
    apply_step(state, role, action["to"])


def stop(state: dict, role: str, action: dict) -> None:
    finish_transit(state, role)


def done(state: dict, role: str, action: dict) -> None:
    """The group move (or the sea move) is over."""
    action_phase = state["action_phase"]
    action_phase["mode"] = None
    for k in ("group", "target", "sea"):
        action_phase.pop(k, None)
    action_phase["group_move"] = default_group_move(action_phase["event"])


def sea(state: dict, role: str, action: dict) -> None:
    state["action_phase"].update(mode="sea", sea={"from": action["area"], "block": None, "to": None, "sailed": 0})


def back(state: dict, role: str, action: dict) -> None:
    """Nothing paid yet: choose the sea move's block again, or give up the recruit."""
    action_phase = state["action_phase"]
    if action_phase["mode"] == "recruit":
        action_phase.pop("recruit")
        action_phase["mode"] = None
    else:
        action_phase["sea"]["block"] = None


def ship(state: dict, role: str, action: dict) -> None:
    sea = state["action_phase"]["sea"]
    sea["block"] = action["block"]
    if sea["sailed"] == 1:  # the free second block, port to port (R3-5.3.1a)
        apply_sail(state, role, sea["to"])


def sail(state: dict, role: str, action: dict) -> None:
    state["action_phase"]["action_points"] -= 1  # R3-5.3a: 1 AP per sea move
    apply_sail(state, role, action["to"])


def recruit(state: dict, role: str, action: dict) -> None:
    state["action_phase"].update(mode="recruit", recruit=action["block"])


def place(state: dict, role: str, action: dict) -> None:
    """The recruit is placed at full strength and may not move this turn (R3-5.4b)."""
    action_phase = state["action_phase"]
    bid = action_phase.pop("recruit")
    action_phase["action_points"] -= 1
    action_phase["mode"] = None
    state["blocks"][bid].update(at=action["area"], strength=BLOCKS[bid]["steps"])
    state["turn_record"]["recruited"].append(bid)
    add_twin(
        state,
        role,
        msg("You recruit {block} in {area}.", block=name(bid), area=area_name(action["area"])),
        msg("{side} recruits a block in {area}.", side=side_name(role), area=area_name(action["area"])),
        at=at_area(action["area"]),
    )


def plague(state: dict, role: str, action: dict) -> None:
    """Every enemy block in the city loses a step (the Plague event)."""
    state["action_phase"]["event_done"] = True
    area = action["area"]
    victims = blocks_in(state, area, other(role))
    add_event(
        state,
        plural(
            "Plague strikes {area}: {n} enemy block loses a step.",
            "Plague strikes {area}: {n} enemy blocks lose a step.",
            len(victims),
            area=area_name(area),
        ),
        at=at_area(area),
    )
    for b in victims:
        state["blocks"][b]["strength"] -= 1
        if state["blocks"][b]["strength"] <= 0:
            add_event(state, msg("{block} dies of the plague.", block=name(b)), only_for=[other(role)])
            eliminate(state, b)


def action_active(state: dict) -> list[str]:
    return [state["action_phase"]["role"]]


PHASE = Phase(
    "action",
    action_choices,
    {
        "end": end,
        "main": main,
        "activate": activate,
        "muster": muster,
        "move": move,
        "step": step,
        "stop": stop,
        "done": done,
        "sea": sea,
        "back": back,
        "ship": ship,
        "sail": sail,
        "recruit": recruit,
        "place": place,
        "plague": plague,
    },
    prompt=prompt(action_prompt, action_waiting, action_active),
    active=action_active,
)
