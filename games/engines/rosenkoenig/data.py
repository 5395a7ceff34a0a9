"""Rosenkönig components (RK-COMP-1…5): board, directions, power cards, heroes, stones.

Cells are (row, column) counted from 1; row 1 is the N edge with the printed board crown (A3).
In the state a cell is the string "r,c" (board keys) or the list [r, c] (the crown).
"""

from __future__ import annotations

ROLES = ("red", "white")  # RK-PLAY-1: Red moves first
COLOUR_NAMES = {"red": "Red", "white": "White"}

BOARD_SIZE = 9  # RK-COMP-1 (size outside the text: 9 x 9)
CENTRE = (5, 5)  # the sun cell; RK-SETUP-6: the crown starts here

STONES = 52  # RK-COMP-2, one common supply (A5)
HEROES_PER_PLAYER = 4  # RK-COMP-4
HAND_LIMIT = 5  # RK-DRAW-1
DEAL = 5  # RK-SETUP-3

# The 8 directions in board terms (A3): N is toward row 1, E toward column 9. Never rotated per player.
DIRECTION_ORDER = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (-1, 0),
    "NE": (-1, 1),
    "E": (0, 1),
    "SE": (1, 1),
    "S": (1, 0),
    "SW": (1, -1),
    "W": (0, -1),
    "NW": (-1, -1),
}
NUMERALS = {1: "I", 2: "II", 3: "III"}


def _cards() -> dict[str, dict]:
    cards = {}
    for direction in DIRECTION_ORDER:
        for distance in (1, 2, 3):
            cards[f"{direction}{distance}"] = {
                "direction": direction,
                "distance": distance,
                "label": f"{direction}, {NUMERALS[distance]}",
            }
    return cards


# RK-COMP-3: 24 power cards, one per direction and distance, e.g. "NE3" = "NE, III".
CARDS: dict[str, dict] = _cards()
CARD_IDS: tuple[str, ...] = tuple(CARDS)
CARD_ORDER: dict[str, int] = {card: i for i, card in enumerate(CARD_IDS)}


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
