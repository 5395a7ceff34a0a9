"""Who is a moderator: a staff account holding the permission, since being staff alone grants nothing
(SECURITY.md). The permissions themselves are declared on ``ModerationRecord``."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .errors import NotAllowed

MODERATE_MATCH = "games.moderate_match"
MODERATE_USER = "games.moderate_user"


def is_moderator(user, permission: str = MODERATE_MATCH) -> bool:
    return bool(getattr(user, "is_active", False) and getattr(user, "is_staff", False) and user.has_perm(permission))


def check_permission(moderator, permission: str) -> None:
    if not is_moderator(moderator, permission):
        raise NotAllowed(_("Only moderators may do this"))


def is_computer(user) -> bool:
    """One of the computer's system accounts (games.computer): its seats are filled only by that package."""
    profile = getattr(user, "profile", None)
    return bool(profile is not None and profile.is_computer)


def check_not_computer(user) -> None:
    """The computer plays only the matches it is asked to: no seeks, tournaments, invitations or joining."""
    if is_computer(user):
        raise NotAllowed(_("The computer plays only matches created against it, from the lobby or the API"))
