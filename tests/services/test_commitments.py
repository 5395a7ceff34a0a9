"""The commitment cap (settings.MAX_ACTIVE_MATCHES): every way into one more match is refused at the cap,
with a 409 and nothing changed; finished matches free a place; tournament rounds are never refused."""

import pytest

from games import services
from games.models import Match, MatchStatus
from games.seeks import services as seeks
from games.seeks.models import Seek, SeekStatus
from games.services.commitments import live_match_count
from games.tournaments import services as tournaments
from games.tournaments.models import Tournament, TournamentPlayer

pytestmark = pytest.mark.django_db

CAP = 2


@pytest.fixture(autouse=True)
def small_cap(settings):
    settings.MAX_ACTIVE_MATCHES = CAP


@pytest.fixture
def busy(alice, bob):
    """alice holds the cap: one active match with bob and one open match of her own."""
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob)
    services.create_match(alice, "rosenkoenig")
    return alice


def refused(call, *args, **kwargs):
    with pytest.raises(services.Conflict, match=f"You already play {CAP} matches") as caught:
        call(*args, **kwargs)
    assert caught.value.status == 409


def test_open_active_and_paused_count_finished_do_not(busy, bob):
    assert live_match_count(busy) == CAP
    Match.objects.filter(status=MatchStatus.ACTIVE).update(status=MatchStatus.PAUSED)
    assert live_match_count(busy) == CAP
    Match.objects.filter(status=MatchStatus.PAUSED).update(status=MatchStatus.FINISHED)
    assert live_match_count(busy) == 1
    services.create_match(busy, "rosenkoenig")  # a place is free again


def test_creating_a_match_over_the_cap(busy):
    refused(services.create_match, busy, "rosenkoenig")
    assert Match.objects.count() == CAP


def test_joining_a_match_over_the_cap(busy, carol):
    match = services.create_match(carol, "rosenkoenig")
    refused(services.join_match, match.pk, busy)
    match.refresh_from_db()
    assert match.status == MatchStatus.OPEN and not match.roles_of(busy)


def test_posting_a_seek_over_the_cap(busy):
    refused(seeks.post_seek, busy, "rosenkoenig")
    assert not Seek.objects.exists()


def test_accepting_a_seek_over_the_cap(busy, carol):
    seek = seeks.post_seek(carol, "rosenkoenig")
    refused(seeks.accept_seek, seek.pk, busy)
    seek.refresh_from_db()
    assert seek.status == SeekStatus.OPEN and Match.objects.count() == CAP


def test_a_seeker_who_reached_the_cap_since_is_passed_over(busy, bob, carol):
    Match.objects.filter(created_by=busy, status=MatchStatus.OPEN).delete()
    waiting = seeks.post_seek(busy, "rosenkoenig")
    services.create_match(busy, "rosenkoenig")  # the cap again, with the seek still waiting
    with pytest.raises(services.Conflict, match="cannot take on another match"):
        seeks.accept_seek(waiting.pk, carol)
    assert seeks.post_seek(carol, "rosenkoenig").status == SeekStatus.OPEN
    waiting.refresh_from_db()
    assert waiting.status == SeekStatus.OPEN


def test_tournament_sign_up_over_the_cap(busy, carol):
    carol.profile.email_verified = True
    carol.profile.save()
    busy.profile.email_verified = True
    busy.profile.save()
    tournament = tournaments.create_tournament(carol, "rosenkoenig", "round_robin", 2)
    refused(tournaments.join_tournament, tournament.pk, busy)
    assert not TournamentPlayer.objects.filter(user=busy).exists()
    refused(tournaments.create_tournament, busy, "rosenkoenig", "round_robin", 2)
    assert Tournament.objects.count() == 1


def test_a_tournament_round_is_never_refused(alice, carol):
    """Sign-up was capped; the matches its rounds bring may take a player past the cap."""
    carol.profile.email_verified = True
    carol.profile.save()
    tournament = tournaments.create_tournament(carol, "rosenkoenig", "round_robin", 3, min_players=2)
    tournaments.join_tournament(tournament.pk, alice)
    for _ in range(CAP):
        services.create_match(alice, "rosenkoenig")
    tournaments.start_tournament(tournament.pk)  # two players: alice plays carol in round 1
    assert tournament.pairings.get(round=1).match.status == MatchStatus.ACTIVE
    assert live_match_count(alice) == CAP + 1
