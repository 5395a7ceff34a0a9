"""``/matches/<id>/``: the match page, its live fragments and every player action on it.

Everything shown comes from ``games.presentation`` for the requesting user's own role (a spectator:
None), and every write goes through ``games.services``, which checks seats and turns.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.models import NotifyMode
from games import json_input, languages, presentation, services
from games.forms import ChatForm, NoteForm
from games.models import ActionKind, ChatMessage, Match, MatchStatus
from games.services import ServiceError, match_transfer
from games.services.chat import post_message
from games.services.invitations import invite
from games.services.notes import save_note
from games.services.reading import read_chat, with_written_state
from games.services.visibility import OVER, may_read_hidden
from notifications.presence import mark_watching

from .common import error_page, get_match, is_htmx
from .heading import match_heading
from .polls import chat_unchanged, live_poll, live_token
from .rendered import rendered_picture, rendered_position
from .takeback_part import requests_now, takeback_context

POLL_SECONDS = 3
CHAT_POLL_SECONDS = 5


def live_context(request: HttpRequest, match: Match, seq: int | None = None, error: str = "") -> dict:
    """What the live part of the page shows: board, turn, prompt, choices, log, history control, every
    engine text in the reader's language (``games.languages``)."""
    user = request.user
    lang = languages.current_language()
    role = presentation.viewer_role(match, user)
    my_roles = match.roles_of(user)
    parts = rendered_position(match, my_roles, seq, lang)
    shown_seq = match.seq if seq is None else seq
    playing = seq is None and match.status == MatchStatus.ACTIVE
    latest = parts["latest_record"]  # (seq, kind, role)
    takebacks = requests_now(match, latest)
    return {
        **parts,
        "match": match,
        "my_roles": my_roles,
        "viewer_role": role,
        "seats": list(match.seats.all()),  # in seat order (get_match)
        "idempotency_key": f"web-{uuid.uuid4().hex}",
        # The service makes the full check (nothing revealed, nobody acted since) and explains a refusal.
        "undo_role": latest[2]
        if playing and latest is not None and latest[1] == ActionKind.MOVE and latest[2] in my_roles
        else None,
        "resign_role": role if playing else None,
        **takeback_context(match, user, role, playing, latest, takebacks, parts["takeback_points"]),
        # Only a result has them (a queryset costs more to build than most of this context, unread or not).
        "rating_changes": match.rating_changes.select_related("user__profile").order_by("pk")
        if seq is None and match.result
        else [],
        "history_seq": seq,
        "shown_seq": shown_seq,
        "polling": seq is None and match.status not in OVER,
        "poll_seconds": POLL_SECONDS,
        "live_token": live_token(match, takebacks),
        "error": error,
    }


def _watched(request: HttpRequest, pk: int, *, at_seq: bool = False) -> tuple[Match, int | None]:
    """The match if the user may watch it, and (``at_seq``) the ``?seq=`` history point asked for."""
    match = get_match(pk, request.user)
    return match, presentation.parse_seq(match, request.GET.get("seq")) if at_seq else None


@require_GET
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        match, seq = _watched(request, pk, at_seq=True)
    except services.ServiceError as exc:
        return error_page(request, languages.error_text(exc), exc.status)
    context = live_context(request, match, seq)
    if is_htmx(request) and request.headers.get("HX-Target") == "match-live":
        return render_live(request, context)
    context.update(_page_extras(request, match))
    return render(request, "games/match.html", context)


@require_GET
def board(request: HttpRequest, pk: int) -> HttpResponse:
    """The board picture alone, full size (now, or at ``?seq=``), as the requesting user may see it."""
    try:
        match, seq = _watched(request, pk, at_seq=True)
    except services.ServiceError as exc:
        return error_page(request, languages.error_text(exc), exc.status)
    role = presentation.viewer_role(match, request.user)
    lang = languages.current_language()
    picture = rendered_picture(match, role, seq, lang)
    if picture is None:
        return error_page(request, _("The board appears when every seat is taken"), 409)
    response = HttpResponse(picture, content_type="image/svg+xml")
    patch_vary_headers(response, ("Accept-Language", "Cookie"))  # drawn in the reader's language
    if "seq" in request.GET:
        # A record's picture never changes for its reader (My matches asks for the record it lists).
        patch_cache_control(response, private=True, max_age=3600)
    return response


def _page_extras(request: HttpRequest, match: Match) -> dict:
    """The parts outside the live fragment: heading, chat, notes, invite link, export."""
    user = request.user
    roles = match.roles_of(user)
    is_player = bool(roles)
    messages, note = read_chat(match, note_of=user.pk) if is_player else ([], "")
    seat = next((s for s in match.seats.all() if is_player and s.user_id == user.pk), None)
    return {
        "heading": match_heading(match, roles, languages.current_language()),
        "is_player": is_player,
        "notify_mode": seat.notify_mode if seat else "",
        "notify_modes": NotifyMode.choices,
        "chat": _chat_context(match, messages) if is_player else None,
        "note": note,
        "invite_url": request.build_absolute_uri(
            f"{reverse('match_join', args=[match.pk])}?invite={match.invite_token}"
        )
        if is_player and match.status == MatchStatus.OPEN
        else "",
        "may_export": may_read_hidden(match, user),
        # Web Push offered beside the mail, to a player whose browsers get none yet (the key to subscribe with).
        # The player's profile came with the seats (``seats_with_users``): no query of its own.
        "push_prompt": settings.VAPID_PUBLIC_KEY if seat is not None and not seat.user.profile.push_enabled else "",
    }


def _chat_context(match: Match, messages: list[ChatMessage] | None = None) -> dict:
    """The chat part (``messages``: the chat as read already, else read here)."""
    if messages is None:
        messages, _ = read_chat(match)
    return {
        "match": match,
        "messages": messages,
        "last_id": messages[-1].pk if messages else 0,
        "poll_seconds": CHAT_POLL_SECONDS,
    }


@require_GET
def live(request: HttpRequest, pk: int) -> HttpResponse:
    """The polled fragment: 204 (htmx keeps the page) while nothing changed. A player's poll from a
    visible page marks them as watching the match (their turn notices wait: notifications.presence)."""
    poll = live_poll(request, pk, request.GET.get("since"))
    if poll.unchanged:
        response, seated = HttpResponse(status=204), poll.seated
    else:
        try:
            match, _ = _watched(request, pk)
        except services.ServiceError as exc:
            return error_page(request, languages.error_text(exc), exc.status)
        context = live_context(request, match)
        response, seated = render_live(request, context), bool(context["my_roles"])
    if seated:
        mark_watching(request, pk)
    return response


def render_live(request: HttpRequest, context: dict, status: int = 200, focus: bool = False) -> HttpResponse:
    """The live fragment on its own; it also refreshes the header's "your turn" badge (out of band).

    ``focus``: the answer to the player's own click, so keyboard focus moves into the new fragment
    (never on a polled update, which must not steal focus from the chat box).
    """
    return render(request, "games/_live.html", {**context, "fragment": True, "focus": focus}, status=status)


@login_required
def chat(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the polled message list (204 when nothing new). POST: post a message."""
    if request.method == "GET" and chat_unchanged(request, pk, request.GET.get("after")):
        return HttpResponse(status=204)
    match = get_match(pk, request.user)
    if not match.roles_of(request.user):
        return error_page(request, _("Only the players of this match can read its chat"), 403)
    if request.method == "POST":
        form = ChatForm(request.POST)
        try:
            if not form.is_valid():
                raise services.IllegalMove("; ".join(form.errors["text"]))
            post_message(match, request.user, form.cleaned_data["text"])
        except services.ServiceError as exc:
            if not is_htmx(request):
                return error_page(request, languages.error_text(exc), exc.status)
            # The list stays in place (and keeps polling), with the refusal above it.
            context = {"chat": _chat_context(match), "error": languages.error_text(exc)}
            return render(request, "games/_chat_messages.html", context, status=exc.status)
        if not is_htmx(request):
            return redirect("match", pk=match.pk)
    return render(request, "games/_chat_messages.html", {"chat": _chat_context(match)})


def _player_write(request: HttpRequest, match_id: int, write: Callable[[], object]) -> HttpResponse:
    """Run one write through the services: htmx gets the fresh live fragment (with the reason when
    refused), a plain form post goes back to the page (or a small refusal page)."""
    try:
        written = write()
    except services.NotFound as exc:
        raise Http404(exc.message) from None  # a stranger's private match: the page of a free id
    except services.ServiceError as exc:
        if is_htmx(request):
            context = live_context(request, get_match(match_id), error=languages.error_text(exc))
            return render_live(request, context, status=exc.status, focus=True)
        return error_page(request, languages.error_text(exc), exc.status)
    if is_htmx(request):
        match = get_match(match_id)
        with_written_state(match, written)
        return render_live(request, live_context(request, match), focus=True)
    return redirect("match", pk=match_id)


def _int(value: str | None, name: str) -> int:
    try:
        return int(value or "")
    except ValueError:
        raise services.IllegalMove(_("{name} must be a whole number").format(name=name)) from None


def _posted_action(request: HttpRequest) -> dict:
    try:
        action = json_input.loads(request.POST.get("action", ""))
    except json_input.TooDeep as exc:
        raise services.IllegalMove(_("The action is not valid: {reason}").format(reason=exc)) from None
    except ValueError:
        raise services.IllegalMove(_("The action is not valid JSON")) from None
    if not isinstance(action, dict):
        raise services.IllegalMove(_("An action is a JSON object"))
    return action


@login_required
@require_POST
def act(request: HttpRequest, pk: int) -> HttpResponse:
    return _player_write(
        request,
        pk,
        lambda: services.submit_action(
            pk,
            request.user,
            request.POST.get("role", ""),
            _posted_action(request),
            _int(request.POST.get("expected_seq"), "expected_seq"),
            request.POST.get("idempotency_key") or None,
        ),
    )


@login_required
@require_POST
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    expected = request.POST.get("expected_seq")
    role = request.POST.get("role", "")
    return _player_write(request, pk, lambda: services.undo(pk, request.user, role, _int(expected, "expected_seq")))


@login_required
@require_POST
def resign(request: HttpRequest, pk: int) -> HttpResponse:
    return _player_write(request, pk, lambda: services.resign(pk, request.user, request.POST.get("role", "")))


@login_required
@require_POST
def notes(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_match(pk, request.user)
    form = NoteForm(request.POST)
    try:
        if not form.is_valid():
            raise services.IllegalMove("; ".join(form.errors["text"]))
        save_note(match, request.user, form.cleaned_data["text"])
    except services.ServiceError as exc:
        return error_page(request, languages.error_text(exc), exc.status)
    if is_htmx(request):
        return render(request, "games/_saved.html")
    return redirect("match", pk=match.pk)


@login_required
@require_POST
def invite_player(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_match(pk, request.user)
    username = request.POST.get("username", "").strip()
    invited = get_user_model().objects.filter(username__iexact=username, is_active=True).first()
    try:
        if invited is None:
            raise services.IllegalMove(_("No player called {name!r}").format(name=username))
        invite(match, request.user, invited)
    except services.ServiceError as exc:
        return error_page(request, languages.error_text(exc), exc.status)
    return redirect("match", pk=match.pk)


@login_required
@require_POST
def rematch(request: HttpRequest, pk: int) -> HttpResponse:
    """A new private match of the same game and settings, every player moved one seat on (2 players: swap)."""
    match = get_match(pk, request.user)
    if match.status not in OVER:
        return error_page(request, _("A rematch is offered once the match is over"), 409)
    seats = sorted(match.seats.all(), key=lambda s: match.engine.roles.index(s.role))
    mine = next((i for i, s in enumerate(seats) if s.user_id == request.user.pk), None)
    if mine is None:
        return error_page(request, _("Only the players of this match can ask for a rematch"), 403)
    try:
        with transaction.atomic():
            new = services.create_match(
                request.user,
                match.game,
                match.options,
                seats[(mine + 1) % len(seats)].role,
                time_control=match.time_control,
                timeout_policy=match.timeout_policy,
                is_private=True,
                rated=match.rated,
            )
            for seat in seats:
                if seat.user is not None and seat.user_id != request.user.pk:
                    invite(new, request.user, seat.user)
    except services.ServiceError as exc:
        return error_page(request, languages.error_text(exc), exc.status)
    return redirect("match", pk=new.pk)


@require_GET
def export(request: HttpRequest, pk: int) -> HttpResponse:
    """The whole record as JSON, once the match is over (moderators who do not play in it: any time, without
    the seed, audited)."""
    match = get_match(pk, request.user)  # a private match's record is its players' and moderators' alone
    try:
        data = match_transfer.read_raw_record(match, request.user, via="page")
    except ServiceError as exc:
        return error_page(request, exc.text(languages.current_language()), exc.status)
    response = JsonResponse(data, json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{match.game}-{match.pk}.json"'
    return response
