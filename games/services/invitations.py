"""Inviting a player to an open match, and their answer."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import signals
from games.models import Invitation, InvitationStatus, Match, MatchStatus

from .errors import Conflict, IllegalMove, NotAllowed
from .matches import join_match
from .permissions import check_not_computer
from .visibility import check_visible


def invite(match: Match, by, user) -> Invitation:
    """``by`` (seated in the open ``match``) asks ``user`` to take a free seat."""
    check_visible(match, by)
    if not match.roles_of(by):
        raise NotAllowed(_("Only a player of this match can invite"))
    if match.status != MatchStatus.OPEN:
        raise Conflict(_("This match is not open for joining"))
    check_not_computer(user)
    if user.pk == by.pk or match.roles_of(user):
        raise IllegalMove(_("{name} already has a seat in this match").format(name=user.get_username()))
    with transaction.atomic():
        invitation, created = Invitation.objects.get_or_create(match=match, user=user, defaults={"by": by})
        if not created:
            raise Conflict(_("{name} is already invited").format(name=user.get_username()))
        signals.invitation_sent.send(Invitation, match=match, user=user, by=by)
    return invitation


def accept_invitation(invitation: Invitation, user) -> Match:
    """Take a seat through the invitation (private matches included)."""
    _check_answerable(invitation, user)
    with transaction.atomic():
        match = join_match(invitation.match_id, user, invite_token=invitation.match.invite_token)
        _answer(invitation, InvitationStatus.ACCEPTED)
    return match


def decline_invitation(invitation: Invitation, user) -> None:
    _check_answerable(invitation, user)
    _answer(invitation, InvitationStatus.DECLINED)


def _check_answerable(invitation: Invitation, user) -> None:
    if invitation.user_id != user.pk:
        raise NotAllowed(_("This invitation is for someone else"))
    if invitation.status != InvitationStatus.PENDING:
        raise Conflict(_("This invitation was already {status}").format(status=invitation.get_status_display().lower()))


def _answer(invitation: Invitation, status: str) -> None:
    invitation.status = status
    invitation.answered_at = timezone.now()
    invitation.save(update_fields=["status", "answered_at"])
