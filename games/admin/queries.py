"""The questions moderators ask of matches, shared by the overview counts and the list filters."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Exists, Max, OuterRef, QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone

from games.models import Match, MatchStatus, Seat
from games.services import upgrades


def overdue(matches: QuerySet, now: datetime) -> QuerySet:
    """Active matches where a player whose turn it is has let the deadline pass."""
    late = Seat.objects.filter(match=OuterRef("pk"), is_active=True, deadline__lt=now)
    return matches.filter(Exists(late), status=MatchStatus.ACTIVE)


def stalled(matches: QuerySet, now: datetime, days: int) -> QuerySet:
    """Active matches with no log record (or start) for at least ``days`` days."""
    last = matches.annotate(last_activity=Coalesce(Max("actions__created_at"), "started_at", "created_at"))
    return last.filter(status=MatchStatus.ACTIVE, last_activity__lte=now - timedelta(days=days))


def finished_since(matches: QuerySet, since: datetime) -> QuerySet:
    return matches.filter(status=MatchStatus.FINISHED, finished_at__gte=since)


def start_of_today(now: datetime) -> datetime:
    return timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)


def attention_counts(now: datetime) -> dict[str, int]:
    """The overview's match counts."""
    matches = Match.objects.all()
    return {
        "active": matches.filter(status=MatchStatus.ACTIVE).count(),
        "overdue": overdue(matches, now).count(),
        "paused": matches.filter(status=MatchStatus.PAUSED).count(),
        "flagged": matches.filter(flagged=True).count(),
        "finished_today": finished_since(matches, start_of_today(now)).count(),
        "replay_failed": matches.filter(replay_failed=True).count(),
        "upgrade_waiting": upgrades.waiting().count(),
        "upgrade_refused": upgrades.refused().count(),
    }
