"""Many clients racing to submit to one match: the log stays gapless and every loser is told why."""

import threading

import pytest
from django.db import connection

from games import services
from games.models import Action
from tests.conftest import requires_postgres


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_32_threads_submitting_to_one_match(alice, bob):
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    match.refresh_from_db()
    choices = [c["action"] for c in match.engine.legal_actions(match.state, "red")]
    outcomes: list[object] = []
    barrier = threading.Barrier(32)

    def contender(i: int) -> None:
        try:
            barrier.wait()
            record = services.submit_action(match.pk, alice, "red", choices[i % len(choices)], expected_seq=0)
            outcomes.append(record.seq)
        except services.ServiceError as exc:
            outcomes.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=contender, args=(i,)) for i in range(32)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    seqs = list(Action.objects.filter(match=match).values_list("seq", flat=True))
    assert seqs == [1]
    winners = [o for o in outcomes if o == 1]
    losers = [o for o in outcomes if isinstance(o, services.ServiceError)]
    assert len(winners) == 1 and len(losers) == 31
    assert all(isinstance(e, services.Conflict) and "Stale" in e.message for e in losers)


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_threads_taking_turns_leave_no_gap(alice, bob):
    """Both players hammer the match with fresh sequence numbers: every accepted move is contiguous."""
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    users = {"red": alice, "white": bob}
    errors: list[services.ServiceError] = []

    def player(role: str) -> None:
        try:
            for _ in range(30):
                current = type(match).objects.get(pk=match.pk)
                if role not in current.active_roles:
                    continue
                action = current.engine.legal_actions(current.state, role)[0]["action"]
                try:
                    services.submit_action(match.pk, users[role], role, action, current.seq)
                except services.ServiceError as exc:
                    errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=player, args=(role,)) for role in ("red", "white", "red", "white")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seqs = list(Action.objects.filter(match=match).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))
    assert all(isinstance(e, (services.Conflict, services.NotAllowed)) for e in errors)
    from games.replay import verify

    match.refresh_from_db()
    assert verify(match) == []
