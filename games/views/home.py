"""``/``: my matches (your turn first, then waiting, then finished), or the welcome page (also ``/games/``)."""

from __future__ import annotations

from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games import catalogue
from games.models import Match, MatchStatus, Seat

FINISHED_SHOWN = 30


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return games(request)
    seats = Seat.objects.filter(user=request.user).select_related("match")
    seats = seats.prefetch_related("match__seats__user__profile")
    my_turn = seats.filter(is_active=True, match__status=MatchStatus.ACTIVE).order_by(
        F("deadline").asc(nulls_last=True), "match__pk"
    )
    waiting_ids = (
        seats.filter(match__status__in=[MatchStatus.OPEN, MatchStatus.ACTIVE, MatchStatus.PAUSED])
        .exclude(match__in=my_turn.values("match"))
        .values("match")
    )
    finished_ids = seats.filter(match__status__in=[MatchStatus.FINISHED, MatchStatus.ABANDONED]).values("match")
    matches = Match.objects.prefetch_related("seats__user__profile")
    return render(
        request,
        "games/my_matches.html",
        {
            "my_turn": [_row(seat.match, request.user, seat) for seat in my_turn],
            "waiting": [_row(m, request.user) for m in matches.filter(pk__in=waiting_ids).order_by("-pk")],
            "finished": [
                _row(m, request.user)
                for m in matches.filter(pk__in=finished_ids).order_by("-finished_at", "-pk")[:FINISHED_SHOWN]
            ],
        },
    )


def games(request: HttpRequest) -> HttpResponse:
    """The welcome page: what the site offers, the five games with their boards, how a turn works here."""
    return render(request, "games/welcome.html", {"games": catalogue.games()})


def _row(match: Match, user, seat: Seat | None = None) -> dict:
    """One line of the list: the match, my roles, my opponents and (on my turn) my deadline."""
    return {
        "match": match,
        "my_roles": match.roles_of(user),
        "opponents": [s for s in match.seats.all() if s.user_id != user.pk],
        "my_turn": seat is not None,
        "deadline": seat.deadline if seat else None,
    }
