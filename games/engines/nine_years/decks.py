"""Section 5 (seed): the Event and Action decks, shared by both players; the 1693 cards."""

from __future__ import annotations

from games.engines.base import Rng, add_event, msg, name, plural

from .board import name as space_name
from .board import sea_name, side_name
from .data.cards import ACTION_CARDS, EFFECT_TEXTS, EVENT_CARDS
from .data.powers import ALLIANCE, BOURBON
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
    add_event(state, "The 1693 cards are shuffled into the Event deck", rule="5.2.2")


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


def card_title(card: str) -> dict:
    """A card as players read it (never its id): an Event card's title; a stand-in Action card, which has no
    title, by its value ("2-action card")."""
    if card in EVENT_CARDS:
        return name(f"card:{card}")
    value = ACTION_CARDS[card]
    return plural("{n}-action card", "{n}-action card", value)


def event_text(card: str) -> dict:
    """What an Event card does, in words (PROVISIONAL.md 9 quotes every card's text)."""
    kind, *args = EVENT_CARDS[card][1]
    text = EFFECT_TEXTS[kind]
    if kind == "vp":
        gainer = ALLIANCE if args[0] > 0 else BOURBON
        return msg(text, delta=f"{args[0]:+d}", gainer=side_name(gainer), amount=abs(args[0]))
    if kind == "reduce":
        return msg(text, side=side_name(args[0]), region=name(f"region:{args[1]}"), count=args[2])
    if kind == "sea":
        return msg(text, sea=sea_name(args[0]), side=side_name(args[1]))
    if kind in ("fortress_strength", "relief"):
        return msg(text, space=space_name(args[0]))
    if kind in ("lasting_resource_points", "resource_points"):
        return msg(text, side=side_name(args[0]), delta=f"{args[1]:+d}")
    if kind == "death":
        return msg(text, leader=name(f"leader:{args[0]}"))
    if kind == "king_williams_war":
        return msg(text, side=side_name(args[0]))
    return msg(text)
