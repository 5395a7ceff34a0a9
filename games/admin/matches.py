"""The match admin: find the matches that need attention, see them in full, act on them.

Everything here is read-only; every change goes through ``games.services.moderation``.
"""

from __future__ import annotations

import json
from datetime import timedelta

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Max
from django.db.models.functions import Coalesce
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from games import languages
from games.models import Action, Match, MatchStatus, Seat, TakebackRequest
from games.replay import OlderEngine, position_at
from games.services import ServiceError, match_transfer, moderation
from games.services.audit import audit_hidden_read
from games.services.visibility import OVER, may_read_hidden

from . import forms as f
from .filters import FinishedFilter, GameFilter, MailFilter, OverdueFilter, StalledFilter, UpgradeFilter
from .hidden import PayloadWithheld
from .pages import ModeratorAction, action_page, form_page

LIVE = moderation.LIVE


def export_response(match: Match, moderator, data: dict) -> HttpResponse:
    body = match_transfer.export_match(match.pk, moderator, data["reason"])
    response = JsonResponse(body, json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{match.game}-{match.pk}.json"'
    return response


MATCH_ACTIONS: dict[str, ModeratorAction] = {
    "extend_deadline": ModeratorAction(
        _("Extend a deadline"),
        f.ExtendDeadlineForm,
        lambda m, u, d: moderation.extend_deadline(m.pk, u, d["role"], timedelta(hours=d["hours"]), d["reason"]),
        lambda m: m.status in LIVE and any(seat.deadline for seat in m.seats.all()),
    ),
    "pause": ModeratorAction(
        _("Pause"),
        f.ReasonForm,
        lambda m, u, d: moderation.pause_match(m.pk, u, d["reason"]),
        lambda m: m.status == MatchStatus.ACTIVE,
    ),
    "resume": ModeratorAction(
        _("Resume"),
        f.ReasonForm,
        lambda m, u, d: moderation.resume_match(m.pk, u, d["reason"]),
        lambda m: m.status == MatchStatus.PAUSED,
    ),
    "adjudicate": ModeratorAction(
        _("Adjudicate the result"),
        f.AdjudicateForm,
        lambda m, u, d: moderation.adjudicate(m.pk, u, d["winner"] or None, d["reason"]),
        lambda m: m.status in (*LIVE, MatchStatus.FINISHED),
    ),
    "replace_player": ModeratorAction(
        _("Replace a player"),
        f.ReplacePlayerForm,
        lambda m, u, d: moderation.replace_player(m.pk, u, d["role"], d["username"], d["reason"]),
        lambda m: m.status in (MatchStatus.OPEN, *LIVE),
    ),
    "rewind": ModeratorAction(
        _("Rewind"),
        f.RewindForm,
        lambda m, u, d: moderation.rewind(m.pk, u, d["to_seq"], d["reason"]),
        lambda m: m.seq > 0 and m.status in (*LIVE, MatchStatus.FINISHED),
    ),
    "rewind_and_upgrade": ModeratorAction(
        _("Rewind to just before the refused record and upgrade"),
        f.ReasonForm,
        lambda m, u, d: moderation.rewind_and_upgrade(m.pk, u, d["reason"]),
        lambda m: m.upgrade_refused is not None and m.status in LIVE,
    ),
    "cancel": ModeratorAction(
        _("Cancel the match"),
        f.ReasonForm,
        lambda m, u, d: moderation.cancel_match(m.pk, u, d["reason"]),
        lambda m: m.status in (MatchStatus.OPEN, *LIVE),
    ),
    "clear_flag": ModeratorAction(
        _("Clear the flag"),
        f.ReasonForm,
        lambda m, u, d: moderation.clear_flag(m.pk, u, d["reason"]),
        lambda m: m.flagged,
    ),
    "export": ModeratorAction(_("Export as JSON"), f.ReasonForm, export_response, lambda m: m.state is not None),
}


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    verbose_name_plural = _("seats, clocks and deadlines")
    fields = readonly_fields = (
        "role",
        "player",
        "is_active",
        "deadline",
        "overdue",
        "bank_seconds",
        "turn_started_at",
        "reminded_for_deadline",
        "joined_at",
    )

    @admin.display(description=_("player"))
    def player(self, seat: Seat):
        if seat.user is None:
            return "—"
        url = reverse("admin:auth_user_change", args=[seat.user_id])
        banned = _(" (banned)") if seat.user.profile.banned else ""
        return format_html('<a href="{}">{}</a>{}', url, seat.user.get_username(), banned)

    @admin.display(boolean=True)
    def overdue(self, seat: Seat) -> bool:
        return bool(seat.is_active and seat.deadline and seat.deadline < timezone.now())


class ActionInline(PayloadWithheld, ReadOnlyInline):
    model = Action
    verbose_name_plural = _("action log (append-only)")
    fields = readonly_fields = ("seq", "kind", "role", "user", "payload", "reason", "created_at", "board")
    ordering = ("seq",)

    def match_of(self, match: Match) -> Match:
        return match

    @admin.display(description=_("board"))
    def board(self, record: Action):
        url = reverse("admin:games_match_board", args=[record.match_id])
        return format_html('<a href="{}?seq={}">{}</a>', url, record.seq, _("after #{seq}").format(seq=record.seq))


class TakebackInline(ReadOnlyInline):
    model = TakebackRequest
    verbose_name_plural = _("takeback requests")
    fields = readonly_fields = (
        "created_at",
        "role",
        "requested_by",
        "to_seq",
        "retracts",
        "status",
        "accepted_roles",
        "answered_by",
        "answered_at",
        "record",
    )


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "status", "players", "seq", "last_activity", "flagged", "replay_failed")
    list_filter = (
        GameFilter,
        "status",
        OverdueFilter,
        "flagged",
        StalledFilter,
        FinishedFilter,
        MailFilter,
        "replay_failed",
        UpgradeFilter,
    )
    search_fields = ("seats__user__username", "seats__user__email", "seats__user__profile__display_name")
    search_help_text = _("Search by player: username, email or display name.")
    fields = readonly_fields = (
        "game",
        "engine_version",
        "status",
        "flagged",
        "flag_reason",
        "upgrade_refused",
        "replay_failed",
        "seq",
        "active_roles",
        "result",
        "options",
        "time_control",
        "timeout_policy",
        "created_by",
        "created_at",
        "started_at",
        "paused_at",
        "finished_at",
        "state_hash",
        "head_hash",
    )
    inlines = (SeatInline, ActionInline, TakebackInline)

    # The log and its cache change only through the services: no add, edit or delete here.
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(last_activity=Coalesce(Max("actions__created_at"), "started_at", "created_at"))
            .prefetch_related("seats__user")
            .defer("state")  # no column or field shows it, and a long match's runs to 100 KB (100 rows a page)
        )

    @admin.display(description=_("players"))
    def players(self, match: Match) -> str:
        return ", ".join(f"{s.role}: {s.user.get_username() if s.user else '—'}" for s in match.seats.all())

    @admin.display(description=_("last activity"), ordering="last_activity")
    def last_activity(self, match: Match):
        return match.last_activity

    # --- pages ---------------------------------------------------------------------------------
    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("import/", view(self.import_view), name="games_match_import"),
            path("<path:object_id>/board/", view(self.board_view), name="games_match_board"),
            path("<path:object_id>/verify/", view(self.verify_view), name="games_match_verify"),
            path("<path:object_id>/act/<slug:action>/", view(self.action_view), name="games_match_act"),
            *super().get_urls(),
        ]

    def changelist_view(self, request, extra_context=None):
        extra = {"can_moderate": request.user.has_perm(moderation.MODERATE_MATCH), **(extra_context or {})}
        return super().changelist_view(request, extra)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        match = self.get_object(request, object_id)
        if match is not None and match.status not in OVER and may_read_hidden(match, request.user):
            audit_hidden_read(match, request.user, via="admin")  # the log inline shows every payload
        match = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if match is not None:
            extra.update(
                board_url=reverse("admin:games_match_board", args=[match.pk]),
                audit_url=reverse("admin:games_moderationrecord_changelist") + f"?match__id__exact={match.pk}",
                verify_url=reverse("admin:games_match_verify", args=[match.pk]),
                can_moderate=request.user.has_perm(moderation.MODERATE_MATCH),
                moderator_actions=[
                    (reverse("admin:games_match_act", args=[match.pk, slug]), spec.title)
                    for slug, spec in MATCH_ACTIONS.items()
                    if spec.offered(match)
                ],
            )
        return super().change_view(request, object_id, form_url, extra)

    def board_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """The board right after any record, for every role side by side, and the raw state."""
        match = self._viewable(request, object_id)
        if match.state is None:
            messages.error(request, _("The match has not started: there is no board yet."))
            return redirect("admin:games_match_change", match.pk)
        try:
            seq = int(request.GET.get("seq", match.seq))
        except ValueError:
            seq = -1
        if not 0 <= seq <= match.seq:
            messages.error(request, _("Choose a record between #0 and #{seq}.").format(seq=match.seq))
            return redirect("admin:games_match_board", match.pk)
        try:
            position = position_at(match, seq)
        except OlderEngine as exc:
            messages.error(request, str(exc))
            return redirect("admin:games_match_change", match.pk)
        engine, lang = match.engine, languages.current_language()
        full = may_read_hidden(match, request.user)
        if full and match.status not in OVER:
            audit_hidden_read(match, request.user, via="admin")
        # A moderator who plays sees their own side, anyone else without the right the spectators' view.
        roles = engine.roles if full else (match.roles_of(request.user) or [None])
        views = [
            # The engine draws its own SVG from plain JSON (in the moderator's language): trusted markup.
            {
                "role": languages.side_name(engine, role) if role else _("spectators"),
                "svg": mark_safe(engine.render_picture(languages.for_drawing(engine.view(position.state, role), lang))),
            }
            for role in roles
        ]
        record = match.actions.filter(seq=seq).first()
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": _("{match} after record #{seq}").format(match=match, seq=seq),
            "match": match,
            "seq": seq,
            "record": record,
            "payload": record.payload if record and (full or record.role in match.roles_of(request.user)) else None,
            "result": position.result,
            "views": views,
            "state_json": json.dumps(position.state, indent=2, sort_keys=True) if full else None,
        }
        return TemplateResponse(request, "admin/games/match/board.html", context)

    def verify_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        match = self._moderated(request, object_id)
        if request.method != "POST":
            return redirect("admin:games_match_change", match.pk)
        found = moderation.check_replay(match.pk, request.user)
        if found.problems:
            messages.error(
                request,
                _("Replay verification FAILED ({verdict}): {problem} ({n} problem(s))").format(
                    verdict=found.verdict.lower(), problem=found.problems[0], n=len(found.problems)
                ),
            )
        else:
            older = f" ({found.older})" if found.older else ""
            messages.success(
                request,
                _("Replay verified: {n} records, snapshots and cache agree{older}.").format(n=match.seq, older=older),
            )
        return redirect("admin:games_match_change", match.pk)

    def action_view(self, request: HttpRequest, object_id: str, action: str) -> HttpResponse:
        spec = MATCH_ACTIONS.get(action)
        if spec is None:
            raise Http404(f"No moderator action {action!r}")
        match = self._moderated(request, object_id)
        form = spec.form(request.POST or None, match=match)
        return action_page(request, self, spec, match, form, done=reverse("admin:games_match_change", args=[match.pk]))

    def import_view(self, request: HttpRequest) -> HttpResponse:
        """A new match from an exported one: every record replayed and verified, or nothing written."""
        if not request.user.has_perm(moderation.MODERATE_MATCH):
            raise PermissionDenied
        form = f.ImportForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            try:
                record = match_transfer.import_match(
                    form.cleaned_data["export"], request.user, form.cleaned_data["reason"]
                )
            except ServiceError as exc:
                form.add_error(None, languages.error_text(exc))
            else:
                messages.success(request, _("Imported as {match}: replayed and verified.").format(match=record.match))
                return redirect("admin:games_match_change", record.match_id)
        return form_page(request, self, _("Import a match"), form)

    def _viewable(self, request: HttpRequest, object_id: str) -> Match:
        match = self.get_object(request, object_id)
        if match is None:
            raise Http404(f"No match {object_id}")
        if not self.has_view_permission(request, match):
            raise PermissionDenied
        return match

    def _moderated(self, request: HttpRequest, object_id: str) -> Match:
        match = self._viewable(request, object_id)
        if not request.user.has_perm(moderation.MODERATE_MATCH):
            raise PermissionDenied
        return match
