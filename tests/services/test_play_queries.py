"""The write path's statements, per engine: a move costs a fixed number of queries (bench.submit times them).

In a test the transaction is a savepoint (SAVEPOINT … RELEASE instead of BEGIN … COMMIT). A move is: the
locked match and its seats (2 statements, in one round trip on PostgreSQL), the log record (1), the match
cache (1); when a turn starts or ends, the seated users joined to their profiles (1, for the clocks and
the mail), the seats concerned (one UPDATE statement sent once for all of
them) and one INSERT per outbox row. Every write goes in one round trip on PostgreSQL (psycopg's pipeline
mode), and each statement is prepared once per connection.
Nothing else — no seat, user, profile or preference is read twice, and pending takeback requests lapse
without a write. A change that adds a query fails here: make it cheaper, or update the count
and the comment in ``games.services.play.submit_action`` that documents it.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import engines, services
from games.models import Snapshot
from notifications.models import Notification

TRANSACTION = 2  # SAVEPOINT and RELEASE (BEGIN and COMMIT outside a test)
LOCK = 2  # lock_match: the match and its seats
USERS = 1  # attach_users: the seated users joined to their profiles
MOVE = TRANSACTION + LOCK + 1 + 1  # INSERT action, UPDATE match


@pytest.mark.parametrize("slug", sorted(engine.slug for engine in engines.all()))
def test_each_move_costs_a_fixed_number_of_queries(slug, alice, bob):
    engine = engines.get(slug)
    match = services.create_match(alice, slug, role=engine.roles[0])
    services.join_match(match.pk, bob, engine.roles[1])
    match.refresh_from_db()
    users = {engine.roles[0]: alice, engine.roles[1]: bob}
    turn_changes = 0
    for step in range(40):
        if not match.active_roles:
            break
        role = match.active_roles[0]
        action = engine.legal_actions(match.state, role)[0]["action"]
        before = set(match.active_roles)
        mails, snapshots = Notification.objects.count(), Snapshot.objects.count()
        key = f"test-{step}" if step % 2 else None  # a fresh idempotency key costs no lookup
        with CaptureQueriesContext(connection) as captured:
            services.submit_action(match.pk, users[role], role, action, match.seq, idempotency_key=key)
        match.refresh_from_db()
        seats_changed = len(before ^ set(match.active_roles))  # turns that ended or started
        turn_changes += bool(seats_changed)
        new_rows = Notification.objects.count() - mails + Snapshot.objects.count() - snapshots
        expected = MOVE + (USERS + 1) * bool(seats_changed) + new_rows  # the users, the seats' UPDATE
        assert all(query["sql"] for query in captured), "a statement left no text in the query log"
        assert len(captured) == expected, [q["sql"][:80] for q in captured]
        assert len(captured) <= MOVE + USERS + 1 + 2  # users, seats, a turn mail and (at most) a finish mail
    assert turn_changes, "the moves played changed no turn: the test did not cover that path"


def test_a_retried_move_returns_the_recorded_one_with_one_more_query(rk_match, alice):
    role = "red"
    action = rk_match.engine.legal_actions(rk_match.state, role)[0]["action"]
    first = services.submit_action(rk_match.pk, alice, role, action, rk_match.seq, idempotency_key="k")
    with CaptureQueriesContext(connection) as captured:
        again = services.submit_action(rk_match.pk, alice, role, action, rk_match.seq, idempotency_key="k")
    assert again.pk == first.pk
    assert len(captured) == TRANSACTION + LOCK + 1  # lock_match, the earlier record


@pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's")
def test_the_write_path_statements_are_prepared_once_per_connection(rk_match, alice):
    action = rk_match.engine.legal_actions(rk_match.state, "red")[0]["action"]
    services.submit_action(rk_match.pk, alice, "red", action, rk_match.seq)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements WHERE NOT from_sql")
        prepared = [statement for (statement,) in cursor.fetchall()]
    assert any(statement.startswith('INSERT INTO "games_action"') for statement in prepared)
    assert any(statement.startswith('UPDATE "games_match"') for statement in prepared)
    assert any("FOR UPDATE" in statement for statement in prepared)
    orm_inserts = ('INSERT INTO "games_match"', 'INSERT INTO "games_seat"')  # the fixture's, through the ORM
    assert not any(statement.startswith(orm_inserts) for statement in prepared)
