"""Celery work is split into queues by kind (settings.CELERY_TASK_QUEUES / ROUTES, notifications.queue):
deliveries by channel, the beat's sweeps on "deadlines"; a worker without -Q consumes every one of them."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.conf import settings

from config.celery import app as celery_app
from notifications import queue
from notifications.models import Notification

BROKER = urlsplit(settings.CELERY_BROKER_URL)
LOCAL_REDIS = BROKER.scheme == "redis" and BROKER.hostname in ("127.0.0.1", "localhost")
SWEEPS = {
    "notifications.tasks.sweep_deadlines_task": "deadlines",
    "games.tournaments.tasks.sweep_tournaments_task": "deadlines",
    "games.seeks.tasks.expire_seeks_task": "deadlines",
    "notifications.tasks.redeliver_pending_task": "mail",
    "notifications.tasks.send_daily_digests_task": "mail",
}


def queue_of(task_name: str) -> str:
    return celery_app.amqp.router.route({}, task_name)["queue"].name


def test_every_beat_job_has_its_queue_and_every_queue_is_consumed_by_a_plain_worker():
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert scheduled == set(SWEEPS)
    assert {task: queue_of(task) for task in scheduled} == SWEEPS
    consumed = set(celery_app.amqp.queues)  # what `celery worker` without -Q listens to
    assert set(SWEEPS.values()) | set(queue.QUEUE_OF_CHANNEL.values()) <= consumed
    assert queue_of(queue.DELIVER) == "celery"  # only ever sent with its channel's queue


@pytest.mark.services
@pytest.mark.skipif(not LOCAL_REDIS, reason="needs CELERY_BROKER_URL=redis://127.0.0.1:PORT/N (see .ci/run)")
@pytest.mark.django_db(transaction=True)
def test_each_channels_delivery_lands_on_its_own_queue_in_redis(rk_match, monkeypatch):
    import redis

    monkeypatch.setitem(celery_app.conf, "task_always_eager", False)
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    for name in queue.QUEUE_OF_CHANNEL.values():
        broker.delete(name)
    rows = {channel: Notification.objects.filter(channel="email").first() for channel in queue.QUEUE_OF_CHANNEL}
    try:
        for channel, row in rows.items():
            queue.queue_delivery(row.pk, channel)
        assert {name: broker.llen(name) for name in queue.QUEUE_OF_CHANNEL.values()} == {
            "mail": 1,
            "webhooks": 1,
            "push": 1,
        }
    finally:
        for name in queue.QUEUE_OF_CHANNEL.values():
            broker.delete(name)


def test_celery_reads_every_setting_under_its_own_name_and_warns_of_none():
    """The CELERY_* settings reach Celery as its lowercase names: none is taken for a Celery 3 name, so a
    worker starts without deprecation warnings."""
    assert celery_app.conf.maybe_warn_deprecated_settings() is False
    assert celery_app.conf.task_acks_late is settings.CELERY_TASK_ACKS_LATE is True
    assert celery_app.conf.task_publish_retry_policy == settings.CELERY_TASK_PUBLISH_RETRY_POLICY
    assert celery_app.conf.timezone == settings.CELERY_TIMEZONE
