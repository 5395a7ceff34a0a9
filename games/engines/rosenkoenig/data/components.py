"""Rosenkönig components (RK-COMP-1…5): the board, the directions, the counts of heroes and stones.

Cells are (row, column) counted from 1; row 1 is the N edge with the printed board crown (A3).
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
