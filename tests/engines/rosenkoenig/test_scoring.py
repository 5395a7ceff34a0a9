"""Scoring (RK-SCORE-1…8): the worked example E1 and derived checks D12-D15."""

import pytest

from games.engines.rosenkoenig.board import cell_key
from games.engines.rosenkoenig.scoring import decide, region_sizes, scores

from .helpers import en


def board(red: list[tuple[int, int]] = (), white: list[tuple[int, int]] = ()) -> dict[str, str]:
    return {**{cell_key(*c): "red" for c in red}, **{cell_key(*c): "white" for c in white}}


def runs(sizes: list[int], rows: list[int]) -> list[tuple[int, int]]:
    """Lay regions out as horizontal runs with one empty cell between them, row after row."""
    cells, row_index, col = [], 0, 1
    for size in sizes:
        if col + size - 1 > 9:
            row_index, col = row_index + 1, 1
        cells += [(rows[row_index], c) for c in range(col, col + size)]
        col += size + 1
    return cells


def test_runs_helper_builds_separate_regions():
    assert region_sizes(board(red=runs([3, 2, 1, 1, 1, 1], [1, 3])), "red") == [3, 2, 1, 1, 1, 1]


@pytest.mark.rule("RK-SCORE-3", "RK-SCORE-4", "RK-SCORE-5", "RK-GOAL-1")
def test_e1_white_8_2_1_scores_69_and_red_5_2_2_1_scores_34():
    # A real layout: White's 8 is an L, its 2 and 1 lie apart; Red's regions wedge between them.
    white = [
        *[(2, 2), (2, 3), (2, 4), (2, 5), (2, 6), (3, 6), (4, 6), (5, 6)],  # 8
        *[(7, 2), (8, 2)],  # 2
        (5, 4),  # 1
    ]
    red = [
        *[(3, 2), (3, 3), (3, 4), (3, 5), (4, 5)],  # 5
        *[(6, 6), (6, 7)],  # 2
        *[(7, 3), (8, 3)],  # 2
        (1, 1),  # 1
    ]
    layout = board(red, white)
    assert region_sizes(layout, "white") == [8, 2, 1]
    assert region_sizes(layout, "red") == [5, 2, 2, 1]
    assert scores(layout) == {"red": 34, "white": 69}
    result = decide(layout)
    assert result["winner"] == "white"
    assert result["scores"] == {"red": 34, "white": 69}
    assert sum(region_sizes(layout, "white")) == 11
    assert sum(region_sizes(layout, "red")) == 10


@pytest.mark.rule("RK-SCORE-1", "RK-SCORE-3")
def test_d12_a_2x2_square_is_one_region_of_4_worth_16():
    layout = board(red=[(4, 4), (4, 5), (5, 4), (5, 5)])
    assert region_sizes(layout, "red") == [4]
    assert scores(layout)["red"] == 16


@pytest.mark.rule("RK-SCORE-2")
def test_d13_diagonal_contact_does_not_join_regions():
    layout = board(white=[(4, 4), (5, 5)])
    assert region_sizes(layout, "white") == [1, 1]
    assert scores(layout)["white"] == 2


@pytest.mark.rule("RK-SCORE-1")
def test_every_stone_belongs_to_exactly_one_region_of_its_colour():
    # A red line cut by a white stone is two red regions; the white stone is its own region.
    layout = board(red=[(5, 1), (5, 2), (5, 4), (5, 5), (5, 6), (4, 6)], white=[(5, 3), (6, 3), (6, 4)])
    assert region_sizes(layout, "red") == [4, 2]
    assert region_sizes(layout, "white") == [3]
    assert sum(region_sizes(layout, "red")) == 6


@pytest.mark.rule("RK-SCORE-4")
def test_a_lone_stone_is_worth_one_and_regions_add_up():
    layout = board(red=[(1, 1)], white=[(9, 9), (9, 8), (7, 7)])
    assert scores(layout) == {"red": 1, "white": 4 + 1}


@pytest.mark.rule("RK-SCORE-5")
def test_the_higher_score_wins_even_with_fewer_stones():
    layout = board(red=runs([3], [1]), white=runs([1, 1, 1, 1, 1], [5]))
    assert scores(layout) == {"red": 9, "white": 5}
    assert decide(layout)["winner"] == "red"


@pytest.mark.rule("RK-SCORE-6")
def test_d14_tied_scores_the_larger_largest_region_wins():
    layout = board(red=runs([4, 2], [1, 3]), white=runs([3, 3, 1, 1], [7, 9]))
    assert scores(layout) == {"red": 20, "white": 20}
    result = decide(layout)
    assert result["winner"] == "red"
    assert "largest region" in en(result["reason"])


@pytest.mark.rule("RK-SCORE-7")
def test_d15_tied_scores_and_largest_region_more_stones_wins():
    # D15 asks for 12 against 11 stones, but a score has the parity of its stone count (n² ≡ n),
    # so equal scores need equal parity: 12 against 10 is the nearest possible layout.
    layout = board(red=runs([3, 2, 1, 1, 1, 1, 1, 1, 1], [1, 3, 5]), white=runs([3, 2, 2, 1, 1, 1], [7, 9]))
    assert scores(layout) == {"red": 20, "white": 20}
    assert sum(region_sizes(layout, "red")) == 12
    assert sum(region_sizes(layout, "white")) == 10
    result = decide(layout)
    assert result["winner"] == "red"
    assert "stones on the board" in en(result["reason"])


@pytest.mark.rule("RK-SCORE-8")
def test_a_complete_tie_is_a_draw():
    layout = board(red=runs([3, 1], [1]), white=runs([3, 1], [9]))
    result = decide(layout)
    assert result["winner"] is None
    assert result["scores"] == {"red": 10, "white": 10}
    assert en(result["reason"]).startswith("Draw")
