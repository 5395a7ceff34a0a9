"""SK-6.2: the Reinforcement step (weeks 2-7): discard half the hand, draw cards and blocks."""

from __future__ import annotations

from games.engines.base import Action, Choice, Rng, State, add_event, msg, plural
from games.engines.base.phases import Phase, mark_hand_over

from .common import (
    NAMES,
    SIDES,
    asked,
    card_label,
    card_target,
    castles_of,
    choice,
    discard,
    draw_cards,
    face_name,
    other,
    resources_of,
)
from .data.setup import HAND_SIZE, REINFORCEMENT_TRACK
from .setup import draw_from_bag


def enter_reinforcement(state: State) -> None:
    """SK-6.2b: each player owes floor(N/2) discards of his own choosing."""
    add_event(state, msg("Week {week}: Reinforcement step.", week=state["week"]))
    state["discards_owed"] = {r: len(state["hands"][r]) // 2 for r in SIDES}
    state["phase"] = "discard"
    state["active"] = [r for r in SIDES if state["discards_owed"][r] > 0]
    if not state["active"]:
        finish(state)


def discard_choices(state: State, role: str) -> list[Choice]:
    n = state["discards_owed"][role]
    return [
        choice(
            msg("Discard {card} ({n} more to discard)", card=card_label(state, c), n=n),
            card_target(c),
            type="discard",
            card=c,
        )
        for c in state["hands"][role]
    ]


def discard_card(state: State, role: str, action: Action) -> None:
    discard(state, role, action["card"], "reinforcement step")
    state["discards_owed"][role] -= 1
    state["active"] = [r for r in SIDES if state["discards_owed"][r] > 0]
    if not state["active"]:
        finish(state)


def extra_card(castles: dict[str, int]) -> dict[str, int]:
    """SK-6.2d, AMB-17: the player with more castles draws a 6th card; a tie gives nobody one."""
    return {r: 1 if castles[r] > castles[other(r)] else 0 for r in SIDES}


def block_draws(week: int, resources: dict[str, int]) -> dict[str, int]:
    """SK-6.2e/f: the track's blocks, +1 for more Resource Locations (both on a tie)."""
    return {r: REINFORCEMENT_TRACK[week] + (1 if resources[r] >= resources[other(r)] else 0) for r in SIDES}


def finish(state: State) -> None:
    """SK-6.2c-g: draw 5 cards (+1 for castle majority), then blocks into the Reinforcement area."""
    extra = extra_card({r: castles_of(state, r) for r in SIDES})
    blocks = block_draws(state["week"], {r: resources_of(state, r) for r in SIDES})
    for r in SIDES:
        draw_cards(state, r, HAND_SIZE + extra[r])
    rng = Rng(state["rng"])
    for r in SIDES:
        drawn = draw_from_bag(state, rng, r, blocks[r], "reinf")
        into = plural(
            "{side} draws {n} block into the Reinforcement area.",
            "{side} draws {n} blocks into the Reinforcement area.",
            len(drawn),
            side=NAMES[r],
        )
        add_event(state, into, not_for=[r])
        add_event(state, msg("You draw: {blocks}.", blocks=[face_name(state, b) for b in drawn]), only_for=[r])
    state["rng"] = rng.state
    mark_hand_over(state, "turn_order_bid")


PHASE = Phase(
    "discard", discard_choices, {"discard": discard_card}, prompt=asked("discard cards for the Reinforcement step")
)
