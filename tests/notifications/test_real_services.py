"""On real services: PostgreSQL, Redis, a `celery worker` process (with beat) and an SMTP server.

Skipped unless CELERY_BROKER_URL is a redis:// URL on this machine and the database is PostgreSQL
(the worker process must see the test database); `.ci/run` provides all of them.
"""

from __future__ import annotations

import email
import email.policy
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from aiosmtpd.controller import Controller
from django.conf import settings
from django.db import connection

from config.celery import app as celery_app
from games import services
from notifications.inbound import handle_inbound
from notifications.models import Notification, Status
from notifications.tokens import ReplyToken

from .helpers import link_in

BROKER = urlsplit(settings.CELERY_BROKER_URL)
LOCAL_REDIS = BROKER.scheme == "redis" and BROKER.hostname in ("127.0.0.1", "localhost")
pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(not LOCAL_REDIS, reason="needs CELERY_BROKER_URL=redis://127.0.0.1:PORT/N (see .ci/run)"),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the worker process needs a PostgreSQL database"),
    pytest.mark.django_db(transaction=True),
]
ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 60


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Inbox:
    """An aiosmtpd handler keeping every message it receives."""

    def __init__(self) -> None:
        self.messages: list[email.message.EmailMessage] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"

    def to(self, address: str) -> list:
        with self.lock:
            return [m for m in self.messages if address in m["To"]]


def wait_until(condition, what: str) -> None:
    """Poll a real asynchronous system (worker, broker) until ``condition`` holds."""
    give_up = time.monotonic() + WAIT_SECONDS
    while not condition():
        if time.monotonic() > give_up:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.2)


def all_sent() -> bool:
    return not Notification.objects.exclude(status=Status.SENT).exists()


@pytest.fixture
def smtp():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield inbox, controller.port
    controller.stop()


@pytest.fixture
def worker(smtp, tmp_path):
    """A real `celery worker --beat` process on the test database, mailing to the SMTP fixture."""
    celery_app.control.purge()  # tasks queued by earlier tests point at rows that no longer exist
    db = connection.settings_dict
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "EMAIL_URL": f"smtp://127.0.0.1:{smtp[1]}",
        "NOTIFY_REDELIVER_SECONDS": "1",
        "NOTIFY_SWEEP_SECONDS": "3600",
    }
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--beat", "--pool=solo"]
    command += ["--without-gossip", "--without-mingle", "-s", str(tmp_path / "beat"), "-l", "warning"]
    log = open(tmp_path / "worker.log", "w+")  # noqa: SIM115  (closed below)
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    yield smtp[0]
    process.terminate()
    process.wait(timeout=30)
    log.seek(0)
    print(log.read()[-4000:])
    log.close()


@pytest.fixture
def redis_control():
    """Stop and start the broker's Redis (restarted at the end whatever happens)."""
    port = str(BROKER.port or 6379)
    if not shutil.which("redis-server"):
        pytest.skip("redis-server is not installed here")

    def stop() -> None:
        subprocess.run(["redis-cli", "-p", port, "shutdown", "nosave"], capture_output=True)

    def start() -> None:
        subprocess.run(["redis-server", "--port", port, "--daemonize", "yes", "--save", "", "--appendonly", "no"])
        wait_until(lambda: subprocess.run(["redis-cli", "-p", port, "ping"], capture_output=True).stdout, "redis")

    yield stop, start
    if not subprocess.run(["redis-cli", "-p", port, "ping"], capture_output=True).stdout:
        start()


def play_first(match, user, role):
    match.refresh_from_db()
    action = match.engine.legal_actions(match.state, role)[0]["action"]
    services.submit_action(match.pk, user, role, action, match.seq)


def test_a_move_sends_exactly_one_turn_mail_with_a_working_link_and_reply_token(worker, alice, bob, client):
    inbox = worker
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    play_first(match, alice, "red")
    wait_until(lambda: all_sent() and len(inbox.messages) == 3, "the two start mails and the turn mail")
    (turn,) = [m for m in inbox.to("bob@example.com") if "your move" in m["Subject"]]
    assert turn["Subject"] == f"Rosenkönig #{match.pk} (White) — your move"
    assert any(part.get_content_type() == "image/png" for part in turn.walk())
    text = turn.get_body(preferencelist=("plain",)).get_content()
    response = client.get(link_in(text, "/notifications/go/"))
    assert response.status_code == 302 and response["Location"].endswith(f"/matches/{match.pk}/")
    assert client.session["_auth_user_id"] == str(bob.pk)
    assert ReplyToken.find([turn["Reply-To"]]) == ReplyToken(match.pk, 1, bob.pk, 1)
    answer = email.message.EmailMessage()
    answer["From"], answer["To"], answer["Subject"] = "bob@example.com", turn["Reply-To"], "Re: " + turn["Subject"]
    answer.set_content("1\n")
    assert handle_inbound(answer).accepted
    match.refresh_from_db()
    assert match.seq == 2


def test_broker_outage_delays_mail_but_loses_and_duplicates_none(worker, redis_control, alice, bob, carol):
    inbox = worker
    stop_redis, start_redis = redis_control
    first = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(first.pk, bob, "white")
    wait_until(lambda: all_sent() and len(inbox.messages) == 2, "the start mails")

    stop_redis()
    second = services.create_match(carol, "rosenkoenig", role="red")
    services.join_match(second.pk, bob, "white")
    play_first(first, alice, "red")
    play_first(second, carol, "red")
    play_first(first, bob, "white")
    waiting = Notification.objects.filter(status=Status.PENDING).count()
    assert waiting == 5  # 2 start mails, 3 turn mails: written, not yet handed to any worker

    start_redis()
    total = 2 + waiting
    wait_until(lambda: all_sent() and len(inbox.messages) >= total, "every mail after the outage")
    time.sleep(3)  # three more redelivery rounds by beat: nothing may be sent twice
    ids = [m["Message-ID"] for m in inbox.messages]
    assert len(ids) == total == len(set(ids)) == Notification.objects.count()
