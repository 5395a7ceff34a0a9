"""Political Turn, usurpation, going home, campaign reset and victory (R3-8, R3-9)."""

import pytest

from games.engines.richard3 import ENGINE
from games.engines.richard3.board import eliminate
from games.engines.richard3.political import enter_political_turn, home_options, usurpation_count

from .helpers import clear, do, enter, fresh, park_heirs, put


def empty(campaign=1):
    state = clear(fresh())
    park_heirs(state)
    for b in ("L_French", "L_Scots"):
        state["blocks"][b]["at"] = "France" if b == "L_French" else "Scotland"
    for b in ("Y_Irish",):
        state["blocks"][b]["at"] = "Ireland"
    for b in ("Y_Calais", "Y_Burgundian"):
        state["blocks"][b]["at"] = "Calais"
    state["campaign"], state["turn"], state["phase"] = campaign, 7, "political"
    return state


def finish(state):
    """Answer every Political Turn question with the first choice."""
    while ENGINE.active_roles(state) and state["phase"] == "political":
        role = ENGINE.active_roles(state)[0]
        state = do(state, role, **ENGINE.legal_actions(state, role)[0]["action"])
    if state["phase"] == "political" and state["political"]["ask"] == {"kind": "done"}:
        enter(state, "political_over")  # answered without a question: the sequencer's next step
    return state


@pytest.mark.rule("R3-8.1a", "R3-8.1b", "R3-8.1c", "R3-8.5b", "R3-8.5a", "R3-8.5c", "R3-8.5d")
def test_disband_and_reset():
    state = empty()
    for b, area in [("L_Bristol", "Somerset"), ("L_Welsh", "Powys"), ("L_French", "Kent"), ("Y_Calais", "Sussex"),
                    ("R_Rebel", "Essex"), ("Y_Bombard", "Middlesex")]:  # fmt: skip
        put(state, b, area)
    state["blocks"]["L_Stanley"]["down"] = True
    put(state, "L_Oxford", "Essex", 1)
    state["blocks"]["L_Scots"]["at"] = "resting"
    enter_political_turn(state)
    state = finish(state)
    rec = state["blocks"]
    assert rec["L_Bristol"]["at"] == "pool" and rec["L_Welsh"]["at"] == "pool" and rec["Y_Bombard"]["at"] == "pool"
    assert rec["L_French"]["at"] == "France" and rec["Y_Calais"]["at"] == "Calais"
    assert rec["L_Scots"]["at"] == "Scotland" and rec["L_Scots"]["strength"] == 4
    assert rec["R_Rebel"]["at"] == "pool"  # in the Pretender's (York's) pool
    assert not rec["L_Stanley"]["down"] and rec["L_Oxford"]["strength"] == 3
    assert state["campaign"] == 2 and state["phase"] in ("card", "redeal")
    assert len(state["hands"]["lancaster"]) == 7 and len(state["hands"]["york"]) == 7


@pytest.mark.rule("R3-8.2a", "R3-8.2b", "R3-8.2c", "R3-3.23a")
def test_usurpation_count():
    state = empty()
    put(state, "L_Oxford", "Essex")
    put(state, "L_YorkChurch", "South Yorks")
    put(state, "L_Stanley", "Isle of Man")  # excluded
    put(state, "L_Bristol", "Somerset")  # levies never count
    put(state, "L_Beaumont", "Middlesex")  # London +1
    assert usurpation_count(state, "lancaster") == 4
    put(state, "Y_Norfolk", "Middlesex")  # contested London: no bonus
    assert usurpation_count(state, "lancaster") == 3


@pytest.mark.rule("R3-8.2d")
def test_d9_tie_king_keeps():
    state = empty()
    put(state, "L_Oxford", "Essex")
    put(state, "Y_Norfolk", "East Anglia")
    enter_political_turn(state)
    assert state["king"] == "lancaster"


@pytest.mark.rule("R3-8.2d", "R3-8.2e", "R3-0.1b", "R3-8.3a", "R3-8.4a")
def test_d10_pretender_usurps_and_roles_swap():
    state = empty()
    state["blocks"]["L_HenryVI"]["at"] = "Kent"
    for b, a in [
        ("Y_Norfolk", "East Anglia"),
        ("Y_Suffolk", "Oxford"),
        ("Y_Arundel", "Sussex"),
        ("Y_Essex", "Middlesex"),
    ]:
        put(state, b, a)
    state["blocks"]["Y_March"]["at"] = "Rutland"
    for b, a in [("L_Oxford", "Lincoln"), ("L_Beaumont", "Leicester"), ("L_Clifford", "Cumbria")]:
        put(state, b, a)
    # York: 5 + London = 6; Lancaster: Henry + 3 = 4 (+Exeter, Somerset in France do not count)
    assert usurpation_count(state, "york") == 6
    enter_political_turn(state)
    assert state["king"] == "york"
    assert state["crowned"]["york"] == "Y_York"  # the senior heir (in exile) becomes King
    # Henry VI, deposed, must go to a Lancaster exile area
    assert state["political"]["ask"]["block"] == "L_HenryVI"
    assert set(state["political"]["ask"]["areas"]) == {"France", "Scotland"}
    state = do(state, "lancaster", type="home", area="Scotland")
    assert state["blocks"]["L_HenryVI"]["at"] == "Scotland"
    # The new King's heir March goes to a York shield or a crown area
    assert "Middlesex" in home_options(state, "Y_March") and "Rutland" in home_options(state, "Y_March")


@pytest.mark.rule("R3-8.3b", "R3-8.4b", "R3-8.4c")
def test_nobles_go_home_or_to_pool():
    state = empty()
    put(state, "Y_Norfolk", "Kent")
    put(state, "Y_Herbert", "Essex")
    put(state, "L_Stanley", "Kent")  # contested is impossible here; Stanley is elsewhere below
    put(state, "L_Stanley", "Derby")
    put(state, "L_Pembroke", "Glamorgan")
    put(state, "Y_Worcester", "Calais")
    assert set(home_options(state, "Y_Norfolk")) == {"Caernarvon", "East Anglia"}  # Glamorgan is Enemy
    assert home_options(state, "Y_Herbert") == []  # his only shield is Enemy
    enter_political_turn(state)
    state = finish(state)
    assert state["blocks"]["Y_Herbert"]["at"] == "pool"
    assert state["blocks"]["L_Stanley"]["at"] in ("Lancaster", "Isle of Man")
    assert state["blocks"]["Y_Worcester"]["at"] == "Calais"  # exiles stay


@pytest.mark.rule("R3-8.3c", "R3-8.3d", "R3-8.3e")
def test_neville_homes():
    state = empty()
    put(state, "L_Warwick", "Kent")
    assert "Calais" not in home_options(state, "L_Warwick")
    put(state, "Y_Salisbury", "Kent")
    put(state, "L_Oxford", "North Yorks")
    put(state, "L_Beaumont", "East Yorks")
    assert home_options(state, "Y_Salisbury") == ["Calais"]
    state["blocks"]["Y_Kent"]["at"] = "dead"
    assert home_options(state, "Y_Salisbury") == ["Calais"]  # Kent's East Yorks is Enemy too
    state["blocks"]["L_Beaumont"]["at"] = "pool"
    assert "East Yorks" in home_options(state, "Y_Salisbury")


def test_d16_yorkist_warwick_may_go_to_calais():
    state = empty()
    put(state, "Y_Warwick", "Kent")
    assert "Calais" in home_options(state, "Y_Warwick")


@pytest.mark.rule("R3-9.1f", "R3-9.1c")
def test_defected_heirs_go_home():
    state = empty()
    put(state, "Y_Exeter", "Kent")
    assert home_options(state, "Y_Exeter") == ["Cornwall"]
    put(state, "L_Devon", "Cornwall")
    assert home_options(state, "Y_Exeter") == []
    assert usurpation_count(state, "york") == 1
    put(state, "L_Clarence", "Kent")
    put(state, "Y_Norfolk", "Rutland")
    assert set(home_options(state, "L_Clarence")) == {"South Yorks", "Hereford"}


@pytest.mark.rule("R3-7.2d")
def test_excess_exiles_sent_to_pool_at_reset():
    state = empty()
    state["blocks"]["Y_York"]["at"] = "Calais"
    state["blocks"]["Y_March"]["at"] = "Calais"
    state["blocks"]["Y_Rutland"]["at"] = "Calais"
    for b in ["Y_Norfolk", "Y_Suffolk", "Y_Essex"]:
        put(state, b, "Ireland")
    enter_political_turn(state)
    assert state["political"]["ask"]["kind"] == "exile"
    assert set(state["political"]["ask"]["blocks"]) == {"Y_Norfolk", "Y_Suffolk", "Y_Essex"}
    state = do(state, "york", type="to_pool", block="Y_Essex")
    assert state["blocks"]["Y_Essex"]["at"] == "pool"


@pytest.mark.rule("R3-9.0b", "R3-1.0b")
def test_final_usurpation_decides():
    state = empty(campaign=3)
    put(state, "Y_Norfolk", "East Anglia")
    state["blocks"]["Y_York"]["at"] = "Rutland"
    enter_political_turn(state)
    assert ENGINE.result(state)["winner"] == "york"
    assert ENGINE.active_roles(state) == []


@pytest.mark.rule("R3-9.0a")
def test_sudden_death_when_all_heirs_lost():
    state = empty()
    state["phase"] = "battle"
    for b in ["Y_Clarence", "Y_Gloucester", "Y_Rutland", "Y_March"]:
        state["blocks"][b]["at"] = "dead"
    put(state, "Y_York", "Kent")
    eliminate(state, "Y_York")
    assert ENGINE.result(state) == {"winner": "lancaster", "scores": {"lancaster": 1, "york": 0},
                                    "reason": "all York heirs are lost"}  # fmt: skip


@pytest.mark.rule("R3-9.1d")
def test_defected_clarence_counts_as_lost():
    state = empty()
    state["blocks"]["Y_Clarence"]["at"] = "off"
    put(state, "L_Clarence", "Essex")
    for b in ["Y_Gloucester", "Y_Rutland", "Y_March"]:
        state["blocks"][b]["at"] = "dead"
    put(state, "Y_York", "Kent")
    eliminate(state, "Y_York")
    assert ENGINE.result(state)["winner"] == "lancaster"


def test_excess_exile_heir_becomes_a_minor_again():
    state = empty()
    state["blocks"]["Y_March"]["at"] = "Ireland"
    state["blocks"]["Y_Rutland"]["at"] = "Ireland"
    state["blocks"]["Y_York"]["at"] = "Ireland"
    enter_political_turn(state)
    ask = state["political"]["ask"]
    assert ask["kind"] == "exile" and set(ask["blocks"]) == {"Y_York", "Y_March", "Y_Rutland"}
    state = do(state, "york", type="to_pool", block="Y_Rutland")
    assert state["blocks"]["Y_Rutland"]["at"] == "minor" and state["minors_due"]["york"] == 1


@pytest.mark.rule("R3-8.1b", "R3-6.8.5a")
def test_eliminated_mercenary_rests_face_down_until_the_reset():
    """A32: a mercenary lying face down in its home area is not a 0-step block on the map after 8.1."""
    from games.engines.richard3.political import disband

    state = empty()
    put(state, "Y_Irish", "Kent")
    state["blocks"]["Y_Irish"].update(at="resting", strength=0)
    put(state, "L_French", "Kent")
    disband(state)
    assert state["blocks"]["Y_Irish"] == {"at": "resting", "strength": 0, "down": False}
    assert state["blocks"]["L_French"]["at"] == "France"


@pytest.mark.rule("R3-8.3d", "R3-8.3e")
def test_dead_warwick_does_not_open_calais_to_kent_without_the_calais_conditions():
    """A31: Kent and Salisbury reach Calais only when all their own shields are Enemy and Calais has room,
    even when Warwick (whose shield is in Calais) is dead."""
    state = empty()
    state["blocks"]["Y_Warwick"]["at"] = "dead"
    state["blocks"]["L_Warwick"]["at"] = "dead"
    put(state, "Y_Kent", "Sussex")
    opts = home_options(state, "Y_Kent")
    assert "East Yorks" in opts and "Warwick" in opts and "Glamorgan" in opts  # dead Warwick's shields
    assert "Calais" not in opts  # Kent's own East Yorks is not Enemy
    put(state, "L_Beaumont", "East Yorks")
    assert "Calais" in home_options(state, "Y_Kent")  # now all his own shield areas are Enemy
    for b in ("Y_Norfolk", "Y_Suffolk", "Y_Essex", "Y_Arundel"):
        put(state, b, "Calais")
    assert "Calais" not in home_options(state, "Y_Kent")  # Calais is full
