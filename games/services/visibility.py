"""Who may know a match exists, and who may see what it hides (SECURITY.md "Hidden information").

A private match is, to anyone but its players and moderators, no match: every refusal to a stranger is
the very 404 a free id gets ("No match N"); a 403 or 409 would tell them a private match stands at that
id (ids are sequential). A moderator is a staff account holding the moderation permission, not any staff
account.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.models import Match, MatchStatus

from .errors import NotFound
from .permissions import is_moderator

OVER = (MatchStatus.FINISHED, MatchStatus.ABANDONED)


def visible_to(match: Match, user) -> bool:
    """Public matches are open to everyone, private ones to their players and moderators."""
    return not match.is_private or bool(match.roles_of(user)) or is_moderator(user)


def may_read_hidden(match: Match, user) -> bool:
    """The raw log, every side's board and the state: published once the match is over; before that, only
    to a moderator who does not play in it (a moderator who plays is a player, and sees their side only)."""
    if match.status in OVER:
        return True
    return is_moderator(user) and not match.roles_of(user)


def no_such_match(match_id: object) -> NotFound:
    """The one answer for a free id and a private match alike."""
    return NotFound(_("No match {id}").format(id=match_id))


def check_visible(match: Match, user) -> None:
    if not visible_to(match, user):
        raise no_such_match(match.pk)
