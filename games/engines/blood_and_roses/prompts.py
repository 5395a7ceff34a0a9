"""What each side is asked now, in every phase (ARCHITECTURE §2.1 ``view["prompt"]``): the side that
decides reads what to do and where to click; the other reads what it is waiting for. Each phase of the
table (``sequence``) names its prompt function here; a spectator (role None) reads the waiting text.
Prompts are message records (ARCHITECTURE §2.4)."""

from __future__ import annotations

from typing import Any

from games.engines.base import State
from games.engines.base.messages import msg
from games.engines.base.phases import PromptFn

from .names import unit_name
from .texts import battle_name, joined, leader_name, side

# phase -> (asked of the side deciding, told to the side waiting ("{side}" is the one deciding))
PHASE_PROMPTS = {
    "activate": (
        "Choose a Battle to activate (click its leader), rally or move a banner, or pass",
        "{side} is choosing a Battle to activate",
    ),
    "banner": ("Click the hex the banner moves to", "{side} is moving a banner"),
    "pursue": ("Decide the pursuit of the fleeing Battle", "{side} is deciding the pursuit"),
    "join": ("Click more units to join the attack, or declare it", "{side} is declaring an attack"),
    "nominate": ("Try to continue (a continuation roll) or end the chain", "{side} is deciding whether to continue"),
    "seize": ("You may try to seize the next activation", "{side} may try to seize the next activation"),
    "negate": ("You may negate the seizure", "{side} may negate the seizure"),
}

# pending kind -> (asked of the owner, told to the other side); "{unit}" is the unit concerned
OWED_PROMPTS = {
    "retreat": ("Click the hex {unit} retreats to", "{side} is choosing where {unit} retreats"),
    "rbc": ("{unit} may retreat before combat: click a hex, or stand and fight", "{side} decides for {unit}"),
    "retreat_or_disorder": ("{unit} must retreat (click a hex) or be Disordered", "{side} decides for {unit}"),
    "face": ("Click an arrow around {unit} to set its facing", "{side} is setting the facing of {unit}"),
    "countercharge": ("{unit} may counter-charge", "{side} decides whether {unit} counter-charges"),
    "cc_fire": ("{unit} may counter-charge the firer", "{side} decides whether {unit} counter-charges"),
    "rbc_advance": ("Click the vacated hex to advance into it, or do not advance", "{side} decides an advance"),
}


def asked(phase: str) -> PromptFn:
    """The prompt of a phase that asks one thing (``PHASE_PROMPTS``)."""
    ask, told = PHASE_PROMPTS[phase]

    def phase_prompt(state: State, role: str | None) -> Any:
        return ask if role == state["decider"] else msg(told, side=side(state["decider"]))

    return phase_prompt


def over_prompt(state: State, role: str | None) -> Any:
    return msg("The battle is over: {reason}.", reason=state["result"]["reason"])


def owed_prompt(state: State, role: str | None) -> Any:
    owed = state["pending"][0]
    ask, told = OWED_PROMPTS[owed["kind"]]
    args = {"unit": unit_name(state, owed["unit"])} if "unit" in owed else {}
    if role == state["decider"]:
        return msg(ask, **args) if args else ask
    return msg(told, side=side(state["decider"]), **args)


def opening_prompt(state: State, role: str | None) -> Any:
    """BR-6.3i/j: the other player's window at the start of an activation."""
    battles = joined([battle_name(state, b) for b in state["activation"]["battles"]])
    if role == state["decider"]:
        return msg(
            "{side} activates {battles}: before it moves you may play Battle Cry or Treachery! (click the unit), "
            "or let the activation begin",
            side=side(state["player"]),
            battles=battles,
        )
    return msg(
        "{side} may play Battle Cry or Treachery! before {battles} moves", side=side(state["decider"]), battles=battles
    )


def movement_prompt(state: State, role: str | None) -> Any:
    battles = joined([battle_name(state, b) for b in state["activation"]["battles"]])
    if role != state["decider"]:
        return msg("{side} is moving and firing with {battles}", side=side(state["decider"]), battles=battles)
    uid = state["selected"]
    if uid is not None:
        return msg(
            "{unit} ({mp} MP left): click a highlighted hex to move there, an arrow to face, an enemy to fire at, "
            "or the unit again when it has finished",
            unit=unit_name(state, uid),
            mp=state["acted"][uid]["mp"],
        )
    if state["selected_leader"] is not None:
        lid = state["selected_leader"]["id"]
        return msg(
            "Click where {leader} rides ({mp} MP left), or stop him",
            leader=leader_name(state, lid),
            mp=state["selected_leader"]["mp"],
        )
    return msg("Phase B, {battles}: click a unit to move or fire with it, or end movement and fire", battles=battles)


def shock_prompt(state: State, role: str | None) -> Any:
    if role != state["decider"]:
        return msg("{side} is declaring shocks and charges", side=side(state["decider"]))
    if state.get("combats_resolved"):
        return "The declared attacks are resolved: end the shock phase"
    if state.get("declared"):
        return "Click an enemy unit to declare another attack, or resolve the declared attacks"
    return "Phase C: click an enemy unit in a front hex to declare a shock or a charge, or end the shock phase"
