"""A player's turn, the game's one phase (RK-PLAY-2): play a power card, draw one, or use a hero.

One handler per action type; each ends the turn by handing over to the sequencer (``sequence``), which
decides who moves next or ends the game. ``refusal`` says why an action is not one of the choices.
"""

from __future__ import annotations

from ..base import Action, Choice, Rng, State, add_event
from ..base.phases import Handover, Phase, hand_over
from .board import DRAW_PILE_TARGET, card_target, cell_key, cell_target, cell_text, destination
from .data.cards import CARDS
from .data.components import HAND_LIMIT
from .rules import Move, can_draw, moves, name, opponent, sort_hand


# --- the choices and the prompt ----------------------------------------------------------------------
def _choice(role: str, move: Move) -> Choice:
    label = CARDS[move["card"]]["label"]
    to = cell_text(move["to"])
    if move["type"] == "play":
        text = f"Play {label}: crown to {to}, place a {role} stone"
    else:
        text = f"Hero + {label}: crown to {to}, flip the {opponent(role)} stone"
    return {"action": {"type": move["type"], "card": move["card"]}, "label": text, "target": card_target(move["card"])}


def choices(state: State, role: str) -> list[Choice]:
    """Plays, then the draw, then heroes (RK-PLAY-2); there is no pass (RK-PLAY-3)."""
    found = moves(state, role)
    listed = [_choice(role, m) for m in found if m["type"] == "play"]
    if can_draw(state, role):
        label = f"Draw a power card ({len(state['hands'][role])} in hand)"
        listed.append({"action": {"type": "draw"}, "label": label, "target": DRAW_PILE_TARGET})
    return listed + [_choice(role, m) for m in found if m["type"] == "hero"]


def prompt(state: State, role: str | None) -> str:
    mover = state["turn"]
    kinds = {m["type"] for m in moves(state, mover)}
    options = []
    if "play" in kinds:
        options.append("play a power card")
    if can_draw(state, mover):
        options.append("draw a power card")
    if "hero" in kinds:
        options.append(f"use a hero with a power card ({state['heroes'][mover]} left)")
    if role != mover:
        # The waiting player (and a spectator) is told what the mover may do.
        return f"{name(mover)} is choosing a move (they may " + ", or ".join(options) + ")."
    return f"Your move, {name(mover)}: " + ", or ".join(options) + "."


# --- the three actions ---------------------------------------------------------------------------------
def play(state: State, role: str, action: Action) -> Handover:
    """Action 1: a power card moves the crown onto an empty cell, where a stone is placed."""
    card = action["card"]
    target = _move_crown(state, role, card)
    state["board"][cell_key(*target)] = role  # RK-MOVE-6: a stone of the mover's colour from the common supply
    state["supply"] -= 1
    text = f"{name(role)} plays {CARDS[card]['label']}: the crown moves to {cell_text(target)} and a stone is placed."
    _moved(state, text, "play", card, target)
    return hand_over("end_turn", mover=role)


def hero(state: State, role: str, action: Action) -> Handover:
    """Action 3: a hero with a power card moves the crown onto an opponent's stone and flips it."""
    card = action["card"]
    target = _move_crown(state, role, card)
    state["heroes"][role] -= 1  # RK-HERO-5: the hero leaves the game
    state["board"][cell_key(*target)] = role  # RK-HERO-3: flip the opponent's stone; RK-HERO-4: no supply used
    label = CARDS[card]["label"]
    text = f"{name(role)} plays a hero with {label}: the crown moves to {cell_text(target)} and flips a stone."
    _moved(state, text, "hero", card, target)
    return hand_over("end_turn", mover=role)


def _move_crown(state: State, role: str, card: str) -> tuple[int, int]:
    """The card leaves the hand for the discard pile; where the crown goes (the event moves it)."""
    target = destination(state["crown"], card)
    assert target is not None  # a choice, so on the board
    state["hands"][role].remove(card)
    state["discard"].append(card)  # RK-MOVE-7 / RK-HERO-5: face up on the discard pile, no replacement
    return target


def _moved(state: State, text: str, kind: str, card: str, target: tuple[int, int]) -> None:
    # The crown's move and the stone placed or flipped, by the map's cell ids (the page draws them).
    path, at = [cell_target(*state["crown"]), cell_target(*target)], [cell_target(*target)]
    state["crown"] = list(target)  # RK-PLAY-6: the next move starts here
    add_event(state, text, action=kind, card=card, to=list(target), path=path, at=at)


def draw(state: State, role: str, action: Action) -> Handover:
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
    return hand_over("end_turn", mover=role)


PHASE = Phase("turn", choices, {"play": play, "hero": hero, "draw": draw}, prompt=prompt)


# --- why an action is refused ----------------------------------------------------------------------------
def out_of_turn(state: State, role: str) -> str:
    if state["end"] is not None:
        return "The game is over"
    return f"It is not {name(role)}'s turn; {name(state['turn'])} is to move"


def refusal(state: State, role: str, action: Action) -> str:
    """Why ``action`` (a JSON object with a type) is not one of ``role``'s choices on their turn."""
    kind = action["type"]
    if kind == "draw":
        if set(action) != {"type"}:
            return 'A draw is just {"type": "draw"}'
        if len(state["hands"][role]) >= HAND_LIMIT:
            return "You hold 5 power cards and may not draw (RK-DRAW-1)"
        return "The draw pile is empty"
    if kind not in PHASE.handlers:
        return f"Unknown action type {kind!r}; use play, draw or hero"
    if set(action) != {"type", "card"}:
        return f'A {kind} action is {{"type": "{kind}", "card": "<card id such as NE3>"}}'
    return _card_refusal(state, role, kind, action["card"])


def _card_refusal(state: State, role: str, kind: str, card: object) -> str:
    if not isinstance(card, str) or card not in CARDS:
        return f"Unknown power card {card!r}; card ids look like N1, NE3, SW2"
    label = CARDS[card]["label"]
    if card not in state["hands"][role]:
        return f"{label} is not in your hand"
    target = destination(state["crown"], card)
    if target is None:
        return f"{label} would move the crown off the board (RK-MOVE-4)"
    owner = state["board"].get(cell_key(*target))
    if owner == role:
        return f"{label} would land on your own stone at {cell_text(target)} (RK-MOVE-8)"
    if kind == "play":
        return f"{cell_text(target)} holds an opponent's stone; only a hero may land there (RK-MOVE-3)"
    if state["heroes"][role] <= 0:
        return "You have no hero cards left (RK-HERO-1)"
    return f"{cell_text(target)} is empty: play the card without a hero (A2)"
