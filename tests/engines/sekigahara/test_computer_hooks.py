"""The computer player's hooks in Sekigahara (issue 32): sampled states keep what the side saw and vary what
it did not; the evaluation follows the victory conditions; the trusted apply matches ``apply``."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engines.base import Rng, State
from games.engines.sekigahara import ENGINE
from games.engines.sekigahara.common import OFF_MAP, other
from games.engines.sekigahara.data.locations import CASTLES

from ..playouts import walk


def position(seed: int, steps: int) -> State:
    *_, last = walk(ENGINE, seed, steps=steps)
    return last


def own_part(state: State, role: str) -> dict:
    """What ``role`` holds and sees of his own: his blocks out of the bag, his hand."""
    mine = {b: (state["faces"][b], w) for b, w in state["where"].items() if b[0] == role[0].upper() and w != "bag"}
    return {"blocks": mine, "hand": [(c, state["cards"][c]) for c in state["hands"][role]]}


def foe_part(state: State, role: str) -> tuple:
    """What ``role`` cannot see: where the opponent's faces stand, his hand, both decks in order."""
    foe = other(role)
    faces = sorted((state["faces"][b], w) for b, w in state["where"].items() if b[0] == foe[0].upper())
    hand = sorted(state["cards"][c] for c in state["hands"][foe])
    decks = [[state["cards"][c] for c in state["decks"][side]] for side in ENGINE.roles]
    return faces, hand, decks


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_a_sample_keeps_what_the_side_saw_and_varies_the_rest(seed: int) -> None:
    state = position(seed, 150)
    for role in ENGINE.roles:
        view = ENGINE.view(state, role)
        samples = [ENGINE.sample_state(view, role, s) for s in range(6)]
        for sampled in samples:
            assert own_part(sampled, role) == own_part(state, role)
            seen = ENGINE.view(sampled, role)
            assert (seen["dead"], seen["mori_area"], seen["battle"]) == (
                view["dead"],
                view["mori_area"],
                view["battle"],
            )
            assert sampled["log"] == view["log"]
        assert len({repr(foe_part(s, role)) for s in samples}) > 1
        assert len({s["rng"] for s in samples}) == len(samples)


@pytest.mark.parametrize("seed", [4, 9])
def test_a_sample_holds_every_block_and_card_once(seed: int) -> None:
    state = position(seed, 220)
    for role in ENGINE.roles:
        sampled = ENGINE.sample_state(ENGINE.view(state, role), role, 17)
        assert Counter(sampled["faces"].values()) == Counter(state["faces"].values())
        assert Counter(sampled["cards"].values()) == Counter(state["cards"].values())
        for side in ENGINE.roles:
            piles = [sampled["hands"][side], sampled["decks"][side], sampled["discards"][side]]
            played = sampled["battle"]["cards_played"][side] if sampled["battle"] else []
            bid = [c for s, c in sampled["turn_order_bids"].items() if s == side and sampled["phase"] == "bid"]
            held = [c for pile in piles for c in pile] + played + bid
            assert sorted(held) == sorted(c for c in sampled["cards"] if c[0] == side[0])


@pytest.mark.rule("SK-5.2.1a")
def test_blocks_of_the_printed_set_up_stay_where_nothing_has_moved() -> None:
    state = ENGINE.setup(2, ENGINE.resolve_options({}))
    for role, leader, home in (("ishida", "tokugawa_ieyasu", "edo"), ("tokugawa", "ishida_mitsunari", "osaka")):
        view = ENGINE.view(state, role)
        for seed in range(5):
            sampled = ENGINE.sample_state(view, role, seed)
            assert [w for b, w in sampled["where"].items() if sampled["faces"][b] == leader] == [home]


def test_the_sample_depends_on_the_view_and_the_seed_only() -> None:
    state = position(5, 180)
    for role in ENGINE.roles:
        view = ENGINE.view(state, role)
        other_truth = ENGINE.sample_state(view, role, 1)  # another state behind the same view
        assert ENGINE.sample_state(ENGINE.view(other_truth, role), role, 2) == ENGINE.sample_state(view, role, 2)


@pytest.mark.rule("SK-2.1a", "SK-2.1c", "SK-2.2c")
@pytest.mark.parametrize("seed", [1, 2, 6])
def test_a_finished_game_scores_by_its_result(seed: int) -> None:
    state = position(seed, 5000)
    winner = state["result"]["winner"]
    assert ENGINE.evaluate(state, winner) == 1.0
    assert ENGINE.evaluate(state, other(winner)) == 0.0


@pytest.mark.rule("SK-2.2b")
@pytest.mark.parametrize("seed", [1, 7])
def test_more_castles_evaluate_higher(seed: int) -> None:
    state = position(seed, 120)
    assert state["result"] is None
    for role in ENGINE.roles:
        before = ENGINE.evaluate(state, role)
        assert 0.0 < before < 1.0
        assert ENGINE.evaluate(state, other(role)) == pytest.approx(1.0 - before)
        taken = next(loc for loc in sorted(CASTLES) if state["castles"][loc] != role)
        richer = {**state, "castles": {**state["castles"], taken: role}}
        assert ENGINE.evaluate(richer, role) > before


def test_strength_on_the_map_counts() -> None:
    state = ENGINE.setup(3, ENGINE.resolve_options({}))
    for role in ENGINE.roles:
        block = next(b for b, w in sorted(state["where"].items()) if b[0] == role[0].upper() and w not in OFF_MAP)
        weaker = {**state, "where": {**state["where"], block: "reinf"}}
        assert ENGINE.evaluate(weaker, role) < ENGINE.evaluate(state, role)


@pytest.mark.parametrize("seed", [11, 12])
def test_the_trusted_apply_gives_the_same_states(seed: int) -> None:
    rng = Rng.from_seed(seed)
    state = ENGINE.setup(seed, ENGINE.resolve_options({}))
    while ENGINE.active_roles(state):
        role = rng.choice(ENGINE.active_roles(state))
        action = rng.choice(ENGINE.legal_actions(state, role))["action"]
        trusted = ENGINE.apply_trusted(state, role, action)
        state = ENGINE.apply(state, role, action)
        assert trusted == state
