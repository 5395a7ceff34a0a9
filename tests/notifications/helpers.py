"""Helpers for notification tests: injected time, delivering the outbox, reading mails."""

from __future__ import annotations

import contextlib
import re
from datetime import UTC, datetime
from unittest import mock

from django.core import mail

from notifications import delivery
from notifications.models import Notification, Status

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@contextlib.contextmanager
def frozen(at: datetime):
    """Every ``timezone.now()`` answers ``at`` (the services stamp records with it)."""
    with mock.patch("django.utils.timezone.now", return_value=at):
        yield


def deliver_pending(now: datetime | None = None) -> list:
    """Deliver every pending row as a worker would; return the mails sent."""
    before = len(mail.outbox)
    for pk in Notification.objects.filter(status=Status.PENDING).values_list("pk", flat=True):
        delivery.deliver(pk, now=now or datetime.now(UTC))
    return mail.outbox[before:]


def kinds(user) -> list[str]:
    return list(Notification.objects.filter(user=user, channel="email").values_list("kind", flat=True))


def link_in(text: str, fragment: str) -> str:
    return re.search(rf"https?://\S*{fragment}\S*", text).group(0)
