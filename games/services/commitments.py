"""The commitment cap: a player holds at most ``settings.MAX_ACTIVE_MATCHES`` live matches at once.

Open matches count beside active and paused ones: an open match starts the moment someone joins, so
every seat taken is already a promise to play. Finished and abandoned matches ask nothing more.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.translation import ngettext

from games.models import LIVE, MatchStatus, Seat

from .errors import Conflict

COMMITTED = (MatchStatus.OPEN, *LIVE)


def live_match_count(user) -> int:
    """How many open, active or paused matches ``user`` has a seat in."""
    return Seat.objects.filter(user=user, match__status__in=COMMITTED).values("match").distinct().count()


def lock_players(*users) -> None:
    """Lock the players' rows, in id order everywhere so two transactions never wait on each other; held
    until the transaction ends, so two requests at once cannot both slip under the cap."""
    ids = sorted({user.pk for user in users})
    list(get_user_model().objects.select_for_update().filter(pk__in=ids).order_by("pk").values_list("pk"))


def check_commitment_cap(user) -> None:
    """Refuse (409) one more match for a player at the cap; to count for sure, lock the player first."""
    cap = settings.MAX_ACTIVE_MATCHES
    if live_match_count(user) >= cap:
        raise Conflict(
            ngettext(
                "You already play {cap} match, the most one player may hold at once: finish one first",
                "You already play {cap} matches, the most one player may hold at once: finish one first",
                cap,
            ).format(cap=cap)
        )
