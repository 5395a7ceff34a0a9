"""The opening of an activation (BR-6.3i/j): Battle Cry and Treachery! are played at the start of any
activation, "yours or the opponent's". Before the active player moves, the other player is asked, but only
when a marker he holds has a use now: he plays it (on the board, at the unit) or lets the activation begin.
The active player's own markers stay offered at the start of his Phase B (``movement``)."""

from __future__ import annotations

from collections.abc import Callable

from games.engines.base import Choice
from games.engines.base.messages import msg
from games.engines.base.phases import Handover, Phase, hand_over

from .board import other
from .common import State
from .other_effects import battle_cry, other_effect_choices, treachery
from .prompts import opening_prompt


def enter(state: State) -> Handover | None:
    """The window opens for the other player if he has a use for a marker, else Phase B goes on at once."""
    holder = other(state["player"])
    if not other_effect_choices(state, holder):
        return hand_over("moves")
    state["phase"] = "opening"
    state["decider"] = holder
    return None


def choices(state: State, role: str) -> list[Choice]:
    begin = {"action": {"type": "let_begin"}, "label": msg("Let {side}'s activation begin", side=side_ref(state))}
    return [*other_effect_choices(state, role), begin]


def side_ref(state: State) -> dict[str, str]:
    return {"name": f"side:{state['player']}"}


def played(effect: Callable[[State, str, dict], None]) -> Callable[[State, str, dict], Handover | None]:
    """A marker played; the window stays open while another marker has a use (each is played once)."""

    def handler(state: State, role: str, action: dict) -> Handover | None:
        effect(state, role, action)
        return None if other_effect_choices(state, role) else hand_over("moves")

    return handler


def let_begin(state: State, role: str, action: dict) -> Handover:
    """The other player keeps his markers: the active player moves."""
    return hand_over("moves")


PHASE = Phase(
    "opening",
    choices,
    {"battle_cry": played(battle_cry), "treachery": played(treachery), "let_begin": let_begin},
    prompt=opening_prompt,
)
