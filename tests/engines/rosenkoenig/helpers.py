"""Build Rosenkönig positions for tests."""

from __future__ import annotations

from games.engines.rosenkoenig import ENGINE
from games.engines.rosenkoenig.board import cell_key
from games.engines.rosenkoenig.data.cards import CARD_IDS


def position(
    hands: dict[str, list[str]],
    *,
    board: dict[tuple[int, int], str] | None = None,
    crown: tuple[int, int] = (5, 5),
    heroes: dict[str, int] | None = None,
    turn: str = "red",
    draw_pile: list[str] | None = None,
    discard: list[str] | None = None,
    supply: int | None = None,
    seed: int = 1,
) -> dict:
    """A legal-looking state: the given hands and board; other cards go to the draw pile in id order."""
    state = ENGINE.setup(seed, {})
    used = [c for hand in hands.values() for c in hand] + list(discard or [])
    state["hands"] = {
        "red": sorted(hands.get("red", []), key=CARD_IDS.index),
        "white": sorted(hands.get("white", []), key=CARD_IDS.index),
    }
    state["board"] = {cell_key(*cell): owner for cell, owner in (board or {}).items()}
    state["crown"] = list(crown)
    state["heroes"] = dict(heroes or {"red": 4, "white": 4})
    state["turn"] = turn
    state["discard"] = list(discard or [])
    state["draw_pile"] = list(draw_pile) if draw_pile is not None else [c for c in CARD_IDS if c not in used]
    state["supply"] = 52 - len(state["board"]) if supply is None else supply
    return state


def actions(state: dict, role: str) -> list[dict]:
    return [choice["action"] for choice in ENGINE.legal_actions(state, role)]


def cell(state: dict, row: int, col: int) -> str | None:
    return state["board"].get(cell_key(row, col))


def en(text: object) -> str:
    """A message record (label, prompt, log event, result reason) as its English sentence."""
    return ENGINE.text(text, "en")
