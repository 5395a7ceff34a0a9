"""SK-6.3: the simultaneous turn-order bid and the winner's choice of first player."""

from __future__ import annotations

from games.engines.base import Action, Choice, State, add_event, msg
from games.engines.base.phases import Phase, mark_hand_over

from .common import NAMES, SIDES, asked, card, card_label, card_target, choice, other


def enter_bid(state: State) -> None:
    state["phase"] = "bid"
    state["turn_order_bids"] = {}
    state["active"] = list(SIDES)  # SK-6.3a: both bid at once


def bid_choices(state: State, role: str) -> list[Choice]:
    if not state["hands"][role]:  # cannot happen with 55-card decks; keeps the game moving regardless
        return [choice("Bid nothing (no cards in hand)", type="bid", card=None)]
    return [
        choice(msg("Bid {card}", card=card_label(state, c)), card_target(c), type="bid", card=c)
        for c in state["hands"][role]
    ]


def first_choices(state: State, role: str) -> list[Choice]:
    return [
        choice(msg("{side} moves first this week", side=NAMES[r]), type="first", player=r) for r in (role, other(role))
    ]


def bid(state: State, role: str, action: Action) -> None:
    state["turn_order_bids"][role] = action["card"]
    if action["card"] is not None:
        state["hands"][role].remove(action["card"])  # face down on the table
    add_event(state, msg("{side} places a bid card face down.", side=NAMES[role]))
    if action["card"] is not None:
        add_event(state, msg("Your bid: {card}.", card=card_label(state, action["card"])), only_for=[role])
    state["active"] = [r for r in SIDES if r not in state["turn_order_bids"]]
    if not state["active"]:
        reveal(state)


def first(state: State, role: str, action: Action) -> None:
    choose_first(state, action["player"])


def reveal(state: State) -> None:
    """SK-6.3a/b/e: reveal together; the higher number wins; both bid cards are discarded."""
    values = {r: card(state, state["turn_order_bids"][r]).bid if state["turn_order_bids"][r] else 0 for r in SIDES}
    for r in SIDES:
        if state["turn_order_bids"][r]:
            state["discards"][r].append(state["turn_order_bids"][r])
            bid_card = card_label(state, state["turn_order_bids"][r])
            add_event(state, msg("{side} reveals the bid {card}.", side=NAMES[r], card=bid_card))
    # Ishida numbers are odd and Tokugawa's even, so card bids never tie (AMB-18); two empty bids -> Ishida.
    winner = "tokugawa" if values["tokugawa"] > values["ishida"] else "ishida"
    state["turn_order_winner"] = winner
    add_event(state, msg("{side} wins the bid and chooses who moves first.", side=NAMES[winner]), rule="SK-6.3c")
    state["phase"] = "first"
    state["active"] = [winner]


def choose_first(state: State, first: str) -> None:
    """SK-6.3c/d: the marker goes to box A with the first player's face up."""
    state["first"] = first
    state["turn"] = "A"
    state["half"] = 0
    add_event(state, msg("{side} moves first in week {week}.", side=NAMES[first], week=state["week"]))
    mark_hand_over(state, "start_half")


BID = Phase("bid", bid_choices, {"bid": bid}, prompt=asked("bid a card face down for the turn order"))
FIRST = Phase("first", first_choices, {"first": first}, prompt=asked("choose who moves first this week"))
