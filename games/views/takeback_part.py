"""What the match page's takeback part shows (the writes are in ``takeback``, the words in
``games.takeback_words``)."""

from __future__ import annotations

import functools

from django.db import connections, router
from django.utils.translation import ngettext

from games.models import Action, ActionKind, Match, TakebackRequest, TakebackStatus
from games.services import IllegalMove, statements, takeback
from games.since_last_move import Record
from games.takeback_words import outcome_words, point_words


def requests_now(match: Match, latest: tuple | None) -> list[TakebackRequest]:
    """In one query, newest first: the requests asked at the match's present record, and the accepted one
    whose record is the newest (``latest``: its (seq, kind, …)). All the live part shows of takebacks."""
    record_seq = latest[0] if latest is not None and latest[1] == ActionKind.TAKEBACK else None
    connection = connections[router.db_for_read(TakebackRequest)]
    # query: the requests (written out, as the polls' are: the ORM cost more than the rest of the takeback
    # part, on every page of every match, most of which never see a takeback)
    (rows,) = statements.select_together(connection, (_requests_now_sql(), [match.pk, match.seq, record_seq]))
    return [statements.load(TakebackRequest, row, connection) for row in rows]


@functools.cache
def _requests_now_sql() -> str:
    quote = statements.connection_for(TakebackRequest).ops.quote_name
    return (
        f"SELECT {statements.column_list(TakebackRequest, 't')} FROM {quote(TakebackRequest._meta.db_table)} t"
        f" LEFT JOIN {quote(Action._meta.db_table)} a ON a.id = t.record_id"
        " WHERE t.match_id = %s AND (t.at_seq = %s OR a.seq = %s) ORDER BY t.created_at DESC, t.id DESC"
    )


def takeback_context(
    match: Match,
    user,
    role: str | None,
    playing: bool,
    latest: tuple | None,
    requests: list[TakebackRequest],
    points: list[tuple[int, str]],
) -> dict:
    """What the takeback part shows ``user`` (seen as ``role``) now; empty for spectators or history.
    ``latest``: the newest record's (seq, kind, …), and ``points``: ``takeback_points_in_words``, both as
    the rendered cache keeps them; ``requests``: what ``requests_now`` read."""
    if role is None or not playing:
        return {}
    request = next((r for r in requests if takeback.is_open(r, match)), None)
    my_roles = match.roles_of(user)
    answer_role = None
    if request is not None:
        answer_role = next(
            (r for r in my_roles if r in takeback.others(match, request.role) and r not in request.accepted_roles),
            None,
        )
    closed = _closed(match, latest, requests) if request is None else None
    return {
        "takeback": {
            "request": request,
            "asked": _asked_words(match, request, role) if request is not None else "",
            "mine": request is not None and request.role in my_roles,
            "answer_role": answer_role,
            "role": role,
            "points": points if request is None else [],
            "closed": closed,
            "outcome": outcome_words(match, closed, role) if closed is not None else "",
        }
    }


def takeback_points_in_words(match: Match, role: str, records: list[Record]) -> list[tuple[int, str]]:
    """``role``'s takeback points now, each as (seq, its words in the current language); ``records``: the
    log in brief. They follow from the log alone, so they are drawn with the position (``rendered``)."""
    points = takeback.takeback_points(match, role, records)
    return [(point.seq, point_words(match, role, point.state, point.action, role)) for point in points]


def _asked_words(match: Match, request: TakebackRequest, viewer: str) -> str:
    try:
        point = takeback.point_before(match, request.role, request.to_seq)
    except IllegalMove:  # no longer reachable: answering says why
        moves = len(request.retracts)
        return ngettext("{n} move back", "{n} moves back", moves).format(n=moves)
    return point_words(match, request.role, point.state, point.action, viewer)


def _closed(match: Match, latest: tuple | None, requests: list[TakebackRequest]) -> TakebackRequest | None:
    """The request answered at this position, or the accepted one whose record is the latest: its outcome
    stays visible to both sides until the next record."""
    if latest is not None and latest[1] == ActionKind.TAKEBACK:
        # Asked before the record it made: the one ``requests_now`` read for that record.
        accepted = next((r for r in requests if r.at_seq != match.seq), None)
        if accepted is not None:
            return accepted
    return next((r for r in requests if r.at_seq == match.seq and r.status != TakebackStatus.PENDING), None)
