"""A player's profile: how they are shown, how and when they are told, their time off."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .validators import no_control_characters


class NotifyMode(models.TextChoices):
    IMMEDIATE = "immediate", _("Immediately")
    DIGEST = "digest", _("Daily digest")
    OFF = "off", _("Off")


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(max_length=60, blank=True, validators=[no_control_characters])
    timezone = models.CharField(max_length=64, default="UTC")
    # Blank: follow the browser (Accept-Language) on pages, English in mail.
    language = models.CharField(
        _("language"),
        max_length=8,
        blank=True,
        choices=settings.LANGUAGES,
        help_text=_("Pages and mail are in this language."),
    )
    email_verified = models.BooleanField(default=False)

    notify_mode = models.CharField(max_length=10, choices=NotifyMode.choices, default=NotifyMode.IMMEDIATE)
    reminder_lead_hours = models.PositiveSmallIntegerField(default=12)
    webhook_url = models.URLField(blank=True)
    webhook_failures = models.PositiveIntegerField(default=0)
    webhook_last_error = models.TextField(blank=True)
    webhook_disabled = models.BooleanField(default=False)
    # Kept by notifications.push when a browser subscribes or goes, so a move need not look the devices up.
    push_enabled = models.BooleanField(default=False)

    vacation_allowance_days = models.PositiveSmallIntegerField(default=21)
    vacation_used_seconds = models.PositiveIntegerField(default=0)
    vacation_year = models.PositiveSmallIntegerField(null=True, blank=True)
    vacation_started_at = models.DateTimeField(null=True, blank=True)
    # Chosen when a vacation starts: the computer plays this player's turns until it ends (games.computer).
    vacation_computer_moves = models.BooleanField(default=False)
    # One of the computer's system accounts (games.computer): shown as such, never mailed, never logs in.
    is_computer = models.BooleanField(default=False, editable=False)

    timeouts = models.PositiveIntegerField(default=0)
    banned_at = models.DateTimeField(null=True, blank=True)
    ban_reason = models.TextField(blank=True)

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        if self.is_computer:  # "Computer (normal)", in the reader's language (games.computer.accounts.NAMES)
            return gettext(self.display_name)
        return self.display_name or self.user.get_username()

    @property
    def on_vacation(self) -> bool:
        return self.vacation_started_at is not None

    @property
    def banned(self) -> bool:
        return self.banned_at is not None


class Timeout(models.Model):
    """One deadline a player let pass, dated: the reliability shown on profiles counts recent ones
    (accounts.reliability); ``Profile.timeouts`` stays the all-time count the moderators read."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="timeout_records")
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="+")
    role = models.CharField(max_length=30)
    at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["user", "at"]), models.Index(fields=["user", "match"])]

    def __str__(self) -> str:
        return f"{self.user} timed out as {self.role} in {self.match} at {self.at:%Y-%m-%d %H:%M}"
