"""The computer player's hooks (issue 32): states sampled from a side's view, the evaluation, the trusted apply."""

from __future__ import annotations

import pytest

from games.engines.base import Rng
from games.engines.base.playout import policy_names, random_playout
from games.engines.nine_years import ENGINE
from games.engines.nine_years.data.cards import ACTION_CARDS, EVENT_CARDS

from ..playouts import walk
from .helpers import fresh, place

SEEDS = range(12)


def first_campaign_card(seed: int = 3) -> dict:
    """The first position where a side holds Action cards, both hands dealt (1688 Campaign Phase)."""
    state = fresh(seed)
    while state["phase"] != "card":
        role = state["active"][0]
        state = ENGINE.apply(state, role, ENGINE.default_action(state, role))
    return state


def later_campaign(seed: int = 3) -> dict:
    """A random game's position in a later year's Campaign, with Action cards played and Event cards drawn."""
    for state in walk(ENGINE, seed, steps=3000):
        if state["year"] >= 1691 and state["phase"] == "card" and state["decks"]["discards"]:
            return state
    raise AssertionError("the game never reached a later Campaign")


@pytest.mark.rule("NY-4.4b")
def test_the_opponents_cards_and_the_deck_orders_vary_with_the_seed() -> None:
    state = first_campaign_card()
    view = ENGINE.view(state, "bourbon")
    samples = [ENGINE.sample_state(view, "bourbon", seed) for seed in SEEDS]
    assert len({tuple(s["hands"]["alliance"]) for s in samples}) > 1
    assert len({tuple(s["decks"]["action_deck"]) for s in samples}) > 1
    assert len({tuple(s["decks"]["event_deck"]) for s in samples}) > 1
    assert len({s["rng"] for s in samples}) == len(samples)
    # The same seed gives the same state.
    assert ENGINE.sample_state(view, "bourbon", 5) == samples[5]


@pytest.mark.rule("NY-4.4a", "NY-4.4b", "NY-5.2.1b", "NY-5.2.2a")
@pytest.mark.parametrize("role", ENGINE.roles)
def test_what_the_side_saw_stays_and_the_rest_comes_from_the_unseen_cards(role: str) -> None:
    state = later_campaign()
    view = ENGINE.view(state, role)
    opponent = "alliance" if role == "bourbon" else "bourbon"
    seen = set(state["hands"][role]) | set(state["decks"]["discards"])
    for seed in SEEDS:
        sampled = ENGINE.sample_state(view, role, seed)
        assert ENGINE.view(sampled, role) == view
        assert sampled["hands"][role] == state["hands"][role]
        assert sampled["decks"]["discards"] == state["decks"]["discards"]
        assert sampled["decks"]["event_discards"] == state["decks"]["event_discards"]
        assert sampled["decks"]["set_aside"] == state["decks"]["set_aside"]
        assert len(sampled["hands"][opponent]) == len(state["hands"][opponent])
        assert not seen & set(sampled["hands"][opponent] + sampled["decks"]["action_deck"])
        actions = sampled["hands"][opponent] + sampled["decks"]["action_deck"]
        assert sorted(actions + list(seen)) == sorted(ACTION_CARDS)
        events = sampled["decks"]["event_deck"] + sampled["decks"]["event_discards"] + sampled["decks"]["set_aside"]
        assert sorted(events) == sorted(EVENT_CARDS)
        for key in set(state) - {"hands", "decks", "rng", "log"}:
            assert sampled[key] == state[key], key


def test_the_sample_depends_on_the_view_only_never_on_the_hidden_cards() -> None:
    state = first_campaign_card()
    other = ENGINE.copy(state)
    # Another truth behind the same view: the Alliance hold other cards, the decks lie otherwise.
    pool = sorted(other["hands"]["alliance"] + other["decks"]["action_deck"])
    other["hands"]["alliance"], other["decks"]["action_deck"] = pool[-3:], pool[:-3]
    other["decks"]["event_deck"].reverse()
    other["rng"] += 1
    view = ENGINE.view(state, "bourbon")
    assert ENGINE.view(other, "bourbon") == view
    assert ENGINE.sample_state(ENGINE.view(other, "bourbon"), "bourbon", 8) == ENGINE.sample_state(view, "bourbon", 8)


def test_a_sampled_state_plays_on_to_the_end() -> None:
    state = later_campaign()
    sampled = ENGINE.sample_state(ENGINE.view(state, "alliance"), "alliance", 4)
    rng = Rng.from_seed(4)
    while ENGINE.active_roles(sampled):
        role = rng.choice(ENGINE.active_roles(sampled))
        sampled = ENGINE.apply(sampled, role, rng.choice(ENGINE.legal_actions(sampled, role))["action"])
    assert ENGINE.result(sampled)["winner"] in ENGINE.roles


@pytest.mark.parametrize("seed", [1, 2])
def test_the_trusted_apply_reaches_the_same_states_as_apply(seed: int) -> None:
    rng = Rng.from_seed(seed)
    state = trusted = ENGINE.setup(seed, {})
    while ENGINE.active_roles(state):
        role = rng.choice(ENGINE.active_roles(state))
        action = rng.choice(ENGINE.legal_actions(state, role))["action"]
        state, trusted = ENGINE.apply(state, role, action), ENGINE.apply_trusted(trusted, role, action)
        assert trusted == state


@pytest.mark.rule("NY-6.1b", "NY-6.1.1a")
def test_the_evaluation_follows_the_vp_and_the_two_sides_add_up_to_one() -> None:
    state = fresh()
    for role in ENGINE.roles:
        assert 0 < ENGINE.evaluate(state, role) < 1
    assert ENGINE.evaluate(state, "bourbon") + ENGINE.evaluate(state, "alliance") == pytest.approx(1)
    # The set-up's VP 15 is far below the Alliance's 25 (6.3): the Bourbon stand better.
    assert ENGINE.evaluate(state, "bourbon") > 0.5
    previous = 0.0
    for vp in range(0, 36, 5):
        state["vp"] = vp
        now = ENGINE.evaluate(state, "alliance")
        assert now > previous
        previous = now


def test_the_evaluation_counts_the_corps_on_the_map_and_the_cards_in_hand() -> None:
    state = first_campaign_card()
    before = ENGINE.evaluate(state, "alliance")
    reduced = ENGINE.copy(state)
    full = next(c for c in reduced["corps"].values() if c["power"] == "dutch" and c["full"] and c["space"] != "pool")
    full["full"] = False
    assert ENGINE.evaluate(reduced, "alliance") < before
    stronger = ENGINE.copy(state)
    place(stronger, "austria", "vienna")
    assert ENGINE.evaluate(stronger, "alliance") > before
    fewer = ENGINE.copy(state)
    fewer["hands"]["bourbon"] = fewer["hands"]["bourbon"][1:]
    assert ENGINE.evaluate(fewer, "bourbon") < ENGINE.evaluate(state, "bourbon")


@pytest.mark.rule("NY-6.2a", "NY-6.1.1e", "NY-6.1.1i", "NY-6.1c")
def test_the_evaluation_weighs_capitals_sieges_and_london() -> None:
    state = fresh()
    base = ENGINE.evaluate(state, "alliance")  # London Bourbon before the Revolution
    paris = ENGINE.copy(state)
    paris["control"]["paris"] = "alliance"
    assert ENGINE.evaluate(paris, "alliance") > base
    vienna = ENGINE.copy(state)
    vienna["control"]["vienna"] = "bourbon"
    assert ENGINE.evaluate(vienna, "bourbon") > ENGINE.evaluate(state, "bourbon")
    besieged = ENGINE.copy(state)
    besieged["fortress_strength"]["lille"] -= 1  # NY-6.1.1e: a siege under way brings Lille's VP closer
    assert ENGINE.evaluate(besieged, "alliance") > base
    london = ENGINE.copy(state)
    london["control"]["london"] = "alliance"
    assert ENGINE.evaluate(london, "alliance") > base


def test_a_finished_game_scores_by_its_result() -> None:
    state = fresh()
    state["result"] = {"winner": "alliance", "scores": {}, "reason": "test"}
    assert ENGINE.evaluate(state, "alliance") == 1.0
    assert ENGINE.evaluate(state, "bourbon") == 0.0
    *_, end = walk(ENGINE, 7, steps=3000)
    winner = ENGINE.result(end)["winner"]
    assert ENGINE.evaluate(end, winner) == 1.0


def test_the_computer_rolls_out_with_the_purposeful_policy() -> None:
    assert policy_names(ENGINE) == ["uniform", "purposeful", "mixed"]
    played = random_playout(ENGINE, 3, policy="purposeful")
    assert ENGINE.result(played.final_state)["winner"] in ENGINE.roles
