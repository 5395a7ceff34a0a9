"""Random whole games on Bosworth and on the test battle: they end, never raise, replay identically."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction, state_hash
from games.engines.base.playout import policy_names, random_playout, replay
from games.engines.blood_and_roses import ENGINE

from .helpers import bosworth, fresh


@pytest.mark.rule("BR-1.0a", "BR-2.3a")
@pytest.mark.parametrize("seed", range(1, 9))
def test_random_bosworth_finishes_and_replays(seed: int) -> None:
    record = random_playout(ENGINE, seed)
    state = record.final_state
    assert ENGINE.active_roles(state) == []
    result = ENGINE.result(state)
    assert result["winner"] in (*ENGINE.roles, None) and result["reason"]
    assert state_hash(replay(ENGINE, seed, None, record.actions)) == record.final_hash
    assert all(0 <= e["dr"] <= 9 for e in state["log"] if "dr" in e)


@pytest.mark.parametrize("seed", range(1, 5))
def test_random_games_on_the_test_battle_finish(seed: int) -> None:
    from games.engines.base import Rng

    state = fresh(seed)
    chooser = Rng.from_seed(seed)
    steps = 0
    while ENGINE.active_roles(state):
        role = ENGINE.active_roles(state)[0]
        choices = ENGINE.legal_actions(state, role)
        assert choices, f"{role} has no choice in phase {state['phase']}"
        state = ENGINE.apply(state, role, chooser.choice(choices)["action"])
        steps += 1
        assert steps < 5000
    assert ENGINE.result(state) is not None


def test_bad_input_is_rejected_without_change() -> None:
    state = bosworth(3)
    before = state_hash(state)
    for role, action in (
        ("lancaster", {"type": "nonsense"}),
        ("nobody", {"type": "pass"}),
        ("york", {"type": "pass"}),
        ("lancaster", "not a dict"),
        ("lancaster", {"type": "activate", "battle": "norfolk"}),
        ("lancaster", {"type": "activate", "battle": "william"}),
    ):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, role, action)
    assert state_hash(state) == before


def test_default_action_is_a_legal_pass_like_choice() -> None:
    state = bosworth(2)
    assert ENGINE.default_action(state, "lancaster") == {"type": "pass"}
    assert ENGINE.default_action(state, "york") is None
    state = ENGINE.apply(state, "lancaster", {"type": "activate", "battle": "oxford"})
    assert state["phase"] == "opening"  # York's Treachery! has a use: York is asked first (BR-6.3j)
    assert ENGINE.default_action(state, "york") == {"type": "let_begin"}
    state = ENGINE.apply(state, "york", {"type": "let_begin"})
    assert ENGINE.default_action(state, "lancaster") == {"type": "end_moves"}


@pytest.mark.parametrize("seed", (4, 5))
def test_apply_never_changes_its_input(seed: int) -> None:
    from games.engines.base import Rng

    state = fresh(seed)
    chooser = Rng.from_seed(seed)
    while ENGINE.active_roles(state):
        role = ENGINE.active_roles(state)[0]
        before = state_hash(state)
        new = ENGINE.apply(state, role, chooser.choice(ENGINE.legal_actions(state, role))["action"])
        assert state_hash(state) == before
        state = new


def close_quarters(seed: int) -> dict:
    """The test battle with the Lancastrians moved up to contact: random play then fights a lot."""
    state = fresh(seed)
    for unit in state["units"].values():
        if unit["hex"] and state["battles"][unit["battle"]]["side"] == "lancaster":
            unit["hex"] = f"{int(unit['hex'][:2]) - 13:02d}{unit['hex'][2:]}"
    for leader in state["leaders"].values():
        if leader["side"] == "lancaster" and leader["hex"]:
            leader["hex"] = f"{int(leader['hex'][:2]) - 13:02d}{leader['hex'][2:]}"
    return state


@pytest.mark.rule("BR-10.0a", "BR-10.0g")
@pytest.mark.parametrize("policy", ("purposeful", "mixed"))
@pytest.mark.parametrize("seed", range(1, 4))
def test_playouts_that_seek_battle_keep_one_unit_a_hex_and_end(policy: str, seed: int) -> None:
    record = random_playout(ENGINE, seed, policy=policy)  # raises on a stack or a player without a choice
    assert ENGINE.result(record.final_state) is not None
    assert any(
        "shocks" in ENGINE.text(e["text"]) or "charges" in ENGINE.text(e["text"]) for e in record.final_state["log"]
    )
    assert state_hash(replay(ENGINE, seed, None, record.actions)) == record.final_hash


@pytest.mark.rule("BR-10.0a")
def test_the_stacking_invariant_names_two_units_in_one_hex_but_not_a_unit_passing_through() -> None:
    state = bosworth(1)
    assert ENGINE.invariant_violations(state) == []
    first, second = sorted(state["units"])[:2]
    state["units"][second]["hex"] = state["units"][first]["hex"]
    assert ENGINE.invariant_violations(state) == [
        f"{first} and {second} share hex {state['units'][first]['hex']} (BR-10.0a)"
    ]
    state["selected"] = second  # moving through a friendly unit (BR-10.0c)
    assert ENGINE.invariant_violations(state) == []


@pytest.mark.parametrize("seed", range(1, 25))
def test_random_close_combat_games_never_fail_and_end(seed: int) -> None:
    from games.engines.base import Rng

    state = close_quarters(seed)
    chooser = Rng.from_seed(seed)
    kinds = set()
    steps = 0
    while ENGINE.active_roles(state):
        role = ENGINE.active_roles(state)[0]
        choices = ENGINE.legal_actions(state, role)
        assert choices, f"{role} has no choice in phase {state['phase']}"
        fighting = [c for c in choices if c["action"]["type"] in ("shock", "charge", "fire", "join", "pursue")]
        choice = chooser.choice(fighting or choices)
        kinds.add(choice["action"]["type"])
        state = ENGINE.apply(state, role, choice["action"])
        assert ENGINE.invariant_violations(state) == []
        steps += 1
        assert steps < 5000
    assert ENGINE.result(state) is not None
    assert kinds & {"shock", "charge", "fire"}


@pytest.mark.parametrize("seed", (3, 7))
def test_the_default_action_is_always_legal_and_pass_like(seed: int) -> None:
    state = close_quarters(seed)
    steps = 0
    while ENGINE.active_roles(state) and steps < 3000:
        role = ENGINE.active_roles(state)[0]
        legal = [c["action"] for c in ENGINE.legal_actions(state, role)]
        action = ENGINE.default_action(state, role)
        assert action in legal
        if state["phase"] == "join":
            assert action == {"type": "resolve"}
        state = ENGINE.apply(state, role, action)
        steps += 1
    assert ENGINE.result(state) is not None  # timed-out players alone still finish the battle


@pytest.mark.parametrize("seed", range(1, 13))
def test_apply_never_changes_its_input_in_close_combat(seed: int) -> None:
    from games.engines.base import Rng

    state = close_quarters(seed)
    chooser = Rng.from_seed(seed)
    while ENGINE.active_roles(state):
        role = ENGINE.active_roles(state)[0]
        choices = ENGINE.legal_actions(state, role)
        fighting = [
            c for c in choices if c["action"]["type"] in ("shock", "charge", "fire", "join", "pursue", "return")
        ]
        before = state_hash(state)
        new = ENGINE.apply(state, role, chooser.choice(fighting or choices)["action"])
        assert state_hash(state) == before
        state = new


def test_the_playout_policies_on_offer() -> None:
    assert policy_names(ENGINE) == ["uniform", "purposeful", "tactical", "mixed"]
    with pytest.raises(ValueError, match="no policy 'clever'"):
        random_playout(ENGINE, 1, policy="clever")


def test_the_playout_command_plays_mixed_games_and_counts_contact() -> None:
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("playout", "blood_and_roses", "--games", "2", stdout=out)
    assert "2 games (mixed)" in out.getvalue() and "2 reached contact, 0 failures" in out.getvalue()
