"""Who is watching a match now, and the turn notices held back while they are.

A player whose match page is open and visible polls its live part every few seconds (the page's
script marks a poll from a hidden tab with ``X-Page-Hidden``). Each such poll marks the player as
watching that match for a few seconds, in the shared cache, so that any web process can set the mark
and any worker can read it.

A turn notice by mail or Web Push to a player who is watching waits: the page already shows the turn,
and a mail or a buzz on the phone for each move of a game played live is noise. The notice is marked
``held``, and the worker looks again when the wait is over. It drops the notice if the player has taken
the turn or the turn has passed, waits again while they still watch (for at most ``LONGEST_HOLD``, in
case they left the screen with the tab open), and otherwise sends it. Webhooks are never held: programs
read them. A notice that was never held is sent however late it is (a broker outage delays mail, it
never drops it).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.core.cache import cache
from django.http import HttpRequest

from games.models import Match, MatchStatus

from .models import Channel, Kind, Notification

# Three polls missed in a row (games.views.match.POLL_SECONDS is 3): the page is closed or hidden.
WATCHING_SECONDS = 10
HIDDEN_HEADER = "X-Page-Hidden"
HOLD = timedelta(minutes=1)
LONGEST_HOLD = timedelta(minutes=15)
HELD_CHANNELS = (Channel.EMAIL, Channel.PUSH)


def _key(match_id: int, user_id: int) -> str:
    return f"watching:{match_id}:{user_id}"


def mark_watching(request: HttpRequest, match_id: int) -> None:
    """The requesting player polled the match from a visible page."""
    if request.headers.get(HIDDEN_HEADER) != "1":
        cache.set(_key(match_id, request.user.pk), 1, WATCHING_SECONDS)


def is_watching(match_id: int, user_id: int) -> bool:
    return cache.get(_key(match_id, user_id)) is not None


def first_hold(kind: str, match: Match | None, user_id: int, now: datetime) -> datetime | None:
    """When a new notice by mail or push is first tried: later for a turn its player is watching, else
    None (at once)."""
    if kind != Kind.TURN or match is None or not is_watching(match.pk, user_id):
        return None
    return now + HOLD


def turn_taken(notification: Notification) -> bool:
    """The held notice's turn is over: the match ended or paused, the seat is no longer to act, or its player
    has acted in the match since the notice was written."""
    match = notification.match
    if match is None or match.status != MatchStatus.ACTIVE:
        return True
    seat = match.seats.filter(role=notification.role).first()
    if seat is None or not seat.is_active or seat.user_id != notification.user_id:
        return True
    return match.actions.filter(seq__gt=notification.seq or 0, role=notification.role).exists()


def hold_again(notification: Notification, now: datetime) -> datetime | None:
    """Another wait for a held notice while the player still watches (None: send now). The wait never runs past
    ``LONGEST_HOLD`` after the notice was written."""
    if now - notification.created_at >= LONGEST_HOLD or not is_watching(notification.match_id, notification.user_id):
        return None
    return min(now + HOLD, notification.created_at + LONGEST_HOLD)
