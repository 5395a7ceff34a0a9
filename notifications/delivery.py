"""Delivering outbox rows exactly once: claim, send, mark; failures wait with backoff and are retried.

A row is claimed by one conditional UPDATE (pending → sending), so however many workers or retries
reach it, one sends it. A worker that dies after claiming leaves the row "sending"; after
STALE_CLAIM it is handed back to the redelivery sweep.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db.models import F
from django.utils import timezone

from .delivery_errors import PermanentFailure
from .mail import build_email
from .models import Channel, Notification, Status
from .presence import hold_again, turn_taken
from .push import send_push
from .webhook import post_webhook

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 8
STALE_CLAIM = timedelta(minutes=10)


def backoff(attempts: int) -> timedelta:
    """1, 2, 4 … minutes, at most an hour."""
    return timedelta(minutes=min(60, 2 ** (attempts - 1)))


def deliver(notification_id: int, now: datetime | None = None) -> str:
    """Send one row if it is due and nobody else has; returns the row's status afterwards."""
    now = now or timezone.now()
    claimed = Notification.objects.filter(pk=notification_id, status=Status.PENDING, next_attempt_at__lte=now).update(
        status=Status.SENDING, claimed_at=now, attempts=F("attempts") + 1
    )
    if not claimed:
        return "not due"
    notification = Notification.objects.select_related("user__profile", "match").get(pk=notification_id)
    if notification.held:
        if turn_taken(notification):
            return _settle(notification, Status.SKIPPED)
        later = hold_again(notification, now)
        if later is not None:  # its player still watches the match: another wait, not an attempt
            notification.attempts -= 1
            notification.next_attempt_at = later
            return _settle(notification, Status.PENDING)
    try:
        if notification.channel == Channel.WEBHOOK:
            post_webhook(notification)
        elif notification.channel == Channel.PUSH:
            send_push(notification)
        else:
            build_email(notification).send()
    except Exception as exc:
        failed = isinstance(exc, PermanentFailure) or notification.attempts >= MAX_ATTEMPTS
        notification.status = Status.FAILED if failed else Status.PENDING
        notification.next_attempt_at = now + backoff(notification.attempts)
        notification.last_error = f"{type(exc).__name__}: {exc}"[:2000]
        log.warning("Notification %s attempt %s failed: %s", notification.pk, notification.attempts, exc)
    else:
        notification.status = Status.SENT
        notification.sent_at = now
    notification.save(update_fields=["status", "next_attempt_at", "last_error", "sent_at"])
    return notification.status


def _settle(notification: Notification, status: str) -> str:
    """Settle a claimed turn notice without sending it: dropped, or waiting again."""
    notification.status = status
    notification.save(update_fields=["status", "attempts", "next_attempt_at"])
    return status


def due_ids(now: datetime, limit: int = 500) -> list[int]:
    """Rows to (re)deliver: pending and due, plus claims left behind by a worker that died."""
    Notification.objects.filter(status=Status.SENDING, claimed_at__lt=now - STALE_CLAIM).update(status=Status.PENDING)
    rows = Notification.objects.filter(status=Status.PENDING, next_attempt_at__lte=now).order_by("next_attempt_at")
    return list(rows.values_list("pk", flat=True)[:limit])
