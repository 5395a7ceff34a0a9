"""Dice (2.3) and the stand-in tables read with them: one ten-sided die read 0-9."""

from __future__ import annotations

from typing import Any

from games.engines.base import Rng

State = dict[str, Any]


def roll(state: State) -> int:
    """BR-2.3a: one ten-sided die read 0-9."""
    rng = Rng(state["rng"])
    value = rng.below(10)
    state["rng"] = rng.state
    return value


def lookup(rows: tuple, dr: int) -> tuple:
    """The row of a stand-in table whose lowest modified DR is the largest not above ``dr``."""
    found = rows[0]
    for row in rows:
        if dr >= row[0]:
            found = row
    return found
