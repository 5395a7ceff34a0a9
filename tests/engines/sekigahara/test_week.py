"""SK-6, SK-2.2, SK-10: the weekly cycle, the bid, turn order, the end of the game and scoring."""

from __future__ import annotations

import pytest

from games.engines.sekigahara import ENGINE
from games.engines.sekigahara.common import draw_cards, vp_scores
from games.engines.sekigahara.movement import enter_movement
from games.engines.sekigahara.reinforcement import block_draws, enter_reinforcement, extra_card
from games.engines.sekigahara.sequence import TABLE

from .helpers import act, blank, en, fresh, give, put, types


def _week(state: dict, week: int, hand: int) -> dict:
    state["week"] = week
    for role in ("ishida", "tokugawa"):
        state["decks"][role].extend(state["hands"][role])
        state["hands"][role] = []
        draw_cards(state, role, hand)
    enter_reinforcement(state)
    TABLE.run(state, None)  # the sequencer carries out what the step handed over to (the bid)
    return state


@pytest.mark.rule("SK-6.2b", "SK-6.2c", "SK-6.2d", "SK-3.3d")
def test_reinforcement_discard_half_then_draw_five() -> None:
    state = _week(fresh(3), 2, 7)  # EX-01: 7 cards -> discard 3, keep 4
    assert state["phase"] == "discard" and state["discards_owed"] == {"ishida": 3, "tokugawa": 3}
    assert sorted(ENGINE.active_roles(state)) == ["ishida", "tokugawa"]  # simultaneous
    for _ in range(3):
        for role in ("ishida", "tokugawa"):
            state = act(state, role, type="discard", card=state["hands"][role][0])
    # 4 kept + 5 drawn; Tokugawa holds 5 castles to 4 and draws a 6th card
    assert len(state["hands"]["ishida"]) == 9 and len(state["hands"]["tokugawa"]) == 10
    assert len(state["discards"]["ishida"]) == 3
    assert any("discards" in en(e["text"]) and e["for"] is None for e in state["log"])  # shown face up


@pytest.mark.rule("SK-6.2b")
@pytest.mark.parametrize(("hand", "owed"), [(0, 0), (1, 0), (5, 2), (9, 4)])
def test_discard_counts(hand: int, owed: int) -> None:  # DV-14
    state = _week(fresh(3), 3, hand)
    assert state["discards_owed"]["ishida"] == owed


@pytest.mark.rule("SK-6.2d")
def test_castle_tie_gives_no_sixth_card() -> None:  # DV-17
    assert extra_card({"ishida": 8, "tokugawa": 8}) == {"ishida": 0, "tokugawa": 0}
    assert extra_card({"ishida": 9, "tokugawa": 8}) == {"ishida": 1, "tokugawa": 0}


@pytest.mark.rule("SK-6.2e", "SK-6.2f", "SK-6.2g")
def test_block_draws_track_and_resources() -> None:
    assert block_draws(3, {"ishida": 5, "tokugawa": 5}) == {"ishida": 3, "tokugawa": 3}  # DV-15
    assert block_draws(6, {"ishida": 6, "tokugawa": 4}) == {"ishida": 2, "tokugawa": 1}  # DV-16
    assert block_draws(2, {"ishida": 1, "tokugawa": 2}) == {"ishida": 2, "tokugawa": 3}
    state = _week(fresh(3), 5, 0)  # no discards owed: the step completes at once
    reinf = {r: sum(1 for b, w in state["where"].items() if w == "reinf" and b[0] == r[0].upper()) for r in "IT"}
    # week 5: 1 block each, +1 for Tokugawa (Edo vs Kyoto is 1:1, a tie: both +1)
    assert reinf == {"I": 4 + 2, "T": 4 + 2}
    assert state["phase"] == "bid"
    # a short bag gives what it has
    state = fresh(3)
    for b in state["where"]:
        if state["where"][b] == "bag" and b[0] == "I":
            state["where"][b] = "dead"
    put_back = next(b for b, w in state["where"].items() if w == "dead" and state["faces"][b] == "mori_2")
    state["where"][put_back] = "bag"
    state = _week(state, 2, 0)
    assert sum(1 for b, w in state["where"].items() if w == "reinf" and b[0] == "I") == 5


@pytest.mark.rule("SK-6.3a", "SK-6.3b", "SK-6.3c", "SK-6.3d", "SK-6.3e", "SK-3.4c")
def test_bid_reveal_winner_chooses_first() -> None:
    state = blank(2)
    low = give(state, "tokugawa", "tokugawa_single")  # 2
    high = give(state, "ishida", "ishida_loyalty")  # 7
    give(state, "ishida", "mori_single")
    state = act(state, "tokugawa", type="bid", card=low)
    assert ENGINE.active_roles(state) == ["ishida"]
    state = act(state, "ishida", type="bid", card=high)
    assert state["phase"] == "first" and ENGINE.active_roles(state) == ["ishida"]
    assert high in state["discards"]["ishida"] and low in state["discards"]["tokugawa"]
    assert len(state["hands"]["ishida"]) == 1 and state["hands"]["tokugawa"] == []  # not replaced
    state = act(state, "ishida", type="first", player="tokugawa")  # may choose the opponent
    view = ENGINE.view(state, None)
    assert (view["week"], view["turn"], view["first"]) == (1, "A", "tokugawa")
    assert ENGINE.active_roles(state) == ["tokugawa"] and state["phase"] == "level"


@pytest.mark.rule("SK-6.4a", "SK-6.4b", "SK-6.4c", "SK-6.1a", "SK-8.1a")
def test_turn_sequence() -> None:
    state = blank(2)
    for role in ("ishida", "tokugawa"):
        for _ in range(6):
            give(state, role, f"{'mori' if role == 'ishida' else 'date'}_single")
    state = act(state, "ishida", type="bid", card=state["hands"]["ishida"][0])
    state = act(state, "tokugawa", type="bid", card=state["hands"]["tokugawa"][0])
    state = act(state, "tokugawa", type="first", player="ishida")
    seen = []
    while state["week"] == 1:
        role = ENGINE.active_roles(state)[0]
        seen.append((state["turn"], role, state["phase"]))
        state = act(state, role, type="level", level="none")
        state = act(state, role, type="end_movement")
    assert seen == [
        ("A", "ishida", "level"),
        ("A", "tokugawa", "level"),
        ("B", "ishida", "level"),
        ("B", "tokugawa", "level"),
    ]
    assert state["week"] == 2 and state["phase"] in ("discard", "bid")


@pytest.mark.rule("SK-10a", "SK-10b", "SK-2.2a", "SK-2.2b", "SK-2.2c", "SK-2.2d", "SK-4.2c")
def test_end_of_week_7_scores_and_tie_goes_to_ishida() -> None:
    state = blank(2)
    state["week"], state["turn"], state["first"], state["half"] = 7, "B", "tokugawa", 1
    state["resources"].update(kyoto="ishida", kuwana="ishida", kiso="ishida", edo="tokugawa")
    enter_movement(state, "ishida")
    # Ishida 4 castles + 3 resources = 11; Tokugawa 5 castles + 1 = 11 (neutral ones score for nobody)
    assert vp_scores(state) == {"ishida": 11, "tokugawa": 11}
    state = act(state, "ishida", type="level", level="none")
    state = act(state, "ishida", type="end_movement")
    assert ENGINE.active_roles(state) == []
    assert ENGINE.result(state)["winner"] == "ishida"  # DV-19: a tie goes to Ishida
    assert ENGINE.result(state)["scores"] == {"ishida": 11, "tokugawa": 11}
    # a Resource Location that also has a castle would score both: 2 for the castle + 1
    state["resources"]["kuwana"] = "tokugawa"
    assert vp_scores(state)["tokugawa"] == 12


@pytest.mark.rule("SK-3.3f")
def test_empty_deck_reshuffles_discards() -> None:
    state = fresh(2)
    pile = state["decks"]["ishida"]
    state["discards"]["ishida"] = pile[:-1]
    state["decks"]["ishida"] = pile[-1:]
    draw_cards(state, "ishida", 3)
    assert len(state["hands"]["ishida"]) == 8 and state["discards"]["ishida"] == []
    assert any("shuffles" in en(e["text"]) for e in state["log"])


def test_bid_choices_are_the_hand() -> None:
    state = fresh(2)
    assert types(state, "ishida") == ["bid"] * 5
    assert put  # helpers imported for other modules
