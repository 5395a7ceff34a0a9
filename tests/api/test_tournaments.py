"""The tournaments API: list, create with defaults, detail with rounds and standings, join and leave."""

import pytest
from django.test import Client

from games.tournaments.models import Tournament


@pytest.fixture
def verified(make_user):
    user = make_user("club")
    user.profile.email_verified = True
    user.profile.save()
    return user


def test_create_with_only_game_format_and_size_then_fill_it(api_for, verified, make_user):
    body = {"game": "rosenkoenig", "format": "round_robin", "players": 4}
    response = api_for(verified).post("/api/tournaments/", body, format="json")
    assert response.status_code == 201, response.content
    data = response.json()
    assert data["status"] == "open" and data["entrants"] == ["club"] and data["joined"]
    assert data["time_control"]["kind"] == "bank" and data["timeout_policy"] == "forfeit" and data["rated"]
    assert [t["key"] for t in data["tiebreaks"]] == ["sonneborn_berger"]
    pk = data["id"]
    for name in ("b", "c"):
        assert api_for(make_user(name)).post(f"/api/tournaments/{pk}/join/").status_code == 200
    last = api_for(make_user("d")).post(f"/api/tournaments/{pk}/join/").json()
    assert last["status"] == "running"  # the last seat taken starts it
    assert len(last["rounds"]) == 1 and len(last["rounds"][0]["pairings"]) == 2
    assert all(p["match"] for p in last["rounds"][0]["pairings"])
    assert [row["points"] for row in last["standings"]] == [0, 0, 0, 0]
    listed = api_for().get("/api/tournaments/").json()
    assert [t["id"] for t in listed] == [pk]


def test_join_twice_and_full_are_conflicts(api_for, verified, make_user):
    pk = (
        api_for(verified)
        .post("/api/tournaments/", {"game": "rosenkoenig", "format": "swiss", "players": 3}, format="json")
        .json()["id"]
    )
    joiner = api_for(make_user("b"))
    assert joiner.post(f"/api/tournaments/{pk}/join/").status_code == 200
    assert joiner.post(f"/api/tournaments/{pk}/join/").status_code == 409
    assert joiner.post(f"/api/tournaments/{pk}/leave/").json()["entrants"] == ["club"]


def test_bad_input_is_refused_and_nothing_created(api_for, verified, make_user):
    client = api_for(verified)
    assert (
        client.post(
            "/api/tournaments/", {"game": "rosenkoenig", "format": "ladder", "players": 4}, format="json"
        ).status_code
        == 400
    )
    assert (
        client.post(
            "/api/tournaments/", {"game": "rosenkoenig", "format": "swiss", "players": 1}, format="json"
        ).status_code
        == 400
    )
    assert client.post("/api/tournaments/", {"game": "rosenkoenig", "players": 4}, format="json").status_code == 400
    unverified = api_for(make_user("new")).post(
        "/api/tournaments/", {"game": "rosenkoenig", "format": "swiss", "players": 4}, format="json"
    )
    assert unverified.status_code == 403
    assert api_for().post(
        "/api/tournaments/", {"game": "rosenkoenig", "format": "swiss", "players": 4}, format="json"
    ).status_code in (
        401,
        403,
    )
    assert not Tournament.objects.exists()
    assert api_for().get("/api/tournaments/999/").status_code == 404


def test_the_schema_names_the_tournament_operations(db):
    schema = Client().get("/api/schema/", {"format": "json"}).json()
    operations = {op["operationId"] for path in schema["paths"].values() for op in path.values()}
    assert {
        "tournaments_list",
        "tournaments_create",
        "tournaments_retrieve",
        "tournaments_join",
        "tournaments_leave",
    } <= operations
