"""7.2.1 (NY-7.2.1c, A8): Savoy's neutrality, asked of the eligible players in initiative order, and where the
forces leaving a neutral Savoy go; then play resumes where it was interrupted.

Phases ``savoy`` (declare Savoy neutral or not) and ``displace`` (where displaced forces go)."""

from __future__ import annotations

from games.engines.base import Action, Choice, msg
from games.engines.base.phases import Phase

from ..board import name
from ..powers import displace_choices, displace_next, displace_to, may_neutralise_savoy, neutralise_savoy
from .common import State


def ask(state: State, roles: list[str]) -> None:
    """NY-7.2.1c (A8): eligible players are asked in initiative order; play resumes afterwards."""
    if not roles:
        return
    state["resume"] = {"phase": state["phase"], "active": list(state["active"])}
    state["savoy_ask"] = roles[1:]
    state["phase"] = "savoy"
    state["active"] = [roles[0]]


def savoy_choices(state: State, role: str) -> list[Choice]:
    return [
        {"action": {"type": "decline"}, "label": "Leave Savoy at war"},
        {"action": {"type": "neutralise_savoy"}, "label": "Declare Savoy neutral (7.2.1)", "target": "space:turin"},
    ]


def displace_choice_list(state: State, role: str) -> list[Choice]:
    where = name(state["displace"][0]["space"])
    return [
        {
            "action": {"type": "displace", "to": s},
            "label": msg("Move the forces in {space} to {dest} (7.2.1)", space=where, dest=name(s)),
            "target": f"space:{s}",
        }
        for s in displace_choices(state)
    ]


def resume(state: State) -> None:
    """The next displaced force, else the next player asked, else the phase that was interrupted."""
    if displace_next(state):
        return
    asked = [r for r in state.get("savoy_ask", []) if may_neutralise_savoy(state, r)]
    if asked:
        state["savoy_ask"] = asked[1:]
        state["active"] = [asked[0]]
        return
    back = state["resume"]
    state["resume"] = None
    state["savoy_ask"] = []
    state["phase"], state["active"] = back["phase"], back["active"]


def decline(state: State, role: str, action: Action) -> None:
    resume(state)


def neutralise(state: State, role: str, action: Action) -> None:
    neutralise_savoy(state, role)
    state["savoy_ask"] = []
    resume(state)


def displace(state: State, role: str, action: Action) -> None:
    displace_to(state, action["to"])
    resume(state)


PHASE = Phase("savoy", savoy_choices, {"decline": decline, "neutralise_savoy": neutralise})
DISPLACE = Phase("displace", displace_choice_list, {"displace": displace})
