"""Quick pairing through the services: who pairs with whom, on which sides, and what never pairs."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Match, MatchStatus, Rating
from games.seeks import services as seeks
from games.seeks.models import Seek, SeekStatus
from notifications.models import Kind, Notification

pytestmark = pytest.mark.django_db


def seats(match: Match) -> dict[str, str]:
    return {seat.role: seat.user.username for seat in match.seats.select_related("user")}


def test_a_seek_waits_until_a_matching_one_pairs_the_two(alice, bob):
    first = seeks.post_seek(alice, "rosenkoenig")
    assert first.status == SeekStatus.OPEN and first.match is None
    second = seeks.post_seek(bob, "rosenkoenig")
    first.refresh_from_db()
    assert second.status == first.status == SeekStatus.PAIRED
    assert second.match == first.match
    match = second.match
    assert match.status == MatchStatus.ACTIVE and sorted(seats(match).values()) == ["alice", "bob"]
    assert match.time_control == {"kind": "bank", "initial": 3 * 86_400, "increment": 86_400, "cap": 7 * 86_400}
    assert match.rated
    # the waiting player is told as for any match start
    assert Notification.objects.filter(user=alice, match=match, kind=Kind.STARTED).exists()


def test_the_oldest_matching_seek_is_taken(alice, bob, carol):
    older = seeks.post_seek(alice, "rosenkoenig")
    seeks.post_seek(bob, "rosenkoenig")  # pairs with alice's at once
    newer = seeks.post_seek(carol, "rosenkoenig")
    older.refresh_from_db()
    assert older.status == SeekStatus.PAIRED and newer.status == SeekStatus.OPEN


def test_a_player_never_pairs_with_themselves(alice):
    seeks.post_seek(alice, "rosenkoenig")
    again = seeks.post_seek(alice, "rosenkoenig")
    assert again.status == SeekStatus.OPEN
    assert Seek.objects.filter(user=alice, status=SeekStatus.OPEN).count() == 2
    with pytest.raises(services.Conflict, match="your own seek"):
        seeks.accept_seek(again.pk, alice)
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ({"time_control": "fast"}, {"time_control": "standard"}),
        ({"rated": True}, {"rated": False}),
        ({"options": {"scenario": "1460"}}, {"options": {"scenario": "1485"}}),
        ({"role": "york"}, {"role": "york"}),
    ],
    ids=["time control", "rated", "options", "same side"],
)
def test_different_terms_do_not_pair(alice, bob, first, second):
    seeks.post_seek(alice, "richard3", **first)
    seek = seeks.post_seek(bob, "richard3", **second)
    assert seek.status == SeekStatus.OPEN and not Match.objects.exists()


@pytest.mark.parametrize(("first", "second"), [("red", ""), ("", "white"), ("red", "white")])
def test_a_side_asked_for_is_given(alice, bob, first, second):
    seeks.post_seek(alice, "rosenkoenig", role=first)
    match = seeks.post_seek(bob, "rosenkoenig", role=second).match
    assert seats(match) == {"red": "alice", "white": "bob"}


def test_sides_are_random_when_nobody_asks(make_user):
    sides = set()
    for i in range(12):
        first, second = make_user(f"a{i}"), make_user(f"b{i}")
        seeks.post_seek(first, "rosenkoenig")
        sides.add(seats(seeks.post_seek(second, "rosenkoenig").match)["red"][0])
    assert sides == {"a", "b"}


def test_a_rating_range_admits_only_ratings_inside_it(alice, bob, carol):
    Rating.objects.create(user=bob, game="rosenkoenig", rating=1400)
    Rating.objects.create(user=carol, game="rosenkoenig", rating=1700)
    waiting = seeks.post_seek(alice, "rosenkoenig", min_rating=1600)
    assert seeks.post_seek(bob, "rosenkoenig").status == SeekStatus.OPEN
    with pytest.raises(services.Conflict, match="outside the range"):
        seeks.accept_seek(waiting.pk, bob)
    assert seeks.post_seek(carol, "rosenkoenig").status == SeekStatus.PAIRED


def test_the_range_of_the_newer_seek_counts_too(alice, bob):
    Rating.objects.create(user=alice, game="rosenkoenig", rating=1300)
    seeks.post_seek(alice, "rosenkoenig")
    assert seeks.post_seek(bob, "rosenkoenig", min_rating=1400, max_rating=1800).status == SeekStatus.OPEN


def test_an_expired_seek_is_never_paired_and_the_sweep_marks_it(alice, bob, carol):
    stale = seeks.post_seek(alice, "rosenkoenig", lifetime_days=1)
    Seek.objects.filter(pk=stale.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(services.Conflict, match="no longer open"):
        seeks.accept_seek(stale.pk, carol)
    assert seeks.post_seek(bob, "rosenkoenig").status == SeekStatus.OPEN  # waits: alice's has lapsed
    assert seeks.expire_seeks() == 1
    stale.refresh_from_db()
    assert stale.status == SeekStatus.EXPIRED and not Match.objects.exists()


def test_a_seek_lasts_seven_days_unless_told(alice):
    seek = seeks.post_seek(alice, "rosenkoenig")
    assert timedelta(days=7) - (seek.expires_at - seek.created_at) < timedelta(seconds=5)
    seek = seeks.post_seek(alice, "rosenkoenig", lifetime_days=1)
    assert seek.expires_at - seek.created_at < timedelta(days=1, seconds=5)


def test_accepting_a_seek_starts_the_match(alice, bob):
    seek = seeks.post_seek(alice, "rosenkoenig", role="white")
    match = seeks.accept_seek(seek.pk, bob)
    assert match.status == MatchStatus.ACTIVE and seats(match) == {"red": "bob", "white": "alice"}
    seek.refresh_from_db()
    assert seek.status == SeekStatus.PAIRED and seek.match == match
    with pytest.raises(services.Conflict, match="no longer open"):
        seeks.accept_seek(seek.pk, bob)


def test_a_player_cancels_their_seek_and_no_one_else_can(alice, bob):
    seek = seeks.post_seek(alice, "rosenkoenig")
    with pytest.raises(services.NotFound):
        seeks.cancel_seek(seek.pk, bob)
    seeks.cancel_seek(seek.pk, alice)
    seek.refresh_from_db()
    assert seek.status == SeekStatus.CANCELLED
    assert seeks.post_seek(bob, "rosenkoenig").status == SeekStatus.OPEN
    with pytest.raises(services.Conflict):
        seeks.cancel_seek(seek.pk, alice)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "Unknown game"),
        ({"time_control": "blitz"}, "Unknown time control"),
        ({"role": "black"}, "Unknown role"),
        ({"min_rating": 1800, "max_rating": 1600}, "lowest rating"),
        ({"lifetime_days": 5}, "A seek lasts"),
        ({"game": "richard3", "options": {"scenario": "1066"}}, "scenario"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(alice, kwargs, message):
    arguments = {"game": "rosenkoenig", **kwargs}
    with pytest.raises(services.IllegalMove, match=message):
        seeks.post_seek(alice, arguments.pop("game"), **arguments)
    assert not Seek.objects.exists()


def test_the_lobby_lists_others_seeks_the_reader_may_play(alice, bob, carol):
    Rating.objects.create(user=carol, game="rosenkoenig", rating=1200)
    mine = seeks.post_seek(alice, "rosenkoenig", time_control="fast")
    picky = seeks.post_seek(bob, "rosenkoenig", min_rating=1500)
    assert list(seeks.own_seeks(alice)) == [mine]
    assert list(seeks.open_seeks(alice)) == [picky]
    assert seeks.acceptable_by(seeks.open_seeks(carol), carol) == [mine]
    seeks.accept_seek(mine.pk, bob)
    mine.refresh_from_db()
    assert list(seeks.own_seeks(alice)) == [mine] and mine.status == SeekStatus.PAIRED  # shown for a day
    Match.objects.filter(pk=mine.match_id).update(started_at=timezone.now() - timedelta(days=2))
    assert not seeks.own_seeks(alice).exists()


def test_the_beat_job_is_scheduled_and_expires_lapsed_seeks(settings, alice):
    from config.celery import app
    from games.seeks.tasks import expire_seeks_task

    names = [entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()]
    assert "games.seeks.tasks.expire_seeks_task" in names
    app.loader.import_default_modules()
    assert "games.seeks.tasks.expire_seeks_task" in app.tasks
    seek = seeks.post_seek(alice, "rosenkoenig")
    assert expire_seeks_task() == 0
    Seek.objects.filter(pk=seek.pk).update(expires_at=timezone.now())
    assert expire_seeks_task() == 1
    assert Seek.objects.get().status == SeekStatus.EXPIRED
