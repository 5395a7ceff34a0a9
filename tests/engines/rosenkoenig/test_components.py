"""Components (RK-COMP-1…5) against the data module and a fresh game."""

import itertools

import pytest

from games.engines.rosenkoenig import ENGINE
from games.engines.rosenkoenig.board import destination, on_board
from games.engines.rosenkoenig.data.cards import CARDS
from games.engines.rosenkoenig.data.components import BOARD_SIZE, CENTRE, DIRECTIONS, HEROES_PER_PLAYER, STONES

from .helpers import cell, position


@pytest.mark.rule("RK-COMP-1")
def test_board_is_a_9x9_grid_with_the_sun_in_the_centre_and_the_crown_edge_north():
    assert BOARD_SIZE == 9
    assert CENTRE == (5, 5)
    cells = [(r, c) for r in range(0, 11) for c in range(0, 11) if on_board(r, c)]
    assert len(cells) == 81
    assert ENGINE.setup(3, {})["crown"] == [5, 5]
    # N (the printed crown edge) is row 1.
    assert destination([5, 5], "N3") == (2, 5)
    assert destination([1, 5], "N1") is None


@pytest.mark.rule("RK-COMP-2")
def test_52_stones_each_showing_exactly_one_colour():
    assert STONES == 52
    state = position({"red": ["N2"], "white": ["S1"]}, board={(3, 5): "white"}, heroes={"red": 1, "white": 4})
    state = ENGINE.apply(state, "red", {"type": "hero", "card": "N2"})
    # The same stone is now turned to its red side: one stone, one colour.
    assert cell(state, 3, 5) == "red"
    assert len(state["board"]) == 1
    assert set(state["board"].values()) <= {"red", "white"}


@pytest.mark.rule("RK-COMP-3")
def test_24_power_cards_one_per_direction_and_distance():
    assert len(CARDS) == 24
    assert {(c["direction"], c["distance"]) for c in CARDS.values()} == set(itertools.product(DIRECTIONS, (1, 2, 3)))
    assert CARDS["NE3"]["label"] == "NE, III"
    assert CARDS["W1"]["label"] == "W, I"
    state = ENGINE.setup(5, {})
    assert sorted(state["hands"]["red"] + state["hands"]["white"] + state["draw_pile"]) == sorted(CARDS)


@pytest.mark.rule("RK-COMP-4")
def test_four_hero_cards_per_player():
    assert HEROES_PER_PLAYER == 4
    assert ENGINE.setup(5, {})["heroes"] == {"red": 4, "white": 4}


@pytest.mark.rule("RK-COMP-5")
def test_one_crown_moved_by_both_players():
    state = position({"red": ["E3", "N1"], "white": ["W1", "S1"]})
    state = ENGINE.apply(state, "red", {"type": "play", "card": "E3"})
    assert state["crown"] == [5, 8]
    state = ENGINE.apply(state, "white", {"type": "play", "card": "W1"})
    assert state["crown"] == [5, 7]
    assert (cell(state, 5, 8), cell(state, 5, 7)) == ("red", "white")
