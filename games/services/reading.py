"""Reading a match for a page, a fragment or the API: the match, its seats, their users and profiles.

Every match request starts here, so the statements are written out (``statements``), as the write path's
are: the ORM compiled the same prefetching query anew each time, several times the cost of running it. The
four statements go in one round trip, to the database the router chooses for a read (the replica, where
``config.replica`` allows it). The match's cached state is left out, deferred as ``defer("state")`` leaves
it: a page drawn from the rendered cache (``games.views.rendered``) never reads it, and parsing it costs
more than the rest of the page.
"""

from __future__ import annotations

from functools import cache

from django.contrib.auth import get_user_model
from django.db import connections, router

from accounts.models import Profile
from games.models import Match, Seat

from . import statements
from .locking import load_seats, load_users

_USER = get_user_model()
NOT_READ = ("state",)


def read_match(pk: int) -> Match | None:
    """The match without its state, with ``loaded_seats`` (in seat order) and their users and profiles."""
    connection = connections[router.db_for_read(Match)]
    # query: the match; query: its seats; query: their users; query: their profiles (one round trip)
    match_rows, seat_rows, user_rows, profile_rows = statements.select_together(
        connection, *((sql, [pk]) for sql in _sql())
    )
    if not match_rows:
        return None
    match = statements.load(Match, match_rows[0], connection, leave_out=NOT_READ)
    match.state_reader = read_state  # on first use (Match.refresh_from_db)
    users = load_users(user_rows, profile_rows, connection)
    for seat in load_seats(match, seat_rows, connection):
        seat.user = users.get(seat.user_id)
    return match


def read_state(match: Match, using: str | None = None) -> dict | None:
    """``match``'s cached state, from the database it was read from (``using``, else that one)."""
    connection = connections[using or match._state.db or router.db_for_read(Match)]
    # query: the state alone
    (rows,) = statements.select_together(connection, (_state_sql(), [match.pk]))
    if not rows:
        raise Match.DoesNotExist(f"No match {match.pk}")
    return statements.load(Match, rows[0], connection, leave_out=_ALL_BUT_STATE).state


_ALL_BUT_STATE = tuple(f.name for f in Match._meta.concrete_fields if f.name != "state")


@cache
def _state_sql() -> str:
    quote = statements.connection_for(Match).ops.quote_name
    return (
        f"SELECT {statements.column_list(Match, 'm', leave_out=_ALL_BUT_STATE)} FROM {quote(Match._meta.db_table)} m"
        " WHERE m.id = %s"
    )


@cache
def _sql() -> tuple[str, str, str, str]:
    """The match; its seats; their users; their profiles."""
    quote = statements.connection_for(Match).ops.quote_name
    seated = f"SELECT s.user_id FROM {quote(Seat._meta.db_table)} s WHERE s.match_id = %s"
    return (
        f"SELECT {statements.column_list(Match, 'm', leave_out=NOT_READ)} FROM {quote(Match._meta.db_table)} m"
        " WHERE m.id = %s",
        f"SELECT {statements.column_list(Seat, 's')} FROM {quote(Seat._meta.db_table)} s"
        " WHERE s.match_id = %s ORDER BY s.id",
        f"SELECT {statements.column_list(_USER, 'u')} FROM {quote(_USER._meta.db_table)} u WHERE u.id IN ({seated})",
        f"SELECT {statements.column_list(Profile, 'p')} FROM {quote(Profile._meta.db_table)} p"
        f" WHERE p.user_id IN ({seated})",
    )
