"""A signed-in player reads the site in their saved language and their own time zone."""

from __future__ import annotations

from django.utils import timezone, translation

from .language import supported
from .reading import request_reading
from .time_zone import zone_named


class UserLanguageMiddleware:
    """After LocaleMiddleware (cookie, then Accept-Language): a saved profile language wins over both."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        reading = request_reading(request)
        language = supported(reading.language) if reading is not None else None
        if language and language != request.LANGUAGE_CODE:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)


class UserTimezoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        reading = request_reading(request)
        timezone.activate(zone_named(reading.timezone if reading is not None else ""))
        return self.get_response(request)
