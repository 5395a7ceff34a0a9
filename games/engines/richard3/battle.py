"""The Battle Phase: order of battles, rounds, fire, hits, charge, treachery, retreat, regroup (R3-6)."""

from __future__ import annotations

from games.engines.base import IllegalAction, add_event

from .board import (
    ADJ,
    BORDER,
    COMMON_SHIELDS,
    LIMITS,
    PERSONAL_SHIELDS,
    ROLES,
    add_twin,
    area_target,
    at_area,
    block_target,
    blocks_in,
    border_key,
    check_sudden_death,
    eliminate,
    friendly_or_vacant,
    heirs_of,
    is_heir,
    lose_steps,
    may_enter,
    name,
    other,
    owner,
    roll,
)
from .data.areas import AREAS
from .data.blocks import BLOCKS
from .movement import reserve_blocks

LETTERS = "ABCD"


# --- who fights ------------------------------------------------------------------------------------


def contested_areas(state: dict) -> list[str]:
    out = []
    for area in AREAS:
        sides = {owner(state, b) for b in blocks_in(state, area)}
        if len(sides) == 2:
            out.append(area)
    return out


def in_battle(state: dict, side: str) -> list[str]:
    return blocks_in(state, state["battle"]["area"], side)


def engaged(state: dict, side: str) -> list[str]:
    """Blocks of a side in the battle that are not in reserve (R3-6.3d)."""
    bt = state["battle"]
    return [b for b in in_battle(state, side) if b not in bt["reserves"]]


def initiative(state: dict, bid: str) -> str:
    """Bombards are A in round 1 and D afterwards (R3-6.2d)."""
    if BLOCKS[bid]["kind"] == "bombard":
        return "A" if state["battle"]["round"] == 1 else "D"
    return BLOCKS[bid]["init"]


def usable_shields(state: dict, heir: str) -> list[str]:
    """Royal shields an heir may defend (R3-2.2e-g, A17)."""
    side = BLOCKS[heir]["side"]
    out = list(COMMON_SHIELDS[side])
    if side == "lancaster":
        for area, holder in PERSONAL_SHIELDS.items():
            if holder == heir or state["blocks"][holder]["at"] == "dead":
                out.append(area)
    return out


def defence_bonus(state: dict, bid: str) -> int:
    """+1 for shield, crown, cathedral, city or Wales, only when defending (R3-6.4e, R3-2.2-2.6)."""
    bt = state["battle"]
    if owner(state, bid) != bt["def"]:
        return 0
    area = bt["area"]
    facts = AREAS[area]
    info = BLOCKS[bid]
    kind = info["kind"]
    if kind in ("lord", "church", "levy"):
        return 1 if area in info["seats"] else 0
    if kind == "mercenary":
        return 1 if bid == "L_Welsh" and facts["wales"] else 0  # A18
    if kind != "heir":
        return 0
    side = info["side"]
    heirs = [h for h in heirs_of(side) if h in engaged(state, bt["def"])]
    bonus = 0
    shielded = [h for h in heirs if area in usable_shields(state, h)]
    if shielded and shielded[0] == bid:  # only the most senior heir on a shared shield (R3-2.2d)
        bonus += 1
    if facts["crown"] and side == state["king"] and heirs and heirs[0] == bid:  # R3-2.3a/b
        bonus += 1
    return bonus


def firepower(state: dict, bid: str) -> int:
    return BLOCKS[bid]["fp"] + defence_bonus(state, bid)


def rating(state: dict, bid: str) -> str:
    return f"{initiative(state, bid)}{firepower(state, bid)}"


# --- starting and ending battles --------------------------------------------------------------------


def start_battle_phase(state: dict) -> None:
    state["phase"] = "battle"
    state["battle"] = None
    add_event(state, "Battle Phase.")


def start_battle(state: dict, area: str) -> None:
    # Every contested area comes from a recorded entry; the fallback only guards odd states.
    rec = state["t"]["attacks"].get(area) or {"attacker": state["p1"], "main": None, "entries": {}, "reserves": []}
    att = rec["attacker"]
    reserves = [b for b in reserve_blocks(rec) if state["blocks"][b]["at"] == area]
    entries = {r: sorted(rec["entries"].get(r, {})) for r in ROLES}
    state["battle"] = {
        "area": area,
        "att": att,
        "def": other(att),
        "round": 1,
        "acted": [],
        "late": [],
        "reserves": reserves,
        "used": [],
        "turned": [],
        "pending": None,
        "stage": "fight",
        "rcross": {},
        "entries": entries,
        "by_sea": {b: k[4:] for k, lst in rec["entries"].get(att, {}).items() if k.startswith("sea:") for b in lst},
        "regrouped": [],
        "winner": None,
        "actor": None,
    }
    lines = []
    for side in (other(att), att):
        shown = ", ".join(
            f"{name(b)} {rating(state, b)} ({state['blocks'][b]['s']}){' reserve' if b in reserves else ''}"
            for b in in_battle(state, side)
        )
        lines.append(f"{side.capitalize()} {'defends' if side != att else 'attacks'}: {shown}")
    add_event(state, f"Battle in {area}. " + ". ".join(lines) + ".", at=at_area(area))  # R3-6.1c: all blocks revealed
    if state["t"]["treason"] in ROLES and treason_targets(state, state["t"]["treason"]):
        state["battle"]["stage"] = "treason"


def end_battle(state: dict, winner: str | None) -> None:
    bt = state["battle"]
    bt["winner"] = winner
    bt["pending"] = None
    add_event(
        state,
        f"Battle in {bt['area']} is over: {winner.capitalize() if winner else 'nobody'} holds it.",
        at=at_area(bt["area"]),
    )
    if winner and regroup_choices(state, winner)[:-1]:
        bt["stage"] = "regroup"  # R3-6.7a
    else:
        finish_battle(state)


def finish_battle(state: dict) -> None:
    state["battle"] = None  # R3-6.1c: survivors stand up hidden again


def check_end(state: dict) -> bool:
    """A battle ends as soon as one side has no block left in the area, reserves included (R3-6.2h)."""
    bt = state["battle"]
    if state.get("over"):
        return True
    att, dfd = in_battle(state, bt["att"]), in_battle(state, bt["def"])
    if att and dfd:
        return False
    end_battle(state, bt["att"] if att else (bt["def"] if dfd else None))
    return True


def reserves_enter_early(state: dict) -> bool:
    """R3-6.3e/f: in round 1 a side whose engaged blocks are all gone brings its reserves in at once."""
    bt = state["battle"]
    entered = False
    if bt["round"] != 1:
        return entered
    for side in (bt["def"], bt["att"]):
        res = [b for b in in_battle(state, side) if b in bt["reserves"]]
        if res and not engaged(state, side):
            bt["reserves"] = [b for b in bt["reserves"] if b not in res]
            bt["late"] += res  # they take hits now but fire only from round 2
            entered = True
            add_event(state, f"{side.capitalize()}'s reserves enter the battle at once.")
            if side == bt["def"]:
                bt["att"], bt["def"] = bt["def"], bt["att"]
                add_event(state, f"{side.capitalize()} lost control of {bt['area']} and is now the Attacker.")
    return entered


# --- turn order -------------------------------------------------------------------------------------


def current(state: dict) -> tuple[str, list[str]] | None:
    """The side to act and its blocks of the current letter: A, B, C, D; Defender first (R3-6.2c)."""
    bt = state["battle"]
    for letter in LETTERS:
        for side in (bt["def"], bt["att"]):
            cands = [
                b
                for b in engaged(state, side)
                if b not in bt["acted"] and b not in bt["late"] and initiative(state, b) == letter
            ]
            if cands:
                return side, cands
    return None


def next_round(state: dict) -> None:
    bt = state["battle"]
    bt["round"] += 1
    if bt["round"] > 4:  # R3-6.2f
        bt["round"] = 4
        bt["stage"] = "withdraw"
        withdraw_next(state)
        return
    bt.update(reserves=[], acted=[], late=[], rcross={})  # R3-6.3d: reserves join in round 2
    add_event(state, f"Battle round {bt['round']} in {bt['area']}.")


def withdraw_next(state: dict) -> None:
    """A13: blocks that turned to the Attacker in round 4 leave when it ends; the owner picks each area."""
    bt = state["battle"]
    for b in in_battle(state, bt["att"]):
        if not retreat_destinations(state, b):
            add_event(state, f"{name(b)} has nowhere to retreat and is eliminated.")
            eliminate(state, b)
            if state.get("over"):
                return
            continue
        return  # the owner chooses (``withdraw``)
    bt["stage"] = "fight"
    end_battle(state, bt["def"])


def settle(state: dict) -> None:
    """Advance automatic steps until someone must choose."""
    while state["battle"] and not state.get("over"):
        bt = state["battle"]
        if bt["stage"] != "fight" or bt["pending"]:
            return
        if check_end(state):
            continue
        if current(state) is None:
            next_round(state)
            continue
        return


# --- retreat and regroup ----------------------------------------------------------------------------


def sea_coast(state: dict, side: str, zone: str, area: str) -> list[str]:
    return [
        a
        for a, f in AREAS.items()
        if a != area and zone in f["seas"] and may_enter(a, side) and friendly_or_vacant(state, a, side)
    ]


def retreat_destinations(state: dict, bid: str) -> list[str]:
    """Adjacent Friendly or Vacant areas, not across an enemy entry border, within limits (R3-6.6b-e, A15)."""
    bt = state["battle"]
    side = owner(state, bid)
    area = bt["area"]
    if bid in bt["by_sea"]:
        return sea_coast(state, side, bt["by_sea"][bid], area)
    closed = set(bt["entries"][other(side)])
    if side != state["p1"]:
        closed -= set(bt["entries"][side])  # shared border: only Player 2 may retreat across it
    cross = bt["rcross"].get(side, {})
    out = []
    for to in ADJ[area]:
        key = border_key(area, to)
        if key in closed or not may_enter(to, side) or not friendly_or_vacant(state, to, side):
            continue
        if cross.get(key, 0) >= LIMITS[BORDER[(area, to)]]:
            continue
        out.append(to)
    return out


def regroup_destinations(state: dict, bid: str) -> list[str]:
    """Adjacent Friendly or Vacant areas within fresh border limits (R3-6.7b/c, A7)."""
    bt = state["battle"]
    side = owner(state, bid)
    area = bt["area"]
    if bid in bt["by_sea"]:
        return sea_coast(state, side, bt["by_sea"][bid], area)
    out = []
    for to in ADJ[area]:
        key = border_key(area, to)
        if not may_enter(to, side) or not friendly_or_vacant(state, to, side):
            continue
        if bt.get("gcross", {}).get(key, 0) >= LIMITS[BORDER[(area, to)]]:
            continue
        out.append(to)
    return out


def regroup_choices(state: dict, side: str) -> list[dict]:
    bt = state["battle"]
    out = []
    for b in in_battle(state, side):
        if b in bt["regrouped"]:
            continue
        for to in regroup_destinations(state, b):
            out.append(
                {
                    "action": {"type": "regroup", "block": b, "to": to},
                    "label": f"Regroup {name(b)} to {to}",
                    "target": block_target(b),  # clicking the block offers its destinations
                }
            )
    out.append({"action": {"type": "done"}, "label": "End the regroup"})
    return out


# --- treachery --------------------------------------------------------------------------------------


def loyalty_dice(target: str, by_warwick: bool) -> int | None:
    """Dice a treachery roll needs (R3-3.13c, R3-6.9.1a)."""
    loyalty = BLOCKS[target]["loyalty"]
    if loyalty == "neville":
        return 1 if by_warwick else 2
    return loyalty


def valid_target(state: dict, side: str, target: str, by_warwick: bool) -> bool:
    """R3-6.9c, R3-6.9g, R3-6.9.1b, R3-9.1a/b."""
    bt = state["battle"]
    if owner(state, target) == side or target in bt["reserves"] or target in bt["turned"]:
        return False
    if loyalty_dice(target, by_warwick) is None or BLOCKS[target]["rose"]:
        return False
    if is_heir(target) and target in state["crowned"].values():
        return False
    return not (by_warwick and BLOCKS[target]["name"] in ("Northumberland", "Westmoreland"))


def treason_targets(state: dict, side: str) -> list[str]:
    return [b for b in engaged(state, other(side)) if valid_target(state, side, b, False)]


def attempt_key(state: dict, bid: str) -> str | None:
    """Which once-per-battle attempt this block may make: the King/Pretender's or Warwick's (R3-6.9a)."""
    side = owner(state, bid)
    if state["crowned"][side] == bid:
        key = "crown:" + side
    elif BLOCKS[bid]["name"] == "Warwick":
        key = "warwick:" + side
    else:
        return None
    return None if key in state["battle"]["used"] else key


def treachery_roll(state: dict, side: str, target: str, by_warwick: bool, who: str) -> None:
    """Roll as many dice as the loyalty; all even turns the block (R3-6.9d/e)."""
    n = loyalty_dice(target, by_warwick)
    dice = roll(state, n)
    ok = all(d % 2 == 0 for d in dice)
    add_event(
        state,
        f"{who} tries to turn {name(target)}: rolls {' '.join(map(str, dice))} — "
        + ("all even, he defects!" if ok else "fails."),
    )
    if ok:
        defect(state, target, side)


def defect(state: dict, target: str, side: str) -> None:
    """The other version replaces the block, in the new side's battle reserve (R3-6.9e, R3-4.6b, A22)."""
    bt = state["battle"]
    twin = BLOCKS[target]["twin"]
    old = state["blocks"][target]
    new = state["blocks"][twin]
    new.update(at=old["at"], s=min(old["s"], BLOCKS[twin]["steps"]), down=False)
    old.update(at="off", s=0)
    bt["reserves"].append(twin)
    bt["turned"].append(twin)
    add_event(state, f"{name(twin)} now fights for {side.capitalize()}.")
    check_sudden_death(state)
    if not state.get("over"):
        reserves_enter_early(state)


# --- hits -------------------------------------------------------------------------------------------


def assign_hits(state: dict, side: str, hits: int) -> None:
    """All hits on the strongest engaged enemy block, overflow on the next (R3-6.4b-d, A19)."""
    bt = state["battle"]
    while hits > 0 and not state.get("over"):
        targets = engaged(state, side)
        if not targets:
            return  # hits beyond all eligible targets are lost
        top = max(state["blocks"][b]["s"] for b in targets)
        tied = [b for b in targets if state["blocks"][b]["s"] == top]
        if len(tied) > 1:
            bt["pending"] = {"side": side, "hits": hits}
            return
        hits = take_hits(state, tied[0], hits)
        if reserves_enter_early(state):
            return  # A14: surplus hits of this fire are lost


def take_hits(state: dict, bid: str, hits: int) -> int:
    before = state["blocks"][bid]["s"]
    left = lose_steps(state, bid, hits)
    taken = before - state["blocks"][bid]["s"] if left == 0 else before
    add_event(
        state,
        f"{name(bid)} takes {taken} hit(s)" + (" and is eliminated." if state["blocks"][bid]["s"] == 0 else "."),
    )
    return left


def fire_dice(state: dict, bid: str) -> int:
    """Roll one die per step; each die at or under firepower hits (R3-6.4a, R3-3.11b, R3-3.12c)."""
    fp = firepower(state, bid)
    dice = roll(state, state["blocks"][bid]["s"])
    hits = sum(1 for d in dice if d <= fp)
    add_event(
        state,
        f"{name(bid)} ({initiative(state, bid)}{fp}) fires: {' '.join(map(str, dice))} → {hits} hit(s).",
    )
    return hits


# --- choices ----------------------------------------------------------------------------------------


def most_senior_engaged_heir(state: dict, side: str) -> str | None:
    heirs = [b for b in engaged(state, side) if is_heir(b)]
    return min(heirs, key=lambda b: BLOCKS[b]["rank"]) if heirs else None


def block_choices(state: dict, side: str, bid: str) -> list[dict]:
    bt = state["battle"]
    n = name(bid)
    out = []
    retreats = retreat_destinations(state, bid) if bt["round"] >= 2 else []  # R3-6.6a
    if side == bt["att"] and bt["round"] == 4:  # R3-6.2g: attackers must retreat
        out = [
            {
                "action": {"type": "retreat", "block": bid, "to": to},
                "label": f"{n} retreats to {to}",
                "target": area_target(to),
            }
            for to in retreats
        ]
        if not out:  # A13: no legal retreat, the block is eliminated
            out = [
                {
                    "action": {"type": "no_retreat", "block": bid},
                    "label": f"{n} cannot retreat and is eliminated",
                    "target": block_target(bid),
                }
            ]
        return out
    out.append({"action": {"type": "fire", "block": bid}, "label": f"{n} fires", "target": block_target(bid)})
    if most_senior_engaged_heir(state, side) == bid:  # R3-6.5a
        for t in engaged(state, other(side)):
            out.append(
                {
                    "action": {"type": "charge", "block": bid, "target": t},
                    "label": f"{n} charges {name(t)}",
                    "target": block_target(t),
                }
            )
    key = attempt_key(state, bid)
    if key:
        warwick = key.startswith("warwick")
        for t in engaged(state, other(side)):
            if valid_target(state, side, t, warwick):
                out.append(
                    {
                        "action": {"type": "treachery", "block": bid, "target": t},
                        "label": f"{n} tries to turn {name(t)}",
                        "target": block_target(t),
                    }
                )
    out += [
        {
            "action": {"type": "retreat", "block": bid, "to": to},
            "label": f"{n} retreats to {to}",
            "target": area_target(to),
        }
        for to in retreats
    ]
    out.append({"action": {"type": "pass", "block": bid}, "label": f"{n} passes", "target": block_target(bid)})
    return out


def battle_active(state: dict) -> list[str]:
    bt = state["battle"]
    if bt is None:
        return [state["p1"]] if contested_areas(state) else []
    if bt["stage"] == "treason":
        return [state["t"]["treason"]]
    if bt["stage"] == "regroup":
        return [bt["winner"]]
    if bt["stage"] == "withdraw":
        return [bt["att"]]
    if bt["pending"]:
        return [bt["pending"]["side"]]
    cur = current(state)
    return [cur[0]] if cur else []


def battle_choices(state: dict, role: str) -> list[dict]:
    bt = state["battle"]
    if bt is None:  # R3-6.1b: Player 1 picks the next battle
        return [
            {"action": {"type": "battle", "area": a}, "label": f"Fight the battle in {a}", "target": area_target(a)}
            for a in contested_areas(state)
        ]
    if bt["stage"] == "treason":
        return [
            {
                "action": {"type": "treason", "target": t},
                "label": f"Treason: try to turn {name(t)}",
                "target": block_target(t),
            }
            for t in treason_targets(state, role)
        ] + [{"action": {"type": "skip"}, "label": "Keep the Treason roll for another battle"}]
    if bt["stage"] == "regroup":
        return regroup_choices(state, role)
    if bt["stage"] == "withdraw":
        bid = in_battle(state, role)[0]
        return [
            {
                "action": {"type": "withdraw", "block": bid, "to": to},
                "label": f"{name(bid)} withdraws to {to}",
                "target": area_target(to),
            }
            for to in retreat_destinations(state, bid)
        ]
    if bt["pending"]:
        hits = bt["pending"]["hits"]
        targets = engaged(state, role)
        top = max(state["blocks"][b]["s"] for b in targets)
        return [
            {
                "action": {"type": "take", "block": b},
                "label": f"{name(b)} takes the {hits} hit(s)",
                "target": block_target(b),
            }
            for b in targets
            if state["blocks"][b]["s"] == top
        ]
    side, cands = current(state)
    if bt.get("actor") in cands:
        return block_choices(state, side, bt["actor"])
    if len(cands) == 1:
        return block_choices(state, side, cands[0])
    # A20: the owner picks which of his blocks of this letter acts next
    return [
        {"action": {"type": "select", "block": b}, "label": f"{name(b)} acts next", "target": block_target(b)}
        for b in cands
    ]


def apply_battle(state: dict, role: str, action: dict) -> None:
    bt = state["battle"]
    kind = action["type"]
    if kind == "battle":
        start_battle(state, action["area"])
    elif kind == "treason":
        state["t"]["treason"] = "used"
        bt["stage"] = "fight"
        treachery_roll(state, role, action["target"], False, f"{role.capitalize()} (Treason card)")
    elif kind == "skip":
        bt["stage"] = "fight"
    elif kind == "select":
        bt["actor"] = action["block"]
    elif kind == "regroup":
        bid, to = action["block"], action["to"]
        key = border_key(bt["area"], to)
        bt.setdefault("gcross", {})[key] = bt.get("gcross", {}).get(key, 0) + 1
        bt["regrouped"].append(bid)
        state["blocks"][bid]["at"] = to
        # R3-6.1c: the block stands up hidden again once the battle is over
        add_twin(
            state,
            role,
            f"{name(bid)} regroups to {to}.",
            f"{role.capitalize()} regroups a block from {bt['area']} to {to}.",
            path=at_area(bt["area"], to),
        )
        if not regroup_choices(state, role)[:-1]:
            finish_battle(state)
    elif kind == "done":
        finish_battle(state)
    elif kind == "withdraw":
        move_retreating(state, role, action["block"], action["to"])
        withdraw_next(state)
    elif kind == "take":
        hits = bt["pending"]["hits"]
        bt["pending"] = None
        left = take_hits(state, action["block"], hits)
        if not reserves_enter_early(state):
            assign_hits(state, role, left)
    else:
        bid = action["block"]
        bt["acted"].append(bid)
        bt["actor"] = None
        if kind == "fire":
            assign_hits(state, other(role), fire_dice(state, bid))
        elif kind == "pass":
            add_event(state, f"{name(bid)} passes.")
        elif kind in ("retreat", "no_retreat"):
            if kind == "no_retreat":
                add_event(state, f"{name(bid)} has nowhere to retreat and is eliminated.")
                eliminate(state, bid)
            else:
                move_retreating(state, role, bid, action["to"])
        elif kind == "charge":
            charge(state, bid, action["target"])
        elif kind == "treachery":
            key = attempt_key(state, bid)
            if key is None:
                raise IllegalAction("This block has no treachery attempt left")
            bt["used"].append(key)
            treachery_roll(state, role, action["target"], key.startswith("warwick"), name(bid))
        else:
            raise IllegalAction(f"Unknown action {kind!r}")
    settle(state)


def move_retreating(state: dict, role: str, bid: str, to: str) -> None:
    bt = state["battle"]
    if bid not in bt["by_sea"]:
        key = border_key(bt["area"], to)
        cross = bt["rcross"].setdefault(role, {})
        cross[key] = cross.get(key, 0) + 1  # R3-6.6d
    state["blocks"][bid]["at"] = to
    add_event(state, f"{name(bid)} retreats to {to}.", path=at_area(bt["area"], to))


def charge(state: dict, heir: str, target: str) -> None:
    """Heir charge: all hits on the named block, overflow lost; a survivor fires back once (R3-6.5b-d)."""
    add_event(state, f"{name(heir)} charges {name(target)}!")
    hits = fire_dice(state, heir)
    if hits:
        take_hits(state, target, hits)
    if state.get("over"):
        return
    if state["blocks"][target]["s"] > 0:
        back = fire_dice(state, target)
        if back:
            take_hits(state, heir, back)
    if not state.get("over"):
        reserves_enter_early(state)
