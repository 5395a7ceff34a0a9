"""Scenario builders for the Nine Years tests: a set-up state, cleared boards, placed units."""

from __future__ import annotations

from games.engines.base import Rng
from games.engines.nine_years import ENGINE


def fresh(seed: int = 1) -> dict:
    return ENGINE.setup(seed, {})


def cleared(seed: int = 1) -> dict:
    """The set-up state with every corps in the pool and every leader out of play."""
    state = fresh(seed)
    for corps in state["corps"].values():
        corps.update(space="pool", full=True, disordered=False, garrison=False)
    for leader in state["leaders"].values():
        leader["space"] = "out"
    return state


def place(state: dict, power: str, space: str, count: int = 1, full: bool = True) -> list[str]:
    free = sorted(c for c, v in state["corps"].items() if v["power"] == power and v["space"] in ("pool", "out"))
    assert len(free) >= count, f"not enough {power} corps"
    for cid in free[:count]:
        state["corps"][cid].update(space=space, full=full)
    return free[:count]


class FixedRng(Rng):
    """An Rng whose dice are given in advance (then ordinary)."""

    def __init__(self, dice: list[int]) -> None:
        super().__init__(1)
        self.dice = list(dice)

    def die(self, sides: int = 6) -> int:
        return self.dice.pop(0) if self.dice else super().die(sides)
