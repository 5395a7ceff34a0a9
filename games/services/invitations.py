"""Inviting a player to an open match, and their answer."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games import signals
from games.models import Invitation, InvitationStatus, Match, MatchStatus

from .errors import Conflict, IllegalMove, NotAllowed
from .matches import join_match
from .visibility import check_visible


def invite(match: Match, by, user) -> Invitation:
    """``by`` (seated in the open ``match``) asks ``user`` to take a free seat."""
    check_visible(match, by)
    if not match.roles_of(by):
        raise NotAllowed("Only a player of this match can invite")
    if match.status != MatchStatus.OPEN:
        raise Conflict("This match is not open for joining")
    if user.pk == by.pk or match.roles_of(user):
        raise IllegalMove(f"{user.get_username()} already has a seat in this match")
    with transaction.atomic():
        invitation, created = Invitation.objects.get_or_create(match=match, user=user, defaults={"by": by})
        if not created:
            raise Conflict(f"{user.get_username()} is already invited")
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
        raise NotAllowed("This invitation is for someone else")
    if invitation.status != InvitationStatus.PENDING:
        raise Conflict(f"This invitation was already {invitation.get_status_display().lower()}")


def _answer(invitation: Invitation, status: str) -> None:
    invitation.status = status
    invitation.answered_at = timezone.now()
    invitation.save(update_fields=["status", "answered_at"])
