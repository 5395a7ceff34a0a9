"""What every provisional module shares: the state type and the dice of a handler or a step.

The RNG lives in ``state["rng"]``. A handler or a step that rolls reads it, rolls, and writes it back before
it returns; a hand-over to a step that rolls may pass the same ``rng`` on (so a test's fixed dice reach it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engines.base import Action, Rng
from games.engines.base.phases import Handler, Handover, Step

State = dict
Rolls = Callable[[State, Rng, str, Action], Handover | None]


def with_rng(act: Rolls) -> Handler:
    """A handler ``act(state, rng, role, action)`` in the table's shape ``(state, role, action)``."""

    def handler(state: State, role: str, action: Action) -> Handover | None:
        rng = Rng(state["rng"])
        out = act(state, rng, role, action)
        state["rng"] = rng.state
        return out

    return handler


def rolling(step: Callable[..., Handover | None]) -> Step:
    """A step ``step(state, rng, **args)``: the ``rng`` handed over, else the state's."""

    def run(state: State, rng: Rng | None = None, **args: Any) -> Handover | None:
        rng = rng if rng is not None else Rng(state["rng"])
        out = step(state, rng, **args)
        state["rng"] = rng.state
        return out

    return run
