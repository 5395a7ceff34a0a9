"""Section 4 of the seed: stacking limits, over-stacking penalties, enemy units together, open counters."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from games.engines.nine_years import ENGINE
from games.engines.nine_years.provisional.battle import fight, proceed, retreat_choices, retreat_to
from games.engines.nine_years.provisional.forces import (
    battle_dice,
    field,
    force_from,
    penalty_after,
    repairable,
    retreat,
)
from games.engines.nine_years.stacking import (
    activation_cap,
    corps_count,
    over_limit,
    overstack_penalty,
    stacking_limit,
)

from .helpers import FixedRng, campaign, cleared, do, leader, place, targets

HOMES = {"bourbon": "paris", "alliance": "es_box"}


@pytest.mark.rule("NY-4.1.1b", "NY-4.1.1c")
def test_limits_by_terrain_reduced_count_leaders_do_not() -> None:
    assert (stacking_limit("paris"), stacking_limit("metz"), stacking_limit("cuneo")) == (12, 8, 4)
    state = cleared()
    place(state, "france", "cuneo", 2)
    place(state, "france", "cuneo", 2, full=False)
    leader(state, "catinat", "cuneo")
    leader(state, "tesse", "cuneo")
    assert corps_count(state, "cuneo", "bourbon") == 4 and not over_limit(state, "cuneo", "bourbon")


def _example_e2() -> dict:
    """The seed's 4.1.3 example: 3 full + 2 reduced corps after a retreat, in a space of limit 4 (A1)."""
    state = cleared()
    state["control"]["cuneo"] = "bourbon"
    place(state, "france", "cuneo", 3)
    place(state, "france", "cuneo", 2, full=False)
    return state


@pytest.mark.rule("NY-4.1.3a", "NY-4.1.3b", "NY-4.1.3c", "NY-4.1.3d", "NY-4.1.3e")
def test_seed_example_overstacking_after_a_retreat() -> None:
    state = _example_e2()
    assert over_limit(state, "cuneo", "bourbon")
    reduced = overstack_penalty(state, "cuneo", "bourbon")  # (a)
    assert len(reduced) == 1
    corps = [c for c, v in state["corps"].items() if v["space"] == "cuneo"]
    assert sum(state["corps"][c]["full"] for c in corps) == 2  # = 4 / 2
    # (b) no repair and no new corps while over the limit
    state["resource_points"]["bourbon"] = 10
    assert not any(c in repairable(state, "bourbon") for c in corps)
    state["control"]["nice"] = "bourbon"
    from games.engines.nine_years.stacking import may_repair_or_place

    assert not may_repair_or_place(state, "cuneo", "bourbon", 1)
    # (c) one action activates at most 4 of the 5 corps
    state["leaders"]["luxembourg"].update(space="cuneo", minor=False)  # CR 6
    assert activation_cap(state, "cuneo", "bourbon", 6) == 4
    assert len(force_from(state, "luxembourg", "bourbon", [])) == 4
    # (d) attacked, all 5 defend: 2 x 1 + 3 x 1/2 = 3.5 dice, rounded up to 4
    state["leaders"]["luxembourg"]["space"] = "out"
    assert len(field(state, "cuneo", "bourbon")[1]) == 5
    assert battle_dice(state, [], field(state, "cuneo", "bourbon")[1]) == 4
    place(state, "savoy", "cuneo", 1)
    rolls = FixedRng([1, 6, 6, 6, 6, 2])
    fight(state, rolls, "cuneo", "alliance", "turin", HOMES)
    assert rolls.dice == [2]  # the attacker rolled 1 die, the defender exactly 4


@pytest.mark.rule("NY-4.1.2a", "NY-4.1.2d")
def test_stacking_checked_at_the_end_of_moves_and_retreats() -> None:
    # A voluntary move may not end over the limit (D7).
    state = campaign(cleared(), "bourbon")
    state["control"]["cuneo"] = "bourbon"
    place(state, "france", "cuneo", 3)
    state["control"]["turin"] = "bourbon"
    leader(state, "catinat", "turin")
    place(state, "france", "turin", 2)
    state = do(state, "bourbon", type="campaign", leader="catinat")
    state = do(state, "bourbon", type="step", to="cuneo")  # passing through is allowed (NY-4.1.2b)
    with pytest.raises(IllegalAction):
        do(state, "bourbon", type="stop")  # ending there with 5 corps in a limit of 4 is not
    # A mandatory retreat may end over the limit, then the penalty applies (D6 in a Poor space).
    state = cleared()
    state["control"]["cuneo"] = "bourbon"
    place(state, "france", "cuneo", 4)
    ids = place(state, "france", "nice", 3)
    retreat(state, "bourbon", [], ids, "cuneo", "paris")
    penalty_after(state, "bourbon", "cuneo")
    assert corps_count(state, "cuneo", "bourbon") == 7
    assert sum(v["full"] for v in state["corps"].values() if v["space"] == "cuneo") == 2


@pytest.mark.rule("NY-4.1.2b")
def test_a_force_may_pass_through_a_full_space() -> None:
    state = campaign(cleared(), "bourbon")
    for s in ("cuneo", "turin", "nice"):
        state["control"][s] = "bourbon"
    place(state, "france", "cuneo", 4)
    leader(state, "catinat", "nice")
    place(state, "france", "nice", 2)
    state = do(state, "bourbon", type="campaign", leader="catinat")
    assert "cuneo" in targets(ENGINE.legal_actions(state, "bourbon"))
    state = do(state, "bourbon", type="step", to="cuneo")
    choices = [c["action"]["type"] for c in ENGINE.legal_actions(state, "bourbon")]
    assert "stop" not in choices  # may not end there
    state = do(state, "bourbon", type="step", to="turin")
    assert state["leaders"]["catinat"]["space"] == "turin"


@pytest.mark.rule("NY-4.1.2c")
def test_relief_of_a_siege_may_exceed_the_limit() -> None:
    from games.engines.nine_years.provisional.movement import may_enter

    state = cleared()
    state["control"]["cuneo"] = "bourbon"
    garrison = place(state, "france", "cuneo", 1)
    state["corps"][garrison[0]]["garrison"] = True
    place(state, "savoy", "cuneo", 2)  # the besiegers
    place(state, "france", "cuneo", 0)
    assert may_enter(state, "cuneo", "bourbon", 4, 0)  # 1 + 4 = 5 > 4, but it relieves the siege
    state["corps"][garrison[0]]["garrison"] = False
    for c in state["corps"].values():
        if c["power"] == "savoy":
            c["space"] = "pool"
    assert not may_enter(state, "cuneo", "bourbon", 4, 0)


@pytest.mark.rule("NY-4.3a", "NY-4.3b", "NY-4.3c", "NY-4.3d")
def test_enemy_units_meet_only_in_battle_and_the_winner_stays() -> None:
    state = campaign(cleared(), "alliance")
    leader(state, "waldeck", "mons")
    place(state, "dutch", "mons", 3)
    leader(state, "tesse", "tournai")
    state["control"]["tournai"] = "bourbon"
    place(state, "france", "tournai", 1, full=False)
    state["control"]["brussels"] = "bourbon"
    state = do(state, "alliance", type="campaign", leader="waldeck")
    state = do(state, "alliance", type="step", to="tournai")
    assert state["phase"] == "avoid"  # accept battle or try to avoid it
    state = do(state, "bourbon", type="accept")
    sides = {
        "bourbon" if v["power"] == "france" else "alliance"
        for v in state["corps"].values()
        if v["space"] == "tournai" and not v["garrison"]
    }
    assert len(sides) <= 1  # only the winner remains in the field
    unfortified = campaign(cleared(), "alliance")
    leader(unfortified, "waldeck", "charleroi")
    place(unfortified, "dutch", "charleroi", 3)
    unfortified["control"]["reims"] = "bourbon"
    place(unfortified, "france", "reims", 1, full=False)
    for cid in ("Du01", "Du02", "Du03"):
        unfortified["corps"][cid]["space"] = "reims"
    winner = fight(unfortified, FixedRng([6, 6, 6, 6, 1]), "reims", "alliance", "charleroi", HOMES)
    assert winner == "alliance" and unfortified["control"]["reims"] == "bourbon"  # battle is not control


@pytest.mark.rule("NY-4.3f")
def test_a_beaten_defender_leaves_one_corps_as_garrison() -> None:
    state = cleared()
    place(state, "dutch", "lille", 4)
    place(state, "france", "lille", 3)
    leader(state, "vauban", "lille")
    fight(state, FixedRng([6, 6, 6, 6, 1, 1, 1, 1]), "lille", "alliance", "tournai", HOMES)
    assert state["phase"] == "retreat" and retreat_choices(state) == ["dunkirk", "paris"]  # the owner picks
    retreat_to(state, "paris")
    assert not proceed(state)
    inside = [c for c, v in state["corps"].items() if v["space"] == "lille" and v["power"] == "france"]
    assert len(inside) == 1 and state["corps"][inside[0]]["garrison"]
    assert state["leaders"]["vauban"]["space"] == "paris"


@pytest.mark.rule("NY-4.4a", "NY-4.4b")
def test_counters_open_cards_hidden() -> None:
    state = ENGINE.setup(2, {})
    state = ENGINE.apply(state, "bourbon", {"type": "first", "role": "bourbon"})
    while state["phase"] != "card":
        role = state["active"][0]
        state = ENGINE.apply(state, role, ENGINE.default_action(state, role))
    mine = ENGINE.view(state, "bourbon")
    theirs = ENGINE.view(state, "alliance")
    assert mine["corps"] == theirs["corps"] and mine["leaders"] == theirs["leaders"]
    assert mine["hand"] == state["hands"]["bourbon"] and theirs["hand"] == state["hands"]["alliance"]
    text = str(theirs) + ENGINE.render_svg(theirs)
    assert all(f"card:{c}" not in text for c in state["hands"]["bourbon"])
    assert "rng" not in theirs and "decks" not in theirs


@pytest.mark.rule("NY-4.1.3a", "NY-4.1.1b")
def test_derived_checks_d5_d6_in_a_fertile_space() -> None:
    state = cleared()
    ids = place(state, "france", "lille", 7)  # D5: 7 full corps, limit 12: no penalty
    assert overstack_penalty(state, "lille", "bourbon") == [] and not over_limit(state, "lille", "bourbon")
    more = place(state, "france", "dunkirk", 7)  # D6: a forced retreat brings 7 more: 14 full corps
    retreat(state, "bourbon", [], more, "lille", "paris")
    penalty_after(state, "bourbon", "lille")
    lille = [c for c in ids + more if state["corps"][c]["space"] == "lille"]
    assert len(lille) == 14 and sum(state["corps"][c]["full"] for c in lille) == 6  # 8 reduced
    assert not repairable(state, "bourbon")


@pytest.mark.rule("NY-4.1.2b", "NY-4.1.2d")
def test_passing_through_a_full_space_needs_only_a_way_on() -> None:
    """No document asks for 2 MP to spare: one MP that reaches a space with room is enough."""
    state = campaign(cleared(), "bourbon")
    for s in ("cuneo", "turin", "nice"):
        state["control"][s] = "bourbon"
    place(state, "france", "cuneo", 4)
    leader(state, "catinat", "nice")
    place(state, "france", "nice", 2)
    state = do(state, "bourbon", type="campaign", leader="catinat")
    state["move"]["movement_points"] = 2
    assert "cuneo" in targets(ENGINE.legal_actions(state, "bourbon"))  # 1 MP left reaches Turin
    state["move"]["movement_points"] = 1
    assert "cuneo" not in targets(ENGINE.legal_actions(state, "bourbon"))  # it would end there, over the limit
    state["move"]["movement_points"] = 2
    state = do(state, "bourbon", type="step", to="cuneo")
    assert targets(ENGINE.legal_actions(state, "bourbon")) >= {"turin", "nice"}
    state = do(state, "bourbon", type="step", to="turin")
    assert corps_count(state, "turin", "bourbon") == 2


@pytest.mark.rule("NY-4.1.2d", "NY-7.2.1f")
def test_forces_displaced_from_savoy_go_where_they_fit() -> None:
    """The displacement is neither a mandatory retreat nor a relief, so it may not over-stack."""
    from games.engines.nine_years.powers import displace_next, neutralise_savoy, savoy_joins

    state = cleared()
    savoy_joins(state)
    for c in state["corps"].values():
        if c["power"] == "savoy":
            c["space"] = "pool"
    state["control"]["nice"] = "bourbon"
    moved = place(state, "france", "nice", 6)
    place(state, "france", "toulon", 4)  # the nearest Bourbon space: 4 + 6 > 8
    neutralise_savoy(state, "bourbon")
    assert not displace_next(state)
    assert {state["corps"][c]["space"] for c in moved} == {"lyon"}  # the nearest with room
    assert all(state["corps"][c]["full"] for c in moved)
    assert corps_count(state, "toulon", "bourbon") == 4
