"""A player's private notes on a match: seen by nobody else."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.models import Match, PrivateNote

from .errors import IllegalMove, NotAllowed
from .visibility import check_visible

MAX_NOTE_LENGTH = 20_000


def save_note(match: Match, user, text: str) -> PrivateNote:
    check_visible(match, user)
    if not match.roles_of(user):
        raise NotAllowed(_("Only the players of this match keep notes on it"))
    if len(text) > MAX_NOTE_LENGTH:
        raise IllegalMove(_("Notes have at most {n} characters").format(n=MAX_NOTE_LENGTH))
    note, _created = PrivateNote.objects.update_or_create(match=match, user=user, defaults={"text": text})
    return note
