"""A signed-in player reads the site in their saved language and their own time zone."""

from __future__ import annotations

import contextlib
import zoneinfo

from django.utils import timezone, translation

from .language import supported


def _profile(request):
    return getattr(request.user, "profile", None) if request.user.is_authenticated else None


class UserLanguageMiddleware:
    """After LocaleMiddleware (cookie, then Accept-Language): a saved profile language wins over both."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        profile = _profile(request)
        language = supported(profile.language) if profile is not None else None
        if language and language != request.LANGUAGE_CODE:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)


class UserTimezoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        profile = _profile(request)
        timezone.deactivate()
        if profile is not None:
            # An unknown zone name keeps UTC.
            with contextlib.suppress(zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.activate(zoneinfo.ZoneInfo(profile.timezone))
        return self.get_response(request)
