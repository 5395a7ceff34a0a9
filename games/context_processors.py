"""Template context for every page: the "your turn" badge in the header."""

from __future__ import annotations

from functools import cache

from django.http import HttpRequest

from games.models import MatchStatus, Seat


def your_turn(request: HttpRequest) -> dict:
    """The number of matches waiting for the reader, counted only when a template shows the badge (the
    page's header, the live fragment), once per request however often it is read: the fragments of chat,
    takebacks and forms never ask, and never pay for the query."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    @cache
    def count() -> int:
        return Seat.objects.filter(user=user, is_active=True, match__status=MatchStatus.ACTIVE).count()

    return {"your_turn_count": count}
