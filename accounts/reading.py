"""What every page needs of a signed-in reader's profile: language, time zone and the name in the header.

The profile comes with the request's user, in the same round trip (``accounts.backends``), so reading it
costs no query of its own, and a saved profile shows on the very next page.
"""

from __future__ import annotations

from typing import NamedTuple

from django.http import HttpRequest


class Reading(NamedTuple):
    language: str
    timezone: str
    name: str  # shown in the header (the display name, else the username)


def reading_of(user) -> Reading | None:
    """What ``user``'s profile says of how they read the site; None for a visitor or a user without one."""
    if not user.is_authenticated:
        return None
    profile = getattr(user, "profile", None)
    return Reading(profile.language, profile.timezone, profile.name) if profile is not None else None


def request_reading(request: HttpRequest) -> Reading | None:
    """``reading_of`` the request's user, asked once per request: the middleware and the header
    (``accounts.context_processors``) share it."""
    if not hasattr(request, "_reading"):
        request._reading = reading_of(request.user)
    return request._reading
