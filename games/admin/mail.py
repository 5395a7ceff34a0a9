"""The notifications outbox, when that app provides it (the admin works without it)."""

from __future__ import annotations

from django.apps import apps
from django.db.models import Exists, OuterRef, QuerySet


def notification_model():
    """``notifications.Notification`` or None while the notifications app has no outbox model."""
    try:
        return apps.get_model("notifications", "Notification")
    except LookupError:
        return None


def mail_counts() -> dict[str, int] | None:
    """Outbox rows waiting and failed; None without an outbox."""
    model = notification_model()
    if model is None:
        return None
    return {status: model.objects.filter(status=status).count() for status in ("pending", "failed")}


def with_mail_status(matches: QuerySet, status: str) -> QuerySet:
    """Matches that have at least one outbox row in ``status`` (unchanged without an outbox)."""
    model = notification_model()
    if model is None:
        return matches
    return matches.filter(Exists(model.objects.filter(match=OuterRef("pk"), status=status)))
