"""PROVISIONAL 13.2-13.3 action rounds: players alternate one Action card at a time until both hands are empty."""

from __future__ import annotations

from ..data.powers import other

State = dict


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


def ask_savoy(state: State, roles: list[str]) -> None:
    """NY-7.2.1c (A8): eligible players are asked in initiative order; play resumes afterwards."""
    if not roles:
        return
    state["resume"] = {"phase": state["phase"], "active": list(state["active"])}
    state["savoy_ask"] = roles[1:]
    state["phase"] = "savoy"
    state["active"] = [roles[0]]


def initiative_order(state: State) -> list[str]:
    first = state["initiative"]
    return [first, other(first)]
