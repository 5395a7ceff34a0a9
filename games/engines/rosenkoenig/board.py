"""Cells and the crown's move (RK-MOVE-1…5).

In the state a cell is the string "r,c" (board keys) or the list [r, c] (the crown); the map names it
"cell:r-c" in ``data-target`` and in events' ``path``/``at``.
"""

from __future__ import annotations

from .data.cards import CARDS
from .data.components import BOARD_SIZE, DIRECTIONS

DRAW_PILE_TARGET = "pile:draw"


def card_target(card: str) -> str:
    """A power card as the map and the panels name it in ``data-target``."""
    return f"card:{card}"


def cell_key(row: int, col: int) -> str:
    return f"{row},{col}"


def cell_target(row: int, col: int) -> str:
    """A cell as the map names it in ``data-target`` (and events' ``path``/``at``)."""
    return f"cell:{row}-{col}"


def parse_cell(key: str) -> tuple[int, int]:
    row, col = key.split(",")
    return int(row), int(col)


def on_board(row: int, col: int) -> bool:
    return 1 <= row <= BOARD_SIZE and 1 <= col <= BOARD_SIZE


def cell_text(cell: list[int] | tuple[int, int]) -> str:
    return f"({cell[0]},{cell[1]})"


def destination(crown: list[int], card: str) -> tuple[int, int] | None:
    """Where ``card`` moves the crown, or None if it would leave the board (RK-MOVE-4)."""
    info = CARDS[card]
    d_row, d_col = DIRECTIONS[info["direction"]]
    # RK-MOVE-1/2/5: exactly ``distance`` cells in the card's direction; cells passed over do not matter.
    row, col = crown[0] + d_row * info["distance"], crown[1] + d_col * info["distance"]
    return (row, col) if on_board(row, col) else None
