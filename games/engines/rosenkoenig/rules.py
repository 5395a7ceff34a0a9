"""The rules of play: setup, the three actions, forced passes and the end of the game."""

from __future__ import annotations

from typing import Any

from ..base import IllegalAction, Rng, add_event
from .data import (
    CARD_IDS,
    CARD_ORDER,
    CARDS,
    CENTRE,
    COLOUR_NAMES,
    DEAL,
    DIRECTIONS,
    HAND_LIMIT,
    HEROES_PER_PLAYER,
    ROLES,
    STONES,
    cell_key,
    cell_target,
    on_board,
)
from .scoring import decide

State = dict[str, Any]
Move = dict[str, Any]  # {"type": "play"|"hero", "card": id, "to": [r, c]}

END_REASONS = {
    "stones": "the last stone of the supply was placed",
    "blocked": "neither player can make a legal move",
}


def opponent(role: str) -> str:
    return ROLES[1] if role == ROLES[0] else ROLES[0]


def name(role: str) -> str:
    return COLOUR_NAMES[role]


def cell_text(cell: list[int] | tuple[int, int]) -> str:
    return f"({cell[0]},{cell[1]})"


def sort_hand(hand: list[str]) -> list[str]:
    return sorted(hand, key=CARD_ORDER.__getitem__)


# --- setup ---------------------------------------------------------------------------------------
def new_game(seed: int) -> State:
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
        "end": None,
        "rng": rng.state,
        "log": [],
    }
    add_event(state, "Red (Lancaster) and White (York) each receive 5 power cards and 4 heroes; Red moves first.")
    return state


# --- movement --------------------------------------------------------------------------------------
def destination(crown: list[int], card: str) -> tuple[int, int] | None:
    """Where ``card`` moves the crown, or None if it would leave the board (RK-MOVE-4)."""
    info = CARDS[card]
    d_row, d_col = DIRECTIONS[info["direction"]]
    # RK-MOVE-1/2/5: exactly ``distance`` cells in the card's direction; cells passed over do not matter.
    row, col = crown[0] + d_row * info["distance"], crown[1] + d_col * info["distance"]
    return (row, col) if on_board(row, col) else None


def moves(state: State, role: str) -> list[Move]:
    """Every action 1 and action 3 move ``role`` may make now, in hand order."""
    plays, heroes = [], []
    for card in state["hands"][role]:
        target = destination(state["crown"], card)
        if target is None:
            continue
        owner = state["board"].get(cell_key(*target))
        if owner is None:  # RK-MOVE-3: action 1 only onto an empty cell
            plays.append({"type": "play", "card": card, "to": list(target)})
        elif owner != role and state["heroes"][role] > 0:
            # RK-HERO-1/2: an opponent's stone needs a hero; RK-MOVE-8: never onto an own stone.
            heroes.append({"type": "hero", "card": card, "to": list(target)})
    return plays + heroes


def can_draw(state: State, role: str) -> bool:
    # RK-DRAW-1 / RK-HERO-6: fewer than 5 power cards (heroes do not count).
    return len(state["hands"][role]) < HAND_LIMIT and bool(state["draw_pile"])


def has_action(state: State, role: str) -> bool:
    return can_draw(state, role) or bool(moves(state, role))


# --- validation ----------------------------------------------------------------------------------
def check_action(state: State, role: str, action: Any) -> None:
    """Raise IllegalAction with a precise message unless ``action`` is legal for ``role`` now."""
    if role not in ROLES:
        raise IllegalAction(f"Unknown role {role!r}; roles are red, white")
    if state["end"] is not None:
        raise IllegalAction("The game is over")
    if state["turn"] != role:
        raise IllegalAction(f"It is not {name(role)}'s turn; {name(state['turn'])} is to move")
    if not isinstance(action, dict) or "type" not in action:
        raise IllegalAction('An action is a JSON object with a "type" key')
    kind = action["type"]
    if kind == "draw":
        if set(action) != {"type"}:
            raise IllegalAction('A draw is just {"type": "draw"}')
        if len(state["hands"][role]) >= HAND_LIMIT:
            raise IllegalAction("You hold 5 power cards and may not draw (RK-DRAW-1)")
        if not state["draw_pile"]:
            raise IllegalAction("The draw pile is empty")
        return
    if kind not in ("play", "hero"):
        raise IllegalAction(f"Unknown action type {kind!r}; use play, draw or hero")
    if set(action) != {"type", "card"}:
        raise IllegalAction(f'A {kind} action is {{"type": "{kind}", "card": "<card id such as NE3>"}}')
    card = action["card"]
    if not isinstance(card, str) or card not in CARDS:
        raise IllegalAction(f"Unknown power card {card!r}; card ids look like N1, NE3, SW2")
    label = CARDS[card]["label"]
    if card not in state["hands"][role]:
        raise IllegalAction(f"{label} is not in your hand")
    target = destination(state["crown"], card)
    if target is None:
        raise IllegalAction(f"{label} would move the crown off the board (RK-MOVE-4)")
    owner = state["board"].get(cell_key(*target))
    if owner == role:
        raise IllegalAction(f"{label} would land on your own stone at {cell_text(target)} (RK-MOVE-8)")
    if kind == "play" and owner is not None:
        raise IllegalAction(f"{cell_text(target)} holds an opponent's stone; only a hero may land there (RK-MOVE-3)")
    if kind == "hero":
        if state["heroes"][role] <= 0:
            raise IllegalAction("You have no hero cards left (RK-HERO-1)")
        if owner is None:
            raise IllegalAction(f"{cell_text(target)} is empty: play the card without a hero (A2)")


# --- the three actions -----------------------------------------------------------------------------
def play(state: State, role: str, card: str, hero: bool) -> None:
    """Action 1 (a power card) or action 3 (a hero with a power card); ``state`` is changed in place."""
    target = destination(state["crown"], card)
    assert target is not None  # checked by check_action
    key = cell_key(*target)
    state["hands"][role].remove(card)
    state["discard"].append(card)  # RK-MOVE-7 / RK-HERO-5: face up on the discard pile, no replacement
    label = CARDS[card]["label"]
    if hero:
        state["heroes"][role] -= 1  # RK-HERO-5: the hero leaves the game
        state["board"][key] = role  # RK-HERO-3: flip the opponent's stone; RK-HERO-4: no supply used
        text = f"{name(role)} plays a hero with {label}: the crown moves to {cell_text(target)} and flips a stone."
    else:
        state["board"][key] = role  # RK-MOVE-6: a stone of the mover's colour from the common supply
        state["supply"] -= 1
        text = f"{name(role)} plays {label}: the crown moves to {cell_text(target)} and a stone is placed."
    # The crown's move and the stone placed or flipped, by the map's cell ids (the page draws them).
    path, at = [cell_target(*state["crown"]), cell_target(*target)], [cell_target(*target)]
    state["crown"] = list(target)  # RK-PLAY-6: the next move starts here
    add_event(state, text, action="hero" if hero else "play", card=card, to=list(target), path=path, at=at)


def draw(state: State, role: str) -> None:
    """Action 2: draw the top card (RK-DRAW-1…4)."""
    card = state["draw_pile"].pop(0)
    state["hands"][role] = sort_hand([*state["hands"][role], card])  # RK-DRAW-2: face up, like the others
    add_event(state, f"{name(role)} draws {CARDS[card]['label']}.", action="draw", card=card)
    if not state["draw_pile"]:
        # RK-DRAW-4 / A9: reshuffle the discard pile at once; hands and heroes stay out.
        rng = Rng(state["rng"])
        state["draw_pile"] = rng.shuffled(state["discard"])
        state["rng"] = rng.state
        state["discard"] = []
        add_event(state, f"The draw pile is empty: the discard pile ({len(state['draw_pile'])} cards) is reshuffled.")


# --- turn order and the end ------------------------------------------------------------------------
def finish_turn(state: State, mover: str) -> None:
    """Decide who moves next after ``mover``'s turn, passing for a player who cannot act."""
    if state["supply"] == 0:
        end_game(state, "stones")  # RK-END-2: the last stone was placed
        return
    other = opponent(mover)
    if has_action(state, other):
        state["turn"] = other  # RK-PLAY-1, and RK-PLAY-5 / A6: a passing player resumes as soon as he can act
    elif has_action(state, mover):
        # RK-PLAY-4/5: Zugzwang; the opponent moves again. Recorded, never asked.
        add_event(state, f"{name(other)} cannot make any legal move and must pass.", action="pass", role=other)
        state["turn"] = mover
    else:
        end_game(state, "blocked")  # RK-END-1 / A4


def end_game(state: State, reason: str) -> None:
    # RK-END-3: no further turns; the territories are scored.
    state["turn"] = None
    state["end"] = reason
    outcome = decide(state["board"])
    add_event(state, f"Game over: {END_REASONS[reason]}. {outcome['reason']}.")
