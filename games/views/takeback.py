"""The match page's takeback writes: asking to take moves back, answering the opponent's request."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.services import IllegalMove, takeback

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
    role, answer = request.POST.get("role", ""), request.POST.get("answer")

    def write() -> object:
        if answer not in ("accept", "decline"):
            raise IllegalMove(_("The answer is accept or decline"))
        return takeback.answer(pk, request_id, request.user, role, answer == "accept")

    return _player_write(request, pk, write)
