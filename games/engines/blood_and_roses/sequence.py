"""The sequence of play (4.0) in one place: the phase table and the one sequencer.

Phases (``state["phase"]``), each in its module: ``activate`` (Phase A, ``activation``), ``opening`` (the
other player's Battle Cry or Treachery! as an activation starts, ``opening``), ``move`` (Phase B,
``movement``), ``shock`` and ``join`` (Phase C, ``shock``), ``pending`` (choices owed in the middle of a
phase, ``reactions``), ``banner`` (15.2, ``rally``), ``pursue``, ``nominate``, ``seize`` and ``negate``
(Phase E, ``continuation``); ``over`` when the battle has ended. Phase modules import only shared helpers
(``common``, ``board``, ``pursuit``, ``other_effects`` and the rule modules: ``missile``,
``shock_resolution``, ``charge``, ``combat_results``, ``leaders``, ...), never each other: a phase that ends
hands over to a step below, and only this module knows which phase comes next.
"""

from __future__ import annotations

from games.engines.base.phases import Handover, PhaseTable, hand_over

from . import activation, continuation, movement, opening, rally, reactions, shock
from .common import State
from .prompts import over_prompt


def end_activation(state: State) -> Handover:
    """Phase D then Phase E (BR-4.0g/h): rally, then the ambusher joins its Battle (BR-16.1e), then
    Battle Flight, pursuit and Loss Checks."""
    rally.rally_phase(state)
    movement.ambusher_joins(state)
    return hand_over("closing", automatic=state["activation"]["automatic"])


STEPS = {
    "activation": activation.start_automatic,  # Phase A for a player (BR-4.0b)
    "movement": movement.begin_activation,  # an activated Battle or Army: its units listed
    "opening": opening.enter,  # the other player's Battle Cry or Treachery! at its start (BR-6.3i/j)
    "moves": movement.open_moves,  # Phase B
    "end_moves": movement.end_moves,  # Phase B ends (resumed after choices owed)
    "shock": shock.enter,  # Phase C
    "proceed": shock.proceed,  # a combat goes on after choices owed
    "after_combat": shock.after_combat,
    "owed": reactions.enter,  # choices owed by a player interrupt the phase
    "end_activation": end_activation,  # Phases D and E
    "closing": continuation.finish_activation,  # Phase E
    "banner_rally": rally.banner_rally,
    "banner_move": rally.start_banner_move,
}

TABLE = PhaseTable(
    [
        activation.PHASE,
        rally.PHASE,
        continuation.PURSUE,
        shock.JOIN,
        opening.PHASE,
        movement.PHASE,
        shock.PHASE,
        reactions.PHASE,
        continuation.NOMINATE,
        continuation.SEIZE,
        continuation.NEGATE,
    ],
    STEPS,
    active=lambda state: [state["decider"]],
    prompt=over_prompt,  # once the battle is over
)


def start(state: State, role: str) -> None:
    """The battle opens with ``role``'s automatic activation."""
    TABLE.run(state, hand_over("activation", role=role))
