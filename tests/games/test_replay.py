"""The log is append-only (in Python and in PostgreSQL) and tampering is found by verification."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, transaction

from games import services
from games.models import Action, Snapshot
from tests.conftest import requires_postgres
from tests.helpers import play_first_legal

pytestmark = pytest.mark.django_db


def test_orm_refuses_update_and_delete(rk_match, alice, bob):
    play_first_legal(rk_match, {"red": alice, "white": bob}, steps=2)
    record = Action.objects.filter(match=rk_match).first()
    record.payload = {"type": "draw"}
    with pytest.raises(TypeError, match="append-only"):
        record.save()
    with pytest.raises(TypeError, match="append-only"):
        record.delete()
    with pytest.raises(TypeError, match="append-only"):
        Action.objects.filter(match=rk_match).update(role="white")
    with pytest.raises(TypeError, match="append-only"):
        Action.objects.filter(match=rk_match).delete()


def _tamper(record_id: int, payload_json: str) -> None:
    """Change a row behind the ORM's back, as an intruder with database access would."""
    with connection.cursor() as cursor:
        cursor.execute("UPDATE games_action SET payload = %s WHERE id = %s", [payload_json, record_id])


@requires_postgres
def test_postgres_trigger_refuses_update_and_delete(rk_match, alice, bob):
    play_first_legal(rk_match, {"red": alice, "white": bob}, steps=2)
    record = Action.objects.filter(match=rk_match).first()
    for sql in ("UPDATE games_action SET role = 'x' WHERE id = %s", "DELETE FROM games_action WHERE id = %s"):
        with pytest.raises(Exception, match="append-only"), transaction.atomic(), connection.cursor() as cur:
            cur.execute(sql, [record.pk])
    assert Action.objects.filter(match=rk_match).count() == 2


@pytest.mark.skipif(connection.vendor == "postgresql", reason="the trigger forbids tampering on PostgreSQL")
def test_tampered_record_is_found_by_replay_verify(rk_match, alice, bob, capsys):
    match = play_first_legal(rk_match, {"red": alice, "white": bob}, steps=6)
    call_command("replay_match", match.pk, "--verify")
    target = Action.objects.get(match=match, seq=3)
    _tamper(target.pk, '{"type": "draw"}')
    with pytest.raises(CommandError, match="Verification failed"):
        call_command("replay_match", match.pk, "--verify")
    out = capsys.readouterr().out
    assert "first mismatch: action #3: hash does not match its content" in out
    match.refresh_from_db()
    assert match.replay_failed


def test_tampered_cache_and_snapshot_are_found(rk_match, alice, bob, settings, capsys):
    settings.SNAPSHOT_INTERVAL = 2
    match = play_first_legal(rk_match, {"red": alice, "white": bob}, steps=4)
    snapshot = Snapshot.objects.filter(match=match).first()
    snapshot.state = {**snapshot.state, "tampered": True}
    snapshot.save()
    with pytest.raises(CommandError):
        call_command("replay_match", match.pk, "--verify")
    assert f"snapshot @{snapshot.seq}: differs" in capsys.readouterr().out


def test_replay_without_verify_prints_state(rk_match, alice, bob, capsys):
    play_first_legal(rk_match, {"red": alice, "white": bob}, steps=3)
    call_command("replay_match", rk_match.pk)
    assert f"rosenkoenig #{rk_match.pk}: #3 state" in capsys.readouterr().out
    with pytest.raises(CommandError, match="No match"):
        call_command("replay_match", 4242)


def test_verify_undo_and_resign_records(rk_match, alice, bob):
    from tests.helpers import a_play_action

    services.submit_action(rk_match.pk, alice, "red", a_play_action(rk_match, "red"), 0)
    services.undo(rk_match.pk, alice, "red")
    rk_match.refresh_from_db()
    services.submit_action(rk_match.pk, alice, "red", a_play_action(rk_match, "red"), 2)
    services.resign(rk_match.pk, bob, "white")
    call_command("replay_match", rk_match.pk, "--verify")


def test_reads_replay_stored_moves_without_checking_them_again_and_verification_checks(
    rk_match, alice, bob, monkeypatch
):
    """A read (the board after a record) trusts the moves this engine accepted when they were recorded;
    verification replays each through ``apply`` and its checks."""
    from games.replay import check, position_at

    match = play_first_legal(rk_match, {"red": alice, "white": bob}, steps=6)
    expected = position_at(match, 4).state
    checked = []
    engine = type(match.engine)
    monkeypatch.setattr(engine, "check_legal", lambda self, *args: checked.append(args))
    assert position_at(match, 4).state == expected and checked == []
    assert check(match).problems == [] and len(checked) == 6
