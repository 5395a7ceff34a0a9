"""SK-6.1, SK-6.4, SK-10a: the order of weeks, turns A and B, and each player's two phases."""

from __future__ import annotations

from games.engines.base import State, add_event

from .common import NAMES, check_instant, end_game, other, refresh_control, vp_scores
from .data.setup import WEEKS


def mover(state: State) -> str:
    """SK-6.4a: the first player acts in the first half of each turn, the other in the second."""
    return state["first"] if state["half"] == 0 else other(state["first"])


def start_half(state: State) -> None:
    from .movement import start as start_movement

    role = mover(state)
    add_event(state, f"Week {state['week']} turn {state['turn']}: {NAMES[role]}'s Movement Phase.")
    start_movement(state, role)


def end_combat_phase(state: State) -> None:
    """After a Combat Phase: the other player's half, turn B, the next week, or the end."""
    refresh_control(state)  # SK-4.3b/c: the last combat's result counts for scoring and the 6th card
    if check_instant(state):
        return
    state["bt"] = None
    state["resolved"] = []
    if state["half"] == 0:
        state["half"] = 1
        start_half(state)
        return
    state["half"] = 0
    if state["turn"] == "A":  # SK-6.4b: same first player in turn B
        state["turn"] = "B"
        start_half(state)
        return
    if state["week"] >= WEEKS:  # SK-6.4c, SK-10a/b, SK-2.2a-c
        finish_game(state)
        return
    state["week"] += 1
    state["turn"] = "A"
    from .reinforcement import start as start_reinforcement

    start_reinforcement(state)


def finish_game(state: State) -> None:
    scores = vp_scores(state)
    winner = "ishida" if scores["ishida"] >= scores["tokugawa"] else "tokugawa"  # SK-2.2c: tie -> Ishida
    end_game(
        state,
        winner,
        f"End of week {WEEKS}: Ishida {scores['ishida']} VP, Tokugawa {scores['tokugawa']} VP; {NAMES[winner]} wins.",
    )
