"""The states behind a side's view, for the computer player (issue 32).

Rosenkönig hides only the order of the draw pile and the RNG (A11): hands, heroes, the discard pile and
the board lie open (RK-SETUP-4). The cards in the draw pile are therefore known as a set, every card
neither in a hand nor on the discard pile; only their order is drawn from the seed.
"""

from __future__ import annotations

from typing import Any

from ..base import Rng, State, json_copy
from .data.cards import CARD_IDS
from .data.components import ROLES


def sample_state(view: dict[str, Any], seed: int) -> State:
    rng = Rng.from_seed(seed)
    seen = {card for role in ROLES for card in view["hands"][role]} | set(view["discard"])
    unseen = [card for card in CARD_IDS if card not in seen]
    assert len(unseen) == view["draw_pile_count"], "the view's cards do not add up to the deck"
    return {
        "board": dict(view["board"]),
        "crown": list(view["crown"]),
        "hands": {role: list(view["hands"][role]) for role in ROLES},
        "draw_pile": rng.shuffled(unseen),  # RK-SETUP-3 / RK-DRAW-4: face down, any order
        "discard": list(view["discard"]),
        "heroes": dict(view["heroes"]),
        "supply": view["supply"],
        "turn": view["turn"],
        "end": _end(view),
        "rng": rng.next_u64(),  # a later reshuffle (RK-DRAW-4) is unknown too
        "log": json_copy(view["log"]),  # every event of this game is public
    }


def _end(view: dict[str, Any]) -> str | None:
    """Why a finished game ended (``sequence.end_turn``): the supply runs out first (RK-END-2), else
    nobody could move (RK-END-1)."""
    if view["result"] is None:
        return None
    return "stones" if view["supply"] == 0 else "blocked"
