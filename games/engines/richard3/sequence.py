"""The sequence of play (R3-1.0) in one place: the phase table and the one sequencer.

Phases (``state["phase"]``), each in its module: ``redeal`` and ``card`` (``cards_phase``), ``action``
(``movement``), ``battle`` (``battle``), ``supply`` (``supply``) and ``political`` (the Political Turn,
``political``); ``over`` once the game has ended. Phase modules import only shared helpers (``board``,
``turn_record``, ``prompts``), never each other: a phase that ends hands over to a step below, and only
this module knows which phase comes next.
"""

from __future__ import annotations

from games.engines.base import Action, State, add_event, msg
from games.engines.base.phases import Handover, PhaseTable, hand_over

from . import battle, cards_phase, movement, political, supply
from .board import other, status
from .prompts import over_prompt
from .turn_record import new_turn_record

TURNS_PER_CAMPAIGN = 7  # R3-1.0a


def rescue_henry(state: State) -> None:
    """1469: the captive Henry VI is freed once Lancaster holds London alone (scenario rule)."""
    if state["blocks"]["L_HenryVI"]["at"] == "prisoner" and status(state, "Middlesex", "lancaster") == "friendly":
        state["blocks"]["L_HenryVI"]["at"] = "Middlesex"
        add_event(state, msg("Henry VI is rescued in London!"))


def cards_revealed(state: State) -> Handover:
    """R3-1.2a: Player 1 carries out his whole Action Phase first."""
    return hand_over("action", role=state["player1"])


def action_over(state: State, role: str) -> Handover:
    """R3-1.2a: then Player 2 carries out his; after both, the Battle Phase (R3-1.3a)."""
    if role == state["player1"]:
        return hand_over("action", role=other(role))
    state["action_phase"] = None
    return hand_over("battle")


def battles_over(state: State) -> Handover:
    """R3-1.0c: the Supply Phase follows the Battle Phase."""
    return hand_over("supply")


def end_turn(state: State) -> Handover:
    """The Game Turn is over: the next one opens with its Card Phase, or the Campaign ends (R3-8.0a)."""
    state["supply"] = None
    state["played"] = {"lancaster": None, "york": None}
    state["turn_record"] = new_turn_record()
    state["player1"] = None
    if state["turn"] >= TURNS_PER_CAMPAIGN:
        return hand_over("political")
    state["turn"] += 1
    return hand_over("card")


def next_campaign(state: State) -> Handover:
    """After the Political Turn the next Campaign begins with a new deal (R3-8.5d)."""
    state["campaign"] += 1
    state["turn"] = 1
    state["political"] = None
    add_event(state, msg("Campaign {campaign} begins.", campaign=state["campaign"]))
    return hand_over("campaign")


STEPS = {
    "campaign": cards_phase.deal,  # R3-0.2, R3-8.5d: the deal and the redeal question
    "card": cards_phase.enter_card_phase,  # R3-1.1
    "cards_revealed": cards_revealed,
    "action": movement.enter_action_phase,  # R3-1.2
    "action_over": action_over,
    "battle": battle.enter_battle_phase,  # R3-1.3
    "battles_over": battles_over,
    "supply": supply.enter_supply_phase,  # R3-1.4
    "supply_over": end_turn,
    "political": political.enter_political_turn,  # R3-8.0
    "political_over": next_campaign,
}

TABLE = PhaseTable(
    [cards_phase.REDEAL, cards_phase.PHASE, movement.PHASE, battle.PHASE, supply.PHASE, political.PHASE],
    STEPS,
    active=lambda state: [],
    prompt=over_prompt,  # once the game is over
)


def start(state: State) -> None:
    """The first Campaign opens with the deal."""
    TABLE.run(state, hand_over("campaign"))


def play(state: State, role: str, action: Action) -> None:
    """One action, then the automatic steps it leads to (R3-1.0c). The 1469 rescue is checked after every
    action, before the next phase begins."""
    handover = TABLE.handler(state, action)(state, role, action)
    rescue_henry(state)
    TABLE.run(state, handover)
