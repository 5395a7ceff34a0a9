"""How a move, a page and a replay cost grow with the log's length and with the rows in the database.

    DATABASE_URL=postgres://… python -m bench.growth [--small] [--game blood_and_roses] [--repeat 5]

Log length: one match of ``--game`` grows by random legal moves (seeded) through ``submit_action``; at 10,
100, 1,000 and 5,000 records (``--small``: 10 and 100) it times a move (the next ``--repeat`` moves, median),
the match page as its player reads it cold (the rendered cache emptied first) and warm, with its bytes, and a
replay from scratch (every record read, every move applied from the set-up, no snapshot). A game that ends
before a length is measured where it ended, and the row says so (Blood & Roses games end after about
1,000–1,350 random moves: no game reaches 5,000).

Database size: another match (100 records) measured the same way beside 1,000, 10,000 and 100,000 Action
rows of other matches (``--small``: 1,000 and 10,000), bulk-inserted with their matches and seats; after each
fill, on PostgreSQL, EXPLAIN (ANALYZE) of the queries a move, a page and a replay make on the log, the
snapshots and the seats, shown as the plan's scan lines (which index each uses, and how many rows it read).
Database: DATABASE_URL (the plans that matter are PostgreSQL's), else a fresh SQLite file.
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import statistics
import time
from dataclasses import dataclass

from bench.harness import django_with_fresh_database

LENGTHS, SMALL_LENGTHS = (10, 100, 1_000, 5_000), (10, 100)
FILLS, SMALL_FILLS = (1_000, 10_000, 100_000), (1_000, 10_000)
FILLER_RECORDS_PER_MATCH = 100
BASE_LENGTH = 100  # the match measured beside the fills


@dataclass
class Row:
    label: str
    records: int
    move: float
    page_cold: float
    page_warm: float
    page_gzip: int
    replay: float
    note: str = ""


class Grower:
    """One match of ``game`` between two players, grown by seeded random legal moves."""

    def __init__(self, game: str, players: tuple, seed: int) -> None:
        from games import engines, services

        self.engine = engines.get(game)
        first, second = players
        match = services.create_match(first, game, role=self.engine.roles[0])
        services.join_match(match.pk, second, self.engine.roles[1])
        self.seated = {self.engine.roles[0]: first, self.engine.roles[1]: second}
        self.rng = random.Random(seed)
        self.match = match
        self.refresh()

    def refresh(self) -> None:
        self.match.refresh_from_db()

    @property
    def over(self) -> bool:
        return not self.match.active_roles

    def move(self) -> float:
        """Play one random legal move; the seconds ``submit_action`` took."""
        from games import services

        role = self.match.active_roles[0]
        action = self.rng.choice(self.engine.legal_actions(self.match.state, role))["action"]
        started = time.perf_counter()
        services.submit_action(self.match.pk, self.seated[role], role, action, self.match.seq)
        elapsed = time.perf_counter() - started
        self.refresh()
        return elapsed

    def grow_to(self, records: int) -> None:
        while self.match.seq < records and not self.over:
            self.move()


def measure(grower: Grower, label: str, repeat: int) -> Row:
    """A row for the match as it is: moves (which grow it by up to ``repeat``), page, replay."""
    from django.core.cache import cache
    from django.test import Client

    match = grower.match
    records = match.seq
    client = Client()
    client.force_login(grower.seated[grower.engine.roles[0]])
    path = f"/matches/{match.pk}/"

    def cold() -> float:
        cache.clear()
        started = time.perf_counter()
        client.get(path)
        return time.perf_counter() - started

    page_cold = statistics.median(cold() for _ in range(repeat))
    body = client.get(path).content
    page_warm = median_of(lambda: client.get(path), repeat)
    replay = median_of(lambda: replay_from_scratch(match), max(1, min(repeat, 300 // max(records, 1))))
    moves = [grower.move() for _ in range(repeat) if not grower.over]
    note = "game over: no move to time" if not moves else ""
    move = statistics.median(moves) if moves else 0.0
    return Row(label, records, move, page_cold, page_warm, len(gzip.compress(body)), replay, note)


def replay_from_scratch(match) -> None:
    """Every record read, every effective move applied from the set-up: no snapshot, no cached state."""
    from games.replay import read_log, state_after_moves

    reading = read_log(match.actions.order_by("seq"))
    state_after_moves(match, match.engine, reading.moves, use_snapshots=False)


def median_of(fn, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def by_length(players: tuple, game: str, lengths: tuple[int, ...], repeat: int) -> list[Row]:
    grower = Grower(game, players, seed=1)
    rows = []
    for length in lengths:
        grower.grow_to(length)
        note = "" if grower.match.seq >= length else f"the game ended at {grower.match.seq}"
        row = measure(grower, f"log {length:,}", repeat)
        row.note = "; ".join(filter(None, (note, row.note)))
        rows.append(row)
        print_row(row)
        if grower.over:
            break
    return rows


def fill(rows: int, users: list) -> None:
    """``rows`` Action records of other matches (100 each, two seats each), bulk-inserted, then ANALYZE."""
    from django.db import connection
    from django.utils import timezone

    from games import engines
    from games.models import Action, ActionKind, Match, MatchStatus, Seat

    engine = engines.get("rosenkoenig")
    now = timezone.now()
    count = rows // FILLER_RECORDS_PER_MATCH
    matches = Match.objects.bulk_create(
        Match(
            game=engine.slug,
            engine_version=engine.version,
            seed=number,
            status=MatchStatus.ACTIVE,
            seq=FILLER_RECORDS_PER_MATCH,
            last_activity_at=now,
            active_roles=[engine.roles[0]],
        )
        for number in range(count)
    )
    seats = [
        Seat(match=match, role=role, user=users[(index + side) % len(users)], is_active=side == 0)
        for index, match in enumerate(matches)
        for side, role in enumerate(engine.roles[:2])
    ]
    Seat.objects.bulk_create(seats, batch_size=2_000)
    fake_hash = "0" * 64
    records = (
        Action(
            match=match,
            seq=seq,
            kind=ActionKind.MOVE,
            role=engine.roles[seq % 2],
            payload={"type": "pass"},
            created_at=now,
            state_hash=fake_hash,
            prev_hash=fake_hash,
            hash=fake_hash,
        )
        for match in matches
        for seq in range(1, FILLER_RECORDS_PER_MATCH + 1)
    )
    batch = []
    for record in records:
        batch.append(record)
        if len(batch) == 5_000:
            Action.objects.bulk_create(batch)
            batch = []
    Action.objects.bulk_create(batch)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def by_database_size(players: tuple, game: str, fills: tuple[int, ...], repeat: int, filler_users: list) -> list[Row]:
    from games.models import Action

    grower = Grower(game, players, seed=2)
    grower.grow_to(BASE_LENGTH)
    rows = []
    filled = 0
    for target in fills:
        fill(target - filled, filler_users)
        filled = target
        row = measure(grower, f"{Action.objects.count():,} rows", repeat)
        rows.append(row)
        print_row(row)
        explain_key_queries(grower.match, grower.seated[grower.engine.roles[0]])
    return rows


def key_queries(match, user) -> dict:
    """The queries on the big tables that a move, a page and a replay make, as the code makes them."""
    from games.models import Action, MatchStatus, Seat, Snapshot

    return {
        "replay: the whole log": Action.objects.filter(match=match).order_by("seq"),
        "page, move: the newest record": Action.objects.filter(match=match).order_by("-seq")[:1],
        "move: an idempotency key": Action.objects.filter(match=match, idempotency_key="web-x"),
        "history: the nearest snapshot": Snapshot.objects.filter(match=match, seq__lte=match.seq).order_by("-seq")[:1],
        "page: the turn badge": Seat.objects.filter(user=user, is_active=True, match__status=MatchStatus.ACTIVE),
        "My matches: one's seats": Seat.objects.filter(user=user).select_related("match"),
    }


def explain_key_queries(match, user) -> None:
    from django.db import connection

    for name, queryset in key_queries(match, user).items():
        if connection.vendor == "postgresql":
            plan = queryset.explain(analyze=True)
            lines = [line.strip() for line in plan.splitlines() if "Scan" in line or "Execution Time" in line]
        else:
            lines = [queryset.explain()]
        print(f"    {name}:")
        for line in lines:
            print(f"      {line}")


HEADER = (
    f"{'':14} {'records':>7} {'move ms':>8} {'page cold ms':>12} {'page warm ms':>12} {'page gzip KB':>12} "
    f"{'replay ms':>10}"
)


def print_row(row: Row) -> None:
    print(
        f"{row.label:14} {row.records:7} {row.move * 1000:8.1f} {row.page_cold * 1000:12.1f} "
        f"{row.page_warm * 1000:12.1f} {row.page_gzip / 1024:12.1f} {row.replay * 1000:10.1f}"
        + (f"  ({row.note})" if row.note else ""),
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", action="store_true", help="a quick run: logs of 10 and 100, fills to 10,000")
    parser.add_argument("--game", default="blood_and_roses", help="the engine whose matches grow")
    parser.add_argument("--repeat", type=int, default=5, help="samples per median")
    args = parser.parse_args()
    # The matches' mail is a worker's job: queued (in memory) on commit, never sent or timed here.
    os.environ.update(CELERY_BROKER_URL="memory://", CELERY_TASK_ALWAYS_EAGER="false")
    django_with_fresh_database()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection

    settings.ALLOWED_HOSTS = ["testserver"]
    users = get_user_model().objects
    run = f"{time.time_ns() % 10**8}"  # the database may hold earlier runs
    made = [users.create_user(f"growth-{run}-{i}", email=f"growth-{run}-{i}@example.com") for i in range(4)]
    filler_users = [users.create_user(f"growth-{run}-filler-{i}") for i in range(50)]
    print(f"database: {connection.vendor}; game: {args.game}; median of {args.repeat}; load {os.getloadavg()}")
    print("\nby the log's length (one match, grown by random legal moves)")
    print(HEADER)
    by_length((made[0], made[1]), args.game, SMALL_LENGTHS if args.small else LENGTHS, args.repeat)
    print(f"\nby the rows in the database (a match of {BASE_LENGTH} records beside other matches' records)")
    print(HEADER)
    by_database_size((made[2], made[3]), args.game, SMALL_FILLS if args.small else FILLS, args.repeat, filler_users)


if __name__ == "__main__":
    main()
