"""The write path's statements, written out once per model and column list from the models' own metadata.

A move runs the same few statements every time. Django's ORM compiles each query anew, which costs about as
long as PostgreSQL takes to run it; written out once, a statement costs only its round trip. Values still
pass through each field's own conversions (``get_db_prep_save`` on the way in, the backend's and the field's
converters on the way out), so the rows are exactly those the ORM writes and reads. As with ``bulk_create``,
no ``pre_save``/``post_save`` signal is sent (none is connected to the models written here).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any

from django.db import connections, models, router
from psycopg import ClientCursor


def connection_for(model: type[models.Model]):
    return connections[router.db_for_write(model)]


@contextmanager
def one_round_trip(connection) -> Iterator[None]:
    """Send the statements executed inside together; rows inserted inside (``insert``) receive their keys
    at the end, once everything is sent.

    On PostgreSQL this is psycopg's pipeline mode: one round trip (with the BEGIN, if the transaction has
    not started yet), unless something inside reads a result early. Elsewhere (SQLite, in process) the
    statements simply run one after another.
    """
    pending: list[tuple[models.Model, Any]] = []
    token = _inserted.set(pending)
    try:
        if connection.vendor == "postgresql":
            connection.ensure_connection()
            with connection.wrap_database_errors, connection.connection.pipeline():
                yield
                _receive_keys(pending)
        else:
            yield
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
    """Each query's rows. On PostgreSQL with client-side binding (Django's default with psycopg 3) the
    queries go as one multi-statement query: one round trip for all; elsewhere one after another."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql" and isinstance(cursor.cursor, ClientCursor):
            cursor.execute("; ".join(sql for sql, _ in queries), [param for _, params in queries for param in params])
            results = [cursor.fetchall()]
            while cursor.nextset():
                results.append(cursor.fetchall())
            return results
        results = []
        for sql, params in queries:
            cursor.execute(sql, params)
            results.append(cursor.fetchall())
        return results


@cache
def _fields(model: type[models.Model], names: tuple[str, ...]) -> tuple[models.Field, ...]:
    return tuple(model._meta.get_field(name) for name in names)


def column_list(model: type[models.Model], alias: str) -> str:
    """``alias.col, alias.col, …`` for every concrete field of ``model`` (as ``load`` expects them)."""
    quote = connection_for(model).ops.quote_name
    return ", ".join(f"{alias}.{quote(field.column)}" for field in model._meta.concrete_fields)


def load(model: type[models.Model], values: Sequence[Any], connection) -> models.Model:
    """An instance from one model's slice of a row (``column_list`` order), as the ORM would build it."""
    attnames, readers = _readers(model, connection)
    converted = list(values)
    for index, column, converters in readers:
        value = converted[index]
        if value is not None:
            for converter in converters:
                value = converter(value, column, connection)
            converted[index] = value
    return model.from_db(connection.alias, attnames, converted)


@cache
def _readers(model: type[models.Model], connection) -> tuple[list[str], list[tuple[int, Any, list]]]:
    """The attribute names of ``model``'s columns, and for each column that has any, its converters."""
    fields = model._meta.concrete_fields
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
    with connection.cursor() as cursor:
        if len(params) == 1:
            cursor.execute(_update_sql(model, tuple(names)), params[0])
        else:
            cursor.executemany(_update_sql(model, tuple(names)), params)


@cache
def _insert_sql(model: type[models.Model]) -> str:
    connection = connection_for(model)
    quote = connection.ops.quote_name
    fields = [field for field in model._meta.concrete_fields if field is not model._meta.pk]
    columns = ", ".join(quote(field.column) for field in fields)
    placeholders = ", ".join(["%s"] * len(fields))
    table, pk = quote(model._meta.db_table), quote(model._meta.pk.column)
    return f"INSERT INTO {table} ({columns}) VALUES ({placeholders}) RETURNING {pk}"


def insert(instance: models.Model) -> None:
    """INSERT ``instance`` (every column but its automatic primary key). It receives its key at once, or
    at the end of the enclosing ``one_round_trip``, so that the statements after it share its round trip."""
    model = type(instance)
    connection = connection_for(model)
    fields = [field for field in model._meta.concrete_fields if field is not model._meta.pk]
    params = [field.get_db_prep_save(field.pre_save(instance, add=True), connection) for field in fields]
    cursor = connection.cursor()
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
