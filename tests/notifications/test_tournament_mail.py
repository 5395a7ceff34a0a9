"""Mail and webhooks when a tournament starts, a round starts and it ends, in the reader's language."""

import pytest
from django.conf import settings

from games import services
from games.tournaments import services as tournaments
from notifications import delivery
from notifications.mail import build_email
from notifications.models import Kind, Notification, Status


@pytest.fixture
def three(make_user):
    users = [make_user(name) for name in ("club", "b", "c")]
    users[0].profile.email_verified = True
    users[1].profile.language = "ru"
    for user in users:
        user.profile.save()
    return users


def finish_round(tournament):
    for pair in tournament.pairings.filter(round=tournament.current_round).exclude(match=None):
        seat = pair.match.seats.first()
        services.resign(pair.match_id, seat.user, seat.role)
    tournament.refresh_from_db()


def events(user) -> list[str]:
    rows = Notification.objects.filter(user=user, kind=Kind.TOURNAMENT, channel="email").order_by("pk")
    return [(row.payload["event"], row.payload["round"]) for row in rows]


def test_start_rounds_and_end_are_told_to_every_player_in_their_language(three):
    club, ru_reader, _c = three
    tournament = tournaments.create_tournament(club, "rosenkoenig", "swiss", 3, name="Autumn cup")
    tournaments.join_tournament(tournament.pk, ru_reader)
    assert events(club) == []  # not started yet
    tournaments.join_tournament(tournament.pk, three[2])
    tournament.refresh_from_db()
    finish_round(tournament)
    finish_round(tournament)
    assert tournament.status == "finished"
    for user in three:
        assert events(user) == [("started", 1), ("round", 2), ("finished", 2)]
    english = build_email(Notification.objects.filter(user=club, kind=Kind.TOURNAMENT).last())
    assert english.subject == f"Autumn cup — the tournament is over: {tournament.winner.username} won"
    assert f"{settings.SITE_URL}/tournaments/{tournament.pk}/" in english.body
    russian = build_email(Notification.objects.filter(user=ru_reader, kind=Kind.TOURNAMENT).order_by("pk")[1])
    assert russian.subject == "Autumn cup — начался тур 2"


def test_the_webhook_links_the_tournament_page(hook, three):
    club = three[0]
    club.profile.webhook_url = hook.url
    club.profile.save()
    tournament = tournaments.create_tournament(club, "rosenkoenig", "round_robin", 2, name="Duel")
    tournaments.join_tournament(tournament.pk, three[1])
    row = Notification.objects.get(user=club, kind=Kind.TOURNAMENT, channel="webhook")
    assert delivery.deliver(row.pk) == Status.SENT
    (body,) = hook.received
    assert (
        body["text"]
        == f"Duel — the tournament has started: round 1 is paired\n{settings.SITE_URL}/tournaments/{tournament.pk}/"
    )


def test_a_push_opens_the_tournament_page(three):
    from notifications import push

    tournament = tournaments.create_tournament(three[0], "rosenkoenig", "round_robin", 2, name="Duel")
    tournaments.join_tournament(tournament.pk, three[1])
    row = Notification.objects.filter(user=three[1], kind=Kind.TOURNAMENT).first()
    body = push.payload(row)
    assert body["url"] == f"{settings.SITE_URL}/tournaments/{tournament.pk}/"
    assert body["title"] == "Duel — турнир начался: пары первого тура составлены"
