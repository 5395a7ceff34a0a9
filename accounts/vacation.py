"""Vacation: a yearly allowance of days during which a player's clocks stand still.

This module keeps the allowance; the clocks themselves react to the signals (notifications).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.dispatch import Signal
from django.utils.translation import gettext as _

from .models import Profile

# kwargs: user, at (datetime). Sent inside the transaction that switches the vacation.
vacation_started = Signal()
vacation_ended = Signal()


class VacationError(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _roll_year(profile: Profile, now: datetime) -> None:
    """A new calendar year brings a fresh allowance."""
    if profile.vacation_year != now.year:
        profile.vacation_year = now.year
        profile.vacation_used_seconds = 0


def vacation_remaining(profile: Profile, now: datetime) -> timedelta:
    """Allowance left this year, counting a vacation in progress."""
    used = profile.vacation_used_seconds if profile.vacation_year == now.year else 0
    if profile.vacation_started_at is not None:
        used += int((now - profile.vacation_started_at).total_seconds())
    return max(timedelta(0), timedelta(days=profile.vacation_allowance_days) - timedelta(seconds=used))


def start_vacation(user, now: datetime, *, computer_moves: bool = False) -> Profile:
    """Stop the player's clocks; with ``computer_moves`` the computer plays their turns until they are back
    (games.computer), rather than the turns waiting."""
    with transaction.atomic():
        profile = Profile.objects.select_for_update().get(user=user)
        if profile.vacation_started_at is not None:
            raise VacationError(_("You are already on vacation"))
        _roll_year(profile, now)
        if vacation_remaining(profile, now) <= timedelta(0):
            raise VacationError(_("Your vacation allowance for this year is used up"))
        profile.vacation_started_at = now
        profile.vacation_computer_moves = computer_moves
        fields = ["vacation_started_at", "vacation_computer_moves", "vacation_year", "vacation_used_seconds"]
        profile.save(update_fields=fields)
        vacation_started.send(Profile, user=user, at=now)
    return profile


def end_vacation(user, now: datetime) -> Profile:
    """End a vacation; the time used is charged to the allowance (never more than what was left)."""
    with transaction.atomic():
        profile = Profile.objects.select_for_update().get(user=user)
        if profile.vacation_started_at is None:
            raise VacationError(_("You are not on vacation"))
        _roll_year(profile, now)
        left = vacation_remaining(profile, profile.vacation_started_at)
        used = min(now - profile.vacation_started_at, left)
        profile.vacation_used_seconds += int(used.total_seconds())
        profile.vacation_started_at = None
        profile.vacation_computer_moves = False
        fields = ["vacation_started_at", "vacation_computer_moves", "vacation_year", "vacation_used_seconds"]
        profile.save(update_fields=fields)
        vacation_ended.send(Profile, user=user, at=now)
    return profile
