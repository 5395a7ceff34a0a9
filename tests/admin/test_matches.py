"""Every moderator action on a match, through the admin with the test client: effect, audit, players told."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import services, signals
from games.engines.base import state_hash
from games.models import Action, ActionKind, Match, MatchStatus, ModerationRecord, Seat
from games.replay import position_at, verify
from tests.helpers import a_play_action, play_first_legal

from .conftest import act_url, change_url

pytestmark = pytest.mark.django_db


def audited(action: str, match, moderator, reason: str, told) -> ModerationRecord:
    """The one audit record of ``action``, and the proof the players were told about it."""
    record = ModerationRecord.objects.get(action=action)
    assert (record.moderator, record.match_id, record.reason) == (moderator, match.pk, reason)
    assert record.created_at is not None
    assert (match.pk, record) in told
    return record


def played(match, alice, bob, steps: int):
    return play_first_legal(match, {"red": alice, "white": bob}, steps)


def test_extend_deadline(mod_client, moderator, rk_match, told):
    deadline = timezone.now() + timedelta(hours=2)
    Seat.objects.filter(match=rk_match, role="red").update(deadline=deadline)
    response = mod_client.post(act_url(rk_match, "extend_deadline"), {"role": "red", "hours": 24, "reason": "ill"})
    assert response.status_code == 302 and response.url == change_url(rk_match)
    new = rk_match.seats.get(role="red").deadline
    assert new == deadline + timedelta(hours=24)
    record = audited("extend_deadline", rk_match, moderator, "ill", told)
    assert record.before == {"role": "red", "deadline": deadline.isoformat()}
    assert record.after == {"role": "red", "deadline": new.isoformat()}


def test_extend_refusals_change_nothing(mod_client, rk_match, told):
    no_reason = mod_client.post(act_url(rk_match, "extend_deadline"), {"role": "red", "hours": 5, "reason": " "})
    assert no_reason.status_code == 400
    no_clock = mod_client.post(act_url(rk_match, "extend_deadline"), {"role": "red", "hours": 5, "reason": "x"})
    assert no_clock.status_code == 400 and b"no running deadline" in no_clock.content
    assert not ModerationRecord.objects.exists() and told == []


def test_pause_and_resume(mod_client, moderator, rk_match, alice, told):
    sent = []
    for signal in (signals.match_paused, signals.match_resumed):
        signal.connect(
            lambda sender, match, s=signal, **kw: sent.append((s, match.status)), weak=False, dispatch_uid="clocks"
        )
    try:
        mod_client.post(act_url(rk_match, "pause"), {"reason": "dispute"})
        rk_match.refresh_from_db()
        assert rk_match.status == MatchStatus.PAUSED and rk_match.paused_at is not None
        with pytest.raises(services.Conflict, match="paused"):
            services.submit_action(rk_match.pk, alice, "red", a_play_action(rk_match, "red"), rk_match.seq)
        audited("pause", rk_match, moderator, "dispute", told)

        mod_client.post(act_url(rk_match, "resume"), {"reason": "settled"})
        rk_match.refresh_from_db()
        assert rk_match.status == MatchStatus.ACTIVE and rk_match.paused_at is None
        record = audited("resume", rk_match, moderator, "settled", told)
        assert record.before["status"] == MatchStatus.PAUSED
    finally:
        signals.match_paused.disconnect(dispatch_uid="clocks")
        signals.match_resumed.disconnect(dispatch_uid="clocks")
    assert sent == [(signals.match_paused, MatchStatus.PAUSED), (signals.match_resumed, MatchStatus.ACTIVE)]


def test_adjudicate(mod_client, moderator, rk_match, alice, bob, told):
    played(rk_match, alice, bob, 3)
    response = mod_client.post(act_url(rk_match, "adjudicate"), {"winner": "white", "reason": "red cheated"})
    assert response.status_code == 302
    rk_match.refresh_from_db()
    assert rk_match.status == MatchStatus.FINISHED and rk_match.result["winner"] == "white"
    last = rk_match.actions.get(seq=rk_match.seq)
    assert (last.kind, last.user, last.reason) == (ActionKind.ADJUDICATE, moderator, "red cheated")
    record = audited("adjudicate", rk_match, moderator, "red cheated", told)
    assert record.before["status"] == MatchStatus.ACTIVE and record.after["result"]["winner"] == "white"
    assert verify(rk_match) == []


def test_replace_player(mod_client, moderator, rk_match, alice, bob, carol, told):
    played(rk_match, alice, bob, 1)
    log = list(rk_match.actions.values_list("seq", "hash", "user"))
    form = {"role": "white", "username": "carol", "reason": "x"}
    response = mod_client.post(act_url(rk_match, "replace_player"), form)
    assert response.status_code == 302
    assert rk_match.seats.get(role="white").user == carol
    assert list(rk_match.actions.values_list("seq", "hash", "user")) == log
    record = audited("replace_player", rk_match, moderator, "x", told)
    assert (record.before, record.after) == ({"role": "white", "user": "bob"}, {"role": "white", "user": "carol"})
    rk_match.refresh_from_db()
    services.submit_action(rk_match.pk, carol, "white", a_play_action(rk_match, "white"), rk_match.seq)
    with pytest.raises(services.NotAllowed):
        services.undo(rk_match.pk, bob, "white")


def test_replace_refuses_a_seated_or_unknown_user(mod_client, rk_match, alice):
    seated = mod_client.post(act_url(rk_match, "replace_player"), {"role": "white", "username": "alice", "reason": "x"})
    assert seated.status_code == 400 and b"already holds a seat" in seated.content
    unknown = mod_client.post(act_url(rk_match, "replace_player"), {"role": "white", "username": "zed", "reason": "x"})
    assert unknown.status_code == 400 and b"No user" in unknown.content
    assert not ModerationRecord.objects.exists()


def test_rewind_then_replay_verify_passes(mod_client, moderator, rk_match, alice, bob, told):
    played(rk_match, alice, bob, 5)
    wanted = position_at(rk_match, 2).state
    response = mod_client.post(act_url(rk_match, "rewind"), {"to_seq": 2, "reason": "engine bug"})
    assert response.status_code == 302
    rk_match.refresh_from_db()
    rewind = rk_match.actions.get(seq=6)
    assert (rewind.kind, rewind.payload, rewind.user) == (ActionKind.REWIND, {"retracts": [3, 4, 5]}, moderator)
    assert rk_match.state_hash == state_hash(wanted) and rk_match.actions.count() == 6  # nothing deleted
    record = audited("rewind", rk_match, moderator, "engine bug", told)
    assert (record.before["seq"], record.after["seq"], record.after["retracts"]) == (5, 6, [3, 4, 5])
    call_command("replay_match", str(rk_match.pk), "--verify")
    rk_match.refresh_from_db()
    assert not rk_match.replay_failed
    played(rk_match, alice, bob, 2)  # play goes on from there
    assert verify(rk_match) == []


def test_rewind_reopens_a_finished_match(mod_client, rk_match, alice, bob):
    played(rk_match, alice, bob, 2)
    mod_client.post(act_url(rk_match, "adjudicate"), {"winner": "red", "reason": "abandoned by white"})
    mod_client.post(act_url(rk_match, "rewind"), {"to_seq": 2, "reason": "white was ill"})
    rk_match.refresh_from_db()
    assert rk_match.status == MatchStatus.ACTIVE and rk_match.result is None and rk_match.finished_at is None
    assert rk_match.actions.get(seq=4).payload == {"retracts": [3]}
    call_command("replay_match", str(rk_match.pk), "--verify")


def test_rewind_refuses_a_position_that_cannot_be_restored(mod_client, rk_match, alice, bob):
    services.submit_action(rk_match.pk, alice, "red", a_play_action(rk_match, "red"), 0)
    services.undo(rk_match.pk, alice, "red")  # #2 retracts #1
    played(rk_match, alice, bob, 2)  # #3, #4
    response = mod_client.post(act_url(rk_match, "rewind"), {"to_seq": 1, "reason": "x"})
    assert response.status_code == 400 and b"retracted or replaced since" in response.content
    assert rk_match.actions.count() == 4 and not ModerationRecord.objects.exists()


def test_cancel(mod_client, moderator, rk_match, alice, bob, told):
    played(rk_match, alice, bob, 2)
    mod_client.post(act_url(rk_match, "cancel"), {"reason": "both players left"})
    rk_match.refresh_from_db()
    assert rk_match.status == MatchStatus.ABANDONED and rk_match.finished_at is not None
    assert not rk_match.seats.filter(is_active=True).exists()
    assert rk_match.actions.count() == 2 and verify(rk_match) == []
    record = audited("cancel", rk_match, moderator, "both players left", told)
    assert record.before == {"status": MatchStatus.ACTIVE}
    with pytest.raises(services.Conflict):
        services.submit_action(rk_match.pk, alice, "red", a_play_action(rk_match, "red"), rk_match.seq)


def test_clear_flag(mod_client, moderator, rk_match, told):
    Match.objects.filter(pk=rk_match.pk).update(flagged=True, flag_reason="timeout: hand to a moderator")
    mod_client.post(act_url(rk_match, "clear_flag"), {"reason": "extended the deadline"})
    rk_match.refresh_from_db()
    assert not rk_match.flagged and rk_match.flag_reason == ""
    record = audited("clear_flag", rk_match, moderator, "extended the deadline", told)
    assert record.before["flag_reason"] == "timeout: hand to a moderator"


def test_verify_replay_button(mod_client, rk_match, alice, bob):
    played(rk_match, alice, bob, 2)
    url = reverse("admin:games_match_verify", args=[rk_match.pk])
    ok = mod_client.post(url, follow=True)
    assert b"Replay verified" in ok.content
    Match.objects.filter(pk=rk_match.pk).update(state_hash="0" * 64)  # a corrupt cache
    failed = mod_client.post(url, follow=True)
    assert b"Replay verification FAILED" in failed.content
    rk_match.refresh_from_db()
    assert rk_match.replay_failed


def export(client, match) -> dict:
    response = client.post(act_url(match, "export"), {"reason": "engine bug report"})
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    return json.loads(response.content)


def import_(client, data: dict):
    upload = SimpleUploadedFile("match.json", json.dumps(data).encode(), content_type="application/json")
    return client.post(reverse("admin:games_match_import"), {"export": upload, "reason": "reproduce"})


def test_export_then_import_reproduces_the_same_state(mod_client, moderator, rk_match, alice, bob, told):
    services.submit_action(rk_match.pk, alice, "red", a_play_action(rk_match, "red"), 0)
    services.undo(rk_match.pk, alice, "red")
    played(rk_match, alice, bob, 6)
    mod_client.post(act_url(rk_match, "rewind"), {"to_seq": 5, "reason": "bug"})
    played(rk_match, alice, bob, 1)
    rk_match.refresh_from_db()

    data = export(mod_client, rk_match)
    assert data["seed"] == rk_match.seed and data["state_hash"] == rk_match.state_hash
    assert ModerationRecord.objects.filter(action="export", match=rk_match).exists()

    response = import_(mod_client, data)
    copy = Match.objects.exclude(pk=rk_match.pk).get()
    assert response.status_code == 302 and response.url == change_url(copy)
    assert copy.state_hash == rk_match.state_hash and copy.seq == rk_match.seq and verify(copy) == []
    assert {s.role: s.user for s in copy.seats.all()} == {"red": alice, "white": bob}
    assert [a.kind for a in copy.actions.order_by("seq")] == [a.kind for a in rk_match.actions.order_by("seq")]
    audited("import", copy, moderator, "reproduce", told)


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (lambda d: d["actions"][2].update(payload={"type": "fly"}), b"Record #3"),
        (lambda d: d["actions"][3].update(state_hash="0" * 64), b"different state"),
        (lambda d: d.update(state_hash="0" * 64), b"ends on a different state"),
        (lambda d: d.update(seed=d["seed"] + 1), b"Record #"),  # illegal or a different state
        (lambda d: d.update(result={"winner": "red", "scores": {}, "reason": "x"}), b"different result"),
        (lambda d: d.update(engine_version=99), b"engine version 99"),
        (lambda d: d["seats"].update(white="nobody"), b"Unknown or missing users"),
        (lambda d: d["actions"].pop(1), b"without gaps"),
    ],
)
def test_import_refuses_anything_that_differs(mod_client, rk_match, alice, bob, tamper, message):
    played(rk_match, alice, bob, 4)
    data = export(mod_client, rk_match)
    tamper(data)
    matches, actions = Match.objects.count(), Action.objects.count()
    response = import_(mod_client, data)
    assert response.status_code == 400 and message in response.content
    assert (Match.objects.count(), Action.objects.count()) == (matches, actions)
    assert not ModerationRecord.objects.filter(action="import").exists()


def test_import_refuses_a_file_that_is_not_json(mod_client):
    upload = SimpleUploadedFile("match.json", b"{not json", content_type="application/json")
    response = mod_client.post(reverse("admin:games_match_import"), {"export": upload, "reason": "x"})
    assert response.status_code == 400 and b"Not a JSON file" in response.content
    assert not Match.objects.exists()


def test_import_of_a_finished_match_keeps_its_result(mod_client, rk_match, alice, bob):
    played(rk_match, alice, bob, 3)
    mod_client.post(act_url(rk_match, "adjudicate"), {"winner": "white", "reason": "red left"})
    rk_match.refresh_from_db()
    assert import_(mod_client, export(mod_client, rk_match)).status_code == 302
    copy = Match.objects.exclude(pk=rk_match.pk).get()
    assert (copy.status, copy.result, copy.state_hash) == (MatchStatus.FINISHED, rk_match.result, rk_match.state_hash)
    assert verify(copy) == []


def test_the_match_list_never_reads_the_engine_state(mod_client, rk_match, alice, bob):
    """No column of the dashboard's list shows it, and a long match's runs to 100 KB (100 rows a page)."""
    played(rk_match, alice, bob, 2)
    with CaptureQueriesContext(connection) as captured:
        page = mod_client.get(reverse("admin:games_match_changelist"))
    assert page.status_code == 200 and f"/admin/games/match/{rk_match.pk}/change/" in page.content.decode()
    reads = [q["sql"] for q in captured if 'FROM "games_match"' in q["sql"]]
    assert reads and not any('"games_match"."state"' in sql for sql in reads)
