"""PROVISIONAL 9 Event Card Phase: each player draws one Event card, resolved at once (effects ours)."""

from __future__ import annotations

from games.engines.base import Rng, add_event, msg, plural
from games.engines.base import name as name_ref

from ..board import controller, fortress_strength, name, region, sea_name, side_name
from ..counters import can_be_killed, kill_leader, leader_name
from ..data.cards import EVENT_CARDS
from ..data.powers import ALLIANCE, BOURBON, side_of
from ..decks import card_title, draw_event, event_text
from ..powers import may_neutralise_savoy
from ..stacking import corps_at
from ..victory import add_vp, change_control
from .kww import move_marker

State = dict


def reduce_in_region(state: State, side: str, where: str, count: int) -> None:
    """NY-3.2.2a: an event may reduce corps (full corps only, first by space then id)."""
    full = sorted(
        (v["space"], c)
        for c, v in state["corps"].items()
        if v["full"] and v["space"] in state["control"] and region(v["space"]) == where and side_of(v["power"]) == side
    )
    for _, cid in full[:count]:
        state["corps"][cid]["full"] = False
    reduced = min(count, len(full))
    add_event(
        state,
        plural(
            "{n} {side} corps reduced in {region}",
            "{n} {side} corps reduced in {region}",
            reduced,
            side=side_name(side),
            region=name_ref(f"region:{where}"),
        ),
    )


def scotland_rises(state: State) -> None:
    """NY-7.2.6a: Claverhouse and the fifth Jacobite corps enter in the Highlands (after the Revolution,
    while no Alliance corps is there); the control change scores nothing (NY-6.1.1l, NY-6.1.2a)."""
    if not state["glorious_revolution"] or corps_at(state, "highlands", ALLIANCE):
        add_event(state, "Scotland Rises has no effect now")
        return
    state["leaders"]["claverhouse"]["space"] = "highlands"
    for _, corps in sorted(state["corps"].items()):
        if corps["power"] == "jacobites" and corps["space"] == "out":
            corps["space"] = "highlands"
    change_control(state, "highlands", BOURBON, "event")


def pacification(state: State) -> None:
    """Scottish Pacification: Edinburgh and the Highlands go to the Alliance if no Bourbon corps is there;
    no VP (NY-6.1.1l, NY-6.1.2a)."""
    for space in ("edinburgh", "highlands"):
        if not corps_at(state, space, BOURBON):
            change_control(state, space, ALLIANCE, "event")


def resolve(state: State, rng: Rng, drawer: str) -> list[str]:
    """9.2: draw and resolve one event. Returns the roles to be asked about Savoy (Savoy's separate peace)."""
    card = draw_event(state)
    if card is None:
        return []
    effect = EVENT_CARDS[card][1]
    state["decks"]["event_discards"].append(card)
    record = msg(
        "The {side} draw the event “{card}”: {effect}",
        side=side_name(drawer),
        card=card_title(card),
        effect=event_text(card),
    )
    add_event(state, record, card=card)
    kind, args = effect[0], effect[1:]
    if kind == "vp":
        add_vp(state, args[0], card_title(card))
    elif kind == "reduce":
        reduce_in_region(state, *args)
    elif kind == "sea":
        state["seas"][args[0]] = args[1]
        add_event(
            state,
            msg("The {side} control the {sea}", side=side_name(args[1]), sea=sea_name(args[0])),
            at=[f"sea:{args[0]}"],
        )
    elif kind == "fortress_strength":
        if controller(state, args[0]) is not None and state["fortress_strength"][args[0]] > 1:
            state["fortress_strength"][args[0]] -= 1
            add_event(
                state,
                msg("FS of {space} lowered to {fs}", space=name(args[0]), fs=state["fortress_strength"][args[0]]),
                at=[f"space:{args[0]}"],
            )
    elif kind == "relief":
        state["fortress_strength"][args[0]] = fortress_strength(args[0])
        add_event(state, msg("{space} is back at full strength", space=name(args[0])), at=[f"space:{args[0]}"])
    elif kind == "lasting_resource_points":
        state["lasting_resource_points"][args[0]] += args[1]
        add_event(
            state,
            msg(
                "{side} resource points {delta} every year from now on", side=side_name(args[0]), delta=f"{args[1]:+d}"
            ),
        )
    elif kind == "resource_points":
        state["resource_point_changes"][args[0]] += args[1]
        add_event(
            state, msg("{side} resource points {delta} this year", side=side_name(args[0]), delta=f"{args[1]:+d}")
        )
    elif kind == "death":
        if can_be_killed(state, args[0]):
            kill_leader(state, args[0])  # an event death: no VP (the VP rules name battle and siege only)
            add_event(state, msg("{leader} dies", leader=leader_name(args[0])))
    elif kind == "king_williams_war":
        move_marker(state, args[0])
    elif kind == "scotland_rises":
        scotland_rises(state)
    elif kind == "pacification":
        pacification(state)
    elif kind == "savoy_peace" and may_neutralise_savoy(state, BOURBON):
        return [BOURBON]
    return []
