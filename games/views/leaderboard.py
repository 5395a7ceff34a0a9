"""``/leaderboard/``: Elo ratings per game."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games import engines
from games.models import Rating

SHOWN = 100


def leaderboard(request: HttpRequest) -> HttpResponse:
    games = sorted(engines.all(), key=lambda e: e.title)
    slugs = [e.slug for e in games]
    game = request.GET.get("game") if request.GET.get("game") in slugs else slugs[0]
    ratings = Rating.objects.filter(game=game, matches__gt=0).select_related("user__profile")
    return render(
        request,
        "games/leaderboard.html",
        {"games": games, "game": game, "ratings": ratings.order_by("-rating", "user__username")[:SHOWN]},
    )
