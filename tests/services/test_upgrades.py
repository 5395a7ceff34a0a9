"""Engine upgrades of live matches (ARCHITECTURE §2.2): upgraded in the log, or flagged; never silently."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from games import services
from games.engines.base import state_hash
from games.models import Action, ActionKind, Match, MatchStatus, Snapshot
from games.replay import check, replayable_from, verify
from games.since_last_move import log_records
from notifications.models import Kind, Notification
from tests.helpers import a_play_action

from .upgrade_helpers import NEW, OLD, MarkedRosenkoenig, NoDrawRosenkoenig, play_with_a_draw

pytestmark = pytest.mark.django_db


@pytest.fixture
def users(alice, bob):
    return {"red": alice, "white": bob}


def upgrade(capsys, *args) -> str:
    call_command("upgrade_matches", *args)
    return capsys.readouterr().out


def frozen(match: Match) -> tuple:
    """Everything an upgrade may change."""
    match.refresh_from_db()
    return (
        list(match.actions.values_list("seq", "hash")),
        list(match.snapshots.values_list("seq", "state_hash")),
        match.engine_version,
        match.state_hash,
        match.flagged,
        match.flag_reason,
        match.upgrade_refused,
        Notification.objects.count(),
    )


def test_a_match_whose_records_are_all_still_legal_is_upgraded(rk_match, users, engine_bump, settings, capsys):
    settings.SNAPSHOT_INTERVAL = 2
    match = play_with_a_draw(rk_match, users)
    old_hash = match.state_hash
    engine_bump(MarkedRosenkoenig)

    out = upgrade(capsys)

    match.refresh_from_db()
    record = match.actions.order_by("-seq").first()
    assert f"match #{match.pk} v{OLD}→v{NEW}: upgraded (UPGRADE record #6)" in out and "upgraded 1, refused 0" in out
    assert (record.seq, record.kind, record.user) == (6, ActionKind.UPGRADE, None)
    assert record.payload == {
        "from_version": OLD,
        "to_version": NEW,
        "old_state_hash": old_hash,
        "changes": f"v{NEW}: Every step is counted.",
    }
    assert match.engine_version == NEW and match.state["steps"] == 5
    assert record.state_hash == match.state_hash == state_hash(match.state) != old_hash
    assert all(s.state["steps"] == s.seq for s in Snapshot.objects.filter(match=match))
    told = Notification.objects.filter(match=match, kind=Kind.UPGRADED)
    assert {n.user for n in told} == set(users.values())
    assert all(n.payload["changes"] == f"v{NEW}: Every step is counted." and n.seq == 6 for n in told)

    found = check(match)
    assert found.problems == [] and "records #1–#5 recorded on older engine versions" in found.older
    # Play goes on under the new rules, and verifies.
    role = match.active_roles[0]
    services.submit_action(match.pk, users[role], role, a_play_action(match, role), match.seq)
    match.refresh_from_db()
    assert verify(match) == []
    call_command("replay_match", match.pk, "--verify")
    assert f"rosenkoenig #{match.pk}: OK (7 records verified; records #1–#5" in capsys.readouterr().out


def test_a_match_with_a_record_the_new_rules_refuse_is_flagged_and_left_alone(rk_match, users, engine_bump, capsys):
    match = play_with_a_draw(rk_match, users)
    before = frozen(match)
    engine_bump(NoDrawRosenkoenig)

    out = upgrade(capsys)

    assert "record #3 refused: Drawing is no longer allowed" in out and "refused 1 (flagged" in out
    after = frozen(match)
    assert after[:4] == before[:4] and after[-1] == before[-1]  # log, snapshots, version, state, no mail
    assert match.flagged and match.upgrade_refused == {
        "to_version": NEW,
        "seq": 3,
        "reason": "Drawing is no longer allowed",
    }
    assert f"Upgrade to engine version {NEW} refused at #3: Drawing is no longer allowed" in match.flag_reason


@pytest.mark.parametrize("engine_class", [MarkedRosenkoenig, NoDrawRosenkoenig])
def test_a_dry_run_writes_nothing(rk_match, users, engine_bump, engine_class, capsys):
    match = play_with_a_draw(rk_match, users)
    before = frozen(match)
    engine_bump(engine_class)

    out = upgrade(capsys, "--dry-run")

    assert frozen(match) == before
    assert "Dry run, nothing written" in out
    assert ("would upgrade" in out) == (engine_class is MarkedRosenkoenig)
    assert ("would be flagged" in out) == (engine_class is NoDrawRosenkoenig)


@pytest.mark.parametrize("engine_class", [MarkedRosenkoenig, NoDrawRosenkoenig])
def test_running_twice_changes_nothing_the_second_time(rk_match, users, engine_bump, engine_class, capsys):
    match = play_with_a_draw(rk_match, users)
    engine_bump(engine_class)
    upgrade(capsys)
    once = frozen(match)

    out = upgrade(capsys)

    assert frozen(match) == once
    assert "upgraded 0, refused 0" in out
    assert ("still refused 1" in out) == (engine_class is NoDrawRosenkoenig)


def test_only_live_matches_of_the_chosen_game_and_match_are_upgraded(rk_match, users, alice, bob, engine_bump, capsys):
    play_with_a_draw(rk_match, users)
    other = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(other.pk, bob, "white")
    finished = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(finished.pk, bob, "white")
    services.resign(finished.pk, bob, "white")
    engine_bump(MarkedRosenkoenig)

    assert "upgraded 0" in upgrade(capsys, "--game", "richard3")
    assert "upgraded 1" in upgrade(capsys, "--match", str(other.pk))
    assert "upgraded 1" in upgrade(capsys)  # rk_match; the finished match keeps its version
    versions = dict(Match.objects.values_list("pk", "engine_version"))
    assert versions == {rk_match.pk: NEW, other.pk: NEW, finished.pk: OLD}
    with pytest.raises(CommandError, match="No game"):
        upgrade(capsys, "--game", "chess")


def test_a_finished_match_on_an_older_engine_stays_verifiable(rk_match, users, engine_bump, capsys):
    match = play_with_a_draw(rk_match, users)
    services.resign(match.pk, users["white"], "white")
    engine_bump(MarkedRosenkoenig)

    call_command("replay_match", match.pk, "--verify")

    out = capsys.readouterr().out
    assert f"OLDER ENGINE — recorded on an older engine (version {OLD}, the engine is at {NEW})" in out
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and not match.replay_failed
    call_command("replay_match", match.pk)
    assert f"#6 recorded on engine version {OLD} (now {NEW}): not replayed" in capsys.readouterr().out


@pytest.mark.skipif(connection.vendor == "postgresql", reason="the trigger forbids tampering on PostgreSQL")
def test_a_tampered_record_of_an_old_version_match_is_still_reported_as_tampered(rk_match, users, engine_bump, capsys):
    match = play_with_a_draw(rk_match, users)
    engine_bump(MarkedRosenkoenig)
    target = Action.objects.get(match=match, seq=2)
    with connection.cursor() as cursor:
        cursor.execute("UPDATE games_action SET role = 'red' WHERE id = %s", [target.pk])

    with pytest.raises(CommandError, match="Verification failed"):
        call_command("replay_match", match.pk, "--verify")

    out = capsys.readouterr().out
    assert "TAMPERED — first mismatch: action #2: hash does not match its content" in out
    match.refresh_from_db()
    assert match.replay_failed


def test_a_broken_cache_of_an_old_version_match_is_reported_as_broken(rk_match, users, engine_bump, capsys):
    match = play_with_a_draw(rk_match, users)
    engine_bump(MarkedRosenkoenig)
    Match.objects.filter(pk=match.pk).update(state_hash="0" * 64)

    with pytest.raises(CommandError):
        call_command("replay_match", match.pk, "--verify")

    assert "BROKEN — first mismatch: cache: cached state differs" in capsys.readouterr().out


def test_history_before_an_upgrade_is_refused_clearly_and_undo_does_not_cross_it(
    rk_match, users, engine_bump, api_for, capsys
):
    match = play_with_a_draw(rk_match, users)
    engine_bump(MarkedRosenkoenig)
    upgrade(capsys)
    client = api_for(users["red"])

    old = client.get(f"/api/matches/{match.pk}/events/", {"seq": 3})
    assert old.status_code == 400 and "older version of the Rosenkönig rules" in old.json()["detail"]
    assert client.get(f"/api/matches/{match.pk}/events/", {"seq": 6}).status_code == 200

    match.refresh_from_db()
    mover = "red" if match.active_roles == ["white"] else "white"
    with pytest.raises(services.IllegalMove, match="upgraded since"):
        services.undo(match.pk, users[mover], mover)


def test_the_log_in_brief_tells_the_upgrade_as_the_query_does(rk_match, users, engine_bump, capsys):
    match = play_with_a_draw(rk_match, users)
    assert replayable_from(Match.objects.get(pk=match.pk), log_records(match)) == 0
    engine_bump(MarkedRosenkoenig)
    upgrade(capsys)
    match = Match.objects.get(pk=match.pk)
    from_records = replayable_from(Match.objects.get(pk=match.pk), log_records(match))
    assert from_records == replayable_from(match) == 6  # the UPGRADE record


def test_a_match_on_an_older_engine_accepts_no_action_until_upgraded(rk_match, users, engine_bump, capsys):
    match = play_with_a_draw(rk_match, users)
    engine_bump(MarkedRosenkoenig)
    role = match.active_roles[0]
    with pytest.raises(services.Conflict, match="being upgraded"):
        services.submit_action(match.pk, users[role], role, a_play_action(match, role), match.seq)
    upgrade(capsys)
    match.refresh_from_db()
    services.submit_action(match.pk, users[role], role, a_play_action(match, role), match.seq)
