"""Turn mails per minute through one Celery worker into a local SMTP server.

    python -m bench.mail [--mails 40]

Starts an aiosmtpd server on localhost and one `celery worker --pool=solo` process, opens ``--mails``
matches (their start mails are delivered first), then submits one move in each and times until every
"your turn" mail has reached the SMTP server: rendering (board PNG from the role's SVG view), SMTP and
bookkeeping included. Broker: CELERY_BROKER_URL if set (redis://…), else kombu's filesystem broker.
Database: a fresh SQLite file, or DATABASE_URL.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.harness import django_with_fresh_database

ROOT = Path(__file__).resolve().parent.parent


class Counter:
    def __init__(self) -> None:
        self.count = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.count += 1
        return "250 OK"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(condition, timeout: float) -> None:
    give_up = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > give_up:
            raise SystemExit("gave up waiting for the worker")
        time.sleep(0.05)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mails", type=int, default=40)
    args = parser.parse_args()
    os.environ.setdefault("CELERY_BROKER_URL", "filesystem://")
    os.environ["MAX_ACTIVE_MATCHES"] = str(args.mails)  # one pair of players holds every match at once
    django_with_fresh_database()
    from aiosmtpd.controller import Controller
    from django.contrib.auth import get_user_model

    from games import services
    from notifications.models import Kind, Notification, Status

    counter = Counter()
    smtp = Controller(counter, hostname="127.0.0.1", port=free_port())
    smtp.start()
    env = {**os.environ, "EMAIL_URL": f"smtp://127.0.0.1:{smtp.port}"}
    schedule = Path(tempfile.mkdtemp(prefix="dispatch-bench-")) / "beat"
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-l", "warning"]
    worker = subprocess.Popen([*command, "-s", str(schedule)], cwd=ROOT, env=env)
    try:
        users = get_user_model().objects
        red = users.create_user("red", password="x", email="red@example.com")
        white = users.create_user("white", password="x", email="white@example.com")
        matches = []
        for _ in range(args.mails):
            match = services.create_match(red, "rosenkoenig", role="red")
            services.join_match(match.pk, white, "white")
            matches.append(match)
        wait_for(lambda: counter.count == 2 * args.mails, timeout=600)

        started = time.perf_counter()
        for match in matches:
            match.refresh_from_db()
            action = match.engine.legal_actions(match.state, "red")[0]["action"]
            services.submit_action(match.pk, red, "red", action, match.seq)
        submitted = time.perf_counter() - started
        turns = Notification.objects.filter(kind=Kind.TURN, status=Status.SENT)
        wait_for(lambda: turns.count() == args.mails, timeout=600)
        elapsed = time.perf_counter() - started
        assert counter.count == 3 * args.mails, counter.count  # nothing sent twice
        print(f"broker: {os.environ['CELERY_BROKER_URL'].split(':')[0]}, database: {os.environ['DATABASE_URL'][:10]}…")
        print(
            f"{args.mails} turn mails through one worker in {elapsed:.1f} s "
            f"(moves submitted in {submitted:.1f} s): {args.mails / elapsed * 60:.0f} mails/minute, "
            f"{elapsed / args.mails * 1000:.0f} ms per mail"
        )
    finally:
        worker.terminate()
        worker.wait(timeout=30)
        smtp.stop()


if __name__ == "__main__":
    main()
