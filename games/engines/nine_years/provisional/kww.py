"""PROVISIONAL 18 King William's War: a die roll each Event Phase moves the KWW marker one box."""

from __future__ import annotations

from games.engines.base import Rng, add_event, msg

from ..data.powers import ALLIANCE, BOURBON
from ..data.tracks import KWW_TRACK
from ..victory import kww_adjust

State = dict


def move_marker(state: State, side: str) -> None:
    """18: one box toward the winner's end (the Bourbon end is box 0), then NY-6.1.1m."""
    old = state["king_williams_war"]
    new = max(0, old - 1) if side == BOURBON else min(len(KWW_TRACK) - 1, old + 1)
    state["king_williams_war"] = new
    kww_adjust(state, old, new)


def kww_roll(state: State, rng: Rng) -> None:
    """8 step 1a (NY-8c, provisional): each side rolls a die; the higher moves the marker; a tie does nothing."""
    b, a = rng.die(), rng.die()
    add_event(state, msg("King William's War: Bourbon {bourbon}, Alliance {alliance}", bourbon=b, alliance=a))
    if a != b:
        move_marker(state, ALLIANCE if a > b else BOURBON)
