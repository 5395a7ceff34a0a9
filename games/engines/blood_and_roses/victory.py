"""Victory (3.0): Flight Points and the Loss Check that ends the battle."""

from __future__ import annotations

from typing import Any

from games.engines.base import add_event
from games.engines.base.messages import msg

from .dice import roll
from .texts import side

State = dict[str, Any]


def add_flight_points(state: State, role: str, points: int, why: Any) -> None:
    if points:
        state["flight_points"][role] = max(0, state["flight_points"][role] + points)
        add_event(
            state,
            msg(
                "{side} {points} FP ({why}); now {total}.",
                side=side(role),
                points=f"{points:+d}",
                why=why,
                total=state["flight_points"][role],
            ),
        )


def loss_checks(state: State) -> dict[str, bool]:
    """BR-3.0b/c/e: each player rolls one die plus FP; strictly greater than the Flight Level loses.
    A check that cannot be lost (FP + 9 <= Flight Level) is skipped."""
    lost = {}
    for role in ("york", "lancaster"):
        fp, level = state["flight_points"][role], state["flight_level"][role]
        if fp + 9 <= level:
            lost[role] = False
            continue
        dr = roll(state)
        lost[role] = dr + fp > level
        add_event(
            state,
            msg(
                "Loss Check for {side}: DR {dr} + {fp} FP vs Flight Level {level} — the army flees!"
                if lost[role]
                else "Loss Check for {side}: DR {dr} + {fp} FP vs Flight Level {level}.",
                side=side(role),
                dr=dr,
                fp=fp,
                level=level,
            ),
            dr=dr,
        )
    return lost
