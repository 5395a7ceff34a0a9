"""PROVISIONAL 8 (NY-8b): the player with the initiative chooses who goes first this year.

Phase ``first``; the choice hands over to ``rest_of_year`` (the sequence lays out the year in that order)."""

from __future__ import annotations

from games.engines.base import Action, Choice, msg
from games.engines.base.phases import Handover, Phase, hand_over

from ..board import side_name
from ..data.powers import ALLIANCE, BOURBON, other
from ..data.tracks import VP_START
from .common import State


def initiative_player(state: State) -> str:
    """8 (NY-8b, provisional): the side the VP track does not favour has the initiative (Bourbon at 15)."""
    return ALLIANCE if state["vp"] < VP_START else BOURBON


def initiative_order(state: State) -> list[str]:
    first = state["initiative"]
    return [first, other(first)]


def start(state: State) -> None:
    state["initiative"] = initiative_player(state)
    state["phase"], state["active"] = "first", [state["initiative"]]


def choices(state: State, role: str) -> list[Choice]:
    return [
        {"action": {"type": "first", "role": r}, "label": msg("The {side} go first this year", side=side_name(r))}
        for r in (role, other(role))
    ]


def choose_first(state: State, role: str, action: Action) -> Handover:
    state["first"] = action["role"]  # NY-8b: the initiative player chooses who goes first
    state["phase"], state["active"] = "auto", []
    return hand_over("rest_of_year", first=action["role"])


PHASE = Phase("first", choices, {"first": choose_first})
