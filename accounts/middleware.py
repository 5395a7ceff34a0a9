"""A signed-in player reads the site in their saved language and their own time zone."""

from __future__ import annotations

from django.utils import timezone, translation

from .language import supported
from .reading import reading_of
from .time_zone import zone_named


def _reading(request) -> tuple[str, str] | None:
    if not hasattr(request, "_reading"):
        request._reading = reading_of(request.user)
    return request._reading


class UserLanguageMiddleware:
    """After LocaleMiddleware (cookie, then Accept-Language): a saved profile language wins over both."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        reading = _reading(request)
        language = supported(reading[0]) if reading is not None else None
        if language and language != request.LANGUAGE_CODE:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)


class UserTimezoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        reading = _reading(request)
        timezone.activate(zone_named(reading[1] if reading is not None else ""))
        return self.get_response(request)
