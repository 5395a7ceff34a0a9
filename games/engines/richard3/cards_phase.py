"""Campaign deal, the one-time redeal, and the simultaneous face-down card play (R3-0.2, R3-1.1, R3-5.1)."""

from __future__ import annotations

from games.engines.base import IllegalAction, Text, add_event, msg
from games.engines.base import name as ref
from games.engines.base.phases import Handover, Phase, hand_over

from .board import ROLES, other, pretender, shuffled_deck, side_name
from .data.cards import CARDS
from .prompts import prompt

HAND_SIZE = 7
REDEAL_MAX = 13  # R3-5.1d


def card_label(card: int) -> dict:
    ap, event = CARDS[card]
    return msg("{event} (event, AP {ap})", event=ref(f"event:{event}"), ap=ap) if event else msg("AP {ap}", ap=ap)


def hand_event(hand: list[int]) -> dict:
    return msg("Your hand: {cards}.", cards=[card_label(c) for c in hand])


def hand_value(hand: list[int]) -> int:
    """Printed AP of a hand, events at their AP (A5)."""
    return sum(CARDS[c][0] for c in hand)


def deal(state: dict) -> None:
    """A Campaign begins: shuffle all 25 cards and deal 7 to each player; the rest sit out the Campaign
    (R3-0.2b/c, R3-8.5d); then the redeal question."""
    deck = shuffled_deck(state, sorted(CARDS))
    state["hands"] = {"lancaster": sorted(deck[:HAND_SIZE]), "york": sorted(deck[HAND_SIZE : 2 * HAND_SIZE])}
    state["deck"] = deck[2 * HAND_SIZE :]
    for role in ROLES:
        add_event(state, hand_event(state["hands"][role]), only_for=[role])
    state["redeal"] = {"used": False, "claimant": None, "answers": {}}
    open_redeal(state)


def open_redeal(state: dict) -> None:
    """A5: one redeal per Campaign in total, claimed before the first Card Phase. Both players always answer,
    at the same time, so being asked reveals nothing about a hand (R3-0.2b)."""
    redeal = state["redeal"]
    if redeal["used"]:
        enter_card_phase(state)
        return
    redeal.update(claimant=None, answers={r: None for r in ROLES})
    state["phase"] = "redeal"


def enter_card_phase(state: dict) -> None:
    """Each Game Turn opens with the Card Phase (R3-1.0c, R3-1.1)."""
    state["phase"] = "card"


def may_claim(state: dict, role: str) -> bool:
    return hand_value(state["hands"][role]) <= REDEAL_MAX  # R3-5.1d


def redeal_active(state: dict) -> list[str]:
    redeal = state["redeal"]
    if redeal["claimant"]:
        return [other(redeal["claimant"])]
    return [r for r in ROLES if redeal["answers"][r] is None]


def redeal_choices(state: dict, role: str) -> list[dict]:
    if state["redeal"]["claimant"]:
        return [
            {"action": {"type": "keep"}, "label": msg("Keep your hand")},
            {"action": {"type": "new_hand"}, "label": msg("Take a new hand as well")},
        ]
    out = [{"action": {"type": "keep"}, "label": msg("Keep your hand")}]
    if may_claim(state, role):
        out.append({"action": {"type": "redeal"}, "label": msg("Show your hand (13 AP or less) and demand a redeal")})
    return out


def show_hand(state: dict, role: str) -> None:
    add_event(
        state,
        msg(
            "{side} shows a hand worth {ap} AP ({cards}) and demands a redeal (R3-5.1d).",
            side=side_name(role),
            ap=hand_value(state["hands"][role]),
            cards=[card_label(c) for c in state["hands"][role]],
        ),
    )


def new_hands_for_all(state: dict) -> None:
    deck = shuffled_deck(state, sorted(CARDS))
    state["hands"] = {"lancaster": sorted(deck[:HAND_SIZE]), "york": sorted(deck[HAND_SIZE : 2 * HAND_SIZE])}
    state["deck"] = deck[2 * HAND_SIZE :]


def show_new_hands(state: dict) -> Handover:
    """The redeal is over (used once this Campaign): each player reads his hand, then the Card Phase."""
    for r in ROLES:
        add_event(state, hand_event(state["hands"][r]), only_for=[r])
    state["redeal"].update(used=True, claimant=None)
    return hand_over("card")


def answer(state: dict, role: str, kind: str) -> Handover | None:
    """Both players answer at once whether they demand a redeal (A5, R3-5.1d)."""
    redeal = state["redeal"]
    redeal["answers"][role] = kind
    if any(a is None for a in redeal["answers"].values()):
        return None  # the other player has not answered yet
    claimants = [r for r in ROLES if redeal["answers"][r] == "redeal"]
    for r in claimants:
        show_hand(state, r)
    if not claimants:
        return hand_over("card")
    if len(claimants) == 1:
        redeal["claimant"] = claimants[0]  # R3-5.1f: the opponent now decides
        return None
    new_hands_for_all(state)  # both gave up their hands: all 25 reshuffled
    add_event(state, msg("Both players demand a redeal; all 25 cards are reshuffled."))
    return show_new_hands(state)


def keep(state: dict, role: str, action: dict) -> Handover | None:
    """Keep one's hand: an answer, or the opponent's reply to a redeal demand (R3-5.1f)."""
    claimant = state["redeal"]["claimant"]
    if claimant is None:
        return answer(state, role, "keep")
    # the claimant's 7 go back with the 11 undealt cards
    deck = shuffled_deck(state, sorted(state["deck"] + state["hands"][claimant]))
    state["hands"][claimant] = sorted(deck[:HAND_SIZE])
    state["deck"] = deck[HAND_SIZE:]
    add_event(
        state,
        msg("{side} keeps his hand; {other} is dealt 7 new cards.", side=side_name(role), other=side_name(claimant)),
    )
    return show_new_hands(state)


def demand_redeal(state: dict, role: str, action: dict) -> Handover | None:
    return answer(state, role, "redeal")


def take_new_hand(state: dict, role: str, action: dict) -> Handover:
    """R3-5.1f: the opponent gives up his hand as well; both hands go back, all 25 reshuffled."""
    new_hands_for_all(state)
    add_event(state, msg("{side} also takes a new hand; all 25 cards are reshuffled.", side=side_name(role)))
    return show_new_hands(state)


def card_active(state: dict) -> list[str]:
    return [r for r in ROLES if state["played"][r] is None]


def card_choices(state: dict, role: str) -> list[dict]:
    return [
        {"action": {"type": "play", "card": c}, "label": msg("Play {card}", card=card_label(c)), "target": f"card:{c}"}
        for c in state["hands"][role]
    ]


def player_one(state: dict, cards: dict[str, int]) -> str:
    """Higher card first; any event beats any action card; ties and two events go to the Pretender (R3-1.1b-e)."""
    lan, yor = CARDS[cards["lancaster"]], CARDS[cards["york"]]
    lan_event, yor_event = lan[1] is not None, yor[1] is not None
    if lan_event != yor_event:
        return "lancaster" if lan_event else "york"
    both_events_to_pretender = lan_event and state.get("two_events", "pretender") == "pretender"
    if both_events_to_pretender or lan[0] == yor[0]:
        return pretender(state)
    return "lancaster" if lan[0] > yor[0] else "york"


def play(state: dict, role: str, action: dict) -> Handover | None:
    """Lay a card face down; once both are down they are revealed and Player 1 is known (R3-1.1a/b)."""
    card = action.get("card")
    if card not in state["hands"][role]:
        raise IllegalAction(msg("That card is not in your hand"))
    state["hands"][role].remove(card)
    state["played"][role] = card
    add_event(state, msg("{side} lays a card face down.", side=side_name(role)))
    add_event(state, msg("You play {card}.", card=card_label(card)), only_for=[role])
    if any(state["played"][r] is None for r in ROLES):
        return None
    cards = dict(state["played"])
    p1 = player_one(state, cards)
    state["player1"] = p1
    add_event(
        state,
        msg(
            "Turn {turn}: Lancaster plays {lancaster}, York plays {york}. {side} is Player 1.",
            turn=state["turn"],
            lancaster=card_label(cards["lancaster"]),
            york=card_label(cards["york"]),
            side=side_name(p1),
        ),
    )
    return hand_over("cards_revealed")


def redeal_prompt(state: dict, role: str) -> Text:
    if state["redeal"]["claimant"]:
        return msg("Your opponent demands a redeal: keep your hand or take a new one as well.")
    if may_claim(state, role):
        return msg("Your hand is worth 13 AP or less: keep it or demand a redeal.")
    return msg("Your hand is worth more than 13 AP: keep it.")


def redeal_waiting(state: dict, who: str) -> Text:
    return msg("{side} decides whether to keep the hand or ask for a redeal.", side=side_name(who))


def card_prompt(state: dict, role: str) -> Text:
    return msg("Choose a card to play face down.")


def card_waiting(state: dict, who: str) -> Text:
    return msg("{side} is choosing a card to play face down.", side=side_name(who))


REDEAL = Phase(
    "redeal",
    redeal_choices,
    {"keep": keep, "redeal": demand_redeal, "new_hand": take_new_hand},
    prompt=prompt(redeal_prompt, redeal_waiting, redeal_active),
    active=redeal_active,
)

PHASE = Phase(
    "card",
    card_choices,
    {"play": play},
    prompt=prompt(card_prompt, card_waiting, card_active),
    active=card_active,
)
