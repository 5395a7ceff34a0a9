"""``/matches/``: public matches in play and finished, to watch, newest activity first (ARCHITECTURE §5)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games import match_lists
from games.forms import WatchFilterForm
from games.models import Match, MatchStatus

PAGE_SIZE = 20


def match_list(request: HttpRequest) -> HttpResponse:
    """Private matches are never listed, not even to their players: the list is the same for everyone."""
    form = WatchFilterForm(request.GET)
    if not form.is_valid():
        return render(request, "games/matches.html", {"form": form, "page": None}, status=400)
    matches = form.filter(match_lists.public_matches()).select_related("tournament_pairing__tournament")
    page = Paginator(matches, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "games/matches.html", {"form": form, "page": page, "rows": [_row(m) for m in page]})


def _row(match: Match) -> dict:
    seats = list(match.seats.all())
    pairing = getattr(match, "tournament_pairing", None)
    return {
        "match": match,
        "seats": seats,
        "to_move": [s for s in seats if s.role in match.active_roles] if match.status == MatchStatus.ACTIVE else [],
        "winners": [s for s in seats if match.result and s.role == match.result.get("winner")],
        "tournament": pairing.tournament if pairing else None,
        "activity": match_lists.activity(match),
    }
