"""The states a side could be in, given only its view: the computer player searches these (issue 32).

What the side sees is kept exactly: its own blocks and hand, every count on the table, the faces that a
rule revealed and the view still shows (the dead, the Mori area, blocks deployed in the battle being
fought), and what the log made public (``view["moves_made"]``, the battle's record). What it cannot see
is drawn by the seed from what is left: the opponent's blocks from his faces not seen elsewhere (SK-3.1b/c),
his hand, bid and both decks from the cards not seen (SK-3.3b, SK-3.3e), and a fresh RNG. Block and card
ids mean nothing (set-up draws them at random), so unseen ones are dealt anew.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.engines.base import Rng, State, json_copy

from .common import INITIALS, SIDES, blocks_at, has_leadership, muster_locations, other
from .data.blocks import FACES
from .data.locations import LOCATIONS
from .data.setup import FIXED
from .movement import place_leadership
from .setup import bag_faces_of, deck_kinds, fixed_faces

ALL_FACES = {role: fixed_faces(role) + bag_faces_of(role) for role in SIDES}
BLOCK_IDS = {role: [f"{INITIALS[role]}{i:02d}" for i in range(len(ALL_FACES[role]))] for role in SIDES}
DECK_KINDS = {role: deck_kinds(role) for role in SIDES}
SET_UP_ENDS = "SK-6.2a"  # the rule of the first event after the set-up (``setup.initial_state``)
CARD_IDS = {role: [f"{role[0]}{i:02d}" for i in range(len(DECK_KINDS[role]))] for role in SIDES}


def sample_state(view: dict[str, Any], role: str, seed: int) -> State:
    """A full state behind ``role``'s ``view``; the hidden parts drawn by ``seed``."""
    rng = Rng.from_seed(seed)
    state = _table(view)
    _own_blocks(state, view, role, rng)
    deployed = _foe_blocks(state, view, other(role), rng)
    played = _cards(state, view, role, rng)
    marked = _movement(state, view, role, rng)
    _sieges(state, view, role, rng, marked | set(deployed.values()))
    if view["battle"]:
        _battle(state, view, role, rng, deployed, played)
    _muster(state, view, role, rng)
    state["rng"] = rng.state
    return state


def _table(view: dict[str, Any]) -> State:
    """What both sides see alike."""
    state: State = {
        "log": list(view["log"]),
        "options": dict(view["options"]),
        "week": view["week"],
        "turn": view["turn"],
        "first": view["first"],
        "half": view["half"],
        "phase": view["phase"],
        "active": list(view["active_roles"]),
        "faces": {},
        "where": {},
        "cards": {},
        "decks": {},
        "hands": {},
        "discards": {},
        "discs": {disc: info["alive"] for disc, info in view["discs"].items()},
        "castles": dict(view["castles"]),
        "resources": dict(view["resources"]),
        "sieges": {},
        "discards_owed": dict(view["discards_owed"]),
        "turn_order_bids": {},
        # only read while its winner chooses the first player
        "turn_order_winner": view["active_roles"][0] if view["phase"] == "first" else None,
        "movement": None,
        "group": None,
        "muster": None,
        "resolved": list(view["resolved"]),
        "battle": None,
        "result": json_copy(view["result"]),
    }
    if view["siege_choice"]:
        state["siege_choice"] = dict(view["siege_choice"])
    return state


def _put(state: State, block: str, face: str, where: str) -> None:
    state["faces"][block] = face
    state["where"][block] = where


def _own_blocks(state: State, view: dict[str, Any], role: str, rng: Rng) -> None:
    """His own blocks where he sees them; the rest of his faces in his bag (their ids were never shown)."""
    for loc, entry in view["stacks"].items():
        for block in entry.get(role, {}).get("blocks", []):
            _put(state, block["id"], block["face"], loc)
    for block in view["areas"][role]["reinforcement_blocks"]:
        _put(state, block["id"], block["face"], "reinf")
    for where, key in (("mori", "mori_area"), ("dead", "dead")):
        for block in view[key]:
            if "id" in block:
                _put(state, block["id"], block["face"], where)
    left = Counter(ALL_FACES[role])
    left.subtract(state["faces"].values())
    bag = sorted(left.elements())
    rng.shuffle(bag)
    ids = [b for b in BLOCK_IDS[role] if b not in state["faces"]]
    for block, face in zip(ids, bag, strict=True):
        _put(state, block, face, "bag")


def _foe_blocks(state: State, view: dict[str, Any], foe: str, rng: Rng) -> dict[int, str]:
    """The opponent's blocks: the revealed faces where the view shows them, the others dealt at random to
    his counts on the map, in his Reinforcement area and in his bag. Returns deployment index -> block."""
    battle = view["battle"]
    deployed = [(i, d) for i, d in enumerate(battle["deployed"]) if d["owner"] == foe] if battle else []
    known = {d["defector"]: d["face"] for _, d in deployed if "defector" in d}  # fighting for the viewer
    free = [b for b in BLOCK_IDS[foe] if b not in known]
    rng.shuffle(free)
    # the dead and the Mori area are listed by id: any ids will do, kept in the listed order
    for where, faces in (
        ("dead", [d["face"] for d in view["dead"] if d["side"] == foe]),
        ("mori", [m["face"] for m in view["mori_area"]] if foe == "ishida" else []),
    ):
        taken, free = sorted(free[: len(faces)]), free[len(faces) :]
        for block, face in zip(taken, faces, strict=True):
            _put(state, block, face, where)
    dead = [b for b in BLOCK_IDS[foe] if state["where"].get(b) == "dead"]
    at_battle: dict[int, str] = {}
    for i, d in deployed:
        if "defector" in d:
            block = d["defector"]
            _put(state, block, d["face"], battle["location"])
        elif d["alive"]:
            block = free.pop()
            _put(state, block, d["face"], battle["location"])
        else:  # lost in this battle: one of the dead of that face
            block = next(b for b in dead if state["faces"][b] == d["face"] and b not in at_battle.values())
        at_battle[i] = block
    left = Counter(ALL_FACES[foe])
    left.subtract(state["faces"][b] for b in BLOCK_IDS[foe] if b in state["faces"])
    slots = []
    for loc, entry in sorted(view["stacks"].items()):
        shown = sum(1 for _, d in deployed if d["alive"] and battle["location"] == loc)
        slots += [loc] * (entry.get(foe, {}).get("count", 0) - shown)
    slots += ["reinf"] * view["areas"][foe]["reinforcements"] + ["bag"] * view["areas"][foe]["bag"]
    for loc, face in _still_set_up(view, foe):  # known to stand where the printed set-up put them
        if left[face] > 0 and loc in slots:
            slots.remove(loc)
            left[face] -= 1
            _put(state, free.pop(), face, loc)
    pool = sorted(left.elements())
    rng.shuffle(pool)
    for block, face, where in zip(free, pool, slots, strict=True):
        _put(state, block, face, where)
    return at_battle


def _still_set_up(view: dict[str, Any], foe: str) -> list[tuple[str, str]]:
    """The opponent's blocks of the printed set-up (SK-5.2.1a) in locations that no event since the set-up
    touched (no move from or into them, no battle, no Muster): they must still be there."""
    touched: set[str] = set()
    started = False
    for event in view["log"]:
        if started:
            touched.update(target.partition(":")[2] for target in event.get("at", []) + event.get("path", []))
        started = started or event.get("rule") == SET_UP_ENDS
    return [
        (loc, face)
        for loc, faces in sorted(FIXED.items())
        if loc in LOCATIONS and loc not in touched
        for face in faces
        if FACES[face].side == foe
    ]


def _cards(state: State, view: dict[str, Any], role: str, rng: Rng) -> dict[str, list[str]]:
    """Each deck: the viewer's hand (and bid) as he holds them; the cards played in the battle and the top
    discard as shown; the others dealt at random to the opponent's hand and bid, the decks and the
    discards beneath the top one. Returns the ids of the cards played in the battle, per side."""
    played: dict[str, list[str]] = {}
    for side in SIDES:
        area = view["areas"][side]
        held = [(c["id"], c["kind"]) for c in area.get("hand_cards", [])]
        bid = view["turn_order_bids"].get(side)
        if isinstance(bid, dict):  # the viewer's own bid, face up to him
            held.append((bid["id"], bid["kind"]))
            state["turn_order_bids"][side] = bid["id"]
        for cid, kind in held:
            state["cards"][cid] = kind
        state["hands"][side] = [c["id"] for c in area.get("hand_cards", [])]
        shown = [c["kind"] for c in view["battle"]["cards_played"][side]] if view["battle"] else []
        top = [area["top_discard"]["kind"]] if area["top_discard"] else []
        unseen = Counter(DECK_KINDS[side])
        unseen.subtract(kind for _, kind in held)
        unseen.subtract(shown + top)
        kinds = sorted(unseen.elements())
        rng.shuffle(kinds)
        ids = [c for c in CARD_IDS[side] if c not in state["cards"]]
        rng.shuffle(ids)
        dealt = dict(zip(ids, shown + top + kinds, strict=True))
        state["cards"].update(dealt)
        order = list(dealt)
        played[side], order = order[: len(shown)], order[len(shown) :]
        top_id, order = order[: len(top)], order[len(top) :]
        if side != role:
            hand, order = order[: area["hand"]], order[area["hand"] :]
            state["hands"][side] = sorted(hand)
            if bid == "face down":
                state["turn_order_bids"][side], order = order[0], order[1:]
        state["decks"][side], order = order[: area["deck"]], order[area["deck"] :]
        state["discards"][side] = order + top_id
        assert len(state["discards"][side]) == area["discards"], "the view's card counts do not add up"
    return played


def _movement(state: State, view: dict[str, Any], role: str, rng: Rng) -> set[str]:
    """The Movement Phase so far: the mover's own record, or the public marks dealt to the opponent's
    blocks where they stand. Returns the blocks given a mark."""
    made = view["moves_made"]
    if made is None:
        return set()
    movement = {key: json_copy(value) for key, value in made.items() if key not in ("marks", "group")}
    group = json_copy(made["group"])
    marked: set[str] = set()
    if made["player"] == role:
        state["movement"], state["group"] = movement, group
        return marked
    movement.update(moved=[], mustered=[], entered_from={})
    slots: dict[str, list[str]] = {}
    for loc, marks in sorted(made["marks"].items()):
        here = blocks_at(state, loc, made["player"])
        rng.shuffle(here)
        for block, (came_from, moved, mustered, slot) in zip(here[: len(marks)], marks, strict=True):
            marked.add(block)
            if came_from:
                movement["entered_from"][block] = came_from
            if moved:
                movement["moved"].append(block)
            if mustered:
                movement["mustered"].append(block)
            if slot:
                slots.setdefault(slot, []).append(block)
    state["movement"] = movement
    if group is not None:
        group["picked"] = []  # his picks are not announced
        if "size" in group:
            group["blocks"] = sorted(slots.get("group", []))
            for i, branch in enumerate(group["branches"]):
                branch["blocks"] = sorted(slots.get(f"branch{i}", []))
                del branch["size"]
            del group["size"]
        # whether a leader gives the stack Leadership is his secret until declared (AMB-09): ask the sample
        leader = group["declared"] or has_leadership(state, made["player"], group["from"])
        place = place_leadership(state, made["player"], group["from"])
        group.update(leadership=leader, by_leader=leader and not place)
    state["group"] = group
    return marked


def _sieges(state: State, view: dict[str, Any], role: str, rng: Rng, busy: set[str]) -> None:
    """His own besieged blocks as he knows them; the opponent's chosen among his blocks there, those that
    neither moved this phase nor deploy first."""
    foe = other(role)
    for loc, siege in sorted(view["sieges"].items()):
        if "inside" in siege:
            inside = list(siege["inside"])
        else:
            here = blocks_at(state, loc, foe)
            rng.shuffle(here)
            here.sort(key=lambda b: b in busy)
            inside = sorted(here[: siege["blocks"]])
        state["sieges"][loc] = {"side": siege["side"], "blocks": inside}


def _battle(
    state: State, view: dict[str, Any], role: str, rng: Rng, deployed: dict[int, str], played: dict[str, list[str]]
) -> None:
    """The battle being fought: deployments as shown, the opponent's reserve chosen among his blocks there."""
    shown = view["battle"]
    loc, foe = shown["location"], other(role)
    blocks = [d.get("id") or deployed[i] for i, d in enumerate(shown["deployed"])]
    fighting = {b: d["side"] for b, d in zip(blocks, shown["deployed"], strict=True)}
    fighting.update({b["id"]: role for b in shown["undeployed"][role].get("blocks", [])})
    inside = state["sieges"].get(loc, {}).get("blocks", [])
    reserve = [b for b in blocks_at(state, loc, foe) if b not in fighting and b not in inside]
    rng.shuffle(reserve)
    fighting.update({b: foe for b in reserve[: shown["undeployed"][foe]["count"]]})
    last = shown["last_deployment"]
    card = None
    if last and last["card"]:  # the card of the last deployment: one of that kind among those played
        card = next(c for c in reversed(played[last["side"]]) if state["cards"][c] == last["card"])
    uses_card = set(last["indexes"]) if last else set()
    state["battle"] = {
        "location": loc,
        "kind": shown["kind"],
        "attacker": shown["attacker"],
        "defender": shown["defender"],
        "impact": dict(shown["impact"]),
        "fighting_for": dict(sorted(fighting.items())),
        "deployed": [
            {"block": b, "side": d["side"], "card": card if i in uses_card else None, "impact": d["impact"]}
            for i, (b, d) in enumerate(zip(blocks, shown["deployed"], strict=True))
        ],
        "cards_played": played,
        "passed": dict(shown["passed"]),
        "card_played": dict(shown["card_played"]),
        "last_deployment": {"side": last["side"], "card": card, "indexes": list(last["indexes"])} if last else None,
        "entered_from": list(shown["entered_from"]),
        "castle_control": shown["castle_control"],
        "losses_owed": dict(shown["losses_owed"]),
        "lost": dict(shown["lost"]),
        "losing": shown["losing"],
        "winner": shown["winner"],
        "shelter": list(shown.get("shelter", [])),  # the opponent's choices so far are his secret
        "initiative_tie": state["options"].get("initiative_tie", "attacker"),
    }


def _muster(state: State, view: dict[str, Any], role: str, rng: Rng) -> None:
    """A Muster being chosen: his own as he sees it; the opponent's place is his secret until he places."""
    if state["phase"] != "muster":
        return
    if view["muster"]:
        state["muster"] = {"location": view["muster"]["at"], "picked": list(view["muster"]["picked"])}
    else:
        mover = state["movement"]["player"]
        state["muster"] = {"location": rng.choice(muster_locations(state, mover)), "picked": []}
