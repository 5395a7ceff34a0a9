"""Show times in the logged-in player's own time zone."""

from __future__ import annotations

import contextlib
import zoneinfo

from django.utils import timezone


class UserTimezoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        profile = getattr(request.user, "profile", None) if request.user.is_authenticated else None
        timezone.deactivate()
        if profile is not None:
            # An unknown zone name keeps UTC.
            with contextlib.suppress(zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.activate(zoneinfo.ZoneInfo(profile.timezone))
        return self.get_response(request)
