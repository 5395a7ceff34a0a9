"""Web Push in Chromium: the account page's button registers the service worker, asks the browser for a push
subscription and stores it. Chromium's own push service (Google's) is not reachable here, so the test stubs
``PushManager.prototype.subscribe`` in the page: it answers a subscription with real P-256 keys and a push
service on 127.0.0.1 (accepted in development). Everything else (worker, permission, the page's script, the
API) is the real thing."""

from __future__ import annotations

import base64
import json
import os

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from notifications import push
from notifications.models import PushSubscription

from .support import ARTIFACTS, BROWSER_MARKS, PHONE

pytestmark = BROWSER_MARKS

STUB = """
PushManager.prototype.subscribe = async function (options) {
  sessionStorage.setItem("serverKeyBytes", String(new Uint8Array(options.applicationServerKey).length));
  const json = %s;
  return { endpoint: json.endpoint, toJSON: () => json };
};
"""


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def test_the_subscribe_button_stores_this_browsers_subscription(pages, make_user, settings):
    settings.DEBUG = True  # a loopback push service is accepted in development only
    keys = push.generate_keys()
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = keys.private, keys.public
    alice = make_user("alice")
    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    subscription = {
        "endpoint": "http://127.0.0.1:9/push/alice-laptop",
        "keys": {"p256dh": b64url(point), "auth": b64url(os.urandom(16))},
    }
    page = pages.open(alice, "/accounts/profile/", permissions=["notifications"])
    page.context.add_init_script(STUB % json.dumps(subscription))
    page.reload()
    assert page.evaluate("navigator.serviceWorker.ready.then((registration) => registration.scope)").endswith("/")
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then((response) => response.json())"
    )
    assert manifest["display"] == "standalone" and manifest["icons"]
    button = page.get_by_role("button", name="Notify me on this browser")
    button.click()
    page.wait_for_selector("text=Chrome on Linux")  # reloaded: this browser is listed
    assert page.evaluate("sessionStorage.getItem('serverKeyBytes')") == "65"  # the site's VAPID key, decoded
    (row,) = PushSubscription.objects.filter(user=alice)
    assert row.endpoint == subscription["endpoint"] and row.p256dh == subscription["keys"]["p256dh"]
    alice.profile.refresh_from_db()
    assert alice.profile.push_enabled
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#push").screenshot(path=str(ARTIFACTS / "push-account-desktop.png"))
    phone = pages.open(alice, "/accounts/profile/#push", device=PHONE)
    phone.locator("#push").screenshot(path=str(ARTIFACTS / "push-account-phone.png"))
    page.get_by_role("button", name="Remove").click()
    page.wait_for_selector("text=That browser no longer gets notifications.")
    assert not PushSubscription.objects.exists()
