"""SK-6.2: the Reinforcement step (weeks 2-7): discard half the hand, draw cards and blocks."""

from __future__ import annotations

from games.engines.base import Choice, Rng, State, add_event

from .common import NAMES, SIDES, card_label, castles_of, choice, discard, draw_cards, resources_of
from .data.setup import HAND_SIZE, REINFORCEMENT_TRACK
from .setup import draw_from_bag


def start(state: State) -> None:
    """SK-6.2b: each player owes floor(N/2) discards of his own choosing."""
    add_event(state, f"Week {state['week']}: Reinforcement step.")
    state["owe"] = {r: len(state["hands"][r]) // 2 for r in SIDES}
    state["phase"] = "discard"
    state["active"] = [r for r in SIDES if state["owe"][r] > 0]
    if not state["active"]:
        finish(state)


def choices(state: State, role: str) -> list[Choice]:
    n = state["owe"][role]
    return [
        choice(f"Discard {card_label(state, c)} ({n} more to discard)", type="discard", card=c)
        for c in state["hands"][role]
    ]


def act(state: State, role: str, action: dict) -> None:
    discard(state, role, action["card"], "reinforcement step")
    state["owe"][role] -= 1
    state["active"] = [r for r in SIDES if state["owe"][r] > 0]
    if not state["active"]:
        finish(state)


def finish(state: State) -> None:
    """SK-6.2c-g: draw 5 cards (+1 for castle majority), then blocks by the track (+1 resources)."""
    castles = {r: castles_of(state, r) for r in SIDES}
    res = {r: resources_of(state, r) for r in SIDES}
    for r in SIDES:
        extra = 1 if castles[r] > castles[_o(r)] else 0  # SK-6.2d, AMB-17: a tie gives nobody a 6th
        draw_cards(state, r, HAND_SIZE + extra)
    rng = Rng(state["rng"])
    for r in SIDES:
        n = REINFORCEMENT_TRACK[state["week"]] + (1 if res[r] >= res[_o(r)] else 0)  # SK-6.2e/f
        drawn = draw_from_bag(state, rng, r, n, "reinf")
        add_event(state, f"{NAMES[r]} draws {len(drawn)} block(s) into the Reinforcement area.")
    state["rng"] = rng.state
    from .initiative import start as start_bid

    start_bid(state)


def _o(r: str) -> str:
    return "tokugawa" if r == "ishida" else "ishida"
