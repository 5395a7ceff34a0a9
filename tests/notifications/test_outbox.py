"""The outbox: rows are written with the change that causes them and delivered exactly once."""

from datetime import timedelta

import pytest
from django.core import mail

from games import services
from games.models import ChatMessage, Match
from games.signals import chat_posted, invitation_sent
from notifications import delivery
from notifications.models import Notification, Status

from .helpers import T0, deliver_pending, frozen, kinds

pytestmark = pytest.mark.django_db


def first_move(match, user, role):
    match.refresh_from_db()
    action = match.engine.legal_actions(match.state, role)[0]["action"]
    return services.submit_action(match.pk, user, role, action, match.seq)


def test_start_tells_both_players_and_a_move_tells_only_the_next(rk_match, alice, bob):
    assert kinds(alice) == ["started"] and kinds(bob) == ["started"]
    first_move(rk_match, alice, "red")
    assert kinds(alice) == ["started"] and kinds(bob) == ["started", "turn"]
    turn = Notification.objects.get(user=bob, kind="turn")
    assert (turn.role, turn.seq, turn.status) == ("white", 1, Status.PENDING)


def test_a_refused_move_writes_no_notification(rk_match, bob):
    before = Notification.objects.count()
    with pytest.raises(services.NotAllowed):
        first_move(rk_match, bob, "red")
    assert Notification.objects.count() == before


def test_rows_are_delivered_once_whatever_the_retries(rk_match, alice):
    first_move(rk_match, alice, "red")
    turn = Notification.objects.get(kind="turn")
    assert delivery.deliver(turn.pk) == Status.SENT
    assert delivery.deliver(turn.pk) == "not due"
    assert delivery.due_ids(T0 + timedelta(days=999)) == [
        n.pk for n in Notification.objects.filter(status=Status.PENDING)
    ]
    assert sum(m.to == ["bob@example.com"] and "your move" in m.subject for m in mail.outbox) == 1


def test_failures_back_off_keep_the_error_and_finally_fail(rk_match, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", 9  # nothing listens: connection refused
    row = Notification.objects.filter(user__username="bob").first()
    now = row.next_attempt_at
    for attempt in range(1, delivery.MAX_ATTEMPTS + 1):
        status = delivery.deliver(row.pk, now=now)
        row.refresh_from_db()
        assert row.attempts == attempt and "ConnectionRefused" in row.last_error
        if attempt < delivery.MAX_ATTEMPTS:
            assert status == Status.PENDING and row.next_attempt_at == now + delivery.backoff(attempt)
            assert delivery.deliver(row.pk, now=now) == "not due"  # waits for its backoff
            now = row.next_attempt_at
    assert row.status == Status.FAILED


def test_a_claim_left_by_a_dead_worker_is_redelivered(rk_match):
    row = Notification.objects.first()
    claimed = row.next_attempt_at
    Notification.objects.filter(pk=row.pk).update(status=Status.SENDING, claimed_at=claimed)
    assert row.pk not in delivery.due_ids(claimed + timedelta(minutes=5))
    assert row.pk in delivery.due_ids(claimed + timedelta(minutes=11))


def test_off_and_digest_preferences(rk_match, alice, bob):
    bob.profile.notify_mode = "digest"
    bob.profile.save()
    alice_seat = rk_match.seat_for("red")
    alice_seat.notify_mode = "off"
    alice_seat.save()
    first_move(rk_match, alice, "red")
    first_move(rk_match, bob, "white")
    assert kinds(bob) == ["started"]  # written before the preference changed; the turn waits for the digest
    assert kinds(alice) == ["started"]


def test_chat_reaches_only_players_who_are_away(rk_match, alice, bob):
    with frozen(T0):
        first_move(rk_match, alice, "red")
    with frozen(T0 + timedelta(minutes=5)):
        message = ChatMessage.objects.create(match=rk_match, user=bob, text="Good move")
        chat_posted.send(ChatMessage, message=message)
    assert "chat" not in kinds(alice)  # she moved five minutes ago
    with frozen(T0 + timedelta(hours=2)):
        message = ChatMessage.objects.create(match=rk_match, user=bob, text="Still there?")
        chat_posted.send(ChatMessage, message=message)
        message = ChatMessage.objects.create(match=rk_match, user=bob, text="Hello?")
        chat_posted.send(ChatMessage, message=message)
    assert kinds(alice).count("chat") == 1  # one unread notice per match
    (sent,) = [m for m in deliver_pending() if "chat" in m.subject]
    assert sent.subject == f"Rosenkönig #{rk_match.pk} (Red) — bob wrote in the chat"


def test_invitation(alice, carol):
    match = services.create_match(alice, "rosenkoenig", role="red", is_private=True)
    invitation_sent.send(Match, match=match, user=carol, by=alice)
    (sent,) = deliver_pending()
    assert sent.to == ["carol@example.com"]
    assert sent.subject == f"Rosenkönig #{match.pk} — alice invites you to a match"


def test_admin_can_send_a_failed_row_again(rk_match, make_user, client):
    row = Notification.objects.first()
    Notification.objects.filter(pk=row.pk).update(status=Status.FAILED, attempts=8, last_error="boom")
    client.force_login(make_user("mod", is_staff=True, is_superuser=True))
    page = client.get("/admin/notifications/notification/?status__exact=failed")
    assert page.status_code == 200 and b"boom" not in page.content
    client.post("/admin/notifications/notification/", {"action": "retry_now", "_selected_action": [row.pk]})
    row.refresh_from_db()
    assert (row.status, row.attempts) == (Status.PENDING, 0)
    assert delivery.deliver(row.pk) == Status.SENT
