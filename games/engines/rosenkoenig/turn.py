"""A player's turn, the game's one phase (RK-PLAY-2): play a power card, draw one, or use a hero.

One handler per action type; each ends the turn by handing over to the sequencer (``sequence``), which
decides who moves next or ends the game. ``refusal`` says why an action is not one of the choices.
"""

from __future__ import annotations

from ..base import Action, Choice, Rng, State, Text, add_event, msg, plural
from ..base.phases import Handover, Phase, hand_over
from .board import DRAW_PILE_TARGET, card_target, cell_key, cell_target, cell_text, destination
from .data.cards import CARDS
from .data.components import HAND_LIMIT
from .rules import Move, can_draw, card_name, moves, name, sort_hand

# --- the choices and the prompt ----------------------------------------------------------------------
# One text per move and colour (a stone of the mover's colour is placed; the opponent's is flipped).
CHOICE_TEXTS = {
    ("play", "red"): "Play {card}: crown to {cell}, place a red stone",
    ("play", "white"): "Play {card}: crown to {cell}, place a white stone",
    ("hero", "red"): "Hero + {card}: crown to {cell}, flip the white stone",
    ("hero", "white"): "Hero + {card}: crown to {cell}, flip the red stone",
}


def _choice(role: str, move: Move) -> Choice:
    text = msg(CHOICE_TEXTS[move["type"], role], card=card_name(move["card"]), cell=cell_text(move["to"]))
    return {"action": {"type": move["type"], "card": move["card"]}, "label": text, "target": card_target(move["card"])}


def choices(state: State, role: str) -> list[Choice]:
    """Plays, then the draw, then heroes (RK-PLAY-2); there is no pass (RK-PLAY-3)."""
    found = moves(state, role)
    listed = [_choice(role, m) for m in found if m["type"] == "play"]
    if can_draw(state, role):
        label = msg("Draw a power card ({n} in hand)", n=len(state["hands"][role]))
        listed.append({"action": {"type": "draw"}, "label": label, "target": DRAW_PILE_TARGET})
    return listed + [_choice(role, m) for m in found if m["type"] == "hero"]


def prompt(state: State, role: str | None) -> Text:
    mover = state["turn"]
    kinds = {m["type"] for m in moves(state, mover)}
    options: list[Text] = []
    if "play" in kinds:
        options.append(msg("play a power card"))
    if can_draw(state, mover):
        options.append(msg("draw a power card"))
    if "hero" in kinds:
        left = state["heroes"][mover]
        options.append(
            plural("use a hero with a power card ({n} left)", "use a hero with a power card ({n} left)", left)
        )
    if role != mover:
        # The waiting player (and a spectator) is told what the mover may do.
        return msg("{side} is choosing a move (they may {options}).", side=name(mover), options=_either(options))
    return msg("Your move, {side}: {options}.", side=name(mover), options=_either(options))


def _either(options: list[Text]) -> Text:
    """The options joined by ", or " as one record (a translation words the "or" its own way)."""
    if len(options) == 1:
        return options[0]
    return msg("{first}, or {rest}", first=options[0], rest=_either(options[1:]))


# --- the three actions ---------------------------------------------------------------------------------
def play(state: State, role: str, action: Action) -> Handover:
    """Action 1: a power card moves the crown onto an empty cell, where a stone is placed."""
    card = action["card"]
    target = _move_crown(state, role, card)
    state["board"][cell_key(*target)] = role  # RK-MOVE-6: a stone of the mover's colour from the common supply
    state["supply"] -= 1
    text = msg(
        "{side} plays {card}: the crown moves to {cell} and a stone is placed.",
        side=name(role),
        card=card_name(card),
        cell=cell_text(target),
    )
    _moved(state, text, "play", card, target)
    return hand_over("end_turn", mover=role)


def hero(state: State, role: str, action: Action) -> Handover:
    """Action 3: a hero with a power card moves the crown onto an opponent's stone and flips it."""
    card = action["card"]
    target = _move_crown(state, role, card)
    state["heroes"][role] -= 1  # RK-HERO-5: the hero leaves the game
    state["board"][cell_key(*target)] = role  # RK-HERO-3: flip the opponent's stone; RK-HERO-4: no supply used
    text = msg(
        "{side} plays a hero with {card}: the crown moves to {cell} and flips a stone.",
        side=name(role),
        card=card_name(card),
        cell=cell_text(target),
    )
    _moved(state, text, "hero", card, target)
    return hand_over("end_turn", mover=role)


def _move_crown(state: State, role: str, card: str) -> tuple[int, int]:
    """The card leaves the hand for the discard pile; where the crown goes (the event moves it)."""
    target = destination(state["crown"], card)
    assert target is not None  # a choice, so on the board
    state["hands"][role].remove(card)
    state["discard"].append(card)  # RK-MOVE-7 / RK-HERO-5: face up on the discard pile, no replacement
    return target


def _moved(state: State, text: Text, kind: str, card: str, target: tuple[int, int]) -> None:
    # The crown's move and the stone placed or flipped, by the map's cell ids (the page draws them).
    path, at = [cell_target(*state["crown"]), cell_target(*target)], [cell_target(*target)]
    state["crown"] = list(target)  # RK-PLAY-6: the next move starts here
    add_event(state, text, action=kind, card=card, to=list(target), path=path, at=at)


def draw(state: State, role: str, action: Action) -> Handover:
    """Action 2: draw the top card (RK-DRAW-1…4)."""
    card = state["draw_pile"].pop(0)
    state["hands"][role] = sort_hand([*state["hands"][role], card])  # RK-DRAW-2: face up, like the others
    add_event(state, msg("{side} draws {card}.", side=name(role), card=card_name(card)), action="draw", card=card)
    if not state["draw_pile"]:
        # RK-DRAW-4 / A9: reshuffle the discard pile at once; hands and heroes stay out.
        rng = Rng(state["rng"])
        state["draw_pile"] = rng.shuffled(state["discard"])
        state["rng"] = rng.state
        state["discard"] = []
        count = len(state["draw_pile"])
        add_event(
            state,
            plural(
                "The draw pile is empty: the discard pile ({n} card) is reshuffled.",
                "The draw pile is empty: the discard pile ({n} cards) is reshuffled.",
                count,
            ),
        )
    return hand_over("end_turn", mover=role)


PHASE = Phase("turn", choices, {"play": play, "hero": hero, "draw": draw}, prompt=prompt)


# --- why an action is refused ----------------------------------------------------------------------------
def out_of_turn(state: State, role: str) -> Text:
    if state["end"] is not None:
        return "The game is over"
    return msg("It is not {side}'s turn; {mover} is to move", side=name(role), mover=name(state["turn"]))


def refusal(state: State, role: str, action: Action) -> Text:
    """Why ``action`` (a JSON object with a type) is not one of ``role``'s choices on their turn."""
    kind = action["type"]
    if kind == "draw":
        if set(action) != {"type"}:
            return 'A draw is just {"type": "draw"}'
        if len(state["hands"][role]) >= HAND_LIMIT:
            return "You hold 5 power cards and may not draw"
        return "The draw pile is empty"
    if kind not in PHASE.handlers:
        return msg("Unknown action type {kind}; use play, draw or hero", kind=repr(kind))
    if set(action) != {"type", "card"}:
        return msg('A {kind} action is {{"type": "{kind}", "card": "<card id such as NE3>"}}', kind=kind)
    return _card_refusal(state, role, kind, action["card"])


def _card_refusal(state: State, role: str, kind: str, card: object) -> Text:
    if not isinstance(card, str) or card not in CARDS:
        return msg("Unknown power card {card}; card ids look like N1, NE3, SW2", card=repr(card))
    label = card_name(card)
    if card not in state["hands"][role]:
        return msg("{card} is not in your hand", card=label)
    target = destination(state["crown"], card)
    if target is None:  # RK-MOVE-4
        return msg("{card} would move the crown off the board", card=label)
    owner = state["board"].get(cell_key(*target))
    if owner == role:  # RK-MOVE-8
        return msg("{card} would land on your own stone at {cell}", card=label, cell=cell_text(target))
    if kind == "play":  # RK-MOVE-3
        return msg("{cell} holds an opponent's stone; only a hero may land there", cell=cell_text(target))
    if state["heroes"][role] <= 0:  # RK-HERO-1
        return "You have no hero cards left"
    return msg("{cell} is empty: play the card without a hero", cell=cell_text(target))  # A2
