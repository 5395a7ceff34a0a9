"""The computer player's hooks in Rosenkönig: the sampled draw pile, the evaluation, the trusted apply."""

import pytest

from games.engines.base import Rng
from games.engines.rosenkoenig import ENGINE
from games.engines.rosenkoenig.data.cards import CARD_IDS

from ..playouts import walk
from .helpers import position


def _midgame(seed: int, steps: int = 30) -> dict:
    *_, last = walk(ENGINE, seed, steps=steps)
    return last


@pytest.mark.parametrize("role", ["red", "white"])
def test_the_draw_pile_order_varies_with_the_seed_and_all_else_stays(role):
    state = _midgame(3, steps=8)
    view = ENGINE.view(state, role)
    piles = set()
    for seed in range(6):
        sampled = ENGINE.sample_state(view, role, seed)
        piles.add(tuple(sampled["draw_pile"]))
        assert sorted(sampled["draw_pile"]) == sorted(state["draw_pile"])  # the same cards, as a set
        for key in ("board", "crown", "hands", "heroes", "discard", "supply", "turn", "end", "log"):
            assert sampled[key] == state[key], key
    assert len(piles) == 6


def test_a_sampled_state_replays_from_its_seed():
    view = ENGINE.view(_midgame(5), "red")
    assert ENGINE.sample_state(view, "red", 11) == ENGINE.sample_state(view, "red", 11)


def test_a_finished_game_is_sampled_as_finished_for_the_same_reason():
    *_, last = walk(ENGINE, 8)
    assert last["end"] is not None
    sampled = ENGINE.sample_state(ENGINE.view(last, "white"), "white", 1)
    assert sampled["end"] == last["end"]
    assert ENGINE.result(sampled) == ENGINE.result(last)


@pytest.mark.rule("RK-SCORE-5")
def test_a_won_game_scores_one_and_a_lost_game_zero():
    # Red holds a region of 3, White a lone stone: Red wins on points.
    board = {(1, 1): "red", (1, 2): "red", (1, 3): "red", (9, 9): "white"}
    state = position({"red": [], "white": []}, board=board)
    state["end"] = "blocked"
    assert ENGINE.evaluate(state, "red") == 1.0
    assert ENGINE.evaluate(state, "white") == 0.0


@pytest.mark.rule("RK-SCORE-8")
def test_a_drawn_game_scores_one_half():
    state = position({"red": [], "white": []}, board={(1, 1): "red", (9, 9): "white"})
    state["end"] = "blocked"
    assert ENGINE.evaluate(state, "red") == ENGINE.evaluate(state, "white") == 0.5


@pytest.mark.rule("RK-SCORE-3", "RK-HERO-1")
def test_a_running_game_favours_the_larger_regions_and_the_heroes_left():
    even = position({"red": ["N1"], "white": ["S1"]}, board={(1, 1): "red", (9, 9): "white"})
    assert ENGINE.evaluate(even, "red") == 0.5
    ahead = position({"red": ["N1"], "white": ["S1"]}, board={(1, 1): "red", (1, 2): "red", (9, 9): "white"})
    assert 0.5 < ENGINE.evaluate(ahead, "red") < 1.0
    assert ENGINE.evaluate(ahead, "white") == pytest.approx(1.0 - ENGINE.evaluate(ahead, "red"))
    fewer_heroes = position({"red": ["N1"], "white": ["S1"]}, heroes={"red": 2, "white": 4})
    assert ENGINE.evaluate(fewer_heroes, "red") < 0.5


@pytest.mark.parametrize("seed", range(6))
def test_the_trusted_apply_gives_the_same_states_as_apply(seed):
    rng = Rng.from_seed(seed)
    state = ENGINE.setup(seed, {})
    while ENGINE.active_roles(state):
        role = rng.choice(ENGINE.active_roles(state))
        action = rng.choice(ENGINE.legal_actions(state, role))["action"]
        trusted = ENGINE.apply_trusted(state, role, action)
        assert trusted == ENGINE.apply(state, role, action)
        state = trusted


def test_the_sampled_cards_are_the_deck():
    view = ENGINE.view(ENGINE.setup(2, {}), "red")
    sampled = ENGINE.sample_state(view, "red", 4)
    cards = sampled["hands"]["red"] + sampled["hands"]["white"] + sampled["draw_pile"] + sampled["discard"]
    assert sorted(cards) == sorted(CARD_IDS)
