"""PROVISIONAL 15 Fortified Lines: built by action, +1 battle die to their holder, stop enemy movement."""

from __future__ import annotations

from games.engines.base import Rng, add_event, msg

from ..board import controller, name
from ..data.tracks import BYPASS_ON
from .common import State
from .forces import best_tr


def may_build(state: State, side: str, space: str) -> bool:
    """15.2: in a space the side controls, with one of its leaders there, and no line yet."""
    return controller(state, space) == side and space not in state["lines"]


def build(state: State, space: str) -> None:
    state["lines"].append(space)
    state["lines"].sort()
    add_event(state, msg("Fortified line built at {space}", space=name(space)), at=[f"space:{space}"])


def bypass(state: State, rng: Rng, leaders: list[str], corps: list[str]) -> bool:
    """15.3/15.4: a force entering an enemy line must stop unless d6 + TR >= BYPASS_ON (NY-3.1f)."""
    roll = rng.die()
    tr = best_tr(state, leaders, corps)
    add_event(state, msg("Bypassing a fortified line: {roll} + TR {tr}", roll=roll, tr=tr))
    return roll + tr >= BYPASS_ON
