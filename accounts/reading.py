"""What every page needs of a signed-in reader's profile (language, time zone and the name in the header),
kept in the cache.

Without it each request spends a query on the profile before the view runs, a third of what a poll that
finds nothing new costs, and every page another for the header. Saving a profile or its user drops the
entry; nothing changes these fields otherwise.
"""

from __future__ import annotations

from typing import NamedTuple

from django.conf import settings
from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.http import HttpRequest

from .models import Profile

LIFETIME = 3600  # seconds; an entry is dropped on every save, this only bounds what a lost delete leaves


class Reading(NamedTuple):
    language: str
    timezone: str
    name: str  # shown in the header (the display name, else the username)


def _key(user_id: int) -> str:
    return f"reading:v2:{user_id}"  # v2: the name joined language and time zone


def reading_of(user) -> Reading | None:
    """What ``user``'s profile says of how they read the site; None for a visitor or a user without one."""
    if not user.is_authenticated:
        return None
    found = cache.get(_key(user.pk))
    if found is None:
        profile = getattr(user, "profile", None)
        if profile is None:
            return None
        found = (profile.language, profile.timezone, profile.name)
        cache.set(_key(user.pk), found, LIFETIME)
    return Reading(*found)


def request_reading(request: HttpRequest) -> Reading | None:
    """``reading_of`` the request's user, asked once per request: the middleware and the header
    (``accounts.context_processors``) share it."""
    if not hasattr(request, "_reading"):
        request._reading = reading_of(request.user)
    return request._reading


@receiver(post_save, sender=Profile)
@receiver(post_delete, sender=Profile)
@receiver(post_save, sender=settings.AUTH_USER_MODEL)  # the username is the name without a display name
def forget_reading(sender, instance, **kwargs) -> None:
    cache.delete(_key(instance.user_id if isinstance(instance, Profile) else instance.pk))
