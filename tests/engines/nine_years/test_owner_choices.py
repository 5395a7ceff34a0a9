"""Choices the rules leave to the owner, offered to him as board targets with a prompt for both roles:
how many corps a leader takes (NY-3.1g), which corps take losses (16.2, NY-4.1.3a), where a loser retreats."""

from __future__ import annotations

import pytest

from games.engines.nine_years import ENGINE

from .helpers import FixedRng, campaign, cleared, do, en, leader, place, run


def actions(state: dict, role: str, kind: str) -> list[dict]:
    return [c for c in ENGINE.legal_actions(state, role) if c["action"]["type"] == kind]


@pytest.mark.rule("NY-3.1g", "NY-4.1.3d")
def test_the_owner_chooses_how_many_corps_follow_the_leader() -> None:
    state = campaign(cleared(), "alliance")
    leader(state, "waldeck", "breda")  # CR 3
    place(state, "dutch", "breda", 5)
    offered = actions(state, "alliance", "campaign")
    assert [c["action"]["corps"] for c in offered] == [0, 1, 2, 3]  # up to his CR, no more
    assert {c["target"] for c in offered} == {"leader:waldeck"}  # one click on the leader offers the counts
    state = do(state, "alliance", type="campaign", leader="waldeck", corps=2)
    assert len(state["move"]["corps"]) == 2
    assert "Move Waldeck" in en(ENGINE.view(state, "alliance")["prompt"])
    assert en(ENGINE.view(state, "bourbon")["prompt"]) == "The Alliance are moving Waldeck"


@pytest.mark.rule("NY-4.1.2e", "NY-4.3e")
def test_the_interceptor_chooses_how_many_corps_he_brings() -> None:
    state = campaign(cleared(), "alliance")
    state["control"]["mirandola"] = "bourbon"
    leader(state, "lorraine", "trento")
    place(state, "austria", "trento", 1)
    state["leaders"]["catinat"].update(space="mantua", minor=False)  # CR 4
    state["control"]["mantua"] = "bourbon"
    place(state, "france", "mantua", 3)
    state = do(state, "alliance", type="campaign", leader="lorraine")
    state = do(state, "alliance", type="step", to="mirandola")
    counts = [c["action"]["corps"] for c in actions(state, "bourbon", "intercept")]
    assert counts == [1, 2, 3]
    assert en(ENGINE.view(state, "alliance")["prompt"]) == "The Bourbon may intercept at Mirandola"


@pytest.mark.rule("NY-3.2.1b", "NY-3.2.1c")
def test_the_owners_choose_which_corps_take_the_hits_and_where_the_loser_retreats() -> None:
    from games.engines.base.phases import hand_over

    state = campaign(cleared(), "bourbon")
    for s in ("brussels", "antwerp", "namur"):
        state["control"][s] = "alliance"
    state["control"]["mons"] = "bourbon"
    leader(state, "boufflers", "mons")
    place(state, "france", "mons", 3)
    leader(state, "waldeck", "brussels")
    dutch = place(state, "dutch", "brussels", 2)
    spanish = place(state, "spain", "brussels", 1)
    state = do(state, "bourbon", type="campaign", leader="boufflers")
    state = do(state, "bourbon", type="step", to="brussels")
    assert state["phase"] == "avoid"
    # Boufflers: 3 corps + TR 2 = 5 dice, two hits; Waldeck: 3 corps + TR 1 = 4 dice, none; he survives.
    run(state, hand_over("battle", rng=FixedRng([6, 6, 1, 1, 1, 1, 1, 1, 1, 1])))  # the Alliance accept battle
    assert state["phase"] == "losses" and state["active"] == ["alliance"]
    offered = ENGINE.legal_actions(state, "alliance")
    assert {c["action"]["type"] for c in offered} == {"lose"}
    assert {c["target"] for c in offered} == {f"corps:{c}" for c in dutch + spanish}
    assert "choose the corps" in en(ENGINE.view(state, "alliance")["prompt"])
    assert en(ENGINE.view(state, "bourbon")["prompt"]) == "The Alliance are choosing which corps take their losses"
    state = do(state, "alliance", type="lose", corps=spanish[0])
    assert not state["corps"][spanish[0]]["full"]
    # The second hit may fall only on a full corps, both Dutch: nobody is asked. Then the retreat.
    assert sum(state["corps"][c]["full"] for c in dutch) == 1
    assert state["phase"] == "retreat"
    assert {c["target"] for c in ENGINE.legal_actions(state, "alliance")} == {"space:antwerp", "space:namur"}
    assert en(ENGINE.view(state, "bourbon")["prompt"]) == "The Alliance are choosing where to retreat"
    state = do(state, "alliance", type="retreat", to="namur")
    assert {state["corps"][c]["space"] for c in dutch + spanish} == {"namur"}
    assert state["leaders"]["waldeck"]["space"] == "namur" and state["battle"] is None
    assert state["leaders"]["boufflers"]["space"] == "brussels" and state["active"] == ["bourbon"]


@pytest.mark.rule("NY-4.1.3a")
def test_the_owner_chooses_which_full_corps_an_over_stacked_retreat_reduces() -> None:
    from games.engines.nine_years.provisional.battle import fight, loss_choices, proceed, retreat_to, take_loss

    state = cleared()
    for s in ("munich", "innsbruck", "vienna"):
        state["control"][s] = "alliance"
    state["control"]["ulm"] = "bourbon"
    place(state, "austria", "innsbruck", 3)  # Poor: limit 4, so at most 2 full corps after the penalty
    place(state, "spain", "munich", 1)
    place(state, "dutch", "munich", 1)
    place(state, "france", "munich", 4)
    # The French attack at Munich from Ulm (4 dice: one hit) and win; the Alliance (2 dice) miss.
    fight(state, FixedRng([6, 1, 1, 1, 1, 1]), "munich", "bourbon", "ulm", {"bourbon": "paris", "alliance": "es_box"})
    assert state["phase"] == "losses"  # the hit: Spanish or Dutch, the owner's pick
    take_loss(state, next(c for c in loss_choices(state) if state["corps"][c]["power"] == "dutch"))
    assert proceed(state) and state["phase"] == "retreat"
    retreat_to(state, "innsbruck")  # a mandatory retreat may end over the limit: 5 corps in a Poor space
    assert proceed(state) and state["phase"] == "losses"
    assert {state["corps"][c]["power"] for c in loss_choices(state)} == {"austria", "spain"}  # full ones only
    spanish = next(c for c in loss_choices(state) if state["corps"][c]["power"] == "spain")
    take_loss(state, spanish)  # the first of the two reductions: the owner's pick
    assert not proceed(state)  # the second falls on an Austrian corps: all alike, nobody is asked
    full = [c for c, v in state["corps"].items() if v["space"] == "innsbruck" and v["full"]]
    assert len(full) == 2 and not state["corps"][spanish]["full"] and state["battle"]["to_resolve"] == []


@pytest.mark.rule("NY-3.2.1c")
def test_nobody_is_asked_when_every_corps_takes_every_loss_it_can() -> None:
    from games.engines.nine_years.provisional.battle import fight

    state = cleared()
    for s in ("munich", "innsbruck"):
        state["control"][s] = "alliance"
    state["control"]["ulm"] = "bourbon"
    mixed = place(state, "spain", "munich", 1) + place(state, "dutch", "munich", 1)
    place(state, "france", "munich", 4)
    fight(state, FixedRng([6, 6, 6, 6, 1, 1]), "munich", "bourbon", "ulm", {"bourbon": "paris", "alliance": "es_box"})
    assert state["battle"]["to_resolve"] == [] and state["phase"] != "losses"  # 4 hits, 4 steps: all eliminated
    assert {state["corps"][c]["space"] for c in mixed} == {"pool"}


def _lille_attack(waldeck_corps: int, boufflers_corps: int) -> dict:
    """Waldeck (Tournai) campaigns into Lille, held by Boufflers."""
    state = campaign(cleared(), "alliance")
    state["control"]["lille"] = "bourbon"
    leader(state, "waldeck", "tournai")
    place(state, "dutch", "tournai", 2)
    leader(state, "boufflers", "lille")
    if boufflers_corps:
        place(state, "france", "lille", boufflers_corps)
    state = do(state, "alliance", type="campaign", leader="waldeck", corps=waldeck_corps)
    return do(state, "alliance", type="step", to="lille")


@pytest.mark.rule("NY-4.3b", "NY-4.3c")
def test_a_leader_without_corps_fights_no_battle_and_goes_back() -> None:
    state = _lille_attack(waldeck_corps=0, boufflers_corps=2)  # Waldeck alone
    texts = [en(e["text"]) for e in state["log"]]
    assert not any(t.startswith("Battle of") for t in texts)
    assert "No battle at Lille: the Alliance leaders there have no corps and withdraw" in texts
    assert state["leaders"]["waldeck"]["space"] == "tournai" and state["leaders"]["waldeck"]["disordered"]
    assert state["leaders"]["boufflers"]["space"] == "lille" and state["battle"] is None


@pytest.mark.rule("NY-4.3b", "NY-4.3c")
def test_defending_leaders_without_corps_withdraw_without_a_battle() -> None:
    state = _lille_attack(waldeck_corps=2, boufflers_corps=0)  # Boufflers alone in Lille
    assert state["phase"] == "avoid"  # he may still try to slip away
    state = ENGINE.apply(state, "bourbon", {"type": "accept"})
    texts = [en(e["text"]) for e in state["log"]]
    assert not any(t.startswith("Battle of") for t in texts)
    assert "No battle at Lille: the Bourbon leaders there have no corps and withdraw" in texts
    assert state["phase"] == "retreat" and state["active"] == ["bourbon"]  # he chooses where to go (16.4)
    state = ENGINE.apply(state, "bourbon", actions(state, "bourbon", "retreat")[0]["action"])
    assert state["leaders"]["boufflers"]["space"] != "lille" and state["leaders"]["boufflers"]["disordered"]
    assert all(
        state["corps"][c]["space"] == "lille"
        for c in state["corps"]
        if c.startswith("Du0") and state["corps"][c]["space"] not in ("pool", "out")
    )
