"""Seeks posted and played at the same moment, on PostgreSQL's row locks: every seek pairs once, no player
lands in two matches from one seek, and a seek many players click at once gives exactly one match."""

import threading

import pytest
from django.db import connection

from games import services
from games.models import Match, MatchStatus
from games.seeks import services as seeks
from games.seeks.models import Seek, SeekStatus
from tests.conftest import requires_postgres

pytestmark = [requires_postgres, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def at_once(work, arguments) -> list[object]:
    """``work(argument)`` in one thread per argument, all released together; each outcome or error."""
    barrier = threading.Barrier(len(arguments))
    outcomes: list[object] = []

    def run(argument) -> None:
        try:
            barrier.wait()
            outcomes.append(work(argument))
        except services.ServiceError as exc:
            outcomes.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(argument,)) for argument in arguments]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_seeks_posted_at_the_same_moment_pair_once(make_user):
    players = [make_user(f"p{i}") for i in range(8)]
    at_once(lambda user: seeks.post_seek(user, "rosenkoenig"), players)
    assert set(Seek.objects.values_list("status", flat=True)) == {SeekStatus.PAIRED}
    matches = Match.objects.all()
    assert matches.count() == 4 and all(m.status == MatchStatus.ACTIVE for m in matches)
    seated = [seat.user_id for match in matches for seat in match.seats.all()]
    assert sorted(seated) == sorted(p.pk for p in players)  # each player in exactly one match
    for match in matches:
        assert Seek.objects.filter(match=match).count() == 2


def test_a_seek_played_by_many_at_once_makes_one_match(make_user):
    seeker = make_user("seeker")
    seek = seeks.post_seek(seeker, "rosenkoenig")
    outcomes = at_once(lambda user: seeks.accept_seek(seek.pk, user), [make_user(f"q{i}") for i in range(8)])
    matches = [o for o in outcomes if isinstance(o, Match)]
    refused = [o for o in outcomes if isinstance(o, services.ServiceError)]
    assert len(matches) == 1 and len(refused) == 7
    assert all(isinstance(e, services.Conflict) and "no longer open" in e.message for e in refused)
    assert Match.objects.count() == 1


def test_the_cap_holds_when_one_player_posts_many_seeks_at_once(make_user, settings):
    settings.MAX_ACTIVE_MATCHES = 2
    busy = make_user("busy")
    waiting = [make_user(f"w{i}") for i in range(6)]
    for user in waiting:
        seeks.post_seek(user, "rosenkoenig", role="red")  # the same side: they never pair with each other
    outcomes = at_once(lambda _i: seeks.post_seek(busy, "rosenkoenig"), range(6))
    assert Match.objects.filter(seats__user=busy).count() == 2
    refused = [o for o in outcomes if isinstance(o, services.ServiceError)]
    assert len(refused) == 4 and all(e.status == 409 for e in refused)
    assert Seek.objects.filter(user=busy).count() == 2  # a refused post leaves no seek behind
