"""Audit fixes: rules the first version simplified or decided for the player."""

from __future__ import annotations

import pytest

from games.engines.sekigahara import ENGINE

from .helpers import act, actions, battle, blank, deploy, en, give, march, movement, put, types, where


@pytest.mark.rule("SK-8.2.1c", "SK-8.5h")
def test_attacker_must_make_the_first_deployment_if_he_can() -> None:  # AMB-29
    state, _att, _dfn = battle("ishida", ["ukita_2"], ["tokugawa_2"], att_cards=("ukita_single",))
    assert ENGINE.active_roles(state) == ["ishida"]
    assert "pass" not in types(state, "ishida") and "deploy" in types(state, "ishida")
    state = deploy(state, "ishida", "ukita_2", "ukita_single")
    # after the first deployment the attacker may stop whenever he holds the initiative
    state = act(state, "tokugawa", type="pass")
    assert types(state, "ishida") == ["pass"]
    # with no legal deployment the attacker can only declare that he is done
    state, _att, _dfn = battle("ishida", ["ukita_2"], ["tokugawa_2"], att_cards=("mori_single",))
    assert types(state, "ishida") == ["pass"]
    # a free leader is a legal deployment too
    state, _att, _dfn = battle("ishida", ["ukita_leader"], ["tokugawa_2"])
    assert "pass" not in types(state, "ishida")


@pytest.mark.rule("SK-8.9.4b")
def test_besieger_may_still_deploy_nothing() -> None:  # AMB-19
    state = blank()
    put(state, "tokugawa_2", "anotsu")
    att = put(state, "ukita_2", "anotsu")
    give(state, "ishida", "ukita_single")
    state = movement(state, "ishida")
    state["movement"]["moved"].append(att)
    state["movement"]["entered_from"][att] = "kuwana"
    state = act(state, "ishida", type="end_movement")
    state = act(state, "ishida", type="combat", loc="anotsu")
    state = act(state, "tokugawa", type="stay_inside")
    assert state["battle"]["kind"] == "siege" and "pass" in types(state, "ishida")


@pytest.mark.rule("SK-10b", "SK-2.2b", "SK-4.3b", "SK-4.3c")
def test_final_score_uses_control_after_the_last_battle() -> None:
    state = blank(2)
    att = put(state, "ukita_3", "anotsu")  # a Tokugawa castle
    put(state, "tokugawa_2", "anotsu")
    give(state, "ishida", "ukita_single")
    state = movement(state, "ishida")
    state["week"], state["turn"], state["first"], state["half"] = 7, "B", "tokugawa", 1
    state["movement"]["moved"].append(att)
    state["movement"]["entered_from"][att] = "kuwana"
    state = act(state, "ishida", type="end_movement")
    state = act(state, "ishida", type="combat", loc="anotsu")
    state = act(state, "tokugawa", type="fight")
    state = deploy(state, "ishida", "ukita_3", "ukita_single")
    state = act(state, "tokugawa", type="pass")
    state = act(state, "ishida", type="pass")  # 3-0: the Tokugawa block is lost, the game ends
    result = ENGINE.result(state)
    assert result is not None and state["castles"]["anotsu"] == "ishida"
    # Ishida: 5 castles + Kyoto = 11; Tokugawa: 4 castles + Edo = 9
    assert result["scores"] == {"ishida": 11, "tokugawa": 9} and result["winner"] == "ishida"


@pytest.mark.rule("SK-8.6.1b", "SK-3.3d")
def test_deployer_chooses_which_card_refutes_a_challenge() -> None:
    state, _ish, _ = battle(
        "ishida", ["mori_2", "mori_3"], ["date_2"],
        att_cards=("mori_single", "mori_single", "mori_sword"), def_cards=("tokugawa_loyalty",),
    )  # fmt: skip
    state = deploy(state, "ishida", "mori_2", "mori_single")
    state = act(state, "tokugawa", **actions(state, "tokugawa", "challenge")[0])
    assert state["phase"] == "refute" and ENGINE.active_roles(state) == ["ishida"]
    assert ENGINE.legal_actions(state, "tokugawa") == []  # the choice (and the hand) stays Ishida's
    assert "hand_cards" not in ENGINE.view(state, "tokugawa")["areas"]["ishida"]
    shown = {state["cards"][a["card"]] for a in actions(state, "ishida", "refute")}
    assert shown == {"mori_single", "mori_sword"}
    sword = next(a for a in actions(state, "ishida", "refute") if state["cards"][a["card"]] == "mori_sword")
    state = act(state, "ishida", **sword)
    assert state["battle"]["impact"] == {"ishida": 2, "tokugawa": 0}  # stays loyal
    assert sword["card"] in state["hands"]["ishida"]  # the shown card goes back into the hand
    public = [en(e["text"]) for e in ENGINE.view(state, None)["log"]]
    assert any("shows Mori sword" in t for t in public)
    assert ENGINE.active_roles(state) == ["tokugawa"]  # Tokugawa is behind: his initiative


@pytest.mark.rule("SK-7.3.3d", "SK-7.3.3f")
def test_forced_march_can_be_bought_after_the_allowance_is_spent() -> None:  # AMB-25
    state = blank()
    block = put(state, "mori_2", "ayabe")  # no Leadership, roads only
    give(state, "ishida", "mori_single")
    state = movement(state, "ishida")
    state = march(state, "ishida", "ayabe", [block], ["miyazu"])
    assert state["phase"] == "march" and set(types(state, "ishida")) == {"forced_march", "halt"}
    state = act(state, "ishida", **actions(state, "ishida", "forced_march")[0])
    assert [a["to"] for a in actions(state, "ishida", "step")] == ["tsuruga"]
    state = act(state, "ishida", type="step", to="tsuruga")
    assert state["where"][block] == "tsuruga" and state["phase"] == "move"


@pytest.mark.rule("SK-7.4.1a", "SK-7.4.2a", "SK-2.1c")
def test_moving_into_four_times_as_many_enemies_is_an_overrun_of_the_mover() -> None:
    state = blank()
    big = [put(state, f, "sawayama") for f in ("ukita_2", "ukita_3", "mori_2", "mori_3")]
    small = put(state, "date_2", "tsuruga")
    state = movement(state, "tokugawa")
    state = march(state, "tokugawa", "tsuruga", [small], ["sawayama"])
    assert state["where"][small] == "dead" and set(where(state, big)) == {"sawayama"}
    assert state["phase"] == "move"
    # Ieyasu alone walking into them is killed: Ishida wins at once
    state = blank()
    for f in ("ukita_2", "ukita_3", "mori_2", "mori_3"):
        put(state, f, "sawayama")
    ieyasu = put(state, "tokugawa_ieyasu", "tsuruga")
    state = movement(state, "tokugawa")
    state = march(state, "tokugawa", "tsuruga", [ieyasu], ["sawayama"])
    assert state["where"][ieyasu] == "dead" and ENGINE.result(state)["winner"] == "ishida"


@pytest.mark.rule("SK-7.4.3a")
def test_blocks_that_control_a_castle_are_never_overrun_by_the_defenders() -> None:
    state = blank()
    inside = put(state, "date_2", "gifu")  # besieged Tokugawa block holds the castle
    for f in ("ukita_2", "ukita_3", "mori_2", "mori_3", "ukita_gun", "ukita_cav", "mori_gun", "mori_cav"):
        put(state, f, "gifu")
    state["sieges"]["gifu"] = {"side": "tokugawa", "blocks": [inside]}
    state["castles"]["gifu"] = "tokugawa"
    relief = put(state, "date_3", "iwamura")
    state = movement(state, "tokugawa")
    state = march(state, "tokugawa", "iwamura", [relief], ["gifu"])  # 2 v 8, but they hold the castle
    assert where(state, [inside, relief]) == ["gifu", "gifu"]


@pytest.mark.rule("SK-7.3.4b", "SK-7.3.3c")
def test_player_may_move_without_declaring_his_leader() -> None:  # AMB-09
    state = blank()
    group = [put(state, "ukita_leader", "ayabe"), put(state, "ukita_2", "ayabe")]
    state = movement(state, "ishida")
    state = act(state, "ishida", type="activate", loc="ayabe")
    state = act(state, "ishida", type="add_all")
    gos = actions(state, "ishida", "go")
    assert gos == [{"type": "go"}, {"type": "go", "leader": False}]
    quiet = act(state, "ishida", type="go", leader=False)
    assert not any("declares a leader" in en(e["text"]) for e in quiet["log"])
    quiet = act(quiet, "ishida", type="step", to="miyazu")
    assert quiet["where"][group[0]] == "miyazu" and quiet["phase"] == "move"  # no Leadership: 1 step
    loud = act(state, "ishida", type="go")
    assert any("declares a leader" in en(e["text"]) for e in ENGINE.view(loud, "tokugawa")["log"])
    loud = act(loud, "ishida", type="step", to="miyazu")
    assert [a["to"] for a in actions(loud, "ishida", "step")] == ["tsuruga"]  # +1 Leadership
    # a castle or capital gives Leadership without any announcement: no second choice
    state = blank()
    put(state, "ukita_leader", "kyoto")
    state = movement(state, "ishida")
    state = act(state, "ishida", type="activate", loc="kyoto")
    state = act(state, "ishida", type="add_all") if "add_all" in types(state, "ishida") else state
    state = act(state, "ishida", **actions(state, "ishida", "add")[0]) if actions(state, "ishida", "add") else state
    assert actions(state, "ishida", "go") == [{"type": "go"}]


@pytest.mark.rule("SK-7.1f", "SK-7.1a")
def test_an_activation_that_moves_nothing_costs_no_move() -> None:
    state = blank()
    put(state, "ukita_2", "ayabe")
    state = movement(state, "ishida", "limited")
    state = act(state, "ishida", type="activate", loc="ayabe")
    assert state["movement"]["moves_left"] == 2
    state = act(state, "ishida", type="end_move")
    assert state["movement"]["moves_left"] == 3 and "ayabe" in [a["loc"] for a in actions(state, "ishida", "activate")]
