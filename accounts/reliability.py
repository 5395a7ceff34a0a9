"""How reliably a player finishes and how fast they move, as Rally the Troops and BGA show it beside a name.

``reliability_of(user_ids)`` answers for any number of players in three queries (the lobby's seek list
asks for a page of them at once):

- finished share: of the finished matches a player sat in, those in which they never let a deadline pass
  (a dated ``Timeout`` row for them in that match);
- median time to move, over the last ``WINDOW``: a turn starts with the log record before the player's
  first move of a run of their own records (another side's move, or a moderator's), and ends with that
  move. Read from ``Action.created_at`` of consecutive records in one windowed query rather than a new
  column on the log: nothing new is written on the move path, and the window keeps the read bounded while
  saying how the player plays now;
- timeouts in the last ``WINDOW``.

Every match counts, private ones too: the numbers are aggregates that name no match.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Case, Count, Exists, F, OuterRef, Q, When, Window
from django.db.models.functions import Lag
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import Timeout
from games.models import Action, ActionKind, MatchStatus, Seat

WINDOW = timedelta(days=90)
MINUTE, HOUR, DAY = 60, 3600, 86400


@dataclass(frozen=True)
class Reliability:
    finished_share: float | None  # 0..1; None before the first finished match
    median_move_seconds: float | None  # None without a move in the window
    timeouts_90d: int
    finished: int = 0  # the finished matches the share is of

    @property
    def parts(self) -> list[str]:
        """The facts as short phrases in the active language, for a list or a line."""
        parts = []
        if self.finished_share is not None:
            percent = round(self.finished_share * 100)
            parts.append(
                ngettext(
                    "%(percent)s%% of %(count)s finished match without a timeout",
                    "%(percent)s%% of %(count)s finished matches without a timeout",
                    self.finished,
                )
                % {"percent": percent, "count": self.finished}
            )
        if self.median_move_seconds is not None:
            parts.append(_("moves in %(time)s (median)") % {"time": duration_words(self.median_move_seconds)})
        parts.append(
            ngettext(
                "%(count)s timeout in the last 90 days", "%(count)s timeouts in the last 90 days", self.timeouts_90d
            )
            % {"count": self.timeouts_90d}
        )
        return parts

    def facts(self) -> dict:
        """The numbers and their words, as a profile and a seek show them (pages and API alike)."""
        return {
            "finished_share": self.finished_share,
            "finished": self.finished,
            "median_move_seconds": self.median_move_seconds,
            "timeouts_90d": self.timeouts_90d,
            "summary": self.parts,
        }


def duration_words(seconds: float) -> str:
    """A time to move in the largest unit that fits, rounded: "under a minute", "40 minutes", "3 hours"."""
    if seconds < MINUTE:
        return _("under a minute")
    if seconds < HOUR:
        minutes = round(seconds / MINUTE)
        return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}
    if seconds < DAY:
        hours = round(seconds / HOUR)
        return ngettext("%(count)s hour", "%(count)s hours", hours) % {"count": hours}
    days = round(seconds / DAY)
    return ngettext("%(count)s day", "%(count)s days", days) % {"count": days}


def reliability_of(user_ids: Iterable[int], now: datetime | None = None) -> dict[int, Reliability]:
    """Every given player's reliability (a player with no history gets empty facts), in three queries."""
    ids = sorted(set(user_ids))
    if not ids:
        return {}
    since = (now or timezone.now()) - WINDOW
    finished = _finished_counts(ids)
    moves = _move_seconds(ids, since)
    timeouts = dict(
        Timeout.objects.filter(user_id__in=ids, at__gte=since)
        .values("user_id")
        .annotate(count=Count("pk"))
        .values_list("user_id", "count")
    )
    result = {}
    for user_id in ids:
        total, clean = finished.get(user_id, (0, 0))
        seconds = moves.get(user_id)
        result[user_id] = Reliability(
            finished_share=clean / total if total else None,
            median_move_seconds=statistics.median(seconds) if seconds else None,
            timeouts_90d=timeouts.get(user_id, 0),
            finished=total,
        )
    return result


def _finished_counts(ids: list[int]) -> dict[int, tuple[int, int]]:
    """user id → (finished matches, those finished without a timeout of theirs)."""
    timed_out = Timeout.objects.filter(user_id=OuterRef("user_id"), match_id=OuterRef("match_id"))
    rows = (
        Seat.objects.filter(user_id__in=ids, match__status=MatchStatus.FINISHED)
        .values("user_id")
        .annotate(
            total=Count("match_id", distinct=True),
            clean=Count("match_id", distinct=True, filter=~Q(Exists(timed_out))),
        )
    )
    return {row["user_id"]: (row["total"], row["clean"]) for row in rows}


def _move_seconds(ids: list[int], since: datetime) -> dict[int, list[float]]:
    """user id → the seconds each of their turns in the window took, from the log of their matches."""
    in_order = {"partition_by": [F("match_id")], "order_by": F("seq").asc()}
    # A filter on a plain column would go into the inner query and hide the records the window looks back
    # at; wrapped in a Case with the window, the whole condition is applied to the window's result.
    turn_of = Case(
        When(
            Q(kind=ActionKind.MOVE, user_id__in=ids) & ~Q(role=Window(Lag("role"), **in_order)),
            then=F("user_id"),
        ),
    )
    rows = (
        Action.objects.filter(match_id__in=Seat.objects.filter(user_id__in=ids).values("match_id"))
        .filter(created_at__gte=since)
        .annotate(turn_of=turn_of, started=Window(Lag("created_at"), **in_order))
        .filter(turn_of__isnull=False)
        .values_list("turn_of", "started", "created_at")
    )
    seconds = defaultdict(list)
    for user_id, started, moved in rows:
        seconds[user_id].append((moved - started).total_seconds())
    return seconds
