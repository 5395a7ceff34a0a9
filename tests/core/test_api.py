"""The REST API end to end: two users play a whole Rosenkönig match, and every refusal is clean."""

import pytest

from games.models import Action

pytestmark = pytest.mark.django_db


def test_token_login(alice, client):
    response = client.post("/api/token/", {"username": "alice", "password": "pw-Secret-123"})
    assert response.status_code == 200 and response.json()["token"]
    assert client.post("/api/token/", {"username": "alice", "password": "wrong"}).status_code == 400


def test_games_list(api_for):
    games = {g["slug"]: g for g in api_for().get("/api/games/").json()}
    assert games["rosenkoenig"]["roles"] == ["red", "white"]


def test_schema_and_docs(api_for):
    schema = api_for().get("/api/schema/")
    assert schema.status_code == 200 and b"/api/matches/{id}/actions/" in schema.content
    assert api_for().get("/api/docs/").status_code == 200


def test_whole_match_through_the_api(alice, bob, api_for):
    a, b = api_for(alice), api_for(bob)
    created = a.post("/api/matches/", {"game": "rosenkoenig", "role": "red"}, format="json")
    assert created.status_code == 201, created.content
    match_id = created.json()["id"]
    assert created.json()["status"] == "open"
    joined = b.post(f"/api/matches/{match_id}/join/", {}, format="json").json()
    assert joined["status"] == "active" and joined["my_roles"] == ["white"]

    clients = {"red": a, "white": b}
    for _ in range(500):
        # Whoever is active reads the match and plays the first legal action.
        detail = a.get(f"/api/matches/{match_id}/").json()
        if detail["status"] != "active":
            break
        role = detail["active_roles"][0]
        mine = clients[role].get(f"/api/matches/{match_id}/").json()
        choice = mine["legal_actions"][role][0]
        response = clients[role].post(
            f"/api/matches/{match_id}/actions/",
            {"role": role, "action": choice["action"], "expected_seq": mine["seq"]},
            format="json",
        )
        assert response.status_code == 201, response.content
        assert response.json()["seq"] == mine["seq"] + 1
    final = a.get(f"/api/matches/{match_id}/").json()
    assert final["status"] == "finished"
    assert set(final["result"]["scores"]) == {"red", "white"}
    log = b.get(f"/api/matches/{match_id}/log/").json()
    assert len(log["actions"]) == final["seq"] and "seed" in log


def test_match_detail_shape_and_views(rk_match, alice, carol, api_for):
    mine = api_for(alice).get(f"/api/matches/{rk_match.pk}/").json()
    assert set(mine) >= {
        "id",
        "game",
        "status",
        "seq",
        "active_roles",
        "seats",
        "my_roles",
        "view",
        "legal_actions",
        "result",
    }
    assert mine["my_roles"] == ["red"] and mine["legal_actions"]["red"]
    spectator = api_for(carol).get(f"/api/matches/{rk_match.pk}/").json()
    assert spectator["my_roles"] == [] and spectator["legal_actions"] == {}
    assert spectator["view"] is not None and "rng" not in str(spectator["view"])
    anonymous = api_for().get(f"/api/matches/{rk_match.pk}/")
    assert anonymous.status_code == 200


def test_refusals_answer_with_status_and_change_nothing(rk_match, alice, bob, api_for):
    a, b = api_for(alice), api_for(bob)
    url = f"/api/matches/{rk_match.pk}/actions/"
    action = next(c["action"] for c in a.get(f"/api/matches/{rk_match.pk}/").json()["legal_actions"]["red"])

    def count():
        return Action.objects.filter(match=rk_match).count()

    bad = a.post(url, {"role": "red", "action": {"type": "play", "card": "XX9"}, "expected_seq": 0}, format="json")
    assert bad.status_code == 400 and bad.json()["detail"]
    assert b.post(url, {"role": "red", "action": action, "expected_seq": 0}, format="json").status_code == 403
    assert b.post(url, {"role": "white", "action": action, "expected_seq": 0}, format="json").status_code == 403
    stale = a.post(url, {"role": "red", "action": action, "expected_seq": 3}, format="json")
    assert stale.status_code == 409 and "Stale" in stale.json()["detail"]
    assert a.post(url, {"role": "red"}, format="json").status_code == 400
    assert api_for().post(url, {"role": "red", "action": action, "expected_seq": 0}, format="json").status_code in (
        401,
        403,
    )
    assert count() == 0

    body = {"role": "red", "action": action, "expected_seq": 0, "idempotency_key": "abc"}
    first = a.post(url, body, format="json")
    second = a.post(url, body, format="json")
    assert first.status_code == second.status_code == 201 and first.json() == second.json()
    assert count() == 1


def test_undo_resign_events_board_and_log_permissions(rk_match, alice, bob, carol, api_for, make_user):
    a = api_for(alice)
    detail = a.get(f"/api/matches/{rk_match.pk}/").json()
    action = next(c["action"] for c in detail["legal_actions"]["red"] if c["action"]["type"] != "draw")
    a.post(f"/api/matches/{rk_match.pk}/actions/", {"role": "red", "action": action, "expected_seq": 0}, format="json")
    assert a.post(f"/api/matches/{rk_match.pk}/undo/", {"role": "red"}, format="json").status_code == 201
    assert api_for(bob).post(f"/api/matches/{rk_match.pk}/undo/", {"role": "red"}, format="json").status_code == 403

    events = a.get(f"/api/matches/{rk_match.pk}/events/")
    assert events.status_code == 200 and isinstance(events.json(), list)
    board = a.get(f"/api/matches/{rk_match.pk}/board.svg")
    assert board.status_code == 200 and board["Content-Type"] == "image/svg+xml"
    assert board.content.lstrip().startswith(b"<svg") or b"<svg" in board.content[:200]
    past = a.get(f"/api/matches/{rk_match.pk}/board.svg?seq=1")
    assert past.status_code == 200
    assert a.get(f"/api/matches/{rk_match.pk}/events/?seq=99").status_code == 400

    assert api_for(bob).get(f"/api/matches/{rk_match.pk}/log/").status_code == 403
    staff = make_user("mod", is_staff=True)
    staff_log = api_for(staff).get(f"/api/matches/{rk_match.pk}/log/").json()
    assert len(staff_log["actions"]) == 2 and "seed" not in staff_log
    assert "seed" not in str(api_for(alice).get(f"/api/matches/{rk_match.pk}/").json())

    resigned = api_for(bob).post(f"/api/matches/{rk_match.pk}/resign/", {"role": "white"}, format="json")
    assert resigned.status_code == 201
    assert api_for(carol).get(f"/api/matches/{rk_match.pk}/").json()["result"]["winner"] == "red"


def test_list_mine_and_public(rk_match, alice, carol, api_for):
    assert [m["id"] for m in api_for(alice).get("/api/matches/?mine=1").json()] == [rk_match.pk]
    assert api_for(carol).get("/api/matches/?mine=1").json() == []
    assert rk_match.pk in [m["id"] for m in api_for(carol).get("/api/matches/?status=active").json()]


def test_private_match_is_shown_only_to_its_players_and_moderators(alice, bob, carol, api_for, make_user):
    from games import services

    match = services.create_match(alice, "rosenkoenig", role="red", is_private=True)
    joined = api_for(bob).post(f"/api/matches/{match.pk}/join/", {"invite": match.invite_token}, format="json")
    assert joined.status_code == 200 and joined.json()["status"] == "active"
    for path in ("", "events/", "board.svg"):
        assert api_for(carol).get(f"/api/matches/{match.pk}/{path}").status_code == 403
        assert api_for(bob).get(f"/api/matches/{match.pk}/{path}").status_code == 200
    assert api_for(make_user("mod", is_staff=True)).get(f"/api/matches/{match.pk}/").status_code == 200
