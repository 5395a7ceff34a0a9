"""SK-7.1, SK-7.3: movement levels, activating stacks, groups, steps, forced march, exchange."""

from __future__ import annotations

from games.engines.base import Action, Choice, State, add_event, msg, plural
from games.engines.base.phases import Phase, mark_hand_over

from .common import (
    INITIALS,
    NAMES,
    asked,
    block_label,
    block_target,
    blocks_at,
    card_label,
    card_target,
    check_instant,
    choice,
    discard,
    draw_cards,
    enter_location,
    face_name,
    has_leadership,
    loc_name,
    loc_target,
    muster_locations,
    other,
    unique_by_face,
    unique_by_kind,
)
from .data.locations import CAPITALS, CASTLES
from .data.roads import ADJACENT, road_key
from .overrun import arrival_overrun
from .special import mori_choices, mori_entry

# SK-7.1c-g: level -> (cards to discard, stack moves allowed (-1 = every stack), Muster costs a move)
LEVELS: dict[str, tuple[int, int, bool]] = {
    "none": (0, 0, False),
    "minimal": (0, 1, True),
    "limited": (1, 3, True),
    "full": (2, -1, False),
}
LEVEL_NAMES = {
    "none": "No Movement",
    "minimal": "Minimal Movement",
    "limited": "Limited Movement",
    "full": "Full Movement",
}


def enter_movement(state: State, role: str) -> None:
    state["movement"] = {
        "player": role,
        "level": None,
        "cards_to_pay": 0,
        "moves_left": 0,
        "musters_left": 0,
        "muster_costs_move": False,
        "activated": [],
        "moved": [],
        "mustered": [],
        "roads_used": [],
        "entered_from": {},
        "exchanged": 0,
    }
    state["group"] = None
    state["phase"] = "level"
    state["active"] = [role]


def size_penalty(n: int) -> int:
    """SK-7.3.5a: -1 at the 5th, 9th, 13th and 17th block of the moving group."""
    return min(4, (n - 1) // 4) if n > 0 else 0


def allowance(n: int, highway: bool, leadership: bool, forced: bool) -> int:
    """SK-7.3.6a: 1 + highway + Leadership + forced march - stack-size penalty."""
    return 1 + int(highway) + int(leadership) + int(forced) - size_penalty(n)


def eligible(state: State, loc: str) -> list[str]:
    """SK-7.2.1a, SK-7.3.1e, SK-8.9.6a: blocks at loc that may still move this phase."""
    movement = state["movement"]
    inside = state["sieges"].get(loc, {}).get("blocks", [])
    return [
        b
        for b in blocks_at(state, loc, movement["player"])
        if b not in movement["moved"] and b not in movement["mustered"] and b not in inside
    ]


def level_choices(state: State, role: str) -> list[Choice]:
    hand = state["hands"][role]
    return [
        choice(
            plural("Choose {level} ({n} card)", "Choose {level} ({n} cards)", cost, level=msg(LEVEL_NAMES[level])),
            type="level",
            level=level,
        )
        for level, (cost, _, _) in LEVELS.items()
        if len(hand) >= cost
    ]


def pay_choices(state: State, role: str) -> list[Choice]:
    return [
        choice(msg("Discard {card} to pay for movement", card=card_label(state, c)), card_target(c), type="pay", card=c)
        for c in unique_by_kind(state, state["hands"][role])
    ]


def move_choices(state: State, role: str) -> list[Choice]:
    movement = state["movement"]
    out = []
    initial = INITIALS[role]
    if movement["moves_left"] != 0:
        for loc in sorted({w for b, w in state["where"].items() if b[0] == initial}):
            if loc in ("bag", "reinf", "mori", "dead") or loc in movement["activated"]:
                continue
            if eligible(state, loc) and any(road_key(loc, n) not in movement["roads_used"] for n, _ in ADJACENT[loc]):
                out.append(
                    choice(msg("Move blocks from {loc}", loc=loc_name(loc)), loc_target(loc), type="activate", loc=loc)
                )
    if (
        movement["musters_left"]
        and (not movement["muster_costs_move"] or movement["moves_left"] > 0)
        and [b for b, w in state["where"].items() if w == "reinf" and b[0] == initial]
    ):
        for loc in muster_locations(state, role):
            out.append(choice(msg("Muster at {loc}", loc=loc_name(loc)), loc_target(loc), type="muster", loc=loc))
    out.extend(mori_choices(state, role))
    if movement["level"] == "none":
        for c in unique_by_kind(state, state["hands"][role]):
            out.append(
                choice(
                    msg("Exchange {card} (discard now, redraw at the end)", card=card_label(state, c)),
                    card_target(c),
                    type="exchange",
                    card=c,
                )
            )
    out.append(choice("End the Movement Phase", type="end_movement"))
    return out


def pick_choices(state: State, role: str) -> list[Choice]:
    group = state["group"]
    rest = [b for b in eligible(state, group["from"]) if b not in group["picked"]]
    out = [
        choice(
            msg("Add {block} to the moving group", block=block_label(state, b)), block_target(b), type="add", block=b
        )
        for b in unique_by_face(state, rest)
    ]
    here = loc_target(group["from"])  # clicking the stack again: take all of it, or set off
    if len(rest) > 1:
        out.append(choice(msg("Add all {n} remaining blocks to the moving group", n=len(rest)), here, type="add_all"))
    if group["picked"]:
        roads = state["movement"]["roads_used"]
        highway = any(hw and road_key(group["from"], n) not in roads for n, hw in ADJACENT[group["from"]])
        n, hand = len(group["picked"]), bool(state["hands"][role])
        # SK-7.3.4b, AMB-09: Leadership from a leader alone costs an announcement; the player may forgo it
        ask = group["by_leader"] and not group["declared"]
        if allowance(n, highway, group["leadership"], hand) > 0:
            if ask:
                label = plural(
                    "Set off with {n} block declaring a leader (+1 Leadership)",
                    "Set off with {n} blocks declaring a leader (+1 Leadership)",
                    n,
                )
            else:
                label = plural("Set off with {n} block", "Set off with {n} blocks", n)
            out.append(choice(label, here, type="go"))
        if ask and allowance(n, highway, False, hand) > 0:
            out.append(
                choice(
                    plural(
                        "Set off with {n} block without declaring a leader",
                        "Set off with {n} blocks without declaring a leader",
                        n,
                    ),
                    here,
                    type="go",
                    leader=False,
                )
            )
    out.append(choice(msg("Finish the move from {loc}", loc=loc_name(group["from"])), type="end_move"))
    return out


def remaining(group: dict) -> int:
    """Steps left, counting the highway bonus only while every step so far was on a highway."""
    return group["allowance"] + int(group["forced_march"]) + int(group["highway_bonus"]) - group["steps"]


def march_choices(state: State, role: str) -> list[Choice]:
    group = state["group"]
    movement = state["movement"]
    out = []
    for nxt, highway in ADJACENT[group["at"]]:
        if road_key(group["at"], nxt) in movement["roads_used"]:
            continue  # SK-7.3.1g, AMB-24
        limit = group["allowance"] + int(group["forced_march"]) + int(group["highway_bonus"] and highway)
        if group["steps"] + 1 <= limit:
            text = "March to {loc} by highway" if highway else "March to {loc} by road"
            out.append(choice(msg(text, loc=loc_name(nxt)), loc_target(nxt), type="step", to=nxt))
    if can_force(state, role):
        for c in unique_by_kind(state, state["hands"][role]):
            out.append(
                choice(
                    msg("Forced march: discard {card} for +1", card=card_label(state, c)),
                    card_target(c),
                    type="forced_march",
                    card=c,
                )
            )
    if not group["forced_march"] and group["steps"] > 0 and len(group["blocks"]) > 1 and remaining(group) > 0:
        for b in unique_by_face(state, group["blocks"]):
            what = block_label(state, b)
            dropped = msg("Drop off {block} at {loc}", block=what, loc=loc_name(group["at"]))
            out.append(choice(dropped, block_target(b), type="drop", block=b))
            split = msg("Split off {block} to move on later from here", block=what)
            out.append(choice(split, block_target(b), type="split", block=b))
    out.append(choice(msg("Stop the group at {loc}", loc=loc_name(group["at"])), loc_target(group["at"]), type="halt"))
    return out


# --- the handlers, one per action type -------------------------------------------------------


def choose_level(state: State, role: str, action: Action) -> None:
    """SK-7.1c-g: the level fixes the cards to pay, the stack moves and whether a Muster costs one."""
    level = action["level"]
    cost, moves, costs_move = LEVELS[level]
    state["movement"].update(
        level=level,
        cards_to_pay=cost,
        moves_left=moves,
        musters_left=0 if level == "none" else 1,
        muster_costs_move=costs_move,
    )
    add_event(state, msg("{side} chooses {level}.", side=NAMES[role], level=msg(LEVEL_NAMES[level])))
    state["phase"] = "pay" if cost else "move"


def pay(state: State, role: str, action: Action) -> None:
    movement = state["movement"]
    discard(state, role, action["card"], "movement level")
    movement["cards_to_pay"] -= 1
    if movement["cards_to_pay"] == 0:
        state["phase"] = "move"


def exchange(state: State, role: str, action: Action) -> None:
    """SK-7.1d: with No Movement, cards discarded now are redrawn at the end of the phase."""
    discard(state, role, action["card"], "exchange")
    state["movement"]["exchanged"] += 1


def end_movement(state: State, role: str, action: Action) -> None:
    if state["movement"]["exchanged"]:
        draw_cards(state, role, state["movement"]["exchanged"])
    mark_hand_over(state, "combat", role=role)


def muster(state: State, role: str, action: Action) -> None:
    mark_hand_over(state, "muster", role=role, loc=action["loc"])


def mori(state: State, role: str, action: Action) -> None:
    mori_entry(state, role, action["card"])


def activate(state: State, role: str, action: Action) -> None:
    movement = state["movement"]
    loc = action["loc"]
    movement["activated"].append(loc)
    cost = 1 if movement["moves_left"] > 0 else 0
    movement["moves_left"] -= cost
    lead = has_leadership(state, role, loc)
    by_leader = lead and not place_leadership(state, role, loc)
    state["group"] = {
        "from": loc,
        "leadership": lead,
        "by_leader": by_leader,
        "declared": False,
        "move_cost": cost,
        "has_moved": False,
        "picked": [],
    }
    state["phase"] = "pick"
    activated = msg("{side} activates the stack in {loc}.", side=NAMES[role], loc=loc_name(loc))
    add_event(state, activated, at=[f"location:{loc}"])


def add(state: State, role: str, action: Action) -> None:
    state["group"]["picked"].append(action["block"])


def add_all(state: State, role: str, action: Action) -> None:
    group = state["group"]
    group["picked"].extend(b for b in eligible(state, group["from"]) if b not in group["picked"])


def go(state: State, role: str, action: Action) -> None:
    _set_off(state, role, action.get("leader", True))


def end_move(state: State, role: str, action: Action) -> None:
    group = state["group"]
    if not group["has_moved"]:  # SK-7.1a: an activation that moved nothing is not one of the allowed moves
        state["movement"]["moves_left"] += group["move_cost"]
        state["movement"]["activated"].remove(group["from"])
    state["group"] = None
    state["phase"] = "move"


def step(state: State, role: str, action: Action) -> None:
    _step(state, role, action["to"])


def forced_march(state: State, role: str, action: Action) -> None:
    """SK-7.3.3d-f."""
    discard(state, role, action["card"], "forced march")
    state["group"]["forced_march"] = True


def drop(state: State, role: str, action: Action) -> None:
    """SK-7.3.1c: a block stays behind where the group is."""
    group = state["group"]
    group["blocks"].remove(action["block"])
    group["dropped"] = True
    state["movement"]["moved"].append(action["block"])
    here = [f"location:{group['at']}"]
    left = msg("{side} leaves 1 block at {loc}.", side=NAMES[role], loc=loc_name(group["at"]))
    add_event(state, left, at=here, not_for=[role])
    add_event(state, msg("You drop off {face}.", face=face_name(state, action["block"])), only_for=[role], at=here)


def split(state: State, role: str, action: Action) -> None:
    """SK-7.3.1c, AMB-24: a branch that moves on later along other roads."""
    group = state["group"]
    group["blocks"].remove(action["block"])
    group["dropped"] = True
    here = [br for br in group["branches"] if br["at"] == group["at"] and br["steps"] == group["steps"]]
    if here:
        here[0]["blocks"].append(action["block"])
    else:
        group["branches"].append(
            {
                "blocks": [action["block"]],
                "at": group["at"],
                "steps": group["steps"],
                "highway_bonus": group["highway_bonus"],
            }
        )
    add_event(state, msg("You split off {face}.", face=face_name(state, action["block"])), only_for=[role])


def halt(state: State, role: str, action: Action) -> None:
    _halt(state)


def place_leadership(state: State, role: str, loc: str) -> bool:
    """SK-7.3.4c/d: an own-colour castle the player controls, or his own capital."""
    return (CASTLES.get(loc) == role and state["castles"].get(loc) == role) or CAPITALS.get(loc) == role


def _set_off(state: State, role: str, use_leader: bool) -> None:
    """AMB-04: the allowance is fixed by the group that leaves together (size, Leadership)."""
    group = state["group"]
    n = len(group["picked"])
    lead = group["leadership"] and (use_leader or not group["by_leader"])
    base = allowance(n, False, lead, False)
    group.update(
        blocks=list(group["picked"]),
        picked=[],
        at=group["from"],
        allowance=base,
        steps=0,
        highway_bonus=True,
        forced_march=False,
        dropped=False,
        branches=[],
    )
    state["phase"] = "march"
    loc = group["from"]
    if lead and group["by_leader"] and not group["declared"]:  # SK-7.3.4b, AMB-09: announce, do not reveal
        group["declared"] = True
        declared = msg("{side} declares a leader in {loc} (Leadership).", side=NAMES[role], loc=loc_name(loc))
        add_event(state, declared, reveal=True)
    names = [face_name(state, b) for b in group["blocks"]]
    off = plural(
        "{side} sets off from {loc} with {n} block.",
        "{side} sets off from {loc} with {n} blocks.",
        n,
        side=NAMES[role],
        loc=loc_name(loc),
    )
    add_event(state, off, at=[f"location:{loc}"])
    add_event(state, msg("Moving group: {blocks}.", blocks=names), only_for=[role])


def _step(state: State, role: str, to: str) -> None:
    group = state["group"]
    movement = state["movement"]
    here = group["at"]
    highway = dict(ADJACENT[here])[to]
    movement["roads_used"].append(road_key(here, to))
    group["steps"] += 1
    group["has_moved"] = True
    group["highway_bonus"] = group["highway_bonus"] and highway  # SK-7.3.3b: the bonus needs every step on highways
    for b in group["blocks"]:
        state["where"][b] = to
        movement["entered_from"][b] = here
    group["at"] = to
    add_event(
        state,
        plural(
            "{side} moves {n} block from {start} to {end}.",
            "{side} moves {n} blocks from {start} to {end}.",
            len(group["blocks"]),
            side=NAMES[role],
            start=loc_name(here),
            end=loc_name(to),
        ),
        path=[f"location:{here}", f"location:{to}"],
    )
    enter_location(state, role, to)
    if blocks_at(state, to, other(role)):
        lost = arrival_overrun(state, to, role)
        if lost != other(role):
            _halt(state)  # SK-7.3.2a: stop on entering enemy blocks (or the group was overrun)
            check_instant(state)
            return
        if check_instant(state):  # SK-7.4.2c: after an overrun the group may go on
            return
    if remaining(group) <= 0 and not can_force(state, role):
        _halt(state)


def can_force(state: State, role: str) -> bool:
    """SK-7.3.3d-f, AMB-25: a forced march may still be bought (once, before any drop-off) to go on."""
    group = state["group"]
    roads = state["movement"]["roads_used"]
    open_road = any(road_key(group["at"], n) not in roads for n, _ in ADJACENT[group["at"]])
    return not group["forced_march"] and not group["dropped"] and bool(state["hands"][role]) and open_road


def _halt(state: State) -> None:
    group = state["group"]
    if group["steps"] > 0:
        state["movement"]["moved"].extend(group["blocks"])
    if group["branches"] and state["phase"] != "over":
        branch = group["branches"].pop(0)  # the next branch goes on with the allowance it left with
        group.update(
            blocks=branch["blocks"], at=branch["at"], steps=branch["steps"], highway_bonus=branch["highway_bonus"]
        )
        who, n, here = NAMES[state["movement"]["player"]], len(group["blocks"]), loc_name(group["at"])
        add_event(
            state,
            plural(
                "{side} moves on with {n} block from {loc}.",
                "{side} moves on with {n} blocks from {loc}.",
                n,
                side=who,
                loc=here,
            ),
        )
        state["phase"] = "march"
        return
    keep = ("from", "leadership", "by_leader", "declared", "move_cost", "has_moved")
    state["group"] = {**{k: group[k] for k in keep}, "picked": []}
    if eligible(state, group["from"]) and state["phase"] != "over":
        state["phase"] = "pick"
    else:
        state["group"] = None
        if state["phase"] != "over":
            state["phase"] = "move"


LEVEL = Phase("level", level_choices, {"level": choose_level}, prompt=asked("choose a movement level"))
PAY = Phase("pay", pay_choices, {"pay": pay}, prompt=asked("discard cards to pay for the movement level"))
MOVE = Phase(
    "move",
    move_choices,
    {"activate": activate, "muster": muster, "mori": mori, "exchange": exchange, "end_movement": end_movement},
    prompt=asked("move stacks, muster, or end the Movement Phase"),
)
PICK = Phase(
    "pick",
    pick_choices,
    {"add": add, "add_all": add_all, "go": go, "end_move": end_move},
    prompt=asked("choose blocks for the moving group"),
)
MARCH = Phase(
    "march",
    march_choices,
    {"step": step, "forced_march": forced_march, "drop": drop, "split": split, "halt": halt},
    prompt=asked("march the moving group"),
)
