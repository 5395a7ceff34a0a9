"""``/lobby/computer/``: start a match against the computer (the form lives in the lobby)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from games import languages, services
from games.computer.forms import PREFIX, PlayComputerForm
from games.computer.matches import create_computer_match

from .lobby import lobby_page


@login_required
@require_GET
def form(request: HttpRequest) -> HttpResponse:
    """The form for another game (its options and sides), swapped in by htmx."""
    game = request.GET.get(f"{PREFIX}-game")
    return render(request, "computer/_form.html", {"computer_form": PlayComputerForm(game=game)})


@login_required
@require_POST
def play(request: HttpRequest) -> HttpResponse:
    form = PlayComputerForm(request.POST)
    if not form.is_valid():
        return lobby_page(request, computer_form=form, status=400)
    data = form.cleaned_data
    try:
        match = create_computer_match(
            request.user,
            form.engine.slug,
            form.options(),
            data["role"] or None,
            level=data["level"],
            rated=data["rated"],
        )
    except services.ServiceError as exc:
        form.add_error(None, languages.error_text(exc))
        return lobby_page(request, computer_form=form, status=exc.status)
    return redirect("match", pk=match.pk)
