"""Random legal play through an engine alone: the basis of `playout` and the property tests."""

from __future__ import annotations

from dataclasses import dataclass, field

from .engine import Action, Engine, State
from .hashing import state_hash
from .rng import Rng


@dataclass
class Playout:
    seed: int
    actions: list[tuple[str, Action]] = field(default_factory=list)
    final_state: State | None = None
    final_hash: str = ""


def random_playout(engine: Engine, seed: int, options: dict | None = None, max_actions: int = 100_000) -> Playout:
    """Play one game choosing uniformly among legal actions with an RNG seeded from ``seed``."""
    chooser = Rng.from_seed(seed ^ 0x5EED)
    state = engine.setup(seed, engine.resolve_options(options))
    record = Playout(seed=seed)
    while engine.active_roles(state):
        if len(record.actions) >= max_actions:
            raise RuntimeError(f"{engine.slug}: game did not end within {max_actions} actions (seed {seed})")
        roles = engine.active_roles(state)
        role = roles[chooser.below(len(roles))]
        choices = engine.legal_actions(state, role)
        if not choices:
            raise RuntimeError(f"{engine.slug}: active role {role} has no legal action (seed {seed})")
        action = choices[chooser.below(len(choices))]["action"]
        state = engine.apply(state, role, action)
        record.actions.append((role, action))
    record.final_state = state
    record.final_hash = state_hash(state)
    return record


def replay(engine: Engine, seed: int, options: dict | None, actions: list[tuple[str, Action]]) -> State:
    state = engine.setup(seed, engine.resolve_options(options))
    for role, action in actions:
        state = engine.apply(state, role, action)
    return state
