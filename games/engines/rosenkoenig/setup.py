"""The initial state (RK-SETUP-1…6)."""

from __future__ import annotations

from ..base import Rng, State, add_event
from .data.cards import CARD_IDS
from .data.components import CENTRE, DEAL, HEROES_PER_PLAYER, ROLES, STONES
from .rules import sort_hand


def initial_state(seed: int) -> State:
    rng = Rng.from_seed(seed)
    deck = rng.shuffled(CARD_IDS)  # RK-SETUP-3: shuffle, deal 5 each, 14 form the draw pile
    state: State = {
        "board": {},  # RK-SETUP-6: no stones at the start
        "crown": list(CENTRE),  # RK-SETUP-6: the crown starts on the sun
        # RK-SETUP-4: hands lie face up, so they are plain public lists (sorted for a stable display).
        "hands": {"red": sort_hand(deck[:DEAL]), "white": sort_hand(deck[DEAL : 2 * DEAL])},
        "draw_pile": deck[2 * DEAL :],
        "discard": [],
        "heroes": {role: HEROES_PER_PLAYER for role in ROLES},  # RK-SETUP-5
        "supply": STONES,  # RK-SETUP-2: one common supply (A5)
        "turn": ROLES[0],  # RK-PLAY-1: Red moves first
        "end": None,  # why the game ended ("stones" or "blocked"); None while it runs
        "rng": rng.state,
        "log": [],
    }
    add_event(state, "Red (Lancaster) and White (York) each receive 5 power cards and 4 heroes; Red moves first.")
    return state
