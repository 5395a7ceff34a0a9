"""The CELERY_* Django settings, copied once into this module for Celery to read, under Celery's names.

Celery looks several settings up every time it sends a task, and most lookups are misses that fall through
to its defaults. Against ``django.conf.settings`` (a lazy proxy) each miss costs a slow failed attribute
lookup; against a plain module it costs next to nothing. Celery imports this module on first use, once
Django's settings are loaded; settings never change while a process runs.
"""

from django.conf import settings

# Under Celery's own lowercase names (CELERY_TASK_ACKS_LATE is task_acks_late), as namespace="CELERY" would
# map them: read through that namespace, three of them (CELERY_RESULT_BACKEND, CELERY_TIMEZONE,
# CELERY_TASK_PUBLISH_RETRY_POLICY) are also Celery 3's names, and every worker started with a warning that
# they were deprecated.
_PREFIX = "CELERY_"
globals().update(
    {name.removeprefix(_PREFIX).lower(): getattr(settings, name) for name in dir(settings) if name.startswith(_PREFIX)}
)
