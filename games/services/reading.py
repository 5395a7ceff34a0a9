"""Reading a match for a page, a fragment or the API: the match, its seats, their users and profiles.

Every match request starts here, so the statements are written out (``statements``), as the write path's
are: the ORM compiled the same prefetching query anew each time, several times the cost of running it. The
three statements (the users joined to their profiles: each statement costs the web process more than the
join costs the database) go in one round trip, to the database the router chooses for a read (the replica,
where ``config.replica`` allows it). The match's cached state is left out, deferred as ``defer("state")`` leaves
it: a page drawn from the rendered cache (``games.views.rendered``) never reads it, and parsing it costs
more than the rest of the page.
"""

from __future__ import annotations

from functools import cache

from django.db import connections, router

from games.models import Action, ChatMessage, Match, PrivateNote, Seat

from . import statements
from .locking import load_seats, load_users, users_with_profiles

NOT_READ = ("state",)


def read_match(pk: int) -> Match | None:
    """The match without its state, with ``loaded_seats`` (in seat order) and their users and profiles."""
    connection = connections[router.db_for_read(Match)]
    # query: the match; query: its seats; query: their users with their profiles (one round trip)
    match_rows, seat_rows, user_rows = statements.select_together(connection, *((sql, [pk]) for sql in _sql()))
    if not match_rows:
        return None
    match = statements.load(Match, match_rows[0], connection, leave_out=NOT_READ)
    match.state_reader = read_state  # on first use (Match.refresh_from_db)
    users = load_users(user_rows, connection)
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


def with_written_state(match: Match, written: object) -> None:
    """Hand ``match`` (just read, its state deferred) the state that ``written``, the record a write in
    this request returned, left on its match in memory, when both are the same position (the same state
    hash): the fragment drawn after a move then does not read and parse back what the move just stored."""
    writer = written.match if isinstance(written, Action) and Action.match.is_cached(written) else None
    known = writer is not None and "state" in writer.__dict__ and writer.state_hash == match.state_hash
    if known and "state" not in match.__dict__:
        match.state = writer.state


def read_chat(match: Match, note_of: int | None = None) -> tuple[list[ChatMessage], str]:
    """The match's chat, oldest first, each message with its author and the author's profile; and the
    private note on the match of the user keyed ``note_of`` ("" without one): the aside of a player's page,
    and the chat poll."""
    connection = connections[router.db_for_read(ChatMessage)]
    messages_sql, users_sql, note_sql = _chat_sql()
    queries = [(messages_sql, [match.pk]), (users_sql, [match.pk])]
    if note_of is not None:
        queries.append((note_sql, [match.pk, note_of]))
    # query: the messages; query: their authors with their profiles; query: the note (one round trip)
    message_rows, user_rows, *note_rows = statements.select_together(connection, *queries)
    users = load_users(user_rows, connection)
    messages = []
    for row in message_rows:
        message = statements.load(ChatMessage, row, connection)
        message.user = users[message.user_id]
        message.match = match
        messages.append(message)
    note = note_rows[0][0][0] if note_rows and note_rows[0] else ""
    return messages, note


@cache
def _chat_sql() -> tuple[str, str, str]:
    """A match's chat messages in order; their authors with their profiles; one user's note."""
    quote = statements.connection_for(ChatMessage).ops.quote_name
    chat = quote(ChatMessage._meta.db_table)
    authors = f"SELECT c.user_id FROM {chat} c WHERE c.match_id = %s"
    return (
        f"SELECT {statements.column_list(ChatMessage, 'c')} FROM {chat} c WHERE c.match_id = %s"
        " ORDER BY c.created_at, c.id",
        users_with_profiles(f"u.id IN ({authors})"),
        f"SELECT n.{quote('text')} FROM {quote(PrivateNote._meta.db_table)} n WHERE n.match_id = %s AND n.user_id = %s",
    )


_ALL_BUT_STATE = tuple(f.name for f in Match._meta.concrete_fields if f.name != "state")


@cache
def _state_sql() -> str:
    quote = statements.connection_for(Match).ops.quote_name
    return (
        f"SELECT {statements.column_list(Match, 'm', leave_out=_ALL_BUT_STATE)} FROM {quote(Match._meta.db_table)} m"
        " WHERE m.id = %s"
    )


@cache
def _sql() -> tuple[str, str, str]:
    """The match; its seats; their users with their profiles."""
    quote = statements.connection_for(Match).ops.quote_name
    seated = f"SELECT s.user_id FROM {quote(Seat._meta.db_table)} s WHERE s.match_id = %s"
    return (
        f"SELECT {statements.column_list(Match, 'm', leave_out=NOT_READ)} FROM {quote(Match._meta.db_table)} m"
        " WHERE m.id = %s",
        f"SELECT {statements.column_list(Seat, 's')} FROM {quote(Seat._meta.db_table)} s"
        " WHERE s.match_id = %s ORDER BY s.id",
        users_with_profiles(f"u.id IN ({seated})"),
    )
