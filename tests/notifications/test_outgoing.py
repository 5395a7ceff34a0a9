"""Webhooks reach public https servers only: refused when saved, and again when sent (after DNS)."""

import pytest

from notifications import delivery
from notifications.models import Notification, Status
from notifications.outgoing import UnsafeURL, check_url

pytestmark = pytest.mark.django_db

NOT_PUBLIC = {
    "loopback": "127.0.0.1",
    "loopback, elsewhere in 127/8": "127.1.2.3",
    "private 10/8": "10.0.0.5",
    "private 172.16/12": "172.16.0.1",
    "private 192.168/16": "192.168.1.1",
    "link-local (cloud metadata)": "169.254.169.254",
    "carrier-grade NAT": "100.64.0.1",
    "unspecified": "0.0.0.0",
    "IPv6 loopback": "::1",
    "IPv6 unspecified": "::",
    "IPv6 link-local": "fe80::1",
    "IPv6 unique local": "fd00::1",
    "IPv6-mapped loopback": "::ffff:127.0.0.1",
    "IPv6-mapped private": "::ffff:10.0.0.1",
    "IPv4-compatible loopback": "::127.0.0.1",
    "IPv4-compatible private": "::10.0.0.1",
    "IPv4-compatible link-local (cloud metadata)": "::169.254.169.254",
    "IPv4-translated loopback": "::ffff:0:127.0.0.1",
    "IPv4-translated private": "::ffff:0:10.0.0.1",
}


def literal(ip: str) -> str:
    return f"[{ip}]" if ":" in ip else ip


@pytest.mark.parametrize("ip", NOT_PUBLIC.values(), ids=NOT_PUBLIC.keys())
def test_an_address_outside_the_public_internet_is_refused(fake_dns, ip):
    with pytest.raises(UnsafeURL, match="not a public internet address"):
        check_url(f"https://{literal(ip)}/hook")
    fake_dns["innocent.example.com"] = ip  # a public-looking name that resolves there
    with pytest.raises(UnsafeURL, match=r"innocent\.example\.com is at .* not a public internet address"):
        check_url("https://innocent.example.com:8443/hook")


def test_only_https_to_a_known_public_host_is_accepted(fake_dns):
    fake_dns["hooks.example.com"] = "93.184.216.34"
    fake_dns["v6.example.com"] = "2606:4700::1111"
    check_url("https://hooks.example.com/hook")
    check_url("https://v6.example.com/hook")
    with pytest.raises(UnsafeURL, match="must start with https://"):
        check_url("http://hooks.example.com/hook")
    with pytest.raises(UnsafeURL, match="cannot be found"):
        check_url("https://nowhere.example.com/hook")


@pytest.mark.parametrize("url", ["https://127.0.0.1/x", "https://[::ffff:127.0.0.1]/x", "http://93.184.216.34/x"])
def test_the_profile_form_explains_a_refused_webhook_and_saves_nothing(client, alice, fake_dns, url):
    client.force_login(alice)
    data = {"display_name": "A", "timezone": "UTC", "notify_mode": "immediate", "reminder_lead_hours": 6}
    response = client.post("/accounts/profile/", {**data, "webhook_url": url})
    assert response.status_code == 400
    assert "not a public internet address" in response.text or "must start with https://" in response.text
    alice.profile.refresh_from_db()
    assert alice.profile.webhook_url == "" and alice.profile.display_name == ""


@pytest.fixture
def bobs_webhook_row(hook, alice, bob):
    """bob's webhook (saved while hooks.example.com was public) has a notice to deliver."""
    from games import services

    bob.profile.webhook_url = hook.url
    bob.profile.save()
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    return Notification.objects.get(user=bob, channel="webhook")


@pytest.mark.parametrize("ip", ["127.0.0.1", "10.1.2.3", "169.254.169.254", "::ffff:127.0.0.1"])
def test_a_name_re_pointed_at_a_private_address_is_refused_at_send_time(hook, fake_dns, bob, bobs_webhook_row, ip):
    fake_dns["hooks.example.com"] = ip
    assert delivery.deliver(bobs_webhook_row.pk) == Status.FAILED  # not retried: the address is refused
    assert hook.connections == []
    bobs_webhook_row.refresh_from_db()
    assert "not a public internet address" in bobs_webhook_row.last_error
    bob.profile.refresh_from_db()
    assert bob.profile.webhook_failures == 1 and "not a public internet address" in bob.profile.webhook_last_error


@pytest.mark.parametrize("ip", ["::127.0.0.1", "::ffff:0:169.254.169.254"])
def test_the_connection_itself_refuses_an_embedded_private_address(
    hook, fake_dns, bob, bobs_webhook_row, ip, monkeypatch
):
    """Re-pointed after the check (DNS rebinding): the connection's own check refuses it."""
    monkeypatch.setattr("notifications.outgoing.check_url", lambda url: None)
    fake_dns["hooks.example.com"] = ip
    assert delivery.deliver(bobs_webhook_row.pk) == Status.FAILED
    assert hook.connections == []


def test_a_redirect_is_not_followed(hook, bob, bobs_webhook_row):
    hook.status, hook.location = 302, "https://127.0.0.1/internal"
    assert delivery.deliver(bobs_webhook_row.pk) == Status.PENDING  # a failure, retried later
    assert hook.connections == [(hook.ip, 443, "hooks.example.com", "/hook")]  # one request, to the public host
    bobs_webhook_row.refresh_from_db()
    assert "302 redirect (not followed)" in bobs_webhook_row.last_error
