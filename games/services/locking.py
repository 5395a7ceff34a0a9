"""Locking a match for a change, with what the change reads: its seats and, when someone is told, their users."""

from __future__ import annotations

from functools import cache

from django.contrib.auth import get_user_model

from accounts.models import Profile
from games.models import Match, Seat

from . import statements
from .visibility import no_such_match


def lock_match(match_id: int) -> Match:
    """The match row, locked until the end of the transaction (PostgreSQL; SQLite locks the database).

    The match comes with its seats: the seat checks, the log and the notification receivers all read these
    same objects from then on (``Match.loaded_seats``), so a move reads nothing twice. The seats' users and
    profiles matter only when someone is told something (``attach_users``: by the log when a turn starts or
    ends, and by the outbox).
    """
    try:
        pk = int(match_id)
    except (TypeError, ValueError):
        raise no_such_match(match_id) from None
    connection = statements.connection_for(Match)
    match_sql, seats_sql = _sql()
    # query: the match row, locked; query: its seats (both in one round trip on PostgreSQL)
    match_rows, seat_rows = statements.select_together(connection, (match_sql, [pk]), (seats_sql, [pk]))
    if not match_rows:
        raise no_such_match(match_id)
    match = statements.load(Match, match_rows[0], connection)
    for seat in load_seats(match, seat_rows, connection):
        if seat.user_id is None:
            seat.user = None
    return match


def load_seats(match: Match, seat_rows: list[tuple], connection) -> list[Seat]:
    """The match's seats from their rows (``statements.column_list`` order), each pointing back to ``match``,
    kept as its loaded seats (``Match.loaded_seats``)."""
    seats = [statements.load(Seat, row, connection) for row in seat_rows]
    for seat in seats:
        seat.match = match
    match._prefetched_objects_cache = {"seats": seats}  # as prefetch_related("seats") stores them
    return seats


def attach_users(match: Match) -> None:
    """Load the users and profiles of the match's loaded seats that lack them, in one statement."""
    seats = [seat for seat in match.loaded_seats() if seat.user_id is not None and not Seat.user.is_cached(seat)]
    if not seats:
        return
    connection = statements.connection_for(Seat)
    user_ids = sorted({seat.user_id for seat in seats})
    # query: the seated users with their profiles
    (rows,) = statements.select_together(connection, (_users_sql(len(user_ids)), user_ids))
    users = load_users(rows, connection)
    for seat in seats:
        seat.user = users[seat.user_id]


def users_with_profiles(where: str) -> str:
    """The users ``where`` (a condition on ``u``) each with its profile's columns after its own, as
    ``load_users`` reads them: one statement, because each statement costs the web process more than the
    database's join does."""
    quote = statements.connection_for(_USER).ops.quote_name
    return (
        f"SELECT {statements.column_list(_USER, 'u')}, {statements.column_list(Profile, 'p')}"
        f" FROM {quote(_USER._meta.db_table)} u LEFT JOIN {quote(Profile._meta.db_table)} p"
        f" ON p.{quote(Profile.user.field.column)} = u.{quote(_USER._meta.pk.column)} WHERE {where}"
    )


def load_users(rows: list[tuple], connection) -> dict:
    """Users by key from ``users_with_profiles`` rows, each with its profile (when it has one) attached both
    ways (as ``select_related("profile")`` leaves them)."""
    width = statements.column_count(_USER)
    users = {}
    for row in rows:
        user = statements.load(_USER, row[:width], connection)
        users[user.pk] = user
        if any(value is not None for value in row[width:]):  # all NULL: the user has no profile
            profile = statements.load(Profile, row[width:], connection)
            Profile.user.field.set_cached_value(profile, user)
            Profile.user.field.remote_field.set_cached_value(user, profile)
    return users


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
    """``count`` users by key, with their profiles."""
    return users_with_profiles(f"u.id IN ({', '.join(['%s'] * count)})")
