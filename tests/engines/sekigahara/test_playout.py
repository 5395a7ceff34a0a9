"""Random whole games: they finish, never raise, replay identically, and are fast."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction, state_hash
from games.engines.base.playout import random_playout, replay
from games.engines.sekigahara import ENGINE

from .helpers import fresh


@pytest.mark.rule("SK-1a", "SK-1b", "SK-6.1a", "SK-10a")
@pytest.mark.parametrize("seed", range(1, 31))
def test_random_playout_finishes_and_replays(seed: int) -> None:
    record = random_playout(ENGINE, seed)
    state = record.final_state
    assert ENGINE.active_roles(state) == []
    result = ENGINE.result(state)
    assert result["winner"] in ENGINE.roles
    assert state["week"] <= 7
    assert state_hash(replay(ENGINE, seed, None, record.actions)) == record.final_hash


def test_bad_input_is_rejected_without_change() -> None:
    state = fresh(3)
    before = state_hash(state)
    for role, action in (
        ("ishida", {"type": "nonsense"}),
        ("nobody", {"type": "bid", "card": state["hands"]["ishida"][0]}),
        ("ishida", {"type": "bid", "card": "zz"}),
        ("ishida", {"type": "bid"}),
        ("ishida", "not a dict"),
        ("ishida", {"type": "bid", "card": state["hands"]["tokugawa"][0]}),
    ):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, role, action)
    assert state_hash(state) == before


def test_default_action_is_legal_everywhere() -> None:
    record = random_playout(ENGINE, 7)
    state = ENGINE.setup(7, {})
    for role, action in record.actions[:300]:
        for r in ENGINE.active_roles(state):
            default = ENGINE.default_action(state, r)
            assert default in [c["action"] for c in ENGINE.legal_actions(state, r)]
        state = ENGINE.apply(state, role, action)


def test_view_and_svg_render() -> None:
    record = random_playout(ENGINE, 9, max_actions=100_000)
    for role in (None, "ishida", "tokugawa"):
        svg = ENGINE.render_svg(ENGINE.view(record.final_state, role))
        assert svg.startswith("<svg") and svg.endswith("</svg>")


def test_undo_only_for_silent_movement_steps() -> None:
    from .helpers import act, blank, movement, put

    state = blank()
    block = put(state, "mori_2", "ayabe")
    leader = put(state, "ukita_leader", "himeji")
    state = movement(state, "ishida")
    after = act(state, "ishida", type="activate", loc="ayabe")
    assert ENGINE.is_undoable(state, after, "ishida")
    picked = act(after, "ishida", type="add", block=block)
    assert ENGINE.is_undoable(after, picked, "ishida")
    gone = act(picked, "ishida", type="go")
    assert ENGINE.is_undoable(picked, gone, "ishida")
    state2 = act(act(state, "ishida", type="activate", loc="himeji"), "ishida", type="add", block=leader)
    declared = act(state2, "ishida", type="go")  # announces a leader: no take-back
    assert not ENGINE.is_undoable(state2, declared, "ishida")
    bid_state = fresh(3)
    bid = act(bid_state, "ishida", type="bid", card=bid_state["hands"]["ishida"][0])
    assert not ENGINE.is_undoable(bid_state, bid, "ishida")


def test_json_round_trip_every_step_changes_nothing() -> None:
    import json

    record = random_playout(ENGINE, 21)
    state = ENGINE.setup(21, ENGINE.resolve_options({}))
    for role, action in record.actions:
        state = json.loads(json.dumps(state, sort_keys=True))  # stored and reloaded by the platform
        state = ENGINE.apply(state, role, json.loads(json.dumps(action)))
    assert state_hash(state) == record.final_hash
