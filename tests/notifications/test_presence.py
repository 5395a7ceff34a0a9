"""A player watching the match on a visible page gets no turn mail or push for a turn the page shows them."""

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.test import Client

from games import services
from games.services.chat import post_message
from notifications import delivery, presence
from notifications.models import Notification, Status

pytestmark = pytest.mark.django_db


def move(match, user, role):
    match.refresh_from_db()
    action = match.engine.legal_actions(match.state, role)[0]["action"]
    return services.submit_action(match.pk, user, role, action, match.seq)


def poll(match, user, **headers):
    """The page's live poll (the first has no ``since``: the full fragment, the long way)."""
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(f"/matches/{match.pk}/live/", headers={"HX-Request": "true", **headers})
    assert response.status_code == 200
    since = response.content.decode().split("?since=", 1)[1].split('"', 1)[0]
    unchanged = client.get(f"/matches/{match.pk}/live/?since={since}", headers={"HX-Request": "true", **headers})
    assert unchanged.status_code == 204  # the short way marks too


def turn_rows(user):
    return Notification.objects.filter(user=user, kind="turn").order_by("pk")


def test_a_players_visible_poll_marks_them_watching_a_hidden_tab_or_a_spectator_does_not(rk_match, bob, carol):
    poll(rk_match, bob, **{"X-Page-Hidden": "1"})
    poll(rk_match, carol)
    poll(rk_match, None)
    assert not presence.is_watching(rk_match.pk, bob.pk) and not presence.is_watching(rk_match.pk, carol.pk)
    poll(rk_match, bob)
    assert presence.is_watching(rk_match.pk, bob.pk)
    presence.cache.delete(f"watching:{rk_match.pk}:{bob.pk}")
    Client().get(f"/matches/{rk_match.pk}/")  # the full page (maybe opened in a background tab) does not count
    assert not presence.is_watching(rk_match.pk, bob.pk)


def test_an_unwatched_players_turn_notice_is_due_at_once(rk_match, alice, bob):
    move(rk_match, alice, "red")
    (row,) = turn_rows(bob)
    assert row.next_attempt_at <= datetime.now(UTC) and not row.held
    assert delivery.deliver(row.pk) == Status.SENT


def test_a_notice_never_held_is_sent_however_late_even_for_a_turn_taken(rk_match, alice, bob):
    """A broker outage delays mail but never drops it: only a notice its player's watching held back is
    ever dropped."""
    move(rk_match, alice, "red")
    (row,) = turn_rows(bob)
    move(rk_match, bob, "white")  # the mail could not be sent meanwhile (no worker, say)
    assert delivery.deliver(row.pk) == Status.SENT


def test_a_watching_players_turn_notice_waits_and_is_dropped_once_they_have_moved(rk_match, alice, bob):
    poll(rk_match, bob)
    move(rk_match, alice, "red")
    (row,) = turn_rows(bob)
    assert row.held and row.next_attempt_at > datetime.now(UTC) + presence.HOLD - timedelta(seconds=5)
    assert delivery.deliver(row.pk) == "not due"  # the task queued on commit would find it so; none is queued
    move(rk_match, bob, "white")
    before = len(mail.outbox)
    assert delivery.deliver(row.pk, now=row.next_attempt_at) == Status.SKIPPED
    row.refresh_from_db()
    assert (row.status, row.sent_at, len(mail.outbox)) == (Status.SKIPPED, None, before)
    assert row.pk not in delivery.due_ids(row.next_attempt_at + timedelta(days=1))


def test_a_held_notice_is_sent_once_its_player_stops_watching_with_the_turn_still_theirs(rk_match, alice, bob):
    poll(rk_match, bob)
    move(rk_match, alice, "red")
    (row,) = turn_rows(bob)
    presence.cache.delete(f"watching:{rk_match.pk}:{bob.pk}")  # the page closed: the mark lapses
    assert delivery.deliver(row.pk, now=row.next_attempt_at) == Status.SENT
    assert [m.to for m in mail.outbox if "your move" in m.subject] == [["bob@example.com"]]


def test_a_held_notice_waits_again_while_they_watch_but_never_past_the_longest_hold(rk_match, alice, bob):
    poll(rk_match, bob)
    move(rk_match, alice, "red")
    (row,) = turn_rows(bob)
    written = row.created_at
    at = row.next_attempt_at
    assert delivery.deliver(row.pk, now=at) == Status.PENDING  # still watching: another wait
    row.refresh_from_db()
    assert (row.attempts, row.next_attempt_at, row.last_error) == (0, at + presence.HOLD, "")
    late = written + presence.LONGEST_HOLD - timedelta(seconds=20)
    assert delivery.deliver(row.pk, now=late) == Status.PENDING
    row.refresh_from_db()
    assert row.next_attempt_at == written + presence.LONGEST_HOLD  # the last wait is cut short
    poll(rk_match, bob)  # watching still, but the tab may have been left open: sent now
    assert delivery.deliver(row.pk, now=row.next_attempt_at) == Status.SENT


def test_a_held_notice_for_a_turn_that_passed_otherwise_is_dropped(rk_match, alice, bob):
    poll(rk_match, bob)
    move(rk_match, alice, "red")
    (row,) = turn_rows(bob)
    services.resign(rk_match.pk, bob, "white")
    presence.cache.delete(f"watching:{rk_match.pk}:{bob.pk}")
    assert delivery.deliver(row.pk, now=row.next_attempt_at) == Status.SKIPPED


def test_webhooks_and_other_kinds_are_never_held(rk_match, alice, bob, hook):
    bob.profile.webhook_url = hook.url
    bob.profile.save()
    poll(rk_match, bob)
    move(rk_match, alice, "red")
    now = datetime.now(UTC)
    rows = {row.channel: row for row in turn_rows(bob)}
    assert rows["email"].next_attempt_at > now and rows["webhook"].next_attempt_at <= now
    assert (rows["email"].held, rows["webhook"].held) == (True, False)
    assert delivery.deliver(rows["webhook"].pk) == Status.SENT
    services.resign(rk_match.pk, alice, "red")
    finished = Notification.objects.get(user=bob, kind="finished", channel="email")
    assert finished.next_attempt_at <= datetime.now(UTC)


def test_chat_is_not_mailed_to_a_player_watching_the_match(rk_match, alice, bob):
    """The page shows the chat as it comes: a watching player is not away, however long since they acted."""
    poll(rk_match, bob)
    post_message(rk_match, alice, "Your move!")
    assert not Notification.objects.filter(user=bob, kind="chat").exists()
    presence.cache.delete(f"watching:{rk_match.pk}:{bob.pk}")
    post_message(rk_match, alice, "Still there?")
    assert Notification.objects.filter(user=bob, kind="chat").count() == 1
