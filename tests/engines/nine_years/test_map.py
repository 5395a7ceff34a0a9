"""Sections 1 and 2 of the seed: the game, its powers, the map's spaces, links, capitals, control, seas."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from games.engines.nine_years import ENGINE
from games.engines.nine_years.board import (
    NEIGHBOURS,
    capitals,
    fortress_strength,
    home_spaces,
    is_rich,
    link_cost,
    may_use_link,
    sea_zones,
)
from games.engines.nine_years.data.cards import ACTION_CARDS, EVENT_CARDS
from games.engines.nine_years.data.leaders import LEADERS
from games.engines.nine_years.data.powers import POWERS, side_of
from games.engines.nine_years.data.spaces import LINKS, SPACES
from games.engines.nine_years.data.tracks import FIRST_YEAR, LAST_YEAR
from games.engines.nine_years.provisional import reinforcement
from games.engines.nine_years.provisional.supply import has_loc
from games.engines.nine_years.stacking import stacking_limit

from .helpers import campaign, cleared, do, fresh, leader, place, targets


@pytest.mark.rule("NY-1.1.1a", "NY-1.2a")
def test_two_players_one_year_a_turn_1688_to_1697() -> None:
    assert ENGINE.roles == ("bourbon", "alliance")
    assert (FIRST_YEAR, LAST_YEAR) == (1688, 1697)
    state = fresh()
    assert state["year"] == 1688
    from games.engines.nine_years.provisional.sequence import run_step

    state["phase"] = "auto"
    run_step(state, None, "next_year")
    assert state["year"] == 1689  # one turn is one year


@pytest.mark.rule("NY-1.1.1b", "NY-1.1.2c", "NY-1.1.2e")
def test_only_the_nine_years_scenario_campaign_rules_never_apply() -> None:
    assert ENGINE.options["scenario"]["choices"] == ["nine_years"]
    with pytest.raises(IllegalAction):
        ENGINE.setup(1, {"scenario": "grand_campaign"})
    # Spain and Bavaria stay Alliance powers for the whole scenario (their switches are campaign-only).
    assert side_of("spain") == side_of("bavaria") == "alliance"
    state = fresh()
    assert state["control"]["munich"] == "alliance" and state["control"]["madrid"] == "alliance"


@pytest.mark.rule("NY-1.1.2a", "NY-1.1.2b", "NY-1.1.3b")
def test_power_roster_sides_and_colours() -> None:
    bourbon = {p for p, v in POWERS.items() if v[0] == "bourbon"}
    alliance = {p for p, v in POWERS.items() if v[0] == "alliance"}
    assert bourbon == {"france", "jacobites", "catalans"}
    assert alliance == {"britain", "dutch", "austria", "empire", "subsidy", "spain", "savoy", "bavaria"}
    assert [POWERS[p][1] for p in ("france", "jacobites", "catalans")] == ["Fr", "Ja", "Ca"]
    state = fresh()
    assert capitals(state, "france") == ("paris",) and capitals(state, "britain") == ("london",)
    assert capitals(state, "dutch") == ("amsterdam",) and capitals(state, "savoy") == ("turin",)
    assert capitals(state, "empire") == capitals(state, "subsidy") == ("es_box",)
    assert LEADERS["james"]["power"] == "jacobites" and LEADERS["william"]["power"] == "dutch"
    # Each power fields its own corps counters.
    assert {v["power"] for v in state["corps"].values()} == set(POWERS)


@pytest.mark.rule("NY-1.1.2d", "NY-2.3.1b")
def test_savoy_starts_neutral_and_is_impassable() -> None:
    state = fresh()
    assert state["savoy"] == "neutral"
    assert all(state["control"][s] is None for s in ("turin", "cuneo", "nice"))
    assert not may_use_link(state, "bourbon", "pinerolo", "turin", False)
    assert not may_use_link(state, "alliance", "milan", "turin", False)


@pytest.mark.rule("NY-1.1.3a", "NY-4.2a", "NY-4.2b")
def test_friendly_powers_stack_and_move_together_enemies_fight() -> None:
    state = campaign(cleared(), "bourbon")
    leader(state, "luxembourg", "lille")
    place(state, "france", "lille", 1)
    place(state, "jacobites", "lille", 1)  # a Jacobite corps led by a French leader
    place(state, "catalans", "tournai", 1)  # friendly corps in the next space: no battle
    state = do(state, "bourbon", type="campaign", leader="luxembourg")
    assert len(state["move"]["corps"]) == 2
    state = do(state, "bourbon", type="step", to="tournai")
    assert state["phase"] != "avoid"
    # Tournai is an Alliance fortress: the force stops and besieges it (no battle with the Catalans).
    assert state["leaders"]["luxembourg"]["space"] == "tournai"
    state2 = campaign(cleared(), "bourbon")
    leader(state2, "luxembourg", "lille")
    place(state2, "france", "lille", 1)
    leader(state2, "waldeck", "tournai")
    place(state2, "dutch", "tournai", 1)
    state2 = do(state2, "bourbon", type="campaign", leader="luxembourg")
    state2 = do(state2, "bourbon", type="step", to="tournai")
    assert state2["phase"] == "avoid" and state2["active"] == ["alliance"]


@pytest.mark.rule("NY-1.2b", "NY-1.3a", "NY-3.3.1", "NY-3.3.2")
def test_components_counters_and_markers() -> None:
    assert len(ACTION_CARDS) + len(EVENT_CARDS) == 55
    state = fresh()
    # A corps counter is a unit of its own, with a power and a full or reduced side (about 10,000 men).
    assert all(set(v) == {"power", "space", "full", "disordered", "garrison"} for v in state["corps"].values())
    # Markers (control, FS, VP, KWW, lines) are plain state values, not limited by any counter mix.
    assert len(state["control"]) == len(SPACES) and len(state["fortress_strength"]) > 40
    state["lines"] = sorted(s for s in SPACES if state["control"][s] == "bourbon")
    assert len(state["lines"]) > 20  # as many line markers as needed


@pytest.mark.rule("NY-2.1.1a", "NY-2.3.2b", "NY-6.1.1j")
def test_spaces_are_fortified_or_not_fs_and_values() -> None:
    from games.engines.nine_years.victory import space_value

    assert fortress_strength("london") == 0 and fortress_strength("derry") == 1
    assert {fortress_strength(s) for s in SPACES} == {0, 1, 2, 3}
    assert space_value("derry") == 1 and space_value("namur") == 3 and space_value("breda") == 2
    assert space_value("madrid") == 5 and space_value("heidelberg") == 0


@pytest.mark.rule("NY-2.1.1b", "NY-2.3.1a", "NY-2.1.2b", "NY-2.1.2a")
def test_initial_control_follows_home_spaces() -> None:
    state = fresh()
    assert set(state["control"].values()) == {"bourbon", "alliance", None}
    assert state["control"]["paris"] == "bourbon" and state["control"]["amsterdam"] == "alliance"
    assert state["control"]["antwerp"] == "alliance"  # a Spanish home space
    assert "antwerp" in home_spaces(state, "spain") and "lille" in home_spaces(state, "france")
    # Set-up exception (20.2, provisional): Britain is James II's until the Revolution.
    assert state["control"]["london"] == "bourbon"


@pytest.mark.rule("NY-2.1.1c", "NY-2.1.1d")
def test_adjacency_only_along_lines_and_control_matters() -> None:
    assert ("lille", False) in NEIGHBOURS["paris"]
    assert all(b != "vienna" for b, _ in NEIGHBOURS["paris"])
    state = campaign(cleared(), "alliance")
    leader(state, "waldeck", "brussels")
    place(state, "dutch", "brussels", 1)
    state = do(state, "alliance", type="campaign", leader="waldeck")
    assert targets(ENGINE.legal_actions(state, "alliance")) == {b for b, _ in NEIGHBOURS["brussels"]}
    # Control feeds LOC: Maastricht reaches Amsterdam through Breda until Breda changes hands.
    assert has_loc(state, "maastricht", "dutch")
    state["control"]["breda"] = "bourbon"
    assert not has_loc(state, "maastricht", "dutch")


@pytest.mark.rule("NY-2.1.2c", "NY-2.1.2d", "NY-2.4c", "NY-2.4b", "NY-7.2.5", "NY-7.2.4")
def test_new_corps_are_placed_in_home_spaces_subsidy_only_in_the_box() -> None:
    state = fresh()
    assert reinforcement.placement_spaces(state, "subsidy") == ["es_box"]
    assert "es_box" in reinforcement.placement_spaces(state, "empire")  # the box is their capital (A17)
    dutch = reinforcement.placement_spaces(state, "dutch")
    assert dutch and all(s in home_spaces(state, "dutch") for s in dutch)
    assert capitals(state, "empire") == ("es_box",)
    assert has_loc(state, "mainz", "empire")  # the E/S box works as a capital for LOC


@pytest.mark.rule("NY-2.1.2e", "NY-2.2c", "NY-7.2.6b", "NY-7.2.6c")
def test_jacobite_homes_and_capitals_before_and_after_the_revolution() -> None:
    from games.engines.nine_years.provisional.scenario import glorious_revolution

    state = fresh()
    assert home_spaces(state, "jacobites") == ["london", "york"]
    assert capitals(state, "jacobites") == ("london",)
    state["leaders"]["james"]["space"] = "dunkirk"
    glorious_revolution(state)
    homes = home_spaces(state, "jacobites")
    for s in ("edinburgh", "highlands", "derry", "dublin", "kinsale", "london", "york", "limerick", "dunkirk"):
        assert s in homes
    assert capitals(state, "jacobites") == ("london", "paris", "highlands")


@pytest.mark.rule("NY-2.1.3")
def test_white_arrows_are_only_a_difference_of_limits() -> None:
    # Moving from a Poor space into a Fertile one costs the same as any other link.
    pairs = [(a, b) for a, b, red in LINKS if not red and stacking_limit(a) != stacking_limit(b)]
    assert pairs
    assert all(link_cost(False) == 1 for _ in pairs)


@pytest.mark.rule("NY-2.1.4a", "NY-2.1.4b", "NY-2.4f", "NY-2.4a")
def test_dark_red_links_alliance_only_two_mp() -> None:
    state = campaign(cleared(), "alliance")
    red = [(a, b) for a, b, r in LINKS if r]
    assert ("trento", "mirandola") in red
    assert all("es_box" in (a, b) or "austrian_box" in (a, b) or (a, b) == ("trento", "mirandola") for a, b in red)
    for box in ("es_box", "austrian_box"):
        assert all(r for _, r in NEIGHBOURS[box])  # every link into a box is dark red
        assert not may_use_link(state, "bourbon", "cologne" if box == "es_box" else "vienna", box, True)
    assert not may_use_link(state, "bourbon", "trento", "mirandola", True)
    assert link_cost(True) == 2
    leader(state, "lorraine", "trento")
    place(state, "austria", "trento", 1)
    state = do(state, "alliance", type="campaign", leader="lorraine")
    state = do(state, "alliance", type="step", to="mirandola")
    assert state["move"] is None or state["move"]["movement_points"] == 2
    # A Bourbon force in Trento is not offered the link.
    state2 = campaign(cleared(), "bourbon")
    state2["control"]["trento"] = "bourbon"
    leader(state2, "catinat", "trento")
    place(state2, "france", "trento", 1)
    state2 = do(state2, "bourbon", type="campaign", leader="catinat")
    assert "mirandola" not in targets(ENGINE.legal_actions(state2, "bourbon"))
    leader(state2, "boufflers", "cologne")
    assert "es_box" not in targets(ENGINE.legal_actions(state2, "bourbon"))


@pytest.mark.rule("NY-2.1.4c", "NY-4.3e", "NY-4.1.2e")
def test_bourbon_may_intercept_a_dark_red_entry() -> None:
    state = campaign(cleared(), "alliance")
    state["control"]["mirandola"] = "bourbon"
    leader(state, "lorraine", "trento")
    place(state, "austria", "trento", 1)
    leader(state, "catinat", "mantua")
    state["control"]["mantua"] = "bourbon"
    place(state, "france", "mantua", 2)
    state = do(state, "alliance", type="campaign", leader="lorraine")
    state = do(state, "alliance", type="step", to="mirandola")
    assert state["phase"] == "intercept" and state["active"] == ["bourbon"]
    assert {"type": "intercept", "leader": "catinat", "corps": 2} in [
        c["action"] for c in ENGINE.legal_actions(state, "bourbon")
    ]
    # 14.6.2: an interception never leaves the space over its limit: a CR-6 leader with 6 corps may
    # still intercept into a Poor space, bringing only the 4 corps that fit.
    from games.engines.nine_years.provisional.movement import intercept_force, interceptors

    for space in ("cuneo", "turin"):
        state["control"][space] = "bourbon"
    state["leaders"]["luxembourg"].update(space="turin", minor=False)
    place(state, "france", "turin", 6)
    assert "luxembourg" in interceptors(state, "cuneo", "bourbon")
    assert len(intercept_force(state, "luxembourg", "bourbon", "cuneo")) == 4


@pytest.mark.rule("NY-2.1.5a", "NY-2.1.5b", "NY-2.1.5c", "NY-2.3.4b", "NY-2.1.5d", "NY-2.1.5e")
def test_rich_spaces_add_bourbon_resource_points() -> None:
    assert is_rich("antwerp") and is_rich("milan") and is_rich("london") and is_rich("munich")
    assert not is_rich("paris")
    state = fresh()
    reinforcement.income(state)
    base = state["resource_points"]["bourbon"]
    assert base == 5  # 4 + London (the Rich Space marker doubles as its control marker)
    state["control"]["antwerp"] = "bourbon"
    reinforcement.income(state)
    assert state["resource_points"]["bourbon"] == base + 1
    assert (
        state["resource_points"]["alliance"] == 6
    )  # rich spaces add nothing to the Alliance; no NPWS card exists here
    assert all("Financial Collapse" not in v[0] for v in EVENT_CARDS.values())


@pytest.mark.rule("NY-2.2a", "NY-2.2b", "NY-2.4d")
def test_capitals_are_supply_sources() -> None:
    state = fresh()
    assert capitals(state, "austria") == ("vienna",)  # not the Austrian Home Space
    assert has_loc(state, "innsbruck", "austria")
    state["control"]["vienna"] = "bourbon"
    assert not has_loc(state, "innsbruck", "austria")
    assert has_loc(state, "ulm", "bavaria")


@pytest.mark.rule("NY-2.3.1c", "NY-2.3.1d", "NY-6.1.1f", "NY-2.3.3")
def test_italian_neutrals_may_be_entered_and_converted() -> None:
    state = campaign(cleared(), "alliance")
    for s in ("parma", "mantua", "mirandola", "papal_states"):
        assert state["control"][s] is None
    leader(state, "eugene", "mantua")
    place(state, "austria", "mantua", 1)
    state = do(state, "alliance", type="campaign", leader="eugene")
    state = do(state, "alliance", type="step", to="parma")
    vp = state["vp"]
    state = do(state, "alliance", type="convert")
    assert state["control"]["parma"] == "alliance"
    assert state["vp"] == vp + 1  # Parma's printed 1 VP


@pytest.mark.rule("NY-2.3.1e", "NY-7.2.2")
def test_portugal_is_neutral_and_never_entered() -> None:
    state = campaign(cleared(), "alliance")
    assert state["control"]["lisbon"] is None
    leader(state, "gastanaga", "madrid")
    place(state, "spain", "madrid", 1)
    state = do(state, "alliance", type="campaign", leader="gastanaga")
    assert "lisbon" not in targets(ENGINE.legal_actions(state, "alliance"))
    state["year"] = 1697
    assert not may_use_link(state, "bourbon", "cadiz", "lisbon", False)


@pytest.mark.rule("NY-2.3.2a", "NY-2.3.2c", "NY-6.1.1e", "NY-6.1.1k")
def test_fortress_control_changes_by_siege_and_fs_marker() -> None:
    from games.engines.nine_years.provisional.siege import siege

    from .helpers import FixedRng

    state = cleared()
    place(state, "france", "namur", 2)
    assert not siege(state, FixedRng([5, 1]), "namur", "bourbon", [], ["Fr01", "Fr02"], "es_box")
    assert state["fortress_strength"]["namur"] == 2 and state["control"]["namur"] == "alliance"  # reduced, not taken
    vp = state["vp"]
    assert siege(state, FixedRng([6, 6]), "namur", "bourbon", [], ["Fr01", "Fr02"], "es_box")
    assert state["control"]["namur"] == "bourbon" and state["vp"] == vp - 3
    assert state["fortress_strength"]["namur"] == 3


@pytest.mark.rule("NY-2.3.4a")
def test_control_markers_record_owner() -> None:
    from games.engines.nine_years.victory import change_control

    state = fresh()
    change_control(state, "brussels", "bourbon", "event")
    assert state["control"]["brussels"] == "bourbon"
    svg = ENGINE.render_svg(ENGINE.view(state, None))
    assert 'data-target="space:brussels"' in svg


@pytest.mark.rule("NY-2.4e", "NY-4.1.1a")
def test_home_boxes_have_no_limit() -> None:
    assert stacking_limit("es_box") is None and stacking_limit("austrian_box") is None
    state = cleared()
    place(state, "empire", "es_box", 5)
    place(state, "subsidy", "es_box", 4)
    place(state, "dutch", "es_box", 6)
    from games.engines.nine_years.stacking import over_limit

    assert not over_limit(state, "es_box", "alliance")
    assert all(stacking_limit(s) for s in SPACES if s not in ("es_box", "austrian_box"))


@pytest.mark.rule("NY-2.5.1a", "NY-2.5.1b", "NY-2.5.1c")
def test_two_sea_zones_ports_and_sea_loc() -> None:
    zones = {z for s in SPACES for z in sea_zones(s)}
    assert zones == {"atlantic", "mediterranean"}
    assert sea_zones("gibraltar") == ("atlantic", "mediterranean")
    assert all(len(sea_zones(s)) <= 1 for s in SPACES if s != "gibraltar")
    state = cleared()
    state["glorious_revolution"] = True
    state["control"]["dublin"] = "alliance"
    state["control"]["london"] = "alliance"
    state["seas"]["atlantic"] = "alliance"
    assert has_loc(state, "dublin", "britain")  # by sea
    state["seas"]["atlantic"] = "bourbon"
    assert not has_loc(state, "dublin", "britain")
