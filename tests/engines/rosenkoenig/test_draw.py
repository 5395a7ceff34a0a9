"""Action 2, drawing (RK-DRAW-1…4) and derived checks D8, D9, D16."""

import pytest

from games.engines.base import IllegalAction
from games.engines.rosenkoenig import ENGINE
from games.engines.rosenkoenig.data.cards import CARD_IDS

from .helpers import actions, en, position

WHITE_HAND = ["S1", "S2", "S3", "SW1", "SW2"]


@pytest.mark.rule("RK-DRAW-1", "RK-PLAY-3")
def test_d9_a_full_hand_may_not_draw_and_must_play():
    state = position({"red": ["N1", "N2", "N3", "E1", "E2"], "white": WHITE_HAND})
    legal = actions(state, "red")
    assert {"type": "draw"} not in legal
    assert legal and all(a["type"] == "play" for a in legal)
    with pytest.raises(IllegalAction, match="may not draw"):
        ENGINE.apply(state, "red", {"type": "draw"})


@pytest.mark.rule("RK-DRAW-1", "RK-PLAY-3")
def test_d8_four_cards_one_playable_may_play_or_draw_but_not_pass():
    # Crown at (1,1): only S, I is playable.
    state = position({"red": ["N1", "W1", "NW1", "S1"], "white": WHITE_HAND}, crown=(1, 1), board={(1, 1): "white"})
    assert actions(state, "red") == [{"type": "play", "card": "S1"}, {"type": "draw"}]
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, "red", {"type": "pass"})


@pytest.mark.rule("RK-DRAW-1")
def test_the_top_card_is_drawn_and_a_hand_never_exceeds_five():
    state = position({"red": ["N1", "N2", "N3", "E1"], "white": WHITE_HAND})
    top = state["draw_pile"][0]
    after = ENGINE.apply(state, "red", {"type": "draw"})
    assert top in after["hands"]["red"]
    assert len(after["hands"]["red"]) == 5
    assert after["draw_pile"] == state["draw_pile"][1:]


@pytest.mark.rule("RK-DRAW-2")
def test_the_drawn_card_lies_face_up_for_everyone():
    state = position({"red": ["N1"], "white": WHITE_HAND})
    top = state["draw_pile"][0]
    after = ENGINE.apply(state, "red", {"type": "draw"})
    for viewer in ("red", "white", None):
        assert top in ENGINE.view(after, viewer)["hands"]["red"]


@pytest.mark.rule("RK-DRAW-3")
def test_a_draw_takes_one_card_and_is_the_whole_turn():
    state = position({"red": ["N1", "N2"], "white": WHITE_HAND})
    after = ENGINE.apply(state, "red", {"type": "draw"})
    assert len(after["hands"]["red"]) == 3
    assert after["board"] == state["board"]
    assert after["crown"] == state["crown"]
    assert ENGINE.active_roles(after) == ["white"]


@pytest.mark.rule("RK-DRAW-4")
def test_d16_drawing_the_last_card_reshuffles_the_discard_pile_at_once():
    hands = {"red": ["N1", "N2", "N3", "E1"], "white": WHITE_HAND}
    rest = [c for c in CARD_IDS if c not in hands["red"] + hands["white"]]
    state = position(hands, draw_pile=rest[:1], discard=rest[1:], heroes={"red": 2, "white": 1})
    after = ENGINE.apply(state, "red", {"type": "draw"})
    assert rest[0] in after["hands"]["red"]
    assert after["discard"] == []
    assert sorted(after["draw_pile"]) == sorted(rest[1:])
    assert len(after["draw_pile"]) == 14
    assert after["heroes"] == {"red": 2, "white": 1}  # heroes are never shuffled in
    assert after["rng"] != state["rng"]
    assert "reshuffled" in en(after["log"][-1]["text"])
    # The shuffle comes from the seeded RNG: the same state reshuffles the same way.
    assert ENGINE.apply(state, "red", {"type": "draw"})["draw_pile"] == after["draw_pile"]
