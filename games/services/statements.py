"""The hot path's statements, written out once per model and column list from the models' own metadata.

A move runs the same few statements every time, and every match request reads the match the same way
(``reading``). Django's ORM compiles each query anew, which costs about as
long as PostgreSQL takes to run it; written out once, a statement costs only its round trip. On PostgreSQL
each is also prepared once per connection (``statement_cursor``), so the server neither parses nor plans it
again. Values still pass through each field's own conversions (``get_db_prep_save`` on the way in, the
backend's and the field's converters on the way out), so the rows are exactly those the ORM writes and
reads. As with ``bulk_create``, no ``pre_save``/``post_save`` signal is sent (none is connected to the models
written here).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from functools import cache
from typing import Any

from django.db import connections, models, router
from django.db.backends.postgresql.base import ServerBindingCursor
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper


def connection_for(model: type[models.Model]):
    return connections[router.db_for_write(model)]


@contextmanager
def one_round_trip(connection) -> Iterator[None]:
    """Send the statements executed inside together; rows inserted inside (``insert``) receive their keys
    at the end, once everything is sent.

    On PostgreSQL this is psycopg's pipeline mode: one round trip, unless something inside reads a result
    early (psycopg sends a transaction's BEGIN on its own, so that the transaction has started first).
    Elsewhere (SQLite, in process) the statements simply run one after another.
    """
    pending: list[tuple[models.Model, Any]] = []
    token = _inserted.set(pending)
    try:
        if connection.vendor == "postgresql":
            connection.ensure_connection()
            with connection.wrap_database_errors, connection.connection.pipeline():
                yield
        else:
            yield
        # Read once the pipeline has ended: its end sends everything with one Sync and collects every result,
        # where reading a key inside would first cost a round trip of its own.
        _receive_keys(pending)
    finally:
        _inserted.reset(token)
        for _, cursor in pending:
            cursor.close()


# The rows inserted in the current ``one_round_trip`` that still wait for their keys, with their cursors.
_inserted: ContextVar[list[tuple[models.Model, Any]] | None] = ContextVar("inserted", default=None)


def _receive_keys(pending: list[tuple[models.Model, Any]]) -> None:
    for instance, cursor in pending:
        (instance.pk,) = cursor.fetchone()


def select_together(connection, *queries: tuple[str, Sequence[Any]]) -> list[list[tuple]]:
    """Each query's rows, all queries sent in one round trip (``one_round_trip``)."""
    cursors = []
    try:
        # A lone statement is its own round trip: entering and leaving psycopg's pipeline would only add to it.
        with one_round_trip(connection) if len(queries) > 1 else nullcontext():
            for sql, params in queries:
                cursors.append(statement_cursor(connection))
                cursors[-1].execute(sql, params)
        return [cursor.fetchall() for cursor in cursors]
    finally:
        for cursor in cursors:
            cursor.close()


def statement_cursor(connection) -> CursorWrapper:
    """A cursor for one of these statements.

    On PostgreSQL it binds the parameters on the server, so psycopg prepares the statement the first time a
    connection runs it and afterwards sends only its parameters (``prepare_threshold``, config.settings).
    The ORM's cursors bind on the client and are never prepared. Elsewhere it is an ordinary cursor.
    """
    if connection.vendor != "postgresql":
        return connection.cursor()
    # What connection.cursor() does, with Django's server-binding cursor class instead of its client one.
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    cursor = ServerBindingCursor(connection.connection)
    return _StatementLog(cursor, connection) if connection.queries_logged else connection.make_cursor(cursor)


class _StatementLog(CursorDebugWrapper):
    """Logs a statement as written (placeholders, with its parameters beside it): psycopg keeps the text
    Django's query log reads only for statements it does not prepare."""

    def execute(self, sql, params=None):
        with self.debug_sql(sql, params):
            return CursorWrapper.execute(self, sql, params)


@cache
def _fields(model: type[models.Model], names: tuple[str, ...]) -> tuple[models.Field, ...]:
    return tuple(model._meta.get_field(name) for name in names)


def column_list(model: type[models.Model], alias: str, leave_out: tuple[str, ...] = ()) -> str:
    """``alias.col, alias.col, …`` for every concrete field of ``model`` but those named in ``leave_out``
    (as ``load`` expects them)."""
    quote = connection_for(model).ops.quote_name
    return ", ".join(f"{alias}.{quote(field.column)}" for field in _read_fields(model, leave_out))


def column_count(model: type[models.Model], leave_out: tuple[str, ...] = ()) -> int:
    """How many columns ``column_list`` lists."""
    return len(_read_fields(model, leave_out))


def load(model: type[models.Model], values: Sequence[Any], connection, leave_out: tuple[str, ...] = ()) -> models.Model:
    """An instance from one model's slice of a row (``column_list`` order), as the ORM would build it; the
    fields in ``leave_out`` are deferred (read on first use, as with ``QuerySet.defer``)."""
    attnames, _ = _readers(model, connection, leave_out)
    return model.from_db(connection.alias, attnames, converted(model, values, connection, leave_out))


def converted(model: type[models.Model], values: Sequence[Any], connection, leave_out: tuple[str, ...] = ()) -> list:
    """One model's slice of a row (``column_list`` order) with each value as its field reads it, without
    building an instance."""
    _, readers = _readers(model, connection, leave_out)
    values = list(values)
    for index, column, converters in readers:
        value = values[index]
        if value is not None:
            for converter in converters:
                value = converter(value, column, connection)
            values[index] = value
    return values


@cache
def _read_fields(model: type[models.Model], leave_out: tuple[str, ...]) -> tuple[models.Field, ...]:
    return tuple(field for field in model._meta.concrete_fields if field.name not in leave_out)


@cache
def _readers(
    model: type[models.Model], connection, leave_out: tuple[str, ...]
) -> tuple[list[str], list[tuple[int, Any, list]]]:
    """The attribute names of ``model``'s columns read, and for each column that has any, its converters."""
    fields = _read_fields(model, leave_out)
    readers = []
    for index, field in enumerate(fields):
        column = field.get_col(model._meta.db_table)
        converters = connection.ops.get_db_converters(column) + field.get_db_converters(connection)
        if converters:
            readers.append((index, column, converters))
    return [field.attname for field in fields], readers


@cache
def _update_sql(model: type[models.Model], names: tuple[str, ...]) -> str:
    quote = connection_for(model).ops.quote_name
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in _fields(model, names))
    return f"UPDATE {quote(model._meta.db_table)} SET {assignments} WHERE {quote(model._meta.pk.column)} = %s"


def update(instances: Sequence[models.Model], names: Sequence[str], **stored: Any) -> None:
    """Write the named fields of each instance, by primary key: one statement for all (``executemany``,
    which psycopg pipelines, so one round trip on PostgreSQL however many instances).

    ``stored`` gives the value to write for a field instead of the instance's (the state's canonical text
    already made for its hash, so it is not serialised twice).
    """
    if not instances:
        return
    model = type(instances[0])
    connection = connection_for(model)
    fields = _fields(model, tuple(names))

    def value(row: models.Model, field: models.Field) -> Any:
        return stored[field.name] if field.name in stored else getattr(row, field.attname)

    params = [
        [*(field.get_db_prep_save(value(row, field), connection) for field in fields), row.pk] for row in instances
    ]
    with statement_cursor(connection) as cursor:
        if len(params) == 1:
            cursor.execute(_update_sql(model, tuple(names)), params[0])
        else:
            cursor.executemany(_update_sql(model, tuple(names)), params)


@cache
def _insert_fields(model: type[models.Model]) -> tuple[models.Field, ...]:
    """Every concrete field but the automatic primary key."""
    return tuple(field for field in model._meta.concrete_fields if field is not model._meta.pk)


@cache
def _insert_sql(model: type[models.Model]) -> str:
    quote = connection_for(model).ops.quote_name
    fields = _insert_fields(model)
    columns = ", ".join(quote(field.column) for field in fields)
    placeholders = ", ".join(["%s"] * len(fields))
    table, pk = quote(model._meta.db_table), quote(model._meta.pk.column)
    return f"INSERT INTO {table} ({columns}) VALUES ({placeholders}) RETURNING {pk}"


def insert(instance: models.Model) -> None:
    """INSERT ``instance`` (every column but its automatic primary key). It receives its key at once, or
    at the end of the enclosing ``one_round_trip``, so that the statements after it share its round trip."""
    model = type(instance)
    connection = connection_for(model)
    params = [field.get_db_prep_save(field.pre_save(instance, add=True), connection) for field in _insert_fields(model)]
    cursor = statement_cursor(connection)
    try:
        cursor.execute(_insert_sql(model), params)
    except Exception:
        cursor.close()
        raise
    instance._state.adding = False
    instance._state.db = connection.alias
    pending = _inserted.get()
    if pending is None:
        with cursor:
            _receive_keys([(instance, cursor)])
    else:
        pending.append((instance, cursor))
