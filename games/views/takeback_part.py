"""What the match page's takeback part shows (the writes are in ``takeback``, the words in
``games.takeback_words``)."""

from __future__ import annotations

from django.utils.translation import ngettext

from games import languages
from games.models import ActionKind, Match, TakebackRequest, TakebackStatus
from games.rendered_cache import cached_part
from games.services import IllegalMove, takeback
from games.takeback_words import outcome_words, point_words


def takeback_context(match: Match, user, role: str | None, playing: bool, latest: tuple | None) -> dict:
    """What the takeback part shows ``user`` (seen as ``role``) now; empty for spectators or history.
    ``latest``: the newest record's (seq, kind, …), as the rendered cache keeps it."""
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
    # The points and their words follow from the log alone: rendered once per record, role and language.
    points = (
        cached_part("takeback_points", match, [role], None, languages.current_language(), lambda: _points(match, role))
        if request is None
        else []
    )
    closed = _closed(match, latest) if request is None else None
    return {
        "takeback": {
            "request": request,
            "asked": _asked_words(match, request, role) if request is not None else "",
            "mine": request is not None and request.role in my_roles,
            "answer_role": answer_role,
            "role": role,
            "points": points,
            "closed": closed,
            "outcome": outcome_words(match, closed, role) if closed is not None else "",
        }
    }


def _points(match: Match, role: str) -> list[tuple[int, str]]:
    points = takeback.takeback_points(match, role)
    return [(point.seq, point_words(match, role, point.state, point.seq, role)) for point in points]


def _asked_words(match: Match, request: TakebackRequest, viewer: str) -> str:
    try:
        point = takeback.point_before(match, request.role, request.to_seq)
    except IllegalMove:  # no longer reachable: answering says why
        moves = len(request.retracts)
        return ngettext("{n} move back", "{n} moves back", moves).format(n=moves)
    return point_words(match, request.role, point.state, request.to_seq, viewer)


def _closed(match: Match, latest: tuple | None) -> TakebackRequest | None:
    """The request answered at this position, or the accepted one whose record is the latest: its outcome
    stays visible to both sides until the next record."""
    answered = match.takebacks.exclude(status=TakebackStatus.PENDING).select_related("answered_by__profile")
    if latest is not None and latest[1] == ActionKind.TAKEBACK:
        accepted = answered.filter(record__seq=latest[0]).first()
        if accepted is not None:
            return accepted
    return answered.filter(at_seq=match.seq).first()
