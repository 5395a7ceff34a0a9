"""Load test of the production processes, then a check that nothing was lost.

    DATABASE_URL=postgres://… CELERY_BROKER_URL=redis://… python -m bench.load [--players 40] [--duration 60]
        [--worker-class sync,gthread] [--threads 4]

Creates a fresh PostgreSQL database (``--database``, dropped at the end), starts a local SMTP server,
gunicorn (``--web-workers``), a Celery worker and the one beat with production settings (DEBUG=false),
opens ``--players / 2`` matches spread over every engine, and lets locust (headless, ``--players`` users
for ``--warm-up`` seconds, not counted, then for ``--duration`` seconds) play them: each user is one
seated player reading the match page, polling it, reading and posting chat and moving
(bench/load/locustfile.py). It prints requests/s and p50/p95 per
endpoint and the errors, then waits for the outbox to drain and checks that every match verifies
(`replay_match --all --verify`), that every mail the outbox sent reached the SMTP server exactly once
(by Message-ID) and that the outbox is empty. Exit status 1 when anything failed or was lost.

``--worker-class`` takes gunicorn worker models separated by commas (``sync``: one request at a time per
process; ``gthread``: ``--threads`` requests per process): each is run in turn on a fresh database, with
the same players and duration, and a last table sets their figures side by side.
"""

from __future__ import annotations

import argparse
import csv
import email.parser
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bench.load.cpu import CpuMeter, commands_naming, postgres_backends, tree

ROOT = Path(__file__).resolve().parents[2]
# One key for every run of a comparison: the sessions set up in this process are signed with the first.
SECRET_KEY = secrets.token_urlsafe(50)


class MessageIds:
    """The SMTP server's handler: counts every Message-ID it receives."""

    def __init__(self) -> None:
        self.seen: Counter[str] = Counter()
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope) -> str:
        headers = email.parser.BytesHeaderParser().parsebytes(envelope.original_content or envelope.content)
        with self.lock:
            self.seen[headers.get("Message-ID", "").strip()] += len(envelope.rcpt_tos)
        return "250 OK"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fresh_database(url: str, name: str) -> str:
    """Drop and create ``name`` on the server of ``url``; the URL of the new database."""
    import psycopg

    parts = urlsplit(url)
    admin = urlunsplit(parts._replace(scheme="postgresql", path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path=f"/{name}"))


def drop_database(url: str, name: str) -> None:
    import psycopg

    admin = urlunsplit(urlsplit(url)._replace(scheme="postgresql", path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def cache_url(broker_url: str) -> str:
    """The broker's Redis server, its database 1 (the broker uses its own), emptied for the run."""
    import redis

    url = urlunsplit(urlsplit(broker_url)._replace(path="/1"))
    redis.Redis.from_url(url).flushdb()
    return url


def production_env(database_url: str, smtp_port: int, web_port: int, args, worker_class: str) -> dict[str, str]:
    """Production settings (DEBUG=false), over plain HTTP on localhost: no TLS redirect, no secure cookies."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "false",
        "SECRET_KEY": SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": database_url,
        # As deploy/dispatch-rider.env.example: one cache for every process (sessions, rendered boards, limits).
        "CACHE_URL": cache_url(os.environ["CELERY_BROKER_URL"]),
        "EMAIL_URL": f"smtp://127.0.0.1:{smtp_port}",
        "SITE_URL": f"http://127.0.0.1:{web_port}",
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "GUNICORN_BIND": f"127.0.0.1:{web_port}",
        "WEB_CONCURRENCY": str(args.web_workers),
        "GUNICORN_WORKER_CLASS": worker_class,
        "GUNICORN_THREADS": str(args.threads if worker_class == "gthread" else 1),
        # Beat's redelivery every few seconds: a mail whose queueing failed is still sent within the test.
        "NOTIFY_REDELIVER_SECONDS": "5",
        "NOTIFY_SWEEP_SECONDS": "15",
        "LOG_LEVEL": "WARNING",
    }


def set_up_matches(players: int) -> list[dict]:
    """Users, their API tokens and signed-in sessions, and started matches over every engine.

    The sessions are made here, as a login would make them: password hashing (PBKDF2, deliberately slow)
    is not under test and would dominate a short run.
    """
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from rest_framework.authtoken.models import Token

    from games import engines, services

    slugs = sorted(engine.slug for engine in engines.all())
    users = get_user_model().objects
    entries = []
    for number in range(players // 2):
        engine = engines.get(slugs[number % len(slugs)])
        seated = []
        for role in engine.roles[:2]:
            name = f"p{number}-{role}"
            seated.append((users.create_user(name, email=f"{name}@load.example.com"), role))
        match = services.create_match(seated[0][0], engine.slug, role=seated[0][1])
        services.join_match(match.pk, seated[1][0], seated[1][1])
        for user, role in seated:
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = "accounts.backends.AccountBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            token = Token.objects.create(user=user).key
            entries.append({"session": session.session_key, "token": token, "match": match.pk, "role": role})
    return entries


def wait_ready(url: str, timeout: float) -> None:
    give_up = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > give_up:
            raise SystemExit(f"{url} did not answer 200 within {timeout:.0f}s")
        time.sleep(0.5)


def start(command: list[str], env: dict, log: Path) -> subprocess.Popen:
    handle = log.open("w")
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=handle, stderr=subprocess.STDOUT)


def stop(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def print_stats(stats_csv: Path) -> tuple[int, dict]:
    """Requests/s and p50/p95 per endpoint, as locust measured them; the number of failed requests and the
    totals' row."""
    rows = list(csv.DictReader(stats_csv.open()))
    print(f"\n{'endpoint':32} {'requests':>8} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'errors':>6}")
    failures = 0
    for row in rows:
        name = "total" if row["Name"] == "Aggregated" else row["Name"]
        count, failed = int(row["Request Count"]), int(row["Failure Count"])
        if row["Name"] != "Aggregated":
            failures += failed
        print(f"{name:32} {count:8} {float(row['Requests/s']):7.1f} {row['50%']:>7} {row['95%']:>7} {failed:6}")
    return failures, next(row for row in rows if row["Name"] == "Aggregated")


def print_cpu(cpu: dict[str, float], requests: int) -> dict[str, float]:
    """CPU milliseconds per request of each group of processes, and what dedicated cores would serve."""
    per_request = {group: seconds * 1000 / max(requests, 1) for group, seconds in cpu.items()}
    spent = ", ".join(f"{group} {ms:.1f}" for group, ms in per_request.items())
    service = sum(ms for group, ms in per_request.items() if group != "locust")
    cores = os.cpu_count() or 1
    print(
        f"\nCPU per request (ms, user+system): {spent}; {cores} cores given to the service alone would serve "
        f"about {cores * 1000 / max(service, 1e-9):.0f} requests/s at full use"
    )
    return per_request


def wait_for_outbox(timeout: float) -> bool:
    """Wait until the outbox is settled (or ``timeout`` passes); whether it is."""
    give_up = time.monotonic() + timeout
    while unsettled().exists():
        if time.monotonic() > give_up:
            return False
        time.sleep(1)
    return True


def unsettled():
    """Outbox rows neither sent nor dropped as no longer needed: a turn notice waits while its player watches
    the match, and is dropped if they take the turn meanwhile (notifications.presence)."""
    from notifications.models import Notification, Status

    return Notification.objects.exclude(status__in=(Status.SENT, Status.SKIPPED))


def drain_and_check(sink: MessageIds, drain_timeout: float) -> list[str]:
    """Wait for the outbox to empty, then the three checks; the problems found."""
    from django.conf import settings

    from games.models import Match
    from games.replay import verify_and_flag
    from notifications.models import Channel, Kind, Notification, Status

    give_up = time.monotonic() + drain_timeout
    wait_for_outbox(drain_timeout)
    sent = list(Notification.objects.filter(channel=Channel.EMAIL, status=Status.SENT).values_list("pk", "kind"))
    # The last mails may still be between the worker and the SMTP server's handler.
    while sum(sink.seen.values()) < len(sent) and time.monotonic() < give_up:
        time.sleep(0.5)

    problems = []
    matches = list(Match.objects.order_by("pk"))
    for match in matches:
        problems += [f"match {match.pk}: {problem}" for problem in verify_and_flag(match).problems]
    left = unsettled().count()
    skipped = Notification.objects.filter(status=Status.SKIPPED).count()
    if left:
        problems.append(f"outbox: {left} notifications not sent")
    expected = {f"<notification-{pk}@{settings.MAIL_DOMAIN}>": kind for pk, kind in sent}
    with sink.lock:
        seen = dict(sink.seen)
    missing = [mid for mid in expected if seen.get(mid, 0) == 0]
    twice = [mid for mid, count in seen.items() if count > 1]
    unknown = [mid for mid in seen if mid not in expected]
    for label, ids in (("never arrived", missing), ("arrived more than once", twice), ("unknown", unknown)):
        if ids:
            problems.append(f"mail {label}: {len(ids)} (e.g. {ids[0]})")
    turns = sum(1 for kind in expected.values() if kind == Kind.TURN)
    moves = sum(match.seq for match in matches)
    print(
        f"\nchecks: {len(matches)} matches ({moves} log records) replayed and verified; "
        f"{len(expected)} mails sent ({turns} turn mails), {sum(seen.values())} received; "
        f"{skipped} turn notices not needed (the turn taken while its player watched); outbox left: {left}"
    )
    return problems


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=40, help="locust users, two per match (default 40)")
    parser.add_argument("--duration", type=int, default=60, help="seconds of load (default 60)")
    parser.add_argument("--warm-up", type=int, default=10, help="seconds of load before, not counted (default 10)")
    parser.add_argument("--spawn-rate", type=float, default=10.0, help="users started per second")
    parser.add_argument("--web-workers", type=int, default=2, help="gunicorn worker processes (default 2)")
    parser.add_argument(
        "--worker-class",
        default="gthread",
        help="gunicorn worker models to compare, separated by commas: sync, gthread (default gthread, production's)",
    )
    parser.add_argument("--threads", type=int, default=4, help="threads per gthread worker (default 4)")
    parser.add_argument("--celery-concurrency", type=int, default=2, help="Celery worker processes (default 2)")
    parser.add_argument(
        "--celery-nice",
        type=int,
        default=10,
        help="the Celery processes' CPU niceness (default 10, as deploy/dispatch-worker@.service and -beat)",
    )
    parser.add_argument("--database", default="dispatch_load", help="database created (and dropped) for the run")
    parser.add_argument("--drain-timeout", type=float, default=120.0, help="seconds to wait for the outbox")
    return parser.parse_args()


def start_processes(env: dict, work: Path, args: argparse.Namespace) -> list[subprocess.Popen]:
    """gunicorn, a Celery worker and the one beat, with their logs in ``work``."""
    python = [sys.executable, "-m"]
    background = ["nice", "-n", str(args.celery_nice), sys.executable, "-m"]  # pages first, mail after
    worker = ["celery", "-A", "config", "worker", f"--concurrency={args.celery_concurrency}", "-l", "warning"]
    return [
        start([*python, "gunicorn", "-c", "config/gunicorn.conf.py"], env, work / "web.log"),
        start([*background, *worker], env, work / "worker.log"),
        start(
            [*background, "celery", "-A", "config", "beat", "-l", "warning", "-s", str(work / "beat")],
            env,
            work / "beat.log",
        ),
    ]


def run_locust(host: str, env: dict, work: Path, args: argparse.Namespace, seconds: int, name: str) -> None:
    """Headless locust for ``seconds``; its statistics go to ``work``/``name``_*.csv."""
    subprocess.run(
        [
            *(sys.executable, "-m", "locust"),
            *("-f", str(ROOT / "bench/load/locustfile.py"), "--headless", "--only-summary"),
            *("--users", str(args.players), "--spawn-rate", str(args.spawn_rate)),
            *("--run-time", f"{seconds}s", "--host", host, "--csv", str(work / name)),
            *("--stop-timeout", "10", "--loglevel", "WARNING"),
        ],
        cwd=ROOT,
        env={**env, "LOAD_PLAYERS": str(work / "players.json")},
        stdout=(work / f"{name}_locust.log").open("w"),
        stderr=subprocess.STDOUT,
    )


def load_and_check(
    env: dict, web_port: int, sink: MessageIds, work: Path, args: argparse.Namespace
) -> tuple[list[str], dict]:
    """Set up the matches, start the processes, run the load, then the checks; the problems found and the
    totals' row of locust's statistics."""
    processes: list[subprocess.Popen] = []
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
        os.environ.update(env)  # this process sets up the matches and checks the outcome with the same settings
        import django
        from django.db import connections

        django.setup()
        connections.close_all()  # a run before this one used another database of the same name
        players = set_up_matches(args.players)
        (work / "players.json").write_text(json.dumps(players))
        processes = start_processes(env, work, args)
        host = f"http://127.0.0.1:{web_port}"
        wait_ready(f"{host}/readyz", timeout=180)  # a loaded machine starts gunicorn slowly
        print(
            f"load: {args.players} players in {len(players) // 2} matches, {args.duration}s, "
            f"{args.web_workers} web workers ({env['GUNICORN_WORKER_CLASS']}, {env['GUNICORN_THREADS']} threads each), "
            f"{args.celery_concurrency} Celery processes; logs in {work}"
        )
        meter = CpuMeter(
            {
                "web": tree(processes[0].pid),
                "PostgreSQL": postgres_backends(args.database),
                "Celery": lambda: tree(processes[1].pid)() + tree(processes[2].pid)(),
                "locust": commands_naming("bench/load/locustfile.py"),
            }
        )
        # The matches' "it has started" mails (one per player, each with its board picture) belong to setting
        # up, not to the mix: sent before the load, they would otherwise spill into the measured window.
        if not wait_for_outbox(args.drain_timeout):
            print(f"the start mails were not all sent within {args.drain_timeout:.0f}s; the load starts anyway")
        # A new process's first pages compile templates and load each game's data (about 1 s of CPU per
        # web process): a warm-up, not counted, so the figures are those of processes that keep running.
        if args.warm_up:
            run_locust(host, env, work, args, args.warm_up, "warm_up")
        meter.start()
        run_locust(host, env, work, args, args.duration, "stats")
        cpu = meter.stop()
        failures, totals = print_stats(work / "stats_stats.csv")
        totals["cpu_ms"] = print_cpu(cpu, int(totals["Request Count"]))
        # The web processes finish the requests still in flight and stop: nothing writes during the checks.
        stop(processes[:1])
        problems = drain_and_check(sink, args.drain_timeout)
        if failures:
            problems.append(f"{failures} requests failed (see {work / 'stats_failures.csv'})")
        warm_up = list(csv.DictReader((work / "warm_up_stats.csv").open())) if args.warm_up else []
        if any(row["Name"] == "Aggregated" and int(row["Failure Count"]) for row in warm_up):
            problems.append(f"the warm-up had failed requests (see {work / 'warm_up_failures.csv'})")
        return problems, totals
    finally:
        stop(processes)


def main() -> None:
    args = parse_args()
    base_url, broker = os.environ.get("DATABASE_URL", ""), os.environ.get("CELERY_BROKER_URL", "")
    if not base_url.startswith(("postgres://", "postgresql://")) or not broker.startswith("redis://"):
        raise SystemExit("bench.load needs DATABASE_URL=postgres://… and CELERY_BROKER_URL=redis://… (see .ci/run)")
    worker_classes = [name.strip() for name in args.worker_class.split(",") if name.strip()]
    outcomes = {name: run_once(base_url, name, args) for name in worker_classes}
    if len(outcomes) > 1:
        print_comparison(outcomes, args)
    failed = [name for name, (problems, _) in outcomes.items() if problems]
    sys.exit(1 if failed else 0)


def run_once(base_url: str, worker_class: str, args: argparse.Namespace) -> tuple[list[str], dict]:
    """One load run with ``worker_class`` on a fresh database: its problems and locust's totals."""
    from aiosmtpd.controller import Controller

    print(f"\n=== gunicorn {worker_class} workers")
    sink = MessageIds()
    smtp = Controller(sink, hostname="127.0.0.1", port=free_port())
    smtp.start()
    web_port = free_port()
    database_url = fresh_database(base_url, args.database)
    env = production_env(database_url, smtp.port, web_port, args, worker_class)
    work = Path(tempfile.mkdtemp(prefix="dispatch-load-"))
    problems, totals = [f"{worker_class}: the run did not finish"], {}
    try:
        problems, totals = load_and_check(env, web_port, sink, work, args)
    finally:
        smtp.stop()
        if "django.db" in sys.modules and os.environ.get("DJANGO_SETTINGS_MODULE"):
            from django.db import connections

            connections.close_all()
        drop_database(base_url, args.database)
    for problem in problems:
        print(f"PROBLEM: {problem}")
    print("nothing lost" if not problems else f"{len(problems)} problem(s)")
    return problems, totals


def print_comparison(outcomes: dict[str, tuple[list[str], dict]], args: argparse.Namespace) -> None:
    print(f"\n{args.web_workers} web workers, {args.players} players, {args.duration}s each; load {os.getloadavg()}")
    print(
        f"{'worker model':16} {'requests':>8} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'errors':>6} {'lost':>5} "
        f"{'web CPU ms/req':>14} {'all CPU ms/req':>14}"
    )
    for name, (problems, totals) in outcomes.items():
        label = f"{name} x{args.threads}" if name == "gthread" else name
        if not totals:
            print(f"{label:16} did not finish")
            continue
        cpu = totals["cpu_ms"]
        print(
            f"{label:16} {int(totals['Request Count']):8} {float(totals['Requests/s']):7.1f} {totals['50%']:>7} "
            f"{totals['95%']:>7} {int(totals['Failure Count']):6} {'no' if not problems else 'YES':>5} "
            f"{cpu['web']:14.1f} {sum(cpu.values()) - cpu['locust']:14.1f}"
        )


if __name__ == "__main__":
    main()
