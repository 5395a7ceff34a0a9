"""Template context for every page: the "your turn" badge in the header."""

from __future__ import annotations

from django.http import HttpRequest

from games.models import MatchStatus, Seat


def your_turn(request: HttpRequest) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    count = Seat.objects.filter(user=user, is_active=True, match__status=MatchStatus.ACTIVE).count()
    return {"your_turn_count": count}
