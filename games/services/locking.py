"""Locking a match for a change, with what the change reads: its seats and, when someone is told, their users."""

from __future__ import annotations

from functools import cache

from django.contrib.auth import get_user_model

from accounts.models import Profile
from games.models import Match, Seat

from . import statements
from .errors import NotFound


def lock_match(match_id: int) -> Match:
    """The match row, locked until the end of the transaction (PostgreSQL; SQLite locks the database).

    The match comes with its seats: the seat checks, the log and the notification receivers all read these
    same objects from then on (``Match.loaded_seats``), so a move reads nothing twice. The seats' users and
    profiles matter only when someone is told something (``attach_users``, called by the outbox).
    """
    try:
        pk = int(match_id)
    except (TypeError, ValueError):
        raise NotFound(f"No match {match_id}") from None
    connection = statements.connection_for(Match)
    match_sql, seats_sql = _sql()
    # query: the match row, locked; query: its seats (both in one round trip on PostgreSQL)
    match_rows, seat_rows = statements.select_together(connection, (match_sql, [pk]), (seats_sql, [pk]))
    if not match_rows:
        raise NotFound(f"No match {match_id}")
    match = statements.load(Match, match_rows[0], connection)
    seats = [statements.load(Seat, row, connection) for row in seat_rows]
    for seat in seats:
        seat.match = match
        if seat.user_id is None:
            seat.user = None
    match._prefetched_objects_cache = {"seats": seats}  # as prefetch_related("seats") stores them
    return match


def attach_users(match: Match) -> None:
    """Load the users and profiles of the match's loaded seats that lack them, in one query."""
    seats = [seat for seat in match.loaded_seats() if seat.user_id is not None and not Seat.user.is_cached(seat)]
    if not seats:
        return
    connection = statements.connection_for(Seat)
    user_model, width = _USER, len(_USER._meta.concrete_fields)
    user_ids = sorted({seat.user_id for seat in seats})
    with connection.cursor() as cursor:
        cursor.execute(_users_sql(len(user_ids)), user_ids)  # query: the seated users with their profiles
        rows = cursor.fetchall()
    users = {}
    for row in rows:
        user = statements.load(user_model, row[:width], connection)
        if row[width] is not None:
            profile = statements.load(Profile, row[width:], connection)
            Profile.user.field.set_cached_value(profile, user)
            Profile.user.field.remote_field.set_cached_value(user, profile)
        users[user.pk] = user
    for seat in seats:
        seat.user = users[seat.user_id]


_USER = get_user_model()


@cache
def _sql() -> tuple[str, str]:
    """The match locked; its seats."""
    connection = statements.connection_for(Match)
    quote, features = connection.ops.quote_name, connection.features
    lock = "FOR UPDATE" if features.has_select_for_update else ""
    return (
        f"SELECT {statements.column_list(Match, 'm')} FROM {quote(Match._meta.db_table)} m WHERE m.id = %s {lock}",
        f"SELECT {statements.column_list(Seat, 's')} FROM {quote(Seat._meta.db_table)} s"
        " WHERE s.match_id = %s ORDER BY s.id",
    )


@cache
def _users_sql(count: int) -> str:
    """``count`` users by key, each with its profile."""
    quote = statements.connection_for(Seat).ops.quote_name
    columns = ", ".join(statements.column_list(model, alias) for model, alias in ((_USER, "u"), (Profile, "p")))
    return (
        f"SELECT {columns} FROM {quote(_USER._meta.db_table)} u"
        f" LEFT JOIN {quote(Profile._meta.db_table)} p ON p.user_id = u.id"
        f" WHERE u.id IN ({', '.join(['%s'] * count)})"
    )
