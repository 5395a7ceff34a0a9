"""The links in every mail: one click to the match (signed, logs in), a move from the turn mail, and
unsubscribe."""

from __future__ import annotations

from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from accounts.language import language_of
from accounts.models import NotifyMode, Profile
from games import languages, services
from games.models import Match, Seat
from games.presentation import engine_view
from games.views.common import error_page

from .choice_links import Refused, chosen_action, read_choice_link
from .tokens import login_link, login_token_holds, match_page, read_login_token, read_unsubscribe_token


@require_http_methods(["GET", "POST"])
def go(request: HttpRequest, token: str) -> HttpResponse:
    """Check the signature and open the match page as the link's user (SECURITY.md "Mail"). A signed-out
    browser is signed in by the click itself; one signed in as someone else is never switched by a GET (the
    link may be an attacker's own): it is shown both names and switches only by that page's POST (CSRF)."""
    try:
        data = read_login_token(token)
    except signing.SignatureExpired:
        return error_page(request, _("This link has expired: sign in to open the match."), 400)
    except signing.BadSignature:
        return error_page(request, _("This link is not valid"), 400)
    user = get_user_model().objects.filter(pk=data["u"], is_active=True).first()
    if user is None or not login_token_holds(data, user):
        return error_page(request, _("This link is no longer valid: sign in to open the match."), 400)
    match_url = match_page(data["m"])
    # Staff accounts are worth more than a link in a mailbox: they sign in the usual way.
    if request.user == user or user.is_staff:
        return redirect(match_url)
    if request.method == "GET" and request.user.is_authenticated:
        context = {"signed_in": _account(request.user), "link_user": _account(user), "match_url": match_url}
        return render(request, "notifications/switch_user.html", context)
    login(request, user, backend="accounts.backends.AccountBackend")
    return redirect(match_url)


def _account(user) -> str:
    """The name shown, with the username beside a display name: anyone may take a display name like another's."""
    username, shown = user.get_username(), user.profile.name
    return username if shown == username else f"{shown} ({username})"


@require_http_methods(["GET", "HEAD", "POST"])
def choice(request: HttpRequest, token: str) -> HttpResponse:
    """A move from the turn mail (``choice_links``): GET and HEAD show it with the board as the player sees it;
    only the confirm page's POST (CSRF-protected) plays it. Every answer reads in the player's language."""
    try:
        link = read_choice_link(token)
    except Refused as exc:
        return _choice_refused(request, None, None, str(exc))
    user = get_user_model().objects.filter(pk=link.user_id, is_active=True).first()
    match = Match.objects.filter(pk=link.match_id).first()
    with translation.override(language_of(user)):
        if match is None:
            return _choice_refused(request, None, None, _("this match no longer exists."))
        if request.user.is_authenticated and request.user != user:
            reason = _("this link is for {player}, and this browser is signed in as {other}.").format(
                player=user.get_username() if user else "?", other=request.user.get_username()
            )
            return _choice_refused(request, match, None, reason)
        try:
            chosen = chosen_action(link, match, user)
            if request.method == "POST":
                services.submit_action(match.pk, user, link.role, chosen["action"], link.seq)
        except Refused as exc:
            return _choice_refused(request, match, user, str(exc))
        except services.ServiceError as exc:
            return _choice_refused(request, match, user, languages.error_text(exc))
        return _choice_page(request, match, user, link.role, chosen, played=request.method == "POST")


def _choice_page(request: HttpRequest, match: Match, user, role: str, chosen: dict, played: bool) -> HttpResponse:
    lang = translation.get_language()
    engine = match.engine
    view = engine_view(match, role)
    context = {
        "match": match,
        "side": languages.side_name(engine, role, lang),
        "label": engine.text(chosen["label"], lang),
        "played": played,
        "open_link": login_link(user, match.pk),
        # The engine draws its picture from this role's view only and escapes its text (contract: render_picture).
        "picture": mark_safe(engine.render_picture(languages.for_drawing(view, lang))) if view else "",
    }
    return render(request, "notifications/choice.html", context)


def _choice_refused(request: HttpRequest, match: Match | None, user, reason: str) -> HttpResponse:
    context = {"match": match, "reason": reason, "open_link": login_link(user, match.pk) if match and user else ""}
    return render(request, "notifications/choice_refused.html", context, status=400 if match is None else 409)


@login_required
@require_POST
def match_mode(request: HttpRequest, match_id: int) -> HttpResponse:
    """Per-match preference (POST ``mode``: immediate, digest, off, or empty for the profile's choice)."""
    mode = request.POST.get("mode", "")
    if mode and mode not in NotifyMode.values:
        return error_page(request, _("Unknown mail setting: {mode}").format(mode=mode), 400)
    updated = Seat.objects.filter(match_id=match_id, user=request.user).update(notify_mode=mode)
    if not updated:
        return error_page(request, _("You have no seat in this match."), 400)
    return redirect(match_page(match_id))


@csrf_exempt  # the signed token is the credential; RFC 8058 one-click POSTs carry no CSRF token
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET asks (link scanners must not unsubscribe anyone); POST stops the mail for the match or for all."""
    try:
        data = read_unsubscribe_token(token)
    except signing.BadSignature:
        return error_page(request, _("This link is not valid"), 400)
    match_id = data["m"]
    done = None
    if request.method == "POST":
        everything = match_id is None or request.POST.get("scope") == "all"
        if everything:
            Profile.objects.filter(user_id=data["u"]).update(notify_mode=NotifyMode.OFF)
            done = _("You will get no more mail from Dispatch Rider. Change it back on your profile page.")
        else:
            Seat.objects.filter(user_id=data["u"], match_id=match_id).update(notify_mode=NotifyMode.OFF)
            done = _("You will get no more mail about match #{id}.").format(id=match_id)
    return render(request, "notifications/unsubscribe.html", {"match_id": match_id, "done": done})
