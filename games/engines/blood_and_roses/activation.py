"""Phase A (4.0b, 6.1): an automatic activation — a Battle, the Army, a banner rally or move, the
ambush, a return from pursuit, the Stanleys' roll, or a pass. What it starts is handed over to the
sequencer (``sequence``): Phase B (``"movement"``), a banner (``"banner_rally"``, ``"banner_move"``)
or Phase E (``"closing"``)."""

from __future__ import annotations

from games.engines.base import Choice, add_event
from games.engines.base.messages import msg
from games.engines.base.phases import Handover, Phase, hand_over

from . import dice, pursuit
from .board import other, side_of_unit
from .common import (
    State,
    army_members,
    banner_rallies,
    end_game,
    leader_target,
    live_battles,
    rating,
    stanleys_join,
    stanleys_waiting,
)
from .names import unit_name
from .prompts import asked
from .texts import battle_name, side


def start_automatic(state: State, role: str) -> None:
    """BR-2.4c, BR-4.0b: the player receives an automatic activation (Phase A)."""
    state.update({"phase": "activate", "player": role, "decider": role, "chain": 0, "stanley_rolled": False})
    state["activation"] = None


def choices(state: State, role: str) -> list[Choice]:
    back = pursuit.return_choices(state, role)
    if back:
        return back  # BR-14.9m
    out: list[Choice] = []
    for bid in live_battles(state, role):
        out.append(
            {
                "action": {"type": "activate", "battle": bid},
                "label": msg("Activate {battle}", battle=battle_name(state, bid)),
                **leader_target(state, bid),
            }
        )
    battles, units = army_members(state, role)
    if len(battles) > 1 and units:
        out.append({"action": {"type": "army"}, "label": "Army activation (move only)"})
    for bid in live_battles(state, role):
        b = state["battles"][bid]
        if b.get("banner") and banner_rallies(state, bid):
            out.append(
                {
                    "action": {"type": "banner", "battle": bid},
                    "label": msg("Rally at the banner of {battle}", battle=battle_name(state, bid)),
                    "target": f"hex:{b['banner']}",
                }
            )
    for bid in live_battles(state, role):
        b = state["battles"][bid]
        if b.get("banner") and not b.get("fled"):
            out.append(
                {
                    "action": {"type": "banner_move", "battle": bid},
                    "label": msg("Move the banner of {battle}", battle=battle_name(state, bid)),
                    "target": f"hex:{b['banner']}",
                }
            )
    ambush = state.get("ambush")
    if (
        ambush
        and not ambush["used"]
        and ambush["unit"] in state["units"]
        and side_of_unit(state, ambush["unit"]) == role
    ):
        out.append(
            {
                "action": {"type": "ambush"},
                "label": msg("Spring the ambush with {unit}", unit=unit_name(state, ambush["unit"])),
            }
        )  # BR-16.1a
    special = state["special"].get("stanleys")
    if special and special["roller"] == role and not state["stanley_rolled"] and stanleys_waiting(state):
        out.append({"action": {"type": "stanleys"}, "label": "Roll for the Stanleys to join Henry (stand-in 0-3)"})
    out.append({"action": {"type": "pass"}, "label": "Pass"})
    return out


def time_pass(state: State, role: str) -> bool:
    """BR-16.2a/b/c: a pass by the player who is not time-limited moves the Time marker toward 0. True
    when time runs out (the battle is over)."""
    time = state.get("time")
    if not time or time["limited"] == role:
        return False
    time["left"] -= 1
    add_event(state, msg("The Time marker moves to {left}.", left=time["left"]))
    if time["left"] <= 0:
        end_game(state, other(time["limited"]), msg("time ran out"))
        return True
    return False


def pass_(state: State, role: str, action: dict) -> Handover | None:
    add_event(state, msg("{side} passes.", side=side(role)))  # BR-6.1k/l
    if time_pass(state, role):
        return None
    state["activation"] = {"kind": "pass", "battles": [], "automatic": True}
    state["activations"] += 1
    return hand_over("closing", automatic=True, passed_by=role)  # the opponent gets an automatic activation


def stanleys(state: State, role: str, action: dict) -> None:
    state["stanley_rolled"] = True
    dr = dice.roll(state)
    add_event(state, msg("Henry calls on the Stanleys: DR {dr}.", dr=dr), dr=dr)
    if dr <= state["special"]["stanleys"]["roll_max"]:
        stanleys_join(state, msg("defection roll"))


def banner(state: State, role: str, action: dict) -> Handover:
    return hand_over("banner_rally", role=role, battle=action["battle"])


def banner_move(state: State, role: str, action: dict) -> Handover:
    return hand_over("banner_move", battle=action["battle"])


def ambush(state: State, role: str, action: dict) -> Handover:
    ambush = state["ambush"]
    ambush["used"] = True
    uid = ambush["unit"]
    return hand_over("movement", kind="battle", battles=[state["units"][uid]["battle"]], units=[uid], ambush=True)


def return_(state: State, role: str, action: dict) -> Handover:
    returning = pursuit.come_back(state, action["battle"])
    return hand_over("movement", kind="battle", battles=[action["battle"]], uncommanded=returning)  # BR-14.9n


def army(state: State, role: str, action: dict) -> Handover:
    battles, units = army_members(state, role)
    return hand_over("movement", kind="army", battles=battles, units=units)


def activate(state: State, role: str, action: dict) -> Handover | None:
    bid = action["battle"]
    b = state["battles"][bid]
    if b.get("roll_on_automatic"):  # Bosworth: Northumberland rolls even on an automatic activation
        dr = dice.roll(state)
        add_event(
            state,
            msg(
                "{battle} must roll to move: DR {dr} vs {rating}.",
                battle=battle_name(state, bid),
                dr=dr,
                rating=rating(state, bid, role),
            ),
            dr=dr,
        )
        if dr > rating(state, bid, role):
            return pass_(state, role, {"type": "pass"})
    return hand_over("movement", kind="battle", battles=[bid])


PHASE = Phase(
    "activate",
    choices,
    {
        "pass": pass_,
        "stanleys": stanleys,
        "banner": banner,
        "banner_move": banner_move,
        "ambush": ambush,
        "return": return_,
        "army": army,
        "activate": activate,
    },
    prompt=asked("activate"),
)
