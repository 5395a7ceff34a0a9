"""Treachery: who may try, targets, dice, defection, limits (R3-6.9, R3-3.13, R3-9.1a-c, R3-4.6b)."""

import pytest

from games.engines.richard3 import ENGINE
from games.engines.richard3.battle import next_round

from .helpers import FixedDice, acts, battle_at, clear, do, fresh, park_heirs, put

DEFENDERS = ["L_Northumberland", "L_Salisbury", "L_Rivers", "L_Oxford", "L_Bristol", "L_Exeter", "L_Westmoreland"]


def setup_battle(treason=None):
    state = clear(fresh())
    park_heirs(state)
    state["king"] = "york"
    state["crowned"] = {"york": "Y_March", "lancaster": "L_HenryVI"}
    put(state, "Y_March", "Sussex")
    put(state, "L_Exeter", "Sussex")
    return battle_at(state, "Sussex", "york", {"Sussex|Wilts": ["Y_March", "Y_Warwick"]}, DEFENDERS, treason=treason)


def to_march(state):
    state["battle"]["acted"] = ["L_Oxford", "L_Exeter"]  # Lancaster's A blocks have acted
    assert ENGINE.active_roles(state) == ["york"]
    return state


def lancaster_passes(state):
    while ENGINE.active_roles(state) == ["lancaster"]:
        choices = [c["action"] for c in ENGINE.legal_actions(state, "lancaster")]
        action = next(a for a in choices if a["type"] in ("select", "pass"))
        state = do(state, "lancaster", **action)
    return state


def targets(state, bid):
    return {a["target"] for a in acts(state, "york", "treachery") if a["block"] == bid}


@pytest.mark.rule("R3-6.9a", "R3-6.9b", "R3-6.9c", "R3-9.1a", "R3-3.13b")
def test_king_targets():
    state = to_march(setup_battle())
    assert targets(state, "Y_March") == {"L_Northumberland", "L_Salisbury", "L_Rivers", "L_Exeter", "L_Westmoreland"}


@pytest.mark.rule("R3-9.1b")
def test_crowned_exeter_cannot_be_turned():
    state = to_march(setup_battle())
    state["crowned"]["lancaster"] = "L_Exeter"
    assert "L_Exeter" not in targets(state, "Y_March")


@pytest.mark.rule("R3-6.9d", "R3-6.9e", "R3-4.6b")
def test_e13_two_even_dice_defect(monkeypatch):
    FixedDice(monkeypatch, [2, 6])
    state = to_march(setup_battle())
    state = do(state, "york", type="treachery", block="Y_March", target="L_Northumberland")
    assert state["blocks"]["L_Northumberland"]["at"] == "off"
    assert state["blocks"]["Y_Northumberland"]["at"] == "Sussex"
    assert "Y_Northumberland" in state["battle"]["reserves"]
    assert "Y_March" in state["battle"]["acted"]  # instead of firing


@pytest.mark.rule("R3-6.9d")
@pytest.mark.parametrize("dice", [[2, 5], [3, 5]])
def test_e13_odd_die_fails(monkeypatch, dice):
    FixedDice(monkeypatch, dice)
    state = to_march(setup_battle())
    state = do(state, "york", type="treachery", block="Y_March", target="L_Northumberland")
    assert state["blocks"]["L_Northumberland"]["at"] == "Sussex"


@pytest.mark.rule("R3-3.13c")
def test_e5_rivers_loyalty_by_version(monkeypatch):
    FixedDice(monkeypatch, [3])
    state = to_march(setup_battle())
    state = do(state, "york", type="treachery", block="Y_March", target="L_Rivers")  # one die
    from games.engines.richard3.combat import loyalty_dice

    assert loyalty_dice("L_Rivers", False) == 1 and loyalty_dice("Y_Rivers", False) == 2


@pytest.mark.rule("R3-6.9.1a", "R3-6.9.1b", "R3-3.13d")
def test_e14_neville_loyalty_and_warwick_limits(monkeypatch):
    FixedDice(monkeypatch, [1, 3], [5])
    state = to_march(setup_battle())
    state = do(state, "york", type="treachery", block="Y_March", target="L_Salisbury")  # 2 dice
    # Lancaster's B blocks act before York's Warwick
    state = lancaster_passes(state)
    assert targets(state, "Y_Warwick") == {"L_Salisbury", "L_Rivers", "L_Exeter"}  # not Northumberland/Westmoreland
    state = do(state, "york", type="treachery", block="Y_Warwick", target="L_Salisbury")  # 1 die


@pytest.mark.rule("R3-6.9a", "R3-6.9g")
def test_one_attempt_per_battle_and_no_winning_back(monkeypatch):
    FixedDice(monkeypatch, [2, 4])
    state = to_march(setup_battle())
    put(state, "L_HenryVI", "Sussex")
    state = do(state, "york", type="treachery", block="Y_March", target="L_Northumberland")
    next_round(state)
    state["battle"]["acted"] = ["L_Oxford", "L_Exeter"]
    assert targets(state, "Y_March") == set()  # used this battle
    state["battle"]["acted"] = ["L_Oxford", "L_Exeter", "Y_March"]
    assert ENGINE.active_roles(state) == ["lancaster"]  # the Pretender Henry VI may act now
    state = do(state, "lancaster", type="select", block="L_HenryVI")
    henry = {a["target"] for a in acts(state, "lancaster", "treachery") if a["block"] == "L_HenryVI"}
    assert "Y_Warwick" in henry and "Y_Northumberland" not in henry  # no winning back (R3-6.9g)


@pytest.mark.rule("R3-6.9f")
def test_three_attempts_card_king_warwick(monkeypatch):
    FixedDice(monkeypatch, [1, 3], [1, 3], [5])
    state = setup_battle(treason="york")
    assert state["battle"]["stage"] == "treason" and ENGINE.active_roles(state) == ["york"]
    state = do(state, "york", type="treason", target="L_Salisbury")
    assert state["turn_record"]["treason"] == "used"
    state = to_march(state)
    state = do(state, "york", type="treachery", block="Y_March", target="L_Salisbury")
    state = lancaster_passes(state)
    state = do(state, "york", type="treachery", block="Y_Warwick", target="L_Salisbury")
    assert sum("tries to turn Salisbury" in ENGINE.text(e["text"], "en") for e in state["log"]) == 3


@pytest.mark.rule("R3-9.1a", "R3-9.1c")
def test_exeter_defects_as_a_noble(monkeypatch):
    FixedDice(monkeypatch, [2, 2])
    state = to_march(setup_battle())
    state = do(state, "york", type="treachery", block="Y_March", target="L_Exeter")
    assert state["blocks"]["Y_Exeter"]["at"] == "Sussex" and state["blocks"]["L_Exeter"]["at"] == "off"
    from games.engines.richard3.board import heirs_serving

    assert "L_Exeter" not in heirs_serving(state, "lancaster")
    from games.engines.richard3.data.blocks import BLOCKS

    assert BLOCKS["Y_Exeter"]["kind"] == "lord"


def test_treason_may_be_kept_for_another_battle():
    state = setup_battle(treason="york")
    state = do(state, "york", type="skip")
    assert state["turn_record"]["treason"] == "york" and state["battle"]["stage"] == "fight"
