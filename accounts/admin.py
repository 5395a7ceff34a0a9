"""The user admin for moderators: ban and unban, timeouts, vacation allowance, active matches.

Moderators read users and change them only through ``games.services.moderation``.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.core.exceptions import PermissionDenied
from django.db.models import Count, F, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from accounts.vacation import vacation_remaining
from games import languages
from games.admin import forms as f
from games.admin.pages import ModeratorAction, action_page
from games.models import LIVE, Action, ActionKind
from games.services import user_moderation

User = get_user_model()


class BannedFilter(admin.SimpleListFilter):
    title = _("banned")
    parameter_name = "banned"

    def lookups(self, request, model_admin):
        return [("yes", _("Banned")), ("no", _("Not banned"))]

    def queryset(self, request, queryset):
        if self.value() in ("yes", "no"):
            return queryset.filter(profile__banned_at__isnull=self.value() == "no")
        return queryset


# Each needs games.moderate_user.
USER_ACTIONS = {
    "ban": ModeratorAction(
        _("Ban"),
        f.ReasonForm,
        lambda user, mod, d: user_moderation.ban_user(user, mod, d["reason"]),
        lambda user: not user.profile.banned,
    ),
    "unban": ModeratorAction(
        _("Unban"),
        f.ReasonForm,
        lambda user, mod, d: user_moderation.unban_user(user, mod, d["reason"]),
        lambda user: user.profile.banned,
    ),
    "vacation": ModeratorAction(
        _("Set the vacation allowance"),
        f.VacationAllowanceForm,
        lambda user, mod, d: user_moderation.set_vacation_allowance(user, mod, d["days"], d["reason"]),
    ),
}


admin.site.unregister(User)


@admin.register(User)
class ModeratedUserAdmin(UserAdmin):
    change_form_template = "admin/auth/user/moderated_change_form.html"
    list_display = ("username", "email", "is_active", "banned", "timeouts", "active_matches", "is_staff")
    list_filter = (BannedFilter, *UserAdmin.list_filter)
    readonly_fields = ("ban_status", "timeout_history", "vacation", "active_matches")

    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        if obj is None:
            return fieldsets
        return [*fieldsets, (_("Moderation"), {"fields": self.readonly_fields})]

    def get_queryset(self, request):
        live = Q(seats__match__status__in=LIVE)
        return (
            super()
            .get_queryset(request)
            .select_related("profile")
            .annotate(live_matches=Count("seats", filter=live, distinct=True))
        )

    @admin.display(boolean=True, ordering="profile__banned_at")
    def banned(self, user) -> bool:
        return user.profile.banned

    @admin.display(ordering="profile__timeouts")
    def timeouts(self, user) -> int:
        return user.profile.timeouts

    @admin.display(description=_("active matches"), ordering="live_matches")
    def active_matches(self, user) -> int:
        return user.live_matches

    @admin.display(description=_("ban"))
    def ban_status(self, user) -> str:
        profile = user.profile
        if not profile.banned:
            return _("Not banned")
        return _("Banned since {when} UTC: {reason}").format(
            when=f"{profile.banned_at:%Y-%m-%d %H:%M}", reason=profile.ban_reason
        )

    @admin.display(description=_("timeouts"))
    def timeout_history(self, user):
        """The forfeits on time of seats this user holds, newest first."""
        forfeits = (
            Action.objects.filter(kind=ActionKind.FORFEIT, match__seats__user=user, match__seats__role=F("role"))
            .select_related("match")
            .defer("match__state")  # each row names its match; a long match's state runs to 100 KB
            .order_by("-created_at")[:50]
        )
        rows = format_html_join(
            "",
            '<li>{} <a href="{}">{}</a> {}: {}</li>',
            (
                (
                    f"{record.created_at:%Y-%m-%d %H:%M}",
                    reverse("admin:games_match_change", args=[record.match_id]),
                    record.match,
                    _("as {side}").format(side=languages.side_name(record.match.engine, record.role)),
                    record.payload.get("reason", ""),
                )
                for record in forfeits
            ),
        )
        counted = _("{n} timeout(s) counted").format(n=user.profile.timeouts)
        return format_html("{}<ul>{}</ul>", counted, rows)

    @admin.display(description=_("vacation"))
    def vacation(self, user) -> str:
        profile = user.profile
        left = vacation_remaining(profile, timezone.now())
        away = _(" — on vacation now") if profile.on_vacation else ""
        return _("{allowance} days a year, {days} days {hours} h left{away}").format(
            allowance=profile.vacation_allowance_days, days=left.days, hours=left.seconds // 3600, away=away
        )

    # --- moderator actions ---------------------------------------------------------------------
    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("<path:object_id>/moderate/<slug:action>/", view(self.action_view), name="auth_user_moderate"),
            *super().get_urls(),
        ]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra = dict(extra_context or {})
        user = self.get_object(request, object_id)
        if user is not None and request.user.has_perm(user_moderation.MODERATE_USER):
            extra["moderator_actions"] = [
                (reverse("admin:auth_user_moderate", args=[user.pk, slug]), action.title)
                for slug, action in USER_ACTIONS.items()
                if action.offered(user)
            ]
        return super().change_view(request, object_id, form_url, extra)

    def action_view(self, request: HttpRequest, object_id: str, action: str) -> HttpResponse:
        if action not in USER_ACTIONS:
            raise Http404(f"No moderator action {action!r}")
        if not request.user.has_perm(user_moderation.MODERATE_USER):
            raise PermissionDenied
        user = self.get_object(request, object_id)
        if user is None:
            raise Http404(f"No user {object_id}")
        spec = USER_ACTIONS[action]
        form = spec.form(request.POST or None)
        return action_page(request, self, spec, user, form, done=reverse("admin:auth_user_change", args=[user.pk]))
