"""What the match page's takeback part shows (the writes are in ``takeback``)."""

from __future__ import annotations

from games.models import Match, TakebackStatus
from games.services import takeback


def takeback_context(match: Match, user, role: str | None, playing: bool) -> dict:
    """What the takeback part shows ``user`` (seen as ``role``) now; empty for spectators or history."""
    if role is None or not playing:
        return {}
    request = takeback.open_request(match)
    my_roles = match.roles_of(user)
    answer_role = None
    if request is not None:
        answer_role = next(
            (r for r in my_roles if r in takeback.others(match, request.role) and r not in request.accepted_roles),
            None,
        )
    return {
        "takeback": {
            "request": request,
            "mine": request is not None and request.role in my_roles,
            "answer_role": answer_role,
            "role": role,
            "points": takeback.takeback_points(match, role) if request is None else [],
            # A refusal at this very position stays visible until the next record.
            "closed": match.takebacks.filter(at_seq=match.seq)
            .exclude(status=TakebackStatus.PENDING)
            .select_related("answered_by__profile")
            .first()
            if request is None
            else None,
        }
    }
