"""Random whole games: they finish, never raise, replay identically, and are fast."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction, state_hash
from games.engines.base.playout import random_playout, replay
from games.engines.nine_years import ENGINE

from .helpers import en, fresh


@pytest.mark.parametrize("seed", range(1, 21))
def test_random_playout_finishes_and_replays(seed: int) -> None:
    record = random_playout(ENGINE, seed)
    state = record.final_state
    assert ENGINE.active_roles(state) == []
    result = ENGINE.result(state)
    assert result["winner"] in ENGINE.roles
    assert state["year"] <= 1697
    assert state_hash(replay(ENGINE, seed, None, record.actions)) == record.final_hash


def test_bad_input_is_rejected_without_change() -> None:
    state = fresh(3)
    before = state_hash(state)
    for role, action in (
        ("bourbon", {"type": "nonsense"}),
        ("nobody", {"type": "first", "role": "bourbon"}),
        ("alliance", {"type": "first", "role": "bourbon"}),
        ("bourbon", {"type": "first"}),
        ("bourbon", "not a dict"),
    ):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, role, action)
    assert state_hash(state) == before


def test_apply_never_mutates_its_input() -> None:
    state = fresh(6)
    for _ in range(120):
        role = state["active"][0]
        before = state_hash(state)
        action = ENGINE.legal_actions(state, role)[-1]["action"]
        new = ENGINE.apply(state, role, action)
        assert state_hash(state) == before
        state = new


@pytest.mark.rule("NY-4.3a", "NY-4.3f")
@pytest.mark.parametrize("seed", range(1, 6))
def test_enemies_share_a_space_only_as_garrison_and_besiegers(seed: int) -> None:
    from games.engines.base import Rng
    from games.engines.nine_years.data.powers import side_of
    from games.engines.nine_years.data.spaces import SPACES

    state, rng = fresh(seed), Rng(seed * 7)
    while state["active"]:
        role = state["active"][0]
        choices = ENGINE.legal_actions(state, role)
        state = ENGINE.apply(state, role, choices[rng.below(len(choices))]["action"])
        if state["phase"] in ("avoid", "intercept", "losses", "retreat"):
            continue  # mid-action: the battle is about to be fought
        occupied: dict[str, set] = {}
        for v in state["corps"].values():
            if v["space"] in SPACES:
                occupied.setdefault(v["space"], set()).add((side_of(v["power"]), v["garrison"]))
        for space, units in occupied.items():
            field = {side for side, garrison in units if not garrison}
            garrison = {side for side, garrison in units if garrison}
            assert len(field) <= 1, space
            if garrison:  # a garrison is its fortress's owner, besieged by the other side
                assert garrison == {state["control"][space]} and field and field != garrison, space


def test_every_phase_prompts_both_roles_and_spectators() -> None:
    from games.engines.base import Rng

    state, rng, seen = fresh(8), Rng(8), set()
    while state["active"]:
        role = state["active"][0]
        asked = en(ENGINE.view(state, role)["prompt"])
        waiting = en(ENGINE.view(state, "bourbon" if role == "alliance" else "alliance")["prompt"])
        assert asked and waiting and asked != waiting, state["phase"]
        assert en(ENGINE.view(state, None)["prompt"]) == waiting
        seen.add(state["phase"])
        choices = ENGINE.legal_actions(state, role)
        state = ENGINE.apply(state, role, choices[rng.below(len(choices))]["action"])
    assert en(ENGINE.view(state, None)["prompt"]).startswith("The game is over.")
    assert {"first", "reinforce", "card", "action", "move"} <= seen
