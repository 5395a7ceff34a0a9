"""The match page's takeback writes: asking to take moves back, answering the opponent's request."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from games.models import Match
from games.services import NotFound, takeback

from .match import _int, _player_write


@login_required
@require_POST
def ask(request: HttpRequest, pk: int) -> HttpResponse:
    role = request.POST.get("role", "")
    to_seq = request.POST.get("to_seq")
    return _player_write(request, pk, lambda: takeback.ask(pk, request.user, role, _int(to_seq, "to_seq")))


@login_required
@require_POST
def answer(request: HttpRequest, pk: int, request_id: int) -> HttpResponse:
    role = request.POST.get("role", "")
    accept = request.POST.get("answer") == "accept"
    return _player_write(request, pk, lambda: _answer(pk, request_id, request.user, role, accept))


def _answer(match_id: int, request_id: int, user, role: str, accept: bool) -> None:
    """Answer through the services, refusing a request id of another match (the URL names both)."""
    if not Match.objects.filter(pk=match_id, takebacks__pk=request_id).exists():
        raise NotFound(f"No takeback request {request_id} in match {match_id}")
    takeback.answer(request_id, user, role, accept)
