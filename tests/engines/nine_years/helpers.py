"""Scenario builders for the Nine Years tests: a set-up state, cleared boards, placed units."""

from __future__ import annotations

from games.engines.base import Rng
from games.engines.base.phases import Handover
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


def campaign(state: dict, role: str, actions: int = 3, year: int = 1690) -> dict:
    """Put ``state`` in the middle of ``role``'s Campaign round with ``actions`` actions left."""
    from games.engines.nine_years.provisional.sequence import rest_of_year

    state.update(
        year=year,
        phase="action",
        active=[role],
        round={"role": role, "card": "A30", "left": actions, "used": []},
        acted=[],
        first=role,
        initiative=role,
        steps=rest_of_year(role)[8:],
    )
    state["hands"] = {"bourbon": [], "alliance": []}
    if year >= 1690 and state["savoy"] == "neutral":
        from games.engines.nine_years.powers import savoy_joins

        savoy_joins(state)
        for c in state["corps"].values():
            if c["power"] == "savoy":
                c["space"] = "pool"
        state["leaders"]["victor_amadeus"]["space"] = "out"
    return state


def run(state: dict, handover: Handover | None) -> None:
    """Carry out what a procedure handed over (a battle, a siege...) as the engine's sequencer does."""
    from games.engines.nine_years.provisional.sequence import TABLE

    TABLE.run(state, handover)


def leader(state: dict, lid: str, space: str) -> None:
    state["leaders"][lid]["space"] = space


def targets(choices: list[dict]) -> set:
    return {c["action"].get("to") for c in choices if c["action"]["type"] == "step"}


def do(state: dict, role: str, **action) -> dict:
    """Apply ``action``; a campaign or an interception without ``corps`` takes every corps that may go."""
    from games.engines.nine_years import ENGINE

    if action["type"] in ("campaign", "intercept") and "corps" not in action:
        counts = [
            c["action"]["corps"]
            for c in ENGINE.legal_actions(state, role)
            if c["action"]["type"] == action["type"] and c["action"]["leader"] == action["leader"]
        ]
        action["corps"] = max(counts, default=0)
    return ENGINE.apply(state, role, action)


def en(text) -> str:
    """A message record (label, prompt, event, result reason) as the English reader sees it."""
    return ENGINE.text(text, "en")
