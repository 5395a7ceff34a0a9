"""Takeback through the API: points, ask, list, answer; refusals answer with the service's reason."""

import pytest

from games.models import ActionKind, TakebackRequest
from games.replay import verify
from tests.helpers import a_play_action

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_moves(rk_match, alice, bob, api_for):
    for user, role in ((alice, "red"), (bob, "white")):
        rk_match.refresh_from_db()
        body = {"role": role, "action": a_play_action(rk_match, role), "expected_seq": rk_match.seq}
        assert api_for(user).post(f"/api/matches/{rk_match.pk}/actions/", body, format="json").status_code == 201
    rk_match.refresh_from_db()
    return rk_match


def test_takeback_asked_and_accepted_through_the_api(two_moves, alice, bob, api_for):
    match = two_moves
    url = f"/api/matches/{match.pk}/takebacks/"
    points = api_for(alice).get(f"/api/matches/{match.pk}/takeback-points/")
    assert points.json() == [{"role": "red", "seq": 1, "retracts": [1, 2]}]
    assert api_for(bob).get(f"/api/matches/{match.pk}/takeback-points/").json() == []

    asked = api_for(alice).post(url, {"role": "red", "to_seq": 1}, format="json")
    assert asked.status_code == 201, asked.content
    data = asked.json()
    assert (data["status"], data["requested_by"], data["retracts"], data["record"]) == (
        "pending",
        "alice",
        [1, 2],
        None,
    )
    assert [r["id"] for r in api_for(bob).get(url).json()] == [data["id"]]

    answered = api_for(bob).post(f"{url}{data['id']}/answer/", {"role": "white", "accept": True}, format="json")
    assert answered.status_code == 200, answered.content
    assert answered.json()["status"] == "accepted" and answered.json()["record"] == 3
    match.refresh_from_db()
    assert match.actions.get(seq=3).kind == ActionKind.TAKEBACK and verify(match) == []
    assert api_for(alice).get(f"/api/matches/{match.pk}/").json()["seq"] == 3


def test_takeback_declined_and_refusals_through_the_api(two_moves, alice, bob, carol, api_for):
    match = two_moves
    url = f"/api/matches/{match.pk}/takebacks/"
    assert api_for(bob).post(url, {"role": "red", "to_seq": 1}, format="json").status_code == 403  # not his seat
    alices = api_for(bob).post(url, {"role": "white", "to_seq": 1}, format="json")
    assert alices.status_code == 400 and "your own moves" in alices.json()["detail"]
    others = api_for(alice).post(url, {"role": "red", "to_seq": 2}, format="json")
    assert others.status_code == 400 and "your own moves" in others.json()["detail"]
    assert api_for(alice).post(url, {"role": "red"}, format="json").status_code == 400
    assert api_for().post(url, {"role": "red", "to_seq": 1}, format="json").status_code in (401, 403)
    assert not TakebackRequest.objects.exists()

    request_id = api_for(alice).post(url, {"role": "red", "to_seq": 1}, format="json").json()["id"]
    answer_url = f"{url}{request_id}/answer/"
    assert api_for(alice).post(answer_url, {"role": "red", "accept": True}, format="json").status_code == 403
    assert api_for(carol).post(answer_url, {"role": "white", "accept": True}, format="json").status_code == 403
    assert api_for(bob).post(answer_url, {"role": "white"}, format="json").status_code == 400
    assert api_for(bob).post(f"{url}999/answer/", {"role": "white", "accept": True}, format="json").status_code == 404
    declined = api_for(bob).post(answer_url, {"role": "white", "accept": False}, format="json")
    assert declined.status_code == 200 and declined.json()["status"] == "declined"
    again = api_for(bob).post(answer_url, {"role": "white", "accept": True}, format="json")
    assert again.status_code == 409
    match.refresh_from_db()
    assert match.seq == 2 and verify(match) == []


def test_the_schema_documents_the_takeback_endpoints(api_for):
    schema = api_for().get("/api/schema/").content
    for path in (b"/takebacks/", b"/takebacks/{request_id}/answer/", b"/takeback-points/"):
        assert path in schema
