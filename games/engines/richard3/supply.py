"""The Supply Phase: minors and new Kings enter, executions, supply and exile losses (R3-1.4, R3-6.8.1-2, R3-7)."""

from __future__ import annotations

from games.engines.base import add_event

from .board import (
    EXILES,
    ROLES,
    add_twin,
    area_target,
    at_area,
    block_target,
    blocks_in,
    eliminate,
    friendly_or_vacant,
    heirs_of,
    lose_steps,
    name,
    owner,
    pretender,
    senior_heir_in_play,
    supply_count,
)
from .data.areas import AREAS
from .data.blocks import BLOCKS

TRAITORS = ("L_Clarence", "Y_Exeter")  # defected heirs that may be executed (R3-9.1e)


def entry_areas(state: dict, side: str) -> list[str]:
    """Royal heirs enter in a Friendly or Vacant crown area; the Pretender's in his exile (R3-6.8.2c/d)."""
    if side == state["king"]:
        return [a for a, f in AREAS.items() if f["crown"] and friendly_or_vacant(state, a, side)]
    return list(EXILES[side])


def next_minor(state: dict, side: str) -> str | None:
    for b in heirs_of(side):
        if state["blocks"][b]["at"] == "minor":
            return b
    return None


def local_mercenary(bid: str, area: str) -> bool:
    return BLOCKS[bid]["kind"] == "mercenary" and BLOCKS[bid]["seats"] == [area]


def start_supply(state: dict) -> None:
    state["phase"] = "supply"
    state["sup"] = {"offered": [], "losses": None, "reduced": [], "ask": None}
    add_event(state, "Supply Phase.")
    settle_supply(state)


def settle_supply(state: dict) -> None:
    """Run the Supply Phase until a player must choose; ``sup["ask"]`` says who and what."""
    sup = state["sup"]
    sup["ask"] = None
    # Minors enter, most senior first, one per killed heir (R3-4.5b, R3-6.8.2b, A25).
    for side in (state["king"], pretender(state)):
        while state["minors_due"][side] > 0:
            minor = next_minor(state, side)
            if minor is None:
                state["minors_due"][side] = 0
                break
            areas = entry_areas(state, side)
            if not areas:
                break  # A25: waits for a later Supply Phase
            if len(areas) > 1:
                sup["ask"] = {"role": side, "kind": "enter", "block": minor, "areas": areas}
                return
            enter_minor(state, minor, areas[0])
    crown_successors(state)
    for bid in TRAITORS:  # R3-9.1e
        if state["blocks"][bid]["at"] in AREAS and bid not in sup["offered"]:
            sup["offered"].append(bid)
            sup["ask"] = {"role": owner(state, bid), "kind": "execute", "block": bid}
            return
    if sup["losses"] is None:
        sup["losses"] = []
        for role in ROLES:
            for area in AREAS:
                count, limit = supply_count(state, area, role)
                if count > limit:  # R3-7.1a/b, R3-7.2a-c
                    sup["losses"].append([role, area, count - limit])
    while sup["losses"]:
        role, area, n = sup["losses"][0]
        cands = [b for b in blocks_in(state, area, role) if b not in sup["reduced"] and not local_mercenary(b, area)]
        if n <= 0 or not cands:
            sup["losses"].pop(0)
            continue
        if len(cands) <= n:
            for b in cands:
                supply_loss(state, b)
            sup["losses"].pop(0)
            continue
        sup["ask"] = {"role": role, "kind": "reduce", "area": area, "blocks": cands, "n": n}
        return
    sup["ask"] = {"kind": "done"}


def enter_minor(state: dict, minor: str, area: str) -> None:
    side = BLOCKS[minor]["side"]
    state["blocks"][minor].update(at=area, s=BLOCKS[minor]["steps"])
    state["minors_due"][side] -= 1
    add_event(state, f"{name(minor)} comes of age and enters play.")
    add_event(state, f"{name(minor)} enters in {area}.", only_for=[side], at=at_area(area))


def crown_successors(state: dict) -> None:
    """The most senior heir in play is King or Pretender (R3-3.21b): a new King is crowned where he stands,
    his location announced (R3-6.8.1a/b); a more senior minor who just entered takes over (R3-6.8.1c, A24).
    A new Pretender is named to both, but where he stands only to his own side: R3-6.8.1b announces a King."""
    for side in ROLES:
        current = state["crowned"][side]
        if current and state["blocks"][current]["at"] == "prisoner":
            continue  # 1469: the captive Henry VI stays Pretender
        heir = senior_heir_in_play(state, side)
        if heir and heir != current:
            state["crowned"][side] = heir
            where = state["blocks"][heir]["at"]
            if side == state["king"]:
                marks = at_area(where) if where in AREAS else []
                # R3-6.8.1b: a new King's place is announced
                add_event(state, f"{name(heir)} is now the {side.capitalize()} King, in {where}.", at=marks)
            else:
                add_event(state, f"{name(heir)} is now the {side.capitalize()} Pretender.")
                marks = at_area(where) if where in AREAS else []
                add_event(state, f"The new Pretender stands in {where}.", only_for=[side], at=marks)


def supply_loss(state: dict, bid: str) -> None:
    state["sup"]["reduced"].append(bid)
    where = state["blocks"][bid]["at"]
    side = owner(state, bid)
    add_twin(
        state,
        side,
        f"{name(bid)} loses a step to supply in {where}.",
        f"{side.capitalize()} loses a step to supply in {where}.",
        at=at_area(where),
    )
    lose_steps(state, bid, 1)  # R3-7.1c


def supply_choices(state: dict, role: str) -> list[dict]:
    ask = state["sup"]["ask"]
    if ask["kind"] == "enter":
        return [
            {
                "action": {"type": "enter", "area": a},
                "label": f"{name(ask['block'])} enters in {a}",
                "target": area_target(a),
            }
            for a in ask["areas"]
        ]
    if ask["kind"] == "execute":
        n = name(ask["block"])
        return [
            {
                "action": {"type": "spare", "block": ask["block"]},
                "label": f"Keep {n}",
                "target": block_target(ask["block"]),
            },
            {
                "action": {"type": "execute", "block": ask["block"]},
                "label": f"Execute {n}",
                "target": block_target(ask["block"]),
            },
        ]
    return [
        {
            "action": {"type": "reduce", "block": b},
            "label": f"{name(b)} loses a step ({ask['area']} is over its limit)",
            "target": block_target(b),
        }
        for b in ask["blocks"]
    ]


def apply_supply(state: dict, role: str, action: dict) -> None:
    ask = state["sup"]["ask"]
    kind = action["type"]
    if kind == "enter":
        enter_minor(state, ask["block"], action["area"])
    elif kind == "execute":
        add_event(state, f"{role.capitalize()} executes {name(ask['block'])}.")
        eliminate(state, ask["block"])
    elif kind == "reduce":
        supply_loss(state, action["block"])
        ask_row = state["sup"]["losses"][0]
        ask_row[2] -= 1
    if not state.get("over"):
        settle_supply(state)


def supply_active(state: dict) -> list[str]:
    ask = state["sup"]["ask"]
    return [ask["role"]] if ask and ask["kind"] != "done" else []
