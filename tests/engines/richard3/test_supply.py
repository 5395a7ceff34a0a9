"""Supply Phase, eliminations, heirs and minors (R3-1.4, R3-7, R3-6.8, R3-4.5, R3-9.1e)."""

import pytest

from games.engines.richard3 import ENGINE
from games.engines.richard3.board import eliminate
from games.engines.richard3.supply import enter_supply_phase

from .helpers import acts, clear, do, enter, fresh, park_heirs, put

LAN7 = ["L_Oxford", "L_Beaumont", "L_Clifford", "L_Wiltshire", "L_Pembroke", "L_Devon", "L_Stanley"]


def empty():
    state = clear(fresh())
    park_heirs(state)
    state["phase"] = "supply"
    return state


def reduce_all(state, role):
    while ENGINE.active_roles(state) == [role] and acts(state, role, "reduce"):
        state = do(state, role, **acts(state, role, "reduce")[0])
    return state


@pytest.mark.rule("R3-7.1a", "R3-7.1b", "R3-1.4a")
def test_d7_seven_blocks_no_city_lose_three():
    state = empty()
    for b in LAN7:
        put(state, b, "Sussex")
    enter_supply_phase(state)
    assert ENGINE.active_roles(state) == ["lancaster"]
    state = reduce_all(state, "lancaster")
    lost = [b for b in LAN7 if state["blocks"][b]["strength"] < 4 and state["blocks"][b]["strength"] != 0]
    full = {b: state["blocks"][b]["strength"] for b in LAN7}
    from games.engines.richard3.data.blocks import BLOCKS

    assert sum(BLOCKS[b]["steps"] - full[b] for b in LAN7) == 3
    assert lost


@pytest.mark.rule("R3-7.1a", "R3-7.1b")
def test_d8_seven_blocks_with_city_lose_two():
    from games.engines.richard3.data.blocks import BLOCKS

    state = empty()
    for b in LAN7:
        put(state, b, "Middlesex")
    enter_supply_phase(state)
    state = reduce_all(state, "lancaster")
    assert sum(BLOCKS[b]["steps"] - state["blocks"][b]["strength"] for b in LAN7) == 2


@pytest.mark.rule("R3-7.1c", "R3-6.8.3a")
def test_supply_loss_can_eliminate():
    state = empty()
    for b in LAN7[:5]:
        put(state, b, "Sussex", 1)
    enter_supply_phase(state)
    state = do(state, "lancaster", type="reduce", block="L_Oxford")
    assert state["blocks"]["L_Oxford"]["at"] == "dead"


@pytest.mark.rule("R3-7.2b", "R3-7.2c", "R3-7.2e")
def test_e15_ireland_limit():
    state = empty()
    for b in ["Y_Norfolk", "Y_Suffolk", "Y_Essex"]:
        put(state, b, "Ireland")
    put(state, "Y_Irish", "Kent")
    enter_supply_phase(state)
    assert ENGINE.active_roles(state) == ["york"]
    assert {a["block"] for a in acts(state, "york", "reduce")} == {"Y_Norfolk", "Y_Suffolk", "Y_Essex"}
    state = do(state, "york", type="reduce", block="Y_Essex")
    assert state["blocks"]["Y_Essex"]["strength"] == 2
    # variant: two blocks plus the Irish mercenary
    state = empty()
    for b in ["Y_Norfolk", "Y_Suffolk", "Y_Irish"]:
        put(state, b, "Ireland")
    enter_supply_phase(state)
    assert state["supply"]["ask"] == {"kind": "done"}


@pytest.mark.rule("R3-7.2a")
def test_calais_limit_four_plus_local_mercenaries():
    state = empty()
    from games.engines.richard3.board import supply_count

    for b in ["Y_Norfolk", "Y_Suffolk", "Y_Essex", "Y_Arundel", "Y_Calais", "Y_Burgundian"]:
        put(state, b, "Calais")
    for b in ["Y_York", "Y_March", "Y_Rutland"]:
        state["blocks"][b]["at"] = "Ireland"
    assert supply_count(state, "Calais", "york") == (4, 4)


@pytest.mark.rule("R3-6.8.3b", "R3-6.8.3c", "R3-6.8.4a", "R3-6.8.5a", "R3-6.8.5b", "R3-6.8.6a", "R3-6.8.3a")
def test_where_eliminated_blocks_go():
    state = empty()
    for b, area in [("L_Stanley", "Kent"), ("Y_Warwick", "Kent"), ("L_Bristol", "Somerset"), ("L_Bombard", "Kent"),
                    ("L_French", "Kent"), ("L_Welsh", "Powys"), ("R_Rebel", "Essex"), ("L_Oxford", "Essex"),
                    ("Y_YorkChurch", "Essex")]:  # fmt: skip
        put(state, b, area)
        eliminate(state, b)
    rec = state["blocks"]
    assert rec["L_Stanley"]["at"] == "pool" and rec["L_Stanley"]["down"]
    assert rec["Y_YorkChurch"]["at"] == "pool" and rec["Y_YorkChurch"]["down"]
    assert rec["Y_Warwick"]["at"] == "dead" and rec["L_Warwick"]["at"] == "dead"
    assert rec["L_Bristol"]["down"] and rec["L_Bombard"]["down"] and rec["L_Welsh"]["at"] == "pool"
    assert rec["L_French"]["at"] == "resting"
    assert rec["R_Rebel"]["at"] == "pool" and rec["R_Rebel"]["down"]
    assert rec["L_Oxford"]["at"] == "dead"


@pytest.mark.rule("R3-6.8.1a", "R3-6.8.1b", "R3-6.8.2a", "R3-6.8.2b", "R3-4.5b", "R3-4.5c", "R3-6.8.1c", "R3-6.8.2c")
def test_e16_king_killed_prince_edward_enters_and_is_crowned():
    state = empty()
    put(state, "L_HenryVI", "Kent")
    eliminate(state, "L_HenryVI")
    assert state["blocks"]["L_HenryVI"]["at"] == "dead"
    assert state["crowned"]["lancaster"] is None  # D15: no King until the Supply Phase
    assert state["minors_due"]["lancaster"] == 1
    enter_supply_phase(state)
    assert ENGINE.active_roles(state) == ["lancaster"]
    areas = {a["area"] for a in acts(state, "lancaster", "enter")}
    assert "Middlesex" in areas and "Kent" not in areas  # crown areas only
    state = do(state, "lancaster", type="enter", area="Middlesex")
    assert state["blocks"]["L_PrinceEdward"]["at"] == "Middlesex"
    assert state["blocks"]["L_Richmond"]["at"] == "minor"
    assert state["crowned"]["lancaster"] == "L_PrinceEdward"
    assert any(
        "Prince Edward is now the Lancaster King, in Middlesex" in ENGINE.text(e["text"], "en") for e in state["log"]
    )


@pytest.mark.rule("R3-6.8.1a")
def test_new_king_stays_where_he_is():
    state = empty()
    state["blocks"]["L_PrinceEdward"]["at"] = "dead"
    state["blocks"]["L_Exeter"]["at"] = "France"
    put(state, "L_HenryVI", "Kent")
    eliminate(state, "L_HenryVI")
    state["minors_due"]["lancaster"] = 0
    enter_supply_phase(state)
    assert state["crowned"]["lancaster"] == "L_Exeter" and state["blocks"]["L_Exeter"]["at"] == "France"


@pytest.mark.rule("R3-6.8.2d", "R3-4.5b", "R3-2.7c")
def test_pretender_minor_enters_in_exile():
    state = empty()
    put(state, "Y_Rutland", "Kent")
    eliminate(state, "Y_Rutland")
    assert state["crowned"]["york"] == "Y_York"
    enter_supply_phase(state)
    assert {a["area"] for a in acts(state, "york", "enter")} == {"Calais", "Ireland"}
    state = do(state, "york", type="enter", area="Calais")
    assert state["blocks"]["Y_Clarence"]["at"] == "Calais"


def test_pretender_successor_is_immediate():
    state = empty()
    put(state, "Y_York", "Kent")
    eliminate(state, "Y_York")
    assert state["crowned"]["york"] == "Y_March"


@pytest.mark.rule("R3-9.1e")
def test_execute_defected_exeter():
    state = empty()
    put(state, "Y_Exeter", "Kent")
    enter_supply_phase(state)
    assert ENGINE.active_roles(state) == ["york"]
    assert {c["action"]["type"] for c in ENGINE.legal_actions(state, "york")} == {"execute", "spare"}
    state = do(state, "york", type="execute", block="Y_Exeter")
    assert state["blocks"]["Y_Exeter"]["at"] == "dead" and state["blocks"]["L_Exeter"]["at"] == "dead"
    assert state["minors_due"]["lancaster"] == 1


def test_supply_ends_turn():
    state = empty()
    state["turn"] = 3
    enter(state, "supply")  # the Supply Phase, and the steps after it
    assert state["phase"] == "card" and state["turn"] == 4


@pytest.mark.rule("R3-3.21b", "R3-6.8.1c", "R3-6.8.2d")
def test_senior_minor_becomes_pretender_when_he_enters():
    """A24: Exeter stands in as Pretender at once, but Prince Edward (heir 2) takes over when he enters."""
    state = empty()
    state["king"] = "york"
    state["crowned"] = {"york": "Y_York", "lancaster": "L_HenryVI"}
    put(state, "L_HenryVI", "Kent")
    eliminate(state, "L_HenryVI")
    assert state["crowned"]["lancaster"] == "L_Exeter"  # the senior active heir, at once
    enter_supply_phase(state)
    state = do(state, "lancaster", type="enter", area="France")
    assert state["blocks"]["L_PrinceEdward"]["at"] == "France"
    assert state["crowned"]["lancaster"] == "L_PrinceEdward"  # the most senior heir in play (R3-3.21b)
    assert any("Prince Edward is now the Lancaster Pretender" in ENGINE.text(e["text"], "en") for e in state["log"])


@pytest.mark.rule("R3-6.8.1b")
def test_a_new_pretenders_location_is_not_announced_to_the_opponent():
    """Only a new King's location is announced; the Pretender's block stays hidden from the King's side."""
    state = empty()
    state["king"] = "york"
    state["crowned"] = {"york": "Y_York", "lancaster": "L_HenryVI"}
    put(state, "L_HenryVI", "Kent")
    eliminate(state, "L_HenryVI")
    enter_supply_phase(state)
    state = do(state, "lancaster", type="enter", area="France")
    york = " ".join(ENGINE.text(e["text"], "en") for e in ENGINE.view(state, "york")["log"])
    lancaster = " ".join(ENGINE.text(e["text"], "en") for e in ENGINE.view(state, "lancaster")["log"])
    assert "Prince Edward is now the Lancaster Pretender." in york and "France" not in york
    assert "The new Pretender stands in France." in lancaster
