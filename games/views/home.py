"""``/``: my matches (your turn first, then waiting, then finished), or the welcome page (also ``/games/``)."""

from __future__ import annotations

from datetime import datetime

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games import catalogue, match_lists
from games.models import LIVE, Match, MatchStatus, Seat

FINISHED_SHOWN = 30


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return games(request)
    user = request.user
    mine = Seat.objects.filter(user=user)
    matches = match_lists.with_last_record(Match.objects.all())
    # The matches still open or in play come in one read and are split here (a player has a bounded number of
    # them on); the finished ones, a history that only grows, in a second, cut at FINISHED_SHOWN.
    on = matches.filter(pk__in=mine.filter(match__status__in=[MatchStatus.OPEN, *LIVE]).values("match"))
    finished = matches.filter(
        pk__in=mine.filter(match__status__in=[MatchStatus.FINISHED, MatchStatus.ABANDONED]).values("match")
    )
    my_turn, waiting = [], []
    for match in on.order_by("-pk"):
        deadlines = _my_deadlines(match, user)
        if deadlines is None:
            waiting.append(match)
        else:  # the nearest deadline first, the untimed last, then by number
            my_turn.append(((0, min(deadlines), match.pk) if deadlines else (1, match.pk), match))
    my_turn.sort(key=lambda soonest_first: soonest_first[0])
    return render(
        request,
        "games/my_matches.html",
        {
            "my_turn": [_card(m, user) for _, m in my_turn],
            "waiting": [_card(m, user) for m in waiting],
            "finished": [_card(m, user) for m in finished.order_by("-finished_at", "-pk")[:FINISHED_SHOWN]],
        },
    )


def _my_deadlines(match: Match, user) -> list[datetime] | None:
    """The deadlines of ``user``'s seats that are to move in ``match`` (none may be set); None when it is not
    their turn."""
    if match.status != MatchStatus.ACTIVE:
        return None
    to_move = [seat for seat in match.seats.all() if seat.user_id == user.pk and seat.is_active]
    return [seat.deadline for seat in to_move if seat.deadline is not None] if to_move else None


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
