"""The computer player's determinisation: a full state a side could be in, rebuilt from its view alone.

Everything on the board is open (NY-4.4a), so only the cards are drawn: the opponent's unplayed Action cards
(NY-4.4b) and the order of both shared decks (NY-5.2.1b), dealt from the cards the side has not seen.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import Rng, json_copy

from .data.cards import ACTION_CARDS, EVENT_CARDS
from .data.powers import SIDES, other
from .view import PUBLIC

State = dict


def sample_state(view: dict[str, Any], role: str, seed: int) -> State:
    """A state behind ``view`` for ``role``: the open parts copied, the hidden cards dealt by ``seed``."""
    rng = Rng.from_seed(seed)
    state: State = json_copy({key: view[key] for key in PUBLIC})
    state["savoy_ask"] = list(view["savoy_ask"])
    state["hands"], state["decks"] = _deal_unseen(view, role, rng)
    state["log"] = list(view["log"])
    state["rng"] = rng.state
    return state


def _deal_unseen(view: dict[str, Any], role: str, rng: Rng) -> tuple[dict, dict]:
    """The opponent's hand and the Action deck from the Action cards neither in ``role``'s hand nor played
    since the last reshuffle; the Event deck from the events neither drawn nor still set aside for 1693
    (NY-5.2.2a: the set-aside pile is all those cards or, from 1693, none)."""
    counts = view["hand_counts"]
    hands = {side: [] for side in SIDES}
    hands[role] = list(view["hand"])
    seen = set(view["hand"]) | set(view["action_discards"])
    unseen_actions = rng.shuffled([c for c in sorted(ACTION_CARDS) if c not in seen])
    opponent = other(role)
    hands[opponent] = sorted(unseen_actions[: counts[opponent]])
    set_aside = [c for c in sorted(EVENT_CARDS) if EVENT_CARDS[c][2]] if view["deck_counts"]["set_aside"] else []
    drawn = set(view["event_discards"]) | set(set_aside)
    decks = {
        "event_deck": rng.shuffled([c for c in sorted(EVENT_CARDS) if c not in drawn]),
        "set_aside": set_aside,
        "action_deck": unseen_actions[counts[opponent] :],
        "discards": list(view["action_discards"]),
        "event_discards": list(view["event_discards"]),
    }
    return hands, decks
