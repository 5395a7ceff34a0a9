"""Posting a notification to the user's webhook (JSON that Discord and Slack both accept)."""

from __future__ import annotations

import requests
from django.db.models import F

from accounts.models import Profile

from .compose import compose
from .delivery_errors import PermanentFailure
from .models import Notification
from .outgoing import UnsafeURL, post_json
from .tokens import match_page

# Consecutive failed deliveries after which the webhook is switched off (the user can switch it on again).
MAX_FAILURES = 5


def post_webhook(notification: Notification) -> None:
    """Raise on failure (the outbox retries with backoff); count failures on the profile either way."""
    profile = notification.user.profile
    if profile.webhook_disabled or not profile.webhook_url:
        raise PermanentFailure("the webhook is switched off")
    message = compose(notification)
    # The plain page, never the mail's one-click login link: a webhook posts to a third party's chat.
    link = match_page(message.match.pk) if message.match is not None else message.link  # a digest's, a tournament's
    text = f"{message.subject}\n{link}"
    try:
        post_json(profile.webhook_url, {"content": text, "text": text})
    except UnsafeURL as exc:
        _count_failure(profile, str(exc))
        raise PermanentFailure(str(exc)) from None  # retrying the same address cannot make it safe
    except requests.RequestException as exc:
        _count_failure(profile, str(exc))
        raise
    Profile.objects.filter(pk=profile.pk).update(webhook_failures=0)


def _count_failure(profile: Profile, error: str) -> None:
    Profile.objects.filter(pk=profile.pk).update(
        webhook_failures=F("webhook_failures") + 1, webhook_last_error=error[:1000]
    )
    Profile.objects.filter(pk=profile.pk, webhook_failures__gte=MAX_FAILURES).update(webhook_disabled=True)
