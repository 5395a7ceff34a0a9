"""The computer player's hooks, for every engine: it sees only its side (issue 32).

``sample_state`` must give a state the side could be in: legal, with the same view for that side, the
same turn and the same choices; what the side cannot see varies with the seed. ``evaluate`` stays in
[0, 1]. The search only ever plays legal choices and never depends on the true hidden state.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import engines
from games.engines.base import Engine, State
from games.engines.base.search import LEVELS, choose_action

from .playouts import walk

ENGINES = [engine.slug for engine in engines.all()]


def position(engine: Engine, seed: int, steps: int) -> State:
    """The position after ``steps`` random actions of game ``seed`` (or its end)."""
    *_, last = walk(engine, seed, steps=steps)
    return last


def comparable(view: dict) -> dict:
    """A view without its event log: the log's private lines of the other side cannot be sampled."""
    return {key: value for key, value in view.items() if key != "log"}


@pytest.mark.parametrize("slug", ENGINES)
@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 300), sample_seed=st.integers(0, 2**32))
def test_a_sampled_state_looks_the_same_to_its_side(slug: str, seed: int, steps: int, sample_seed: int) -> None:
    engine = engines.get(slug)
    state = position(engine, seed, steps)
    for role in engine.roles:
        view = engine.view(state, role)
        sampled = engine.sample_state(view, role, sample_seed)
        assert engine.invariant_violations(sampled) == []
        assert comparable(engine.view(sampled, role)) == comparable(view)
        assert engine.active_roles(sampled) == engine.active_roles(state)
        if role in engine.active_roles(state):
            legal = [choice["action"] for choice in engine.legal_actions(state, role)]
            assert [choice["action"] for choice in engine.legal_actions(sampled, role)] == legal


@pytest.mark.parametrize("slug", ENGINES)
@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 300), role_index=st.integers(0, 1))
def test_evaluation_stays_between_zero_and_one(slug: str, seed: int, steps: int, role_index: int) -> None:
    engine = engines.get(slug)
    state = position(engine, seed, steps)
    assert 0.0 <= engine.evaluate(state, engine.roles[role_index % len(engine.roles)]) <= 1.0


@pytest.mark.parametrize("slug", ENGINES)
def test_the_computer_plays_a_legal_choice_whatever_the_hidden_state(slug: str) -> None:
    engine = engines.get(slug)
    level = LEVELS["easy"]
    for seed in (1, 2):
        state = position(engine, seed, 40)
        for role in engine.active_roles(state):
            view = engine.view(state, role)
            action = choose_action(engine, view, role, seed=7, level=level)
            assert action in [choice["action"] for choice in engine.legal_actions(state, role)]
            # Another state behind the same view: the same move.
            other = engine.sample_state(view, role, 99)
            assert choose_action(engine, engine.view(other, role), role, seed=7, level=level) == action
