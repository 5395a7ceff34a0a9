"""``/``: my matches (your turn first, then waiting, then finished), or the welcome page (also ``/games/``)."""

from __future__ import annotations

from django.db.models import F, OuterRef, Subquery
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games import catalogue, match_lists
from games.models import LIVE, Match, MatchStatus, Seat

FINISHED_SHOWN = 30


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return games(request)
    mine = Seat.objects.filter(user=request.user)
    my_turn_ids = mine.filter(is_active=True, match__status=MatchStatus.ACTIVE).values("match")
    my_deadline = mine.filter(match=OuterRef("pk"), is_active=True).order_by(F("deadline").asc(nulls_last=True))
    matches = match_lists.with_last_record(Match.objects.all())
    my_turn = (
        matches.filter(pk__in=my_turn_ids)
        .annotate(my_deadline=Subquery(my_deadline.values("deadline")[:1]))
        .order_by(F("my_deadline").asc(nulls_last=True), "pk")
    )
    waiting = matches.filter(pk__in=mine.filter(match__status__in=[MatchStatus.OPEN, *LIVE]).values("match")).exclude(
        pk__in=my_turn_ids
    )
    finished = matches.filter(
        pk__in=mine.filter(match__status__in=[MatchStatus.FINISHED, MatchStatus.ABANDONED]).values("match")
    )
    return render(
        request,
        "games/my_matches.html",
        {
            "my_turn": [_card(m, request.user) for m in my_turn],
            "waiting": [_card(m, request.user) for m in waiting.order_by("-pk")],
            "finished": [_card(m, request.user) for m in finished.order_by("-finished_at", "-pk")[:FINISHED_SHOWN]],
        },
    )


def games(request: HttpRequest) -> HttpResponse:
    """The welcome page: what the site offers, the five games with their boards, how a turn works here."""
    return render(request, "games/welcome.html", {"games": catalogue.games()})


def _card(match: Match, user) -> dict:
    """One card: the match as I see it (its picture is drawn from my side), my opponents, whose move, my result."""
    seats = list(match.seats.all())
    my_roles = [seat.role for seat in seats if seat.user_id == user.pk]
    to_move = [seat for seat in seats if seat.is_active] if match.status == MatchStatus.ACTIVE else []
    return {
        "match": match,
        "my_roles": my_roles,
        "opponents": [seat for seat in seats if seat.user_id != user.pk],
        "to_move": to_move,
        "my_seat_to_move": next((seat for seat in to_move if seat.role in my_roles), None),
        "untimed": (match.time_control or {}).get("kind", "none") == "none",
        "outcome": _outcome(match, my_roles),
        "activity": match_lists.activity(match),
        "has_picture": match.status != MatchStatus.OPEN,  # the board exists once every seat is taken
    }


def _outcome(match: Match, my_roles: list[str]) -> str | None:
    """ "won", "lost" or "draw" for a match that ended with a result; None otherwise."""
    if match.status != MatchStatus.FINISHED or not match.result:
        return None
    winner = match.result.get("winner")
    if winner is None:
        return "draw"
    return "won" if winner in my_roles else "lost"
