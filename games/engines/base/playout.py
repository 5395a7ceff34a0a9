"""Legal play through an engine alone: the basis of `playout`, `bench` and the property tests.

A game is played by a policy: "uniform" (every legal choice equally likely), or one an engine names in
its ``policies`` (e.g. "purposeful": seeks contact and takes combat), or "mixed" (that engine's own
policy for most decisions, a uniform choice for the rest, so games both fight and wander). After every
action the engine's ``invariant_violations`` are checked, and the role to move must have a choice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .engine import Action, Choice, Engine, Policy, State
from .hashing import state_hash
from .rng import Rng

MIXED_OWN_SHARE = (7, 8)  # "mixed": the engine's own policy decides 7 choices in 8


@dataclass
class Playout:
    seed: int
    actions: list[tuple[str, Action]] = field(default_factory=list)
    final_state: State | None = None
    final_hash: str = ""


def uniform(state: State, role: str, choices: list[Choice], chooser: Rng) -> Choice:
    return choices[chooser.below(len(choices))]


def policy_names(engine: Engine) -> list[str]:
    """The policies a playout of ``engine`` may use: always "uniform"; "mixed" when it has its own."""
    own = sorted(engine.policies)
    return ["uniform", *own, *(["mixed"] if own else [])]


def named_policy(engine: Engine, name: str) -> Policy:
    if name == "uniform":
        return uniform
    if name == "mixed" and engine.policies:
        own = engine.policies[sorted(engine.policies)[0]]
        share, out_of = MIXED_OWN_SHARE

        def mixed(state: State, role: str, choices: list[Choice], chooser: Rng) -> Choice:
            pick = own if chooser.below(out_of) < share else uniform
            return pick(state, role, choices, chooser)

        return mixed
    if name not in engine.policies:
        raise ValueError(f"{engine.slug} has no policy {name!r}; it has: {', '.join(policy_names(engine))}")
    return engine.policies[name]


def random_playout(
    engine: Engine, seed: int, options: dict | None = None, max_actions: int = 100_000, policy: str = "uniform"
) -> Playout:
    """Play one game by ``policy`` with a chooser RNG seeded from ``seed``; raises on a stuck game or a
    broken invariant, naming the seed and the action."""
    choose = named_policy(engine, policy)
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
        action = choose(state, role, choices, chooser)["action"]
        state = engine.apply(state, role, action)
        record.actions.append((role, action))
        problems = engine.invariant_violations(state)
        if problems:
            where = f"action {len(record.actions)} ({role} {action})"
            raise RuntimeError(f"{engine.slug}: after {where}: {'; '.join(problems)} (seed {seed})")
    record.final_state = state
    record.final_hash = state_hash(state)
    return record


def replay(engine: Engine, seed: int, options: dict | None, actions: list[tuple[str, Action]]) -> State:
    state = engine.setup(seed, engine.resolve_options(options))
    for role, action in actions:
        state = engine.apply(state, role, action)
    return state
