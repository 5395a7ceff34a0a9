"""Turn structure, forced passes and the end of the game (RK-PLAY-2…5, RK-END-1…3; D7, D10, D11)."""

import pytest

from games.engines.base import IllegalAction
from games.engines.rosenkoenig import ENGINE

from .helpers import actions, en, position

WHITE_HAND = ["S1", "S2", "S3", "SW1", "SW2"]


@pytest.mark.rule("RK-PLAY-2")
def test_a_turn_is_exactly_one_of_the_three_actions():
    state = position(
        {"red": ["N1", "E2", "S1"], "white": WHITE_HAND}, board={(4, 5): "white"}, heroes={"red": 4, "white": 4}
    )
    legal = actions(state, "red")
    assert {a["type"] for a in legal} == {"play", "draw", "hero"}
    for action in legal:
        after = ENGINE.apply(state, "red", action)
        # One action and the turn is over: White is to move and at most one cell changed.
        assert ENGINE.active_roles(after) == ["white"]
        changed = {
            k for k in set(after["board"]) | set(state["board"]) if after["board"].get(k) != state["board"].get(k)
        }
        assert len(changed) == (0 if action["type"] == "draw" else 1)


@pytest.mark.rule("RK-PLAY-3")
def test_there_is_no_voluntary_pass():
    state = ENGINE.setup(11, {})
    assert all(choice["action"]["type"] in ("play", "draw", "hero") for choice in ENGINE.legal_actions(state, "red"))
    with pytest.raises(IllegalAction, match="Unknown action type"):
        ENGINE.apply(state, "red", {"type": "pass"})


def _zugzwang_position(red_extra: str) -> dict:
    """Red moves NW, III from (4,4) to the corner (1,1); White's five cards all leave the board from row 1."""
    return position(
        {"red": ["NW3", red_extra], "white": ["N1", "N2", "N3", "NW1", "NE1"]},
        crown=(4, 4),
        board={(4, 4): "white"},
        heroes={"red": 4, "white": 4},
    )


@pytest.mark.rule("RK-PLAY-4", "RK-PLAY-5")
def test_d7_a_player_who_cannot_act_passes_and_the_opponent_moves_again():
    state = ENGINE.apply(_zugzwang_position("E3"), "red", {"type": "play", "card": "NW3"})
    assert ENGINE.legal_actions(state, "white") == []
    assert ENGINE.active_roles(state) == ["red"]
    assert "White cannot make any legal move and must pass" in en(state["log"][-1]["text"])
    # Red moves again (E, III to (1,4)); White still has nothing there and passes again.
    state = ENGINE.apply(state, "red", {"type": "play", "card": "E3"})
    assert state["crown"] == [1, 4]
    assert ENGINE.active_roles(state) == ["red"]


@pytest.mark.rule("RK-PLAY-5")
def test_the_passing_player_resumes_as_soon_as_he_can_act():
    state = ENGINE.apply(_zugzwang_position("S1"), "red", {"type": "play", "card": "NW3"})
    assert ENGINE.active_roles(state) == ["red"]
    # S, I to (2,1): White's NE, I now reaches (1,2) and N, I the red stone at (1,1), so White moves next.
    state = ENGINE.apply(state, "red", {"type": "play", "card": "S1"})
    assert ENGINE.active_roles(state) == ["white"]
    assert actions(state, "white") == [{"type": "play", "card": "NE1"}, {"type": "hero", "card": "N1"}]


def _blocked_position() -> dict:
    """Crown in the corner (1,1). Red holds 4 dead cards and will draw a fifth; White holds 5 dead cards:
    off-board moves, Red's S, II onto an own stone, White's S, I onto a red stone with no hero left."""
    return position(
        {"red": ["N1", "N2", "S2", "W1"], "white": ["W3", "NW1", "NW2", "NE1", "S1"]},
        crown=(1, 1),
        board={(1, 1): "red", (2, 1): "red", (3, 1): "red"},
        heroes={"red": 4, "white": 0},
        draw_pile=["W2", "E1"],
    )


@pytest.mark.rule("RK-END-1", "RK-END-3")
def test_d10_both_hold_five_dead_cards_and_the_game_ends():
    state = _blocked_position()
    assert actions(state, "red") == [{"type": "draw"}]
    after = ENGINE.apply(state, "red", {"type": "draw"})
    assert ENGINE.active_roles(after) == []
    assert after["end"] == "blocked"
    result = ENGINE.result(after)
    assert result["winner"] == "red"
    assert result["scores"] == {"red": 9, "white": 0}
    assert "neither player can make a legal move" in en(result["reason"])


@pytest.mark.rule("RK-END-2", "RK-END-3")
def test_d11_the_52nd_stone_ends_the_game_at_once():
    state = position({"red": ["N1", "E1"], "white": WHITE_HAND}, supply=1)
    assert actions(state, "white") == []  # not White's turn
    after = ENGINE.apply(state, "red", {"type": "play", "card": "N1"})
    assert after["supply"] == 0
    assert ENGINE.active_roles(after) == []
    assert after["end"] == "stones"
    assert "last stone" in en(ENGINE.result(after)["reason"])
    # White could still have moved (S, I from (4,5) is free), but no further turns are taken.
    after["turn"] = "white"
    with pytest.raises(IllegalAction, match="game is over"):
        ENGINE.apply(after, "white", {"type": "play", "card": "S1"})


@pytest.mark.rule("RK-END-3")
def test_after_the_end_no_one_may_act_and_the_territories_are_scored():
    state = ENGINE.apply(_blocked_position(), "red", {"type": "draw"})
    for role in ENGINE.roles:
        assert ENGINE.legal_actions(state, role) == []
        with pytest.raises(IllegalAction, match="game is over"):
            ENGINE.apply(state, role, {"type": "draw"})
    assert ENGINE.result(state)["scores"] == {"red": 9, "white": 0}
    assert en(ENGINE.view(state, None)["prompt"]).startswith("Game over")


@pytest.mark.rule("RK-GOAL-1")
@pytest.mark.parametrize("seed", range(5))
def test_the_larger_territory_wins_a_finished_game(seed):
    from games.engines.base.playout import random_playout

    state = random_playout(ENGINE, seed).final_state
    result = ENGINE.result(state)
    scores = result["scores"]
    if scores["red"] != scores["white"]:
        assert result["winner"] == max(scores, key=scores.get)
