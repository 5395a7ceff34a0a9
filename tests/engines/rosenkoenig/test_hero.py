"""Action 3, a hero with a power card (RK-HERO-1…6) and derived checks D3, D4."""

import pytest

from games.engines.base import IllegalAction
from games.engines.rosenkoenig import ENGINE

from .helpers import actions, cell, position

WHITE_HAND = ["S1", "S2", "S3", "SW1", "SW2"]


@pytest.mark.rule("RK-MOVE-3", "RK-HERO-1")
def test_d3_no_hero_left_means_no_landing_on_an_enemy_stone():
    state = position({"red": ["N2", "E1"], "white": WHITE_HAND}, board={(3, 5): "white"}, heroes={"red": 0, "white": 4})
    legal = actions(state, "red")
    assert all(a.get("card") != "N2" for a in legal)
    with pytest.raises(IllegalAction, match="only a hero"):
        ENGINE.apply(state, "red", {"type": "play", "card": "N2"})
    with pytest.raises(IllegalAction, match="no hero cards left"):
        ENGINE.apply(state, "red", {"type": "hero", "card": "N2"})


@pytest.mark.rule("RK-HERO-2", "RK-HERO-3", "RK-HERO-4", "RK-HERO-5")
def test_d4_a_hero_flips_the_enemy_stone_and_leaves_the_game():
    state = position(
        {"red": ["N2", "E1"], "white": WHITE_HAND},
        board={(3, 5): "white", (6, 6): "red"},
        heroes={"red": 1, "white": 4},
    )
    assert {"type": "hero", "card": "N2"} in actions(state, "red")
    after = ENGINE.apply(state, "red", {"type": "hero", "card": "N2"})
    assert cell(after, 3, 5) == "red"
    assert after["crown"] == [3, 5]
    assert after["heroes"] == {"red": 0, "white": 4}
    assert after["supply"] == state["supply"]
    assert len(after["board"]) == len(state["board"])
    assert after["discard"] == ["N2"]
    assert after["hands"]["red"] == ["E1"]


@pytest.mark.rule("RK-HERO-1", "RK-HERO-5")
def test_each_hero_is_used_once_and_after_four_action_three_is_gone():
    state = position(
        {"red": ["N1", "S1", "E1", "W1", "NE1"], "white": WHITE_HAND},
        board={(4, 5): "white", (6, 5): "white", (5, 6): "white", (5, 4): "white", (4, 6): "white"},
    )
    # Re-centre the crown before each hero so that every card lands on a white stone.
    for i, card in enumerate(["N1", "S1", "E1", "W1"]):
        state["crown"], state["turn"] = [5, 5], "red"
        state = ENGINE.apply(state, "red", {"type": "hero", "card": card})
        assert state["heroes"]["red"] == 3 - i
    state["crown"], state["turn"] = [5, 5], "red"
    assert all(a["type"] != "hero" for a in actions(state, "red"))
    with pytest.raises(IllegalAction, match="no hero cards left"):
        ENGINE.apply(state, "red", {"type": "hero", "card": "NE1"})


@pytest.mark.rule("RK-HERO-2")
def test_a_hero_move_keeps_every_other_movement_rule():
    state = position({"red": ["E2", "N1", "S1"], "white": WHITE_HAND}, crown=(5, 8), board={(4, 8): "red"})
    with pytest.raises(IllegalAction, match="off the board"):
        ENGINE.apply(state, "red", {"type": "hero", "card": "E2"})
    with pytest.raises(IllegalAction, match="own stone"):
        ENGINE.apply(state, "red", {"type": "hero", "card": "N1"})
    # A2: a hero is never spent on an empty cell.
    with pytest.raises(IllegalAction, match="empty"):
        ENGINE.apply(state, "red", {"type": "hero", "card": "S1"})
    assert all(a["type"] != "hero" for a in actions(state, "red"))


@pytest.mark.rule("RK-HERO-3")
def test_white_flips_a_red_stone_too():
    state = position({"red": ["N1"], "white": ["SE1", "N3"]}, board={(6, 6): "red"}, turn="white")
    after = ENGINE.apply(state, "white", {"type": "hero", "card": "SE1"})
    assert cell(after, 6, 6) == "white"
    assert after["crown"] == [6, 6]


@pytest.mark.rule("RK-HERO-4")
def test_a_flip_uses_no_stone_so_it_never_ends_the_game_on_stones():
    state = position({"red": ["N1", "E1"], "white": WHITE_HAND}, board={(4, 5): "white"}, supply=1)
    after = ENGINE.apply(state, "red", {"type": "hero", "card": "N1"})
    assert after["supply"] == 1
    assert ENGINE.active_roles(after) == ["white"]


@pytest.mark.rule("RK-HERO-6")
def test_heroes_do_not_count_toward_the_hand_limit():
    state = position({"red": ["N1", "N2", "N3", "E1"], "white": WHITE_HAND}, heroes={"red": 4, "white": 4})
    assert {"type": "draw"} in actions(state, "red")
    after = ENGINE.apply(state, "red", {"type": "draw"})
    assert len(after["hands"]["red"]) == 5
    assert after["heroes"]["red"] == 4
