"""Celery tasks: delivery of one outbox row (queued by name through ``queue``), and the periodic work run
by beat (see settings)."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from . import deadlines, delivery


@shared_task(ignore_result=True)
def deliver(notification_id: int) -> str:
    return delivery.deliver(notification_id)


@shared_task(ignore_result=True)
def redeliver_pending() -> int:
    """Send what is still pending: queued while the broker was down, due for a retry, or orphaned."""
    ids = delivery.due_ids(timezone.now())
    for notification_id in ids:
        delivery.deliver(notification_id)
    return len(ids)


@shared_task(ignore_result=True)
def sweep_deadlines() -> dict[str, int]:
    return deadlines.sweep(timezone.now())


@shared_task(ignore_result=True)
def send_daily_digests() -> int:
    return deadlines.send_digests(timezone.now())
