"""Deadline sweep time with many active matches and a few overdue seats.

    python -m bench.sweep [--sizes 10000 100000] [--overdue 100]

Active matches are bulk-inserted (cached start state, clocks running, no log records: the sweep reads
only seats and matches). Then one sweep finds the overdue seats through the (is_active, deadline) index,
applies the forfeit policy to each (through games.services) and scans for reminders. Runs on a fresh
SQLite file, or on DATABASE_URL (use an empty PostgreSQL database for the real figures).
Delivery is left out: the outbox rows are written, the broker is in-memory and nobody consumes it.
"""

from __future__ import annotations

import argparse
import os
import time
from datetime import timedelta

from bench.harness import django_with_fresh_database


def populate(active: int, overdue: int, now) -> None:
    from django.contrib.auth import get_user_model

    from games import engines
    from games.engines.base import state_hash
    from games.models import Match, MatchStatus, Seat

    users = get_user_model().objects
    red = users.create_user(f"red{active}", password="x", email=f"red{active}@example.com")
    white = users.create_user(f"white{active}", password="x", email=f"white{active}@example.com")
    engine = engines.get("rosenkoenig")
    state = engine.setup(1, {})
    control = {"kind": "bank", "initial": 86400, "increment": 43200, "cap": 259200}
    batch = 5000
    for start in range(0, active, batch):
        count = min(batch, active - start)
        matches = Match.objects.bulk_create(
            Match(
                game=engine.slug,
                engine_version=engine.version,
                seed=1,
                status=MatchStatus.ACTIVE,
                time_control=control,
                state=state,
                state_hash=state_hash(state),
                active_roles=["red"],
                started_at=now,
            )
            for _ in range(count)
        )
        seats = []
        for i, match in enumerate(matches):
            late = start + i < overdue
            deadline = now - timedelta(minutes=5) if late else now + timedelta(days=2, seconds=start + i)
            seats.append(Seat(match=match, role="red", user=red, is_active=True, bank_seconds=86400, deadline=deadline))
            seats.append(Seat(match=match, role="white", user=white, bank_seconds=86400))
        Seat.objects.bulk_create(seats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--overdue", type=int, default=100)
    args = parser.parse_args()
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "false"  # write outbox rows, send nothing
    django_with_fresh_database()
    from django.db import connection
    from django.utils import timezone

    from games.models import Match, MatchStatus, Seat
    from notifications import deadlines

    print(f"database: {connection.vendor}")
    for size in args.sizes:
        Seat.objects.all().delete()
        Match.objects.filter(actions__isnull=True).delete()
        now = timezone.now()
        started = time.perf_counter()
        populate(size, args.overdue, now)
        built = time.perf_counter() - started

        started = time.perf_counter()
        found = deadlines.overdue_seats(now)
        query = time.perf_counter() - started

        started = time.perf_counter()
        handled = deadlines.enforce_deadlines(now)
        enforce = time.perf_counter() - started

        started = time.perf_counter()
        reminded = deadlines.send_reminders(now)
        remind = time.perf_counter() - started

        finished = Match.objects.filter(status=MatchStatus.FINISHED).count()
        assert len(found) == handled == finished == args.overdue, (len(found), handled, finished)
        print(
            f"{size:>7} active, {args.overdue} overdue: find overdue {query * 1000:7.1f} ms, "
            f"apply {handled} forfeits {enforce:6.2f} s ({enforce / handled * 1000:.1f} ms each), "
            f"reminder scan {remind * 1000:7.1f} ms ({reminded} sent)  [set-up {built:.0f} s]"
        )
        Match.objects.filter(status=MatchStatus.FINISHED).update(status=MatchStatus.ABANDONED)


if __name__ == "__main__":
    main()
