"""A seek: one player's standing offer to play a game on stated terms, until paired, cancelled or expired."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games import engines
from games.engines.base import Engine
from games.models import Match


class SeekStatus(models.TextChoices):
    OPEN = "open", _("Waiting for an opponent")
    PAIRED = "paired", _("Paired")
    CANCELLED = "cancelled", pgettext_lazy("seek", "Cancelled")
    EXPIRED = "expired", pgettext_lazy("seek", "Expired")


class Seek(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seeks")
    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True, help_text="Resolved: every option has its value.")
    time_control = models.CharField(max_length=20, help_text="A key of games.timecontrols.presets().")
    rated = models.BooleanField(default=True)
    role = models.CharField(max_length=40, blank=True, help_text="The side asked for; blank: either.")
    min_rating = models.IntegerField(null=True, blank=True)
    max_rating = models.IntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=SeekStatus.choices, default=SeekStatus.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        indexes = [
            models.Index(fields=["status", "game", "created_at"], name="seek_open_by_game"),
            models.Index(fields=["status", "expires_at"], name="seek_open_by_expiry"),
        ]

    def __str__(self) -> str:
        return f"{self.user} seeks {self.game} ({self.status})"

    @property
    def engine(self) -> Engine:
        return engines.get(self.game)
