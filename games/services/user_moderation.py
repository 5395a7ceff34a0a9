"""What moderators do to players: bans and vacation allowances (audited like every moderator action)."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import LIVE, Match, ModerationRecord

from .audit import audit, check_reason, flag_match
from .errors import Conflict, IllegalMove
from .permissions import MODERATE_USER, check_permission


def ban_user(user, moderator, reason: str, now: datetime | None = None) -> ModerationRecord:
    """Suspend ``user``: they can no longer log in or act; their live matches are flagged for a moderator."""
    check_permission(moderator, MODERATE_USER)
    check_reason(reason)
    if user.pk == moderator.pk:
        raise IllegalMove(_("You cannot ban yourself"))
    with transaction.atomic():
        profile = type(user.profile).objects.select_for_update().get(user=user)
        if profile.banned:
            raise Conflict(_("{name} is already banned").format(name=user.get_username()))
        profile.banned_at, profile.ban_reason = now or timezone.now(), reason
        profile.save(update_fields=["banned_at", "ban_reason"])
        user.is_active = False
        user.save(update_fields=["is_active"])
        record = audit(
            moderator,
            "ban",
            reason,
            target_user=user,
            before={"banned": False, "is_active": True},
            after={"banned": True, "banned_at": profile.banned_at.isoformat(), "is_active": False},
        )
        for match in Match.objects.filter(seats__user=user, status__in=LIVE).distinct().order_by("pk"):
            flag_match(match, moderator, f"{user.get_username()} was banned: {reason}")
    return record


def unban_user(user, moderator, reason: str) -> ModerationRecord:
    """Lift a ban. Matches flagged by the ban stay flagged until a moderator clears them."""
    check_permission(moderator, MODERATE_USER)
    check_reason(reason)
    with transaction.atomic():
        profile = type(user.profile).objects.select_for_update().get(user=user)
        if not profile.banned:
            raise Conflict(_("{name} is not banned").format(name=user.get_username()))
        before = {"banned": True, "banned_at": profile.banned_at.isoformat(), "ban_reason": profile.ban_reason}
        profile.banned_at, profile.ban_reason = None, ""
        profile.save(update_fields=["banned_at", "ban_reason"])
        user.is_active = True
        user.save(update_fields=["is_active"])
        return audit(
            moderator, "unban", reason, target_user=user, before=before, after={"banned": False, "is_active": True}
        )


def set_vacation_allowance(user, moderator, days: int, reason: str) -> ModerationRecord:
    """Change how many vacation days a year ``user`` may take."""
    check_permission(moderator, MODERATE_USER)
    check_reason(reason)
    if not 0 <= days <= 366:
        raise IllegalMove(_("The allowance is between 0 and 366 days"))
    with transaction.atomic():
        profile = type(user.profile).objects.select_for_update().get(user=user)
        before = profile.vacation_allowance_days
        profile.vacation_allowance_days = days
        profile.save(update_fields=["vacation_allowance_days"])
        return audit(
            moderator,
            "vacation_allowance",
            reason,
            target_user=user,
            before={"vacation_allowance_days": before},
            after={"vacation_allowance_days": days},
        )
