"""`manage.py vapid_keys`: a VAPID key pair for Web Push in var/vapid.json, made once (`make run` calls it)."""

from __future__ import annotations

import json

from django.conf import settings
from django.core.management.base import BaseCommand

from notifications.push import generate_keys


class Command(BaseCommand):
    help = "Write a VAPID key pair for Web Push into var/vapid.json unless one is there (development)."

    def handle(self, *args, **options) -> None:
        path = settings.VAR_DIR / "vapid.json"
        if path.exists():
            return
        keys = generate_keys()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"private": keys.private, "public": keys.public}))
        path.chmod(0o600)
        self.stdout.write(f"Wrote a VAPID key pair to {path}")
