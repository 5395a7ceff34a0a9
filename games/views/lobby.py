"""``/lobby/``: create a match, join an open one, answer invitations; quick pairing (games/views/seeks.py)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from games import languages, services, timecontrols
from games.computer.forms import PREFIX as COMPUTER
from games.computer.forms import PlayComputerForm
from games.forms import RANDOM_ROLE, CreateMatchForm
from games.models import Invitation, InvitationStatus, Match, MatchStatus, seats_with_users
from games.seeks import presentation
from games.seeks import services as seeks
from games.seeks.forms import SeekForm
from games.services.invitations import accept_invitation, decline_invitation, invite
from games.services.visibility import visible_to

from .common import error_page, get_match

OPEN_SHOWN = 50


@login_required
def lobby(request: HttpRequest) -> HttpResponse:
    return lobby_page(request)


def lobby_page(
    request: HttpRequest,
    form: CreateMatchForm | None = None,
    seek_form: SeekForm | None = None,
    computer_form: PlayComputerForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The lobby, with the form that was sent (and its errors) as it was. ``?computer-game=`` chooses the
    game of "Play the computer" (its options and sides) without JavaScript."""
    open_matches = (
        Match.objects.filter(status=MatchStatus.OPEN, is_private=False)
        .exclude(seats__user=request.user)
        .select_related("created_by__profile")  # each row names its creator
        .prefetch_related(seats_with_users())
        .order_by("-pk")[:OPEN_SHOWN]
    )
    invitations = (
        Invitation.objects.filter(user=request.user, status=InvitationStatus.PENDING, match__status=MatchStatus.OPEN)
        .select_related("match", "by__profile")
        .order_by("-pk")
    )
    lang = languages.current_language()
    return render(
        request,
        "games/lobby.html",
        {
            "form": form or CreateMatchForm(),
            "seek_form": seek_form or SeekForm(),
            "computer_form": computer_form or PlayComputerForm(game=request.GET.get(f"{COMPUTER}-game")),
            "open_matches": open_matches,
            "invitations": invitations,
            "own_seeks": presentation.rows(seeks.own_seeks(request.user)[:OPEN_SHOWN], request.user, lang),
            "open_seeks": presentation.rows(
                seeks.acceptable_by(seeks.open_seeks(request.user)[:OPEN_SHOWN], request.user), request.user, lang
            ),
        },
        status=status,
    )


@login_required
@require_GET
def create_form(request: HttpRequest) -> HttpResponse:
    """The create form for another game (its roles and options), swapped in by htmx."""
    return render(request, "games/_create_form.html", {"form": CreateMatchForm(game=request.GET.get("game"))})


@login_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    form = CreateMatchForm(request.POST)
    if not form.is_valid():
        return lobby_page(request, form, status=400)
    data = form.cleaned_data
    try:
        with transaction.atomic():
            match = services.create_match(
                request.user,
                form.engine.slug,
                form.options(),
                data["role"] or None,
                time_control=timecontrols.presets()[data["time_control"]],
                timeout_policy=data["timeout_policy"],
                is_private=data["private"],
                rated=data["rated"],
            )
            if data["invite"] is not None:
                invite(match, request.user, data["invite"])
    except services.ServiceError as exc:
        form.add_error(None, exc.message)
        return lobby_page(request, form, status=exc.status)
    return redirect("match", pk=match.pk)


@login_required
def join(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the join page (what the invite link opens). POST: take a seat."""
    match = get_match(pk)
    token = request.POST.get("invite") or request.GET.get("invite") or None
    if token != match.invite_token and not visible_to(match, request.user):
        raise Http404(f"No match {pk}")  # without its invite link, a private match is a free id
    if request.method == "POST":
        try:
            services.join_match(match.pk, request.user, request.POST.get("role") or None, token)
        except services.ServiceError as exc:
            return error_page(request, exc.message, exc.status)
        return redirect("match", pk=match.pk)
    free = [seat.role for seat in match.seats.all() if seat.user_id is None]
    return render(
        request,
        "games/join.html",
        {"match": match, "free_roles": free, "invite": token, "random_role": RANDOM_ROLE},
    )


@login_required
@require_POST
def answer_invitation(request: HttpRequest, pk: int) -> HttpResponse:
    invitation = get_object_or_404(Invitation.objects.select_related("match"), pk=pk)
    answer = request.POST.get("answer")
    if answer not in ("accept", "decline"):
        return error_page(request, 'Answer "accept" or "decline"', 400)
    try:
        if answer == "accept":
            accept_invitation(invitation, request.user)
            return redirect("match", pk=invitation.match_id)
        decline_invitation(invitation, request.user)
    except services.ServiceError as exc:
        return error_page(request, exc.message, exc.status)
    return redirect("lobby")
