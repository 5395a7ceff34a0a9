"""The commitment cap in the API: creating or joining a match and signing up for a tournament over it are a
409 in the project's error format and the reader's language, documented in the schema; nothing changes."""

import pytest
from django.test import Client

from games import services
from games.models import Match
from games.tournaments.models import TournamentPlayer

pytestmark = pytest.mark.django_db

RUSSIAN = "Вы уже играете 1 партию, а больше одновременно нельзя: сначала доиграйте одну из них"


@pytest.fixture
def at_cap(alice, settings):
    settings.MAX_ACTIVE_MATCHES = 1
    services.create_match(alice, "rosenkoenig")
    return alice


def test_create_and_join_over_the_cap(api_for, at_cap, bob):
    client = api_for(at_cap)
    created = client.post("/api/matches/", {"game": "rosenkoenig"}, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    assert created.status_code == 409 and created.json() == {"detail": RUSSIAN}
    other = services.create_match(bob, "rosenkoenig")
    joined = client.post(f"/api/matches/{other.pk}/join/", {}, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert joined.status_code == 409 and joined.json()["detail"].startswith("You already play 1 match,")
    assert Match.objects.count() == 2 and not other.roles_of(at_cap)


def test_tournament_sign_up_over_the_cap(api_for, at_cap, bob):
    bob.profile.email_verified = True
    bob.profile.save()
    body = {"game": "rosenkoenig", "format": "swiss", "players": 3}
    pk = api_for(bob).post("/api/tournaments/", body, format="json").json()["id"]
    refused = api_for(at_cap).post(f"/api/tournaments/{pk}/join/", HTTP_ACCEPT_LANGUAGE="ru")
    assert refused.status_code == 409 and refused.json() == {"detail": RUSSIAN}
    assert not TournamentPlayer.objects.filter(user=at_cap).exists()


def test_the_schema_documents_the_409s(db):
    paths = Client().get("/api/schema/", {"format": "json"}).json()["paths"]
    assert "409" in paths["/api/matches/"]["post"]["responses"]
    assert "409" in paths["/api/matches/{id}/join/"]["post"]["responses"]
    assert "409" in paths["/api/tournaments/"]["post"]["responses"]
    assert "409" in paths["/api/tournaments/{id}/join/"]["post"]["responses"]
