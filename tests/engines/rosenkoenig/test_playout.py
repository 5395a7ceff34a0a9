"""Random games: they always end, never raise, replay identically, and keep the invariants (D17)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.base import IllegalAction, Rng, state_hash
from games.engines.base.playout import random_playout, replay
from games.engines.rosenkoenig import ENGINE
from games.engines.rosenkoenig.data.cards import CARD_IDS
from games.engines.rosenkoenig.data.components import STONES


@pytest.mark.parametrize("seed", range(36))
def test_random_playouts_finish_and_replay_to_the_same_hash(seed):
    record = random_playout(ENGINE, seed)
    assert ENGINE.active_roles(record.final_state) == []
    assert ENGINE.result(record.final_state) is not None
    assert state_hash(replay(ENGINE, seed, None, record.actions)) == record.final_hash


def _check_invariants(state: dict) -> None:
    hands = state["hands"]["red"] + state["hands"]["white"]
    # Every card is in exactly one place; hands hold at most 5.
    assert sorted(hands + state["draw_pile"] + state["discard"]) == sorted(CARD_IDS)
    assert all(len(state["hands"][r]) <= 5 for r in ENGINE.roles)
    # D17: deck + discard >= 14, and the draw pile is never empty between turns (A9).
    assert len(state["draw_pile"]) + len(state["discard"]) >= 14
    assert state["draw_pile"]
    assert state["supply"] + len(state["board"]) == STONES
    assert all(0 <= state["heroes"][r] <= 4 for r in ENGINE.roles)


@pytest.mark.rule("RK-DRAW-1", "RK-DRAW-4")
@pytest.mark.parametrize("seed", range(8))
def test_d17_deck_and_discard_hold_14_cards_and_a_short_hand_can_always_draw(seed):
    record = random_playout(ENGINE, seed)
    state = ENGINE.setup(seed, {})
    for role, action in record.actions:
        _check_invariants(state)
        for r in ENGINE.roles:
            if len(state["hands"][r]) < 5 and r in ENGINE.active_roles(state):
                assert {"type": "draw"} in [c["action"] for c in ENGINE.legal_actions(state, r)]
        state = ENGINE.apply(state, role, action)
    _check_invariants(state)


def _all_candidate_actions() -> list[dict]:
    plays = [{"type": kind, "card": card} for kind in ("play", "hero") for card in CARD_IDS]
    return [*plays, {"type": "draw"}]


@settings(max_examples=40)
@given(seed=st.integers(min_value=0, max_value=2**63), chooser_seed=st.integers(min_value=0, max_value=2**32))
def test_random_legal_play_never_raises_ends_and_replays(seed, chooser_seed):
    chooser = Rng.from_seed(chooser_seed)
    state = ENGINE.setup(seed, {})
    taken, hashes = [], []
    candidates = _all_candidate_actions()
    while ENGINE.active_roles(state):
        assert len(taken) < 400
        (role,) = ENGINE.active_roles(state)
        legal = [c["action"] for c in ENGINE.legal_actions(state, role)]
        assert legal, "an active player always has a legal action (forced passes are automatic)"
        # apply accepts exactly the listed actions.
        probe = candidates[chooser.below(len(candidates))]
        if probe not in legal:
            with pytest.raises(IllegalAction):
                ENGINE.apply(state, role, probe)
        action = legal[chooser.below(len(legal))]
        state = ENGINE.apply(state, role, action)
        _check_invariants(state)
        taken.append((role, action))
        hashes.append(state_hash(state))
    assert ENGINE.result(state) is not None
    again = ENGINE.setup(seed, {})
    for (role, action), expected in zip(taken, hashes, strict=True):
        again = ENGINE.apply(again, role, action)
        assert state_hash(again) == expected
