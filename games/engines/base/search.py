"""The computer player: information-set Monte Carlo tree search over the engine contract.

It is handed a side's view, never the state (fair by construction): every iteration samples a state
the side could be in (``Engine.sample_state``) and searches that. Deterministic: the same view, seed
and level give the same move whatever the true hidden state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .engine import Action, Engine


@dataclass(frozen=True)
class Level:
    name: str
    iterations: int  # search iterations a decision (0: no search, the rollout policy with noise)
    max_depth: int  # actions a rollout plays before ``Engine.evaluate`` scores it
    noise: float  # share of decisions taken uniformly at random (the easy level's mistakes)


LEVELS: dict[str, Level] = {}


def choose_action(
    engine: Engine,
    view: dict[str, Any],
    role: str,
    *,
    seed: int,
    level: Level,
    out_of_time: Callable[[], bool] | None = None,
) -> Action:
    """The action ``role`` takes, seeing only ``view``. ``out_of_time`` (the platform's clock; engines
    have none) may end the search early; without it the move depends only on view, seed and level."""
    raise NotImplementedError
