"""The seeks API: post (waiting, or paired at once), list own and open, play one, cancel one; the schema."""

import pytest
from django.test import Client

from games.models import Match, MatchStatus
from games.seeks.models import Seek, SeekStatus

pytestmark = pytest.mark.django_db


def test_post_wait_then_pair(api_for, alice, bob):
    waiting = api_for(alice).post("/api/seeks/", {"game": "rosenkoenig", "role": "red"}, format="json")
    assert waiting.status_code == 201, waiting.content
    data = waiting.json()
    assert data["status"] == "open" and data["match"] is None and data["mine"]
    assert data["time_control"] == "standard" and data["rated"] and data["rating"] == 1500
    assert data["role"] == "red" and data["role_label"] == "Red"
    assert data["reliability"] == {
        "finished_share": None,  # no finished match yet
        "finished": 0,
        "median_move_seconds": None,
        "timeouts_90d": 0,
        "summary": ["0 timeouts in the last 90 days"],
    }
    listed = api_for(bob).get("/api/seeks/").json()
    assert [(s["id"], s["player"], s["mine"]) for s in listed] == [(data["id"], "alice", False)]
    paired = api_for(bob).post("/api/seeks/", {"game": "rosenkoenig"}, format="json").json()
    assert paired["status"] == "paired" and paired["match"]
    match = Match.objects.get(pk=paired["match"])
    assert match.status == MatchStatus.ACTIVE and match.seats.get(role="red").user == alice
    assert api_for(alice).get(f"/api/matches/{match.pk}/").status_code == 200
    mine = api_for(alice).get("/api/seeks/").json()
    assert [(s["id"], s["status"], s["match"]) for s in mine] == [(data["id"], "paired", match.pk)]


def test_play_an_open_seek(api_for, alice, bob):
    seek = api_for(alice).post("/api/seeks/", {"game": "richard3", "options": {"scenario": "1485"}}, format="json")
    played = api_for(bob).post(f"/api/seeks/{seek.json()['id']}/play/")
    assert played.status_code == 201, played.content
    match = Match.objects.get(pk=played.json()["match"])
    assert match.options["scenario"] == "1485" and match.status == MatchStatus.ACTIVE
    assert api_for(bob).post(f"/api/seeks/{seek.json()['id']}/play/").status_code == 409


def test_cancel_only_your_own(api_for, alice, bob):
    pk = api_for(alice).post("/api/seeks/", {"game": "rosenkoenig"}, format="json").json()["id"]
    assert api_for(bob).delete(f"/api/seeks/{pk}/").status_code == 404
    assert api_for(alice).delete(f"/api/seeks/{pk}/").status_code == 204
    assert Seek.objects.get(pk=pk).status == SeekStatus.CANCELLED
    assert api_for(alice).delete(f"/api/seeks/{pk}/").status_code == 409
    assert api_for(alice).delete("/api/seeks/999/").status_code == 404


@pytest.mark.parametrize(
    "body",
    [
        {"game": "chess"},
        {"game": "rosenkoenig", "colour": "red"},
        {"game": "rosenkoenig", "role": "black"},
        {"game": "rosenkoenig", "min_rating": 1800, "max_rating": 1600},
        {"game": "rosenkoenig", "lifetime_days": 5},
        {"game": "rosenkoenig", "rated": "yes"},
        {"game": "rosenkoenig", "time_control": "blitz"},
    ],
)
def test_bad_input_is_a_400_and_posts_nothing(api_for, alice, body):
    response = api_for(alice).post("/api/seeks/", body, format="json")
    assert response.status_code == 400 and response.json()["detail"]
    assert not Seek.objects.exists()


def test_over_the_cap_is_a_409_in_the_readers_language(api_for, alice, bob, settings):
    settings.MAX_ACTIVE_MATCHES = 1
    api_for(alice).post("/api/matches/", {"game": "rosenkoenig"}, format="json")
    response = api_for(alice).post("/api/seeks/", {"game": "rosenkoenig"}, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 409
    assert response.json()["detail"].startswith("Вы уже играете 1 партию")
    pk = api_for(bob).post("/api/seeks/", {"game": "rosenkoenig"}, format="json").json()["id"]
    assert api_for(alice).post(f"/api/seeks/{pk}/play/").status_code == 409
    assert Seek.objects.get(pk=pk).status == SeekStatus.OPEN


def test_anonymous_is_refused(api_for):
    assert api_for().get("/api/seeks/").status_code in (401, 403)
    assert api_for().post("/api/seeks/", {"game": "rosenkoenig"}, format="json").status_code in (401, 403)


def test_the_schema_names_the_seek_operations(db):
    schema = Client().get("/api/schema/", {"format": "json"}).json()
    operations = {op["operationId"] for path in schema["paths"].values() for op in path.values()}
    assert {"seeks_list", "seeks_create", "seeks_cancel", "seeks_play"} <= operations
    create = schema["paths"]["/api/seeks/"]["post"]
    assert {"201", "400", "409"} <= set(create["responses"])
    body = schema["components"]["schemas"]["CreateSeek"]
    assert body["required"] == ["game"] and body["additionalProperties"] is False
    assert {"204", "404", "409"} <= set(schema["paths"]["/api/seeks/{id}/"]["delete"]["responses"])
