"""The answers to the match page's two polls (the live fragment every few seconds, the chat every few
more) when nothing changed: a 204 from one small query on indexed columns, nothing loaded or rendered.

They are most of what a server answers, so their SQL is written out: the ORM took 7 ms of processor
time to build the live poll's query (counts and three subqueries) against a fraction of a millisecond to
run it. The answers name the same things as the long way (``live_token``, the chat's newest message),
and anything unclear (no such match, a reader who may not watch) goes the long way, which explains.
"""

from __future__ import annotations

import json
from typing import NamedTuple

from django.db import connections, router
from django.http import HttpRequest

from games.models import ChatMessage, Match, MatchStatus, Seat, TakebackRequest
from games.services.permissions import is_moderator

# The fields of the newest takeback request at the present record that change the page when it is asked
# or answered (no log record marks those; one asked at an earlier record is shown no more).
TAKEBACK_TOKEN = ("id", "status", "accepted_roles")


def live_token(match: Match, takebacks: list[TakebackRequest]) -> str:
    """Changes whenever anything on the live part of the page may have changed. ``takebacks``: the
    requests at the match's present record, newest first (``takeback_part.requests_now``)."""
    filled = sum(1 for seat in match.seats.all() if seat.user_id is not None)
    newest = next((r for r in takebacks if r.at_seq == match.seq), None)
    takeback = (newest.pk, newest.status, len(newest.accepted_roles)) if newest is not None else None
    return token_of(match.seq, match.status, filled, takeback)


def token_of(seq: int, status: str, filled_seats: int, takeback: tuple[int, str, int] | None) -> str:
    """``takeback``: the newest request's id, status and number of acceptances."""
    part = f"{takeback[0]}{takeback[1]}{takeback[2]}" if takeback and status == MatchStatus.ACTIVE else ""
    return f"{seq}.{status}.{filled_seats}.{part}"


def _newest_takeback(field: str) -> str:
    table = TakebackRequest._meta.db_table
    return (
        f"(SELECT t.{field} FROM {table} t WHERE t.match_id = m.id AND t.at_seq = m.seq"
        " ORDER BY t.created_at DESC, t.id DESC LIMIT 1)"
    )


LIVE_SQL = f"""
SELECT m.seq, m.status, m.is_private,
  (SELECT COUNT(*) FROM {Seat._meta.db_table} s WHERE s.match_id = m.id AND s.user_id IS NOT NULL),
  (SELECT COUNT(*) FROM {Seat._meta.db_table} s WHERE s.match_id = m.id AND s.user_id = %s),
  {", ".join(_newest_takeback(field) for field in TAKEBACK_TOKEN)}
FROM {Match._meta.db_table} m WHERE m.id = %s
"""

CHAT_SQL = f"""
SELECT (SELECT MAX(c.id) FROM {ChatMessage._meta.db_table} c WHERE c.match_id = %s),
  EXISTS (SELECT 1 FROM {Seat._meta.db_table} s WHERE s.match_id = %s AND s.user_id = %s)
"""


def _row(model, sql: str, params: list) -> tuple | None:
    with connections[router.db_for_read(model)].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


class LivePoll(NamedTuple):
    unchanged: bool  # the fragment is still ``since``, for a reader who may watch it (else: the long way)
    seated: bool  # the reader holds a seat in the match (known when unchanged)


def live_poll(request: HttpRequest, pk: int, since: str | None) -> LivePoll:
    """Is the live fragment still ``since`` for a reader who may watch it, and is the reader a player?"""
    if not since:
        return LivePoll(unchanged=False, seated=False)
    user = request.user
    row = _row(Match, LIVE_SQL, [user.pk, pk])  # an anonymous reader's pk is None: no seat is theirs
    if row is None:
        return LivePoll(unchanged=False, seated=False)
    seq, status, is_private, filled, mine, takeback_id, takeback_status, accepted = row
    may_watch = not is_private or mine > 0 or is_moderator(user)  # presentation.may_watch, from the row
    if takeback_id is None:
        takeback = None
    else:  # a JSON list, as text (or already parsed, by a driver that does)
        accepted = json.loads(accepted) if isinstance(accepted, str | bytes) else accepted
        takeback = (takeback_id, takeback_status, len(accepted))
    return LivePoll(unchanged=may_watch and since == token_of(seq, status, filled, takeback), seated=mine > 0)


def chat_unchanged(request: HttpRequest, pk: int, after: str | None) -> bool:
    """Is ``after`` still the newest message of a chat the reader may read (a player's)?"""
    if not after or not request.user.is_authenticated:
        return False
    row = _row(ChatMessage, CHAT_SQL, [pk, pk, request.user.pk])
    newest, seated = row
    return bool(seated) and after == str(newest or 0)
