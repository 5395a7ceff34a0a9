"""The REST API end to end: two users play a whole Rosenkönig match, and every refusal is clean."""

import pytest

from games import engines, timecontrols
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


def test_undo_resign_events_board_and_log_permissions(rk_match, alice, bob, carol, api_for, moderator):
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
    staff_log = api_for(moderator).get(f"/api/matches/{rk_match.pk}/log/").json()
    assert len(staff_log["actions"]) == 2 and "seed" not in staff_log
    assert "seed" not in str(api_for(alice).get(f"/api/matches/{rk_match.pk}/").json())

    resigned = api_for(bob).post(f"/api/matches/{rk_match.pk}/resign/", {"role": "white"}, format="json")
    assert resigned.status_code == 201
    assert api_for(carol).get(f"/api/matches/{rk_match.pk}/").json()["result"]["winner"] == "red"


def test_list_mine_and_public(rk_match, alice, carol, api_for):
    assert [m["id"] for m in api_for(alice).get("/api/matches/?mine=1").json()] == [rk_match.pk]
    assert api_for(carol).get("/api/matches/?mine=1").json() == []
    assert rk_match.pk in [m["id"] for m in api_for(carol).get("/api/matches/?status=active").json()]


def test_private_match_is_shown_only_to_its_players_and_moderators(alice, bob, carol, api_for, moderator):
    from games import services

    match = services.create_match(alice, "rosenkoenig", role="red", is_private=True)
    joined = api_for(bob).post(f"/api/matches/{match.pk}/join/", {"invite": match.invite_token}, format="json")
    assert joined.status_code == 200 and joined.json()["status"] == "active"
    for path in ("", "events/", "board.svg"):
        assert api_for(carol).get(f"/api/matches/{match.pk}/{path}").status_code == 404
        assert api_for(bob).get(f"/api/matches/{match.pk}/{path}").status_code == 200
    assert api_for(moderator).get(f"/api/matches/{match.pk}/").status_code == 200


def test_the_list_never_shows_a_private_match_to_others(alice, bob, carol, api_for):
    from games import services

    match = services.create_match(alice, "rosenkoenig", role="red", is_private=True)
    services.join_match(match.pk, bob, "white", match.invite_token)
    for stranger in (None, carol):
        for query in ("", "?status=active", "?game=rosenkoenig", "?mine=1"):
            assert match.pk not in [m["id"] for m in api_for(stranger).get(f"/api/matches/{query}").json()]
    assert match.pk in [m["id"] for m in api_for(bob).get("/api/matches/?status=active").json()]


def test_a_match_id_that_is_not_a_number_is_a_json_404(api_for, alice):
    too_big = 2**63  # beyond the 64-bit id columns: the database would refuse the lookup (found by the fuzzer)
    for path in (
        "/api/matches/abc/",
        "/api/matches/1.5/actions/",
        "/api/matches/-1/board.svg",
        "/api/nothing/",
        f"/api/matches/{too_big}/",
        f"/api/matches/{too_big * 10**12}/actions/",
    ):
        response = api_for().get(path)
        assert response.status_code == 404 and response.json() == {"detail": "Not found."}, path
    page = api_for().get("/no-such-page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
    assert api_for(alice).post(f"/api/matches/{too_big}/actions/", {}, format="json").status_code == 404
    assert api_for(alice).get(f"/matches/{too_big}/").status_code == 404


@pytest.mark.parametrize(
    ("accept", "detail"),
    [
        ("ru", "Тело запроса превышает размер, который принимает сервер (2,5\xa0МБ)."),
        ("en", "The request body is larger than the 2.5\xa0MB the server accepts."),
    ],
)
def test_a_body_too_large_is_a_json_400_like_every_api_error(rk_match, alice, api_for, client, accept, detail):
    """Django refuses it (DATA_UPLOAD_MAX_MEMORY_SIZE) before DRF sees it: its handler400 answers JSON under /api/."""
    three_mb = "x" * (3 * 1024 * 1024)
    body = {"role": "red", "action": {"type": "pass", "note": three_mb}, "expected_seq": 0}
    url = f"/api/matches/{rk_match.pk}/actions/"
    for response in (
        api_for(alice).post(url, body, format="json", HTTP_ACCEPT_LANGUAGE=accept),
        client.post("/api/token/", {"username": "alice", "password": three_mb}, HTTP_ACCEPT_LANGUAGE=accept),
    ):
        assert response.status_code == 400 and response["Content-Type"] == "application/json"
        assert response.json() == {"detail": detail}
    assert Action.objects.filter(match=rk_match).count() == 0
    page = client.post("/accounts/login/", {"username": "alice", "password": three_mb}, HTTP_ACCEPT_LANGUAGE=accept)
    assert page.status_code == 400 and page["Content-Type"].startswith("text/html")


def test_bodies_are_taken_exactly_as_the_schema_says(rk_match, alice, api_for):
    a = api_for(alice)
    url = f"/api/matches/{rk_match.pk}/actions/"
    action = a.get(f"/api/matches/{rk_match.pk}/legal-actions/").json()["choices"][0]["action"]
    refused = {
        "unknown field": {"role": "red", "action": action, "expected_seq": 0, "extra": 1},
        "seq as a string": {"role": "red", "action": action, "expected_seq": "0"},
        "action without a type": {"role": "red", "action": {"card": "N3"}, "expected_seq": 0},
        "key as a number": {"role": "red", "action": action, "expected_seq": 0, "idempotency_key": 5},
    }
    for case, body in refused.items():
        response = a.post(url, body, format="json")
        assert response.status_code == 400 and set(response.json()) == {"detail"}, case
    form = a.post(url, "role=red&expected_seq=0", content_type="application/x-www-form-urlencoded")
    assert form.status_code == 415 and set(form.json()) == {"detail"}
    assert Action.objects.filter(match=rk_match).count() == 0
    missing = a.post(url, {"role": "red"}, format="json").json()["detail"]
    assert "action: This field is required." in missing and "expected_seq: This field is required." in missing


def test_creating_a_match_takes_only_that_games_roles_options_and_a_named_time_control(alice, api_for):
    a = api_for(alice)
    for body in (
        {"game": "rosenkoenig", "role": "york"},
        {"game": "richard3", "options": {"scenario": 1460}},
        {"game": "richard3", "options": {"initiative_tie": "attacker"}},
        {"game": "rosenkoenig", "time_control": {"kind": "none"}},
        {"game": "rosenkoenig", "rated": 0},
        {"game": "chess"},
        {},
    ):
        response = a.post("/api/matches/", body, format="json")
        assert response.status_code == 400 and set(response.json()) == {"detail"}, body
    created = a.post(
        "/api/matches/",
        {"game": "richard3", "role": "york", "options": {"scenario": "1485"}, "time_control": "standard"},
        format="json",
    ).json()
    assert created["options"]["scenario"] == "1485" and created["my_roles"] == ["york"]
    assert created["time_control"] == timecontrols.presets()["standard"]


def test_legal_actions_lists_my_choices_with_the_seq_to_send_back(rk_match, alice, bob, carol, api_for):
    mine = api_for(alice).get(f"/api/matches/{rk_match.pk}/legal-actions/").json()
    assert mine["seq"] == 0 and mine["choices"] and {c["role"] for c in mine["choices"]} == {"red"}
    choice = mine["choices"][0]
    body = {"role": choice["role"], "action": choice["action"], "expected_seq": mine["seq"]}
    assert api_for(alice).post(f"/api/matches/{rk_match.pk}/actions/", body, format="json").status_code == 201
    assert api_for(bob).get(f"/api/matches/{rk_match.pk}/legal-actions/").json()["seq"] == 1
    assert api_for(carol).get(f"/api/matches/{rk_match.pk}/legal-actions/").json()["choices"] == []


def test_the_schema_is_exact_and_links_the_calls(api_for):
    schema = api_for().get("/api/schema/", {"format": "json"}).json()
    create = schema["components"]["schemas"]["CreateMatch"]["discriminator"]["mapping"]
    assert set(create) == {engine.slug for engine in engines.all()}
    rosenkoenig = schema["components"]["schemas"]["CreateRosenkoenigMatch"]
    assert rosenkoenig["additionalProperties"] is False and rosenkoenig["properties"]["role"]["enum"] == [
        "red",
        "white",
    ]
    choices = schema["paths"]["/api/matches/{id}/legal-actions/"]["get"]["responses"]["200"]["links"]
    assert choices["PlayFirst"]["operationId"] == "matches_act"
    for item in schema["paths"].values():
        for operation in item.values():
            assert {"400", "401", "403", "404", "429"} <= set(operation["responses"]), operation["operationId"]
