"""The Celery application. Broker and behaviour come from Django settings (CELERY_* names, through
config.celery_settings)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("dispatch_rider")
app.config_from_object("config.celery_settings")
app.autodiscover_tasks()
