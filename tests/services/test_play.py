"""games.services.play: the one write path for moves, undo and resignation. Every refusal leaves the log
exactly as it was."""

import pytest

from games import services
from games.models import Action, ActionKind, MatchStatus, Snapshot
from games.replay import verify
from tests.helpers import a_play_action, play_first_legal

pytestmark = pytest.mark.django_db


def log_of(match):
    return list(Action.objects.filter(match=match).values_list("seq", "hash"))


def test_submit_appends_a_chained_record(rk_match, alice):
    action = a_play_action(rk_match, "red")
    record = services.submit_action(rk_match.pk, alice, "red", action, expected_seq=0)
    rk_match.refresh_from_db()
    assert (record.seq, record.kind, record.role, record.payload) == (1, ActionKind.MOVE, "red", action)
    assert record.hash == record.compute_hash() and rk_match.head_hash == record.hash
    assert rk_match.seq == 1 and rk_match.active_roles == ["white"]
    assert rk_match.seats.get(role="white").is_active
    assert verify(rk_match) == []


@pytest.mark.parametrize(
    ("who", "role", "action", "seq", "error", "message"),
    [
        ("bob", "red", "play", 0, services.NotAllowed, "do not hold the Red seat"),
        ("bob", "white", "play", 0, services.NotAllowed, "not White's turn"),
        ("alice", "red", "play", 5, services.Conflict, "Stale"),
        ("alice", "red", {"type": "fly"}, 0, services.IllegalMove, r"\w"),
        ("alice", "red", {"type": "play", "card": "nope"}, 0, services.IllegalMove, r"\w"),
    ],
)
def test_refused_submissions_change_nothing(rk_match, alice, bob, who, role, action, seq, error, message):
    user = {"alice": alice, "bob": bob}[who]
    if action == "play":
        action = a_play_action(rk_match, "red")
    before = (log_of(rk_match), rk_match.state_hash)
    with pytest.raises(error, match=message):
        services.submit_action(rk_match.pk, user, role, action, seq)
    rk_match.refresh_from_db()
    assert (log_of(rk_match), rk_match.state_hash) == before


def test_idempotency_key_returns_the_first_result(rk_match, alice):
    action = a_play_action(rk_match, "red")
    first = services.submit_action(rk_match.pk, alice, "red", action, 0, idempotency_key="k-1")
    again = services.submit_action(rk_match.pk, alice, "red", action, 0, idempotency_key="k-1")
    assert again.pk == first.pk
    assert Action.objects.filter(match=rk_match).count() == 1
    with pytest.raises(services.Conflict, match="different action"):
        services.submit_action(rk_match.pk, alice, "red", {"type": "draw"}, 1, idempotency_key="k-1")


def test_undo_retracts_own_last_move(rk_match, alice, bob):
    start_hash = rk_match.state_hash
    services.submit_action(rk_match.pk, alice, "red", a_play_action(rk_match, "red"), 0)
    record = services.undo(rk_match.pk, alice, "red")
    rk_match.refresh_from_db()
    assert record.kind == ActionKind.UNDO and record.payload == {"retracts": [1]}
    assert rk_match.state_hash == start_hash and rk_match.active_roles == ["red"]
    assert Action.objects.filter(match=rk_match).count() == 2  # nothing deleted
    assert verify(rk_match) == []


def test_undo_refused_after_opponent_acted_or_for_others(rk_match, alice, bob):
    services.submit_action(rk_match.pk, alice, "red", a_play_action(rk_match, "red"), 0)
    with pytest.raises(services.IllegalMove, match="your own"):
        services.undo(rk_match.pk, bob, "white")
    rk_match.refresh_from_db()
    services.submit_action(rk_match.pk, bob, "white", a_play_action(rk_match, "white"), 1)
    with pytest.raises(services.IllegalMove, match="your own"):
        services.undo(rk_match.pk, alice, "red")


def test_undo_refused_when_hidden_information_was_revealed(alice, bob):
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    match.refresh_from_db()
    services.submit_action(match.pk, alice, "red", a_play_action(match, "red"), 0)  # red holds 4 cards now
    match.refresh_from_db()
    services.submit_action(match.pk, bob, "white", a_play_action(match, "white"), 1)
    match.refresh_from_db()
    services.submit_action(match.pk, alice, "red", {"type": "draw"}, 2)  # reveals the top card
    with pytest.raises(services.IllegalMove, match="revealed hidden information"):
        services.undo(match.pk, alice, "red")


def test_resign_finishes_with_the_opponent_winning(rk_match, bob):
    services.resign(rk_match.pk, bob, "white")
    rk_match.refresh_from_db()
    assert rk_match.status == MatchStatus.FINISHED
    assert rk_match.result["winner"] == "red" and rk_match.active_roles == []
    with pytest.raises(services.Conflict, match="finished"):
        services.submit_action(rk_match.pk, bob, "white", {"type": "draw"}, rk_match.seq)
    assert verify(rk_match) == []


def test_whole_game_snapshots_and_replay(rk_match, alice, bob, settings):
    settings.SNAPSHOT_INTERVAL = 5
    match = play_first_legal(rk_match, {"red": alice, "white": bob})
    assert match.status == MatchStatus.FINISHED and match.result is not None
    assert Snapshot.objects.filter(match=match).count() == match.seq // 5
    assert verify(match) == []


def test_banned_player_cannot_act(rk_match, alice):
    from django.utils import timezone

    alice.profile.banned_at = timezone.now()
    alice.profile.save()
    with pytest.raises(services.NotAllowed, match="suspended"):
        services.submit_action(rk_match.pk, alice, "red", a_play_action(rk_match, "red"), 0)


def test_undo_after_snapshots_restores_the_exact_earlier_state(rk_match, alice, bob, settings):
    """The state before the undone move is rebuilt from the nearest snapshot, never from the cache."""
    settings.SNAPSHOT_INTERVAL = 3
    users = {"red": alice, "white": bob}
    match = play_first_legal(rk_match, users, steps=7)
    role = match.active_roles[0]
    hash_before = match.state_hash
    services.submit_action(match.pk, users[role], role, a_play_action(match, role), match.seq)
    services.undo(match.pk, users[role], role)
    match.refresh_from_db()
    assert match.state_hash == hash_before
    assert verify(match) == []
