"""Board targets (ARCHITECTURE §2.1), for every registered engine, over random positions.

Every target a legal choice names is well formed and drawn, as ``data-target``, in the picture of that
role's own view; and no ``data-target`` depends on information hidden from the viewer: the picture drawn
from a state whose hidden leaves (for that viewer) all hold markers carries exactly the same targets.
"""

from __future__ import annotations

import functools
import random
import re
from html import unescape

import pytest

from games import engines
from games.engines.base import Engine, State
from tests.hidden_information import marked

SEEDS = (11, 12)
SAMPLED_STEPS = frozenset({0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610})
HIDDEN_EVERY = 11  # finding hidden leaves costs a view per leaf: a spread of the positions is enough
TARGET = re.compile(r'[a-z][a-z0-9_]*:[^\s"<>&]+(?: [^\s"<>&]+)*')
DATA_TARGET = re.compile(r'\sdata-target="([^"]*)"')
ALL = pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)


@functools.cache
def positions(slug: str) -> tuple[State, ...]:
    """States met in random games with fixed seeds: the start, many early steps, fewer later, the end."""
    engine = engines.get(slug)
    sampled = []
    for seed in SEEDS:
        chooser = random.Random(f"targets-{slug}-{seed}")
        state = engine.setup(seed, engine.resolve_options(None))
        step = 0
        while engine.active_roles(state):
            if step in SAMPLED_STEPS:
                sampled.append(state)
            role = chooser.choice(engine.active_roles(state))
            state = engine.apply(state, role, chooser.choice(engine.legal_actions(state, role))["action"])
            step += 1
        sampled.append(state)
    return tuple(sampled)


def drawn_targets(engine: Engine, state: State, role: str | None) -> list[str]:
    """Every ``data-target`` in the map and the panels of ``role``'s view, in drawing order (repeats kept)."""
    view = engine.view(state, role)
    return [unescape(t) for t in DATA_TARGET.findall(engine.render_svg(view) + engine.render_panels(view))]


@ALL
def test_every_target_of_a_legal_choice_is_drawn_for_its_role(engine):
    for n, state in enumerate(positions(engine.slug)):
        for role in engine.roles:
            drawn = set(drawn_targets(engine, state, role))
            for choice in engine.legal_actions(state, role):
                if "target" not in choice:
                    continue
                target = choice["target"]
                assert TARGET.fullmatch(target), f"{engine.slug}: {target!r} is not <kind>:<id>"
                assert target in drawn, (
                    f"{engine.slug} position {n}: {role}'s choice {choice['label']!r} names {target!r}, "
                    f"which the picture for {role} does not mark"
                )


@ALL
def test_data_targets_are_well_formed_and_reveal_nothing_hidden(engine):
    for state in positions(engine.slug)[::HIDDEN_EVERY]:
        for role in (*engine.roles, None):
            drawn = drawn_targets(engine, state, role)
            assert all(TARGET.fullmatch(t) for t in drawn), f"{engine.slug}: malformed data-target in {drawn}"
            with_markers = drawn_targets(engine, marked(engine, state, role), role)
            viewer = role or "a spectator"
            assert not any("zqhidden" in t for t in with_markers), (
                f"{engine.slug}: a data-target shows {viewer} hidden information"
            )
            assert with_markers == drawn, f"{engine.slug}: the data-targets for {viewer} depend on hidden information"
