"""How good a position is for a side, for the computer player's searches cut at a depth (issue 32)."""

from __future__ import annotations

from games.engines.base import State


def evaluate(state: State, role: str) -> float:
    return 0.5
