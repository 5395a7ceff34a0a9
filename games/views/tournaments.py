"""``/tournaments/``: the list with a create form, and a tournament's page (sign-up, rounds, standings)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games import languages, services
from games.tournaments import presentation
from games.tournaments import services as tournaments
from games.tournaments.forms import TournamentForm
from games.tournaments.models import Tournament, TournamentStatus

from .common import error_page

SHOWN = 50


def tournament_list(request: HttpRequest) -> HttpResponse:
    return _list_page(request, TournamentForm())


def _list_page(request: HttpRequest, form: TournamentForm, status: int = 200) -> HttpResponse:
    lang = languages.current_language()
    found = Tournament.objects.prefetch_related("players").select_related("winner")
    sections = [
        (key, label, [presentation.summary(t, request.user, lang) for t in found.filter(status=key)[:SHOWN]])
        for key, label in (
            (TournamentStatus.OPEN, TournamentStatus.OPEN.label),
            (TournamentStatus.RUNNING, TournamentStatus.RUNNING.label),
            (TournamentStatus.FINISHED, TournamentStatus.FINISHED.label),
        )
    ]
    verified = request.user.is_authenticated and request.user.profile.email_verified
    return render(
        request,
        "games/tournaments.html",
        {"sections": sections, "form": form, "may_create": verified},
        status=status,
    )


@login_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST)
    if not form.is_valid():
        return _list_page(request, form, status=400)
    data = form.cleaned_data
    try:
        tournament = tournaments.create_tournament(
            request.user,
            data["game"],
            data["format"],
            data["players"],
            name=data["name"],
            time_control=data["time_control"],
            timeout_policy=data["timeout_policy"],
            rated=data["rated"],
        )
    except services.ServiceError as exc:
        form.add_error(None, exc.message)
        return _list_page(request, form, status=exc.status)
    return redirect("tournament", pk=tournament.pk)


def tournament_page(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = Tournament.objects.filter(pk=pk).first()
    if tournament is None:
        raise Http404
    data = presentation.detail(tournament, request.user, languages.current_language())
    return render(request, "games/tournament.html", {"t": data})


@login_required
@require_POST
def join(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, tournaments.join_tournament)


@login_required
@require_POST
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, tournaments.leave_tournament)


def _act(request: HttpRequest, pk: int, change) -> HttpResponse:
    try:
        change(pk, request.user)
    except services.ServiceError as exc:
        return error_page(request, exc.message, exc.status)
    return redirect("tournament", pk=pk)
