"""List filters of the match admin; the overview links to them by their parameters."""

from __future__ import annotations

from django.contrib import admin
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import engines
from games.services import upgrades

from . import mail, queries


class GameFilter(admin.SimpleListFilter):
    title = _("game")
    parameter_name = "game"

    def lookups(self, request, model_admin):
        return sorted(((e.slug, e.title) for e in engines.all()), key=lambda choice: choice[1])

    def queryset(self, request, queryset):
        return queryset.filter(game=self.value()) if self.value() else queryset


class OverdueFilter(admin.SimpleListFilter):
    title = _("your turn, overdue")
    parameter_name = "overdue"

    def lookups(self, request, model_admin):
        return [("yes", _("Deadline passed"))]

    def queryset(self, request, queryset):
        return queries.overdue(queryset, timezone.now()) if self.value() == "yes" else queryset


class StalledFilter(admin.SimpleListFilter):
    title = _("stalled (no move for)")
    parameter_name = "stalled"
    DAYS = (1, 3, 7, 14, 30)

    def lookups(self, request, model_admin):
        return [(str(days), ngettext("{n}+ day", "{n}+ days", days).format(n=days)) for days in self.DAYS]

    def queryset(self, request, queryset):
        if self.value() not in {str(days) for days in self.DAYS}:
            return queryset
        late = queries.stalled(queryset, timezone.now(), int(self.value()))
        return queryset.filter(pk__in=late.values("pk"))


class FinishedFilter(admin.SimpleListFilter):
    title = _("finished")
    parameter_name = "finished"

    def lookups(self, request, model_admin):
        return [("today", _("Today"))]

    def queryset(self, request, queryset):
        if self.value() != "today":
            return queryset
        return queries.finished_since(queryset, queries.start_of_today(timezone.now()))


class UpgradeFilter(admin.SimpleListFilter):
    """Live matches on an older engine version (``upgrade_matches``), or whose upgrade was refused."""

    title = _("engine upgrade")
    parameter_name = "upgrade"

    def lookups(self, request, model_admin):
        return [("waiting", _("Waiting for an upgrade")), ("refused", _("Upgrade refused"))]

    def queryset(self, request, queryset):
        if self.value() == "waiting":
            return queryset.filter(pk__in=upgrades.waiting().values("pk"))
        if self.value() == "refused":
            return queryset.filter(pk__in=upgrades.refused().values("pk"))
        return queryset


class MailFilter(admin.SimpleListFilter):
    """Shown only when the notifications outbox exists."""

    title = _("mail")
    parameter_name = "mail"

    def lookups(self, request, model_admin):
        if mail.notification_model() is None:
            return []
        return [("failed", _("Has failed mail")), ("pending", _("Has pending mail"))]

    def queryset(self, request, queryset):
        if self.value() not in ("failed", "pending"):
            return queryset
        return mail.with_mail_status(queryset, self.value())
