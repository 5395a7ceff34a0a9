"""The lists of matches (``/matches/`` and My matches): what each match's row says of its last activity.

A row says who did what last ("bob moved 3 hours ago"). The last log record's kind and role come with the
matches in the same query (a subquery per row on the log's ``(match, seq)`` key), so a page of any size costs
the same few queries; ``Match.last_activity_at``, kept by the write path, orders the public list on its index.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import OuterRef, QuerySet, Subquery

from games.models import Action, ActionKind, Match, MatchStatus, seats_with_users

# The records a player makes and what the row says of them; others (undo, takeback, a moderator's) are "acted".
SAID_OF_PLAYERS = {ActionKind.MOVE: "moved", ActionKind.RESIGN: "resigned"}
WATCHED = (MatchStatus.ACTIVE, MatchStatus.PAUSED, MatchStatus.FINISHED, MatchStatus.ABANDONED)


def with_last_record(matches: QuerySet[Match]) -> QuerySet[Match]:
    """``matches`` with their seats (users, profiles) and their last log record's ``last_kind`` and ``last_role``;
    without the cached state, which no list reads and which can be large."""
    last = Action.objects.filter(match=OuterRef("pk")).order_by("-seq")
    return (
        matches.defer("state")
        .prefetch_related(seats_with_users())
        .annotate(last_kind=Subquery(last.values("kind")[:1]), last_role=Subquery(last.values("role")[:1]))
    )


def public_matches() -> QuerySet[Match]:
    """Every match a visitor may watch from the list: public, started (in play or over), newest activity first."""
    found = Match.objects.filter(is_private=False, status__in=WATCHED)
    return with_last_record(found).order_by("-last_activity_at", "-pk")


def activity(match: Match) -> dict[str, Any]:
    """What happened last and when: ``{"what", "by", "at"}``, ``what`` one of "moved",
    "resigned", "acted", "started", "cancelled", "created".

    ``match`` comes from ``with_last_record``; ``by`` is the user who holds the last record's role (a timed-out
    player's default move is theirs too), None for the platform's records.
    """
    if match.status == MatchStatus.OPEN:
        return _said("created", None, match.created_at)
    if match.status == MatchStatus.ABANDONED:
        return _said("cancelled", None, match.last_activity_at)
    kind = getattr(match, "last_kind", None)
    if kind is None:
        return _said("started", None, match.last_activity_at)
    seat = match.seat_for(match.last_role) if match.last_role else None
    by = seat.user if seat else None
    return _said(SAID_OF_PLAYERS.get(kind, "acted") if by else "acted", by, match.last_activity_at)


def _said(what: str, by, at: datetime | None) -> dict[str, Any]:
    return {"what": what, "by": by, "at": at}
