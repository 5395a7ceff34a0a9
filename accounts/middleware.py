"""A signed-in player reads the site in their saved language and their own time zone."""

from __future__ import annotations

from django.utils import timezone, translation

from .language import supported
from .time_zone import zone_of


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
        timezone.activate(zone_of(_profile(request)))
        return self.get_response(request)
