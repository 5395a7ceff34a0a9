"""The tournament pages: the list with its create form, sign-up and leave, rounds and standings."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.tournaments import services as tournaments
from games.tournaments.models import Tournament


@pytest.fixture
def club(make_user):
    user = make_user("club")
    user.profile.email_verified = True
    user.profile.save()
    return user


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_create_from_the_page_then_sign_up_and_leave(club, make_user):
    response = logged_in(club).post(
        "/tournaments/create/",
        {
            "game": "rosenkoenig",
            "format": "swiss",
            "players": 3,
            "time_control": "standard",
            "timeout_policy": "forfeit",
            "rated": "on",
        },
    )
    tournament = Tournament.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tournaments/{tournament.pk}/"
    other = logged_in(make_user("bob"))
    page = other.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Sign up" in page
    other.post(f"/tournaments/{tournament.pk}/join/")
    assert "Leave" in other.get(f"/tournaments/{tournament.pk}/").content.decode()
    other.post(f"/tournaments/{tournament.pk}/leave/")
    assert tournament.players.count() == 1
    assert tournament.name in Client().get("/tournaments/").content.decode()


def test_an_unverified_player_sees_no_create_form_and_is_refused(make_user):
    client = logged_in(make_user("new"))
    assert "Verify your e-mail address" in client.get("/tournaments/").content.decode()
    body = {
        "game": "rosenkoenig",
        "format": "swiss",
        "players": 3,
        "time_control": "standard",
        "timeout_policy": "forfeit",
    }
    assert client.post("/tournaments/create/", body).status_code == 403
    assert not Tournament.objects.exists()


def test_a_running_tournament_shows_rounds_standings_and_the_tiebreak_in_russian(club, make_user):
    tournament = tournaments.create_tournament(club, "rosenkoenig", "swiss", 3)
    tournaments.join_tournament(tournament.pk, make_user("b"))
    tournaments.join_tournament(tournament.pk, make_user("c"))
    page = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Buchholz" in page and "Sonneborn-Berger" in page and "Round 1" in page
    pairing = tournament.pairings.exclude(match=None).get()
    assert f'href="/matches/{pairing.match_id}/"' in page
    ru = Client(headers={"accept-language": "ru"}).get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Бухгольц" in ru and "Зоннеборн — Бергер" in ru and "Тур 1" in ru


def test_the_tournament_page_never_reads_a_matchs_state(club, make_user):
    """A pairing links its match by number: the engine state of each (up to 100 KB) is never read."""
    tournament = tournaments.create_tournament(club, "rosenkoenig", "swiss", 3)
    tournaments.join_tournament(tournament.pk, make_user("b"))
    tournaments.join_tournament(tournament.pk, make_user("c"))
    with CaptureQueriesContext(connection) as captured:
        page = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert f'href="/matches/{tournament.pairings.exclude(match=None).get().match_id}/"' in page
    assert not any('"games_match"."state"' in q["sql"] for q in captured)


def test_a_missing_tournament_is_404(db):
    assert Client().get("/tournaments/999/").status_code == 404
