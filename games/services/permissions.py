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
