"""The read replica's routing (config/replica.py), on PostgreSQL with a second alias standing in for it.

Run with DATABASE_REPLICA_URL set (CI: `pytest -m replica`); the alias is a mirror of the primary under test,
a second connection, so the queries each alias ran tell where every read went.
"""

from __future__ import annotations

import pytest
from django.db import connections, transaction
from django.test.utils import CaptureQueriesContext

from config.replica import PIN_COOKIE, PRIMARY, REPLICA
from games import services
from games.models import Match

pytestmark = [
    pytest.mark.replica,
    pytest.mark.skipif(REPLICA not in connections, reason="needs DATABASE_REPLICA_URL (a replica alias)"),
    pytest.mark.django_db(transaction=True, databases=[PRIMARY, REPLICA]),
]


def reads(client, path: str) -> dict[str, list[str]]:
    """The statements each alias ran while ``client`` fetched ``path``."""
    with CaptureQueriesContext(connections[PRIMARY]) as primary, CaptureQueriesContext(connections[REPLICA]) as replica:
        response = client.get(path)
    assert response.status_code == 200, path
    return {PRIMARY: [q["sql"] for q in primary], REPLICA: [q["sql"] for q in replica]}


def match_reads(sqls: list[str]) -> list[str]:
    return [sql for sql in sqls if 'FROM "games_match"' in sql or 'FROM "games_action"' in sql]


@pytest.fixture
def match(alice, bob):
    started = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(started.pk, bob, "white")
    return Match.objects.get(pk=started.pk)


def test_a_spectator_reads_another_players_match_from_the_replica(client, match, carol):
    client.force_login(carol)
    seen = reads(client, f"/matches/{match.pk}/")
    assert match_reads(seen[REPLICA]) and not match_reads(seen[PRIMARY])


def test_a_player_reads_their_own_match_from_the_primary(client, match, alice):
    client.force_login(alice)
    for path in (f"/matches/{match.pk}/", f"/matches/{match.pk}/live/", f"/api/matches/{match.pk}/"):
        seen = reads(client, path)
        # The reader's own user row may come from the replica; the match and its log never do.
        assert match_reads(seen[PRIMARY]) and not match_reads(seen[REPLICA]), path


def test_lists_and_the_lobby_read_the_replica(client, match, carol):
    client.force_login(carol)
    for path in ("/lobby/", "/matches/", f"/players/{match.created_by.username}/"):
        assert reads(client, path)[REPLICA], path


def test_after_a_write_the_writer_reads_the_primary_until_the_replica_caught_up(client, match, carol, settings):
    client.force_login(carol)
    with CaptureQueriesContext(connections[REPLICA]) as replica:
        posted = client.post("/i18n/setlang/", {"language": "en", "next": "/lobby/"})
    assert not replica.captured_queries  # a POST reads and writes on the primary
    assert PIN_COOKIE in posted.cookies and posted.cookies[PIN_COOKIE]["max-age"] == settings.REPLICA_LAG_SECONDS
    assert not reads(client, f"/matches/{match.pk}/")[REPLICA]
    client.cookies.pop(PIN_COOKIE)
    assert reads(client, f"/matches/{match.pk}/")[REPLICA]


def test_inside_a_transaction_and_outside_a_request_every_read_is_the_primarys(match):
    from config import replica

    token = replica._replica_allowed.set(True)
    try:
        with transaction.atomic():
            assert Match.objects.all().db == PRIMARY
        assert Match.objects.all().db == REPLICA
    finally:
        replica._replica_allowed.reset(token)
    assert Match.objects.all().db == PRIMARY  # a worker, beat or a command: no request allowed the replica
