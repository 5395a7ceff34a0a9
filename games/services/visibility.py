"""Who may know a match exists: a private match is, to anyone but its players and moderators, no match.

Every refusal to a stranger is the very 404 a free id gets ("No match N"): a 403 or 409 would tell them a
private match stands at that id (ids are sequential).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.models import Match

from .errors import NotFound


def visible_to(match: Match, user) -> bool:
    """Public matches are open to everyone, private ones to their players and moderators."""
    return not match.is_private or bool(match.roles_of(user)) or bool(getattr(user, "is_staff", False))


def no_such_match(match_id: object) -> NotFound:
    """The one answer for a free id and a private match alike."""
    return NotFound(_("No match {id}").format(id=match_id))


def check_visible(match: Match, user) -> None:
    if not visible_to(match, user):
        raise no_such_match(match.pk)
