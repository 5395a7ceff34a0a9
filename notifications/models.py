"""The outbox: one row per message to deliver, written in the transaction of the change that caused it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext as _

# (browser, its token in the User-Agent) and (system, token), the first match wins: Edge and Opera also
# say "Chrome", Chrome also says "Safari", an iPhone also says "Mac OS X".
_BROWSERS = [("Edge", "Edg/"), ("Opera", "OPR/"), ("Firefox", "Firefox/"), ("Chrome", "Chrome/"), ("Safari", "Safari/")]
_SYSTEMS = [
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Windows", "Windows"),
    ("macOS", "Mac OS X"),
    ("Linux", "Linux"),
]


class Channel(models.TextChoices):
    EMAIL = "email", "Email"
    WEBHOOK = "webhook", "Webhook"
    PUSH = "push", "Web Push"


class Status(models.TextChoices):
    PENDING = "pending", "Pending"
    SENDING = "sending", "Being sent"
    SENT = "sent", "Sent"
    FAILED = "failed", "Failed"
    SKIPPED = "skipped", "Not sent: the turn was taken or over first"


class Kind(models.TextChoices):
    STARTED = "started", "Match started"
    TURN = "turn", "Your turn"
    REMINDER = "reminder", "Deadline reminder"
    TIMEOUT = "timeout", "Deadline passed"
    FINISHED = "finished", "Match finished"
    INVITATION = "invitation", "Invitation"
    CHAT = "chat", "Chat message"
    PAUSED = "paused", "Match paused"
    RESUMED = "resumed", "Match resumed"
    MODERATOR = "moderator", "Moderator action"
    ACCEPTED = "accepted", "Move by email accepted"
    TAKEBACK = "takeback", "Takeback asked or declined"
    DIGEST = "digest", "Daily digest"
    UPGRADED = "upgraded", "Rules upgraded"
    TOURNAMENT = "tournament", "Tournament started, a round started, or it ended"


class Notification(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    match = models.ForeignKey(
        "games.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    channel = models.CharField(max_length=8, choices=Channel.choices, default=Channel.EMAIL)
    role = models.CharField(max_length=30, blank=True, help_text="The recipient's role in the match.")
    seq = models.PositiveIntegerField(null=True, blank=True, help_text="The match's log position of the event.")
    payload = models.JSONField(default=dict, blank=True, help_text="Event details (never hidden state).")
    # Events that must produce one message at most (a reminder per deadline, a digest per day).
    dedupe_key = models.CharField(max_length=120, null=True, blank=True, unique=True)

    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    held = models.BooleanField(
        default=False,
        help_text="A turn notice that waited because its player was watching the match (notifications.presence).",
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(help_text="Not delivered before this time (retry backoff).")
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["status", "next_attempt_at"])]

    def __str__(self) -> str:
        return f"{self.kind} to {self.user} ({self.channel}, {self.status})"


class PushSubscription(models.Model):
    """One browser's Web Push subscription (its ``PushSubscription.toJSON()``): where to send, and the keys
    that encrypt the message so that only that browser can read it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    device = models.CharField(max_length=200, blank=True, help_text="The browser's User-Agent when subscribed.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"push to {self.user} ({self.device[:40]})"

    @property
    def device_name(self) -> str:
        """ "Firefox on Android": the browser and system its User-Agent names, for the account page's list."""
        browser = next((name for name, token in _BROWSERS if token in self.device), "")
        system = next((name for name, token in _SYSTEMS if token in self.device), "")
        if browser and system:
            return _("%(browser)s on %(system)s") % {"browser": browser, "system": system}
        return browser or system or _("A browser")
