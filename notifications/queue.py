"""The one entry point that queues delivery work: the outbox calls it, ``tasks`` implements it.

Tasks are named, not imported, so the outbox (imported by deadlines, which the tasks run) never imports
the tasks module: no import circle. A registered task runs as Celery would (eagerly when no broker is
configured); an unregistered name goes to the broker as it is.
"""

from __future__ import annotations

import logging

from config import celery_app

log = logging.getLogger(__name__)

DELIVER = "notifications.tasks.deliver_task"
# Each channel on its own queue (settings.CELERY_TASK_QUEUES): a slow SMTP server or push service delays only
# its own kind, and each can be given workers of its own (`celery worker -Q push`).
QUEUE_OF_CHANNEL = {"email": "mail", "webhook": "webhooks", "push": "push"}


def queue_delivery(notification_id: int, channel: str) -> None:
    """Hand the row to a worker. If the broker is down the row stays pending for the redelivery sweep."""
    try:
        # The project's app, not celery.current_app: any other Celery() made in the process becomes current.
        celery_app.signature(DELIVER, args=(notification_id,)).apply_async(queue=QUEUE_OF_CHANNEL[channel])
    except Exception as exc:  # the broker is unreachable: the periodic redelivery will send it
        log.warning("Notification %s not queued (%s); it stays pending", notification_id, exc)
