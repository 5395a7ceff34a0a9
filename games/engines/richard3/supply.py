"""The Supply Phase: minors and new Kings enter, executions, supply and exile losses (R3-1.4, R3-6.8.1-2, R3-7)."""

from __future__ import annotations

from games.engines.base import Text, add_event, msg
from games.engines.base.phases import Handover, Phase, hand_over

from .board import (
    EXILES,
    ROLES,
    add_twin,
    area_name,
    area_target,
    at_area,
    block_target,
    blocks_in,
    eliminate,
    friendly_or_vacant,
    heirs_of,
    local_mercenary,
    lose_steps,
    name,
    owner,
    pretender,
    senior_heir_in_play,
    side_name,
    supply_count,
)
from .data.areas import AREAS
from .data.blocks import BLOCKS
from .prompts import prompt

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


def enter_supply_phase(state: dict) -> Handover | None:
    state["phase"] = "supply"
    state["supply"] = {"offered": [], "losses": None, "reduced": [], "ask": None}
    add_event(state, msg("Supply Phase."))
    return settle_supply(state)


def settle_supply(state: dict) -> Handover | None:
    """Run the Supply Phase until a player must choose (``state["supply"]["ask"]`` says who and what), or it
    is over."""
    ask_next(state)
    if state["supply"]["ask"] == {"kind": "done"} and not state.get("over"):
        return hand_over("supply_over")
    return None


def ask_next(state: dict) -> None:
    """The Supply Phase's steps in order, each until it needs a choice (R3-1.4a)."""
    supply = state["supply"]
    supply["ask"] = None
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
                supply["ask"] = {"role": side, "kind": "enter", "block": minor, "areas": areas}
                return
            enter_minor(state, minor, areas[0])
    crown_successors(state)
    for bid in TRAITORS:  # R3-9.1e
        if state["blocks"][bid]["at"] in AREAS and bid not in supply["offered"]:
            supply["offered"].append(bid)
            supply["ask"] = {"role": owner(state, bid), "kind": "execute", "block": bid}
            return
    if supply["losses"] is None:
        supply["losses"] = []
        for role in ROLES:
            for area in AREAS:
                count, limit = supply_count(state, area, role)
                if count > limit:  # R3-7.1a/b, R3-7.2a-c
                    supply["losses"].append([role, area, count - limit])
    while supply["losses"]:
        role, area, n = supply["losses"][0]
        cands = [b for b in blocks_in(state, area, role) if b not in supply["reduced"] and not local_mercenary(b, area)]
        if n <= 0 or not cands:
            supply["losses"].pop(0)
            continue
        if len(cands) <= n:
            for b in cands:
                supply_loss(state, b)
            supply["losses"].pop(0)
            continue
        supply["ask"] = {"role": role, "kind": "reduce", "area": area, "blocks": cands, "steps": n}
        return
    supply["ask"] = {"kind": "done"}


def enter_minor(state: dict, minor: str, area: str) -> None:
    side = BLOCKS[minor]["side"]
    state["blocks"][minor].update(at=area, strength=BLOCKS[minor]["steps"])
    state["minors_due"][side] -= 1
    add_event(state, msg("{block} comes of age and enters play.", block=name(minor)))
    add_event(
        state,
        msg("{block} enters in {area}.", block=name(minor), area=area_name(area)),
        only_for=[side],
        at=at_area(area),
    )


def place_name(where: str) -> Text:
    """Where a block stands: an area's name, or "off the map" (the pool)."""
    return area_name(where) if where in AREAS else msg("off the map")


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
                add_event(
                    state,
                    msg(
                        "{block} is now the {side} King, in {area}.",
                        block=name(heir),
                        side=side_name(side),
                        area=place_name(where),
                    ),
                    at=marks,
                )
            else:
                add_event(state, msg("{block} is now the {side} Pretender.", block=name(heir), side=side_name(side)))
                marks = at_area(where) if where in AREAS else []
                add_event(
                    state, msg("The new Pretender stands in {area}.", area=place_name(where)), only_for=[side], at=marks
                )


def supply_loss(state: dict, bid: str) -> None:
    state["supply"]["reduced"].append(bid)
    where = state["blocks"][bid]["at"]
    side = owner(state, bid)
    add_twin(
        state,
        side,
        msg("{block} loses a step to supply in {area}.", block=name(bid), area=place_name(where)),
        msg("{side} loses a step to supply in {area}.", side=side_name(side), area=place_name(where)),
        at=at_area(where),
    )
    lose_steps(state, bid, 1)  # R3-7.1c


def entry_choices(state: dict, role: str) -> list[dict]:
    ask = state["supply"]["ask"]
    return [
        {
            "action": {"type": "enter", "area": a},
            "label": msg("{block} enters in {area}", block=name(ask["block"]), area=area_name(a)),
            "target": area_target(a),
        }
        for a in ask["areas"]
    ]


def execution_choices(state: dict, role: str) -> list[dict]:
    ask = state["supply"]["ask"]
    n = name(ask["block"])
    return [
        {
            "action": {"type": "spare", "block": ask["block"]},
            "label": msg("Keep {block}", block=n),
            "target": block_target(ask["block"]),
        },
        {
            "action": {"type": "execute", "block": ask["block"]},
            "label": msg("Execute {block}", block=n),
            "target": block_target(ask["block"]),
        },
    ]


def loss_choices(state: dict, role: str) -> list[dict]:
    ask = state["supply"]["ask"]
    return [
        {
            "action": {"type": "reduce", "block": b},
            "label": msg("{block} loses a step ({area} is over its limit)", block=name(b), area=area_name(ask["area"])),
            "target": block_target(b),
        }
        for b in ask["blocks"]
    ]


ASK_CHOICES = {"enter": entry_choices, "execute": execution_choices, "reduce": loss_choices}


def supply_choices(state: dict, role: str) -> list[dict]:
    return ASK_CHOICES[state["supply"]["ask"]["kind"]](state, role)


# --- one handler per action -------------------------------------------------------------------------


def after(state: dict) -> Handover | None:
    return None if state.get("over") else settle_supply(state)


def enter(state: dict, role: str, action: dict) -> Handover | None:
    enter_minor(state, state["supply"]["ask"]["block"], action["area"])
    return after(state)


def execute(state: dict, role: str, action: dict) -> Handover | None:
    """R3-9.1e: a traitor heir may be executed in the Supply Phase."""
    bid = state["supply"]["ask"]["block"]
    add_event(state, msg("{side} executes {block}.", side=side_name(role), block=name(bid)))
    eliminate(state, bid)
    return after(state)


def spare(state: dict, role: str, action: dict) -> Handover | None:
    return after(state)


def reduce(state: dict, role: str, action: dict) -> Handover | None:
    """The owner picks which block loses a step for the area over its limit (R3-7.1b)."""
    supply_loss(state, action["block"])
    state["supply"]["losses"][0][2] -= 1
    return after(state)


def supply_active(state: dict) -> list[str]:
    ask = state["supply"]["ask"]
    return [ask["role"]] if ask and ask["kind"] != "done" else []


def supply_prompt(state: dict, role: str) -> Text:
    return msg(
        {"enter": "Choose where your heir enters.", "execute": "Execute the traitor or keep him."}.get(
            state["supply"]["ask"]["kind"], "Choose which block loses a step to supply."
        )
    )


def supply_waiting(state: dict, who: str) -> Text:
    what = {
        "enter": "{side} is placing an heir.",
        "execute": "{side} is deciding whether to execute a traitor.",
    }.get(state["supply"]["ask"]["kind"], "{side} is choosing supply losses.")
    return msg(what, side=side_name(who))


PHASE = Phase(
    "supply",
    supply_choices,
    {"enter": enter, "execute": execute, "spare": spare, "reduce": reduce},
    prompt=prompt(supply_prompt, supply_waiting, supply_active),
    active=supply_active,
)
