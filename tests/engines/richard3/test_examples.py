"""Worked examples checked end to end through the engine (E11, D15)."""

import pytest

from games.engines.richard3 import ENGINE
from games.engines.richard3.battle import current
from games.engines.richard3.board import eliminate
from games.engines.richard3.combat import attempt_key
from games.engines.richard3.turn_record import reserve_blocks

from .helpers import PLAIN, action_phase, acts, battle_at, clear, do, fresh, move, park_heirs, put


@pytest.mark.rule("R3-6.3g", "R3-5.2.2b", "R3-6.3c")
def test_e11_exact():
    state = clear(fresh())
    park_heirs(state)
    rutland, middlesex = ["Y_Norfolk", "Y_Suffolk", "Y_Arundel"], ["Y_Essex", "Y_Hastings"]
    essex, east_anglia = ["L_Oxford", "L_Beaumont"], ["L_Wiltshire", "L_Pembroke", "L_Devon"]
    for b in rutland:
        put(state, b, "Rutland")
    for b in middlesex:
        put(state, b, "Middlesex")
    for b in essex:
        put(state, b, "Essex")
    for b in east_anglia:
        put(state, b, "East Anglia")
    state = action_phase(state, "york", PLAIN[2])
    state = do(state, "york", type="activate", area="Rutland")
    for b in rutland:
        state = move(state, "york", "Rutland", b, ["Essex"])
    state = do(state, "york", type="done")
    state = do(state, "york", type="activate", area="Middlesex")
    for b in middlesex:
        state = move(state, "york", "Middlesex", b, ["Essex"])
    state = do(state, "york", type="done")
    state = do(state, "york", type="end")
    state = do(state, "york", type="main", area="Essex", border="Essex|Rutland")
    # Lancaster's two defenders are both pinned by the three engaged attackers
    assert {"type": "activate", "area": "Essex"} not in acts(state, "lancaster", "activate")
    state = do(state, "lancaster", type="activate", area="East Anglia")
    for b in east_anglia:
        state = move(state, "lancaster", "East Anglia", b, ["Essex"])
    state = do(state, "lancaster", type="done")
    state = do(state, "lancaster", type="end")
    state = do(state, "york", type="battle", area="Essex")
    bt = state["battle"]
    assert set(bt["reserves"]) == set(middlesex + east_anglia)
    assert set(reserve_blocks(state["turn_record"]["attacks"]["Essex"])) == set(middlesex + east_anglia)
    fighters = set()
    while state["battle"] and state["battle"]["round"] == 1:
        role, cands = current(state)
        fighters |= set(cands)
        state = do(state, role, type="pass", block=cands[0])
    assert fighters == set(rutland + essex)
    assert state["battle"]["reserves"] == []  # everyone joins in round 2


@pytest.mark.rule("R3-6.8.1a")
def test_d15_no_king_treachery_after_the_king_dies():
    state = clear(fresh())
    park_heirs(state)
    put(state, "L_HenryVI", "Kent")
    eliminate(state, "L_HenryVI")
    put(state, "L_Exeter", "Sussex")
    state = battle_at(state, "Sussex", "lancaster", {"Sussex|Wilts": ["L_Exeter"]}, ["Y_Canterbury"])
    assert state["crowned"]["lancaster"] is None
    assert attempt_key(state, "L_Exeter") is None
    assert ENGINE.active_roles(state) == ["lancaster"]
    assert acts(state, "lancaster", "treachery") == []
