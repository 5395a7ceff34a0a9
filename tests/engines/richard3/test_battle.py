"""Battles: order, rounds, reserves, hits, bonuses, charge, retreat, regroup (R3-6.1-6.7, R3-2.2-2.6)."""

import pytest

from games.engines.richard3 import ENGINE, battle, combat
from games.engines.richard3.battle import current
from games.engines.richard3.combat import firepower, initiative

from .helpers import PLAIN, FixedDice, action_phase, acts, battle_at, clear, do, fresh, move, park_heirs, put, types


def empty():
    state = clear(fresh())
    park_heirs(state)
    return state


def side_of(state, role):
    return [b for b in combat.in_battle(state, role)]


@pytest.mark.rule("R3-6.2a", "R3-6.2b", "R3-6.2c", "R3-6.2e", "R3-3.12b")
def test_initiative_order_defender_first():
    state = empty()
    state = battle_at(state, "Sussex", "york", {"Sussex|Wilts": ["Y_Herbert", "Y_Norfolk"]}, ["L_Oxford", "L_Bristol"])
    order = []
    while state["battle"]["round"] == 1:
        role, cands = current(state)
        assert len(cands) == 1
        order.append(cands[0])
        kinds = {a["type"] for a in acts(state, role, "fire")} | types(state, role)
        assert "retreat" not in kinds  # no retreat in round 1
        state = do(state, role, type="pass", block=cands[0])
    assert order == ["L_Oxford", "Y_Herbert", "Y_Norfolk", "L_Bristol"]


@pytest.mark.rule("R3-6.2d")
def test_bombard_a_then_d():
    state = empty()
    state = battle_at(state, "Sussex", "lancaster", {"Sussex|Wilts": ["L_Bombard", "L_Oxford"]}, ["Y_Arundel"])
    assert initiative(state, "L_Bombard") == "A"
    state["battle"]["round"] = 2
    assert initiative(state, "L_Bombard") == "D"
    assert firepower(state, "L_Bombard") == 3


@pytest.mark.rule("R3-6.4a", "R3-6.4b", "R3-3.11b", "R3-3.12c", "R3-3.11c")
def test_e12_stanley_fires_all_hits_on_strongest(monkeypatch):
    FixedDice(monkeypatch, [1, 4, 2])
    state = empty()
    state = battle_at(state, "Sussex", "york", {"Sussex|Wilts": ["Y_Herbert"]}, ["L_Stanley", "L_Oxford"])
    state["blocks"]["L_Stanley"]["strength"] = 3
    state["blocks"]["Y_Herbert"]["strength"] = 3
    put(state, "Y_Norfolk", "Sussex")
    state["battle"]["entries"]["york"] = ["Sussex|Wilts"]
    state["blocks"]["L_Oxford"]["strength"] = 1
    state["battle"]["acted"] = ["L_Oxford", "Y_Herbert"]
    state = do(state, "lancaster", type="fire", block="L_Stanley")
    assert state["blocks"]["Y_Norfolk"]["strength"] == 2  # 4 - 2 hits, all on the strongest
    assert state["blocks"]["Y_Herbert"]["strength"] == 3


@pytest.mark.rule("R3-6.4b", "R3-6.4d")
def test_d3_tied_strongest_owner_chooses(monkeypatch):
    FixedDice(monkeypatch, [1, 1, 1])
    state = empty()
    state = battle_at(
        state, "Sussex", "lancaster", {"Sussex|Wilts": ["L_Oxford"]}, ["Y_Norfolk", "Y_Warwick", "Y_Worcester"]
    )
    state["battle"]["acted"] = ["Y_Norfolk", "Y_Warwick", "Y_Worcester"]
    state = do(state, "lancaster", type="fire", block="L_Oxford")
    assert ENGINE.active_roles(state) == ["york"]
    assert {a["block"] for a in acts(state, "york", "take")} == {"Y_Norfolk", "Y_Warwick"}
    state = do(state, "york", type="take", block="Y_Warwick")
    assert [state["blocks"][b]["strength"] for b in ("Y_Norfolk", "Y_Warwick", "Y_Worcester")] == [4, 1, 2]


@pytest.mark.rule("R3-6.4c", "R3-6.8.3b")
def test_d4_overflow_to_next_strongest(monkeypatch):
    FixedDice(monkeypatch, [1, 1, 1, 1, 1])
    state = empty()
    state = battle_at(state, "Sussex", "york", {"Sussex|Wilts": ["Y_Norfolk"]}, ["L_Stanley", "L_Oxford"])
    state["blocks"]["Y_Norfolk"]["strength"] = 4
    put(state, "Y_Canterbury", "Sussex")
    state["blocks"]["Y_Norfolk"]["strength"] = 5  # five dice
    state["blocks"]["Y_Canterbury"]["strength"] = 3
    state["blocks"]["L_Oxford"]["strength"] = 3
    state["battle"]["acted"] = ["L_Oxford", "L_Stanley"]
    # York Norfolk fires 5 hits at Stanley (4) then Oxford (3)
    state = do(state, "york", type="fire", block="Y_Norfolk")
    assert state["blocks"]["L_Stanley"]["at"] == "pool" and state["blocks"]["L_Stanley"]["down"]
    assert state["blocks"]["L_Oxford"]["strength"] == 2


@pytest.mark.rule("R3-2.2b", "R3-3.22d", "R3-6.4e", "R3-2.2c")
def test_e2_shield_bonus_only_when_defending():
    state = empty()
    state = battle_at(state, "Sussex", "lancaster", {"Sussex|Wilts": ["L_Oxford"]}, ["Y_Arundel"])
    assert firepower(state, "Y_Arundel") == 3
    state = empty()
    put(state, "L_Oxford", "Sussex")
    state = battle_at(state, "Sussex", "york", {"Sussex|Wilts": ["Y_Arundel"]}, ["L_Oxford"])
    assert firepower(state, "Y_Arundel") == 2
    state = empty()
    put(state, "L_Oxford", "Essex")
    state = battle_at(state, "Essex", "york", {"Essex|Middlesex": ["Y_Arundel"]}, ["L_Oxford"])
    state["turn_record"]["moved"].append("L_Oxford")  # entered this turn: still gets it
    assert firepower(state, "L_Oxford") == 3


@pytest.mark.rule("R3-2.3a", "R3-2.3b", "R3-2.3c", "R3-2.3e", "R3-3.21c")
def test_e3_exeter_crown_and_shield():
    state = empty()
    put(state, "L_Exeter", "Cornwall")
    state = battle_at(state, "Cornwall", "york", {"Cornwall|Somerset": ["Y_Norfolk"]}, ["L_Exeter"])
    assert f"{initiative(state, 'L_Exeter')}{firepower(state, 'L_Exeter')}" == "A3"
    state = empty()
    put(state, "L_Exeter", "Cornwall")
    put(state, "L_HenryVI", "Cornwall")
    state = battle_at(state, "Cornwall", "york", {"Cornwall|Somerset": ["Y_Norfolk"]}, ["L_Exeter", "L_HenryVI"])
    assert firepower(state, "L_Exeter") == 2  # A16: Henry takes the crown
    assert firepower(state, "L_HenryVI") == 3


@pytest.mark.rule("R3-2.2d", "R3-2.3d", "R3-2.2e")
def test_pretender_heirs_share_shield_no_crown():
    state = empty()
    put(state, "Y_York", "South Yorks")
    put(state, "Y_March", "South Yorks")
    state = battle_at(state, "South Yorks", "lancaster", {"Derby|South Yorks": ["L_Oxford"]}, ["Y_York", "Y_March"])
    assert firepower(state, "Y_York") == 4  # B3 + shield, no crown for the Pretender's side
    assert firepower(state, "Y_March") == 3  # only the senior heir gets the shared shield


@pytest.mark.rule("R3-2.2g", "R3-2.2f")
def test_personal_shield_opens_when_owner_dead():
    state = empty()
    put(state, "L_Somerset", "Pembroke")
    state["blocks"]["L_HenryVI"]["at"] = "France"
    state = battle_at(state, "Pembroke", "york", {"Glamorgan|Pembroke": ["Y_Norfolk"]}, ["L_Somerset"])
    # Somerset is the senior royal heir present in a crown area (+1) but not on Richmond's shield
    assert firepower(state, "L_Somerset") == 3
    state["blocks"]["L_Richmond"]["at"] = "dead"
    assert firepower(state, "L_Somerset") == 4


@pytest.mark.rule("R3-2.4c", "R3-2.5b", "R3-2.6b")
def test_levy_church_welsh_bonuses():
    state = empty()
    state = battle_at(state, "Northumbria", "york", {"East Yorks|Northumbria": ["Y_Norfolk"]}, ["L_Newcastle"])
    assert f"{initiative(state, 'L_Newcastle')}{firepower(state, 'L_Newcastle')}" == "C4"  # E4
    state = empty()
    state = battle_at(state, "Kent", "lancaster", {"Kent|Sussex": ["L_Oxford"]}, ["Y_Canterbury"])
    assert firepower(state, "Y_Canterbury") == 2
    state = empty()
    state = battle_at(state, "Powys", "york", {"Hereford|Powys": ["Y_Norfolk"]}, ["L_Welsh", "L_Pembroke"])
    assert firepower(state, "L_Welsh") == 3 and firepower(state, "L_Pembroke") == 2


@pytest.mark.rule("R3-6.5a", "R3-6.5b", "R3-6.5c")
def test_d5_charge_overflow_lost(monkeypatch):
    FixedDice(monkeypatch, [1, 1, 1, 1])
    state = empty()
    put(state, "Y_York", "Sussex")
    state = battle_at(state, "Sussex", "york", {"Sussex|Wilts": ["Y_York"]}, ["L_Oxford", "L_Devon"])
    state["battle"]["acted"] = ["L_Oxford", "L_Devon"]
    charges = acts(state, "york", "charge")
    assert {a["target"] for a in charges} == {"L_Oxford", "L_Devon"}
    state = do(state, "york", type="charge", block="Y_York", target="L_Oxford")
    assert state["blocks"]["L_Oxford"]["at"] == "dead"
    assert state["blocks"]["L_Devon"]["strength"] == 2


@pytest.mark.rule("R3-6.5d")
def test_d6_charge_survivor_fires_back(monkeypatch):
    FixedDice(monkeypatch, [1, 6, 6, 6], [2, 3])
    state = empty()
    put(state, "Y_York", "Sussex")
    state = battle_at(state, "Sussex", "york", {"Sussex|Wilts": ["Y_York"]}, ["L_Beaumont"])
    state["battle"]["acted"] = ["L_Beaumont"]
    state = do(state, "york", type="charge", block="Y_York", target="L_Beaumont")
    assert state["blocks"]["L_Beaumont"]["strength"] == 2
    assert state["blocks"]["Y_York"]["strength"] == 3  # 2 dice at B2: 2 hits, 3 misses


def test_only_senior_heir_may_charge():
    state = empty()
    put(state, "Y_York", "Sussex")
    put(state, "Y_March", "Sussex")
    state = battle_at(state, "Sussex", "york", {"Sussex|Wilts": ["Y_March", "Y_York"]}, ["L_Beaumont"])
    _role, cands = current(state)
    assert cands == ["Y_March"]
    assert acts(state, "york", "charge") == []


@pytest.mark.rule("R3-6.3c", "R3-6.3d", "R3-6.2h")
def test_e9_main_attack_and_reserves(monkeypatch):
    state = empty()
    for b in ["Y_Norfolk", "Y_Suffolk", "Y_Essex", "Y_Hastings"]:
        put(state, b, "Kent")
    for b in ["Y_Worcester", "Y_Arundel"]:
        put(state, b, "Wilts")
    put(state, "L_Oxford", "Sussex")
    state = action_phase(state, "york", PLAIN[2])
    state = do(state, "york", type="activate", area="Wilts")  # Wilts moves first...
    for b in ["Y_Worcester", "Y_Arundel"]:
        state = move(state, "york", "Wilts", b, ["Sussex"])
    state = do(state, "york", type="done")
    state = do(state, "york", type="activate", area="Kent")
    for b in ["Y_Norfolk", "Y_Suffolk", "Y_Essex", "Y_Hastings"]:
        state = move(state, "york", "Kent", b, ["Sussex"])
    state = do(state, "york", type="done")
    state = do(state, "york", type="end")
    # ...but York declares the Kent group the Main Attack
    assert {a["border"] for a in acts(state, "york", "main")} == {"Sussex|Wilts", "Kent|Sussex"}
    labels = {ENGINE.text(c["label"], "en") for c in ENGINE.legal_actions(state, "york")}
    assert labels == {"Main Attack on Sussex from Wilts", "Main Attack on Sussex from Kent"}
    state = do(state, "york", type="main", area="Sussex", border="Kent|Sussex")
    assert state["action_phase"]["role"] == "lancaster"
    state = do(state, "lancaster", type="end")
    state = do(state, "york", type="battle", area="Sussex")
    bt = state["battle"]
    assert set(bt["reserves"]) == {"Y_Worcester", "Y_Arundel"}
    FixedDice(monkeypatch, [1, 1, 1])
    state = do(state, "lancaster", type="fire", block="L_Oxford")  # A2 fires first
    # all three hits land on the strongest engaged block (Norfolk 4), never on reserves
    assert state["blocks"]["Y_Norfolk"]["strength"] == 1
    acting = set()
    while state["battle"]["round"] == 1:
        role, cands = current(state)
        acting |= set(cands)
        state = do(state, role, type="pass", block=cands[0])
    assert not acting & {"Y_Worcester", "Y_Arundel"}
    assert state["battle"]["reserves"] == []


@pytest.mark.rule("R3-6.3a", "R3-6.3b")
def test_e10_converging_on_one_border_all_main():
    state = empty()
    put(state, "L_Oxford", "Middlesex")
    put(state, "L_Beaumont", "Oxford")
    put(state, "L_Clifford", "Gloucester")
    put(state, "Y_Arundel", "Sussex")
    state = action_phase(state, "lancaster", PLAIN[3])
    state = move(state, "lancaster", "Middlesex", "L_Oxford", ["Oxford", "Sussex"])
    state = do(state, "lancaster", type="done")
    state = move(state, "lancaster", "Oxford", "L_Beaumont", ["Sussex"])
    state = do(state, "lancaster", type="done")
    state = move(state, "lancaster", "Gloucester", "L_Clifford", ["Oxford", "Sussex"])
    rec = state["turn_record"]["attacks"]["Sussex"]
    assert rec["reserves"] == [] and rec["entries"]["lancaster"] == {
        "Oxford|Sussex": ["L_Oxford", "L_Beaumont", "L_Clifford"]
    }
    assert state["turn_record"]["crossings"]["lancaster"]["Oxford|Sussex"] == 3


@pytest.mark.rule("R3-6.3e", "R3-6.3f")
def test_defender_wiped_in_round_one_reserves_swap_control(monkeypatch):
    FixedDice(monkeypatch, [1, 1, 1])
    state = empty()
    state = battle_at(state, "Sussex", "york", {"Sussex|Wilts": ["Y_Herbert"]}, ["L_Devon"])
    put(state, "L_Beaumont", "Sussex")
    state["battle"]["reserves"].append("L_Beaumont")  # a Lancaster reinforcement
    state["battle"]["entries"]["lancaster"] = ["Dorset|Sussex"]
    state["blocks"]["Y_Herbert"]["strength"] = 3
    state["battle"]["acted"] = ["L_Devon"]
    state = do(state, "york", type="fire", block="Y_Herbert")
    bt = state["battle"]
    assert state["blocks"]["L_Devon"]["at"] == "dead"
    assert bt["attacker"] == "lancaster" and bt["defender"] == "york"
    assert state["blocks"]["L_Beaumont"]["strength"] == 3  # the surplus hit is lost (A14)
    assert bt["round"] == 2  # Beaumont could not fire in round 1; the round is over


@pytest.mark.rule("R3-6.6a", "R3-6.6b", "R3-6.6c", "R3-6.6d", "R3-6.2f", "R3-6.2g")
def test_retreats_and_round_four():
    state = empty()
    put(state, "L_Oxford", "Sussex")
    state = battle_at(state, "Sussex", "york", {"Kent|Sussex": ["Y_Norfolk", "Y_Suffolk", "Y_Essex"]}, ["L_Oxford"])
    state["battle"]["round"] = 2
    role, _cands = current(state)
    assert role == "lancaster"
    lan = {a["to"] for a in acts(state, "lancaster", "retreat")}
    assert "Kent" not in lan and {"Dorset", "Wilts", "Middlesex", "Oxford"} <= lan
    state = do(state, "lancaster", type="pass", block="L_Oxford")
    # attackers retreat; red/blue limits per round
    state["battle"]["round"] = 4
    role, _cands = current(state)
    assert role == "york"
    assert {c["action"]["type"] for c in ENGINE.legal_actions(state, "york")} == {"select"}
    state = do(state, "york", type="select", block="Y_Norfolk")
    kinds = {c["action"]["type"] for c in ENGINE.legal_actions(state, "york")}
    assert kinds == {"retreat"}  # round 4: attackers must retreat
    dests = {a["to"] for a in acts(state, "york", "retreat")}
    assert "Kent" in dests
    for b in ["Y_Norfolk", "Y_Suffolk", "Y_Essex"]:
        state = do(state, "york", type="retreat", block=b, to="Kent")
    assert state["battle"]["stage"] == "regroup" and state["battle"]["winner"] == "lancaster"
    assert all(state["blocks"][b]["at"] == "Kent" for b in ["Y_Norfolk", "Y_Suffolk", "Y_Essex"])
    assert dests


def test_retreat_border_limit_per_round():
    state = empty()
    blocks = ["Y_Norfolk", "Y_Suffolk", "Y_Essex"]
    state = battle_at(state, "Lancaster", "york", {"Derby|Lancaster": blocks}, ["L_Oxford"])
    for b in ["Y_Worcester"]:
        put(state, b, "Cumbria")
    state["battle"]["round"] = 2
    state["battle"]["acted"] = ["L_Oxford"]
    state = do(state, "york", type="retreat", block="Y_Norfolk", to="Cumbria")
    state = do(state, "york", type="retreat", block="Y_Suffolk", to="Cumbria")
    assert "Cumbria" not in {a["to"] for a in acts(state, "york", "retreat")}  # red border: 2 per round


@pytest.mark.rule("R3-6.6c")
def test_shared_border_only_player_two_retreats():
    state = empty()
    state = battle_at(state, "Sussex", "york", {"Kent|Sussex": ["Y_Norfolk"]}, ["L_Oxford", "L_Beaumont"], p1="york")
    state["battle"]["entries"]["lancaster"] = ["Kent|Sussex"]
    state["battle"]["round"] = 2
    assert "Kent" in battle.retreat_destinations(state, "L_Oxford")  # Lancaster is Player 2
    state["player1"] = "lancaster"
    assert "Kent" not in battle.retreat_destinations(state, "L_Oxford")


@pytest.mark.rule("R3-6.2g")
def test_d14_no_retreat_eliminated():
    state = empty()
    put(state, "L_Oxford", "Kent")
    put(state, "L_Beaumont", "Sussex")
    state = battle_at(state, "Middlesex", "york", {"Kent|Middlesex": ["Y_Norfolk"]}, ["L_Devon"])
    for a in ["Essex", "Leicester", "Oxford"]:
        put(state, "L_Clifford" if a == "Essex" else ("L_Wiltshire" if a == "Leicester" else "L_Pembroke"), a)
    state["battle"]["round"] = 4
    state["battle"]["acted"] = ["L_Devon"]
    assert [c["action"]["type"] for c in ENGINE.legal_actions(state, "york")] == ["no_retreat"]
    state = do(state, "york", type="no_retreat", block="Y_Norfolk")
    assert state["blocks"]["Y_Norfolk"]["at"] == "dead" and state["battle"]["winner"] == "lancaster"


@pytest.mark.rule("R3-6.7a", "R3-6.7b", "R3-6.7c")
def test_winner_regroups(monkeypatch):
    FixedDice(monkeypatch, [1, 1, 1, 1])
    state = empty()
    put(state, "L_Clifford", "Oxford")
    state = battle_at(state, "Sussex", "york", {"Kent|Sussex": ["Y_Norfolk"]}, ["L_Devon"])
    state["battle"]["acted"] = ["L_Devon"]
    state = do(state, "york", type="fire", block="Y_Norfolk")
    assert state["battle"]["stage"] == "regroup" and ENGINE.active_roles(state) == ["york"]
    regs = {a["to"] for a in acts(state, "york", "regroup")}
    assert "Oxford" not in regs and {"Kent", "Dorset", "Wilts", "Middlesex"} <= regs
    state = do(state, "york", type="regroup", block="Y_Norfolk", to="Wilts")
    assert state["blocks"]["Y_Norfolk"]["at"] == "Wilts" and state["battle"] is None


@pytest.mark.rule("R3-6.1a", "R3-6.1b", "R3-6.1c", "R3-1.3a", "R3-1.3b", "R3-4.1b")
def test_player_one_orders_battles_blocks_revealed_then_hidden():
    state = empty()
    put(state, "Y_Norfolk", "Kent")
    put(state, "Y_Suffolk", "Essex")
    put(state, "L_Oxford", "Sussex")
    put(state, "L_Beaumont", "Middlesex")
    state = action_phase(state, "york", PLAIN[2])
    state = move(state, "york", "Kent", "Y_Norfolk", ["Sussex"])
    state = do(state, "york", type="done")
    state = move(state, "york", "Essex", "Y_Suffolk", ["Middlesex"])
    state = do(state, "york", type="done")
    assert state["phase"] == "action"  # no battle before both Action Phases
    state = do(state, "york", type="end")
    state = do(state, "lancaster", type="end")
    assert ENGINE.active_roles(state) == ["york"]
    assert {a["area"] for a in acts(state, "york", "battle")} == {"Sussex", "Middlesex"}
    lan_view = ENGINE.view(state, "lancaster")
    assert "Y_Norfolk" not in str({k: v for k, v in lan_view.items() if k != "log"})
    state = do(state, "york", type="battle", area="Middlesex")
    lan_view = ENGINE.view(state, "lancaster")
    assert {b["id"] for b in lan_view["battle"]["blocks"]} == {"Y_Suffolk", "L_Beaumont"}
    assert "Y_Norfolk" not in str({k: v for k, v in lan_view.items() if k != "log"})


@pytest.mark.rule("R3-3.11c")
def test_hit_reduces_one_step_each():
    state = empty()
    put(state, "Y_Norfolk", "Kent")
    from games.engines.richard3.board import lose_steps

    assert lose_steps(state, "Y_Norfolk", 1) == 0 and state["blocks"]["Y_Norfolk"]["strength"] == 3
    assert lose_steps(state, "Y_Norfolk", 5) == 2 and state["blocks"]["Y_Norfolk"]["at"] == "dead"


@pytest.mark.rule("R3-6.2f", "R3-6.2h")
def test_battle_lasts_at_most_four_rounds():
    state = empty()
    state = battle_at(state, "Sussex", "york", {"Kent|Sussex": ["Y_Norfolk"]}, ["L_Oxford"])
    rounds = set()
    while state["battle"] and state["battle"]["stage"] == "fight":
        rounds.add(state["battle"]["round"])
        role, cands = current(state)
        kinds = [c["action"] for c in ENGINE.legal_actions(state, role) if c["action"]["block"] == cands[0]]
        passing = [a for a in kinds if a["type"] == "pass"]
        state = do(state, role, **(passing[0] if passing else kinds[0]))
    assert rounds == {1, 2, 3, 4}
    assert state["battle"] is None or state["battle"]["winner"] == "lancaster"
    assert state["blocks"]["Y_Norfolk"]["at"] != "Sussex"


@pytest.mark.rule("R3-6.1c", "R3-6.7a")
def test_regroup_is_hidden_from_the_loser(monkeypatch):
    """After the battle the survivors stand up hidden again: the regroup names no block to the opponent."""
    FixedDice(monkeypatch, [1, 1, 1, 1])
    state = empty()
    put(state, "Y_Suffolk", "Kent")
    state = battle_at(state, "Sussex", "york", {"Kent|Sussex": ["Y_Norfolk"]}, ["L_Devon"])
    state["battle"]["acted"] = ["L_Devon"]
    state = do(state, "york", type="fire", block="Y_Norfolk")
    assert state["battle"]["stage"] == "regroup"
    for role in ("lancaster", None):
        view = ENGINE.view(state, role)
        assert "Y_Norfolk" not in str(view["battle"]) and "Norfolk" not in str(view["battle"])
    assert "Y_Norfolk" in str(ENGINE.view(state, "york")["battle"])
    state = do(state, "york", type="regroup", block="Y_Norfolk", to="Wilts")
    for role in ("lancaster", None):
        texts = [ENGINE.text(e["text"], "en") for e in ENGINE.view(state, role)["log"]][-3:]
        assert not any("Norfolk" in t and "regroup" in t for t in texts)
        assert any("regroups a block from Sussex to Wilts" in t for t in texts)


@pytest.mark.rule("R3-6.2g", "R3-6.9e")
def test_round_four_defector_on_the_attacking_side_chooses_where_to_withdraw():
    """A13: a block that turned to the Attacker in round 4 must leave; its owner picks the area."""
    state = empty()
    put(state, "Y_March", "Kent")
    state = battle_at(state, "Sussex", "york", {"Kent|Sussex": ["Y_March"]}, ["L_Northumberland", "L_Beaumont"])
    state["battle"]["round"] = 4
    state["battle"]["acted"] = ["L_Beaumont"]
    combat.defect(state, "L_Northumberland", "york")  # now the Yorkist version, in York's (the Attacker's) reserve
    state = do(state, "york", type="retreat", block="Y_March", to="Kent")
    assert ENGINE.active_roles(state) == ["york"]
    choices = acts(state, "york", "withdraw")
    assert {c["to"] for c in choices} >= {"Kent", "Wilts"}
    assert all(c["block"] == "Y_Northumberland" for c in choices)
    state = do(state, "york", type="withdraw", block="Y_Northumberland", to="Wilts")
    assert state["blocks"]["Y_Northumberland"]["at"] == "Wilts"
    assert state["battle"] is None or state["battle"]["winner"] == "lancaster"


def test_piracy_attackers_may_retreat_by_sea_to_their_own_exile():
    """Piracy (data): blocks that attacked by sea retreat only by sea, to a Friendly or Vacant coastal area
    of that sea zone; the attacker's own exile areas on that zone are coastal and Friendly."""
    state = empty()
    state = battle_at(state, "Sussex", "lancaster", {"sea:English Channel": ["L_French"]}, ["Y_Arundel"])
    state["battle"]["round"] = 2
    state["battle"]["acted"] = ["Y_Arundel"]
    dests = {a["to"] for a in acts(state, "lancaster", "retreat")}
    assert "France" in dests and "Calais" not in dests  # own exile yes, enemy exile never (R3-2.7b)
    assert {"Dorset", "Cornwall", "Kent"} <= dests and "Wilts" not in dests  # no land retreat
