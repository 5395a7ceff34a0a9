"""SK-8.1-8.8, SK-8.10, SK-2.1: battles, with the battle example (EX-07) and losses 9 v 5 (EX-06)."""

from __future__ import annotations

import pytest

from games.engines.sekigahara import ENGINE
from games.engines.sekigahara.battle import battle_losses, holder
from games.engines.sekigahara.data.locations import LOCATIONS

from .helpers import act, actions, battle, blank, deploy, en, give, movement, put, types, where

ISHIDA7 = ["mori_terumoto", "ukita_2", "ukita_2", "mori_2", "mori_3", "kobayakawa_2", "uesugi_3"]
TOKUGAWA6 = ["maeda_cav", "tokugawa_3", "date_2", "date_3", "fukushima_2", "maeda_2"]


@pytest.mark.rule(
    "SK-8.2.1a", "SK-8.2.1c", "SK-8.2.2a", "SK-8.2.3a", "SK-8.2.3b", "SK-8.2.4a", "SK-8.3.1a", "SK-8.3.2a",
    "SK-8.4.1a", "SK-8.4.1b", "SK-8.4.2a", "SK-8.4.2b", "SK-8.5a", "SK-8.5b", "SK-8.5c", "SK-8.5d", "SK-8.5e",
    "SK-8.7.1a", "SK-8.7.1b", "SK-8.7.2a", "SK-8.8.2a", "SK-8.10a", "SK-8.10b", "SK-8.10e", "SK-3.4d",
)  # fmt: skip
def test_ex07_battle_example() -> None:
    state, ish, _tok = battle(
        "ishida", ISHIDA7, TOKUGAWA6, att_cards=("ukita_double", "mori_single"),
        def_cards=("maeda_sword", "tokugawa_single", "date_single"),
    )  # fmt: skip
    assert state["battle"]["impact"] == {"ishida": 0, "tokugawa": 0}
    assert ENGINE.active_roles(state) == ["ishida"]  # 0-0: the attacker deploys first
    state = deploy(state, "ishida", "mori_terumoto")  # 1. the Mori leader without a card
    assert state["battle"]["impact"] == {"ishida": 1, "tokugawa": 0} and ENGINE.active_roles(state) == ["tokugawa"]
    state = deploy(state, "tokugawa", "maeda_cav", "maeda_sword")  # 2. 1 + 2 special
    state = act(state, "ishida", type="no_challenge")
    assert state["battle"]["impact"] == {"ishida": 1, "tokugawa": 3} and ENGINE.active_roles(state) == ["ishida"]
    state = deploy(state, "ishida", "ukita_2", "ukita_double")  # 3. double Ukita: 2, then 2 + 1
    state = act(state, "ishida", **actions(state, "ishida", "second")[0])
    state = act(state, "tokugawa", type="no_challenge")
    assert state["battle"]["impact"] == {"ishida": 6, "tokugawa": 3}
    state = deploy(state, "tokugawa", "tokugawa_3", "tokugawa_single")  # 4. 3
    state = act(state, "ishida", type="no_challenge")
    assert state["battle"]["impact"] == {"ishida": 6, "tokugawa": 6}
    assert holder(state["battle"]) == "ishida"  # AMB-02(b): a tie gives the attacker the initiative
    view = ENGINE.view(state, None)["battle"]
    assert [d["label"] for d in view["deployed"]] == [
        "Mori Terumoto",
        "Maeda cavalry",
        "Ukita 2",
        "Ukita 2",
        "Tokugawa 3",
    ]
    # both stop: the defender wins the 6-6 tie; Ishida loses 0 + 1, Tokugawa 0
    state = act(state, "ishida", type="pass")
    assert ENGINE.active_roles(state) == ["tokugawa"]  # the other side keeps deploying if it wants
    state = act(state, "tokugawa", type="pass")
    assert state["battle"]["winner"] == "tokugawa" and state["battle"]["losses_owed"] == {"ishida": 1, "tokugawa": 0}
    assert state["phase"] == "losses" and ENGINE.active_roles(state) == ["ishida"]
    lose = {state["faces"][a["block"]] for a in actions(state, "ishida", "lose")}
    assert lose == {"mori_terumoto", "ukita_2"}  # deployed blocks first
    state = act(state, "ishida", **actions(state, "ishida", "lose")[0])
    assert [a["to"] for a in actions(state, "ishida", "retreat")] == ["kyoto"]  # where it came from
    state = act(state, "ishida", type="retreat", to="kyoto")
    survivors = [b for b in ish if state["where"][b] != "dead"]
    assert len(survivors) == 6 and set(where(state, survivors)) == {"kyoto"}
    # cards: Ishida redraws 1 (the double; the free leader used none), Tokugawa 2
    assert len(state["hands"]["ishida"]) == 2 and len(state["hands"]["tokugawa"]) == 3
    assert state["battle"] is None and ENGINE.view(state, "ishida")["battle"] is None


@pytest.mark.rule("SK-8.7.1a", "SK-8.7.1b", "SK-8.2.1a")
def test_ex06_and_loss_formula() -> None:
    state, _tok, _ish = battle(
        "tokugawa", ["ii_naomasa", "date_3", "fukushima_2"], ["uesugi_3", "ukita_2", "mori_2"],
        att_cards=("date_single", "fukushima_single", "tokugawa_single"), def_cards=("uesugi_single", "ukita_single"),
    )  # fmt: skip
    state = deploy(state, "tokugawa", "ii_naomasa", "tokugawa_single")  # Ii takes any card: 4
    state = act(state, "ishida", type="no_challenge")
    state = deploy(state, "ishida", "uesugi_3", "uesugi_single")
    state = act(state, "tokugawa", type="no_challenge")
    state = deploy(state, "ishida", "ukita_2", "ukita_single")  # 5 v 4
    state = act(state, "tokugawa", type="no_challenge")
    state = deploy(state, "tokugawa", "date_3", "date_single")  # 7 v 5
    state = act(state, "ishida", type="pass")
    state = deploy(state, "tokugawa", "fukushima_2", "fukushima_single")  # 9 v 5
    state = act(state, "tokugawa", type="pass")
    assert state["battle"]["losses_owed"] == {"tokugawa": 0, "ishida": 2}  # EX-06
    assert battle_losses(14, 7) == (True, 1, 3)  # DV-08
    assert battle_losses(7, 7) == (False, 2, 1)  # DV-09
    assert battle_losses(9, 5) == (True, 0, 2)


@pytest.mark.rule("SK-8.3.3a", "SK-8.4.1c", "SK-8.4.1d", "SK-8.4.2c", "SK-8.5h", "SK-8.5f")
def test_same_daimyo_and_special_bonuses() -> None:
    # EX-05: two Tokugawa blocks already deployed; a 2-mon Tokugawa block gets +4
    state, _, _ = battle(
        "tokugawa", ["tokugawa_3", "tokugawa_gun", "tokugawa_2"], ["mori_2"],
        att_cards=("tokugawa_single", "tokugawa_single", "tokugawa_single"),
    )  # fmt: skip
    state = deploy(state, "tokugawa", "tokugawa_3", "tokugawa_single")
    assert types(state, "ishida") == ["pass"]  # no card for the Mori block: only pass (SK-8.5h)
    state = act(state, "ishida", type="pass")
    state = deploy(state, "tokugawa", "tokugawa_gun", "tokugawa_single")  # gun without sword: 1 + 1
    assert state["battle"]["impact"]["tokugawa"] == 5
    state = deploy(state, "tokugawa", "tokugawa_2", "tokugawa_single")
    assert state["battle"]["impact"]["tokugawa"] == 9  # +4
    assert "deploy" not in types(state, "ishida") and ENGINE.active_roles(state) == ["tokugawa"]
    # DV-11 (with this data's 1-mon gun blocks): 2 guns and a Maeda block already deployed
    state, _, _ = battle(
        "tokugawa", ["tokugawa_gun", "date_gun", "maeda_2", "maeda_gun", "maeda_cav"], ["mori_2"],
        att_cards=("tokugawa_single", "date_single", "maeda_single", "maeda_sword", "maeda_sword"),
    )  # fmt: skip
    state = deploy(state, "tokugawa", "tokugawa_gun", "tokugawa_single")
    state = act(state, "ishida", type="pass")
    state = deploy(state, "tokugawa", "date_gun", "date_single")
    state = deploy(state, "tokugawa", "maeda_2", "maeda_single")
    before = state["battle"]["impact"]["tokugawa"]
    state = deploy(state, "tokugawa", "maeda_gun", "maeda_sword")
    assert state["battle"]["impact"]["tokugawa"] - before == 1 + 1 + 2 + 4
    before = state["battle"]["impact"]["tokugawa"]
    state = deploy(state, "tokugawa", "maeda_cav", "maeda_sword")  # cavalry: earlier guns do not count
    assert state["battle"]["impact"]["tokugawa"] - before == 1 + 2 + 2
    # a double card never makes a special attack
    state, _, _ = battle("tokugawa", ["fukushima_cav", "fukushima_gun"], ["mori_2"], att_cards=("fukushima_double",))
    state = deploy(state, "tokugawa", "fukushima_cav", "fukushima_double")
    state = act(state, "tokugawa", **actions(state, "tokugawa", "second")[0])
    assert state["battle"]["impact"]["tokugawa"] == 1 + 2


@pytest.mark.rule("SK-8.2.2b", "SK-8.2.2c", "SK-8.2.2d", "SK-8.4.2d", "SK-8.2.4b")
def test_card_matching_any_card_blocks_and_free_leaders() -> None:
    state, _, _ = battle(
        "ishida", ["ishida_mitsunari", "ukita_leader", "mori_2", "mori_3"], ["date_2"],
        att_cards=("mori_double", "ishida_loyalty", "ukita_single"),
    )  # fmt: skip
    pairs = {
        (state["faces"][a["block"]], a["card"] and state["cards"][a["card"]])
        for a in actions(state, "ishida", "deploy")
    }
    assert ("mori_2", "ukita_single") not in pairs  # mon must match
    assert ("ishida_mitsunari", "ukita_single") in pairs and ("ishida_mitsunari", "mori_double") in pairs
    assert not any(k == "ishida_loyalty" for _, k in pairs)  # a flag card deploys nothing
    assert ("ukita_leader", None) in pairs and ("ishida_mitsunari", None) in pairs  # free leaders
    state = deploy(state, "ishida", "ishida_mitsunari", "mori_double")
    assert state["phase"] != "second"  # the any-card block takes the whole double card
    state = act(state, "tokugawa", type="pass")
    pairs = {(state["faces"][a["block"]], a["card"]) for a in actions(state, "ishida", "deploy")}
    assert ("ukita_leader", None) not in pairs  # after a card deployment, leaders need cards
    assert not any(f == "ishida_mitsunari" for f, _ in pairs)  # no block deploys twice


@pytest.mark.rule("SK-8.6.1a", "SK-8.6.1b", "SK-8.10e", "SK-8.5g")
def test_loyalty_challenge_refuted() -> None:
    state, _ish, _ = battle(
        "ishida", ["mori_2", "mori_3"], ["date_2", "date_3"],
        att_cards=("mori_single", "mori_sword"), def_cards=("tokugawa_loyalty", "date_single"),
    )  # fmt: skip
    state = deploy(state, "ishida", "mori_2", "mori_single")
    assert state["phase"] == "challenge" and ENGINE.active_roles(state) == ["tokugawa"]
    state = act(state, "tokugawa", **actions(state, "tokugawa", "challenge")[0])
    # Ishida shows the Mori sword card: the block stays loyal and the card returns to his hand
    assert state["battle"]["impact"] == {"ishida": 2, "tokugawa": 0}
    assert [state["cards"][c] for c in state["hands"]["ishida"]] == ["mori_sword"]
    public = [en(e["text"]) for e in ENGINE.view(state, None)["log"]]
    assert any("shows Mori sword" in t for t in public)
    # Tokugawa passes, yet may still challenge Ishida's later deployments
    state = act(state, "tokugawa", type="pass")
    state = deploy(state, "ishida", "mori_3", "mori_sword")
    assert state["phase"] == "challenge" and ENGINE.active_roles(state) == ["tokugawa"]
    state = act(state, "tokugawa", type="no_challenge")
    state = act(state, "ishida", type="pass")
    state = act(state, "tokugawa", **actions(state, "tokugawa", "lose")[0]) if state["phase"] == "losses" else state
    # replenishment: Ishida played 2 (the shown card was not played), Tokugawa 1 (the loyalty card)
    assert state["battle"] is None or state["phase"] == "retreat"


@pytest.mark.rule("SK-8.6.1c", "SK-8.6.1d", "SK-8.6.3a", "SK-8.6.3b", "SK-8.7.2b")
def test_loyalty_challenge_defection_double() -> None:
    state, ish, _tok = battle(
        "ishida", ["mori_2", "mori_3", "ukita_2"], ["date_2", "date_3", "fukushima_2"],
        att_cards=("mori_double", "ukita_single"), def_cards=("tokugawa_loyalty", "date_single"),
    )  # fmt: skip
    state = deploy(state, "ishida", "mori_2", "mori_double")
    state = act(state, "ishida", **next(a for a in actions(state, "ishida", "second")))
    assert state["battle"]["impact"]["ishida"] == 2 + 4  # mori_3 second: 3 + 1
    state = act(state, "tokugawa", **actions(state, "tokugawa", "challenge")[0])
    # no Mori card left in Ishida's hand: both blocks defect; the second keeps its +1
    assert state["battle"]["impact"] == {"ishida": 0, "tokugawa": 2 + 4}
    assert sorted(state["faces"][b] for b, s in state["battle"]["fighting_for"].items() if s == "tokugawa") == [
        "date_2", "date_3", "fukushima_2", "mori_2", "mori_3",
    ]  # fmt: skip
    state = deploy(state, "ishida", "ukita_2", "ukita_single")
    state = act(state, "tokugawa", type="no_challenge")
    state = act(state, "ishida", type="pass")
    state = act(state, "tokugawa", type="pass")
    # Tokugawa wins 6-2: Ishida loses 0 + 1 (only the Ukita block is his); Tokugawa loses 0
    assert state["where"][ish[2]] == "dead"  # owed 1, had 1: lost at once
    # the defected Mori blocks survived and go home; they retreat with Ishida
    assert state["phase"] == "retreat"
    state = act(state, "ishida", type="retreat", to="kyoto")
    assert where(state, ish[:2]) == ["kyoto", "kyoto"]


@pytest.mark.rule("SK-8.7.2b", "SK-2.1a", "SK-2.1e")
def test_defector_is_the_first_loss_of_its_new_side() -> None:
    state, _tok, ish = battle(
        "tokugawa", ["date_2", "date_3"], ["ishida_mitsunari", "mori_2"],
        att_cards=("tokugawa_loyalty", "date_sword", "date_single"), def_cards=("mori_single",),
    )  # fmt: skip
    state = deploy(state, "tokugawa", "date_2", "date_single")
    state = act(state, "ishida", type="no_challenge")
    state = deploy(state, "ishida", "ishida_mitsunari", "mori_single")
    state = act(state, "tokugawa", **actions(state, "tokugawa", "challenge")[0])  # no card left: defects
    assert state["battle"]["fighting_for"][ish[0]] == "tokugawa"
    state = act(state, "ishida", type="pass")
    state = act(state, "tokugawa", type="pass")
    # Tokugawa 3 v 0 wins; Tokugawa owes 0; Ishida owes 1 and loses the Mori block
    assert state["where"][ish[1]] == "dead" and state["where"][ish[0]] == "minakuchi"
    # with 7+ Ishida Impact, Tokugawa would have to lose the defector first -> the Ishida block dies
    state, _tok, ish = battle(
        "tokugawa", ["date_2", "date_3", "ii_naomasa"], ["ishida_mitsunari", "ukita_3", "ukita_2", "uesugi_3"],
        att_cards=("tokugawa_loyalty", "date_single"),
        def_cards=("mori_single", "ukita_single", "ukita_sword", "uesugi_sword"),
    )  # fmt: skip
    state = deploy(state, "tokugawa", "date_2", "date_single")
    state = act(state, "ishida", type="no_challenge")
    state = deploy(state, "ishida", "ukita_3", "ukita_single")
    state = act(state, "tokugawa", type="no_challenge")
    state = act(state, "tokugawa", type="pass")
    state = deploy(state, "ishida", "ukita_2", "ukita_sword")
    state = act(state, "tokugawa", type="no_challenge")
    state = deploy(state, "ishida", "uesugi_3", "uesugi_sword")
    state = act(state, "tokugawa", type="no_challenge")
    state = deploy(state, "ishida", "ishida_mitsunari", "mori_single")  # his last card
    state = act(state, "tokugawa", **actions(state, "tokugawa", "challenge")[0])
    state = act(state, "ishida", type="pass")  # Ishida 3 + 3 + 3 = 9, Tokugawa 2 + 1 (defector) = 3
    assert state["battle"]["impact"] == {"ishida": 9, "tokugawa": 3}
    # Tokugawa (attacker, loser) owes 1 + 1 = 2; the defected Ishida block must go first
    assert state["phase"] == "losses" and {state["faces"][a["block"]] for a in actions(state, "tokugawa", "lose")} == {
        "ishida_mitsunari"
    }
    state = act(state, "tokugawa", **actions(state, "tokugawa", "lose")[0])
    state = act(state, "tokugawa", **actions(state, "tokugawa", "lose")[0]) if state["phase"] == "losses" else state
    assert ENGINE.result(state)["winner"] == "tokugawa"  # SK-2.1a via a kill, after all losses


@pytest.mark.rule("SK-2.1c", "SK-2.1d", "SK-2.1e", "SK-8.7.2c", "SK-8.7.2d", "SK-8.7.3a")
def test_dv20_double_kill_goes_to_ishida() -> None:
    state, tok, ish = battle(
        "tokugawa", ["tokugawa_ieyasu"], ["ishida_mitsunari"],
        att_cards=("tokugawa_sword", "tokugawa_sword"), def_cards=("mori_single",),
    )  # fmt: skip
    state = deploy(state, "tokugawa", "tokugawa_ieyasu")  # AMB-29: the attacker deploys first
    # force heavy Impact on both sides: 7 each kills both single blocks
    state["battle"]["impact"] = {"ishida": 7, "tokugawa": 7}
    state = act(state, "ishida", type="pass")
    state = act(state, "tokugawa", type="pass")
    assert where(state, ish + tok) == ["dead", "dead"]  # more losses than blocks: all lost
    assert ENGINE.result(state)["winner"] == "ishida"
    assert ENGINE.active_roles(state) == []
    dead = ENGINE.view(state, "tokugawa")["dead"]
    assert {d["label"] for d in dead} == {"Ishida Mitsunari", "Tokugawa Ieyasu"}  # revealed for good


@pytest.mark.rule("SK-8.8.1a", "SK-8.8.3a", "SK-8.8.3b", "SK-8.8.2b", "SK-8.10c")
def test_defender_retreat_choices() -> None:
    state, _ish, _tok = battle("ishida", ["mori_2", "mori_3"], ["date_2", "date_3"], att_cards=("mori_single",))
    put(state, "ukita_2", "kuwana")  # Minakuchi's other neighbour holds Ishida blocks
    state = deploy(state, "ishida", "mori_2", "mori_single")
    state = act(state, "tokugawa", type="pass")
    state = act(state, "ishida", type="pass")
    state = act(state, "tokugawa", **actions(state, "tokugawa", "lose")[0])
    # Kyoto is where the attacker came from, Kuwana holds enemies: no safe place, so any neighbour
    targets = sorted(a["to"] for a in actions(state, "tokugawa", "retreat"))
    assert targets == ["kuwana", "kyoto"] and all(t in LOCATIONS for t in targets)
    # with a free neighbour, only that one
    state, _ish, tok = battle("ishida", ["mori_2"], ["date_2", "date_3"], loc="sawayama", att_cards=("mori_single",))
    state = deploy(state, "ishida", "mori_2", "mori_single")
    state = act(state, "tokugawa", type="pass")
    state = act(state, "ishida", type="pass")
    state = act(state, "tokugawa", **actions(state, "tokugawa", "lose")[0])
    assert sorted(a["to"] for a in actions(state, "tokugawa", "retreat")) == ["gifu", "tsuruga"]
    state = act(state, "tokugawa", type="retreat", to="gifu")
    assert set(where(state, tok)) <= {"gifu", "dead"}


@pytest.mark.rule("SK-8.8.2a", "SK-8.8.5a", "SK-8.8.1b", "SK-7.4.1b")
def test_retreat_into_enemy_gives_battle_or_overrun() -> None:
    # the attacker retreats to where it came from, now held by an enemy: a new battle, retreaters attack
    state, ish, _tok = battle("ishida", ["mori_2", "mori_3"], ["date_2", "date_3"], came_from="kuwana")
    enemy = put(state, "maeda_2", "kuwana")
    enemy2 = put(state, "maeda_3", "kuwana")
    state = act(state, "ishida", type="pass")
    state = act(state, "tokugawa", type="pass")
    state = act(state, "ishida", **actions(state, "ishida", "lose")[0])
    state = act(state, "ishida", type="retreat", to="kuwana")
    assert (
        state["battle"]["location"] == "kuwana"
        and state["battle"]["attacker"] == "ishida"
        and state["battle"]["kind"] == "battle"
    )
    assert state["battle"]["fighting_for"][enemy] == "tokugawa" and enemy2 in state["battle"]["fighting_for"]
    # a retreat of 4 blocks into 1 enemy block is an overrun once they have all arrived
    state, _tok, ish = battle(
        "tokugawa", ["date_2", "date_3", "fukushima_2"], ["mori_2", "mori_3", "ukita_2", "ukita_3", "kobayakawa_2"],
        loc="minakuchi", came_from="kuwana",
    )  # fmt: skip
    foe = put(state, "maeda_2", "kyoto")
    put(state, "maeda_3", "kuwana")
    state["battle"]["impact"]["tokugawa"] = 1
    state = act(state, "tokugawa", type="pass")
    state = act(state, "ishida", type="pass")
    state = act(state, "ishida", **actions(state, "ishida", "lose")[0])
    state = act(state, "ishida", type="retreat", to="kyoto")
    assert state["where"][foe] == "dead" and set(where(state, ish)) == {"kyoto", "dead"}


@pytest.mark.rule("SK-8.8.4a", "SK-8.8.4b", "SK-4.3d", "SK-8.9.6d")
def test_retreat_into_castle() -> None:
    state = blank()
    inside = [put(state, f, "gifu") for f in ("ukita_2", "ukita_3", "mori_2")]
    attackers = [put(state, f, "gifu") for f in ("date_2", "date_3")]
    give(state, "tokugawa", "date_sword")
    state = movement(state, "tokugawa")
    state["castles"]["gifu"] = "ishida"
    for b in attackers:
        state["movement"]["entered_from"][b] = "iwamura"
    state = act(state, "tokugawa", type="end_movement")
    state = act(state, "tokugawa", type="combat", loc="gifu")
    assert state["battle"]["kind"] == "battle"  # 3 blocks: too many to stay inside, everyone fights
    state = deploy(state, "tokugawa", "date_2", "date_sword")  # 2 v 0
    state = act(state, "ishida", type="pass")
    state = act(state, "tokugawa", type="pass")
    state = act(state, "ishida", **actions(state, "ishida", "lose")[0])
    assert "shelter" in types(state, "ishida")  # Ishida held the castle before the battle
    state = act(state, "ishida", **actions(state, "ishida", "shelter")[0])
    state = act(state, "ishida", **actions(state, "ishida", "shelter")[0])
    assert "shelter" not in types(state, "ishida")  # two at most
    survivors = [b for b in inside if state["where"][b] != "dead"]
    assert len(survivors) == 2 and state["phase"] != "retreat"  # both sheltered: nothing left to retreat
    assert state["sieges"]["gifu"]["side"] == "ishida" and state["castles"]["gifu"] == "ishida"


@pytest.mark.rule("SK-8.1b", "SK-8.1c", "SK-8.1d", "SK-8.2.1b")
def test_combat_phase_declares_every_location() -> None:
    state = blank()
    a = put(state, "date_2", "minakuchi")
    b = put(state, "date_3", "sawayama")
    put(state, "mori_2", "minakuchi")
    put(state, "mori_3", "sawayama")
    state = movement(state, "tokugawa")
    state = act(state, "tokugawa", type="end_movement")
    assert sorted(x["loc"] for x in actions(state, "tokugawa", "combat")) == ["minakuchi", "sawayama"]
    assert "end_movement" not in types(state, "tokugawa")  # no way around a combat
    state = act(state, "tokugawa", type="combat", loc="sawayama")  # any order
    state = act(state, "tokugawa", type="pass")
    state = act(state, "ishida", type="pass")
    assert state["where"][b] == "dead"  # 0-0: the defender wins; the lone attacker is lost
    assert [x["loc"] for x in actions(state, "tokugawa", "combat")] == ["minakuchi"]
    assert ENGINE.view(state, "ishida")["stacks"]["minakuchi"]["tokugawa"] == {"count": 1}  # hidden again
    assert a and b


@pytest.mark.rule("SK-8.10b", "SK-8.10c")
def test_dv12_replenishment() -> None:
    state, _ish, _tok = battle(
        "ishida", ["mori_2", "mori_3", "mori_gun", "mori_cav"], ["date_2", "date_3", "ii_naomasa", "date_gun"],
        att_cards=("mori_single", "mori_single", "mori_sword"),
        def_cards=("date_single", "date_sword", "tokugawa_sword"),
    )  # fmt: skip
    state = deploy(state, "ishida", "mori_2", "mori_single")
    state = act(state, "tokugawa", type="no_challenge")
    state = deploy(state, "tokugawa", "ii_naomasa", "tokugawa_sword")
    state = act(state, "ishida", type="no_challenge")
    state = deploy(state, "ishida", "mori_3", "mori_single")  # 2 + 4 = 6 v 4
    state = act(state, "tokugawa", type="no_challenge")
    state = deploy(state, "tokugawa", "date_3", "date_sword")  # 7
    state = act(state, "ishida", type="no_challenge")
    state = deploy(state, "ishida", "mori_cav", "mori_sword")  # 6 + 1 + 2 + 2 = 11
    state = act(state, "tokugawa", type="no_challenge")
    state = deploy(state, "tokugawa", "date_2", "date_single")  # 7 + 2 + 1 = 10 (Ishida has no card left)
    state = act(state, "tokugawa", type="pass")
    state = act(state, "ishida", type="pass")
    assert state["battle"]["impact"] == {"ishida": 11, "tokugawa": 10}
    # Ishida wins: Ishida loses 1; Tokugawa 1 + 1 = 2... then draws 3 played + floor(2/2)
    state = act(state, "ishida", **actions(state, "ishida", "lose")[0])
    state = act(state, "tokugawa", **actions(state, "tokugawa", "lose")[0])
    state = act(state, "tokugawa", **actions(state, "tokugawa", "lose")[0])
    state = act(state, "tokugawa", type="retreat", to=actions(state, "tokugawa", "retreat")[0]["to"])
    assert len(state["hands"]["tokugawa"]) == 3 + 1  # DV-12 shape: 3 played, 2 lost -> 4 drawn
    assert len(state["hands"]["ishida"]) == 3


@pytest.mark.rule("SK-8.8.5b", "SK-8.8.3b")
def test_retreat_into_an_unresolved_battle_joins_it() -> None:
    state = blank()
    losers = [put(state, "mori_2", "sawayama"), put(state, "mori_3", "sawayama")]
    attackers = [put(state, "ii_naomasa", "sawayama")]
    friends = [put(state, "ukita_2", "tsuruga")]
    foes = [put(state, "maeda_2", "tsuruga"), put(state, "maeda_3", "gifu"), put(state, "ukita_3", "gifu")]
    state = movement(state, "tokugawa")
    state["movement"]["entered_from"][attackers[0]] = "kyoto"
    state = act(state, "tokugawa", type="end_movement")
    assert [a["loc"] for a in actions(state, "tokugawa", "combat")] == ["gifu", "sawayama", "tsuruga"]
    state = act(state, "tokugawa", type="combat", loc="sawayama")
    state["battle"]["impact"]["tokugawa"] = 2
    state = act(state, "tokugawa", type="pass")
    state = act(state, "ishida", type="pass")
    state = act(state, "ishida", **actions(state, "ishida", "lose")[0])
    state = act(state, "ishida", type="retreat", to="tsuruga")
    # no new battle: the retreaters wait for the Tsuruga battle and fight in it as defenders
    assert state["phase"] == "combat" and state["battle"] is None
    assert [a["loc"] for a in actions(state, "tokugawa", "combat")] == ["gifu", "tsuruga"]
    state = act(state, "tokugawa", type="combat", loc="tsuruga")
    survivor = next(b for b in losers if state["where"][b] == "tsuruga")
    assert state["battle"]["fighting_for"][survivor] == "ishida" and state["battle"]["attacker"] == "tokugawa"
    assert friends[0] in state["battle"]["fighting_for"] and foes[0] in state["battle"]["fighting_for"]


@pytest.mark.rule("SK-8.5c")
def test_tie_initiative_option() -> None:
    from games.engines.sekigahara.battle import holder as initiative

    bt = {
        "kind": "battle",
        "attacker": "ishida",
        "defender": "tokugawa",
        "passed": {"ishida": False, "tokugawa": False},
    }
    bt.update(impact={"ishida": 6, "tokugawa": 6}, deployed=[{"block": "I00"}], initiative_tie="attacker")
    assert initiative(bt) == "ishida"  # recommended reading (b)
    bt["initiative_tie"] = "defender"
    assert initiative(bt) == "tokugawa"  # literal reading (a), an option
    bt.update(impact={"ishida": 0, "tokugawa": 0}, deployed=[])
    assert initiative(bt) == "ishida"  # the attacker always opens
    state = ENGINE.setup(1, ENGINE.resolve_options({"initiative_tie": "defender"}))
    assert state["options"] == {"initiative_tie": "defender"}
