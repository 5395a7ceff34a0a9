"""Section 7 of the seed (the powers' special rules) and the fragment of section 8 (sequence of play)."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from games.engines.nine_years import ENGINE
from games.engines.nine_years.data.powers import POWERS
from games.engines.nine_years.powers import (
    catalan_spaces,
    displace_next,
    james_raise_space,
    may_neutralise_savoy,
    neutralise_savoy,
)
from games.engines.nine_years.provisional import events, forces, reinforcement
from games.engines.nine_years.provisional.scenario import glorious_revolution
from games.engines.nine_years.provisional.sequence import rest_of_year, run_step
from games.engines.nine_years.provisional.supply import has_loc

from .helpers import FixedRng, campaign, cleared, do, en, fresh, leader, place, targets


def play_until(state: dict, phase: str) -> dict:
    while state["phase"] != phase:
        role = state["active"][0]
        state = ENGINE.apply(state, role, ENGINE.default_action(state, role))
    return state


@pytest.mark.rule("NY-7.1.1")
def test_every_power_but_the_neutrals_belongs_to_a_player() -> None:
    state = fresh()
    assert all(v[0] in ENGINE.roles for v in POWERS.values())
    assert state["savoy"] == "neutral"  # one of the special cases


@pytest.mark.rule("NY-7.1.2a", "NY-7.1.2b", "NY-7.1.2c")
def test_a_power_without_its_capital_fights_on_but_cannot_rebuild() -> None:
    state = campaign(cleared(), "alliance")
    state["control"]["amsterdam"] = "bourbon"
    leader(state, "waldeck", "breda")
    ids = place(state, "dutch", "breda", 2)
    state["corps"][ids[1]]["full"] = False
    assert not has_loc(state, "breda", "dutch")
    assert reinforcement.placement_spaces(state, "dutch") == []
    assert ids[1] not in forces.repairable(state, "alliance")
    assert {"type": "campaign", "leader": "waldeck", "corps": 2} in [
        c["action"] for c in ENGINE.legal_actions(state, "alliance")
    ]
    state = do(state, "alliance", type="campaign", leader="waldeck")
    assert len(state["move"]["corps"]) == 2  # the Dutch still move and fight


@pytest.mark.rule("NY-7.2.1a")
def test_neutral_savoy_may_not_be_entered() -> None:
    state = campaign(cleared(), "bourbon", year=1689)  # D9
    leader(state, "catinat", "pinerolo")
    place(state, "france", "pinerolo", 1)
    state = do(state, "bourbon", type="campaign", leader="catinat")
    assert "turin" not in targets(ENGINE.legal_actions(state, "bourbon"))
    with pytest.raises(IllegalAction):
        do(state, "bourbon", type="step", to="turin")


@pytest.mark.rule("NY-7.2.1b", "NY-1.1.2d")
def test_savoy_joins_in_1690_without_vp() -> None:
    state = fresh()
    state.update(year=1690, phase="auto")
    run_step(state, FixedRng([]), "savoy_entry")
    assert state["savoy"] == "alliance" and state["vp"] == 15
    assert all(state["control"][s] == "alliance" for s in ("turin", "cuneo", "nice"))
    assert state["leaders"]["victor_amadeus"]["space"] == "turin"
    assert any(v["space"] == "turin" for v in state["corps"].values() if v["power"] == "savoy")


@pytest.mark.rule("NY-7.2.1c")
def test_savoy_neutrality_offered_from_1696_and_when_turin_falls() -> None:
    state = campaign(cleared(), "bourbon")
    assert not may_neutralise_savoy(state, "bourbon")
    state["control"]["nice"] = "bourbon"
    assert may_neutralise_savoy(state, "bourbon") and may_neutralise_savoy(state, "alliance")
    state["phase"] = "auto"
    state["year"] = 1695
    run_step(state, FixedRng([]), "winter_savoy")
    assert state["phase"] == "auto"  # not before 1696
    state["year"] = 1696
    run_step(state, FixedRng([]), "winter_savoy")
    assert state["phase"] == "savoy" and state["active"] == ["bourbon"]  # initiative order
    state = do(state, "bourbon", type="decline")
    assert state["active"] == ["alliance"]  # the other player may decide if the first declines
    # At the moment Turin is captured (any year, A8).
    state = campaign(cleared(), "bourbon", year=1691)
    state["control"]["pinerolo"] = "bourbon"
    state["fortress_strength"]["turin"] = 1
    leader(state, "catinat", "pinerolo")
    place(state, "france", "pinerolo", 4)
    state = do(state, "bourbon", type="campaign", leader="catinat")
    for _ in range(20):
        trial = do(state, "bourbon", type="step", to="turin")
        if trial["control"]["turin"] == "bourbon":
            break
        state["rng"] += 1
    assert trial["phase"] == "savoy" and trial["active"] == ["bourbon"]
    after = do(trial, "bourbon", type="neutralise_savoy")
    assert after["savoy"] == "out" and after["phase"] == "action"


@pytest.mark.rule("NY-7.2.1d", "NY-7.2.1e", "NY-7.2.1f", "NY-7.2.1g", "NY-7.2.1h")
def test_savoy_neutralised_by_the_bourbon() -> None:
    state = campaign(cleared(), "bourbon", year=1696)  # D15
    state["control"]["nice"] = "bourbon"
    place(state, "france", "nice", 2)
    place(state, "savoy", "turin", 2)
    state["leaders"]["victor_amadeus"]["space"] = "turin"
    leader(state, "eugene", "turin")
    place(state, "austria", "cuneo", 1)
    neutralise_savoy(state, "bourbon")
    assert not displace_next(state)  # one nearest space for each force: nobody is asked
    assert all(state["control"][s] is None for s in ("turin", "cuneo", "nice"))
    assert state["vp"] == 14  # only the flat 1 VP for the Bourbon (A9)
    assert all(v["space"] == "removed" for v in state["corps"].values() if v["power"] == "savoy")
    assert state["leaders"]["victor_amadeus"]["space"] == "removed"
    french = {v["space"] for v in state["corps"].values() if v["power"] == "france" and v["space"] != "pool"}
    assert french == {"toulon"}  # the nearest Bourbon space on a LOC to Paris
    # Milan is nearer but has no LOC to Vienna (neutral Mantua): Trento, through the Alliance-only link.
    assert state["leaders"]["eugene"]["space"] == "trento"
    assert {v["space"] for v in state["corps"].values() if v["power"] == "austria"} == {"trento", "pool"}
    state = campaign(cleared(), "bourbon", year=1696)
    state["control"]["nice"] = "alliance"
    neutralise_savoy(state, "alliance")
    assert state["vp"] == 15


@pytest.mark.rule("NY-7.2.1g", "NY-7.2.1f")
def test_the_owner_chooses_among_equally_near_spaces_for_forces_leaving_savoy() -> None:
    state = campaign(cleared(), "bourbon", year=1696)
    state["control"]["nice"] = "bourbon"
    for s in ("mantua", "mirandola"):
        state["control"][s] = "alliance"  # Milan and Alessandria now have a LOC to Vienna, both 1 link away
    austrians = place(state, "austria", "turin", 2)
    leader(state, "eugene", "turin")
    state.update(phase="savoy", active=["bourbon"], resume={"phase": "action", "active": ["bourbon"]})
    state = do(state, "bourbon", type="neutralise_savoy")
    assert state["phase"] == "displace" and state["active"] == ["alliance"]
    offered = ENGINE.legal_actions(state, "alliance")
    assert [c["target"] for c in offered] == ["space:alessandria", "space:milan"]
    assert en(ENGINE.view(state, "bourbon")["prompt"]) == "The Alliance choose where their forces leaving Savoy go"
    state = do(state, "alliance", type="displace", to="alessandria")
    assert {state["corps"][c]["space"] for c in austrians} == {"alessandria"}
    assert state["leaders"]["eugene"]["space"] == "alessandria"
    assert state["phase"] == "action" and state["active"] == ["bourbon"]


@pytest.mark.rule("NY-7.2.3")
def test_catalans_raised_in_bourbon_spain_with_loc_to_paris() -> None:
    state = cleared()
    assert catalan_spaces(state) == []
    state["control"]["gerona"] = "bourbon"
    state["control"]["zaragoza"] = "bourbon"
    assert catalan_spaces(state) == ["gerona"]  # Zaragoza has no friendly path to Paris
    state["control"]["pamplona"] = "bourbon"
    assert catalan_spaces(state) == ["gerona", "pamplona", "zaragoza"]
    assert "gerona" in reinforcement.placement_spaces(state, "catalans")


@pytest.mark.rule("NY-7.2.6a")
def test_five_jacobite_corps_the_fifth_with_claverhouse() -> None:
    state = fresh()
    jac = [v for v in state["corps"].values() if v["power"] == "jacobites"]
    assert len(jac) == 5 and sum(v["space"] == "out" for v in jac) == 1
    assert state["leaders"]["claverhouse"]["space"] == "out"
    state["leaders"]["james"]["space"] = "out"
    glorious_revolution(state)
    events.scotland_rises(state)
    assert state["leaders"]["claverhouse"]["space"] == "highlands"
    assert sum(v["space"] == "highlands" for v in jac) == 1 and not any(v["space"] == "out" for v in jac)


@pytest.mark.rule("NY-7.2.6d")
def test_jacobites_in_the_isles_reach_paris_without_the_atlantic() -> None:
    state = cleared()
    state["leaders"]["james"]["space"] = "out"
    glorious_revolution(state)
    state["control"]["dublin"] = "bourbon"
    state["seas"]["atlantic"] = "alliance"
    state["control"]["london"] = state["control"]["highlands"] = "alliance"
    assert has_loc(state, "dublin", "jacobites")
    assert not has_loc(state, "dublin", "france")


@pytest.mark.rule("NY-7.2.6e")
def test_james_raises_a_corps_in_a_french_home_space() -> None:
    state = cleared()
    leader(state, "james", "dunkirk")
    assert james_raise_space(state) is None  # not before the Revolution
    state["glorious_revolution"] = True
    assert james_raise_space(state) == "dunkirk"
    assert "dunkirk" in reinforcement.placement_spaces(state, "jacobites")
    place(state, "jacobites", "brest", 1)  # another Jacobite corps outside the Isles
    assert james_raise_space(state) is None
    state["corps"]["Ja01"]["space"] = "dublin"
    state["control"]["lille"] = "alliance"
    state["seas"]["atlantic"] = "alliance"
    leader(state, "james", "dunkirk")
    assert james_raise_space(state) is None  # no LOC to Paris


@pytest.mark.rule("NY-8a", "NY-8b", "NY-8c", "NY-8d")
def test_sequence_of_play() -> None:
    state = fresh(3)
    assert state["phase"] == "first" and state["active"] == ["bourbon"]  # VP 15: the Bourbon choose
    state = ENGINE.apply(state, "bourbon", {"type": "first", "role": "alliance"})
    assert state["first"] == "alliance"
    order = rest_of_year("alliance")
    assert order.index("king_williams_war") < order.index("event:alliance") < order.index("reinforce:alliance")
    assert order.index("reinforce:bourbon") < order.index("campaign") < order.index("winter_london")
    assert order.index("winter_london") < order.index("winter_victory") < order.index("next_year")
    assert state["phase"] == "reinforce" and state["active"] == ["alliance"]
    assert any("King William" in en(e["text"]) for e in state["log"])  # step 1a (ours)
    state = play_until(state, "first")
    assert state["year"] == 1689
