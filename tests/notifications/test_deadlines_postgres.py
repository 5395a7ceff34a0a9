"""Two sweepers at once on PostgreSQL: every overdue seat is handled exactly once."""

import threading
from datetime import timedelta

import pytest
from django.db import connection

from games import services
from games.models import Action, ActionKind, Match, MatchStatus
from notifications import deadlines
from notifications.models import Notification
from tests.conftest import requires_postgres

from .helpers import T0, frozen

OVERDUE = 30


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_concurrent_sweepers_handle_each_overdue_seat_once(alice, bob, monkeypatch, settings):
    monkeypatch.setattr("notifications.outbox.queue_delivery", lambda pk, channel: None)  # only the rows matter here
    settings.MAX_ACTIVE_MATCHES = OVERDUE + 1  # one pair of players in every match: no commitment cap here
    with frozen(T0):
        for _ in range(OVERDUE):
            match = services.create_match(
                alice, "rosenkoenig", role="red", time_control={"kind": "fixed", "per_move": 60}
            )
            services.join_match(match.pk, bob, "white")
        on_time = services.create_match(
            alice, "rosenkoenig", role="red", time_control={"kind": "fixed", "per_move": 7200}
        )
        services.join_match(on_time.pk, bob, "white")
    now = T0 + timedelta(minutes=5)
    barrier = threading.Barrier(2)
    handled: list[int] = []

    def sweeper() -> None:
        try:
            barrier.wait()
            with frozen(now):
                handled.append(deadlines.enforce_deadlines(now))
        finally:
            connection.close()

    threads = [threading.Thread(target=sweeper) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sum(handled) == OVERDUE
    forfeits = Action.objects.filter(kind=ActionKind.FORFEIT)
    assert forfeits.count() == OVERDUE and len(set(forfeits.values_list("match_id", flat=True))) == OVERDUE
    assert Match.objects.filter(status=MatchStatus.FINISHED).count() == OVERDUE
    assert Match.objects.get(pk=on_time.pk).status == MatchStatus.ACTIVE
    alice.profile.refresh_from_db()
    assert alice.profile.timeouts == OVERDUE
    assert Notification.objects.filter(kind="timeout").count() == 2 * OVERDUE
