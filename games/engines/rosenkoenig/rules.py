"""What the turn and the sequencer both read: who is who, and what a player may do now (RK-MOVE, RK-HERO,
RK-DRAW)."""

from __future__ import annotations

from typing import Any

from ..base import State
from ..base import name as name_ref
from .board import cell_key, destination
from .data.cards import CARD_ORDER
from .data.components import HAND_LIMIT, ROLES

Move = dict[str, Any]  # {"type": "play"|"hero", "card": id, "to": [r, c]}


def opponent(role: str) -> str:
    return ROLES[1] if role == ROLES[0] else ROLES[0]


def name(role: str) -> dict[str, str]:
    """A side as a name reference (Red / Красная Роза)."""
    return name_ref(f"side:{role}")


def card_name(card: str) -> dict[str, str]:
    """A power card as a name reference ("NE, III" / "СВ, III")."""
    return name_ref(f"card:{card}")


def sort_hand(hand: list[str]) -> list[str]:
    return sorted(hand, key=CARD_ORDER.__getitem__)


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
