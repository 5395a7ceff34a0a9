"""PROVISIONAL 13 Campaign Phase: Action cards and the actions they buy (13.2-13.3: players alternate one
Action card at a time until both hands are empty) (Campaign, Transfer, Replacement,
Rally, Naval attack, Fortified line).

Phases ``card`` (play an Action card), ``action`` (use one of its actions, or end the round) and ``transfer``
(where the transferred corps goes). A Campaign action hands over to ``campaign`` (the move, 13.5.1)."""

from __future__ import annotations

from math import ceil

from games.engines.base import Action, Choice, Rng, add_event, msg
from games.engines.base.phases import Handover, Phase, hand_over

from ..board import NEIGHBOURS, controller, may_use_link, name, sea_name, side_name
from ..counters import corps_name, leader_name, leader_side, ratings
from ..data.cards import ACTION_CARDS
from ..data.powers import other, side_of
from ..data.spaces import SPACES
from ..decks import card_title, deal_actions
from ..stacking import corps_at, corps_count, fits
from . import lines, naval
from .common import State, with_rng
from .forces import force_from, repairable
from .supply import enemy_spaces

ONCE_PER_ROUND = ("transfer", "replace", "rally", "naval", "line")  # FAQ: at most one of each per round
TRANSFER_REACH = 3


def begin_round(state: State, role: str) -> None:
    state["round"] = None
    state["phase"] = "card"
    state["active"] = [role]


def end_round(state: State) -> None:
    """13.3: the other player plays next if he still holds a card, else the same player, else the phase ends."""
    role = state["round"]["role"]
    state["round"] = None
    for nxt in (other(role), role):
        if state["hands"][nxt]:
            begin_round(state, nxt)
            return
    state["phase"] = "auto"
    state["active"] = []


def after_action(state: State) -> None:
    """13.4: the card's actions are used one at a time; the round ends when none is left."""
    state["move"] = None
    state["pending"] = None
    rnd = state["round"]
    if rnd["left"] > 0:
        state["phase"] = "action"
        state["active"] = [rnd["role"]]
    else:
        end_round(state)


def start(state: State, rng: Rng) -> None:
    """13.1 / NY-5.1c: deal the Action cards, then the first player opens the first round."""
    order = [state["first"], "alliance" if state["first"] == "bourbon" else "bourbon"]
    deal_actions(state, rng, order)
    state["acted"] = []
    begin_round(state, state["first"])


def my_leaders(state: State, role: str) -> list[str]:
    return sorted(
        lid
        for lid, v in state["leaders"].items()
        if v["space"] in SPACES and leader_side(state, lid) == role and not v["garrison"]
    )


def campaigners(state: State, role: str) -> list[str]:
    """13.5.1: a leader who has not yet acted this turn (FAQ) and is not disordered (13.5.4)."""
    return [
        lid for lid in my_leaders(state, role) if lid not in state["acted"] and not state["leaders"][lid]["disordered"]
    ]


def rally_group(state: State, lid: str) -> list[str]:
    """NY-3.1h / 13.5.4: the leader rallies himself and up to ceil(CR/2) disordered corps in his space."""
    info = state["leaders"][lid]
    disordered = [c for c in corps_at(state, info["space"], leader_side(state, lid)) if state["corps"][c]["disordered"]]
    return disordered[: ceil(ratings(state, lid)[1] / 2)]


def leaderless_corps(state: State, role: str) -> list[str]:
    """13.5.2: a Transfer moves one ready corps that stands without a friendly leader."""
    led = {state["leaders"][lid]["space"] for lid in my_leaders(state, role)}
    reachable: dict[str, bool] = {}
    out = []
    for c, v in sorted(state["corps"].items()):
        space = v["space"]
        if space not in SPACES or space in led or side_of(v["power"]) != role:
            continue
        if v["disordered"] or v["garrison"] or c in state["acted"]:
            continue
        if space not in reachable:
            reachable[space] = bool(transfer_destinations(state, space, role))
        if reachable[space]:
            out.append(c)
    return out


def transfer_destinations(state: State, start: str, side: str) -> list[str]:
    """13.5.2: up to TRANSFER_REACH links through spaces the side controls and free of enemy corps, along
    links it may use, ending within the stacking limit (NY-4.1.2d)."""
    enemy = enemy_spaces(state, side)
    seen = {start: 0}
    queue = [start]
    while queue:
        here = queue.pop(0)
        if seen[here] == TRANSFER_REACH:
            continue
        for nxt, red in NEIGHBOURS[here]:
            if nxt in seen or not may_use_link(state, side, here, nxt, red):
                continue
            if controller(state, nxt) != side or nxt in enemy:
                continue
            seen[nxt] = seen[here] + 1
            queue.append(nxt)
    return sorted(s for s in seen if s != start and fits(s, corps_count(state, s, side) + 1))


def transfer_choices(state: State, role: str) -> list[Choice]:
    cid = state["pending"]["corps"]
    return [
        {
            "action": {"type": "transfer_to", "to": s},
            "label": msg("Transfer {corps} to {space}", corps=corps_name(cid), space=name(s)),
            "target": f"space:{s}",
        }
        for s in transfer_destinations(state, state["corps"][cid]["space"], role)
    ]


def card_choices(state: State, role: str) -> list[Choice]:
    return [
        {
            "action": {"type": "play_card", "card": c},
            "label": msg("Play a {card}", card=card_title(c)),
            "target": f"card:{c}",
        }
        for c in state["hands"][role]
    ]


def campaign_choices(state: State, role: str) -> list[Choice]:
    out: list[Choice] = []
    for lid in campaigners(state, role):
        where = name(state["leaders"][lid]["space"])
        ready = force_from(state, lid, role, state["acted"])
        for n in range(len(ready) + 1):  # NY-3.1g: up to CR corps, as many as the owner wants
            out.append(
                {
                    "action": {"type": "campaign", "leader": lid, "corps": n},
                    "label": msg(
                        "Campaign: {leader} in {space} with {n} of {total} corps",
                        leader=leader_name(lid),
                        space=where,
                        n=n,
                        total=len(ready),
                    ),
                    "target": f"leader:{lid}",
                }
            )
    return out


def transfer_start_choices(state: State, role: str) -> list[Choice]:
    return [
        {
            "action": {"type": "transfer", "corps": cid},
            "label": msg(
                "Transfer: {corps} from {space}", corps=corps_name(cid), space=name(state["corps"][cid]["space"])
            ),
            "target": f"corps:{cid}",
        }
        for cid in leaderless_corps(state, role)
    ]


def replace_choices(state: State, role: str) -> list[Choice]:
    return [
        {
            "action": {"type": "replace", "corps": cid},
            "label": msg("Replacement: restore {corps}", corps=corps_name(cid)),
            "target": f"corps:{cid}",
        }
        for cid in repairable(state, role)
    ]


def rally_choices(state: State, role: str) -> list[Choice]:
    return [
        {
            "action": {"type": "rally", "leader": lid},
            "label": msg("Rally: {leader}", leader=leader_name(lid)),
            "target": f"leader:{lid}",
        }
        for lid in my_leaders(state, role)
        if state["leaders"][lid]["disordered"] or rally_group(state, lid)
    ]


def naval_choices(state: State, role: str) -> list[Choice]:
    return [
        {
            "action": {"type": "naval", "zone": zone},
            "label": msg("Naval attack in the {sea}", sea=sea_name(zone)),
            "target": f"sea:{zone}",
        }
        for zone in naval.ZONES
        if naval.may_attack(state, role, zone)
    ]


def line_choices(state: State, role: str) -> list[Choice]:
    return [
        {
            "action": {"type": "line", "space": space},
            "label": msg("Build a fortified line at {space}", space=name(space)),
            "target": f"space:{space}",
        }
        for space in sorted({state["leaders"][lid]["space"] for lid in my_leaders(state, role)})
        if lines.may_build(state, role, space)
    ]


# The actions a card buys (13.4), in the order they are offered; those of ONCE_PER_ROUND at most once a round.
ACTIONS = {
    "campaign": campaign_choices,
    "transfer": transfer_start_choices,
    "replace": replace_choices,
    "rally": rally_choices,
    "naval": naval_choices,
    "line": line_choices,
}


def action_choices(state: State, role: str) -> list[Choice]:
    used = state["round"]["used"]
    out: list[Choice] = [{"action": {"type": "end_round"}, "label": "End this round (unused actions are lost)"}]
    for kind, offered in ACTIONS.items():
        if kind not in used:
            out += offered(state, role)
    return out


def play_card(state: State, role: str, action: Action) -> None:
    card = action["card"]
    state["hands"][role].remove(card)
    state["decks"]["discards"].append(card)
    state["round"] = {"role": role, "card": card, "left": ACTION_CARDS[card], "used": []}
    state["phase"] = "action"
    add_event(state, msg("The {side} play a {card}", side=side_name(role), card=card_title(card)), card=card)


def end_this_round(state: State, role: str, action: Action) -> None:
    end_round(state)


def transfer_to(state: State, role: str, action: Action) -> None:
    cid = state["pending"]["corps"]
    state["corps"][cid]["space"] = action["to"]
    state["acted"].append(cid)  # FAQ: a transferred corps cannot campaign this turn
    add_event(
        state,
        msg("Transfer: {corps} to {space}", corps=corps_name(cid), space=name(action["to"])),
        at=[f"space:{action['to']}"],
    )
    after_action(state)


def use_action(state: State, kind: str) -> None:
    """13.4: one action of the card is spent (FAQ: some at most once a round)."""
    state["round"]["left"] -= 1
    if kind in ONCE_PER_ROUND:
        state["round"]["used"].append(kind)


def campaign(state: State, role: str, action: Action) -> Handover:
    use_action(state, "campaign")
    return hand_over("move", lid=action["leader"], side=role, count=action["corps"])  # 13.5.1


def transfer(state: State, role: str, action: Action) -> None:
    use_action(state, "transfer")
    state["pending"] = {"corps": action["corps"]}
    state["phase"] = "transfer"


def replace(state: State, role: str, action: Action) -> None:
    use_action(state, "replace")
    state["corps"][action["corps"]]["full"] = True  # 13.5.3 (NY-3.2.2b, NY-4.1.3b checked in repairable)
    add_event(state, msg("Replacement: {corps} restored", corps=corps_name(action["corps"])))
    after_action(state)


def rally(state: State, role: str, action: Action) -> None:
    use_action(state, "rally")
    lid = action["leader"]
    for cid in rally_group(state, lid):
        state["corps"][cid]["disordered"] = False
    state["leaders"][lid]["disordered"] = False
    add_event(state, msg("{leader} rallies", leader=leader_name(lid)))
    after_action(state)


def naval_attack(state: State, rng: Rng, role: str, action: Action) -> None:
    use_action(state, "naval")
    naval.naval_attack(state, rng, role, action["zone"])
    after_action(state)


def line(state: State, role: str, action: Action) -> None:
    use_action(state, "line")
    lines.build(state, action["space"])
    after_action(state)


CARD = Phase("card", card_choices, {"play_card": play_card})
ACTION = Phase(
    "action",
    action_choices,
    {
        "end_round": end_this_round,
        "campaign": campaign,
        "transfer": transfer,
        "replace": replace,
        "rally": rally,
        "naval": with_rng(naval_attack),
        "line": line,
    },
)
TRANSFER = Phase("transfer", transfer_choices, {"transfer_to": transfer_to})
