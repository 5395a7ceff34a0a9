"""``GET /api/players/<username>/``: the profile's facts, in the request's language, and in the schema."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import Timeout
from games import services
from tests.helpers import finished_match

pytestmark = pytest.mark.django_db


def test_the_api_gives_the_profiles_facts(api_for, alice, bob, carol):
    won, drawn = finished_match(alice, bob, "red"), finished_match(alice, carol, None)
    live = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(live.pk, bob, "white")
    Timeout.objects.create(user=alice, match=live, role="red", at=timezone.now())
    body = api_for().get("/api/players/alice/").json()
    assert (body["username"], body["name"]) == ("alice", "alice")
    assert body["totals"] == {"played": 2, "won": 1, "drawn": 1, "lost": 0}
    (game,) = body["games"]
    assert (game["game"], game["played"], game["won"], game["drawn"], game["lost"]) == ("rosenkoenig", 2, 1, 1, 0)
    assert [point["match"] for point in game["history"]] == [won.pk, drawn.pk]
    assert game["rating"] == game["history"][-1]["rating"] and "chart" not in game
    assert body["reliability"]["finished_share"] == 1.0 and body["reliability"]["timeouts_90d"] == 1
    assert [m["id"] for m in body["in_progress"]] == [live.pk]
    assert body["in_progress"][0]["opponents"] == [{"username": "bob", "name": "bob", "computer": False}]
    assert [(m["id"], m["outcome"]) for m in body["finished"]] == [(drawn.pk, "drawn"), (won.pk, "won")]


def test_the_api_answers_in_the_requests_language(api_for, alice, bob):
    finished_match(alice, bob, "red")
    body = api_for().get("/api/players/alice/", HTTP_ACCEPT_LANGUAGE="ru").json()
    assert body["games"][0]["title"] == "Розенкёниг"
    assert body["reliability"]["summary"][0] == "100% из 1 законченной партии — без просрочек"


def test_an_unknown_player_is_a_404(api_for, alice):
    response = api_for(alice).get("/api/players/nobody/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 404 and response.json() == {"detail": "Игрока nobody нет"}


def test_the_schema_describes_the_player_operation(db):
    schema = Client().get("/api/schema/", {"format": "json"}).json()
    operation = schema["paths"]["/api/players/{username}/"]["get"]
    assert operation["operationId"] == "players_retrieve"
    shape = schema["components"]["schemas"]["Player"]["properties"]
    assert {"reliability", "games", "totals", "in_progress", "finished", "tournaments"} <= set(shape)
