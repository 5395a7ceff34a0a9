"""The deadline sweep: reminders, timeout policies applied once, vacations that run out, the digest."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group

from accounts.models import Timeout
from accounts.vacation import start_vacation
from games import services
from games.models import Action, ActionKind, MatchStatus
from games.services import moderation
from notifications import deadlines
from notifications.clocks import PRESETS
from notifications.models import Notification

from .helpers import T0, deliver_pending, frozen, kinds

pytestmark = pytest.mark.django_db
H = timedelta(hours=1)
D = timedelta(days=1)


def new_match(alice, bob, policy="forfeit", control=None):
    with frozen(T0):
        match = services.create_match(
            alice, "rosenkoenig", role="red", time_control=control or PRESETS["fast"], timeout_policy=policy
        )
        services.join_match(match.pk, bob, "white")
    match.refresh_from_db()
    return match


def test_reminder_comes_once_at_the_chosen_lead_time(alice, bob):
    match = new_match(alice, bob)  # red's deadline: T0 + 1 day
    assert deadlines.send_reminders(T0 + 11 * H) == 0  # 13 h left, lead is 12 h
    assert deadlines.send_reminders(T0 + 13 * H) == 1
    assert deadlines.send_reminders(T0 + 14 * H) == 0
    assert kinds(alice) == ["started", "reminder"]
    (sent,) = [m for m in deliver_pending() if "reminder" in m.subject]
    assert sent.subject == f"Rosenkönig #{match.pk} (Red) — reminder: your move, deadline Mar 3, 09:00 UTC"
    assert "  1. " in sent.body and sent.reply_to


def test_reminder_lead_is_per_user(alice, bob):
    alice.profile.reminder_lead_hours = 2
    alice.profile.save()
    new_match(alice, bob)
    assert deadlines.send_reminders(T0 + 13 * H) == 0
    assert deadlines.send_reminders(T0 + 22 * H + 30 * 60 * timedelta(seconds=1)) == 1


def test_forfeit_ends_the_match_once_and_is_recorded(alice, bob):
    match = new_match(alice, bob)
    assert deadlines.enforce_deadlines(T0 + D - timedelta(seconds=1)) == 0
    assert deadlines.enforce_deadlines(T0 + D) == 1
    assert deadlines.enforce_deadlines(T0 + D + H) == 0
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.result["winner"] == "white"
    (record,) = Action.objects.filter(match=match, kind=ActionKind.FORFEIT)
    assert record.role == "red" and "ran out of time" in record.reason
    alice.profile.refresh_from_db()
    assert alice.profile.timeouts == 1
    (dated,) = Timeout.objects.filter(user=alice)
    assert (dated.match_id, dated.role, dated.at) == (match.pk, "red", T0 + D)  # the deadline it missed
    assert sorted(kinds(alice)) == sorted(kinds(bob)) == ["finished", "started", "timeout"]
    subjects = sorted(m.subject for m in deliver_pending() if m.to == ["bob@example.com"])
    assert f"Rosenkönig #{match.pk} (White) — Red (alice) ran out of time and forfeits" in subjects


def test_default_action_is_played_for_the_late_player(alice, bob):
    match = new_match(alice, bob, policy="default_action")
    expected = match.engine.default_action(match.state, "red")
    with frozen(T0 + D + H):
        assert deadlines.enforce_deadlines(T0 + D + H) == 1
    match.refresh_from_db()
    (record,) = Action.objects.filter(match=match)
    assert record.payload == expected and record.user == alice and record.idempotency_key.startswith("timeout:")
    assert match.active_roles == ["white"] and match.status == MatchStatus.ACTIVE
    red, white = match.seats.order_by("pk")
    assert red.deadline is None and red.bank_seconds == 12 * 3600  # time used up, then the increment
    assert white.deadline == T0 + D + H + D
    assert deadlines.enforce_deadlines(T0 + D + 2 * H) == 0
    assert "turn" in kinds(bob) and "timeout" in kinds(bob)


def test_moderator_policy_flags_the_match_until_a_moderator_acts(alice, bob, make_user):
    match = new_match(alice, bob, policy="moderator")
    assert deadlines.enforce_deadlines(T0 + 2 * D) == 1
    assert deadlines.enforce_deadlines(T0 + 3 * D) == 0  # in a moderator's hands now
    match.refresh_from_db()
    assert match.flagged and "red (alice) ran out of time" in match.flag_reason
    assert match.status == MatchStatus.ACTIVE and not match.actions.exists()
    assert kinds(alice).count("timeout") == 1

    moderator = make_user("mod", is_staff=True)
    moderator.groups.add(Group.objects.get(name="Moderators"))
    with frozen(T0 + 3 * D):
        moderation.extend_deadline(match.pk, moderator, "red", timedelta(days=2), "ill")
        moderation.clear_flag(match.pk, moderator, "more time given")
    assert match.seat_for("red").deadline == T0 + 5 * D
    assert deadlines.enforce_deadlines(T0 + 4 * D) == 0
    assert deadlines.send_reminders(T0 + 4 * D + 13 * H) == 1  # a reminder for the new deadline
    assert deadlines.enforce_deadlines(T0 + 5 * D) == 1


def test_extension_survives_a_pause(alice, bob, make_user):
    match = new_match(alice, bob)
    moderator = make_user("mod", is_staff=True)
    moderator.groups.add(Group.objects.get(name="Moderators"))
    with frozen(T0 + H):
        moderation.extend_deadline(match.pk, moderator, "red", timedelta(days=1), "travelling")
    with frozen(T0 + 2 * H):
        moderation.pause_match(match.pk, moderator, "dispute", now=T0 + 2 * H)
    with frozen(T0 + 10 * D):
        moderation.resume_match(match.pk, moderator, "settled")
    assert match.seat_for("red").deadline == T0 + 10 * D + 2 * D - 2 * H


def test_vacation_that_runs_out_ends_by_itself_and_restarts_the_clock(alice, bob):
    alice.profile.vacation_allowance_days = 2
    alice.profile.save()
    match = new_match(alice, bob)
    start_vacation(alice, T0 + H)
    assert deadlines.end_expired_vacations(T0 + D) == 0
    assert deadlines.end_expired_vacations(T0 + 5 * D) == 1
    alice.profile.refresh_from_db()
    assert not alice.profile.on_vacation
    # 23 h were left when the vacation began; the clock restarted when the allowance ran out
    assert match.seat_for("red").deadline == T0 + H + 2 * D + 23 * H
    assert deadlines.sweep(T0 + 5 * D)["timeouts"] == 1


def test_daily_digest_lists_every_match_where_it_is_your_move(alice, bob, carol):
    bob.profile.notify_mode = "digest"
    bob.profile.save()
    first = new_match(bob, alice)  # bob is red: his move
    second = new_match(carol, bob)  # bob is white: carol's move
    third = new_match(bob, carol)  # bob is red
    assert kinds(bob) == []  # turn-related mails wait for the digest
    assert deadlines.send_digests(T0) == 1
    assert deadlines.send_digests(T0 + H) == 0  # once a day
    (sent,) = [m for m in deliver_pending() if m.to == ["bob@example.com"]]
    assert sent.subject == "Dispatch Rider — your move in 2 matches"
    assert f"#{first.pk} (Red)" in sent.body and f"#{third.pk} (Red)" in sent.body
    assert f"#{second.pk}" not in sent.body
    assert deadlines.send_digests(T0 + D) == 1
    assert Notification.objects.filter(user=bob, kind="digest").count() == 2
