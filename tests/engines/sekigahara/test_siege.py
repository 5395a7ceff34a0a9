"""SK-8.9, SK-9.1, SK-9.2, SK-4.3: sieges, discs and castle control."""

from __future__ import annotations

import pytest

from games.engines.sekigahara import ENGINE
from games.engines.sekigahara.siege import siege_loss_count

from .helpers import act, actions, blank, deploy, en, give, march, movement, put, where


def _siege(loc: str, inside: list[str], outside: list[str], cards: tuple[str, ...] = (), ishida_cards=()) -> tuple:
    state = blank()
    state["castles"][loc] = "ishida"  # Ishida's blocks were there before Tokugawa's arrived
    ins = [put(state, f, loc) for f in inside]
    out = [put(state, f, loc) for f in outside]
    for k in cards:
        give(state, "tokugawa", k)
    for k in ishida_cards:
        give(state, "ishida", k)
    state = movement(state, "tokugawa")
    state = act(state, "tokugawa", type="end_movement")
    state = act(state, "tokugawa", type="combat", loc=loc)
    return state, ins, out


@pytest.mark.rule("SK-8.9.1a", "SK-8.9.4a", "SK-8.9.4b", "SK-8.9.5a", "SK-8.9.5b", "SK-8.9.4c", "SK-8.9.4f", "SK-8.1d")
def test_siege_choice_and_procedure() -> None:
    state, ins, out = _siege(
        "gifu", ["ukita_2", "ukita_3"], ["date_gun", "date_3", "ii_naomasa"],
        cards=("date_sword", "date_single", "tokugawa_single"), ishida_cards=("ishida_loyalty",),
    )  # fmt: skip
    assert state["phase"] == "siege_choice" and ENGINE.active_roles(state) == ["ishida"]
    state = act(state, "ishida", type="stay_inside")
    assert state["battle"]["kind"] == "siege" and ENGINE.active_roles(state) == ["tokugawa"]
    assert set(state["battle"]["fighting_for"]) == set(out)  # the besieged deploy nothing
    state = deploy(state, "tokugawa", "date_gun", "date_sword")
    assert state["battle"]["impact"]["tokugawa"] == 1  # no special attack in a siege
    assert state["phase"] == "deploy" and ENGINE.active_roles(state) == ["tokugawa"]  # no challenge window
    state = deploy(state, "tokugawa", "date_3", "date_single")  # 1 + 3 + 1 = 5
    assert ENGINE.active_roles(state) == ["tokugawa"]  # the attacker keeps the initiative
    state = act(state, "tokugawa", type="pass")
    assert where(state, ins) == ["gifu", "gifu"]  # less than 7: no loss
    assert state["sieges"]["gifu"]["side"] == "ishida" and state["castles"]["gifu"] == "ishida"
    assert [siege_loss_count(i) for i in (6, 13, 14, 21)] == [0, 1, 2, 3]  # DV-10


@pytest.mark.rule("SK-8.9.4d", "SK-8.9.4e", "SK-8.9.4g", "SK-8.10d", "SK-8.7.2c")
def test_siege_losses_capture_and_cards() -> None:
    state, ins, _out = _siege(
        "gifu", ["ukita_2", "ukita_3"], ["ii_naomasa", "tokugawa_3", "tokugawa_2"],
        cards=("tokugawa_single", "tokugawa_single", "tokugawa_sword"),
    )  # fmt: skip
    state = act(state, "ishida", type="stay_inside")
    state = deploy(state, "tokugawa", "ii_naomasa", "tokugawa_single")
    state = deploy(state, "tokugawa", "tokugawa_3", "tokugawa_single")
    state = act(state, "tokugawa", type="pass")  # 7: one loss, chosen by the defender
    assert state["phase"] == "siege_losses" and ENGINE.active_roles(state) == ["ishida"]
    state = act(state, "ishida", **actions(state, "ishida", "siege_lose")[0])
    assert sorted(where(state, ins)) == ["dead", "gifu"]
    assert len(state["hands"]["ishida"]) == 1  # one card per block lost
    assert len(state["hands"]["tokugawa"]) == 3  # 2 played, 2 redrawn
    assert any("loses Ukita" in en(e["text"]) for e in ENGINE.view(state, "tokugawa")["log"])
    # the next Tokugawa Combat Phase must declare the siege again; a big siege takes the castle
    state, ins, _out = _siege(
        "gifu", ["ukita_2"], ["ii_naomasa", "tokugawa_3", "tokugawa_2", "tokugawa_cav"],
        cards=("tokugawa_single", "tokugawa_single", "tokugawa_sword", "tokugawa_single"),
    )  # fmt: skip
    state = act(state, "ishida", type="stay_inside")
    state = deploy(state, "tokugawa", "ii_naomasa", "tokugawa_single")
    state = deploy(state, "tokugawa", "tokugawa_3", "tokugawa_single")
    state = deploy(state, "tokugawa", "tokugawa_2", "tokugawa_sword")
    state = act(state, "tokugawa", type="pass")  # 4 + 4 + 4 = 12: one loss, everything inside
    assert where(state, ins) == ["dead"] and state["castles"]["gifu"] == "tokugawa"
    assert "gifu" not in state["sieges"]


@pytest.mark.rule("SK-8.9.4f", "SK-8.9.6a", "SK-8.9.6b", "SK-8.9.6c", "SK-4.3d")
def test_besieged_blocks_and_relief() -> None:
    state, ins, out = _siege("gifu", ["ukita_2"], ["date_2", "date_3"])
    state = act(state, "ishida", type="stay_inside")
    state = act(state, "tokugawa", type="pass")
    # Ishida's half: the besieged block may not leave, and no combat is forced there
    assert state["phase"] == "level" and ENGINE.active_roles(state) == ["ishida"]
    state = act(state, "ishida", type="level", level="minimal")
    assert "gifu" not in [a["loc"] for a in actions(state, "ishida", "activate")]
    assert state["castles"]["gifu"] == "ishida" and ENGINE.view(state, None)["sieges"]["gifu"]["side"] == "ishida"
    # relief: a block enters; the Combat Phase then fights a battle with everyone
    relief = put(state, "mori_2", "sawayama")
    state = march(state, "ishida", "sawayama", [relief], ["gifu"])
    state = act(state, "ishida", type="end_movement")
    state = act(state, "ishida", type="combat", loc="gifu")
    assert state["battle"]["kind"] == "battle" and set(state["battle"]["fighting_for"]) == set(ins + out + [relief])
    # besiegers may simply walk away in their own Movement Phase
    state, ins, out = _siege("gifu", ["ukita_2"], ["date_2"])
    state = act(state, "ishida", type="stay_inside")
    state = act(state, "tokugawa", type="pass")
    state = act(state, "ishida", type="level", level="none")
    state = act(state, "ishida", type="end_movement")
    assert ENGINE.active_roles(state) == ["tokugawa"]  # next turn: Tokugawa moves first again
    state = act(state, "tokugawa", type="level", level="minimal")
    state = march(state, "tokugawa", "gifu", out, ["iwamura"])
    assert "gifu" not in state["sieges"] and state["castles"]["gifu"] == "ishida"


@pytest.mark.rule("SK-8.9.1b", "SK-8.9.2a", "SK-8.9.3a", "SK-9.2a", "SK-9.2b", "SK-3.4b")
def test_who_may_stay_inside_and_sanada() -> None:
    state, _, _ = _siege("gifu", ["ukita_2", "ukita_3", "mori_2"], ["date_2"])
    assert state["battle"]["kind"] == "battle"  # three blocks cannot shelter
    state, _, _ = _siege("okazaki", ["ukita_2"], ["date_2"])  # Ishida held this Tokugawa castle first
    assert state["phase"] == "siege_choice"
    # Ueda: the Sanada disc does not count toward the two blocks, and may absorb a loss
    state, ins, _out = _siege(
        "ueda", ["ukita_2", "ukita_3"], ["ii_naomasa", "tokugawa_3"], cards=("tokugawa_single", "tokugawa_single")
    )
    assert state["phase"] == "siege_choice"
    state = act(state, "ishida", type="stay_inside")
    state = deploy(state, "tokugawa", "ii_naomasa", "tokugawa_single")
    state = deploy(state, "tokugawa", "tokugawa_3", "tokugawa_single")
    state = act(state, "tokugawa", type="pass")
    units = [a["unit"] for a in actions(state, "ishida", "siege_lose")]
    assert "sanada" in units and len(units) == 3
    hand = len(state["hands"]["ishida"])
    state = act(state, "ishida", type="siege_lose", unit="sanada")
    assert state["discs"]["sanada"] is False and where(state, ins) == ["ueda", "ueda"]
    assert len(state["hands"]["ishida"]) == hand  # no card for a disc


@pytest.mark.rule("SK-9.1a", "SK-9.1b", "SK-2.1b", "SK-8.9.3b", "SK-4.3c")
def test_hideyori_last_and_captured() -> None:
    state, ins, _out = _siege(
        "osaka", ["kobayakawa_2"], ["ii_naomasa", "tokugawa_3", "tokugawa_2", "tokugawa_cav"],
        cards=("tokugawa_single", "tokugawa_single"),
    )  # fmt: skip
    state = act(state, "ishida", type="stay_inside")
    state = deploy(state, "tokugawa", "ii_naomasa", "tokugawa_single")
    state = deploy(state, "tokugawa", "tokugawa_3", "tokugawa_single")  # 7: one loss
    state = act(state, "tokugawa", type="pass")
    assert [a["unit"] for a in actions(state, "ishida", "siege_lose")] == ins  # Hideyori only last
    state = act(state, "ishida", type="siege_lose", unit=ins[0])
    assert state["discs"]["hideyori"] and state["sieges"]["osaka"]["side"] == "ishida"
    assert state["castles"]["osaka"] == "ishida"  # the disc still holds the castle
    # next Tokugawa Combat Phase: the disc alone is besieged; 7 Impact captures it
    state = blank()
    besiegers = [put(state, f, "osaka") for f in ("ii_naomasa", "tokugawa_3")]
    give(state, "tokugawa", "tokugawa_single")
    give(state, "tokugawa", "tokugawa_single")
    state = movement(state, "tokugawa")
    state = act(state, "tokugawa", type="end_movement")
    assert [a["loc"] for a in actions(state, "tokugawa", "combat")] == ["osaka"]
    state = act(state, "tokugawa", type="combat", loc="osaka")
    assert state["battle"]["kind"] == "siege" and besiegers
    state = deploy(state, "tokugawa", "ii_naomasa", "tokugawa_single")
    state = deploy(state, "tokugawa", "tokugawa_3", "tokugawa_single")
    state = act(state, "tokugawa", type="pass")
    assert state["discs"]["hideyori"] is False
    assert ENGINE.result(state)["winner"] == "tokugawa" and ENGINE.active_roles(state) == []


@pytest.mark.rule("SK-8.9.3b", "SK-4.3b", "SK-4.3c", "SK-8.10d")
def test_battles_never_touch_discs_and_control_reverts() -> None:
    state, ins, _out = _siege("osaka", ["kobayakawa_2", "kobayakawa_3", "ukita_2"], ["ii_naomasa"])
    assert state["battle"]["kind"] == "battle"
    state["battle"]["impact"]["tokugawa"] = 30
    state = act(state, "tokugawa", type="pass")
    state = act(state, "ishida", type="pass")
    assert set(where(state, ins)) == {"dead"} and state["discs"]["hideyori"]
    assert state["castles"]["osaka"] == "ishida"  # still held by the disc (AMB-06)
    # a castle left empty returns to its printed owner
    state = blank()
    walker = put(state, "mori_2", "kiyosu")
    state = movement(state, "ishida")
    state = march(state, "ishida", "kiyosu", [walker], ["okazaki"])
    assert state["castles"]["okazaki"] == "ishida"  # his blocks there, no enemy
    state = act(state, "ishida", type="step", to="hamamatsu")
    assert state["where"][walker] == "hamamatsu" and state["castles"]["okazaki"] == "tokugawa"


@pytest.mark.rule("SK-8.10d")
def test_dv13_siege_defender_draws_per_block_not_disc() -> None:
    state, ins, _out = _siege(
        "ueda", ["ukita_2", "ukita_3"], ["ii_naomasa", "tokugawa_3"], cards=("tokugawa_single", "tokugawa_single")
    )
    state = act(state, "ishida", type="stay_inside")
    state["battle"]["impact"]["tokugawa"] = 21  # three losses: 2 blocks and the disc
    state = act(state, "tokugawa", type="pass")
    assert where(state, ins) == ["dead", "dead"] and not state["discs"]["sanada"]
    assert len(state["hands"]["ishida"]) == 2


@pytest.mark.rule("SK-8.8.5c", "SK-8.8.5a")
def test_retreat_into_a_besieged_castle_makes_a_battle() -> None:
    state = blank()
    inside = put(state, "ukita_2", "gifu")
    besieger = put(state, "date_2", "gifu")
    state["sieges"]["gifu"] = {"side": "ishida", "blocks": [inside]}
    losers = [put(state, "mori_2", "sawayama"), put(state, "mori_3", "sawayama")]
    attackers = [put(state, "ii_naomasa", "sawayama"), put(state, "tokugawa_3", "sawayama")]
    put(state, "maeda_2", "tsuruga")
    state = movement(state, "tokugawa")
    for b in attackers:
        state["movement"]["entered_from"][b] = "kyoto"
    state = act(state, "tokugawa", type="end_movement")
    state = act(state, "tokugawa", type="combat", loc="sawayama")
    state["battle"]["impact"]["tokugawa"] = 5
    state = act(state, "tokugawa", type="pass")
    state = act(state, "ishida", type="pass")
    state = act(state, "ishida", **actions(state, "ishida", "lose")[0])
    assert "gifu" in [a["to"] for a in actions(state, "ishida", "retreat")]  # no safe place left
    state = act(state, "ishida", type="retreat", to="gifu")
    bt = state["battle"]
    assert bt["location"] == "gifu" and bt["kind"] == "battle" and bt["attacker"] == "ishida"
    assert inside in bt["fighting_for"] and besieger in bt["fighting_for"] and "gifu" not in state["sieges"]
    assert [b for b in losers if state["where"][b] == "gifu"]
