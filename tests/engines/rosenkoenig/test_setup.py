"""Setup (RK-SETUP-1…6), the goal and who starts."""

import pytest

from games.engines.base import state_hash
from games.engines.rosenkoenig import ENGINE
from games.engines.rosenkoenig.board import destination
from games.engines.rosenkoenig.data.cards import CARDS

from .helpers import position


@pytest.mark.rule("RK-SETUP-1")
def test_white_sits_at_the_crown_edge_and_red_opposite():
    assert ENGINE.roles == ("red", "white")
    # "N" (toward the crown) is toward White: the picture shows White's side above the board.
    svg = ENGINE.render_svg(ENGINE.view(ENGINE.setup(1, {}), None))
    assert svg.index(">White<") < svg.index('fill="#eadbb8"') < svg.index(">Red<")
    assert destination([5, 5], "N1") == (4, 5)


@pytest.mark.rule("RK-SETUP-2")
def test_one_common_supply_of_52_used_by_both_players():
    state = position({"red": ["E1", "N1"], "white": ["W2", "S1"]})
    assert state["supply"] == 52
    state = ENGINE.apply(state, "red", {"type": "play", "card": "E1"})
    state = ENGINE.apply(state, "white", {"type": "play", "card": "W2"})
    assert state["supply"] == 50


@pytest.mark.rule("RK-SETUP-3")
@pytest.mark.parametrize("seed", range(10))
def test_shuffle_and_deal_five_each_with_fourteen_in_the_draw_pile(seed):
    state = ENGINE.setup(seed, {})
    assert len(state["hands"]["red"]) == 5
    assert len(state["hands"]["white"]) == 5
    assert len(state["draw_pile"]) == 14
    assert state["discard"] == []
    assert len(set(state["hands"]["red"] + state["hands"]["white"] + state["draw_pile"])) == 24
    # Deterministic per seed, and different seeds deal differently.
    assert state_hash(ENGINE.setup(seed, {})) == state_hash(state)
    assert ENGINE.setup(seed + 100, {})["draw_pile"] != state["draw_pile"]


@pytest.mark.rule("RK-SETUP-4")
def test_hands_are_open_and_cards_point_the_same_way_for_both_players():
    state = ENGINE.setup(2, {})
    for viewer in ("red", "white", None):
        view = ENGINE.view(state, viewer)
        assert view["hands"] == state["hands"]
    # The same card moves the crown the same way whoever plays it (no per-player rotation).
    red = ENGINE.apply(position({"red": ["N1", "S1"], "white": ["N2"]}), "red", {"type": "play", "card": "N1"})
    white = ENGINE.apply(
        position({"red": ["S3"], "white": ["N1", "S1"]}, turn="white"), "white", {"type": "play", "card": "N1"}
    )
    assert red["crown"] == white["crown"] == [4, 5]


@pytest.mark.rule("RK-SETUP-5")
def test_each_player_has_four_heroes_beside_the_five_power_cards():
    state = ENGINE.setup(4, {})
    assert state["heroes"] == {"red": 4, "white": 4}
    assert all(card in CARDS for card in state["hands"]["red"] + state["hands"]["white"])
    assert ENGINE.view(state, "white")["heroes"] == {"red": 4, "white": 4}


@pytest.mark.rule("RK-SETUP-6")
def test_crown_starts_on_the_sun_and_the_board_is_empty():
    state = ENGINE.setup(6, {})
    assert state["crown"] == [5, 5]
    assert state["board"] == {}
    assert state["supply"] == 52


@pytest.mark.rule("RK-PLAY-1")
def test_red_moves_first_then_players_alternate():
    state = ENGINE.setup(7, {})
    assert ENGINE.active_roles(state) == ["red"]
    assert ENGINE.legal_actions(state, "white") == []
    state = ENGINE.apply(state, "red", ENGINE.legal_actions(state, "red")[0]["action"])
    assert ENGINE.active_roles(state) == ["white"]
    state = ENGINE.apply(state, "white", ENGINE.legal_actions(state, "white")[0]["action"])
    assert ENGINE.active_roles(state) == ["red"]
