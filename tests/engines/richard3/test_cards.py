"""Card Phase, redeal and Player 1 (R3-1.1, R3-5.1)."""

import pytest

from games.engines.base import IllegalAction
from games.engines.richard3 import ENGINE
from games.engines.richard3.cards_phase import hand_value, open_redeal, player_one

from .helpers import EVENT, PLAIN, do, fresh


def card_state(lan_hand, york_hand):
    state = fresh(3)
    state["hands"] = {"lancaster": list(lan_hand), "york": list(york_hand)}
    state["phase"] = "card"
    return state


@pytest.mark.rule("R3-1.1a", "R3-1.1b", "R3-1.2b")
def test_simultaneous_face_down_play_and_reveal():
    state = card_state([PLAIN[4], PLAIN[2]], [13, 14])
    assert ENGINE.active_roles(state) == ["lancaster", "york"]
    state = do(state, "york", type="play", card=13)
    # the York card is hidden from Lancaster until both are played
    assert ENGINE.view(state, "lancaster")["played"]["york"] == "face down"
    assert ENGINE.view(state, None)["played"]["york"] == "face down"
    assert ENGINE.view(state, "york")["played"]["york"]["card"] == 13
    assert ENGINE.active_roles(state) == ["lancaster"]
    state = do(state, "lancaster", type="play", card=PLAIN[4])
    assert state["player1"] == "lancaster"
    assert (
        state["phase"] == "action"
        and state["action_phase"]["role"] == "lancaster"
        and state["action_phase"]["action_points"] == 4
    )
    assert ENGINE.view(state, None)["played"]["york"]["card"] == 13


@pytest.mark.rule("R3-1.1c")
def test_d1_tie_goes_to_pretender():
    state = fresh()
    assert player_one(state, {"lancaster": 13, "york": 14}) == "york"
    state["king"] = "york"
    assert player_one(state, {"lancaster": 13, "york": 14}) == "lancaster"


@pytest.mark.rule("R3-1.1d", "R3-5.1c")
def test_e6_event_beats_action():
    state = fresh()
    assert player_one(state, {"lancaster": PLAIN[4], "york": EVENT["Muster"]}) == "york"
    assert player_one(state, {"lancaster": EVENT["Plague"], "york": PLAIN[4]}) == "lancaster"


@pytest.mark.rule("R3-1.1e")
def test_d2_both_events_pretender_first():
    state = fresh()
    assert player_one(state, {"lancaster": EVENT["Piracy"], "york": EVENT["Muster"]}) == "york"


def test_english_variant_compares_event_ap():
    state = ENGINE.setup(1, ENGINE.resolve_options({"two_events": "compare_ap"}))
    assert player_one(state, {"lancaster": EVENT["Piracy"], "york": EVENT["Muster"]}) == "lancaster"
    assert player_one(state, {"lancaster": EVENT["Plague"], "york": EVENT["Muster"]}) == "york"


@pytest.mark.rule("R3-1.1f", "R3-1.1g", "R3-1.2a")
def test_must_play_but_may_spend_nothing():
    state = card_state([PLAIN[3]], [PLAIN[2]])
    with pytest.raises(IllegalAction):
        do(state, "york", type="end")
    state = do(state, "york", type="play", card=PLAIN[2])
    state = do(state, "lancaster", type="play", card=PLAIN[3])
    assert state["action_phase"]["role"] == "lancaster"
    state = do(state, "lancaster", type="end")  # 3 AP unspent are lost
    assert state["action_phase"]["role"] == "york" and state["action_phase"]["action_points"] == 2
    state = do(state, "york", type="end")
    assert state["action_phase"] is None


@pytest.mark.rule("R3-5.1b")
def test_event_card_gives_its_ap_and_event():
    state = card_state([EVENT["Treason"]], [PLAIN[2]])
    state = do(state, "york", type="play", card=PLAIN[2])
    state = do(state, "lancaster", type="play", card=EVENT["Treason"])
    assert state["action_phase"]["action_points"] == 1 and state["action_phase"]["event"] == "Treason"
    assert state["turn_record"]["treason"] == "lancaster"


def low_hand_state():
    state = fresh(3)
    low = [20, 21, 22, 23, 24, 2, 4]  # 5 x AP2 + Muster 0 + Plague 0 = 10
    rest = [c for c in state["hands"]["lancaster"] + state["hands"]["york"] + state["deck"] if c not in low]
    high = [7, 8, 9, 10, 11, 12, 13]
    rest = [c for c in rest if c not in high]
    state["hands"] = {"lancaster": low, "york": high}
    state["deck"] = rest
    open_redeal(state)
    return state


@pytest.mark.rule("R3-5.1d", "R3-5.1f")
def test_redeal_claim_opponent_keeps():
    state = low_hand_state()
    assert hand_value(state["hands"]["lancaster"]) == 10
    assert ENGINE.active_roles(state) == ["lancaster", "york"]  # both answer at once
    state = do(state, "york", type="keep")
    state = do(state, "lancaster", type="redeal")
    assert ENGINE.active_roles(state) == ["york"]
    assert {c["action"]["type"] for c in ENGINE.legal_actions(state, "york")} == {"keep", "new_hand"}
    state = do(state, "york", type="keep")
    assert state["hands"]["york"] == [7, 8, 9, 10, 11, 12, 13]
    assert len(state["hands"]["lancaster"]) == 7 and len(state["deck"]) == 11
    assert state["phase"] == "card"


@pytest.mark.rule("R3-5.1e", "R3-5.1f")
def test_redeal_opponent_takes_new_hand_and_only_once():
    state = low_hand_state()
    state = do(state, "lancaster", type="redeal")
    state = do(state, "york", type="keep")
    state = do(state, "york", type="new_hand")
    assert state["redeal"]["used"]
    assert sorted(state["hands"]["lancaster"] + state["hands"]["york"] + state["deck"]) == list(range(1, 26))
    state["hands"]["lancaster"] = [20, 21, 22, 23, 24, 2, 4]
    open_redeal(state)
    assert state["phase"] == "card"  # no second redeal this Campaign


@pytest.mark.rule("R3-5.1d", "R3-0.2b")
def test_redeal_question_does_not_reveal_a_weak_hand():
    """Both players always answer, so the question itself says nothing about the opponent's hand."""
    state = fresh(3)
    state["hands"] = {"lancaster": [7, 8, 9, 10, 11, 12, 13], "york": [14, 15, 16, 17, 18, 19, 25]}
    open_redeal(state)
    assert state["phase"] == "redeal" and ENGINE.active_roles(state) == ["lancaster", "york"]
    assert [c["action"]["type"] for c in ENGINE.legal_actions(state, "york")] == ["keep"]  # 19 AP: no redeal
    low = low_hand_state()
    for role in ("york", None):  # York's and the spectator's views look alike whatever Lancaster holds
        a, b = ENGINE.view(state, role), ENGINE.view(low, role)
        assert a["phase"] == b["phase"] and a["active_roles"] == b["active_roles"]
        assert [e for e in a["log"] if "hand" in ENGINE.text(e["text"], "en").lower() and e.get("for") is None] == []
    state = do(state, "york", type="keep")
    assert state["phase"] == "redeal" and ENGINE.view(state, None)["log"] == ENGINE.view(low, None)["log"]
    state = do(state, "lancaster", type="keep")
    assert state["phase"] == "card"


@pytest.mark.rule("R3-5.1e", "R3-5.1f")
def test_both_claim_a_redeal_all_cards_reshuffled():
    state = fresh(3)
    lan, york = [20, 21, 22, 23, 24, 2, 4], [25, 1, 3, 5, 6, 18, 19]  # 10 and 13 AP
    state["hands"] = {"lancaster": lan, "york": york}
    state["deck"] = [c for c in range(1, 26) if c not in lan + york]
    open_redeal(state)
    state = do(state, "york", type="redeal")
    state = do(state, "lancaster", type="redeal")
    assert state["phase"] == "card" and state["redeal"]["used"]
    assert sorted(state["hands"]["lancaster"] + state["hands"]["york"] + state["deck"]) == list(range(1, 26))
    assert sum("demands a redeal" in ENGINE.text(e["text"], "en") for e in state["log"]) == 2
