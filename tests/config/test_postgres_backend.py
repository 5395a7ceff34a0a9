"""The kept PostgreSQL connection is checked before reuse, but not again while it answered a check moments ago."""

from __future__ import annotations

import pytest
from django.db import connections

from config.postgres import base
from tests.conftest import requires_postgres

pytestmark = [requires_postgres, pytest.mark.django_db(transaction=True)]
connection = connections["default"]  # the wrapper itself, not the thread's proxy


@pytest.fixture
def checks(monkeypatch) -> list[bool]:
    """Each health check made (its outcome), as Django's ``is_usable`` answers it."""
    made: list[bool] = []
    usable = connection.is_usable

    def counted() -> bool:
        made.append(usable())
        return made[-1]

    monkeypatch.setattr(connection, "is_usable", counted)
    return made


def new_request() -> None:
    """What Django does to the connection between two requests (request_finished, request_started)."""
    connection.close_if_unusable_or_obsolete()


def run_a_query() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def test_the_backend_is_in_use():
    assert isinstance(connection, base.DatabaseWrapper) and connection.settings_dict["CONN_HEALTH_CHECKS"]


def test_a_connection_checked_moments_ago_is_not_checked_again(checks):
    run_a_query()
    connection.check_due = 0.0  # long idle: the next request checks it
    new_request()
    run_a_query()
    assert checks == [True]
    for _ in range(3):
        new_request()
        run_a_query()
    assert checks == [True]


def test_a_connection_idle_past_the_interval_is_checked_and_a_broken_one_replaced(checks, monkeypatch):
    run_a_query()
    connection.check_due = 0.0
    monkeypatch.setattr(connection, "is_usable", lambda: checks.append(False) or False)  # the server went away
    broken = connection.connection
    new_request()
    run_a_query()
    assert checks == [False] and connection.connection is not broken
