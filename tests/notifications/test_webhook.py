"""Webhooks (Discord/Slack JSON): delivery, failures kept, auto-disable; the per-match preference."""

import pytest
from django.conf import settings

from notifications import delivery, webhook
from notifications.models import Notification, Status

pytestmark = pytest.mark.django_db


def with_webhook(user, url):
    user.profile.webhook_url = url
    user.profile.save()


def test_webhook_gets_the_subject_and_the_link(hook, make_user, alice):
    bob = make_user("bob2")
    with_webhook(bob, hook.url)
    from games import services

    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    row = Notification.objects.get(user=bob, channel="webhook")
    assert delivery.deliver(row.pk) == Status.SENT
    (body,) = hook.received
    assert hook.connections == [(hook.ip, 443, "hooks.example.com", "/hook")]  # the checked address, by name
    assert body["content"] == body["text"]
    assert (
        body["text"] == f"Rosenkönig #{match.pk} (White) — the match has begun\n{settings.SITE_URL}/matches/{match.pk}/"
    )
    assert "/notifications/go/" not in body["text"]  # a third party's chat gets no login link


def test_failing_webhook_is_retried_keeps_its_error_and_is_switched_off(hook, rk_match, alice, bob):
    from games import services

    hook.status = 500
    with_webhook(bob, hook.url)
    action = rk_match.engine.legal_actions(rk_match.state, "red")[0]["action"]
    services.submit_action(rk_match.pk, alice, "red", action, 0)
    row = Notification.objects.get(user=bob, channel="webhook")
    for attempt in range(1, webhook.MAX_FAILURES + 1):
        assert delivery.deliver(row.pk, now=row.next_attempt_at) == Status.PENDING  # retried after a backoff
        row.refresh_from_db()
        assert row.attempts == attempt and "500 Server Error" in row.last_error
    assert len(hook.received) == webhook.MAX_FAILURES
    bob.profile.refresh_from_db()
    assert bob.profile.webhook_disabled and bob.profile.webhook_failures == webhook.MAX_FAILURES
    assert "500 Server Error" in bob.profile.webhook_last_error
    rk_match.refresh_from_db()
    action = rk_match.engine.legal_actions(rk_match.state, "white")[0]["action"]
    services.submit_action(rk_match.pk, bob, "white", action, 1)
    services.resign(rk_match.pk, alice, "red")
    assert Notification.objects.filter(user=bob, channel="webhook").count() == 1  # switched off: no new rows
    assert delivery.deliver(row.pk, now=row.next_attempt_at) == Status.FAILED  # and the old one stops trying
    assert len(hook.received) == webhook.MAX_FAILURES


def test_per_match_preference(rk_match, bob, alice, client):
    client.force_login(bob)
    assert client.post(f"/notifications/matches/{rk_match.pk}/mode/", {"mode": "often"}).status_code == 400
    response = client.post(f"/notifications/matches/{rk_match.pk}/mode/", {"mode": "off"})
    assert response.status_code == 302 and rk_match.seats.get(role="white").notify_mode == "off"
    client.force_login(alice)
    client.post(f"/notifications/matches/{rk_match.pk}/mode/", {"mode": "digest"})
    assert rk_match.seats.get(role="red").notify_mode == "digest"
    assert rk_match.seats.get(role="white").notify_mode == "off"
