"""Section 5 (seed): the Event and Action decks, shared by both players; the 1693 cards."""

from __future__ import annotations

from games.engines.base import Rng, add_event

from .data.cards import ACTION_CARDS, EFFECT_TEXTS, EVENT_CARDS, REGION_NAMES
from .data.leaders import LEADERS
from .data.spaces import SPACES
from .data.tracks import HAND_SIZE

State = dict


def build_decks(rng: Rng) -> dict[str, list[str]]:
    """NY-5.2.1a/b: the cards are split into one Event deck and one Action deck, both shuffled and shared;
    NY-5.2.2a: the "Add to deck in 1693" events are set aside."""
    events = [c for c in sorted(EVENT_CARDS) if not EVENT_CARDS[c][2]]
    later = [c for c in sorted(EVENT_CARDS) if EVENT_CARDS[c][2]]
    return {
        "event_deck": rng.shuffled(events),
        "set_aside": later,
        "action_deck": rng.shuffled(sorted(ACTION_CARDS)),
        "discards": [],
        "event_discards": [],
    }


def add_1693_cards(state: State, rng: Rng) -> None:
    """NY-5.2.2b (A27): at the start of the 1693 Event Phase the set-aside cards join the remaining
    Event deck, which is reshuffled."""
    state["decks"]["event_deck"] = rng.shuffled(state["decks"]["event_deck"] + state["decks"]["set_aside"])
    state["decks"]["set_aside"] = []
    add_event(state, "The 1693 cards are shuffled into the Event deck (5.2.2)")


def draw_event(state: State) -> str | None:
    """NY-5.1b: each player draws one Event card in the Event Phase."""
    deck = state["decks"]["event_deck"]
    return deck.pop() if deck else None


def deal_actions(state: State, rng: Rng, order: list[str]) -> None:
    """NY-5.1c / 13.1 (provisional): each player is dealt HAND_SIZE Action cards at the start of the Campaign
    Phase; when the Action deck runs out its discards are reshuffled."""
    decks = state["decks"]
    for role in order:
        while len(state["hands"][role]) < HAND_SIZE:
            if not decks["action_deck"]:
                decks["action_deck"] = rng.shuffled(sorted(decks["discards"]))
                decks["discards"] = []
            state["hands"][role].append(decks["action_deck"].pop())
        state["hands"][role].sort()


def card_title(card: str) -> str:
    """A card as players read it (never its id): an Event card's title; a stand-in Action card, which has no
    title, by its value ("2-action card")."""
    if card in EVENT_CARDS:
        return EVENT_CARDS[card][0]
    return f"{ACTION_CARDS[card]}-action card"


def event_text(card: str) -> str:
    """What an Event card does, in words (PROVISIONAL.md 9 quotes every card's text)."""
    kind, *args = EVENT_CARDS[card][1]
    shown = [_named(a) for a in args]
    if kind == "vp":
        gainer = "the Alliance" if args[0] > 0 else "the Bourbon"
        return EFFECT_TEXTS[kind].format(*args, gainer=gainer, amount=abs(args[0]))
    return EFFECT_TEXTS[kind].format(*shown)


def _named(arg: object) -> object:
    """Ids as players read them: a space, a leader, a region, a side; numbers stay numbers."""
    if not isinstance(arg, str):
        return arg
    if arg in SPACES:
        return SPACES[arg][0]
    if arg in LEADERS:
        return LEADERS[arg]["name"]
    if arg in REGION_NAMES:
        return REGION_NAMES[arg]
    return arg.capitalize() if arg in ("bourbon", "alliance", "atlantic", "mediterranean") else arg
