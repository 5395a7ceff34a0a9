"""The CELERY_* Django settings, copied once into this module for Celery to read.

Celery looks several settings up every time it sends a task, and most lookups are misses that fall through
to its defaults. Against ``django.conf.settings`` (a lazy proxy) each miss costs a slow failed attribute
lookup; against a plain module it costs next to nothing. Celery imports this module on first use, once
Django's settings are loaded; settings never change while a process runs.
"""

from django.conf import settings

globals().update({name: getattr(settings, name) for name in dir(settings) if name.startswith("CELERY_")})
