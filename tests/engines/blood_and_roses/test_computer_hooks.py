"""The computer player's hooks: the states behind a side's view, the evaluation, the trusted apply."""

from __future__ import annotations

import copy

import pytest

from games.engines.base import Rng, state_hash
from games.engines.blood_and_roses import ENGINE

from .helpers import bosworth, fresh, play, put
from .testbattle import TEST_BATTLE

ROLES = ("york", "lancaster")


def random_positions(state: dict, seed: int, steps: int, every: int = 25) -> list[dict]:
    """Every ``every``-th position of a seeded random game from ``state``."""
    chooser = Rng.from_seed(seed)
    positions = [state]
    for step in range(1, steps + 1):
        active = ENGINE.active_roles(state)
        if not active:
            break
        role = active[0]
        state = ENGINE.apply(state, role, chooser.choice(ENGINE.legal_actions(state, role))["action"])
        if step % every == 0:
            positions.append(state)
    return positions


def without_rng(state: dict) -> dict:
    return {key: value for key, value in state.items() if key != "rng"}


@pytest.mark.rule("BR-6.3a", "BR-6.3c")
@pytest.mark.parametrize("start", [bosworth, fresh], ids=["bosworth", "test battle"])
def test_behind_a_view_lies_the_state_itself_but_for_the_dice(start) -> None:
    for state in random_positions(start(3), seed=3, steps=400):
        for role in ROLES:
            view = ENGINE.view(state, role)
            sampled = ENGINE.sample_state(view, role, 11)
            assert ENGINE.view(sampled, role) == view
            assert without_rng(sampled) == without_rng(state)
            assert ENGINE.legal_actions(sampled, role) == ENGINE.legal_actions(state, role)


def test_the_dice_to_come_differ_between_seeds_and_the_view_is_left_as_it_was() -> None:
    view = ENGINE.view(random_positions(bosworth(), seed=5, steps=200)[-1], "york")
    before = state_hash(view)
    first, second = (ENGINE.sample_state(view, "york", seed) for seed in (1, 2))
    assert first["rng"] != second["rng"]
    assert ENGINE.sample_state(view, "york", 1) == first
    random_positions(first, seed=6, steps=200)  # play on from the sampled state
    assert state_hash(view) == before


@pytest.mark.rule("BR-6.3a", "BR-6.3c", "BR-6.3i")
def test_the_other_sides_markers_are_its_mix_less_those_it_played() -> None:
    data = copy.deepcopy(TEST_BATTLE)
    data["name"] = "test battle with a Battle Cry"  # maps are cached by name
    data["seizure"]["lancaster"].append({"id": "L3", "kind": "battle_cry"})
    state = ENGINE.setup_custom(1, data)
    put(state, "L-Inf1", "1506", disordered=True, rout=True)
    state = play(state, "york", {"type": "activate", "battle": "van"})
    state = play(state, "lancaster", {"type": "battle_cry", "marker": "L3", "unit": "L-Inf1"})
    view = ENGINE.view(state, "york")
    assert view["markers"]["lancaster"] == {"count": 2}
    assert view["markers_played"] == {"york": [], "lancaster": ["L3"]}
    held = ENGINE.sample_state(view, "york", 5)["markers"]["lancaster"]
    assert held == state["markers"]["lancaster"] == data["seizure"]["lancaster"][:2]


@pytest.mark.rule("BR-3.0c", "BR-3.0d")
def test_a_finished_battle_scores_by_its_result() -> None:
    state = bosworth()
    for winner, york, lancaster in (("york", 1.0, 0.0), ("lancaster", 0.0, 1.0), (None, 0.5, 0.5)):
        state["result"] = {"winner": winner, "scores": {}, "reason": "test"}
        assert (ENGINE.evaluate(state, "york"), ENGINE.evaluate(state, "lancaster")) == (york, lancaster)


@pytest.mark.rule("BR-3.0a", "BR-3.0c")
def test_the_side_nearer_its_flight_level_scores_lower() -> None:
    state = bosworth()
    assert 0.3 < ENGINE.evaluate(state, "york") < 0.7  # even at the start, but for the armies' strength
    scores = []
    for points in (0, 4, 8, 12, 15):
        state["flight_points"]["york"] = points
        scores.append(ENGINE.evaluate(state, "york"))
        assert ENGINE.evaluate(state, "york") + ENGINE.evaluate(state, "lancaster") == pytest.approx(1.0)
    assert scores == sorted(scores, reverse=True) and scores[-1] < 0.2


@pytest.mark.rule("BR-3.0l", "BR-3.0m")
def test_routed_units_count_against_their_side() -> None:
    state = bosworth()
    before = ENGINE.evaluate(state, "lancaster")
    state["units"]["L-MM1"]["rout"] = True
    state["flight_points"]["lancaster"] = 1  # BR-3.0l: the rout's own point
    assert ENGINE.evaluate(state, "lancaster") < before


@pytest.mark.rule("BR-16.2a")
def test_the_time_limited_side_feels_time_running_out() -> None:
    state = fresh()
    limited = state["time"]["limited"]
    scores = []
    for left in (3, 2, 1):
        state["time"]["left"] = left
        scores.append(ENGINE.evaluate(state, limited))
    assert scores == sorted(scores, reverse=True)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_trusted_apply_gives_the_same_states_as_apply(seed: int) -> None:
    chooser = Rng.from_seed(seed)
    checked = trusted = bosworth(seed)
    for _ in range(600):
        active = ENGINE.active_roles(checked)
        if not active:
            break
        action = chooser.choice(ENGINE.legal_actions(checked, active[0]))["action"]
        checked = ENGINE.apply(checked, active[0], action)
        trusted = ENGINE.apply_trusted(trusted, active[0], action)
        assert state_hash(trusted) == state_hash(checked)
