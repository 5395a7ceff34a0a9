"""Whole games between seats: the computer at a level, seeing only its view, or a playout policy.

The measure of the computer player (``bench.bots``, the strength tests): the same seed gives the same
game. A seat that is handed a state (a policy) may read it all; the computer is handed only its view.
"""

from __future__ import annotations

from collections.abc import Callable

from .engine import Action, Engine, State
from .errors import IllegalAction
from .playout import named_policy
from .rng import Rng
from .search import Level, choose_action

# (engine, state, role, seed) -> the action ``role`` takes
Seat = Callable[[Engine, State, str, int], Action]


def computer(level: Level) -> Seat:
    def seat(engine: Engine, state: State, role: str, seed: int) -> Action:
        return choose_action(engine, engine.view(state, role), role, seed=seed, level=level)

    return seat


def by_policy(name: str) -> Seat:
    """A playout policy ("uniform", or an engine's own such as "purposeful") as a seat."""

    def seat(engine: Engine, state: State, role: str, seed: int) -> Action:
        choices = engine.legal_actions(state, role)
        return named_policy(engine, name)(state, role, choices, Rng.from_seed(seed))["action"]

    return seat


def play(engine: Engine, seed: int, seats: dict[str, Seat], max_actions: int = 20_000) -> State:
    """Game ``seed`` to its end, or as it stands after ``max_actions``, each role played by its seat.
    When several roles are to move, each chooses from the same state (none sees another's choice); a
    choice that the ones applied before it made illegal is asked for again."""
    state = engine.setup(seed, engine.resolve_options({}))
    decisions = Rng.from_seed(seed ^ 0xB075)
    actions = 0
    while actions < max_actions and (active := engine.active_roles(state)):
        picks = [(role, seats[role](engine, state, role, decisions.next_u64())) for role in active]
        for index, (role, action) in enumerate(picks):
            try:
                state = engine.apply(state, role, action)
            except IllegalAction:
                if index == 0:
                    raise
                continue
            actions += 1
    return state
