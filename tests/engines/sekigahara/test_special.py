"""SK-9.3: the Mori area."""

from __future__ import annotations

import pytest

from .helpers import act, actions, blank, give, movement, put, types


@pytest.mark.rule("SK-9.3a", "SK-9.3b", "SK-9.3c", "SK-4.4c")
def test_mori_blocks_enter_osaka_one_per_card_leader_last() -> None:
    state = blank()
    box = [put(state, "mori_terumoto", "mori")] + [put(state, "mori_3", "mori") for _ in range(4)]
    cards = [
        give(state, "ishida", k) for k in ("mori_single", "ukita_single", "uesugi_single", "mori_sword", "ukita_sword")
    ]
    foe = put(state, "date_2", "osaka")
    put(state, "ukita_2", "osaka")
    put(state, "ukita_3", "osaka")
    state = movement(state, "ishida", "none")
    state["movement"]["moved"].extend(b for b, w in state["where"].items() if w == "osaka" and b[0] == "I")
    for i in range(5):
        offered = actions(state, "ishida", "mori")
        assert offered
        state = act(state, "ishida", **offered[0])
        arrived = [b for b in box if state["where"][b] == "osaka"]
        assert len(arrived) == i + 1
        assert (box[0] in arrived) == (i == 4)  # the Mori leader comes last
        if i == 1:
            assert state["where"][foe] == "dead"  # 4:1 on arrival: an overrun (SK-9.3b)
    assert "mori" not in types(state, "ishida")  # the box is empty; nothing ever returns to it
    assert all(c in state["discards"]["ishida"] for c in cards)
    assert "osaka" not in [a["loc"] for a in actions(state, "ishida", "activate")]  # they cannot move now


def test_tokugawa_has_no_mori_area() -> None:
    state = blank()
    put(state, "mori_3", "mori")
    give(state, "tokugawa", "date_single")
    state = movement(state, "tokugawa", "full")
    assert "mori" not in types(state, "tokugawa")
