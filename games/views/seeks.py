"""Quick pairing in the lobby: post a seek, play another's, cancel one's own (plain forms; htmx only swaps
the form's options when the game changes)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games import languages, services
from games.seeks import services as seeks
from games.seeks.forms import PREFIX, SeekForm

from .common import error_page
from .lobby import lobby_page


@login_required
@require_GET
def seek_form(request: HttpRequest) -> HttpResponse:
    """The quick pairing form for another game (its sides and options), swapped in by htmx."""
    return render(request, "games/_seek_form.html", {"seek_form": SeekForm(game=request.GET.get(f"{PREFIX}-game"))})


@login_required
@require_POST
def post(request: HttpRequest) -> HttpResponse:
    """Paired at once: to the match. Else back to the lobby, where the seek waits in the reader's list."""
    form = SeekForm(request.POST)
    if not form.is_valid():
        return lobby_page(request, seek_form=form, status=400)
    data = form.cleaned_data
    try:
        seek = seeks.post_seek(
            request.user,
            form.engine.slug,
            form.options(),
            data["time_control"],
            rated=data["rated"],
            role=data["role"],
            min_rating=data["min_rating"],
            max_rating=data["max_rating"],
            lifetime_days=data["lifetime_days"],
        )
    except services.ServiceError as exc:
        form.add_error(None, languages.error_text(exc))
        return lobby_page(request, seek_form=form, status=exc.status)
    if seek.match_id:
        return redirect("match", pk=seek.match_id)
    return redirect(reverse("lobby") + "#seeks")


@login_required
@require_POST
def play(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        match = seeks.accept_seek(pk, request.user)
    except services.ServiceError as exc:
        return error_page(request, languages.error_text(exc), exc.status)
    return redirect("match", pk=match.pk)


@login_required
@require_POST
def cancel(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        seeks.cancel_seek(pk, request.user)
    except services.ServiceError as exc:
        return error_page(request, languages.error_text(exc), exc.status)
    return redirect(reverse("lobby") + "#seeks")
