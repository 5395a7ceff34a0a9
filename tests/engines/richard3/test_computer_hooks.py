"""The computer player's hooks for Richard III (issue 32): states sampled from a side's view keep what the
side saw and vary what it did not; the evaluation follows the victory conditions; the trusted apply gives
the same states as ``apply``."""

from __future__ import annotations

from itertools import pairwise

import pytest

from games.engines.base import Rng
from games.engines.richard3 import ENGINE
from games.engines.richard3.board import BLOCK_IDS, other, owner
from games.engines.richard3.data.areas import AREAS
from games.engines.richard3.public import hidden_blocks, revealed

from ..playouts import walk


def positions(seed: int, every: int = 11, scenario: str = "1460") -> list[dict]:
    return [s for i, s in enumerate(walk(ENGINE, seed, {"scenario": scenario}, steps=1500)) if i % every == 5]


def first(seed: int, test) -> dict:
    return next(s for s in walk(ENGINE, seed, steps=3000) if test(s))


def enemy_by_area(state: dict, role: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for b in BLOCK_IDS:
        at = state["blocks"][b]["at"]
        if owner(state, b) != role and at in AREAS:
            out.setdefault(at, []).append(b)
    return out


def test_what_the_side_cannot_see_varies_with_the_seed():
    state = positions(3)[8]
    role = "york"
    view = ENGINE.view(state, role)
    samples = [ENGINE.sample_state(view, role, seed) for seed in range(8)]
    assert len({str(enemy_by_area(s, role)) for s in samples}) > 1
    assert len({str(s["hands"]["lancaster"]) for s in samples}) > 1
    assert len({s["rng"] for s in samples}) == 8
    strengths = {str([s["blocks"][b]["strength"] for b in BLOCK_IDS if owner(s, b) != role]) for s in samples}
    assert len(strengths) > 1
    # the same seed, the same state
    assert ENGINE.sample_state(view, role, 5) == samples[5]


@pytest.mark.parametrize("seed", [1, 2])
def test_what_the_side_saw_stays(seed):
    for state in positions(seed):
        for role in ENGINE.roles:
            sampled = ENGINE.sample_state(ENGINE.view(state, role), role, seed)
            mine = [b for b in BLOCK_IDS if owner(state, b) == role]
            assert {b: sampled["blocks"][b] for b in mine} == {b: state["blocks"][b] for b in mine}
            assert sampled["hands"][role] == state["hands"][role]
            assert len(sampled["hands"][other(role)]) == len(state["hands"][other(role)])
            for area in AREAS:  # as many enemy blocks everywhere, none of them a block the side saw elsewhere
                assert len(enemy_by_area(sampled, role).get(area, [])) == len(enemy_by_area(state, role).get(area, []))
            assert len(sampled["turn_record"]["moved"]) == len(state["turn_record"]["moved"])
            # cards played this Campaign (all shown) are in nobody's hand
            played = {c for r in ENGINE.roles for c in state["hands"][r]} | set(state["deck"])
            played |= set(state["played"].values())
            assert set(sampled["hands"][other(role)]) <= played - set(state["hands"][role])
            assert ENGINE.view(sampled, role)["my_blocks"] == ENGINE.view(state, role)["my_blocks"]


@pytest.mark.rule("R3-6.1c")
def test_blocks_revealed_in_battle_are_the_true_ones():
    state = first(4, lambda s: s["battle"] and s["battle"]["stage"] == "fight")
    for role in ENGINE.roles:
        view = ENGINE.view(state, role)
        for seed in range(4):
            sampled = ENGINE.sample_state(view, role, seed)
            for b in revealed(state):
                assert sampled["blocks"][b] == state["blocks"][b]
            assert ENGINE.legal_actions(sampled, role) == ENGINE.legal_actions(state, role) or (
                role not in ENGINE.active_roles(state)
            )


@pytest.mark.rule("R3-3.21b", "R3-6.8.2a")
def test_known_heirs_stay_where_the_view_puts_them():
    for state in positions(6, every=23):
        for role in ENGINE.roles:
            view = ENGINE.view(state, role)
            sampled = ENGINE.sample_state(view, role, 1)
            assert sampled["crowned"] == state["crowned"]
            enemy = other(role)
            crowned = state["crowned"][enemy]
            if crowned and state["blocks"][crowned]["at"] != "prisoner":
                assert sampled["blocks"][crowned]["at"] in AREAS
            assert ENGINE.view(sampled, role)["dead_heirs"] == view["dead_heirs"]


def test_views_do_not_tell_hidden_blocks_apart():
    """Two hidden enemy blocks trading everything (where they stand, strength, every record naming them)
    leave the side's view as it was: the tokens never say which block is which."""
    rng = Rng.from_seed(11)
    for state in positions(7, every=17) + positions(8, every=17, scenario="1469"):
        role = rng.choice(ENGINE.roles)
        hidden = [b for b in hidden_blocks(state, role) if state["blocks"][b]["at"] in AREAS]
        if len(hidden) < 2:
            continue
        a, b = rng.choice(hidden), rng.choice(hidden)
        swapped = ENGINE.copy(state)
        swapped["blocks"][a], swapped["blocks"][b] = dict(state["blocks"][b]), dict(state["blocks"][a])
        for part in ("turn_record", "action_phase", "battle", "supply", "political"):
            swapped[part] = _swap_names(swapped[part], a, b)
        before, after = ENGINE.view(state, role), ENGINE.view(swapped, role)
        assert {k: v for k, v in after.items() if k != "log"} == {k: v for k, v in before.items() if k != "log"}


@pytest.mark.rule("R3-8.3a", "R3-8.4a")
def test_the_political_queue_does_not_order_hidden_blocks():
    """The blocks going home are queued in the order of the block list; two hidden enemy blocks trading
    places (the queue listed again in that order) leave the side's view as it was."""
    index = {b: i for i, b in enumerate(BLOCK_IDS)}
    tried = 0
    for state in walk(ENGINE, 0, steps=3000):
        political = state["political"]
        if state["phase"] != "political" or not political["queue"]:
            continue
        asked = political["ask"] and political["ask"].get("block")
        for role in ENGINE.roles:
            queued = [b for b in hidden_blocks(state, role) if b in political["queue"] and b != asked]
            for a, b in pairwise(queued):
                if state["blocks"][a]["at"] == state["blocks"][b]["at"]:
                    continue
                swapped = ENGINE.copy(state)
                swapped["blocks"][a], swapped["blocks"][b] = dict(state["blocks"][b]), dict(state["blocks"][a])
                queue = swapped["political"]["queue"]
                spots = [i for i, x in enumerate(queue) if x in (a, b)]
                for i, x in zip(spots, sorted((a, b), key=index.get), strict=True):
                    queue[i] = x
                before, after = ENGINE.view(state, role), ENGINE.view(swapped, role)
                assert before["public"] == after["public"]
                tried += 1
    assert tried > 10


def _swap_names(value, a: str, b: str):
    names = {a: b, b: a}
    if isinstance(value, dict):
        return {names.get(k, k): _swap_names(v, a, b) for k, v in value.items()}
    if isinstance(value, list):
        return [_swap_names(v, a, b) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


@pytest.mark.rule("R3-9.0a", "R3-9.0b")
def test_a_finished_game_scores_by_its_result():
    state = ENGINE.setup(1, {})
    for winner in ENGINE.roles:
        state["over"] = {"winner": winner, "reason": "all York heirs are lost"}
        assert ENGINE.evaluate(state, winner) == 1.0
        assert ENGINE.evaluate(state, other(winner)) == 0.0


@pytest.mark.rule("R3-8.2a", "R3-8.2d")
def test_more_strength_and_the_crown_score_higher():
    state = ENGINE.setup(1, {"scenario": "1460"})
    base = ENGINE.evaluate(state, "york")
    assert 0.0 < base < 1.0
    weaker = ENGINE.copy(state)
    lord = next(b for b in BLOCK_IDS if owner(state, b) == "york" and state["blocks"][b]["at"] in AREAS)
    weaker["blocks"][lord]["strength"] = 1
    assert ENGINE.evaluate(weaker, "york") < base
    assert ENGINE.evaluate(weaker, "lancaster") > ENGINE.evaluate(state, "lancaster")
    crowned = ENGINE.copy(state)
    crowned["king"] = "york"
    assert ENGINE.evaluate(crowned, "york") > base
    gone = ENGINE.copy(state)
    gone["blocks"][lord]["at"] = "pool"  # a noble off the map: one fewer for usurpation, less strength
    assert ENGINE.evaluate(gone, "york") < ENGINE.evaluate(weaker, "york")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_trusted_apply_gives_the_same_states(seed):
    rng = Rng.from_seed(seed)
    state = ENGINE.setup(seed, {"scenario": ("1460", "1469", "1485")[seed % 3]})
    for _ in range(800):
        active = ENGINE.active_roles(state)
        if not active:
            break
        role = rng.choice(active)
        action = rng.choice(ENGINE.legal_actions(state, role))["action"]
        trusted = ENGINE.apply_trusted(state, role, action)
        state = ENGINE.apply(state, role, action)
        assert trusted == state
