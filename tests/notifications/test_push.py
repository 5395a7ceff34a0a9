"""Web Push end to end without the internet: a local HTTP server stands in for the push service, the
subscription has real P-256 keys, and the test decrypts (http_ece) what the browser would receive."""

from __future__ import annotations

import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import SimpleNamespace

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from games import services
from notifications import delivery, push
from notifications.models import Notification, PushSubscription, Status

pytestmark = pytest.mark.django_db
API = "/api/push-subscriptions/"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@pytest.fixture
def push_service(settings):
    """A push service on 127.0.0.1 (accepted in development only): records each POST, answers ``status``."""
    settings.DEBUG = True
    keys = push.generate_keys()
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = keys.private, keys.public
    service = SimpleNamespace(received=[], status=201)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            service.received.append(
                SimpleNamespace(path=self.path, headers={k.lower(): v for k, v in self.headers.items()}, body=body)
            )
            self.send_response(service.status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    service.url = f"http://127.0.0.1:{server.server_address[1]}"
    yield service
    server.shutdown()
    server.server_close()


class Browser:
    """A browser's side of a subscription: its P-256 key pair and auth secret, as PushSubscription.toJSON()."""

    def __init__(self, endpoint: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.json = {"endpoint": endpoint, "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)}}

    def read(self, body: bytes) -> dict:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


def first_move(match, alice) -> None:
    action = match.engine.legal_actions(match.state, "red")[0]["action"]
    services.submit_action(match.pk, alice, "red", action, match.seq)


def push_rows(user):
    return Notification.objects.filter(user=user, channel="push")


def test_a_move_reaches_the_subscribed_browser_encrypted_in_the_readers_language(
    push_service, rk_match, alice, bob, api_for, reads, settings
):
    reads(bob, "ru")
    browser = Browser(f"{push_service.url}/push/bob-phone")
    answer = api_for(bob).post(API, browser.json, format="json", HTTP_USER_AGENT="Phone Firefox")
    assert answer.status_code == 201 and answer.json()["device"] == "Phone Firefox"
    bob.profile.refresh_from_db()
    assert bob.profile.push_enabled
    first_move(rk_match, alice)
    (row,) = push_rows(bob)
    assert row.kind == "turn"
    assert delivery.deliver(row.pk) == Status.SENT
    (sent,) = push_service.received
    assert sent.path == "/push/bob-phone"
    assert sent.headers["content-encoding"] == "aes128gcm"
    assert sent.headers["authorization"].startswith("vapid t=")
    assert sent.headers["authorization"].endswith(f"k={settings.VAPID_PUBLIC_KEY}")  # signed by the site
    message = browser.read(sent.body)
    assert message["url"].endswith(f"/matches/{rk_match.pk}/")
    assert message["lang"] == "ru"
    assert message["title"] == f"Розенкёниг №{rk_match.pk} (Белая Роза) — ваш ход"
    assert "/notifications/" not in json.dumps(message)  # no login or choice link: a push service sees no token


def test_a_410_from_the_push_service_removes_the_subscription(push_service, rk_match, alice, bob, api_for):
    api_for(bob).post(API, Browser(f"{push_service.url}/push/gone").json, format="json")
    push_service.status = 410
    first_move(rk_match, alice)
    (row,) = push_rows(bob)
    delivery.deliver(row.pk)
    assert not PushSubscription.objects.filter(user=bob).exists()
    bob.profile.refresh_from_db()
    assert not bob.profile.push_enabled  # the next turns write no push row at all
    rk_match.refresh_from_db()
    action = rk_match.engine.legal_actions(rk_match.state, "white")[0]["action"]
    services.submit_action(rk_match.pk, bob, "white", action, rk_match.seq)
    rk_match.refresh_from_db()
    first_move(rk_match, alice)
    assert push_rows(bob).count() == 1


def test_a_failed_push_is_retried_and_never_repeated_on_a_browser_that_got_it(
    push_service, rk_match, alice, bob, api_for
):
    phone, laptop = Browser(f"{push_service.url}/push/phone"), Browser(f"{push_service.url}/push/laptop")
    for browser in (phone, laptop):
        api_for(bob).post(API, browser.json, format="json")
    first_move(rk_match, alice)
    (row,) = push_rows(bob)
    statuses = iter([201, 500])
    original = push._send

    def flaky(subscription, data):
        push_service.status = next(statuses, 201)
        original(subscription, data)

    push._send = flaky
    try:
        assert delivery.deliver(row.pk) == Status.PENDING  # the laptop's push service failed: retried later
        row.refresh_from_db()
        assert delivery.deliver(row.pk, now=row.next_attempt_at) == Status.SENT
    finally:
        push._send = original
    assert [r.path for r in push_service.received] == ["/push/phone", "/push/laptop", "/push/laptop"]


def test_preferences_apply_as_for_mail(push_service, rk_match, alice, bob, api_for, client):
    api_for(bob).post(API, Browser(f"{push_service.url}/push/x").json, format="json")
    bob.seats.filter(match=rk_match).update(notify_mode="off")
    first_move(rk_match, alice)
    assert not push_rows(bob).exists()


def test_production_accepts_only_https_endpoints_on_public_addresses(settings, bob, api_for, fake_dns):
    settings.DEBUG = False
    fake_dns["push.example.net"] = "10.0.0.7"
    for endpoint in ("http://127.0.0.1:9/push", "https://127.0.0.1/push", "https://push.example.net/x"):
        answer = api_for(bob).post(API, Browser(endpoint).json, format="json")
        assert answer.status_code == 400, endpoint
    fake_dns["fcm.googleapis.com"] = "142.250.74.10"
    assert api_for(bob).post(API, Browser("https://fcm.googleapis.com/wp/abc").json, format="json").status_code == 201
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == ["https://fcm.googleapis.com/wp/abc"]


@pytest.mark.parametrize(
    "body",
    [{}, {"endpoint": "https://fcm.googleapis.com/x"}, {"endpoint": 3, "keys": {"p256dh": "a", "auth": "b"}}, []],
)
def test_a_malformed_subscription_is_refused_and_nothing_stored(settings, bob, api_for, body, fake_dns):
    fake_dns["fcm.googleapis.com"] = "142.250.74.10"
    answer = api_for(bob).post(API, body, format="json")
    assert answer.status_code == 400 and answer.json()
    assert not PushSubscription.objects.exists()


def test_subscriptions_are_listed_and_removed_only_by_their_owner(push_service, alice, bob, api_for):
    made = api_for(bob).post(API, Browser(f"{push_service.url}/push/b").json, format="json").json()
    assert api_for().get(API).status_code in (401, 403)
    assert api_for(alice).get(API).json() == []
    assert [s["id"] for s in api_for(bob).get(API).json()] == [made["id"]]
    assert api_for(alice).delete(f"{API}{made['id']}/").status_code == 404
    assert api_for(alice).delete(API, {"endpoint": made["endpoint"]}, format="json").status_code == 404
    assert PushSubscription.objects.filter(pk=made["id"]).exists()
    assert api_for(bob).delete(API, {"endpoint": made["endpoint"]}, format="json").status_code == 204
    assert not PushSubscription.objects.exists()
    bob.profile.refresh_from_db()
    assert not bob.profile.push_enabled


def test_the_account_page_lists_the_browsers_and_removes_one(push_service, bob, api_for, client, settings):
    made = api_for(bob).post(
        API,
        Browser(f"{push_service.url}/push/b").json,
        format="json",
        HTTP_USER_AGENT="Mozilla/5.0 (Linux; Android 14) Firefox/128.0",
    )
    client.force_login(bob)
    page = client.get("/accounts/profile/").content.decode()
    assert "Firefox on Android" in page and f'data-push-subscribe data-key="{settings.VAPID_PUBLIC_KEY}"' in page
    answer = client.post(f"/notifications/push/{made.json()['id']}/remove/")
    assert answer.status_code == 302
    assert not PushSubscription.objects.exists()


def test_the_match_page_offers_push_after_the_players_first_move(settings, rk_match, alice, bob, client):
    settings.VAPID_PUBLIC_KEY = push.generate_keys().public
    client.force_login(alice)
    assert "data-push-subscribe" not in client.get(f"/matches/{rk_match.pk}/").content.decode()  # not yet moved
    first_move(rk_match, alice)
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    assert "data-push-subscribe" in page and "games/push.js" in page
    alice.profile.push_enabled = True
    alice.profile.save()
    assert "data-push-subscribe" not in client.get(f"/matches/{rk_match.pk}/").content.decode()  # already has it


def test_vapid_keys_are_generated_once(settings, tmp_path):
    from django.core.management import call_command

    settings.VAR_DIR = tmp_path
    call_command("vapid_keys")
    first = json.loads((tmp_path / "vapid.json").read_text())
    call_command("vapid_keys")
    assert json.loads((tmp_path / "vapid.json").read_text()) == first
    assert len(base64.urlsafe_b64decode(first["public"] + "==")) == 65  # an uncompressed P-256 point
