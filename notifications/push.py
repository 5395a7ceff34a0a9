"""Web Push: the browsers a user subscribed (``PushSubscription``) and sending one outbox row to them.

A message is encrypted for each browser (RFC 8291, pywebpush) and signed with the site's VAPID key. It says
what the mail's subject and headline say, from the recipient's own view, in their language, with the match
page's plain address: never a login link and nothing hidden (SECURITY.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import requests
from cryptography.hazmat.primitives import serialization
from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _
from py_vapid import Vapid
from py_vapid.utils import b64urlencode
from pywebpush import WebPushException, webpush

from accounts.models import Profile

from .compose import compose
from .delivery_errors import PermanentFailure
from .models import Notification, PushSubscription
from .outgoing import UnsafeURL, check_push_endpoint, push_session
from .tokens import match_page

TIME_TO_LIVE = 24 * 3600  # seconds a push service keeps a message for a browser that is offline
GONE = {404, 410}  # the push service's word that the subscription ended: forget it


class BadSubscription(ValueError):
    """The subscription cannot be stored; the message says why."""


@dataclass(frozen=True)
class Keys:
    private: str  # base64url of the raw 32-byte private key
    public: str  # base64url of the uncompressed P-256 point: the browser's applicationServerKey


def generate_keys() -> Keys:
    vapid = Vapid()
    vapid.generate_keys()
    raw = vapid.private_key.private_numbers().private_value.to_bytes(32, "big")
    point = vapid.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return Keys(private=b64urlencode(raw), public=b64urlencode(point))


def available() -> bool:
    return bool(settings.VAPID_PRIVATE_KEY and settings.VAPID_PUBLIC_KEY)


def subscribe(user, data: object, device: str = "") -> PushSubscription:
    """Store a browser's ``PushSubscription.toJSON()`` for ``user`` (again: the same row, its keys renewed)."""
    if not isinstance(data, dict) or not isinstance(data.get("keys"), dict):
        raise BadSubscription(_('Send PushSubscription.toJSON(): {"endpoint", "keys": {"p256dh", "auth"}}.'))
    endpoint, keys = data.get("endpoint"), data["keys"]
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    if not all(isinstance(v, str) and v for v in (endpoint, p256dh, auth)):
        raise BadSubscription(_("endpoint, keys.p256dh and keys.auth must be non-empty strings."))
    if len(endpoint) > 1000 or len(p256dh) > 200 or len(auth) > 100:
        raise BadSubscription(_("The subscription is too long to be a browser's."))
    try:
        check_push_endpoint(endpoint)
    except UnsafeURL as exc:
        raise BadSubscription(str(exc)) from None
    with transaction.atomic():
        subscription, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth, "device": device[:200]}
        )
        _recount(subscription.user_id)
    return subscription


def unsubscribe(user, subscription_id: int) -> bool:
    """Forget one of ``user``'s browsers; False if they have no such subscription."""
    with transaction.atomic():
        deleted, _kinds = PushSubscription.objects.filter(user=user, pk=subscription_id).delete()
        _recount(user.pk)
    return bool(deleted)


def _recount(user_id: int) -> None:
    # The flag the outbox reads (without a query) to know whether to write a push row at all.
    Profile.objects.filter(user_id=user_id).update(
        push_enabled=PushSubscription.objects.filter(user_id=user_id).exists()
    )


def payload(notification: Notification) -> dict:
    """What the browser shows: the mail's subject and headline, the match's plain page, the language."""
    message = compose(notification)
    url = match_page(message.match.pk) if message.match is not None else message.link  # a digest's, a tournament's
    return {
        "title": message.subject,
        "body": message.headline,
        "url": url,
        "lang": message.lang,
        "tag": f"match-{message.match.pk}" if message.match is not None else "dispatch-rider",
    }


def send_push(notification: Notification) -> None:
    """Send to each of the user's browsers not yet reached by this row; raise if one failed (retried later).

    The browsers reached are remembered in the row, so a retry never shows a message twice on one device.
    """
    if not available():
        raise PermanentFailure("Web Push has no VAPID key pair (VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY)")
    reached = set(notification.payload.get("pushed", []))
    subscriptions = [s for s in notification.user.push_subscriptions.all() if s.pk not in reached]
    if not subscriptions and not reached:
        raise PermanentFailure("no browser is subscribed any more")
    data = json.dumps(payload(notification), ensure_ascii=False)
    failure: Exception | None = None
    for subscription in subscriptions:
        try:
            _send(subscription, data)
        except WebPushException as exc:
            status = exc.response.status_code if exc.response is not None else None
            if status in GONE:
                unsubscribe(notification.user, subscription.pk)
                continue
            failure = exc
        except (UnsafeURL, requests.RequestException) as exc:
            failure = exc
        else:
            reached.add(subscription.pk)
    notification.payload = {**notification.payload, "pushed": sorted(reached)}
    Notification.objects.filter(pk=notification.pk).update(payload=notification.payload)
    if failure is not None:
        raise failure


def _send(subscription: PushSubscription, data: str) -> None:
    check_push_endpoint(subscription.endpoint)
    with push_session() as session:
        webpush(
            {"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}},
            data=data,
            vapid_private_key=settings.VAPID_PRIVATE_KEY,
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            ttl=TIME_TO_LIVE,
            timeout=10,
            requests_session=session,
        )
