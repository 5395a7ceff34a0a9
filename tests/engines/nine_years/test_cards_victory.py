"""Sections 5 and 6 of the seed: the two shared decks, the 1693 cards, the VP track and its sources, victory."""

from __future__ import annotations

import pytest

from games.engines.nine_years import ENGINE
from games.engines.nine_years.data.cards import ACTION_CARDS, EVENT_CARDS
from games.engines.nine_years.data.leaders import LEADERS
from games.engines.nine_years.provisional import events, naval
from games.engines.nine_years.provisional.battle import fight
from games.engines.nine_years.provisional.kww import move_marker
from games.engines.nine_years.provisional.scenario import glorious_revolution
from games.engines.nine_years.provisional.sequence import run_step
from games.engines.nine_years.provisional.siege import siege
from games.engines.nine_years.victory import (
    add_vp,
    automatic_victory,
    change_control,
    end_game_result,
    leader_captured,
)

from .helpers import FixedRng, campaign, cleared, do, en, fresh, leader, place

HOMES = {"bourbon": "paris", "alliance": "es_box"}


def play_until(state: dict, phase: str) -> dict:
    while state["phase"] != phase:
        role = state["active"][0]
        state = ENGINE.apply(state, role, ENGINE.default_action(state, role))
    return state


@pytest.mark.rule("NY-5.1a", "NY-5.2.1a", "NY-5.2.2a")
def test_two_decks_shuffled_1693_cards_set_aside() -> None:
    a, b = fresh(1), fresh(2)
    assert set(a["decks"]["action_deck"]) == set(ACTION_CARDS)
    assert set(a["decks"]["event_deck"]) | set(a["decks"]["set_aside"]) == set(EVENT_CARDS)
    assert a["decks"]["event_deck"] != b["decks"]["event_deck"]  # shuffled by the seed
    assert sorted(a["decks"]["set_aside"]) == sorted(c for c, v in EVENT_CARDS.items() if v[2])
    assert not set(a["decks"]["set_aside"]) & set(a["decks"]["event_deck"])


@pytest.mark.rule("NY-5.1b", "NY-5.2.1b", "NY-5.1c")
def test_each_player_draws_one_event_and_is_dealt_action_cards_from_shared_decks() -> None:
    state = fresh(5)
    deck = list(state["decks"]["action_deck"])
    events_deck = list(state["decks"]["event_deck"])
    state = play_until(state, "card")
    # NY-5.1b: one Event card each from the one Event deck, in 1688 too (the seed makes no exception).
    assert state["decks"]["event_discards"] == events_deck[-2:][::-1]
    dealt = state["hands"]["bourbon"] + state["hands"]["alliance"]
    assert len(state["hands"]["bourbon"]) == len(state["hands"]["alliance"]) == 3
    assert set(dealt) == set(deck[-6:])  # both hands come from the one Action deck
    while state["year"] == 1688:
        role = state["active"][0]
        state = ENGINE.apply(state, role, ENGINE.default_action(state, role))
    state = play_until(state, "reinforce")
    assert len(state["decks"]["event_discards"]) == 4 and len(state["decks"]["event_deck"]) == 20 - 4


@pytest.mark.rule("NY-5.2.2b")
def test_1693_cards_join_the_event_deck() -> None:
    state = fresh()
    state.update(year=1693, phase="auto")
    remaining = len(state["decks"]["event_deck"])
    run_step(state, FixedRng([]), "cards_1693")
    assert len(state["decks"]["event_deck"]) == remaining + 5 and state["decks"]["set_aside"] == []


@pytest.mark.rule("NY-6.1a", "NY-6.1b", "NY-6.2a")
def test_victory_is_checked_only_in_winter_quarters() -> None:
    state = campaign(cleared(), "alliance")
    state["vp"] = 35
    state["control"]["london"] = "alliance"
    state = do(state, "alliance", type="end_round")  # the Campaign Phase goes on to Winter Quarters
    assert state["result"]["winner"] == "alliance" and "Automatic" in en(state["result"]["reason"])
    mid = campaign(cleared(), "alliance", actions=2)
    mid["vp"] = 35
    leader(mid, "waldeck", "breda")
    mid = do(mid, "alliance", type="campaign", leader="waldeck")
    assert mid["result"] is None  # not during the Campaign
    assert automatic_victory(mid) == "alliance"
    mid["vp"] = 0
    assert automatic_victory(mid) == "bourbon"
    # Land LOC conditions: Paris held by the Alliance with a land path to Amsterdam.
    state = cleared()
    for s in ("paris", "lille", "tournai"):
        state["control"][s] = "alliance"
    assert automatic_victory(state) == "alliance"
    place(state, "france", "tournai", 1)  # an enemy corps on the only path cuts the LOC
    assert automatic_victory(state) is None
    state = fresh()
    for s in ("amsterdam", "breda", "antwerp", "dunkirk"):
        state["control"][s] = "bourbon"
    for c in state["corps"].values():
        if c["space"] in ("amsterdam", "breda"):
            c["space"] = "pool"
    assert automatic_victory(state) == "bourbon"


@pytest.mark.rule("NY-6.1c", "NY-6.1b")
def test_a_tie_on_points_is_one_value_and_goes_to_whoever_holds_london() -> None:
    state = fresh()
    state["vp"] = 24  # the one tie value of the stand-in bands (6.1: a tie is "unlikely")
    assert end_game_result(state, "End")["winner"] == "bourbon"  # James II holds London
    state["control"]["london"] = "alliance"
    assert end_game_result(state, "End")["winner"] == "alliance"
    expected = {
        31: "Alliance major",
        25: "Alliance minor",
        23: "Bourbon minor",
        15: "Bourbon minor",
        9: "Bourbon major",
    }
    for vp, band in expected.items():
        state["vp"] = vp
        assert f"{band} victory (VP {vp})" in en(end_game_result(state, "End")["reason"])
    ties = [vp for vp in range(1, 36) if "tie" in en(end_game_result({**state, "vp": vp}, "End")["reason"])]
    assert ties == [24]


@pytest.mark.rule("NY-6.1.1a", "NY-6.1.1b")
def test_vp_starts_at_15_and_is_clamped() -> None:
    state = fresh()
    assert state["vp"] == 15
    state["vp"] = 34
    add_vp(state, 2, "Famous Victory")  # D1
    assert state["vp"] == 35
    state["vp"] = 1
    add_vp(state, -2, "Famous Victory")  # D2
    assert state["vp"] == 0


@pytest.mark.rule("NY-6.1.1c", "NY-6.1.1m")
def test_seed_example_king_williams_war() -> None:
    state = fresh()
    state["king_williams_war"] = 2  # the first "-1 VP" box
    vp = state["vp"]
    move_marker(state, "bourbon")  # to the second "-1 VP" box
    assert state["king_williams_war"] == 1 and state["vp"] == vp
    move_marker(state, "bourbon")  # to the "-2 VP" box
    assert state["king_williams_war"] == 0 and state["vp"] == vp - 1
    # The roll happens in the Event Phase (step 1a).
    state = fresh(9)
    state = play_until(state, "reinforce")
    assert any(en(e["text"]).startswith("King William's War") for e in state["log"])


@pytest.mark.rule("NY-6.1.1d", "NY-6.1.1e", "NY-6.1.1f", "NY-6.1.1k")
def test_campaign_vp_for_sieges_and_conversions() -> None:
    state = cleared()
    place(state, "france", "breda", 3)
    vp = state["vp"]
    state["fortress_strength"]["breda"] = 1
    siege(state, FixedRng([6, 6, 6]), "breda", "bourbon", [], ["Fr01", "Fr02", "Fr03"], "es_box")
    assert state["vp"] == vp - 2  # D3: FS 2 fortress
    state = campaign(cleared(), "alliance")
    state["control"]["heidelberg"] = "bourbon"
    state["control"]["cologne"] = "bourbon"
    leader(state, "baden", "mainz")
    place(state, "empire", "mainz", 1)
    state = do(state, "alliance", type="campaign", leader="baden")
    state = do(state, "alliance", type="step", to="heidelberg")
    state = do(state, "alliance", type="convert")
    assert state["control"]["heidelberg"] == "alliance" and state["vp"] == 15  # D4: no printed number
    state = do(state, "alliance", type="stop")
    leader(state, "lorraine", "mainz")
    place(state, "austria", "mainz", 1)
    state = do(state, "alliance", type="campaign", leader="lorraine")
    state = do(state, "alliance", type="step", to="cologne")
    state = do(state, "alliance", type="convert")
    assert state["phase"] == "move" and state["vp"] == 16  # at once, mid-Campaign (printed 1)


@pytest.mark.rule("NY-6.1.1g")
def test_famous_victory_is_worth_two() -> None:
    state = cleared()
    state["control"]["lille"] = "bourbon"
    place(state, "dutch", "lille", 4)
    place(state, "france", "lille", 1)
    fight(state, FixedRng([6, 6, 6, 6, 1]), "lille", "alliance", "tournai", HOMES)
    assert state["vp"] == 17
    state = cleared()
    place(state, "dutch", "lille", 4)
    place(state, "france", "lille", 1)
    fight(state, FixedRng([6, 6, 1, 1, 1]), "lille", "alliance", "tournai", HOMES)
    assert state["vp"] == 15  # 2 hits against 0: no Famous Victory


@pytest.mark.rule("NY-6.1.1h")
def test_naval_attack_won_by_the_attacker_scores_one() -> None:
    state = fresh()
    naval.naval_attack(state, FixedRng([3]), "alliance", "atlantic")
    assert state["seas"]["atlantic"] == "bourbon" and state["vp"] == 15
    naval.naval_attack(state, FixedRng([5]), "alliance", "atlantic")
    assert state["seas"]["atlantic"] == "alliance" and state["vp"] == 16
    naval.naval_attack(state, FixedRng([6]), "bourbon", "atlantic")
    assert state["vp"] == 15


@pytest.mark.rule("NY-6.1.1i")
def test_bourbon_london_in_winter_costs_two() -> None:
    state = fresh()
    state["phase"] = "auto"
    run_step(state, FixedRng([]), "winter_london")  # D13
    assert state["vp"] == 13
    state["control"]["london"] = "alliance"
    run_step(state, FixedRng([]), "winter_london")
    assert state["vp"] == 13


@pytest.mark.rule("NY-6.1.1l", "NY-6.1.2a", "NY-6.1.2b")
def test_control_changes_that_score_nothing_and_later_sieges_that_do() -> None:
    state = fresh()
    state["leaders"]["james"]["space"] = "out"
    glorious_revolution(state)  # E4 B: Derry changes hands under the scenario rule
    assert state["control"]["derry"] == "alliance" and state["vp"] == 15
    events.pacification(state)
    assert state["control"]["edinburgh"] == "alliance" and state["vp"] == 15
    change_control(state, "derry", "bourbon", "event")
    assert state["vp"] == 15
    for c in state["corps"].values():
        if c["power"] == "dutch":
            c["space"] = "pool"
    place(state, "dutch", "derry", 1)
    siege(state, FixedRng([6, 6]), "derry", "alliance", [], ["Du01"], "paris")  # E4 A
    assert state["control"]["derry"] == "alliance" and state["vp"] == 16


@pytest.mark.rule("NY-6.1.1n", "NY-6.1.1p", "NY-6.1.1q")
def test_dynastic_leaders_ransom_and_james() -> None:
    assert sorted(lid for lid, d in LEADERS.items() if d["dynastic"]) == [
        "james",
        "max_emanuel",
        "victor_amadeus",
        "william",
    ]
    state = fresh()
    leader_captured(state, "william", "bourbon", "es_box")  # D11: ransom = CR 6
    assert state["vp"] == 9 and state["leaders"]["william"]["space"] == "es_box"
    assert not state["leaders"]["william"]["minor"]  # ransomed, never eliminated instead
    leader_captured(state, "james", "alliance", "paris")  # D12
    assert state["leaders"]["james"]["minor"] and state["vp"] == 11
    # Captured when a beaten force has nowhere to retreat.
    state = cleared()
    state["control"]["highlands"] = "alliance"
    state["control"]["edinburgh"] = "alliance"
    leader(state, "james", "highlands")
    place(state, "jacobites", "highlands", 1)
    place(state, "britain", "highlands", 3)
    fight(state, FixedRng([6, 6, 6, 1, 1]), "highlands", "alliance", "edinburgh", HOMES)
    assert state["leaders"]["james"]["minor"]


@pytest.mark.rule("NY-6.2a", "NY-6.1a")
def test_an_automatic_victory_is_checked_before_the_peace_roll() -> None:
    from games.engines.nine_years.provisional.winter import victory_check

    state = cleared()
    state.update(year=1695, vp=3)  # a peace roll would be made and would succeed on a 6
    for s in ("paris", "lille", "tournai"):
        state["control"][s] = "alliance"  # Paris with a land LOC to Amsterdam
    assert victory_check(state, FixedRng([6, 6]))
    assert state["result"]["winner"] == "alliance" and "Automatic" in en(state["result"]["reason"])
    state = cleared()
    state.update(year=1695, vp=0)
    assert victory_check(state, FixedRng([6, 6]))
    assert state["result"]["winner"] == "bourbon"
    assert en(state["result"]["reason"]) == "Automatic Major Victory for the Bourbon (6.2)"  # never a minor one
