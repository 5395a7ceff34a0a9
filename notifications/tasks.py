"""Celery tasks: delivery of one outbox row (queued by name through ``queue``), and the periodic work run
by beat (see settings). Each is named ``*_task`` and only calls domain code (``delivery``, ``deadlines``),
which never imports this module.

A message queued under an older task name before a deploy is refused by the worker as unregistered; its
row stays pending and ``redeliver_pending_task`` sends it.
"""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from . import deadlines, delivery


@shared_task(ignore_result=True)
def deliver_task(notification_id: int) -> str:
    return delivery.deliver(notification_id)


@shared_task(ignore_result=True)
def redeliver_pending_task() -> int:
    """Send what is still pending: queued while the broker was down, due for a retry, or orphaned."""
    ids = delivery.due_ids(timezone.now())
    for notification_id in ids:
        delivery.deliver(notification_id)
    return len(ids)


@shared_task(ignore_result=True)
def sweep_deadlines_task() -> dict[str, int]:
    return deadlines.sweep(timezone.now())


@shared_task(ignore_result=True)
def send_daily_digests_task() -> int:
    return deadlines.send_digests(timezone.now())
