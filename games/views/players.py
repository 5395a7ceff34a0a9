"""``/players/<username>/``: a player's profile (games.players has the facts)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.players import profile_facts


def player_profile(request: HttpRequest, username: str) -> HttpResponse:
    player = get_user_model().objects.select_related("profile").filter(username=username).first()
    if player is None:
        raise Http404(f"No player {username}")
    facts = profile_facts(player, request.user, request.GET.get("page", 1))
    return render(request, "games/player.html", {"player": facts, "is_me": player.pk == request.user.pk})
