"""Both players are told, at every step of random games, what is asked of them or what the other is doing;
each crown move is marked on the map (``path`` from where it stood, ``at`` the stone's cell)."""

from __future__ import annotations

import re

import pytest

from games.engines.base.playout import random_playout
from games.engines.rosenkoenig import ENGINE
from games.engines.rosenkoenig.board import cell_target

from .helpers import en


def _states(seed: int):
    record = random_playout(ENGINE, seed)
    state = ENGINE.setup(seed, {})
    yield state
    for role, action in record.actions:
        state = ENGINE.apply(state, role, action)
        yield state


@pytest.mark.parametrize("seed", range(6))
def test_every_role_has_a_prompt_at_every_step(seed: int) -> None:
    for state in _states(seed):
        prompts = {role: en(ENGINE.view(state, role)["prompt"]) for role in (*ENGINE.roles, None)}
        assert all(prompts.values()), prompts
        for role in ENGINE.active_roles(state):
            assert prompts[role].startswith("Your move")
            other = next(r for r in ENGINE.roles if r != role)
            assert prompts[other] != prompts[role] and "is" in prompts[other]


@pytest.mark.parametrize("seed", range(3))
def test_every_crown_move_is_a_path_between_cells_of_the_map(seed: int) -> None:
    states = list(_states(seed))
    final = states[-1]
    svg = ENGINE.render_svg(ENGINE.view(final, "white"))
    cells = set(re.findall(r'data-target="(cell:[^"]+)"', svg))
    assert len(cells) == 81
    crown = [5, 5]
    moves = [e for e in final["log"] if e.get("action") in ("play", "hero")]
    assert moves
    for event in moves:
        assert event["path"] == [cell_target(*crown), cell_target(*event["to"])]
        assert event["at"] == [cell_target(*event["to"])]
        assert set(event["path"]) <= cells
        crown = event["to"]
