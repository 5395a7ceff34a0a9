"""The write path: median time of `submit_action` per engine beside a bare Django insert in a transaction.

    DATABASE_URL=postgres://… python -m bench.submit [--moves 200]

Every move is a random legal one (seeded) by the seated player, with both players' mail on (outbox rows
written, delivery queued on commit to an in-process broker, so no delivery work is timed). The bare insert
is one ChatMessage row in `transaction.atomic()`: the floor any write pays (BEGIN, INSERT, COMMIT);
one is timed just before each timed move so that both see the same load. Queries: the median number of
statements per move, BEGIN and COMMIT included (the bare insert: 3), counted on every fourth move, which
is then not timed.
Database: DATABASE_URL (the figures that matter are PostgreSQL's), else a fresh SQLite file.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
import uuid

from bench.harness import django_with_fresh_database


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200, help="moves timed per engine (and bare inserts)")
    args = parser.parse_args()
    # Delivery is a worker's job: queue it (in memory) on commit, as with a real broker, but never run it here.
    os.environ.update(CELERY_BROKER_URL="memory://", CELERY_TASK_ALWAYS_EAGER="false")
    django_with_fresh_database()
    from django.contrib.auth import get_user_model
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from games import engines, services
    from games.models import ChatMessage

    users = get_user_model().objects
    run = uuid.uuid4().hex[:8]  # the database may hold earlier runs
    players = [users.create_user(f"bench-{run}-{i}", email=f"bench-{run}-{i}@example.com") for i in range(4)]

    def bare_insert(match) -> None:
        with transaction.atomic():
            ChatMessage.objects.create(match=match, user=players[0], text="bench")

    # Each move is timed right after a bare insert, so both see the same load on the machine.
    rows = []
    for engine in sorted(engines.all(), key=lambda e: e.slug):
        rng = random.Random(1)
        bare, samples, queries = [], [], []
        match = None
        while len(samples) < args.moves:
            if match is None or not match.active_roles:
                match = services.create_match(players[0], engine.slug, role=engine.roles[0])
                for role, user in zip(engine.roles[1:], players[1:], strict=False):
                    services.join_match(match.pk, user, role)
                match.refresh_from_db()
                seat_users = {seat.role: seat.user for seat in match.seats.select_related("user__profile")}
            role = match.active_roles[0]
            action = rng.choice(engine.legal_actions(match.state, role))["action"]
            if len(queries) < len(samples) / 3:
                # Every fourth move is counted, not timed: the query log's bookkeeping would slow it down.
                connection.queries_log.clear()  # a full log (it keeps 9,000 entries) would count nothing
                with CaptureQueriesContext(connection) as captured:
                    services.submit_action(match.pk, seat_users[role], role, action, match.seq)
                queries.append(len(captured))
            else:
                started = time.perf_counter()
                bare_insert(match)
                bare.append(time.perf_counter() - started)
                started = time.perf_counter()
                services.submit_action(match.pk, seat_users[role], role, action, match.seq)
                samples.append(time.perf_counter() - started)
            match.refresh_from_db()
        rows.append((engine.slug, statistics.median(bare), statistics.median(samples), statistics.median(queries)))

    print(f"database: {connection.vendor}; {args.moves} moves per engine, each after a bare insert")
    print(f"{'engine':16} {'bare insert':>11} {'submit_action':>14} {'ratio':>6} {'queries':>8}")
    for slug, floor, median, count in rows:
        print(f"{slug:16} {floor * 1000:8.2f} ms {median * 1000:11.2f} ms {median / floor:5.1f}x {count:8.0f}")


if __name__ == "__main__":
    main()
