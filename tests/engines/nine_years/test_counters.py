"""Section 3 of the seed: leaders, ratings, native corps, promotion, death; corps full and reduced."""

from __future__ import annotations

import pytest

from games.engines.base.playout import random_playout
from games.engines.nine_years import ENGINE
from games.engines.nine_years.counters import effective_tr, kill_leader, promote, ratings
from games.engines.nine_years.data.leaders import LEADERS, PROMOTIONS
from games.engines.nine_years.data.powers import CORPS_COUNTS
from games.engines.nine_years.provisional import campaign as campaign_rules
from games.engines.nine_years.provisional import reinforcement
from games.engines.nine_years.provisional.battle import fight
from games.engines.nine_years.provisional.events import reduce_in_region
from games.engines.nine_years.provisional.forces import battle_dice
from games.engines.nine_years.provisional.lines import bypass
from games.engines.nine_years.provisional.movement import intercept
from games.engines.nine_years.provisional.scenario import glorious_revolution
from games.engines.nine_years.victory import leader_killed

from .helpers import FixedRng, campaign, cleared, do, fresh, leader, place, run


@pytest.mark.rule("NY-3.0a", "NY-3.1g")
def test_a_force_is_a_leader_with_up_to_cr_corps() -> None:
    state = campaign(cleared(), "alliance")
    leader(state, "waldeck", "brussels")  # CR 3
    place(state, "dutch", "brussels", 5)
    state = do(state, "alliance", type="campaign", leader="waldeck")
    assert state["move"]["leader"] == "waldeck" and len(state["move"]["corps"]) == 3
    state = do(state, "alliance", type="step", to="antwerp")
    moved = [c for c, v in state["corps"].items() if v["space"] == "antwerp"]
    assert len(moved) == 3 and state["leaders"]["waldeck"]["space"] == "antwerp"


@pytest.mark.rule("NY-3.1a", "NY-3.1e")
def test_three_kinds_of_leader_each_with_tr_and_cr() -> None:
    assert {d["kind"] for d in LEADERS.values()} == {"named", "minor", "staff"}
    state = fresh()
    assert ratings(state, "william") == (2, 6)  # observed
    assert LEADERS["waldeck"]["front"][0] == 1  # the seed's example
    assert all(len(ratings(state, lid)) == 2 for lid in LEADERS)


@pytest.mark.rule("NY-3.1b", "NY-3.1.2c", "NY-6.1.1o")
def test_killed_leader_flips_to_minor_for_good() -> None:
    state = fresh()
    state["leaders"]["lorraine"]["minor"] = False  # promoted
    leader_killed(state, "lorraine", "bourbon")
    assert state["leaders"]["lorraine"]["minor"] and ratings(state, "lorraine") == (1, 3)
    assert not promote(state, "lorraine")  # never promoted again
    assert state["vp"] == 15  # not dynastic
    leader_killed(state, "william", "bourbon")
    assert state["leaders"]["william"]["minor"] and state["vp"] == 13  # dynastic: +2 to the opponent
    leader_killed(state, "william", "bourbon")  # a minor side cannot die again (A6)
    assert state["vp"] == 13


@pytest.mark.rule("NY-3.1c", "NY-3.1d")
def test_marlborough_turns_british_and_is_removed_when_killed() -> None:
    state = fresh()
    assert LEADERS["marlborough"]["back"] is None
    assert ENGINE.view(state, None)["leaders"]["marlborough"]["power"] == "jacobites"
    glorious_revolution(state)
    assert state["leaders"]["marlborough"]["power"] == "britain"
    assert ratings(state, "marlborough") == (3, 5) and state["vp"] == 15  # a flip is not a death
    kill_leader(state, "marlborough")
    assert state["leaders"]["marlborough"]["space"] == "removed"


@pytest.mark.rule("NY-3.1f")
def test_tr_adds_battle_dice_and_helps_interception_and_bypass() -> None:
    state = cleared()
    place(state, "france", "lille", 2)
    corps = ["Fr01", "Fr02"]
    state["leaders"]["luxembourg"]["minor"] = False
    assert battle_dice(state, [], corps) == 2
    assert battle_dice(state, ["luxembourg"], corps) == 5  # TR 3
    assert bypass(state, FixedRng([2]), ["luxembourg"], corps)  # 2 + 3 >= 5
    assert not bypass(state, FixedRng([2]), [], corps)
    # Interception: d6 + TR >= 5.
    state = campaign(cleared(), "alliance")
    state["control"]["mirandola"] = "bourbon"
    leader(state, "lorraine", "trento")
    place(state, "austria", "trento", 1)
    state["leaders"]["catinat"].update(space="mantua", minor=False)  # TR 3
    state["control"]["mantua"] = "bourbon"
    place(state, "france", "mantua", 1)
    state = do(state, "alliance", type="campaign", leader="lorraine")
    state = do(state, "alliance", type="step", to="mirandola")
    run(state, intercept(state, FixedRng([2, 1, 1, 1, 1, 1, 1, 1, 1]), "bourbon", "catinat", 1))
    assert state["leaders"]["catinat"]["space"] != "mantua"  # intercepted (then fought)


@pytest.mark.rule("NY-3.1h", "NY-3.1.2a")
def test_rally_frees_the_leader_and_half_his_cr_rounded_up() -> None:
    assert sorted(lid for lid, d in LEADERS.items() if d["starts_minor"]) == sorted(
        ["max_emanuel", "lorraine", "lorges", "victor_amadeus", "luxembourg", "catinat"]
    )
    state = campaign(cleared(), "alliance")
    leader(state, "waldeck", "brussels")  # CR 3 -> himself + 2 corps
    ids = place(state, "dutch", "brussels", 4)
    for cid in ids:
        state["corps"][cid]["disordered"] = True
    state["leaders"]["waldeck"]["disordered"] = True
    assert len(campaign_rules.rally_group(state, "waldeck")) == 2
    state = do(state, "alliance", type="rally", leader="waldeck")
    assert not state["leaders"]["waldeck"]["disordered"]
    assert sum(state["corps"][c]["disordered"] for c in ids) == 2


@pytest.mark.rule("NY-3.1.1a", "NY-3.1.1b", "NY-3.1.1c")
def test_waldeck_without_dutch_corps_has_tr_0_and_the_same_cr() -> None:
    state = cleared()
    french = place(state, "france", "brussels", 1)
    spanish = place(state, "spain", "brussels", 2)
    dutch = place(state, "dutch", "brussels", 1)
    assert LEADERS["waldeck"]["power"] == "dutch"
    assert effective_tr(state, "waldeck", spanish) == 0  # seed example E1
    assert effective_tr(state, "waldeck", spanish + dutch) == 1
    assert ratings(state, "waldeck")[1] == 3  # CR unchanged
    assert effective_tr(state, "waldeck", french) == 0


@pytest.mark.rule("NY-3.1.1d")
def test_striped_minor_sides() -> None:
    striped = sorted(lid for lid, d in LEADERS.items() if d["back_stripe"])
    assert striped == sorted(["william", "lorraine", "eugene", "lorges", "luxembourg", "noailles", "james"])
    state = cleared()
    spanish = place(state, "spain", "brussels", 1)
    state["leaders"]["william"]["minor"] = True
    assert effective_tr(state, "william", spanish) == 0  # minor TR 1 - 1
    state["leaders"]["catinat"]["minor"] = True  # minor side without a stripe
    assert effective_tr(state, "catinat", spanish) == 1


@pytest.mark.rule("NY-3.1.2b")
def test_starting_minor_leaders_cannot_die_until_promoted() -> None:
    state = fresh()
    assert state["leaders"]["luxembourg"]["minor"]
    leader_killed(state, "luxembourg", "alliance")
    assert state["leaders"]["luxembourg"]["minor"] and not state["leaders"]["luxembourg"]["demoted"]
    state["year"] = 1689
    reinforcement.promotions(state)
    assert 1689 in PROMOTIONS and not state["leaders"]["luxembourg"]["minor"]


@pytest.mark.rule("NY-3.2.1a", "NY-3.2.2c")
def test_corps_counters_limit_the_army_and_the_force_pool() -> None:
    state = fresh()
    assert sum(1 for v in state["corps"].values() if v["power"] == "france") == CORPS_COUNTS["france"]
    assert CORPS_COUNTS["jacobites"] == 5
    for c in state["corps"].values():
        if c["power"] == "subsidy":
            c["space"] = "es_box"
    state["resource_points"]["alliance"] = 9
    raise_subsidy = [c for c in reinforcement.choices(state, "alliance") if c["action"].get("power") == "subsidy"]
    assert raise_subsidy == []  # every counter is in play
    from games.engines.nine_years.counters import hit_corps

    state["corps"]["Su01"]["full"] = False
    hit_corps(state, "Su01")
    assert state["corps"]["Su01"]["space"] == "pool"
    assert any(c["action"].get("power") == "subsidy" for c in reinforcement.choices(state, "alliance"))


@pytest.mark.rule("NY-3.2.1b", "NY-3.2.1c", "NY-3.2.1d", "NY-3.2.2a")
def test_full_and_reduced_corps_dice_and_hits() -> None:
    state = cleared()
    place(state, "france", "lille", 2)
    place(state, "france", "lille", 1, full=False)
    assert battle_dice(state, [], ["Fr01", "Fr02", "Fr03"]) == 3  # 1 + 1 + 1/2 rounded up
    # A battle: every hit reduces a full corps, then eliminates reduced ones.
    state = campaign(cleared(), "alliance")
    place(state, "dutch", "lille", 1)
    place(state, "france", "lille", 1, full=False)
    state["control"]["lille"] = "bourbon"
    winner = fight(state, FixedRng([6, 1]), "lille", "alliance", "tournai", {"bourbon": "paris", "alliance": "es_box"})
    assert winner == "alliance" and state["corps"]["Fr01"]["space"] == "pool"
    # Reduced corps count as corps for stacking and activation.
    from games.engines.nine_years.stacking import corps_count

    place(state, "dutch", "breda", 2, full=False)
    assert corps_count(state, "breda", "alliance") == 2
    # Events reduce corps too.
    place(state, "spain", "brussels", 2)
    reduce_in_region(state, "alliance", "lowcountries", 1)
    assert sum(not state["corps"][c]["full"] for c in ("Sp01", "Sp02")) == 1


@pytest.mark.rule("NY-3.2.2b")
def test_reduced_corps_restored_in_reinforcement_and_by_replacement() -> None:
    state = fresh()
    state["corps"]["Du01"]["full"] = False
    state["resource_points"]["alliance"] = 1
    assert {"type": "repair", "corps": "Du01"} in [c["action"] for c in reinforcement.choices(state, "alliance")]
    state = campaign(fresh(), "alliance")
    state["corps"]["Du01"]["full"] = False
    state = do(state, "alliance", type="replace", corps="Du01")
    assert state["corps"]["Du01"]["full"]
    assert "replace" in state["round"]["used"]


@pytest.mark.rule("NY-3.2.3")
def test_corps_are_never_combined_or_split() -> None:
    record = random_playout(ENGINE, 4)
    start = ENGINE.setup(4, {})
    assert sorted(record.final_state["corps"]) == sorted(start["corps"])
    assert not any("merge" in a["type"] or "split" in a["type"] for _, a in record.actions)
