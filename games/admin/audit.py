"""The log and the audit trail, read-only for everyone: nobody edits history."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.models import Action, Match, ModerationRecord
from games.services.audit import audit_hidden_read
from games.services.visibility import OVER, may_read_hidden

from .hidden import PayloadWithheld


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


def match_link(obj):
    if obj.match_id is None:
        return "—"
    return format_html('<a href="{}">{}</a>', reverse("admin:games_match_change", args=[obj.match_id]), obj.match)


@admin.register(ModerationRecord)
class ModerationRecordAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "moderator", "action", "match_ref", "target_user", "reason")
    list_filter = (
        ("moderator", admin.RelatedOnlyFieldListFilter),
        "action",
        ("match", admin.RelatedOnlyFieldListFilter),
    )
    list_select_related = ("moderator", "match", "target_user")
    search_fields = ("reason", "=match__id", "target_user__username")
    date_hierarchy = "created_at"
    fields = ("created_at", "moderator", "action", "match_ref", "target_user", "reason", "before", "after")
    readonly_fields = fields

    @admin.display(description=_("match"), ordering="match")
    def match_ref(self, record: ModerationRecord):
        return match_link(record)


@admin.register(Action)
class ActionAdmin(PayloadWithheld, ReadOnlyAdmin):
    list_display = ("match", "seq", "kind", "role", "user", "created_at")
    list_filter = ("kind",)
    list_select_related = ("match", "user")
    search_fields = ("=match__id",)
    fields = (
        "match_ref",
        "seq",
        "kind",
        "role",
        "user",
        "payload",
        "reason",
        "created_at",
        "idempotency_key",
        "state_hash",
        "prev_hash",
        "hash",
    )
    readonly_fields = fields

    def match_of(self, record: Action) -> Match:
        return record.match

    def change_view(self, request, object_id, form_url="", extra_context=None):
        record = self.get_object(request, object_id)
        if record is not None and record.match.status not in OVER and may_read_hidden(record.match, request.user):
            audit_hidden_read(record.match, request.user, via="admin")
        return super().change_view(request, object_id, form_url, extra_context)

    @admin.display(description=_("match"))
    def match_ref(self, record: Action):
        return match_link(record)
