"""The outbox in the Django admin: what was sent, what waits, what failed and why; retry by hand."""

from django.contrib import admin
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .models import Notification, Status


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["pk", "created_at", "kind", "channel", "user", "match", "status", "attempts", "sent_at"]
    list_filter = ["status", "channel", "kind"]
    search_fields = ["user__username", "user__email", "last_error"]
    raw_id_fields = ["user", "match"]
    readonly_fields = [f.name for f in Notification._meta.fields]
    actions = ["retry_now"]

    @admin.action(description=_("Deliver again now (pending or failed rows)"))
    def retry_now(self, request, queryset):
        count = queryset.filter(status__in=[Status.PENDING, Status.FAILED]).update(
            status=Status.PENDING, next_attempt_at=timezone.now(), attempts=0
        )
        self.message_user(request, f"{count} notification(s) will be delivered by the next redelivery round.")
