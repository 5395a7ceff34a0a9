"""Our provisional sections 8-20 (PROVISIONAL.md): each procedure does what the rulebook says."""

from __future__ import annotations

from games.engines.nine_years import ENGINE
from games.engines.nine_years.data.spaces import SPACES
from games.engines.nine_years.provisional import events, reinforcement, winter
from games.engines.nine_years.provisional.battle import fight
from games.engines.nine_years.provisional.movement import avoid, sea_targets
from games.engines.nine_years.provisional.siege import siege

from .helpers import FixedRng, campaign, cleared, do, en, fresh, leader, place, run

HOMES = {"bourbon": "paris", "alliance": "es_box"}


def test_16_tie_goes_to_the_defender_and_the_attacker_falls_back() -> None:
    state = cleared()
    state["control"]["lille"] = "bourbon"
    place(state, "dutch", "lille", 2)
    place(state, "france", "lille", 2)
    winner = fight(state, FixedRng([6, 1, 6, 1]), "lille", "alliance", "tournai", HOMES)
    assert winner == "bourbon"
    dutch = [v for v in state["corps"].values() if v["power"] == "dutch" and v["space"] != "pool"]
    assert all(v["space"] == "tournai" and v["disordered"] for v in dutch)


def test_16_leader_of_the_loser_dies_on_a_six() -> None:
    state = cleared()
    state["control"]["lille"] = "bourbon"
    place(state, "dutch", "lille", 3)
    place(state, "france", "lille", 1)
    state["leaders"]["boufflers"]["space"] = "lille"
    fight(state, FixedRng([6, 6, 1, 1, 1, 6]), "lille", "alliance", "tournai", HOMES)
    assert state["leaders"]["boufflers"]["minor"]


def test_17_garrison_raises_the_defence_and_falls_with_the_fortress() -> None:
    state = cleared()
    garrison = place(state, "dutch", "breda", 1)
    state["corps"][garrison[0]]["garrison"] = True
    besiegers = place(state, "france", "breda", 2)
    assert not siege(state, FixedRng([6, 1]), "breda", "bourbon", [], besiegers, "es_box")
    assert state["fortress_strength"]["breda"] == 2  # one hit absorbed by the FDV
    assert siege(state, FixedRng([6, 6]), "breda", "bourbon", [], besiegers, "es_box") is False
    assert state["fortress_strength"]["breda"] == 1
    assert siege(state, FixedRng([6, 6]), "breda", "bourbon", [], besiegers, "es_box")
    assert state["corps"][garrison[0]]["space"] == "pool" and state["control"]["breda"] == "bourbon"


def test_14_avoid_battle_withdraws_the_force() -> None:
    state = campaign(cleared(), "alliance")
    state["control"]["lille"] = "bourbon"
    leader(state, "waldeck", "tournai")
    place(state, "dutch", "tournai", 2)
    leader(state, "boufflers", "lille")
    place(state, "france", "lille", 2)
    state = do(state, "alliance", type="campaign", leader="waldeck")
    state = do(state, "alliance", type="step", to="lille")
    assert state["phase"] == "avoid"
    run(state, avoid(state, FixedRng([4, 6, 6, 6]), "bourbon"))  # 4 + TR 2 >= 4
    assert state["leaders"]["boufflers"]["space"] in ("paris", "dunkirk")


def test_14_sea_move_and_the_glorious_revolution() -> None:
    state = ENGINE.setup(1, {})
    state = campaign(state, "alliance", year=1688)
    move = {"leader": "william", "corps": ["Du01"], "movement_points": 4, "path": ["amsterdam"], "side": "alliance"}
    assert "london" in sea_targets(state, move)  # the Protestant wind in 1688
    state["year"] = 1689
    assert "london" not in sea_targets(state, move)
    state["year"] = 1688
    for c in state["corps"].values():
        if c["power"] == "jacobites" and c["space"] == "london":
            c["space"] = "pool"
    state["leaders"]["james"]["space"] = "york"
    state["leaders"]["marlborough"]["space"] = "york"
    state = do(state, "alliance", type="campaign", leader="william")
    state = do(state, "alliance", type="sail", to="london")
    assert state["glorious_revolution"] and state["control"]["london"] == "alliance"
    assert state["leaders"]["marlborough"]["power"] == "britain"


def test_12_reinforcement_spends_rp_then_ends() -> None:
    state = fresh()
    state = ENGINE.apply(state, "bourbon", {"type": "first", "role": "bourbon"})
    assert state["phase"] == "reinforce" and state["active"] == ["bourbon"]
    rp = state["resource_points"]["bourbon"]
    raise_ = next(c["action"] for c in ENGINE.legal_actions(state, "bourbon") if c["action"]["type"] == "raise")
    state = ENGINE.apply(state, "bourbon", raise_)
    assert state["resource_points"]["bourbon"] == rp - 2
    state = ENGINE.apply(state, "bourbon", {"type": "done"})
    assert state["active"] == ["alliance"] and state["resource_points"]["bourbon"] == 0


def test_19_winter_attrition_and_peace() -> None:
    state = cleared()
    state["control"]["lille"] = "bourbon"
    place(state, "dutch", "lille", 2)
    winter.attrition(state)
    assert sorted(v["full"] for v in state["corps"].values() if v["space"] == "lille") == [False, True]
    state.update(year=1695, vp=10)
    assert not winter.peace_roll(state, FixedRng([6]))  # only at VP 9 or less (a Bourbon major victory)
    state["vp"] = 4
    assert not winter.peace_roll(state, FixedRng([5]))  # 5 + 0
    state["vp"] = 2
    assert winter.peace_roll(state, FixedRng([5]))  # 5 + 1
    assert state["result"]["winner"] == "bourbon"


def test_9_events_resolve_at_once() -> None:
    state = fresh()
    state["decks"]["event_deck"].append("E04")  # Barfleur-La Hogue
    assert events.resolve(state, FixedRng([]), "bourbon") == []
    assert state["seas"]["atlantic"] == "alliance"
    state["decks"]["event_deck"].append("E15")  # Death of Louvois: lasting
    events.resolve(state, FixedRng([]), "alliance")
    reinforcement.income(state)
    assert state["resource_points"]["bourbon"] == 4  # 4 + London - 1
    state["savoy"] = "alliance"
    state["control"]["nice"] = "bourbon"
    state["decks"]["event_deck"].append("E12")
    assert events.resolve(state, FixedRng([]), "alliance") == ["bourbon"]


def test_default_action_and_board() -> None:
    state = fresh()
    assert ENGINE.default_action(state, "bourbon")["type"] == "first"
    assert ENGINE.default_action(state, "alliance") is None
    state = ENGINE.apply(state, "bourbon", ENGINE.default_action(state, "bourbon"))
    assert ENGINE.default_action(state, "bourbon") == {"type": "done"}
    view = ENGINE.view(state, "alliance")
    svg, panels = ENGINE.render_svg(view), ENGINE.render_panels(view)
    assert "style=" not in svg + panels and "Stand-ins: the map, cards and sections 8–20" in panels
    assert all(f'data-target="space:{s}"' in svg for s in SPACES)
    assert 'data-target="leader:william"' in svg and 'data-target="sea:atlantic"' in svg
    assert ">William III</text>" in svg  # leaders by name on the map


def test_big_stacks_are_drawn_in_army_boxes_with_every_piece() -> None:
    state = cleared()
    ids = place(state, "empire", "es_box", 5) + place(state, "subsidy", "es_box", 4)
    leader(state, "baden", "es_box")
    view = ENGINE.view(state, None)
    svg, panels = ENGINE.render_svg(view), ENGINE.render_panels(view)
    assert "Army A: 1 + 9" in svg and "Army boxes" in panels
    assert all(f'data-target="corps:{c}"' in panels for c in ids) and 'data-target="leader:baden"' in panels
    assert "Army A in Empire/Subsidy Home Space: Louis of Baden; 9 corps" in ENGINE.render_picture(view)


def test_takeback_only_over_steps_that_revealed_nothing() -> None:
    state = campaign(cleared(), "alliance")
    leader(state, "waldeck", "breda")
    after = do(state, "alliance", type="campaign", leader="waldeck")
    assert ENGINE.is_undoable(state, after, "alliance")
    dealt = dict(after, hands={"bourbon": ["A01"], "alliance": []})
    assert not ENGINE.is_undoable(after, dealt, "alliance")


def test_13_transfer_moves_a_leaderless_corps_through_friendly_spaces() -> None:
    state = campaign(cleared(), "alliance")
    (cid,) = place(state, "spain", "barcelona", 1)
    leader(state, "gastanaga", "madrid")
    offered = [c["action"] for c in ENGINE.legal_actions(state, "alliance") if c["action"]["type"] == "transfer"]
    assert offered == [{"type": "transfer", "corps": cid}]
    state = do(state, "alliance", type="transfer", corps=cid)
    dests = {c["action"]["to"] for c in ENGINE.legal_actions(state, "alliance")}
    assert "madrid" in dests and "gerona" in dests and "perpignan" not in dests  # friendly spaces only
    state = do(state, "alliance", type="transfer_to", to="madrid")
    assert state["corps"][cid]["space"] == "madrid" and cid in state["acted"]
    assert state["phase"] == "action" and "transfer" in state["round"]["used"]
    # The transferred corps does not follow a leader on campaign this year.
    state = do(state, "alliance", type="campaign", leader="gastanaga")
    assert state["move"]["corps"] == []


def test_14_avoiding_battle_may_not_over_stack_the_refuge() -> None:
    state = campaign(cleared(), "alliance")
    for s in ("cuneo", "nice"):
        state["control"][s] = "bourbon"
    state["control"]["turin"] = "alliance"
    leader(state, "waldeck", "turin")
    place(state, "dutch", "turin", 2)
    leader(state, "catinat", "cuneo")
    place(state, "france", "cuneo", 2)
    place(state, "france", "nice", 3)  # Nice (limit 4) cannot take 2 more: avoiding is impossible
    state = do(state, "alliance", type="campaign", leader="waldeck")
    state = do(state, "alliance", type="step", to="cuneo")
    run(state, avoid(state, FixedRng([6] * 20), "bourbon"))
    assert state["leaders"]["catinat"]["space"] in ("cuneo", "nice") and any(
        "Battle of Cuneo" in en(e["text"]) for e in state["log"]
    )


def test_15_a_line_is_built_by_action_and_helps_its_holder() -> None:
    state = campaign(cleared(), "bourbon")
    leader(state, "boufflers", "metz")
    state = do(state, "bourbon", type="line", space="metz")
    assert state["lines"] == ["metz"] and "line" in state["round"]["used"]
    place(state, "france", "metz", 1)
    place(state, "dutch", "metz", 1)
    state["leaders"]["boufflers"]["space"] = "out"
    rolls = FixedRng([1, 6, 6, 3])
    fight(state, rolls, "metz", "alliance", "saarlouis", HOMES)
    assert rolls.dice == [3]  # the attacker 1 die, the defender 1 + 1 for his line
    assert state["lines"] == ["metz"]  # the holder won: the line stays


def test_12_britain_enters_only_with_the_revolution() -> None:
    from games.engines.nine_years.provisional.scenario import glorious_revolution

    state = fresh()
    assert reinforcement.placement_spaces(state, "britain") == []
    state["leaders"]["james"]["space"] = "out"
    glorious_revolution(state)
    assert "london" in reinforcement.placement_spaces(state, "britain")
    assert sum(v["space"] == "london" for v in state["corps"].values() if v["power"] == "britain") == 2
