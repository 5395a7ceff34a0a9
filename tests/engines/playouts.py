"""Random games for the tests that look at many positions (prompts, marks, legibility): one walk for all."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.engines.base import Engine, Rng, State


def walk(engine: Engine, seed: int, options: dict[str, Any] | None = None, steps: int = 700) -> Iterator[State]:
    """Every state of a seeded random game: the set-up, then one per action, for at most ``steps`` actions
    or to the end. The same seed gives the same game, so a test that checks a phase was met stays true."""
    rng = Rng.from_seed(seed)
    state = engine.setup(seed, engine.resolve_options(options))
    yield state
    for _ in range(steps):
        active = engine.active_roles(state)
        if not active:
            return
        role = rng.choice(active)
        state = engine.apply(state, role, rng.choice(engine.legal_actions(state, role))["action"])
        yield state
