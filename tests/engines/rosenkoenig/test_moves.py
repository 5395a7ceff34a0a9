"""Action 1, playing a power card (RK-MOVE-1…8, RK-PLAY-6) and derived checks D1, D2, D5, D6."""

import pytest

from games.engines.base import IllegalAction
from games.engines.rosenkoenig import ENGINE

from .helpers import actions, cell, position

WHITE_HAND = ["S1", "S2", "S3", "SW1", "SW2"]


@pytest.mark.rule("RK-MOVE-1", "RK-MOVE-2", "RK-MOVE-6", "RK-MOVE-7")
def test_d1_red_opens_with_e_iii():
    state = position({"red": ["E3", "N1", "N2", "W1", "NW1"], "white": WHITE_HAND})
    after = ENGINE.apply(state, "red", {"type": "play", "card": "E3"})
    assert after["crown"] == [5, 8]
    assert cell(after, 5, 8) == "red"
    assert after["discard"] == ["E3"]
    assert len(after["hands"]["red"]) == 4
    assert after["supply"] == 51


@pytest.mark.rule("RK-MOVE-1")
@pytest.mark.parametrize(
    ("card", "target"),
    [
        ("N1", [4, 5]),
        ("NE2", [3, 7]),
        ("E3", [5, 8]),
        ("SE1", [6, 6]),
        ("S2", [7, 5]),
        ("SW3", [8, 2]),
        ("W1", [5, 4]),
        ("NW3", [2, 2]),
    ],
)
def test_each_direction_moves_the_crown_in_board_terms(card, target):
    state = position({"red": [card], "white": WHITE_HAND})
    assert ENGINE.apply(state, "red", {"type": "play", "card": card})["crown"] == target


@pytest.mark.rule("RK-MOVE-2")
def test_the_crown_moves_exactly_the_cards_distance_never_shorter():
    # (5,8) is free but (5,7) and (5,6) are too: E, III still lands only on (5,8).
    state = position({"red": ["E3"], "white": WHITE_HAND}, board={(5, 8): "white"}, heroes={"red": 0, "white": 4})
    assert actions(state, "red") == [{"type": "draw"}]
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, "red", {"type": "play", "card": "E3"})


@pytest.mark.rule("RK-MOVE-3")
def test_action_one_needs_an_empty_destination():
    state = position({"red": ["N2", "E1"], "white": WHITE_HAND}, board={(3, 5): "white"})
    assert {"type": "play", "card": "N2"} not in actions(state, "red")
    with pytest.raises(IllegalAction, match="only a hero"):
        ENGINE.apply(state, "red", {"type": "play", "card": "N2"})


@pytest.mark.rule("RK-MOVE-4")
def test_d2_a_card_that_leaves_the_board_cannot_be_played():
    state = position({"red": ["E2", "E1", "N1"], "white": WHITE_HAND}, crown=(5, 8), board={(5, 8): "red"})
    legal = actions(state, "red")
    assert {"type": "play", "card": "E2"} not in legal
    assert {"type": "play", "card": "E1"} in legal  # (5,9) is the last column
    with pytest.raises(IllegalAction, match="off the board"):
        ENGINE.apply(state, "red", {"type": "play", "card": "E2"})


@pytest.mark.rule("RK-MOVE-5")
def test_d6_the_crown_jumps_over_occupied_cells():
    state = position({"red": ["NE3"], "white": WHITE_HAND}, board={(4, 6): "white", (3, 7): "red"})
    after = ENGINE.apply(state, "red", {"type": "play", "card": "NE3"})
    assert after["crown"] == [2, 8]
    assert cell(after, 2, 8) == "red"
    assert (cell(after, 4, 6), cell(after, 3, 7)) == ("white", "red")


@pytest.mark.rule("RK-MOVE-6")
def test_the_stone_shows_the_movers_colour_and_carries_the_crown():
    state = position({"red": ["N1"], "white": ["S2", "E1"]}, turn="white")
    after = ENGINE.apply(state, "white", {"type": "play", "card": "S2"})
    assert cell(after, 7, 5) == "white"
    assert after["crown"] == [7, 5]
    assert after["supply"] == state["supply"] - 1


@pytest.mark.rule("RK-MOVE-7")
def test_a_played_card_is_discarded_face_up_without_a_replacement():
    state = position({"red": ["N1", "S1", "E1"], "white": WHITE_HAND}, discard=["W3"])
    after = ENGINE.apply(state, "red", {"type": "play", "card": "S1"})
    assert after["hands"]["red"] == ["N1", "E1"]
    assert after["discard"] == ["W3", "S1"]
    assert after["draw_pile"] == state["draw_pile"]
    assert ENGINE.view(after, "white")["discard"] == ["W3", "S1"]


@pytest.mark.rule("RK-MOVE-8")
def test_d5_never_onto_an_own_stone_even_with_a_hero():
    state = position({"red": ["N2", "E1"], "white": WHITE_HAND}, board={(3, 5): "red"}, heroes={"red": 4, "white": 4})
    legal = actions(state, "red")
    assert all(a.get("card") != "N2" for a in legal)
    for kind in ("play", "hero"):
        with pytest.raises(IllegalAction, match="own stone"):
            ENGINE.apply(state, "red", {"type": kind, "card": "N2"})


@pytest.mark.rule("RK-PLAY-6")
def test_every_move_starts_where_the_last_stone_was_placed_or_flipped():
    state = position({"red": ["E3", "N2", "S1"], "white": ["W1", "SW1"]}, board={(4, 6): "red"})
    state = ENGINE.apply(state, "red", {"type": "play", "card": "E3"})  # (5,8)
    state = ENGINE.apply(state, "white", {"type": "play", "card": "W1"})  # (5,7)
    assert state["crown"] == [5, 7]
    # Red's N, II starts from (5,7), White's last stone.
    state = ENGINE.apply(state, "red", {"type": "play", "card": "N2"})
    assert state["crown"] == [3, 7]
    # White flips the red stone at (4,6); Red's next move starts from that flipped stone.
    state = ENGINE.apply(state, "white", {"type": "hero", "card": "SW1"})
    assert state["crown"] == [4, 6]
    state = ENGINE.apply(state, "red", {"type": "play", "card": "S1"})
    assert state["crown"] == [5, 6]
