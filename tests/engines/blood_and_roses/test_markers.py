"""Counter-charge and the Other Effect markers (Battle Cry, Treachery!, Into the Breach)."""

from __future__ import annotations

import pytest

from games.engines.blood_and_roses import ENGINE

from .helpers import (
    activate,
    fresh,
    lancaster_holds,
    only,
    play,
    put,
    rig,
    said,
    strike,
    types,
    walk,
    york_activates_with_lancaster_holding,
)

W, E = 3, 0


def shock_on_knight(facing: int = W, **flags) -> dict:
    state = only(fresh(), "Y-DM1", "L-MM1")
    put(state, "Y-DM1", "0405", E)
    put(state, "L-MM1", "0605", facing, **flags)
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-DM1"})
    state = walk(state, "york", "0505")  # it did not start next to the knight
    state = play(state, "york", {"type": "done"})
    return play(state, "york", {"type": "end_moves"})


@pytest.mark.rule("BR-13.0b", "BR-13.6a", "BR-13.6b", "BR-13.6d", "BR-13.8a", "BR-13.8b", "BR-12.3x", "BR-12.3c")
def test_a_successful_counter_charge_against_a_shock_gives_minus_two() -> None:
    state = shock_on_knight()
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-MM1"})
    state = play(state, "lancaster", {"type": "stand"})  # the retreat before combat comes first (12.3c)
    assert state["phase"] == "pending" and ENGINE.active_roles(state) == ["lancaster"]
    assert types(ENGINE.legal_actions(state, "lancaster")) == ["countercharge", "no_countercharge"]
    rig(state, 5, 5)  # counter-charge 5 <= 5: success; then the shock roll
    state = play(state, "lancaster", {"type": "countercharge"})
    shock = [ENGINE.text(e["text"]) for e in state["log"] if "shocks" in ENGINE.text(e["text"])][-1]
    assert "counter-charge -2" in shock and "L-MM1" in state["counter_charged"]


@pytest.mark.rule("BR-13.8e", "BR-13.6e")
def test_a_failed_counter_charge_changes_nothing_and_is_used_up() -> None:
    state = shock_on_knight()
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-MM1"})
    state = play(state, "lancaster", {"type": "stand"})  # the retreat before combat comes first (12.3c)
    rig(state, 6, 5)
    state = play(state, "lancaster", {"type": "countercharge"})
    shock = [ENGINE.text(e["text"]) for e in state["log"] if "shocks" in ENGINE.text(e["text"])][-1]
    assert "counter-charge" not in shock and state["counter_charged"] == ["L-MM1"]


@pytest.mark.rule("BR-13.6c", "BR-13.6g", "BR-13.7a")
def test_a_counter_charge_may_turn_one_vertex_only_if_it_succeeds() -> None:
    state = shock_on_knight(facing=4)  # faces SW: the attacker at NW is a flank hex, one vertex away
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-MM1"})
    state = play(state, "lancaster", {"type": "stand"})  # the retreat before combat comes first (12.3c)
    rig(state, 5, 5)  # 5 + 1 (turn) > 5: fails, no turn
    state = play(state, "lancaster", {"type": "countercharge"})
    assert state["units"]["L-MM1"]["facing"] == 4
    state = shock_on_knight(facing=4)
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-MM1"})
    state = play(state, "lancaster", {"type": "stand"})  # the retreat before combat comes first (12.3c)
    rig(state, 4, 5)
    state = play(state, "lancaster", {"type": "countercharge"})
    assert state["units"]["L-MM1"]["facing"] == W or state["units"]["L-MM1"]["facing"] == 3


@pytest.mark.rule("BR-13.3c")
def test_no_counter_charge_through_the_rear_nor_by_a_knight_that_started_next_to_the_attacker() -> None:
    state = shock_on_knight(facing=E)
    rig(state, 5)
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-MM1"})
    assert not state["pending"] or state["pending"][0]["kind"] != "countercharge"
    state = only(fresh(), "Y-DM1", "L-MM1")
    put(state, "Y-DM1", "0505", E)
    put(state, "L-MM1", "0605", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "end_moves"})
    state = strike(state, "york", {"type": "shock", "unit": "Y-DM1", "target": "L-MM1"})
    state = play(state, "lancaster", {"type": "stand"})
    assert not state["pending"] or state["pending"][0]["kind"] != "countercharge"


@pytest.mark.rule("BR-13.7b", "BR-13.7c", "BR-13.4a")
def test_a_counter_charge_against_a_charge_turns_it_into_a_shock() -> None:
    state = only(fresh(), "Y-MM1", "L-MM1")
    put(state, "Y-MM1", "0505", E)
    put(state, "L-MM1", "0705", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "end_moves"})
    state = strike(state, "york", {"type": "charge", "unit": "Y-MM1", "target": "L-MM1"})
    assert types(ENGINE.legal_actions(state, "lancaster")) == ["countercharge", "no_countercharge"]
    rig(state, 4, 5)
    state = play(state, "lancaster", {"type": "countercharge"})
    assert any(said(state, "Y-MM1 shocks L-MM1") in ENGINE.text(e["text"]) for e in state["log"])
    state = only(fresh(), "Y-MM1", "L-MM1")
    put(state, "Y-MM1", "0505", E)
    put(state, "L-MM1", "0705", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "end_moves"})
    state = strike(state, "york", {"type": "charge", "unit": "Y-MM1", "target": "L-MM1"})
    rig(state, 5, 5)
    state = play(state, "lancaster", {"type": "countercharge"})
    assert any(said(state, "Y-MM1 charges L-MM1") in ENGINE.text(e["text"]) for e in state["log"])


@pytest.mark.rule("BR-6.3i")
def test_battle_cry_rallies_a_routed_unit_at_the_start_of_an_activation() -> None:
    state = fresh()
    state["markers"]["york"].append({"id": "Y9", "kind": "battle_cry"})
    put(state, "Y-Inf1", "0305", disordered=True, rout=True)
    state["flight_points"]["york"] = 1
    state = play(state, "york", {"type": "activate", "battle": "van"})
    cry = [c for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "battle_cry"]
    assert cry and cry[0]["target"] == "unit:Y-Inf1"
    state = play(state, "york", cry[0]["action"])
    assert (
        not state["units"]["Y-Inf1"]["rout"]
        and state["units"]["Y-Inf1"]["disordered"]
        and state["flight_points"]["york"] == 0
    )
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    state = play(state, "york", {"type": "done"})
    state["markers"]["york"].append({"id": "Y8", "kind": "battle_cry"})
    put(state, "Y-LB2", "0307", disordered=True, rout=True)
    assert "battle_cry" not in types(ENGINE.legal_actions(state, "york"))  # only at the start


@pytest.mark.rule("BR-6.3j")
def test_treachery_disorders_an_enemy_unit_but_not_artillery() -> None:
    state = fresh()
    state["markers"]["york"].append({"id": "Y9", "kind": "treachery"})
    state["units"]["L-Art"] = {
        "id": "L-Art",
        "type": "Art",
        "battle": "right",
        "hex": "1915",
        "facing": W,
        "disordered": False,
        "rout": False,
        "limbered": False,
    }
    state = play(state, "york", {"type": "activate", "battle": "van"})
    options = {c["action"]["unit"] for c in ENGINE.legal_actions(state, "york") if c["action"]["type"] == "treachery"}
    assert "L-Inf1" in options and "L-Art" not in options
    state = play(state, "york", {"type": "treachery", "marker": "Y9", "unit": "L-Inf1"})
    assert state["units"]["L-Inf1"]["disordered"] and not any(m["id"] == "Y9" for m in state["markers"]["york"])


@pytest.mark.rule("BR-6.3i")
def test_battle_cry_is_offered_at_the_start_of_the_opponents_activation() -> None:
    state = york_activates_with_lancaster_holding("battle_cry")
    assert state["phase"] == "opening" and ENGINE.active_roles(state) == ["lancaster"]
    offered = ENGINE.legal_actions(state, "lancaster")
    assert [c["action"]["type"] for c in offered] == ["battle_cry", "let_begin"]
    assert offered[0]["target"] == "unit:L-Inf1" and ENGINE.legal_actions(state, "york") == []
    assert "York activates" in ENGINE.text(ENGINE.view(state, "lancaster")["prompt"])
    assert ENGINE.text(ENGINE.view(state, "york")["prompt"]).startswith("Lancaster may play Battle Cry")

    state = play(state, "lancaster", offered[0]["action"])
    rallied = state["units"]["L-Inf1"]
    assert not rallied["rout"] and rallied["disordered"] and state["flight_points"]["lancaster"] == 2
    assert state["phase"] == "move" and ENGINE.active_roles(state) == ["york"]  # the activation begins
    assert not any(m["id"] == "L9" for m in state["markers"]["lancaster"])


@pytest.mark.rule("BR-6.3i")
def test_both_sides_read_the_window_in_russian() -> None:
    state = york_activates_with_lancaster_holding("battle_cry")
    waiting = ENGINE.text(ENGINE.view(state, "york")["prompt"], "ru")
    asked = ENGINE.text(ENGINE.view(state, "lancaster")["prompt"], "ru")
    assert waiting.startswith("Ланкастеры могут сыграть «Боевой клич» или «Предательство!»")
    assert asked.startswith("Активация (Йорки)") and "дать активации начаться" in asked
    labels = [ENGINE.text(c["label"], "ru") for c in ENGINE.legal_actions(state, "lancaster")]
    assert labels[-1] == "Не играть маркер: пусть активация начнётся (Йорки)"


@pytest.mark.rule("BR-6.3i")
def test_the_holder_may_let_the_opponents_activation_begin_and_keep_the_marker() -> None:
    state = york_activates_with_lancaster_holding("battle_cry")
    state = play(state, "lancaster", {"type": "let_begin"})
    assert state["phase"] == "move" and ENGINE.active_roles(state) == ["york"]
    assert state["units"]["L-Inf1"]["rout"] and any(m["id"] == "L9" for m in state["markers"]["lancaster"])
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})  # York plays on as usual
    assert state["selected"] == "Y-LB1"


@pytest.mark.rule("BR-6.3j")
def test_treachery_is_offered_at_the_start_of_the_opponents_activation() -> None:
    state = york_activates_with_lancaster_holding("treachery")
    offered = [c for c in ENGINE.legal_actions(state, "lancaster") if c["action"]["type"] == "treachery"]
    assert offered and all(c["target"].startswith("unit:Y-") for c in offered)
    target = offered[0]["action"]["unit"]
    state = play(state, "lancaster", offered[0]["action"])
    assert state["units"][target]["disordered"] and state["phase"] == "move"


@pytest.mark.rule("BR-6.3j")
def test_the_holder_may_keep_treachery_and_let_the_activation_begin() -> None:
    state = york_activates_with_lancaster_holding("treachery")
    assert ENGINE.active_roles(state) == ["lancaster"]
    state = play(state, "lancaster", {"type": "let_begin"})
    assert state["phase"] == "move" and ENGINE.active_roles(state) == ["york"]
    assert any(m["id"] == "L9" for m in state["markers"]["lancaster"])
    assert not any(u["disordered"] for uid, u in state["units"].items() if uid.startswith("Y-"))


@pytest.mark.rule("BR-6.3j")
def test_no_treachery_window_when_no_enemy_unit_can_be_disordered() -> None:
    state = lancaster_holds("treachery")
    for uid, unit in state["units"].items():
        if uid.startswith("Y-"):
            unit["disordered"] = True  # already Disordered: Treachery! has nothing to do
    state = play(state, "york", {"type": "activate", "battle": "van"})
    assert state["phase"] == "move" and ENGINE.active_roles(state) == ["york"]
    assert any(m["id"] == "L9" for m in state["markers"]["lancaster"])


@pytest.mark.rule("BR-6.3i")
def test_the_window_opens_on_an_activation_that_is_not_automatic_too() -> None:
    state = lancaster_holds("battle_cry")
    put(state, "L-Inf1", "1506", disordered=True, rout=True)
    state = activate(state, "van", "york", automatic=False)  # as after a continuation or a seizure
    assert state["phase"] == "opening" and ENGINE.active_roles(state) == ["lancaster"]


@pytest.mark.rule("BR-6.3i", "BR-6.3j")
def test_no_window_opens_when_the_marker_has_no_use() -> None:
    state = fresh()
    state["markers"]["lancaster"].append({"id": "L9", "kind": "battle_cry"})  # no routed Lancastrian unit
    state = play(state, "york", {"type": "activate", "battle": "van"})
    assert state["phase"] == "move" and ENGINE.active_roles(state) == ["york"]


def test_a_timed_out_holder_lets_the_activation_begin() -> None:
    state = york_activates_with_lancaster_holding("battle_cry")
    assert ENGINE.default_action(state, "lancaster") == {"type": "let_begin"}


@pytest.mark.rule("BR-6.3i", "BR-2.2h")
def test_the_activation_that_opened_the_window_cannot_be_taken_back() -> None:
    before = lancaster_holds("battle_cry")
    put(before, "L-Inf1", "1506", disordered=True, rout=True)
    opened = play(before, "york", {"type": "activate", "battle": "van"})
    assert opened["phase"] == "opening"
    assert not ENGINE.is_undoable(before, opened, "york")  # it showed Lancaster's hidden marker
    begun = play(opened, "lancaster", {"type": "let_begin"})
    assert ENGINE.is_undoable(opened, begun, "lancaster")  # his own decision, nothing shown


def test_an_activation_without_a_window_may_be_taken_back() -> None:
    before = fresh()
    after = play(before, "york", {"type": "activate", "battle": "van"})
    assert after["phase"] == "move" and ENGINE.is_undoable(before, after, "york")


@pytest.mark.rule("BR-6.3l")
def test_into_the_breach_adds_one_to_a_single_combat() -> None:
    state = only(fresh(), "Y-Inf1", "L-Inf1")
    state["markers"]["york"].append({"id": "Y9", "kind": "into_the_breach"})
    put(state, "Y-Inf1", "0505", E)
    put(state, "L-Inf1", "0605", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "end_moves"})
    action = {"type": "shock", "unit": "Y-Inf1", "target": "L-Inf1", "breach": "Y9"}
    assert action in [c["action"] for c in ENGINE.legal_actions(state, "york")]
    rig(state, 4)
    state = strike(state, "york", action)
    assert "= 6" in [ENGINE.text(e["text"]) for e in state["log"] if "shocks" in ENGINE.text(e["text"])][-1]
    assert not any(m["kind"] == "into_the_breach" for m in state["markers"]["york"])


def fire_on_knight() -> dict:
    state = only(fresh(), "Y-LB1", "L-MM1")
    put(state, "Y-LB1", "0305", E)
    put(state, "L-MM1", "0605", W)
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-LB1"})
    state = play(state, "york", {"type": "fire", "target": "L-MM1"})
    assert state["phase"] == "pending" and ENGINE.active_roles(state) == ["lancaster"]
    return state


@pytest.mark.rule("BR-13.9a", "BR-13.9b", "BR-13.9c", "BR-13.9f")
def test_a_knight_fired_on_may_counter_charge_the_firer() -> None:
    state = fire_on_knight()
    assert types(ENGINE.legal_actions(state, "lancaster")) == ["countercharge", "no_countercharge"]
    rig(state, 5, 0, 6)  # counter-charge 5: success; the fire 0 + 0 + 1: nothing; the charge roll 6
    state = play(state, "lancaster", {"type": "countercharge"})
    knight = state["units"]["L-MM1"]
    assert knight["hex"] != "0605"
    assert any(said(state, "L-MM1 charges Y-LB1") in ENGINE.text(e["text"]) for e in state["log"])
    assert not any("reaction-fires" in ENGINE.text(e["text"]) for e in state["log"])
    assert state["phase"] in ("move", "pending")


@pytest.mark.rule("BR-13.9d")
def test_an_unhorsed_counter_charger_stays_put() -> None:
    state = fire_on_knight()
    rig(state, 5, 7)  # success; the fire 7 + 0 + 1 = 8: Unhorsed
    state = play(state, "lancaster", {"type": "countercharge"})
    assert state["units"]["L-MM1"]["type"] == "UH" and state["units"]["L-MM1"]["hex"] == "0605"
    assert not any(said(state, "charges Y-LB1") in ENGINE.text(e["text"]) for e in state["log"])


@pytest.mark.rule("BR-13.9e")
def test_a_failed_counter_charge_against_fire_changes_nothing() -> None:
    state = fire_on_knight()
    rig(state, 6, 0)
    state = play(state, "lancaster", {"type": "countercharge"})
    assert state["units"]["L-MM1"]["hex"] == "0605" and state["counter_charged"] == ["L-MM1"]
    assert state["phase"] == "move" and ENGINE.active_roles(state) == ["york"]


@pytest.mark.rule("BR-13.6f", "BR-13.8c")
def test_charged_and_shocked_at_once_the_knight_picks_which_to_counter() -> None:
    state = only(fresh(), "Y-MM1", "Y-DM1", "L-MM1")
    put(state, "Y-MM1", "0505", E)
    put(state, "Y-DM1", "0506", E)
    put(state, "L-MM1", "0705", W)
    state["leaders"]["edward"]["hex"] = "0404"
    state = activate(state, "van", "york")
    state = play(state, "york", {"type": "select", "unit": "Y-DM1"})
    state = walk(state, "york", "0605")
    state = play(state, "york", {"type": "done"})
    state = play(state, "york", {"type": "end_moves"})
    state = strike(state, "york", {"type": "charge", "unit": "Y-MM1", "target": "L-MM1"})
    state = strike(state, "york", {"type": "join", "unit": "Y-DM1"})
    actions = [c["action"] for c in ENGINE.legal_actions(state, "lancaster")]
    assert actions == [
        {"type": "countercharge"},
        {"type": "countercharge", "against": "shock"},
        {"type": "no_countercharge"},
    ]
    rig(state, 0, 5)
    state = play(state, "lancaster", {"type": "countercharge", "against": "shock"})
    text = [ENGINE.text(e["text"]) for e in state["log"] if said(state, "L-MM1:") in ENGINE.text(e["text"])][-1]
    assert said(state, "Y-MM1 + Y-DM1 charges L-MM1") in text and "counter-charge -2" in text


@pytest.mark.rule("BR-13.9g", "BR-13.4c")
def test_a_continued_attack_won_by_a_counter_charge_against_fire_follows_at_once() -> None:
    state = fire_on_knight()
    rig(state, 5, 0, 3, 5)  # success; the fire misses; the charge 3 + 3 = 6: D + Continued Attack; then 5 + 2
    state = play(state, "lancaster", {"type": "countercharge"})
    attacks = [
        ENGINE.text(e["text"])
        for e in state["log"]
        if ENGINE.text(e["text"]).startswith((said(state, "L-MM1 charges Y-LB1"), said(state, "L-MM1 shocks")))
    ]
    assert len(attacks) == 2 and "charges" in attacks[0] and "shocks" in attacks[1]  # no longer a charge
    assert "-1" in attacks[1]
